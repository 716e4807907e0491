# Six dice: what a reservation of dice scores. Only whole splits count: every
# die of the reservation must belong to a combination (see docs/rules.md).
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_ONE = const(10)
_FIVE = const(5)
_FOUR_KIND = const(100)
_FIVE_KIND = const(250)
_THREE_PAIRS = const(150)
_STRAIGHT = const(250)
NO_SCORE = const(0)  # not a legal reservation: some die belongs to nothing


def _single(face):
    return _ONE if face == 1 else _FIVE if face == 5 else 0


def _face_value(face, count):
    """Best value of `count` dice all showing `face`, split into kinds and
    singles; 0 when they cannot all be used."""
    if count == 0:
        return 0
    single = _single(face)
    best = count * single
    best = _with_kind(best, count, 3, 10 * face, single)
    best = _with_kind(best, count, 4, _FOUR_KIND, single)
    best = _with_kind(best, count, 5, _FIVE_KIND, single)
    if count == 6:
        best = max(best, 20 * face)  # two threes of a kind
    return best


def _with_kind(best, count, size, worth, single):
    """best, or better with one kind of `size` and the rest as singles."""
    rest = count - size
    if rest == 0:
        return max(best, worth)
    if rest > 0 and single:
        return max(best, worth + rest * single)
    return best


def value(counts):
    """Points for the reservation whose face counts are counts[1..6];
    NO_SCORE when it is not a legal reservation."""
    size = 0
    pairs_only = True
    straight = True
    for face in range(1, 7):
        c = counts[face]
        size += c
        if c & 1:
            pairs_only = False
        if c != 1:
            straight = False
    if size == 0:
        return NO_SCORE
    best = 0
    if size == 6:
        if straight:
            return _STRAIGHT
        if pairs_only and max(counts) < 6:  # three pairs; a four counts as two
            best = _THREE_PAIRS
    total = 0
    for face in range(1, 7):
        c = counts[face]
        if c:
            worth = _face_value(face, c)
            if not worth:
                total = 0
                break
            total += worth
    return max(best, total)


def has_score(counts):
    """Whether a throw with these face counts offers any reservation."""
    if counts[1] or counts[5]:
        return True
    size = 0
    pairs_only = True
    for face in range(1, 7):
        c = counts[face]
        if c >= 3:
            return True
        size += c
        if c & 1:
            pairs_only = False
    return size == 6 and pairs_only


def count_faces(dice, counts):
    """Fill counts[0..6] (a preallocated bytearray(7)) from a list of faces."""
    for i in range(7):
        counts[i] = 0
    for face in dice:
        counts[face] += 1
    return counts


def reservations(dice):
    """Every legal reservation of one throw as (faces, points), faces a bytes
    in rising order; best points first, then fewer dice. Allocates: call
    once per throw for a screen, not in a loop."""
    have = count_faces(dice, bytearray(7))
    take = bytearray(7)
    found = []
    # Walk every sub-multiset: an odometer over 0..have[face] for faces 1..6.
    while True:
        face = 1
        while face <= 6 and take[face] == have[face]:
            take[face] = 0
            face += 1
        if face > 6:
            break
        take[face] += 1
        points = value(take)
        if points:
            entry = (_faces_of(take), points)
            at = len(found)
            while at and _ahead(entry, found[at - 1]):
                at -= 1
            found.insert(at, entry)
    return found


def _faces_of(counts):
    faces = bytearray(sum(counts))
    at = 0
    for face in range(1, 7):
        for _ in range(counts[face]):
            faces[at] = face
            at += 1
    return bytes(faces)


def _ahead(a, b):
    """Whether reservation a is listed before b."""
    if a[1] != b[1]:
        return a[1] > b[1]
    if len(a[0]) != len(b[0]):
        return len(a[0]) < len(b[0])
    return a[0] < b[0]

# Six dice: what a reservation of dice scores. Only whole splits count: every
# die of the reservation must belong to a combination (see docs/rules.md).
from micropython import const

_THREE_PAIRS = const(150)
_STRAIGHT = const(250)
_NO_SCORE = const(0)  # not a legal reservation: some die belongs to nothing


# Best value of n dice all showing one face (n = 0..6), split into kinds of
# three/four/five and, for 1s and 5s, singles; in fives, 0 when the dice
# cannot all be used. Six alike only ever appear as two threes here (six of
# a kind in one throw ends the game before any reservation).
#   face:  n=0  1   2   3   4   5   6
#     1     0   2   4   6  20  50  52     singles 10; three 1s score 30 as singles
#     2     0   0   0   4  20  50   8
#     3     0   0   0   6  20  50  12
#     4     0   0   0   8  20  50  16
#     5     0   1   2  10  20  50  51     singles 5
#     6     0   0   0  12  20  50  24
_FACE_FIVES = (b"\x00\x00\x00\x00\x00\x00\x00"
               b"\x00\x02\x04\x06\x14\x32\x34"
               b"\x00\x00\x00\x04\x14\x32\x08"
               b"\x00\x00\x00\x06\x14\x32\x0c"
               b"\x00\x00\x00\x08\x14\x32\x10"
               b"\x00\x01\x02\x0a\x14\x32\x33"
               b"\x00\x00\x00\x0c\x14\x32\x18")


_STRAIGHT_COUNTS = b"\x00\x01\x01\x01\x01\x01\x01"  # one of each face


def value(counts):
    """Points for the reservation whose face counts are counts[1..6]
    (counts[0] is 0); _NO_SCORE when it is not a legal reservation. Sums
    and compares in C where it can: a replay scores every keep."""
    size = sum(counts)
    if size == 0:
        return _NO_SCORE
    best = 0
    if size == 6:
        if counts == _STRAIGHT_COUNTS:
            return _STRAIGHT
        if max(counts) < 6:  # three pairs; a four counts as two
            for face in range(1, 7):
                if counts[face] & 1:
                    break   # an odd count: no pairs
            else:
                best = _THREE_PAIRS
    total = 0
    for face in range(1, 7):
        c = counts[face]
        if c:
            fives = _FACE_FIVES[7 * face + c]
            if not fives:
                return best  # a die that belongs to no combination
            total += 5 * fives
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
    counts[0] = counts[1] = counts[2] = counts[3] = counts[4] = counts[5] = counts[6] = 0  # no loop: a roll's cost
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

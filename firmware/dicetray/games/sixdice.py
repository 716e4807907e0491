# Six dice (seed 004): roll, reserve scoring dice, roll the rest or stop;
# first to the target starts the final phase.
from micropython import const

from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK, KEEP, CONTINUE, VOID
from dicetray.engine.rules import (Rules, NOTE_NONE, NOTE_BUST, NOTE_OVER, NOTE_SIXKIND,
                            NOTE_OUT, NOTE_BONUS, NOTE_FINAL)

# What a reservation of dice scores. Only whole splits count: every die of
# the reservation must belong to a combination (see docs/rules.md). In
# sixdice_scoring.py until round 73: a module of its own costs a Pico some
# 270 bytes of RAM in play, where this one is loaded anyway.

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
            faces = bytearray(sum(take))
            at = 0
            for f in range(1, 7):
                for _ in range(take[f]):
                    faces[at] = f
                    at += 1
            faces = bytes(faces)
            # after the last one listed before it: more points, then fewer
            # dice, then lower faces first
            at = len(found)
            while at:
                other, more = found[at - 1]
                if points != more:
                    if points < more:
                        break
                elif len(faces) != len(other):
                    if len(faces) > len(other):
                        break
                elif not faces < other:
                    break
                at -= 1
            found.insert(at, (faces, points))
    return found


_DICE = const(6)
_FIRST_STOP = const(75)   # round points needed to stop before a player has scored
_ALL_ONES = const(100)

# Where a turn stands.
START = const(0)    # nothing done yet: roll, or continue the previous turn
_TAKEN = const(1)    # continued the previous turn: must roll
_ROLLED = const(2)   # thrown: must reserve
KEPT = const(3)     # reserved: roll the rest, or stop


TITLE = "Six dice"  # as the menu shows it (games/cards.py)
ROUND_WORD = "circuit"      # a circuit: every player still in has had a turn
ROUND_LETTER = "T"
POINTS_WORD = "round"       # the running total is the round points
OPTION_KEYS = ("target", "end")
_MAX_TARGET = const(1000000)  # docs/record-format.md, "Limits"


def rules_for(n, opts):
    target = opts.get("target", 1000)
    end = opts.get("end", "eliminate")
    if type(target) is not int or not 1 <= target <= _MAX_TARGET:
        raise BadHeader("target must be 1 to %d" % _MAX_TARGET)
    if end not in ("eliminate", "short"):
        raise BadHeader('end must be "eliminate" or "short"')
    return SixDice(n, target, end == "short")


def draw_info(fb, ui, table, y):
    """How many dice the next throw uses, and nothing that reads as faces
    ("Throw 4 dice"; "Final: 4 dice" once a total reached the target)."""
    rules = table.game.rules
    word = "Final:" if rules.final else "Throw"
    fb.text(word, 0, y, 1)
    x = ui.number(fb, rules.free, 8 * len(word) + 8, y)
    fb.text("die" if rules.free == 1 else "dice", x + 8, y, 1)


def said(rules, kind, p, before):
    """As pig.said()."""
    out = " is out" if rules.is_out(p) else None
    if kind == BANK:
        if rules.note == NOTE_FINAL:
            return " stops %d" % before, "Final phase"
        return " stops %d" % before, out
    if kind == ROLL and rules.phase != _ROLLED:  # the throw ended the turn
        if rules.winner >= 0:
            return " wins", "Six of a kind"
        return ": no score", out or "Turn lost"
    if kind == KEEP and rules.note == NOTE_BONUS:
        return ": all ones", "+100 bonus"
    if kind == CONTINUE:
        return " takes over", "%d, %d dice" % (rules.points, rules.free)
    return None


class SixDice(Rules):
    game = "sixdice"
    TURN_KEY = ("turns",)
    REPORT = ("dice", "final", "eliminated")
    _STATE = Rules._STATE + (
        "turn", "turns", "scored_mask", "out_mask", "final", "turns_left", "winner",
        "prev_points", "prev_free", "prev_stopped", "phase", "acted", "points", "free",
        "cycle_ones", "cycle_keeps", "cycle_own")
    _BUFFERS = Rules._BUFFERS + ("_rolled",)

    def __init__(self, n, target, short):
        Rules.__init__(self, n)
        self.target = target
        self.short = short
        self.rounds = 0
        self._rolled = bytearray(7)   # face counts of the last throw
        self._kept = bytearray(7)     # face counts of the reservation being checked
        self.reset()

    def reset(self):
        self._clear()
        for i in range(7):
            self._rolled[i] = 0
        self.turn = 0
        self.turns = 0          # turns completed, for the circuit number
        self.scored_mask = 0    # players who have had points credited
        self.out_mask = 0       # players eliminated in the final phase
        self.final = False      # someone reached the target
        self.turns_left = 0     # short end: turns still to play
        self.winner = -1        # six of a kind
        self.prev_points = 0    # the previous turn, if it stopped: what a
        self.prev_free = 0      # continuing player takes over
        self.prev_stopped = False
        self._new_turn()

    def _new_turn(self):
        self.phase = START
        self.acted = False      # anything (even a void) done this turn
        self.points = 0
        self.free = _DICE       # dice the next throw uses
        self._new_cycle(True)

    def _new_cycle(self, own):
        self.cycle_ones = True   # every die reserved in this cycle is a 1
        self.cycle_keeps = 0
        self.cycle_own = own     # the cycle began in this turn

    @property
    def round(self):
        return self.turns // self.n + 1

    def dice_to_throw(self):
        return self.free

    def has_scored(self, p):
        return (self.scored_mask >> p) & 1 == 1

    def can_continue(self):
        return (self.phase == START and not self.acted and self.prev_stopped
                and self.has_scored(self.turn))

    def can_stop(self):
        return (self.phase == KEPT and self.free < _DICE
                and (self.has_scored(self.turn) or self.points >= _FIRST_STOP))

    def allowed(self):
        if self.over:
            return 0
        if self.phase == _ROLLED:
            return 1 << KEEP
        mask = (1 << ROLL) | (1 << VOID)
        if self.can_continue():
            mask |= 1 << CONTINUE
        if self.can_stop():
            mask |= 1 << BANK
        return mask

    def reservations(self):
        """Legal reservations of the last throw with their points, best first."""
        if self.phase != _ROLLED:
            return []
        return reservations(self.last_roll[:self.last_n])

    def apply(self, kind, dice, p):
        if self.over:
            raise Illegal("Game is over")
        phase = self.phase
        if kind == ROLL:
            if phase == _ROLLED:
                raise Illegal("Keep dice first")
            self._check_faces(dice, self.free, 1, 6, "Face 1-6")
            self._roll(dice)
        elif kind == KEEP:
            if phase != _ROLLED:
                raise Illegal("Roll first" if phase != KEPT else "One keep a roll")
            # the keep checked, then applied (one caller: written out here,
            # a method is RAM on a Pico)
            if type(dice) is not list or not dice:
                raise Illegal("Keep a die")
            kept = self._kept
            kept[0] = kept[1] = kept[2] = kept[3] = kept[4] = kept[5] = kept[6] = 0  # as count_faces
            type_of, whole = type, int  # in locals, as Rules._check_faces
            for face in dice:
                if type_of(face) is not whole or face < 1 or face > 6:
                    raise Illegal("Face 1-6")
                kept[face] += 1
            have = self._rolled
            for face in range(1, 7):
                if kept[face] > have[face]:
                    raise Illegal("Not in last roll")
            points = value(kept)
            if not points:
                raise Illegal("Dice don't score")
            size = sum(kept)  # kept[0] is 0
            self.points += points
            self.free -= size
            self.cycle_keeps += 1
            if size != kept[1]:
                self.cycle_ones = False
            self.note = NOTE_NONE
            self.phase = KEPT
            if self.free == 0:
                if self.cycle_ones and self.cycle_own and 2 <= self.cycle_keeps <= _DICE:
                    self.points += _ALL_ONES
                    self.note = NOTE_BONUS
                self.free = _DICE
                self._new_cycle(True)
        elif kind == BANK:
            if not self.can_stop():
                if phase == _ROLLED:
                    raise Illegal("Keep dice first")
                if phase != KEPT:
                    raise Illegal("Roll first")
                raise Illegal("Roll all 6 first" if self.free == _DICE else "Need 75 to stop")
            p = self.turn
            self.scores[p] += self.points
            self.scored_mask |= 1 << p
            self.prev_points = self.points
            self.prev_free = self.free
            self.prev_stopped = True
            self.note = NOTE_NONE
            self._end_turn()
        elif kind == CONTINUE:
            if phase != START or self.acted:
                raise Illegal("Turn start only")
            if not self.has_scored(self.turn):
                raise Illegal("Not scored yet")
            if not self.prev_stopped:
                raise Illegal("Nothing to take")
            self.points = self.prev_points
            self.free = self.prev_free
            self._new_cycle(False)  # its reserved dice are another turn's
            self.phase = _TAKEN
            self.acted = True
            self.note = NOTE_NONE
        else:
            raise Illegal("Not in this game")

    def voided(self):
        self.acted = True  # the turn has begun: too late to continue

    def throw_shown(self):
        return self.phase == _ROLLED or self.phase == KEPT

    def _roll(self, dice):
        self._remember(dice)
        self.acted = True
        counts = count_faces(dice, self._rolled)
        if len(dice) == _DICE and max(counts) == _DICE:
            self.over = True
            self.winner = self.turn
            self.note = NOTE_SIXKIND
            return
        if not has_score(counts):
            self.note = NOTE_BUST
            self.prev_stopped = False
            self._end_turn()
            return
        self.phase = _ROLLED
        self.note = NOTE_NONE

    def _end_turn(self):
        p = self.turn
        self.turns += 1
        if not self.final:
            if self.scores[p] >= self.target:
                self.final = True
                self.turns_left = self.n - 1
                self.note = NOTE_FINAL
        elif self.short:
            self.turns_left -= 1
            if self.turns_left == 0:
                self.over = True
        else:
            # out when below the best total of those still in; the last one in wins
            best = 0
            others = 0   # still in besides p
            for q in range(self.n):
                if not self.is_out(q):
                    if q != p:
                        others += 1
                    if self.scores[q] > best:
                        best = self.scores[q]
            if self.scores[p] < best:
                self.out_mask |= 1 << p
                self.note = NOTE_OUT
                if others == 1:
                    self.over = True
        if self.over:
            self.note = NOTE_OVER
            return
        n = self.n
        q = p
        for _ in range(n):
            q = (q + 1) % n
            if not self.is_out(q):
                break
        self.turn = q
        self._new_turn()

    def winners(self):
        if not self.over:
            return []
        if self.winner >= 0:
            return [self.winner]
        if not self.short:
            found = []
            for q in range(self.n):
                if not self.is_out(q):
                    found.append(q)
            return found
        return Rules.winners(self)

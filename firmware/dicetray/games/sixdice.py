# Six dice (seed 004): roll, reserve scoring dice, roll the rest or stop;
# first to the target starts the final phase.
from micropython import const

from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK, KEEP, CONTINUE, VOID
from dicetray.engine.rules import (Rules, NOTE_NONE, NOTE_BUST, NOTE_OVER, NOTE_SIXKIND,
                            NOTE_OUT, NOTE_BONUS, NOTE_FINAL)
from dicetray.games import sixdice_scoring as scoring

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
        return scoring.reservations(self.last_roll[:self.last_n])

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
            points = scoring.value(kept)
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
        counts = scoring.count_faces(dice, self._rolled)
        if len(dice) == _DICE and max(counts) == _DICE:
            self.over = True
            self.winner = self.turn
            self.note = NOTE_SIXKIND
            return
        if not scoring.has_score(counts):
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

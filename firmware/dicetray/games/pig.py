# Pig (seed 000): one die, a temporary turn total, bank or roll.
from micropython import const

from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK
from dicetray.engine.rules import Rules, NOTE_NONE, NOTE_BUST, NOTE_AUTOBANK, NOTE_OVER

_MAX_ROLLS = const(6)  # after the sixth valid non-one roll the turn banks itself

TITLE = "Pig"  # as the menu shows it (games/cards.py)
ROUND_WORD = "circuit"      # every player has one turn per circuit
ROUND_LETTER = "C"          # on the play screen: C2/5
POINTS_WORD = "turn"        # the running total is the turn total
OPTION_KEYS = ("circuits",)


def rules_for(n, opts):
    circuits = opts.get("circuits", 5)
    if type(circuits) is not int or circuits not in (3, 5):
        raise BadHeader("circuits must be 3 or 5")
    return Pig(n, circuits)


def draw_info(fb, ui, table, y):
    """The play screen's line of this game's own facts."""
    fb.text("Roll", 0, y, 1)
    x = ui.number(fb, table.game.rules.rolls, 40, y)
    fb.text("of 6", x + 8, y, 1)


def said(rules, kind, p, before):
    """What the action just applied did, for the play screen: (first line,
    second line or None), a part starting with " " or ":" follows the
    player's name; None when the screen shows it anyway. `p`: who acted,
    `before`: the running total before the action."""
    if kind == BANK:
        return " banks %d" % before, None
    if kind == ROLL:
        if rules.last_roll[0] == 1:
            return ": 1", "Turn lost"
        if not rules.rolls:  # the sixth roll ended the turn
            return " banks %d" % (before + rules.last_roll[0]), "6 rolls: banked"
    return None


class Pig(Rules):
    game = "pig"
    TURN_KEY = ("circuit", "turn")
    _STATE = Rules._STATE + ("turn", "circuit", "points", "rolls")

    def __init__(self, n, circuits):
        Rules.__init__(self, n)
        self.rounds = circuits
        self.reset()

    def reset(self):
        self._clear()
        self.turn = 0
        self.circuit = 0
        self.points = 0   # the temporary turn total
        self.rolls = 0    # valid non-one rolls this turn

    @property
    def round(self):
        return self.circuit + 1

    def dice_to_throw(self):
        return 1

    def apply(self, kind, dice, p):
        if self.over:
            raise Illegal("Game is over")
        if kind == ROLL:
            self._check_faces(dice, 1, 1, 6, "Face 1-6")
            self._remember(dice)
            face = dice[0]
            if face == 1:
                self.note = NOTE_BUST
                self._end_turn(0)
            else:
                self.points += face
                self.rolls += 1
                self.note = NOTE_NONE
                if self.rolls == _MAX_ROLLS:
                    self.note = NOTE_AUTOBANK
                    self._end_turn(self.points)
        elif kind == BANK:
            if not self.rolls:
                raise Illegal("Roll first")
            self.note = NOTE_NONE
            self._end_turn(self.points)
        else:
            raise Illegal("Not in this game")

    def _end_turn(self, banked):
        self.scores[self.turn] += banked
        self.points = 0
        self.rolls = 0
        self.turn += 1
        if self.turn == self.n:
            self.turn = 0
            self.circuit += 1
            if self.circuit == self.rounds:
                self.over = True
                self.note = NOTE_OVER

# Pig (seed 000): one die, a temporary turn total, bank or roll.
from micropython import const

from dicetray.engine.actions import Illegal, ROLL, BANK
from dicetray.engine.rules import Rules, NOTE_NONE, NOTE_BUST, NOTE_AUTOBANK, NOTE_OVER

_MAX_ROLLS = const(6)  # after the sixth valid non-one roll the turn banks itself


class Pig(Rules):
    game = "pig"
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

# Shared helpers for the engine tests, which run under CPython (pytest) and
# under the MicroPython unix port (tests/run_mp_tests.py).
import unittest

from dicetray.engine.actions import Illegal, ROLL, BANK, KEEP, CONTINUE, ORDER, VOID, UNDO
from dicetray.engine.game import Game
from dicetray.engine.summary import summary

_KINDS = {"r": ROLL, "b": BANK, "k": KEEP, "c": CONTINUE, "o": ORDER, "v": VOID, "u": UNDO}


def new(game, n=2, opts=None):
    return Game(game, ["P%d" % i for i in range(n)], opts or {})


def parse(token):
    """One action in short form: r45 = roll 4,5; k15 = keep 1,5; b = bank;
    b2 = player 2 banks (bank game); o201 = order 2,0,1; c, v, u."""
    kind = _KINDS[token[0]]
    digits = [int(ch) for ch in token[1:]]
    if kind == ROLL or kind == KEEP:
        return kind, digits, None
    if kind == ORDER:
        return kind, None, digits
    if kind == BANK and digits:
        return kind, None, digits[0]
    return kind, None, None


def play(game, script):
    for token in script.split():
        kind, dice, p = parse(token)
        game.act(kind, dice, p)
    return game


class EngineCase(unittest.TestCase):
    def refuse(self, game, token, reason):
        """The action is refused with this reason and changes nothing."""
        before = summary(game)
        allowed = game.allowed()
        kind, dice, p = parse(token)
        try:
            game.act(kind, dice, p)
        except Illegal as e:
            self.assertEqual(str(e), reason)
            self.assertTrue(len(reason) <= 16)
        else:
            self.fail("%s was accepted" % token)
        self.assertEqual(summary(game), before)
        self.assertEqual(game.allowed(), allowed)

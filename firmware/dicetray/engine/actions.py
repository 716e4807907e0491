# Action kinds of a game record and the error raised for an illegal one.
from micropython import const

ROLL = const(1)
BANK = const(2)
KEEP = const(3)
CONTINUE = const(4)
ORDER = const(5)
VOID = const(6)
UNDO = const(7)

# Index = kind; the record's "a" member.
NAMES = (None, "roll", "bank", "keep", "continue", "order", "void", "undo")


class BadHeader(ValueError):
    """A record header (game, players, options) that cannot start a game."""


class Illegal(ValueError):
    """An action the rules do not allow now. str() is short enough for a
    16-character screen line; the game state is unchanged."""

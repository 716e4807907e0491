# What the menu shows of each game (games/__init__.py NAMES order): its
# title, and the one option the menu offers as (record key, values, labels;
# the first is the default). Here and not in the game modules so that
# browsing the menu imports no game: on MicroPython the names a module
# brings (interned strings) stay in RAM after the module is dropped, about
# 4 KB a game. A module of its own, loaded by the menu and dropped with it
# (tray/app.py): during play only the game's title is needed, which its
# module holds (tests/test_structure.py checks the two agree).
from dicetray.games import NAMES

CARDS = (
    ("Pig", ("circuits", (5, 3), ("5 circuits", "3 circuits"))),
    ("Bank", ("rounds", (10, 15, 20), ("10 rounds", "15 rounds", "20 rounds"))),
    ("Skulls", ("faces", ("2-6", "1-5"), ("Skull + 2-6", "Skull + 1-5"))),
    ("Six dice", ("end", ("eliminate", "short"), ("End: eliminate", "End: short"))),
)


def card(name):
    """(title, menu option) of a game, without importing it."""
    return CARDS[NAMES.index(name)]

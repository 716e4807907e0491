# The games the tray scores: the one table from a record's game name to its
# module (games/NAME.py), in menu order. A game's module owns everything
# about it on the tray: title, options, words, rules, what its play screen
# adds (its words on paper: host_tools/dicetray_host/printing/kits/NAME.py).
# Adding a game = adding its module, its kit text and its name here.
NAMES = ("pig", "bank", "skulls", "sixdice")

# What the menu shows of each game, in NAMES order: its title, and the one
# option the menu offers as (record key, values, labels; the first is the
# default). Here and not in the game modules so that browsing the menu
# imports no game: on MicroPython the names a module brings (interned
# strings) stay in RAM after the module is dropped, about 4 KB a game.
CARDS = (
    ("Pig", ("circuits", (5, 3), ("5 circuits", "3 circuits"))),
    ("Bank", ("rounds", (10, 15, 20), ("10 rounds", "15 rounds", "20 rounds"))),
    ("Skulls", ("faces", ("2-6", "1-5"), ("Skull + 2-6", "Skull + 1-5"))),
    ("Six dice", ("end", ("eliminate", "short"), ("End: eliminate", "End: short"))),
)


def card(name):
    """(title, menu option) of a game, without importing it."""
    return CARDS[NAMES.index(name)]


def module(name):
    """The module of a game, imported on first use (bytecode costs RAM on
    the board); KeyError for a name not in NAMES."""
    if name not in NAMES:
        raise KeyError(name)
    return __import__("dicetray.games." + name, None, None, (name,))


def listed():
    """'pig, bank, skulls or sixdice': the names for an error message."""
    return ", ".join(NAMES[:-1]) + " or " + NAMES[-1]

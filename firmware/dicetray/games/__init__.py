# The games the tray scores: the one table from a record's game name to its
# module (games/NAME.py), in menu order. A game's module owns everything
# about it on the tray: title, options, words, rules, what its play screen
# adds (its words on paper: host_tools/dicetray_host/printing/kits/NAME.py);
# what the menu shows of each game is in cards.py.
# Adding a game = adding its module, its kit text and its name here.
NAMES = ("pig", "bank", "skulls", "sixdice")

def module(name):
    """The module of a game, imported on first use (bytecode costs RAM on
    the board); KeyError for a name not in NAMES."""
    if name not in NAMES:
        raise KeyError(name)
    return __import__("dicetray.games." + name, None, None, (name,))


def listed():
    """'pig, bank, skulls or sixdice': the names for an error message."""
    return ", ".join(NAMES[:-1]) + " or " + NAMES[-1]

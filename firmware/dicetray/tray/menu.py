"""The new-game menu: game, number of players, the game's option, start.

UP/DOWN move between lines, OK (ROLL) changes the value on the line or
starts. Names come from /roster.txt (one per line), else P1..P8.
"""
from micropython import const

from dicetray import games
from dicetray.tray import keys, unload_games
from dicetray.tray.screens import number

ROSTER = "/roster.txt"

LINE_GAME = const(0)
LINE_PLAYERS = const(1)
LINE_OPTION = const(2)
LINE_START = const(3)
LINE_FREE = const(4)
LINE_SETUP = const(5)

# What a key did in the menu.
NOTHING = const(0)
CHANGED = const(1)
START = const(2)
FREE = const(3)
SETUP = const(4)


def read_roster(path=ROSTER):
    """Names from the roster file, in order; [] when there is none."""
    names = []
    try:
        with open(path) as f:
            for line in f:
                name = line.strip()
                if name:
                    names.append(name)
    except OSError:
        pass
    return names


class Menu:
    LINES = 6

    def __init__(self, roster=None):
        self.roster = read_roster() if roster is None else roster
        self.game = 0
        self.module = games.module(games.NAMES[0])  # title and option of the game shown
        self.players = max(2, min(8, len(self.roster))) if self.roster else 2
        self.option = 0
        self.pos = 0

    def key(self, code):
        if code == keys.UP:
            self.pos = (self.pos - 1) % self.LINES
            return CHANGED
        if code == keys.DOWN:
            self.pos = (self.pos + 1) % self.LINES
            return CHANGED
        if code != keys.OK:
            return NOTHING
        if self.pos == LINE_GAME:
            self.module = None  # one game's module in RAM at a time: this one goes first
            unload_games()
            self.game = (self.game + 1) % len(games.NAMES)
            self.module = games.module(games.NAMES[self.game])
            self.option = 0
        elif self.pos == LINE_PLAYERS:
            self.players = self.players + 1 if self.players < 8 else 2
        elif self.pos == LINE_OPTION:
            self.option = (self.option + 1) % len(self.module.MENU_OPTION[1])
        elif self.pos == LINE_START:
            return START
        elif self.pos == LINE_FREE:
            return FREE
        else:
            return SETUP
        return CHANGED

    def chosen(self):
        """(game, players, opts) for the record header."""
        key, values, _ = self.module.MENU_OPTION
        names = []
        for i in range(self.players):
            names.append(self.roster[i] if i < len(self.roster) else "P%d" % (i + 1))
        return games.NAMES[self.game], names, {key: values[self.option]}

    def draw_line(self, fb, i, y, x):
        """Line i of the menu, from x on (the cursor mark is left of x)."""
        if i == LINE_GAME:
            fb.text("Game", x, y, 1)
            fb.text(self.module.TITLE, 64, y, 1)
        elif i == LINE_PLAYERS:
            fb.text("Players", x, y, 1)
            number(fb, self.players, 72, y)
        elif i == LINE_OPTION:
            fb.text(self.module.MENU_OPTION[2][self.option], x, y, 1)
        elif i == LINE_START:
            fb.text("Start", x, y, 1)
        elif i == LINE_FREE:
            fb.text("Free flash", x, y, 1)
        else:
            fb.text("Tray setup", x, y, 1)

"""The new-game menu: game, number of players, the game's option, start.

UP/DOWN move between lines, OK (ROLL) changes the value on the line or
starts. Names come from /roster.txt (one per line), else P1..P8.
"""
from micropython import const

from dicetray.tray import keys
from dicetray.tray.screens import number

GAMES = ("pig", "bank", "skulls", "sixdice")
GAME_TEXT = ("Pig", "Bank", "Skulls", "Six dice")
# Per game: (option key, values, what the line shows); the first is the default.
OPTIONS = (
    ("circuits", (5, 3), ("5 circuits", "3 circuits")),
    ("rounds", (10, 15, 20), ("10 rounds", "15 rounds", "20 rounds")),
    ("faces", ("2-6", "1-5"), ("Skull + 2-6", "Skull + 1-5")),
    ("end", ("eliminate", "short"), ("End: eliminate", "End: short")),
)
ROSTER = "/roster.txt"

LINE_GAME = const(0)
LINE_PLAYERS = const(1)
LINE_OPTION = const(2)
LINE_START = const(3)
LINE_FREE = const(4)

# What a key did in the menu.
NOTHING = const(0)
CHANGED = const(1)
START = const(2)
FREE = const(3)


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
    LINES = 5

    def __init__(self, roster=None):
        self.roster = read_roster() if roster is None else roster
        self.game = 0
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
            self.game = (self.game + 1) % len(GAMES)
            self.option = 0
        elif self.pos == LINE_PLAYERS:
            self.players = self.players + 1 if self.players < 8 else 2
        elif self.pos == LINE_OPTION:
            self.option = (self.option + 1) % len(OPTIONS[self.game][1])
        elif self.pos == LINE_START:
            return START
        else:
            return FREE
        return CHANGED

    def chosen(self):
        """(game, players, opts) for the record header."""
        key, values, _ = OPTIONS[self.game]
        names = []
        for i in range(self.players):
            names.append(self.roster[i] if i < len(self.roster) else "P%d" % (i + 1))
        return GAMES[self.game], names, {key: values[self.option]}

    def draw_line(self, fb, i, y, x):
        """Line i of the menu, from x on (the cursor mark is left of x)."""
        if i == LINE_GAME:
            fb.text("Game", x, y, 1)
            fb.text(GAME_TEXT[self.game], 64, y, 1)
        elif i == LINE_PLAYERS:
            fb.text("Players", x, y, 1)
            number(fb, self.players, 72, y)
        elif i == LINE_OPTION:
            fb.text(OPTIONS[self.game][2][self.option], x, y, 1)
        elif i == LINE_START:
            fb.text("Start", x, y, 1)
        else:
            fb.text("Free flash", x, y, 1)

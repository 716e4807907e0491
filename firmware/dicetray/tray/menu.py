"""The new-game menu: game, number of players, the game's option, start,
the seats (who plays, in which order), free flash.

Its keys and its screen are here, not in app.py or screens.py: the app
drops this module (and shelf.py) while a game is played, and on a Pico a
module's bytecode is RAM.

UP/DOWN move between lines, OK (ROLL) changes the value on the line or
starts. Names come from /roster.txt (one per line), else P1..P8. The last
game started (game, option, players in their seats) is remembered in
/last.txt and offered first.
"""
from micropython import const

from dicetray import games
from dicetray.games.cards import CARDS
from dicetray.tray import keys, shelf
from dicetray.tray.screens import number, status_marks

ROSTER = "/roster.txt"
LAST = "/last.txt"     # game name, option index, then the players in seat order

_LINE_GAME = const(0)
_LINE_PLAYERS = const(1)
_LINE_OPTION = const(2)
_LINE_START = const(3)
_LINE_SEATS = const(4)
_LINE_FREE = const(5)
_LINE_SETUP = const(6)

# What a key did in the menu.
NOTHING = const(0)
CHANGED = const(1)
START = const(2)
_FREE = const(3)
SETUP = const(4)


_ROSTER_NAMES = const(32)   # names read from the roster at most
_NAME_BYTES = const(64)     # bytes kept of a name (16 characters of up to 4 bytes)


def read_roster(path=ROSTER):
    """Names from the roster file, in order; [] when there is none. What is
    read is bounded whatever the file holds (it may not come from
    `dicetray roster`): a line's first 64 bytes, cut to 16 characters on a
    character boundary, and the first 32 names."""
    names = []
    try:
        with open(path, "rb") as f:
            while len(names) < _ROSTER_NAMES:
                line = f.readline(_NAME_BYTES)
                if not line:
                    break
                if line[-1:] != b"\n":  # a long line: skip the rest of it
                    rest = line
                    while rest and rest[-1:] != b"\n":
                        rest = f.readline(_NAME_BYTES)
                name = _name(line)
                if name:
                    names.append(name)
    except (OSError, UnicodeError):
        pass
    return names


def read_last(path=LAST):
    """(game index, option index, names) of the last game started, or None."""
    lines = read_roster(path)
    try:
        game = games.NAMES.index(lines[0])
        option = int(lines[1])
    except (IndexError, ValueError):
        return None
    names = lines[2:]
    if not 2 <= len(names) <= 8:
        return None
    return game, option, names


def _name(raw):
    """A roster line as a name of at most 16 characters ('' when empty)."""
    end = len(raw)
    while True:
        try:
            text = raw[:end].decode()
            break
        except UnicodeError:  # cut inside a character, or not UTF-8
            end -= 1
            if end <= 0:
                return ""
    return text.strip()[:16].strip()


class Menu:
    LINES = 7
    SHOWN = 6   # lines on the screen at once (it scrolls)

    def __init__(self, roster=None, last=LAST):
        self.roster = read_roster() if roster is None else roster
        self.game = 0
        self.option = 0
        self.pos = 0
        self.seat = -1             # >= 0: choosing who sits there (the seats screen)
        self._last = last
        seats = []
        found = read_last(last) if last else None
        if found:
            self.game, self.option, seats = found
        if self.option >= len(self._option()[1]):
            self.option = 0
        if seats:
            self.players = len(seats)
        else:
            self.players = max(2, min(8, len(self.roster))) if self.roster else 2
        # Eight seats: the remembered players, then the roster, then P1..P8.
        for name in self._candidates():
            if len(seats) == 8:
                break
            if name not in seats:
                seats.append(name)
        self.seats = seats

    def _option(self):
        """(record key, values, labels) of the option the game shown offers."""
        return CARDS[self.game][1]

    def _candidates(self):
        return self.roster + ["P%d" % i for i in range(1, 9)]

    def key(self, code):
        if self.seat >= 0:
            from dicetray.tray import seats  # loaded only while the seats are shown
            return seats.key(self, code)
        if code == keys.UP:
            self.pos = (self.pos - 1) % self.LINES
            return CHANGED
        if code == keys.DOWN:
            self.pos = (self.pos + 1) % self.LINES
            return CHANGED
        if code != keys.OK:
            return NOTHING
        if self.pos == _LINE_GAME:
            self.game = (self.game + 1) % len(games.NAMES)
            self.option = 0
        elif self.pos == _LINE_PLAYERS:
            self.players = self.players + 1 if self.players < 8 else 2
        elif self.pos == _LINE_OPTION:
            self.option = (self.option + 1) % len(self._option()[1])
        elif self.pos == _LINE_START:
            return START
        elif self.pos == _LINE_SEATS:
            self.seat = 0
        elif self.pos == _LINE_FREE:
            return _FREE
        else:
            return SETUP
        return CHANGED

    def chosen(self):
        """(game, players, opts) for the record header; remembered for the
        next menu (a failed write only means it is not remembered)."""
        key, values, _ = self._option()
        names = self.seats[:self.players]
        if self._last:
            try:
                with open(self._last, "w") as f:
                    f.write("%s\n%d\n%s\n" % (games.NAMES[self.game], self.option, "\n".join(names)))
            except OSError:
                pass
        return games.NAMES[self.game], names, {key: values[self.option]}

    def draw_line(self, fb, i, y, x):
        """Line i of the menu, from x on (the cursor mark is left of x)."""
        if i == _LINE_GAME:
            fb.text("Game", x, y, 1)
            fb.text(CARDS[self.game][0], 64, y, 1)
        elif i == _LINE_PLAYERS:
            fb.text("Players", x, y, 1)
            number(fb, self.players, 72, y)
        elif i == _LINE_OPTION:
            fb.text(self._option()[2][self.option], x, y, 1)
        elif i == _LINE_START:
            fb.text("Start", x, y, 1)
        elif i == _LINE_SEATS:
            # as many of the names, in seat order, as fit the line
            x = fb_names(fb, self.seats, self.players, x, y)
        elif i == _LINE_FREE:
            fb.text("Free flash", x, y, 1)
        else:
            fb.text("Tray setup", x, y, 1)


def fb_names(fb, names, count, x, y):
    """'Ann Bob Cy' from x, stopping before the panel's edge ('..' if cut)."""
    for i in range(count):
        name = names[i]
        if x + 8 * len(name) > (128 if i == count - 1 else 112):  # room for '..' after
            fb.text("..", x, y, 1)
            return x + 16
        fb.text(name, x, y, 1)
        x += 8 * len(name) + 8
    return x


def draw(fb, app):
    """The menu's screen (the seats' own while a seat is chosen)."""
    m = app.menu
    fb.fill(0)
    if m.seat >= 0:
        from dicetray.tray import seats
        seats.draw(fb, m, 8)   # who sits where (the menu's own screen)
        return
    fb.text("New game", 0, 0, 1)
    status_marks(fb, app)
    top = m.pos - m.SHOWN + 1 if m.pos >= m.SHOWN else 0  # scrolled to keep the cursor shown
    for row in range(m.SHOWN):
        i = top + row
        y = 8 + 8 * row
        if i == m.pos:
            fb.text(">", 0, y, 1)
        m.draw_line(fb, i, y, 8)
    if app.message:
        fb.text(app.message, 0, 56, 1)


def on_key(app, code, now):
    """A key pressed while the menu is shown (App.on_press). When the
    players chose Start: the record started, (game, players, options)."""
    app.message = None
    done = app.menu.key(code)
    if done == START:
        return _start(app, now)
    if done == _FREE:
        found = shelf.numbers(app.store)
        if not found:
            app.message = "No records"
        else:
            from dicetray.tray.app import ASK_DELETE
            app._delete = found[0]
            app.ask(ASK_DELETE, "Delete %04d?" % found[0], "(oldest record)")
    elif done == SETUP:
        from dicetray.tray.app import SETUP as SETUP_MODE
        from dicetray.tray import load
        load(app.drain, "tray.traycfg", "tray.calibrate")   # calibrate's traycfg apart, a read between
        from dicetray.tray.calibrate import Setup
        app.keys_out()              # the keys so far were the detector's
        app.setup = Setup()
        app.mode = SETUP_MODE
    elif done == NOTHING:
        app.message = "UP/DOWN, OK"
    return False


def _start(app, now):
    """The chosen game's record written (None and a message when it cannot
    be): the app then drops the menu and plays it."""
    if not shelf.can_start(app.store):
        app.message = "Flash full"
        return None
    name, players, opts = chosen = app.menu.chosen()
    try:
        shelf.start(app.store, name, players, opts, now)
    except OSError:
        app.message = "Cannot write"
        return None
    return chosen

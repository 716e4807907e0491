"""Every text the tray draws fits the 128x64 panel and overlaps nothing else
drawn, at the longest values: 8 players, 16-character names (the tray keeps
10), 6-digit totals, every message and every event line of every game.

The screens are drawn by the firmware's own screens.py and play.py into a
recording frame buffer (CPython), which checks each text's cells against
the panel's edges and against every item drawn before it on the same
screen (a later erase, e.g. a name cut short of a number, clears cells)."""
import random
import re
from pathlib import Path

import pytest

from dicetray import games
from dicetray.engine.game import Game
from dicetray.tray import keys, screens
from dicetray.tray import play
from dicetray.tray.play import Gate
from dicetray_host.paths import FIRMWARE

W, H, CH = 128, 64, 8
NAMES = ["%s%s" % (c, "abcdefghijklmno") for c in "ABCDEFGH"]   # 16 characters each
KEYS = [keys.K1, keys.K2, keys.K3, keys.K4, keys.K5, keys.K6, keys.SKULL, keys.VOID,
        keys.BANK, keys.OK, keys.UNDO, keys.PLAYER, keys.UP, keys.DOWN]


class Overlap(AssertionError):
    pass


class Recorder:
    """A frame buffer that remembers which drawn item owns each pixel."""

    def __init__(self):
        self.fill(0)

    def fill(self, c):
        self.owner = [[None] * W for _ in range(H)]
        self.texts = []

    def _claim(self, what, x, y, w, h, check):
        for j in range(max(0, y), min(H, y + h)):
            row = self.owner[j]
            for i in range(max(0, x), min(W, x + w)):
                if check and row[i] is not None:
                    raise Overlap("%r at (%d,%d) overlaps %r" % (what, x, y, row[i]))
                row[i] = what

    def text(self, s, x, y, c=1):
        assert type(s) is str
        self.texts.append(s)
        w = CH * len(s)
        if x < 0 or y < 0 or x + w > W or y + CH > H:
            raise Overlap("%r at (%d,%d) is %d px wide: clipped by the panel" % (s, x, y, w))
        if c == 0:   # dark text on a lit bar (a cursor): it must lie on the bar
            for j in range(y, y + CH):
                for i in range(x, x + w):
                    assert self.owner[j][i] == "bar", "%r drawn dark off its bar" % s
            self._claim(s, x, y, w, CH, False)
        else:
            self._claim(s, x, y, w, CH, True)

    def fill_rect(self, x, y, w, h, c):
        if c:
            # Lit shapes (7-segment digits, bars) may touch each other; text may not.
            for j in range(max(0, y), min(H, y + h)):
                for i in range(max(0, x), min(W, x + w)):
                    o = self.owner[j][i]
                    if o is not None and o not in ("bar", "shape"):
                        raise Overlap("a shape at (%d,%d) overlaps %r" % (x, y, o))
            self._claim("bar" if h == CH else "shape", x, y, w, h, False)
        else:
            self._claim(None, x, y, w, h, False)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def show(self):
        pass


class FakeStore:
    low = True          # '!' drawn too
    number = 9999

    def append(self, kind, dice, p, now_ms):
        pass


class FakeApp:
    """What the menu's screen and screens.confirm read from the app."""

    def __init__(self, menu_obj=None):
        self.menu = menu_obj
        self.gate = Gate(True)
        self.store = FakeStore()
        self.message = None
        self.ask1 = self.ask2 = ""


def draw(table):
    """The screen the app would show now, and the Scores screen."""
    shown = []
    for screen in (current_screen(table), screens.scores):
        fb = Recorder()
        screen(fb, table)
        shown.extend(fb.texts)
    return shown


def current_screen(table):
    if table.game.over:
        return screens.over
    if table.keeps:
        return screens.keep_list
    if table.ordering is not None:
        return lambda fb, t: t.game_module.draw_order(fb, screens, t)
    return screens.play


def inflate(game):
    """Scores near a million, the running total and counts at their widest."""
    rules = game.rules
    for p in range(rules.n):
        rules.scores[p] = 999999 - p
    if getattr(rules, "points", 0):
        rules.points = 99999
    if hasattr(rules, "rolls") and rules.rolls:
        rules.rolls = 99


def walk(name, opts, seed, steps, big):
    rng = random.Random(seed)
    game = Game(name, NAMES, opts)
    table = play.Table(game, FakeStore(), Gate(True))
    assert max(len(n) for n in table.names) <= 10
    events = set()
    for step in range(steps):
        if big and step % 7 == 0 and not game.over:
            saved = game.rules.snapshot()
            inflate(game)
            table.refresh()
            draw(table)
            game.rules.restore(saved)
            table.refresh()
        key = rng.choice(KEYS)
        if table.keeps and rng.random() < 0.8:
            key = keys.OK               # six dice: keep (the best first) and go on
        elif key == keys.BANK and rng.random() < 0.7 and not getattr(game.rules, "can_stop", bool)():
            key = rng.choice(KEYS[:6])  # throws more often than banks: games go on
        table.key(key, step * 1000)
        if max(game.scores) > 9999999 or getattr(game.rules, "points", 0) > 9999999:
            table.key(keys.UNDO, step * 1000)   # past 7 digits (a bank total doubled on and on): not played
            continue
        draw(table)
        for line in (table.said, table.said_top, table.message):
            if line:
                assert len(line) <= 16, line
                events.add(line)
        if game.over and rng.random() < 0.5:
            table.key(keys.UNDO, step * 1000)
    return events


GAME_OPTS = [("pig", {"circuits": 5}), ("bank", {"rounds": 20}), ("skulls", {"rounds": 3}),
             ("skulls", {"rounds": 2, "faces": "1-5"}), ("sixdice", {"target": 80}),
             ("sixdice", {"target": 80, "end": "short"})]


@pytest.mark.parametrize("name,opts", GAME_OPTS)
def test_every_screen_of_a_game_fits_with_the_longest_values(name, opts):
    events = set()
    for seed in range(3):
        events |= walk(name, opts, seed, 600, big=seed > 0)
    # the walks met the game's own event lines, each naming a player
    assert any(line.startswith(tuple(n[:3] for n in NAMES)) for line in events), events


def test_event_lines_fit_with_long_names_and_six_digit_totals():
    """Every part of what a game says, with 10-character names and a
    6-digit running total, fits 16 characters."""
    for name, opts in GAME_OPTS:
        module = games.module(name)
        game = Game(name, NAMES, opts)
        table = play.Table(game, FakeStore(), Gate(True))
        for kind in range(1, 8):
            for p in range(8):
                said = module.said(game.rules, kind, p, 999999) if kind != 7 else None
                if said:
                    for part in said:
                        if part:
                            line = play._named(table.names[p], part)
                            assert len(line) <= 16, (name, line)
        for text in undone_texts():
            assert len(play._named(table.names[0], text)) <= 16


def undone_texts():
    """What an undo may say: "Undone", then "Undone: roll" ... per action kind."""
    from dicetray.engine.actions import NAMES as ACTION_NAMES
    return [play.UNDONE] + [play.UNDONE + ": " + name for name in ACTION_NAMES[1:]]


def firmware_messages():
    """Fixed texts a key press may show: the engine's refusals, the table's
    and the gate's texts, and the app's formatted ones at their widest."""
    found = set()
    for path in Path(FIRMWARE, "dicetray").rglob("*.py"):
        source = path.read_text()
        found.update(re.findall(r'Illegal\("([^"]*)"\)', source))
    found.update(v for k, v in vars(play).items() if k.isupper() and type(v) is str)
    found.update(undone_texts()[1:])
    found.update(v for k, v in vars(play).items() if k.isupper() and type(v) is str)
    found.update(["Throw %d dice" % 6, "Faces %d-%d,skull" % (2, 6), "Key %d faces" % 6,
                  "Resumed %04d" % 9999, "Torn line %d" % 9999, "Flash low %dK" % 63,
                  "Deleted %04d" % 9999, "Bad %04d" % 9999, "Delete %04d?" % 9999,
                  "Leave this game?", "Record is kept", "(oldest record)", "Cannot write",
                  "Flash full", "No records", "UP/DOWN, OK", "Manual mode", "Throw marked",
                  "Game is over", screens.OVER_MENU, screens.OVER_UNDO])
    return sorted(found)


@pytest.mark.parametrize("message", firmware_messages())
def test_every_message_fits_the_bottom_line(message):
    game = Game("bank", NAMES, {})
    table = play.Table(game, FakeStore(), Gate(True))
    game.act(1, [3, 4])
    table.refresh()
    inflate(game)
    table.message = message
    for screen in (screens.play, screens.over):
        screen(Recorder(), table)
    app = FakeApp()
    app.ask1 = app.ask2 = message
    screens.confirm(Recorder(), app)


def test_the_menu_fits():
    from dicetray.tray.menu import Menu
    from dicetray.tray.menu import draw as menu_draw
    for roster in (NAMES, ["Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], []):
        menu_obj = Menu(roster, last=None)
        menu_obj.players = 8
        app = FakeApp(menu_obj)
        app.message = "Flash low 63K"
        for _ in range(len(games.NAMES)):
            for option in range(3):
                menu_draw(Recorder(), app)
                menu_obj.pos = 2
                menu_obj.key(keys.OK)
            menu_obj.pos = 0
            menu_obj.key(keys.OK)
        menu_obj.pos = 4
        menu_obj.key(keys.OK)                       # the seats screen
        for _ in range(9):
            menu_draw(Recorder(), app)
            menu_obj.key(keys.OK)
            menu_obj.key(keys.DOWN)


def test_the_recorder_finds_an_overlap_and_a_clipped_text():
    fb = Recorder()
    fb.text("Ann banks 15", 0, 56)
    with pytest.raises(Overlap):
        fb.text("x", 88, 52)
    with pytest.raises(Overlap):
        Recorder().text("Dee takes over 350", 0, 0)

"""Monkey soak (`make bench`, section soak): random key scripts, throws and
power cuts on the virtual board, all four games, 2-8 players (the range the
tray's menu offers), with menu wandering, undo, void, scores, leaving games,
Tray setup, deleting the oldest record, full games and new ones.

A session is one fresh flash played by a seeded monkey for a fixed number
of steps; it is reproducible from its seed alone. Power cuts come at a
random moment (the board killed while it waits) and, armed at a boot,
before the N-th flash write of that boot (VBOARD_FLASH_FAULT=N:cut). After
every cut and at the end of a session:
- the board is alive: its loop runs, no Traceback in its output, the menu
  or a game on the screen;
- every record on flash (file and journal, as the tray reads it) passes
  `dicetray verify` with no torn line;
- the scores on the SCORES screen equal the host's replay of the record;
- nothing recorded before the cut is lost: each record after the boot
  starts with the lines it had on flash before the cut.

Knobs (environment): SOAK_SECONDS (default 180: new sessions start until
then), SOAK_SEED (first session's seed, default 1), SOAK_SESSIONS (a fixed
number of sessions instead of the time), SOAK_STEPS (steps a session,
default 250). A failure prints its seed: SOAK_SEED=S SOAK_SESSIONS=1
.venv/bin/python -m bench soak plays that session again.
"""
import hashlib
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

from dicetray_host.vboard.board import BoardError
from dicetray_host.vboard.table import READY, Tray, new_game, scores_shown, whole_record_lines

from dicetray import games as _games
from dicetray.games.cards import card

GAMES = _games.NAMES
# A play screen's first word (the game's title) -> the game.
TITLES = {_games.module(name).TITLE.split()[0]: name for name in GAMES}
OPTIONS = {name: len(card(name)[1][1]) for name in GAMES}  # the menu's choices of its option
# How the monkey plays each game (data, not decisions by name):
# bank: chance of BANK instead of a throw; dice: per throw unless the screen
# says; skull: chance a face is a skull; seven: chance of keying 3 and 4;
# cursor: chance of PLAYER (the bank cursor) before BANK.
STYLE = {
    "pig": dict(bank=0.35, dice=1, skull=0.0, seven=0.0, cursor=0.0),
    "bank": dict(bank=0.3, dice=2, skull=0.0, seven=0.1, cursor=0.3),
    "skulls": dict(bank=0.25, dice=2, skull=0.2, seven=0.0, cursor=0.0),
    "sixdice": dict(bank=0.3, dice=6, skull=0.0, seven=0.0, cursor=0.0),
}
NO_STYLE = dict(bank=0.2, dice=2, skull=0.0, seven=0.0, cursor=0.0)
PAD = ("1", "2", "3", "SKULL", "4", "5", "6", "VOID", "UP", "DOWN", "PLAYER", "BANK",
       "MENU", "UNDO", "SCORES", "ROLL")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu")
MENU_LINES = ("Game", "Players", "", "Start", "", "Free flash", "Tray setup")


class Failure(Exception):
    pass


def game_of(head):
    """The game named by a play screen's first line ("Bank#3  R2/15"), or None."""
    words = head.split()
    return TITLES.get(words[0].split("#")[0]) if words else None


def screen_kind(text):
    """Which screen the tray shows: menu, seats, setup, confirm, over,
    scores, keep (six dice), order (skulls' ties), play or blank."""
    head = text[0] if text else ""
    if not head.strip():
        return "blank"
    for start, kind in (("New game", "menu"), ("Seats", "seats"), ("Tray setup", "setup"),
                        ("Leave this", "confirm"), ("Delete", "confirm"), ("Game over", "over"),
                        ("Scores", "scores"), ("Tie", "order")):
        if head.startswith(start):
            return kind
    if head.endswith(" keep"):
        return "keep"
    if game_of(head):
        return "play"
    if any(line.startswith(">") for line in text) and len(text) == 8:
        return "scores"  # 8 players: no title line
    return "other"


class Counts:
    FIELDS = ("sessions", "steps", "keys", "throws", "cuts", "write_cuts", "boots", "started",
              "finished", "left", "deleted", "setups", "checks", "records_checked")

    def __init__(self):
        for name in self.FIELDS:
            setattr(self, name, 0)


class MonkeyTray(Tray):
    """The table helper, counting what the monkey does."""

    def __init__(self, flash, counts, **kw):
        super().__init__(flash, **kw)
        self.counts = counts

    def key(self, *names):
        self.counts.keys += len(names)
        super().key(*names)

    def throw(self, dice=2):
        self.counts.throws += 1
        missed = self.missed
        super().throw(dice)
        self.counts.keys += self.missed - missed  # the long press of ROLL


class Session:
    def __init__(self, seed, steps, counts, work):
        self.seed = seed
        self.steps = steps
        self.c = counts
        self.rng = random.Random(seed)
        self.flash = Path(work) / ("flash-%d" % seed)
        self.flash.mkdir(parents=True)
        self.step = 0
        self.log_at = 0          # where this boot's output starts in the board's log
        self.armed = 0           # a write cut armed for this boot (its write number)
        self.finished = set()    # records seen finished
        self.verified = {}       # record name -> digest of the bytes that passed

    # -- the session ---------------------------------------------------------------
    def run(self):
        rng = self.rng
        if rng.random() < 0.5:   # a roster, as `dicetray roster` writes it
            names = rng.sample(NAMES, rng.randint(1, 10))
            (self.flash / "roster.txt").write_text("".join(n + "\n" for n in names))
        self.tray = MonkeyTray(self.flash, self.c, accel=rng.random() < 0.85, timeout_s=120)
        self.tray.seed = rng.randrange(10 ** 6)  # the throws' traces
        self.noise = rng.uniform(0.08, 0.4)      # share of steps that are not plain play
        self.c.sessions += 1
        try:
            self.tray.__enter__()
            self.booted()
            for self.step in range(1, self.steps + 1):
                self.c.steps += 1
                self.one_step()
                self.after_step()
            self.check_all()
        finally:
            self.tray.__exit__(None, None, None)

    def one_step(self):
        rng = self.rng
        if rng.random() < 0.025:
            self.cut()
            return
        text = self.tray.vb.screen_text()
        what = screen_kind(text)
        if what == "menu":
            self.in_menu(text)
        elif what == "seats":
            self.tray.key(*(rng.choice(("OK", "PLAYER", "DOWN", "UP", "OK")) for _ in range(rng.randint(1, 4))))
            self.tray.key(rng.choice(("MENU", "UNDO")))
        elif what == "setup":
            self.in_setup()
        elif what == "confirm":
            self.confirm(text[0])
        elif what == "over":
            self.over()
        elif what in ("scores", "blank"):
            self.tray.key(rng.choice(PAD))
        else:
            self.play(text)

    def after_step(self):
        vb = self.tray.vb
        if vb.state != "run":
            raise Failure("the board stopped (%s): %s" % (vb.state, self.output()[-600:]))
        if self.armed and ("flash fault at write %d" % self.armed) in self.output():
            self.c.write_cuts += 1
            self.cut(armed_hit=True)

    # -- the menu ------------------------------------------------------------------
    def cursor_line(self, text):
        for line in text[1:]:
            if line.startswith(">"):
                return line[1:].strip()
        return ""

    def to_line(self, name):
        """Move the menu's cursor to the line starting with name."""
        for _ in range(8):
            if self.cursor_line(self.tray.vb.screen_text()).startswith(name):
                return True
            self.tray.key("DOWN")
        return False

    def in_menu(self, text):
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            game = rng.choice(GAMES)
            players = rng.choice((2, 2, 2, 3, 3, 4, 5, 6, 7, 8))  # every count, short games more often
            option = rng.randrange(OPTIONS[game])
            if self.to_line("Game"):
                new_game(self.tray.key, self.tray.vb.screen_text, game, players, option)
        elif r < 0.9:
            for _ in range(rng.randint(1, 6)):  # wandering: any line, any key
                self.tray.key(rng.choice(("UP", "DOWN", "DOWN", "ROLL", "MENU", "UNDO", "5", "SCORES")))
        elif r < 0.96:
            if self.to_line("Tray setup"):
                self.tray.key("OK")
        elif self.to_line("Free flash"):
            self.tray.key("OK")
        self.note_start()

    def note_start(self):
        if screen_kind(self.tray.vb.screen_text()) in ("play", "order"):
            self.c.started += 1
            if os.environ.get("SOAK_TRACE"):
                print("step %d: started %s" % (self.step, self.tray.vb.screen_text()[0]))

    def in_setup(self):
        rng = self.rng
        tray = self.tray
        self.c.setups += 1
        r = rng.random()
        if r < 0.5:                 # learn: still, keys, throws, save
            tray.key("OK")
            tray.vb.run(3600)
            for _ in range(4):
                tray.key(rng.choice(PAD[:7]))
            for _ in range(3):
                if tray.accel:
                    tray.throw(2)
                tray.vb.run(500)
            tray.key("OK" if rng.random() < 0.8 else "MENU")
        elif r < 0.7:
            tray.key("UNDO")        # back to the defaults
        else:
            tray.key(rng.choice(("MENU", "3", "DOWN")))
        if screen_kind(tray.vb.screen_text()) == "setup" and rng.random() < 0.7:
            tray.key("MENU")

    def confirm(self, first):
        yes = self.rng.random() < 0.3
        if yes and first.startswith("Delete"):
            self.c.deleted += 1
        if yes and first.startswith("Leave"):
            self.c.left += 1
        self.tray.key("OK" if yes else "MENU")

    # -- a game ------------------------------------------------------------------------
    def over(self):
        if os.environ.get("SOAK_TRACE"):
            print("step %d: game over: %s" % (self.step, " | ".join(self.tray.vb.screen_text())))
        self.check_game()
        self.tray.key("MENU" if self.rng.random() < 0.8 else "UNDO")

    def play(self, text):
        rng = self.rng
        tray = self.tray
        game = game_of(text[0])
        bottom = text[-1]
        r = rng.random() * self.noise / 0.24  # how wild this session's table is
        if r < 0.12:
            tray.key(rng.choice(PAD))                  # any key at all
        elif r < 0.16:
            tray.key("UNDO")
        elif r < 0.18:
            tray.key("VOID")
        elif r < 0.19:
            tray.key("MENU")                           # leave? (answered next step)
        elif r < 0.22:
            if not tray.screen_scores():
                raise Failure("no scores on the SCORES screen")
        elif r < 0.24:
            tray.vb.press("ROLL")                      # a throw marked by hand
            tray.vb.run(800)
            tray.vb.release("ROLL")
            tray.vb.run(60)
            self.c.keys += 1
        elif any(line.endswith(" keep") for line in text[:1]) or bottom.startswith("UP/DOWN"):
            tray.key(*(["DOWN"] * rng.choice((0, 0, 0, 1, 2)) + ["OK"]))
        elif bottom == "OK: take over" and rng.random() < 0.5:
            tray.key("OK")
        elif bottom.startswith("Tie") and rng.random() < 0.5:
            tray.key("PLAYER", rng.choice(("PLAYER", "DOWN", "UP")), rng.choice(("OK", "OK", "UNDO")))
        elif rng.random() < STYLE.get(game, NO_STYLE)["bank"] and "Roll 0" not in " ".join(text):
            if rng.random() < STYLE.get(game, NO_STYLE)["cursor"]:
                tray.key("PLAYER")
            tray.key("BANK")
        else:
            self.throw_and_key(game, text)

    def throw_and_key(self, game, text):
        rng = self.rng
        tray = self.tray
        style = STYLE.get(game, NO_STYLE)
        dice = style["dice"]
        for line in text:
            words = line.split()
            if len(words) == 3 and words[0] == "Throw" and words[2] in ("dice", "die"):
                dice = int(words[1])
        if tray.accel and tray.vb.screen_text()[-1] not in READY:
            tray.throw(dice)
        for _ in range(dice):
            if rng.random() < style["skull"]:
                tray.key("SKULL")
            elif rng.random() < style["seven"]:
                tray.key("3", "4")    # a seven
                break
            else:
                tray.key(str(rng.randint(1, 6)))

    # -- power cuts --------------------------------------------------------------------
    def cut(self, armed_hit=False):
        if os.environ.get("SOAK_TRACE"):
            print("step %d: cut%s; screen: %s" % (self.step, " at write %d" % self.armed if armed_hit else "",
                                                  " | ".join(self.tray.vb.screen_text())))
        before = self.on_flash()
        tray = self.tray
        self.c.cuts += 1
        tray.vb.power_cut()
        tray.vb.env.pop("VBOARD_FLASH_FAULT", None)
        self.armed = 0
        if not armed_hit and self.rng.random() < 0.4:
            # the next boot cuts the power before its N-th flash write
            self.armed = self.rng.randint(1, 40)
            tray.vb.env["VBOARD_FLASH_FAULT"] = "%d:cut" % self.armed
        self.log_at = len(tray.vb.output)
        tray.vb.start()
        tray.vb.run(300)
        if self.armed and ("flash fault at write %d" % self.armed) in self.output():
            self.check_kept(before)
            self.c.write_cuts += 1
            self.cut(armed_hit=True)          # the power went during the boot
            return
        self.booted(before)

    def booted(self, before=None):
        self.c.boots += 1
        self.check_alive()
        if before is not None:
            self.check_kept(before)
        self.check_all()

    def on_flash(self):
        return {path.name: whole_record_lines(self.flash, path) for path in self.tray.records()}

    def output(self):
        return self.tray.vb.output[self.log_at:]

    # -- the checks --------------------------------------------------------------------
    def check_alive(self):
        tray = self.tray
        tray.vb.run(100)
        out = self.output()
        if tray.vb.state != "run" or "Traceback" in out:
            raise Failure("the board is not running (%s): %s" % (tray.vb.state, out[-800:]))
        text = tray.vb.screen_text()
        if screen_kind(text) not in ("menu", "over", "keep", "order", "play"):
            raise Failure("after the boot the screen shows neither the menu nor a game:\n%s"
                          % "\n".join(text))

    def check_kept(self, before):
        after = self.on_flash()
        for name, lines in before.items():
            now = after.get(name)
            if now is None:
                raise Failure("%s was on flash before the cut and is gone" % name)
            if now[:len(lines)] != lines:
                lost = next(i for i, (a, b) in enumerate(zip(lines, now + [b""] * len(lines))) if a != b)
                raise Failure("%s lost line %d after the cut: had %d lines, now %d"
                              % (name, lost + 1, len(lines), len(now)))

    def check_all(self):
        """Every record passes verify; a game on the screen shows its replay's scores."""
        self.c.checks += 1
        results = {}
        for path in self.tray.records():
            results[path.name] = self.verify(path)
        if screen_kind(self.tray.vb.screen_text()) in ("over", "keep", "order", "play") and results:
            newest = results[max(results)]
            if newest is not None:
                self.compare_scores(newest)

    def check_game(self):
        records = self.tray.records()
        if records:
            result = self.verify(records[-1], force=True)
            self.compare_scores(result)

    def verify(self, path, force=False):
        from dicetray_host.records.verify import check
        lines = whole_record_lines(self.flash, path)
        data = b"".join(line + b"\n" for line in lines)
        digest = hashlib.sha1(data).hexdigest()
        if not force and self.verified.get(path.name) == digest:
            return None
        whole = self.flash.parent / ("whole-%d.jsonl" % self.seed)
        whole.write_bytes(data)
        result = check(whole)
        self.c.records_checked += 1
        if not result["ok"] or result["dropped"]:
            raise Failure("%s fails verify: %s" % (path.name, result.get("error") or result["warnings"]))
        self.verified[path.name] = digest
        if result["over"] and path.name not in self.finished:
            self.finished.add(path.name)
            self.c.finished += 1
        return result

    def compare_scores(self, result):
        tray = self.tray
        before = tray.vb.screen_text()
        tray.key("SCORES")
        lines = tray.vb.screen_text()
        tray.key("SCORES")  # any key goes back
        shown = scores_shown(lines)
        if shown != result["scores"]:
            raise Failure("the screen shows scores %s, the record replays to %s; the screen:\n%s\nthen:\n%s"
                          % (shown, result["scores"], "\n".join(before), "\n".join(lines)))


def run():
    seconds = float(os.environ.get("SOAK_SECONDS", "180"))
    first = int(os.environ.get("SOAK_SEED", "1"))
    sessions = os.environ.get("SOAK_SESSIONS")
    steps = int(os.environ.get("SOAK_STEPS", "250"))
    print("Monkey soak: random keys, throws and power cuts on the virtual board, all four games,")
    print("2-8 players (the menu's range), %d steps a session, seeds from %d (SOAK_SECONDS=%g)"
          % (steps, first, seconds))
    counts = Counts()
    failures = []
    work = tempfile.mkdtemp(prefix="bench-soak-")
    start = time.monotonic()
    seed = first
    try:
        while (seed - first < int(sessions)) if sessions else (time.monotonic() - start < seconds):
            session = Session(seed, steps, counts, work)
            try:
                session.run()
            except (Failure, BoardError, AssertionError) as e:
                failures.append((seed, session.step, "%s: %s" % (type(e).__name__, e)))
            shutil.rmtree(session.flash, ignore_errors=True)
            seed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    wall = time.monotonic() - start
    c = counts
    rows = (("sessions", "%d (seeds %d-%d)" % (c.sessions, first, seed - 1)),
            ("steps", c.steps), ("keys pressed", c.keys), ("throws", c.throws),
            ("power cuts", "%d (%d before a flash write)" % (c.cuts, c.write_cuts)),
            ("boots", c.boots), ("games started", c.started), ("games finished", c.finished),
            ("games left (MENU, OK)", c.left), ("records deleted (Free flash)", c.deleted),
            ("Tray setup visits", c.setups), ("checks (verify, scores, kept)", c.checks),
            ("records verified", c.records_checked), ("failures", len(failures)),
            ("wall time", "%.0f s" % wall))
    for label, value in rows:
        print("%-32s %s" % (label, value))
    for seed, step, what in failures:
        print("FAIL seed %d step %d: %s" % (seed, step, what[:1200].replace("\n", "\n     | ")))
        print("     again: SOAK_SEED=%d SOAK_SESSIONS=1 SOAK_STEPS=%d .venv/bin/python -m bench soak"
              % (seed, steps))

"""The tray played as a table plays it: keys, throws, power cuts, the screen
and the record, on the virtual board. Shared by the tests (tests/app's Tray
fixture, the browser page's menu walk) and the monkey soak (bench/soak.py)."""
import json
import subprocess
import sys
from pathlib import Path

# Bottom lines of a tray that takes faces now (see play.py's hints).
READY = ("Key the faces", "Faces or BANK", "OK: take over", "Rethrown: key it")


class Tray:
    """The virtual board running firmware/main.py, with table-level helpers."""

    def __init__(self, flash, accel=True, heap="192k", flash_kb=1408, **board):
        from dicetray_host.vboard.board import VirtualBoard
        self.flash = Path(flash)
        self.vb = VirtualBoard(str(flash), entry="main", heap=heap, accel=accel, flash_kb=flash_kb, **board)
        self.accel = accel
        self.seed = 100
        self.missed = 0

    def __enter__(self):
        self.vb.__enter__()
        self.vb.run(300)
        return self

    def __exit__(self, *exc):
        return self.vb.__exit__(*exc)

    # -- input --------------------------------------------------------------------
    def key(self, *names):
        for name in names:
            name = str(name)
            self.vb.tap("ROLL" if name == "OK" else name)  # ROLL is OK too

    def throw(self, dice=2):
        """A generated throw. Should the detector miss it (its recall is
        measured by `make bench`, not here), the player's way out is used:
        a long press of ROLL marks the throw."""
        if self.accel:
            from dicetray_host.vboard.throws import play_throw
            self.seed = play_throw(self.vb, self.seed, dice)
            if self.vb.screen_text()[-1] not in READY:
                self.missed += 1
                self.vb.press("ROLL")
                self.vb.run(800)
                self.vb.release("ROLL")
                self.vb.run(60)

    def roll(self, *faces):
        """Throw the tray and key the faces (skull = "SKULL")."""
        self.throw(len(faces))
        for face in faces:
            self.vb.tap("SKULL" if face in (0, "SKULL") else str(face))

    def cut(self):
        """Pull the plug and boot again from the same flash."""
        self.vb.power_cut()
        self.vb.start()
        self.vb.run(300)

    # -- output -------------------------------------------------------------------
    def text(self):
        return "\n".join(self.vb.screen_text())

    def shows(self, *words):
        shown = self.text()
        missing = [w for w in words if w not in shown]
        assert not missing, "screen lacks %r:\n%s" % (missing, shown)

    def records(self):
        games = self.flash / "games"
        return sorted(games.glob("*.jsonl")) if games.is_dir() else []

    def record_lines(self, path=None):
        """A record as the tray reads it (the newest when no path): its file
        and its journal's pending lines."""
        if path is None:
            files = self.records()
            if not files:
                return []
            path = files[-1]
        return whole_record_lines(self.flash, path)

    def actions(self):
        """The record's actions as (a, d or p) without t and c."""
        out = []
        for line in self.record_lines()[1:]:
            obj = json.loads(line)
            out.append((obj["a"], obj.get("d", obj.get("p"))))
        return out

    def replay(self):
        whole = self.flash.parent / "whole.jsonl"
        whole.write_bytes(b"".join(line + b"\n" for line in self.record_lines()))
        proc = subprocess.run([sys.executable, "-m", "dicetray_host.cli", "replay", "--json",
                               str(whole)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    def screen_scores(self):
        """Scores as the SCORES screen shows them, in player order."""
        self.key("SCORES")
        lines = self.vb.screen_text()
        self.key("SCORES")  # any key goes back
        return scores_shown(lines)

    # -- the menu -----------------------------------------------------------------
    def new_game(self, game, players=2, option=0):
        """From the menu (cursor on Game): choose and start."""
        new_game(self.key, self.vb.screen_text, game, players, option)


def whole_record_lines(flash, path):
    """The lines of the record at path on a virtual flash folder, with its
    journal's pending lines (tray/journal.py), as the tray reads it."""
    from dicetray.tray.journal import whole_record
    path = Path(path)
    journal = Path(flash) / "journal" / path.stem
    return whole_record(path.read_bytes(),
                        journal.read_bytes() if journal.exists() else b"").splitlines()


def scores_shown(lines):
    """The totals on a SCORES screen's lines, in player order."""
    scores = []
    for line in lines:
        words = line.split()
        if len(words) >= 2 and words[-1].isdigit() and not line.startswith("Scores"):
            scores.append(int(words[-1]))
    return scores


# -- starting a game from the menu by reading its screen -------------------------------

def new_game(key, screen_text, game, players=2, option=0):
    """From the menu (cursor on Game): choose and start. The menu may offer
    another game, count or option first (the last game's, the roster's): the
    screen is read until it shows the ones wanted. key(*names) presses keys,
    screen_text() gives the screen's lines."""
    from dicetray.games.cards import card
    title, option_shown = card(game)
    press_until(key, screen_text, "Game", title)
    key("DOWN")
    press_until(key, screen_text, "Players", "Players %d" % players)
    key("DOWN")
    press_until(key, screen_text, None, option_shown[2][option])
    key("DOWN", "ROLL")


def press_until(key, screen_text, line_start, wanted, tries=8):
    """OK until a menu line starting with line_start ends with wanted."""
    for _ in range(tries):
        lines = [line.lstrip(">").strip() for line in screen_text()]
        if any(line.endswith(wanted) and (line_start is None or line.startswith(line_start))
               for line in lines):
            return
        key("ROLL")
    raise AssertionError("the menu never showed %r:\n%s" % (wanted, "\n".join(screen_text())))

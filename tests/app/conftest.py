"""The tray firmware on the MicroPython unix port through the virtual board."""
import json
import subprocess
import sys

import pytest

from dicetray.tray import keys


@pytest.fixture
def flash(tmp_path):
    path = tmp_path / "flash"
    path.mkdir()
    return path


@pytest.fixture
def tray(flash):
    """A tray with its accelerometer, booted to the menu."""
    with Tray(flash, accel=True) as board:
        yield board


@pytest.fixture
def manual_tray(flash):
    """A tray without the accelerometer (manual mode), booted to the menu."""
    with Tray(flash, accel=False) as board:
        yield board


# Bottom lines of a tray that takes faces now (see play.py's hints).
READY = ("Key the faces", "Faces or BANK", "OK: take over", "Rethrown: key it")


class Tray:
    """The virtual board running firmware/main.py, with table-level helpers."""

    def __init__(self, flash, accel=True, heap="192k", flash_kb=1408, flash_times="typ"):
        from dicetray_host.vboard.board import VirtualBoard
        self.flash = flash
        self.vb = VirtualBoard(str(flash), entry="main", heap=heap, accel=accel, flash_kb=flash_kb,
                               flash_times=flash_times)
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
            from dicetray_host.vboard.throws import throw_points
            points, self.seed = throw_points(self.seed, dice)
            self.vb.feed(points)
            self.vb.run(points[-1][0] + 100)
            bottom = self.vb.screen_text()[-1]
            if "moving" in bottom:
                self.vb.run(600)
                bottom = self.vb.screen_text()[-1]
            if bottom not in READY:
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
        return sorted((self.flash / "games").glob("*.jsonl"))

    def record_lines(self):
        """The newest record as the tray reads it: its file and its journal's lines."""
        from dicetray.tray.journal import whole_record
        files = self.records()
        if not files:
            return []
        journal = self.flash / "journal" / files[-1].stem
        return whole_record(files[-1].read_bytes(),
                            journal.read_bytes() if journal.exists() else b"").splitlines()

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
        scores = []
        for line in lines:
            words = line.split()
            if len(words) >= 2 and words[-1].isdigit() and not line.startswith("Scores"):
                scores.append(int(words[-1]))
        return scores

    # -- the menu -----------------------------------------------------------------
    def new_game(self, game, players=2, option=0):
        """From the menu (cursor on Game): choose and start (tests/app/menu_walk.py)."""
        from menu_walk import new_game
        new_game(self.key, self.vb.screen_text, game, players, option)

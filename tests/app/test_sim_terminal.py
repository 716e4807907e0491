"""`make sim`, the README's first command, in a real terminal (tmux): the
OLED is drawn, keys reach the tray, q quits; a window too small says so."""
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from waits import HANG_S

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux not installed")
DICETRAY = Path(sys.executable).parent / "dicetray"


class Terminal:
    def __init__(self, name, command, columns, lines):
        self.name = name
        # A tmux server of its own (-S, its socket in a directory removed
        # at close): on the shared default socket, one
        # test's last session closing took the server down while another
        # test (another xdist worker, another suite on the box) was
        # starting or reading its own ("server exited unexpectedly").
        self.sockets = tempfile.TemporaryDirectory(prefix="dicetray-tmux-")
        self.tmux = ["tmux", "-S", os.path.join(self.sockets.name, "socket")]
        # Sized before the command starts: a detached session may begin at 80x24.
        subprocess.run(self.tmux + ["new-session", "-d", "-s", name, "-x", str(columns), "-y", str(lines),
                                    "sleep 0.5; " + command + "; echo EXIT $?; sleep %d" % HANG_S], check=True)
        subprocess.run(self.tmux + ["resize-window", "-t", name, "-x", str(columns), "-y", str(lines)],
                       check=True)

    def screen(self):
        return subprocess.run(self.tmux + ["capture-pane", "-t", self.name, "-p"],
                              capture_output=True, text=True).stdout

    def wait_for(self, text, timeout=HANG_S):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.2)
        raise AssertionError("terminal never showed %r:\n%s" % (text, self.screen()))

    def keys(self, *keys):
        subprocess.run(self.tmux + ["send-keys", "-t", self.name, *keys], check=True)

    def close(self):
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        self.sockets.cleanup()


def _start_a_game_and_quit(term, flash):
    """Keys start a pig game (its record appears on the flash), q quits."""
    term.keys("Down", "r", "Down", "Down", "r")       # menu: Start a pig game (3 players)
    deadline = time.monotonic() + HANG_S
    while not list(flash.glob("games/*.jsonl")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(flash.glob("games/*.jsonl")), term.screen()
    term.keys("q")
    term.wait_for("EXIT 0")


def test_sim_in_a_fresh_terminal_draws_the_tray_takes_keys_and_quits(tmp_path):
    term = Terminal("dicetray-sim-%d" % time.time_ns(), "%s sim --manual --flash %s" % (DICETRAY, tmp_path),
                    132, 41)
    try:
        term.wait_for("t throw the tray")                # the key help under the panel
        term.wait_for("\u2588")                          # the OLED, drawn in blocks
        _start_a_game_and_quit(term, tmp_path)
    finally:
        term.close()


def test_sim_in_a_terminal_as_it_opens_draws_the_panel_in_braille_and_plays(tmp_path):
    # 80x24, the size a terminal window opens at: every pixel of the panel,
    # 2x4 to a braille character, the key help within 80 columns
    term = Terminal("dicetray-compact-%d" % time.time_ns(), "%s sim --manual --flash %s" % (DICETRAY, tmp_path),
                    80, 24)
    try:
        term.wait_for("t throw the tray")
        deadline = time.monotonic() + HANG_S
        while not any(0x2801 <= ord(c) <= 0x28FF for c in term.screen()) and time.monotonic() < deadline:
            time.sleep(0.2)
        shown = term.screen()
        assert any(0x2801 <= ord(c) <= 0x28FF for c in shown), shown
        assert max(len(line) for line in shown.splitlines()) <= 80
        _start_a_game_and_quit(term, tmp_path)
    finally:
        term.close()


def test_sim_in_a_small_terminal_says_how_large_it_must_be(tmp_path):
    term = Terminal("dicetray-small-%d" % time.time_ns(), "%s sim --flash %s" % (DICETRAY, tmp_path), 70, 20)
    try:
        shown = term.wait_for("EXIT 2")
        assert "at least 80x24" in shown.replace("\n", "")
    finally:
        term.close()

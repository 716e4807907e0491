"""The virtual device behaves like a Pico's USB REPL: the real mpremote
works against it, Ctrl-C stops the running program, soft reset in the raw
REPL does not run main.py and in the friendly REPL does."""
import socket
import time

import pytest

from dicetray_host.paths import FIRMWARE
from dicetray_host.vboard.device import VirtualDevice
from usb_helpers import GAME_MAIN, flash_with_records, mpremote, pig_record
from waits import HANG_S


@pytest.mark.parametrize("raw_paste", [True, False], ids=["raw-paste", "paste-declined"])
def test_mpremote_fs_ls_cat_cp(tmp_path, raw_paste):
    flash = flash_with_records(tmp_path / "flash", [pig_record(12), pig_record(3)])
    with VirtualDevice(flash, raw_paste=raw_paste) as dev:
        ls = mpremote(dev.url, "fs", "ls", ":games")
        assert ls.returncode == 0, ls.stderr
        assert b"0001.jsonl" in ls.stdout and b"0002.jsonl" in ls.stdout

        cat = mpremote(dev.url, "fs", "cat", ":games/0002.jsonl")
        assert cat.returncode == 0, cat.stderr
        assert cat.stdout.replace(b"\r\n", b"\n").endswith(pig_record(3))

        local = tmp_path / "copy.jsonl"
        cp = mpremote(dev.url, "fs", "cp", ":games/0001.jsonl", str(local), "+",
                      "fs", "cp", str(local), ":up.jsonl")
        assert cp.returncode == 0, cp.stderr
        assert local.read_bytes() == pig_record(12)
        assert (flash / "up.jsonl").read_bytes() == pig_record(12)

        missing = mpremote(dev.url, "fs", "cat", ":games/0099.jsonl")
        assert missing.returncode != 0
        assert b"No such file" in missing.stderr or b"ENOENT" in missing.stderr


class Wire:
    """A raw connection to the device, reading what it prints."""

    def __init__(self, url):
        host, port = url[len("socket://"):].split(":")
        self.sock = socket.create_connection((host, int(port)))
        self.sock.settimeout(0.05)
        self.seen = b""
        self.pos = 0

    def send(self, data):
        self.sock.sendall(data)

    def expect(self, text, timeout=HANG_S):
        """What arrived up to and including text (which must come)."""
        deadline = time.monotonic() + timeout
        while True:
            i = self.seen.find(text, self.pos)
            if i >= 0:
                out, self.pos = self.seen[self.pos:i + len(text)], i + len(text)
                return out
            assert time.monotonic() < deadline, "no %r in %r" % (text, self.seen[-300:])
            self.pump()

    def pump(self, seconds=0.0):
        end = time.monotonic() + seconds
        while True:
            try:
                data = self.sock.recv(65536)
                if not data:
                    return False
                self.seen += data
            except socket.timeout:
                pass
            if time.monotonic() >= end:
                return True

    def quiet_for(self, seconds):
        """Everything printed from now on for `seconds`."""
        self.pump(seconds)
        out, self.pos = self.seen[self.pos:], len(self.seen)
        return out

    def close(self):
        self.sock.close()


def test_ctrl_c_stops_the_game_and_soft_resets_run_main_only_in_friendly_mode(tmp_path):
    flash = flash_with_records(tmp_path / "flash", [], main=GAME_MAIN)
    with VirtualDevice(flash, lib=FIRMWARE) as dev:
        wire = Wire(dev.url)
        wire.expect(b"action 1 2\n")             # main.py runs at power-up
        wire.send(b"\x03")
        wire.expect(b"KeyboardInterrupt")
        wire.expect(b">>> ")
        assert b"action" not in wire.quiet_for(0.2)  # the game loop is stopped

        wire.send(b"\x01")                       # raw REPL
        wire.expect(b"raw REPL; CTRL-B to exit\r\n>")
        wire.send(b"print(6*7)\x04")
        assert wire.expect(b">") == b"OK42\n\x04\x04>"
        wire.send(b"1/0\x04")
        out = wire.expect(b"\x04>")
        assert out.startswith(b"OK\x04Traceback") and b"ZeroDivisionError" in out

        wire.send(b"\x04")                       # soft reset in raw mode: main.py does not run
        wire.expect(b"OK\r\nMPY: soft reboot\r\nraw REPL; CTRL-B to exit\r\n>")
        assert b"action" not in wire.quiet_for(0.3)

        wire.send(b"\x02")                       # friendly REPL, then soft reset: main.py runs
        wire.expect(b">>> ")
        wire.send(b"\x04")
        wire.expect(b"MPY: soft reboot\r\n")
        wire.expect(b"action")
        wire.close()


def test_friendly_repl_evaluates_and_keeps_globals(tmp_path):
    with VirtualDevice(tmp_path / "flash") as dev:
        wire = Wire(dev.url)
        wire.send(b"\r")
        wire.expect(b">>> ")
        wire.send(b"x = 20\r")
        wire.expect(b"x = 20\r\n>>> ")  # echoed, nothing printed
        wire.send(b"x + 1\r")
        wire.expect(b"x + 1\r\n21\n>>> ")
        wire.close()


def test_second_connection_is_refused_while_the_port_is_open(tmp_path):
    with VirtualDevice(tmp_path / "flash") as dev:
        first = Wire(dev.url)
        first.send(b"\r")
        first.expect(b">>> ")
        second = Wire(dev.url)
        assert second.pump(1.0) is False  # closed by the device: the port is busy
        first.send(b"1+1\r")
        first.expect(b"1+1\r\n2\n>>> ")  # the first connection is untouched
        first.close()

"""Shared pieces of the USB tests: records, a virtual device, the real CLIs."""
import contextlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from dicetray.engine import record
from dicetray.engine.actions import BANK, ROLL
from waits import HANG_S

BIN = Path(sys.executable).parent
FIXTURES = Path(__file__).parent / "fixtures"
GAME_MAIN = FIXTURES / "vdevice_main.py"


def pig_record(actions, players=("Ann", "Bob")):
    """A pig record (3 circuits) of `actions` alternating roll-2 / bank lines;
    12 actions finish the game."""
    lines = [record.encode_header("pig", list(players), {"circuits": 3})]
    for i in range(actions):
        kind = ROLL if i % 2 == 0 else BANK
        lines.append(record.encode_action(kind, [2] if kind == ROLL else None, t=i * 20))
    return ("\n".join(lines) + "\n").encode()


def flash_with_records(folder, records, main=None):
    """A virtual flash folder holding /games/NNNN.jsonl (bytes per record)."""
    games = Path(folder) / "games"
    games.mkdir(parents=True, exist_ok=True)
    for number, data in enumerate(records, 1):
        (games / ("%04d.jsonl" % number)).write_bytes(data)
    if main:
        shutil.copy(main, Path(folder) / "main.py")
    return Path(folder)


def mpremote(url, *args, timeout=HANG_S):
    return subprocess.run([str(BIN / "mpremote"), "connect", "port:" + url, *args],
                          capture_output=True, timeout=timeout)


def dicetray(*args, timeout=HANG_S):
    return subprocess.run([str(BIN / "dicetray"), *args], capture_output=True, timeout=timeout)


def pull_json(url, folder, *extra):
    proc = dicetray("pull", "--port", url, str(folder), "--json", *extra)
    summary = json.loads(proc.stdout) if proc.stdout.strip() else None
    return proc, summary


@contextlib.contextmanager
def served_tray(flash, accel):
    """The tray on the virtual board with its USB REPL served on a loopback port."""
    from dicetray_host.vboard.device import board_device
    vb, device = board_device(flash, accel=accel)
    device.start()
    try:
        vb.run(300)
        yield vb, device
    finally:
        device.stop()
        vb.stop()

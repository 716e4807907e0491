"""The real firmware (main.py) on the virtual board behind the USB endpoint,
as `dicetray sim --serve PORT` runs it: a game played by keys, pulled with
the real `dicetray pull` and `mpremote` in the middle, and going on after."""
import json
from pathlib import Path
import subprocess
import sys

import pytest

from usb_helpers import mpremote, pull_json
from waits import HANG_S


@pytest.fixture
def served(tmp_path):
    from usb_helpers import served_tray
    with served_tray(tmp_path / "flash", accel=False) as tray:
        yield tray


def tap(vb, *names):
    for name in names:
        vb.tap(name)


def replay(path):
    proc = subprocess.run([sys.executable, "-m", "dicetray_host.cli", "replay", "--json", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def screen_scores(vb):
    vb.tap("SCORES")
    lines = vb.screen_text()
    vb.tap("SCORES")
    return [int(line.split()[-1]) for line in lines[1:] if line.split()[-1].isdigit()]


def test_pull_during_a_real_game_then_the_game_goes_on_and_pulls_only_the_new_lines(served, tmp_path):
    vb, device = served
    tap(vb, "DOWN", "DOWN", "ROLL", "DOWN", "ROLL")      # pig, 2 players, 3 circuits
    tap(vb, "4", "5", "BANK", "6")                        # P1 banks 9; P2 throws a 6
    assert "P2" in "\n".join(vb.screen_text())
    records = tmp_path / "records"

    proc, summary = pull_json(device.url, records)
    assert proc.returncode == 0, proc.stderr
    assert summary["copied"] == ["0001.jsonl"]
    pulled = records / "0001.jsonl"
    board = tmp_path / "flash" / "games" / "0001.jsonl"
    assert pulled.read_bytes() == board.read_bytes()
    first = len(pulled.read_bytes())

    vb.run(300)                                          # main.py boots again: the game resumes
    screen = "\n".join(vb.screen_text())
    assert "Resumed 0001" in screen and "P2" in screen
    result = replay(pulled)
    assert result["scores"] == [9, 0] == screen_scores(vb)
    assert result["points"] == 6                         # P2's turn total, as on the screen
    assert "6" in vb.screen_text()[2:4]

    tap(vb, "3", "BANK")                                  # P2 banks 9: nothing was lost
    assert screen_scores(vb) == [9, 9]
    proc, summary = pull_json(device.url, records)
    assert proc.returncode == 0, proc.stderr
    assert (summary["copied"], summary["updated"]) == ([], ["0001.jsonl"])
    assert summary["bytes"] == len(board.read_bytes()) - first   # only the new lines
    assert pulled.read_bytes() == board.read_bytes()
    assert replay(pulled)["scores"] == [9, 9]


def test_mpremote_lists_the_games_of_the_served_tray(served):
    vb, device = served
    tap(vb, "DOWN", "DOWN", "ROLL", "DOWN", "ROLL", "4")
    proc = mpremote(device.url, "fs", "ls", "/games")
    assert proc.returncode == 0, proc.stderr
    assert b"0001.jsonl" in proc.stdout
    vb.run(100)                                           # the board still answers its host
    assert vb.screen_text()                               # (the REPL keeps the screen)


def test_dicetray_sim_serve_runs_the_tray_for_mpremote_and_pull(tmp_path):
    from usb_helpers import BIN, flash_with_records, pig_record
    flash = flash_with_records(tmp_path / "flash", [pig_record(5)])   # a game in progress
    sim = subprocess.Popen([str(BIN / "dicetray"), "sim", "--serve", "0", "--manual", "--flash", str(flash)],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = sim.stdout.readline()
        assert "socket://127.0.0.1:" in first, first + sim.stderr.read()
        url = first.split(" on ")[1].split()[0]
        listing = mpremote(url, "fs", "ls", "/")
        assert listing.returncode == 0, listing.stderr
        assert b"main.py" in listing.stdout and b"games/" in listing.stdout
        proc, summary = pull_json(url, tmp_path / "records")
        assert proc.returncode == 0, proc.stderr
        assert summary["copied"] == ["0001.jsonl"]
        assert (tmp_path / "records" / "0001.jsonl").read_bytes() == pig_record(5)
    finally:
        sim.terminate()
        assert sim.wait(timeout=HANG_S) == 0


def test_deploy_to_a_fresh_virtual_pico_then_the_tray_boots_the_deployed_firmware(tmp_path):
    from dicetray_host.vboard.device import board_device
    from usb_helpers import dicetray
    flash = tmp_path / "flash"
    vb, device = board_device(flash, accel=False, deployed=False)
    device.start()
    try:
        vb.run(300)
        assert not "".join(vb.screen_text())                # nothing to run yet
        proc = dicetray("deploy", "--port", device.url, timeout=HANG_S)
        assert proc.returncode == 0, proc.stderr
        assert (flash / "main.py").read_bytes() == (Path(__file__).parents[1] / "firmware" / "main.py").read_bytes()
        assert (flash / "lib" / "dicetray" / "tray" / "app.mpy").exists()
        assert not list((flash / "lib" / "dicetray").glob("*.py"))
        vb.run(300)                                         # deploy soft-reset the board: main.py runs
        screen = "\n".join(vb.screen_text())
        assert "New game" in screen and "Manual mode" in screen
        tap(vb, "DOWN", "DOWN", "DOWN", "ROLL", "4")          # Start pig, and it plays
        assert "Roll 1 of 6" in "\n".join(vb.screen_text())
        from dicetray.tray.journal import whole_record        # the newest line waits in the journal
        whole = whole_record((flash / "games" / "0001.jsonl").read_bytes(),
                             (flash / "journal" / "0001").read_bytes())
        assert whole.count(b"\n") == 2
    finally:
        device.stop()
        vb.stop()

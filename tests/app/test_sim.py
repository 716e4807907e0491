"""`dicetray sim`: headless scripts, and a clear exit without a terminal."""
import json
import subprocess
import sys
from waits import HANG_S

SCRIPT = """# pig, 2 players, 3 circuits
DOWN DOWN ok DOWN ok
expect Pig
throw 4 throw 5 BANK     # P1 banks 9
expect P2
shot p2_to_play
cut                      # power cut, boot again
expect Resumed 0001
throw 6 throw 1
expect Turn lost
"""


def sim(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "dicetray_host.cli", "sim", *args],
                          capture_output=True, text=True, stdin=stdin, timeout=HANG_S)


def test_script_plays_cuts_power_and_prints_the_replay(tmp_path):
    script = tmp_path / "pig.txt"
    script.write_text(SCRIPT)
    proc = sim("--script", str(script), "--shots", str(tmp_path / "shots"), "--flash", str(tmp_path / "flash"))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.splitlines()[0])
    assert result["scores"] == [9, 0] and result["turn"] == 0 and result["round"] == 2
    assert "peak heap:" in proc.stdout
    assert (tmp_path / "shots" / "p2_to_play.png").read_bytes().startswith(b"\x89PNG")


def test_failed_expectation_exits_1_and_shows_the_screen(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("expect Six dice\n")
    proc = sim("--script", str(script))
    assert proc.returncode == 1
    assert "line 1: expected 'Six dice'" in proc.stderr and "New game" in proc.stderr


def test_bad_script_is_refused_before_anything_runs(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("ROLL\nwait soon\n")
    proc = sim("--script", str(script))
    assert proc.returncode == 2
    assert "line 2" in proc.stderr and "not a number" in proc.stderr


def test_without_a_terminal_it_says_how_to_script():
    proc = sim(stdin=subprocess.DEVNULL)
    assert proc.returncode == 2
    assert "needs a terminal" in proc.stderr and "--script" in proc.stderr


def test_the_compact_panel_keeps_every_pixel_in_its_braille_dot():
    from dicetray_host.vboard.frames import Frame
    from dicetray_host.vboard.sim import braille_lines
    rows = [[0] * 128 for _ in range(64)]
    lit = [(0, 0), (1, 3), (126, 63), (127, 63), (64, 33)]
    for x, y in lit:
        rows[y][x] = 1
    lines = braille_lines(Frame(rows, 255))
    assert len(lines) == 16 and all(len(line) == 64 for line in lines)
    # Unicode's braille dots: 1-2-3 down the left column, 4-5-6 the right,
    # then 7 and 8 in the fourth row
    assert lines[0][0] == chr(0x2800 + 0x01 + 0x80)      # (0,0) dot 1, (1,3) dot 8
    assert lines[15][63] == chr(0x2800 + 0x40 + 0x80)    # (126,63) dot 7, (127,63) dot 8
    assert lines[8][32] == chr(0x2800 + 0x02)            # (64,33): left column, second row
    assert sum(ch != " " for line in lines for ch in line) == 3


def test_chip_time_plays_the_same_game_and_says_what_python_took(tmp_path):
    # --chip-time: the firmware's own Python takes the RP2040's time, so the
    # same keys and throws take longer on the board's clock and lead to the
    # same game.
    script = tmp_path / "pig.txt"
    script.write_text("DOWN DOWN ok DOWN ok\nexpect Pig\nthrow 4 throw 5 BANK\nexpect P2\n")
    plain = sim("--script", str(script))
    chip = sim("--script", str(script), "--chip-time")
    assert plain.returncode == 0 and chip.returncode == 0, plain.stderr + chip.stderr
    assert chip.stdout.splitlines()[0] == plain.stdout.splitlines()[0]
    assert json.loads(chip.stdout.splitlines()[0])["scores"] == [9, 0]
    said = [line for line in chip.stdout.splitlines() if line.startswith("board time:")]
    assert said and "board time:" not in plain.stdout
    board_ms, python_ms = [int(word) for word in said[0].replace(",", " ").split() if word.isdigit()]
    assert 0 < python_ms < board_ms

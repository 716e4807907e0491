"""`dicetray replay` as other tools use it: the log-format.md contract, on
both runtimes."""
import json
import subprocess
import sys

import pytest
from waits import HANG_S

RUNTIMES = ("cpython", "micropython")
HEADER = '{"v":1,"game":"pig","players":["Ann","Bob","Cy"],"opts":{"circuits":5}}'


def replay(path, *options):
    proc = subprocess.run([sys.executable, "-m", "dicetray_host.cli", "replay", str(path), *options],
                          capture_output=True, text=True, timeout=HANG_S)
    return proc.returncode, proc.stdout, proc.stderr


def write(tmp_path, *lines, end="\n"):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + end, encoding="utf-8")
    return path


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_json_result(tmp_path, runtime):
    path = write(tmp_path, HEADER, '{"a":"roll","d":[4]}', '{"a":"roll","d":[5]}', '{"a":"bank"}',
                 '{"a":"roll","d":[1]}')
    code, out, err = replay(path, "--json", "--runtime", runtime)
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    result = json.loads(out)
    assert list(result)[:5] == ["game", "players", "scores", "over", "winners"]
    assert result["scores"] == [9, 0, 0] and result["over"] is False and result["winners"] == []
    assert result["turn"] == 2 and result["round"] == 1


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_illegal_action_exit_2_one_line(tmp_path, runtime):
    path = write(tmp_path, HEADER, '{"a":"roll","d":[4]}', '{"a":"keep","d":[4]}', '{"a":"bank"}')
    code, out, err = replay(path, "--json", "--runtime", runtime)
    assert (code, out, err) == (2, "", "line 3: keep: Not in this game\n")


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_torn_last_line_reported_and_dropped(tmp_path, runtime):
    path = write(tmp_path, HEADER, '{"a":"roll","d":[4]}', '{"a":"ba', end="")
    code, out, err = replay(path, "--json", "--runtime", runtime)
    assert code == 0
    assert err == "line 3: torn last line dropped\n"
    assert json.loads(out)["scores"] == [0, 0, 0]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_bad_header(tmp_path, runtime):
    path = write(tmp_path, HEADER.replace('"circuits":5', '"circuits":4'), '{"a":"roll","d":[4]}')
    assert replay(path, "--json", "--runtime", runtime) == (2, "", "line 1: bad header: circuits must be 3 or 5\n")


def test_game_over_with_tie(tmp_path):
    # Three circuits: Ann and Bob bank 4 each turn, Cy rolls a 1 each turn.
    circuit = ['{"a":"roll","d":[4]}', '{"a":"bank"}'] * 2 + ['{"a":"roll","d":[1]}']
    path = write(tmp_path, HEADER.replace('"circuits":5', '"circuits":3'), *(circuit * 3))
    code, out, _ = replay(path, "--json")
    result = json.loads(out)
    assert result["over"] is True and result["winners"] == [0, 1] and result["scores"] == [12, 12, 0]
    code, out, _ = replay(path)
    assert "tied winner" in out and "game over" in out


def test_readable_table(tmp_path):
    path = write(tmp_path, HEADER, '{"a":"roll","d":[4]}', '{"a":"bank"}', '{"a":"roll","d":[6]}')
    code, out, err = replay(path)
    assert code == 0
    assert out.splitlines()[0] == "pig, circuit 1"
    assert "Ann          4" in out
    assert "Bob          0  to play, 6 points this turn" in out


def test_out_of_heap_is_not_a_rules_error(tmp_path):
    path = write(tmp_path, HEADER, '{"a":"roll","d":[4]}')
    code, out, err = replay(path, "--json", "--runtime", "micropython", "--heap", "8k")
    assert code == 3 and out == ""
    assert "heap" in err and "line" not in err


def test_unreadable_file(tmp_path):
    code, out, err = replay(tmp_path / "missing.jsonl", "--json")
    assert code == 2 and out == "" and "cannot read" in err


def test_wrong_option(tmp_path):
    path = write(tmp_path, HEADER)
    code, out, err = replay(path, "--runtime", "jython")
    assert code == 2 and "invalid choice: 'jython'" in err
    code, out, err = replay(path, "--runtime", "micropython", "--heap", "lots")
    assert code == 2 and "--heap" in err

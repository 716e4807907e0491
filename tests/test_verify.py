"""dicetray verify: good and corrupt records, exact reports and exit codes."""
import json

from dicetray.engine import record

import after_game_records as recs
from printed import command


def lines_of(text):
    return text.rstrip("\n").split("\n")


def flipped_byte(text):
    """Line 5 is {"a":"roll","d":[3],...}: make the 3 a 2 (the CRC no longer holds)."""
    lines = lines_of(text)
    assert '"d":[3]' in lines[4]
    lines[4] = lines[4].replace('"d":[3]', '"d":[2]')
    return "\n".join(lines) + "\n"


def torn_last(text):
    return text[:-12]  # a power cut in the middle of writing the last line


def torn_middle(text):
    lines = lines_of(text)
    lines[5] = lines[5][:len(lines[5]) // 2]
    return "\n".join(lines) + "\n"


def wrong_header(text):
    lines = lines_of(text)
    lines[0] = record.encode_header("poker", ["Ann", "Bob"], {})
    return "\n".join(lines) + "\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_good_records_are_ok_with_game_players_actions_and_state(tmp_path, capsys):
    pig = write(tmp_path, "pig.jsonl", recs.pig_tie())
    bank = write(tmp_path, "bank.jsonl", recs.bank_open())
    assert command("verify", [pig, bank]) == 0
    assert capsys.readouterr().out == (
        "%s: OK pig, 2 players (Ann, Bob), 20 actions, over, tied winners Ann, Bob\n"
        "%s: OK bank, 3 players (Ann, Bob, Cy), 7 actions, in progress (round 2)\n"
        "2 of 2 records OK\n" % (pig, bank))


def test_each_kind_of_damage_is_named_by_line_and_exits_1(tmp_path, capsys):
    good = recs.pig_tie()
    files = [write(tmp_path, "flipped.jsonl", flipped_byte(good)),
             write(tmp_path, "middle.jsonl", torn_middle(good)),
             write(tmp_path, "header.jsonl", wrong_header(good)),
             write(tmp_path, "empty.jsonl", ""),
             str(tmp_path / "missing.jsonl")]
    assert command("verify", files) == 1
    assert capsys.readouterr().out == (
        "%s: BAD line 5: check (c) does not match\n"
        "%s: BAD line 6: not complete JSON\n"
        "%s: BAD line 1: bad header: game must be pig, bank, skulls or sixdice\n"
        "%s: BAD line 1: bad header: empty record\n"
        "%s: BAD cannot read: No such file or directory\n"
        "0 of 5 records OK\n" % tuple(files))


def test_an_illegal_action_is_named_with_the_rules_reason(tmp_path, capsys):
    lines = lines_of(recs.pig_tie())
    lines[3] = record.encode_action(3, [4])  # "keep" is not an action of pig
    path = write(tmp_path, "keep.jsonl", "\n".join(lines) + "\n")
    assert command("verify", [path]) == 1
    assert capsys.readouterr().out == "%s: BAD line 4: keep: Not in this game\n" % path


def test_torn_last_line_is_a_warning_and_exit_0(tmp_path, capsys):
    path = write(tmp_path, "torn.jsonl", torn_last(recs.pig_tie()))
    assert command("verify", [path]) == 0
    assert capsys.readouterr().out == (
        "%s: OK pig, 2 players (Ann, Bob), 19 actions, in progress (circuit 3)\n"
        "  warning: line 21: torn last line dropped\n" % path)


def test_lines_without_a_check_are_reported(tmp_path, capsys):
    lines = lines_of(recs.pig_tie())
    lines[2] = '{"a":"roll","d":[4]}'
    path = write(tmp_path, "plain.jsonl", "\n".join(lines) + "\n")
    assert command("verify", [path]) == 0
    assert capsys.readouterr().out.endswith("  warning: line 3 without a check (c)\n")


def test_json_report(tmp_path, capsys):
    good = write(tmp_path, "good.jsonl", recs.skulls())
    bad = write(tmp_path, "bad.jsonl", flipped_byte(recs.pig_tie()))
    assert command("verify", ["--json", good, bad]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report[0]["ok"] is True and report[0]["actions"] == 9 and report[0]["over"] is True
    assert report[0]["scores"] == [0, 10] and report[0]["winners"] == [1]
    assert report[1] == {"file": bad, "ok": False, "line": 5, "error": "line 5: check (c) does not match"}


def test_the_dicetray_command_exits_1_for_scripts(tmp_path):
    import subprocess
    import sys
    good = write(tmp_path, "good.jsonl", recs.pig_tie())
    bad = write(tmp_path, "bad.jsonl", torn_middle(recs.pig_tie()))
    run = [sys.executable, "-m", "dicetray_host.cli", "verify"]
    assert subprocess.run(run + [good], capture_output=True).returncode == 0
    proc = subprocess.run(run + [good, bad], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[1] == "%s: BAD line 6: not complete JSON" % bad

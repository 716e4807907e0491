"""dicetray import and stats: the SQLite history and the numbers drawn from it.

The expected statistics are worked out by hand from the actions written in
after_game_records.py, not from the code."""
import json
import sqlite3

import pytest

from dicetray_host.records import db

import after_game_records as recs
from printed import command
from test_verify import flipped_byte, torn_last, torn_middle, wrong_header


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def counts(path):
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute("SELECT COUNT(*) FROM %s" % t).fetchone()[0]
                for t in ("games", "players", "turns", "actions")}
    finally:
        conn.close()


def test_importing_the_same_records_twice_changes_nothing(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    files = [write(tmp_path, "pig.jsonl", recs.pig_tie()), write(tmp_path, "skulls.jsonl", recs.skulls())]
    assert command("import", files + ["--db", base]) == 0
    first = counts(base)
    # 2 games; 2 + 2 players; turns: pig 6, skulls 4; actions: 20 + 9 lines
    assert first == {"games": 2, "players": 4, "turns": 10, "actions": 29}
    capsys.readouterr()
    assert command("import", files + ["--db", base]) == 0
    assert counts(base) == first
    out = capsys.readouterr().out
    assert "%s: already imported as game 1, nothing changed\n" % files[0] in out
    assert "2 records: 2 unchanged" in out


@pytest.mark.parametrize("damage,message", [
    (flipped_byte, "line 5: check (c) does not match"),
    (torn_middle, "line 6: not complete JSON"),
    (wrong_header, "line 1: bad header: game must be pig, bank, skulls or sixdice"),
])
def test_a_corrupt_record_is_refused_whole(tmp_path, capsys, damage, message):
    base = str(tmp_path / "games.sqlite")
    bad = write(tmp_path, "bad.jsonl", damage(recs.pig_tie()))
    assert command("import", [bad, "--db", base]) == 1
    assert capsys.readouterr().err == "%s: not imported: %s\n" % (bad, message)
    assert counts(base) == {"games": 0, "players": 0, "turns": 0, "actions": 0}


def test_a_bad_record_among_good_ones_leaves_the_good_ones(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    files = [write(tmp_path, "good.jsonl", recs.skulls()),
             write(tmp_path, "bad.jsonl", flipped_byte(recs.pig_tie()))]
    assert command("import", files + ["--db", base]) == 1
    assert counts(base)["games"] == 1
    assert capsys.readouterr().out.endswith("2 records: 1 imported, 1 not imported (database %s)\n" % base)


def test_a_torn_last_line_is_left_out_with_a_warning(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    path = write(tmp_path, "torn.jsonl", torn_last(recs.pig_tie()))
    assert command("import", [path, "--db", base]) == 0
    assert capsys.readouterr().err == "%s: warning: line 21: torn last line dropped\n" % path
    assert counts(base)["actions"] == 19


def test_a_game_that_grew_is_updated_and_an_older_copy_changes_nothing(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    early = write(tmp_path, "early.jsonl", recs.bank_first_round())
    full = write(tmp_path, "full.jsonl", recs.bank_full())
    assert command("import", [early, "--db", base]) == 0
    assert counts(base) == {"games": 1, "players": 3, "turns": 3, "actions": 6}
    assert command("import", [full, "--db", base]) == 0
    # 10 rounds x 3 players = 30 turns; 6 + 9 x 4 = 42 action lines
    assert counts(base) == {"games": 1, "players": 3, "turns": 30, "actions": 42}
    assert command("import", [early, "--db", base]) == 0
    assert counts(base) == {"games": 1, "players": 3, "turns": 30, "actions": 42}
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "%s: updated game 1, which has grown (bank, 3 players, 42 action lines, over)" % full
    assert out[2] == "%s: older copy of game 1, nothing changed" % early


def stats(tmp_path, capsys, *args):
    capsys.readouterr()
    assert command("stats", ["--json", "--db", str(tmp_path / "games.sqlite"), *args]) == 0
    return {(r["player"], r["game"]): r for r in json.loads(capsys.readouterr().out)}


def test_stats_match_hand_worked_games(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    files = [write(tmp_path, n + ".jsonl", t) for n, t in (
        ("pig", recs.pig_tie()), ("skulls", recs.skulls()), ("bank", recs.bank_full()),
        ("open", recs.bank_open()))]
    assert command("import", files + ["--db", base]) == 0
    rows = stats(tmp_path, capsys)
    pick = ("games", "wins", "shared", "avg_banked", "bust_rate", "longest_turn")

    def got(key):
        return tuple(rows[key][k] for k in pick)

    # Pig: Ann banks 9 (4, 5), banks 9 (6, 3: the void and the undone 2 do not
    # count), rolls a 1; Bob rolls 3 then 1, banks 12 by the sixth roll, banks 6.
    # A tie at 18: a shared win each.
    assert got(("Ann", "pig")) == (1, 1, 1, 9.0, pytest.approx(1 / 3), 2)
    assert got(("Bob", "pig")) == (1, 1, 1, 9.0, pytest.approx(1 / 3), 6)
    # Skulls: Cy passes 18 (2 throws), then two skulls (2 throws);
    # Dee: a skull (2 throws), then passes 10 (1 throw). Dee wins.
    assert got(("Cy", "skulls")) == (1, 0, 0, 18.0, 0.5, 2)
    assert got(("Dee", "skulls")) == (1, 1, 0, 10.0, 0.5, 2)
    # Bank (the finished game only; the other bank record is still in progress):
    # Ann banks 87 after 3 throws, then 5 in each of 9 rounds: 132 / 10 = 13.2.
    # Bob and Cy: in for all 5 throws of round 1 when the 7 came, then 9 x 5.
    assert got(("Ann", "bank")) == (1, 1, 0, 13.2, 0.0, 3)
    assert got(("Bob", "bank")) == (1, 0, 0, 5.0, 0.1, 5)
    assert got(("Cy", "bank")) == (1, 0, 0, 5.0, 0.1, 5)
    assert len(rows) == 7

    only = stats(tmp_path, capsys, "--player", "Ann", "--game", "bank")
    assert list(only) == [("Ann", "bank")]


def test_stats_table_and_plot(tmp_path, capsys):
    base = str(tmp_path / "games.sqlite")
    files = [write(tmp_path, "pig.jsonl", recs.pig_tie()), write(tmp_path, "skulls.jsonl", recs.skulls())]
    assert command("import", files + ["--db", base]) == 0
    capsys.readouterr()
    png = tmp_path / "progress.png"
    assert command("stats", ["--db", base, "--player", "Ann", "--plot", str(png)]) == 0
    assert capsys.readouterr().out == (
        "Player  Game  Games  Wins  Shared  Avg banked  Bust rate  Longest turn\n"
        "Ann     pig       1     1       1         9.0      33.3%%      2 throws\n"
        "plot: %s (1 games)\n" % png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_default_database_is_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert db.default_path() == str(tmp_path / "data" / "dicetray" / "games.sqlite")

"""Power cuts: every action is on flash before the screen shows it, and a
game resumes exactly where it was after the power comes back."""
from dicetray.engine import record
from dicetray.engine.actions import ROLL, BANK


def test_power_cut_after_every_action_of_a_whole_game(tray):
    tray.new_game("pig", players=2, option=1)        # 3 circuits
    # (faces of one throw, or "BANK"), as played; P1 23, P2 16 at the end
    plan = [4, 5, "BANK", 6, 1, 3, "BANK", 2, 2, 2, 2, 2, 2, 5, 6, "BANK", 4, "BANK"]
    expected = []
    for step in plan:
        if step == "BANK":
            tray.key("BANK")
            expected.append(("bank", None))
        else:
            tray.roll(step)
            expected.append(("roll", [step]))
        assert tray.actions() == expected
        scores_before = tray.replay()["scores"]
        if len(expected) == len(plan):
            tray.shows("Game over", "Winner", "P1", "23")
            assert tray.screen_scores() == [23, 16]
        tray.cut()                                   # kill the process, boot again
        assert tray.actions() == expected            # nothing lost, nothing twice
        assert tray.replay()["scores"] == scores_before
        tray.shows("Resumed 0001")
        assert tray.screen_scores() == scores_before
    tray.shows("Game over", "P1", "23")              # the result stays until MENU
    tray.key("MENU")
    tray.cut()
    tray.shows("New game")                           # a game left is not resumed
    assert len(tray.records()) == 1


def test_faces_not_yet_a_throw_are_not_recorded_and_resume_asks_for_a_throw(tray):
    tray.new_game("sixdice", players=2)
    tray.throw(6)
    tray.key("1", "5", "5")                          # half a throw keyed
    tray.shows("Keys 1 5 5 _ _ _")
    tray.cut()
    assert tray.actions() == []
    tray.shows("Resumed 0001", "Six dice", "P1")
    tray.key("1")
    tray.shows("Throw first")
    tray.roll(1, 5, 5, 2, 3, 4)
    assert tray.actions() == [("roll", [1, 5, 5, 2, 3, 4])]


def write_record(flash, name, lines, tail=b""):
    games = flash / "games"
    games.mkdir(exist_ok=True)
    data = b"".join(line.encode() + b"\n" for line in lines) + tail
    (games / name).write_bytes(data)
    return games / name


def pig_lines():
    return [record.encode_header("pig", ["Ann", "Bob"], {"circuits": 3}),
            record.encode_action(ROLL, [4], t=1000),
            record.encode_action(ROLL, [5], t=2000),
            record.encode_action(BANK, t=2500)]


def test_torn_last_line_is_cut_and_reported(flash):
    from conftest import Tray
    lines = pig_lines()
    torn = record.encode_action(ROLL, [3], t=4000)[:17].encode()  # the power went mid-write
    path = write_record(flash, "0007.jsonl", lines, torn)
    with Tray(flash) as tray:
        tray.shows("Torn line 5", "Bob")
        assert path.read_bytes() == b"".join(line.encode() + b"\n" for line in lines)
        tray.roll(6)
        assert tray.actions()[-1] == ("roll", [6])
        result = tray.replay()
        assert result["scores"] == [9, 0] and result["points"] == 6
        last = tray.record_lines()[-1]               # (in the journal until a batch)
        assert record.decode(last)["t"] > 2500       # time goes on from the record


def test_record_that_does_not_replay_is_kept_and_a_new_game_gets_the_next_number(flash):
    from conftest import Tray
    lines = pig_lines()
    lines.insert(2, record.encode_action(BANK, t=1500)[:-3] + "00}")   # bad check mid-record
    path = write_record(flash, "0003.jsonl", lines)
    before = path.read_bytes()
    with Tray(flash) as tray:
        tray.shows("Bad 0003", "New game")
        tray.new_game("pig")
        assert [p.name for p in tray.records()] == ["0003.jsonl", "0004.jsonl"]
        assert path.read_bytes() == before


def test_power_cut_during_a_torn_line_repair_is_finished_at_the_next_boot(flash):
    from conftest import Tray
    lines = pig_lines()
    torn = record.encode_action(ROLL, [3], t=4000)[:17].encode()
    good = b"".join(line.encode() + b"\n" for line in lines)
    path = write_record(flash, "0007.jsonl", lines, torn)
    (flash / "games" / "0007.jsonl.whole").write_bytes(good)   # copied and marked complete, not yet renamed
    partial = write_record(flash, "0006.jsonl", lines[:3])
    (flash / "games" / "0006.jsonl.cut").write_bytes(good[:40])  # a copy cut short: never trusted
    with Tray(flash) as tray:
        tray.shows("Resumed 0007", "Bob")
        assert sorted(p.name for p in (flash / "games").iterdir()) == ["0006.jsonl", "0007.jsonl"]
        assert path.read_bytes() == good
        assert partial.read_bytes() == b"".join(line.encode() + b"\n" for line in lines[:3])
        tray.roll(6)
        assert tray.replay()["scores"] == [9, 0]


def write_journal(flash, number, record_size, lines):
    journal = flash / "journal"
    journal.mkdir(exist_ok=True)
    data = b"%d\n" % record_size + b"".join(line.encode() + b"\n" for line in lines)
    (journal / ("%04d" % number)).write_bytes(data)


def test_the_journals_lines_are_part_of_the_game_after_a_power_cut(flash):
    lines = pig_lines()
    path = write_record(flash, "0004.jsonl", lines[:2])
    more = [record.encode_action(ROLL, [6], t=3000), record.encode_action(ROLL, [2], t=4000)]
    write_journal(flash, 4, path.stat().st_size, lines[2:3] + more)
    from conftest import Tray
    with Tray(flash) as tray:
        tray.shows("Resumed 0004")
        assert tray.actions() == [("roll", [4]), ("roll", [5]), ("roll", [6]), ("roll", [2])]
        assert tray.screen_scores() == [0, 0]
        tray.key("BANK")                             # P1 banks 4 + 5 + 6 + 2 = 17
        assert tray.screen_scores() == [17, 0]
        tray.key("MENU", "OK")                       # leave: the record file is whole
    assert not (flash / "journal" / "0004").exists()
    assert path.read_bytes().count(b"\n") == 6


def test_a_cut_after_a_batch_reached_the_record_neither_loses_nor_doubles_a_line(flash):
    lines = pig_lines()
    path = write_record(flash, "0005.jsonl", lines)
    # The journal still names the size before its lines went to the record.
    write_journal(flash, 5, len(lines[0]) + len(lines[1]) + 2, lines[2:])
    from conftest import Tray
    with Tray(flash) as tray:
        tray.shows("Resumed 0005")
        assert tray.actions() == [("roll", [4]), ("roll", [5]), ("bank", None)]
        assert tray.screen_scores() == [9, 0]
        tray.roll(3)
        assert tray.actions()[-1] == ("roll", [3])
        assert tray.replay()["scores"] == [9, 0]

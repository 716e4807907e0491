"""`dicetray pull` against the virtual device, through the real CLI."""
import json
import time

from dicetray.engine import record
from dicetray.engine.replay import replay
from dicetray_host.paths import FIRMWARE
from dicetray_host.vboard.device import VirtualDevice
from usb_helpers import GAME_MAIN, dicetray, flash_with_records, pig_record, pull_json
from waits import HANG_S


def board_files(flash):
    return {p.name: p.read_bytes() for p in sorted((flash / "games").glob("*.jsonl"))}


def local_files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def action_times(data):
    """The t of every action line, each line checked."""
    return [record.decode(line)["t"] for line in data.split(b"\n")[1:] if line]


def test_pull_during_a_game_copies_whole_lines_and_the_game_goes_on(tmp_path):
    flash = flash_with_records(tmp_path / "flash", [], main=GAME_MAIN)
    out = tmp_path / "records"
    with VirtualDevice(flash, lib=FIRMWARE) as dev:
        dev.wait_output(b"action 2 3\n", timeout=HANG_S)
        proc, first = pull_json(dev.url, out)
        assert proc.returncode == 0, proc.stderr
        assert first["copied"] and not first["damaged"]
        last = first["copied"][-1]
        # Interrupted after its 12th action, the last game was already over
        # (1 time in 12): the test firmware then starts the next one.
        in_progress = (out / last).read_bytes().count(b"\n") < 13
        mark = len(dev.transcript)
        dev.wait_output(b"action", start=mark, timeout=HANG_S)  # the game loop runs again
        time.sleep(0.3)
        proc, second = pull_json(dev.url, out)
        assert proc.returncode == 0, proc.stderr
        # the game that was in progress grew: updated, never copied twice
        assert set(second["copied"]).isdisjoint(first["copied"])
        assert (last in second["updated"]) == in_progress
        dev.stop()
    board = board_files(flash)
    local = local_files(out)
    assert set(local) <= set(board)
    for name, data in local.items():
        assert board[name].startswith(data) and data.endswith(b"\n")
        with open(out / name, "rb") as f:
            replay(f)  # every copy replays
    # Across two interruptions no action was lost or written twice: the
    # test firmware stamps action i of a game with t = 20 * i.
    for name, data in board.items():
        times = action_times(data[:data.rfind(b"\n") + 1])
        assert times == [20 * i for i in range(len(times))], name


def test_pull_twice_copies_nothing_the_second_time(tmp_path):
    records = [pig_record(12), pig_record(12, ("Cy", "Di")), pig_record(5)]
    flash = flash_with_records(tmp_path / "flash", records)
    out = tmp_path / "records"
    with VirtualDevice(flash) as dev:
        proc, first = pull_json(dev.url, out)
        assert proc.returncode == 0, proc.stderr
        assert first["copied"] == ["0001.jsonl", "0002.jsonl", "0003.jsonl"]
        assert first["bytes"] == sum(len(r) for r in records)
        proc, second = pull_json(dev.url, out)
        assert (second["copied"], second["updated"], second["bytes"]) == ([], [], 0)
        assert second["unchanged"] == 3
        # the unfinished game grows on the board: only its new lines travel
        (flash / "games" / "0003.jsonl").write_bytes(pig_record(8))
        proc, third = pull_json(dev.url, out)
        assert third["updated"] == ["0003.jsonl"] and third["copied"] == []
        assert third["bytes"] == len(pig_record(8)) - len(pig_record(5))
    assert local_files(out) == {"0001.jsonl": records[0], "0002.jsonl": records[1],
                                "0003.jsonl": pig_record(8)}


def test_a_different_game_under_a_known_number_is_kept_beside_it(tmp_path):
    out = tmp_path / "records"
    out.mkdir()
    (out / "0001.jsonl").write_bytes(pig_record(12, ("Old", "Game")))
    flash = flash_with_records(tmp_path / "flash", [pig_record(12)])
    with VirtualDevice(flash) as dev:
        proc, first = pull_json(dev.url, out)
        assert first["copied"] == ["0001-2.jsonl"]
        proc, again = pull_json(dev.url, out)
        assert again["copied"] == [] and again["unchanged"] == 1
    assert (out / "0001.jsonl").read_bytes() == pig_record(12, ("Old", "Game"))
    assert (out / "0001-2.jsonl").read_bytes() == pig_record(12)


def test_a_cut_connection_leaves_nothing_partial_and_the_next_pull_completes(tmp_path):
    records = [pig_record(12, ("P%d" % i, "Q")) for i in range(40)]
    flash = flash_with_records(tmp_path / "flash", records)
    out = tmp_path / "records"
    with VirtualDevice(flash) as dev:
        dev.cut_after(14000)  # mid-way through the ~30 KB of base64
        proc, summary = pull_json(dev.url, out)
        assert proc.returncode == 1
        assert b"connection" in proc.stderr and b"run pull again" in proc.stderr
        kept = local_files(out)
        assert 0 < len(kept) < 40
        board = board_files(flash)
        for name, data in kept.items():
            assert data == board[name], name  # only whole, checked records
        proc, summary = pull_json(dev.url, out)
        assert proc.returncode == 0, proc.stderr
        assert len(summary["copied"]) == 40 - len(kept)
    assert local_files(out) == board_files(flash)


def test_clear_finished_deletes_only_verified_finished_records(tmp_path):
    damaged = bytearray(pig_record(12, ("Eve", "Fay")))
    second_line = damaged.index(b"\n") + 1
    damaged[second_line + 8] ^= 0x01  # a flipped bit inside line 2: its check fails
    flash = flash_with_records(tmp_path / "flash", [pig_record(12), bytes(damaged), pig_record(7)])
    out = tmp_path / "records"
    with VirtualDevice(flash) as dev:
        proc, summary = pull_json(dev.url, out, "--clear-finished")
    assert proc.returncode == 1  # a damaged record is reported
    assert summary["cleared"] == ["0001.jsonl"]
    assert "0002.jsonl" in summary["damaged"] and "line 2" in summary["damaged"]["0002.jsonl"]
    assert sorted(board_files(flash)) == ["0002.jsonl", "0003.jsonl"]  # damaged and unfinished stay
    assert local_files(out) == {"0001.jsonl": pig_record(12), "0003.jsonl": pig_record(7)}


def test_pull_method_cp_gives_the_same_files(tmp_path):
    records = [pig_record(12), pig_record(3)]
    flash = flash_with_records(tmp_path / "flash", records)
    with VirtualDevice(flash, raw_paste=False) as dev:
        proc, summary = pull_json(dev.url, tmp_path / "records", "--method", "cp")
    assert proc.returncode == 0, proc.stderr
    assert local_files(tmp_path / "records") == {"0001.jsonl": records[0], "0002.jsonl": records[1]}


def test_pull_without_a_board_says_so(tmp_path):
    proc = dicetray("pull", "--port", "socket://127.0.0.1:1", str(tmp_path / "r"))
    assert proc.returncode == 1
    assert b"dicetray pull: cannot open socket://127.0.0.1:1" in proc.stderr
    assert not (tmp_path / "r").exists() or not list((tmp_path / "r").iterdir())


def test_json_summary_is_plain_json(tmp_path):
    flash = flash_with_records(tmp_path / "flash", [pig_record(2)])
    with VirtualDevice(flash) as dev:
        proc = dicetray("pull", "--port", dev.url, str(tmp_path / "r"), "--json")
    summary = json.loads(proc.stdout)
    assert summary["on_board"] == 1 and summary["method"] == "stream"

"""`dicetray pull` trusts nothing a device sends (issue 11): a fake device
at the USB boundary (tests/fake_device.py) answers with path names, junk,
endless output, error output, a dump without its end marker, a 50 MB line.
Each gives exit 1 with a clear message and no traceback, writes nothing
outside DIR and nothing partial inside it, and hands the device back (a
soft reset in the friendly REPL)."""
import binascii
import itertools
import time
import zlib

import pytest

from dicetray_host.usb.pull import MAX_DUMP_LINE, MAX_LISTING_BYTES, MAX_RECORD_BYTES
from dicetray_host.vboard.device import VirtualDevice, board_device
from fake_device import FakeDevice, listing
from usb_helpers import GAME_MAIN, dicetray, flash_with_records, pig_record, pull_json
from dicetray_host.paths import FIRMWARE
from waits import HANG_S

GOOD = pig_record(12)


def dump(name, data, end=True, extra=b""):
    out = b"F " + name.encode() + b"\n"
    for i in range(0, len(data), 384):
        out += binascii.b2a_base64(data[i:i + 384])
    out += extra
    if end:
        out += b"E %d %08x\n" % (len(data), zlib.crc32(data) & 0xFFFFFFFF)
    return out


def answers(list_out, dump_out=b"", err=b""):
    """answer(code) for a device whose listing and dump are these (bytes or
    iterators of chunks); `err` is the error output of the listing."""
    def answer(code):
        if "_list(" in code:
            chunks = [list_out] if isinstance(list_out, bytes) else list_out
            return chunks, err
        if "_dump(" in code:
            return ([dump_out] if isinstance(dump_out, bytes) else dump_out), b""
        return [b""], b""
    return answer


def endless(chunk):
    return itertools.repeat(chunk)


def slowly(chunk, pause):
    while True:
        time.sleep(pause)
        yield chunk


def outside(tmp_path):
    """Every file under tmp_path outside the records folder."""
    return sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")
                  if p.is_file() and "records" not in p.parts)


CASES = {
    "parent path": (answers(listing("L ../../evil.jsonl 10", "N 1")), "not understood"),
    "absolute path": (answers(listing("L /tmp/evil.jsonl 10", "N 1")), "not understood"),
    "not a record name": (answers(listing("L 0001.txt 10", "N 1")), "not understood"),
    "name with a newline": (answers(b"L 00\n01.jsonl 10\nN 1\n"), "not understood"),
    "junk": (answers(b"hello \x1b[2J world\n"), "not understood: line 1: 'hello \\x1b[2J world'"),
    "python repr listing": (answers(b"('0001.jsonl', 10, [])\n"), "not understood"),
    "negative size": (answers(listing("L 0001.jsonl -5", "N 1")), "not understood"),
    "count that does not match": (answers(listing("L 0001.jsonl 5", "N 3")), "not understood"),
    "no count": (answers(listing("L 0001.jsonl 5")), "ended early"),
    "the same name twice": (answers(listing("L 0001.jsonl 5", "L 0001.jsonl 5", "N 2")), "not understood"),
    "a crc not asked for": (answers(listing("L 0001.jsonl 5 3:00000000", "N 1")), "not understood"),
    "error output": (answers(b"", err=b"Traceback (most recent call last):\r\n  File \"<stdin>\"\r\n"
                                     b"OSError: [Errno 5] EIO\r\n"),
                     "the board reported an error: OSError: [Errno 5] EIO"),
    "endless listing": (answers(endless(b"L 0001.jsonl 5\n" * 1000)),
                        "more than %d bytes" % MAX_LISTING_BYTES),
    "no end marker": (answers(listing("L 0001.jsonl %d" % len(GOOD), "N 1"), dump("0001.jsonl", GOOD, end=False)),
                      "0001.jsonl: the tray's dump ended without its end marker"),
    "50 MB line": (answers(listing("L 0001.jsonl %d" % len(GOOD), "N 1"),
                           itertools.chain([b"F 0001.jsonl\n"], itertools.repeat(b"A" * 65536, 800))),
                   "the board sent more than"),
    "50 MB line in a large record": (answers(listing("L 0001.jsonl %d" % MAX_RECORD_BYTES, "N 1"),
                                             itertools.chain([b"F 0001.jsonl\n"], itertools.repeat(b"A" * 65536, 800))),
                                     "a line of more than %d bytes" % MAX_DUMP_LINE),
    "more than listed": (answers(listing("L 0001.jsonl 100", "N 1"), dump("0001.jsonl", GOOD)),
                         "0001.jsonl: the tray sent more than the 100 bytes it listed"),
    "another record than asked": (answers(listing("L 0001.jsonl %d" % len(GOOD), "N 1"),
                                          dump("0002.jsonl", GOOD)), "dump is not understood"),
    "a bad transfer check": (answers(listing("L 0001.jsonl %d" % len(GOOD), "N 1"),
                                     dump("0001.jsonl", GOOD, end=False) + b"E %d 00000000\n" % len(GOOD)),
                             "0001.jsonl: transfer check failed"),
    "junk in the dump": (answers(listing("L 0001.jsonl %d" % len(GOOD), "N 1"),
                                 dump("0001.jsonl", GOOD, extra=b"rm -rf /\n")), "dump is not understood"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_device_gets_a_clear_error_and_is_handed_back(case, tmp_path):
    answer, message = CASES[case]
    records = tmp_path / "a" / "b" / "records"
    with FakeDevice(answer) as dev:
        proc = dicetray("pull", "--port", dev.url, str(records), "--timeout", "60")
        err = proc.stderr.decode()
        assert proc.returncode == 1, err
        assert "Traceback" not in err and message in err, err
        assert proc.stdout == b""
        deadline = time.monotonic() + HANG_S
        while not dev.handed_back and time.monotonic() < deadline:
            time.sleep(0.05)
        assert dev.handed_back >= 1  # friendly REPL, soft reset: main.py runs again
    assert outside(tmp_path) == []
    assert not records.exists() or list(records.iterdir()) == []


def test_a_record_larger_than_a_record_can_be_is_not_fetched(tmp_path):
    answer = answers(listing("L 0001.jsonl %d" % (MAX_RECORD_BYTES + 1), "L 0002.jsonl %d" % len(GOOD), "N 2"),
                     dump("0002.jsonl", GOOD))
    with FakeDevice(answer) as dev:
        proc, summary = pull_json(dev.url, tmp_path / "records")
    assert proc.returncode == 1
    assert summary["copied"] == ["0002.jsonl"]
    assert "more than a record can be" in summary["damaged"]["0001.jsonl"]
    assert [p.name for p in (tmp_path / "records").iterdir()] == ["0002.jsonl"]
    assert all("_dump([('0002.jsonl', 0)])" in c for c in dev.commands if "_dump(" in c)


def test_the_whole_pull_is_bounded_in_time(tmp_path):
    # A device that dribbles a valid dump forever, one line every 0.2 s.
    size = 1 << 20
    answer = answers(listing("L 0001.jsonl %d" % size, "N 1"),
                     itertools.chain([b"F 0001.jsonl\n"], slowly(binascii.b2a_base64(b"x" * 384), 0.2)))
    with FakeDevice(answer) as dev:
        proc = dicetray("pull", "--port", dev.url, str(tmp_path / "records"), "--timeout", "3")
        assert proc.returncode == 1
        assert b"no answer within the 3 s allowed" in proc.stderr and b"Traceback" not in proc.stderr
        assert dev.handed_back >= 1
    assert list((tmp_path / "records").iterdir()) == []


def test_clear_finished_keeps_a_record_that_has_more_than_the_local_copy(tmp_path):
    # The board file: a finished game plus a valid undo line without its
    # newline. The local copy is the finished game. The board record is not
    # the local copy byte for byte: it stays.
    from dicetray.engine import record
    from dicetray.engine.actions import UNDO
    finished = pig_record(12)
    board_bytes = finished + record.encode_action(UNDO).encode()
    flash = flash_with_records(tmp_path / "flash", [board_bytes])
    out = tmp_path / "records"
    out.mkdir()
    (out / "0001.jsonl").write_bytes(finished)
    with VirtualDevice(flash) as dev:
        proc, summary = pull_json(dev.url, out, "--clear-finished")
    assert proc.returncode == 0, proc.stderr
    assert summary["cleared"] == []
    assert (flash / "games" / "0001.jsonl").read_bytes() == board_bytes
    assert (out / "0001.jsonl").read_bytes() == finished


def test_clear_finished_deletes_a_record_equal_to_its_copy(tmp_path):
    flash = flash_with_records(tmp_path / "flash", [pig_record(12)])
    out = tmp_path / "records"
    out.mkdir()
    (out / "0001.jsonl").write_bytes(pig_record(12))
    with VirtualDevice(flash) as dev:
        proc, summary = pull_json(dev.url, out, "--clear-finished")
    assert proc.returncode == 0, proc.stderr
    assert summary["cleared"] == ["0001.jsonl"] and summary["unchanged"] == 1
    assert not (flash / "games" / "0001.jsonl").exists()


def test_a_failed_pull_hands_the_tray_back_running(tmp_path):
    # 6 MB of records cannot be pulled in 1 s (a full-speed USB bus carries
    # at most 1.2 MB/s, and the virtual tray sends no faster): the pull
    # fails, and the tray's game loop (the test firmware) goes on.
    records = [pig_record(12, ("P%d" % i, "Q")) * 30 for i in range(300)]
    flash = flash_with_records(tmp_path / "flash", records, main=GAME_MAIN)
    with VirtualDevice(flash, lib=FIRMWARE) as dev:
        dev.wait_output(b"action 301 2\n", timeout=HANG_S)
        proc = dicetray("pull", "--port", dev.url, str(tmp_path / "records"), "--timeout", "1")
        assert proc.returncode == 1 and b"Traceback" not in proc.stderr
        mark = len(dev.transcript)
        dev.wait_output(b"action", start=mark, timeout=HANG_S)  # main.py runs again


def test_pulls_during_play_on_the_served_tray_never_crash_it(tmp_path):
    # `dicetray sim --serve` under pulls: Ctrl-C used to arrive as SIGINT,
    # which the unix port acts on at once, even inside a garbage collection
    # (MemoryError "heap is locked", then a crash).
    import threading
    flash = flash_with_records(tmp_path / "flash", [pig_record(5)])
    vb, device = board_device(flash, heap="192k")
    device.start()
    stop = threading.Event()
    failures = []

    def clock():
        try:
            while not stop.is_set():
                vb.run(20)
        except Exception as e:  # the board died
            failures.append(str(e))
    try:
        vb.run(300)
        ticking = threading.Thread(target=clock)
        ticking.start()
        for _ in range(8):
            proc, _ = pull_json(device.url, tmp_path / "records")
            assert proc.returncode == 0, proc.stderr
        stop.set()
        ticking.join()
        assert failures == []
        assert b"heap is locked" not in device.transcript
        assert device.boots == 1
    finally:
        stop.set()
        device.stop()
        vb.stop()

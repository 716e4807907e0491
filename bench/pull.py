"""Pull throughput through the virtual device: 100 records (finished pig
games of 2 players and 3 circuits, about 0.6 KB each, and longer 8-player
games, about 5 KB each), copied into an empty folder with mpremote's
`fs cp` reads (256 bytes per round trip) and with the streamed dump (one
command, base64 with a CRC per record). With raw paste on (as a Pico) and
declined. Wall-clock figures on loopback: they vary by machine; the ratio is
what to read."""
import tempfile
import time
from pathlib import Path

from dicetray.engine import record
from dicetray.engine.actions import BANK, ROLL

RECORDS = 100


def _record(players, circuits_actions):
    lines = [record.encode_header("pig", players, {"circuits": 5})]
    for i in range(circuits_actions):
        kind = ROLL if i % 2 == 0 else BANK
        lines.append(record.encode_action(kind, [3] if kind == ROLL else None, t=i * 1500))
    return ("\n".join(lines) + "\n").encode()


def _flash(folder, record_bytes):
    games = Path(folder) / "games"
    games.mkdir(parents=True)
    for n in range(1, RECORDS + 1):
        (games / ("%04d.jsonl" % n)).write_bytes(record_bytes)
    return RECORDS * len(record_bytes)


def _measure(flash, method, raw_paste):
    from dicetray_host.usb.boardlink import Board
    from dicetray_host.usb.pull import pull
    from dicetray_host.vboard.device import VirtualDevice
    with VirtualDevice(flash, raw_paste=raw_paste) as dev, tempfile.TemporaryDirectory() as out:
        with Board(dev.url) as board:
            start = time.perf_counter()
            result = pull(board, out, method=method)
            seconds = time.perf_counter() - start
    assert len(result["copied"]) == RECORDS, result
    return result["bytes"], seconds


def run():
    sizes = (("2 players", _record(["Ann", "Bob"], 10 * 2)),
             ("8 players", _record(["P%d" % i for i in range(8)], 5 * 8 * 2)))
    print("%-10s %-10s %-8s %10s %9s %9s" % ("records", "raw paste", "method", "bytes", "seconds", "KB/s"))
    for label, data in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            _flash(Path(tmp) / "flash", data)
            for raw_paste in (True, False):
                for method in ("cp", "stream"):
                    nbytes, seconds = _measure(Path(tmp) / "flash", method, raw_paste)
                    print("%-10s %-10s %-8s %10d %9.2f %9.1f"
                          % ("%d x %s" % (RECORDS, label), "on" if raw_paste else "declined", method,
                             nbytes, seconds, nbytes / 1024 / seconds))


if __name__ == "__main__":
    run()

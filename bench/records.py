"""Benchmark of resuming a game at boot (`make bench`, section records).

The longest records we know of: a finished 6-player six-dice game of 1,065
lines and an unfinished 8-player one of 1,101 lines (target 3000). Each is
put on flash twice: as a computer writes it (no snapshots: boot replays it
in full) and as the tray writes it (a snapshot every 12 lines: boot
restores the last one and replays what follows). Measured on the MicroPython
unix port (bench/mp/records_boot.py): actions replayed by the boot, time
and the heap the resumed game holds. The board's time is estimated from the actions
replayed: the emulated RP2040 replayed 459 actions in 2.56 s, 5.6 ms each
(issue 9), the rest of the boot (imports, drivers, first screen) not counted.
"""
import shutil
import subprocess
import tempfile
from pathlib import Path

from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from dicetray_host.records.generate import random_game, record_text

CHIP_MS_PER_ACTION = 2560 / 459

RECORDS = (
    ("six dice, 6 players, finished", dict(seed=273, game="sixdice", players=6, opts={})),
    ("six dice, 8 players, unfinished", dict(seed=7, game="sixdice", players=8, opts={"target": 3000},
                                             max_actions=1100)),
)


def _measure(text, work):
    src = work / "record.jsonl"
    src.write_text(text)
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=512k", str(ROOT / "bench" / "mp" / "records_boot.py"),
                           str(src), str(work)], capture_output=True, text=True,
                          env=micropython_env(compiled_firmware()), timeout=600)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-800:])
    return {k: int(v) for k, v in (line.split() for line in proc.stdout.splitlines())}


def run():
    print("Boot with the longest records: actions replayed to resume (MicroPython unix port, .mpy)")
    print("%-34s %6s %9s %9s %9s %8s %10s %10s" % ("record", "lines", "writer", "replayed", "unix ms",
                                                    "live KB", "chip ms A", "chip ms B"))
    for label, kw in RECORDS:
        header, actions, _ = random_game(**kw)
        work = Path(tempfile.mkdtemp(prefix="bench-records-"))
        try:
            got = _measure(record_text(header, actions), work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        # The chip's speed relative to this machine, from the full replay.
        scale = CHIP_MS_PER_ACTION / (got["old_us"] / 1000.0 / got["old_actions"])
        for writer, key in (("computer", "old"), ("tray", "tray")):
            print("%-34s %6d %9s %9d %9.1f %8.1f %10.0f %10.0f" % (
                label, got["lines"], writer, got[key + "_actions"], got[key + "_us"] / 1000,
                got[key + "_live"] / 1024, got[key + "_actions"] * CHIP_MS_PER_ACTION,
                got[key + "_us"] / 1000 * scale))
        print("%-34s record bytes: computer %d, tray %d (+%.0f%% for snapshots)" % (
            "", got["old_bytes"], got["tray_bytes"], 100.0 * (got["tray_bytes"] / got["old_bytes"] - 1)))
    print("chip ms A = actions replayed x %.1f ms (emulated RP2040, issue 9); chip ms B = this" % CHIP_MS_PER_ACTION)
    print("machine's time for the whole resume (listing, seeking back, the snapshot line) scaled")
    print("by the chip's replay speed relative to it. Not counted: the rest of the boot (imports,")
    print("drivers, first screen; 0.87 s on the emulated chip in issue 9). live KB = heap the")
    print("resumed game holds. A tray-written record replays at most 11 actions after its last")
    print("snapshot, whatever its length.")


if __name__ == "__main__":
    run()

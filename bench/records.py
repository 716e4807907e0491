"""Benchmark of resuming a game at boot (`make bench`, section records).

The longest records we know of: a finished 6-player six-dice game of 1,065
lines and an unfinished 8-player one of 1,101 lines (target 3000). Each is
put on flash twice: as a computer writes it (no snapshots: boot replays it
in full) and as the tray writes it (a snapshot every 12 lines: boot
restores the last one and replays what follows). Measured on the MicroPython
unix port (bench/mp/records_boot.py): actions replayed by the boot, time
and the heap the resumed game holds. The board's time is estimated from the
instructions a full replay takes an action (callgrind on the unix port),
scaled by issue 9's emulated RP2040, which replayed 459 actions in 2.56 s
(5.6 ms each) when that count was 567,000; the rest of the boot (imports,
drivers, first screen) is not counted.
"""
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.callgrind import available as callgrind_available, instructions
from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from dicetray_host.records.generate import random_game, record_text

CHIP_MS_PER_ACTION = 2560 / 459
# ... when a full replay took 567,000 instructions an action on the unix
# port under callgrind (commit 1be890d): the chip's ms per instruction.
CHIP_MS_PER_INSTRUCTION = CHIP_MS_PER_ACTION / 567000

_REPLAY = """
import sys
from dicetray.engine.replay import replay, Capped
with open(sys.argv[1], "rb") as f:
    replay(Capped(f))
"""

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


def _callgrind(script, record):
    return instructions([micropython_binary(), "-X", "heapsize=256k", str(script), str(record)],
                        env=micropython_env(compiled_firmware()))


def instructions_per_action(text, work):
    """A full replay's instructions an action (callgrind, unix port, .mpy):
    the record replayed, minus the same run on its header alone; None
    without valgrind."""
    if not callgrind_available():
        return None
    script, whole, head = work / "replay.py", work / "whole.jsonl", work / "head.jsonl"
    script.write_text(_REPLAY)
    whole.write_text(text)
    head.write_text(text.split("\n", 1)[0] + "\n")
    actions = sum(1 for line in text.splitlines()[1:] if line)
    return (_callgrind(script, whole) - _callgrind(script, head)) / actions


def run():
    print("Boot with the longest records: actions replayed to resume (MicroPython unix port, .mpy)")
    print("%-34s %6s %9s %9s %9s %8s %10s %10s" % ("record", "lines", "writer", "replayed", "unix ms",
                                                    "live KB", "chip ms A", "chip ms B"))
    for label, kw in RECORDS:
        header, actions, _ = random_game(**kw)
        work = Path(tempfile.mkdtemp(prefix="bench-records-"))
        try:
            text = record_text(header, actions)
            got = _measure(text, work)
            per_action = instructions_per_action(text, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if per_action:
            print("%-34s full replay: %.0f instructions an action (callgrind), about %.2f ms on the chip" % (
                label, per_action, per_action * CHIP_MS_PER_INSTRUCTION))
            ms_per_action = per_action * CHIP_MS_PER_INSTRUCTION
        else:
            ms_per_action = CHIP_MS_PER_ACTION
        # The chip's speed relative to this machine, from the full replay.
        scale = ms_per_action / (got["old_us"] / 1000.0 / got["old_actions"])
        for writer, key in (("computer", "old"), ("tray", "tray")):
            print("%-34s %6d %9s %9d %9.1f %8.1f %10.0f %10.0f" % (
                label, got["lines"], writer, got[key + "_actions"], got[key + "_us"] / 1000,
                got[key + "_live"] / 1024, got[key + "_actions"] * ms_per_action,
                got[key + "_us"] / 1000 * scale))
        print("%-34s record bytes: computer %d, tray %d (+%.0f%% for snapshots)" % (
            "", got["old_bytes"], got["tray_bytes"], 100.0 * (got["tray_bytes"] / got["old_bytes"] - 1)))
    print("chip ms A = actions replayed x the chip's ms an action: this firmware's callgrind count")
    print("scaled by issue 9's emulated RP2040 (5.6 ms an action at 1be890d, 567,000 instructions;")
    print("without valgrind, 5.6 ms). chip ms B = this machine's time for the whole resume (listing,")
    print("seeking back, the snapshot line) scaled by the chip's replay speed relative to it.")
    print("Not counted: the rest of the boot (imports, drivers, first screen; 0.87 s on the emulated")
    print("chip in issue 9). live KB = heap the resumed game holds. A tray-written record replays")
    print("at most 11 actions after its last snapshot, whatever its length.")


if __name__ == "__main__":
    run()

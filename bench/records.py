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
(5.6 ms each) when that count was 567,000. The rest of the boot, measured
apart: its Python (main.py's imports, the panel's set-up, the App, the first
screen; bench/mp/boot_cost.py under callgrind, the same scale) and its bus
and flash time (the virtual board's clock at the first screen's last byte).
"""
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.callgrind import RunFailed, available as callgrind_available, instructions
from dicetray_host.paths import FIRMWARE, ROOT, compiled_firmware, micropython_binary, micropython_env
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


def format_layout(text):
    """The same record as docs/record-format.md's examples write it: the
    header, then action lines without "c" and "t" ({"a":"roll","d":[4]})."""
    lines = text.splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        obj = json.loads(line)
        out.append(json.dumps({k: v for k, v in obj.items() if k not in ("c", "t")}, separators=(",", ":")))
    return "\n".join(out) + "\n"


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


_BOOT_COST = ROOT / "bench" / "mp" / "boot_cost.py"


def boot_python_instructions(firmware):
    """The boot's Python besides a replay (callgrind, unix port): main.py's
    imports, the panel's set-up, the App and the menu drawn, with hardware
    that does nothing (bench/mp/stubs); None without valgrind."""
    if not callgrind_available():
        return None
    env = micropython_env(ROOT / "bench" / "mp" / "stubs", firmware)
    work = tempfile.mkdtemp(prefix="bench-boot-")
    try:
        runs = [instructions([micropython_binary(), "-X", "heapsize=192k", str(_BOOT_COST), arg], env=env, cwd=work)
                for arg in ("0", "1")]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return runs[1] - runs[0]


def boot_bus_ms():
    """Virtual board (bus at 400 kHz, flash at the W25Q16JV's times, no
    Python time): ms from power-on to the menu's last byte on the panel."""
    from dicetray_host.vboard.board import VirtualBoard
    work = tempfile.mkdtemp(prefix="bench-boot-")
    try:
        with VirtualBoard(work, heap="200k") as vb:
            vb.run(500)
            last_us, _ = vb.oled_writes()
            shown = vb.screen_text()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if "New game" not in shown:
        raise RuntimeError("the virtual board shows no menu after 500 ms: %r" % shown)
    return last_us / 1000.0


def boot_rest_section():
    """The boot without a record to replay: returns the chip's ms for the
    deployed .mpy (None without valgrind)."""
    print("Boot to the menu with no record: Python (callgrind, unix port, scaled as the replay) + bus and flash")
    bus = boot_bus_ms()
    deployed = None
    for label, firmware in (("deployed .mpy (make deploy)", compiled_firmware()), ("source .py (compiled at boot)", FIRMWARE)):
        try:
            count = boot_python_instructions(firmware)
        except RunFailed as failed:
            if deployed is None:
                raise
            # compiling the sources at boot in 192k on this 64-bit port sits
            # near the limit, where the heap's layout decides (round 29: the
            # same firmware boots at 184k and 208k); said, not hidden
            print("%-34s did not boot in 192k: %s" % (label, failed.error))
            continue
        if count is None:
            print("valgrind not installed: the boot's Python not counted")
            return None
        chip = count * CHIP_MS_PER_INSTRUCTION
        if deployed is None:
            deployed = chip + bus
        print("%-34s %12d instructions, about %5.0f ms + bus and flash %3.0f ms = %5.0f ms" % (
            label, count, chip, bus, chip + bus))
    print("Not counted: MicroPython's own start before main.py, and the PIO program's assembly.")
    return deployed


def run():
    rest = boot_rest_section()
    print()
    print("Boot with the longest records: actions replayed to resume (MicroPython unix port, .mpy)")
    print("%-34s %6s %9s %9s %9s %8s %10s %10s" % ("record", "lines", "writer", "replayed", "unix ms",
                                                    "live KB", "chip ms A", "chip ms B"))
    slowest = 0.0  # the chip's ms an action of the slower record
    for label, kw in RECORDS:
        header, actions, _ = random_game(**kw)
        work = Path(tempfile.mkdtemp(prefix="bench-records-"))
        try:
            text = record_text(header, actions)
            got = _measure(text, work)
            per_action = instructions_per_action(text, work)
            plain = instructions_per_action(format_layout(text), work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if per_action:
            print("%-34s full replay: %.0f instructions an action (callgrind), about %.2f ms on the chip" % (
                label, per_action, per_action * CHIP_MS_PER_INSTRUCTION))
            ms_per_action = per_action * CHIP_MS_PER_INSTRUCTION
            print("%-34s ... in the format's own layout (no c, no t): %.0f, about %.2f ms" % (
                "", plain, plain * CHIP_MS_PER_INSTRUCTION))
        else:
            ms_per_action = CHIP_MS_PER_ACTION
        slowest = max(slowest, ms_per_action)
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
    print("live KB = heap the resumed game holds. A tray-written record replays at most 11 actions")
    print("after its last snapshot, whatever its length.")
    if rest is not None:
        per_action = slowest
        print("Boot to a playable screen with a six-dice record from a computer (no snapshots), .mpy:")
        for actions in (100, 459, 1000):
            print("  %5d actions: %5.0f ms (the boot above %.0f + %.2f ms an action)" % (
                actions, rest + actions * per_action, rest, per_action))


if __name__ == "__main__":
    run()

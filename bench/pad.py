"""The key pad: taps lost while the firmware is busy, and what scanning costs the CPU.

Keys lost: bench/mp/keys_lost.py on the virtual board: 60 taps (30-60 ms
held, 30-60 ms apart) while the firmware does nothing but erase a flash
sector (interrupts off), draw a full frame and tick, over and over; the
W25Q16JV's typical (45 ms) and worst-case (400 ms) erase. The PIO scanner
(rp2) against the timer scan the firmware falls back to without rp2.

CPU cost: callgrind instructions on the unix port (start-up cancelled by
running N and 2N): a timer scan (every 5 ms while a key is down) against
a drain of one state from the PIO's FIFO (its IRQ, once per debounced
change: 2 per tap). They include the virtual board's Python models of
the pins / the FIFO (C or hardware on the RP2040), so they are upper
bounds for the firmware's own work.
"""
import os
import shutil
import tempfile
from pathlib import Path

from bench.display import per_repeat
from dicetray_host.vboard.board import run_script

HERE = Path(__file__).parent
LOST = (HERE / "mp" / "keys_lost.py").read_text()
SCANS = (HERE / "mp" / "keypad_scans.py").read_text()
DRAINS = (HERE / "mp" / "keypad_drains.py").read_text()


def lost_table():
    print("%-6s %-7s %5s %15s %12s %14s %10s" % (
        "erase", "scanner", "taps", "kept in order", "lost", "IRQ callbacks", "virtual s"))
    old = os.environ.get("VBOARD_FLASH_TIMES")
    try:
        for times in ("typ", "max"):
            os.environ["VBOARD_FLASH_TIMES"] = times
            for pio in (True, False):
                with tempfile.TemporaryDirectory() as tmp:
                    status, out = run_script(LOST.replace("\nPIO = True\n", "\nPIO = %s\n" % pio, 1),
                                             Path(tmp) / "flash", accel=False, oled=False)
                if status:
                    print(out)
                    continue
                name, taps, kept, _, calls, ms = out.split()
                print("%-6s %-7s %5s %15s %12d %14s %10.1f" % (
                    "45 ms" if times == "typ" else "400 ms", name, taps, kept,
                    int(taps) - int(kept), calls, int(ms) / 1000))
    finally:
        if old is None:
            os.environ.pop("VBOARD_FLASH_TIMES", None)
        else:
            os.environ["VBOARD_FLASH_TIMES"] = old


def cost_table():
    if shutil.which("valgrind") is None:
        print("valgrind not installed (apt-get install valgrind): instruction counts skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        n = 200
        scan = per_repeat(SCANS, n, tmp)
        bare = DRAINS.replace("\nDRAIN = 1\n", "\nDRAIN = 0\n", 1)
        drain = per_repeat(DRAINS, n, tmp) - per_repeat(bare, n, tmp)
    print("%-46s %12s %22s" % ("scanner: work", "instructions", "per 1 s with a key held"))
    print("%-46s %12d %22d" % ("timer: one scan of the 4x4 matrix", scan, scan * 200))
    print("%-46s %12d %22d" % ("PIO: one state drained from the FIFO (IRQ)", drain, 0))
    print("(a tap costs the timer scanner ~%d (20 ms down + debounce at 5 ms), the PIO scanner"
          " %d (2 states);\n an idle pad costs neither anything: the timer scanner parks, the PIO"
          " runs without the CPU)" % (scan * 10, drain * 2))


def run():
    lost_table()
    print()
    cost_table()


if __name__ == "__main__":
    run()

"""The key pad: taps lost while the firmware is busy, and what scanning costs the CPU.

Keys lost: bench/mp/keys_lost.py on the virtual board: 60 taps (30-60 ms
held, 30-60 ms apart) while the firmware does nothing but erase a flash
sector (interrupts off), draw a full frame and tick, over and over; the
W25Q16JV's typical (45 ms) and worst-case (400 ms) erase. The PIO scanner
(rp2) with its DMA ring, the same without DMA (its FIFO drained by the
IRQ: MicroPython before 1.21), and the timer scan the firmware falls back
to without rp2.

Taps inside one hold-up: bench/mp/taps_in_holdup.py: 30 ms taps, 30 ms
apart, all while one C call holds the CPU for 1, 2 or 4 worst-case erases
(400 ms each, back to back): beyond the FIFO's depth (8 states: 4 taps,
and a 5th whose release came during the stall), the DMA ring keeps 32
states (16 taps); past that the oldest are overwritten and counted.

CPU cost: callgrind instructions on the unix port (start-up cancelled by
running N and 2N): a timer scan (every 5 ms while a key is down) against
a drain of one state from the PIO's FIFO (its IRQ, once per debounced
change: 2 per tap). They include the virtual board's Python models of
the pins / the FIFO (C or hardware on the RP2040), so they are upper
bounds for the firmware's own work.
"""
import os
import tempfile
from pathlib import Path

from bench.callgrind import available as callgrind_available
from bench.display import per_repeat
from dicetray_host.vboard.board import run_script

HERE = Path(__file__).parent
LOST = (HERE / "mp" / "keys_lost.py").read_text()
SCANS = (HERE / "mp" / "keypad_scans.py").read_text()
DRAINS = (HERE / "mp" / "keypad_drains.py").read_text()
HOLDUP = (HERE / "mp" / "taps_in_holdup.py").read_text()
SCANNERS = (("pio+dma", True, "1"), ("pio fifo", True, "0"), ("timer", False, "0"))


class _env:
    """Environment variables set for the boards run inside the block."""

    def __init__(self, **values):
        self.values = values

    def __enter__(self):
        self.old = {k: os.environ.get(k) for k in self.values}
        os.environ.update(self.values)

    def __exit__(self, *exc):
        for k, v in self.old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def lost_table():
    print("%-6s %-8s %5s %15s %12s %14s %10s" % (
        "erase", "scanner", "taps", "kept in order", "lost", "IRQ callbacks", "virtual s"))
    for times in ("typ", "max"):
        for label, pio, dma in SCANNERS:
            with _env(VBOARD_FLASH_TIMES=times, VBOARD_DMA=dma), tempfile.TemporaryDirectory() as tmp:
                status, out = run_script(LOST.replace("\nPIO = True\n", "\nPIO = %s\n" % pio, 1),
                                         Path(tmp) / "flash", accel=False, oled=False)
            if status:
                print(out)
                continue
            _, taps, kept, _, calls, ms = out.split()
            print("%-6s %-8s %5s %15s %12d %14s %10.1f" % (
                "45 ms" if times == "typ" else "400 ms", label, taps, kept,
                int(taps) - int(kept), calls, int(ms) / 1000))


def holdup_table():
    print("%-22s %5s %-9s %13s %13s" % ("CPU held (erases)", "taps", "scanner", "kept in order",
                                         "states lost"))
    for erases, taps in ((1, 6), (2, 12), (4, 16), (4, 20)):
        for dma in ("0", "1"):   # rp2 without DMA (the FIFO, as before), then with
            with _env(VBOARD_FLASH_TIMES="max", VBOARD_DMA=dma), tempfile.TemporaryDirectory() as tmp:
                src = HOLDUP.replace("\nERASES = 1\n", "\nERASES = %d\n" % erases, 1)
                status, out = run_script(src.replace("\nTAPS = 6\n", "\nTAPS = %d\n" % taps, 1),
                                         Path(tmp) / "flash", accel=False, oled=False)
            if status:
                print(out)
                continue
            how, n, kept, dropped = out.split()
            print("%-22s %5s %-9s %13s %13s" % ("%d ms (%d x 400 ms)" % (400 * erases, erases), n,
                                                 "pio+dma" if how == "dma" else "pio fifo",
                                                 kept, dropped if how == "dma" else "-"))


def cost_table():
    if not callgrind_available():
        print("valgrind not installed (apt-get install valgrind): instruction counts skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        n = 200
        scan = per_repeat(SCANS, n, tmp)
        drain = {}
        for ring in ("1", "0"):
            src = DRAINS.replace("\nRING = 1\n", "\nRING = %s\n" % ring, 1)
            bare = src.replace("\nDRAIN = 1\n", "\nDRAIN = 0\n", 1)
            with _env(VBOARD_DMA=ring):
                drain[ring] = per_repeat(src, n, tmp) - per_repeat(bare, n, tmp)
    print("%-46s %12s %22s" % ("scanner: work", "instructions", "per 1 s with a key held"))
    print("%-46s %12d %22d" % ("timer: one scan of the 4x4 matrix", scan, scan * 200))
    print("%-46s %12d %22d" % ("PIO+DMA: one state taken from the ring (IRQ)", drain["1"], 0))
    print("%-46s %12d %22d" % ("PIO: one state drained from the FIFO (IRQ)", drain["0"], 0))
    print("(a tap costs the timer scanner ~%d (20 ms down + debounce at 5 ms), the PIO scanner"
          " %d with its ring, %d from its FIFO (2 states);\n an idle pad costs neither anything:"
          " the timer scanner parks, the PIO and its DMA run without the CPU)"
          % (scan * 10, drain["1"] * 2, drain["0"] * 2))


def run():
    lost_table()
    print()
    holdup_table()
    print()
    cost_table()


if __name__ == "__main__":
    run()

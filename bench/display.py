"""Display bytes per update and instructions per keypad scan / LIS3DH sample (callgrind).

Runs the real drivers on the virtual board in the MicroPython unix port.
Instruction counts come from `valgrind --tool=callgrind` over N and 2N
iterations; the difference cancels interpreter start-up. They include the
virtual board's Python models of the pins and the I2C devices, which are
C/hardware on the RP2040, so they are an upper bound for the driver.
"""
import os
import tempfile
from pathlib import Path

from bench.callgrind import available as callgrind_available, instructions
from dicetray_host.vboard.board import (BOARD_RESERVE, FIRMWARE_DIR, VBOARD_DIR, heap_bytes,
                                        micropython_binary, run_script)

HERE = Path(__file__).parent

UPDATES = (HERE / "mp" / "display_updates.py").read_text()

KEYPAD = (HERE / "mp" / "keypad_scans.py").read_text()

ACCEL = (HERE / "mp" / "accel_reads.py").read_text()
ACCEL_BASE = ACCEL.replace("acc.read_fifo()", "0")  # same sampling by the model, no read


def display_table():
    with tempfile.TemporaryDirectory() as tmp:
        status, out = run_script(UPDATES, Path(tmp) / "flash")
    if status:
        print(out)
        return
    print("%-40s %14s %12s" % ("screen change", "changed cells", "full frame"))
    for line in out.strip().splitlines():
        name, n = line.split("|")
        print("%-40s %9s bytes %6d bytes" % (name, n, 1032))
    print("(per changed page: 7-byte window command + control byte + the changed 8-column cells;")
    print(" a full page 136 bytes; 400 kHz I2C: ~23 us per byte)")


def callgrind(source, n, tmp):
    flash = Path(tmp) / "flash"
    flash.mkdir(exist_ok=True)
    (flash / "cg.py").write_text(source.replace("\nN = 100\n", "\nN = %d\n" % n, 1))
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([str(VBOARD_DIR), str(FIRMWARE_DIR)]),
               VBOARD_FLASH=str(flash), VBOARD_FIRMWARE=str(FIRMWARE_DIR),
               VBOARD_HEAP=str(heap_bytes("96k")), VBOARD_GC_PEAK="0")
    return instructions([micropython_binary(), "-X", "heapsize=%d" % (heap_bytes("96k") + BOARD_RESERVE),
                         "-m", "vboard_run", "cg"], env=env)


def per_repeat(source, n, tmp):
    """Instructions of one repeat of the source's loop: runs of 2n and n
    repeats, so the start-up cancels out."""
    return (callgrind(source, 2 * n, tmp) - callgrind(source, n, tmp)) / n


def instruction_table():
    if not callgrind_available():
        print("valgrind not installed (apt-get install valgrind): instruction counts skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        n = 200
        scan = per_repeat(KEYPAD, n, tmp)
        n = 20
        reads = per_repeat(ACCEL, n, tmp) - per_repeat(ACCEL_BASE, n, tmp)
    print("%-44s %12s" % ("operation", "instructions"))
    print("%-44s %12d" % ("keypad scan (4x4, one key held)", scan))
    print("%-44s %12d" % ("LIS3DH FIFO read of 32 samples", reads))
    print("%-44s %12d" % ("  per sample", reads / 32))
    print("(callgrind Ir on the unix port; the scan includes the virtual board's Python pin model,\n"
          " the FIFO read the I2C model's copy; the sensor's own sampling is subtracted.\n"
          " Target: <= 20,000 per sample)")


def run():
    display_table()
    print()
    instruction_table()


if __name__ == "__main__":
    run()

"""Boots the virtual board, then the firmware: micropython -m vboard_run ENTRY.

Configuration comes from the environment (set by dicetray_host.vboard.board):
VBOARD_LINK=R,W (host commands on fd R, answers on fd W), VBOARD_FLASH (host
directory for the flash), VBOARD_FIRMWARE (firmware directory, mounted at
/lib read-only; "-": none, the flash's own lib/ as on a deployed Pico),
VBOARD_FLASH_KB, VBOARD_ACCEL=0 (no LIS3DH fitted), VBOARD_OLED=0,
VBOARD_TICKS_START (ms), VBOARD_RESET_CAUSE, VBOARD_HEAP (bytes left
for the firmware), VBOARD_GC_PEAK=0 (no collection at waits; raw: the
peak counts the firmware's garbage), VBOARD_SERVE_IN_CALLS=1 (the host is
served after the firmware's C calls too, not only at its waits),
VBOARD_PY_TIME=chip (the firmware's own Python takes the chip's time:
vboard_cpu; a number: chip us per 1000 host us), VBOARD_ROM
(modules imported from MICROPYPATH before the flash is mounted and the
firmware's heap set aside: what a Pico has in C, e.g. its USB REPL).
ENTRY may be MODULE:FUNCTION (a ROM module's function is called).
"""
import gc
import os
import sys

import vboard_core
from vboard_core import board

import machine  # noqa: F401  (the board's machine, imported before the firmware)
import time  # noqa: F401
try:
    import rp2  # noqa: F401  (its state machines are C statics on the chip)
except ImportError:
    pass  # VBOARD_PIO=0: a port without rp2
import vboard_flash
import vboard_tray


def _env(name, default):
    v = os.getenv(name)
    return default if v is None or v == "" else v


def setup():
    for name in _env("VBOARD_ROM", "").split(","):
        if name:
            __import__(name)
    board.ticks_start_ms = int(_env("VBOARD_TICKS_START", "0"))
    board.gc_peak = _env("VBOARD_GC_PEAK", "1") == "1"
    board.raw_peak = _env("VBOARD_GC_PEAK", "1") == "raw"
    board.serve_in_calls = _env("VBOARD_SERVE_IN_CALLS", "0") == "1"
    if _env("VBOARD_PEAK_MODULES", "0") == "1":
        board.peak_modules = []
    machine._reset_cause = int(_env("VBOARD_RESET_CAUSE", "1"))
    vboard_tray.wire(_env("VBOARD_OLED", "1") == "1", _env("VBOARD_ACCEL", "1") == "1")
    py_time = _env("VBOARD_PY_TIME", "0")
    if py_time != "0":
        import vboard_cpu
        if not vboard_cpu.open_clock():
            print("vboard: VBOARD_PY_TIME needs the kernel's schedstat (/proc/self/schedstat)")
            sys.exit(2)
        # Collected before and after: the wrappers go into holes, and what
        # the board makes next does not land past the calibration's garbage,
        # across the firmware's heap.
        gc.collect()
        if py_time == "chip":
            vboard_cpu.install(vboard_cpu.calibrate(), again=True)
        else:
            vboard_cpu.install(int(py_time))
        gc.collect()
    flash = os.getenv("VBOARD_FLASH")
    if flash:
        vboard_flash.mount(flash, _env("VBOARD_FIRMWARE", "firmware"),
                           int(_env("VBOARD_FLASH_KB", "1408")))
        sys.path[:] = ["", ".frozen", "/lib"]
    board.usb_wanted = bool(os.getenv("VDEVICE_STATUS_FD"))
    link = _env("VBOARD_LINK", "")
    if link:
        rd, wr = link.split(",")
        board.open_link(int(rd), int(wr))


def main():
    setup()
    entry = sys.argv[1] if len(sys.argv) > 1 else "main"
    # Leave the firmware exactly VBOARD_HEAP bytes in one piece, as a Pico's
    # heap is after boot: the host starts the port with a larger heap; the
    # board's own objects and fillers in every other free block take the rest.
    try:
        short = vboard_tray.leave_heap(int(_env("VBOARD_HEAP", "0")))
    except MemoryError as e:
        print("vboard: %s" % e)
        sys.exit(2)
    if short:
        print("vboard: heap too small for the board itself (%d bytes short)" % short)
        sys.exit(2)
    if board.target_us >= 0:
        board.serve()  # the host may set things up before power-on
    board.state = "run"
    if board.py_scale:
        board.leave()  # the firmware's Python is on the clock from here (vboard_cpu.install)
    try:
        module, _, function = entry.partition(":")
        module = __import__(module)
        if function:
            getattr(module, function)()
        board.state = "exit"
    except SystemExit as e:
        if board.quitting or (e.args and e.args[0] == 77):  # quit, or machine.reset()
            raise
        board.state = "exit"
    except BaseException as e:  # noqa: B036 - report it like the REPL would
        sys.print_exception(e)
        board.state = "error"
    if board.target_us < 0:
        sys.exit(1 if board.state == "error" else 0)
    # After main returns the board idles (REPL): time still runs, the screen stays.
    while True:
        board.wait_until(board.now_us + 3_600_000_000)


main()

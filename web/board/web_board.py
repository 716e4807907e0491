"""The page's virtual board: the tray firmware in MicroPython WebAssembly.

The parts are the host's virtual board models, unchanged (vboard_core,
machine, time, vboard_ssd1306, vboard_lis3dh, vboard_flash, vboard_tray:
`make web` copies them beside this file). The page (tray.js) calls the
functions below between its animation frames.

A page must not block, and the firmware's main loop never returns
(App.run: boot, then step and sleep 5 ms for ever). So main.py runs as on
the board, but App.run stops once the app has booted, and run_to() below
is App.run's loop, one slice of virtual time at a time.
"""
import builtins
import gc
import sys

from vboard_core import board

import machine  # noqa: F401  (the board's machine, before the firmware's)
import time
import uctypes
import vboard_flash
import vboard_tray

_TICK_MS = 5          # App.run's sleep between two steps (firmware/dicetray/tray/app.py)
_FLASH_KB = 1408      # a Pico's flash filesystem

app = None            # the firmware's App, once booted
_real_import = builtins.__import__
# What the page reads without a call per value: the panel's registers.
_regs = bytearray(12)


def _import(name, *rest):
    # However main.py comes to the app module, its App runs as the page needs.
    module = _real_import(name, *rest)
    app_class = getattr(sys.modules.get("dicetray.tray.app"), "App", None)  # None while it loads
    if app_class is not None and app_class.run is not _booted:
        app_class.run = _booted
    return module


def _booted(self):
    # App.run on the page: boot, then hand the loop to run_to().
    global app
    self.boot()
    app = self


def boot(heap, growth, accel):
    """Wire the tray, mount /flash and the firmware (/fw as /lib) and leave
    the firmware `heap` bytes in one piece (growth: what gc.mem_free()
    counts beyond the heap, which the page keeps from growing). Returns 0,
    or the bytes the heap is short by. Then the page calls start()."""
    vboard_tray.wire(True, accel == 1)
    vboard_flash.mount("/flash", "/fw", _FLASH_KB)
    sys.path[:] = ["", ".frozen", "/lib"]
    short = vboard_tray.leave_heap(heap, lambda: gc.mem_free() - growth)
    if short:
        board.state = "error"
        print("web board: heap too small for the board itself (%d bytes short)" % short)
    return short


def start():
    """Run main.py up to the app's loop. A call of its own: the piece of heap
    boot() set aside is free only once boot()'s C stack, which may still
    point at it, is gone (this port's collector scans that stack)."""
    gc.collect()
    board.base = board.peak = gc.mem_alloc()
    board.state = "run"
    builtins.__import__ = _import
    try:
        __import__("main")
    except Exception as e:  # noqa: BLE001 - shown on the page like the REPL would
        sys.print_exception(e)
        board.state = "error"
    finally:
        builtins.__import__ = _real_import
    if app is None and board.state == "run":
        board.state = "exit"


def run_to(ms):
    """App.run's loop until virtual time `ms`; returns the state (0 running,
    1 the firmware stopped)."""
    if app is None:
        return 1
    until = int(ms) * 1000
    try:
        while board.now_us < until:
            app.step(time.ticks_ms())
            time.sleep_ms(_TICK_MS)
    except Exception as e:  # noqa: BLE001
        sys.print_exception(e)
        board.state = "error"
        _stop()
        return 1
    return 0


def _stop():
    global app
    app = None


def now_ms():
    return board.now_us // 1000


def key(row, col, down):
    board.set_key(row, col, down == 1)


def feed(t_ms, x, y, z):
    """One acceleration point (virtual ms, mg); 0 when the LIS3DH's queue is full."""
    lis = board.lis
    return 1 if lis is not None and lis.add_point(t_ms, x, y, z) else 0


def queued():
    lis = board.lis
    return lis.queued() if lis is not None else 0


def panel():
    """The panel's registers into _regs (read by the page at regs_address())."""
    o = board.oled
    r = _regs
    r[0] = o.on
    r[1] = o.charge_pump
    r[2] = o.contrast
    r[3] = o.inverse
    r[4] = o.all_on
    r[5] = o.remap
    r[6] = o.com_reverse
    r[7] = o.start_line
    r[8] = o.offset
    r[9] = o.mux
    r[10] = o.com_pins


def ram_address():
    return uctypes.addressof(board.oled.ram)


def regs_address():
    return uctypes.addressof(_regs)


def heap_used():
    """The firmware's live heap, bytes (the board's own and the ballast not counted)."""
    return gc.mem_alloc() - board.base

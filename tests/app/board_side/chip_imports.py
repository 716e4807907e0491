"""Imports on the chip's time, for the virtual board (VBOARD_ROM=chip_imports;
tests/app/test_fifo_reads.py).

The plain virtual board takes no time for the firmware's Python, and the
chip's Python time mode (VBOARD_PY_TIME=chip) takes the host's, which
another program on the machine moves. The longest stretches of Python a
player meets with no FIFO read (a game's start, a boot's resume, a reload
after a failed write) are imports: this module charges each firmware
module's import, when it loads, a fixed time on the board's clock:

    CHIP_US[module] x VBOARD_IMPORT_X (default 3)

CHIP_US: the instructions the module's import takes on the unix port
(callgrind, the .mpy files as `make deploy` puts them, the modules it
imports loaded before it, in the boot's order; round 53, switch53; round
54 split window.py's 7969 into window and settle by the ratio of their
.mpy imports measured alone, 355k and 281k instructions against 524k;
round 72 split throws.py's 8144 into throws and traysetup by their .mpy
sizes, 5,213 and 1,631 bytes against 6,136, not measured; round 72, ram72b,
split app.py's 16460 into app and appboot the same way, 3,762 and 1,000
bytes against 4,226, not measured; round 73, ram73, games.sixdice_scoring's
3792 added to games.sixdice's 20301, the two merged into sixdice.py, and
engine.history's 2862 to engine.game's 8007, history.py merged into game.py,
and tray.gate's 5277 to tray.play's 14205, gate.py merged into play.py), at
9.84 ns an instruction (bench/records.py's scale, issue 9's emulated
RP2040). The x3: the chip's Python time mode charges a boot's imports about
three times their instruction count (docs/hardware-layer.md), and that is
the mode under which docs/fifo-at-400hz.md found samples lost at a game's
start; 1 for the instruction count's own estimate. Everything else (keys,
drawing, the replay, collections) stays free. Nested imports are charged
together when the outermost import statement ends, as one stretch.

It also prints, once, when dicetray.tray.app has loaded (the App and its
detector are made next) and at the first FIFO burst read after that,
with the samples the LIS3DH had dropped by then:
    chip_imports: app <board us>
    chip_imports: first read <board us> dropped <n>
"""
import builtins
import sys

from vboard_core import board, setting
import vboard_lis3dh

CHIP_US = {  # "" is the dicetray package itself
    "": 504,
    "tray": 1438,
    "tray.keys": 2976,
    "tray.pins": 1768,
    "tray.board": 9730,
    "tray.drivers": 749,
    "tray.drivers.keyqueue": 2831,
    "tray.drivers.keypad_pio": 8743,
    "tray.drivers.ssd1306": 2646,
    "tray.drivers.lis3dh": 3812,
    "tray.drivers.lis3dh_setup": 2637,
    "tray.screens": 9362,
    "tray.settle": 4278,
    "tray.window": 5393,
    "tray.ring": 2274,
    "tray.impacts": 6403,
    "tray.tilt": 2048,
    "tray.throws": 6919,
    "tray.traysetup": 2165,
    "engine": 1188,
    "engine.actions": 2630,
    "engine.lines": 2428,
    "tray.store": 10614,
    "games": 1001,
    "tray.play": 19482,
    "engine.game": 10869,
    "tray.app": 14653,
    "tray.appboot": 3895,
    "tray.traycfg": 4745,
    "engine.record": 12157,
    "tray.shelf": 4697,
    "engine.strictjson": 5503,
    "engine.own_lines": 4806,
    "engine.replay": 10224,
    "tray.recover": 12405,
    "games.cards": 4646,
    "tray.seats": 4556,
    "tray.menu": 11963,
    "engine.rules": 8710,
    "games.pig": 6301,
    "games.bank": 10001,
    "games.skulls": 17669,
    "games.sixdice": 24093,
    "tray.calibrate": 27611,
}

_X = int(setting("VBOARD_IMPORT_X") or "3")
_orig = builtins.__import__
_depth = 0
_before = set()
_app_us = -1
_first = False


def _loaded():
    return set(m for m in sys.modules if m == "dicetray" or m.startswith("dicetray."))


def _import(name, *args):
    global _depth, _before, _app_us
    if not (name == "dicetray" or name.startswith("dicetray.")):
        return _orig(name, *args)   # main.py itself runs inside one: not counted
    if _depth:
        _depth += 1
        try:
            return _orig(name, *args)
        finally:
            _depth -= 1
    _before = _loaded()
    _depth = 1
    try:
        return _orig(name, *args)
    finally:
        _depth = 0
        us = 0
        for m in _loaded():
            if m not in _before:
                us += CHIP_US.get(m[9:], 0)
        if us:
            board.spend(us * _X)
        if _app_us < 0 and "dicetray.tray.app" in sys.modules:
            _app_us = board.now_us
            print("chip_imports: app %d" % _app_us)


_read_into = vboard_lis3dh.LIS3DHModel.read_into


def _read(self, buf):
    global _first
    if not _first and _app_us >= 0 and self.ptr == 0x28 and self.inc:
        _first = True
        print("chip_imports: first read %d dropped %d" % (board.now_us, self.dropped))
    return _read_into(self, buf)


builtins.__import__ = _import
vboard_lis3dh.LIS3DHModel.read_into = _read

"""Boots the virtual board, then the firmware: micropython -m vboard_run ENTRY.

Configuration comes from the environment (set by dicetray_host.vboard):
VBOARD_LINK=1 (host commands on fd 3, answers on fd 4), VBOARD_FLASH (host
directory for the flash), VBOARD_FIRMWARE (firmware directory, mounted at
/lib), VBOARD_FLASH_KB, VBOARD_ACCEL=0 (no LIS3DH fitted), VBOARD_OLED=0,
VBOARD_TICKS_START (ms), VBOARD_RESET_CAUSE.
"""
import gc
import os
import sys

import micropython

import vboard_core
from vboard_core import board

import machine  # noqa: F401  (the board's machine, imported before the firmware)
import time  # noqa: F401
import vboard_lis3dh
import vboard_ssd1306
import vboard_flash

# The tray as wired in hardware/pinout.md.
_OLED = (0, 4, 5, 0x3C)          # bus, SDA, SCL, address
_ACCEL = (1, 2, 3, 0x18, 6)      # bus, SDA, SCL, address, INT1
_ROWS = (10, 11, 12, 13)
_COLS = (18, 19, 20, 21)


def _env(name, default):
    v = os.getenv(name)
    return default if v is None or v == "" else v


def setup():
    board.ticks_start_ms = int(_env("VBOARD_TICKS_START", "0"))
    machine._reset_cause = int(_env("VBOARD_RESET_CAUSE", "1"))
    board.i2c_wiring = {}
    if _env("VBOARD_OLED", "1") == "1":
        board.oled = vboard_ssd1306.SSD1306Model(_OLED[3])
        board.i2c_wiring[_OLED[0]] = (_OLED[1], _OLED[2], (board.oled,))
    devices = ()
    if _env("VBOARD_ACCEL", "1") == "1":
        board.lis = vboard_lis3dh.LIS3DHModel(_ACCEL[3], _ACCEL[4])
        devices = (board.lis,)
    board.i2c_wiring[_ACCEL[0]] = (_ACCEL[1], _ACCEL[2], devices)
    board.wire_keypad(_ROWS, _COLS)
    flash = os.getenv("VBOARD_FLASH")
    if flash:
        vboard_flash.mount(flash, _env("VBOARD_FIRMWARE", "firmware"),
                           int(_env("VBOARD_FLASH_KB", "1408")))
        sys.path[:] = ["", ".frozen", "/lib"]
    if _env("VBOARD_LINK", "0") == "1":
        board.open_link(3, 4)


def main():
    setup()
    entry = sys.argv[1] if len(sys.argv) > 1 else "main"
    gc.collect()
    board.base_peak = micropython.mem_peak()
    if board.target_us >= 0:
        board.serve()  # the host may set things up before power-on
    board.state = "run"
    try:
        __import__(entry)
        board.state = "exit"
    except SystemExit as e:
        if e.args and e.args[0] == 77:  # machine.reset(): the host boots a new process
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

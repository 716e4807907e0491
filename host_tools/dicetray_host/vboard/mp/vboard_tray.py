"""The tray as wired in hardware/pinout.md, on the virtual board, and the
heap it leaves the firmware. Shared by vboard_run (the unix port) and
web_board (the page's MicroPython WebAssembly)."""
import gc

from vboard_core import board

import machine
import vboard_lis3dh
import vboard_ssd1306

OLED = (0, 4, 5, 0x3C)          # bus, SDA, SCL, address
ACCEL = (1, 2, 3, 0x18, 6)      # bus, SDA, SCL, address, INT1
ROWS = (10, 11, 12, 13)
COLS = (18, 19, 20, 21)


def wire(oled=True, accel=True):
    """The parts on their buses and the key pad on its pins."""
    board.i2c_wiring = {}
    if oled:
        board.oled = vboard_ssd1306.SSD1306Model(OLED[3])
        board.i2c_wiring[OLED[0]] = (OLED[1], OLED[2], (board.oled,))
    devices = ()
    if accel:
        board.lis = vboard_lis3dh.LIS3DHModel(ACCEL[3], ACCEL[4])
        devices = (board.lis,)
    board.i2c_wiring[ACCEL[0]] = (ACCEL[1], ACCEL[2], devices)
    board.wire_keypad(ROWS, COLS)
    board.prepare_pins()
    machine._prepare()


_fillers = None


def _set_aside(want):
    """Fill every free block but one piece of `want` bytes, then free that
    piece: the firmware's heap is then exactly it, not the board's holes."""
    try:
        piece = bytearray(want - 32)  # less its own block header and rounding
    except MemoryError:
        raise MemoryError("no single free block of %d bytes for the firmware" % want)
    fillers = [None] * 4096
    n = 0
    size = 1 << 16
    while size >= 16 and n < len(fillers):
        try:
            fillers[n] = bytearray(size - 16)
            n += 1
        except MemoryError:
            size >>= 1
    del piece
    return fillers


def leave_heap(want, free=gc.mem_free):
    """Leave the firmware exactly `want` bytes of heap in one piece, as a
    Pico's heap is after boot (0: leave it all). free(): the heap's free
    bytes (a heap that may grow counts its growth in gc.mem_free(); the
    caller knows by how much). Returns the bytes missing (0: done); raises
    MemoryError when no single block is that large."""
    global _fillers
    gc.collect()
    if want:
        if free() < want:
            return want - free()
        _fillers = _set_aside(want)
    gc.collect()
    board.base = board.peak = gc.mem_alloc()
    return 0

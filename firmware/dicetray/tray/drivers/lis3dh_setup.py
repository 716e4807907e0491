"""The LIS3DH's presence check and set-up, run once by LIS3DH() at boot.

Apart from the driver (lis3dh.py) because it is needed only then: main.py
drops this module with board.py, and on a Pico a module's bytecode is RAM.
Register facts: ST LIS3DH datasheet (DocID17530) and AN3308.
"""
from array import array

from micropython import const

from dicetray.tray.drivers.lis3dh import LIS3DHNotFound

_WHO_AM_I = const(0x0F)
_I_AM_LIS3DH = const(0x33)
_CTRL_REG1 = const(0x20)
_CTRL_REG4 = const(0x23)
_CTRL_REG5 = const(0x24)
_FIFO_CTRL = const(0x2E)
_XYZ_EN = const(0x07)
_BDU = const(0x80)
_FIFO_EN = const(0x40)
_LIR_INT1 = const(0x08)
_STREAM = const(0x80)
_BYPASS = const(0x00)
_FIFO_DEPTH = const(32)        # lis3dh.py's
_BURST = const(8)              # samples per read at most (lis3dh.py's)

# ODR (Hz) -> CTRL_REG1 ODR[3:0]
_ODR_CODES = {1: 1, 10: 2, 25: 3, 50: 4, 100: 5, 200: 6, 400: 7, 1344: 9}
# Range (g) -> (FS[1:0], mg per unit of (raw >> 4), mg per INT1_THS LSb).
# The part runs in normal mode (CTRL_REG4 HR=0, round 39): 10-bit data,
# left-justified, so raw >> 4 is in 12-bit units whose lowest two bits are
# zero and a reading steps by 4/8/16/48 mg (the datasheet's normal-mode
# sensitivity) with the same mg per unit as high-resolution mode. Normal
# mode because its bandwidth is ODR/2 (the datasheet's operating-mode table):
# high-resolution mode's is ODR/9, 44 Hz at 400 Hz, under the floor ring
# (80-200 Hz) that tells a die from a finger. Same current (73 uA at 400 Hz).
_RANGES = {2: (0, 1, 16), 4: (1, 2, 32), 8: (2, 4, 62), 16: (3, 12, 186)}


def make(acc, i2c, addr, range_g, odr_hz):
    """LIS3DH(): its buffers and state, then configure()."""
    acc.i2c = i2c
    acc.addr = addr
    acc._one = bytearray(1)
    # Raw FIFO data lands in an int16 array (the chip is little-endian, as
    # are the RP2040 and the host), left-justified: 10-bit in normal mode
    # (the set-up's), 12-bit in HR mode; raw >> 4 is in 12-bit units.
    acc._raw = array("h", bytes(6 * _BURST))
    raw = memoryview(acc._raw)
    acc._bursts = []
    for n in range(_BURST + 1):
        acc._bursts.append(raw[:3 * n])
    acc.samples = array("h", bytes(6 * _FIFO_DEPTH))
    acc.times = array("i", bytes(4 * _FIFO_DEPTH))    # stamp()'s, ticks_ms
    acc.overrun = False
    acc.range_g = 0
    acc.odr_hz = 0
    acc.sample_period_us = 0
    acc._t_last = 0        # the time given to the newest sample read (ticks_ms)
    acc._us_last = 0       # and the microseconds past that ms (0-999)
    acc._mg_per_digit = 1
    acc._ths_mg = 1        # mg per INT1_THS LSb at this range
    acc._wake = False
    configure(acc, range_g, odr_hz)


def configure(acc, range_g=4, odr_hz=100):
    """Check that a LIS3DH answers (LIS3DHNotFound if not), then put it in
    normal mode (10-bit, bandwidth ODR/2) at the given range and data rate,
    FIFO streaming."""
    addr = acc.addr
    try:
        who = acc._read(_WHO_AM_I)
    except OSError:
        raise LIS3DHNotFound("LIS3DH not found at 0x%02X" % addr)
    if who != _I_AM_LIS3DH:
        raise LIS3DHNotFound("LIS3DH not found at 0x%02X (WHO_AM_I 0x%02X, want 0x33)" % (addr, who))
    if range_g not in _RANGES:
        raise ValueError("range must be 2, 4, 8 or 16 g, got %r" % (range_g,))
    if odr_hz not in _ODR_CODES:
        raise ValueError("ODR must be one of 1, 10, 25, 50, 100, 200, 400, 1344 Hz, got %r"
                         % (odr_hz,))
    fs, mg_per_digit, ths_mg = _RANGES[range_g]
    acc._write(_CTRL_REG1, (_ODR_CODES[odr_hz] << 4) | _XYZ_EN)
    acc._write(_CTRL_REG4, _BDU | (fs << 4))     # HR=0: normal mode
    acc._write(_CTRL_REG5, _FIFO_EN | (_LIR_INT1 if acc._wake else 0))
    # Through bypass first: that empties the FIFO and clears its overrun.
    acc._write(_FIFO_CTRL, _BYPASS)
    acc._write(_FIFO_CTRL, _STREAM)
    acc.range_g = range_g
    acc.odr_hz = odr_hz
    acc.sample_period_us = 1000000 // odr_hz
    acc._mg_per_digit = mg_per_digit
    acc._ths_mg = ths_mg

"""LIS3DH accelerometer over I2C: FIFO stream mode, samples in mg.

The sensor samples at its own ODR into a 32-level FIFO; read_fifo() empties
it in auto-increment bursts of up to 8 samples into a preallocated buffer
and converts to mg with integer arithmetic, so a slow display frame never
loses samples. (A burst's length is a view made once; views of 1..8
samples, not 1..32, keep that under 0.3 KB of RAM. At 200 Hz and a read
every 20 ms the FIFO holds about 4, at 400 Hz about 8.) The presence check and the set-up are
in lis3dh_setup.py, needed only at boot.
Register facts: ST LIS3DH datasheet (DocID17530) and AN3308.
"""

from micropython import const
from time import ticks_add, ticks_diff

_CTRL_REG2 = const(0x21)
_CTRL_REG3 = const(0x22)
_CTRL_REG5 = const(0x24)
_REFERENCE = const(0x26)
_OUT_X_L = const(0x28)
_FIFO_SRC = const(0x2F)
_INT1_CFG = const(0x30)
_INT1_SRC = const(0x31)
_INT1_THS = const(0x32)
_INT1_DURATION = const(0x33)
_AUTO_INC = const(0x80)        # sub-address MSB: multi-byte read/write

_FIFO_EN = const(0x40)
_LIR_INT1 = const(0x08)
_OVRN = const(0x40)
_FSS = const(0x1F)
_FIFO_DEPTH = const(32)
_BURST = const(8)              # samples per read at most
_I1_IA1 = const(0x40)
_HPIS1 = const(0x01)           # high-pass filter on interrupt 1: gravity ignored
_XYZ_HIGH_OR = const(0x2A)     # XHIE | YHIE | ZHIE, OR combination


class LIS3DHNotFound(OSError):
    pass


class LIS3DH:
    def __init__(self, i2c, addr=0x18, range_g=4, odr_hz=100):
        # Its buffers and state, the presence check and the set-up run once,
        # at boot: their code is in lis3dh_setup.py, which main.py drops
        # with board.py (bytecode is RAM on a Pico).
        from dicetray.tray.drivers.lis3dh_setup import make
        make(self, i2c, addr, range_g, odr_hz)

    def _write(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.addr, reg, self._one)

    def _read(self, reg):
        self.i2c.readfrom_mem_into(self.addr, reg, self._one)
        return self._one[0]

    def read_fifo(self):
        """Move every stored sample into .samples (x, y, z in mg); returns the count."""
        src = self._read(_FIFO_SRC)
        self.overrun = bool(src & _OVRN)
        n = _FIFO_DEPTH if src & _OVRN else src & _FSS
        raw = self._raw
        out = self.samples
        k = self._mg_per_digit
        at = 0
        left = n
        while left:
            m = left if left < _BURST else _BURST
            # Each read starts at OUT_X_L, the FIFO's oldest sample.
            self.i2c.readfrom_mem_into(self.addr, _OUT_X_L | _AUTO_INC, self._bursts[m])
            for i in range(3 * m):
                out[at + i] = (raw[i] >> 4) * k
            at += 3 * m
            left -= m
        return n

    def stamp(self, now, n):
        """Put the times (ticks_ms) of the n samples read_fifo() just moved
        into .times, a period apart. The times go on from the last read's
        (the sensor's own clock): only when that puts the newest after now, or
        a period or more before it (a tick of ticks_ms allowed: a clock off,
        samples lost, a pause), is the newest put at now. Put at now every
        time, a read's times were up to a period late, by how long the newest
        had waited, and jumped 1-9 ms between reads (round 30). The clock runs
        in microseconds: at 400 Hz a period is 2.5 ms, and whole ms made a
        400 Hz recording's samples 2 ms apart, 20 % fast, set back 9-11 ms at
        each read (round 40)."""
        if not n:
            return
        p = self.sample_period_us
        us = self._us_last + n * p              # the newest, past the last read's newest
        t = ticks_add(self._t_last, us // 1000)
        us %= 1000
        late = ticks_diff(now, t)
        if late < 0 or late >= (p + 1999) // 1000:     # late * 1000 >= p + 1000, in small ints
            t = now
            us = 0
        self._t_last = t
        self._us_last = us
        us -= (n - 1) * p                       # the first, from t (floor division: into earlier ms)
        times = self.times
        for i in range(n):
            times[i] = ticks_add(t, (us + i * p) // 1000)

    def enable_wake(self, threshold_mg=120, duration_ms=20):
        """INT1 high (latched until wake_source()) when any axis moves past the threshold.

        The interrupt sees high-pass filtered data, so gravity and a tilted
        tray do not count; only a change of acceleration does.
        """
        lsb = self._ths_mg
        ths = (threshold_mg + lsb - 1) // lsb
        if not 1 <= ths <= 127:
            raise ValueError("wake threshold %d mg out of range at +-%d g" % (threshold_mg, self.range_g))
        dur = duration_ms * self.odr_hz // 1000
        if dur > 127:
            raise ValueError("wake duration %d ms too long at %d Hz" % (duration_ms, self.odr_hz))
        self._wake = True
        self._write(_CTRL_REG2, _HPIS1)
        self._read(_REFERENCE)  # resets the high-pass filter to the present value
        self._write(_INT1_THS, ths)
        self._write(_INT1_DURATION, dur)
        self._write(_INT1_CFG, _XYZ_HIGH_OR)
        self._write(_CTRL_REG5, _FIFO_EN | _LIR_INT1)
        self._write(_CTRL_REG3, _I1_IA1)
        self._read(_INT1_SRC)  # clear anything latched before

    def disable_wake(self):
        self._wake = False
        self._write(_CTRL_REG3, 0)
        self._write(_INT1_CFG, 0)
        self._write(_CTRL_REG5, _FIFO_EN)
        self._read(_INT1_SRC)

    def wake_source(self):
        """INT1_SRC; reading it releases a latched INT1. Bit 6 (IA) = movement seen."""
        return self._read(_INT1_SRC)

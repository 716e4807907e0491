"""LIS3DH model: registers, output data, 32-level FIFO and INT1, per the ST datasheet.

Samples are taken at the ODR as virtual time passes, from an acceleration
trace fed by the host (linear between points, held after the last one).
A fed trace is the part's own readings (the trace models and recorded traces
carry its noise); where the trace ends the tray rests, and the part adds its
noise to the held value as the datasheet gives it: 220 ug/sqrt(Hz) over its
ODR/2 bandwidth (1.6 mg r.m.s. at 100 Hz, 3.1 mg at 400 Hz), so firmware
that learns a floor at rest learns the part's, not zero.
"""
from math import sqrt as _sqrt

from vboard_core import board as _board, setting as _setting

_ODR_HZ = (0, 1, 10, 25, 50, 100, 200, 400, 1600, 1344)  # by CTRL_REG1 ODR[3:0]
_MG_PER_DIGIT = ((1, 2, 4, 12), (4, 8, 16, 48), (16, 32, 64, 192))  # HR, normal, low power
_THS_MG = (16, 32, 62, 186)  # INT1_THS LSb per FS
_CAP = 64  # trace points held on the board
_NOISE_UG_RTHZ = 220  # noise density (datasheet table 4), normal and high resolution
_SUM4_RMS_MILLI = 147800  # a sum of four uniform 8-bit draws has r.m.s. 147.8 (256 / sqrt(3)); x 1000 ug/mg
_READ_ONLY = (0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0F, 0x27, 0x28, 0x29,
              0x2A, 0x2B, 0x2C, 0x2D, 0x2F, 0x31, 0x35, 0x39)


class LIS3DHModel:
    def __init__(self, addr=0x18, int1_gpio=-1):
        self.addr = addr
        self.int1 = _board.pin(int1_gpio) if int1_gpio >= 0 else None
        self.regs = bytearray(0x40)
        self.regs[0x0F] = 0x33
        self.regs[0x1E] = 0x10
        self.regs[0x20] = 0x07
        self.fifo = bytearray(32 * 6)
        mv = memoryview(self.fifo)
        self._slots = [mv[k * 6:(k + 1) * 6] for k in range(32)]
        self.latest = bytearray(6)
        self.head = 0
        self.count = 0
        self.dropped = 0
        # The longest time between two FIFO reads (host `acc?`, which starts it again)
        self.longest_gap_us = 0
        self._read_at = -1
        self.next_us = 1 << 62
        self._t0 = 0
        self._k = 0
        self._hz = 0
        self.noise_ug = 0       # r.m.s. noise per axis at the current ODR
        self._rng = 0xACE1      # xorshift16 state: the same noise run after run; small ints
                                # only, so the browser's 32-bit port allocates nothing
        self.new_data = 0
        self.data_overrun = 0
        self.ia = 0
        self.src_bits = 0
        self._event_run = 0
        self._ref = [0, 0, 0]
        self._acc = [0, 0, 1000]
        self.ptr = 0
        self.inc = 0
        # VBOARD_ACC_LOG=FILE: every sample the part takes, as it outputs it
        # ("board_us x y z" in mg, one a line), for a test that runs the
        # host's code on exactly what the firmware read (never in the browser)
        log = _setting("VBOARD_ACC_LOG")
        self._log = open(log, "a") if log else None
        self._logged = [0, 0, 0]
        self._sub = 0
        # trace: the point now in force, then a ring of future points
        self._pt = -1
        self._pv = [0, 0, 1000]
        self._qt = [0] * _CAP
        self._qx = [0] * _CAP
        self._qy = [0] * _CAP
        self._qz = [0] * _CAP
        self._qh = 0
        self._qn = 0

    # --- trace -------------------------------------------------------------
    def add_point(self, t_ms, x, y, z):
        return self.add_point_us(t_ms * 1000, x, y, z)

    def add_point_us(self, t_us, x, y, z):
        """A point at board time t_us: one on a sample's time is what the part reads then."""
        if self._qn == _CAP:
            return False
        i = (self._qh + self._qn) % _CAP
        self._qt[i] = t_us
        self._qx[i] = x
        self._qy[i] = y
        self._qz[i] = z
        self._qn += 1
        return True

    def queued(self):
        return self._qn

    def _accel_at(self, t):
        pv = self._pv
        while self._qn and self._qt[self._qh] <= t:
            h = self._qh
            self._pt = self._qt[h]
            pv[0] = self._qx[h]
            pv[1] = self._qy[h]
            pv[2] = self._qz[h]
            self._qh = (h + 1) % _CAP
            self._qn -= 1
        a = self._acc
        if self._qn and self._pt >= 0:
            h = self._qh
            span = self._qt[h] - self._pt
            dt = t - self._pt
            a[0] = pv[0] + (self._qx[h] - pv[0]) * dt // span
            a[1] = pv[1] + (self._qy[h] - pv[1]) * dt // span
            a[2] = pv[2] + (self._qz[h] - pv[2]) * dt // span
        else:
            a[0] = pv[0]
            a[1] = pv[1]
            a[2] = pv[2]
        return a

    # --- sampling ----------------------------------------------------------
    def odr_hz(self):
        code = self.regs[0x20] >> 4
        if code >= len(_ODR_HZ):
            return 0
        if code == 9 and self.regs[0x20] & 0x08:
            return 5376
        return _ODR_HZ[code]

    def _restart_clock(self):
        self._hz = self.odr_hz()
        lp = 2 if self.regs[0x20] & 0x08 else 1  # low power: about twice the noise
        self.noise_ug = int(lp * _NOISE_UG_RTHZ * _sqrt(self._hz / 2))
        self._t0 = _board.now_us
        self._k = 1
        self.next_us = self._t0 + 1_000_000 // self._hz if self._hz else 1 << 62

    def run_until(self, t):
        while self.next_us <= t:
            self._sample(self.next_us)
            self._k += 1
            self.next_us = self._t0 + self._k * 1_000_000 // self._hz

    def _fifo_mode(self):
        if not self.regs[0x24] & 0x40:
            return 0
        return self.regs[0x2E] >> 6

    def _noise_mg(self):
        """One axis's noise in mg: a sum of four uniform draws is near enough Gaussian."""
        s = 0
        x = self._rng
        for _ in range(4):
            x ^= (x << 7) & 0xFFFF
            x ^= x >> 9
            x ^= (x << 8) & 0xFFFF
            s += (x & 0xFF) - 128
        self._rng = x
        return (s * self.noise_ug + _SUM4_RMS_MILLI // 2) // _SUM4_RMS_MILLI   # rounded to mg

    def _sample(self, t):
        a = self._accel_at(t)
        if not self._qn and t > self._pt and self.noise_ug:
            for i in range(3):
                a[i] += self._noise_mg()
        r = self.regs
        lp = r[0x20] & 0x08
        fs = (r[0x23] >> 4) & 3
        mode = 2 if lp else (0 if r[0x23] & 0x08 else 1)
        bits = 8 if lp else (12 if mode == 0 else 10)
        sens = _MG_PER_DIGIT[mode][fs]
        top = (1 << (bits - 1)) - 1
        limit = ((2 << fs) * 1000) // sens
        if limit < top:
            top = limit
        out = self.latest
        big = r[0x23] & 0x40
        for i in range(3):
            mg = a[i]
            c = (mg + sens // 2) // sens if mg >= 0 else -((-mg + sens // 2) // sens)
            if c > top:
                c = top
            elif c < -top - 1:
                c = -top - 1
            if self._log:
                self._logged[i] = c * sens
            raw = (c << (16 - bits)) & 0xFFFF
            if big:
                out[2 * i] = raw >> 8
                out[2 * i + 1] = raw & 0xFF
            else:
                out[2 * i] = raw & 0xFF
                out[2 * i + 1] = raw >> 8
        if self._log:
            lg = self._logged
            self._log.write("%d %d %d %d\n" % (t, lg[0], lg[1], lg[2]))
        if self.new_data:
            self.data_overrun = 1
        self.new_data = 1
        fm = self._fifo_mode()
        if fm == 3 and self.ia:
            fm = 1  # stream-to-FIFO switches to FIFO on the interrupt
        if fm:
            if self.count == 32:
                if fm == 1:
                    self._interrupt(a, fs)
                    return
                self.head = (self.head + 1) % 32
                self.count -= 1
                self.dropped += 1
            self._slots[(self.head + self.count) % 32][:] = out
            self.count += 1
        self._interrupt(a, fs)

    def _interrupt(self, a, fs):
        r = self.regs
        cfg = r[0x30]
        if cfg & 0x3F:
            hp = r[0x21] & 0x01
            shift = 3 + ((r[0x21] >> 4) & 3)
            ths = (r[0x32] & 0x7F) * _THS_MG[fs]
            bits = 0
            ref = self._ref
            for i in range(3):
                v = a[i]
                if hp:
                    f = v - ref[i]
                    ref[i] += (v - ref[i]) >> shift
                    v = f
                if v < 0:
                    v = -v
                bits |= (2 if v > ths else 1) << (2 * i)
            enabled = cfg & 0x3F
            hits = bits & enabled
            cond = hits == enabled if cfg & 0x80 else hits != 0
            self._event_run = self._event_run + 1 if cond else 0
            dur = r[0x33] & 0x7F
            if cond and self._event_run >= (dur if dur else 1):
                self.ia = 1
                self.src_bits = hits
            elif not r[0x24] & 0x08:
                self.ia = 0
        self._update_pin()

    def _update_pin(self):
        if self.int1 is None:
            return
        r = self.regs
        i1 = r[0x22]
        level = 0
        if i1 & 0x40 and self.ia:
            level = 1
        if i1 & 0x10 and self.new_data:
            level = 1
        if i1 & 0x04 and self.count > (r[0x2E] & 0x1F):
            level = 1
        if i1 & 0x02 and self.count == 32:
            level = 1
        if r[0x25] & 0x02:
            level ^= 1  # INT_POLARITY: active low
        self.int1.ext = level

    # --- registers ----------------------------------------------------------
    def _read_reg(self, reg):
        r = self.regs
        if 0x28 <= reg <= 0x2D:
            if self._fifo_mode() and self.count:
                v = self._slots[self.head][reg - 0x28]
                if reg == 0x2D:
                    self.head = (self.head + 1) % 32
                    self.count -= 1
                    self._update_pin()
                return v
            v = self.latest[reg - 0x28]
            if reg == 0x2D:
                self.new_data = 0
                self.data_overrun = 0
            return v
        if reg == 0x27:
            return (0x0F if self.new_data else 0) | (0xF0 if self.data_overrun else 0)
        if reg == 0x2F:
            n = self.count
            v = n & 0x1F
            if n > (r[0x2E] & 0x1F):
                v |= 0x80
            if n == 32:
                v |= 0x40
            if n == 0:
                v |= 0x20
            return v
        if reg == 0x31:
            v = (0x40 | self.src_bits) if self.ia else 0
            if r[0x24] & 0x08:
                self.ia = 0
                self._update_pin()
            return v
        if reg == 0x26:
            a = self._accel_at(_board.now_us)
            for i in range(3):
                self._ref[i] = a[i]
        return r[reg]

    def _write_reg(self, reg, v):
        if reg < 0x1E or reg > 0x3F or reg in _READ_ONLY:
            return
        r = self.regs
        old = r[reg]
        r[reg] = v
        if reg == 0x20 and (old >> 4 != v >> 4 or (old ^ v) & 0x08):
            self._restart_clock()
        elif reg == 0x24 and v & 0x80:
            r[0x24] = v & 0x7F  # BOOT: reload trimming, self-clearing
        elif reg == 0x2E and v >> 6 == 0:
            self.head = 0       # bypass empties the FIFO
            self.count = 0
        self._update_pin()

    # --- I2C device interface ------------------------------------------------
    def begin_write(self):
        self._sub = 1

    def end_write(self):
        self._sub = 0

    def write_byte(self, b):
        if self._sub == 1:
            self.ptr = b & 0x7F
            self.inc = b & 0x80
            self._sub = 2
            return
        self._write_reg(self.ptr, b)
        if self.inc:
            self.ptr = (self.ptr + 1) & 0x7F

    def write(self, buf):
        for i in range(len(buf)):
            self.write_byte(buf[i])

    def read_into(self, buf):
        n = len(buf)
        if self.ptr == 0x28 and self.inc and self._fifo_mode() and n % 6 == 0 and n // 6 <= self.count:
            # FIFO burst: whole samples straight from the FIFO slots.
            if self._read_at >= 0 and _board.now_us - self._read_at > self.longest_gap_us:
                self.longest_gap_us = _board.now_us - self._read_at
            self._read_at = _board.now_us
            for j in range(n // 6):
                buf[6 * j:6 * j + 6] = self._slots[self.head]
                self.head = (self.head + 1) % 32
                self.count -= 1
            self._update_pin()
            return
        for i in range(n):
            buf[i] = self._read_reg(self.ptr)
            if self.inc:
                p = self.ptr + 1
                if p == 0x2E and self._fifo_mode():
                    p = 0x28  # FIFO read: the address rolls back to OUT_X_L
                self.ptr = p & 0x7F

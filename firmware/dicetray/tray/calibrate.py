"""Learn this tray: its noise floor, its keys' rings, its throws' levels.

Three steps, each shown on the OLED with its progress:
1. _STILL: the tray left alone for a few seconds: the noise floor (the
   detector's level of the fast part) and gravity at rest;
2. KEYS: a few key presses: how long each key's ring lasts above the floor;
3. THROWS: a few throws: the peak of each (the weakest is kept).
The figures go to a small text file on flash (tray/traycfg.py, /tray.cfg)
and are handed to the detector at boot. This module is imported only while
the tray learns (the menu's "Tray setup"), then dropped again.
"""
from micropython import const

from dicetray.tray import keys, traycfg

_STILL = const(0)
KEYS = const(1)
THROWS = const(2)
DONE = const(3)


_SETTLE_IN_MS = const(500)      # the hand that chose the menu entry is still felt
_STILL_MS = const(3000)
_KEYS_NEEDED = const(4)
_THROWS_NEEDED = const(3)
_KEY_WATCH_MS = const(600)      # a key's ring is looked for this long after it goes down
_KEY_MARGIN_MS = const(40)
_BURST_MS = const(400)          # a throw's peak is looked for this long after its onset
_ONSET_MG = const(30)
_GAP_MS = const(250)


class Calibrator:
    def __init__(self):
        self.phase = _STILL
        self.count = 0              # steps done in this phase
        self._t0 = -1
        self._t = 0
        self._bx = self._by = self._bz = 0
        self._sta = 0
        self._sum = self._n = 0
        self._gx = self._gy = self._gz = 0
        self.floor_mg = 0
        self.key_ms = 0
        self.throw_mg = 0
        self._key_t = -1
        self._key_last = 0
        self._key_up = -1
        self._burst_t = -1
        self._burst_peak = 0
        self._quiet_until = 0

    def needed(self):
        return (1, _KEYS_NEEDED, _THROWS_NEEDED, 0)[self.phase]

    def key_down(self, t):
        if self.phase == KEYS and self._key_t < 0:
            self._key_t = t
            self._key_last = t
        self._quiet_until = t + _KEY_WATCH_MS   # no throw burst from a key

    def key_up(self, t):
        """The release rings on its own (the detector masks it from key_up)."""
        if self.phase == KEYS and self._key_t >= 0:
            self._key_up = t
        self._quiet_until = t + _KEY_WATCH_MS

    def feed(self, t, x, y, z):
        """One sample (mg); True when the phase or its count changed."""
        if self._t0 < 0 or t - self._t > _GAP_MS:
            self._t0 = t
            self._bx, self._by, self._bz = x << 4, y << 4, z << 4
        dt = t - self._t
        self._t = t
        dt = 1 if dt < 1 else (24 if dt > 24 else dt)
        # the detector's own split: a slow part (24 ms) and the fast part
        self._bx += ((x << 4) - self._bx) * dt // 24
        self._by += ((y << 4) - self._by) * dt // 24
        self._bz += ((z << 4) - self._bz) * dt // 24
        mag = abs(x - (self._bx >> 4)) + abs(y - (self._by >> 4)) + abs(z - (self._bz >> 4))
        self._sta += ((mag << 4) - self._sta) * min(dt, 6) // 6
        sta = self._sta >> 4
        phase = self.phase
        if phase == _STILL:
            if t - self._t0 < _SETTLE_IN_MS:
                return False
            self._sum += sta
            self._n += 1
            self._gx += x
            self._gy += y
            self._gz += z
            if t - self._t0 >= _SETTLE_IN_MS + _STILL_MS:
                n = self._n
                self.floor_mg = (self._sum + n // 2) // n
                self._gx //= n
                self._gy //= n
                self._gz //= n
                self.phase = KEYS
                self.count = 0
                return True
            return False
        quiet = 6 + 2 * self.floor_mg
        if phase == KEYS:
            kt = self._key_t
            if kt < 0:
                return False
            up = self._key_up
            if sta > quiet and (up < 0 or t < up):
                self._key_last = t
            if t - kt >= _KEY_WATCH_MS:
                self._key_up = -1
                ring = self._key_last - kt + _KEY_MARGIN_MS
                if ring > self.key_ms:
                    self.key_ms = ring
                self._key_t = -1
                self.count += 1
                if self.count >= _KEYS_NEEDED:
                    self.phase = THROWS
                    self.count = 0
                return True
            return False
        if phase == THROWS:
            if self._burst_t < 0:
                onset = max(_ONSET_MG, 4 * self.floor_mg)
                if sta > onset and t >= self._quiet_until:
                    self._burst_t = t
                    self._burst_peak = mag
                return False
            if mag > self._burst_peak:
                self._burst_peak = mag
            if t - self._burst_t < _BURST_MS:
                return False
            if self.throw_mg == 0 or self._burst_peak < self.throw_mg:
                self.throw_mg = self._burst_peak
            self._burst_t = -1
            self._quiet_until = t + 1500     # the dice of this throw roll on
            self.count += 1
            if self.count >= _THROWS_NEEDED:
                self.phase = DONE
            return True
        return False

    def figures(self):
        return {"floor_mg": self.floor_mg, "key_ms": self.key_ms, "throw_mg": self.throw_mg,
                "gx_mg": self._gx, "gy_mg": self._gy, "gz_mg": self._gz}



# What a key did on the setup screens.
_STAY = const(0)
BACK = const(1)


class Setup:
    """The "Tray setup" screens: start, learn (with progress), save or back."""

    def __init__(self):
        self.cal = None             # None: the first screen (learn / defaults)
        self.message = None

    def key(self, code, tray):
        """BACK when the menu comes back (self.message says what happened)."""
        if code == keys.MENU:
            self.message = "Setup left" if self.cal else None
            return BACK
        if self.cal is None:
            if code == keys.OK:
                self.cal = Calibrator()
            elif code == keys.UNDO:
                traycfg.forget()
                if tray is not None:
                    tray.configure()
                self.message = "Defaults back"
                return BACK
            return _STAY
        if self.cal.phase == DONE and code == keys.OK:
            figures = self.cal.figures()
            traycfg.save(figures)
            if tray is not None:
                traycfg.apply(tray, figures)
            self.message = "Tray learnt"
            return BACK
        return _STAY

    def key_down(self, t):
        if self.cal:
            self.cal.key_down(t)

    def key_up(self, t):
        if self.cal:
            self.cal.key_up(t)

    def sample(self, accel, now, period):
        """Feed the FIFO's samples; True when the screen must change."""
        n = accel.read_fifo()
        if not n or self.cal is None:
            return False
        s = accel.samples
        t = now - (n - 1) * period
        changed = False
        for i in range(n):
            if self.cal.feed(t, s[3 * i], s[3 * i + 1], s[3 * i + 2]):
                changed = True
            t += period
        return changed

    def draw(self, fb):
        fb.fill(0)
        fb.text("Tray setup", 0, 0, 1)
        cal = self.cal
        if cal is None:
            fb.text("Learns noise,", 0, 14, 1)
            fb.text("keys and throws", 0, 23, 1)
            fb.text("OK: learn", 0, 37, 1)
            fb.text("UNDO: defaults", 0, 46, 1)
            fb.text("MENU: back", 0, 55, 1)
            return
        phase = cal.phase
        if phase == _STILL:
            fb.text("Leave it still", 0, 14, 1)
            fb.text("Learning noise", 0, 23, 1)
        elif phase == KEYS:
            fb.text("Press any key", 0, 14, 1)
            fb.text("%d of %d" % (cal.count, cal.needed()), 0, 23, 1)
        elif phase == THROWS:
            fb.text("Throw the dice", 0, 14, 1)
            fb.text("%d of %d" % (cal.count, cal.needed()), 0, 23, 1)
        else:
            fb.text("Noise %d mg" % cal.floor_mg, 0, 14, 1)
            fb.text("Keys %d ms" % cal.key_ms, 0, 23, 1)
            fb.text("Throw %d mg" % cal.throw_mg, 0, 32, 1)
            fb.text("OK: save", 0, 46, 1)
        fb.text("MENU: back", 0, 55, 1)

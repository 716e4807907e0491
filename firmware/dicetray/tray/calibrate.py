"""Learn this tray: its noise floor, the table's ring, its keys' rings, its throws' levels.

Four steps, each shown on the OLED with its progress:
1. _STILL: the tray left alone for a few seconds: the noise floor (the
   detector's level of the fast part), gravity at rest and the sample rate;
2. RAPS: two raps of the knuckles on the table beside the tray: the ring
   the tray keeps longest after a blow on its table (the table's own mode,
   or the tray's feet on it) (round 29). No rap for
   10 s, or a key pressed, ends the step with what it heard (no ring if
   none: a table the tray cannot hear, or no knock);
3. KEYS: a few key presses: how long each key's ring lasts above the floor;
4. THROWS: a few throws: the peak of each (the weakest is kept), and how
   soon the dice of the first two (soft) throws go quiet (the lower is kept:
   roll_ms, round 38). No throw heard for 10 s: the screen says so, and OK
   ends the step with the throws' figures at their defaults (round 75).
The figures go to a small text file on flash (tray/traycfg.py, /tray.cfg)
and are handed to the detector at boot. This module is imported only while
the tray learns (the menu's "Tray setup"), then dropped again.
"""
from array import array
from micropython import const

from dicetray.tray import keys, traycfg

_STILL = const(0)
RAPS = const(1)
KEYS = const(2)
THROWS = const(3)
DONE = const(4)


_SETTLE_IN_MS = const(500)      # the hand that chose the menu entry is still felt
_STILL_MS = const(3000)
_KEYS_NEEDED = const(4)
_THROWS_NEEDED = const(3)
_KEY_WATCH_MS = const(600)      # a key's ring is looked for this long after each report (down, up)
_KEY_MARGIN_MS = const(40)
_KEY_PRE_MS = const(60)         # a contact comes up to this long before its report (throws.py)
_BURST_MS = const(400)          # a throw's peak is looked for this long after its onset
_ONSET_MG = const(30)
_CALM_MS = const(300)           # the first throw: the tray this long under the quiet level before it
_SETTLED_MS = const(600)        # the next: the tray this long under it after the last (dice roll on: bare 2-4 s)
_CALM_CAP_MS = const(6000)      # ... or this long after the last throw's burst (a tray that never calms still finishes)
# (round 75) no throw heard this long (from the step's start, or since the
# last throw's dice were still): the screen says so, and OK ends the step
# with no throw figures (throw_mg, roll_ms, band_x: the defaults), the rest
# kept. A tray whose sensor hears no die (a pod beside a padded floor read
# through a 11-44 Hz filter) still saves its noise, gravity, keys and ring.
_THROW_WAIT_MS = const(10000)
_GAP_MS = const(250)
# roll_ms (round 37's measure, setup37): from a throw's onset to the start of
# its first spell of _ROLL_QUIET_MS under a sixteenth of its peak (the quiet
# level if higher), the lower of the first _ROLL_THROWS throws (one soft die,
# two soft dice; the third, hard dice, ends the step at its _BURST_MS). The
# peak is the running one until _BURST_MS. A throw that is not quiet by the
# next throw's onset gives no figure.
_ROLL_QUIET_MS = const(160)
_ROLL_THROWS = const(2)
# The raps (round 28's measure): a knuckle's blow on the table is over in a
# few ms; what the tray hears 80-400 ms later is what rings on, the table's
# top and the tray's feet on it. Each rap keeps that part of z (its rest
# level taken out) in a fixed buffer; the strongest frequency over both raps
# (Goertzel power, 5 Hz to 0.45 x the rate and at most 60 Hz, 0.25 Hz steps)
# is the ring. (Its decay, stored in round 29, was used by nothing: gone in round 30.)
_RAPS_NEEDED = const(2)
_RAP_WAIT_MS = const(10000)     # no rap this long (after the last): the step ends
# A rap reaches the tray through its feet only (no blow on the tray): the
# lightest (a box tray, 100 Hz) read 25-50 mg, under the throws' 30 mg. The
# step is otherwise still, so its level has only to clear the noise's peaks
# (up to 3.7 x the floor over 3 s on the tuning trays): 4 x floor, 16 mg at least.
_RAP_MG = const(16)
_RAP_FROM_MS = const(80)
_RAP_TO_MS = const(400)
_SEG = const(128)               # samples a rap keeps: 320 ms at 400 Hz (a faster rate keeps every n-th)
_F_LO = const(500)              # the scan, in hundredths of a Hz
_F_HI = const(6000)
_F_STEP = const(25)
_CLIP = const(2047)             # mg: keeps the scan's sums small ints on the board
# Round 73 (learn73): a rap reaches the tray through its feet and rings no
# floor mode; a die strikes the floor. Each rap's and each setup throw's
# change per sample over its size in its first 400 ms (the floor's band,
# x 1024: throws.py's _BAND over _energy) is its mark; the detector refuses
# a window under the bound (traycfg band_x, 0: none). Round 74 (learn74):
# the bound is the lower of two margins, as two raps and three throws are
# few. The knock side: a tray's two raps read 1/3-9/10 of each other
# (table, tin) and its knocks in play up to 1.44 x the raps' most (tin,
# table at 400 Hz, 42 trays a model): 3/2 of the raps' most. The throw
# side: a throw in play read down to 0.55 of setup's softest (tin's hard
# two dice, its floor rung little in their window: tray 5035 seed 7003;
# light 0.57): half the softest. (Round 73's bound, the raps' most where
# the softest throw read over 5/4 of it, lost light 5395 and tin 5187 at
# 200 Hz, each just under it)
_BAND_X = const(3)              # the knock side: 3/2 of the raps' most
_BAND_Y = const(2)              # the throw side: 1/2 of the softest throw
# ... and none under 300 Hz: the floor's band (bare 120-350 Hz, hexa's
# 160-420) lies over half the rate there and folds, so the mark no longer
# parts a floor from the feet (hexa tray 5014 at 100 Hz: throw6_hard 5383
# read 515, under half its softest setup throw's 1091)
_BAND_RATE_CHZ = const(30000)


def _cosines():
    # cos(2 pi i / 64) x 1024, made once at import (sin is 48 steps on)
    from math import cos, pi
    return array("h", [int(1024 * cos(pi * i / 32)) for i in range(64)])


_COS = _cosines()


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
        self._first = -1            # the still part's first sample: the rate from the sample times
        self.floor_mg = 0
        # the part's step (mg): the smallest change a reading makes at rest;
        # 8 mg in normal mode at +-4 g, where the noise mostly rounds to one
        # level and now and then jumps a whole step on two axes at once
        self.step_mg = 0
        self._px = self._py = self._pz = 0
        self.key_ms = 0
        self.throw_mg = 0
        self.ring_chz = 0           # the table's ring, hundredths of a Hz (0: none heard)
        self.rate_chz = 0
        self._key_t = -1            # the key being watched: its report down (-1: none)
        self._key_last = 0          # its press's last loud sample
        self._key_up = -1           # its report up (-1: not yet)
        self._rel_last = -1         # its release's last loud sample
        self._key_hist = array("i", bytes(4 * 8))   # _key_last at the end of each 20 ms, the last 160 ms
        self._burst_t = -1
        self._burst_peak = 0
        self._quiet_until = 0
        self._loud = 0              # the throws step: the last sample over the quiet level
        self.moving = False         # the throws step: the dice still move, the next throw waits
        self._calm_end = -_BURST_MS  # the throws step: when the tray last rose from a calm
        self.roll_ms = 0            # how soon setup's soft throws went quiet (0: none did)
        self._roll_t = -1           # the onset of the throw whose quiet is watched (-1: none)
        self._roll_last = 0         # its last sample over its level
        self._buf = array("h", bytes(4 * _SEG))     # both raps' late parts
        self._len = [0, 0]
        self._rap_t = -1            # the current rap's onset (-1: waiting for one)
        self._armed = False         # quiet since the last rap: the next onset is a new rap
        self._wait = 0              # when the wait for the next rap began
        self._stride = 1
        self._skip = 0
        self._f = 0                 # the scan's next frequency (0: no scan running)
        self._scan_t = 0
        self._every = 10
        self._best = -1
        self.heard = 0              # raps heard
        self.unheard = False        # the throws step: no throw heard for _THROW_WAIT_MS (OK: skip)
        # round 73: the floor's band of each rap and each throw (sum |d(x + y + z)| dt
        # over sum of the fast part's size dt, x 1024: throws.py's _BAND over its
        # _energy) in its first 400 ms; the raps' highest, the throws' lowest
        self._bs = self._bd = self._be = 0
        self.rap_band = 0
        self.throw_band = 0

    def needed(self):
        return (1, _RAPS_NEEDED, _KEYS_NEEDED, _THROWS_NEEDED, 0)[self.phase]

    def key_down(self, t):
        if self.phase == RAPS:
            # a key in the raps step: no (more) knocks; this is the first key
            self._len[self.count] = 0       # a rap not yet kept is dropped
            self._raps_done(t)
        if self.phase == KEYS and self._key_t >= 0:
            self._key_done()        # the next key before the last one's watch ended (a press redraws the screen)
        if self.phase == KEYS:
            self._key_t = self._key_last = t
            self._key_up = self._rel_last = -1
        self._quiet_until = t + _KEY_WATCH_MS   # no throw burst (nor rap) from a key

    def key_up(self, t):
        """The release rings on its own (the detector masks it from key_up)."""
        kt = self._key_t
        if self.phase == KEYS and kt >= 0 and self._key_up < 0:
            self._key_up = t
            # the release's contact came up to _KEY_PRE_MS before this report:
            # the press rang until its last loud sample before that (as it
            # was at the end of the 20 ms before; an older one was another key's)
            last = self._key_hist[((t - _KEY_PRE_MS) // 20 - 1) & 7]
            self._key_last = kt if last < kt else last
        self._quiet_until = t + _KEY_WATCH_MS

    def _key_done(self):
        # The key's ring as the detector masks it (from _KEY_PRE_MS before
        # each report, down and up, to key_ms after): the press's from its
        # report to its last loud sample before the release's contact, the
        # release's from its report to its last; the longer, and a margin.
        # (Until round 30 the press was read up to the release's report, so
        # the release's first samples were the press's: the figure was how
        # long the finger held the key, not how long the tray rang.)
        kt = self._key_t
        up = self._key_up
        ring = self._key_last - kt
        if up >= 0 and self._rel_last - up > ring:
            ring = self._rel_last - up
        ring += _KEY_MARGIN_MS
        if ring > self.key_ms:
            self.key_ms = ring
        self._key_t = -1
        self.count += 1
        if self.count >= _KEYS_NEEDED:
            self.phase = THROWS
            self.count = 0
            self._wait = self._t    # the wait for a throw starts (_THROW_WAIT_MS)

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
        s = x + y + z - ((self._bx + self._by + self._bz) >> 4)
        d = s - self._bs
        self._bs = s
        if self._rap_t >= 0 or self._burst_t >= 0:
            self._bd += (d if d > 0 else -d) * dt
            self._be += mag * dt
        if self._f and t >= self._scan_t:
            self._scan_t = t + self._every
            self._scan_one()
        phase = self.phase
        if phase == _STILL:
            if t - self._t0 < _SETTLE_IN_MS:
                return False
            if self._first < 0:
                self._first = t
                self._px = x
                self._py = y
                self._pz = z
            self._sum += sta
            self._n += 1
            self._step_seen(abs(x - self._px))
            self._step_seen(abs(y - self._py))
            self._step_seen(abs(z - self._pz))
            self._px = x
            self._py = y
            self._pz = z
            self._gx += x
            self._gy += y
            self._gz += z
            if t - self._t0 >= _SETTLE_IN_MS + _STILL_MS:
                n = self._n
                self.floor_mg = (self._sum + n // 2) // n
                self._gx //= n
                self._gy //= n
                self._gz //= n
                # the rate from the sample times (the board's are the sensor's clock: drivers/lis3dh.py stamp)
                self.rate_chz = (n - 1) * 100000 // max(1, t - self._first)
                self._stride = 1 + self.rate_chz // 50000
                # the scan: a frequency (2 x rate x 0.32 s samples) every rate / 20
                # samples (50 ms), at most one in each 20 ms read of the FIFO (2-4 ms on an RP2040)
                self._every = min(20, max(5, self.rate_chz // 2000))
                self.phase = RAPS
                self.count = 0
                self._wait = t
                return True
            return False
        quiet = max(6 + 2 * self.floor_mg, 3 * self.step_mg)   # over a step on two axes
        if phase == RAPS:
            return self._rap(t, z, sta, quiet)
        if phase == KEYS:
            kt = self._key_t
            if kt < 0:
                return False
            up = self._key_up
            if up < 0:
                if sta > quiet:
                    self._key_last = t
                self._key_hist[(t // 20) & 7] = self._key_last
            elif sta > quiet:
                self._rel_last = t
            if t - (kt if up < 0 else up) >= _KEY_WATCH_MS:
                self._key_done()
                return True
            return False
        if phase == THROWS:
            rt = self._roll_t
            if rt >= 0:
                if sta > max(quiet, self._burst_peak >> 4):
                    self._roll_last = t
                elif t - self._roll_last >= _ROLL_QUIET_MS:
                    rt = self._roll_last - rt
                    if self.roll_ms == 0 or rt < self.roll_ms:
                        self.roll_ms = rt
                    self._roll_t = -1
            if self._burst_t < 0:
                qu = self._quiet_until
                if self.moving or t < qu:
                    self._wait = t      # (a key, or the dice of the last throw: no wait yet)
                elif not self.unheard and t - self._wait >= _THROW_WAIT_MS:
                    self.unheard = True
                    return True     # the screen: "No throw heard", OK skips
                calm = t >= qu and (t - self._loud >= (_SETTLED_MS if self.moving else _CALM_MS) or t - qu >= _CALM_CAP_MS)
                if sta > quiet:
                    if calm:
                        self._calm_end = t      # the first sample over the quiet level after a calm
                    self._loud = t
                    # a throw's first bounces cross the quiet level (and may dip
                    # under it) before one crosses the onset's
                    if (t - self._calm_end < _BURST_MS or t - qu >= _CALM_CAP_MS) and sta > max(_ONSET_MG, 4 * self.floor_mg):
                        self._burst_t = t
                        self.unheard = False
                        self._burst_peak = mag
                        self._bd = self._be = 0
                        # (a throw still watched is not quiet yet: no figure)
                        self._roll_t = t if self.count < _ROLL_THROWS else -1
                        self._roll_last = t
                        return False
                if self.moving and calm:
                    self.moving = False
                    return True     # the screen: the next throw is heard now
                return False
            if mag > self._burst_peak:
                self._burst_peak = mag
            if sta > quiet:
                self._loud = t      # (the calm after a throw counts from its dice's last loud sample)
            if t - self._burst_t < _BURST_MS:
                return False
            if self.throw_mg == 0 or self._burst_peak < self.throw_mg:
                self.throw_mg = self._burst_peak
            b = self._bd * 1024 // max(1, self._be)
            if self.throw_band == 0 or b < self.throw_band:
                self.throw_band = b
            self._burst_t = -1
            self._quiet_until = t     # (until round 75 no next throw for 1.5 s more: now _SETTLED_MS of calm)
            self.moving = True
            self.count += 1
            if self.count >= _THROWS_NEEDED:
                while self._f:              # (the scan ended long ago: 3 throws take seconds)
                    self._scan_one()
                self.phase = DONE
            return True
        return False

    def skip_throws(self):
        """OK on the throws step once no throw was heard for _THROW_WAIT_MS:
        the step ends with no throw figures (the defaults), the others kept.
        A throw or two heard before are dropped too: the weakest of them is
        not the tray's soft throw (the softer went unheard)."""
        if self.phase == THROWS and self.unheard:
            self.throw_mg = self.roll_ms = self.throw_band = 0
            self._roll_t = -1
            while self._f:
                self._scan_one()
            self.phase = DONE
            return True
        return False

    def _step_seen(self, d):
        # a reading changed by d at rest: the part's step is the smallest such change
        if d and (d < self.step_mg or not self.step_mg):
            self.step_mg = d

    def _rap(self, t, z, sta, quiet):
        """The raps step: an onset with no key near is a rap; its late part is kept."""
        rt = self._rap_t
        if rt < 0:
            # a rap is more than the noise's jump of a step on two axes
            onset = max(_RAP_MG, 4 * self.floor_mg, 3 * self.step_mg)
            if sta <= onset // 2:
                self._armed = True
            elif self._armed and sta > onset and t >= self._quiet_until:
                self._rap_t = t
                self._bd = self._be = 0
                self._skip = 0
                self._armed = False
                return False
            if t - self._wait < _RAP_WAIT_MS:
                return False
            self._raps_done(t)      # no (more) raps: the step ends with what it heard
            return True
        dt = t - rt
        if dt < _RAP_FROM_MS:
            return False
        if dt < _RAP_TO_MS:
            d = z - self._gz
            i = self.count
            n = self._len[i]
            self._skip -= 1
            if n < _SEG and self._skip <= 0:
                self._skip = self._stride
                self._buf[i * _SEG + n] = -_CLIP if d < -_CLIP else (_CLIP if d > _CLIP else d)
                self._len[i] = n + 1
            return False
        self._rap_t = -1
        self.rap_band = max(self.rap_band, self._bd * 1024 // max(1, self._be))
        self._wait = t
        self.count += 1
        if self.count >= _RAPS_NEEDED:
            self._raps_done(t)
        return True

    def _raps_done(self, t):
        self._rap_t = -1            # (a key ended the step: the rap not kept is no rap)
        if self.count:
            self._f = _F_LO
            self._scan_t = t
            # each rap's own mean out (the rest level to the last mg)
            buf = self._buf
            for i in range(self.count):
                n = self._len[i]
                m = sum(buf[i * _SEG:i * _SEG + n]) // max(1, n)
                for k in range(i * _SEG, i * _SEG + n):
                    buf[k] -= m
        self.phase = KEYS
        self.heard = self.count
        self.count = 0

    def _scan_one(self):
        """One frequency of the scan: its power summed over the raps (a
        64-step cosine table and a phase in 1/65536 of a turn: small ints)."""
        f = self._f
        rate = self.rate_chz // self._stride
        step = f * 65536 // rate
        buf = self._buf
        cos = _COS
        power = 0
        for i in range(self.heard):
            c = s = ph = 0
            for k in range(i * _SEG, i * _SEG + self._len[i]):
                v = buf[k]
                j = ph >> 10
                c += v * cos[j]
                s += v * cos[(j + 48) & 63]
                ph = (ph + step) & 0xFFFF
            power += (c >> 6) * (c >> 6) + (s >> 6) * (s >> 6)
        if power > self._best:
            self._best = power
            self.ring_chz = f
        f += _F_STEP
        self._f = 0 if f > min(_F_HI, rate * 45 // 100) else f

    def figures(self):
        return {"floor_mg": self.floor_mg, "key_ms": self.key_ms, "throw_mg": self.throw_mg,
                "gx_mg": self._gx, "gy_mg": self._gy, "gz_mg": self._gz,
                "ring_chz": self.ring_chz, "roll_ms": self.roll_ms, "band_x": self.band_x()}

    def band_x(self):
        # the floor-band bound (rounds 73, 74: _BAND_X): the lower of 3/2
        # of the raps' most and half the softest throw; 0 (none) with no rap
        # or under 300 Hz
        if self.rate_chz < _BAND_RATE_CHZ:
            return 0
        r = self.rap_band * _BAND_X // 2
        t = self.throw_band // _BAND_Y
        return r if r < t else t


# What a key did on the setup screens.
_STAY = const(0)
BACK = const(1)


class Setup:
    """The "Tray setup" screens: start, learn (with progress), save or back."""

    def __init__(self):
        self.cal = None             # None: the first screen (learn / defaults)
        self.message = None

    def key(self, code, app):
        """A key on the setup screens (app.py's on_press): after a save, the
        defaults or MENU the menu comes back, its message saying what
        happened. Here, not in app.py: this module is loaded only while
        Tray setup is on."""
        if self._key(code, app.tray) == BACK:
            app.message = self.message
            app.keys_out()         # the keys Tray setup heard go to it, not to the detector
            app.setup = None
            app.drain()            # its save (a file and a rename: an erase at times) done
            from dicetray.tray import unload
            from dicetray.tray.app import MENU
            unload("tray.calibrate", "tray.traycfg", "tray.traysetup")
            app.drain()
            app.mode = MENU

    def _key(self, code, tray):
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
        if code == keys.OK and self.cal.skip_throws():
            return _STAY            # no throw heard: the figures without a throw's, OK saves them
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

    def feed(self, t, x, y, z):
        """One sample (mg, at t: the app's, on the sensor's clock); True when
        the screen must change."""
        return self.cal is not None and self.cal.feed(t, x, y, z)

    def draw(self, fb):
        fb.fill(0)
        fb.text("Tray setup", 0, 0, 1)
        cal = self.cal
        if cal is None:
            fb.text("Learns noise,", 0, 14, 1)
            fb.text("ring, keys, dice", 0, 23, 1)
            fb.text("OK: learn", 0, 37, 1)
            fb.text("UNDO: defaults", 0, 46, 1)
            fb.text("MENU: back", 0, 55, 1)
            return
        phase = cal.phase
        if phase == _STILL:
            fb.text("Leave it still", 0, 14, 1)
            fb.text("Learning noise", 0, 23, 1)
        elif phase == RAPS:
            fb.text("Knock twice on", 0, 14, 1)
            fb.text("the table beside", 0, 23, 1)
            fb.text("the tray: %d of %d" % (cal.count, cal.needed()), 0, 32, 1)
            fb.text("Any key: skip", 0, 41, 1)
        elif phase == KEYS:
            fb.text("Press any key", 0, 14, 1)
            fb.text("%d of %d" % (cal.count, cal.needed()), 0, 23, 1)
            if not cal.heard:
                fb.text("No knock heard", 0, 37, 1)
        elif phase == THROWS:
            # the next throw is heard once the dice of the last one are still
            fb.text("Dice moving" if cal.moving else "Throw the dice", 0, 14, 1)
            fb.text("%d of %d" % (cal.count, cal.needed()), 0, 23, 1)
            if cal.moving:
                fb.text("Next when still", 0, 37, 1)
            elif cal.unheard:
                fb.text("No throw heard", 0, 37, 1)
                fb.text("OK: skip throws", 0, 46, 1)
        else:
            fb.text("Noise %d mg" % cal.floor_mg, 0, 10, 1)
            fb.text("Keys %d ms" % cal.key_ms, 0, 19, 1)
            fb.text("Throw %d mg" % cal.throw_mg if cal.throw_mg else "Throw none", 0, 28, 1)
            r = cal.ring_chz
            fb.text("Ring %d.%d Hz" % (r // 100, r // 10 % 10) if r else "Ring none", 0, 37, 1)
            fb.text("OK: save", 0, 46, 1)
        fb.text("MENU: back", 0, 55, 1)

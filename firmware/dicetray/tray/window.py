# A window's two ends: its onset (_start: the evidence from nothing) and,
# once it is judged, the settle (_watch, _steady_check, _floor_levels,
# _settle_levels, _settle; _refused: no throw), with the bar a window after
# that settle must clear (_moved_loud_after). Tray (throws.py) is built on
# Impacts (impacts.py), which is built on this class: all three share Tray's
# attributes and the impacts array.
#
# Its own module (round 51, heap51) so that throws.py compiles from source
# in a smaller heap: none of this runs per sample (once a window, at a key,
# every 250 ms while moving). impacts.py imports it, so it compiles last,
# with throws.py and impacts.py already built. Comments, not docstrings (as
# throws.py). The figures and the array's slots are throws.py's and
# impacts.py's, written here too (tests/test_tray_split.py checks the copies).
from micropython import const

# throws.py's figures and slots (the same there; what each holds is said
# there only, so a copy's comment cannot drift from it)
_LF_FX = const(6)
_STA_FX = const(2)
_FLOOR_FX = const(8)
_REST_BEFORE_MS = const(300)
_DISARMED = const(0)
_LANDING_X = const(6)
_ONSET_MG = const(30)
_ONSET_FLOOR_X = const(4)
_IMPULSE_MG = const(12)
_IMPULSE_FLOOR_X = const(3)
_QUIET_MG = const(6)
_QUIET_FLOOR_X = const(2)
_TAP_X = const(5)
_TAP_MG = const(1)
_TAP_QUIET_MS = const(75)
_MURMUR_QUIET_MS = const(150)
_MURMUR_CREDIT_MS = const(100)
_STEADY_STEP_MS = const(250)
_STEADY_STEPS = const(6)
_HUM_CHG_DT = const(20)
_FLIGHT_MAX_MS = const(450)
_KEY_PRE_MS = const(60)
_HIT_BEFORE_MS = const(60)
_HIT_AFTER_MS = const(30)
_KEY_RUN_MS = const(700)
_MOVED_WINDOW_MS = const(2500)
_LIE_MS = const(8000)
_IMP_N = const(6)
_CUR_T = const(24)
_CUR_M = const(25)
_CUR_X = const(26)
_CUR_Y = const(27)
_WAIT_WHY = const(28)
_LATE = const(29)
_KNOCK_T = const(30)
_KEYMARK = const(31)
_RANG = const(128)
_RING = const(40)
_LOUD = const(45)
_LOUD_CK = const(46)
_LOUD_OLD = const(47)
_HAND_T = const(48)
_HAND_RUN = const(49)
_HAND_PREV = const(50)
_HAND = const(51)
_RING_KEY = const(52)
_RBUF_N = const(256)
_LIE_PEAK = const(53)
_LIE_UNTIL = const(54)
_TAP_V = const(55)
_TAP_A = const(56)
_TAP_T = const(57)
_TAP_L = const(58)
_SILENCED = const(59)
_WIN_T = const(64)
_WIN_M = const(65)
_EDGE_V = const(66)
_EDGE_D = const(67)
_EDGE_Z = const(68)
_EDGE_M = const(69)
_CO_P = const(73)
_CO_Q = const(74)
_CO_R = const(75)
_CO_Z1 = const(76)
_CO_Z2 = const(77)
_CO_S = const(78)
_EDGE_P = const(79)
_EDGE_C = const(80)
_MOVED_OVER = const(81)
_STEP_OR = const(84)
_REST_OLD = const(71)
_MOVE_T = const(72)
_SWAY_T = const(85)
_UNREST_T = const(86)
_HELD_T = const(87)
_ENV_LAG = const(88)
_HID_T = const(89)              # round 53 (finger53): the last bounce only 5 ms steps show at 400 Hz,
_HID_N = const(90)              # and how many (_bounce; impacts.py's _press_release)
_IMP_MS = const(15)
_MERGE_MS = const(50)
_KM_STA = const(91)
_KM_TAP = const(92)
_KM_GAP = const(93)
_SWAY_MS = const(60)
_DT_MAX = const(40)
_HAND_MS = const(500)
_HAND_EDGE_MS = const(30)
_HAND_GAP_MS = const(20)
_IDLE = const(0)
_CANDIDATE = const(1)
_MOVING = const(2)
# after a settle (throws.py, _MOVED_WINDOW_MS: why, from round 19;
# _moved_loud_after, from impacts.py)
_MOVED_THROW_X = const(3)       # (x 1/4) of the settled throw's peak
_MOVED_SURE_X = const(3)        # x the throw level: the settled throw was dice
_MOVED_MOVE_X = const(5)        # x the settled move's peak
_MOVED_OVER_X = const(5)        # (x 1/4) of the last sure throw's peak: no die falling over (round 40)
# round 50 (late50): the settle's levels on a part with coarse steps (_settle_levels)
_COARSE_STEP_MG = const(8)      # readings all in steps of 8 mg or more (the LIS3DH's normal mode at +-4 g)
_COARSE_FLOOR = const(1536)     # set the settle's floor at least 3/4 of 8 mg (6 mg << _FLOOR_FX)


def _tap_level(floor):
    # The settle's tap level (mg << _STA_FX) from a floor (mg << _FLOOR_FX):
    # 5/4 of it + 1 mg. One formula for a window's onset (_start: the floor
    # learnt while idle) and its settle (_settle_levels: on a part with
    # coarse steps, from at least 3/4 of a step), so the two cannot drift
    # apart (round 51; till then each wrote it out).
    return ((floor * _TAP_X) >> (_FLOOR_FX + 2 - _STA_FX)) + (_TAP_MG << _STA_FX)


class Window:
    # The window's onset and its settle (Tray's attributes, the impacts array).

    def _unrest(self, t, dt):
        # Round 52 (miss52): an impact _UNREST_X times over the onset level
        # on an armed tray that has not rested (throws.py's onset): only
        # while the slow part swings about rest (at rest the sample before,
        # or off it for at most _SWAY_MS). Round 53 (miss53): the onset is
        # kept (_UNREST_T) for the guards on such a window.
        imps = self._imps
        sw = imps[_SWAY_T]
        rs = self._rest_since
        if t - rs > dt:
            # at rest the sample before: the run off rest that ended there
            # was a sway's, or it ended _REST_BEFORE_MS ago (round 53)
            if rs - sw > _SWAY_MS and t - rs < _REST_BEFORE_MS:
                return False
        elif t - sw > _SWAY_MS:
            return False
        # round 53: every run off rest for _REST_BEFORE_MS was a sway's (a
        # tray held off rest, lifted or tilted, is set down as its slow part
        # comes back), and no key of the pad rings
        if t - imps[_HELD_T] < _REST_BEFORE_MS or t < self._key_until:
            return False
        # nor is it the last window's dice: within _MOVED_WINDOW_MS of a
        # settle the tray has not rested since the dice were still (a die
        # still rolling, or one falling over: EV_MOVED's time); and under the
        # peak of a window refused a die's flight before (_FLIGHT_MAX_MS),
        # one of its dice coming down again (a bounce falls from lower than
        # the die was thrown from: it lands softer than its first landing)
        if 0 <= self.settled_ms and t - self.settled_ms < _MOVED_WINDOW_MS:
            return False
        if t - imps[_WIN_T] < _FLIGHT_MAX_MS and (self._sta >> _STA_FX) < imps[_WIN_M]:
            return False
        imps[_UNREST_T] = t
        if t - rs > _DT_MAX:
            # a run of motion begins here, as the idle sample would have
            # kept it: a key whose contact this was (key_down refuses the
            # window) lets the rest before it stand
            imps[_REST_OLD] = rs
            imps[_MOVE_T] = t
        return True

    def _bounce(self, t, sta, dt):
        # (finger53) At 400 Hz, sta over the impulse level and not 5/4 over
        # the envelope: a rise 5/4 over the envelope of 5 ms before (as
        # 200 Hz reads an impact) outside an impact is a bounce only 5 ms
        # steps show. sta's rise is set per ms, so at 400 Hz a die's bounce
        # rises in two samples, each under 5/4, and the envelope follows it
        # up. Counted for the finger test only (the impacts unchanged), when
        # hard (_RUNG_X x the quiet level, as round 23's) and a strike
        # between the first strike and the next, or a third impact in the
        # first two: what a press and its release lack (a later strike may
        # be the next key's press: round 23's three strikes).
        # (round 54, cost54: the strikes counted in _bounce_at, so that
        # this call, made on most hard samples of a window at 400 Hz, has a
        # frame of 11 words or fewer, which the VM takes from the C stack
        # and not from the heap: on the cost trace 147 calls in 2,000
        # samples, 116 of them past the first test)
        imps = self._imps
        if t - imps[_CUR_T] > _IMP_MS and t - imps[_HID_T] > _IMP_MS:     # (hard: feed() asks)
            d = self._r_env[dt]
            d = (((imps[_ENV_LAG] * d) >> 10) * d) >> 10
            if sta > d + (d >> 2):
                self._bounce_at(t)

    def _bounce_at(self, t):
        # (finger53) _bounce's rise: counted if a strike between the first
        # strike and the next, or a third impact in the first two
        imps = self._imps
        n = self._imp_n
        if n <= _IMP_N:
            st = -_MERGE_MS
            c = k = 0
            for i in range(0, (n + 1) << 2, 4):
                at = imps[i] if i < n << 2 else imps[_CUR_T] - self._cand_t0
                if at - st >= _MERGE_MS:
                    st = at
                    c = 0
                    k += 1
                c += 1
            # (k strikes so far, the last one c impacts) between the
            # first strike and the second, or a third impact in either
            if (t - self._cand_t0 - st >= _MERGE_MS and k == 1
                    or c >= 2 and k <= 2 and t - self._cand_t0 - st < _MERGE_MS):
                imps[_HID_T] = t
                imps[_HID_N] += 1

    def _start(self, dt, x, y, z, floor):
        # A candidate throw starts at this sample (an onset over a resting
        # tray): the window's evidence from nothing. (t, sta and the
        # magnitude are not passed: a shorter call keeps feed()'s frame small.)
        t = self._t
        sta = self._sta >> _STA_FX
        mag = (x if x > 0 else -x) + (y if y > 0 else -y) + (z if z > 0 else -z)
        self._state = _CANDIDATE
        # the quiet level, for the whole window: the floor is learnt only while idle
        self._quiet_thr = _QUIET_MG + (self._floor >> _FLOOR_FX) * _QUIET_FLOOR_X
        self._armed = _DISARMED
        self._cand_t0 = t - dt
        self._keyed = self._key_from <= t < self._key_until
        self._keyed_end = self._key_until
        s = self.settled_ms
        if self._imps[_KM_STA] and 0 <= s < self._key_from:
            # round 54 (keymask54): the settle came inside a run of keys (its
            # wait masked the last key told): the moved window runs from the
            # run's last key, as it did when each key held the wait (the
            # player keys the dice that lie there, then picks them up)
            s = self._key_from + _KEY_PRE_MS
        self._moved_cand = 0 <= s and t - s < _MOVED_WINDOW_MS
        # (round 44) opened under _LANDING_X x the onset level right after a
        # move's settle: only round 44's landing clause opens such a window
        onset = floor * _ONSET_FLOOR_X
        if onset < _ONSET_MG:
            onset = _ONSET_MG
        self._landed = (not self.why and t - self.settled_ms < _REST_BEFORE_MS
                        and sta <= _LANDING_X * onset)
        self._peak = mag
        self._loud_t = t
        self._env = sta
        self._rises = 0
        self._mx = x << _STA_FX
        self._my = y << _STA_FX
        self._mz = z << _STA_FX
        self._low_peak = 0
        self._sx = self._sy = self._sz = 0
        self._energy = 0
        self._upright = 0
        self._sta_peak = sta
        self._tail_t = t
        self._free_t = self._free_old = self._free_ck_val = self._free_ck = t
        self._impulse_thr = max(_IMPULSE_MG, floor * _IMPULSE_FLOOR_X)
        self._imp_n = 0
        imps = self._imps
        imps[_WAIT_WHY] = imps[_LATE] = imps[_HID_N] = 0
        imps[_ENV_LAG] = sta
        imps[_HID_T] = t
        imps[_RING] = imps[_RING + 1] = imps[_RING_KEY] = 0
        imps[_CO_P] = imps[_CO_Q] = imps[_CO_R] = imps[_CO_Z1] = imps[_CO_Z2] = imps[_CO_S] = 0
        rb = self._rbuf
        if rb:
            rb[_RBUF_N] = 0
            self._blow(rb, z, True)     # (round 48: ring.py's first blow)
        imps[_KNOCK_T] = 1 << 29
        # the readings themselves (fast part + slow part), ORed: their
        # lowest set bit is the part's step (round 50, _settle_levels)
        imps[_STEP_OR] |= (x + (self._bx >> _LF_FX)) | (y + (self._by >> _LF_FX)) | (z + (self._bz >> _LF_FX))
        imps[_CUR_T] = imps[_LOUD] = imps[_LOUD_CK] = imps[_LOUD_OLD] = t
        imps[_CUR_M] = mag
        imps[_CUR_X] = x if x > 0 else -x
        imps[_CUR_Y] = y if y > 0 else -y
        # the change per sample, followed from the onset (its first change:
        # from the quiet before it)
        v = x + y + z
        imps[_TAP_V] = v
        imps[_TAP_A] = (v if v > 0 else -v) << _STA_FX
        imps[_TAP_T] = t
        imps[_TAP_L] = _tap_level(self._floor)     # (the settle's, from the floor learnt while idle)
        # the hand in the tray before the onset: a run of samples over the
        # level that ended before it, or began _HAND_EDGE_MS or more before it
        h = imps[_HAND_T]
        if t - h <= _HAND_GAP_MS and t - imps[_HAND_RUN] < _HAND_EDGE_MS:
            h = imps[_HAND_PREV]    # the run going on is the onset's own rise
        imps[_HAND] = 1 if t - h <= _HAND_MS else 0
        k = self._key_from + _KEY_PRE_MS    # the last key's report
        imps[_KEYMARK] = (((1 << _IMP_N) if k - _HIT_BEFORE_MS <= t <= k + _HIT_AFTER_MS else 0)
                          | (_RANG if self._keyed else 0))
        imps[_SILENCED] = 0
        # round 30: z's changes from the onset's sample on (the one before
        # it may be the ring's first swing already: not kept while idle)
        imps[_EDGE_V] = z
        imps[_EDGE_D] = 0
        imps[_EDGE_Z] = z if z > 0 else -z
        imps[_EDGE_M] = mag
        imps[_EDGE_P] = imps[_EDGE_C] = 0

    def _settle(self, t):
        # the dice are still (EV_SETTLED): idle again, and the bar a window
        # after this settle must clear
        self._state = _IDLE
        self.moving = False
        self.settled_ms = t
        self._moved_loud_after()

    def _steady_check(self, t, lvl, dt):
        # Every _STEADY_STEP_MS while moving: a level that has stayed within
        # half of itself for _STEADY_STEPS steps is a hum (a machine that
        # started under the throw), not dice, which slow down and stop: it
        # becomes the background the dice are still against.
        self._steady_t = t + _STEADY_STEP_MS
        ref = self._steady_lvl
        d = lvl - ref
        if (d if d > 0 else -d) <= (ref >> 1):
            self._steady_n += 1
            if self._steady_n >= _STEADY_STEPS:
                d = self._upright       # a hum changes per sample too
                if (d << 6) > lvl * (dt * _HUM_CHG_DT if dt * _HUM_CHG_DT > 64 else 64):
                    # changing faster than a drum's vibration can: dice
                    # rolling on at one level (round 31), counted afresh
                    self._steady_n = 0
                    return
                self._low_peak = d + (d >> 2) + (_TAP_MG << _STA_FX)
                q = (lvl >> _STA_FX) * _QUIET_FLOOR_X + _QUIET_MG
                if q > self._quiet_thr:
                    self._quiet_thr = q
        else:
            self._steady_n = 0
            self._steady_lvl = lvl

    def _refused(self, t, sta):
        # a window judged no throw (and, rounds 47-48, a key's window judged
        # as only keys before its wait's end): idle
        self._state = _IDLE
        self.why = 0
        imps = self._imps
        imps[_WIN_T] = self._active_t   # what shook the tray, refused (impacts.py's _press_release)
        imps[_WIN_M] = self._sta_peak
        if self.moving:
            self._watch(t, sta, False)     # EV_MOVED was said: EV_SETTLED when still again

    def _watch(self, t, sta, thrown):
        # Wait for the dice to be still (EV_SETTLED). thrown: the window
        # just judged was a throw (its impacts' history may carry the settle
        # on); not after EV_MOVED, nor a window cut short by a gap.
        self._state = _MOVING
        self.moving = True
        self.settled_ms = -1
        # a die that bounced off the window's loudest impacts may still fly
        self._half_peak = self._peak >> 1
        hold = self._loud_t + (_FLIGHT_MAX_MS if self._peak > _FLIGHT_MAX_MS else self._peak)
        self._hold_until = hold if hold > t else t
        self._lvl = sta << _STA_FX
        self._settle_levels(t)     # (below: the floor, or 3/4 of a coarse step)
        imps = self._imps
        imps[_KM_STA] = imps[_KM_TAP] = 0     # (no key masked in this wait yet: _key_wait)
        if (thrown and t - self._active_t >= _MURMUR_QUIET_MS
                and t - imps[_TAP_T] >= _TAP_QUIET_MS):
            # the window's dice went still before EV_THROW (a die that stops
            # within 100-250 ms is judged at _EVAL_MS): its level has been
            # quiet for 150 ms and its change per sample for 75 ms, as the
            # window followed them. The settle goes on from that history; a
            # start of twice the level would hold it 50-250 ms past a still
            # the window has already seen (round 26). Not after EV_MOVED: a
            # hand may still be in the tray. Nor while the window was loud
            # at its end: dice still rolling under the tray's own ring look
            # like a slow ring to the change per sample (a light tray).
            self._murmur_t = imps[_TAP_T] - _MURMUR_QUIET_MS + _TAP_QUIET_MS
            self._upright = imps[_TAP_A]
            self._sx = imps[_TAP_V]
        else:
            # the change per sample is followed only from here (not paid for
            # in the window): credit it at most _MURMUR_CREDIT_MS of quiet, so
            # the last sub-quiet slaps of a die are looked for a while longer
            self._murmur_t = t - _MURMUR_CREDIT_MS
            self._upright = self._lvl << 1     # (a ring must show itself)
            self._sx = 0

    def _key_wait(self, t):
        # A key reported at t (key_down, first: its mask not yet set).
        imps = self._imps
        k = t - _KEY_PRE_MS     # the key's contact, at the earliest
        if k - self._key_from >= _KEY_RUN_MS:
            imps[_KM_STA] = 0   # (round 47's run of keys broken: no settle came inside this one)
        if self._state == _MOVING:
            # Round 54 (keymask54, from round 53's keymask53): while the dice
            # settle. The key's press or release knocks the pad and rings the
            # tray as it does in a window (round 19): the wait's timers go
            # back to the key's contact (what the wait heard since was the
            # key's), and while the key's mask lasts a sample is movement only
            # over the key's own level, sta's envelope and the change per
            # sample as the report finds them (feed()'s wait): a die still
            # rolling knocks on over the key's ring; the key's ring only
            # decays. Only if the wait's level was quiet for as long as a
            # contact may precede its report (_KEY_PRE_MS) up to the key's
            # contact (the quiet run the key broke, or one that still lasts;
            # a masked key's ring breaks none): else dice may still roll
            # under the key (a key pressed as they roll), and the wait hears
            # the key as it hears anything. A second key in the mask (a
            # release) takes the levels as its report finds them (the first
            # key's ring decayed, its own contact's in them).
            imps[_KM_STA] = imps[_KM_TAP] = 0
            if t - self._active_t >= _KEY_PRE_MS or imps[_KM_GAP] >= k:
                self._active_t = min(self._active_t, k)
                self._murmur_t = min(self._murmur_t, k + _TAP_QUIET_MS - _MURMUR_QUIET_MS)
                imps[_KM_STA] = self._env
                imps[_KM_TAP] = self._upright

    def _floor_levels(self, t, q):
        # While moving: the quiet level q and the tap level of the tray's own
        # floor (the tap level set at the window's onset, the floor held
        # since), and the hum check (_steady_check) from the level now. At
        # the window's end (_watch), and when a "hum" was dice (round 28).
        self._quiet_thr = q
        self._low_peak = self._imps[_TAP_L]
        self._steady_t = t + _STEADY_STEP_MS
        self._steady_lvl = self._lvl
        self._steady_n = 0

    def _settle_levels(self, t):
        # The settle's quiet and tap levels (_watch) from the floor learnt
        # while idle, but on a part with coarse steps (8 mg: 10 bit at +-4 g)
        # from at least 3/4 of a step (round 50, late50): there the floor
        # learnt depends on where each axis rested against the steps (an
        # axis mid-step reads one value, on a step's edge it flickers by a
        # step), and the rest after the throw is not the rest before it. A
        # floor learnt at 2.7-4.3 mg held settles 300-1,000 ms past still
        # while every axis flickered by one step. The step: the readings
        # ORed at each window's onset (_start) have no bit under 8 set.
        imps = self._imps
        f = self._floor
        s = imps[_STEP_OR]
        if s and not s & (_COARSE_STEP_MG - 1):
            # (3/4 of 8 mg, not of the lowest set bit: at one onset three
            # readings in 8 mg steps are all multiples of 16 one time in 8)
            if f < _COARSE_FLOOR:
                imps[_TAP_L] = _tap_level(_COARSE_FLOOR)
        self._floor_levels(t, _QUIET_MG + (f >> _FLOOR_FX) * _QUIET_FLOOR_X)

    def _moved_loud_after(self):
        # At a settle: how loud a window after it must be to be judged with
        # more than patterns 1 and 3 (_MOVED_THROW_X): after a throw's settle
        # a long tail of 3/4 of its peak, after a move's any pattern at
        # _MOVED_MOVE_X x the move's peak and 3/4 of the last throw's.
        peak = self._peak
        loud = (self._thrown_peak * _MOVED_THROW_X) >> 2
        self._moved_any = not self.why
        # after a throw from a resting tray judged with no key, its bar: in
        # the moved window a quarter of its peak (round 22), then for _LIE_MS
        # a fifth (round 25): under it, keys keyed on the faces, a topple, a
        # hand taking the dice out
        # (a move's settle, or a keyed "throw" whose peak a key made, leaves
        # the last bar standing, but not its quarter: that holds only after
        # the settle that set it)
        imps = self._imps
        key_peak = self._keyed
        if key_peak and self.why:
            # round 46: a keyed throw whose peak no key made (the dice's, not
            # a press's or a release's, which on a light tray strike as hard)
            # sets the bar as a throw judged in the moved window does
            mark = imps[_KEYMARK]
            n = self._imp_n
            if n > _IMP_N:
                n = _IMP_N
            key_peak = imps[_CUR_M] < peak or mark & (1 << _IMP_N)
            for i in range(n):
                if imps[(i << 2) + 1] >= peak and not mark & (1 << i):
                    key_peak = False
        if self.why and not key_peak:
            bar = peak
            until = self.settled_ms + _LIE_MS
            if self._moved_cand or self._keyed:
                # round 45: a throw judged in the moved window renews the
                # fifth (its dice lie in the tray as well), not the quarter
                # (+1: that holds only at exactly _LIE_MS after its settle).
                # It may have been a key or a hand: it never lowers a bar
                # still holding.
                if bar < imps[_LIE_PEAK] and self.settled_ms < imps[_LIE_UNTIL]:
                    bar = imps[_LIE_PEAK]
                until += 1
            imps[_LIE_PEAK] = bar
            imps[_LIE_UNTIL] = until
        if self.why:
            if peak < _MOVED_SURE_X * self._throw_peak:
                loud = 1 << 29      # a soft throw, or a knock or a pick taken for one
        elif peak * _MOVED_MOVE_X > loud:
            loud = peak * _MOVED_MOVE_X
        self._moved_loud = loud
        # Round 40: EV_MOVED is said for a window after this settle only
        # while its peak is under this bar (throws.py's feed(), at the
        # window's _KEY_PRE_MS). A die balanced on an edge drops 3-5 mm and
        # slaps the floor at 0.2-0.45 m/s, a thrown die lands at 0.8-3.5 m/s:
        # a window already over 5/4 of the peak of the last throw that was
        # surely dice (_MOVED_SURE_X) is no die falling over but a knock, a
        # hand or dice thrown again (topples read at most 0.93 of such a
        # throw on the tuning seeds as the board reads them). The tray moves
        # all the same (EV_SETTLED when still): only the report is not said.
        peak = self._thrown_peak
        self._imps[_MOVED_OVER] = ((peak * _MOVED_OVER_X + 3) >> 2
                                   if peak >= _MOVED_SURE_X * self._throw_peak else 1 << 29)

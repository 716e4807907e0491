# A window's onset (_start: the evidence from nothing; _unrest: on a tray
# that has not rested; _bounce: a bounce only 5 ms steps show, for the
# finger test) and its end when judged no throw (_refused). The settle
# after it is Settle's (settle.py). Tray (throws.py) is built on Impacts
# (impacts.py), which is built on this class, built on Settle: all share
# Tray's attributes and the impacts array.
#
# Its own module (round 51, heap51) so that throws.py compiles from source
# in a smaller heap; the settle went to its own module in round 54, when
# this one grew past 50k. Of this, only _bounce runs on a window's hard
# samples at 400 Hz; the rest once a window. impacts.py imports it, so it
# compiles last, with throws.py and impacts.py already built (settle.py
# after it). Comments, not docstrings (as throws.py). The figures and the
# array's slots are throws.py's and impacts.py's, written here too
# (tests/test_tray_split.py checks the copies).
from micropython import const

from dicetray.tray.settle import Settle, _tap_level

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
_FLIGHT_MAX_MS = const(450)
_KEY_PRE_MS = const(60)
_HIT_BEFORE_MS = const(60)
_HIT_AFTER_MS = const(30)
_MOVED_WINDOW_MS = const(2500)
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
_STEP_OR = const(84)
_REST_OLD = const(71)
_MOVE_T = const(72)
_SWAY_T = const(85)
_UNREST_T = const(86)
_HELD_T = const(87)
_ENV_LAG = const(88)
_HID_T = const(89)              # round 53 (finger53): the last bounce only 5 ms steps show at 400 Hz,
_HID_N = const(90)              # and how many (_bounce; impacts.py's _press_release)
_SWAY_MAX = const(95)
_RISE_T = const(96)
_LAST_LOUD_MG = const(97)
_IMP_MS = const(15)
_MERGE_MS = const(50)
_ARMED = const(2)
_ARMED_RISE = const(4)
_FINGER_PEAK = const(61)
_KEY_LEAD_MS = const(100)
_KEY_UP_T = const(83)
_KW_NOW = const(65536)
_KW_ON = const(256)
_SHOVE_T = const(70)
_DT_MAX = const(40)
_HAND_MS = const(500)
_HAND_EDGE_MS = const(30)
_HAND_GAP_MS = const(20)
_IDLE = const(0)
_CANDIDATE = const(1)


class Window(Settle):
    # The window's onset and its end when judged no throw (Tray's attributes,
    # the impacts array); its settle is Settle's (settle.py).

    def _unrest(self, t, dt):
        # Round 52 (miss52): an impact _UNREST_X times over the onset level
        # on an armed tray that has not rested (throws.py's onset): only
        # while the slow part swings about rest (at rest the sample before,
        # or off it for a sway's run: _SWAY_MAX, throws.py's _SWAY_MS, 60 ms,
        # or since rounds 57-58 5/4 of the tray's own swing, throws.py's
        # feed()). Round 53 (miss53): the onset is kept (_UNREST_T) for the
        # guards on such a window.
        imps = self._imps
        sw = imps[_SWAY_T]
        rs = self._rest_since
        if t - rs > dt:
            # at rest the sample before: the run off rest that ended there
            # was a sway's, or it ended _REST_BEFORE_MS ago (round 53)
            if rs - sw > imps[_SWAY_MAX] and t - rs < _REST_BEFORE_MS:
                return False
        elif t - sw > imps[_SWAY_MAX]:
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
        # (round 70, keymask70: the quiet level's odd bit, round 69's mark of
        # a settle under an entry's keys (key_down), is kept through the
        # windows after that settle: the entry's later keys open windows of
        # their own, and what follows them is read with it (throws.py's
        # moved window, impacts.py's _keyed_start). _watch's levels are
        # even: a window judged a throw or a move ends it)
        self._quiet_thr = _QUIET_MG + (self._floor >> _FLOOR_FX) * _QUIET_FLOOR_X | self._quiet_thr & 1
        self._armed = _DISARMED
        self._cand_t0 = t - dt
        self._cand_dt = dt     # (round 69: key_down asks 3 ms or less, throws.py's _SPIKE_DT: 400 Hz)
        self._keyed = self._key_from <= t < self._key_until
        self._keyed_end = self._key_until
        self._moved_cand = 0 <= self.settled_ms and t - self.settled_ms < _MOVED_WINDOW_MS
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
        imps[_LAST_LOUD_MG] = mag     # (with _loud_t: the settle's hold, settle.py's _flight)
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

    def _rise(self, t, k):
        # Round 57 (rise57; round 56's moved56 first; in settle.py until
        # round 58 took its compile heap over the limit): idle after a move's
        # settle, rest from it unbroken and the sample before quiet, a blow
        # that opened nothing (k: 1 over the onset level). Round 44's landing
        # clause asks 6 x the onset level of a blow's first sample over it,
        # but the level is a 24 ms average: dice thrown straight back strike
        # within a few ms and their level climbs over the next samples (tin
        # throw6_soft 5088 at 200 Hz: 5.6, 4.4, then 29 x), while a hand's
        # touch is slow and stays at 2-4 x. A key's press climbs as dice do
        # (tin throw1_soft 5294 as modelled: 41 x in 5 ms), and the key scan
        # tells of it a debounce after its contact (20 ms). So rest and the
        # quiet before are held (15 ms; 30 in round 57) from the first sample
        # over the onset level, once a settle, armed _ARMED_RISE (nothing opens);
        # a sample at 6 x opens (k 2: throws.py's onset asks). Round 57
        # (rise57b): from the hold's first sample on, not 20 ms after it (the
        # wait lost 22 of the 38 quick second throws the rise finds: a
        # die's strike is short and the floor learns from the held blow;
        # the refusal below did all the wait did at 400 Hz). A hold that
        # ends without a window (its time over, or a key told in it) breaks
        # rest, as the blow's samples would have on main: else the 300 ms
        # rest clause opened a hand's touch after it (bare throw1_soft
        # 5266 as modelled). Round 58 (rise58): held 15 ms, not 30: dice
        # thrown back reach 6 x with the sample after the hold's first (their
        # first strike is the hardest; the 24 ms level takes it in within a
        # sample or two: every find on 5000-5419 and in the quick re-throws
        # 2-3 ms in at 400 Hz, 5-10 ms at 200 Hz), a hand's touch climbs
        # slowly or falls back and rises again (table pick 5195 13 ms in;
        # bare throw6_soft 6074, 26 ms, a false throw)
        if self.why or self._rest_since != self.settled_ms:
            return False
        imps = self._imps
        if imps[_RISE_T] < self.settled_ms:
            if k != 1 or t < self._key_until:
                return False
            imps[_RISE_T] = t
        elif t < self._key_until or t - imps[_RISE_T] > 15:
            self._rest_since = t
            return False
        if k > 1:
            # the window it opens is refused as one opened without rest is
            # (key_down, below) if the scan tells of a press after all:
            # a finger touches the cap 5-40 ms before the contact
            imps[_UNREST_T] = self._t
            # round 58 (rise58): a key's press is no move of the tray: when
            # key_down refuses the window, the settle's rest stands again
            # (key_down's "the rest before the touch"), a ms early so the
            # hold is over (this method's first test) and no hold's end breaks it
            imps[_REST_OLD] = self.settled_ms - 1
            imps[_MOVE_T] = t
            return True
        self._armed = _ARMED_RISE
        return True

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

    def key_down(self, t, up=False):
        # A key went down at t (the key scan's time, after its debounce).
        # (Tray's, here since round 54 so that throws.py compiles from source
        # in a smaller heap: once a key, not per sample.)
        imps = self._imps
        if up:
            imps[_KEY_UP_T] = t
        else:
            self._key_gap = t - imps[_KEY_UP_T]     # (round 47: from the last release)
            if self._state > _CANDIDATE and self.why and self._key_from >= self._loud_t and self._cand_dt <= 3:
                # Round 69 (tin69): a press in a throw's wait after another
                # key told since the window's last loud sample (the first
                # key's release, or a press before): an entry, a finger
                # keying the faces, no hand taking the dice up. Each press
                # and release strikes the pad and rings the plate anew, and
                # that ring only decays: on tin at 400 Hz it held the wait's
                # change per sample over the tap level 0.3-1.3 s past each
                # release, and the entry's keys (0.6-3.5 s after the still,
                # 250-600 ms apart) restarted the wait (p95 2,395 ms on
                # 5000-5419; tin 5029's first throw settled 5.9 s after
                # still, 5197 7.2 s). From this report the wait's quiet level
                # and tap level are at least the level's envelope and the
                # change per sample it finds (the keys' own blows): their
                # ring renews neither quiet, a louder sample (a hand, a die)
                # does. throws.py's feed reads the two bars it always reads:
                # nothing a sample. The bars go back to the floor's at the
                # next window (_start) or wait (_watch). The quiet level is
                # made odd (the floor's and a hum's are even) so that the
                # settle's hum-gone test (throws.py) does not take it for a
                # hum's and put the floor's back (tin 5197: settled at 5,170
                # ms, not 9,836). One face key (the quick re-throws) is heard
                # as before: its ring holds the wait until the hand moves
                # (keymask54's losses, round 55). A key told before the
                # window's last loud sample (a press as the dice flew) is no
                # entry's (tin quick 5033 at 200 Hz: with it counted the face
                # key at 4,325 ms was masked and the second throw at 1.8 s lost;
                # tin 5324 at 400 Hz: a false throw at 5,796 ms). Only at 400
                # Hz (the window read a sample every 3 ms or less, _cand_dt):
                # at 200 Hz the plate's modes are near and over the
                # reading's low-pass, tin's p95 there 1.2 s, and a settle
                # inside the entry handed its later keys or the hand's pick
                # to an idle tray (tin 5072, 5197, 5350: 4 false throws new).
                self._quiet_thr = max(self._quiet_thr, self._env | 1)
                self._low_peak = max(self._low_peak, self._upright)
        self._key_from = kf = t - _KEY_PRE_MS     # (kf: the contact, at the earliest)
        self._key_until = t + self._key_ms
        c0 = self._cand_t0      # (the window's onset)
        if (self._state == _CANDIDATE and imps[_UNREST_T] > c0
                and kf <= c0 + _KEY_LEAD_MS):
            # round 53 (miss53): a window opened without rest (_UNREST_X) that
            # this key's contact may have opened: the pad's key, not dice
            # (the scan tells of it its debounce after the contact, long
            # before the window is judged at _EVAL_MS): as if it had not
            # opened, armed still, and the rest before the touch stands (below).
            # Round 58 (rise58): a window a blow's rise after a move's settle
            # opened (_rise, above): disarmed, so the press's own blow,
            # still ringing, opens nothing until it falls quiet (tin
            # throw1_soft 5294 as modelled reopened at once at 6 x). (30 ms:
            # rise57b's hold, so a window opened just after a 15 ms hold
            # broke rest counts too)
            i = imps[_RISE_T]
            self._armed = _DISARMED if self.settled_ms <= i and c0 - i <= 30 else _ARMED
            self._refused(t, self._sta >> _STA_FX)
        if self._state == _CANDIDATE:
            if not self._keyed and kf <= c0 + _KEY_LEAD_MS:
                self._keyed = True
                self._keyed_end = self._key_until
            elif kf <= c0 <= t + _HIT_AFTER_MS:
                # the onset was this key's contact (as _mark_keys marks an
                # impact): a release while its press still rang started the
                # window, and its own ring is the one the dice must outlast
                # (round 19: a release's ring, still loud 40-160 ms past its
                # own mask, read as dice rolling on past the press's)
                self._keyed_end = self._key_until
            if self._free_t >= kf:
                self._free_t = self._free_old   # what was loud since the contact was the key
            if self._free_ck_val >= kf:
                self._free_ck_val = self._free_old
            if imps[_LOUD] >= kf:
                imps[_LOUD] = imps[_LOUD_OLD]
            if imps[_LOUD_CK] >= kf:
                imps[_LOUD_CK] = imps[_LOUD_OLD]
            self._mark_keys(t, up)     # (round 34: a later key's ring is outlasted too)
            if imps[_KEYMARK] & _KW_ON:
                imps[_KEYMARK] |= _KW_NOW   # it waited for the scan: judged as of before this key
            if self._key_told(up):
                # round 48 (quick48): this press's touch opened the window
                # before the wait's end of a key's window closed early; that
                # window would have held the touch and been judged by now:
                # idle, so the floor learns over this key's ring as it would
                # have (box 6308, light 7046)
                self._refused(t, self._sta >> _STA_FX)
                imps[_MOVE_T] = t   # the touch moved the tray while idle: the rest before it stands (below)
        if self._state == _IDLE and imps[_MOVE_T] >= kf:
            # the tray moved only since the key's touch: its shove, no motion
            # of the tray's own (round 30, keymask30)
            self._rest_since = imps[_REST_OLD]
            imps[_SHOVE_T] = t
        imps[_FINGER_PEAK] = -1     # the key scan tells: a window it did not start is no finger's (round 27)
        if imps[_HAND_T] >= kf:
            # what was over the hand's level since the contact was the key
            imps[_HAND_T] = h = imps[_HAND_PREV]
            if self._state == _CANDIDATE and c0 - h > _HAND_MS:
                imps[_HAND] = 0

    def key_up(self, t):
        # A key came up at t: the dome's release knocks too.
        self.key_down(t, True)

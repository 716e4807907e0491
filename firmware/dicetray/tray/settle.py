# A window's settle: once it is judged, the wait for the dice to be still
# (_watch, _steady_check, _floor_levels, _settle_levels,
# _settle), with the bar a window after that settle must clear
# (_moved_loud_after), and the tap level both ends use (_tap_level). Tray
# (throws.py) is built on Impacts (impacts.py), built on Window
# (window.py), built on this class: all share Tray's attributes and the
# impacts array.
#
# Split from window.py in round 54 so that each compiles from source in a
# small heap. None of this runs per sample (once a window, every 250 ms
# while moving, once a blow in a move's quiet wait). Comments, not
# docstrings (as throws.py). The figures and the array's slots are
# throws.py's and impacts.py's, written here too (tests/test_tray_split.py
# checks the copies).
from micropython import const

# throws.py's figures and slots (the same there; what each holds is said
# there only, so a copy's comment cannot drift from it)
_STA_FX = const(2)
_FLOOR_FX = const(8)
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
_LIE_MS = const(8000)
_IMP_N = const(6)
_CUR_M = const(25)
_KEYMARK = const(31)
_LIE_PEAK = const(53)
_LIE_UNTIL = const(54)
_SPIKE_DT = const(3)            # (throws.py's: a sample every 3 ms or less, 400 Hz)
_TAP_V = const(55)
_TAP_A = const(56)
_TAP_T = const(57)
_TAP_L = const(58)
_MOVED_OVER = const(81)
_STEP_OR = const(84)
_LAST_LOUD_MG = const(97)
_ARMED_QUIET = const(1)
_IDLE = const(0)
_MOVING = const(2)
# after a settle (throws.py, _MOVED_WINDOW_MS: why, from round 19;
# _moved_loud_after, from impacts.py)
_MOVED_THROW_X = const(3)       # (x 1/4) of the settled throw's peak
_MOVED_SURE_X = const(3)        # x the throw level: the settled throw was dice
_MOVED_MOVE_X = const(5)        # x the settled move's peak
_MOVED_OVER_X = const(5)        # (x 1/4) of the last sure throw's peak: no die falling over (round 40)
# The figures of the bars at a verdict (_bars; throws.py's until round 62,
# whose comments still say why each is what it is): after a move's landing
# (round 44), while the dice lie (rounds 25, 28)
_LANDED_X = const(3)
_LIE_X = const(5)
_LIE_UP_X = const(3)
_LIE_UP_Y = const(4)
_SIDE_IMPS = const(4)
_SLIP_QUIET_MS = const(160)          # (impacts.py's figures for _slipped, below)
_SLIP_LONG_QUIET_MS = const(80)
# round 50 (late50): the settle's levels on a part with coarse steps (_settle_levels)
_COARSE_STEP_MG = const(8)      # readings all in steps of 8 mg or more (the LIS3DH's normal mode at +-4 g)
_FLIGHT_MAX_MS = const(450)     # (throws.py's: _flight below)
_COARSE_FLOOR = const(1536)     # set the settle's floor at least 3/4 of 8 mg (6 mg << _FLOOR_FX)


def _tap_level(floor):
    # The settle's tap level (mg << _STA_FX) from a floor (mg << _FLOOR_FX):
    # 5/4 of it + 1 mg. One formula for a window's onset (_start: the floor
    # learnt while idle) and its settle (_settle_levels: on a part with
    # coarse steps, from at least 3/4 of a step), so the two cannot drift
    # apart (round 51; till then each wrote it out).
    return ((floor * _TAP_X) >> (_FLOOR_FX + 2 - _STA_FX)) + (_TAP_MG << _STA_FX)


class Settle:
    # The settle after a window (Tray's attributes, the impacts array).

    def _settle(self, t):
        # the dice are still (EV_SETTLED): idle again, and the bar a window
        # after this settle must clear
        self._state = _IDLE
        self.moving = False
        self.settled_ms = t
        self._moved_loud_after()

    def _flight(self, mg, cap):
        # How long a die may fly after a blow of mg (ms, at most cap). Round
        # 63 (hold63): a blow shorter than a sample reads by its impulse, so
        # it launches a die at most its share of the peak's speed, and for
        # at most that share of the longest flight, x 3/2 (a bouncy floor's
        # first flight runs to 500 ms; the peak sample reads the luckiest
        # blow). Until round 63, 1 ms per mg. The wait's renewal (throws.py's feed)
        # caps it at the blow's mg, the window's hold (_watch below) at the
        # peak's. (Here since round 66: throws.py's import heap.)
        d = mg * (_FLIGHT_MAX_MS * 3 >> 1) // (self._peak or 1)
        if d > cap:
            d = cap
        return _FLIGHT_MAX_MS if d > _FLIGHT_MAX_MS else d

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

    def _watch(self, t, sta, thrown):
        # Wait for the dice to be still (EV_SETTLED). thrown: the window
        # just judged was a throw (its impacts' history may carry the settle
        # on); not after EV_MOVED, nor a window cut short by a gap.
        self._state = _MOVING
        self.moving = True
        self._sy = self._sz = 0     # (round 57: no run off rest yet, throws.py)
        self.settled_ms = -1
        # a die that bounced off the window's loudest impacts may still fly
        # (_flight above: up to the peak's mg, as before round 63)
        p = self._peak
        self._half_peak = p >> 1
        imps = self._imps
        hold = self._loud_t + self._flight(imps[_LAST_LOUD_MG], p)
        self._hold_until = hold if hold > t else t
        self._lvl = sta << _STA_FX
        self._settle_levels(t)     # (below: the floor, or 3/4 of a coarse step)
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

    def _moved_over(self, t):
        # Round 55 (afterpick55): the wait after a window that was no throw
        # (the hand's pick, EV_MOVED) has been quiet for _QUIET_MS, past any
        # flight (or this blow louder than the move's peak), and only waits
        # for its change per sample (a die rolling quietly,
        # _MURMUR_QUIET_MS from the wait's start): the hand is out
        # of the tray, and a hand throwing the dice straight back lands them
        # in that wait (the pick's window is judged 400 ms after the fingers
        # first move, its wait starts then), where nothing opens a window. A
        # sample loud over the quiet level and the envelope there is a new
        # blow, not the move's tail: the move is settled at the sample before
        # and the tray is idle with rest from it, quiet before, so that this
        # blow's next samples may open a window by round 44's landing clause
        # (a hand still picking reads under it, and a window it opens must
        # reach a third of the last throw's peak). Called only on the first
        # loud sample after _QUIET_MS of quiet in a move's wait.
        # (the level itself: feed() zeroes its copy on a slow ring's sample,
        # as a die's first sample in the wait reads to the change per sample;
        # within a flight of the move's loudest impact only louder than that
        # impact: a die the move sent flying lands softer than what sent it;
        # round 55 (lead): and over 1/16 of the last throw's peak, as a
        # landing's first sample reads 0.10-1.3 of it, an untold key's
        # 0.03). (_QUIET_MS is throws.py's test, before the call.)
        sta = self._sta >> _STA_FX
        if ((t < self._hold_until and sta <= self._peak) or sta < self._quiet_thr or sta < self._env
                or (sta << 4) < self._thrown_peak):
            return False
        self._settle(t)
        self._rest_since = t
        self._armed = _ARMED_QUIET
        return True

    def _bars(self, why, dt):
        # At a window's verdict (throws.py's _candidate, once a window): the
        # bars the last settles set (_moved_loud_after, the lie bar) on the
        # pattern why the window showed: why, or 0. Moved here from
        # throws.py in round 62 (heap62): a cold path, and its compile heap
        # was throws.py's. The same tests (once why is 0 the rest cannot
        # raise it: they return 0 at once), the peak and the bar read once.
        imps = self._imps
        peak = self._peak
        bar = imps[_LIE_PEAK]
        # (a quarter of the bar the last settle set: _LIE_UNTIL is its time + _LIE_MS;
        # with a face keyed since the settle, one blow that opened its window at
        # _MOVED_OVER is the next throw, as after a move: no topple is that loud)
        # Round 71 (tin71): or a settle under an entry's keys (round 69's odd
        # quiet level, window.py's key_down; kept through the entry's later
        # windows, round 70), the bar still holding. In that wait the player
        # keyed the faces of the dice that lie there, the bar's throw's; the
        # window it closed, when not that throw's own, was judged in a moved
        # window or with a key (round 45 renews no quarter after it: the
        # entry's keys or a hand; fresh tin 6014 and 6144 its first key's).
        # What follows is as in the moved window after the bar's own settle
        # (round 22): a hand picking those dice (fingertips, clicks, a die
        # slipping 1-3 cm, 0.2-0.8 m/s) is under a quarter of a throw's
        # landing (0.8-3.5 m/s). Fresh tin at 400 Hz: 6014's pick at 8,298
        # ms read 311 mg (0.227 of its bar, 1,373), 6144's at 11,032 1,142
        # (0.232 of 4,922), each judged a throw on its many impacts; the
        # throws in such windows on the tuning and fresh seeds read 0.74-1.0
        # of theirs (6128, 6252, 6336, 6369; 6103 with no bar). The mark is
        # made at 400 Hz only. Round 71 (tinpick71): and after the settle of a
        # throw judged in the moved window or keyed that renewed the bar
        # (_LIE_MS + 1 after it, round 45): the dice that lie are the bar's
        # throw's or that throw's, and the bar never went below the louder.
        # Quick re-throws on tin at 400 Hz: a die of the re-throw falling
        # over at 0.20-0.24 of the bar (quick 5002, 5009, 5010, 5055), judged
        # a throw on its impacts; fresh tin 6366's hand at 0.236. Not after a
        # move's settle (a pick's): a throw after the hand took the dice out
        # reads down to 0.22 of the one before (round 22; quick at 2.4 and
        # 3.5 s lost 9 re-throws with it)
        if self._moved_cand and ((imps[_LIE_UNTIL] - self.settled_ms >= _LIE_MS
                                  or self._quiet_thr & 1 and self._cand_t0 < imps[_LIE_UNTIL]) and peak < bar >> 2 or (
                why != 1 and why != 3
                and (self._keyed or peak < self._moved_loud or not (
                    why == 2 or self._moved_any
                    or self._key_from > self.settled_ms and imps[_MOVED_OVER] <= peak <= imps[1])))):
            return 0    # after a settle only many impacts are a throw: one is a die falling over
        if self._landed and _LANDED_X * peak < self._thrown_peak:
            return 0    # opened by round 44's landing after a move's settle: a hand still picking
        # (the hand's slide, round 28, is under half the last throw's peak, not
        # the bar a throw in its moved window kept from a louder one before,
        # round 45: the dice that lie are the last's. Round 68, lie68: the
        # FIFO section's 4th throw at 400 Hz, seed 105, 658 mg, was under half
        # the 1st's 1471 mg, its last's 873 mg. Only at 400 Hz (_SPIKE_DT),
        # where a peak is read near its height (round 41): at 100 Hz box
        # throw2_hard 5171's last throw read 232 mg, the one before 503, and a
        # hand's slide 118 mg)
        up = self._upright
        side = self._thrown_peak
        if bar < side or dt > _SPIKE_DT:
            side = bar
        if self._cand_t0 < imps[_LIE_UNTIL] and (
                peak * _LIE_X < bar or self._slipped(peak, bar) or (
                    peak + peak < side and self._imp_n <= _SIDE_IMPS
                    and _LIE_UP_X * up < _LIE_UP_Y * (self._energy - up))):
            return 0    # the dice still lie in the tray: a hand keying or taking them out (or sliding them, or a die slipped)
        return why

    def _slipped(self, peak, bar):
        # Round 36 (extra36), gated in round 38: while the dice of the last
        # throw lie in the tray (the caller checks its bar's time), a window
        # under half that throw's peak (bar, _LIE_PEAK) that has been under the
        # quiet level for the last _SLIP_QUIET_MS before its verdict is a die
        # that slipped from the fingers: dropped 1-3 cm with no sideways
        # speed, it bounces out in a few flights and does not roll on. A
        # die thrown on bare wood rolls on after landing; on felt or a light
        # tray a soft thrown die stops as fast as a dropped one, so the rule
        # holds only on a tray whose setup throws rolled on (_slip_on).
        # (impacts.py's until round 62: only _bars asks it, with the peak
        # and the bar it has read.)
        if not self._slip_on:
            return False
        quiet = self._t - self._active_t
        if self._slip_long:
            # Round 47: where setup's soft dice rolled on over _SLIP_LONG_MS,
            # thrown dice under the bar were quiet at most 10 ms at their
            # verdicts (one at the bar itself 48 ms); slipped ones read up to
            # the bar and quiet 0-242 ms (5000/5500, both readings)
            return 4 * peak < 3 * bar and quiet >= _SLIP_LONG_QUIET_MS
        return peak + peak < bar and quiet >= _SLIP_QUIET_MS

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

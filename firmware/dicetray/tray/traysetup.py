# Tray's set-up (tray/throws.py): its rate tables and impacts array, the
# figures learnt at Tray setup (configure) and the state a new start takes
# (reset). Boot and Tray setup need it, play does not: app.py drops it once
# the tray is made and configured, as board.py and lis3dh_setup.py are
# dropped after boot (its code is RAM on a Pico). Comments, not docstrings,
# as in throws.py. The const() names are throws.py's and impacts.py's
# (a const() is private to its module): tests/test_tray_split.py keeps the
# copies equal.
from array import array

from micropython import const

_FLOOR_FX = const(8)
_TAU_LF_MS = const(24)
_TAU_STA_MS = const(6)
_TAU_MID_MS = const(4)
_FLOOR_LEARN_MS = const(500)
_TAU_ENV_MS = const(80)
_ARMED_QUIET = const(1)
_SWAY_MS = const(60)
_THROW_PEAK_MG = const(50)
_SOFT_PEAK_MG = const(35)
_TILT_EVERY_MS = const(50)
_KEY_MS = const(300)
_WAIT_WHY = const(28)
_LATE = const(29)
_KNOCK_T = const(30)
_KEYMARK = const(31)
_REF = const(32)
_TB = const(36)
_RING = const(40)
_HAND_T = const(48)
_HAND_RUN = const(49)
_HAND_PREV = const(50)
_HAND = const(51)
_LIE_PEAK = const(53)
_LIE_UNTIL = const(54)
_FINGER_T = const(60)
_FINGER_PEAK = const(61)
_WIN_T = const(64)
_SHOVE_T = const(70)
_REST_OLD = const(71)
_MOVE_T = const(72)
_FLOOR0 = const(82)
_KEY_UP_T = const(83)
_SWAY_T = const(85)
_HELD_T = const(87)
_SWAY_MAX = const(95)
_BAND_X = const(102)
_IMP_SLOTS = const(103)
_DT_MAX = const(40)
_IDLE = const(0)


def start(tray):
    # Tray.__init__: averaging rates per sample interval (1/1024), made once:
    # at 400 Hz t_ms steps 2, 3, 2, 3 ms and a division per sample costs too much
    n = _DT_MAX + 1
    # the slow part's rate and sta's in one entry (lf | sta << 10): every
    # sample needs both, and one lookup costs less than two
    tray._r_lf_sta = r_lf_sta = array("i", bytes(4 * n))
    tray._r_mid = r_mid = array("H", bytes(2 * n))
    # a single ring's envelope kept per sample: 1 - dt/tau, at least a quarter
    tray._r_env = r_env = array("H", bytes(2 * n))
    for dt in range(n):  # one loop, not a generator per table: less bytecode kept
        r_lf_sta[dt] = min(512, dt * 1024 // _TAU_LF_MS) | min(1024, dt * 1024 // _TAU_STA_MS) << 10
        r_mid[dt] = min(1024, dt * 1024 // _TAU_MID_MS)
        r_env[dt] = max(256, 1024 - dt * 1024 // _TAU_ENV_MS)
    # the window's impacts: (start - onset ms, peak mag, sum |hx|, sum |hy|),
    # then the current one and the knock-like wait (_CUR_T ...)
    tray._imps = array("i", bytes(4 * _IMP_SLOTS))
    # the ring's buffer (ring.py), None for none: an attribute of the
    # instance all the same, read on every late sample of a window; the
    # class's default cost a miss in the instance's dict and in Tray's
    # before Impacts' (about 2,500 instructions a read on the unix port),
    # and the dict has room for it (no more RAM)
    tray._rbuf = None
    configure(tray)
    reset(tray)


def configure(tray, floor_mg=0, key_ms=_KEY_MS, throw_mg=0, gx=0, gy=0, gz=0, ring_chz=0, roll_ms=0, band_x=0):
    # Figures learnt on this tray (tray/calibrate.py), 0 for the defaults,
    # in traycfg.FIELDS's order (traycfg.apply passes them so):
    # its noise floor (the level to start from), how long a key's ring
    # lasts, the peak of its weakest calibration throw, and gravity at
    # rest (the level reference: it takes out the sensor's offset and
    # how it is mounted; without it level is the sensor's z axis); the
    # table's ring and how soon its setup dice went quiet (impacts.py).
    imps = tray._imps
    # no gravity at rest learnt: learn the level at the first rest (a board
    # chip side down learns gz near -1 g: that is learnt too)
    learn = -500 < gz < 500
    imps[_REF + 3] = learn
    if learn:
        gx = gy = 0
        gz = 1024
    imps[_REF] = gx
    imps[_REF + 1] = gy
    imps[_REF + 2] = gz
    imps[_FLOOR0] = floor_mg << _FLOOR_FX
    # a ring learnt longer than the default is masked as the default:
    # a longer mask hides the dice's rises, and a key's ring past it is
    # what the keyed rules' loud level (3/2 of the quiet) is for (round 30)
    tray._key_ms = key_ms if 0 < key_ms < _KEY_MS else _KEY_MS
    # a fifth of the weakest setup throw (a third until round 30): see
    # "Tray setup" in docs/throw-detection.md (soft throws in play read
    # down to 0.41 x the setup's softest; _HAND_PEAK_X asks 2 x this)
    peak = throw_mg // 5 if throw_mg > 0 else _THROW_PEAK_MG
    tray._throw_peak = max(_SOFT_PEAK_MG, min(150, peak))
    tray._setup_figures(ring_chz, roll_ms)    # the table's ring, its dice's roll (impacts.py)
    # round 73: the floor-band bound its setup raps and throws parted at (0: none)
    imps[_BAND_X] = band_x


def reset(tray):
    tray.moving = False
    tray.tilted = False
    tray.why = 0                # which pattern made the last candidate a throw (docs)
    tray.throw_start_ms = -1
    tray.settled_ms = -1
    tray._state = _IDLE
    tray._floor_hold = -(1 << 28)
    tray._imps[_KEY_UP_T] = -(1 << 28)
    tray._key_gap = 1 << 28
    tray._learn_t = _FLOOR_LEARN_MS  # the first sample's time + _FLOOR_LEARN_MS (its rest, below)
    tray._floor = tray._imps[_FLOOR0]
    tray._t = -(1 << 28)        # the first sample comes after a gap (t_ms from -2**28 on)
    tray._bx = tray._by = tray._bz = 0
    tray._gx = tray._gy = tray._gz = 0
    tray._sta = 0
    tray._rest_since = 0
    tray._tilt_t = _TILT_EVERY_MS   # the next tilt check
    tray._armed = _ARMED_QUIET
    tray._cand_t0 = tray._cand_dt = 0
    tray._peak = tray._half_peak = 0
    tray._loud_t = 0
    tray._env = 0
    tray._rises = 0
    tray._impulse_thr = 0
    tray._low_peak = 0
    tray._sx = tray._sy = tray._sz = 0
    tray._energy = 0
    tray._upright = 0
    tray._sta_peak = 0
    tray._tail_t = 0
    tray._energy_half = 0
    tray._mx = tray._my = tray._mz = 0
    tray._quiet_thr = 0
    tray._active_t = 0
    tray._hold_until = 0
    tray._lvl = 0
    tray._murmur_t = 0
    tray._steady_t = tray._steady_lvl = tray._steady_n = 0
    tray._key_from = tray._key_until = -_KEY_MS
    tray._moved_cand = False
    tray._moved_loud = 1 << 29
    tray._moved_any = False
    tray._landed = False
    tray._thrown_peak = 0
    tray._keyed = False
    tray._keyed_end = 0
    tray._free_t = tray._free_old = tray._free_ck = tray._free_ck_val = 0
    tray._imp_n = 0
    imps = tray._imps
    imps[_WAIT_WHY] = imps[_LATE] = imps[_KEYMARK] = 0
    imps[_KNOCK_T] = 1 << 29
    imps[_TB] = imps[_TB + 1] = imps[_TB + 2] = imps[_TB + 3] = 0
    imps[_RING + 3] = -(1 << 29)    # no knock's table ringing
    imps[_HAND_T] = imps[_HAND_RUN] = imps[_HAND_PREV] = imps[_WIN_T] = -(1 << 29)   # no hand seen
    imps[_HAND] = imps[_LIE_PEAK] = imps[_LIE_UNTIL] = 0
    imps[_FINGER_T] = -(1 << 29)
    imps[_FINGER_PEAK] = 0
    imps[_SHOVE_T] = imps[_SWAY_T] = imps[_HELD_T] = -(1 << 28)
    imps[_SWAY_MAX] = _SWAY_MS
    imps[_REST_OLD] = imps[_MOVE_T] = 0

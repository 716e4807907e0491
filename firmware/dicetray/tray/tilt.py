"""Whether the resting tray stands tilted: Tray.feed (throws.py) asks
every _TILT_EVERY_MS while idle. Its own module so that throws.py compiles
from source in the board's heap; it reads Tray's slow part and its slots of
the impacts array (tests/test_tray_split.py keeps the shared figures equal)."""
# (Round 56: and, while a throw's dice settle off the rest before it,
# whether the tray rests elsewhere, rest_off; one test of still for both,
# rested. Comments, not docstrings, from here: a docstring is compiled.)
from micropython import const

EV_NONE = const(0)      # Tray's events (throws.py)
EV_TILT = const(3)
EV_LEVEL = const(4)

# shared with throws.py: the slow part's fixed point, the floor's, the quiet
# level (mg, and x the floor), the impacts array's slots of the tilt
_LF_FX = const(6)
_LF_TO_G = const(2)
_STA_FX = const(2)
_MURMUR_QUIET_MS = const(150)
_FLOOR_FX = const(8)
_QUIET_MG = const(6)
_QUIET_FLOOR_X = const(2)
_REF = const(32)
_TB = const(36)
_PRE = const(91)
_G_FX = const(8)
_REST_DEV_MG = const(25)
_REST_DEV = const((_REST_DEV_MG + 1) << _G_FX)
# Tilt: 5 degrees from the level reference, level again below 4.5 (tan^2 =
# 1/131 and 1/162). Judged from the slow part once the tray rests: checked
# every 50 ms, it has stayed within the quiet level (_QUIET_MG) of where it
# came to rest for 250 ms and the fast part is quiet at each check (200 ms
# let a hand holding the tray still pass for rest more often, 300 ms came
# later than the labels' rest). A carried tray keeps turning
# and its holder's hands tremble at 8-12 Hz (checks 50 ms apart see that
# swing), so its tilt is not judged: tilted stays as it was until the tray
# rests again.
_TILT_INV_TAN2 = const(131)
_LEVEL_INV_TAN2 = const(162)
_TILT_EVERY_MS = const(50)
_TILT_STILL_MS = const(250)
# Round 68 (tilt68): still asks x and y within the quiet level, z (the
# tray's normal, the sensor's axis on a tray set up level) within
# _BOB_MG, and the rest is told at a check whose z is within the quiet
# level of the check's before (rested()). A tray on feet, a mat or a
# ringing top bobs along its normal: z swings 20-50 mg while x and y,
# which carry the tilt, stay within 2 (table tilted 5360 at 400 Hz: z
# 927-980 for 2.4 s after the tray came to rest 15 degrees over; told 3 s
# after the label, now 1.1 s). Tilt moves z by 1 - cos: 4 mg at 5
# degrees. A hand lowering a tray moves z 40-200 mg with x and y still
# and z falls a few mg at every check (felt tilted 4 as modelled: 49 mg
# in 200 ms, then its brake; 50 mg here, or no last check's z, told the
# tilt 0.6-0.7 s before the set-down). The tilt check's alone: rest_off
# and set_down keep z within the quiet level (with 40 mg, tin quick 5040
# at 2.4 s, 400 Hz: a settle's rest taken 31 mg off in z, the second
# throw lost).
_BOB_MG = const(40)
# Without Tray setup, the tray's first rest after power-on is taken as level
# when the sensor reads it within 7.7 degrees of its z axis (tan^2 =
# 1/55): a chip mounted up to 3 degrees off about each of x and y (4.2
# together) with offsets of up to 40 mg on each (datasheet; 3.4 degrees
# together) reads a level tray up to 7.6 degrees off. Round 69 (level69):
# 6.5 degrees (1/77), which took 3 degrees and 40 mg in all, told trays
# standing level tilted from power-on to the trace's end (at 400 Hz box
# tilted 5052: its first rest 1/58, 7.5 degrees off; table pickup 5149
# 1/74; box throw1_soft 6070 1/73). A tray first resting further over is
# tilted, and level stays the sensor's z axis.
_LEARN_INV_TAN2 = const(55)
_FLAT = const(0x3FFFFFFF)    # no angle at all: flatter than any bar
# set_down's quiet: the tray's own rest bar (rested()), and at most 32 mg
# however high a ring left the floor (light 3131 as modelled: six dice
# still rolling read 94 mg under a floor's bar of 114; tipped trays 16-30)
_SET_DOWN_MG = const(32)
_REST_SQ = const(25)     # set_down's gravity alone: its square within 1/25 of the rest before's
# Round 66 (tips66): a window whose slow part has left the rest before by
# the tilt bar, not yet quiet at its verdict, is held (throws.py's
# _WAIT_WHY with _HELD_WHY) until the tray rests there (no throw), the slow
# part comes back within the bar (a throw), or _HOLD_MS from its onset
# (a throw). Round 67 (hold67): 2.5 s, not 1.5: the rest must now last
# (set_down below), and a tin tray tipped onto a book rocks on its new
# support, its level 20-460 mg, for 700 ms after the labels' rest (tin
# 5010 at 200 Hz: rested 2.1 s after the onset)
_WAIT_WHY = const(28)
_HELD_WHY = const(16)   # (patterns 1-8: impacts.py)
_HOLD_MS = const(2500)
_QUIET_T = const(98)            # (throws.py's slot) since when the held verdict has read the tray quiet


def rested(tray, sta, bob):
    # Every _TILT_EVERY_MS: True once the slow part has been still for
    # _TILT_STILL_MS (the tray rests, wherever it came to rest). check()
    # below while idle; rest_off below while a throw's dice settle
    # with the slow part off the rest before the throw.
    x = tray._bx >> _LF_FX
    y = tray._by >> _LF_FX
    z = tray._bz >> _LF_FX
    imps = tray._imps
    # still: within the quiet level of where it was when it came to rest
    # (a slow drift adds up; a 10 Hz tremor is caught at some check)
    # (each axis within it: no max() and abs() calls, a builtin costs a
    # lookup and a call)
    n = 0
    if (-_QUIET_MG <= x - imps[_TB] <= _QUIET_MG and -_QUIET_MG <= y - imps[_TB + 1] <= _QUIET_MG
            and -bob <= z - imps[_TB + 2] <= bob
            and sta <= _QUIET_MG + (tray._floor >> _FLOOR_FX) * _QUIET_FLOOR_X):
        n = imps[_TB + 3] + 1
    else:
        imps[_TB] = x
        imps[_TB + 1] = y
        imps[_TB + 2] = z
    imps[_TB + 3] = n
    if n >= _TILT_STILL_MS // _TILT_EVERY_MS:
        # (z within the quiet level of its anchor, else z anchored here:
        # a bob passes by, a hand's lowering goes on)
        if -_QUIET_MG <= z - imps[_TB + 2] <= _QUIET_MG:
            return True
        imps[_TB + 2] = z
    return False


def rest_off(tray):
    # While a throw's dice settle, every _TILT_EVERY_MS that the slow part
    # is off the rest before the throw or the tray loud (throws.py's
    # feed()): a tray the landing left standing another way (knocked onto
    # a book's edge, a foot off its mat) rests there. Dice do not tilt a
    # tray, nor hold its slow part within 6 mg for 250 ms while they roll;
    # held to the old rest, the settle waited until someone levelled the
    # tray again, seconds or never. Once it rests (rested(), the tilt
    # check's own still) that is resting gravity: the settle waits
    # _QUIET_MS more from here, and the tilt check after it says whether
    # the tray stands tilted.
    t = tray._t
    tray._tilt_t = t + _TILT_EVERY_MS
    imps = tray._imps
    if imps[_PRE + 3] == tray.throw_start_ms:
        # this window rested the tray elsewhere already: back within
        # _REST_DEV_MG of the rest before the throw, it rests there again
        # at once, as it would have without the rule (a hand that leaned
        # on the tray still and let go: light 5107's quick re-throw)
        gx = imps[_PRE]
        gy = imps[_PRE + 1]
        gz = imps[_PRE + 2]
        if (-_REST_DEV < (tray._bx << _LF_TO_G) - gx < _REST_DEV
                and -_REST_DEV < (tray._by << _LF_TO_G) - gy < _REST_DEV
                and -_REST_DEV < (tray._bz << _LF_TO_G) - gz < _REST_DEV):
            tray._gx = gx
            tray._gy = gy
            tray._gz = gz
            return
    sta = tray._sta >> _STA_FX
    if sta >= tray._quiet_thr or t - tray._murmur_t < _MURMUR_QUIET_MS:
        # not calm: the level over the settle's quiet level, or the change
        # per sample not quiet as long as the settle asks (throws.py's
        # _MURMUR_QUIET_MS). Dice still click and rock, and at 100 Hz a
        # rolling die's beat can hold the 24 ms slow part off rest and
        # within 6 mg for 250 ms (tin 5383)
        imps[_TB + 3] = 0
    elif rested(tray, sta, _QUIET_MG):
        if imps[_PRE + 3] != tray.throw_start_ms:
            imps[_PRE] = tray._gx
            imps[_PRE + 1] = tray._gy
            imps[_PRE + 2] = tray._gz
            imps[_PRE + 3] = tray.throw_start_ms
        tray._gx = tray._bx << _LF_TO_G
        tray._gy = tray._by << _LF_TO_G
        tray._gz = tray._bz << _LF_TO_G


def _flatness(x, y, z, gx, gy, gz):
    # 1 / tan^2 of the angle between the slow part (x, y, z) and a rest
    # (gx, gy, gz), both mg: 131 at 5 degrees, larger the closer they
    # are, -1 at 90 degrees and past. Cross and dot products in mg^2 /
    # 1024 (still, the slow part is gravity, about 1000 mg: small ints
    # when squared; small angles add)
    hx = (x * gz - gx * z) >> 10
    hy = (y * gz - gy * z) >> 10
    d = (z * gz + x * gx + y * gy) >> 10
    # (a sensor reading far over 1 g, a fault: halve until the squares
    # below stay small ints on the chip, under 2**30; at 1 g all are
    # under 1,200 and nothing changes)
    while not (-1400 < hx < 1400 and -1400 < hy < 1400 and -1400 < d < 1400):
        hx >>= 1
        hy >>= 1
        d >>= 1
    if d <= 0:
        return -1
    h2 = hx * hx + hy * hy
    return d * d // h2 if h2 else _FLAT


def check(tray, sta):
    # Every _TILT_EVERY_MS while idle: once the slow part (x, y, z mg)
    # has been still for _TILT_STILL_MS, tilted past 5 degrees from the
    # level reference, or level again below 4.5 (hysteresis).
    if not rested(tray, sta, _BOB_MG):
        return EV_NONE
    x = tray._bx >> _LF_FX
    y = tray._by >> _LF_FX
    z = tray._bz >> _LF_FX
    imps = tray._imps
    learn = imps[_REF + 3]
    if learn and (z < 0) != (imps[_REF + 2] < 0):
        # the board sits chip side up or down (hardware/README.md): level
        # is the sensor's z axis whichever way gravity reads along it
        # (chip side down read 180 degrees off: tilted from power-on)
        imps[_REF + 2] = -imps[_REF + 2]
    f = _flatness(x, y, z, imps[_REF], imps[_REF + 1], imps[_REF + 2])
    if learn:
        imps[_REF + 3] = 0
        if f >= _LEARN_INV_TAN2:
            imps[_REF] = x
            imps[_REF + 1] = y
            imps[_REF + 2] = z
            return EV_NONE
    if tray.tilted:
        if f >= _LEVEL_INV_TAN2:
            tray.tilted = False
            return EV_LEVEL
    elif f < _TILT_INV_TAN2:
        tray.tilted = True
        return EV_TILT
    return EV_NONE


def set_down(tray, sta, why):
    # Round 65 (tilt65): at a window's verdict (throws.py), 0 when the
    # window left the tray resting quiet and tilted past the tilt bar
    # from where it rested before it: a tray set down another way
    # (tipped onto a book's edge, put down on something), not a throw.
    # Dice do not tilt a tray. Round 66 (tips66): a tray tipped where it
    # stands is seldom quiet at the verdict (the dice it tipped still
    # slide to the low wall and strike it, up to 0.5 s after the edge
    # landed); turned past the bar but not yet resting there, the verdict
    # is held (-1) and asked again every sample until the tray rests (0),
    # or the slow part is back within the bar, where a die's blows had
    # shaken it (why: a throw), or _HOLD_MS from the window's onset (why).
    # sta: the level (mg), as check() takes it.
    imps = tray._imps
    t = tray._t
    if not why & _HELD_WHY:
        # the rest is counted from the verdict: rested()'s count is only
        # kept while idle and settling, and here it is neither
        imps[_TB + 3] = 0
        tray._tilt_t = t
        imps[_QUIET_T] = t
    imps[_WAIT_WHY] = 0
    why &= _HELD_WHY - 1
    x = tray._bx >> _LF_FX
    y = tray._by >> _LF_FX
    z = tray._bz >> _LF_FX
    gx = tray._gx >> _G_FX
    gy = tray._gy >> _G_FX
    gz = tray._gz >> _G_FX
    if _flatness(x, y, z, gx, gy, gz) >= _TILT_INV_TAN2:
        return why
    # quiet: the tray's own rest bar (rested()'s), at most _SET_DOWN_MG;
    # and resting: the slow part is gravity alone, as long as the rest
    # before's within 1/25 of its square (2 % of its length). Turned 20
    # degrees, a sensor whose zero-g offsets are 40 mg (datasheet) reads
    # gravity's square 2.7 % apart at most; a tray that still moves reads
    # more or less (tin throw2_soft 5184 at 100 Hz: 826 mg against 1,014;
    # hexa throw6_hard 9504005 at 200 Hz, six dice rolling on: 4.7 % under)
    # Round 67 (hold67): and the rest lasts. Round 66 took one such sample
    # for rest: between two clicks of six dice still rolling on a tray
    # their blows had rocked 5.05 degrees over, the level fell to 25 mg,
    # under the rest bar, for a sample, and the throw was refused (hexa
    # throw6_hard 9504005, the bench's calibration traces). Now the tray
    # rests there once it has read so at every sample for
    # _MURMUR_QUIET_MS (the settle's own quiet length, as rest_off's
    # calm above), or once the tilt check would call it resting
    # (rested(): the slow part still within 6 mg for 250 ms, quiet at each
    # 50 ms check), whichever comes first. Each alone came late where the
    # other did not: a tin tray rocking on its new support after the rest
    # keeps its level over the bar at a sample in every 150 ms (tin 5332's
    # tip back), a hexa tray bobbing at 100 Hz moves its slow part 7 mg
    # within 250 ms while its level stays at 2-14 mg (hexa 9000122).
    n = gx * gx + gy * gy + gz * gz
    d = (x * x + y * y + z * z - n) * _REST_SQ
    quiet = (sta <= _SET_DOWN_MG and sta <= _QUIET_MG + (tray._floor >> _FLOOR_FX) * _QUIET_FLOOR_X
             and -n <= d <= n)
    if not quiet:
        imps[_QUIET_T] = t
    elif t - imps[_QUIET_T] >= _MURMUR_QUIET_MS:
        # the tilt check takes this rest as its own: its next check
        # tells the tilt, unless the slow part has moved by then
        imps[_TB] = x
        imps[_TB + 1] = y
        imps[_TB + 2] = z
        imps[_TB + 3] = _TILT_STILL_MS // _TILT_EVERY_MS - 1
        return 0
    if t >= tray._tilt_t:
        # the tilt check's own still, at its own steps
        tray._tilt_t = t + _TILT_EVERY_MS
        if not quiet:
            imps[_TB + 3] = 0
        elif rested(tray, sta, _QUIET_MG):
            return 0
    if t - tray._cand_t0 < _HOLD_MS:
        imps[_WAIT_WHY] = why | _HELD_WHY
        return -1
    return why

# The table's ring, learnt at Tray setup (round 29): Tray.configure imports
# this module only when a ring is given, so a tray without one pays nothing.
# (Comments, not docstrings: see throws.py.)
#
# A knuckle's knock beside the tray rings the table's top, and the tray's
# feet on it, at the frequency that a rap at setup rang longest; a die rings
# the tray's own modes, the top only by the tray's mass over the top's, and
# dice rolling on strike again and again at other frequencies. So in a
# window's late part (from about 160 ms to its judgment: the blow and the
# tray's own ring are over) a knock's is nearly one sine at the learnt
# frequency and the dice's is not: the share of the late part's energy over
# the sensor's noise that is at that frequency was 0.71 / 0.63 (folding /
# solid top) at the median knock, 0.03 at the median throw and 0.56 at the
# 99th percentile (round 28). At _SHARE_X10 / 10 or more it is the table
# ringing after a knock: no throw.
from array import array
from micropython import const

_N = const(256)         # late-part samples kept, the last ones (640 ms at 400 Hz)
_MASK = const(255)
_MIN_N = const(12)      # fewer (a late part of under 120 ms at 100 Hz): no ring read
_SHARE_X10 = const(8)
# (round 48) a loud ring after a first blow that changed fast: the dice
# struck the tray, whose own mode on its feet (38-124 Hz) rang before a
# folding top's; a knock strikes the top. The first 60 ms' change per sample
# squared over their size squared (4 sin^2(pi f / rate) for one sine): table
# throws 3.0-3.9 (100-200 Hz), knocks 0.6-2.4 (round 48, 5000-7500); picks
# change as fast, but ring the top at 7 mg or less.
_LOUD_MG = const(10)
_LOUDEST_MG = const(32)  # a throw rings a top only by the tray's mass over the top's: 18 mg at most
_FAST_X10 = const(28)
_CAP = const(2047)      # mg: the first blow's sums of squares stay small ints (under 2**30) to 1.6 kHz
# sin x 64 in 64 steps of a turn, and a quarter turn more (cos: a quarter
# turn on, sin[i + 16]: round 54, a mask a sample less)
_SIN = array("b", b"\x00\x06\x0c\x13\x18\x1e$)-158;=?@@@?=;851-)$\x1e\x18\x13\x0c\x06"
             b"\x00\xfa\xf4\xed\xe8\xe2\xdc\xd7\xd3\xcf\xcb\xc8\xc5\xc3\xc1\xc0"
             b"\xc0\xc0\xc1\xc3\xc5\xc8\xcb\xcf\xd3\xd7\xdc\xe2\xe8\xed\xf4\xfa"
             b"\x00\x06\x0c\x13\x18\x1e$)-158;=?@")



def setup(tray, chz):
    # Tray.configure with a ring: the late part's buffer ((z << 6) | dt a
    # sample in a circle of _N, then the count; Tray._candidate fills it),
    # the ring's phase per ms in 1/65536 of a turn (chz: hundredths of a Hz)
    tray._rbuf = array("i", bytes(4 * _N + 16))
    tray._rstep = chz * 65536 // 100000
    tray._rings = knock
    tray._blow = blow


def blow(rb, z, start=False):
    # (round 48) a window's first blow, from its onset (start) to _PEAK_MS
    # (Tray._start, _candidate): its change per sample squared and its
    # size squared, summed after the late part's count; the last z after them
    v = z if -_CAP < z < _CAP else (_CAP if z > 0 else -_CAP)
    if start:
        rb[_N + 1] = rb[_N + 2] = 0
    else:
        d = v - rb[_N + 3]
        rb[_N + 1] += d * d
        rb[_N + 2] += v * v
    rb[_N + 3] = v


def knock(tray):
    # At a would-be throw's judgment: its late part rings at the table's
    # ring, a knock. The top rings on and sways the tray, so, as after
    # _table_rings, an impact far over that ring may start a window (a
    # throw after the knock) while it does.
    rb = tray._rbuf
    d = rings(rb, tray._rstep, tray._floor)
    if _LOUD_MG <= d < _LOUDEST_MG and 10 * rb[_N + 1] >= _FAST_X10 * rb[_N + 2]:
        return 0    # a throw's dice on a folding top
    if d:
        tray._ring_on(d)
    return d


def rings(rb, step, floor):
    # The late part in rb rings at the table's frequency (step): its mean |z|
    # (mg, at least 1), else 0. floor: the tray's noise level (mg << 8, as
    # Tray keeps it). Once a window, at its judgment.
    # (round 54, cost54: the same figures in fewer steps a sample: the
    # loudest from the largest and the smallest word ((z << 6) | dt orders as
    # z does); cos without a mask; the scale's left shift, exact, taken
    # out of the sums; the mean |z| summed only for a ring)
    n = rb[_N]
    m = n if n < _N else _N
    if m < _MIN_N:
        return 0
    j0 = n - m
    hi = lo = rb[j0 & _MASK]
    j = j0
    while j < n:
        v = rb[j & _MASK]
        if v > hi:
            hi = v
        elif v < lo:
            lo = v
        j += 1
    top = hi >> 6
    v = -(lo >> 6)
    if v > top:
        top = v
    if not top:
        return 0
    # scaled so that the loudest sample is 128-255: every sum below stays a
    # small int on the chip (under 2**30) and a quiet ring keeps its digits
    up = dn = 0
    while top > 255:
        top >>= 1
        dn += 1
    while top < 128:
        top <<= 1
        up += 1
    # the noise's sigma: the floor (a mean of |x| + |y| + |z|) is 1.5-2.1 x
    # the z's sigma at rest; half of it, in 1/16 (a small sigma keeps its digits)
    s = (floor << up) >> (dn + 5)
    if s > 4080:
        return 0    # the noise as loud as the loudest sample (asked before the sums, which it does not need)
    sc = ss = e = ph = 0
    sin = _SIN
    dn += 6     # (the sample's z, scaled down)
    j = j0
    while j < n:
        w = rb[j & _MASK]
        ph += step * (w & 63)
        i = (ph >> 10) & 63
        w >>= dn
        sc += w * sin[i + 16]
        ss += w * sin[i]
        e += w * w
        j += 1
    sc = (sc << up) // m
    ss = (ss << up) // m
    e = (e << (up + up)) // m   # the mean square
    s = (s * s) >> 8
    if 4 * e < 9 * s:
        return 0    # under 1.5 x the noise's sigma: at the noise a window says nothing
    # share = (A^2 / 2) / (rms^2 - sigma^2), with A = 2 |sc + i ss| / 64
    if 10 * ((sc * sc + ss * ss) >> 8) < _SHARE_X10 * 8 * (e - s):
        return 0
    a = 0
    j = j0
    while j < n:
        w = rb[j & _MASK] >> dn
        a += w if w > 0 else -w
        j += 1
    a = (((a << up) // m) << (dn - 6)) >> up
    return a if a > 0 else 1

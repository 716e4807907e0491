"""A trace recorded with the LIS3DH's own low-pass at ODR/9, told from its noise and undone (round 39).

The datasheet (DocID17530, 3.2.1) gives the part's bandwidth as ODR/2 in
normal (10-bit) and low-power mode but ODR/9 in high-resolution (12-bit)
mode. The detector (firmware tray/throws.py) was tuned on ODR/2: a die's
0.1-4 ms contact passes it as a pulse a sample or two wide over the
tray's ring (20-80 Hz, the feet and the floor). Through ODR/9 (11 / 22 /
44 Hz at 100 / 200 / 400 Hz) that pulse is smeared over 4-9 samples at a
fifth of its height, the ring above the corner is cut (a 30 Hz ring at
100 Hz to about 0.13), so the window's peak, its low band and its rises
over the ring's envelope fall under the figures that make it a throw.

The part's noise tells which it was. At rest a trace is the part's own
noise (white at ODR/2: consecutive samples uncorrelated) and its rounding
to the output's step. Through ODR/9 the noise is smoothed (consecutive
samples correlated 0.5-0.85) and what changes from one sample to the next
is the rounding alone (the second difference's r.m.s. under about one
step). `estimate` reads both over the quietest blocks of the trace; when
they say ODR/9 (`narrowed`), `sharpened` runs the trace through the
inverse of the two-pole (AR(2)) model that the quiet noise fits: a
three-tap filter per axis, its gain 1 at DC (gravity, tilt and the slow
part unchanged). It takes the part's poles out; what stays is about the
smoothing of the zeros a digital low-pass has at ODR/2, and the rounding
comes back amplified (the quiet samples' r.m.s. up about 3-4 x: still
under the detector's 30 mg onset and its learnt floor follows).

Not narrowed, the rows are returned as they were (the same object), so a
trace at ODR/2 (the models as they were, normal mode) is detected exactly
as before. The gate asks:
- the lag-1 correlation of the quiet blocks R1_MIN to R1_MAX (white noise
  reads about 0; a reading stuck on one step, which says nothing, 1);
- the quiet second difference under STEP_X output steps (noise at ODR/2
  changes by 2.4 sigma a sample, over 1.4 steps on the tuning models; a
  hum or a tray moving keeps it over too, and then the trace is left);
- the output's step (the gcd of the readings) at most STEP_MAX_MG: only
  12-bit mode filters at ODR/9, and its steps are 1 / 2 / 4 mg at +-2 / 4
  / 8 g; normal mode's are 4 / 8 / 16 mg, and at 8 and 16 mg its rest
  noise is under a step, flat and correlated too.
"""
import math

BLOCK_MS = 100          # the quiet blocks' length
QUIET_SHARE = 4         # the quietest quarter of the blocks (by their change per sample)
R1_MIN = 0.35
R1_MAX = 0.95
STEP_X = 1.1
STEP_MAX_MG = 4


def _step(rows):
    """The output's step (mg): the gcd of the readings, 1 at the least."""
    g = 0
    for r in rows:
        g = math.gcd(g, math.gcd(r[1], math.gcd(r[2], r[3])))
        if g == 1:
            break
    return g or 1


def estimate(rows):
    """(r1, r2, q, step): the lag-1 and lag-2 correlation of the quietest
    blocks (each block's mean taken out, the three axes pooled), their
    second difference's r.m.s. in output steps, and the step (mg)."""
    n = len(rows)
    step = _step(rows)
    if n < 16:
        return 0.0, 0.0, 0.0, step
    dt = (rows[-1][0] - rows[0][0]) / (n - 1)
    b = max(8, int(BLOCK_MS / dt)) if dt > 0 else 8
    blocks = []
    for i in range(0, n - b + 1, b):
        c0 = c1 = c2 = p1 = p2 = 0.0
        for ax in (1, 2, 3):
            v = [r[ax] for r in rows[i:i + b]]
            m = sum(v) / b
            d = [x - m for x in v]
            for j in range(2, b):
                c0 += d[j] * d[j]
                c1 += d[j] * d[j - 1]
                c2 += d[j] * d[j - 2]
                e = v[j] - v[j - 1]
                p1 += e * e
                e = v[j] - 2 * v[j - 1] + v[j - 2]
                p2 += e * e
        blocks.append((p1, c0, c1, c2, p2 / (3 * (b - 2))))
    if not blocks:
        return 0.0, 0.0, 0.0, step
    blocks.sort(key=lambda p: p[0])
    quiet = blocks[:max(1, len(blocks) // QUIET_SHARE)]
    c0 = sum(p[1] for p in quiet)
    q = math.sqrt(sum(p[4] for p in quiet) / len(quiet)) / step
    if c0 <= 0:
        return 0.0, 0.0, q, step
    return sum(p[2] for p in quiet) / c0, sum(p[3] for p in quiet) / c0, q, step


def narrowed(r1, q, step):
    """The part low-passed its own data (ODR/9): see the module's doc."""
    return R1_MIN <= r1 < R1_MAX and q <= STEP_X and step <= STEP_MAX_MG


def whitener(r1, r2):
    """(a1, a2): the AR(2) predictor of noise with these correlations
    (Yule-Walker); the whitening filter is y - a1 y[-1] - a2 y[-2]."""
    den = 1.0 - r1 * r1
    if den < 1e-6:
        return 0.0, 0.0
    return r1 * (1.0 - r2) / den, (r2 - r1 * r1) / den


def sharpened(rows):
    """rows (a list of (t, x, y, z)) with the part's ODR/9 low-pass undone
    when its noise says it had one; else rows itself."""
    r1, r2, q, step = estimate(rows)
    if not narrowed(r1, q, step):
        return rows
    a1, a2 = whitener(r1, r2)
    gain = 1.0 - a1 - a2
    if gain < 0.05:
        return rows     # (no low-pass fits: a ring, not the part's filter)
    k0 = 1.0 / gain
    k1 = -a1 / gain
    k2 = -a2 / gain
    out = []
    _, x1, y1, z1 = rows[0]
    x2, y2, z2 = x1, y1, z1     # started at rest at the first sample
    for t, x, y, z in rows:
        out.append((t, int(round(k0 * x + k1 * x1 + k2 * x2)),
                    int(round(k0 * y + k1 * y1 + k2 * y2)),
                    int(round(k0 * z + k1 * z1 + k2 * z2))))
        x2, y2, z2 = x1, y1, z1
        x1, y1, z1 = x, y, z
    return out

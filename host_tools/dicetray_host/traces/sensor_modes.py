"""Round 38 experiment: the LIS3DH's operating mode in the tuning models' sensor stage.

The datasheet (DocID17530, section 3.2.1, "Operating mode selection") gives
the part's bandwidth as ODR/2 in low-power (8-bit) and normal (10-bit) mode
but ODR/9 in high-resolution (12-bit) mode, whose turn-on time is 7/ODR
(1/ODR otherwise). The trace models filter every tray at ODR/2 and output
12 bits (sensor_mode None, their default: traces as they were). The switch:

- "datasheet": the 12-bit trays as the datasheet gives high-resolution
  mode: the models' ODR/2 chain, then a digital low-pass at ODR/9 run at
  the ODR, before the output is rounded. The datasheet gives only the
  bandwidth, so two shapes: "datasheet" is a 2nd-order Butterworth
  (bilinear, -3 dB at ODR/9, a step within 1 % after about 9 samples),
  "datasheet1" a one-pole y += a (x - y) with a = 0.489 (-3 dB at ODR/9;
  a = 1/2, the cheapest such filter in silicon, gives ODR/8.7, and a step
  within 1/128 after 7 samples: the turn-on time of 7/ODR).
  The part's noise (220 ug/sqrt(Hz), one density for both modes in the
  datasheet) is added before the filter, so the filter narrows it too.
- "normal": every tray in normal mode: ODR/2 as now, 10-bit output of
  4/8/16 mg per digit at +-2/4/8 g, truncated (the part drops the low
  bits), clipped at the same full scale; the same noise density.
"""
import math

MODES = (None, "datasheet", "datasheet1", "normal")


def _coeffs(order):
    """(b, a) of the ODR/9 low-pass, normalised to a0 = 1, at the ODR."""
    w = 2.0 * math.pi / 9.0
    if order == 1:
        c = 1.0 - math.cos(w)
        k = -c + math.sqrt(c * c + 2.0 * c)            # -3 dB at w exactly
        return (k, 0.0, 0.0), (1.0, k - 1.0, 0.0)
    kk = math.tan(w / 2.0)
    r2 = math.sqrt(2.0)
    norm = 1.0 / (1.0 + r2 * kk + kk * kk)
    b0 = kk * kk * norm
    return (b0, 2.0 * b0, b0), (1.0, 2.0 * (kk * kk - 1.0) * norm, (1.0 - r2 * kk + kk * kk) * norm)


def _order(mode):
    return 1 if mode == "datasheet1" else 2


def filtered(mode):
    """True when the part low-passes at ODR/9 itself (high-resolution mode
    as the datasheet gives it)."""
    return mode in ("datasheet", "datasheet1")


def part_filter(seq, mode):
    """seq through the part's own low-pass when `filtered(mode)`, else as it is."""
    return hr_filter(list(seq), _order(mode)) if filtered(mode) else seq


def output(seq, digit, top, trunc):
    """The readings in mg as the part outputs them: its steps (rounded, or
    truncated in normal mode), clipped at its full scale."""
    out = []
    for v in seq:
        q = (math.floor(v / digit) if trunc else int(round(v / digit))) * digit
        out.append(top if q > top else (-top - digit if q < -top - digit else q))
    return out


def floor(sigma, digit, mode):
    """The noise floor (mg) the oracle keeps: the part's noise after its
    filter, and its steps' rounding."""
    if filtered(mode):
        sigma *= noise_gain(_order(mode))
    return math.sqrt(sigma * sigma + digit * digit / 12.0)


def hr_filter(seq, order):
    """seq filtered by the ODR/9 low-pass, started at rest at seq[0]."""
    (b0, b1, b2), (_, a1, a2) = _coeffs(order)
    if not len(seq):
        return []
    x1 = x2 = y1 = y2 = float(seq[0])
    out = []
    for x in seq:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def noise_gain(order):
    """r.m.s. gain of the filter on white noise: sqrt(sum h^2)."""
    h = hr_filter([0.0] + [1.0] + [0.0] * 400, order)
    return math.sqrt(sum(v * v for v in h))


def digit_top(range_g, mode):
    """(mg per digit, top code in mg, truncated?) of the output at range_g."""
    digit = {2: 1, 4: 2, 8: 4}[range_g]
    if mode == "normal":
        return 4 * digit, 511 * 4 * digit, True
    return digit, 2047 * digit, False


def check(mode):
    if mode not in MODES:
        raise ValueError("unknown sensor mode %r (known: %s)" % (mode, MODES))

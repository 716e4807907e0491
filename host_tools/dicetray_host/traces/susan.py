"""Trace model "susan" (round 76, written blind): a lazy-susan dice tray.

A round plywood tray with a neoprene floor turns on a stamped-steel ball
bearing in the middle of the table, so that every player can reach it and
the tray is passed by turning it. The board (Pico + LIS3DH) is screwed under
the floor beside the bearing (or in its hole) and turns with the tray; the
keys are MX switches in a pod on the rim. The world (the tray's physics,
the table, the sensor's view) is in susan_world.py; the figures and their
reasons in docs/throw-detection.md, "### susan".

generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False,
sensor_mode=None) -> Trace, deterministic from its arguments.
"""
import math
import random

import numpy as np

from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS, Trace
from dicetray_host.traces.susan_world import FS, G, World, draw_tray

NAME = "susan"
KINDS = THROW_KINDS + ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")

# LIS3DH (datasheet DocID17530): mg per digit by mode and range, and the bits the mode keeps
_STEP_MG = {"low": {2: 16, 4: 32, 8: 64}, "normal": {2: 4, 4: 8, 8: 16}, "high": {2: 1, 4: 2, 8: 4}}
_BITS = {"low": 8, "normal": 10, "high": 12}
_NOISE_MG_RTHZ = 0.22          # datasheet: 220 ug/sqrt(Hz) (normal mode)
_LOW_NOISE_FACTOR = 2.0        # low-power mode: not given by the datasheet; taken as twice (its steps dominate)


def _part(tray_rng):
    """The tray's own part: rate, range, mode, clock, offsets, gains, the board's FIFO reads."""
    q = {}
    q["rate"] = tray_rng.choice(RATES)
    q["range"] = tray_rng.choice(RANGES_G)
    u = tray_rng.random()
    # a maker's own firmware: mostly normal mode; some high-resolution; a few low-power, and those
    # on a narrow range (8-bit steps at 8 g would be 64 mg)
    if u < 0.6:
        q["mode"] = "normal"
    elif u < 0.85:
        q["mode"] = "high"
    else:
        q["mode"] = "low" if q["range"] <= 4 else "normal"
    q["clock"] = max(-0.04, min(0.04, tray_rng.gauss(0.0, 0.015)))   # the part's ODR off nominal
    q["offset"] = [max(-80.0, min(80.0, tray_rng.gauss(0.0, 25.0))) for _ in range(3)]   # zero-g (mg)
    q["gain"] = [1.0 + tray_rng.uniform(-0.03, 0.03) for _ in range(3)]
    q["poll_ms"] = tray_rng.uniform(15.0, 35.0)     # the board's main loop reads the FIFO this often
    q["poll_jitter_ms"] = tray_rng.uniform(0.5, 4.0)
    return q


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS + ("calibration",))))
    if sensor_mode not in (None, "normal"):
        raise ValueError("unknown sensor mode %r (known: None, 'normal')" % (sensor_mode,))
    if rate_hz is not None and rate_hz not in RATES:
        raise ValueError("rate %r not one of %s" % (rate_hz, RATES))
    if range_g is not None and range_g not in RANGES_G:
        raise ValueError("range %r not one of %s" % (range_g, RANGES_G))
    key = "%s/%s/%d" % (NAME, kind, seed)
    tray_key = "%s/tray/%s" % (NAME, tray_seed if tray_seed is not None else "own/%s/%d" % (kind, seed))
    tray_rng = random.Random(tray_key)
    tray = draw_tray(tray_rng)
    part = _part(random.Random(tray_key + "/part"))
    rate = rate_hz or part["rate"]
    rg = range_g or part["range"]
    mode = sensor_mode or part["mode"]        # a forced 8 g keeps a low-power tray's mode: 64 mg steps
    rng = random.Random(key)
    w = World(tray)
    tr = Trace(kind, seed, rate, rg)
    tr.model = NAME
    end = max(_act(w, tr, kind, rng), 6.2)             # every trace lasts 6 s or more (its last stamp)
    _sample(w, tr, end, rate, rg, mode, part, key, oracle)
    tr.labels_to_ms()
    tr.duration_ms = tr.t_ms[-1]
    return tr


# ------------------------------------------------------------------ the part

def _sample(w, tr, end, rate, rg, mode, part, key, oracle):
    n = w.render(end, key)
    bw = rate / 2.0 if mode in ("normal", "low") else rate / 9.0
    axes = w.sensed(bw)
    prng = np.random.default_rng(random.Random(key + "/part").getrandbits(63))
    period = 1.0 / (rate * (1.0 + part["clock"]))
    t_first = prng.uniform(0.0, period)
    ts = t_first + period * np.arange(int((end - t_first) / period) + 1)
    ts = ts[ts <= end]
    idx = ts * FS
    i0 = np.minimum(idx.astype(int), n - 2)
    f = idx - i0
    step = _STEP_MG[mode][rg]
    bits = _BITS[mode]
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    density = _NOISE_MG_RTHZ * (_LOW_NOISE_FACTOR if mode == "low" else 1.0)
    sigma = density * math.sqrt(bw * math.pi / 2)         # one pole's noise bandwidth
    noise = prng.standard_normal((3, len(ts))) * sigma
    clean = []
    out = []
    for a in range(3):
        v = axes[a][i0] * (1 - f) + axes[a][i0 + 1] * f
        v = v * part["gain"][a] + part["offset"][a]
        v = np.clip(v, lo * step, hi * step)
        clean.append(v)
        code = np.clip(np.round((v + noise[a]) / step), lo, hi)
        out.append((code * step).astype(int).tolist())
    tr.t_ms = _stamps(ts, rate, part, prng)
    tr.x, tr.y, tr.z = out
    if oracle:
        floor = math.sqrt(sigma * sigma + step * step / 12.0)
        tr.clean = [c.tolist() for c in clean] + [floor]


def _stamps(ts, rate, part, prng):
    """The board's stamps (ms): it reads the FIFO every poll (with its loop's jitter), stamps the
    newest sample half a nominal period before the read (its expected age) and each earlier one a
    nominal period before the next: a stamp is off its sample's time by up to about half a period,
    in steps at the batches."""
    end_ms = ts[-1] * 1000.0
    n_reads = int(end_ms / part["poll_ms"]) + 3
    reads = part["poll_ms"] * np.arange(1, n_reads + 1) + prng.uniform(0.0, part["poll_jitter_ms"], n_reads)
    reads = np.maximum.accumulate(reads)
    t_ms = ts * 1000.0
    b = np.searchsorted(reads, t_ms, side="left")
    b = np.minimum(b, len(reads) - 1)
    last = np.searchsorted(t_ms, reads[b], side="right") - 1
    stamps = np.floor(reads[b] - (last - np.arange(len(ts)) + 0.5) * (1000.0 / rate))
    k = np.arange(len(ts))
    stamps = np.maximum.accumulate(np.maximum(stamps, 0) - k) + k      # strictly rising
    return stamps.astype(int).tolist()


# ------------------------------------------------------------------ what happens

def _act(w, tr, kind, rng):
    """Draw what happens; returns the trace's end (s)."""
    p = w.p
    t = rng.uniform(0.8, 2.0)
    if kind == "calibration":
        t += rng.uniform(3.8, 4.3)                       # about 4 s still
        t = _rap(w, rng, t) + rng.uniform(1.2, 1.8)      # two raps on the table beside the tray
        t = _rap(w, rng, t) + rng.uniform(0.8, 1.5)
        for _ in range(4):                               # four presses about 1 s apart
            t = _press(w, tr, rng, t) + rng.uniform(0.7, 1.1)
        t += rng.uniform(1.0, 2.0)                       # the screen asks for one die
        for nd in (1, 2, _many(rng)):                    # each throw ~1.5-2.5 s after the last was still
            still = throw(w, tr, rng, t, nd, rng.random() < 0.3)
            t = still + rng.uniform(1.5, 2.5)
        return max(t - rng.uniform(0.0, 1.0), 6.0)
    if kind in THROW_KINDS:
        nd = int(kind[5])
        hard = kind.endswith("hard")
        if rng.random() < 0.1:
            _machine(w, rng, 0.0, 40.0)
        if rng.random() < 0.25:                          # the thrower first turns the tray to them
            t = _spin(w, rng, t - 0.5, dice_in=True) + rng.uniform(0.5, 1.5)
        end = t
        for turn in range(rng.choice((1, 1, 2, 2, 3))):
            if rng.random() < 0.08:                      # a knock on the table just before
                _knock(w, rng, max(0.1, t - rng.uniform(0.6, 1.5)))
            count = nd if nd < 6 else _many(rng)
            if turn > 0 and nd == 6 and rng.random() < 0.5:
                count = rng.randint(1, count)            # a re-throw of the dice not kept
            if rng.random() < 0.1:                       # a key pressed as the dice land
                _press(w, tr, rng, max(0.3, t + rng.uniform(-0.2, 0.3)))
            still = throw(w, tr, rng, t, count, hard)
            t = still + rng.uniform(0.6, 1.5)
            if rng.random() < p["topple_p"] * (1.5 if count > 2 else 0.7):
                top = still + rng.uniform(0.5, 2.5)
                t = max(t, _topple(w, tr, rng, top) + rng.uniform(0.5, 1.0))
            if rng.random() < 0.85:                      # the faces keyed on the pad
                t = _presses(w, tr, rng, t, rng.randint(1, 6)) + rng.uniform(0.3, 0.9)
            if rng.random() < 0.35:                      # dice picked out (kept, or all for the next)
                t = _pick(w, rng, t) + rng.uniform(0.4, 0.9)
            if rng.random() < 0.35:                      # the tray turned to the next player
                t = _spin(w, rng, t, dice_in=True) + rng.uniform(0.5, 1.2)
            t = max(t, still + rng.uniform(2.5, 4.0))
            end = t
        return max(end + rng.uniform(0.5, 1.0), 6.0)
    if kind == "keys":
        for _ in range(rng.randint(1, 3)):
            t = _presses(w, tr, rng, t, rng.randint(2, 8)) + rng.uniform(0.8, 2.0)
        return max(t, 6.0)
    if kind == "knock":
        for _ in range(rng.randint(2, 4)):
            t = _knock(w, rng, t) + rng.uniform(1.0, 3.0)
        return max(t, 6.0)
    if kind == "bump":
        for _ in range(rng.randint(2, 4)):
            t = _bump(w, rng, t) + rng.uniform(1.0, 3.0)
        return max(t, 6.0)
    if kind == "pickup":
        t = _carry(w, rng, t, (0.0, 0.0)) + rng.uniform(1.5, 3.0)
        return max(t, 6.0)
    if kind == "tilted":
        mag = math.radians(rng.uniform(2.5, 9.0))        # a book, a box lid, a stack of rule books
        d = rng.uniform(-math.pi, math.pi)
        tilt = (mag * math.cos(d), mag * math.sin(d))
        down = _carry(w, rng, t, tilt)
        start = down + rng.uniform(0.1, 0.25)            # at rest once the feet have rung out
        if rng.random() < 0.6:
            t2 = start + rng.uniform(3.0, 8.0)
            tr.tilts.append((start, t2))
            t = _carry(w, rng, t2, (0.0, 0.0), tilt_from=tilt) + rng.uniform(1.5, 3.0)
        else:
            tr.tilts.append((start, None))
            t = start + rng.uniform(6.0, 12.0)
        return max(t, 6.0)
    if kind == "phone":
        end = t + rng.uniform(5.0, 10.0)
        _phone(w, rng, t, end - 0.5)
        return max(end, 6.0)
    if kind == "machine":
        end = t + rng.uniform(10.0, 20.0)
        _machine(w, rng, t, end - 1.0)
        return end
    # pick
    return max(_pick(w, rng, t) + rng.uniform(0.8, 1.5), 6.0)


def _many(rng):
    return rng.choice((3, 4, 5, 5, 6, 6, 6))


# ---- dice

def throw(w, tr, rng, t, ndice, hard):
    """Dice thrown into the tray from a player's seat (hard: thrown across, soft: let go over it).
    Labels (first impact, last contact of the last die); returns the still (s)."""
    p = w.p
    side, m0 = p["die"]
    a_in = p["a_in"] - side / 2
    heading = rng.uniform(-math.pi, math.pi)            # from the thrower's seat
    first, last = None, 0.0
    for i in range(ndice):
        m = m0 * rng.uniform(0.98, 1.02)
        tt = t + (0.0 if i == 0 else rng.uniform(0.0, 0.05 if ndice <= 2 else 0.12))
        r = a_in * 0.8 * math.sqrt(rng.random())
        ang = rng.uniform(-math.pi, math.pi)
        pos = [r * math.cos(ang), r * math.sin(ang)]
        hd = heading + rng.gauss(0.0, 0.35)
        if hard:
            vz, vh = rng.uniform(1.8, 3.5), rng.uniform(0.8, 2.5)
        else:
            vz, vh = rng.uniform(1.0, 2.0), rng.uniform(0.1, 0.7)
        v = [vh * math.cos(hd), vh * math.sin(hd)]
        still = _die(w, rng, tt, m, side, pos, v, vz, a_in, hard)
        first = tt if first is None else min(first, tt)
        last = max(last, still)
    tr.throws.append((first, last))
    return last


def _die(w, rng, t, m, side, pos, v, vz, a_in, hard):
    """One die: bounces on the neoprene (and off the rim), rolls over its edges, rocks still.
    Returns its last contact (s)."""
    p = w.p
    e = p["e_floor"] * rng.uniform(0.85, 1.15)
    mu = p["mu_floor"]
    lo, hi = p["tau_floor"]
    hc = side / 2
    # bounces
    while vz > 0.3:
        jz = m * vz * (1 + e)
        vh = math.hypot(v[0], v[1])
        dv = min(vh, mu * (1 + e) * vz * 0.6)            # the foam's grip, shared with the die's spin
        jh = m * dv
        ux, uy = (v[0] / vh, v[1] / vh) if vh > 0 else (1.0, 0.0)
        w.contact(t, (jh * ux, jh * uy, -jz), tuple(pos), 0.0, rng.uniform(lo, hi), "plate")
        if vh > 0:
            v = [v[0] - dv * ux, v[1] - dv * uy]
        vz *= e * rng.uniform(0.8, 1.05)
        fly = 2 * vz / G
        t, pos, v = _fly(w, rng, t, pos, v, fly, a_in, m, hc + 0.01)
        t += fly
    # rolls: each face over an edge drops the centre by (sqrt 2 - 1) s / 2; the die's own spin from
    # the hand keeps it rolling after its bounces (thrown: 0.3-0.8 m/s of rolling, let go: 0.1-0.5)
    v_edge = math.sqrt(2 * G * side * (math.sqrt(2) - 1) / 2)
    vh = math.hypot(v[0], v[1])
    spin = rng.uniform(0.3, 0.8) if hard else rng.uniform(0.1, 0.5)
    if vh < spin:
        hd = rng.uniform(-math.pi, math.pi) if vh == 0 else math.atan2(v[1], v[0])
        vh = spin
        v = [vh * math.cos(hd), vh * math.sin(hd)]
    n_roll = 0
    while vh > 0.1 and n_roll < 10:
        dt = min(0.15, max(0.03, side / vh))
        ux, uy = v[0] / vh, v[1] / vh
        t, pos, v = _fly(w, rng, t, pos, v, dt, a_in, m, hc)
        t += dt
        vj = v_edge * rng.uniform(0.5, 1.0) + 0.2 * vh
        w.contact(t, (0.3 * m * vj * ux, 0.3 * m * vj * uy, -m * vj * (1 + e)), tuple(pos), 0.0,
                  rng.uniform(lo, hi), "plate")
        vh *= rng.uniform(0.6, 0.82)
        v = [vh * ux, vh * uy]
        n_roll += 1
    # rocking to rest on a face: taps ever smaller and quicker
    vr = rng.uniform(0.04, 0.14)
    gap = rng.uniform(0.025, 0.06)
    for _ in range(rng.randint(1, 4)):
        t += gap
        tau = rng.uniform(lo, hi)
        w.contact(t, (0.0, 0.0, -m * vr * (1 + e)), tuple(pos), 0.0, tau, "plate")
        vr *= rng.uniform(0.35, 0.6)
        gap *= rng.uniform(0.6, 0.8)
    return t + tau


def _fly(w, rng, t, pos, v, dt, a_in, m, hc):
    """The die moves for dt; off the rim if it reaches it (a blow on the rim, the die sent back)."""
    x, y = pos[0] + v[0] * dt, pos[1] + v[1] * dt
    r = math.hypot(x, y)
    if r > a_in:
        # where it meets the rim, roughly: the fraction of the way there
        r0 = math.hypot(pos[0], pos[1])
        frac = max(0.0, min(1.0, (a_in - r0) / max(r - r0, 1e-6)))
        th = t + frac * dt
        nx, ny = x / r, y / r
        vn = v[0] * nx + v[1] * ny
        if vn > 0:
            er = w.p["e_rim"] * rng.uniform(0.9, 1.1)
            j = m * vn * (1 + er)
            w.contact(th, (j * nx, j * ny, -0.1 * j), (a_in * nx, a_in * ny), hc, rng.uniform(0.0003, 0.0007),
                      "tray")
            v = [(v[0] - (1 + er) * vn * nx) * 0.8, (v[1] - (1 + er) * vn * ny) * 0.8]
        x, y = a_in * 0.98 * nx, a_in * 0.98 * ny
    return t, [x, y], v


def _topple(w, tr, rng, t):
    """A die left leaning on the rim or on another die falls flat."""
    p = w.p
    side, m = p["die"]
    r = p["a_in"] - side
    ang = rng.uniform(-math.pi, math.pi)
    pos = (r * math.cos(ang), r * math.sin(ang))
    e = p["e_floor"]
    vz = math.sqrt(2 * G * rng.uniform(0.003, 0.008))
    w.contact(t, (0.0, 0.0, -m * vz * (1 + e)), pos, 0.0, rng.uniform(*p["tau_floor"]), "plate")
    tr.topples.append(t)
    tt = t
    vr = vz * rng.uniform(0.2, 0.4)
    for _ in range(rng.randint(1, 3)):
        tt += rng.uniform(0.02, 0.05)
        w.contact(tt, (0.0, 0.0, -m * vr * (1 + e)), pos, 0.0, rng.uniform(*p["tau_floor"]), "plate")
        vr *= 0.5
    return tt


# ---- keys: MX switches on the rim's pod

def _key_pos(p, rng):
    ang = p["key_angle"] + rng.uniform(-0.02, 0.02) / p["key_r"]
    r = p["key_r"] + rng.uniform(-0.01, 0.01)
    return (r * math.cos(ang), r * math.sin(ang))


def _press(w, tr, rng, t):
    """One press: the contact closes half-way down (2 of 4 mm), the stem bottoms out, the finger
    holds, lets go: the contact opens, the stem clacks on the housing's top. Returns the opening."""
    p = w.p
    pos = _key_pos(p, rng)
    v_f = rng.uniform(0.1, 0.35)                          # finger's speed (m/s)
    t_close = t + 0.002 / v_f
    t_bottom = t + 0.004 / v_f
    hold = rng.uniform(0.06, 0.2)
    t_open = t_close + hold
    f_hold = rng.uniform(*p["key_hold_n"])
    w.trapezoid(t, t_open + 0.01, f_hold, 0.004 / v_f + 0.01, rng.uniform(0.01, 0.03), (0.0, 0.0, -1.0), pos, "tray")
    # the fingertip and cap (5-15 g moving) stop on the housing
    w.contact(t_bottom, (0.0, 0.0, -rng.uniform(0.005, 0.015) * v_f), pos, 0.0, rng.uniform(0.002, 0.005), "tray")
    w.contact(t_open + rng.uniform(0.003, 0.008), (0.0, 0.0, rng.uniform(0.0004, 0.0012)), pos, 0.0,
              rng.uniform(0.0003, 0.0008), "tray")
    tr.keys.append((t_close, t_open))
    return t_open


def _presses(w, tr, rng, t, count):
    for _ in range(count):
        t = _press(w, tr, rng, t) + rng.uniform(0.15, 0.6)
    return t


# ---- hands

def _pick(w, rng, t):
    """Dice picked out by hand: a fingertip on the floor by each die, the dice clicking on each other
    and on the rim as they are lifted; the hand may turn the tray a little. Returns the end."""
    p = w.p
    for _ in range(rng.randint(1, 6)):
        r = p["a_in"] * 0.85 * math.sqrt(rng.random())
        ang = rng.uniform(-math.pi, math.pi)
        pos = (r * math.cos(ang), r * math.sin(ang))
        w.contact(t, (rng.uniform(-0.002, 0.002), rng.uniform(-0.002, 0.002), -rng.uniform(0.002, 0.006)),
                  pos, 0.0, rng.uniform(0.006, 0.015), "plate")
        dur = rng.uniform(0.2, 0.5)
        w.trapezoid(t, t + dur, rng.uniform(1.0, 3.0), 0.05, 0.05, (0.0, 0.0, -1.0), pos, "plate")
        for _ in range(rng.randint(0, 2)):
            w.contact(t + rng.uniform(0.05, dur), (0.0, 0.0, -rng.uniform(0.0005, 0.002)), pos, 0.0,
                      rng.uniform(0.0005, 0.001), "plate")
        if rng.random() < 0.25:
            w.held.append((t + 0.05, rng.uniform(0.3, 0.8), math.radians(rng.uniform(-15, 15))))
        t += dur + rng.uniform(0.2, 0.6)
    return t


def _spin(w, rng, t, dice_in=False):
    """The tray turned by a hand on its rim: held round to the next player (minimum jerk), or
    flicked and left to coast on the bearing. Slow enough that dice in it stay put (0.45 g at the
    rim; neoprene holds them up to ~0.6 g). Returns when it is still again."""
    p = w.p
    a = p["a_in"]
    ga = rng.uniform(-math.pi, math.pi)                  # the hand takes the rim
    w.contact(t, (rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), -rng.uniform(0.005, 0.02)),
              (p["a"] * math.cos(ga), p["a"] * math.sin(ga)), 0.03, rng.uniform(0.01, 0.03), "tray")
    lim = 0.45 * G
    if rng.random() < 0.6 or dice_in:
        dth = math.radians(rng.uniform(40.0, 180.0)) * rng.choice((-1, 1))
        T = rng.uniform(0.6, 1.6)
        T = max(T, 1.875 * abs(dth) * math.sqrt(a / lim), math.sqrt(5.77 * abs(dth) * a / lim))
        w.held.append((t + 0.02, T, dth))
        return t + 0.02 + T + 0.05
    # a flick: a push of 0.1-0.25 s to a speed held under the limit, then the coast
    w_peak = min(rng.uniform(2.0, 6.0), math.sqrt(lim / a))
    tp = rng.uniform(0.1, 0.25)
    tq = (w_peak * p["i_z"] / tp + p["t_fric"]) * math.pi / 2 * rng.choice((-1, 1))
    w.pushes.append((t + 0.02, tp, tq))
    coast = w_peak * p["i_z"] / p["t_fric"]
    return t + 0.02 + tp + coast + 0.1


def _bump(w, rng, t):
    """The tray bumped or pushed: turned by a passing hand, knocked at the rim (an elbow, a hand),
    or shoved across the table on its feet (which judder). Returns the end."""
    p = w.p
    u = rng.random()
    if u < 0.45:
        return _spin(w, rng, t)
    ang = rng.uniform(-math.pi, math.pi)
    at = (p["a"] * math.cos(ang), p["a"] * math.sin(ang))
    inward = rng.uniform(-0.6, 0.6) + ang + math.pi      # mostly inwards, some across
    if u < 0.75:
        jh = rng.uniform(0.05, 0.25)
        w.contact(t, (jh * math.cos(inward), jh * math.sin(inward), -rng.uniform(0.02, 0.1)), at, 0.03,
                  rng.uniform(0.008, 0.025), "tray")
        return t + 0.3
    # a shove: a hand pushes it 2-8 cm over 0.3-0.8 s; kinetic friction of the feet (mu 0.5-0.8)
    # balanced by the hand, the feet's stick-slip juddering at 20-60 Hz
    dur = rng.uniform(0.3, 0.8)
    n = int(dur * FS)
    tt = np.arange(n) / FS
    mu_n = rng.uniform(0.5, 0.8) * p["mass"] * G
    f_j = rng.uniform(20.0, 60.0)
    judder = mu_n * rng.uniform(0.05, 0.2) * np.sign(np.sin(2 * math.pi * f_j * tt)) * np.sin(math.pi * tt / dur)
    w.force(t, judder, (math.cos(inward), math.sin(inward), 0.0), at, 0.0, "tray")
    dist = rng.uniform(0.02, 0.08)
    # its move on the table (not lifted: "slide"), no tilt, no wobble
    w.carries.append((t, t + dur, (0.0, 0.0), (0.0, 0.0), 0.0,
                      (dist * math.cos(inward), dist * math.sin(inward)), ((0.0, 1.0, 0.0), (0.0, 1.0, 0.0)),
                      "slide"))
    return t + dur + 0.1


def _carry(w, rng, t, tilt_to, tilt_from=(0.0, 0.0)):
    """Lifted by the rim, carried, put down (tilted by tilt_to: rad about x and y). Returns the
    moment the feet touch down."""
    p = w.p
    T = rng.uniform(1.5, 4.5)
    wob = ((math.radians(rng.uniform(2.0, 10.0)), rng.uniform(0.3, 2.0), rng.uniform(0, 6.28)),
           (math.radians(rng.uniform(2.0, 10.0)), rng.uniform(0.3, 2.0), rng.uniform(0, 6.28)))
    mv = (rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4))
    w.carries.append((t, t + T, tilt_from, tilt_to, rng.uniform(0.03, 0.15), mv, wob))
    if rng.random() < 0.5:
        w.held.append((t + 0.3 * T, 0.3 * T, math.radians(rng.uniform(-60, 60))))
    down = t + T
    v_td = rng.uniform(0.02, 0.10)                        # set down gently to carelessly (m/s)
    feet = rng.randint(2, 4)
    for k in range(feet):                                 # the feet touch down one after another
        ang = rng.uniform(-math.pi, math.pi)
        w.contact(down + k * rng.uniform(0.003, 0.012), (0.0, 0.0, -p["mass"] * v_td / feet),
                  (0.1 * math.cos(ang), 0.1 * math.sin(ang)), -0.02, rng.uniform(0.006, 0.015), "tray")
    return down + 0.05


# ---- the table

def _rap(w, rng, t):
    """A knuckle's rap on the table beside the tray (20-50 cm away)."""
    w.contact(t, (0.0, 0.0, -rng.uniform(0.01, 0.04)), (rng.uniform(0.2, 0.5), 0.0), 0.0,
              rng.uniform(0.0005, 0.0015), "table")
    return t


def _knock(w, rng, t):
    """Knocks on the table: knuckles (one to three raps), a fist, or a cup set down. Returns the end."""
    u = rng.random()
    d = rng.uniform(0.2, 0.8)
    if u < 0.6:
        for _ in range(rng.randint(1, 3)):
            w.contact(t, (0.0, 0.0, -rng.uniform(0.01, 0.04)), (d, 0.0), 0.0, rng.uniform(0.0005, 0.0015), "table")
            t += rng.uniform(0.15, 0.3)
        return t
    if u < 0.8:
        w.contact(t, (0.0, 0.0, -rng.uniform(0.05, 0.15)), (d, 0.0), 0.0, rng.uniform(0.005, 0.012), "table")
        return t + 0.2
    w.contact(t, (0.0, 0.0, -rng.uniform(0.01, 0.05)), (d, 0.0), 0.0, rng.uniform(0.001, 0.003), "table")
    return t + 0.2


def _phone(w, rng, t0, t1):
    """A phone buzzing on the table 20-80 cm away: an ERM motor at 150-230 Hz, in bursts."""
    bursts = []
    t = 0.0
    while t < t1 - t0 - 0.3 and len(bursts) < 6:
        on = rng.uniform(0.3, 1.2)
        bursts.append((t, min(t + on, t1 - t0)))
        t += on + rng.uniform(0.3, 1.0)
    w.table_vib.append((t0, t1, "phone", (rng.uniform(150.0, 230.0), rng.uniform(1.0, 15.0), bursts)))


def _machine(w, rng, t0, t1):
    """A machine humming nearby (a fridge, a washing machine, a printer on the table): 20-60 Hz with
    a harmonic, 1-12 mg at the tray, slowly beating."""
    w.table_vib.append((t0, t1, "machine", (rng.uniform(20.0, 60.0), rng.uniform(1.0, 12.0),
                                            rng.uniform(0.1, 0.6), rng.uniform(0.05, 0.5),
                                            rng.uniform(0.5, 2.0), rng.uniform(0.1, 0.5),
                                            rng.uniform(-math.pi, math.pi))))

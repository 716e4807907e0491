"""resin: a cast epoxy-resin dice tray on a cork base, its keys arcade buttons
in a ledge with the board under it (written blind in round 75).

The tray and how a reading is made: resin_world.py; every figure's range and
reason: docs/throw-detection.md, "### resin". This file: what happens on and around the tray
(dice, keys, hands, the table, a phone, a machine) and generate().
"""
import math
import random

import numpy as np

from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS, Trace
from dicetray_host.traces.resin_world import FS, G, MAX_S, MODES, Scene, draw_tray, render

NAME = "resin"
KINDS = THROW_KINDS + ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")

_BOUNCE_MIN = 0.2        # m/s: a die bouncing slower than this tumbles (its flight < 40 ms)
_STOP_V = (0.005, 0.012)  # m/s: a rocking die's last contact speed (below it, it sticks)


# ---------------------------------------------------------------- dice

def _die(sc, t_rel, land, vh, vdown, h, n_dice):
    """One die released at t_rel, h above the floor, going down at vdown
    and sideways at vh (m/s, 2D), aimed to land at `land` (its first floor
    contact, unless a wall is met first). Lays its contacts; returns (first
    contact, last contact) in s."""
    tr, r = sc.tray, sc.rng
    a, m = tr["die"]
    R = tr["R"] - a / 2
    e_lo, e_hi = tr["e"]
    mu = r.uniform(*tr["mu"])
    tc_lo, tc_hi = tr["tc"]
    ew = tr["e_wall"]
    vh = np.array(vh, float)
    tf = (-vdown + math.sqrt(vdown * vdown + 2 * G * h)) / G
    vn = math.sqrt(vdown * vdown + 2 * G * h)
    p = np.array(land, float) - vh * tf
    # dice fly in over the rim: walls count only once the die is below their top
    t = t_rel
    first = None
    contacts = []
    bounce = 0
    while True:
        # flight of tf seconds from p along vh (walls only after the first landing)
        if bounce > 0:
            p, vh, t_w = _walls(sc, p, vh, tf, t, R, ew, m, a, contacts)
            if first is None and t_w is not None:
                first = t_w
        else:
            p = p + vh * tf
        t += tf
        if first is None:
            first = t
        e = r.uniform(e_lo, e_hi)
        Jn = m * (1 + e) * vn
        sp = math.hypot(*vh)
        Jt = min(mu * Jn, 0.5 * m * sp)
        d = vh / sp if sp > 1e-9 else np.zeros(2)
        sc.pulse(t, (Jt * d[0], Jt * d[1], -Jn), (p[0], p[1], 0.0), r.uniform(tc_lo, tc_hi), _phi(p, tr["R"]))
        contacts.append(t)
        vh = vh - d * (Jt / m)
        if n_dice >= 3 and bounce < 2 and r.random() < 0.5:
            # knocked by another die in the air or on the floor: its way turns
            ang = r.uniform(-1.0, 1.0)
            c, s = math.cos(ang), math.sin(ang)
            vh = np.array([c * vh[0] - s * vh[1], s * vh[0] + c * vh[1]]) * r.uniform(0.6, 1.1)
        # a corner landing turns some of its spin back into height, a face landing loses more
        vn = e * vn * r.uniform(0.7, 1.2)
        bounce += 1
        if vn < _BOUNCE_MIN or bounce > 12:
            break
        tf = 2 * vn / G
    # tumbling: face slaps every edge length, losing speed each
    keep = tr["roll_keep"]
    v_roll = 0.2 * math.sqrt(a / 0.016)
    sp = math.hypot(*vh)
    if sp < v_roll:
        sp = r.uniform(v_roll, 1.6 * v_roll)
        vh = np.array([math.cos(r.uniform(0, 6.3)), math.sin(r.uniform(0, 6.3))]) * sp
    while sp > v_roll:
        dt = min(0.15, a / sp)
        p, vh, _ = _walls(sc, p, vh, dt, t, R, ew, m, a, contacts)
        t += dt
        # the die tips over an edge and falls onto its next face: at least
        # the speed of that fall (its centre drops 0.21 a), more when it rolls fast
        vs = max(r.uniform(0.3, 0.5) * sp * r.uniform(0.6, 1.2), r.uniform(0.35, 0.6) * math.sqrt(0.6 * G * a))
        Jn = 1.2 * m * vs
        sc.pulse(t, (0.0, 0.0, -Jn), (p[0], p[1], 0.0), r.uniform(tc_lo, tc_hi), _phi(p, tr["R"]))
        contacts.append(t)
        vh = vh * r.uniform(*keep) * r.uniform(0.9, 1.05)
        sp = math.hypot(*vh)
    # rocking on an edge: ever weaker, ever quicker taps
    v = r.uniform(0.3, 0.5) * max(sp, 0.5 * v_roll)
    ratio = r.uniform(0.3, 0.55)
    kappa = r.uniform(0.3, 0.6)
    v_stop = r.uniform(*_STOP_V)
    while v > v_stop:
        t += 2 * v / (G * kappa)
        sc.pulse(t, (0.0, 0.0, -1.3 * m * v), (p[0], p[1], 0.0), r.uniform(tc_lo, tc_hi), _phi(p, tr["R"]))
        contacts.append(t)
        v *= ratio
    last = contacts[-1]
    sc.die_spots.append((p[0], p[1]))
    return first, last


def _phi(p, R):
    """The floor plate's first (clamped) mode shape at p."""
    q = min(1.0, (p[0] ** 2 + p[1] ** 2) / (R * R))
    return (1.0 - q) ** 2


def _walls(sc, p, vh, dt, t, R, ew, m, a, contacts):
    """Move a die from p along vh for dt; on the wall it bounces back
    (a horizontal blow on the tray). Returns (p, vh, time of the first wall hit or None)."""
    left = dt
    first = None
    for _ in range(4):
        q = p + vh * left
        if q @ q <= R * R:
            return q, vh, first
        # solve |p + vh s| = R
        A = vh @ vh
        Bq = 2 * (p @ vh)
        C = p @ p - R * R
        disc = max(0.0, Bq * Bq - 4 * A * C)
        s = max(0.0, (-Bq + math.sqrt(disc)) / (2 * A))
        s = min(s, left)
        p = p + vh * s
        n = p / max(1e-9, math.hypot(*p))
        vr = vh @ n
        if vr <= 0:
            return p, vh, first
        th = t + (dt - left) + s
        J = m * (1 + ew) * vr
        sc.pulse(th, (J * n[0], J * n[1], 0.0), (p[0] * 1.05, p[1] * 1.05, a / 2 + 0.003), 0.0002, 0.0)
        contacts.append(th)
        if first is None:
            first = th
        vh = vh - (1 + ew) * vr * n
        left -= s
        p = p * 0.999
    return p, vh, first


def _throw(sc, t, n, hard):
    """A player throws n dice into the tray at about t: (first impact, still)."""
    tr, r = sc.tray, sc.rng
    R = tr["R"]
    st = tr["strength"]
    cup = tr["cup"]
    spread = r.uniform(0.05, 0.25) if cup else r.uniform(0.0, 0.08) * (n > 1)
    if hard:
        h = r.uniform(0.10, 0.35)
        speed = r.uniform(0.8, 2.5) * st
        vdown = r.uniform(0.5, 2.0) * st
    else:
        h = r.uniform(0.03, 0.12)
        speed = r.uniform(0.15, 0.8) * st
        vdown = r.uniform(0.0, 0.4)
    # the thrower sits on the near side or at the sides: dice go mostly away from them
    heading = r.uniform(-2.4, -0.7) + math.pi if r.random() < 0.7 else r.uniform(0, 2 * math.pi)
    firsts, lasts = [], []
    for k in range(n):
        ang = heading + r.uniform(-0.5, 0.5)
        sp = speed * r.uniform(0.8, 1.2)
        vh = (sp * math.cos(ang), sp * math.sin(ang))
        rr = R * math.sqrt(r.random()) * 0.75
        th = r.uniform(0, 2 * math.pi)
        land = (rr * math.cos(th), rr * math.sin(th))
        t_rel = t + r.uniform(0.0, spread)
        f, l = _die(sc, t_rel, land, vh, vdown * r.uniform(0.8, 1.2), h * r.uniform(0.85, 1.15), n)
        firsts.append(f)
        lasts.append(l)
    sc.dice = n
    return min(firsts), max(lasts)


def _topple(sc, t):
    """A die left cocked on another or on the wall falls over: (its impact time, its last tap)."""
    tr, r = sc.tray, sc.rng
    a, m = tr["die"]
    x, y = sc.die_spots[-1] if sc.die_spots else (0.0, 0.0)
    v = math.sqrt(2 * G * a * r.uniform(0.1, 0.3))
    tt = t
    sc.pulse(tt, (0.0, 0.0, -1.3 * m * v), (x, y, 0.0), r.uniform(*tr["tc"]), _phi((x, y), tr["R"]))
    v *= r.uniform(0.3, 0.5)
    while v > 0.008:
        tt += 2 * v / (G * 0.4)
        sc.pulse(tt, (0.0, 0.0, -1.3 * m * v), (x, y, 0.0), r.uniform(*tr["tc"]), _phi((x, y), tr["R"]))
        v *= 0.4
    return t, tt


# ---------------------------------------------------------------- keys

def _press(sc, t, key=None):
    """One press of an arcade button: (contact closes, contact opens, finger off)."""
    tr, r = sc.tray, sc.rng
    sc.others.append((t, t + 0.4))
    kx, ky = tr["keys_xy"][r.randrange(8) if key is None else key]
    kz = tr["key_z"]
    pos = (kx, ky, kz)
    mf = r.uniform(0.005, 0.015)            # fingertip and plunger, kg
    vf = r.uniform(0.05, 0.25)              # finger speed, m/s
    # finger meets the cap (soft pulp), pushes through the pre-travel
    sc.pulse(t, (0.0, 0.0, -mf * vf * 0.5), pos, r.uniform(0.006, 0.012))
    close = t + r.uniform(0.0015, 0.003) / vf * r.uniform(0.8, 1.2)
    close = min(close, t + 0.04)
    # the microswitch snaps: its lever's force drops quickly
    sc.pulse(close, (0.0, 0.0, -r.uniform(0.0002, 0.0006)), pos, 0.0005)
    bottom = close + r.uniform(0.001, 0.002) / vf
    bottom = min(bottom, close + 0.03)
    sc.pulse(bottom, (0.0, 0.0, -mf * vf), pos, r.uniform(0.0005, 0.0015))
    hold = r.uniform(0.06, 0.22)
    lift = bottom + hold
    # held: the finger's force (2-6 N) rises and falls slowly (quasi-static; little to hear)
    sc.pulse(lift, (0.0, 0.0, 0.0005 * r.uniform(0.5, 1.5)), pos, r.uniform(0.01, 0.03))
    opened = lift + r.uniform(0.004, 0.015)
    sc.pulse(opened, (0.0, 0.0, r.uniform(0.0001, 0.0003)), pos, 0.0005)
    # the plunger springs back to its top stop: a clack pulling the tray up
    top = opened + r.uniform(0.002, 0.008)
    sc.pulse(top, (0.0, 0.0, tr["plunger_kg"] * r.uniform(0.2, 0.5)), pos, r.uniform(0.0003, 0.001))
    return close, opened, top


def _keys(sc, tr_out, t, count):
    """A run of presses; the labels go on the trace. Returns the time after."""
    r = sc.rng
    for _ in range(count):
        c, o, end = _press(sc, t)
        tr_out.keys.append((c, o))
        t = end + r.uniform(0.2, 0.8)
    return t


# ---------------------------------------------------------------- hands and the table

def _finger(sc, t, p, J):
    sc.pulse(t, (0.0, 0.0, -J), p, sc.rng.uniform(0.008, 0.02))


def _pick(sc, t):
    """Dice picked out by hand, one by one: fingertips on the floor, a die
    slid to the wall and lifted, now and then a die knocked. Returns the end."""
    tr, r = sc.tray, sc.rng
    a, m = tr["die"]
    R = tr["R"]
    for _ in range(r.randint(1, 4)):
        rr = R * math.sqrt(r.random()) * 0.8
        th = r.uniform(0, 2 * math.pi)
        p = (rr * math.cos(th), rr * math.sin(th), 0.0)
        _finger(sc, t, p, r.uniform(0.0003, 0.002))
        if r.random() < 0.5:                    # slid along the floor: a scuff
            for k in range(int(r.uniform(0.1, 0.3) * 200)):
                sc.pulse(t + 0.05 + k / 200.0, (0.0, 0.0, -m * r.uniform(0.0, 0.01)), p, 0.0, 0.0)
        if r.random() < 0.25:                   # a die knocked: it clacks over once or twice
            for k in range(r.randint(1, 2)):
                sc.pulse(t + r.uniform(0.05, 0.3), (0.0, 0.0, -m * r.uniform(0.1, 0.4)), p,
                         r.uniform(*tr["tc"]), _phi(p, R))
        t += r.uniform(0.4, 1.2)
    return t


def _knock(sc, t, rap=False):
    """A knock on the table beside the tray (a knuckle, a fist, a mug put
    down): the table's modes and a bending wave reach the tray. Returns the end."""
    r = sc.rng
    if rap or r.random() < 0.6:
        J = r.uniform(0.02, 0.1)
        tc = r.uniform(0.0008, 0.002)
    else:
        J = r.uniform(0.1, 0.5)                  # a fist or a mug
        tc = r.uniform(0.003, 0.01)
    d = r.uniform(0.15, 0.8)
    sc.others.append((t, t + 0.3))
    sc.table_hits.append((t, -J, tc, r.uniform(0.3, 1.0), r.uniform(-1.0, 1.0),
                          r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3)))
    _wave(sc, t + d / 250.0, J, d, tc)
    return t + 0.3


def _wave(sc, t, J, d, tc):
    """The bending wave of a blow on the table top, at the tray (base acceleration)."""
    r = sc.rng
    amp = r.uniform(2.0, 12.0) * (J / 0.05) * math.sqrt(0.3 / d) * min(1.0, 0.0015 / tc)
    f0 = r.uniform(150.0, 400.0) * min(1.0, 0.002 / tc) ** 0.5
    tau = r.uniform(0.003, 0.010)
    i0 = sc.idx(t)
    n = int(8 * tau * FS)
    k = np.arange(n) / FS
    w = amp * np.exp(-k / tau) * np.sin(2 * math.pi * f0 * k) * np.minimum(1.0, k / max(tc, 1e-4))
    end = min(sc.n, i0 + n)
    sc.base[2, i0:end] += w[:end - i0]
    sc.base[0, i0:end] += 0.3 * r.uniform(-1, 1) * w[:end - i0]
    sc.base[1, i0:end] += 0.3 * r.uniform(-1, 1) * w[:end - i0]


def _minjerk(n):
    s = np.linspace(0.0, 1.0, n)
    return 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5


def _move(sc, t0, t1, d_xyz, rot0, rot1):
    """The tray carried by hands from t0 to t1: its displacement d_xyz (m)
    and its tilts going from rot0 to rot1 (rad), smoothly (minimum jerk)."""
    i0, i1 = sc.idx(t0), sc.idx(t1)
    n = max(4, i1 - i0)
    dt = 1.0 / FS
    s = _minjerk(n)
    for ax in range(3):
        pos = d_xyz[ax] * s
        acc = np.gradient(np.gradient(pos, dt), dt)
        sc.aw[ax, i0:i0 + n] += acc[:sc.n - i0]
    sc.roll[i0:i0 + n] = rot0[0] + (rot1[0] - rot0[0]) * s
    sc.pitch[i0:i0 + n] = rot0[1] + (rot1[1] - rot0[1]) * s
    sc.roll[i0 + n:] = rot1[0]
    sc.pitch[i0 + n:] = rot1[1]


def _tremor(sc, t0, t1):
    """Hands holding the tray: physiological tremor (8-12 Hz) and slow sway."""
    r = sc.rng
    i0, i1 = sc.idx(t0), sc.idx(t1)
    k = np.arange(i1 - i0) / FS
    for ax in range(3):
        f = r.uniform(8.0, 12.0)
        sc.aw[ax, i0:i1] += r.uniform(0.02, 0.08) * np.sin(2 * math.pi * f * k + r.uniform(0, 6.3))
        sc.aw[ax, i0:i1] += r.uniform(0.05, 0.3) * np.sin(2 * math.pi * r.uniform(0.5, 2.0) * k
                                                          + r.uniform(0, 6.3)) * np.sin(math.pi * k / k[-1])


def _rattle(sc, t0, t1, strength):
    """Dice lying in the tray slide and clack on a wall while it moves."""
    tr, r = sc.tray, sc.rng
    if sc.dice <= 0:
        return
    a, m = tr["die"]
    R = tr["R"]
    for _ in range(r.randint(1, 2 + min(sc.dice, 4))):
        th = r.uniform(0, 2 * math.pi)
        J = m * r.uniform(0.05, 0.3) * strength
        sc.pulse(r.uniform(t0, t1), (J * math.cos(th), J * math.sin(th), 0.0),
                 (R * math.cos(th), R * math.sin(th), a / 2), 0.0002)


def _lift(sc, t, end_rot, away=False):
    """Lifted with both hands, held or carried, put down with end_rot tilts.
    Returns (the moment it rests again, the lift's start)."""
    tr, r = sc.tray, sc.rng
    rot0 = (float(sc.roll[sc.idx(t)]), float(sc.pitch[sc.idx(t)]))
    # hands take the rim: two soft touches
    for _ in range(2):
        th = r.uniform(0, 2 * math.pi)
        sc.pulse(t + r.uniform(0.0, 0.15), (0.0, 0.0, -r.uniform(0.005, 0.03)),
                 (tr["R"] * 1.1 * math.cos(th), tr["R"] * 1.1 * math.sin(th), tr["wall_h"]), r.uniform(0.02, 0.05))
    t_up = t + r.uniform(0.2, 0.5)
    # the cork peels off the table: a small upward release
    sc.pulse(t_up, (0.0, 0.0, tr["M"] * r.uniform(0.002, 0.01)), (0.0, 0.0, 0.0), 0.005)
    h = r.uniform(0.03, 0.15)
    mid = (math.radians(r.uniform(-8, 8)), math.radians(r.uniform(-8, 8)))
    up_dur = r.uniform(0.4, 0.8)
    dx, dy = (r.uniform(-0.4, 0.4), r.uniform(-0.4, 0.4)) if away else (r.uniform(-0.05, 0.05), r.uniform(-0.05, 0.05))
    _move(sc, t_up, t_up + up_dur, (0.0, 0.0, h), rot0, mid)
    _rattle(sc, t_up, t_up + up_dur, 1.0)
    hold = r.uniform(1.0, 5.0)
    t_hold = t_up + up_dur
    _move(sc, t_hold, t_hold + hold, (dx, dy, 0.0), mid, mid)
    _tremor(sc, t_up, t_hold + hold + 0.5)
    if r.random() < 0.5:
        _rattle(sc, t_hold, t_hold + hold, 0.6)
    t_down = t_hold + hold
    dn = r.uniform(0.5, 0.9)
    _move(sc, t_down, t_down + dn, (0.0, 0.0, -h), mid, end_rot)
    land = t_down + dn
    v = r.uniform(0.02, 0.10)                # set down gently, or with a thump
    # the cork meets the table: an upward blow at one edge first
    th = r.uniform(0, 2 * math.pi)
    sc.pulse(land, (0.0, 0.0, tr["M"] * v), (0.6 * tr["R"] * math.cos(th), 0.6 * tr["R"] * math.sin(th), 0.0),
             r.uniform(0.002, 0.006))
    _rattle(sc, land, land + 0.1, 1.5)
    rest = land + r.uniform(0.15, 0.4)        # hands let go
    return rest, t


def _bump(sc, t):
    """The tray's rim bumped or pushed by a hand or an elbow: it may slide on its cork."""
    tr, r = sc.tray, sc.rng
    M = tr["M"]
    J = r.uniform(0.05, 0.3)                       # a hand or an elbow: 0.3-1 kg at 0.1-0.4 m/s
    tc = r.uniform(0.02, 0.06)                     # soft flesh on the rim
    th = r.uniform(0, 2 * math.pi)
    d = np.array([math.cos(th), math.sin(th)])
    fpk = math.pi * J / (2 * tc)
    mu = r.uniform(0.4, 0.6)                       # cork on wood, laminate, cloth
    pos = (-tr["R"] * 1.1 * d[0], -tr["R"] * 1.1 * d[1], tr["wall_h"] * 0.7)
    if fpk <= mu * M * G:
        sc.pulse(t, (J * d[0], J * d[1], -0.2 * J), pos, tc)
        return t + tc
    # slides: push minus friction while it moves, then friction alone
    dt = 1.0 / FS
    i0 = sc.idx(t)
    v = 0.0
    k = 0
    fr = mu * G
    while k < int(0.6 * FS):
        tt = k * dt
        F = fpk * math.sin(math.pi * tt / tc) if tt < tc else 0.0
        a = F / M - (fr if v > 0 or F / M > fr else F / M)
        v = max(0.0, v + a * dt)
        if v <= 0.0 and tt >= tc:
            break
        sc.aw[0, i0 + k] += a * d[0] + r.gauss(0, 0.3) * (v > 0)
        sc.aw[1, i0 + k] += a * d[1] + r.gauss(0, 0.3) * (v > 0)
        k += 1
    sc.pulse(t, (0.0, 0.0, -0.2 * J), pos, tc)
    _rattle(sc, t, t + 0.2, 1.0)
    return t + k * dt


def _phone(sc, t0, t1):
    """A phone buzzing on the table beside the tray: its motor's tone through the top."""
    r = sc.rng
    f = r.uniform(140.0, 240.0)
    amp = r.uniform(0.02, 0.3)                     # m/s^2 at the tray: 2-30 mg
    on, off = r.uniform(0.4, 1.0), r.uniform(0.4, 1.0)
    t = t0
    while t < t1:
        i0, i1 = sc.idx(t), sc.idx(min(t1, t + on))
        k = np.arange(i1 - i0) / FS
        env = np.minimum(1.0, k / 0.02) * np.minimum(1.0, (k[-1] - k) / 0.02 + 1e-3) if len(k) else k
        ff = f * (1 + 0.01 * np.sin(2 * math.pi * 3 * k))
        sig = amp * env * np.sin(2 * math.pi * np.cumsum(ff) / FS)
        sc.base[2, i0:i1] += sig
        sc.base[0, i0:i1] += 0.4 * sig
        sc.base[1, i0:i1] += 0.3 * sig
        t += on + off


def _machine(sc, t0, t1):
    """A machine humming nearby (a washing machine, a dishwasher, a fridge):
    its drum or compressor and mains harmonics through the floor and the table's legs."""
    r = sc.rng
    sc.others.append((t0, t1))
    i0, i1 = sc.idx(t0), sc.idx(t1)
    k = np.arange(i1 - i0) / FS
    ramp = np.minimum(1.0, k / 1.0) * np.minimum(1.0, (k[-1] - k) / 1.0 + 1e-3)
    base = r.choice((r.uniform(10.0, 20.0), r.uniform(24.0, 25.0), r.uniform(48.0, 50.0), r.uniform(58.0, 60.0)))
    for h, w in ((1, 1.0), (2, r.uniform(0.2, 0.6)), (3, r.uniform(0.05, 0.3))):
        amp = r.uniform(0.01, 0.2) * w
        drift = 1 + 0.01 * np.sin(2 * math.pi * r.uniform(0.05, 0.2) * k)
        ph = 2 * math.pi * np.cumsum(base * h * drift) / FS
        sig = amp * ramp * np.sin(ph + r.uniform(0, 6.3))
        sc.base[2, i0:i1] += sig
        sc.base[0, i0:i1] += r.uniform(0.2, 0.8) * sig
        sc.base[1, i0:i1] += r.uniform(0.2, 0.8) * sig


# ---------------------------------------------------------------- the kinds

def _turn(sc, out, t, kind):
    """A player's turn of throws of kind `kind`. Returns the end."""
    r = sc.rng
    n = {"1": 1, "2": 2}.get(kind[5], None)
    if n is None:
        n = r.choice((5, 6, 6, 6, 6, 6, 6, 7, 8))
    hard = kind.endswith("hard")
    for i in range(r.choice((1, 1, 2, 3))):
        if r.random() < 0.1:
            _knock(sc, max(0.1, t - r.uniform(0.6, 1.5)))
        start, still = _throw(sc, t, n, hard)
        if r.random() < 0.1:                       # another player keys as the dice land
            c, o, _ = _press(sc, max(0.2, start + r.uniform(-0.3, 0.3)))
            out.keys.append((c, o))
        out.throws.append((start, still))
        t = still + r.uniform(0.6, 1.5)
        top_p = 0.12 if n >= 5 else 0.04
        if r.random() < top_p:
            tt, tend = _topple(sc, still + r.uniform(0.5, 2.0))
            out.topples.append(tt)
            t = tend + r.uniform(0.6, 1.2)
        if r.random() < 0.85:                      # the faces keyed: one press per die, and BANK or ROLL
            t = _keys(sc, out, t, min(8, r.randint(1, n + 1))) + r.uniform(0.3, 1.0)
        if r.random() < 0.3 or (n >= 5 and i == 0):
            t = _pick(sc, t) + r.uniform(0.5, 1.0)
            if n >= 5:
                n = r.randint(1, n - 1)            # the rest thrown again
        t = max(t, still + r.uniform(2.5, 4.0))
    return t + r.uniform(0.5, 1.0)


def _act(sc, out, kind):
    r = sc.rng
    t = r.uniform(0.8, 2.0)
    if kind == "calibration":
        t += r.uniform(3.8, 4.4)                   # about 4 s still
        _knock(sc, t, rap=True)
        _knock(sc, t + r.uniform(1.0, 2.5), rap=True)
        t += 3.5
        for _ in range(4):
            c, o, end = _press(sc, t)
            out.keys.append((c, o))
            t = c + r.uniform(0.9, 1.1)
        t += 0.5
        for n, kd in ((1, "throw1_soft"), (2, "throw2_soft"), (6, "throw6_soft")):
            start, still = _throw(sc, t, n, r.random() < 0.3)
            out.throws.append((start, still))
            t = still + r.uniform(1.5, 2.5)
        return t
    if kind in THROW_KINDS:
        if r.random() < 0.12:
            _machine(sc, 0.0, 60.0)
        return _turn(sc, out, t, kind)
    if kind == "keys":
        for _ in range(r.randint(1, 3)):
            t = _keys(sc, out, t, r.randint(2, 8)) + r.uniform(0.8, 2.0)
        return t
    if kind == "knock":
        for _ in range(r.randint(2, 4)):
            t = _knock(sc, t) + r.uniform(1.0, 3.0)
        return t
    if kind == "bump":
        sc.dice = r.choice((0, 1, 2, 6))
        for _ in range(r.randint(2, 4)):
            t = _bump(sc, t) + r.uniform(1.0, 3.0)
        return t
    if kind == "pickup":
        sc.dice = r.choice((0, 0, 2, 6))
        level = (sc.tray["table_tilt"][0] + math.radians(r.uniform(-0.8, 0.8)),
                 sc.tray["table_tilt"][1] + math.radians(r.uniform(-0.8, 0.8)))
        rest, _ = _lift(sc, t, level, away=r.random() < 0.5)
        return rest + r.uniform(1.5, 3.0)
    if kind == "tilted":
        sc.dice = r.choice((0, 2, 6))
        ang = math.radians(r.uniform(3.0, 12.0))      # a book, a box lid, a rolled cloth under one side
        az = r.uniform(0, 2 * math.pi)
        tilt = (ang * math.cos(az), ang * math.sin(az))
        rest, _ = _lift(sc, t, tilt)
        end = rest + r.uniform(8.0, 14.0)
        if r.random() < 0.4:
            t2 = rest + r.uniform(3.0, 7.0)
            level = (sc.tray["table_tilt"][0], sc.tray["table_tilt"][1])
            rest2, start2 = _lift(sc, t2, level)
            out.tilts.append((rest, start2))
            end = max(end, rest2 + r.uniform(1.5, 3.0))
        else:
            out.tilts.append((rest, None))
        return end
    if kind == "phone":
        end = t + r.uniform(5.0, 10.0)
        _phone(sc, t, end - 0.5)
        return end
    if kind == "machine":
        end = t + r.uniform(10.0, 20.0)
        _machine(sc, t, end - 1.0)
        return end
    # pick
    sc.dice = r.choice((2, 6))
    return _pick(sc, t) + r.uniform(0.8, 1.5)


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    """One labelled trace of `kind` on a resin tray, fully determined by the arguments."""
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if sensor_mode not in (None, "normal"):
        raise ValueError("unknown sensor mode %r (None or 'normal')" % (sensor_mode,))
    if rate_hz is not None and rate_hz not in RATES:
        raise ValueError("rate_hz must be one of %s" % (RATES,))
    if range_g is not None and range_g not in RANGES_G:
        raise ValueError("range_g must be one of %s" % (RANGES_G,))
    rng = random.Random("resin/%s/%d" % (kind, seed))
    tray_rng = rng if tray_seed is None else random.Random("resin/tray/%d" % tray_seed)
    tray = draw_tray(tray_rng)
    rate = rate_hz or tray["rate"]
    rg = range_g or tray["range"]
    mode = sensor_mode or tray["mode"]
    assert mode in MODES
    sc = Scene(tray, random.Random("resin/%s/%d/scene" % (kind, seed)))
    sc.die_spots = []
    sc.others = []          # (start, end) s of what else happened: for the tests
    tr = Trace(kind, seed, rate, rg)
    tr.model = NAME
    end = min(_act(sc, tr, kind), MAX_S - 1.0)
    end = max(end, 6.2)
    nrng = np.random.default_rng(random.Random("resin/%s/%d/noise" % (kind, seed)).getrandbits(63))
    t_ms, x, y, z, clean = render(sc, end, rate, rg, mode, nrng, oracle)
    tr.t_ms, tr.x, tr.y, tr.z = t_ms, x, y, z
    tr.clean = clean
    tr.others = sorted(sc.others)
    tr.duration_ms = t_ms[-1]
    tr.labels_to_ms()
    return tr

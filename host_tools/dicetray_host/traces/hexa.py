"""The "hexa" trace model: a 3D-printed hexagonal tray, its board on foam tape.

Written blind in round 38 (without reading the detector or the other
models' physics; docs/throw-detection.md, "### hexa"). Everything that
happens is a force, an impulse, a torque or a motion of the tray's support,
put into a small linear model of the tray; the response is worked out in
the frequency domain from the exact continuous transfer functions of its
modes (hexa_world.py), then read through an LIS3DH as its datasheet gives
it: its band-limit (ODR/2, or ODR/9 in 12-bit high resolution), noise
density, truncation to its resolution, clipping, clock error, and the
firmware's FIFO reads stamped in batches.

The tray: PLA/PETG printed, 180-280 mm across flats, 0.22-0.65 kg with the
Pico and the pad, a ribbed 2-3 mm floor (plate mode 160-420 Hz) with a
neoprene or leatherette liner or bare; it stands on silicone feet on a
wooden or glass table, on a tablecloth, or on a sofa cushion or a lap (2-6
Hz). On 75 % of trays the Pico + LIS3DH are stuck under the floor with
double-sided foam tape: the board is a small mass on a foam spring (60-250
Hz, Q 2-8) and the sensor reads that mount's response, not the floor's.
"""
import math
import random

import numpy as np

from dicetray_host.traces import hexa_world as hw
from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS, Trace

NAME = "hexa"
OTHER_KINDS = ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")
KINDS = THROW_KINDS + OTHER_KINDS
G = hw.G

SUPPORTS = ("feet_wood", "feet_glass", "cloth", "cushion", "lap")
LINERS = ("neoprene", "leatherette", "bare")
# per liner: die contact time (s), restitution, horizontal speed kept per tumble,
# roughness (rms friction force per die weight while it moves)
LINER = {
    "neoprene": dict(tau=(1.5e-3, 4.0e-3), e=(0.15, 0.35), keep=(0.45, 0.65), rough=(0.02, 0.06)),
    "leatherette": dict(tau=(0.5e-3, 1.5e-3), e=(0.3, 0.45), keep=(0.55, 0.72), rough=(0.05, 0.1)),
    "bare": dict(tau=(0.12e-3, 0.4e-3), e=(0.4, 0.6), keep=(0.6, 0.8), rough=(0.15, 0.35)),
}
# dice: density (kg/m^3; metal d6 are given by mass), edge (m); restitution
# and contact time scale with the material
DICE = {
    "resin": dict(rho=(1150, 1250), edge=(0.012, 0.025), de=0.0, dtau=1.0),
    "wood": dict(rho=(550, 800), edge=(0.014, 0.025), de=-0.06, dtau=1.3),
    "metal": dict(mass=(0.020, 0.030), rho=6600, de=0.06, dtau=0.7),
}


def _pick(rng, weighted):
    r = rng.random() * sum(w for _, w in weighted)
    for v, w in weighted:
        r -= w
        if r < 0:
            return v
    return weighted[-1][0]


def physics(rng):
    """One tray: its build, support, dice and sensor, drawn from `rng`."""
    p = {}
    p["across"] = rng.uniform(0.18, 0.28)              # across flats (m)
    p["R"] = p["across"] / 2.0
    p["mass"] = rng.uniform(0.22, 0.65)
    sup = p["support"] = _pick(rng, [("feet_wood", 40), ("feet_glass", 15), ("cloth", 20),
                                      ("cushion", 12), ("lap", 13)])
    if sup == "feet_wood":
        p["f_b"], p["z_b"] = rng.uniform(22, 45), rng.uniform(0.08, 0.2)
        p["table"] = dict(kind="wood", m=rng.uniform(8, 30),
                          modes=[(rng.uniform(35, 110), rng.uniform(0.02, 0.06)) for _ in range(2)])
    elif sup == "feet_glass":
        p["f_b"], p["z_b"] = rng.uniform(25, 55), rng.uniform(0.06, 0.15)
        p["table"] = dict(kind="glass", m=rng.uniform(4, 12),
                          modes=[(rng.uniform(45, 140), rng.uniform(0.004, 0.015)) for _ in range(2)])
    elif sup == "cloth":
        p["f_b"], p["z_b"] = rng.uniform(15, 35), rng.uniform(0.2, 0.4)
        p["table"] = dict(kind="wood", m=rng.uniform(8, 30),
                          modes=[(rng.uniform(35, 110), rng.uniform(0.04, 0.1)) for _ in range(2)])
    else:
        # the tray on the surface of a lap or a cushion (cloth, skin, upholstery
        # over foam), which rides on the legs or the seat: soft and heavy
        lap = sup == "lap"
        p["f_b"], p["z_b"] = rng.uniform(10, 25), rng.uniform(0.2, 0.4)
        p["f_body"], p["z_body"] = rng.uniform(2.0, 6.0), rng.uniform(0.15, 0.4)
        p["m_body"] = rng.uniform(2.0, 5.0) if lap else rng.uniform(0.5, 2.0)
        p["table"] = dict(kind=sup, m=rng.uniform(20, 60),
                          modes=[(rng.uniform(3.0, 10.0), rng.uniform(0.15, 0.35))])
        p["breath_hz"] = rng.uniform(0.2, 0.33)
        p["breath_deg"] = rng.uniform(0.3, 1.2) if lap else rng.uniform(0.05, 0.3)
        p["shift_every_s"] = rng.uniform(4, 12) if lap else rng.uniform(8, 20)
    p["f_r"], p["z_r"] = p["f_b"] * rng.uniform(1.2, 1.8), p["z_b"] * rng.uniform(0.8, 1.3)
    p["f_l"], p["z_l"] = p["f_b"] * rng.uniform(0.45, 0.8), p["z_b"] * rng.uniform(1.0, 1.5)
    p["inertia"] = p["mass"] * p["R"] ** 2 * rng.uniform(0.25, 0.4)
    liner = p["liner"] = _pick(rng, [("neoprene", 40), ("leatherette", 25), ("bare", 35)])
    L = LINER[liner]
    p["f_p"] = rng.uniform(160, 420)
    p["z_p"] = rng.uniform(0.02, 0.06) + (0.02 if liner == "neoprene" else 0.0)
    p["m_p"] = rng.uniform(0.03, 0.08)
    p["phi_sensor"] = rng.uniform(0.5, 1.0)            # the board sits under the middle of the floor
    p["tau"] = rng.uniform(*L["tau"])
    p["e"] = rng.uniform(*L["e"])
    p["keep"] = L["keep"]
    p["rough"] = rng.uniform(*L["rough"])
    p["e_wall"] = rng.uniform(0.3, 0.5)
    p["wall_h"] = rng.uniform(0.015, 0.03)
    p["mount"] = "foam" if rng.random() < 0.75 else "screwed"
    if p["mount"] == "foam":
        p["f_m"], p["q_m"] = rng.uniform(60, 250), rng.uniform(2.0, 8.0)
        p["f_ml"], p["q_ml"] = p["f_m"] * rng.uniform(0.4, 0.75), rng.uniform(2.0, 6.0)
    ang = rng.uniform(0, 2 * math.pi)
    r = rng.uniform(0.0, 0.5) * p["R"]
    p["sensor_xy"] = (r * math.cos(ang), r * math.sin(ang))
    p["sensor_h"] = rng.uniform(0.008, 0.02)
    ang = rng.uniform(0, 2 * math.pi)
    r = rng.uniform(0.85, 1.0) * p["R"]
    p["pad_xy"] = (r * math.cos(ang), r * math.sin(ang))
    p["pad_act_n"] = rng.uniform(0.8, 2.0)             # membrane pad's actuation force
    mat = p["dice_material"] = _pick(rng, [("resin", 50), ("wood", 20), ("metal", 30)])
    D = DICE[mat]
    if mat == "metal":
        m = rng.uniform(*D["mass"])
        p["die_m"], p["die_a"] = m, (m / D["rho"] / 0.92) ** (1 / 3.0)
    else:
        a = rng.uniform(*D["edge"])
        p["die_m"], p["die_a"] = rng.uniform(*D["rho"]) * a ** 3 * 0.92, a
    p["e"] = min(0.7, max(0.08, p["e"] + D["de"]))
    p["tau"] *= D["dtau"]
    p["many"] = (4, 6) if mat == "metal" else (5, 7)
    p["p_cup"] = rng.choice((0.0, 0.0, 0.25, 0.6))
    p["p_tower"] = rng.choice((0.0, 0.0, 0.0, 0.5))
    p["topple_p"] = rng.uniform(0.05, 0.15) + (0.05 if liner == "bare" else 0.0)
    # the LIS3DH
    p["bits"] = 12 if rng.random() < 0.85 else 10
    p["nd_mult"] = rng.uniform(0.8, 1.6)
    p["offset_mg"] = [rng.uniform(-40, 40) for _ in range(3)]
    p["sens"] = [1 + rng.uniform(-0.03, 0.03) for _ in range(3)]
    p["cross"] = [rng.uniform(-0.01, 0.01) for _ in range(6)]
    lim = math.radians(4.0 if p["mount"] == "foam" else 2.0)
    p["misalign"] = [rng.uniform(-lim, lim) for _ in range(3)]
    p["odr_err"] = rng.choice((-1, 1)) * rng.uniform(0.003, 0.06)
    p["drift_mg"] = [rng.uniform(-2, 2) for _ in range(3)]
    p["stamp_err"] = 0.0 if rng.random() < 0.5 else rng.uniform(-0.003, 0.003)
    return p


def _many(p, rng):
    return rng.randint(*p["many"])


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    """sensor_mode "normal": the part in normal mode (10-bit, ODR/2) whatever
    the tray drew (round 39, the board's setting); the draws are the same."""
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if sensor_mode not in (None, "normal"):
        raise ValueError("hexa models its own sensor: sensor_mode %r is not modelled (None or normal)" % (sensor_mode,))
    rng = random.Random("%s/%s/%d" % (NAME, kind, seed))
    tray = rng if tray_seed is None else random.Random("%s/tray/%d" % (NAME, tray_seed))
    rate = rate_hz or tray.choice(RATES)
    rg = range_g or tray.choice(RANGES_G)
    p = physics(tray)
    if sensor_mode == "normal":
        p["bits"] = 10
    tr = Trace(kind, seed, rate, rg)
    tr.model = NAME
    w = hw.World(p, rng)
    end = _act(w, p, tr, kind, rng)
    ts, xyz, clean, floor = w.read(end, rate, rg, random.Random("%s/%s/%d/sensor" % (NAME, kind, seed)))
    tr.t_ms = ts
    tr.x, tr.y, tr.z = xyz
    if oracle:
        tr.clean = clean + [floor]
    tr.duration_ms = tr.t_ms[-1]
    tr.labels_to_ms()
    return tr


# ---------------------------------------------------------------- the scene

def _act(w, p, tr, kind, rng):
    t = rng.uniform(0.8, 2.0)
    if kind == "calibration":
        t += 4.0
        raps = t
        t += 3.5
        for _ in range(4):
            t = hw.keys(w, p, tr, t, 1, rng) + rng.uniform(0.8, 1.2)
        for i, n in enumerate((1, 2, _many(p, rng))):
            t = hw.throw(w, p, tr, t + 1.0, n, i == 2, rng) + rng.uniform(1.5, 2.5)
        side = random.Random("%s/%s/%d/raps" % (NAME, kind, tr.seed))
        hw.knock(w, p, raps, side, what="knuckle")
        hw.knock(w, p, raps + side.uniform(1.3, 1.7), side, what="knuckle")
        return t
    if kind in THROW_KINDS:
        n_kind = int(kind[5])
        hard = kind.endswith("hard")
        if rng.random() < 0.1:
            hw.machine(w, p, 0.0, 45.0, rng)            # music or a fridge over the throws
        # a Yahtzee turn: a throw and up to two re-rolls
        for _ in range(_pick(rng, [(1, 45), (2, 35), (3, 20)])):
            n = _many(p, rng) if n_kind == 6 else n_kind
            if rng.random() < 0.1:                       # a key pressed as the dice land
                hw.keys(w, p, tr, max(0.3, t + rng.uniform(-0.3, 0.3)), 1, rng)
            still = hw.throw(w, p, tr, t, n, hard, rng)
            t = still + rng.uniform(0.6, 1.5)
            if rng.random() < p["topple_p"]:
                top = still + rng.uniform(1.0, 3.0)
                tr.topples.append(top)
                t = hw.topple(w, p, top, rng) + rng.uniform(0.6, 1.2)
            if rng.random() < 0.75:
                t = hw.keys(w, p, tr, t, rng.randint(1, 6), rng) + rng.uniform(0.3, 1.0)
            if rng.random() < 0.3:
                t = hw.pick(w, p, t, rng) + rng.uniform(0.5, 1.0)
            t = max(t, still + rng.uniform(2.5, 4.0))
        return t + rng.uniform(0.5, 1.0)
    if kind == "keys":
        for _ in range(rng.randint(1, 3)):
            t = hw.keys(w, p, tr, t, rng.randint(2, 8), rng) + rng.uniform(0.8, 2.0)
        return t
    if kind == "knock":
        for _ in range(rng.randint(2, 4)):
            t = hw.knock(w, p, t, rng) + rng.uniform(1.0, 3.0)
        return t
    if kind == "bump":
        for _ in range(rng.randint(2, 4)):
            t = hw.bump(w, p, t, rng) + rng.uniform(1.0, 3.0)
        return t
    if kind == "pickup":
        return hw.pickup(w, p, tr, t, rng) + rng.uniform(1.5, 3.0)
    if kind == "tilted":
        return hw.tilted(w, p, tr, t, t + rng.uniform(8.0, 14.0), rng) + rng.uniform(1.0, 2.0)
    if kind == "phone":
        end = t + rng.uniform(5.0, 10.0)
        hw.phone(w, p, t, end - 0.5, rng)
        return end
    if kind == "machine":
        end = t + rng.uniform(10.0, 20.0)
        hw.machine(w, p, t, end - 1.0, rng)
        return end
    return hw.pick(w, p, t, rng) + rng.uniform(0.8, 1.5)

"""snap: a folding PU-leather "snap" dice tray with its electronics in a pod
on one corner (written blind in round 74; held out).

The tray: PU leather (about 1 mm) over 1.5-2.5 mm greyboard, often with a
thin foam layer under the leather, its four wall flaps snapped up at the
corners with press studs; 18-26 cm square, 80-200 g. It lies flat on a
neoprene playmat, a tablecloth or a bare table top. The maker's electronics
(Pico, LIS3DH breakout, four keys) live in a 3D-printed pod clipped over one
corner, standing on the tray's corner leather: the sensor is not under the
floor but beside it. The floor is floppy across (a card plate on a mat
deflects only locally, a few mm round a blow) but stiff in its own plane.

So a die's blow on the floor reaches the pod only through the table top
(its plate modes and its local bending wave) and the pod's footing; its
drag on the floor slides the whole tray in its plane; a die against one of
the two walls at the pod's corner (or the pod itself) strikes it nearly
directly. The pod is light (60-140 g) and its keys are on it: key presses
are loud, dice are moderate, and a padded floor settles dice fast.

snap_world.py has the paths and the LIS3DH; this module the tray, the dice,
the players and the scene of each kind. Every figure has its range and why.
"""
import math
import random

import numpy as np

from dicetray_host.traces import snap_world as sw
from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS, Trace

NAME = "snap"
OTHER_KINDS = ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")
KINDS = THROW_KINDS + OTHER_KINDS
G = sw.G


def _rot(rng, max_deg):
    """A small random rotation (the board's misalignment in the pod)."""
    ax = np.array([rng.gauss(0, 1) for _ in range(3)])
    ax /= np.linalg.norm(ax)
    a = math.radians(rng.uniform(0.0, max_deg))
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    return np.eye(3) + math.sin(a) * k + (1 - math.cos(a)) * (k @ k)


def physics(r):
    """One tray, its table, its dice, its keys, its sensor: every draw of it."""
    p = {}
    p["side_m"] = r.uniform(0.18, 0.26)         # 8-10 inch snap trays as sold
    p["pod_kg"] = r.uniform(0.06, 0.14)         # Pico, breakout, 4 keys, printed box, cable pull, clamped corner
    p["tray_kg"] = p["pod_kg"] + r.uniform(0.08, 0.20)   # + leather over card: 80-200 g
    support = r.choices(("mat", "cloth", "wood"), (0.45, 0.30, 0.25))[0]
    p["support"] = support
    padded = r.random() < 0.5                   # half the trays have 2-3 mm foam under the leather
    p["padded"] = padded
    # the pod's footing: its printed bottom (15-30 cm^2) on the tray's corner,
    # a stack of layers in series, k = A / sum(h / E):
    area = r.uniform(15e-4, 30e-4)
    layers = [r.uniform(0.8e-3, 1.2e-3) / r.uniform(5e6, 20e6),     # PU leather with its backing
              r.uniform(1.5e-3, 2.5e-3) / r.uniform(10e6, 40e6)]   # greyboard through its thickness
    soft = 0.0
    if padded:
        soft += r.uniform(2e-3, 3e-3) / r.uniform(0.05e6, 0.2e6)  # the soft PU foam under the leather
    if support == "mat":
        soft += r.uniform(2e-3, 4e-3) / r.uniform(0.2e6, 1.0e6)   # a neoprene playmat
    elif support == "cloth":
        soft += r.uniform(1e-3, 2e-3) / r.uniform(0.3e6, 1.5e6)   # a woven cloth, compressed
    k = area / (sum(layers) + soft)
    f = math.sqrt(k / p["pod_kg"]) / (2 * math.pi)
    # a printed bottom is warped and stands on a few points: no stiffer than 500-900 Hz
    p["bounce_hz"] = min(f, r.uniform(500, 900))
    # foam is lossy (10-25 % of critical); leather and card on wood barely (4-10 %)
    p["bounce_z"] = r.uniform(0.10, 0.25) if soft > sum(layers) else r.uniform(0.04, 0.10)
    # the whole tray in its plane on its support: the mat's shear over the
    # floor's area (G A / h with G 0.07-0.3 MPa: 250-500 Hz for 0.2-0.35 kg)
    # or a frictional contact's tangential stiffness on cloth or wood; never
    # slipping, as a die's push down raises the friction under it as much as
    # its drag (mu of the leather bottom >= mu of a die on leather)
    if support == "mat":
        p["shear_hz"], p["shear_z"] = r.uniform(250, 500), r.uniform(0.15, 0.3)
        tcf = r.uniform(1.3, 1.8)               # the mat lengthens a die's contact
        p["mu_slide"] = r.uniform(0.6, 0.9)     # rubber-backed cloth holds the tray's leather
    elif support == "cloth":
        p["shear_hz"], p["shear_z"] = r.uniform(300, 600), r.uniform(0.1, 0.2)
        tcf = r.uniform(1.0, 1.3)
        p["mu_slide"] = r.uniform(0.35, 0.6)
    else:
        p["shear_hz"], p["shear_z"] = r.uniform(400, 800), r.uniform(0.05, 0.15)
        tcf = r.uniform(0.7, 1.0)
        p["mu_slide"] = r.uniform(0.3, 0.5)
    # the pod rocks on its footing (a lower mode: the footing's rotational
    # stiffness over the pod's inertia), seen in x and y at the sensor's
    # 10-15 mm height: 10-40 % of the rocking's vertical size
    p["rock_hz"], p["rock_z"] = p["bounce_hz"] * r.uniform(0.5, 0.8), min(0.35, p["bounce_z"] * r.uniform(0.8, 1.3))
    p["rock_c"] = (r.choice((-1, 1)) * r.uniform(0.1, 0.4), r.choice((-1, 1)) * r.uniform(0.1, 0.4))
    p["rock_base"] = r.uniform(0.05, 0.15)      # the table's motion is nearly uniform under the footing
    # the table
    table = r.choices(("dining", "light", "glass"), (0.5, 0.35, 0.15))[0]
    p["table"] = table
    if table == "dining":
        # 20-30 mm solid or veneered top, 15-35 kg; first plate mode 40-90 Hz,
        # wood and its joints 2-5 % of critical; legs and frame sway 8-20 Hz
        top, f1, zr = r.uniform(15, 35), r.uniform(40, 90), (0.02, 0.05)
        p["table_kg"], p["sway_hz"], p["sway_z"] = top * r.uniform(1.3, 1.8), r.uniform(8, 20), r.uniform(0.03, 0.08)
        p["table_Y"] = 1.0 / r.uniform(2500, 4000)   # 1 / (8 sqrt(D m'')) for 20-30 mm wood
    elif table == "light":
        # 16-18 mm particleboard, 8-15 kg: lower modes, more loss; wobblier legs
        top, f1, zr = r.uniform(8, 15), r.uniform(25, 60), (0.03, 0.07)
        p["table_kg"], p["sway_hz"], p["sway_z"] = top * r.uniform(1.3, 2.0), r.uniform(5, 12), r.uniform(0.03, 0.08)
        p["table_Y"] = 1.0 / r.uniform(1200, 2000)
    else:
        # 8-10 mm glass on a metal frame, 12-25 kg: glass barely damps (0.5-1.5 %)
        top, f1, zr = r.uniform(12, 25), r.uniform(30, 70), (0.005, 0.015)
        p["table_kg"], p["sway_hz"], p["sway_z"] = top * r.uniform(1.4, 2.0), r.uniform(6, 15), r.uniform(0.02, 0.06)
        p["table_Y"] = 1.0 / r.uniform(1800, 2600)
    modes = []
    for ratio in (1.0, r.uniform(1.6, 2.4), r.uniform(2.8, 4.0)):
        mk = top * r.uniform(0.2, 0.35)             # modal mass: a quarter or so of the top
        phi_tray = r.uniform(0.3, 1.0)              # the tray (and its pod, 10-20 cm on) sit at one spot of the shape
        phi_far = r.uniform(-1.0, 1.0)              # a knock lands anywhere, maybe near a node
        modes.append((f1 * ratio, r.uniform(*zr), phi_tray * phi_tray / mk, phi_tray * phi_far / mk))
    p["table_modes"] = modes
    p["eta_near"] = r.uniform(0.3, 0.6)             # the local wave 8-18 cm from a die's blow to the pod
    p["eta_far"] = r.uniform(0.1, 0.35)             # ... 15-50 cm from a knuckle
    cover_tc = {"mat": 2.0, "cloth": 1.3, "wood": 1.0}[support]   # what lies on the top lengthens blows on it
    p["cover_tc"] = cover_tc
    # the floor under a die: leather + card (+ foam) on the support
    base_tc = r.uniform(0.003, 0.006) if padded else r.uniform(0.0015, 0.0035)
    p["tc_floor"] = base_tc * tcf
    p["e_floor"] = r.uniform(0.08, 0.2) if padded else r.uniform(0.15, 0.3)    # leather and foam absorb
    p["tc_wall"] = r.uniform(0.004, 0.010)          # a wall flap gives: long, soft
    p["e_wall"] = r.uniform(0.1, 0.3)
    # of the blows on the pod's two walls, the share on the pod's printed corner
    p["pod_hit_p"] = r.uniform(0.04, 0.12)
    p["wall_to_pod"] = r.uniform(0.05, 0.2)         # a near wall flap's blow passed as a vertical push on the pod
    # the dice
    if r.random() < 0.12:                           # metal (zinc) dice: 15-30 g, 16-20 mm
        p["die_kg"], p["die_m"] = r.uniform(0.015, 0.03), r.uniform(0.016, 0.020)
    else:                                           # resin or acrylic: 3-8 g, 12-19 mm
        p["die_kg"], p["die_m"] = r.uniform(0.003, 0.008), r.uniform(0.012, 0.019)
    p["mu_die"] = r.uniform(0.4, 0.7)               # leather against resin or metal
    p["many"] = (r.randint(4, 5), r.randint(6, 10))  # "many": a Yahtzee hand, Farkle's six, a 10d6 fireball
    p["v_soft"] = (1.0, 2.4)                        # dropped from 5-25 cm, a little push (m/s, vertical)
    p["v_hard"] = (2.2, 4.5)                        # thrown down
    p["vh_soft"] = (0.2, 0.9)                       # horizontal m/s as they leave the hand
    p["vh_hard"] = (0.8, 2.2)
    # a die stops tumbling when it cannot tip over an edge: 1/2 m v^2 under
    # m g s (sqrt 2 - 1) / 2 with its spin, 0.15-0.3 m/s for these sizes
    p["v_tip"] = math.sqrt(G * p["die_m"] * 0.414 / 2.0) * r.uniform(0.9, 1.4)
    p["topple_p"] = r.uniform(0.05, 0.15)           # a die cocked against a wall or another die
    # the keys: 12 mm tactile switches with caps, or a macro pad of MX-style switches
    mx = r.random() < 0.4
    p["keys"] = {
        "mx": mx,
        "m_f": (0.004, 0.012),                      # the fingertip's effective mass (kg)
        "v_f": (0.05, 0.3),                         # its speed onto the cap (m/s)
        "tc_touch": (0.004, 0.010),                 # the pulp compresses: soft, 4-10 ms
        # to the contact: MX 2 mm pre-travel; tactile 0.25-0.35 mm after the snap
        "travel_m": 0.002 if mx else 0.0003,
        "ramp_s": (0.012, 0.045),                   # a tactile dome: the finger's force ramps to 1.6-2.6 N
        "tc_bottom": (0.0015, 0.004) if mx else (0.0005, 0.002),
        "dir": r.uniform(0, 2 * math.pi),           # the player's side: pressed at a slant toward the tray
        "slant": r.uniform(0.1, 0.3),
    }
    # the LIS3DH as the maker set it: the breakouts' own libraries (Adafruit's
    # Arduino and CircuitPython drivers) write CTRL_REG4 = 0x88, BDU and high
    # resolution, on begin (70 %); a hand-written MicroPython driver leaves
    # HR off, normal mode (25 %), or saves power in low-power mode (5 %)
    p["mode"] = r.choices(("high", "normal", "low"), (0.70, 0.25, 0.05))[0]
    p["sensor"] = {
        "odr_err": r.uniform(-0.03, 0.03),          # its internal oscillator (not in the datasheet: a few %)
        "nd_ug": r.uniform(180, 280),               # noise density around the datasheet's 220 ug/sqrt(Hz)
        "offset": np.array([r.uniform(-40, 40) for _ in range(3)]),     # TyOff +-40 mg (typ.) and the board's stress
        "sens_err": np.array([r.uniform(-0.04, 0.04) for _ in range(3)]),  # sensitivity spread, a few %
        "drift_mg_per_s": np.array([r.uniform(-0.5, 0.5) * r.uniform(0.0, 1.5) / 60.0 for _ in range(3)]),
        # TCOff 0.5 mg/C x the pod warming 0-1.5 C in the first minute on
        "mount": _rot(r, 3.0),                      # the breakout in the pod: up to 3 degrees off
        "rest_tilt": (math.radians(r.uniform(-1.5, 1.5)), math.radians(r.uniform(-1.5, 1.5))),
        # the table off level (0.5 deg) and the pod sitting on the corner's seam (1 deg)
        "fifo_s": r.uniform(0.02, 0.06),            # the firmware's read period
        "i2c_ms": r.uniform(1.0, 4.0),              # the stamp taken after the FIFO's burst read
    }
    return p


# ---------------------------------------------------------------- the dice
def _die(w, p, r, t, hard):
    """One die from its landing at t: bounces, tumbles, walls, rocking to
    rest. Returns the end of its last contact (s)."""
    m, s = p["die_kg"] * r.uniform(0.97, 1.03), p["die_m"]
    v = r.uniform(*p["v_hard" if hard else "v_soft"])
    vh = r.uniform(*p["vh_hard" if hard else "vh_soft"])
    # the hand gives it spin too, 10-40 rad/s (60 hard): landing, the spin
    # rolls it on at the edge's speed
    vh += r.uniform(10, 60 if hard else 40) * s / 2
    ang = r.uniform(0, 2 * math.pi)
    ux, uy = math.cos(ang), math.sin(ang)
    # contact time: Hertz-like, longer for a heavier die, a little shorter when faster
    tcm = p["tc_floor"] * (m / 0.005) ** 0.4
    end = t
    while True:                                     # bounces
        e = p["e_floor"] * r.uniform(0.8, 1.2)
        tc = tcm * (max(v, 0.2) / 2.0) ** -0.2
        j = m * v * (1 + e)
        dvh = min(vh, p["mu_die"] * j / m * r.uniform(0.4, 1.0))   # friction while in contact
        w.floor(t, j, tc, m * dvh * ux, m * dvh * uy)
        end = t + tc
        vh -= 0.4 * dvh                             # most of the friction turns it over: it rolls on
        v *= e
        if v < 0.3:                                 # under 5 mm of hop: it stays down and tumbles
            break
        t += tc + 2 * v / G
    return _roll(w, p, r, end, vh, ang, m, tcm)


def _roll(w, p, r, t, vh, ang, m, tcm):
    """A die on the floor at t moving at vh (m/s) heading ang: it tumbles
    face over face, maybe strikes a wall, rocks to rest. Returns its last
    contact's end."""
    s = p["die_m"]
    ux, uy = math.cos(ang), math.sin(ang)
    to_wall = r.uniform(0.03, p["side_m"] * 0.8)   # how far it is from the wall it heads for
    end = t
    moved = 0.0
    while vh > p["v_tip"]:                          # tumbling face over face
        t += s / vh * r.uniform(0.8, 1.25)
        moved += s
        if moved >= to_wall:
            # the wall: near (one of the pod's two) or far
            near = r.random() < 0.5
            ew = p["e_wall"] * r.uniform(0.8, 1.2)
            j = m * vh * (1 + ew)
            if near and r.random() < p["pod_hit_p"]:
                # the printed pod's corner: hard plastic, short and sharp
                tc = r.uniform(0.0001, 0.0003)
                j = m * vh * (1 + r.uniform(0.4, 0.6))
                w.pod(t, j * r.uniform(0.2, 0.5), tc, j * ux, j * uy)
            else:
                tc = p["tc_wall"] * r.uniform(0.8, 1.25)
                w.tray_h(t, j * ux, j * uy, tc)
                if near:
                    w.pod(t, j * p["wall_to_pod"], tc)
                w.floor(t, j * r.uniform(0.1, 0.3), tc)     # the flap's hinge presses the floor's edge
            end = max(end, t + tc)
            vh *= ew
            a2 = ang + math.pi + r.uniform(-0.8, 0.8)
            ux, uy = math.cos(a2), math.sin(a2)
            ang = a2
            moved, to_wall = 0.0, r.uniform(0.05, p["side_m"] * 0.8)
            continue
        e = p["e_floor"] * r.uniform(0.5, 1.0)
        vs = vh * r.uniform(0.4, 0.7)               # the falling face's speed: a part of the edge's
        j = m * vs * (1 + e)
        tc = tcm * r.uniform(0.9, 1.3)
        w.floor(t, j, tc, m * vh * 0.1 * ux, m * vh * 0.1 * uy)
        end = t + tc
        # a cube turning over an edge onto a dead floor keeps a quarter of its
        # spin ((I_cm + m d^2 cos 90) / I_edge); its slide and bounce keep more:
        # 55-85 % of its speed a face on leather
        vh *= r.uniform(0.55, 0.85)
    # rocking to rest on its face: ever weaker, ever quicker taps
    j = m * max(vh, 0.1) * r.uniform(0.3, 0.6)
    gap = r.uniform(0.02, 0.05)
    for _ in range(r.randint(1, 4)):
        t += gap
        tc = tcm * r.uniform(0.8, 1.2)
        w.floor(t, j, tc)
        end = t + tc
        j *= r.uniform(0.3, 0.5)
        gap *= r.uniform(0.6, 0.8)
    return end


def _throw(w, p, tr, r, t, ndice, hard):
    """ndice dice leave the hand together and land over 0-60 ms (two) or
    0-200 ms (a handful spreads); the throw is from the first landing to the
    last contact."""
    spread = 0.06 if ndice <= 2 else 0.2
    ends = [_die(w, p, r, t + (0.0 if d == 0 else r.uniform(0.0, spread)), hard) for d in range(ndice)]
    last = max(ends)
    # dice run into each other: of two, 15 % of throws; of a handful, each
    # die 20 % of the time is struck by another while that one still moves
    # and tumbles on at 0.15-0.5 m/s (the striker's speed shared)
    if ndice >= 2:
        for d in range(ndice):
            if r.random() < (0.15 if ndice == 2 else 0.2):
                moving = [e for i, e in enumerate(ends) if i != d and e > t + 0.12]
                if moving:
                    tk = r.uniform(t + 0.1, max(moving))
                    tcm = p["tc_floor"] * (p["die_kg"] / 0.005) ** 0.4
                    vk = max(r.uniform(0.15, 0.5), p["v_tip"] * 1.05)
                    last = max(last, _roll(w, p, r, tk, vk, r.uniform(0, 2 * math.pi), p["die_kg"], tcm))
    tr.throws.append((t, last))
    return last


def _topple(w, p, r, t):
    """A cocked die falls flat: one slap at 0.15-0.4 m/s, a rock or two."""
    m = p["die_kg"]
    v = r.uniform(0.15, 0.4)
    tcm = p["tc_floor"] * (m / 0.005) ** 0.4
    j = m * v * (1 + p["e_floor"])
    w.floor(t, j, tcm)
    end = t + tcm
    for _ in range(r.randint(1, 2)):
        t += r.uniform(0.015, 0.04)
        j *= r.uniform(0.2, 0.4)
        w.floor(t, j, tcm)
        end = t + tcm
    return end


# ---------------------------------------------------------------- the players
def _key(w, p, tr, r, t):
    """One press from the touch at t; returns the contact's up time."""
    k = p["keys"]
    mf, vf = r.uniform(*k["m_f"]), r.uniform(*k["v_f"])
    hx, hy = k["slant"] * math.cos(k["dir"]), k["slant"] * math.sin(k["dir"])
    jt = mf * vf * r.uniform(0.3, 0.6)             # the pulp meets the cap: the cap's spring takes the rest
    w.pod(t, jt, r.uniform(*k["tc_touch"]), jt * hx, jt * hy)
    hold = r.uniform(0.06, 0.25)                    # contact held 60-250 ms
    if k["mx"]:
        down = t + k["travel_m"] / vf               # 2 mm pre-travel: 7-40 ms
        vb = vf * r.uniform(1.0, 1.5)               # the finger speeds up past the contact
        bottom = down + k["travel_m"] / vb
        jb = mf * vb * r.uniform(1.0, 1.2)          # bottoming out: the key's loudest part
        w.pod(bottom, jb, r.uniform(*k["tc_bottom"]), jb * hx, jb * hy)
        up = bottom + hold
        if r.random() < 0.7:
            # the finger lifts faster than the slider: the slider (2-4 g with
            # its cap) tops out on the housing at 0.2-0.5 m/s, kicking the pod up
            jt = r.uniform(0.002, 0.004) * r.uniform(0.2, 0.5)
            w.pod(up + r.uniform(0.002, 0.008), -jt, r.uniform(0.0002, 0.0006))
    else:
        # a tactile dome: force ramps to the snap, then the finger's momentum
        # bottoms the stem out 0.25-0.35 mm on; the contact closes with it
        down = t + r.uniform(*k["ramp_s"])
        jb = mf * r.uniform(0.05, 0.25)
        w.pod(down - 0.0005, jb, r.uniform(*k["tc_bottom"]), jb * hx, jb * hy)
        up = down + hold
        # the dome snaps back under the lifting finger: a small kick down on the pod
        w.pod(up, r.uniform(0.0001, 0.0006), r.uniform(0.0003, 0.001))
    tr.keys.append((down, up))
    return up


def _keys(w, p, tr, r, t, count):
    """count presses, 0.15-0.6 s between a release and the next touch (keying a face, a total)."""
    for i in range(count):
        t = _key(w, p, tr, r, t)
        if i < count - 1:
            t += r.uniform(0.15, 0.6)
    return t


def _knock(w, p, r, t, what=None):
    """A blow on the table away from the tray; returns its end."""
    what = what or r.choices(("knuckle", "cup", "fist"), (0.6, 0.25, 0.15))[0]
    near = r.uniform(0.5, 1.5)                      # where on the table: the far path's scale
    if what == "knuckle":
        # a knuckle: 20-80 g effective at 0.5-1.5 m/s (a rap, not a blow), 0.5-2 ms on wood, longer on cloth
        n = 2 if r.random() < 0.3 else 1            # "knock knock"
        for i in range(n):
            j = r.uniform(0.02, 0.08) * r.uniform(0.5, 1.5) * 1.2 * near
            w.far(t, j, r.uniform(0.0005, 0.002) * p["cover_tc"])
            t += r.uniform(0.12, 0.25) if i < n - 1 else 0.0
        return t + 0.01
    if what == "cup":
        # a mug put down: 0.2-0.5 kg at 0.05-0.2 m/s, 2-5 ms
        j = r.uniform(0.2, 0.5) * r.uniform(0.05, 0.2) * 1.1 * near
        w.far(t, j, r.uniform(0.002, 0.005) * p["cover_tc"])
        return t + 0.01
    # a fist thump (not a slam): 0.2-0.6 kg at 0.3-1 m/s, the fist's flesh 8-20 ms
    j = r.uniform(0.2, 0.6) * r.uniform(0.3, 1.0) * near
    w.far(t, j, r.uniform(0.008, 0.02))
    return t + 0.03


def _raps(w, p, r, t):
    """Calibration's two knuckle raps on the table beside the tray, 1.3-1.7 s apart."""
    for tk in (t, t + r.uniform(1.3, 1.7)):
        j = r.uniform(0.02, 0.08) * r.uniform(0.5, 1.5) * 1.2 * r.uniform(1.0, 1.6)  # beside: nearer than a knock
        w.far(tk, j, r.uniform(0.0005, 0.002) * p["cover_tc"])


def _bump(w, p, r, t):
    """A knee against the table (it sways) or a hand shoving the tray (it slides and stops)."""
    a = r.uniform(0, 2 * math.pi)
    if r.random() < 0.5:
        # 0.5-3 N s over 40-150 ms on a 10-60 kg table: under its legs'
        # friction, so it sways; a knee also lifts a little (20-50 %)
        j, dur = r.uniform(0.5, 3.0), r.uniform(0.04, 0.15)
        w.far(t, j * r.uniform(0.2, 0.5), dur, j * math.cos(a), j * math.sin(a))
        return t + dur
    # the tray shoved 0.05-0.3 m/s over 40-120 ms, then friction stops it at mu g
    v, dur = r.uniform(0.05, 0.3), r.uniform(0.04, 0.12)
    ax = (math.cos(a), math.sin(a), 0.0)
    jt = r.uniform(0.005, 0.02)
    w.pod(t, jt * 0.3, r.uniform(0.005, 0.015), jt * ax[0], jt * ax[1])   # the hand meets the rim
    w.move(t, v, dur, ax)
    stop = v / (p["mu_slide"] * G)
    # kinetic friction is constant until it sticks: a flat deceleration
    i0, k = int((t + dur) * sw.FS), max(1, int(stop * sw.FS))
    if i0 + k < w.n:
        for i in (0, 1):
            w.rigid[i, i0:i0 + k] -= ax[i] * p["mu_slide"] * G
    return t + dur + stop


def _lift(w, p, r, t, hold_s, tilt_deg):
    """The tray lifted by its rim, held hold_s, put down tilted by tilt_deg
    (0: level again). Returns (landing time, end of the tilt or None)."""
    jt = r.uniform(0.005, 0.02)
    w.pod(t, jt, r.uniform(0.01, 0.03))            # the hand takes the rim
    up = t + r.uniform(0.15, 0.4)
    vz = r.uniform(0.2, 0.5)                       # lifted 5-20 cm
    dur = r.uniform(0.15, 0.35)
    w.move(up, vz, dur, (0, 0, 1))
    w.move(up + dur, -vz, dur, (0, 0, 1))
    psi = r.uniform(0, 2 * math.pi)
    th = math.radians(r.uniform(5, 35))            # a floppy tray held by one side sags 5-35 degrees
    w.tilt_to(up, up + r.uniform(0.3, 0.8), th * math.cos(psi), th * math.sin(psi))
    held0 = up + 2 * dur
    held1 = held0 + hold_s
    # hand tremor 8-12 Hz, 5-30 mg, and the arm's sway 0.3-1.5 Hz, 20-80 mg
    i0, i1 = int(held0 * sw.FS), min(w.n, int(held1 * sw.FS))
    tt = np.arange(i1 - i0) / sw.FS
    for i in range(3):
        ft, fs = r.uniform(8, 12), r.uniform(0.3, 1.5)
        w.rigid[i, i0:i1] += (r.uniform(0.05, 0.3) * np.sin(2 * math.pi * ft * tt + r.uniform(0, 6.3))
                              + r.uniform(0.2, 0.8) * np.sin(2 * math.pi * fs * tt + r.uniform(0, 6.3))
                              * np.sin(math.pi * tt / max(tt[-1], 1e-3)))
    # down again
    w.move(held1, -vz, dur, (0, 0, 1))
    w.move(held1 + dur, vz * r.uniform(0.6, 0.9), dur * 0.8, (0, 0, 1))
    land = held1 + 1.8 * dur + r.uniform(0.02, 0.06)
    psi2 = r.uniform(0, 2 * math.pi)
    th2 = math.radians(tilt_deg) if tilt_deg else math.radians(r.uniform(0.0, 0.5))  # never quite where it was
    w.tilt_to(held1, land, th2 * math.cos(psi2), th2 * math.sin(psi2))
    # landing: the pod and the floor meet the table at 0.05-0.25 m/s
    vl = r.uniform(0.05, 0.25)
    w.pod(land, p["pod_kg"] * vl * 1.2, r.uniform(0.005, 0.015))
    w.floor(land + r.uniform(0.0, 0.03), (p["tray_kg"] - p["pod_kg"]) * vl * 1.2, r.uniform(0.005, 0.015))
    return land, (land + 0.3 if not tilt_deg else None)


def _pick(w, p, r, t, count=None):
    """Fingers pick dice out of the tray: each press of the padding, a die
    scraped, now and then a palm on the pod's wall or a die dropped back."""
    count = count or r.randint(1, 4)
    m = p["die_kg"]
    for _ in range(count):
        # a fingertip pushes 0.5-2 N into the padding over 60-200 ms
        f, dur = r.uniform(0.5, 2.0), r.uniform(0.06, 0.2)
        w.floor(t, f * dur * 2 / math.pi, dur)
        w.floor(t + dur * r.uniform(0.3, 0.7), r.uniform(0.0002, 0.001), p["tc_floor"])   # the die scraped off
        if r.random() < 0.25:
            # a palm on the pod's wall: 1-4 N over 0.3-1 s
            fp, dp = r.uniform(1.0, 4.0), r.uniform(0.3, 1.0)
            jp = fp * dp * 2 / math.pi
            w.pod(t, jp, dp, 0.3 * jp * r.uniform(-1, 1), 0.3 * jp * r.uniform(-1, 1))
        if r.random() < 0.15:
            # a die slips back from 2-6 cm
            v = math.sqrt(2 * G * r.uniform(0.02, 0.06))
            w.floor(t + dur + r.uniform(0.05, 0.2), m * v * (1 + p["e_floor"]), p["tc_floor"])
        t += dur + r.uniform(0.3, 0.9)
    return t


def _phone(w, p, r, t, end):
    """A phone on the table buzzing: 2-6 bursts of 0.3-1.2 s, its motor at
    140-235 Hz pushing 0.2-1 N into the top, a rattle at twice that."""
    f = r.uniform(140, 235)
    amp = r.uniform(0.2, 1.0) * r.uniform(0.3, 1.0)   # the motor, and how far the phone lies
    harm = r.uniform(0.1, 0.3) if p["table"] == "glass" else r.uniform(0.02, 0.1)
    for _ in range(r.randint(2, 6)):
        on = r.uniform(0.3, 1.2)
        if t + on > end:
            break
        w.far_wave(t, t + on, amp, f * r.uniform(0.98, 1.02), r.uniform(0.1, 0.4), harm, r)
        t += on + r.uniform(0.2, 1.0)


def _machine(w, p, r, t0, t1):
    """Something running nearby moves the table top itself (m/s^2)."""
    i0, i1 = int(t0 * sw.FS), min(w.n, int(t1 * sw.FS))
    if i1 <= i0:
        return
    tt = np.arange(i1 - i0) / sw.FS
    ramp = np.clip(np.minimum(tt, tt[-1] - tt) / 0.5, 0.0, 1.0)
    what = r.choices(("fridge", "washer", "music"), (0.5, 0.3, 0.2))[0]
    hz = [r.uniform(0.3, 1.0), r.uniform(0.3, 1.0), 1.0]       # horizontal share per axis
    if what == "fridge":
        # a compressor at 48-59 Hz (its motor's slip under mains) and twice
        # that; 0.5-6 mg through the floor and the table's legs
        f, a = r.uniform(48, 59), r.uniform(0.5, 6.0) * G / 1000
        sig = a * ramp * (np.sin(2 * math.pi * f * tt) + r.uniform(0.2, 0.6) * np.sin(4 * math.pi * f * tt + 1.0))
    elif what == "washer":
        # a spin: the drum 5 Hz rising to 10-20 Hz; 3-40 mg on a wooden floor, mostly sideways
        f1, a = r.uniform(10, 20), r.uniform(3, 40) * G / 1000
        f = 5 + (f1 - 5) * np.clip(tt / r.uniform(4, 10), 0, 1)
        sig = a * ramp * np.sin(2 * math.pi * np.cumsum(f) / sw.FS)
        hz = [r.uniform(1.0, 2.0), r.uniform(1.0, 2.0), 1.0]
    else:
        # a speaker on the table: kick drums, 45-90 Hz bursts decaying in 50-150
        # ms at 1.6-2.4 beats a second, 3-25 mg
        f, a = r.uniform(45, 90), r.uniform(3, 25) * G / 1000
        beat, tau = 1.0 / r.uniform(1.6, 2.4), r.uniform(0.05, 0.15)
        ph = np.mod(tt, beat)
        sig = a * ramp * np.exp(-ph / tau) * np.sin(2 * math.pi * f * ph)
    for i in range(3):
        w.base[i, i0:i1] += hz[i] * sig


# ---------------------------------------------------------------- the scenes
def _scene(w, p, tr, r, kind):
    """Make it happen; returns the end of the trace (s)."""
    t = r.uniform(0.8, 2.0)
    if kind == "calibration":
        t += r.uniform(3.8, 4.2)                   # about 4 s still
        _raps(w, p, r, t)
        t += 3.5
        for _ in range(4):
            t = _key(w, p, tr, r, t) + r.uniform(0.8, 1.2)
        t += r.uniform(0.3, 0.8)
        for n in (1, 2, None):
            n = n or r.randint(*p["many"])
            # 30 % of setups throw hard: the screen says "throw", not how
            still = _throw(w, p, tr, r, t, n, r.random() < 0.3)
            t = still + r.uniform(1.5, 2.5)        # the next when the screen says still
        return t
    if kind in THROW_KINDS:
        n = int(kind[5])
        ndice = r.randint(*p["many"]) if n == 6 else n
        hard = kind.endswith("hard")
        if r.random() < 0.1:
            _machine(w, p, r, 0.0, sw.MAX_S - sw.PAD_S)     # a throw over a hum
        turns = r.choices((1, 2, 3), (0.55, 0.3, 0.15))[0]
        for i in range(turns):
            if i:
                # keep some, pick up the rest (in 1-3 grabs) and throw them again
                ndice = r.randint(1, ndice)
                t = _pick(w, p, r, t, min(ndice, r.randint(1, 3))) + r.uniform(0.5, 1.2)
            if r.random() < 0.12:                   # a key pressed as the dice land
                _key(w, p, tr, r, max(0.3, t + r.uniform(-0.3, 0.3)))
            still = _throw(w, p, tr, r, t, ndice, hard)
            t = still + r.uniform(0.5, 1.5)
            if r.random() < p["topple_p"]:
                top = still + r.uniform(1.0, 3.0)
                tr.topples.append(top)
                t = max(t, _topple(w, p, r, top) + r.uniform(0.3, 0.8))
            if r.random() < 0.8:                    # the faces keyed
                t = _keys(w, p, tr, r, t, r.randint(1, 6)) + r.uniform(0.3, 1.0)
            if i == turns - 1 and r.random() < 0.3:
                t = _pick(w, p, r, t) + r.uniform(0.3, 0.8)
            t = max(t, still + r.uniform(2.0, 3.5))
        return min(t + r.uniform(0.5, 1.5), sw.MAX_S - sw.PAD_S)
    if kind == "keys":
        for _ in range(r.randint(1, 3)):
            t = _keys(w, p, tr, r, t, r.randint(2, 8)) + r.uniform(0.8, 2.0)
        return t
    if kind == "knock":
        for _ in range(r.randint(2, 4)):
            t = _knock(w, p, r, t) + r.uniform(1.0, 3.0)
        return t + 1.0
    if kind == "bump":
        for _ in range(r.randint(2, 4)):
            t = _bump(w, p, r, t) + r.uniform(1.0, 3.0)
        return t + 1.0
    if kind == "pickup":
        land, end = _lift(w, p, r, t, r.uniform(1.0, 5.0), 0.0)
        tr.tilts.append((t, end))
        return land + r.uniform(1.5, 3.0)
    if kind == "tilted":
        # set down on a book or the game's box lid: 3-15 degrees, left there;
        # 40 %: put level again before the end
        land, _ = _lift(w, p, r, t, r.uniform(0.5, 2.0), r.uniform(3, 15))
        end = land + r.uniform(8.0, 14.0)
        if r.random() < 0.4:
            land2, stop = _lift(w, p, r, end - 3.0, r.uniform(0.3, 1.0), 0.0)
            tr.tilts.append((t, stop))
            return max(end, land2 + 1.5)
        tr.tilts.append((t, None))
        return end
    if kind == "phone":
        end = t + r.uniform(5.0, 10.0)
        _phone(w, p, r, t, end - 0.5)
        return end
    if kind == "machine":
        end = t + r.uniform(10.0, 20.0)
        _machine(w, p, r, t, end - 1.0)
        return end
    if kind == "pick":
        return _pick(w, p, r, t) + r.uniform(0.8, 1.5)
    raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    """One labelled trace of `kind` on a snap tray, fully determined by the arguments."""
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    rng = random.Random("%s/%s/%d" % (NAME, kind, seed))
    tray = rng if tray_seed is None else random.Random("%s/tray/%d" % (NAME, tray_seed))
    # the tray's own rate and range are always drawn, so forcing them leaves its physics as it was
    rate, rg = tray.choice(RATES), tray.choice(RANGES_G)
    p = physics(tray)
    rate, rg = rate_hz or rate, range_g or rg
    mode = p["mode"] if sensor_mode is None else sensor_mode
    if mode not in sw.STEP_MG:
        raise ValueError("unknown sensor mode %r" % (mode,))
    tr = Trace(kind, seed, rate, rg)
    tr.model = NAME
    w = sw.World(p)
    end = max(_scene(w, p, tr, rng, kind), rng.uniform(6.0, 7.0))     # every trace lasts 6 s or more
    side = random.Random("%s/%s/%d/sensor" % (NAME, kind, seed))
    nrng = np.random.default_rng(side.getrandbits(63))
    stamps, x, y, z, clean, _, _, _ = sw.reading(w, p, rate, rg, mode, end, side, nrng, oracle)
    tr.t_ms, tr.x, tr.y, tr.z = stamps, x, y, z
    tr.keys.sort()          # a key pressed as the dice land was drawn before the throw's
    tr.duration_ms = stamps[-1]
    if oracle:
        tr.clean = clean
    tr.labels_to_ms()
    return tr

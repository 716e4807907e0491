"""Model "table": a tray on a cloth or mat on a table that may be a folding
card table, the sensor screwed near the rim; written from scratch (round 8)
and held out.

Written without reading the detector or the other models' physics (only
their output format): it shares no physics with model.py, scene.py or
happenings.py (only model.py's Trace, its kind names and full scales), so
what it tests is the detector, not one generator's habits.
Everything is a force, an impulse or a base motion put into a small linear
mechanical model; what the LIS3DH reads is then worked out from it.

The mechanics (all per tray, from the tray seed):

- tray: 0.3-1.6 kg (a plastic tray to a heavy wooden one), inner half-width
  10-18 cm. It rests on a support that is a spring-damper: a folded
  tablecloth (stiff: 60-140 Hz, 8-15 % of critical), a rubber mat (25-60 Hz,
  10-25 %) or hard rubber feet (40-90 Hz, 4-10 %); sideways the support is
  softer in shear (0.3-0.6 of the vertical stiffness). It rocks on it at
  1.2-1.9 x the bounce frequency (moment of inertia 0.4-0.6 M L^2).
- table: the tray's support stands on a table modelled as a second mass on
  its own spring (a 2-mass chain, solved exactly by its eigenmodes). Half
  the trays are on a folding card table: 3-7 kg effective at the tray, top
  bouncing at 7-18 Hz and swaying at 3-8 Hz with 1-3 % of critical (thin
  top, loose hinges, little to damp it: a knock rings for a second); the
  others on a solid table (15-40 kg, 20-45 Hz, sway 8-20 Hz, 3-8 %).
- floor plate: one flexural mode at 150-600 Hz; modal mass 0.2-0.4 of the
  tray; the sensor near the rim sits close to its nodal line (participation
  0.05-0.25, an impact 0.3-1). Damping by the floor's lining: thick felt
  5-10 %, thin felt or neoprene 3-6 %, hard (wood, vinyl, plastic) 1-3 %.
- the sensor board is screwed near the rim (0.7-1.0 of the half-width from
  the centre, 5-30 mm above the support): rocking adds a vertical
  acceleration alpha x r and a sideways one alpha x h; there is no soft
  mount (a screwed board is rigid up to kHz).

Dice (resin, density 1.2-1.9 g/cm3, edge 12-19 mm: 2-13 g): each die lands
at 0.5-1.4 m/s in a soft throw (dropped from a few cm to 10 cm) and
2-4.5 m/s in a hard one, moving sideways at 0.2-1.5 / 0.5-3 m/s. It
bounces (restitution: thick felt 0.05-0.2 with a 2-5 ms contact, thin felt
0.15-0.35 with 1-2.5 ms, hard 0.35-0.65 with 0.1-0.4 ms; flight 2 v / g),
hits the walls when it runs out of room (the wall takes the speed's part
normal to it, u_n: impulse m u_n (1 + e), and the die leaves at e u_n;
round 38), then tumbles
over its edges: each quarter turn slaps a face at least at the speed of the
centre's fall over an edge (sqrt(g a (sqrt 2 - 1)), 0.2-0.26 m/s) and loses
a share of its energy (thick felt 45-70 %, thin 25-45 %, hard 8-20 %) until
it cannot climb the next edge (u below 0.22-0.3 m/s); it may rock once or
twice. On a hard floor 60 % of dice then spin on a face for 0.3-2.5 s, on
thin felt 30 % for 0.1-0.5 s: a cube does not slide smoothly, its edges
chatter at four times the spin (15-40 Hz, slowing) with taps of 0.03-0.1
m/s that fade, over friction noise (0.2-0.5 m g): dice that keep going at
low level for seconds. A die is still at the end of
its last contact; the throw's label is (first die's first impact, the last
die still). Dice of one throw collide (clicks of 10-30 % of a landing).
"Many" dice: 5-7, or in 40 % of trays a handful of 10-13 poured from a cup
(Skulls): the dice come out over 0.1-0.4 s and the cup's rim touches the
tray's wall in half the throws (a 30-80 g cup at 0.05-0.3 m/s, from 80 ms
before to 150 ms after the first die lands; not the throw's start). A die
left leaning on the wall or another die (hard floor 15 %, felt 5 % of
throws) falls 0.5-3 s later (a topple: its centre falls over the edge,
0.3-0.6 m/s, and rocks once).

Keys: a pad on the rim (its lever arm rocks the tray). The fingertip
(5-20 g) arrives at 0.05-0.4 m/s and sets the key's cap (1-3 g) moving (a
soft touch, 2-5 ms); the switch closes after its travel to actuation and the
finger bottoms out after the whole travel, stopped at once (its momentum):
a membrane (actuation 0.5-1.5 mm, bottom 0.1-0.3 mm later, on rubber: 3-8
ms), a tactile dome (0.2-0.4 mm; the snap-through adds 0.05-0.2 m/s to the
finger; bottom 0.5-1.5 ms) or a clicky switch (actuation 1.5-2.5 mm, bottom
1.5-2 mm further, 0.5-1.5 ms). The finger presses 1-4 N while held 60-250
ms (the tray sinks and rocks on its support), and on release the spring
sends the cap to the top (0.2-0.6 m/s; not a membrane). The label is the
switch's contact (down, up), as the key scan reports it; the touch comes
before it (up to 50 ms for a slow press on a long travel).
Fingers may rest on the rim meanwhile (tremor 8-12 Hz, 0.02-0.1 N).

Not throws: knocks on the table (a knuckle: 10-100 mN s in 1-3 ms, one to
three; a cup set down hard: 0.2-0.4 kg at 0.2-0.6 m/s; a fist: 0.3-1.2 N s
in 5-15 ms, which can jolt the dice in the tray into a short rattle),
someone leaning on the table or shoving it (20-150 N over 0.2-0.8 s, held
0.5-3 s: a folding top tilts 0.2-1.5 degrees per 100 N, a solid one
0.02-0.1), the tray picked up (tilted 3-35 degrees, lifted at 50-400 mg,
hand tremor 8-12 Hz and a walk's 1.5-2 Hz sway while carried 1-4 s, set
down on one edge then the other 30-150 ms apart at 0.03-0.25 m/s; the dice
slide when the tilt passes their friction angle), the tray left tilted
6-20 degrees on a book (levelled again in 60 %), a phone buzzing at
130-250 Hz (0.3-1 N) on the table or against the tray's wall (30 %), a
washing machine in the next room (the floor moves the table's feet at
2-30 mg, the drum spinning up from 1 Hz to 8-20 Hz over 4-12 s: a folding
table's modes are passed through on the way) or a fridge (2-8 mg at its
compressor's 50 Hz), and fingers picking dice out (a touch, a drag, a lift).

The LIS3DH (datasheet DocID17530): ODR 100/200/400 Hz (weights 0.2/0.3/0.5:
the firmware runs at 400), the data rate of the part's own oscillator
0.5-8 % off; bandwidth ODR/2, modelled as the part averaging over its
sample period (a boxcar: -3.9 dB at ODR/2, aliasing above, unlike a
low-pass filter) and in high-resolution mode a further one-pole at ODR/2
(HR's turn-on is 7/ODR: it filters longer); noise density 220 ug/sqrt(Hz)
(normal mode) x 0.8-1.5, x 2 in low-power mode; full scale +-2/4/8 g; output
12-bit in high resolution (1/2/4 mg per digit; 85 % of trays: the
firmware's setting), 10-bit normal (4/8/16 mg; 12 %) or 8-bit low power
(16/32/64 mg; 3 %), truncated towards minus infinity as the part does,
clipped at the code range; zero-g offset up to +-40 mg a side (typical
TyOff), sensitivity +-4 %, cross-axis 1 %, mounted up to 3 degrees off,
and a drift of the offset of 0-4 mg over a trace (TCOff 0.5 mg/degree C
while the board warms). The FIFO (32 levels) is read when 16 samples are in
(plus 0-10 ms; 1 % of reads late by 50-120 ms: at 400 Hz the FIFO then
overruns and samples are lost), and the samples are stamped backwards from
the read 1/ODR apart, as the firmware does: with a clock that is off, the
stamps of a batch are shifted and the batches gap or overlap by a few ms.
"""
import math
import random

import numpy as np

from dicetray_host.traces.model import RANGES_G, THROW_KINDS, Trace
from dicetray_host.traces.table_world import FS, G as _G, World, sense

NAME = "table"
OTHER_KINDS = ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")
KINDS = THROW_KINDS + OTHER_KINDS
_PLAN_S = 45.0              # the longest a trace can be
TILT_DEG = 5.0              # a tilt is labelled past this


# ---------------------------------------------------------------- physics of one tray

def physics(rng):
    """The tray's mechanics, dice, pad and sensor, drawn from rng."""
    u = rng.uniform
    p = {}
    p["mass"] = math.exp(u(math.log(0.3), math.log(1.6)))
    p["half"] = u(0.10, 0.18)
    support = rng.choice(("cloth", "mat", "feet"))
    p["support"] = support
    f_s, z_s = {"cloth": ((60, 140), (0.08, 0.15)), "mat": ((25, 60), (0.10, 0.25)),
                "feet": ((40, 90), (0.04, 0.10))}[support]
    p["f_s"], p["z_s"] = u(*f_s), u(*z_s)
    p["shear"] = u(0.3, 0.6)
    p["f_rock"] = p["f_s"] * u(1.2, 1.9)
    p["inertia"] = p["mass"] * p["half"] ** 2 * u(0.4, 0.6)
    folding = rng.random() < 0.5
    p["table"] = "folding" if folding else "solid"
    if folding:
        p["m_t"], p["f_t"], p["f_sway"], p["z_t"] = u(3, 7), u(7, 18), u(3, 8), u(0.01, 0.03)
        p["lean_deg_per_100n"] = u(0.2, 1.5)
    else:
        p["m_t"], p["f_t"], p["f_sway"], p["z_t"] = u(15, 40), u(20, 45), u(8, 20), u(0.03, 0.08)
        p["lean_deg_per_100n"] = u(0.02, 0.1)
    floor = rng.choice(("thick", "thin", "hard"))
    p["floor"] = floor
    p["contact"], p["rest"], p["loss"], p["z_p"] = {
        "thick": ((0.002, 0.005), (0.05, 0.2), (0.45, 0.7), u(0.05, 0.10)),
        "thin": ((0.001, 0.0025), (0.15, 0.35), (0.25, 0.45), u(0.03, 0.06)),
        "hard": ((0.0001, 0.0004), (0.35, 0.65), (0.08, 0.2), u(0.01, 0.03))}[floor]
    p["f_p"] = u(150, 600)
    p["m_p"] = p["mass"] * u(0.2, 0.4)
    p["phi_sensor"] = u(0.05, 0.25)
    ang = u(0, 2 * math.pi)
    r = p["half"] * u(0.7, 1.0)
    p["sensor_xy"] = (r * math.cos(ang), r * math.sin(ang))
    p["sensor_h"] = u(0.005, 0.03)
    p["spin_p"], p["spin_s"] = {"thick": (0.0, (0, 0)), "thin": (0.3, (0.1, 0.5)),
                                "hard": (0.6, (0.3, 2.5))}[floor]
    p["topple_p"] = 0.15 if floor == "hard" else 0.05
    p["edge"] = u(0.012, 0.019)
    p["density"] = u(1200, 1900)
    p["cup"] = rng.random() < 0.4            # a Skulls table: a handful from a cup
    p["pad"] = rng.choice(("membrane", "dome", "clicky"))
    p["pad_xy"] = (u(-0.5, 0.5) * p["half"], -p["half"])      # on the front rim
    # the LIS3DH
    p["odr_err"] = rng.choice((-1, 1)) * u(0.005, 0.08)
    p["bits"] = rng.choices((12, 10, 8), (0.85, 0.12, 0.03))[0]
    p["noise"] = 220e-6 * u(0.8, 1.5) * (2.0 if p["bits"] == 8 else 1.0)   # g/sqrt(Hz)
    p["offset_mg"] = [u(-40, 40) for _ in range(3)]
    p["sens"] = [1.0 + u(-0.04, 0.04) for _ in range(3)]
    p["cross"] = [[u(-0.01, 0.01) for _ in range(3)] for _ in range(3)]
    p["mount"] = (math.radians(u(-3, 3)), math.radians(u(-3, 3)))
    p["drift_mg"] = [u(-4, 4) for _ in range(3)]
    return p


def _die_mass(p, rng):
    a = p["edge"] * rng.uniform(0.95, 1.05)
    return p["density"] * a ** 3, a


# ---------------------------------------------------------------- what happens

class _Scene:
    def __init__(self, rng, p, tr):
        self.rng = rng
        self.p = p
        self.tr = tr
        self.w = World(rng, p, _PLAN_S)

    # ---- dice
    def die(self, t, v, u, xy, heading):
        """One die from its first impact; returns the time it is still."""
        rng, p, w = self.rng, self.p, self.w
        m, a = _die_mass(p, rng)
        e = rng.uniform(*p["rest"])
        mu = rng.uniform(0.2, 0.5)
        x, y = xy
        dx, dy = math.cos(heading), math.sin(heading)
        room = p["half"] - a
        end = t
        # the landing, then bounces while it leaves the floor
        while True:
            dur = rng.uniform(*p["contact"])
            j = m * v * (1 + e)
            w.impact(t, j, dur, (x, y), (mu * j * dx * 0.5, mu * j * dy * 0.5))
            end = t + dur
            u *= rng.uniform(0.6, 0.85)
            v *= e * rng.uniform(0.85, 1.05)
            flight = 2 * v / _G
            x, y, dx, dy, t, u = self._travel(t + dur, flight, x, y, dx, dy, u, m, room)
            if v <= 0.3:
                break
        # tumbling over the edges
        u = max(u, rng.uniform(0.3, 0.9))
        u_stop = rng.uniform(0.22, 0.3)
        v_edge = math.sqrt(_G * a * (math.sqrt(2) - 1))
        while u > u_stop:
            dt = a / u
            x, y, dx, dy, t, u = self._travel(t, dt, x, y, dx, dy, u, m, room)
            vs = math.hypot(v_edge * rng.uniform(0.85, 1.1), 0.3 * u)
            dur = rng.uniform(*p["contact"])
            w.impact(t, m * vs * (1 + e * 0.5), dur, (x, y), (0.2 * m * u * dx, 0.2 * m * u * dy))
            t += dur
            end = t
            u *= math.sqrt(1.0 - rng.uniform(*p["loss"]))
        # a rock or two on the last face
        for _ in range(rng.choice((0, 0, 1, 2))):
            t += rng.uniform(0.01, 0.03)
            dur = rng.uniform(*p["contact"])
            w.impact(t, m * v_edge * rng.uniform(0.2, 0.5), dur, (x, y))
            t += dur
            end = t
        # spinning on a face (hard floors): a cube does not slide smoothly, its
        # edges chatter at 4 x the spin (15-40 Hz, slowing) with small taps
        # (0.03-0.1 m/s, fading) over friction noise, until it lies flat
        if rng.random() < p["spin_p"]:
            spin = rng.uniform(*p["spin_s"])
            force = m * _G * rng.uniform(0.2, 0.5) * rng.uniform(0.3, 1.0)
            w.rumble(t, t + spin, force, decay_s=spin * rng.uniform(0.4, 0.8))
            rate, v0 = rng.uniform(15, 40), rng.uniform(0.03, 0.1)
            tc = t
            while tc < t + spin:
                frac = (tc - t) / spin
                dur = rng.uniform(*p["contact"])
                w.impact(tc, m * (v0 * (1 - frac) + 0.005) * (1 + e), dur, (x, y))
                end = tc + dur
                tc += 1.0 / (rate * (1.0 - 0.6 * frac))
        return end

    def _travel(self, t, dt, x, y, dx, dy, u, m, room):
        """Move for dt; a wall hit on the way turns the die back. The wall
        takes the part of the die's speed normal to it: an impulse
        m u_n (1 + e) into the wall, and the die leaves at e u_n (the part
        along the wall goes on). Returns the new position, heading, time
        and speed."""
        nx, ny = x + dx * u * dt, y + dy * u * dt
        if abs(nx) > room or abs(ny) > room:
            frac = 0.5
            th = t + dt * frac
            e_w = self.rng.uniform(0.2, 0.6)
            vx, vy = u * dx, u * dy
            if abs(nx) > room:
                self.w.wall(th, m * abs(vx) * (1 + e_w), self.rng.uniform(*self.p["contact"]),
                            (math.copysign(1, dx), 0.0))
                vx = -e_w * vx
            if abs(ny) > room:
                self.w.wall(th, m * abs(vy) * (1 + e_w), self.rng.uniform(*self.p["contact"]),
                            (0.0, math.copysign(1, dy)))
                vy = -e_w * vy
            u = math.hypot(vx, vy)
            if u > 0:
                dx, dy = vx / u, vy / u
            nx, ny = max(-room, min(room, nx)), max(-room, min(room, ny))
        return nx, ny, dx, dy, t + dt, u

    def throw(self, t, n, hard):
        """n dice whose first lands at t; labels the throw; returns when the last is still."""
        rng, p, w = self.rng, self.p, self.w
        cup = n >= 8 or (p["cup"] and rng.random() < 0.5)
        spread = rng.uniform(0.1, 0.4) if cup else rng.uniform(0.0, 0.06)
        lands = sorted([t] + [t + rng.uniform(0, spread) for _ in range(n - 1)])
        stills = []
        h = p["half"] * 0.7
        for i, tl in enumerate(lands):
            v = rng.uniform(2.0, 4.5) if hard else rng.uniform(0.5, 1.4)
            if cup:
                v *= rng.uniform(0.6, 0.9)          # poured from a low cup
            u = rng.uniform(0.5, 3.0) if hard else rng.uniform(0.2, 1.5)
            xy = (rng.uniform(-h, h), rng.uniform(-h, h))
            stills.append(self.die(tl, v, u, xy, rng.uniform(0, 2 * math.pi)))
        # dice knock into each other while they move
        if n > 1:
            for _ in range(rng.randint(1, min(6, n))):
                tc = rng.uniform(t, max(t, min(stills) - 0.005))     # while both move
                m, _ = _die_mass(p, rng)
                w.impact(tc, m * rng.uniform(0.3, 1.5) * rng.uniform(0.1, 0.3),
                         rng.uniform(*p["contact"]), (rng.uniform(-h, h), rng.uniform(-h, h)))
        if cup and rng.random() < 0.5:
            tc = t + rng.uniform(-0.08, 0.15)
            j = rng.uniform(0.03, 0.08) * rng.uniform(0.05, 0.3)
            w.wall(tc, j, rng.uniform(0.0005, 0.002), (rng.choice((-1, 1)), 0.0))
            w.impact(tc, 0.5 * j, rng.uniform(0.0005, 0.002), (p["half"], 0.0), plate=0.2)
        still = max(stills)
        self.tr.throws.append((t, still))
        return still

    def topple(self, t):
        rng, p, w = self.rng, self.p, self.w
        m, a = _die_mass(p, rng)
        xy = (rng.choice((-1, 1)) * (p["half"] - a), rng.uniform(-0.8, 0.8) * p["half"])
        w.impact(t, m * rng.uniform(0.3, 0.6) * (1 + rng.uniform(*p["rest"])), rng.uniform(*p["contact"]), xy)
        end = t + 0.002
        if rng.random() < 0.6:
            end = t + rng.uniform(0.015, 0.04)
            w.impact(end, m * rng.uniform(0.05, 0.15), rng.uniform(*p["contact"]), xy)
        self.tr.topples.append(t)
        return end

    # ---- the pad
    def key(self, t):
        """A press whose fingertip touches at t; returns when the finger is off."""
        rng, p, w = self.rng, self.p, self.w
        vf = rng.uniform(0.05, 0.4)
        mf = rng.uniform(0.005, 0.02)
        cap = rng.uniform(0.001, 0.003)
        xy = p["pad_xy"]
        # the touch sets the key's cap moving; the contact closes after the
        # travel to actuation; the finger bottoms out after the whole travel
        w.impact(t, cap * vf, rng.uniform(0.002, 0.005), xy, plate=0.1)
        act, over, bottom_s, snap = {
            "membrane": ((0.0005, 0.0015), (0.0001, 0.0003), (0.003, 0.008), (0.0, 0.0)),
            "dome": ((0.0002, 0.0004), (0.00003, 0.00007), (0.0005, 0.0015), (0.05, 0.2)),
            "clicky": ((0.0015, 0.0025), (0.0015, 0.002), (0.0005, 0.0015), (0.0, 0.0))}[p["pad"]]
        travel = rng.uniform(*act)
        down = t + travel / vf
        w.impact(t + (travel + rng.uniform(*over)) / vf, mf * (vf + rng.uniform(*snap)),
                 rng.uniform(*bottom_s), xy, plate=0.1)
        hold = rng.uniform(0.06, 0.25)
        up = down + hold
        force = rng.uniform(1.0, 4.0)
        # the held press: a ramp of the finger's force (it rocks the tray on its support)
        i0, i1 = w.idx(t), w.idx(up)
        ramp = np.minimum(1.0, np.arange(i1 - i0) / (rng.uniform(0.02, 0.06) * FS)) * force
        w._add(w.f_tray[2], i0, -ramp)
        w._add(w.torque[0], i0, -ramp * xy[1])
        w._add(w.torque[1], i0, ramp * xy[0])
        # its release: the force falls in 10-30 ms
        k = int(rng.uniform(0.01, 0.03) * FS)
        fall = force * (1.0 - np.arange(k) / k)
        w._add(w.f_tray[2], i1, -fall)
        w._add(w.torque[0], i1, -fall * xy[1])
        # on release the spring sends the cap (and a dome its snap) to the top
        if p["pad"] != "membrane":
            w.impact(up, cap * rng.uniform(0.2, 0.6), rng.uniform(0.0005, 0.0015), xy, plate=0.1)
        self.tr.keys.append((down, up))
        return up + k / FS

    def keys(self, t, count):
        rng = self.rng
        if rng.random() < 0.3:
            self.fingers(t - 0.2, t + count * 0.6 + 0.5)
        for _ in range(count):
            t = self.key(t) + rng.uniform(0.12, 0.6)
        return t

    def fingers(self, t0, t1):
        """Fingers resting on the rim: a tremor of 8-12 Hz."""
        rng, w = self.rng, self.w
        i0, i1 = w.idx(max(0.0, t0)), w.idx(t1)
        tt = np.arange(i1 - i0) / FS
        f = rng.uniform(8, 12)
        amp = rng.uniform(0.02, 0.1)
        tremor = amp * np.sin(2 * np.pi * f * tt + rng.uniform(0, 6.3)) * (1 + 0.3 * np.sin(2 * np.pi * 0.7 * tt))
        w._add(w.f_tray[2], i0, tremor)
        w._add(w.torque[0], i0, tremor * self.p["half"])

    # ---- the table
    def raps(self, t):
        """Tray setup's "Knock twice on the table beside the tray": two
        knuckle raps about 1.5 s apart. Drawn from their own generator and
        added after the rest of the session (the world adds its forces up
        in any order), so every other draw of the session is as before."""
        tr = self.tr
        side = random.Random("%s/%s/%d/raps" % (NAME, tr.kind, tr.seed))
        for tk in (t, t + side.uniform(1.3, 1.7)):
            share = (side.uniform(-0.2, 0.2), side.uniform(-0.2, 0.2), side.uniform(0.3, 1.0))
            self.w.table_hit(tk, side.uniform(0.03, 0.08), side.uniform(0.001, 0.003), share)

    def knock(self, t):
        rng, p, w = self.rng, self.p, self.w
        what = rng.choices(("knuckle", "cup", "fist"), (0.55, 0.25, 0.2))[0]
        share = (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), rng.uniform(0.3, 1.0))
        if what == "knuckle":
            for _ in range(rng.randint(1, 3)):
                w.table_hit(t, rng.uniform(0.01, 0.1), rng.uniform(0.001, 0.003), share)
                t += rng.uniform(0.12, 0.3)
            return t
        if what == "cup":
            w.table_hit(t, rng.uniform(0.2, 0.4) * rng.uniform(0.2, 0.6), rng.uniform(0.002, 0.005), share)
            return t + 0.1
        j = rng.uniform(0.3, 1.2)
        w.table_hit(t, j, rng.uniform(0.005, 0.015), share)
        # the dice in the tray hop if the tray is jolted past 1 g: a short rattle
        jolt = j * share[2] / p["m_t"] * 2 * math.pi * p["f_t"] / _G
        if jolt > 1.0 and rng.random() < 0.7:
            for _ in range(rng.randint(2, 8)):
                m, _a = _die_mass(p, rng)
                w.impact(t + rng.uniform(0.03, 0.2), m * rng.uniform(0.1, 0.4), rng.uniform(*p["contact"]),
                         (rng.uniform(-0.1, 0.1), rng.uniform(-0.1, 0.1)))
        return t + 0.25

    def lean(self, t):
        """Someone leans on the table or shoves it."""
        rng, p, w = self.rng, self.p, self.w
        force = rng.uniform(20, 150)
        rise, hold, fall = rng.uniform(0.2, 0.8), rng.uniform(0.5, 3.0), rng.uniform(0.2, 0.8)
        i0 = w.idx(t)
        k = [int(v * FS) for v in (rise, hold, fall)]
        env = np.concatenate([0.5 - 0.5 * np.cos(np.pi * np.arange(k[0]) / k[0]), np.ones(k[1]),
                              0.5 + 0.5 * np.cos(np.pi * np.arange(k[2]) / k[2])])
        side = rng.uniform(0.05, 0.3)
        w._add(w.f_table[2], i0, -force * env)
        w._add(w.f_table[rng.choice((0, 1))], i0, force * side * env * rng.choice((-1, 1)))
        tilt = math.radians(p["lean_deg_per_100n"] * force / 100.0)
        w._add(w.tilt[rng.choice((0, 1))], i0, tilt * env * rng.choice((-1, 1)))
        return t + rise + hold + fall

    # ---- the tray in hands
    def _tilt_path(self, t, deg, up_s, hold_s, down_s, axis, sign):
        w = self.w
        i0 = w.idx(t)
        k = [max(1, int(v * FS)) for v in (up_s, hold_s, down_s)]
        rad = math.radians(deg)
        env = np.concatenate([0.5 - 0.5 * np.cos(np.pi * np.arange(k[0]) / k[0]), np.ones(k[1]),
                              0.5 + 0.5 * np.cos(np.pi * np.arange(k[2]) / k[2])])
        w._add(w.tilt[axis], i0, sign * rad * env)
        # the time the tilt passes TILT_DEG up and comes back under it
        if deg <= TILT_DEG:
            return None
        frac = math.acos(1 - 2 * TILT_DEG / deg) / math.pi
        return t + frac * up_s, t + up_s + hold_s + (1 - frac) * down_s

    def pickup(self, t):
        rng, p, w = self.rng, self.p, self.w
        up_s, carry, down_s = rng.uniform(0.4, 1.0), rng.uniform(1.0, 4.0), rng.uniform(0.4, 1.0)
        deg = rng.uniform(3, 35)
        span = self._tilt_path(t, deg, up_s, carry, down_s, rng.choice((0, 1)), rng.choice((-1, 1)))
        i0 = w.idx(t)
        n = int((up_s + carry + down_s) * FS)
        tt = np.arange(n) / FS
        lift = rng.uniform(0.5, 4.0)
        # up: a bump of acceleration then its brake; down the same reversed
        ku, kd = int(up_s * FS), int(down_s * FS)
        a = np.zeros(n)
        a[:ku] = lift * np.sin(2 * np.pi * np.arange(ku) / ku)
        a[n - kd:] = -lift * np.sin(2 * np.pi * np.arange(kd) / kd) * rng.uniform(0.6, 1.0)
        w._add(w.accel[2], i0, a)
        trem = rng.uniform(0.05, 0.3) * np.sin(2 * np.pi * rng.uniform(8, 12) * tt)
        walk = rng.uniform(0.2, 1.0) * np.sin(2 * np.pi * rng.uniform(1.5, 2.0) * tt)
        hold = (tt > up_s) & (tt < up_s + carry)
        w._add(w.accel[0], i0, (trem + walk) * hold)
        w._add(w.accel[2], i0, (0.5 * trem + 0.6 * walk) * hold)
        # dice slide when the tilt passes their friction angle
        if deg > rng.uniform(12, 30):
            ts = t + up_s * 0.8
            for _ in range(rng.randint(2, 6)):
                m, _a = _die_mass(p, rng)
                w.wall(ts + rng.uniform(0, 0.3), m * rng.uniform(0.2, 0.6), rng.uniform(*p["contact"]),
                       (1.0, 0.0))
        # set down on one edge, then the other
        td = t + up_s + carry + down_s
        v = rng.uniform(0.03, 0.25)
        first = rng.uniform(0.3, 0.7)
        w.impact(td, p["mass"] * v * first, rng.uniform(0.003, 0.01), (p["half"], 0.0), plate=0.2)
        w.impact(td + rng.uniform(0.03, 0.15), p["mass"] * v * (1 - first), rng.uniform(0.003, 0.01),
                 (-p["half"], 0.0), plate=0.2)
        for _ in range(rng.randint(2, 6)):
            m, _a = _die_mass(p, rng)
            w.impact(td + rng.uniform(0.01, 0.2), m * rng.uniform(0.1, 0.5), rng.uniform(*p["contact"]),
                     (rng.uniform(-0.1, 0.1), rng.uniform(-0.1, 0.1)))
        if span:
            self.tr.tilts.append(span)
        return td + 0.3

    def tilted(self, t, end):
        rng = self.rng
        deg = rng.uniform(6, 20)
        up_s = rng.uniform(0.3, 1.0)
        levelled = rng.random() < 0.6
        hold = rng.uniform(3.0, 8.0) if levelled else end - t + 5.0
        down_s = rng.uniform(0.3, 1.0)
        span = self._tilt_path(t, deg, up_s, hold, down_s, rng.choice((0, 1)), rng.choice((-1, 1)))
        # set on a book: a thump when it lands, and when it is set level again
        p = self.p
        self.w.impact(t + up_s, p["mass"] * rng.uniform(0.02, 0.1), rng.uniform(0.003, 0.01), (p["half"], 0.0),
                      plate=0.2)
        if levelled:
            back = t + up_s + hold + down_s
            self.w.impact(back, p["mass"] * rng.uniform(0.02, 0.1), rng.uniform(0.003, 0.01),
                          (-p["half"], 0.0), plate=0.2)
            self.tr.tilts.append((span[0], back + 0.2))
            return max(end, back + 1.5)
        self.tr.tilts.append((span[0], None))
        return end

    # ---- things that hum
    def phone(self, t, end):
        rng, w = self.rng, self.w
        on_tray = rng.random() < 0.3
        f = rng.uniform(130, 250)
        force = rng.uniform(0.3, 1.0)
        while t < end:
            on = rng.uniform(0.4, 1.2)
            i0 = w.idx(t)
            tt = np.arange(int(on * FS)) / FS
            s = force * np.sin(2 * np.pi * f * tt) * np.minimum(1.0, tt / 0.03)
            if on_tray:
                w._add(w.f_tray[0], i0, s)
                w._add(w.f_tray[2], i0, 0.5 * s)
            else:
                w._add(w.f_table[0], i0, s)
                w._add(w.f_table[2], i0, 0.5 * s)
            t += on + rng.uniform(0.4, 1.5)

    def machine(self, t, end):
        rng, w = self.rng, self.w
        i0, i1 = w.idx(t), w.idx(end)
        tt = np.arange(i1 - i0) / FS
        if rng.random() < 0.7:
            top, ramp = rng.uniform(8, 20), rng.uniform(4, 12)
            f = 1.0 + (top - 1.0) * np.minimum(1.0, tt / ramp)
            phase = 2 * np.pi * np.cumsum(f) / FS
            amp = rng.uniform(2, 30) / 1000 * _G * np.minimum(1.0, (f / top) ** 2)
        else:
            phase = 2 * np.pi * 50.0 * tt
            amp = rng.uniform(2, 8) / 1000 * _G * np.minimum(1.0, tt / 0.5)
        w._add(w.ground[2], i0, amp * np.sin(phase))
        w._add(w.ground[0], i0, 0.6 * amp * np.cos(phase))

    def pick(self, t):
        rng, p, w = self.rng, self.p, self.w
        for _ in range(rng.randint(1, 6)):
            m, _a = _die_mass(p, rng)
            xy = (rng.uniform(-0.1, 0.1), rng.uniform(-0.1, 0.1))
            w.impact(t, rng.uniform(0.002, 0.01), rng.uniform(0.003, 0.01), xy, plate=0.5)
            drag = rng.uniform(0.05, 0.3)
            w.rumble(t + 0.02, t + 0.02 + drag, m * _G * rng.uniform(0.1, 0.3))
            t += 0.02 + drag + rng.uniform(0.3, 1.0)
        return t


# ---------------------------------------------------------------- a trace
_RAPS_S = 3.5      # the calibration session's time for its two raps


def _many(p, rng):
    return rng.randint(10, 13) if p["cup"] else rng.randint(5, 7)


def _act(s, kind):
    rng, p = s.rng, s.p
    t = rng.uniform(0.8, 2.0)
    if kind == "calibration":
        # still, two raps on the table beside the tray (Tray setup's step
        # since round 29), four keys, three throws
        t += 4.0
        raps = t
        t += _RAPS_S
        for _ in range(4):
            t = s.key(t) + rng.uniform(0.8, 1.2)
        for i in range(3):
            n = (1, 2, _many(p, rng))[i]
            t = s.throw(t + 1.0, n, i == 2) + rng.uniform(1.5, 2.5)
        s.raps(raps)
        return t
    if kind in THROW_KINDS:
        count = int(kind[5])
        hard = kind.endswith("hard")
        if rng.random() < 0.1:
            s.machine(0.0, _PLAN_S - 1.0)
        for _ in range(rng.choice((1, 1, 2))):
            n = count if count < 6 else _many(p, rng)
            if rng.random() < 0.12:          # a key pressed as the dice land
                s.key(max(0.3, t + rng.uniform(-0.3, 0.3)))
            still = s.throw(t, n, hard)
            t = still + rng.uniform(0.6, 1.5)
            if rng.random() < p["topple_p"]:
                t = s.topple(still + rng.uniform(0.5, 3.0)) + rng.uniform(0.6, 1.2)
            if rng.random() < 0.8:
                t = s.keys(t, rng.randint(1, 6)) + rng.uniform(0.3, 1.0)
            if rng.random() < 0.3:
                t = s.pick(t) + rng.uniform(0.5, 1.0)
            t = max(t, still + rng.uniform(2.5, 4.0))
        return t + rng.uniform(0.5, 1.0)
    if kind == "keys":
        for _ in range(rng.randint(1, 3)):
            t = s.keys(t, rng.randint(2, 8)) + rng.uniform(0.8, 2.0)
        return t
    if kind == "knock":
        for _ in range(rng.randint(2, 4)):
            t = s.knock(t) + rng.uniform(1.0, 3.0)
        return t
    if kind == "bump":
        for _ in range(rng.randint(1, 3)):
            t = s.lean(t) + rng.uniform(1.0, 3.0)
        return t
    if kind == "pickup":
        return s.pickup(t) + rng.uniform(1.5, 3.0)
    if kind == "tilted":
        return s.tilted(t, t + rng.uniform(8.0, 14.0))
    if kind == "phone":
        end = t + rng.uniform(5.0, 10.0)
        s.phone(t, end - 0.5)
        return end
    if kind == "machine":
        end = t + rng.uniform(10.0, 20.0)
        s.machine(t, end - 1.0)
        return end
    if kind == "pick":
        return s.pick(t) + rng.uniform(0.8, 1.5)
    raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    """One labelled trace of `kind`, fully determined by the arguments (see ensemble.generate).

    sensor_mode "normal": the part in normal mode whatever the tray drew
    (10-bit, no high-resolution pole, the normal noise; round 39, the board's
    setting); the tray's draws are the same. None: as drawn."""
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if sensor_mode not in (None, "normal"):
        raise ValueError("table models its own sensor: sensor_mode %r is not modelled (None or normal)" % (sensor_mode,))
    rng = random.Random("%s/%s/%d" % (NAME, kind, seed))
    tray = rng if tray_seed is None else random.Random("%s/tray/%d" % (NAME, tray_seed))
    rate = rate_hz or tray.choices((100, 200, 400), (0.2, 0.3, 0.5))[0]
    rg = range_g or tray.choice(RANGES_G)
    p = physics(tray)
    if sensor_mode == "normal":
        if p["bits"] == 8:
            p["noise"] /= 2.0           # low power's doubled noise, drawn with the 8 bits
        p["bits"] = 10
    tr = Trace(kind, seed, rate, rg)
    tr.model = NAME
    s = _Scene(rng, p, tr)
    end = min(_act(s, kind), _PLAN_S - 0.5)
    clean = [] if oracle else None
    stamps, (x, y, z) = sense(rng, s.w, p, rate, rg, end, clean)
    tr.t_ms, tr.x, tr.y, tr.z = stamps, x, y, z
    if oracle:
        tr.clean = [c.tolist() for c in clean[:3]] + [clean[3]]
    tr.duration_ms = stamps[-1]
    tr.labels_to_ms()
    return tr

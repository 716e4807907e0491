"""Model "tin": a thin sheet-metal tray on a hard table top (round 51).

What none of felt, bare, light, box or table has: a floor that barely
damps its own ringing, several floor modes at once, and a rigid tray that
does not sit flat. A pressed steel or aluminium tray (a baking tray, a tin
dice tray, a powder-coated box lid) with the board screwed under its floor.
Reasons for the ranges (tuned on since round 51):

- tray 0.3-0.8 kg: a 25-40 x 18-30 cm tray with 3-5 cm walls in 0.6-0.8 mm
  steel (7,850 kg/m3: 0.45-0.7 kg) or 1-1.5 mm aluminium (2,700 kg/m3:
  0.25-0.45 kg), plus 50-100 g of board, display and pad;
- it stands on its rolled rim on the table (55 % of trays) or on four
  stick-on rubber bumpers (45 %). On the rim the walls are the spring:
  stiff, it bounces at 80-180 Hz and rocks at 50-110 Hz, damped only by
  the rim's friction on the top (3-8 % of critical); on bumpers (hard
  rubber, Shore 60-80 A) it bounces at 35-80 Hz and rocks at 25-55 Hz
  (6-15 %);
- the floor is a thin plate: a plate's first mode is
  lambda^2 / (2 pi a^2) * h * sqrt(E / (12 rho (1 - nu^2))), 80-220 Hz
  for these sheets and sizes (0.7 mm steel, 0.3 x 0.2 m, edges held by
  the walls: about 110 Hz; 1.2 mm aluminium: about 170 Hz), and the next
  two modes of a rectangular plate sit at 1.5-2.1 and 2.3-3.2 times the
  first. Metal damps almost nothing (flexural loss factor of steel
  2-6e-4, aluminium about 1e-4: zeta 1e-4 to 3e-4, Cremer and Heckl's
  table as quoted in Irvine's "Damping properties of materials"); what
  damps a tray is its joints, the rim on the table, the screwed board and
  the air: 0.2-0.8 % of critical (a tapped baking tray rings audibly for
  about half a second), the first mode 0.3-1 % (it moves the rim most and
  pumps the air under the tray). So a landing rings for 0.2-2 s (tau =
  1 / (zeta 2 pi f): 0.07-0.7 s for the first mode), three modes beating, each at 0.3-1.2 (the first),
  0.1-0.8 and 0.1-0.6 (the next two) of the antinode at the sensor, which
  sits under the floor near its middle. At 100 and 200 Hz the LIS3DH's
  ODR/2 low-pass passes such a ring attenuated, not gone, and it aliases
  (a 210 Hz mode read at 100 Hz beats at a few Hz);
- the walls: thin flat sheets flexing sideways at 150-400 Hz (0.3-1 %),
  0.1-0.4 of a blow's sideways share at the sensor;
- a rigid tray on a flat top wobbles: a pressed tray is never quite flat,
  so it stands on three corners with the fourth 0.2-1.5 mm in the air
  (60 % of trays on their rim, 20 % on bumpers, which take up most of a
  warp). It rocks about the diagonal through the two corners it stands
  on: moment of inertia k M L^2 (L the distance of the free corner from
  that diagonal, 0.15-0.24 m; k 1/6 for a bare plate, up to 1/4 with the
  walls' mass at the rim), held on its third corner by its centre of mass
  lying 1-5 mm towards it. A blow J on the free corner's half at r from
  the diagonal sets it turning at J r / I; if that carries it through the
  gap (1/2 w^2 > alpha theta, alpha = M g d / I, theta = gap / L) the
  free corner clacks down on the table, the tray bounces back (the
  corner's restitution 0.2-0.5: metal on wood, a rubber bumper less) and
  gravity drops it back on its third corner: a second clack, 5-85 ms
  after the first. Each clack is the corner's effective mass k M stopped
  at its speed: as loud as a die's landing on a wobbly tray. A key on the
  free corner's half (half the wobbly trays) holds the tray down on its
  free corner from the finger's touch to the release: a clack during the
  touch (by the contact at the latest) and one 20-125 ms after the lift
  (the force falls over 5-15 ms, then the fall, sqrt(2 theta / alpha),
  17-110 ms), the tray tilted by the gap
  meanwhile (0.05-0.6 degrees);
- dice of 16-19 mm resin (4-8 g) on bare metal: a short, hard contact
  (Hertz: 0.05-0.2 ms for a die's corner on steel at 1-3 m/s), restitution
  0.45-0.7 (a thin plate takes some of the energy into its ringing);
  smooth metal lets them slide and roll a long time (0.3-2 s, scraping
  louder than on wood: resin dragged on steel), half spin down on a face
  for 0.3-2 s, 20 % rock on an edge or against the wall; "many" is 4-7
  dice. (Not longer than on wood: resin slides on steel with a friction
  coefficient of 0.2-0.4, as on varnished wood, and a 16 mm die spinning
  flat loses mu g 2.3 / a, 300-550 rad/s^2: it stops within half a
  second; only a die wobbling on an edge or a corner, on a smaller
  radius of friction, spins down for longer);
  12 % of throws leave a die leaning on the wall to topple 1-2 s later;
- a stiff clicky pad on the rim: 6 x 6 mm tactile switches (travel 0.25 mm +0.2/-0.1,
  1.6 or 2.6 N +-0.5 N, datasheets of 6 x 6 mm tact switches such as
  PHAP5-30) on a board screwed to the metal rim: actuation 0.15-0.3 mm,
  bottom-out 0.02-0.08 mm later, the finger stopped on a hard cap backed
  by metal within 0.2-0.8 ms, a firm release (0.4-0.9 of the press). The
  rim is near the floor's edge, which the walls hold: a key drives the
  floor's modes by their shape there, 0.1-0.4 of a blow mid-floor;
- a light stiff tray on a hard top takes the table's knocks well: 3-25
  mm/s; a phone on the same top 20-200 mg; a washer up to 60 mg;
- a hand resting on the rim of a wobbly tray presses it onto its free
  corner: 0.02-0.4 degrees;
- the LIS3DH: offset up to 40 mg, drift up to 6 mg over a trace (a metal
  tray takes a hand's warmth and gives it to the board), clock up to 8 %
  off, noise 1-1.5 x the datasheet's density, mounted up to 2 degrees off
  level;
- as bare, light and box: their impacts ring the table under the tray
  (round 13), knocks are on a folding or solid table (round 11), the
  fingers pick dice out move by move.

The wobble is this module's own (`Scene`, below: `ensemble.generate` uses
a model's `Scene` when it has one); everything else is the shared
`happenings.py` with these figures.
"""
import math

from dicetray_host.traces import scene as sc
from dicetray_host.traces.scene import G_MS2, sensor_of, up

NAME = "tin"


def physics(rng):
    rim = rng.random() < 0.55
    if rim:
        f_v, f_r = rng.uniform(80.0, 180.0), rng.uniform(50.0, 110.0)
        z_v, z_r = rng.uniform(0.03, 0.08), rng.uniform(0.03, 0.08)
    else:
        f_v, f_r = rng.uniform(35.0, 80.0), rng.uniform(25.0, 55.0)
        z_v, z_r = rng.uniform(0.06, 0.15), rng.uniform(0.06, 0.15)
    f1 = rng.uniform(80.0, 220.0)
    plate = [(f1, rng.uniform(0.003, 0.01), (0.1, 0.1, rng.uniform(0.3, 1.2))),
             (f1 * rng.uniform(1.5, 2.1), rng.uniform(0.002, 0.008), (0.1, 0.1, rng.uniform(0.1, 0.8))),
             (f1 * rng.uniform(2.3, 3.2), rng.uniform(0.002, 0.008), (0.1, 0.1, rng.uniform(0.1, 0.6)))]
    wall = (rng.uniform(150.0, 400.0), rng.uniform(0.003, 0.01),
            (rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.4), 0.05))
    feet = [(f_v, z_v, (0.2, 0.2, rng.uniform(0.6, 1.0))),
            (f_r, z_r, (rng.uniform(0.3, 0.8), rng.uniform(0.3, 0.8), 0.3))]
    # a key on the rim drives the floor's modes by their shape there, near
    # the edge the walls hold: 0.1-0.4 of what a blow mid-floor gives
    edge = rng.uniform(0.1, 0.4)
    rim_modes = ([(f_v, z_v, (0.2, 0.2, 1.0)), (f_r, z_r, (1.0, 1.0, 0.8))]
                 + [(f, z, (sx, sy, sz * edge)) for f, z, (sx, sy, sz) in plate] + [wall])
    mass = rng.uniform(0.3, 0.8)
    wobble = None
    if rng.random() < (0.6 if rim else 0.2):
        arm = rng.uniform(0.15, 0.24)
        k = rng.uniform(1.0 / 6.0, 0.25)
        wobble = {"arm_m": arm, "k": k, "gap_m": rng.uniform(0.0002, 0.0015),
                  "com_m": rng.uniform(0.001, 0.005),
                  "e": rng.uniform(0.2, 0.5) if rim else rng.uniform(0.1, 0.3),
                  "contact_s": rng.uniform(0.0002, 0.001) if rim else rng.uniform(0.002, 0.005),
                  "key_side": rng.random() < 0.5, "key_arm": rng.uniform(0.5, 1.0) * arm,
                  "axis_deg": rng.uniform(0.0, 360.0)}
    return {
        "mass_kg": mass,
        "modes": feet + plate + [wall], "feet_modes": feet, "rim_modes": rim_modes,
        "on_rim": rim, "wobble": wobble,
        "die_kg": rng.uniform(0.004, 0.008),
        "restitution": (0.45, 0.7), "contact_s": (0.00005, 0.0002),
        "soft_v": (0.8, 1.8), "hard_v": (2.0, 3.5),
        "roll_s": (0.3, 2.0), "slap_v": (0.15, 0.5), "scrape_mg": 150.0,
        "dice": {1: (1, 1), 2: (2, 2), 6: (4, 7)},
        "topple_p": 0.12,
        "key": {"v": (0.1, 0.4), "contact_s": (0.0002, 0.0008), "gain": 1.0, "release": (0.4, 0.9),
                "act_mm": (0.15, 0.3), "over_mm": (0.02, 0.08), "force_n": (1.1, 3.1)},
        "pick_hand": True, "rim_tilt_deg": (0.02, 0.4),
        "tip_p": 0.5,     # round 65: a tray left tilted was tipped onto its book where it stands (happenings.tilted)
        "springy_table": True,
        "run_down": {"spin_p": 0.5, "spin_s": (0.3, 2.0), "rock_p": 0.2},
        "dice_ring_table": True,
        "knock_dv": (0.003, 0.025),
        "phone_mg": (20.0, 200.0), "washer_max_mg": 60.0,
        "sensor": sensor_of(rng, odr_err=0.08, offset=40.0, drift=6.0, noise=(1.0, 1.5)),
    }


class Scene(sc.Scene):
    """The shared scene, with a wobbly tray's clacks (the module's docstring).

    A blow on the tray (an impulse with the tray's own modes: a die, a
    finger on the floor, the tray set down) on the free corner's half rocks
    a wobbly tray; `key_rock` (called by `happenings.key` when the tray
    has a wobble) holds it down on its free corner while a key on that
    half is pressed. The clacks are drawn from their own generator (`rock_rng`)."""

    wobble = None

    def setup(self, p, rng):
        self.wobble = p.get("wobble")
        self.rock_rng = rng
        self._clacking = False

    def impulse(self, t0, j_ns, direction, contact_s, modes=None, on_tray=True, spot=None):
        super().impulse(t0, j_ns, direction, contact_s, modes, on_tray, spot)
        if self.wobble and on_tray and modes is None and not self._clacking:
            self._rock(t0, j_ns * abs(direction[2]))

    def _clack(self, t, omega):
        """The corner, effective mass k M, stopped at its speed omega L."""
        w = self.wobble
        j = w["k"] * self.mass * omega * w["arm_m"] * (1.0 + w["e"])
        self._clacking = True
        try:
            # from below: the table stops the corner (round 66: up)
            super().impulse(t, j, up(self.rock_rng, 0.2), w["contact_s"], spot=sc.FIXED)   # the free corner
        finally:
            self._clacking = False

    def _alpha(self):
        w = self.wobble
        return G_MS2 * w["com_m"] / (w["k"] * w["arm_m"] ** 2)

    def _rock(self, t0, jz):
        w = self.wobble
        rng = self.rock_rng
        r = rng.uniform(-1.0, 1.0) * w["arm_m"]
        if r <= 0.0:
            return                      # on the half it stands on: pressed down harder
        inertia = w["k"] * self.mass * w["arm_m"] ** 2
        om0 = jz * r / inertia
        alpha = self._alpha()
        theta = w["gap_m"] / w["arm_m"]
        if 0.5 * om0 * om0 <= alpha * theta:
            return                      # within its support's give: the feet's rocking mode
        om1 = math.sqrt(om0 * om0 - 2.0 * alpha * theta)
        t1 = t0 + (om0 - om1) / alpha  # theta = om0 t - alpha t^2 / 2
        self._clack(t1, om1)
        back = w["e"] * om1
        om2 = math.sqrt(back * back + 2.0 * alpha * theta)
        self._clack(t1 + (om2 - back) / alpha, om2)

    def key_rock(self, touch, lead, v, force, release):
        """A key on the free corner's half: down on it through the touch, back after the lift."""
        w = self.wobble
        if not (w and w["key_side"]):
            return
        rng = self.rock_rng
        gap = w["gap_m"]
        # the finger (its speed v at the key, arm key_arm) drives the corner
        # down; its force, far over the weight's hold (M g d / key_arm), keeps
        # pushing it: the corner arrives at the finger's speed scaled to the
        # corner's arm, at most what the force gives over the gap (rising
        # from nothing to the actuation force over the touch: half of it)
        mc = w["k"] * self.mass
        force = 0.5 * force * w["key_arm"] / w["arm_m"]
        vc = min(v * w["arm_m"] / w["key_arm"], math.sqrt(2.0 * force * gap / mc))
        down_at = touch + min(lead, 2.0 * gap / max(vc, 1e-3))
        self._clack(down_at, vc / w["arm_m"])
        fall = math.sqrt(2.0 * (gap / w["arm_m"]) / self._alpha())
        up_at = release + rng.uniform(0.005, 0.015) + fall
        self._clack(up_at, self._alpha() * fall)
        ang = math.degrees(gap / w["arm_m"])
        a = math.radians(w["axis_deg"])
        r0, p0 = self.frames[-1][1], self.frames[-1][2]
        if down_at - 0.003 > self.frames[-1][0]:
            self.tilt_to(down_at - 0.003, down_at, r0 + ang * math.cos(a), p0 + ang * math.sin(a))
            self.tilt_to(up_at - fall, up_at, r0, p0)

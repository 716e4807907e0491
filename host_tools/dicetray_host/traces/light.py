"""Model "light": a light plastic tray on a neoprene mat, lined with felt.

Reasons for the ranges (held out: never used to tune the detector):
- tray 0.15-0.35 kg of ABS or acrylic; it stands on a neoprene mat, a soft
  and lossy spring: it bounces at 12-30 Hz and rocks at 8-20 Hz, heavily
  damped (15-40 % of critical);
- its floor is 3 mm plastic under felt: rings at 200-500 Hz (2-5 %), and the
  sensor sits off the plate's antinode (share 0.3-1.0);
- dice from 12 mm (1.5 g) to 25 mm resin (15 g); felt makes a long soft
  contact (1-4 ms) and a low restitution (0.1-0.3); they roll briefly
  (0.05-0.6 s), and a throw of "many" is 5-10 dice;
- a light tray takes more of everything: table knocks give 3-30 mm/s, a
  phone on the same table 20-200 mg;
- its pad is a membrane: the finger is stopped over 3-8 ms;
- the LIS3DH: offset up to 40 mg, drift up to 4 mg, clock up to 5 % off,
  noise 1-1.5 x the datasheet's density.
- round 13: thin felt brakes a spinning die: a quarter spin down for
  0.1-0.6 s, 15 % rock on an edge; their impacts ring the table too;
"""
from dicetray_host.traces.scene import sensor_of

NAME = "light"


def physics(rng):
    f_v = rng.uniform(12.0, 30.0)
    f_r = rng.uniform(8.0, 20.0)
    z_v = rng.uniform(0.15, 0.4)
    z_r = rng.uniform(0.2, 0.4)
    plate = (rng.uniform(200.0, 500.0), rng.uniform(0.02, 0.05), (0.1, 0.1, rng.uniform(0.3, 1.0)))
    feet = [(f_v, z_v, (0.2, 0.2, 1.0)),
            (f_r, z_r, (rng.uniform(0.4, 1.0), rng.uniform(0.4, 1.0), 0.3))]
    rim = [(f_v, z_v, (0.2, 0.2, 1.0)), (f_r, z_r, (1.2, 1.2, 1.0)), plate]
    return {
        "mass_kg": rng.uniform(0.15, 0.35),
        "modes": feet + [plate], "feet_modes": feet, "rim_modes": rim,
        "die_kg": rng.choice((0.0015, 0.0025, 0.005, 0.015)),
        "restitution": (0.1, 0.3), "contact_s": (0.001, 0.004),
        "soft_v": (0.8, 1.6), "hard_v": (1.8, 3.0),
        "roll_s": (0.05, 0.6), "slap_v": (0.1, 0.35), "scrape_mg": 60.0,
        "dice": {1: (1, 1), 2: (2, 2), 6: (5, 10)},
        "topple_p": 0.08,
        "key": {"v": (0.05, 0.3), "contact_s": (0.003, 0.008), "gain": 1.0, "release": (0.1, 0.4),
                "act_mm": (1.0, 2.0), "over_mm": (0.1, 0.6), "force_n": (0.6, 1.5)},
        "pick_hand": True, "rim_tilt_deg": (0.3, 2.0),   # round 13: happenings._hand_picks
        "tip_p": 0.5,     # round 65: a tray left tilted was tipped onto its book where it stands (happenings.tilted)
        "springy_table": True,   # round 11: knocks on a folding or solid table (happenings._table)
        "run_down": {"spin_p": 0.25, "spin_s": (0.1, 0.6), "rock_p": 0.15},   # round 13 (happenings._run_down)
        "dice_ring_table": True,   # round 13: dice ring the table too (happenings._land)
        "knock_dv": (0.003, 0.03),
        "phone_mg": (20.0, 200.0), "washer_max_mg": 60.0,
        "sensor": sensor_of(rng, odr_err=0.05, offset=40.0, drift=4.0, noise=(1.0, 1.5)),
    }

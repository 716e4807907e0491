"""Model "box": a heavy wooden dice box with a thick leather or felt floor.

Reasons for the ranges (held out: never used to tune the detector):
- box 1.2-2.5 kg of solid wood on felt pads: it bounces at 30-80 Hz and
  rocks at 20-45 Hz, moderately damped (8-20 %);
- the floor is 12 mm wood under leather: rings at 250-600 Hz (3-8 %), the
  sensor well off its antinode (share 0.2-0.6);
- big dice (19-22 mm, 8-12 g), thrown harder in a box (hard 2.2-4 m/s);
  leather gives a medium contact (0.5-2 ms), restitution 0.2-0.45, rolling
  0.1-1.2 s; big dice lean on the walls, so 20 % of throws have a late
  topple 1-2 s after the dice were still;
- the pad has metal domes: contact 0.5-2 ms, a strong release click;
- a heavy box barely feels the table: knocks 1-8 mm/s, a phone 10-80 mg;
- the LIS3DH: offset up to 40 mg, drift up to 10 mg (the box is warmed by a
  hand), clock up to 10 % off, noise 1-2 x the datasheet's density,
  mounted up to 3 degrees off level.
- round 13: on leather 30 % of the big dice spin down for 0.2-1 s, 20 %
  rock on an edge or against a wall; their impacts ring the table too;
"""
from dicetray_host.traces.scene import sensor_of

NAME = "box"


def physics(rng):
    f_v = rng.uniform(30.0, 80.0)
    f_r = rng.uniform(20.0, 45.0)
    z_v = rng.uniform(0.08, 0.2)
    z_r = rng.uniform(0.08, 0.2)
    plate = (rng.uniform(250.0, 600.0), rng.uniform(0.03, 0.08), (0.1, 0.1, rng.uniform(0.2, 0.6)))
    feet = [(f_v, z_v, (0.2, 0.2, 1.0)),
            (f_r, z_r, (rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7), 0.3))]
    rim = [(f_v, z_v, (0.2, 0.2, 1.0)), (f_r, z_r, (1.0, 1.0, 0.7)), plate]
    return {
        "mass_kg": rng.uniform(1.2, 2.5),
        "modes": feet + [plate], "feet_modes": feet, "rim_modes": rim,
        "die_kg": rng.uniform(0.008, 0.012),
        "restitution": (0.2, 0.45), "contact_s": (0.0005, 0.002),
        "soft_v": (1.0, 2.0), "hard_v": (2.2, 4.0),
        "roll_s": (0.1, 1.2), "slap_v": (0.15, 0.45), "scrape_mg": 60.0,
        "dice": {1: (1, 1), 2: (2, 2), 6: (3, 6)},
        "topple_p": 0.2,
        "key": {"v": (0.1, 0.4), "contact_s": (0.0005, 0.002), "gain": 1.0, "release": (0.4, 0.8),
                "act_mm": (0.15, 0.4), "over_mm": (0.02, 0.1), "force_n": (2.0, 4.0)},
        "pick_hand": True, "rim_tilt_deg": (0.02, 0.1),   # round 13: happenings._hand_picks
        "tip_p": 0.5,     # round 65: a tray left tilted was tipped onto its book where it stands (happenings.tilted)
        "springy_table": True,   # round 11: knocks on a folding or solid table (happenings._table)
        "run_down": {"spin_p": 0.3, "spin_s": (0.2, 1.0), "rock_p": 0.2},   # round 13 (happenings._run_down)
        "dice_ring_table": True,   # round 13: dice ring the table too (happenings._land)
        "knock_dv": (0.001, 0.008),
        "phone_mg": (10.0, 80.0), "washer_max_mg": 40.0,
        "sensor": sensor_of(rng, odr_err=0.10, offset=40.0, drift=10.0, noise=(1.0, 2.0), mount=3.0),
    }

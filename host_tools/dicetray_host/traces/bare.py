"""Model "bare": a hardwood tray with a bare wooden floor.

Reasons for the ranges (tuned on: the detector may be fitted to it):
- tray 0.5-1.2 kg of hardwood on hard rubber feet: it bounces on its feet at
  25-60 Hz and rocks at 15-35 Hz, lightly damped (4-15 % of critical);
- the floor is 6-9 mm plywood, no felt: it rings at 120-350 Hz, barely damped
  (1-3 %);
- dice of 4-8 g (16 mm acrylic) bounce high off bare wood (restitution
  0.4-0.7) with a short, hard contact (0.1-0.3 ms), then roll a long time:
  0.3-2 s of face slaps and scraping at 20-110 mg before they stop;
- a die can come to rest on an edge or leaning on the wall and fall over
  1-2 s later (15 % of throws);
- its key pad is clicky: the fingertip stops on the key within 0.5-1.5 ms,
  a sharp spike; the dome's release knocks back with a third to two thirds;
- knocks on the table give the tray a velocity step of 2-15 mm/s;
- the LIS3DH: offset up to 40 mg, drift up to 8 mg over a trace (warming
  up), its clock up to 8 % off, noise 1-2 x the datasheet's density.
- round 13: on bare wood half the dice end spinning down on a face (0.3-2 s
  of corner taps, closer and weaker as they run down), a fifth rock on an
  edge (or against the wall) before they lie still; their impacts ring the
  table under the tray (a folding top sways on after the dice are still);
"""
from dicetray_host.traces.scene import sensor_of

NAME = "bare"


def physics(rng):
    f_v = rng.uniform(25.0, 60.0)
    f_r = rng.uniform(15.0, 35.0)
    z_v = rng.uniform(0.04, 0.15)
    z_r = rng.uniform(0.05, 0.15)
    plate = (rng.uniform(120.0, 350.0), rng.uniform(0.01, 0.03), (0.1, 0.1, rng.uniform(0.5, 1.5)))
    feet = [(f_v, z_v, (0.2, 0.2, rng.uniform(0.6, 1.0))),
            (f_r, z_r, (rng.uniform(0.3, 0.8), rng.uniform(0.3, 0.8), 0.3))]
    rim = [(f_v, z_v, (0.2, 0.2, 1.0)), (f_r, z_r, (1.0, 1.0, 0.8)), plate]
    return {
        "mass_kg": rng.uniform(0.5, 1.2),
        "modes": feet + [plate], "feet_modes": feet, "rim_modes": rim,
        "die_kg": rng.uniform(0.004, 0.008),
        "restitution": (0.4, 0.7), "contact_s": (0.0001, 0.0003),
        "soft_v": (0.8, 1.8), "hard_v": (2.0, 3.5),
        "roll_s": (0.3, 2.0), "slap_v": (0.15, 0.5), "scrape_mg": 120.0,
        "dice": {1: (1, 1), 2: (2, 2), 6: (4, 6)},
        "topple_p": 0.15,
        "key": {"v": (0.1, 0.4), "contact_s": (0.0005, 0.0015), "gain": 1.0, "release": (0.3, 0.7),
                "act_mm": (1.8, 2.4), "over_mm": (1.4, 2.0), "force_n": (0.5, 0.7)},
        "pick_hand": True, "rim_tilt_deg": (0.02, 0.2),   # round 13: happenings._hand_picks
        "tip_p": 0.5,     # round 65: a tray left tilted was tipped onto its book where it stands (happenings.tilted)
        "springy_table": True,   # round 11: knocks on a folding or solid table (happenings._table)
        "run_down": {"spin_p": 0.5, "spin_s": (0.3, 2.0), "rock_p": 0.2},   # round 13 (happenings._run_down)
        "dice_ring_table": True,   # round 13: dice ring the table too (happenings._land)
        "knock_dv": (0.002, 0.015),
        "phone_mg": (20.0, 150.0), "washer_max_mg": 80.0,
        "sensor": sensor_of(rng, odr_err=0.08, offset=40.0, drift=8.0, noise=(1.0, 2.0)),
    }

"""The "tin" trace model (round 51): a thin sheet-metal tray on a hard top.
Its ranges hold, its labels agree with its signal, its traces are physical
(gravity at rest, clipped at the full scale, the part's noise floor), it is
reproducible by seed, its floor rings long and a wobbly tray clacks (the
detector is not involved: these hold whatever the detector does)."""
import math
import random

import numpy as np
import pytest

from dicetray_host.traces import ensemble, happenings as hp, tin
from dicetray_host.traces import sensor_modes as sm
from dicetray_host.traces.scene import FS, Scene
from trace_activity import activity, check_throws_stand_out, check_traces_command_writes, noise_floor


def _trace(kind, seed, **kw):
    return ensemble.generate("tin", kind, seed, **kw)


def test_same_seed_same_trace_other_seed_other_trace():
    a, b = _trace("throw2_soft", 3), _trace("throw2_soft", 3)
    assert a.csv_text() == b.csv_text() and a.labels() == b.labels()
    assert _trace("throw2_soft", 4).csv_text() != a.csv_text()
    # one tray (rate, range, physics, sensor) for every trace of a tray seed
    d, e = _trace("keys", 1, tray_seed=7), _trace("throw1_soft", 2, tray_seed=7)
    assert (d.rate_hz, d.range_g) == (e.rate_hz, e.range_g)
    assert abs(np.median(d.z[:20]) - np.median(e.z[:20])) < 12


def test_ranges_are_the_documented_ones():
    wobbly = {True: 0, False: 0}
    trays = {True: 0, False: 0}
    for seed in range(400):
        p = tin.physics(random.Random(seed))
        assert 0.3 <= p["mass_kg"] <= 0.8
        (f_v, z_v, _), (f_r, z_r, _) = p["feet_modes"]
        if p["on_rim"]:
            assert 80 <= f_v <= 180 and 50 <= f_r <= 110 and 0.03 <= min(z_v, z_r) <= max(z_v, z_r) <= 0.08
        else:
            assert 35 <= f_v <= 80 and 25 <= f_r <= 55 and 0.06 <= min(z_v, z_r) <= max(z_v, z_r) <= 0.15
        plate = p["modes"][2:5]
        f1 = plate[0][0]
        assert 80 <= f1 <= 220 and 0.003 <= plate[0][1] <= 0.01
        assert 1.5 <= plate[1][0] / f1 <= 2.1 and 2.3 <= plate[2][0] / f1 <= 3.2
        assert all(0.002 <= z <= 0.008 for _, z, _ in plate[1:])
        wall = p["modes"][5]
        assert 150 <= wall[0] <= 400 and 0.003 <= wall[1] <= 0.01
        # a key on the rim drives the floor by 0.1-0.4 of a blow mid-floor
        for (_, _, mid), (_, _, edge) in zip(plate, p["rim_modes"][2:5]):
            assert 0.1 - 1e-9 <= edge[2] / mid[2] <= 0.4 + 1e-9
        assert 0.004 <= p["die_kg"] <= 0.008 and p["restitution"] == (0.45, 0.7)
        assert p["contact_s"] == (0.00005, 0.0002) and p["dice"][6] == (4, 7)
        kp = p["key"]
        assert kp["act_mm"] == (0.15, 0.3) and kp["contact_s"] == (0.0002, 0.0008)
        assert all(abs(o) <= 40 for o in p["sensor"]["offset"])
        assert abs(p["sensor"]["odr_error"]) <= 0.08 and 1.0 <= p["sensor"]["noise_x"] <= 1.5
        trays[p["on_rim"]] += 1
        w = p["wobble"]
        if w:
            wobbly[p["on_rim"]] += 1
            assert 0.15 <= w["arm_m"] <= 0.24 and 1 / 6 <= w["k"] <= 0.25
            assert 0.0002 <= w["gap_m"] <= 0.0015 and 0.001 <= w["com_m"] <= 0.005
            assert 0.5 * w["arm_m"] <= w["key_arm"] <= w["arm_m"]
    assert 0.45 < trays[True] / 400 < 0.65
    assert 0.5 < wobbly[True] / trays[True] < 0.7 and 0.1 < wobbly[False] / trays[False] < 0.3


def test_labels_are_consistent_for_every_kind():
    for kind, seed in [(k, 1) for k in ensemble.KINDS + ("calibration",)] + [(k, 2) for k in ensemble.THROW_KINDS]:
        tr = _trace(kind, seed)
        assert tr.labels()["model"] == "tin"
        assert all(b >= a for a, b in zip(tr.t_ms, tr.t_ms[1:])) and tr.t_ms[-1] == tr.duration_ms
        assert all(0 < s < e <= tr.duration_ms for s, e in tr.throws), kind
        assert all(a[1] < b[0] for a, b in zip(tr.throws, tr.throws[1:])), kind
        assert all(0 < d < u <= tr.duration_ms for d, u in tr.keys), kind
        assert all(a[1] < b[0] for a, b in zip(tr.keys, tr.keys[1:])), kind
        # a die topples 1-2 s after its throw's dice were still
        for top in tr.topples:
            assert any(1000 - 1 <= top - e <= 2000 + 1 for _, e in tr.throws), (kind, top)
        assert bool(tr.throws) == (kind in ensemble.THROW_KINDS or kind == "calibration"), kind
        if kind in ("keys", "calibration"):
            assert tr.keys
        if kind == "tilted":
            assert len(tr.tilts) == 1


@pytest.mark.parametrize("kind,seed", [("throw1_soft", 2), ("throw2_hard", 7), ("throw6_soft", 1),
                                       ("throw1_hard", 12)])
def test_throws_stand_out_at_their_start_and_only_rings_decay_after_the_last_contact(kind, seed):
    check_throws_stand_out(_trace(kind, seed), (kind, seed))


def test_the_trace_starts_at_rest_with_gravity_on_z():
    for kind, seed in (("throw1_soft", 3), ("knock", 3), ("machine", 4), ("keys", 5)):
        tr = _trace(kind, seed)
        g = np.array([tr.x[:20], tr.y[:20], tr.z[:20]], dtype=float)
        # 1 g, give or take the offsets (40 mg an axis), sensitivity (3 %) and the noise
        assert 900 < np.linalg.norm(g.mean(axis=1)) < 1100
        assert all(850 < v < 1150 for v in tr.z[:20]) and np.abs(g[:2]).max() < 120


@pytest.mark.parametrize("range_g", [2, 4])
def test_hard_throws_clip_at_the_full_scale_and_rest_does_not(range_g):
    # a 4-8 g die at 2-3.5 m/s on a 0.3-0.8 kg tray whose floor rings at
    # 80-660 Hz: dv 2 pi f is several g, past +-2 g and mostly +-4 g
    digit, top, _ = sm.digit_top(range_g, None)
    for seed in range(2):
        tr = _trace("throw1_hard", seed, rate_hz=400, range_g=range_g)
        v = np.array([tr.x, tr.y, tr.z])
        assert v.max() <= top and v.min() >= -top - digit
        assert (v == top).any() or (v == -top - digit).any(), seed
        assert np.abs(v[:, :20]).max() < 1200           # 1 g and its offsets at rest


@pytest.mark.parametrize("rate_hz", [100, 200, 400])
def test_the_noise_floor_is_the_parts(rate_hz):
    # before anything happens (0.8 s or more): the LIS3DH's 220 ug/sqrt(Hz)
    # x 1-1.5 over ODR/2, and its 1 mg steps at +-2 g
    for seed in range(3):
        tr = _trace("machine", seed, rate_hz=rate_hz, range_g=2)
        t = np.array(tr.t_ms)
        quiet = np.array([tr.x, tr.y, tr.z], dtype=float)[:, (t > 60) & (t < 750)]
        sd = quiet.std(axis=1)
        sigma = 0.22 * math.sqrt(rate_hz / 2.0)
        assert (sd > 0.7 * math.sqrt(sigma ** 2 + 1 / 12)).all(), (seed, sd)
        assert (sd < 1.3 * math.sqrt((1.5 * sigma) ** 2 + 1 / 12)).all(), (seed, sd)


def _ring_ratio(model, seed):
    """The tray's ring 0.3-0.6 s after a die's landing, over its first 50 ms (rms)."""
    rng = random.Random("ring/%d" % seed)
    p = ensemble.FORCE_MODELS[model].physics(rng)
    p["wobble"] = None
    s = Scene(rng, 1.0, p["mass_kg"], p["modes"])
    s.impulse(0.1, 0.012, (0.0, 0.0, 1.0), 0.0001)
    z = s.acc[2]
    early = np.sqrt(np.mean(z[int(0.1 * FS):int(0.15 * FS)] ** 2))
    return np.sqrt(np.mean(z[int(0.4 * FS):int(0.7 * FS)] ** 2)) / early


def test_the_floor_rings_on_long_after_a_die_lands():
    # 0.3-1 % of critical against bare plywood's 1-3 %: tau 0.07-0.7 s
    tin_r = sorted(_ring_ratio("tin", s) for s in range(16))
    bare_r = sorted(_ring_ratio("bare", s) for s in range(16))
    assert tin_r[8] > 0.03 and tin_r[8] > 10 * bare_r[8]


def _wobbly(key_side=None, flat=False):
    for seed in range(200):
        rng = random.Random("wobble/%d" % seed)
        p = tin.physics(rng)
        w = p["wobble"]
        if flat == (w is None) and (flat or key_side is None or w["key_side"] == key_side):
            s = tin.Scene(rng, 3.0, p["mass_kg"], p["modes"])
            s.setup(p, random.Random(seed))
            s.still_rng = random.Random(seed + 1)
            clacks = []
            s._clack = lambda t, om, c=clacks: c.append((t, om))
            return s, p, clacks
    raise AssertionError("no such tray in 200")


def test_a_wobbly_tray_clacks_twice_after_a_hard_landing_on_its_free_half():
    s, p, clacks = _wobbly()
    hits = [0.2 + 0.1 * i for i in range(20)]
    for t in hits:
        n = len(clacks)
        s.impulse(t, 0.016, (0.0, 0.0, 1.0), 0.0001)          # a 5 g die landing at 2 m/s
        new = clacks[n:]
        assert len(new) in (0, 2)
        if new:
            (t1, om1), (t2, om2) = new
            # down on the free corner within ms, back on the third 5-80 ms later
            assert t < t1 < t + 0.03 and t1 < t2 < t1 + 0.09 and om1 > 0 and om2 > 0
    rocked = len(clacks) // 2
    assert 4 <= rocked <= 16          # about half the blows land on the free corner's half
    n = len(clacks)
    for t in hits:
        s.impulse(t, 0.00005, (0.0, 0.0, 1.0), 0.0001)         # a faint tap stays within the feet's give
    assert len(clacks) == n


def test_a_flat_tray_never_clacks_and_other_models_have_no_wobble():
    s, p, clacks = _wobbly(flat=True)
    for i in range(20):
        s.impulse(0.2 + 0.1 * i, 0.016, (0.0, 0.0, 1.0), 0.0001)
    assert clacks == []
    for model in ("bare", "light", "box"):
        assert "wobble" not in ensemble.FORCE_MODELS[model].physics(random.Random(1))


@pytest.mark.parametrize("key_side", [True, False])
def test_a_key_on_the_free_half_holds_the_tray_down_until_its_release(key_side):
    class Labels:
        keys = []
    s, p, clacks = _wobbly(key_side=key_side)
    end = hp.key(s, p, Labels, 1.0)
    down, up = Labels.keys[-1]
    if not key_side:
        assert clacks == [] and len(s.frames) == 1
        return
    (t1, _), (t2, _) = clacks
    assert down - 0.05 <= t1 <= down + 1e-9            # during the touch, at the contact at the latest
    assert up + 0.005 < t2 < up + 0.13 and end == up      # the force falls, then the tray
    # tilted by the gap (0.05-0.6 degrees) while held, level again after
    assert len(s.frames) == 5              # level, tipping, held, tipping back, level
    held = s.frames[2]
    assert held[0] == t1 and s.frames[3][1:] == held[1:]
    ang = math.degrees(p["wobble"]["gap_m"] / p["wobble"]["arm_m"])
    assert abs(math.hypot(*held[1:]) - ang) < 1e-9 and 0.04 < ang < 0.6
    assert s.frames[-1][1:] == (0.0, 0.0) and s.frames[-1][0] <= t2 + 1e-9


def test_key_presses_on_the_pad_touch_before_their_contact():
    tr = _trace("keys", 4)
    t, d = activity(tr)
    floor = noise_floor(t, d, tr.keys[0][0] - 60)
    assert len(tr.keys) >= 2 and tr.throws == []
    for down, up in tr.keys:
        assert d[(t >= down - 60) & (t <= up + 40)].max() > 3 * floor


def test_the_model_is_tuned_on_and_the_traces_command_writes_it(tmp_path):
    assert "tin" in ensemble.TUNE_MODELS and "tin" not in ensemble.HELD_OUT_MODELS
    assert "tin" in ensemble.MODELS and ensemble.kinds("tin") == ensemble.KINDS
    with pytest.raises(ValueError, match="unknown trace kind"):
        ensemble.generate("tin", "juggling", 1)
    check_traces_command_writes("tin", tmp_path)

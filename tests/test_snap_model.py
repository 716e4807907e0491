"""The "snap" trace model's own physics (written blind in round 74): its
labels agree with its signal, its ranges hold, it is reproducible. The
detector is not involved: these hold whatever the detector does."""
import math
import random
import time

import numpy as np
import pytest

from dicetray_host.traces import ensemble, snap, snap_world
from dicetray_host.traces.heard import heard_stills
from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS

BOARD = dict(rate_hz=400, range_g=4, sensor_mode="normal")


def _tray(kind, seed):
    """The tray a trace of its own seed is made on (the draws generate() makes)."""
    rng = random.Random("snap/%s/%d" % (kind, seed))
    rng.choice(RATES)
    rng.choice(RANGES_G)
    return snap.physics(rng)


def _dev(tr):
    """The noise-free reading's distance (mg) from its rest (the first 100 samples' median)."""
    c = np.array(tr.clean[:3])
    rest = np.median(c[:, :100], axis=1)[:, None]
    return np.array(tr.t_ms), np.sqrt(((c - rest) ** 2).sum(0))


def _check_labels(tr):
    end = tr.duration_ms
    last = -1
    for a, b in tr.throws:
        assert 0 <= a < b <= end
        assert a > last, "throws overlap or are out of order"
        last = b
    for d, u in tr.keys:
        assert 0 <= d < u <= end
    for t in tr.topples:
        assert 0 <= t <= end
    for s, e in tr.tilts:
        assert 0 <= s <= end and (e is None or s < e <= end)


def test_same_arguments_same_trace():
    for kind in ("throw2_hard", "calibration", "tilted"):
        a = snap.generate(kind, 7)
        b = snap.generate(kind, 7)
        assert (a.t_ms, a.x, a.y, a.z) == (b.t_ms, b.x, b.y, b.z)
        assert a.labels() == b.labels()
    assert snap.generate("throw2_hard", 7).z != snap.generate("throw2_hard", 8).z


def test_every_kind_at_every_rate_and_range():
    for i, kind in enumerate(snap.KINDS + ("calibration",)):
        for rate in RATES:
            for rg in RANGES_G:
                tr = snap.generate(kind, 100 + i, rate_hz=rate, range_g=rg)
                assert tr.model == "snap" and tr.kind == kind
                assert (tr.rate_hz, tr.range_g) == (rate, rg)
                assert len(tr.t_ms) == len(tr.x) == len(tr.y) == len(tr.z) > 0
                assert all(isinstance(v, int) for v in tr.t_ms[:50] + tr.x[:50] + tr.z[:50])
                assert tr.t_ms == sorted(tr.t_ms)
                assert tr.duration_ms == tr.t_ms[-1]
                assert 5_000 <= tr.duration_ms <= 32_000
                # the stamps: about the rate (the part's clock is off by up to 3 %)
                n_per_s = len(tr.t_ms) / (tr.t_ms[-1] - tr.t_ms[0]) * 1000.0
                assert abs(n_per_s / rate - 1.0) < 0.05
                assert max(abs(v) for v in tr.x + tr.y + tr.z) <= rg * 1024     # the part's full scale
                _check_labels(tr)
                if kind in THROW_KINDS:
                    assert 1 <= len(tr.throws) <= 3
                if kind == "keys":
                    assert 2 <= len(tr.keys) <= 24 and not tr.throws
                if kind in ("pickup", "tilted"):
                    assert len(tr.tilts) == 1 and not tr.throws


def test_the_oracle_leaves_the_trace_as_it_was():
    for kind, seed in (("throw2_soft", 77), ("throw6_hard", 3), ("calibration", 2)):
        plain = snap.generate(kind, seed)
        told = snap.generate(kind, seed, oracle=True)
        assert (plain.t_ms, plain.x, plain.y, plain.z) == (told.t_ms, told.x, told.y, told.z)
        assert plain.labels() == told.labels()
        cx, cy, cz, floor = told.clean
        assert len(cx) == len(cy) == len(cz) == len(told.t_ms)
        # the clean reading is the trace before its noise and its truncation
        # (which drops up to a step): within a few sigma and a step of it
        step = snap_world.STEP_MG[_tray(kind, seed)["mode"]][told.range_g]
        worst = max(abs(a - b) for a, b in zip(cz + cx, told.z + told.x))
        assert worst < 6 * floor + step, worst


def test_ensemble_routes_it_and_tunes_on_it():
    # held out in round 74, opened for tuning in round 75
    assert "snap" in ensemble.MODELS and "snap" in ensemble.TUNE_MODELS
    assert "snap" not in ensemble.HELD_OUT_MODELS
    a = ensemble.generate("snap", "throw1_soft", 3, **BOARD)
    b = snap.generate("throw1_soft", 3, **BOARD)
    assert (a.t_ms, a.z, a.throws) == (b.t_ms, b.z, b.throws)
    assert set(snap.KINDS) == set(ensemble.KINDS)


def test_tray_seed_shares_the_tray():
    trs = [snap.generate(k, s, tray_seed=42) for k, s in (("throw1_soft", 1), ("keys", 2), ("knock", 3))]
    assert len({(t.rate_hz, t.range_g) for t in trs}) == 1
    # the same sensor: the same rest reading (offsets, tilt) within the noise and a step
    step = snap_world.STEP_MG[snap.physics(random.Random("snap/tray/42"))["mode"]][trs[0].range_g]
    rests = [np.median(np.array([t.x[:200], t.y[:200], t.z[:200]]), axis=1) for t in trs]
    for r in rests[1:]:
        assert np.all(np.abs(r - rests[0]) <= 2 * step + 6)
    a = snap.physics(random.Random("snap/tray/42"))
    b = snap.physics(random.Random("snap/tray/42"))
    assert a["bounce_hz"] == b["bounce_hz"] and a["table_modes"] == b["table_modes"]
    # forcing the rate and range leaves the tray's physics as it was
    f = snap.generate("throw1_soft", 1, tray_seed=42, **BOARD)
    assert f.throws == trs[0].throws and f.keys == trs[0].keys


def test_normal_mode_reads_8_mg_steps_at_4_g():
    for kind in ("throw2_hard", "keys", "machine"):
        tr = snap.generate(kind, 5, **BOARD)
        vals = np.array(tr.x + tr.y + tr.z)
        assert np.all(vals % 8 == 0)
        assert 8 in set(np.abs(np.diff(np.array(tr.z))).tolist())
    # and the model's own draw includes high-resolution steps (1-4 mg)
    modes = [_tray("keys", s)["mode"] for s in range(200)]
    assert 0.55 < modes.count("high") / 200 < 0.85 and "normal" in modes and "low" in modes


def test_still_tray_reads_one_g_with_the_datasheet_noise():
    for seed in range(10):
        tr = snap.generate("keys", seed, oracle=True, **BOARD)
        n = int(0.6 * 400)              # the first 0.6 s: nothing touched yet
        a = np.array([tr.x[:n], tr.y[:n], tr.z[:n]], dtype=float)
        g = np.linalg.norm(a.mean(axis=1))
        # 1 g, +-4 % sensitivity, +-40 mg zero-g offset per axis, the step's truncation
        assert 880 < g < 1120
        # z up within the mount (3 deg), the rest tilt and the offsets
        assert a[2].mean() > 900
        # noise: 180-280 ug/sqrt(Hz) over a 200 Hz bandwidth (2.4-4.4 mg) with an 8 mg step
        sd = a[2].std()
        assert 1.5 < sd < 7.0
        floor = tr.clean[3]
        assert 3.0 < floor < 5.5
        assert len(tr.clean[0]) == len(tr.t_ms)


def test_throw_peaks_in_range_and_hard_louder():
    soft, hard = [], []
    for seed in range(16):
        for kind, out in (("throw1_soft", soft), ("throw6_hard", hard)):
            tr = snap.generate(kind, seed, oracle=True, **BOARD)
            t, d = _dev(tr)
            for a, b in tr.throws:
                out.append(d[(t >= a) & (t <= a + 400)].max())
    # a die on the padded floor heard through the table: 20 mg to 2 g at the pod
    assert min(soft) > 15 and max(soft) < 2000
    assert max(hard) < 6000
    assert np.median(hard) > 1.5 * np.median(soft)


def test_key_press_spike_in_range():
    peaks = []
    for seed in range(8):
        tr = snap.generate("keys", seed, oracle=True, **BOARD)
        t, d = _dev(tr)
        for a, b in tr.keys:
            peaks.append(d[(t >= a - 60) & (t <= b + 60)].max())
            assert 60 <= b - a <= 260          # held 60-250 ms
    # the keys are on the light pod with the sensor: 30 mg to 3 g
    assert min(peaks) > 20 and max(peaks) < 3500
    assert 80 < np.median(peaks) < 1500


def test_quiet_kinds_stay_quiet():
    for seed in range(6):
        for kind, top in (("phone", 400), ("machine", 200), ("pick", 800)):
            tr = snap.generate(kind, seed, oracle=True, **BOARD)
            assert not tr.throws
            _, d = _dev(tr)
            assert d.max() < top, (kind, seed, d.max())


def _only_throw(seed, ndice, hard):
    """A scene of one throw and nothing else on a tray of its own (snap's
    own pieces, so keys, fingers and hums are out of it): (trace, tray)."""
    r = random.Random("snap-test/only/%d" % seed)
    p = snap.physics(r)
    tr = snap.Trace("throw", seed, 400, 4)
    w = snap_world.World(p)
    still = snap._throw(w, p, tr, r, 1.5, ndice, hard)
    out = snap_world.reading(w, p, 400, 4, "normal", still + 6.0, r, np.random.default_rng(seed), True)
    tr.t_ms, tr.x, tr.y, tr.z, tr.clean = out[0], out[1], out[2], out[3], out[4]
    tr.labels_to_ms()
    return tr, p


def test_dice_are_still_at_the_label():
    """After a throw's still nothing of the dice moves; the table they rang
    rings down at its own damping: 4 time constants of its slowest-dying
    mode on (0.2-1 s on wood, up to 4 s on glass), the pod's change per
    sample is under the noise's."""
    for seed in range(24):
        tr, p = _only_throw(seed, (1, 2, 6)[seed % 3], seed % 2 == 0)
        t, d = _dev(tr)
        c = np.array(tr.clean[:3])
        floor = tr.clean[3]
        (a, b), = tr.throws
        assert a <= heard_stills(tr)[0] <= b
        assert d[(t >= a) & (t <= a + 400)].max() > 3 * floor      # heard at all
        assert d[t < a - 3].max() < 1.0         # nothing before the first die lands (the filters are causal)
        tau = max(1.0 / (z * 2 * math.pi * f) for f, z, _, _ in p["table_modes"])
        m = t > b + 4000 * tau + 50
        assert m.sum() > 100
        ch = np.sqrt((np.diff(c[:, m], axis=1) ** 2).sum(0))
        assert ch.max() < math.sqrt(6) * floor, (seed, p["table"], ch.max())


def test_topples_after_the_still():
    seen = 0
    for seed in range(60):
        tr = snap.generate("throw1_hard", seed, **BOARD)
        for x in tr.topples:
            seen += 1
            stills = [b for a, b in tr.throws if b < x]
            assert stills and 950 <= x - stills[-1] <= 3050
    assert seen >= 1


def test_calibration_session_in_order():
    for seed in range(4):
        tr = snap.generate("calibration", seed, oracle=True, **BOARD)
        assert len(tr.throws) == 3 and len(tr.keys) == 4
        assert tr.keys[-1][1] < tr.throws[0][0]
        gaps = [tr.keys[i + 1][0] - tr.keys[i][1] for i in range(3)]
        assert all(700 < g < 1400 for g in gaps)
        for i in range(2):
            assert 1500 <= tr.throws[i + 1][0] - tr.throws[i][1] <= 2500
        # the two raps: the two loudest moments of the still part before the keys, 1.3-1.7 s apart
        t, d = _dev(tr)
        m = (t > 4500) & (t < tr.keys[0][0] - 100)
        tt, dd = t[m], d[m]
        i1 = int(np.argmax(dd))
        far = np.abs(tt - tt[i1]) > 800
        i2 = int(np.argmax(np.where(far, dd, 0)))
        assert 1200 <= abs(tt[i2] - tt[i1]) <= 1800
        assert dd[i2] > 3 * tr.clean[3]
        # about 4 s still before them
        assert d[(t > 300) & (t < tt[min(i1, i2)] - 3500)].max() < 3 * tr.clean[3] + 5


def test_tilt_is_read_as_gravity():
    for seed in range(6):
        tr = snap.generate("tilted", seed, **BOARD)
        (s, e), = tr.tilts
        t = np.array(tr.t_ms)
        a = np.array([tr.x, tr.y, tr.z], dtype=float)
        before = a[:, t < s].mean(axis=1)
        end = e if e is not None else tr.duration_ms
        mid = (t > end - 4000) & (t < end - 2000) if e is None else (t > s + 4000) & (t < s + 6000)
        during = a[:, mid].mean(axis=1)
        ang = math.degrees(math.acos(np.dot(before, during) / np.linalg.norm(before) / np.linalg.norm(during)))
        assert 2.0 < ang < 16.5


def test_twenty_seconds_at_400_hz_is_quick():
    snap.generate("throw6_hard", 0, **BOARD)
    t0 = time.perf_counter()
    n = 0
    dur = 0
    for seed in range(6):
        tr = snap.generate("throw6_hard", seed, **BOARD)
        dur += tr.duration_ms
        n += 1
    per20 = (time.perf_counter() - t0) / (dur / 20_000.0)
    assert per20 < 0.4


@pytest.mark.parametrize("bad", ["nope"])
def test_unknown_kind_and_mode(bad):
    with pytest.raises(ValueError):
        snap.generate(bad, 1)
    with pytest.raises(ValueError):
        snap.generate("keys", 1, sensor_mode=bad)

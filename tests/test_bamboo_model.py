"""bamboo (round 77, written blind): a bamboo serving tray, cork floor, silicone bump-ons, membrane keys on the rim."""
import time

import numpy as np
import pytest

from dicetray_host.traces import bamboo, ensemble, heard
from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS

BOARD = ensemble.BOARD_READING
ALL = bamboo.KINDS + ("calibration",)


def _arr(tr):
    return np.array(tr.t_ms), np.array(tr.x), np.array(tr.y), np.array(tr.z)


def test_registered_held_out_and_never_tuned():
    assert "bamboo" in ensemble.OWN_WORLD_MODELS
    assert ensemble.HELD_OUT_MODELS[-2:] == ("susan", "bamboo")
    assert "bamboo" not in ensemble.TUNE_MODELS
    assert ensemble.kinds("bamboo") == bamboo.KINDS == ensemble.KINDS


@pytest.mark.parametrize("kind", ALL)
@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize("rng", RANGES_G)
def test_every_kind_at_every_rate_and_range(kind, rate, rng):
    tr = bamboo.generate(kind, 3, rate_hz=rate, range_g=rng)
    t, x, y, z = _arr(tr)
    assert tr.rate_hz == rate and tr.range_g == rng and tr.model == "bamboo"
    assert tr.duration_ms == t[-1] >= 6000
    assert (np.diff(t) > 0).all() and t[0] >= 0
    n = tr.duration_ms / 1000.0 * rate
    assert 0.94 * n < len(t) < 1.06 * n                    # the part's clock is a few % off
    for a in (x, y, z):
        assert a.min() >= -rng * 1000 and a.max() < rng * 1000
    # the labels are in the trace and ordered
    for a, b in tr.throws + tr.keys:
        assert 0 <= a < b <= tr.duration_ms
    for a, b in tr.tilts:
        assert 0 <= a and (b is None or a < b <= tr.duration_ms)
    if kind in THROW_KINDS:
        assert tr.throws
    if kind == "calibration":
        assert len(tr.throws) == 3 and len(tr.keys) == 4
        assert tr.keys[-1][1] < tr.throws[0][0]
    if kind == "tilted":
        assert len(tr.tilts) == 1
    if kind in ("knock", "bump", "pickup", "phone", "pick"):
        assert not tr.throws and not tr.keys and not tr.tilts


def test_steps_are_the_modes_steps():
    tr = bamboo.generate("throw2_hard", 5, **BOARD)
    for a in (tr.x, tr.y, tr.z):
        assert all(v % 8 == 0 for v in a)                 # normal mode at +-4 g: 8 mg steps


def test_reproducible_and_oracle_leaves_the_trace():
    a = bamboo.generate("throw6_hard", 11)
    b = bamboo.generate("throw6_hard", 11, oracle=True)
    assert a.csv_text() == b.csv_text() and a.labels() == b.labels()
    assert a.clean is None
    cx, cy, cz, floor = b.clean
    assert len(cx) == len(cy) == len(cz) == len(b.t_ms) and 0.5 < floor < 40
    c = bamboo.generate("throw6_hard", 12)
    assert c.csv_text() != a.csv_text()


def test_rate_and_range_override_nothing_else():
    base = bamboo.generate("throw1_hard", 7, tray_seed=3)
    other = bamboo.generate("throw1_hard", 7, rate_hz=base.rate_hz, range_g=base.range_g, tray_seed=3)
    assert base.csv_text() == other.csv_text()
    moved = bamboo.generate("throw1_hard", 7, rate_hz=400 if base.rate_hz != 400 else 100, tray_seed=3)
    assert [a for a, _ in moved.throws] == [a for a, _ in base.throws]


def test_tray_seed_shares_the_tray():
    trs = [bamboo.generate(k, s, tray_seed=42) for k, s in (("keys", 1), ("throw2_soft", 2), ("pick", 3))]
    assert len({(t.rate_hz, t.range_g) for t in trs}) == 1
    rest = [np.median(np.array(t.z)[:50]) for t in trs]       # the same board, the same way up
    assert max(rest) - min(rest) < 60
    own = {(bamboo.generate("keys", s).rate_hz, bamboo.generate("keys", s).range_g) for s in range(12)}
    assert len(own) > 1


def test_unknown_kind_and_mode():
    with pytest.raises(ValueError, match="unknown trace kind"):
        bamboo.generate("juggle", 1)
    with pytest.raises(ValueError):
        bamboo.generate("keys", 1, sensor_mode="highres")
    assert bamboo.generate("keys", 1, sensor_mode=None).kind == "keys"


@pytest.mark.parametrize("kind", THROW_KINDS + ("calibration",))
def test_throws_quiet_before_first_impact_and_heard_to_the_still(kind):
    for seed in range(3):
        tr = bamboo.generate(kind, seed, oracle=True, **BOARD)
        t = np.array(tr.t_ms)
        cx, cy, cz = (np.array(v) for v in tr.clean[:3])
        floor = tr.clean[3]
        if kind != "calibration":
            # nothing moves before the first throw's first impact (the noise-free reading is flat)
            before = t < tr.throws[0][0] - 5
            for c in (cx, cy, cz):
                assert np.ptp(c[before]) < 0.5
            # and it does move just after it
            after = (t >= tr.throws[0][0]) & (t < tr.throws[0][0] + 30)
            assert max(np.ptp(c[after]) for c in (cx, cy, cz)) > 3 * floor
        for (start, still), last in zip(tr.throws, heard.heard_stills(tr)):
            assert still - last <= 60, (kind, seed, start, still, last)


def test_keys_contacts_show():
    for seed in range(4):
        tr = bamboo.generate("keys", seed, oracle=True, **BOARD)
        t = np.array(tr.t_ms)
        cx, cy, cz = (np.array(v) for v in tr.clean[:3])
        floor = tr.clean[3]
        assert tr.keys
        for down, up in tr.keys:
            near = (t >= down - 40) & (t <= down + 10)
            assert max(np.ptp(c[near]) for c in (cx, cy, cz)) > 2 * floor


def test_tilted_rests_tilted_and_pickup_comes_back_level():
    for seed in range(4):
        tr = bamboo.generate("tilted", seed, **BOARD)
        t, x, y, z = _arr(tr)
        start, end = tr.tilts[0]
        first = (t < 400)
        g0 = np.array([x[first].mean(), y[first].mean(), z[first].mean()])
        m = (t > start + 300) & (t < (end if end else tr.duration_ms) - 100)
        g1 = np.array([x[m].mean(), y[m].mean(), z[m].mean()])
        ang = np.degrees(np.arccos(g0 @ g1 / np.linalg.norm(g0) / np.linalg.norm(g1)))
        assert 2.0 < ang < 14.0
    tr = bamboo.generate("pickup", 2, **BOARD)
    t, x, y, z = _arr(tr)
    a = np.array([x[t < 400].mean(), y[t < 400].mean(), z[t < 400].mean()])
    b = np.array([x[-100:].mean(), y[-100:].mean(), z[-100:].mean()])
    assert np.degrees(np.arccos(a @ b / np.linalg.norm(a) / np.linalg.norm(b))) < 1.5
    assert not tr.tilts


def test_the_trays_own_sensor_modes_differ():
    steps = set()
    for s in range(30):
        tr = bamboo.generate("keys", s, range_g=2)
        steps.add(np.gcd.reduce(np.abs(np.array(tr.z))))
    assert {1, 4, 16} <= {int(v) if v in (1, 2, 4, 8, 16, 32) else 0 for v in steps} or len(steps) >= 3


def test_quick():
    bamboo.generate("calibration", 5, rate_hz=400, range_g=4)       # warm
    t0 = time.perf_counter()
    tr = bamboo.generate("calibration", 5, rate_hz=400, range_g=4)
    took = time.perf_counter() - t0
    assert tr.duration_ms >= 15_000
    assert took < 0.8 * tr.duration_ms / 20_000


def test_traces_command_writes_bamboo(tmp_path):
    from dicetray_host.commands import traces

    class A:
        out = str(tmp_path)
        count = 3
        seed = 0
        kind = None
        model = "bamboo"
    assert traces.run(A()) == 0
    assert len(list(tmp_path.glob("*.csv"))) == 3

"""The table's ring learnt at Tray setup (round 29): Tray.configure's 7th
argument, ring_chz (hundredths of a Hz, 0 = none learnt). A window whose
late part rings at it is a knock on the table, not a throw (tray/ring.py).

Each ring below is what that trace's own tray would learn at setup: two
raps on its table beside the tray, the strongest late frequency 80-400 ms
after each (round 28's simulation, the samples' own times)."""

import pytest

from dicetray.tray.throws import Tray
from dicetray_host.traces import ensemble
from dicetray_host.traces.detecting import detect
from dicetray_host.traces.scoring import match
from tray_on_micropython import events_on_micropython

# (model, kind, seed, the ring its tray learns, cHz)
KNOCK = ("box", "knock", 35, 1750)              # 100 Hz, a solid top: two knock windows
KNOCK_THEN_THROW = ("bare", "throw6_soft", 3256, 1400)  # a knock 0.6-1.5 s before the throw
NEAR = ("light", "throw1_hard", 3197, 1550)     # a throw whose late part is 0.77 at its tray's ring


def _run(job, ring_chz, fed=True, **made):
    # made: generate()'s other arguments (the tray's seed, a reading)
    model, kind, seed, _ = job
    tr = ensemble.generate(model, kind, seed, **made)
    tray = Tray()
    tray.configure(0, 0, 0, 0, 0, 0, ring_chz)
    out = detect(tr.rows(), tray=tray, keys=tr.keys if fed else None)
    return tr, out


def test_a_knock_that_is_a_throw_without_the_ring_is_none_with_it():
    # (since round 31 box knock 35's two windows are refused without the
    # ring too: at 100 Hz its top rings on alone, one sine; the knock at
    # 5452 ms in bare throw6_soft 3256 is still a throw without the ring)
    tr, out = _run(KNOCK, 0)
    assert tr.throws == [] and out["throws"] == []
    tr, out = _run(KNOCK, KNOCK[3])
    assert out["throws"] == []
    tr, out = _run(KNOCK_THEN_THROW, 0)
    assert any(abs(d["start_ms"] - 5452) <= 150 for d in out["throws"])
    tr, out = _run(KNOCK_THEN_THROW, KNOCK_THEN_THROW[3])
    assert not any(abs(d["start_ms"] - 5452) <= 150 for d in out["throws"])


@pytest.mark.parametrize("fed", [True, False])
def test_the_throw_after_a_refused_knock_is_found(fed):
    # the knock 0.6 s before the first throw: without the ring its window
    # is a throw (a false one), which settles 190 ms before the dice land
    # (found since round 30: the rest an onset needs counts from that
    # settle's quiet; missed before); the trace's second throw, at 100 Hz,
    # is missed with or without the ring
    # (since round 31 the knock's window is refused without the ring too:
    # its top rings on alone; the knock at 5452 ms is still a throw)
    tr, out = _run(KNOCK_THEN_THROW, 0, fed)
    first = tr.throws[0]
    pairs, extra = match(tr.throws, out["throws"])
    assert first in [a for a, b in pairs] and len(extra) == 1
    assert extra[0]["start_ms"] > first[0]
    tr, out = _run(KNOCK_THEN_THROW, KNOCK_THEN_THROW[3], fed)
    pairs, extra = match(tr.throws, out["throws"])
    assert [a for a, b in pairs] == [first] and extra == []
    assert out["throws"][0]["settled_ms"] is not None


def test_a_throw_near_the_share_is_still_found():
    tr, out = _run(NEAR, NEAR[3])
    pairs, extra = match(tr.throws, out["throws"])
    assert len(pairs) == len(tr.throws) == 1 and extra == []


@pytest.mark.parametrize("job", [KNOCK, KNOCK_THEN_THROW, NEAR, ("felt", "throw2_hard", 3, 0),
                                 ("light", "keys", 5, 0)])
def test_no_ring_changes_nothing(job):
    # configured with 0 (no ring learnt) the detector is the one without the argument
    tr = ensemble.generate(*job[:3])
    for fed in (True, False):
        keys = tr.keys if fed else None
        plain = detect(tr.rows(), keys=keys)
        tray = Tray()
        tray.configure(0, 0, 0, 0, 0, 0, 0)
        assert detect(tr.rows(), tray=tray, keys=keys) == plain
        assert tray._rbuf is None


def test_same_events_with_a_ring_on_the_micropython_unix_port(tmp_path):
    # the board's own build, heap locked around every feed() (a sample, or a
    # judgment reading the ring, that allocated would raise MemoryError);
    # a tray with no ring never imports ring.py (tests/tray_on_micropython.py)
    args = []
    expected = ["none"]
    for job in (KNOCK, NEAR, ("light", "knock", 35, 2025)):
        tr = ensemble.generate(*job[:3])
        path = tmp_path / ("%s_%s_%d.csv" % job[:3])
        path.write_text(tr.csv_text())
        args.append("%s:%d" % (path, job[3]))
        tray = Tray()
        tray.configure(0, 0, 0, 0, 0, 0, job[3])
        expected.append(" ".join("%d:%d" % (r[0], e) for r in tr.rows() for e in [tray.feed(*r)] if e))
    assert events_on_micropython(args) == expected


# (round 48) folding tops: the dice ring the top at the learnt ring too;
# (model, kind, seed, cHz its tray learns at setup), generate()'s other arguments
FOLDING_THROW = ("table", "throw1_hard", 5099, 1400), dict(tray_seed=5015)   # 100 Hz, the top at 13.9 Hz
FOLDING_THROW_BOARD = ("table", "throw2_hard", 5657, 1700), dict(tray_seed=5531, **ensemble.READING_200)
FOLDING_KNOCK = ("table", "knock", 5591, 2025), dict(tray_seed=5507)         # rings 12 mg, a slow first blow
# knocks that ring a folding top loudly after a fast first blow (tray 3521,
# 200 Hz, the top at 16.5 Hz): their first 60 ms read 3.2-3.6, as round 48's
# throws do (3.0-3.9), so its exemption takes them for throws (round 50)
FAST_KNOCKS = [(("table", "knock", 3563, 1650), dict(tray_seed=3521), (4835, 7711)),
               (("table", "knock", 3647, 1650), dict(tray_seed=3521), (1897,))]


@pytest.mark.parametrize("job,made", [FOLDING_THROW, FOLDING_THROW_BOARD])
def test_a_throw_that_rings_a_folding_top_loudly_after_a_fast_first_blow_is_found(job, made):
    # its late part is the top's ring (share 0.98-1.0 at the learnt ring, 10
    # and 16 mg), but its first 60 ms change fast: the tray's own mode, struck
    # by the dice (tray/ring.py's _FAST_X10)
    tr, out = _run(job, job[3], **made)
    pairs, extra = match(tr.throws, out["throws"])
    assert tr.throws[0] in [a for a, b in pairs]


def test_a_knock_that_rings_a_folding_top_loudly_is_still_none():
    # 12 mg of ring at 3.9 s, but a first blow that changes slowly: the top's own
    job, made = FOLDING_KNOCK
    tr, out = _run(job, job[3], **made)
    assert tr.throws == [] and not any(3300 <= d["start_ms"] <= 4000 for d in out["throws"])


@pytest.mark.xfail(strict=True, reason="round 50 (ring50): ring48's exemption keeps about 16 throws "
                   "on 5000-5919 and takes these 3 knocks of one tray for throws; no bound on "
                   "the first blow, the ring or the peak held with a margin, so it stays")
@pytest.mark.parametrize("job,made,at", FAST_KNOCKS)
def test_a_knock_that_rings_a_folding_top_loudly_after_a_fast_first_blow_is_none(job, made, at):
    # 11-22 mg of ring at the learnt ring after a first blow that changed as
    # fast as a throw's: a known false throw, pinned so a bound that mends it
    # shows here (the test then passes and the strict xfail fails)
    tr, out = _run(job, job[3], **made)
    assert tr.throws == []
    for t in at:
        assert not any(t - 300 <= d["start_ms"] <= t + 300 for d in out["throws"])

"""Throw detection (firmware/dicetray/tray.py) over generated traces, and `dicetray detect`."""
import json
import os

import pytest

from dicetray.tray.throws import Tray, EV_NONE, EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL
from dicetray_host.traces import model as traces
from dicetray_host.traces.detecting import detect, parse_trace, TraceError
from dicetray_host.cli import main as cli_main
from tray_on_micropython import events_on_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATCH_MS = 150
SETTLE_LATE_MS = 400


def _throws(trace):
    return detect(trace.rows())["throws"]


def _assert_matches(trace, found):
    assert len(found) == len(trace.throws), (trace.kind, trace.seed, trace.throws, found)
    for (start, still), got in zip(trace.throws, found):
        assert abs(got["start_ms"] - start) <= MATCH_MS, (trace.throws, found)
        assert got["settled_ms"] is not None, "never settled: %r" % found
        # never before the dice are still, and not long after
        assert still <= got["settled_ms"] <= still + SETTLE_LATE_MS, (trace.throws, found)


@pytest.mark.parametrize("kind", traces.OTHER_KINDS)
@pytest.mark.parametrize("rate", traces.RATES)
def test_things_that_are_not_throws_give_no_throw(kind, rate):
    for seed in range(2):
        trace = traces.generate(kind, seed, rate_hz=rate)
        assert _throws(trace) == [], (kind, seed, rate)


def test_key_presses_never_make_a_throw():
    for seed in range(12):
        trace = traces.generate("keys", 100 + seed)
        assert _throws(trace) == [], seed


_THROW_CASES = [(kind, rate, seed) for kind in traces.THROW_KINDS
                for rate in traces.RATES for seed in (2, 3)]


@pytest.mark.parametrize("kind, rate, seed", _THROW_CASES)
def test_each_throw_kind_is_found_at_each_rate_and_settles_after_the_dice(kind, rate, seed):
    trace = traces.generate(kind, seed, rate_hz=rate)
    _assert_matches(trace, _throws(trace))


def test_soft_single_die_at_100_hz_is_found():
    # a die dropped softly that bounces once and stops: at 100 Hz the floor
    # ring is mostly gone and its peak can be under 50 mg (these were
    # missed before the direction test)
    for seed in (2168, 2406, 2574):
        trace = traces.generate("throw1_soft", seed)
        assert trace.rate_hz == 100
        found = _throws(trace)
        assert any(abs(f["start_ms"] - trace.throws[0][0]) <= MATCH_MS for f in found), seed


def test_a_die_that_lands_dead_or_fades_at_once_is_found():
    # 434: restitution 0.16, one hard upright slap and almost no rolling;
    # 5701: a soft die at 100 Hz still 210 ms after it landed (tuning seeds;
    # 5728 was one until round 10's key physics moved the random draws)
    for seed in (434, 5701):
        trace = traces.generate("throw1_soft", seed)
        found = _throws(trace)
        assert any(abs(f["start_ms"] - trace.throws[0][0]) <= MATCH_MS for f in found), seed


def test_a_quick_run_of_key_presses_after_a_throw_is_not_a_throw():
    # four presses and releases within 400 ms, upright like dice but not
    # clearly so, and not fading: only the real throw is reported
    trace = traces.generate("throw6_hard", 775)
    _assert_matches(trace, _throws(trace))


def test_last_rocks_under_the_noise_do_not_settle_early():
    # 100 Hz, +-8 g: the die's last slaps (0.25 m/s) stay under the quiet
    # level and its last rock comes 40 ms after EV_THROW; settled after it
    trace = traces.generate("throw1_hard", 1000575)
    assert trace.rate_hz == 100 and trace.range_g == 8
    _assert_matches(trace, _throws(trace))


def _turned(trace, sideways):
    """The same trace with its vertical fast part swapped onto x (or not)."""
    rows = list(trace.rows())
    if not sideways:
        return rows
    # keep gravity on z: swap only the deviation from the first sample
    x0, z0 = rows[0][1], rows[0][3]
    return [(t, x0 + (z - z0), y, z0 + (x - x0)) for t, x, y, z in rows]


def test_the_same_impacts_sideways_are_not_a_throw():
    # dice fall, so their impacts are mostly vertical; the same shaking
    # along the table (a phone's motor, a bump) is not taken for dice
    trace = traces.generate("throw2_hard", 9, rate_hz=400)
    assert len(detect(_turned(trace, False))["throws"]) == len(trace.throws)
    assert detect(_turned(trace, True))["throws"] == []


@pytest.mark.parametrize("gap_ms", (1000, 1300, 1600))
def test_a_run_of_quick_one_die_throws_is_judged_by_the_last_dice_not_the_loudest(gap_ms):
    # `make bench`'s FIFO section at 400 Hz (round 68): one die thrown again
    # and again, each a gap after its face was keyed, its generated throws
    # (vboard/throws.py) from seed 100 on. Each throw came in the moved
    # window of the one before, so the first's bar (peak 1471 mg) held on:
    # the 4th (seed 105, peak 658 mg, about half as much down as sideways)
    # was under half of it, taken for a hand sliding the lying dice out,
    # where the dice lying were the 3rd's (peak 873 mg)
    from dicetray_host.vboard.throws import throw_points
    rows, keys, seed, t = [], [], 100, 0
    for _ in range(4):
        points, seed = throw_points(seed, 1, rate_hz=400)
        rows += [(t + i * 5 // 2, x, y, z) for i, (_, x, y, z) in enumerate(points[:-1])]
        t = rows[-1][0] + 3
        keys.append((t + 300, t + 360))         # its face keyed
        rows += [(t + i * 5 // 2, 0, 0, 1000) for i in range(gap_ms * 2 // 5)]
        t = rows[-1][0] + 3
    assert seed == 106
    assert len(detect(rows, keys=keys)["throws"]) == 4


@pytest.mark.parametrize("rate", traces.RATES)
@pytest.mark.parametrize("range_g", traces.RANGES_G)
def test_rates_and_ranges(rate, range_g):
    trace = traces.generate("throw2_hard", 7, rate_hz=rate, range_g=range_g)
    _assert_matches(trace, _throws(trace))


def test_throw_at_the_very_start_of_the_trace():
    # the board starts on the activity interrupt with the FIFO's history:
    # only a few tens of ms before the first impact
    trace = traces.generate("throw2_hard", 3, rate_hz=200)
    start, still = trace.throws[0]
    rows = [r for r in trace.rows() if r[0] >= start - 40]
    found = detect(rows)["throws"]
    assert abs(found[0]["start_ms"] - start) <= MATCH_MS
    assert still <= found[0]["settled_ms"] <= still + SETTLE_LATE_MS
    # the same after the board slept for two seconds (no samples in between)
    early = [r for r in trace.rows() if r[0] < start - 2040]
    found = detect(early + rows)["throws"]
    assert len(found) == 1 and abs(found[0]["start_ms"] - start) <= MATCH_MS


def test_the_clock_may_start_anywhere():
    # the first sample restarts the filters whatever its time (a recorded
    # trace may start before 0 or days after it): the same throws, shifted
    trace = traces.generate("throw2_hard", 3, rate_hz=200)
    found = detect(trace.rows())["throws"]
    assert found
    for shift in (-5000, 400_000_000):
        moved = detect([(t + shift, x, y, z) for t, x, y, z in trace.rows()])["throws"]
        assert moved == [{"start_ms": f["start_ms"] + shift, "settled_ms": f["settled_ms"] + shift}
                         for f in found], shift


def test_throw_at_the_very_end_is_reported_as_still_moving():
    trace = traces.generate("throw6_hard", 3, rate_hz=200)
    start, still = trace.throws[0]
    cut = start + 500
    assert cut < still
    rows = [r for r in trace.rows() if r[0] <= cut]
    found = detect(rows)["throws"]
    assert len(found) == 1
    assert abs(found[0]["start_ms"] - start) <= MATCH_MS
    assert found[0]["settled_ms"] is None


def test_a_gap_in_the_samples_does_not_settle_early():
    trace = traces.generate("throw6_hard", 4, rate_hz=400)
    start, still = trace.throws[0]
    # lose 300 ms of samples while the dice still roll (a missed FIFO read)
    rows = [r for r in trace.rows() if not (start + 450 <= r[0] < start + 750)]
    found = detect(rows)["throws"]
    assert found and found[0]["settled_ms"] >= still


def test_tilted_tray_reports_tilt_and_level_again():
    for seed in range(6):
        trace = traces.generate("tilted", seed)
        out = detect(trace.rows())
        assert out["throws"] == []
        assert len(out["tilt"]) == len(trace.tilts), (seed, trace.tilts, out["tilt"])
        for (start, end), got in zip(trace.tilts, out["tilt"]):
            # judged once the tray has been still for 300 ms (the label's
            # rest is 300 ms after the landing): within half a second
            assert start - 300 <= got["start_ms"] <= start + 500
            if end < trace.duration_ms:
                assert got["end_ms"] is not None and end - 300 <= got["end_ms"] <= end + 500
            else:
                assert got["end_ms"] is None


def _tilt_events(tray, samples):
    return [(t, ev) for t, x, y, z in samples for ev in (tray.feed(t, x, y, z),)
            if ev in (EV_TILT, EV_LEVEL)]


def _resting(t0, t1, g, dt=5):
    return [(t, g[0], g[1], g[2]) for t in range(t0, t1, dt)]


def test_tilt_is_told_within_half_a_second_of_resting_tilted_and_level_again():
    import math
    tray = Tray()
    samples = []
    for t in range(0, 8000, 5):     # put down 7.5 degrees tilted at 2.5 s, levelled at 5.5 s
        u = min(1.0, max(0.0, (t - 2000) / 500.0)) - min(1.0, max(0.0, (t - 5000) / 500.0))
        a = math.radians(7.5 * u * u * (3 - 2 * u))
        samples.append((t, int(1000 * math.sin(a)), 0, int(1000 * math.cos(a))))
    (t1, e1), (t2, e2) = _tilt_events(tray, samples)
    assert e1 == EV_TILT and 2500 < t1 <= 3000
    assert e2 == EV_LEVEL and 5500 < t2 <= 6000


def _shifted_by_its_landing(seed, degrees):
    # a throw whose landing turns the tray `degrees` over within 100 ms
    import math
    trace = traces.generate("throw2_hard", seed, rate_hz=400)
    start = trace.throws[0][0]
    dx = round(1000 * math.sin(math.radians(degrees)))
    dz = round(1000 * (1 - math.cos(math.radians(degrees))))
    rows = []
    for t, x, y, z in trace.rows():
        u = min(1.0, max(0.0, (t - start - 20) / 100.0))
        rows.append((t, x + int(dx * u), y, z - int(dz * u)))
    return trace, rows


def _events(rows):
    tray = Tray()
    return tray, [(t, ev) for t, x, y, z in rows for ev in (tray.feed(t, x, y, z),) if ev != EV_NONE]


@pytest.mark.parametrize("seed", [2, 3, 7])
def test_a_throw_that_shifts_the_tray_off_its_rest_settles(seed):
    # the dice's landing moves the tray 2 degrees (35 mg) off its rest (a
    # foot off its mat) and it stays there: the settle's hold to the old
    # rest would wait until someone moved the tray back; once the tray is
    # seen resting (the change per sample quiet 150 ms, the tray resting
    # 250 ms, then the settle's 200 ms: about a second after the dice are
    # still) it settles there (round 56, tilt.py's rest_off). Round 65: a
    # few degrees, not 7 as in round 56: two dice cannot lift a tray's edge
    # onto a book (0.05 J for 1 cm of a 0.5 kg tray's centre; two hard dice
    # bring about 0.045 J, most of it lost in their impacts)
    trace, rows = _shifted_by_its_landing(seed, 2)
    (start, still), = trace.throws
    tray, events = _events(rows)
    assert [ev for t, ev in events][:2] == [EV_THROW, EV_SETTLED], (seed, events)
    assert EV_TILT not in [ev for t, ev in events]
    assert abs(tray.throw_start_ms - start) <= MATCH_MS
    t_settled = events[1][0]
    assert still - 50 <= t_settled <= max(still, start + 120) + 1000, (seed, still, t_settled)


@pytest.mark.parametrize("seed,thrown", [(2, False), (3, False), (7, False)])
def test_a_window_that_leaves_the_tray_resting_tilted_is_no_throw(seed, thrown):
    # round 65 (tilt65): a window after which the tray rests quiet at its
    # verdict, turned 7 degrees from where it rested before, was the tray
    # set down another way (tipped onto a book: the tilted kind), not
    # dice: dice do not tilt a tray (above). The screen says "Level the
    # tray" at once, and no throw is recorded. Here the tray is turned 7
    # degrees by the landing anyway: where the dice are still by the
    # verdict (seeds 2, 3) it is no throw; where they still roll (7)
    # round 65 refused nothing (the throw settled and the tilt was told
    # after it); round 66 (tips66) holds a verdict turned past the tilt
    # bar until the tray rests, as a tipped tray's dice still slide at
    # it: seed 7 too is no throw, the tilt told 249 ms after the still.
    # (thrown: the case of a throw kept, should a seed show it again)
    trace, rows = _shifted_by_its_landing(seed, 7)
    (start, still), = trace.throws
    tray, events = _events(rows)
    kinds = [ev for t, ev in events]
    if thrown:
        assert kinds[:3] == [EV_THROW, EV_SETTLED, EV_TILT], (seed, events)
        assert events[2][0] <= events[1][0] + 500
    else:
        assert kinds[:1] == [EV_TILT] and EV_THROW not in kinds, (seed, events)
        assert events[0][0] <= still + 500, (seed, still, events)


def _rocked_by_rolling_dice(seed, degrees=5.5, rolling_ms=900):
    # six hard dice whose blows rock a light tray: its slow part leans
    # `degrees` from its rest, swinging a degree either way at 3 Hz, and
    # the dice click every 70 ms for rolling_ms; then the dice stop and
    # the tray is back on its rest within 100 ms
    import math
    trace = traces.generate("throw6_hard", seed, rate_hz=400)
    start = trace.throws[0][0]
    rows = []
    for t, x, y, z in trace.rows():
        k = t - start - 20
        if k < 0:
            a = 0.0
        elif k < rolling_ms:
            u = min(1.0, k / 100.0)
            a = u * (degrees + math.sin(2 * math.pi * 3 * k / 1000.0))
        else:
            a = degrees * max(0.0, 1 - (k - rolling_ms) / 100.0)
        r = math.radians(a)
        click = 80 if 130 <= k < rolling_ms and k % 70 < 5 else 0
        rows.append((t, x + round(1000 * math.sin(r)), y, z - round(1000 * (1 - math.cos(r))) + click))
    return trace, rows


@pytest.mark.parametrize("seed", [4, 5, 6, 7, 8])
def test_dice_rolling_on_a_tray_they_rock_past_the_tilt_bar_are_a_throw(seed):
    # Round 67 (hold67): round 66 held a verdict whose slow part had left
    # its rest by the tilt bar and refused the throw at the first quiet
    # sample, however short: between two dice's clicks the level fell
    # under the rest bar for a sample while the dice still rolled and
    # rocked the tray (main refused each of these). The tray rests only
    # as the tilt check's rest: the slow part still for 250 ms. Here it
    # never rests off its place, and comes back to it: a throw.
    trace, rows = _rocked_by_rolling_dice(seed)
    (start, still), = trace.throws
    tray, events = _events(rows)
    kinds = [ev for t, ev in events]
    assert kinds[:2] == [EV_THROW, EV_SETTLED], (seed, events)
    assert EV_TILT not in kinds
    assert abs(tray.throw_start_ms - start) <= MATCH_MS


def test_a_tray_held_tilted_in_trembling_hands_is_not_tilted_until_put_down():
    import math
    tray = Tray()
    samples = _resting(0, 2000, (0, 0, 1000))
    for t in range(2000, 6000, 5):      # 30 degrees, hands trembling at 9 Hz, 15 mg
        w = 15 * math.sin(2 * math.pi * 9 * t / 1000.0)
        samples.append((t, 500 + int(w), int(w), 866))
    samples += _resting(6000, 8000, (0, 0, 1000))
    assert _tilt_events(tray, samples) == []


def test_the_level_reference_takes_out_the_sensors_mounting():
    # the chip sits 6 degrees off the tray's level. Without Tray setup the
    # first rest is taken as level (a level tray reads at most 7.6 degrees
    # off: within 7.7); with it, its gravity at rest is level whatever the
    # first rest
    mounted = (105, 0, 995)
    toward = (208, 0, 978)      # 12 degrees on the sensor: 6 the tray's own
    back = (0, 0, 1000)         # sensor level: the tray 6 degrees the other way
    for g in (toward, back):
        tray = Tray()
        assert _tilt_events(tray, _resting(0, 2000, mounted)) == []
        events = _tilt_events(tray, _resting(2000, 4000, g))
        assert [ev for t, ev in events] == [EV_TILT], g
        tray = Tray()
        tray.configure(0, 0, 0, 105, 0, 995)
        assert [ev for t, ev in _tilt_events(tray, _resting(0, 2000, g))] == [EV_TILT], g
        assert [ev for t, ev in _tilt_events(tray, _resting(2000, 4000, mounted))] == [EV_LEVEL]
    # first resting 8 degrees over: tilted, and level stays the sensor's z axis
    tray = Tray()
    assert [ev for t, ev in _tilt_events(tray, _resting(0, 2000, (139, 0, 990)))] == [EV_TILT]
    assert [ev for t, ev in _tilt_events(tray, _resting(2000, 4000, (0, 0, 1000)))] == [EV_LEVEL]
    # set up, then back to the defaults: the next first rest is level again
    tray = Tray()
    tray.configure(0, 0, 0, 0, 0, 1000)
    assert [ev for t, ev in _tilt_events(tray, _resting(0, 2000, mounted))] == [EV_TILT]
    tray.configure()
    assert [ev for t, ev in _tilt_events(tray, _resting(2000, 4000, back))] == [EV_LEVEL]


def test_a_board_chip_side_down_reads_level_as_level():
    # hardware/README.md lets the board sit chip side up or down: gravity
    # then reads -1 g along z. Without Tray setup its first rest is level
    # (until round 75 it read 180 degrees off: tilted from power-on), and a
    # tilt is told from there; with Tray setup its learnt gravity is level
    down = (-40, 30, -995)
    over = (-40, 205, -978)     # 10 degrees over
    tray = Tray()
    assert _tilt_events(tray, _resting(0, 2000, down)) == []
    assert [ev for t, ev in _tilt_events(tray, _resting(2000, 4000, over))] == [EV_TILT]
    assert [ev for t, ev in _tilt_events(tray, _resting(4000, 6000, down))] == [EV_LEVEL]
    tray = Tray()
    tray.configure(0, 0, 0, -40, 30, -995)
    assert [ev for t, ev in _tilt_events(tray, _resting(0, 2000, over))] == [EV_TILT]
    assert [ev for t, ev in _tilt_events(tray, _resting(2000, 4000, down))] == [EV_LEVEL]
    # chip side up after all: a learnt chip-down level says it is upside down
    tray = Tray()
    tray.configure(0, 0, 0, -40, 30, -995)
    assert [ev for t, ev in _tilt_events(tray, _resting(0, 2000, (0, 0, 1000)))] == [EV_TILT]


def test_level_tray_is_never_tilted():
    trace = traces.generate("hand_rim", 3)
    assert detect(trace.rows())["tilt"] == []


def test_events_flags_and_reset():
    trace = traces.generate("throw1_hard", 5, rate_hz=200)
    tray = Tray()
    events = []
    for t, x, y, z in trace.rows():
        ev = tray.feed(t, x, y, z)
        if ev != EV_NONE:
            events.append(ev)
            if ev == EV_THROW:
                assert tray.moving
            if ev == EV_SETTLED:
                assert not tray.moving and tray.settled_ms == t
                assert tray.settled_ms > tray.throw_start_ms
    assert events.count(EV_THROW) == len(trace.throws) == events.count(EV_SETTLED)
    assert EV_TILT not in events and EV_LEVEL not in events
    tray.reset()
    assert not tray.moving and tray.throw_start_ms == -1 and tray.settled_ms == -1


def test_same_events_on_the_micropython_unix_port(tmp_path):
    # the board's build, heap locked around feed(): a MemoryError there means
    # a sample allocated (tests/tray_on_micropython.py)
    cases = [("throw6_hard", 1, 400, 8), ("tilted", 2, 100, 2), ("throw1_soft", 3, 200, 4)]
    paths = []
    expected = ["none"]     # and a tray with no ring never imports ring.py
    for kind, seed, rate, rng in cases:
        trace = traces.generate(kind, seed, rate_hz=rate, range_g=rng)
        path = tmp_path / ("%s.csv" % kind)
        traces.write_csv(trace, str(path))
        paths.append(str(path))
        tray = Tray()
        expected.append(" ".join("%d:%d" % (r[0], e) for r in trace.rows()
                                 for e in [tray.feed(*r)] if e))
    # and a throw that shifts the tray off its rest (the settle asks
    # tilt.py's rest_off), and a window that leaves it tilted (set_down)
    # (round 66: and one whose verdict set_down holds until it rests, seed 7)
    for name, (seed, degrees) in (("shifted", (2, 2)), ("tipped", (2, 7)), ("held", (7, 7))):
        trace, rows = _shifted_by_its_landing(seed, degrees)
        path = tmp_path / ("%s.csv" % name)
        path.write_text("t_ms,x_mg,y_mg,z_mg\n" + "".join("%d,%d,%d,%d\n" % r for r in rows))
        paths.append(str(path))
        tray = Tray()
        expected.append(" ".join("%d:%d" % (r[0], e) for r in rows for e in [tray.feed(*r)] if e))
    assert events_on_micropython(paths) == expected
    assert all(expected) and ":%d" % EV_SETTLED in expected[-3]
    for got in expected[-2:]:
        assert ":%d" % EV_TILT in got and ":%d" % EV_THROW not in got


def test_generator_is_deterministic_and_labelled():
    a = traces.generate("throw2_soft", 11)
    b = traces.generate("throw2_soft", 11)
    assert a.csv_text() == b.csv_text() and a.throws == b.throws
    assert a.csv_text().splitlines()[0] == "t_ms,x_mg,y_mg,z_mg"
    assert all(s < e for s, e in a.throws)
    level = [z for t, x, y, z in a.rows()][:20]
    assert all(900 < z < 1100 for z in level)
    with pytest.raises(ValueError, match="unknown trace kind"):
        traces.generate("juggling", 1)


# ---------------------------------------------------------------- the command

def _write(tmp_path, text, name="trace.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_detect_json_output(tmp_path, capsys):
    trace = traces.generate("throw1_hard", 5, rate_hz=200)
    path = _write(tmp_path, trace.csv_text())
    assert cli_main(["detect", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"throws", "tilt", "moved"}
    assert [set(t) for t in out["throws"]] == [{"start_ms", "settled_ms"}] * len(trace.throws)
    assert out == detect(parse_trace(trace.csv_text()))


def test_detect_reads_a_trace_and_labels_saved_by_a_spreadsheet(tmp_path, capsys):
    # "CSV UTF-8" from a spreadsheet: a byte-order mark and CRLF line ends;
    # a labels file from a Windows editor: a byte-order mark too.
    trace = traces.generate("throw1_hard", 5, rate_hz=200)
    plain = _write(tmp_path, trace.csv_text())
    saved = tmp_path / "saved.csv"
    saved.write_bytes(b"\xef\xbb\xbf" + trace.csv_text().replace("\n", "\r\n").encode())
    labels = tmp_path / "labels.json"
    labels.write_bytes(b"\xef\xbb\xbf" + json.dumps({"throws": [
        {"start_ms": a, "settled_ms": b} for a, b in trace.throws]}).encode())
    assert cli_main(["detect", plain, "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert cli_main(["detect", str(saved), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    assert cli_main(["detect", str(saved), "--score", str(labels), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score"]["recall"] == 100.0


def test_detect_readable_output(tmp_path, capsys):
    trace = traces.generate("tilted", 1)
    path = _write(tmp_path, trace.csv_text())
    assert cli_main(["detect", path]) == 0
    text = capsys.readouterr().out
    assert "throws: 0" in text
    assert "tilted more than 5 degrees: %d time(s)" % len(trace.tilts) in text


@pytest.mark.parametrize("text, message", [
    ("", "empty file"),
    ("1,2,3,4\n", "expected the header"),
    ("t_ms,x_mg,y_mg,z_mg\n0,1,2,3\n10,1,x,3\n", "line 3: 'x' is not an integer"),
    ("t_ms,x_mg,y_mg,z_mg\n0,1,2,3\n10,1,2\n", "line 3: expected 4 columns, got 3"),
    ("t_ms,x_mg,y_mg,z_mg\n0,1,2,3\n10,1,2,3,4\n", "line 3: expected 4 columns, got 5"),
    ("t_ms,x_mg,y_mg,z_mg\n20,1,2,3\n10,1,2,3\n", "line 3: time goes backwards (10 ms after 20 ms)"),
    ("t_ms,x_mg,y_mg,z_mg\n0,1.5,2,3\n", "line 2: '1.5' is not an integer"),
    ("t_ms,x_mg,y_mg,z_mg\n", "no samples"),
    ("t_ms,x_mg,y_mg,z_mg\n0,1,2,3\n10,1,99999999999999999999,3\n",
     "line 3: y_mg 99999999999999999999 is outside what an accelerometer reads (-32768 to 32767 mg)"),
    ("t_ms,x_mg,y_mg,z_mg\n0,-32769,2,3\n", "line 2: x_mg -32769 is outside"),
])
def test_detect_malformed_trace_exits_2_with_one_message(tmp_path, capsys, text, message):
    path = _write(tmp_path, text)
    assert cli_main(["detect", path, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    with pytest.raises(TraceError):
        parse_trace(text)


def test_detect_missing_file(tmp_path, capsys):
    assert cli_main(["detect", str(tmp_path / "nope.csv")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_traces_command_writes_csv_and_labels(tmp_path, capsys):
    out = tmp_path / "t"
    assert cli_main(["traces", "--out", str(out), "--count", "2", "--seed", "9"]) == 0
    names = sorted(os.listdir(out))
    assert names == ["0000-throw1_soft.csv", "0000-throw1_soft.json",
                     "0001-throw1_hard.csv", "0001-throw1_hard.json"]
    labels = json.loads((out / "0000-throw1_soft.json").read_text())
    assert labels["kind"] == "throw1_soft" and labels["seed"] == 9 and labels["throws"]
    rows = parse_trace((out / "0000-throw1_soft.csv").read_text())
    assert len(rows) > 100

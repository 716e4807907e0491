"""`make bench` section: throw detection per trace model, calibration, cost per sample and RAM.

Every model of the ensemble (host_tools/dicetray_host/traces/ensemble.py)
is scored on seeds nobody tuned on (HELD_OUT_SEEDS); the models in
HELD_OUT_MODELS were never used for tuning at all. Per model: recall,
precision, false throws by cause, settles more than 50 ms before the dice
are still (the labels' last contact) and before the dice were last heard
(the oracle of traces/heard.py: the last change of the noise-free reading
over the noise's), settle latency, topples reported, tilt overlap. Then what the
tray's calibration changes on trays of the held-out models, the
instructions per sample (callgrind on the MicroPython unix port) and the
detector's RAM.
"""
import os
import subprocess
import tempfile
from functools import partial
from multiprocessing import Pool
from pathlib import Path

from bench.callgrind import available as callgrind_available, instructions
from dicetray_host.paths import micropython_binary, micropython_env

COUNT = 420             # traces per model (cycling through its kinds)
CAL_TRAYS = 12          # trays per held-out model in the calibration section
CAL_TRACES = 28         # traces per tray (each kind twice)


def _score_one(keys_fed, reading, job):
    from dicetray_host.traces.detecting import detect
    from dicetray_host.traces.ensemble import generate
    from dicetray_host.traces.heard import heard_stills
    model, kind, seed, tray_seed, config = job
    tr = generate(model, kind, seed, tray_seed=tray_seed, oracle=True, **(reading or {}))
    out = detect(tr.rows(), keys=tr.keys if keys_fed else None, config=config)
    return (model, kind, seed, tr.duration_ms, tr.throws, tr.keys, tr.topples, tr.tilts, out,
            heard_stills(tr))


def score(jobs, keys_fed=True, reading=None):
    """{model: Score} over (model, kind, seed, tray_seed, config) jobs, on 2 processes.

    keys_fed False: the traces' key contacts are not given to the detector,
    as `dicetray detect` on a plain CSV (without --score) runs it.
    reading: generate()'s rate_hz, range_g, sensor_mode for every trace
    (ensemble.BOARD_READING), else each tray's own."""
    from dicetray_host.traces.scoring import Score
    with Pool(2) as pool:
        results = pool.map(partial(_score_one, keys_fed, reading), jobs, chunksize=8)
    out = {}
    for model, kind, seed, dur, throws, keys, topples, tilts, found, heard in results:
        out.setdefault(model, Score()).add(kind, dur, throws, keys, topples, tilts, found,
                                            "%s/%s/%d" % (model, kind, seed), heard)
    return out


def per_model(count=COUNT, keys_fed=True, models=None, first_seed=None, reading=None):
    """{model: Score} on `count` traces a model from `first_seed` (the
    bench's held-out seeds unless given), the model's kinds in turn."""
    from dicetray_host.traces import ensemble
    if first_seed is None:
        first_seed = ensemble.HELD_OUT_SEEDS
    jobs = []
    for model in models or ensemble.MODELS:
        ks = ensemble.kinds(model)
        jobs += [(model, ks[i % len(ks)], first_seed + i, None, None) for i in range(count)]
    return score(jobs, keys_fed, reading)


def print_fit(tuned, held):
    """The tuning models on the seeds tuning looked at most (from 0) next to
    the bench's: the gap is how much the rules fit their own seeds."""
    for model in tuned:
        a, b = dict(tuned[model].rows()), dict(held[model].rows())
        print("  %-6s recall %s -> %s, precision %s -> %s, settles > 50 ms before still %s -> %s" % (
            model, a["recall"], b["recall"], a["precision"], b["precision"],
            a["settles > 50 ms before still"], b["settles > 50 ms before still"]))


def print_unfed(scores):
    """The figures that move when the detector hears of no key: a plain CSV."""
    from dicetray_host.traces import ensemble
    for model in ensemble.MODELS:
        if model not in scores:
            continue
        got = dict(scores[model].rows())
        print("  %-8s recall %-9s precision %-9s false throws: %s" % (
            model, got["recall"], got["precision"], scores[model].falses_text()))


def print_models(scores):
    from dicetray_host.traces import ensemble
    names = [m for m in ensemble.MODELS if m in scores]
    wide = "false throws by cause"         # too long for a column: listed below
    rows = [r[0] for r in scores[names[0]].rows() if r[0] != wide]
    cols = [[r[1] for r in scores[m].rows() if r[0] != wide] for m in names]
    heads = ["%s (%s)" % (m, "tuned on" if m in ensemble.TUNE_MODELS else "held out") for m in names]
    w0 = max(len(r) for r in rows)
    ws = [max(len(h), max(len(v) for v in c)) for h, c in zip(heads, cols)]
    print("%-*s  %s" % (w0, "measure", "  ".join("%-*s" % (w, h) for w, h in zip(ws, heads))))
    for i, r in enumerate(rows):
        print("%-*s  %s" % (w0, r, "  ".join("%-*s" % (w, c[i]) for w, c in zip(ws, cols))))
    print("false throws by cause (the kind of trace, or keys / topple / split within a throw trace):")
    for m in names:
        print("  %-6s %s" % (m, scores[m].falses_text()))


def print_calibration(plain, tuned, learnt):
    """calibration_effect's figures: per held-out model, what its trays
    learnt, and each measure calibration changed (with the throws,
    precision and tilt always)."""
    from dicetray_host.traces import ensemble
    from dicetray.tray.impacts import _SLIP_LONG_MS, _SLIP_ROLL_MS   # the slipped-die rule's tiers
    for model in ensemble.HELD_OUT_MODELS:
        done = [f for f in learnt[model] if f]
        rings = [f["ring_chz"] for f in done if f["ring_chz"]]
        rolls = [f["roll_ms"] for f in done]
        print("  %s: calibration finished on %d/%d trays; key ring %s ms, weakest throw %s mg; "
              "a ring learnt on %d (%s Hz)" % (
                  model, len(done), len(learnt[model]), _span(done, "key_ms"), _span(done, "throw_mg"),
                  len(rings), "%.1f-%.1f" % (min(rings) / 100.0, max(rings) / 100.0) if rings else "-"))
        print("    setup's soft dice went quiet after %s ms (%d trays not timed); the slipped-die rule "
              "on for %d trays (over %d ms), its wider test for %d (over %d ms)" % (
                  _span([f for f in done if f["roll_ms"]], "roll_ms"), rolls.count(0),
                  sum(r > _SLIP_ROLL_MS for r in rolls), _SLIP_ROLL_MS,
                  sum(r > _SLIP_LONG_MS for r in rolls), _SLIP_LONG_MS))
        for (name, a), (_, b) in zip(plain[model].rows(), tuned[model].rows()):
            # the throws, precision and tilt always (unchanged is a figure too),
            # the rest where calibration changed them
            if a != b or name in ("throws true / detected / matched", "precision", "tilt IoU"):
                print("    %-34s default %-22s calibrated %s" % (name, a, b))


def _span(figures, name):
    """"lo-hi" of one learnt figure over the trays, "-" for none."""
    values = [f[name] for f in figures]
    return "%d-%d" % (min(values), max(values)) if values else "-"


def calibration_effect(trays=CAL_TRAYS, traces=CAL_TRACES):
    """Per held-out model: the same trays' traces with default figures and
    with the figures their own calibration session learnt."""
    from dicetray_host.traces import ensemble
    from dicetray_host.traces.detecting import calibrate
    plain, tuned = [], []
    learnt = {}
    for model in ensemble.HELD_OUT_MODELS:
        for tray in range(trays):
            session = ensemble.generate(model, "calibration", tray, tray_seed=10_000 + tray)
            figures = calibrate(session.rows(), session.keys)
            learnt.setdefault(model, []).append(figures)
            for i in range(traces):
                kind = ensemble.KINDS[i % len(ensemble.KINDS)]
                seed = ensemble.HELD_OUT_SEEDS + 500_000 + tray * 1000 + i
                plain.append((model, kind, seed, 10_000 + tray, None))
                tuned.append((model, kind, seed, 10_000 + tray, figures))
    return score(plain), score(tuned), learnt


# ---------------------------------------------------------------- quick re-throws

QUICK_COUNT = 60        # quick traces per model and reading (each at every gap)


def _quick_one(reading, picks, job):
    """One seed's quick traces (traces/quick.py) at every gap, with and
    without the pick as asked: per variant and gap the Score's inputs and
    whether the first and second throws were found. The four traces and
    the second throw's own detection are shared by every variant."""
    from dicetray_host.traces import quick
    from dicetray_host.traces.detecting import detect
    from dicetray_host.traces.scoring import match
    model, seed = job
    p = quick.pieces(model, seed, **reading)
    # the second throw in its own trace, as the models make it (the next
    # throw 2.5 s or more after the last): found there?
    own = p["second"]
    pairs, _ = match(own.throws[:1], detect(own.rows(), keys=own.keys)["throws"])
    found_own = bool(pairs)
    out = []
    for pick in picks:
        rows = [("own", False, found_own, None)]
        for gap in quick.GAPS_S:
            tr = quick.assemble(p, gap, pick)
            res = detect(tr.rows(), keys=tr.keys)
            pairs, _ = match(tr.throws, res["throws"])
            hit = set(ts for (ts, _), _ in pairs)
            rows.append((gap, tr.throws[0][0] in hit, tr.throws[1][0] in hit,
                         (tr.kind, tr.duration_ms, tr.throws, tr.keys, tr.topples, tr.tilts, res,
                          "%s/quick/%d/%.1f%s" % (model, seed, gap, "" if pick else "/nopick"))))
        out.append((model, pick, rows))
    return out


def quick_throws(models=None, first_seed=None, count=QUICK_COUNT, readings=None, picks=(True, False)):
    """{(model, reading's rate, picked): {gap: [first found, second found, traces, Score]}}:
    a throw, a face keyed, the dice picked up (or not: round 41's splices)
    and thrown again, the second landing a gap after the first was still
    (traces/quick.py), keys given, read as the board reads them (400 Hz)
    and at 200 Hz unless told; "own": the second throw in its own trace."""
    from dicetray_host.traces import ensemble
    from dicetray_host.traces.scoring import Score
    if first_seed is None:
        first_seed = ensemble.HELD_OUT_SEEDS
    if readings is None:
        readings = (ensemble.BOARD_READING, ensemble.READING_200)
    jobs = [(m, first_seed + i) for m in models or ensemble.MODELS for i in range(count)]
    out = {}
    with Pool(2) as pool:
        for reading in readings:
            for variants in pool.map(partial(_quick_one, reading, picks), jobs, chunksize=4):
                for model, pick, rows in variants:
                    per = out.setdefault((model, reading["rate_hz"], pick), {})
                    for gap, first, second, args in rows:
                        f = per.setdefault(gap, [0, 0, 0, Score()])
                        f[0] += first
                        f[1] += second
                        f[2] += 1
                        if args is not None:
                            f[3].add(*args)
    return out


def print_quick(res):
    """Per model and rate: second throws found at each gap and in their own
    traces, first throws found, false throws."""
    gaps = sorted(g for g in next(iter(res.values())) if g != "own")
    print("  %-8s %-6s %-7s %s  %-8s %-12s %s" % (
        "model", "rate", "picked", "  ".join("%6.1f s" % g for g in gaps), "own", "first found",
        "false throws (all gaps)"))
    for (model, rate, pick), per in res.items():
        n = per[gaps[0]][2]
        first = sum(per[g][0] for g in gaps)
        falses = {}
        for g in gaps:
            for cause, k in per[g][3].false_by.items():
                falses[cause] = falses.get(cause, 0) + k
        print("  %-8s %-6s %-7s %s  %-8s %-12s %d%s" % (
            model, "%d Hz" % rate, "yes" if pick else "no", "  ".join("%6.1f %%" % (100.0 * per[g][1] / n) for g in gaps),
            "%.1f %%" % (100.0 * per["own"][1] / n),
            "%.1f %%" % (100.0 * first / (n * len(gaps))), sum(falses.values()),
            " (%s)" % ", ".join("%s %d" % kv for kv in sorted(falses.items())) if falses else ""))


# ---------------------------------------------------------------- cost

_FEED = (Path(__file__).resolve().parent / "mp" / "detector_feed.py").read_text()


def _script(tmp, name, trace_path, n, feed=True, ring=0, pad=0):
    """bench/mp/detector_feed.py with its trace, its count, whether it feeds,
    the ring learnt at setup (hundredths of a Hz, 0: none) and the bytes
    held before the detector is made (PADS)."""
    path = os.path.join(tmp, name)
    text = (_FEED.replace('TRACE = "trace.csv"', "TRACE = %r" % trace_path)
            .replace("N = 2000", "N = %d" % n).replace("RING = 0", "RING = %d" % ring))
    if pad:
        text = text.replace("PAD = 0", "PAD = %d" % pad)
    else:
        # the script as it was before PAD: its globals, and so its RAM figures, the same
        text = text.replace("PAD = 0\n", "").replace("pad = bytearray(PAD) if PAD else None\n", "")
    if not feed:
        text = text.replace("feed(t + (i // m) * 100000, x, y, z)", "t + (i // m) * 100000")
    with open(path, "w") as f:
        f.write(text)
    return path


def _run_mp(script):
    return subprocess.run([micropython_binary(), "-X", "heapsize=4m", script], env=micropython_env(),
                          capture_output=True, text=True, check=True)


# bytes held before the detector is made (detector_feed.py's PAD): each moves
# the heap's holes, and feed()'s frame, too big for the C stack, is taken
# from the first hole it fits, so one layout alone can read 1,300
# instructions a sample above another for the same code (round 49)
PADS = (0, 32, 64, 96, 128, 160, 192, 224)


def cost(trace_path, tmp, ring=0):
    """(instructions per sample over the heap layouts PADS as (median, lowest,
    highest), or None without valgrind; RAM short, RAM long); ring: a
    table's ring learnt at Tray setup (hundredths of a Hz), 0 for none."""
    out = {}
    for n in (2000, 20000):
        ram, after, _ = _run_mp(_script(tmp, "run_%d.py" % n, trace_path, n, ring=ring)).stdout.split()
        out[n] = (int(ram), int(after))
    instr = None
    if callgrind_available():
        per = []
        for pad in PADS:
            counts = {}
            base = {}
            for n in (2000, 4000):
                for feed, into in ((True, counts), (False, base)):
                    script = _script(tmp, "cg_%d_%s.py" % (n, feed), trace_path, n, feed, ring, pad)
                    into[n] = instructions([micropython_binary(), "-X", "heapsize=4m", script],
                                           env=micropython_env())
            # the loop costs too: measured alone (without the call) and taken off
            per.append(((counts[4000] - counts[2000]) - (base[4000] - base[2000])) / 2000.0)
        per.sort()
        instr = ((per[len(per) // 2 - 1] + per[len(per) // 2]) / 2.0, per[0], per[-1])
    return instr, out[2000], out[20000]


def run(count=COUNT):
    from dicetray_host.traces import ensemble
    from dicetray_host.traces.ensemble import generate
    from dicetray_host.traces.model import write_csv
    print("%d traces per model, seeds from %d (held out from tuning); tuned on models %s, "
          "held out: %s" % (count, ensemble.HELD_OUT_SEEDS, ", ".join(ensemble.TUNE_MODELS),
                            ", ".join(ensemble.HELD_OUT_MODELS)))
    held = per_model(count)
    print_models(held)
    print("\nthe tuning models on seeds 0-%d (looked at in most rounds of tuning) -> on the bench's seeds "
          "above, keys given:" % (count - 1))
    print_fit(per_model(count, models=ensemble.TUNE_MODELS, first_seed=0), held)
    print("\nthe same traces with no key contacts given (`dicetray detect T.csv` on a plain CSV; "
          "the board's key scan always gives them):")
    print_unfed(per_model(count, keys_fed=False))
    print("\nthe same trays as the board reads them (%d Hz, +-4 g, the LIS3DH in normal mode: "
          "10-bit, bandwidth ODR/2), keys given:" % ensemble.BOARD_READING["rate_hz"])
    print_models(per_model(count, reading=ensemble.BOARD_READING))
    print("\nquick re-throws (traces/quick.py: a throw, a face keyed 0.3-0.6 s after its dice are still, "
          "the dice picked up or not and thrown again; %d traces a model at each gap, keys given): second "
          "throws found by the gap from the first's still to the second's landing; own: in its own trace:"
          % QUICK_COUNT)
    print_quick(quick_throws())
    print("\ncalibration on trays of the held-out models (%d trays each, %d traces a tray):"
          % (CAL_TRAYS, CAL_TRACES))
    print_calibration(*calibration_effect())
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.csv")
        write_csv(generate("felt", "throw6_hard", 7_000_000, rate_hz=400, range_g=8), path)
        try:
            plain = cost(path, tmp)
            # a tray whose setup learnt its table's ring keeps each window's
            # late part (ring.py): 20 Hz, a folding table's
            ringed = cost(path, tmp, ring=2000)
        except (OSError, subprocess.CalledProcessError) as exc:
            print("cost: MicroPython unix port did not run (%s)" % exc)
            return
    rows = []
    for (instr, short, long_), what in ((plain, ""), (ringed, ", a ring learnt at setup")):
        if instr is None:
            rows.append(("instructions per sample (callgrind)" + what, "skipped: valgrind not installed",
                         "<= 20000"))
        else:
            rows.append(("instructions per sample (callgrind, unix port)" + what,
                         "%d (%d-%d over %d heap layouts)" % (instr + (len(PADS),)), "<= 20000 (highest)"))
        rows.append(("detector RAM after Tray()" + what, "%d bytes" % short[0], ""))
        rows.append(("heap growth after 2,000 samples" + what, "%d bytes" % (short[1] - short[0]), "constant"))
        rows.append(("heap growth after 20,000 samples" + what, "%d bytes" % (long_[1] - long_[0]), "constant"))
    print_table(rows)


def print_table(rows):
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print("%-*s  %-*s  %s" % (w0, "measure", w1, "value", "target"))
    for a, b, c in rows:
        print("%-*s  %-*s  %s" % (w0, a, w1, b, c))

"""Tuning tools for the throw detector: the bench's measures on seeds you choose.

`make bench` scores the bench's held-out seeds; tuning rounds score the
tuning seeds (ensemble.TUNE_SEEDS) and compare a rule against main on the
very same traces. These commands do that, and print or save figures only:

  python -m bench.tuning score [--models M,M] [--start S] [--count N]
                               [--reading modelled|board|200|400|100] [--learnt]
                               [--save OUT.json]
      per model: the Score rows (recall, precision, false throws by cause,
      early settles, p95). --learnt: traces grouped onto 41 trays (tray
      start + i % 41, so every tray gets every kind), each tray's own calibration session (read as
      its traces are) run first and its learnt figures used, next to the
      same traces with default figures.
      --save: every trace's detector output, for `diff`.
  python -m bench.tuning diff A.json B.json
      what changed between two saved runs: throws lost and found, false
      throws gone and new, settles moved, per trace.
  python -m bench.tuning quick [--models M,M] [--start S] [--count N]
      quick re-throws (traces/quick.py), picked, at 200 and 400 Hz.
  python -m bench.tuning cost
      the bench's instructions per sample and RAM alone (needs valgrind).
  python -m bench.tuning heappaths [--need] [--lengths 12-96/6] [--modules M,M]
      the detector modules' import heaps (tests/test_tray_split.py's HEAP_K)
      from copies of firmware/ at 15 path lengths: where each fails its
      limit; --need: the smallest heap each needs, worst and best
      (bench/heappaths.py).
  python -m bench.tuning calibration
      the bench's calibration section alone (held-out trays, default and
      learnt figures): run when a rule is merged, not while tuning.

Held-out models and the bench's seeds are refused unless --held is given:
the figures for them are the bench's to report, not tuning's to look at.
"""
import argparse
import json
import os
import sys
import tempfile
from functools import partial
from multiprocessing import Pool

# trays per model and start with --learnt: 41, prime to the 14 kinds, so
# each tray meets every kind (with 42, trace i's tray fixed its kind: a
# tray's learnt figures never met its own throws and knocks together;
# round 73's learn73 found its knocks all on three trays with no throw)
TRAYS = 41

# board: as the board reads (ensemble.BOARD_READING: 400 Hz since round 53,
# 200 Hz in rounds 39-52); 200, 400, 100: the board's reading at that rate
READINGS = ("modelled", "board", "200", "400", "100")


def _reading(name):
    from dicetray_host.traces import ensemble
    if name == "modelled":
        return None
    if name == "board":
        return ensemble.BOARD_READING
    return dict(ensemble.BOARD_READING, rate_hz=int(name))


def _calibrate(reading, model, tray):
    """The tray's setup session read as its traces are: a tray seed read at
    another rate is another tray, whose ring would not be the traces' own."""
    from dicetray_host.traces.detecting import calibrate
    from dicetray_host.traces.ensemble import generate
    session = generate(model, "calibration", tray, tray_seed=tray, **(reading or {}))
    return calibrate(session.rows(), session.keys)


def run_jobs(jobs, reading):
    from bench.tray import _score_one
    from dicetray_host.traces.scoring import Score
    with Pool(2) as pool:
        results = pool.map(partial(_score_one, True, reading), jobs, chunksize=8)
    scores, saved = {}, {}
    for model, kind, seed, dur, throws, keys, topples, tilts, out, heard in results:
        name = "%s/%s/%d" % (model, kind, seed)
        scores.setdefault(model, Score()).add(kind, dur, throws, keys, topples, tilts, out, name, heard)
        saved[name] = {"throws": throws, "out": out}
    return scores, saved


def _jobs(models, start, count, figures=None):
    from dicetray_host.traces import ensemble
    jobs = []
    for model in models:
        ks = ensemble.kinds(model)
        for i in range(count):
            tray = None if figures is None else start + i % TRAYS
            config = None if figures is None else figures[(model, tray)]
            jobs.append((model, ks[i % len(ks)], start + i, tray, config))
    return jobs


def _line(model, sc, tag=""):
    got = dict(sc.rows())
    return "%-8s%s recall %s  precision %s  %s  early %s  p95 %s  falses: %s  tilt IoU %.3f" % (
        model, tag, got["recall"], got["precision"], got["throws true / detected / matched"],
        got["settles > 50 ms before still"], got["settle latency median / p95"].split(" / ")[1],
        sc.falses_text(), sc.iou())


def _check_held(models, start, count, held):
    from dicetray_host.traces import ensemble
    lo, hi = ensemble.TUNE_SEEDS
    if held:
        return
    bad = [m for m in models if m in ensemble.HELD_OUT_MODELS]
    if bad or not (lo <= start and start + count <= hi):
        sys.exit("bench.tuning: %s are held out (models %s, seeds [%d, %d)); give --held to score them anyway"
                 % (", ".join(bad) or "seeds %d-%d" % (start, start + count - 1),
                    ", ".join(ensemble.HELD_OUT_MODELS), lo, hi))


def cmd_score(a):
    models = a.models.split(",")
    _check_held(models, a.start, a.count, a.held)
    reading = _reading(a.reading)
    runs = [("default", _jobs(models, a.start, a.count))]
    if a.learnt:
        if "felt" in models:
            sys.exit("bench.tuning: --learnt needs a Tray setup session, which the felt model has none of "
                     "(it predates Tray setup): leave felt out of --models")
        trays = [(m, a.start + t) for m in models for t in range(min(TRAYS, a.count))]
        with Pool(2) as pool:
            learnt = pool.starmap(partial(_calibrate, reading), trays)
        figures = dict(zip(trays, learnt))
        undone = sum(1 for f in learnt if f is None)
        print("learnt figures on %d trays (%d setups not finished: default figures there)"
              % (len(trays), undone))
        runs = [("default", _jobs(models, a.start, a.count, {k: None for k in figures})),
                ("learnt ", _jobs(models, a.start, a.count, figures))]
    saved = {}
    for tag, jobs in runs:
        scores, saved[tag.strip()] = run_jobs(jobs, reading)
        for model in models:
            print(_line(model, scores[model], " " + tag if a.learnt else ""))
            if a.list:
                print("   missed: %s" % " ".join(scores[model].misses))
                print("   false:  %s" % " ".join(scores[model].falses))
    if a.save:
        with open(a.save, "w") as f:
            json.dump(saved, f)


def cmd_diff(a):
    from dicetray_host.traces.scoring import match
    with open(a.a) as f:
        old = json.load(f)
    with open(a.b) as f:
        new = json.load(f)
    for tag in old:
        if tag not in new:
            continue
        lost, gained, gone, came, moved, differ = [], [], [], [], 0, 0
        for name, o in old[tag].items():
            n = new[tag].get(name)
            if n is None:
                continue
            differ += o["out"] != n["out"]
            truth = [tuple(t) for t in o["throws"]]
            po, eo = match(truth, o["out"]["throws"])
            pn, en = match(truth, n["out"]["throws"])
            mo = {ts: d["settled_ms"] for (ts, _), d in po}
            mn = {ts: d["settled_ms"] for (ts, _), d in pn}
            lost += ["%s@%d" % (name, ts) for ts in mo if ts not in mn]
            gained += ["%s@%d" % (name, ts) for ts in mn if ts not in mo]
            moved += sum(1 for ts in mo if ts in mn and mo[ts] != mn[ts])
            so = set(d["start_ms"] for d in eo)
            sn = set(d["start_ms"] for d in en)
            gone += ["%s@%d" % (name, s) for s in sorted(so - sn)]
            came += ["%s@%d" % (name, s) for s in sorted(sn - so)]
        print("%s: traces whose detector output differs in any event: %d of %d"
              % (tag, differ, len(old[tag])))
        print("%s: throws lost %d %s" % (tag, len(lost), " ".join(lost)))
        print("%s: throws found %d %s" % (tag, len(gained), " ".join(gained)))
        print("%s: false throws gone %d %s" % (tag, len(gone), " ".join(gone)))
        print("%s: false throws new %d %s" % (tag, len(came), " ".join(came)))
        print("%s: matched throws whose settle moved %d" % (tag, moved))


def cmd_quick(a):
    from bench.tray import print_quick, quick_throws
    models = a.models.split(",")
    _check_held(models, a.start, a.count, a.held)
    print_quick(quick_throws(models=models, first_seed=a.start, count=a.count, picks=(True,)))


def cmd_cost(a):
    from bench.tray import cost
    from dicetray_host.traces.ensemble import generate
    from dicetray_host.traces.model import write_csv
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.csv")
        write_csv(generate("felt", "throw6_hard", 7_000_000, rate_hz=400, range_g=8), path)
        for ring in (0, 2000):
            instr, short, long_ = cost(path, tmp, ring=ring)
            print("ring %4d cHz: instructions per sample %s, RAM %d B, growth %d / %d B" % (
                ring, "%d (%d-%d over heap layouts)" % instr if instr is not None else "(no valgrind)", short[0],
                short[1] - short[0], long_[1] - long_[0]))


def cmd_heappaths(a):
    from bench import heappaths
    lo, rest = a.lengths.split("-")
    hi, step = (rest.split("/") + ["6"])[:2]
    lengths = tuple(range(int(lo), int(hi) + 1, int(step)))
    modules = a.modules.split(",") if a.modules else None
    heap_k = heappaths.limits()
    print(heappaths.report(heappaths.check(heap_k, lengths, modules, a.need), heap_k))


def cmd_calibration(a):
    from bench.tray import calibration_effect, print_calibration
    print_calibration(*calibration_effect())


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m bench.tuning", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score")
    q = sub.add_parser("quick")
    for x in (s, q):
        x.add_argument("--models", default="felt,bare,light,box,table")
        x.add_argument("--start", type=int, default=5000)
        x.add_argument("--count", type=int, default=420 if x is s else 60)
        x.add_argument("--held", action="store_true", help="allow held-out models and seeds")
    s.add_argument("--reading", choices=READINGS, default="modelled")
    s.add_argument("--learnt", action="store_true")
    s.add_argument("--list", action="store_true", help="name the missed and false traces")
    s.add_argument("--save")
    d = sub.add_parser("diff")
    d.add_argument("a")
    d.add_argument("b")
    sub.add_parser("cost")
    sub.add_parser("calibration")
    h = sub.add_parser("heappaths")
    h.add_argument("--lengths", default="12-96/6", help="root path lengths LO-HI/STEP")
    h.add_argument("--modules", help="default: every module of HEAP_K")
    h.add_argument("--need", action="store_true", help="find each module's smallest heap (64 B steps)")
    a = p.parse_args(argv)
    {"score": cmd_score, "diff": cmd_diff, "quick": cmd_quick, "cost": cmd_cost, "calibration": cmd_calibration,
     "heappaths": cmd_heappaths}[a.cmd](a)
    return 0


if __name__ == "__main__":
    sys.exit(main())

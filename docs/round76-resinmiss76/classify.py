"""Round 76 (resinmiss76): every resin throw at a reading, found or lost,
with its tray's build; each lost one classed by the detector stage that
lost it (round 75's snapmiss75 classify.py, for resin).

  python docs/round76-resinmiss76/classify.py RUN.json OUT.jsonl [--reading 400|modelled|200|100]

RUN.json: a `bench.tuning score --save` run holding resin (e.g.
/tmp/t80/resin400.json). Each trace with a lost throw is generated again as
the run read it and run through instr.ITray (its output checked equal to
the run's). instr.py is round 75's, imported from docs/round75-snapmiss75/.
"""
import json
import math
import os
import random
import sys
from multiprocessing import Pool

import numpy as np

# round 75's instr.py (and windows.py), used as they are, not copied
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round75-snapmiss75"))

from dicetray_host.traces import ensemble, resin                   # noqa: E402
from dicetray_host.traces.resin_world import draw_tray              # noqa: E402
from dicetray_host.traces.scoring import match, MATCH_MS            # noqa: E402

READ = {"400": dict(ensemble.BOARD_READING, rate_hz=400), "200": dict(ensemble.BOARD_READING, rate_hz=200),
        "100": dict(ensemble.BOARD_READING, rate_hz=100), "modelled": {}}


def build(kind, seed):
    t = draw_tray(random.Random("resin/%s/%d" % (kind, seed)))
    m = t["mount"]
    flip = bool(m[2][2] < 0)
    # the quarter turn: the board's x axis in the tray's plane
    turn = int(round(math.degrees(math.atan2(m[0][1], m[0][0])) / 90.0)) % 4
    return {"insert": t["insert"], "surface": t["surface"], "table": t["table"], "mode": t["mode"],
            "rate": t["rate"], "range": t["range"], "die_g": round(t["die"][1] * 1000, 1),
            "die_mm": round(t["die"][0] * 1000), "cup": t["cup"], "M": round(t["M"], 2),
            "R_mm": round(t["R"] * 1000), "sy_mm": round(t["sy"] * 1000), "seat_hz": round(t["seat"][0]),
            "seat_z": round(t["seat"][1], 2), "rock_hz": round(t["rock"][0]), "strength": round(t["strength"], 2),
            "flip": flip, "turn": turn * 90, "tab1": round(t["tab_modes"][0][0]), "tab2": round(t["tab_modes"][1][0])}


def _gen(kind, seed, reading, oracle=True):
    logged = []
    orig = resin._throw

    def logthrow(sc, t, n, hard):
        r = orig(sc, t, n, hard)
        logged.append((round(r[0] * 1000), n, hard))
        return r
    resin._throw = logthrow
    try:
        tr = ensemble.generate("resin", kind, seed, oracle=oracle, **reading)
    finally:
        resin._throw = orig
    return tr, logged


def loud(tr, ts):
    t = np.asarray(tr.t_ms)
    a = np.stack([tr.x, tr.y, tr.z], 1).astype(float)
    pre = (t >= ts - 150) & (t < ts - 20)
    base = a[pre].mean(0) if pre.any() else a[t < ts][-10:].mean(0)
    w = (t >= ts - 10) & (t <= ts + 300)
    if not w.any():
        return 0, 0
    h = np.abs(a[w] - base)
    return int(h.sum(1).max()), int(h[:, 2].max())


def classify_one(args):
    name, entry, reading = args
    from dicetray.tray.traycfg import apply
    from dicetray_host.traces.detecting import detect
    from instr import ITray
    model, kind, seed = name.split("/")
    seed = int(seed)
    truth = [tuple(x) for x in entry["throws"]]
    pairs, _ = match(truth, entry["out"]["throws"])
    found = {ts for (ts, _), _ in pairs}
    tr, logged = _gen(kind, seed, READ[reading])
    b = build(kind, seed)
    rows = []
    lost = [x for x in truth if x[0] not in found]
    wins = samples = None
    if lost:
        tray = ITray()
        apply(tray, None)
        out = detect(tr.rows(), tray=tray, keys=tr.keys)
        assert out == entry["out"], name
        wins, samples = tray.wins, tray.samples
    for i, (ts, te) in enumerate(truth):
        lg = [x for x in logged if abs(x[0] - ts) <= 5]
        nd, hard = (lg[0][1], lg[0][2]) if lg else (None, None)
        lm, lz = loud(tr, ts)
        row = dict(name=name, kind=kind, seed=seed, ts=ts, te=te, dice=nd, hard=hard, loud=lm, loud_z=lz,
                   found=ts in found, **b)
        if ts not in found:
            row.update(why(ts, wins, samples, tr))
        rows.append(row)
    return rows


def why(ts, wins, samples, tr):
    near = [w for w in wins if abs(w["t0"] - ts) <= MATCH_MS]
    if near:
        w = near[0]
        if w["outcome"] == "THROW":
            cls = "window a throw, start %d ms off" % (w.get("start_ms", w["t0"]) - ts)
        elif w["outcome"] == "refused":
            cls = "refused: " + w["tag"]
        else:
            cls = "window " + (w["outcome"] or "open at end")
        return dict(cls=cls, win={k: v for k, v in w.items()})
    inside = [w for w in wins if w["t0"] < ts - MATCH_MS and (w["end_t"] is None or w["end_t"] > ts)]
    if inside:
        w = inside[-1]
        return dict(cls="inside another window (%s%s)" % (
            w["outcome"], (": " + w["tag"]) if w.get("tag") else ""), win=w, win_t0=w["t0"])
    st = [s for s in samples if s[0] <= ts]
    s0 = st[-1] if st else samples[0]
    span = [s for s in samples if ts <= s[0] <= ts + MATCH_MS]
    if s0[1] != 0:
        return dict(cls="in a settle's wait (state %d)" % s0[1])
    onset = max(30, 4 * s0[3])
    top = max(s[2] for s in span) if span else 0
    rest = ts - s0[4]
    if top <= onset:
        cls = "no window: under the onset level"
    elif rest < 300:
        cls = "no window: over the onset, no rest before (%s)" % ("under 6 x" if top <= 6 * onset else "over 6 x")
    else:
        cls = "no window: over the onset, rested (armed %d)" % s0[5]
    return dict(cls=cls, sta_top=top, onset=onset, rest_ms=rest)


def main():
    run, out = sys.argv[1], sys.argv[2]
    reading = "400"
    if "--reading" in sys.argv:
        reading = sys.argv[sys.argv.index("--reading") + 1]
    with open(run) as f:
        saved = json.load(f)["default"]
    jobs = [(n, e, reading) for n, e in saved.items() if n.startswith("resin/") and e["throws"]]
    with Pool(2) as pool:
        res = pool.map(classify_one, jobs, chunksize=4)
    with open(out, "w") as f:
        for rows in res:
            for r in rows:
                f.write(json.dumps(r, default=str) + "\n")


if __name__ == "__main__":
    main()

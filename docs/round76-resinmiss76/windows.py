"""Round 75 (snapmiss75): every window the detector opens, with its figures
and verdict (instr.ITray), on the given models' traces, labelled with what
the trace holds there (a throw's landing within 150 ms, or the trace's kind).

  python docs/round75-snapmiss75/windows.py OUT.jsonl MODELS START COUNT [READING [KINDS]]
"""
import json
import sys
from multiprocessing import Pool

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from dicetray_host.traces import ensemble                          # noqa: E402

READ = {"400": dict(ensemble.BOARD_READING, rate_hz=400), "200": dict(ensemble.BOARD_READING, rate_hz=200),
        "100": dict(ensemble.BOARD_READING, rate_hz=100), "modelled": {}}


def one(job):
    model, kind, seed, reading = job
    from dicetray.tray.traycfg import apply
    from dicetray_host.traces.detecting import detect
    from instr import ITray
    tr = ensemble.generate(model, kind, seed, **READ[reading])
    tray = ITray()
    apply(tray, None)
    detect(tr.rows(), tray=tray, keys=tr.keys)
    out = []
    for w in tray.wins:
        near = [ts for ts, te in tr.throws if abs(w["t0"] - ts) <= 150]
        inside = [ts for ts, te in tr.throws if ts - 150 < w["t0"] <= te + 300]
        keyn = [d for d, u in tr.keys if d - 60 <= w["t0"] <= u + 200]
        lab = "throw" if near else ("in-throw" if inside else ("key" if keyn else kind))
        w = dict(w, model=model, kind=kind, seed=seed, label=lab)
        out.append(w)
    return out


def main():
    out, models, start, count = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
    reading = sys.argv[5] if len(sys.argv) > 5 else "400"
    only = sys.argv[6].split(",") if len(sys.argv) > 6 else None
    jobs = []
    for m in models:
        ks = ensemble.kinds(m)
        jobs += [(m, ks[i % len(ks)], start + i, reading) for i in range(count)
                 if only is None or ks[i % len(ks)] in only]
    with Pool(2) as pool:
        res = pool.map(one, jobs, chunksize=6)
    with open(out, "w") as f:
        for ws in res:
            for w in ws:
                f.write(json.dumps(w) + "\n")


if __name__ == "__main__":
    main()

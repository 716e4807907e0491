"""Round 76 (resinmiss76): the two-strike shapes round 23's weaker-release
clause (impacts.py `_press_release`) reads, with the second strike's share
of the first: on keys traces with no key fed in (each press and release a
key's, untold), and on throw traces with the keys told.

  python docs/round76-resinmiss76/ratios.py OUT.jsonl MODELS START COUNT [READING] [untold|told]
"""
import json
import sys
from multiprocessing import Pool

from dicetray.tray import impacts as I
from dicetray_host.traces import ensemble
from dicetray_host.traces.detecting import detect

READ = {"400": dict(ensemble.BOARD_READING, rate_hz=400), "200": dict(ensemble.BOARD_READING, rate_hz=200),
        "100": dict(ensemble.BOARD_READING, rate_hz=100), "modelled": {}}


def strikes(tray):
    imps = tray._imps
    n = tray._imp_n
    k = n if n < I._IMP_N else I._IMP_N
    pts = [(imps[i << 2], imps[(i << 2) + 1]) for i in range(k)]
    if n <= I._IMP_N:
        pts.append((imps[I._CUR_T] - tray._cand_t0, imps[I._CUR_M]))
    out = []
    for at, m in pts:
        if out and at - out[-1][0] < I._MERGE_MS:
            if m > out[-1][1]:
                out[-1][1] = m
            continue
        out.append([at, m])
    return out


def one(job):
    model, kind, seed, reading, told = job
    tr = ensemble.generate(model, kind, seed, **READ[reading])
    log = []
    orig = I.Impacts._press_release

    def pr(self):
        r = orig(self)
        s = strikes(self)
        if len(s) == 2 and s[1][0] - s[0][0] >= 80:
            log.append(dict(model=model, kind=kind, seed=seed, t0=self._cand_t0, t=self._t, m0=s[0][1], m1=s[1][1],
                            gap=s[1][0] - s[0][0], ratio=round(s[1][1] / max(1, s[0][1]), 3), res=r,
                            lie=self._cand_t0 < self._imps[54], fp=self._imps[I._FINGER_PEAK]))
        return r
    I.Impacts._press_release = pr
    try:
        out = detect(tr.rows(), keys=tr.keys if told else None)
    finally:
        I.Impacts._press_release = orig
    for d in log:
        d["throw"] = any(abs(d["t0"] - ts) <= 150 for ts, _ in tr.throws)
        d["key"] = any(a - 60 <= d["t0"] <= b + 200 for a, b in tr.keys)
        d["found"] = any(abs(o["start_ms"] - d["t0"]) <= 150 for o in out["throws"])
    return log


def main():
    out, models, start, count = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
    reading = sys.argv[5] if len(sys.argv) > 5 else "400"
    told = (sys.argv[6] if len(sys.argv) > 6 else "untold") == "told"
    jobs = []
    for m in models:
        ks = ensemble.kinds(m)
        for i in range(count):
            k = ks[i % len(ks)]
            if told or k == "keys":
                jobs.append((m, k, start + i, reading, told))
    with Pool(2) as pool:
        res = pool.map(one, jobs, chunksize=4)
    with open(out, "w") as f:
        for r in res:
            for d in r:
                f.write(json.dumps(d) + "\n")


if __name__ == "__main__":
    main()

"""Round 76 (knock76): every window the detector opens (round 75's instr.ITray,
which names the refusing rule), with the fast part (hx, hy, hz as _candidate
sees them) of its first 450 ms kept, labelled as windows.py labels it.

  python docs/round76-knock76/kwin.py OUT.jsonl MODELS START COUNT [READING [KINDS]]
"""
import json
import sys
from multiprocessing import Pool

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/round75-snapmiss75")

from dicetray_host.traces import ensemble                          # noqa: E402

READ = {"400": dict(ensemble.BOARD_READING, rate_hz=400), "200": dict(ensemble.BOARD_READING, rate_hz=200),
        "100": dict(ensemble.BOARD_READING, rate_hz=100), "modelled": {}}


def one(job):
    model, kind, seed, reading = job
    from dicetray.tray.traycfg import apply
    from dicetray_host.traces.detecting import detect
    from instr import ITray

    class KTray(ITray):
        def _candidate(self, dt, hx, hy, hz, mag):
            c = self.cur
            if c is not None and c.get("end_t") is None and self._t - self._cand_t0 <= 450:
                c.setdefault("s", []).append((self._t - self._cand_t0, dt, hx, hy, hz))
            return ITray._candidate(self, dt, hx, hy, hz, mag)

        def _pattern(self, span, dt):
            r = ITray._pattern(self, span, dt)
            if self.cur is not None:
                self._jfigs(dt)
            return r

        def _table_rings(self, dt):
            r = ITray._table_rings(self, dt)
            if self.cur is not None:
                self.cur["j"]["table_rings"] = r
            return r

        def _jfigs(self, dt):
            from dicetray.tray import throws as th
            imps = self._imps
            c = {}
            self.cur["j"] = c
            c["dt"] = dt
            c["span"] = self._t - self._cand_t0
            for k in ("peak", "low_peak", "imp_n", "rises", "energy", "upright", "energy_half", "throw_peak"):
                c[k] = getattr(self, "_" + k)
            c["tail"] = self._tail_t - self._cand_t0
            c["ring_d"], c["ring_z"], c["ring_key"] = imps[th._RING], imps[th._RING + 1], imps[th._RING_KEY]
            c["floor"] = self._floor >> th._FLOOR_FX
            c["spiked"] = self._spiked()
            c["edge"] = [imps[i] for i in (th._EDGE_D, th._EDGE_Z, th._EDGE_C, th._EDGE_M, th._EDGE_N)]
            c["big"] = [list(imps[i:i + 4]) for i in range(0, self._imp_n * 4, 4)]
            c["band"] = imps[th._BAND]

    tr = ensemble.generate(model, kind, seed, **READ[reading])
    tray = KTray()
    apply(tray, None)
    detect(tr.rows(), tray=tray, keys=tr.keys)
    out = []
    for w in tray.wins:
        near = [ts for ts, te in tr.throws if abs(w["t0"] - ts) <= 150]
        inside = [ts for ts, te in tr.throws if ts - 150 < w["t0"] <= te + 300]
        keyn = [d for d, u in tr.keys if d - 60 <= w["t0"] <= u + 200]
        lab = "throw" if near else ("in-throw" if inside else ("key" if keyn else kind))
        out.append(dict(w, model=model, kind=kind, seed=seed, label=lab))
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

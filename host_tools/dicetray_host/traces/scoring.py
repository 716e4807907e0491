"""Score the detector against labels: the bench's figures and `dicetray detect --score`.

Labels are the JSON `dicetray traces` writes and a user writes for a
recorded trace (docs/throw-detection.md, "Labels"):

    {"throws": [{"start_ms": 1200, "settled_ms": 2950}],
     "keys": [{"down_ms": 5100, "up_ms": 5210}],
     "topples": [4400],
     "tilt": [{"start_ms": 9000, "end_ms": null}]}

Only "throws" is required. A detected throw matches a true one when its
start is within MATCH_MS; each true throw takes the first unused detection.
"""
import statistics

MATCH_MS = 150
EARLY_MS = 50           # a settle more than this before the dice are still is early
KEY_NEAR_MS = 500       # a false throw this close after a key contact is blamed on it
# ... or this close before it: the finger's touch pushes the cap down to the
# contact for up to 50 ms (traces/happenings.py key()), and a window the
# touch opened starts then, before the contact the labels give
KEY_TOUCH_MS = 50
TOPPLE_MS = 600         # EV_MOVED within this after a topple reports it


class LabelError(ValueError):
    """Labels that cannot be scored; the message says what is wrong."""


def read_labels(data, name="labels"):
    """(throws, keys, topples, tilts) as lists of ints/tuples, checked."""
    if not isinstance(data, dict) or not isinstance(data.get("throws"), list):
        raise LabelError("%s: expected an object with a list \"throws\"" % name)

    def ms(v, what, none_ok=False):
        if v is None and none_ok:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise LabelError("%s: %s must be a whole number of ms, got %r" % (name, what, v))
        return v
    throws = []
    for i, th in enumerate(data["throws"]):
        if not isinstance(th, dict):
            raise LabelError("%s: throws[%d] must be an object" % (name, i))
        a = ms(th.get("start_ms"), "throws[%d].start_ms" % i)
        b = ms(th.get("settled_ms"), "throws[%d].settled_ms" % i, True)
        if b is not None and b < a:
            raise LabelError("%s: throws[%d] settles before it starts" % (name, i))
        throws.append((a, b))
    keys = []
    for i, k in enumerate(data.get("keys", [])):
        if not isinstance(k, dict):
            raise LabelError("%s: keys[%d] must be an object" % (name, i))
        d = ms(k.get("down_ms"), "keys[%d].down_ms" % i)
        u = ms(k.get("up_ms", d), "keys[%d].up_ms" % i)
        keys.append((d, u))
    topples = [ms(v, "topples[%d]" % i) for i, v in enumerate(data.get("topples", []))]
    tilts = []
    for i, tl in enumerate(data.get("tilt", [])):
        if not isinstance(tl, dict):
            raise LabelError("%s: tilt[%d] must be an object" % (name, i))
        tilts.append((ms(tl.get("start_ms"), "tilt[%d].start_ms" % i),
                      ms(tl.get("end_ms"), "tilt[%d].end_ms" % i, True)))
    return throws, keys, topples, tilts


def match(truth, found):
    used = set()
    pairs = []
    for ts, te in truth:
        for j, d in enumerate(found):
            if j not in used and abs(d["start_ms"] - ts) <= MATCH_MS:
                used.add(j)
                pairs.append(((ts, te), d))
                break
    return pairs, [d for j, d in enumerate(found) if j not in used]


def _overlap(a, b):
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


class Score:
    """Figures summed over traces."""

    def __init__(self):
        self.true = self.found = self.matched = 0
        self.false_by = {}
        self.latency = []
        self.early = 0
        self.early_heard = None   # counted when the bench gives the oracle's heard stills
        self.unsettled = 0
        self.topples = self.topples_seen = self.moved_other = 0
        self.tilt_inter = self.tilt_union = 0
        self.ms_other = 0
        self.misses = []
        self.falses = []

    def add(self, kind, duration_ms, truth, keys, topples, tilts, out, name="", heard=None):
        """heard: per true throw, when the dice were last heard (traces/heard.py), or None."""
        found = out["throws"]
        last_heard = dict(zip(truth, heard)) if heard is not None else None
        if heard is not None and self.early_heard is None:
            self.early_heard = 0
        pairs, extra = match(truth, found)
        self.true += len(truth)
        self.found += len(found)
        self.matched += len(pairs)
        if not truth:
            self.ms_other += duration_ms
        if len(pairs) < len(truth):
            self.misses.append(name)
        for d in extra:
            self.falses.append(name)
            cause = self._cause(kind, d["start_ms"], truth, keys, topples)
            self.false_by[cause] = self.false_by.get(cause, 0) + 1
        for (ts, te), d in pairs:
            if te is None:
                continue
            if d["settled_ms"] is None:
                self.unsettled += 1
                continue
            lat = d["settled_ms"] - te
            self.latency.append(lat)
            if lat < -EARLY_MS:
                self.early += 1
            if last_heard is not None and d["settled_ms"] < last_heard[(ts, te)] - EARLY_MS:
                self.early_heard += 1
        for tp in topples:
            self.topples += 1
            if any(tp - 50 <= m["at_ms"] <= tp + TOPPLE_MS for m in out.get("moved", ())):
                self.topples_seen += 1
        self.moved_other += sum(1 for m in out.get("moved", ())
                                if not any(tp - 50 <= m["at_ms"] <= tp + TOPPLE_MS for tp in topples))
        end = duration_ms
        det = [(d["start_ms"], d["end_ms"] if d["end_ms"] is not None else end) for d in out["tilt"]]
        tru = [(a, b if b is not None else end) for a, b in tilts]
        inter = sum(_overlap(a, b) for a in tru for b in det)
        self.tilt_inter += inter
        self.tilt_union += sum(b - a for a, b in tru) + sum(b - a for a, b in det) - inter

    @staticmethod
    def _cause(kind, t, truth, keys, topples):
        if any(-KEY_TOUCH_MS <= t - d <= KEY_NEAR_MS or 0 <= t - u <= KEY_NEAR_MS for d, u in keys):
            return "keys"
        if any(abs(t - tp) <= KEY_NEAR_MS for tp in topples):
            return "topple"
        if any(a <= t <= (b or a) + 1000 for a, b in truth):
            return "split"
        return kind

    # -- figures ----------------------------------------------------------
    def recall(self):
        return 100.0 * self.matched / self.true if self.true else 100.0

    def precision(self):
        return 100.0 * self.matched / self.found if self.found else 100.0

    def p95(self):
        v = sorted(self.latency)
        return v[min(len(v) - 1, int(0.95 * len(v)))] if v else 0

    def median(self):
        return statistics.median(self.latency) if self.latency else 0

    def iou(self):
        return self.tilt_inter / self.tilt_union if self.tilt_union else 1.0

    def falses_text(self):
        if not self.false_by:
            return "none"
        return ", ".join("%s %d" % kv for kv in sorted(self.false_by.items(), key=lambda kv: -kv[1]))

    def rows(self):
        heard = [] if self.early_heard is None else [
            ("settles > %d ms before last heard" % EARLY_MS, "%d" % self.early_heard)]
        return [
            ("throws true / detected / matched", "%d / %d / %d" % (self.true, self.found, self.matched)),
            ("recall", "%.2f %%" % self.recall()),
            ("precision", "%.2f %%" % self.precision()),
            ("false throws by cause", self.falses_text()),
            ("settles > %d ms before still" % EARLY_MS, "%d" % self.early),
        ] + heard + [
            ("settle latency median / p95", "%d / %d ms" % (self.median(), self.p95())),
            ("throws never settled", "%d" % self.unsettled),
            ("topples reported (EV_MOVED)", "%d / %d" % (self.topples_seen, self.topples)),
            ("EV_MOVED without a topple", "%d" % self.moved_other),
            ("tilt IoU", "%.3f" % self.iou()),
        ]

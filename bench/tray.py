"""`make bench` section: throw detection quality, cost per sample and RAM.

Generates traces (seeds from REPORT_SEED, a range the detector was not tuned
on), runs firmware/dicetray/tray.py over them and prints recall, precision,
false throws per hour by kind, settle latency, instructions per sample
(callgrind on the MicroPython unix port) and the detector's RAM.
"""
import os
import shutil
import statistics
import subprocess
import tempfile

from dicetray_host.paths import micropython_binary, micropython_env

MATCH_MS = 150
TUNE_SEEDS = ((0, 1119), (2000, 3399), (5000, 6399))   # corpus seeds the thresholds were tuned on
# 1,000,000..1,001,399 was the held-out range until its misses and its early
# settle were examined one by one (round 4): it counts as seen, not as tuning
# data, and the figures are now reported on a range no one has looked into.
SEEN_SEEDS = ((1_000_000, 1_001_399),)
REPORT_SEED = 7_000_000   # the figures are reported on these
COUNT = 1400


def match(truth, found):
    """Greedy in time: each true throw takes the first unused detection within MATCH_MS."""
    used = set()
    pairs = []
    for ts, te in truth:
        for j, d in enumerate(found):
            if j not in used and abs(d["start_ms"] - ts) <= MATCH_MS:
                used.add(j)
                pairs.append(((ts, te), d))
                break
    return pairs, len(found) - len(used)


def evaluate(traces):
    from dicetray_host.traces.detecting import detect
    from dicetray_host.traces.model import THROW_KINDS
    res = {"true": 0, "found": 0, "matched": 0, "false": 0, "latency": [], "early": 0,
           "unsettled": 0, "per_kind": {}, "misses": [], "falses": [], "tilt_true": 0,
           "tilt_found": 0, "tilt_matched": 0, "per_rate": {}}
    for tr in traces:
        out = detect(tr.rows())
        found = out["throws"]
        pairs, false = match(tr.throws, found)
        res["true"] += len(tr.throws)
        res["found"] += len(found)
        res["matched"] += len(pairs)
        res["false"] += false
        k = res["per_kind"].setdefault(tr.kind, {"false": 0, "ms": 0, "true": 0, "matched": 0})
        k["false"] += false
        k["true"] += len(tr.throws)
        k["matched"] += len(pairs)
        if tr.kind not in THROW_KINDS:
            k["ms"] += tr.duration_ms
        r = res["per_rate"].setdefault(tr.rate_hz, [0, 0])
        r[0] += len(tr.throws)
        r[1] += len(pairs)
        if len(pairs) < len(tr.throws):
            res["misses"].append(tr)
        if false:
            res["falses"].append(tr)
        for (ts, te), d in pairs:
            if d["settled_ms"] is None:
                res["unsettled"] += 1
                continue
            lat = d["settled_ms"] - te
            res["latency"].append(lat)
            if lat < 0:
                res["early"] += 1
        res["tilt_true"] += len(tr.tilts)
        res["tilt_found"] += len(out["tilt"])
        for ts, te in tr.tilts:
            if any(ts <= d["start_ms"] <= ts + 2000 for d in out["tilt"]):
                res["tilt_matched"] += 1
    return res


def _pct(a, b):
    return 100.0 * a / b if b else 100.0


def _p95(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))] if values else 0


def quality_table(res):
    rows = []
    recall = _pct(res["matched"], res["true"])
    precision = _pct(res["matched"], res["found"])
    rows.append(("throws (true / detected / matched)", "%d / %d / %d"
                 % (res["true"], res["found"], res["matched"]), ""))
    rows.append(("recall", "%.2f %%" % recall, ">= 99.5 %"))
    rows.append(("precision", "%.2f %%" % precision, ">= 99.5 %"))
    other_ms = sum(k["ms"] for k in res["per_kind"].values())
    other_false = sum(k["false"] for n, k in res["per_kind"].items() if k["ms"])
    rows.append(("false throws per hour of non-throw activity",
                 "%.1f (%d in %.2f h)" % (other_false / (other_ms / 3.6e6), other_false, other_ms / 3.6e6),
                 ""))
    for name, k in sorted(res["per_kind"].items()):
        if k["ms"]:
            rows.append(("  %s" % name, "%d false in %.0f min (%.1f/h)"
                         % (k["false"], k["ms"] / 60000.0, k["false"] / (k["ms"] / 3.6e6)),
                         "0" if name == "keys" else ""))
    for name, k in sorted(res["per_kind"].items()):
        if not k["ms"]:
            rows.append(("  %s recall" % name, "%.2f %% (%d/%d), %d false"
                         % (_pct(k["matched"], k["true"]), k["matched"], k["true"], k["false"]), ""))
    for rate, (true, matched) in sorted(res["per_rate"].items()):
        if true:
            rows.append(("  recall at %d Hz" % rate, "%.2f %% (%d/%d)" % (_pct(matched, true), matched, true), ""))
    lat = res["latency"]
    if lat:
        rows.append(("settle latency median", "%d ms" % statistics.median(lat), ""))
        rows.append(("settle latency p95", "%d ms" % _p95(lat), "<= 300 ms"))
        rows.append(("settle latency max", "%d ms" % max(lat), ""))
    rows.append(("settles reported before truly still", "%d" % res["early"], "0"))
    rows.append(("throws not settled by the end of the trace", "%d" % res["unsettled"], ""))
    rows.append(("tilt intervals (true / detected / started within 2 s)", "%d / %d / %d"
                 % (res["tilt_true"], res["tilt_found"], res["tilt_matched"]), ""))
    return rows


def print_table(rows):
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print("%-*s  %-*s  %s" % (w0, "measure", w1, "value", "target"))
    for a, b, c in rows:
        print("%-*s  %-*s  %s" % (w0, a, w1, b, c))


# ---------------------------------------------------------------- cost

_RUNNER = """
import gc
from dicetray.tray.throws import Tray
rows = []
with open(%r) as f:
    f.readline()
    for line in f:
        a = line.split(',')
        rows.append((int(a[0]), int(a[1]), int(a[2]), int(a[3])))
n = %d
gc.collect()
before = gc.mem_alloc()
tray = Tray()
gc.collect()
ram = gc.mem_alloc() - before
events = 0
feed = tray.feed
i = 0
m = len(rows)
while i < n:
    t, x, y, z = rows[i %% m]
    if feed(t + (i // m) * 100000, x, y, z):
        events += 1
    i += 1
gc.collect()
print(ram, gc.mem_alloc() - before, events)
"""


def _run_mp(script, wrap=None):
    env = micropython_env()
    cmd = [micropython_binary(), "-X", "heapsize=4m", script]
    if wrap:
        cmd = wrap + cmd
    return subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)


def cost(trace_path, tmp):
    """(instructions per sample or None, RAM short, RAM long)."""
    out = {}
    for n in (2000, 20000):
        script = os.path.join(tmp, "run_%d.py" % n)
        with open(script, "w") as f:
            f.write(_RUNNER % (trace_path, n))
        ram, after, _ = _run_mp(script).stdout.split()
        out[n] = (int(ram), int(after))
    instr = None
    if shutil.which("valgrind"):
        counts = {}
        for n in (2000, 4000):
            script = os.path.join(tmp, "run_%d.py" % n)
            with open(script, "w") as f:
                f.write(_RUNNER % (trace_path, n))
            cg = os.path.join(tmp, "cg.%d" % n)
            _run_mp(script, ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg])
            counts[n] = _callgrind_total(cg)
        # The parse loop costs too: measure it alone and take it off.
        base = {}
        for n in (2000, 4000):
            script = os.path.join(tmp, "base_%d.py" % n)
            with open(script, "w") as f:
                f.write(_RUNNER.replace("feed(t + (i // m) * 100000, x, y, z)", "t + (i // m) * 100000")
                        % (trace_path, n))
            cg = os.path.join(tmp, "cgb.%d" % n)
            _run_mp(script, ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg])
            base[n] = _callgrind_total(cg)
        instr = ((counts[4000] - counts[2000]) - (base[4000] - base[2000])) / 2000.0
    return instr, out[2000], out[20000]


def _callgrind_total(path):
    with open(path) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("no totals in %s" % path)


def run(count=COUNT, seed=REPORT_SEED):
    from dicetray_host.traces.model import corpus, generate, write_csv
    traces = corpus(count, seed)
    samples = sum(len(t.t_ms) for t in traces)
    hours = sum(t.duration_ms for t in traces) / 3.6e6
    print("%d generated traces (seeds %d..%d), %d samples, %.2f h, rates 100/200/400 Hz, "
          "ranges 2/4/8 g" % (count, seed, seed + count - 1, samples, hours))
    res = evaluate(traces)
    print_table(quality_table(res))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.csv")
        write_csv(generate("throw6_hard", seed, rate_hz=400, range_g=8), path)
        try:
            instr, short, long_ = cost(path, tmp)
        except (OSError, subprocess.CalledProcessError) as exc:
            print("cost: MicroPython unix port did not run (%s)" % exc)
            return
    rows = []
    if instr is None:
        rows.append(("instructions per sample (callgrind)", "skipped: valgrind not installed",
                     "<= 20000"))
    else:
        rows.append(("instructions per sample (callgrind, unix port)", "%d" % instr, "<= 20000"))
    rows.append(("detector RAM after Tray() (gc.mem_alloc)", "%d bytes" % short[0], ""))
    rows.append(("heap growth after 2,000 samples", "%d bytes" % (short[1] - short[0]), "constant"))
    rows.append(("heap growth after 20,000 samples", "%d bytes" % (long_[1] - long_[0]), "constant"))
    print_table(rows)

"""Quick re-throws (round 42): a throw, a face keyed, the dice picked up and thrown again at once.

In pig (and the other games) a player keys the face, picks the die up and
throws again: the next throw lands 1.2-2.5 s after the last one was still,
inside the detector's moved window (throws.py, _MOVED_WINDOW_MS). The
models' own throw traces keep their throws 2.5 s or more apart, so this
module splices one from four traces of the same tray, each made by
ensemble.generate() (no model's internals: it works on any model of the
ensemble, held-out ones too):

1. a throw trace (its first throw), cut 300-600 ms after its dice are still
   (its labels);
2. a face key: the first key of the tray's "keys" trace, from 100 ms before
   its contact (the finger's touch comes up to 50 ms before it) to 150 ms
   after its release (less if the next key comes sooner);
3. the hand picking the dice up: the tray's "pick" trace from 100 ms before
   the fingers first move it (found in the samples: 5 noise widths off the
   rest level) for as long as the gap leaves (none if it leaves none);
4. a second throw trace from 250-500 ms (at least 50 ms) before its first
   throw lands, to 500 ms before its own second throw (or its end): its
   dice land G seconds after the first throw's were still (to half a
   sample interval; table's own irregular sampling: up to 6 ms). Where
   its trace has less rest before the dice land than it takes (no pick,
   or a pick shorter than the gap leaves), rest from the pick trace
   before the fingers move comes before it (a piece of kind "rest").

Every piece is generated at the first throw's rate and range (and the
reading asked for). Each piece after the first is shifted to the first's
rest level (gravity and offset): the level of the 60 ms before the piece
in its own trace (rest in each of them) is matched to the first throw's
last 60 ms (the dice still), rounded to the sensor's step, so the joins
have no step over the noise. Sample times keep each trace's own intervals.
"felt" has no trays (model.generate() draws each trace's own): its pieces
come from four trays, levels matched the same way.

Labels: both throws (and any throw, key or topple of the pieces that lies in
what is kept), the face key's contact. Deterministic from (model, seed,
gap, reading); the same seed at every gap shares its four pieces.
"""
import random
from bisect import bisect_left
from functools import reduce
from math import gcd

from dicetray_host.traces import ensemble
from dicetray_host.traces.model import THROW_KINDS, Trace

GAPS_S = (1.2, 1.8, 2.4, 3.5)   # the bench's gaps: still -> the next dice land
CUT_S = (0.3, 0.6)              # the face keyed this long after the dice are still
KEY_BEFORE_S = 0.1              # the key piece: from this before its contact ...
KEY_AFTER_S = 0.15              # ... to this after its release
PICK_BEFORE_S = 0.1             # the pick piece starts this before the fingers move
AIR_S = (0.25, 0.5)             # the hand's throw: quiet before the dice land ...
AIR_MIN_S = 0.05                # ... never less (the pick gives way first)
LEVEL_S = 0.06                  # the rest level: the mean of this long
ONSET_SIGMAS = 5.0              # the fingers' first move: this many noise widths off rest


def pieces(model, seed, rate_hz=None, range_g=None, sensor_mode=None):
    """The four traces one quick trace is spliced from, and its draws: a dict."""
    rng = random.Random("quick/%s/%d" % (model, seed))
    kind1 = rng.choice(THROW_KINDS)
    # the same dice thrown again, soft or hard anew
    kind2 = "%s_%s" % (kind1[:6], rng.choice(("soft", "hard")))
    first = ensemble.generate(model, kind1, seed, rate_hz, range_g, tray_seed=seed,
                              sensor_mode=sensor_mode)
    same = dict(rate_hz=first.rate_hz, range_g=first.range_g, tray_seed=seed,
                sensor_mode=sensor_mode)
    pick = ensemble.generate(model, "pick", seed, **same)
    return {
        "model": model, "seed": seed, "first": first,
        "keys": ensemble.generate(model, "keys", seed, **same),
        "pick": pick,
        # where the pick piece starts, before the fingers first move (every gap's)
        "pick_from": _index(pick, _onset(pick) - PICK_BEFORE_S * 1000.0),
        # seed + 1: kind2 may be kind1, and (kind, seed) is the throw
        "second": ensemble.generate(model, kind2, seed + 1, **same),
        "cut_s": rng.uniform(*CUT_S), "air_s": rng.uniform(*AIR_S),
    }


def generate(model, seed, gap_s, rate_hz=None, range_g=None, sensor_mode=None, pick=True):
    """One quick trace: the second throw's dice land gap_s after the first's are still.
    pick=False: no hand picks the dice up (the die thrown from where it was
    keyed: round 41's splices, a key and the next throw only)."""
    return assemble(pieces(model, seed, rate_hz, range_g, sensor_mode), gap_s, pick)


def assemble(p, gap_s, pick=True):
    first, keys, second = p["first"], p["keys"], p["second"]
    tr = Trace("quick", p["seed"], first.rate_hz, first.range_g)
    tr.model = p["model"]
    tr.gap_s = gap_s
    tr.picked = bool(pick)
    still1 = first.throws[0][1]
    land = still1 + gap_s * 1000.0             # where the second throw's dice land
    step = _step(first)
    cut = _index(first, still1 + p["cut_s"] * 1000.0)
    ref = _level(first, cut)
    out = _Out(tr)
    # 1. the first throw, to the cut
    out.add(first, 0, cut, (0, 0, 0))
    # 2. the face key
    kd, ku = keys.keys[0]
    k_end = ku + KEY_AFTER_S * 1000.0
    if len(keys.keys) > 1:
        k_end = min(k_end, keys.keys[1][0] - 60.0)
    a = _index(keys, kd - KEY_BEFORE_S * 1000.0)
    # at the shortest gaps the key's ring gives way to the hand's throw
    b = min(_index(keys, k_end), a + max(1, _fits(out, keys, a, land - AIR_MIN_S * 1000.0)))
    out.add(keys, a, b, _offset(keys, a, ref, step))
    # 3. the pick, for what the gap leaves
    if pick:
        pick, a = p["pick"], p["pick_from"]
        n = _fits(out, pick, a, land - max(AIR_MIN_S, p["air_s"]) * 1000.0)
        if n > 0:
            out.add(pick, a, a + n, _offset(pick, a, ref, step))
    # rest, where the second throw's trace has too little before its dice
    # land: the pick trace's before its fingers move, as often as it takes
    start2 = second.throws[0][0]
    lead = start2 - second.t_ms[0] - 2000.0 * LEVEL_S
    rest = p["pick"]
    r0 = _index(rest, rest.t_ms[0] + 2000.0 * LEVEL_S)
    r1 = p["pick_from"]
    while land - out.last > lead:
        n = min(r1 - r0, _fits(out, rest, r0, land - lead))
        if n <= 0:
            break
        out.add(rest, r0, r0 + n, _offset(rest, r0, ref, step), "rest")
    # 4. the second throw: its dice land at `land` (to half a sample interval):
    # the sample before its first is the one nearest to where the last one is
    end2 = second.throws[1][0] - 500.0 if len(second.throws) > 1 else second.t_ms[-1] + 1.0
    want = start2 - (land - out.last)
    a = _index(second, want)
    if a > 0 and abs(second.t_ms[a - 1] - want) < abs(second.t_ms[a] - want):
        a -= 1
    a += 1
    out.add(second, a, _index(second, end2), _offset(second, a, ref, step))
    tr.duration_ms = tr.t_ms[-1]
    tr.throws.sort()
    tr.keys.sort()
    tr.topples.sort()
    return tr


class _Out:
    """The quick trace being spliced: pieces joined at their own sample intervals."""

    def __init__(self, tr):
        self.tr = tr
        tr.joins = []          # (index of the first sample of each piece after the first, its kind)
        self.last = None

    def add(self, src, a, b, off, kind=None):
        tr = self.tr
        t0 = src.t_ms[a]
        if self.last is None:
            shift = 0
        else:
            gap = src.t_ms[a] - src.t_ms[a - 1] if a > 0 else src.t_ms[a + 1] - src.t_ms[a]
            shift = self.last + gap - t0
        hi = src.t_ms[b] if b < len(src.t_ms) else src.t_ms[-1] + 1
        if self.last is not None:
            tr.joins.append((len(tr.t_ms), kind or src.kind))
        for i in range(a, b):
            tr.t_ms.append(src.t_ms[i] + shift)
            tr.x.append(src.x[i] + off[0])
            tr.y.append(src.y[i] + off[1])
            tr.z.append(src.z[i] + off[2])
        self.last = tr.t_ms[-1]
        # the labels of what is kept: throws that start in it, keys whose
        # contact is in it (released by its end), topples in it
        tr.throws += [(s + shift, None if e is None else e + shift)
                      for s, e in src.throws if t0 <= s < hi]
        tr.keys += [(d + shift, min(u, hi - 1) + shift) for d, u in src.keys if t0 <= d < hi]
        tr.topples += [v + shift for v in src.topples if t0 <= v < hi]


def _fits(out, src, a, limit):
    """How many of src's samples from a, joined after out's last, come before limit (ms)."""
    gap = src.t_ms[a] - src.t_ms[a - 1]
    return sum(1 for t in src.t_ms[a:] if out.last + gap + (t - src.t_ms[a]) < limit)


def _index(src, t):
    """The first sample at or after t (ms)."""
    return bisect_left(src.t_ms, t)


def _step(src):
    """The sensor's step (mg): what every reading is a multiple of, apart from its offset."""
    return max(1, reduce(gcd, (abs(v - c[0]) for c in (src.x, src.y, src.z) for v in c[:2000]), 0))


def _level(src, i):
    """Mean (x, y, z) of the LEVEL_S before sample i."""
    n = max(3, int(LEVEL_S * src.rate_hz))
    lo = max(0, i - n)
    return tuple(sum(c[lo:i]) / float(i - lo) for c in (src.x, src.y, src.z))


def _offset(src, a, ref, step):
    """What moves src's rest just before sample a onto ref, in whole sensor steps."""
    lvl = _level(src, a)
    return tuple(int(round((r - v) / step)) * step for r, v in zip(ref, lvl))


def _onset(src):
    """When something first moves the tray in src (ms): ONSET_SIGMAS noise widths
    off the level of its first 300 ms (the pick traces start at rest)."""
    n = _index(src, src.t_ms[0] + 300.0)
    lim = []
    step = _step(src)
    for c in (src.x, src.y, src.z):
        m = sum(c[:n]) / float(n)
        sd = (sum((v - m) ** 2 for v in c[:n]) / float(n)) ** 0.5
        lim.append((m, ONSET_SIGMAS * sd + step))
    for i in range(n, len(src.t_ms)):
        if any(abs(c[i] - m) > w for c, (m, w) in zip((src.x, src.y, src.z), lim)):
            return src.t_ms[i]
    return src.t_ms[n]

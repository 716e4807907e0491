"""The detector modules' import heaps from firmware copies at many path lengths.

tests/test_tray_split.py imports each detector module from source in a small
heap (HEAP_K, its limits) from the tree's own path. The heap a module needs
to compile moves with the path's length (the strings of the module's path
and of sys.path sit in the heap, and move the holes the compiler's
allocations find), and not monotonically: a change that passes from one
worktree can fail from another (round 63: scale63; round 66: tips66 took
throws.py over its limit at 5 of 15 lengths; round 74: window.py at 4).
Rounds 63-74 checked this with a script kept in /tmp (heappaths, round 66),
lost since; this is that check, kept (round 75, cost75):

  python -m bench.tuning heappaths [--lengths 12-96/6] [--need] [--modules M,M]

copies firmware/ to ROOT/firmware for roots of each length (12, 18, ..., 96
characters: 15 lengths), imports each module there at its HEAP_K limit on
the unix port (as the test does: MICROPYPATH and sys.path the copy's
firmware folder) and prints, per module, the path lengths where it fails;
--need also finds the smallest heap each module imports in at each length
(64-byte steps) and prints its worst and best. The test
(tests/test_tray_split.py) runs the pass/fail part.
"""
import ast
import os
import random
import shutil
import string
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dicetray_host.paths import FIRMWARE, micropython_binary, micropython_env

LENGTHS = tuple(range(12, 97, 6))
SPLIT_TEST = Path(__file__).resolve().parents[1] / "tests" / "test_tray_split.py"
STEP = 64


def limits():
    """HEAP_K from tests/test_tray_split.py: module -> limit in KiB."""
    tree = ast.parse(SPLIT_TEST.read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "HEAP_K" for t in node.targets):
            return eval(compile(ast.Expression(node.value), str(SPLIT_TEST), "eval"), {})
    raise LookupError("HEAP_K not found in %s" % SPLIT_TEST)


def make_copies(lengths, base="/tmp", source=FIRMWARE):
    """{length: firmware folder} for a copy of firmware/ under a root of each
    length (the root's path, e.g. /tmp/hpk3xxxx: `length` characters; the
    firmware folder is ROOT/firmware, 9 more); SOURCE: the firmware folder
    copied."""
    out = {}
    for length in lengths:
        for _ in range(50):
            stem = os.path.join(base, "hp" + "".join(random.choice(string.ascii_lowercase) for _ in range(3)))
            if length < len(stem):
                raise ValueError("a root of %d characters is shorter than %s" % (length, stem))
            root = stem + "x" * (length - len(stem))
            try:
                os.mkdir(root)
            except FileExistsError:
                continue
            break
        else:
            raise RuntimeError("no free root of %d characters under %s" % (length, base))
        fw = os.path.join(root, "firmware")
        shutil.copytree(source, fw, ignore=shutil.ignore_patterns("__pycache__", "*.mpy"))
        out[length] = fw
    return out


def remove_copies(copies):
    for fw in copies.values():
        shutil.rmtree(os.path.dirname(fw), ignore_errors=True)


def imports(fw, module, heap_bytes):
    """Whether dicetray.tray.MODULE imports from source at FW in this heap,
    as tests/test_tray_split.py imports it."""
    code = "import gc, sys\nsys.path.insert(0, %r)\nimport dicetray.tray.%s\nprint('ok')\n" % (fw, module)
    out = subprocess.run([micropython_binary(), "-X", "heapsize=%d" % heap_bytes, "-c", code],
                         env=micropython_env(fw), capture_output=True, text=True, timeout=120)
    return out.stdout.strip() == "ok"


def need(fw, module, start):
    """The smallest heap (STEP bytes) the import passes in, searched from
    START (its limit) down or up; None past 32k either way."""
    lo, hi = None, None
    if imports(fw, module, start):
        hi = start
        step = 1024
        while lo is None:
            probe = hi - step
            if probe < start - 32 * 1024:
                return None
            if imports(fw, module, probe):
                hi = probe
                step *= 2
            else:
                lo = probe
    else:
        lo = start
        step = 1024
        while hi is None:
            probe = lo + step
            if probe > start + 32 * 1024:
                return None
            if imports(fw, module, probe):
                hi = probe
            else:
                lo = probe
                step *= 2
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if mid <= lo:
            mid = lo + STEP
        if imports(fw, module, mid):
            hi = mid
        else:
            lo = mid
    return hi


def check(heap_k=None, lengths=LENGTHS, modules=None, measure=False, workers=2):
    """{module: (fails, needs)}: fails, the path lengths whose copy does not
    import the module at its limit; needs, {length: smallest heap} with
    measure (else empty)."""
    heap_k = heap_k or limits()
    modules = modules or sorted(heap_k)
    copies = make_copies(lengths)
    try:
        jobs = [(m, n) for m in modules for n in lengths]
        with ThreadPoolExecutor(workers) as ex:
            if measure:
                got = list(ex.map(lambda j: need(copies[j[1]], j[0], heap_k[j[0]] * 1024), jobs))
                passed = [g is not None and g <= heap_k[m] * 1024 for g, (m, n) in zip(got, jobs)]
            else:
                passed = list(ex.map(lambda j: imports(copies[j[1]], j[0], heap_k[j[0]] * 1024), jobs))
                got = [None] * len(jobs)
    finally:
        remove_copies(copies)
    out = {m: ([], {}) for m in modules}
    for (m, n), ok, g in zip(jobs, passed, got):
        if not ok:
            out[m][0].append(n)
        if measure:
            out[m][1][n] = g
    return out


def report(result, heap_k=None):
    heap_k = heap_k or limits()
    lines = []
    for m, (fails, needs) in result.items():
        line = "%-8s limit %3dk" % (m, heap_k[m])
        if needs:
            known = {n: v for n, v in needs.items() if v is not None}
            if known:
                worst = max(known, key=lambda n: (known[n], n))
                best = min(known, key=lambda n: (known[n], n))
                line += "  needs %s-%s B (best at %d chars, worst at %d; %s B free at worst)" % (
                    "{:,}".format(known[best]), "{:,}".format(known[worst]), best, worst,
                    "{:,}".format(heap_k[m] * 1024 - known[worst]))
            if len(known) < len(needs):
                line += "  not found within 32k at %s" % sorted(set(needs) - set(known))
        line += "  fails %s" % fails
        lines.append(line)
    allfails = sorted(set(n for f, _ in result.values() for n in f))
    lines.append("heappaths: fails %s" % ("[]" if not allfails else
                                          ", ".join("%s at %s" % (m, f) for m, (f, _) in result.items() if f)))
    return "\n".join(lines)

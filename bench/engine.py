"""Rules engine benchmarks: replay speed on CPython and MicroPython, the
smallest MicroPython heap that replays the longest realistic records, and
the size of the engine's .mpy files."""
import io
import subprocess
import tempfile
import time
from pathlib import Path

from dicetray.engine.replay import replay
from dicetray_host.records.generate import random_game, record_text
from dicetray_host.paths import compiled_firmware, micropython_binary, micropython_env

# The shared twin's modules (what replay needs), as files under dicetray/.
ENGINE = ("engine/actions", "engine/rules", "engine/game", "engine/record",
          "engine/replay", "engine/strictjson", "games/__init__", "games/pig", "games/bank",
          "games/skulls", "games/sixdice")


def records(count, undo_rate, seed0=0):
    out = []
    for seed in range(seed0, seed0 + count):
        header, actions, _ = random_game(seed, undo_rate=undo_rate)
        out.append((record_text(header, actions), len(actions)))
    return out


def cpython_rate(texts):
    data = [(t.encode(), n) for t, n in texts]
    total = sum(n for _, n in data)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for raw, _ in data:
            replay(io.BytesIO(raw))
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return total / best


def micropython_rate(texts, folder):
    paths = []
    for i, (text, _) in enumerate(texts):
        path = Path(folder) / ("%d.jsonl" % i)
        path.write_text(text)
        paths.append(str(path))
    script = Path(__file__).parent / "mp" / "replay_timer.py"
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=512k", str(script), *paths],
                          capture_output=True, text=True, env=micropython_env(compiled_firmware()), check=True)
    micros = sum(int(x) for x in proc.stdout.split())
    return sum(n for _, n in texts) / (micros / 1e6)


def longest(game, players, opts, tries=40):
    """The longest finished game among a few seeds (a realistic long record)."""
    best = None
    for seed in range(tries):
        header, actions, live = random_game(seed, game=game, players=players, opts=opts, undo_rate=0.02)
        if live.over and (best is None or len(actions) > len(best[1])):
            best = (header, actions)
    return best


def fits(path, heap):
    env = micropython_env(compiled_firmware())
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=%d" % heap, "-c",
                           "import sys\nfrom dicetray.engine.replay_main import main\nmain(sys.argv[1])", str(path)],
                          capture_output=True, text=True, env=env)
    return proc.returncode == 0, proc.stdout.strip()


def smallest_heap(path):
    low, high = 4 * 1024, 256 * 1024
    ok, _ = fits(path, high)
    if not ok:
        return None
    while high - low > 512:
        mid = (low + high) // 2 // 256 * 256
        if fits(path, mid)[0]:
            high = mid
        else:
            low = mid
    return high


def run():
    with_undo = records(300, 0.04)
    some_undo = records(300, 0.01, seed0=2000)
    no_undo = records(300, 0.0, seed0=1000)
    with tempfile.TemporaryDirectory() as folder:
        rows = [
            ("CPython, records with undo (4%) and void", cpython_rate(with_undo)),
            ("CPython, records with undo (1%) and void", cpython_rate(some_undo)),
            ("CPython, records without undo", cpython_rate(no_undo)),
            ("MicroPython unix port (.mpy), with undo", micropython_rate(with_undo, folder)),
            ("MicroPython unix port (.mpy), without undo", micropython_rate(no_undo, folder)),
        ]
        print("Replay speed (actions per second; parse, CRC check and rules; target 100,000 on CPython)")
        for name, rate in rows:
            print("  %-46s %10s" % (name, "{:,.0f}".format(rate)))

        print("\nSmallest MicroPython heap (-X heapsize) that replays the longest realistic records")
        print("  (unix port is 64-bit: objects take about twice the RP2040's RAM; must fit in 64 KB)")
        cases = (("sixdice", 8, {}, "8 players, six dice to the end of the elimination phase"),
                 ("bank", 8, {"rounds": 20}, "8 players, bank, 20 rounds"),
                 ("pig", 8, {}, "8 players, pig, 5 circuits"),
                 ("skulls", 8, {}, "8 players, skulls, 6 rounds"))
        for game, players, opts, label in cases:
            header, actions = longest(game, players, opts)
            path = Path(folder) / ("%s.jsonl" % game)
            path.write_text(record_text(header, actions))
            heap = smallest_heap(path)
            ok64, _ = fits(path, 64 * 1024)
            print("  %-56s %5d actions %6d bytes  smallest heap %s  64k: %s" % (
                label, len(actions), path.stat().st_size,
                "%.1f KB" % (heap / 1024) if heap else "over 256 KB", "ok" if ok64 else "FAILS"))

    library = compiled_firmware() / "dicetray"
    sizes = [(name, (library / (name + ".mpy")).stat().st_size) for name in ENGINE]
    print("\nEngine .mpy bytes (mpy-cross %s)" % "1.29")
    for name, size in sizes:
        print("  %-26s %6d" % (name + ".mpy", size))
    print("  %-26s %6d" % ("total", sum(s for _, s in sizes)))


if __name__ == "__main__":
    run()

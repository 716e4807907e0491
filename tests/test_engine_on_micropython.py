"""The engine's unit tests (tests/engine, unittest style) run again on the
MicroPython unix port, against the firmware sources and against the .mpy
files that go on the board."""
import re
import subprocess

import pytest

from dicetray_host.paths import FIRMWARE, ROOT, compiled_firmware, micropython_binary, micropython_env
from waits import HANG_S

ENGINE_TESTS = sorted(p.stem for p in (ROOT / "tests" / "engine").glob("test_*.py"))


def count_cpython_tests():
    total = 0
    for name in ENGINE_TESTS:
        total += len(re.findall(r"^    def test", (ROOT / "tests" / "engine" / (name + ".py")).read_text(), re.M))
    return total


@pytest.mark.parametrize("library", ["source", "mpy"])
def test_engine_tests_pass_on_micropython(library):
    firmware = FIRMWARE if library == "source" else compiled_firmware()
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=4m", str(ROOT / "tests" / "run_mp_tests.py"),
                           *ENGINE_TESTS], capture_output=True, text=True, timeout=HANG_S,
                          env=micropython_env(ROOT / "tests" / "mpunit", ROOT / "tests" / "engine", firmware))
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    passed, failed = map(int, re.match(r"(\d+) passed, (\d+) failed", last).groups())
    assert failed == 0
    assert passed == count_cpython_tests()  # every test ran there too

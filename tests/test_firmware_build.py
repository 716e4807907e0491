"""The firmware as it goes on the board: every file compiles with mpy-cross,
and none uses what MicroPython lacks. So do the other programs that run in
MicroPython: the virtual board's side, the benchmarks', the replay runner and
the browser page's board (web/board)."""
import re
import subprocess

import pytest

from dicetray_host.paths import BOARD_SIDE, FIRMWARE, ROOT, mpy_cross_binary

FILES = sorted(FIRMWARE.rglob("*.py"))
MICROPYTHON_SIDE = sorted(list(BOARD_SIDE.glob("*.py")) + list((ROOT / "bench" / "mp").glob("*.py"))
                          + list((ROOT / "host_tools" / "dicetray_host" / "records" / "mp").glob("*.py"))
                          + list((ROOT / "web" / "board").glob("*.py")))
CPYTHON_ONLY = re.compile(r"^\s*(import|from)\s+(dataclasses|typing|enum|pathlib|abc|functools|itertools|"
                          r"subprocess|logging|copy|collections\.abc)\b", re.M)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles_with_mpy_cross(path, tmp_path):
    proc = subprocess.run([mpy_cross_binary(), "-o", str(tmp_path / "out.mpy"), str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.mpy").read_bytes()[:1] == b"M"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_no_cpython_only_modules(path):
    assert not CPYTHON_ONLY.search(path.read_text())


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_const_is_imported_where_used(path):
    text = path.read_text()
    if re.search(r"=\s*const\(", text):
        assert "from micropython import const" in text


@pytest.mark.parametrize("path", MICROPYTHON_SIDE, ids=lambda p: str(p.relative_to(ROOT)))
def test_programs_for_the_unix_port_compile_with_mpy_cross(path, tmp_path):
    proc = subprocess.run([mpy_cross_binary(), "-o", str(tmp_path / "out.mpy"), str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr

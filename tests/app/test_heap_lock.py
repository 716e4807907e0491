"""The per-key screen update allocates nothing (heap_lock on the unix port)."""
import subprocess
from pathlib import Path

from dicetray_host.paths import FIRMWARE, micropython_binary, micropython_env
from waits import HANG_S

HERE = Path(__file__).parent


def test_screen_updates_and_gate_refusals_allocate_nothing():
    proc = subprocess.run([micropython_binary(), str(HERE / "mp_heap_lock.py")],
                          capture_output=True, text=True, env=micropython_env(), timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 12
    assert lines[-1] == "control: building a list allocates"  # the check can fail
    assert [line for line in lines[:-1] if not line.endswith(" ok")] == []

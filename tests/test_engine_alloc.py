"""The engine allocates nothing per action on MicroPython (heap_lock), so a
long game on the board does not churn the heap."""
import subprocess

from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from waits import HANG_S


def test_actions_allocate_nothing_on_micropython():
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=128k", str(ROOT / "tests" / "engine_heap_lock.py")],
                          capture_output=True, text=True, timeout=HANG_S,
                          env=micropython_env(compiled_firmware()))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == ["pig [9, 0]", "bank [75, 0, 5]", "skulls [7, 0]", "sixdice [75, 0]"]

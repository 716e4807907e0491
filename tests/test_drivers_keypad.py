"""Key matrix drivers on the virtual board: debounce, long press, two keys, ticks wrap, no allocation.

Each test runs on both scanners: the PIO state machine (rp2) and the
timer scan the firmware falls back to without rp2."""
import pytest

from dicetray_host.vboard.board import run_script

PRELUDE = """
import time, micropython
from vboard_core import board
from dicetray.tray import board as hw, keynames, keys
pad = hw.open_keypad(debounce_ms=20, long_ms=700, scan_ms=0, pio=PIO)
events = []


def is_down(code):
    # the pad's debounced state (a bit per matrix position) for one key
    return bool(pad.down & (1 << keys.MATRIX.index(code)))


def step(ms):
    # scan every 5 ms for ms milliseconds, collecting events
    for _ in range(ms // 5):
        pad.scan()
        while True:
            ev = pad.get()
            if ev < 0:
                break
            events.append((keynames.kind(ev), keynames.NAMES[keynames.code(ev)]))
        time.sleep_ms(5)

def key(name, down):
    r, c = keynames.position(keynames.NAMES.index(name))
    board.set_key(r, c, down)
"""


@pytest.fixture(params=["pio", "timer"])
def scanner(request):
    return request.param


def run(tmp_path, scanner, body, **kw):
    prelude = "PIO = %s\n" % (scanner == "pio") + PRELUDE + "print(type(pad).__name__)\n"
    status, out = run_script(prelude + body, tmp_path / "flash", **kw)
    assert status == 0, out
    lines = out.strip().splitlines()
    assert lines[0] == ("PioKeypad" if scanner == "pio" else "Keypad")
    return lines[1:]


def test_a_5ms_bounce_is_ignored_and_a_30ms_press_is_one_event(tmp_path, scanner):
    out = run(tmp_path, scanner, """
key("ROLL", True); step(5); key("ROLL", False); step(100)
print("bounce", events)
key("5", True); step(30); key("5", False); step(100)
print("press", events)
""")
    assert out[0] == "bounce []"
    assert out[1] == "press [(64, '5'), (192, '5')]"


def test_long_press_is_its_own_event_sent_once(tmp_path, scanner):
    out = run(tmp_path, scanner, """
key("MENU", True); step(650)
print(events)
step(1000); key("MENU", False); step(50)
print(events)
""")
    assert out[0] == "[(64, 'MENU')]"
    assert out[1] == "[(64, 'MENU'), (128, 'MENU'), (192, 'MENU')]"


def test_two_keys_held_together_are_both_seen(tmp_path, scanner):
    out = run(tmp_path, scanner, """
key("PLAYER", True); step(40); key("BANK", True); step(40)
print(is_down(keys.PLAYER), is_down(keys.BANK), is_down(keys.ROLL))
key("PLAYER", False); key("BANK", False); step(40)
print(events)
""")
    assert out[0] == "True True False"
    assert out[1] == "[(64, 'PLAYER'), (64, 'BANK'), (192, 'PLAYER'), (192, 'BANK')]"


def test_debounce_and_long_press_work_across_the_ticks_wrap(tmp_path, scanner):
    # The clock starts 300 ms before ticks_ms wraps from 2**30-1 to 0.
    out = run(tmp_path, scanner, """
print(time.ticks_ms() > 2**30 - 400)
step(280)
key("UNDO", True); step(800); key("UNDO", False); step(50)
print(time.ticks_ms() < 1000, events)
""", ticks_start_ms=(1 << 30) - 300)
    assert out[0] == "True"
    assert out[1] == "True [(64, 'UNDO'), (128, 'UNDO'), (192, 'UNDO')]"


def test_scan_allocates_nothing(tmp_path, scanner):
    out = run(tmp_path, scanner, """
key("3", True)
pad.scan(); time.sleep_ms(30); pad.scan()   # first scans: warm up
result = ["allocated"]

def hot():
    micropython.heap_lock()
    try:
        for i in range(50):
            pad.scan(1000 + i * 5)
        result[0] = "no allocation"
    except MemoryError:
        pass
    micropython.heap_unlock()

hot()
print(result[0], is_down(keys.K3))
""")
    assert out[0] == "no allocation True"

"""No tap is lost while the CPU is held up: the PIO scanner on the virtual board.

On rp2 a flash erase runs with interrupts off, so no timer scans for its
45 ms (W25Q16JV typical) or 400 ms (worst case); the PIO state machine
goes on scanning and keeps the debounced states in its FIFO. The board
changes the keys at their time, in the middle of the erase, and runs the
state machine against them in virtual time. The same taps on the timer
scanner (the fallback without rp2) are lost, which shows the test can
tell the difference.
"""
import pytest

from dicetray_host.vboard.board import run_script

PRELUDE = """
import time
from vboard_core import board
from dicetray.tray import board as hw, keynames, keys
pad = hw.open_keypad(pio=PIO)          # started: IRQs take the events from now on
print(type(pad).__name__)
t0 = board.now_us

def tap(at_ms, name, hold_ms):
    # a finger: down at at_ms, up hold_ms later (ms after t0), whatever the CPU does
    r, c = keynames.position(keynames.NAMES.index(name))
    board.key_at(t0 + at_ms * 1000, r, c, True)
    board.key_at(t0 + (at_ms + hold_ms) * 1000, r, c, False)

def bounce(at_ms, name, down, edges=5):
    # a contact that chatters for ~2 ms (edges changes 0.4 ms apart) before it settles at `down`
    r, c = keynames.position(keynames.NAMES.index(name))
    for i in range(edges):
        board.key_at(t0 + at_ms * 1000 + i * 400, r, c, (i % 2 == 0) == down)

def held_up(erases):
    # the CPU stopped in a C call for `erases` 4 KB sector erases (interrupts off)
    board.flash.spend(erases, 0)

def events(source=None):
    # the queued events of `source` (the pad opened above when None)
    source = source or pad
    out = []
    while True:
        e = source.get()
        if e < 0:
            return " ".join(out)
        out.append(("+" if keynames.kind(e) == keys.PRESS else "-" if keynames.kind(e) == keys.RELEASE
                    else "L") + keynames.NAMES[keynames.code(e)])
"""


def run(tmp_path, pio, body, times="typ", monkeypatch=None):
    if monkeypatch is not None:
        monkeypatch.setenv("VBOARD_FLASH_TIMES", times)
    status, out = run_script("PIO = %s\n" % pio + PRELUDE + body, tmp_path / "flash")
    assert status == 0, out
    lines = out.strip().splitlines()
    assert lines[0] == ("PioKeypad" if pio else "Keypad")
    return lines[1:]


def test_a_tap_inside_a_45ms_erase_is_kept(tmp_path, monkeypatch):
    body = """
tap(5, "5", 35)
held_up(1)                      # 45 ms: the tap begins and ends inside
print((board.now_us - t0) // 1000)
time.sleep_ms(50)
print("[%s]" % events())
"""
    out = run(tmp_path, True, body, "typ", monkeypatch)
    assert out == ["45", "[+5 -5]"]
    # The timer scan cannot see it: nothing runs on the CPU meanwhile.
    assert run(tmp_path, False, body, "typ", monkeypatch) == ["45", "[]"]


def test_five_taps_inside_a_400ms_worst_case_erase_are_kept_in_order(tmp_path, monkeypatch):
    body = """
for at, name, hold in ((10, "1", 30), (70, "2", 45), (150, "3", 60), (240, "4", 40), (320, "ROLL", 50)):
    tap(at, name, hold)
held_up(1)                      # 400 ms
print((board.now_us - t0) // 1000)
time.sleep_ms(100)
print(events())
print(pad.dropped)
"""
    out = run(tmp_path, True, body, "max", monkeypatch)
    assert out == ["400", "+1 -1 +2 -2 +3 -3 +4 -4 +ROLL -ROLL", "0"]


def test_taps_across_back_to_back_erases_and_between_them_are_kept_in_order(tmp_path, monkeypatch):
    # A record write that erases three sectors, keys tapped throughout.
    out = run(tmp_path, True, """
names = ("1", "2", "3", "4", "5", "6", "SKULL", "BANK")
for i in range(len(names)):
    tap(5 + i * 70, names[i], 30 + i * 4)
held_up(3)                      # 135 ms
time.sleep_ms(100)
held_up(3)                      # the rest of the taps inside another 135 ms
time.sleep_ms(200)
print(events())
""", "typ", monkeypatch)
    assert out == ["+1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +SKULL -SKULL +BANK -BANK"]


def test_a_real_record_write_does_not_lose_the_tap_made_during_it(tmp_path, monkeypatch):
    # An append of 4 KB to a file: the flash model charges 1 erase and 16 page programs.
    out = run(tmp_path, True, """
tap(3, "VOID", 35)
with open("/big.bin", "wb") as f:
    f.write(bytes(4000))
print((board.now_us - t0) // 1000 >= 45)
time.sleep_ms(50)
print(events())
""", "typ", monkeypatch)
    assert out == ["True", "+VOID -VOID"]


@pytest.mark.parametrize("during_erase", [False, True])
def test_a_bouncing_contact_is_one_press_and_one_release(tmp_path, monkeypatch, during_erase):
    out = run(tmp_path, True, """
bounce(5, "UNDO", True)         # chatters 2 ms, then held
bounce(45, "UNDO", False)       # chatters 2 ms, then released
bounce(80, "2", True, 7)
bounce(120, "2", False, 7)
if %s:
    held_up(4)                  # 180 ms: every edge happens while the CPU is held up
time.sleep_ms(200)
print(events())
print(pad._sm.rx_fifo())
""" % during_erase, "typ", monkeypatch)
    assert out == ["+UNDO -UNDO +2 -2", "0"]


@pytest.mark.parametrize("dma", ["1", "0"])
def test_the_drain_allocates_nothing(tmp_path, monkeypatch, dma):
    # From the DMA ring, and from the FIFO (a port without rp2.DMA).
    monkeypatch.setenv("VBOARD_DMA", dma)
    out = run(tmp_path, True, """
import micropython
pad.stop()                                   # its state machine and channel off
pad2 = hw.open_keypad(pio=True, scan_ms=0)   # no IRQ: this test drains by hand
print(pad2._dma is not None)
for i in range(3):
    tap(5 + i * 60, "6", 30)
time.sleep_ms(200)
result = ["allocated", 0]

def drain():
    micropython.heap_lock()
    try:
        result[1] = pad2.scan(1000)
        result[0] = "no allocation"
    except MemoryError:
        pass
    micropython.heap_unlock()

drain()
print(*result)
print(events(pad2), pad2.dropped)
""", "typ", monkeypatch)
    assert out[0] == ("True" if dma == "1" else "False")
    assert out[1:] == ["no allocation 6", "+6 -6 +6 -6 +6 -6 0"]   # 3 taps: 6 events


TWELVE = """
names = ("1", "2", "3", "4", "5", "6", "SKULL", "BANK", "VOID", "UNDO", "ROLL", "PLAYER")
for i in range(12):
    tap(10 + i * 60, names[i], 30)     # held 30 ms, 30 ms apart: 720 ms of taps
held_up(ERASES)
print((board.now_us - t0) // 1000)
time.sleep_ms(100)
print(events())
print(pad._dma is not None, pad.dropped)
"""


def test_twelve_taps_while_the_cpu_is_held_up_are_kept_in_order(tmp_path, monkeypatch):
    """12 taps of 30 ms, 30 ms apart, need 720 ms: one write that erases two
    sectors at the W25Q16JV's worst case holds the CPU 800 ms (no soft IRQ
    runs between the erases). The DMA ring keeps them all; the FIFO alone
    (a port without rp2.DMA) keeps the first 4 taps and the press after."""
    all12 = ("+1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +SKULL -SKULL +BANK -BANK "
             "+VOID -VOID +UNDO -UNDO +ROLL -ROLL +PLAYER -PLAYER")
    body = TWELVE.replace("ERASES", "2")
    assert run(tmp_path, True, body, "max", monkeypatch) == ["800", all12, "True 0"]
    monkeypatch.setenv("VBOARD_DMA", "0")
    out = run(tmp_path, True, body, "max", monkeypatch)
    assert out[0] == "800" and out[2] == "False 0"
    assert all12.startswith(out[1]) and len(out[1].split()) < 24


def test_six_taps_inside_a_single_400ms_erase_are_kept(tmp_path, monkeypatch):
    # The most 30 ms taps 30 ms apart that fit in one worst-case sector erase;
    # the 6th is lost without the DMA.
    body = TWELVE.replace("range(12)", "range(6)").replace("ERASES", "1")
    six = "+1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6"
    assert run(tmp_path, True, body, "max", monkeypatch) == ["400", six, "True 0"]
    monkeypatch.setenv("VBOARD_DMA", "0")
    out = run(tmp_path, True, body, "max", monkeypatch)
    assert out[1] != six and six.startswith(out[1])


def test_more_taps_than_the_ring_holds_in_one_hold_up_are_counted_as_dropped(tmp_path, monkeypatch):
    # 20 taps inside one 1.6 s hold-up: 40 states for a ring of 32. The newest
    # 32 are kept, in order; the 8 overwritten ones are counted, not hidden.
    out = run(tmp_path, True, TWELVE.replace("range(12)", "range(20)").replace(
        "names[i]", "names[i % 12]").replace("ERASES", "4"), "max", monkeypatch)
    assert out[0] == "1600"
    assert out[2] == "True 8"
    assert out[1].split()[-2:] == ["+BANK", "-BANK"]


@pytest.mark.parametrize("setting", ["0", "dead"])
def test_without_a_running_dma_the_fifo_is_drained_and_taps_are_kept(tmp_path, monkeypatch, setting):
    # No rp2.DMA (MicroPython before 1.21), or a DMA that never moves a word
    # (an emulator without one): the first state stays in the FIFO, so the
    # IRQ handler drains the FIFO itself, as before.
    monkeypatch.setenv("VBOARD_DMA", setting)
    out = run(tmp_path, True, """
print(pad._dma is not None, pad.irqs)
for at, name, hold in ((10, "1", 30), (70, "2", 45), (150, "3", 60), (240, "4", 40)):
    tap(at, name, hold)
held_up(1)
time.sleep_ms(100)
print(events())
""", "max", monkeypatch)
    assert out == ["False 1", "+1 -1 +2 -2 +3 -3 +4 -4"]


def test_without_rp2_the_pad_falls_back_to_the_timer_scan(tmp_path, monkeypatch):
    monkeypatch.setenv("VBOARD_PIO", "0")
    status, out = run_script("""
from dicetray.tray import board as hw
pad = hw.open_keypad()
print(type(pad).__name__, pad.period_ms)
""", tmp_path / "flash")
    assert status == 0, out
    assert out.strip() == "Keypad 5"


def test_the_key_rows_and_columns_are_consecutive_gpios():
    # PIO addresses the rows as one `set` group and the columns as one `in` group.
    from dicetray.tray import pins
    for group in (pins.KEY_ROWS, pins.KEY_COLS):
        assert list(group) == list(range(group[0], group[0] + 4))


def test_a_state_machine_that_never_runs_leaves_the_pad_to_the_timer_scan(tmp_path, monkeypatch):
    """A chip (or an emulator) whose PIO does not run: the scan's first state
    never comes, so within 50 ms the board scans from a timer, and keys work."""
    monkeypatch.setenv("VBOARD_PIO", "dead")
    status, out = run_script("""
import time
from vboard_core import board
from dicetray.tray import board as hw, keynames, keys
pad = hw.open_keypad()
print(type(pad).__name__, pad.period_ms)
r, c = keynames.position(keys.K5)
t0 = board.now_us
board.key_at(t0 + 10000, r, c, True)
board.key_at(t0 + 70000, r, c, False)
time.sleep_ms(150)
ev = pad.get()
print(keynames.kind(ev) == keys.PRESS, keynames.code(ev))
""", tmp_path / "flash")
    assert status == 0, out
    assert out.strip().split("\n")[-3:] == ["PIO key scan not running: timer scan", "Keypad 5", "True 5"]


def test_a_running_state_machine_keeps_the_pad(tmp_path):
    status, out = run_script("""
from dicetray.tray import board as hw
pad = hw.open_keypad()
print(type(pad).__name__, pad.irqs)
""", tmp_path / "flash")
    assert status == 0, out
    assert out.strip() == "PioKeypad 1"          # its first state came through the IRQ


def test_after_a_soft_reset_the_pad_opens_again_and_keeps_taps(tmp_path, monkeypatch):
    # rp2's soft reset (mpremote's Ctrl-D) frees the DMA object but leaves its
    # transfer running; the next open claims the channel again, stops it and
    # sets it up anew: taps in an erase still come through the ring.
    out = run(tmp_path, True, """
import vboard_dma
tap(10, "1", 30)
time.sleep_ms(100)
print(events())
board.soft_reset()
print(vboard_dma.CHANNEL[0].claimed, vboard_dma.CHANNEL[0].busy)
pad = hw.open_keypad()
t0 = board.now_us
for at, name in ((10, "2"), (70, "3"), (130, "4"), (190, "5"), (250, "6"), (310, "SKULL")):
    tap(at, name, 30)
held_up(1)
time.sleep_ms(100)
print(events(), pad._dma.channel, pad.dropped)
""", "max", monkeypatch)
    assert out == ["+1 -1", "False True", "+2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +SKULL -SKULL 0 0"]


def test_opening_the_pad_again_without_stopping_it_keeps_taps_in_the_new_ring(tmp_path, monkeypatch):
    # main.py interrupted (Ctrl-C, no soft reset) and the pad opened again:
    # the first pad's channel would go on taking the FIFO's words into its
    # own ring; opening the pad stops it first.
    out = run(tmp_path, True, """
first = pad._dma
pad = hw.open_keypad()
print(pad._dma is not None, pad._dma is not first)
for at, name in ((10, "2"), (70, "3"), (130, "4"), (190, "5"), (250, "6"), (310, "SKULL")):
    tap(at, name, 30)
held_up(1)
time.sleep_ms(100)
print(events(), pad.dropped)
""", "max", monkeypatch)
    assert out == ["True True", "+2 -2 +3 -3 +4 -4 +5 -5 +6 -6 +SKULL -SKULL 0"]

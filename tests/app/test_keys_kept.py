"""No tap is lost: the pad is scanned by a PIO state machine, which goes on
while the CPU is held up, into a ring buffer drained by its IRQ, so keys
tapped while the tray writes a record line to flash, draws, or boots are
handled afterwards, in the order they were pressed. The virtual board
charges the W25Q16JV's erase/program times (typical and worst case) and
the I2C bytes at 400 kHz, runs timer and PIO IRQs that come due during
those calls after them, as rp2 does, and the state machine during them."""
import pytest

FACES = "2 5 3 6 4 2 6 3 5 4 2 3 6 5 4 2 3 5 6 4".split()   # pig: a 1 would end the turn


def _tap_faces(tray, hold_ms, gap_ms):
    tray.new_game("pig")
    taps = [(face, i * (hold_ms + gap_ms), hold_ms) for i, face in enumerate(FACES)]
    tray.vb.schedule_taps(taps)
    tray.vb.run(len(taps) * (hold_ms + gap_ms) + 1000)
    return [("roll", [int(face)]) for face in FACES]


@pytest.mark.parametrize("hold_ms, gap_ms", [(30, 5), (30, 20), (40, 40)])
def test_taps_during_flash_writes_and_drawing_are_recorded_in_order(manual_tray, hold_ms, gap_ms):
    """A player keys faces faster than the tray writes and redraws; the
    board changes the keys at their time even mid-write or mid-erase.
    Every tap is recorded, in order."""
    tray = manual_tray
    want = _tap_faces(tray, hold_ms, gap_ms)
    assert tray.vb.erasing(), "no sector erase happened: the test shows nothing"
    assert tray.actions() == want


def test_taps_during_worst_case_400ms_erases_are_recorded_in_order(flash):
    """The same with every erase at the W25Q16JV's 400 ms maximum: several
    40 ms taps with 40 ms gaps fall inside one erase."""
    from conftest import Tray
    with Tray(flash, accel=False, flash_times="max") as tray:
        want = _tap_faces(tray, 40, 40)
        erasing = tray.vb.erasing()
        assert any(b - a >= 400 for a, b in erasing), erasing
        assert tray.actions() == want


def test_keys_tapped_while_the_tray_boots_and_resumes_are_handled_in_order(manual_tray):
    tray = manual_tray
    tray.new_game("pig")
    tray.key("3", "4", "2")
    tray.vb.power_cut()
    tray.vb.start()                          # boot: display, pad, replay of the record
    tray.vb.tap("5", hold_ms=30, after_ms=5)
    tray.vb.tap("6", hold_ms=30, after_ms=30)
    tray.vb.run(500)
    assert tray.actions() == [("roll", [3]), ("roll", [4]), ("roll", [2]), ("roll", [5]), ("roll", [6])]
    tray.shows("turn")

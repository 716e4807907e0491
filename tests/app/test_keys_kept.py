"""No tap is lost: the pad is scanned by a timer into a ring buffer, so keys
tapped while the tray writes a record line to flash, draws, or boots are
handled afterwards, in the order they were pressed. The virtual board
charges the W25Q16JV's erase/program times and the I2C bytes at 400 kHz,
and runs timer IRQs that come due during those calls after them, as rp2 does."""
import pytest

FACES = "2 5 3 6 4 2 6 3 5 4 2 3".split()   # pig: a 1 would end the turn


@pytest.mark.parametrize("gap_ms", [30, 37, 44])
def test_taps_during_flash_writes_and_drawing_are_all_recorded_in_order(manual_tray, gap_ms):
    tray = manual_tray
    tray.new_game("pig")
    before = tray.vb.flash_stats()
    for face in FACES:                       # 30 ms taps, faster than a write + a redraw
        tray.vb.tap(face, hold_ms=30, after_ms=gap_ms)
    tray.vb.run(1000)
    assert tray.actions() == [("roll", [int(f)]) for f in FACES]
    spent = tray.vb.flash_stats()
    assert spent["erases"] > before["erases"]           # the writes did cost flash time


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

"""No tap is lost: the pad is scanned by a timer into a ring buffer, so keys
tapped while the tray writes a record line to flash, draws, or boots are
handled afterwards, in the order they were pressed. The virtual board
charges the W25Q16JV's erase/program times and the I2C bytes at 400 kHz,
and runs timer IRQs that come due during those calls after them, as rp2 does."""
import pytest

FACES = "2 5 3 6 4 2 6 3 5 4 2 3 6 5 4 2 3 5 6 4".split()   # pig: a 1 would end the turn
SEEN_MS = 20   # 15 ms debounce + a 5 ms scan period: held this long in view, a tap is taken


def in_view_ms(press, release, erasing):
    """The longest stretch of a tap the pad's timer can see: on rp2 no
    timer IRQ runs while the flash erases a sector (interrupts are off)."""
    cuts = sorted((max(press, a), min(release, b)) for a, b in erasing if a < release and b > press)
    longest, start = 0, press
    for a, b in cuts:
        longest = max(longest, a - start)
        start = max(start, b)
    return max(longest, release - start)


@pytest.mark.parametrize("hold_ms, gap_ms", [(30, 5), (30, 20), (40, 40)])
def test_taps_during_flash_writes_and_drawing_are_recorded_in_order(manual_tray, hold_ms, gap_ms):
    """A player keys faces faster than the tray writes and redraws; the
    board changes the keys at their time even mid-write. Every tap the
    pad could see for 20 ms is recorded, in order; only a tap inside a
    sector erase (45 ms, one action in four or so) may go unseen."""
    tray = manual_tray
    tray.new_game("pig")
    t0 = tray.vb.board_us() / 1000
    taps = [(face, i * (hold_ms + gap_ms), hold_ms) for i, face in enumerate(FACES)]
    tray.vb.schedule_taps(taps)
    tray.vb.run(len(taps) * (hold_ms + gap_ms) + 500)
    erasing = tray.vb.erasing()
    in_view = [in_view_ms(t0 + start, t0 + start + hold, erasing) for _, start, hold in taps]
    got = tray.actions()
    # The record is the taps in order, leaving out only taps an erase hid.
    k = 0
    for (face, start, _), seen in zip(taps, in_view):
        if k < len(got) and got[k] == ("roll", [int(face)]):
            k += 1
        else:
            assert seen < SEEN_MS, "the tap of %s at %d ms (%d ms in view) is lost: %s" % (
                face, start, seen, got)
    assert k == len(got), got
    assert len(got) >= len(taps) * 3 // 4


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

"""Waiting costs little: after five minutes without a key or a throw the
panel goes off and the LIS3DH's FIFO is no longer read; its INT1 activity
interrupt wakes sampling, and a throw (or a key) wakes the panel."""

MINUTE = 60000


def idle(tray, ms):
    tray.vb.run(ms)


def test_panel_off_sampling_stops_and_a_throw_wakes_it(tray):
    tray.new_game("pig")
    tray.shows("Throw first")
    idle(tray, 5 * MINUTE + 1000)
    assert tray.vb.screen_text() == []                 # panel off
    before = tray.vb.accel_state()
    idle(tray, 2000)
    after = tray.vb.accel_state()
    assert before["fifo"] == after["fifo"] == 32      # nobody reads the FIFO: it stays full
    assert after["dropped"] > before["dropped"]
    end_ms, _ = tray.vb.feed_throw(7, 2)
    tray.vb.run(end_ms + 800)
    tray.shows("Key the faces")                        # INT1 woke sampling; the throw woke the panel
    tray.key("4")
    assert tray.actions() == [("roll", [4])]


def test_a_key_wakes_the_panel_and_does_nothing_else(tray):
    tray.new_game("pig")
    idle(tray, 5 * MINUTE + 1000)
    assert tray.vb.screen_text() == []
    tray.key("SCORES")
    tray.shows("Throw first")                          # the waking key was not taken as SCORES
    tray.key("SCORES")
    tray.shows("Scores")                               # the next one is

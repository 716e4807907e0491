""""Dice moved again": a die that falls over after the settle, before its
faces are keyed, is said, and the faces wait until it is still again. Once
the faces are keyed the dice are the players' to pick up and throw again:
that is not said."""
from dicetray_host.traces import ensemble
from dicetray_host.vboard.table import READY
from dicetray_host.vboard.throws import level_at_rest


def _readings(rows, until_ms):
    """The trace's readings up to until_ms, its first 500 ms of rest moved
    to where the virtual tray rests level."""
    return [(x, y, z) for t, x, y, z in level_at_rest(rows, 500) if t < until_ms]


def _bottom_lines(tray, ms, every=25):
    """The screen's bottom line every `every` ms for `ms`: [(ms from now, text)]."""
    seen = []
    for k in range(1, ms // every + 1):
        tray.vb.run(every)
        seen.append((k * every, tray.vb.screen_text()[-1]))
    return seen


def test_a_die_falling_over_before_its_face_is_keyed_is_said(tray):
    # bare tray as the board reads it (+-4 g, normal mode, at the tray's
    # own rate: 400 Hz since round 53): one die lands, settles, and falls
    # over 1.1 s later; the player keys its face after that
    reading = dict(ensemble.BOARD_READING, rate_hz=tray.vb.accel_state()["odr_hz"])
    trace = ensemble.generate("bare", "throw1_hard", 5043, **reading)
    (start, still), = [t for t in trace.throws if t[0] < 2000]
    topple, = trace.topples
    keys_from = min(down for down, _ in trace.keys)
    assert still < topple < keys_from
    tray.new_game("pig")
    end_ms = tray.vb.feed_readings(_readings(list(trace.rows()), keys_from - 100))
    seen = _bottom_lines(tray, int(end_ms) + 400)
    said = [t for t, text in seen if text == "Dice moved again"]
    assert said and topple - 50 <= said[0] <= topple + 500
    ready = [t for t, text in seen if text == "Key the faces"]
    assert ready[0] < topple                       # settled before it fell over
    assert seen[-1][1] == "Key the faces"          # and still again
    tray.key("4")
    assert tray.actions() == [("roll", [4])]


def test_the_next_throw_after_the_faces_are_keyed_is_not_said_as_moved(tray):
    tray.new_game("pig")
    seed = tray.seed
    seen = []
    for face in (4, 2, 6, 5, 3, 4):
        end_ms, seed = tray.vb.feed_throw(seed, 1)
        seen += _bottom_lines(tray, int(end_ms) + 600, every=50)
        if seen[-1][1] not in READY:
            # a throw the detector missed (at 400 Hz the fourth, seed 105):
            # the player's way out, as Tray.throw() takes it
            tray.vb.press("ROLL")
            tray.vb.run(800)
            tray.vb.release("ROLL")
            tray.vb.run(60)
        tray.key(str(face))                         # at once: the next throw within 2.5 s of the settle
    assert tray.actions() == [("roll", [f]) for f in (4, 2, 6, 5, 3, 4)]
    assert "Dice moved again" not in [text for _, text in seen]

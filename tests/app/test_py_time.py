"""The tray with the chip's Python time (VBOARD_PY_TIME=chip): the firmware's
own Python (drawing, the engine, the record's line, the detector) takes
board time at the chip's speed, so keys and samples arrive while it runs,
as on a real tray. Nothing a player does may be lost to it."""
from conftest import Tray

FACES = "2 5 3 6 4 2 6 3 5 4 2 3 6 5 4 2 3 5 6 4".split()   # pig: a 1 would end the turn


def test_fast_taps_are_recorded_in_order_while_python_runs(flash):
    with Tray(flash, accel=False, py_time="chip") as tray:
        tray.new_game("pig")
        charged_before = tray.vb.mem()["py_us"]
        taps = [(face, i * 35, 30) for i, face in enumerate(FACES)]   # 30 ms down, 5 ms apart
        tray.vb.schedule_taps(taps)
        tray.vb.run(len(taps) * 35 + 1500)
        assert tray.vb.mem()["py_us"] - charged_before > 100_000  # the keys' Python took board time
        assert tray.actions() == [("roll", [int(face)]) for face in FACES]


def _play_throws(flash, py_time):
    """Four throws of one die keyed in pig, then BANK: the record's actions
    and the screen at the end."""
    with Tray(flash, accel=True, py_time=py_time) as tray:
        vb = tray.vb
        tray.new_game("pig")
        for face in (4, 2, 6, 5):   # pig: one die a throw
            tray.throw(1)
            vb.tap(str(face))
        tray.key("BANK")
        vb.run(500)
        return tray.actions(), vb.screen_text()


def test_a_game_of_throws_goes_as_without_it(tmp_path):
    # Throws on the accelerometer, faces keyed, with the firmware's Python on
    # the clock: the same game is recorded and shown as when Python took no
    # time. (Samples the FIFO dropped and the gaps between its reads are
    # `make bench` figures, section keys: this machine's load moves them.)
    plain = _play_throws(tmp_path / "plain", "0")
    chip = _play_throws(tmp_path / "chip", "chip")
    assert chip == plain
    assert chip[0] == [("roll", [4]), ("roll", [2]), ("roll", [6]), ("roll", [5]), ("bank", None)]
    assert "P1 banks 17" in chip[1]

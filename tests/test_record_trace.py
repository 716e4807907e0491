"""`dicetray record-trace` against the virtual tray: the firmware's own FIFO
reads and key scan, streamed over the USB endpoint, into a trace and labels
that `dicetray detect --score` reads."""
import json
import threading
import time

import pytest

from dicetray_host.cli import main as cli_main
from dicetray_host.traces import model as traces
from waits import HANG_S


@pytest.fixture
def served(tmp_path):
    from usb_helpers import served_tray
    with served_tray(tmp_path / "flash", accel=True) as tray:
        yield tray


def started(vb, device, first=b"R 400 4"):
    """Wait until the recorder has said its first line. The host interrupts
    main.py and enters the raw REPL in real time, with the board's virtual
    clock standing still (driving it meanwhile races the host's Ctrl-C)."""
    deadline = time.monotonic() + HANG_S
    while time.monotonic() < deadline:
        if first in bytes(device.transcript):
            return
        time.sleep(0.02)
    raise AssertionError("the recorder did not start: %r" % bytes(device.transcript[-300:]))


def _record_while(vb, device, args, act):
    """Run `dicetray record-trace` on a thread while `act` drives the virtual tray."""
    result = {}

    def client():
        result["code"] = cli_main(["record-trace"] + args + ["--port", device.url])
    th = threading.Thread(target=client)
    th.start()
    act()
    for _ in range(400):                    # the board's time runs until the recorder's end
        if b"\nE\r\n" in bytes(device.transcript):
            break
        vb.run(50)
    th.join(30)                             # then the host hands the board back on its own
    assert not th.is_alive()
    return result["code"]


def test_a_recorded_throw_and_key_press_come_back_as_a_trace_the_detector_scores(served, tmp_path, capsys):
    vb, device = served
    throw = traces.generate("throw2_hard", 3, rate_hz=200, range_g=4)
    start, still = throw.throws[0]
    points = [(t - start + 1500, x, y, z) for t, x, y, z in throw.rows() if start - 300 <= t <= still + 600]
    out = tmp_path / "rec" / "tray.csv"

    def act():
        started(vb, device)
        vb.feed(points)
        vb.run(points[-1][0] + 300)
        vb.tap("4", hold_ms=80)             # a key press after the throw

    assert _record_while(vb, device, [str(out), "--seconds", "5"], act) == 0
    text = capsys.readouterr().out
    assert "tray.csv" in text and "1 key presses" in text
    labels = json.loads(out.with_suffix(".json").read_text())
    assert (labels["rate_hz"], labels["range_g"]) == (400, 4)       # as the tray reads
    assert len(labels["keys"]) == 1 and labels["throws"] == []
    rows = out.read_text().splitlines()
    assert rows[0] == "t_ms,x_mg,y_mg,z_mg" and len(rows) > 1600     # 5 s at 400 Hz

    # the user labels the throw where `detect` shows it; scoring reads both files
    assert cli_main(["detect", str(out), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["throws"]
    assert len(found) == 1
    labels["throws"] = [{"start_ms": found[0]["start_ms"], "settled_ms": found[0]["settled_ms"]}]
    out.with_suffix(".json").write_text(json.dumps(labels))
    assert cli_main(["detect", str(out), "--score", str(out.with_suffix(".json")), "--json"]) == 0
    score = json.loads(capsys.readouterr().out)["score"]
    assert score["recall"] == 100.0 and score["precision"] == 100.0


def test_a_400_hz_recording_has_its_samples_2_5_ms_apart(served, tmp_path):
    # the sensor's clock at 400 Hz is 2.5 ms a sample; until round 40 the
    # firmware stamped samples in whole ms (2 ms apart) and set them back
    # 9-11 ms at each FIFO read
    vb, device = served
    out = tmp_path / "tray.csv"
    assert _record_while(vb, device, [str(out), "--seconds", "3", "--rate", "400"],
                         lambda: started(vb, device, b"R 400 4")) == 0
    times = [int(row.split(",")[0]) for row in out.read_text().splitlines()[1:]]
    assert {b - a for a, b in zip(times, times[1:])} == {2, 3}
    assert abs((times[-1] - times[0]) / (len(times) - 1) - 2.5) < 0.01
    assert len(times) > 1150                # 3 s at 400 Hz, less the first read's


def test_record_trace_rejects_bad_arguments_before_touching_the_port(tmp_path, capsys):
    assert cli_main(["record-trace", str(tmp_path / "x.csv"), "--seconds", "0", "--port", "nowhere"]) == 2
    assert "--seconds must be 1-600" in capsys.readouterr().err
    assert cli_main(["record-trace", str(tmp_path / "x.txt"), "--seconds", "3", "--port", "nowhere"]) == 2
    assert "must end in .csv" in capsys.readouterr().err

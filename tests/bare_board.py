"""A MicroPython script on the virtual board with no display and no
accelerometer (the rp2 models' tests): its output lines."""
from dicetray_host.vboard.board import run_script


def output_lines(tmp_path, script):
    status, out = run_script(script, tmp_path / "flash", accel=False, oled=False)
    assert status == 0, out
    return out.strip().splitlines()

"""The virtual board with the chip's Python time (VBOARD_PY_TIME=chip):
the firmware's own Python moves the board's clock at the chip's speed, the
board's models (hardware on the chip) do not.

The figures come from this machine's clocks, so the bounds are wide: the
calibration and the work run the same kind of code, and a loaded machine
slows both (the board counts only the time its thread had a CPU, less
what a virtual machine's hypervisor took: docs/hardware-layer.md)."""
from dicetray_host.vboard.board import run_script

# _work(20000): ten times the calibration's 5.5 million instructions, at
# 9.84 ns an instruction on the chip
WORK_CHIP_US = 10 * 5_500_000 * 2.56e9 / 459 / 567_000 / 1000


def run(tmp_path, body, py_time="chip"):
    status, out = run_script(body, tmp_path / "flash", py_time=py_time)
    assert status == 0, out
    return out.strip().splitlines()


WORK = """
import time
import vboard_cpu   # the calibration's own piece of Python, as firmware code here
t0 = time.ticks_us()
vboard_cpu._work(20000)
print(time.ticks_diff(time.ticks_us(), t0))
"""


def test_python_takes_the_chips_time(tmp_path):
    took_us = int(run(tmp_path, WORK)[0])
    assert 0.4 * WORK_CHIP_US < took_us < 2.5 * WORK_CHIP_US, (took_us, WORK_CHIP_US)


def test_without_it_python_takes_no_board_time(tmp_path):
    out = run(tmp_path, """
import time
t0 = time.ticks_us()
n = 0
for i in range(200000):
    n += i & 7
print(time.ticks_diff(time.ticks_us(), t0))
""", py_time="0")
    assert int(out[0]) < 10   # the two clock reads, 1 us each


def test_the_boards_models_are_not_charged_as_python(tmp_path):
    # 50 whole frames to the SSD1306: the panel model takes each byte in
    # Python here, which on the chip is the panel itself; what the frames
    # cost the firmware is their bus time and the loop's few bytecodes.
    out = run(tmp_path, """
import time
from machine import I2C, Pin
from vboard_core import board
i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400_000)
frame = bytearray(1025)
frame[0] = 0x40   # data follow
t0 = time.ticks_us()
for _ in range(50):
    i2c.writeto(0x3C, frame)
print(time.ticks_diff(time.ticks_us(), t0), board.py_us)
""")
    took_us, py_us = map(int, out[0].split())
    bus_us = 50 * ((1025 + 1) * 9 + 2) * 1_000_000 // 400_000
    assert py_us > 0
    assert bus_us <= took_us < 1.3 * bus_us, (took_us, bus_us)   # the models' Python would add 40 %


def test_an_irq_handlers_python_is_charged(tmp_path):
    out = run(tmp_path, """
import time
from machine import Timer
import vboard_cpu
took = []
def tick(t):
    t0 = time.ticks_us()
    vboard_cpu._work(2000)
    took.append(time.ticks_diff(time.ticks_us(), t0))
timer = Timer(period=100, callback=tick)
time.sleep_ms(450)
timer.deinit()
print(len(took), min(took))
""")
    calls, least_us = map(int, out[0].split())
    assert calls >= 3
    assert least_us > 0.4 * WORK_CHIP_US / 10, (least_us, WORK_CHIP_US / 10)

"""LIS3DH driver against the emulated sensor: presence check, mg per range, FIFO, wake interrupt."""
import pytest

from dicetray_host.vboard.board import VirtualBoard, run_script

HEAD = """
import time, micropython
from machine import I2C, Pin
from vboard_core import board
from dicetray.tray.drivers.lis3dh import LIS3DH, LIS3DHNotFound
i2c = I2C(1, sda=Pin(2), scl=Pin(3))
"""


def run(tmp_path, body, **kw):
    status, out = run_script(HEAD + body, tmp_path / "flash", **kw)
    assert status == 0, out
    return out.strip().splitlines()


def test_absent_sensor_gives_the_clear_error_and_board_falls_back_to_manual(tmp_path):
    out = run(tmp_path, """
try:
    LIS3DH(i2c)
except LIS3DHNotFound as e:
    print("error:", e, isinstance(e, OSError))
from dicetray.tray import board as hw
print("open_accel:", hw.open_accel())
try:
    i2c.readfrom_mem(0x18, 0x0F, 1)
except OSError as e:
    print("errno", e.errno)
""", accel=False)
    assert out == ["error: LIS3DH not found at 0x18 True", "open_accel: None", "errno 5"]  # EIO, as rp2


def test_wrong_chip_is_not_taken_for_a_lis3dh(tmp_path):
    out = run(tmp_path, """
board.lis.regs[0x0F] = 0x44
try:
    LIS3DH(i2c)
except LIS3DHNotFound as e:
    print(e)
""")
    assert out == ["LIS3DH not found at 0x18 (WHO_AM_I 0x44, want 0x33)"]


# The driver runs the part in normal mode (10-bit, round 39: its bandwidth is
# ODR/2, high resolution's ODR/9): a reading steps by 4/8/16/48 mg.
@pytest.mark.parametrize("range_g,mg_per_digit", [(2, 4), (4, 8), (8, 16), (16, 48)])
def test_samples_in_mg_match_the_acceleration_at_each_range(tmp_path, range_g, mg_per_digit):
    out = run(tmp_path, """
acc = LIS3DH(i2c, range_g=%d, odr_hz=100)
board.lis.add_point(0, 123, -456, 1789)
time.sleep_ms(105)
n = acc.read_fifo()
print(n, " ".join(str(v) for v in acc.samples[:3 * n]))
""" % range_g)
    n, *values = map(int, out[0].split())
    assert n == 10  # 100 Hz for 105 ms
    want_z = min(1789, 2000 - mg_per_digit) if range_g == 2 else 1789
    for axis, want in enumerate((123, -456, want_z)):
        got = values[axis::3]
        assert all(v % mg_per_digit == 0 for v in got), got
        # The part's noise (1.6 mg r.m.s. at 100 Hz) averages down over 10 samples.
        assert abs(sum(got) / n - want) <= mg_per_digit / 2 + 1.5, (got, want)


def test_a_tray_at_rest_reads_the_datasheet_noise_at_each_rate(tmp_path):
    # 220 ug/sqrt(Hz) over ODR/2: a floor learnt at rest is the part's, not zero.
    out = run(tmp_path, """
for hz in (100, 400):
    acc = LIS3DH(i2c, range_g=2, odr_hz=hz)
    board.lis.add_point(0, 0, 0, 1000)
    got = []
    for _ in range(8):
        time.sleep_ms(20 if hz == 400 else 80)
        n = acc.read_fifo()
        got.extend(acc.samples[3 * i + 2] for i in range(n))
    mean = sum(got) / len(got)
    rms = (sum((v - mean) ** 2 for v in got) / len(got)) ** 0.5
    print(hz, len(got), mean, rms, len(set(got)))
""")
    for line, noise in zip(out, (1.56, 3.11)):
        hz, n, mean, rms, distinct = line.split()
        # normal mode's 4 mg steps at +-2 g add their own step / sqrt(12)
        want_rms = (noise ** 2 + 4 ** 2 / 12) ** 0.5
        assert int(n) >= 60
        assert abs(float(mean) - 1000) < 1.5
        assert 0.75 * want_rms < float(rms) < 1.3 * want_rms, line
        assert int(distinct) >= 3


def test_fifo_keeps_the_newest_32_samples_and_reports_overrun(tmp_path):
    out = run(tmp_path, """
acc = LIS3DH(i2c, range_g=4, odr_hz=100)
for t in range(0, 600, 10):
    board.lis.add_point(t, t, 0, 1000)   # x ramps with time: says which sample is which
time.sleep_ms(500)                        # 50 samples into a 32-level FIFO
n = acc.read_fifo()
print(n, acc.overrun, acc.samples[0], acc.samples[3 * 31], board.lis.dropped)
time.sleep_ms(50)
n = acc.read_fifo()
print(n, acc.overrun)
""")
    first = out[0].split()
    assert first[0] == "32" and first[1] == "True"
    # samples 19..50 kept (normal mode: 8 mg steps at +-4 g; the ramp is 10 mg a sample)
    assert abs(int(first[2]) - 190) <= 4 and abs(int(first[3]) - 500) <= 4
    assert first[4] == "18"
    assert out[1] == "5 False"


def test_fifo_read_allocates_nothing(tmp_path):
    out = run(tmp_path, """
acc = LIS3DH(i2c)
time.sleep_ms(100); acc.read_fifo()   # warm up
time.sleep_ms(100)
result = ["allocated", 0]

def hot():
    micropython.heap_lock()
    try:
        result[1] = acc.read_fifo()
        result[0] = "no_allocation"
    except MemoryError:
        pass
    micropython.heap_unlock()

hot()
print(result[0], result[1])
""")
    assert out == ["no_allocation 10"]


WAKE = """
import time
from dicetray.tray import board
acc = board.open_accel()
int1 = board.accel_int1()
acc.enable_wake(threshold_mg=200, duration_ms=0)   # as the tray sets it: impacts are short
while True:
    time.sleep_ms(10)
    if int1.value():
        print("wake", acc.wake_source() & 0x40, int1.value())
"""


def test_wake_interrupt_ignores_a_tilted_tray_at_rest_and_fires_on_a_throw(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "wake.py").write_text(WAKE)
    with VirtualBoard(flash, entry="wake") as vb:
        vb.run(200)
        vb.feed([(0, 0, 0, 1000), (1500, 300, 0, 950)])   # tilted slowly, then still
        vb.run(3000)
        assert "wake" not in vb.output
        vb.throw(4)    # a throw whose impacts pass this test's 200 mg (seed 1's peak at 160 mg)
        vb.run(2000)
        assert "wake 64 0" in vb.output     # IA seen; reading INT1_SRC released the latch

"""The virtual board itself: rp2 semantics of I2C, pins, ticks, resets, power cuts and flash."""
import re
from pathlib import Path

from dicetray.tray import pins
from dicetray_host.vboard.board import VirtualBoard, run_script

ROOT = Path(__file__).resolve().parents[1]


def run(tmp_path, body, **kw):
    status, out = run_script(body, tmp_path / "flash", **kw)
    assert status == 0, out
    return out.strip().splitlines()


def test_i2c_scan_absent_address_and_bad_pins_behave_like_rp2(tmp_path):
    out = run(tmp_path, """
from machine import I2C, Pin
print(I2C(0, sda=Pin(4), scl=Pin(5)).scan(), I2C(1, sda=Pin(2), scl=Pin(3)).scan())
print(I2C(0, sda=Pin(8), scl=Pin(9)).scan())     # valid pins, nothing wired there
try:
    I2C(0, sda=Pin(4), scl=Pin(5)).writeto(0x3D, b"x")
except OSError as e:
    print("errno", e.errno)
try:
    I2C(0, sda=Pin(2), scl=Pin(5))
except ValueError as e:
    print(e)
""")
    assert out == ["[60] [24]", "[]", "errno 5", "bad SDA pin"]


def test_pins_have_pulls_and_a_pressed_key_joins_row_and_column(tmp_path):
    out = run(tmp_path, """
from machine import Pin
from vboard_core import board
row = Pin(10, Pin.OPEN_DRAIN, value=1)
col = Pin(18, Pin.IN, Pin.PULL_UP)
floating = Pin(19, Pin.IN)
down = Pin(20, Pin.IN, Pin.PULL_DOWN)
print(col.value(), floating.value(), down.value())
board.set_key(0, 0, True)
print(col.value())
row.value(0)
print(col.value())
board.set_key(0, 0, False)
print(col.value())
""")
    assert out == ["1 0 0", "1", "0", "1"]


def test_ticks_wrap_at_2_pow_30_like_the_rp2040(tmp_path):
    out = run(tmp_path, """
import time
t0 = time.ticks_ms()
time.sleep_ms(50)
t1 = time.ticks_ms()
print(t0 > t1, time.ticks_diff(t1, t0), time.ticks_add(2**30 - 1, 2))
print(time.ticks_diff(0, 2**30 - 1), time.ticks_diff(2**30 - 1, 0))
try:
    time.ticks_add(0, 2**29)
except OverflowError:
    print("overflow")
""", ticks_start_ms=(1 << 30) - 20)
    assert out == ["True 50 1", "1 -1", "overflow"]


RESET_APP = """
import machine, time
print("boot cause", machine.reset_cause())
time.sleep_ms(100)
if machine.reset_cause() == machine.PWRON_RESET:
    machine.reset()
while True:
    time.sleep_ms(10)
"""


def test_machine_reset_boots_again_and_time_goes_on(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "app.py").write_text(RESET_APP)
    with VirtualBoard(flash, entry="app") as vb:
        vb.run(300)
        assert vb.boots == 2
        assert vb.output.count("boot cause") == 2 and "boot cause 3" in vb.output
        assert 300 <= vb.now_ms <= 310


WRITER = """
import time
f = open("/games/log.txt", "a")
f.write("flushed\\n")
f.flush()
f.write("not flushed\\n")
time.sleep_ms(100)
f.write("late\\n")
f.close()
while True:
    time.sleep_ms(10)
"""


def test_power_cut_keeps_flushed_data_and_loses_the_rest(tmp_path):
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    (flash / "app.py").write_text(WRITER)
    vb = VirtualBoard(flash, entry="app").start()
    vb.run(50)
    vb.power_cut()
    assert (flash / "games" / "log.txt").read_text() == "flushed\n"
    vb.start()
    vb.run(200)
    vb.stop()
    assert (flash / "games" / "log.txt").read_text() == "flushed\nflushed\nnot flushed\nlate\n"


def test_statvfs_reports_a_pico_sized_flash_with_files_counted(tmp_path):
    out = run(tmp_path, """
import os
s = os.statvfs("/")
print(s[0], s[2], s[2] - s[3])
with open("/big.bin", "wb") as f:
    f.write(bytearray(10000))
print(s[3] - os.statvfs("/")[3])
print(sorted(os.listdir("/")))
""")
    assert out[0].split()[:2] == ["4096", "352"]
    assert out[1] == "3"   # 10000 bytes take three 4 KiB blocks
    assert out[2] == "['big.bin', 'lib', 'vbscript.py']"


def test_pinout_table_agrees_with_pins_py_and_the_virtual_board_wiring():
    table = (ROOT / "hardware" / "pinout.md").read_text()
    rows = re.findall(r"^\|\s*`(\w+)`\s*\|\s*GP(\d+)\s*\|", table, re.M)
    assert rows, "no pin rows in hardware/pinout.md"
    for name, gpio in rows:
        assert getattr(pins, name) == int(gpio), name
    documented = {name for name, _ in rows}
    in_code = {n for n in dir(pins) if n.startswith(("OLED_S", "ACCEL_S", "ACCEL_INT", "KEY_ROW", "KEY_COL", "PIEZO"))
               and isinstance(getattr(pins, n), int)}
    assert in_code == documented
    # The virtual board's wiring (the unix port's and the page's board share it).
    wiring = (ROOT / "host_tools" / "dicetray_host" / "vboard" / "mp" / "vboard_tray.py").read_text()
    assert "OLED = (%d, %d, %d, 0x%X)" % (pins.OLED_I2C, pins.OLED_SDA, pins.OLED_SCL, pins.OLED_ADDR) in wiring
    assert "ACCEL = (%d, %d, %d, 0x%X, %d)" % (pins.ACCEL_I2C, pins.ACCEL_SDA, pins.ACCEL_SCL,
                                               pins.ACCEL_ADDR, pins.ACCEL_INT1) in wiring
    assert "ROWS = %r" % (pins.KEY_ROWS,) in wiring and "COLS = %r" % (pins.KEY_COLS,) in wiring


def test_rename_replaces_an_existing_file_like_littlefs(tmp_path):
    out = run(tmp_path, """
import os
os.mkdir("/games")
for name, text in (("/games/a.tmp", "new"), ("/games/b.jsonl", "old"), ("/c.txt", "c")):
    with open(name, "w") as f:
        f.write(text)
os.rename("/games/a.tmp", "/games/b.jsonl")       # replaces the old file
print(sorted(os.listdir("/games")), open("/games/b.jsonl").read())
os.chdir("/games")
os.rename("b.jsonl", "d.jsonl")                    # relative to the current directory
print(sorted(os.listdir("/games")))
os.chdir("/")
os.rename("c.txt", "games/c.txt")                 # into another directory
print(sorted(os.listdir("/games")), "c.txt" in os.listdir("/"))
try:
    os.rename("/games/missing", "/games/x")
except OSError as e:
    print("error", e.errno)
""")
    assert out[0] == "['b.jsonl'] new"
    assert out[1] == "['d.jsonl']"
    assert out[2] == "['c.txt', 'd.jsonl'] False"
    assert out[3] == "error 2"
    assert (tmp_path / "flash" / "games" / "d.jsonl").read_text() == "new"


def test_the_screen_is_read_as_written_also_where_letters_could_fake_quotes(tmp_path):
    """Found by the soak (seed 201): under "Gus", the legs of "Ann" four
    pixels lower match five overlapping '"' glyphs, and the screen reader
    took those for the row. A row is now weighed by the glyphs it holds side
    by side."""
    from dicetray_host.vboard.table import Tray
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "roster.txt").write_text("Gus\nAnn\n")
    with Tray(flash) as tray:
        tray.new_game("sixdice", players=2)
        tray.key("SCORES")
        assert tray.vb.screen_text()[1:] == [">Gus           0", "Ann           0"]


def test_readings_fed_on_the_sample_clock_are_what_the_part_reads(tmp_path):
    # A trace at the part's ODR is its own readings: feed_readings() puts
    # each on a sample of its own, so the part outputs them as they are (no
    # line drawn between two readings, which would halve a one-sample blow).
    log = tmp_path / "samples"
    rows = [(8 * i, -8 * i, 1000 + 16 * (i % 5)) for i in range(100)]   # whole 8 mg steps at +-4 g
    with VirtualBoard(tmp_path / "flash", accel=True, env={"VBOARD_ACC_LOG": str(log)}) as vb:
        vb.run(300)
        state = vb.accel_state()
        end_ms = vb.feed_readings(rows)
        vb.run(end_ms + 50)
    taken = [[int(v) for v in line.split()] for line in log.read_text().splitlines()]
    times = [t for t, *_ in taken]
    first = times.index(state["next_us"])
    period = 1_000_000 // state["odr_hz"]
    assert times[first + 99] - times[first] == 99 * period
    assert [tuple(xyz) for _, *xyz in taken[first:first + 100]] == rows

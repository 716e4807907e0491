"""SSD1306 driver against the emulated controller: what reaches the GDDRAM, what is sent, no allocation."""
from dicetray_host.vboard.board import VirtualBoard, run_script

SHOW_PAGES = """
import micropython
from dicetray.tray import board
d = board.open_display()
print("init", d.bytes_sent)
print("unchanged", d.show())
d.text("Hi", 0, 0, 1)
print("one page", d.show())
d.text("Hi", 40, 12, 1)
print("two pages", d.show())
print("full", d.show(full=True))
d.fill(1)
print("all changed", d.show())
from vboard_core import board as vb
print("gddram", vb.oled.ram == d.buffer)
result = ["allocated", 0]

def hot():
    micropython.heap_lock()
    try:
        d.pixel(5, 5, 0)
        n = d.show()
        d.pixel(5, 5, 1)
        n += d.show()
        result[1] = n
        result[0] = "no_allocation"
    except MemoryError:
        pass
    micropython.heap_unlock()

hot()
print(result[0], result[1])
"""


def _printed(script, flash):
    """Run a board script; {first word: the rest} of each line it printed."""
    status, out = run_script(script, flash)
    assert status == 0, out
    return dict(line.split(" ", 1) for line in out.strip().splitlines())


def test_only_changed_columns_are_sent_and_land_in_gddram(tmp_path):
    lines = _printed(SHOW_PAGES, tmp_path / "flash")
    # per changed page: 7-byte window command + control byte + the changed
    # columns, widened to whole 8-column cells ("Hi" is 16 columns)
    assert lines["unchanged"] == "0"
    assert lines["one"] == "page 24"
    assert lines["two"] == "pages 48"         # 8-pixel text at y=12 spans pages 1 and 2
    assert lines["full"] == "1088"            # page by page: no bus call longer than a page
    assert lines["all"] == "changed 1088"
    assert lines["gddram"] == "True"
    assert int(lines["init"]) > 1088        # init commands + a cleared frame


def test_show_allocates_nothing_on_an_i2c_that_allocates_like_rp2s(tmp_path):
    status, out = run_script(SHOW_PAGES + WRITEVTO_CONTROL, tmp_path / "flash")
    assert status == 0, out
    last = out.strip().splitlines()[-2:]
    assert last[0] == "no_allocation 32"      # one pixel off and on again: one cell twice
    assert last[1] == "writevto allocates"    # the bus allocates where rp2's does


WRITEVTO_CONTROL = """
micropython.heap_lock()
try:
    d.i2c.writevto(0x3C, [b"\\x40", d.buffer[:8]])
    print("writevto allocates not")
except MemoryError:
    micropython.heap_unlock()
    print("writevto allocates")
micropython.heap_unlock()
"""


APP = """
import time
from dicetray.tray import board
d = board.open_display()
d.text("Score 42", 4, 3, 1)
d.rect(0, 40, 20, 10, 1)
d.show()
time.sleep_ms(100)
d.contrast(10)
time.sleep_ms(100)
d.poweroff()
time.sleep_ms(100)
d.poweron()
d.command(0xA7)   # inverse display (the tray never inverts; the panel model does)
time.sleep_ms(100)
"""


def test_panel_shows_text_at_odd_offsets_and_honours_contrast_and_power(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "app.py").write_text(APP)
    with VirtualBoard(flash, entry="app") as vb:
        vb.run(50)
        frame = vb.frame()
        assert frame.brightness == 0xCF
        assert vb.screen_text() == ["Score 42"]
        assert frame.pixel(0, 40) == 1 and frame.pixel(19, 49) == 1 and frame.pixel(10, 45) == 0
        vb.run(100)
        assert vb.frame().brightness == 10
        vb.run(100)
        dark = vb.frame()
        assert dark.brightness == 0 and dark.lit() == 0
        vb.run(100)
        inverted = vb.frame()
        assert inverted.pixel(10, 45) == 1 and inverted.pixel(0, 40) == 0
        assert vb.screen_text() == ["Score 42"]   # read back inverted


def test_png_screenshot_is_a_valid_scaled_image(tmp_path):
    import struct
    import zlib
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "app.py").write_text(APP)
    with VirtualBoard(flash, entry="app") as vb:
        vb.run(50)
        path = vb.save_png(tmp_path / "shot.png", scale=3)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (384, 192)
    idat_len = struct.unpack(">I", data[33:37])[0]
    raw = zlib.decompress(data[41:41 + idat_len])
    assert len(raw) == 192 * (1 + 384)
    assert max(raw) == 64 + 0xCF * 191 // 255


CLEAR = """
import micropython
from dicetray.tray import board
d = board.open_display()
d.fill(1)
d.show()
micropython.heap_lock()
try:
    d.fill(0)
    print("fill(0)", "no_allocation")
except MemoryError:
    micropython.heap_unlock()
    print("fill(0)", "allocates")
micropython.heap_unlock()
print("lit", sum(1 for b in d.buffer if b))
print("sent", d.show())
from vboard_core import board as vb
print("gddram", vb.oled.ram == d.buffer, max(vb.oled.ram))
"""


def test_clearing_the_frame_allocates_nothing_and_blanks_the_panel(tmp_path):
    # Every screen starts with fill(0): the driver clears page by page
    # rather than pixel by pixel, and must still allocate nothing.
    lines = _printed(CLEAR, tmp_path / "flash")
    assert lines["fill(0)"] == "no_allocation"
    assert lines["lit"] == "0"
    assert lines["sent"] == "1088"            # every page was lit: all of it goes
    assert lines["gddram"] == "True 0"

"""SSD1306 128x64 OLED over I2C, sending only the pages that changed.

The panel's GDDRAM is 8 pages of 8-pixel rows, one byte per column per page
(MONO_VLSB), which is exactly a framebuf MONO_VLSB buffer. show() compares
each page with a shadow copy of what the panel already holds and sends only
the pages that differ; a full frame at 400 kHz takes ~23 ms, a page ~3 ms.
"""
import framebuf

from micropython import const

_SET_CONTRAST = const(0x81)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_INVERSE = const(0xA7)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MEM_MODE = const(0x20)
_COL_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA1)       # column 127 -> SEG0: image not mirrored
_MUX_RATIO = const(0xA8)
_COM_SCAN_DEC = const(0xC8)    # COM scan remapped: image not upside down
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOMH = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_SCROLL_OFF = const(0x2E)

_CTRL_CMD = const(0x00)        # Co=0, D/C#=0: the rest are commands
_CTRL_DATA = const(0x40)       # Co=0, D/C#=1: the rest is GDDRAM data


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.external_vcc = external_vcc
        self.buffer = bytearray(width * self.pages)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shadow = bytearray(len(self.buffer))
        buf = memoryview(self.buffer)
        shadow = memoryview(self._shadow)
        self._page_views = [buf[p * width:(p + 1) * width] for p in range(self.pages)]
        self._shadow_views = [shadow[p * width:(p + 1) * width] for p in range(self.pages)]
        self._all = buf
        # A window command: column 0..width-1, page first..last.
        self._window = bytearray((_CTRL_CMD, _COL_ADDR, 0, width - 1, _PAGE_ADDR, 0, 0))
        self._cmd = bytearray(3)
        self._cmd1 = memoryview(self._cmd)[:2]
        self._vec = [b"\x40", buf]
        self.bytes_sent = 0
        self.pages_sent = 0
        self.is_on = False
        self._panel_valid = False  # until the first show, the panel holds noise
        self.init_display()

    def _command(self, c, arg=-1):
        cmd = self._cmd
        cmd[0] = _CTRL_CMD
        cmd[1] = c
        if arg < 0:
            self.i2c.writeto(self.addr, self._cmd1)
            self.bytes_sent += 2
        else:
            cmd[2] = arg
            self.i2c.writeto(self.addr, cmd)
            self.bytes_sent += 3

    def init_display(self):
        # Order and values per the datasheet's application example.
        self._command(_DISPLAY_OFF)
        self._command(_CLOCK_DIV, 0x80)
        self._command(_MUX_RATIO, self.height - 1)
        self._command(_DISPLAY_OFFSET, 0)
        self._command(_START_LINE | 0)
        self._command(_CHARGE_PUMP, 0x10 if self.external_vcc else 0x14)
        self._command(_MEM_MODE, 0x00)  # horizontal: a window fills row by row
        self._command(_SEG_REMAP)
        self._command(_COM_SCAN_DEC)
        self._command(_COM_PINS, 0x02 if self.height == 32 else 0x12)
        self._command(_SET_CONTRAST, 0x9F if self.external_vcc else 0xCF)
        self._command(_PRECHARGE, 0x22 if self.external_vcc else 0xF1)
        self._command(_VCOMH, 0x40)
        self._command(_ENTIRE_ON_RESUME)
        self._command(_NORMAL)
        self._command(_SCROLL_OFF)
        self.fill(0)
        self._panel_valid = False
        self.show()
        self.poweron()

    def poweroff(self):
        """Panel to sleep (~10 uA); GDDRAM keeps the picture."""
        self._command(_DISPLAY_OFF)
        self.is_on = False

    def poweron(self):
        self._command(_DISPLAY_ON)
        self.is_on = True

    def contrast(self, level):
        if not 0 <= level <= 255:
            raise ValueError("contrast must be 0..255, got %d" % level)
        self._command(_SET_CONTRAST, level)

    def invert(self, flag):
        self._command(_INVERSE if flag else _NORMAL)

    def _send(self, first, last, data):
        win = self._window
        win[5] = first
        win[6] = last
        self.i2c.writeto(self.addr, win)
        vec = self._vec
        vec[1] = data
        self.i2c.writevto(self.addr, vec)
        self.bytes_sent += 8 + len(data)
        self.pages_sent += last - first + 1

    def show(self, full=False):
        """Send the changed pages (all with full=True); returns bytes sent."""
        before = self.bytes_sent
        pages = self._page_views
        shadows = self._shadow_views
        changed = 0
        for p in range(self.pages):
            if pages[p] != shadows[p]:
                changed += 1
        if full or not self._panel_valid or changed == self.pages:
            # One window and one write beat eight of each.
            self._send(0, self.pages - 1, self._all)
            self._shadow[:] = self.buffer
            self._panel_valid = True
            return self.bytes_sent - before
        p = 0
        while changed:
            page = pages[p]
            if page != shadows[p]:
                self._send(p, p, page)
                shadows[p][:] = page
                changed -= 1
            p += 1
        return self.bytes_sent - before

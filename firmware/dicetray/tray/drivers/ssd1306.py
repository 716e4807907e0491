"""SSD1306 128x64 OLED over I2C, sending only the columns that changed.

The panel's GDDRAM is 8 pages of 8-pixel rows, one byte per column per page
(MONO_VLSB), which is exactly a framebuf MONO_VLSB buffer. show() compares
each page with a shadow copy of what the panel already holds and sends, for
each page that differs, only the changed run of columns (widened to whole
8-column cells): a window command, then the control byte and the columns
in one writeto() from a preallocated buffer. At 400 kHz a whole page takes
~3 ms, a changed word a fraction of that; no single bus call takes longer
than a page, so the key pad's timer is never held up for long.

Nothing in show() allocates: writevto() and writeto_mem() go through a
transfer adaptor that allocates on the rp2 port, writeto() does not.

The panel's power-on sequence is sent once, at boot, by board.py (which is
then dropped: on a Pico a module's bytecode is RAM); the constructor only
sets up the buffers.
"""
import framebuf

from micropython import const

SET_CONTRAST = const(0x81)    # also sent by the power-on sequence (board.py)
DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_COL_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)

_CTRL_CMD = const(0x00)        # Co=0, D/C#=0: the rest are commands
_CTRL_DATA = const(0x40)       # Co=0, D/C#=1: the rest is GDDRAM data
_CELL = const(8)               # changed columns are sent in runs of whole 8-column cells


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
        self._page_views = []
        self._shadow_views = []
        for p in range(self.pages):
            self._page_views.append(buf[p * width:(p + 1) * width])
            self._shadow_views.append(shadow[p * width:(p + 1) * width])
        # A window command: columns first..last, page first..last.
        self._window = bytearray((_CTRL_CMD, _COL_ADDR, 0, width - 1, _PAGE_ADDR, 0, 0))
        self._cmd = bytearray(3)
        self._cmd1 = memoryview(self._cmd)[:2]
        # What one page write sends: the data control byte, then up to a
        # page of columns, copied in; one view per length in cells.
        self._tx = bytearray(1 + width)
        self._tx[0] = _CTRL_DATA
        tx = memoryview(self._tx)
        self._tx_views = []
        for n in range(width // _CELL + 1):
            self._tx_views.append(tx[:1 + _CELL * n])
        self._blank = bytes(width)  # a clear page, copied into each page by fill(0)
        self.bytes_sent = 0
        self.is_on = False
        self._panel_valid = False  # until the first show, the panel holds noise

    def fill(self, c):
        """Every pixel to c. framebuf's own fill sets the 8,192 pixels one
        by one (about 70,000 instructions, every screen starts with it);
        clearing copies a blank page into each page instead."""
        if c:
            super().fill(c)
            return
        blank = self._blank
        for page in self._page_views:
            page[:] = blank

    def command(self, c, arg=-1):
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

    def poweroff(self):
        """Panel to sleep (~10 uA); GDDRAM keeps the picture."""
        self.command(DISPLAY_OFF)
        self.is_on = False

    def poweron(self):
        self.command(_DISPLAY_ON)
        self.is_on = True

    def contrast(self, level):
        if not 0 <= level <= 255:
            raise ValueError("contrast must be 0..255, got %d" % level)
        self.command(SET_CONTRAST, level)

    def _send(self, page, c0, c1):
        """Columns c0..c1-1 of one page: a window, then the data."""
        win = self._window
        win[2] = c0
        win[3] = c1 - 1
        win[5] = page
        win[6] = page
        self.i2c.writeto(self.addr, win)
        tx = self._tx
        src = self._page_views[page]
        to = 1 - c0  # after the control byte
        for c in range(c0, c1):  # byte by byte: blit() goes pixel by pixel, more work
            tx[c + to] = src[c]
        self.i2c.writeto(self.addr, self._tx_views[(c1 - c0) // _CELL])
        self.bytes_sent += 8 + c1 - c0

    def show(self, full=False):
        """Send the changed columns of the changed pages (everything with
        full=True); returns bytes sent."""
        before = self.bytes_sent
        pages = self._page_views
        shadows = self._shadow_views
        width = self.width
        everything = full or not self._panel_valid
        for p in range(self.pages):
            page = pages[p]
            shadow = shadows[p]
            if everything:
                c0 = 0
                c1 = width
            elif page == shadow:
                continue
            else:
                c0 = 0
                while page[c0] == shadow[c0]:
                    c0 += 1
                c1 = width - 1
                while page[c1] == shadow[c1]:
                    c1 -= 1
                c0 -= c0 % _CELL
                c1 += _CELL - c1 % _CELL
            self._send(p, c0, c1)
            shadow[:] = page
        self._panel_valid = True
        return self.bytes_sent - before

"""SSD1306 controller model: the I2C command/data protocol into a 128x64 GDDRAM.

Control byte: Co (bit 7) = one byte then another control byte; D/C# (bit 6)
= data (GDDRAM) or commands. Commands and their arguments per the SSD1306
datasheet, section 9 (command table) and 10 (addressing modes).
"""

# Argument count of multi-byte commands.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1,
         0xD9: 1, 0xDA: 1, 0xDB: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}
_HORIZONTAL = 0
_VERTICAL = 1
_PAGE = 2


class SSD1306Model:
    def __init__(self, addr=0x3C):
        self.addr = addr
        self.ram = bytearray(1024)
        self._ram = memoryview(self.ram)
        self.wrote_us = 0       # board time of the last write to the panel
        self.wrote_bytes = 0    # bytes written to it since power-on
        self.power_on_reset()

    def power_on_reset(self):
        # Reset values from the datasheet command table.
        self.on = 0
        self.contrast = 0x7F
        self.inverse = 0
        self.all_on = 0
        self.remap = 0
        self.com_reverse = 0
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.com_pins = 0x12
        self.charge_pump = 0  # off until 0x8D 0x14
        self.mode = _PAGE
        self.col_start = 0
        self.col_end = 127
        self.page_start = 0
        self.page_end = 7
        self.col = 0
        self.page = 0
        self.scroll = 0
        self._cmd = bytearray(8)
        self._ncmd = 0
        self._need = 0
        self._state = 0   # 0: control byte next, 1: one byte then control, 2: rest of transfer

    def describe(self):
        return ("on=%d contrast=%d inverse=%d allon=%d remap=%d comrev=%d start=%d offset=%d "
                "mux=%d compins=%d pump=%d" % (
                    self.on, self.contrast, self.inverse, self.all_on, self.remap,
                    self.com_reverse, self.start_line, self.offset, self.mux,
                    self.com_pins, self.charge_pump))

    # --- I2C device interface ------------------------------------------------
    def begin_write(self):
        self._state = 0
        self._dc = 0

    def end_write(self):
        self._state = 0

    def read_into(self, buf):
        # Status byte: bit 6 = display off.
        for i in range(len(buf)):
            buf[i] = 0 if self.on else 0x40

    def write_byte(self, b):
        if self._state == 0:
            self._dc = b & 0x40
            self._state = 1 if b & 0x80 else 2
            return
        if self._dc:
            self._data_byte(b)
        else:
            self._command_byte(b)
        if self._state == 1:
            self._state = 0

    def write(self, buf):
        n = len(buf)
        i = 0
        while i < n:
            if self._state == 2 and self._dc and self.mode != _VERTICAL:
                i = self._data_run(buf, i, n)
            else:
                self.write_byte(buf[i])
                i += 1

    # --- GDDRAM ----------------------------------------------------------
    def _data_run(self, buf, i, n):
        # Bulk copy (no allocation when the whole buffer fits the window run).
        full_width = self.mode == _HORIZONTAL and self.col_start == 0 and self.col_end == 127
        if full_width and self.page_start <= self.page <= self.page_end:
            room = (self.page_end - self.page) * 128 + 128 - self.col
        elif self.mode == _PAGE or self.col > self.col_end:
            room = 128 - self.col
        else:
            room = self.col_end - self.col + 1
        k = n - i
        if k > room:
            k = room
        base = self.page * 128 + self.col
        ram = self._ram
        if i == 0 and k == n:
            ram[base:base + k] = buf
        else:
            for j in range(k):
                ram[base + j] = buf[i + j]
        if full_width and self.page_start <= self.page <= self.page_end:
            span = (self.page_end - self.page_start + 1) * 128
            lin = ((self.page - self.page_start) * 128 + self.col + k) % span
            self.page = self.page_start + lin // 128
            self.col = lin % 128
        else:
            self.col += k - 1
            self._next_column()
        return i + k

    def _data_byte(self, b):
        self.ram[self.page * 128 + self.col] = b
        if self.mode == _VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:
            self._next_column()

    def _next_column(self):
        if self.mode == _PAGE:
            self.col = 0 if self.col >= 127 else self.col + 1
            return
        if self.col >= self.col_end:
            self.col = self.col_start
            self.page = self.page_start if self.page >= self.page_end else self.page + 1
        else:
            self.col += 1

    # --- commands --------------------------------------------------------
    def _command_byte(self, b):
        if self._need:
            self._cmd[self._ncmd] = b
            self._ncmd += 1
            self._need -= 1
            if not self._need:
                self._execute()
            return
        self._cmd[0] = b
        self._ncmd = 1
        self._need = _ARGS.get(b, 0)
        if not self._need:
            self._execute()

    def _execute(self):
        c = self._cmd
        op = c[0]
        if op < 0x10:
            if self.mode == _PAGE:
                self.col = (self.col & 0xF0) | op
        elif op < 0x20:
            if self.mode == _PAGE:
                self.col = ((op & 0x07) << 4) | (self.col & 0x0F)
        elif op == 0x20:
            self.mode = c[1] & 3 if c[1] & 3 != 3 else _PAGE
        elif op == 0x21:
            self.col_start = c[1] & 0x7F
            self.col_end = c[2] & 0x7F
            self.col = self.col_start
        elif op == 0x22:
            self.page_start = c[1] & 7
            self.page_end = c[2] & 7
            self.page = self.page_start
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op == 0x81:
            self.contrast = c[1]
        elif op == 0x8D:
            self.charge_pump = 1 if c[1] & 0x04 else 0
        elif op == 0xA0 or op == 0xA1:
            self.remap = op & 1
        elif op == 0xA4 or op == 0xA5:
            self.all_on = op & 1
        elif op == 0xA6 or op == 0xA7:
            self.inverse = op & 1
        elif op == 0xA8:
            self.mux = max(15, c[1] & 0x3F)
        elif op == 0xAE or op == 0xAF:
            self.on = op & 1
        elif 0xB0 <= op <= 0xB7:
            if self.mode == _PAGE:
                self.page = op & 7
        elif op == 0xC0 or op == 0xC8:
            self.com_reverse = 1 if op == 0xC8 else 0
        elif op == 0xD3:
            self.offset = c[1] & 0x3F
        elif op == 0xDA:
            self.com_pins = c[1] & 0x32
        elif op == 0x2E:
            self.scroll = 0
        elif op == 0x2F:
            self.scroll = 1
        # 0xD5, 0xD9, 0xDB, 0xE3 (NOP), scroll setup: timing only, no picture change

"""What the virtual panel shows: the SSD1306's display RAM as a frame of
pixels, and the text on it read back with MicroPython's own 8x8 font."""
import functools
import subprocess

from dicetray_host.paths import BOARD_SIDE, micropython_binary
from dicetray_host.vboard.png import png_bytes


class Frame:
    """What the panel shows: 64 rows of 128 pixels (0/1) and a brightness 0..255."""

    def __init__(self, rows, brightness):
        self.rows = rows
        self.brightness = brightness
        self.width = 128
        self.height = 64

    def pixel(self, x, y):
        return self.rows[y][x]

    def lit(self):
        return sum(map(sum, self.rows))

    def text(self):
        return screen_text(self)

    def ascii(self):
        return "\n".join("".join("#" if p else "." for p in row) for row in self.rows)

    def png(self, scale=4):
        return png_bytes(self, scale)


def frame_from_gddram(ram, regs):
    """Apply the controller's display settings to GDDRAM, as the panel would show it."""
    on = regs.get("on", 0) and regs.get("pump", 0)
    if not on:
        return Frame([[0] * 128 for _ in range(64)], 0)
    rows = []
    mux = regs.get("mux", 63)
    for y in range(64):
        com = y if regs.get("comrev", 0) else 63 - y
        if regs.get("compins", 0x12) & 0x10 == 0:
            com = (com % 2) * 32 + com // 2  # sequential COM on an alternate-wired panel
        if com > mux:
            rows.append([0] * 128)
            continue
        line = (com + regs.get("start", 0) + regs.get("offset", 0)) & 63
        page, bit = divmod(line, 8)
        row = []
        for x in range(128):
            col = x if regs.get("remap", 0) else 127 - x
            row.append((ram[page * 128 + col] >> bit) & 1)
        rows.append(row)
    if regs.get("allon", 0):
        rows = [[1] * 128 for _ in rows]
    elif regs.get("inverse", 0):
        rows = [[p ^ 1 for p in r] for r in rows]
    return Frame(rows, regs.get("contrast", 0))


# --- text recognition -------------------------------------------------------
@functools.lru_cache(maxsize=1)
def font_glyphs():
    """{8 column bytes: char} for the builtin framebuf font, rendered by MicroPython itself."""
    out = subprocess.run([micropython_binary(), str(BOARD_SIDE / "font_dump.py")], capture_output=True,
                         text=True, check=True).stdout
    glyphs = {}
    for line in out.splitlines():
        code, hexdata = line.split()
        key = bytes.fromhex(hexdata)
        if any(key) and key not in glyphs:
            glyphs[key] = chr(int(code))
    return glyphs


_INVERT = bytes(b ^ 0xFF for b in range(256))


def screen_text(frame):
    """Lines of text on the screen, top to bottom (framebuf font, any pixel offset, also inverted)."""
    glyphs = font_glyphs()
    cols = [sum(frame.rows[y][x] << y for y in range(64)) for x in range(128)]
    cands = []
    for y in range(57):
        # the 8 pixel rows from y down, one byte per column: a glyph is 8 of them
        band = bytes((c >> y) & 0xFF for c in cols)
        if not any(band):
            continue
        for x in range(121):
            key = band[x:x + 8]
            ch = glyphs.get(key)
            if ch is None:
                if not any(key):
                    continue
                inv = key.translate(_INVERT)
                ch = glyphs.get(inv) if inv != key else None
                if ch is None:
                    continue
            cands.append((y, x, ch, sum(bin(b).count("1") for b in key)))
    # A row's weight: how many glyphs it holds side by side (8 px apart at
    # least). Counting every match would let the legs of "Ann" read as five
    # overlapping '"' four pixels lower outweigh the three letters.
    per_row = {}
    right = {}
    for y, x, _, _ in sorted(cands, key=lambda c: (c[0], c[1])):
        if x >= right.get(y, -8):
            per_row[y] = per_row.get(y, 0) + 1
            right[y] = x + 8
    cands.sort(key=lambda c: (-per_row[c[0]], -c[3], c[0], c[1]))
    taken = [[False] * 128 for _ in range(64)]
    accepted = []
    for y, x, ch, _ in cands:
        if any(taken[y + j][x + i] for j in range(8) for i in range(8)):
            continue
        for j in range(8):
            for i in range(8):
                taken[y + j][x + i] = True
        accepted.append((y, x, ch))
    lines = {}
    for y, x, ch in accepted:
        lines.setdefault(y, []).append((x, ch))
    result = []
    for y in sorted(lines):
        chars = sorted(lines[y])
        text = ""
        last_end = chars[0][0]
        for x, ch in chars:
            gap = x - last_end
            if gap >= 8:
                text += " " * (gap // 8)
            text += ch
            last_end = x + 8
        result.append(text)
    return result

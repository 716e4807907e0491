"""How many lines a paragraph takes on paper, for planning the kit's pages.

The pages name DejaVu Sans first (printing/page.py), so the words are
measured in that font's own advance widths (Pillow reads the TrueType file)
and broken at spaces as a browser breaks them. Where the font or Pillow is
missing, an average width per character stands in (rounding up)."""
import functools
import re
from html import unescape

_FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_UNITS = 100            # font size the widths are read at, scaled after
_PT_MM = 25.4 / 72
_CHAR_EM = 0.52         # the stand-in: an average character, in em, with room for word breaks
_SLACK = 1.01           # shaping and kerning differ a little from the plain advances


@functools.lru_cache(maxsize=None)
def _font(bold):
    try:
        from PIL import ImageFont
        return ImageFont.truetype(_FONT_DIR + _FILES[bold], _UNITS)
    except (ImportError, OSError):
        return None


def _words(html):
    """(word, bold) in reading order; tags other than <b> are dropped."""
    found = []
    bold = False
    for part in re.split(r"(<[^>]+>)", html):
        if part.startswith("<"):
            tag = part.strip("<>/ ").split()[0].lower() if part.strip("<>/ ") else ""
            if tag == "b":
                bold = not part.startswith("</")
            continue
        for word in unescape(part).split():
            found.append((word, bold))
    return found


def line_count(html, width_mm, pt):
    """Lines the paragraph html fills in a box width_mm wide at pt points."""
    words = _words(html)
    if not words:
        return 1
    regular = _font(False)
    if regular is None or _font(True) is None:
        text = " ".join(w for w, _ in words)
        per_line = max(1, int(width_mm / (pt * _PT_MM * _CHAR_EM)))
        return max(1, -(-len(text) // per_line))
    scale = pt * _PT_MM / _UNITS * _SLACK
    space = regular.getlength(" ") * scale
    lines, used = 1, 0.0
    for word, bold in words:
        width = _font(bold).getlength(word) * scale
        if used and used + space + width > width_mm:
            lines += 1
            used = width
        else:
            used += (space if used else 0.0) + width
    return lines

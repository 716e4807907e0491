# Record lines as the tray writes them while a game is played: an action
# line with its CRC-32 "c" member (docs/record-format.md), the JSON text it
# is made of, and the limit on totals the live game checks. A module of its
# own so that a tray playing a game holds only this much of the record code
# in RAM; record.py (reading, the header) has the rest and exports this too.
from binascii import crc32

from dicetray.engine.actions import NAMES, ROLL, BANK, KEEP, ORDER

MAX_TOTAL = 2147483647   # 2^31 - 1: a score or running total never passes it (record-format.md, "Limits")


def crc_text(text):
    """8 lower-case hex digits of CRC-32 over bytes or str."""
    if type(text) is str:
        text = text.encode()
    return "%08x" % (crc32(text) & 0xFFFFFFFF)


def with_crc(text):
    """Append the "c" member to a one-line JSON object text."""
    return text[:-1] + ',"c":"' + crc_text(text) + '"}'


def has_control(raw, quotes=False):
    """Whether UTF-8 bytes hold a control character (C0, DEL, C1: U+0080
    to U+009F are C2 80..9F), or with quotes a '"' or a backslash. Bytes,
    not characters: iterating a str makes a one-character string of each,
    which MicroPython interns for good (the letters of a few names cost a
    new qstr pool of KBs)."""
    after_c2 = False
    for c in raw:
        if c < 32 or c == 127 or (after_c2 and c < 0xA0) or (quotes and (c == 34 or c == 92)):
            return True
        after_c2 = c == 0xC2
    return False


def utf8(text):
    """The UTF-8 bytes of a str (a lone surrogate as it is, never an error)."""
    return text.encode("utf-8", "surrogatepass")


def json_string(text):
    """A JSON string literal, the same bytes on CPython and MicroPython."""
    if not has_control(utf8(text), True):
        return '"' + text + '"'  # the usual case, without a look at each character
    out = '"'
    for ch in text:
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif ord(ch) < 32 or 127 <= ord(ch) < 160:  # control characters
            out += "\\u%04x" % ord(ch)
        else:
            out += ch
    return out + '"'


def json_ints(values):
    return "[" + ",".join(map(str, values)) + "]"


def encode_action(kind, dice=None, p=None, t=None, snap=None):
    """One record line (no newline) for an action, with its check; `snap`,
    ints, is the state after it for a fast resume (docs/record-format.md)."""
    text = '{"a":"' + NAMES[kind] + '"'
    if kind == ROLL or kind == KEEP:
        text += ',"d":' + json_ints(dice)
    elif kind == ORDER:
        text += ',"p":' + json_ints(p)
    elif kind == BANK and p is not None:
        text += ',"p":%d' % p
    if t is not None:
        text += ',"t":%d' % t
    if snap is not None:
        text += ',"snap":' + json_ints(snap)
    return with_crc(text + "}")

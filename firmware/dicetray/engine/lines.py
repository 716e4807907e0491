# Record lines as the tray writes them while a game is played: an action
# line with its CRC-32 "c" member (docs/record-format.md), the JSON text it
# is made of (numbers only: JSON strings, for a header, are record.py's),
# and the limit on totals the live game checks. A module of its
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


NAME_BYTES = tuple([name.encode() if name else b"" for name in NAMES])


def json_ints(values):
    return "[" + ",".join(map(str, values)) + "]"


def _int_list(values):
    return b"[" + b",".join([b"%d" % v for v in values]) + b"]"


def action_line(kind, dice=None, p=None, t=None, snap=None):
    """One record line (bytes, no newline) for an action, with its check;
    `snap`, ints, is the state after it for a fast resume
    (docs/record-format.md). Built as bytes: MicroPython looks every new
    str up among the interned names (all of them, for a line it never
    finds), which made string building the largest cost of a replay."""
    text = b'{"a":"' + NAME_BYTES[kind] + b'"'
    if kind == ROLL or kind == KEEP:
        text += b',"d":' + _int_list(dice)
    elif kind == ORDER:
        text += b',"p":' + _int_list(p)
    elif kind == BANK and p is not None:
        text += b',"p":%d' % p
    if t is not None:
        text += b',"t":%d' % t
    if snap is not None:
        text += b',"snap":' + _int_list(snap)
    return text + b',"c":"%08x"}' % (crc32(b"}", crc32(text)) & 0xFFFFFFFF)


def encode_action(kind, dice=None, p=None, t=None, snap=None):
    """action_line as text, for the host's writers and the tests."""
    return action_line(kind, dice, p, t, snap).decode()

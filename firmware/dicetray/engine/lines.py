# Record lines as the tray writes them while a game is played: an action
# line with its CRC-32 "c" member (docs/record-format.md), and the limit on
# totals the live game checks. A module of its own so that a tray playing a
# game holds only this much of the record code in RAM; record.py (reading,
# the header, the same line as text for the host) has the rest.
from binascii import crc32

from dicetray.engine.actions import NAMES, ROLL, BANK, KEEP, ORDER

MAX_TOTAL = 2147483647   # 2^31 - 1: a score or running total never passes it (record-format.md, "Limits")


def _int_list(values):
    return b"[" + b",".join([b"%d" % v for v in values]) + b"]"


def action_line(kind, dice=None, p=None, t=None, snap=None):
    """One record line (bytes, no newline) for an action, with its check;
    `snap`, ints, is the state after it for a fast resume
    (docs/record-format.md). Built as bytes: MicroPython looks every new
    str up among the interned names (all of them, for a line it never
    finds), which made string building the largest cost of a replay."""
    text = b'{"a":"' + NAMES[kind].encode() + b'"'
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

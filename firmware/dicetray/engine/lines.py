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

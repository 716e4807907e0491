# The tray's own action lines read back fast (MicroPython only, from
# record.decode): a line exactly as lines.action_line writes it is strict
# JSON within the record's limits by its making, so it needs neither the
# grammar scan (strictjson) nor json.loads. Loaded only while a record is
# read (tray.READING).
#
# Read in place: every new object on the heap costs an allocation (a walk of
# the heap's table for a free block), which made building the line again to
# compare it the larger part of a replay. Positions are found with find()
# and startswith(), which make nothing; only the numbers' texts are cut out.
from binascii import crc32

from micropython import const

from dicetray.engine.actions import NAMES, ROLL, BANK, KEEP, ORDER
from dicetray.engine.record import C_HEAD, C_TAIL

_NAME_BYTES = tuple([name.encode() if name else b"" for name in NAMES])
_HEAD = b'{"a":"'
_DICE = b',"d":['
_ORDER = b',"p":['
_PLAYER = b',"p":'
_TIME = b',"t":'
_SNAP = b',"snap":['
# The numbers of n digits, from _LOW[n] up to _LOW[n + 1]: a number as
# the writer writes it has exactly as many characters as its value's
# digits (and a "-" when below 0). What else C int() reads, and the writer
# never writes, makes the text longer: a leading zero, "+", "_" between
# digits, white space around them, "-0".
_LOW = tuple([0, 0] + [10 ** n for n in range(1, 19)])
_MAX_DIGITS = const(18)  # strictjson's limit for a number


def _int(text):
    """The number in text as the writer writes it (-?[1-9][0-9]* or 0, at
    most 18 digits); ValueError else."""
    value = int(text)
    digits = len(text)
    if value < 0:
        digits -= 1
        if not digits <= _MAX_DIGITS or not _LOW[digits] <= -value < _LOW[digits + 1]:
            raise ValueError
    elif not digits <= _MAX_DIGITS or not _LOW[digits] <= value < _LOW[digits + 1]:
        raise ValueError
    elif value == 0 and text != b"0":  # MicroPython's int() reads a lone "_" as 0
        raise ValueError
    return value


def _ints(line, start):
    """(the ints of the list whose "[" ends at start, where its "]" is)."""
    close = line.find(b"]", start)
    if close < 0:
        raise ValueError
    values = []
    if close > start:
        for text in line[start:close].split(b","):
            values.append(_int(text))
    return values, close + 1


def _number(line, start, n):
    """(the number at start, where it ends: the next member or the "c")."""
    end = line.find(b",", start, n)
    if end < 0:
        end = n
    return _int(line[start:end]), end


def as_written(line):
    """The object of an action line exactly as action_line writes it, else
    None (any other line, a header or anything a hostile writer made,
    takes the scan). Its members are taken in the writer's order, so the
    line is the writer's bytes for what is read; its "c" is checked here."""
    n = len(line) - C_TAIL  # where ,"c":" starts
    if n < 8 or not line.startswith(_HEAD) or not line.startswith(C_HEAD, n) or line[-2:] != b'"}':
        return None
    try:
        end = line.find(b'"', 6, n)
        kind = _NAME_BYTES.index(line[6:end], 1)
        obj = {"a": NAMES[kind]}
        at = end + 1
        if kind == ROLL or kind == KEEP:
            if not line.startswith(_DICE, at):
                return None
            obj["d"], at = _ints(line, at + 6)
        elif kind == ORDER:
            if not line.startswith(_ORDER, at):
                return None
            obj["p"], at = _ints(line, at + 6)
        elif kind == BANK and line.startswith(_PLAYER, at):
            obj["p"], at = _number(line, at + 5, n)
        if line.startswith(_TIME, at):
            obj["t"], at = _number(line, at + 5, n)
        if line.startswith(_SNAP, at):
            obj["snap"], at = _ints(line, at + 9)
        if at != n:
            return None
        # the check: lower-case hex, as the writer formats it
        if line[n + 6:n + 14] != b"%08x" % (crc32(b"}", crc32(line[:n])) & 0xFFFFFFFF):
            return None
    except ValueError:  # not an action's name, not a number as written
        return None
    return obj

# Action lines in the usual layouts read back fast (MicroPython only, from
# record.decode and the replay): a line exactly as lines.action_line writes
# it, or as the record format's own examples and Python's json.dumps write
# one (without "c"), is strict JSON within the record's limits by its
# making, so it needs neither the grammar scan (strictjson) nor json.loads
# (together 147,000 instructions a six-dice line on the unix port; this
# reader about a third of that). Loaded only while a record is read
# (tray.READING).
#
# Read in place: every new object costs an allocation (a walk of the
# heap's table for a free block), so positions are found with find() and
# startswith(), which make nothing, and only the numbers' texts are cut
# out; writing the line again to compare it made about 40 objects.
from micropython import const

from dicetray.engine.actions import NAMES, ROLL, BANK, KEEP, ORDER
from dicetray.engine.record import C_TAIL, crc_matches

_NAME_BYTES = tuple([name.encode() if name else b"" for name in NAMES])


def _layout(colon, comma):
    """The members' leads in the writer's order, each with its length, and
    the separator between list items, for a layout's two separators."""
    leads = []
    for lead in (b'{"a"' + colon + b'"', comma + b'"d"' + colon + b"[", comma + b'"p"' + colon + b"[",
                 comma + b'"p"' + colon, comma + b'"t"' + colon, comma + b'"snap"' + colon + b"["):
        leads += (lead, len(lead))
    return tuple(leads + [comma])


# The layouts read fast. Compact: the tray's lines (with "c") and the
# format's examples (without); spaced: json.dumps's default (without).
_COMPACT = _layout(b":", b",")
_SPACED = _layout(b": ", b", ")

# The numbers of n digits, from _LOW[n] up to _LOW[n + 1]: a number as
# the writer writes it has exactly as many characters as its value's
# digits (and a "-" when below 0). What else C int() reads, and the writer
# never writes, makes the text longer: a leading zero, "+", "_" between
# digits, white space around them, "-0".
_LOW = tuple([0, 0] + [10 ** n for n in range(1, 19)])
_MAX_DIGITS = const(18)  # strictjson's limit for a number
# Items in a list read here: a throw's dice (6), an order (8), a snapshot
# (44 at most). A longer list, which only a hostile writer makes, goes to
# the scan: split() would make an object of each item at once.
_MAX_ITEMS = const(64)


def _numbers(texts):
    """The ints of number texts as the writer writes them (-?[1-9][0-9]*
    or 0, at most 18 digits); ValueError else. The builtins and the table
    in locals: a replay reads a few numbers a line, and a builtin's lookup
    costs more than the test."""
    values = []
    number, size_of, low = int, len, _LOW
    for text in texts:
        digits = size_of(text)
        if digits > _MAX_DIGITS + 1:  # before int(): a hostile 4,000 digits is slow to read
            raise ValueError
        value = number(text)
        magnitude = value
        if value < 0:
            digits -= 1
            magnitude = -value
        if not digits <= _MAX_DIGITS or not low[digits] <= magnitude < low[digits + 1]:
            raise ValueError
        if value == 0 and text != b"0":  # MicroPython's int() reads a lone "_" as 0
            raise ValueError
        values.append(value)
    return values


def _ints(line, start, comma):
    """(the ints of the list whose "[" ends at start, where its "]" is);
    comma: what separates its items."""
    close = line.find(b"]", start)
    if close < 0 or line.count(comma, start, close) >= _MAX_ITEMS:
        raise ValueError
    return _numbers(line[start:close].split(comma)) if close > start else [], close + 1


def _number(line, start, n):
    """(the number at start, where it ends: the next member or the "c")."""
    end = line.find(b",", start, n)
    if end < 0:
        end = n
    return _numbers((line[start:end],))[0], end


def read(line):
    """(kind, dice, p, t, snap) of an action line in one of the layouts
    above, else None (any other line, a header or anything a hostile
    writer made, takes the scan). Its members are taken in the writer's
    order; a "c" (the tray's lines) is checked first. The caller has checked
    the line's length (MAX_LINE)."""
    if not line.endswith(b"}"):
        return None
    n = len(line) - 1  # where the members end: the "}", or a "c" before it
    if line.startswith(_COMPACT[0]):
        lead = _COMPACT
        checked = crc_matches(line)   # None: no "c" (the format's examples)
        if checked is False:
            return None
        if checked:
            n -= C_TAIL - 1
    elif line.startswith(_SPACED[0]):
        lead = _SPACED
    else:
        return None
    try:
        (_, start, dice_lead, dice_at, order_lead, order_at, player_lead, player_at,
         time_lead, time_at, snap_lead, snap_at, comma) = lead  # one step: no lookup each
        end = line.find(b'"', start, n)
        kind = _NAME_BYTES.index(line[start:end], 1)
        dice = p = t = snap = None
        at = end + 1
        if kind == ROLL or kind == KEEP:
            if not line.startswith(dice_lead, at):
                return None
            dice, at = _ints(line, at + dice_at, comma)
        elif kind == ORDER:
            if not line.startswith(order_lead, at):
                return None
            p, at = _ints(line, at + order_at, comma)
        elif kind == BANK and line.startswith(player_lead, at):
            p, at = _number(line, at + player_at, n)
        if line.startswith(time_lead, at):
            t, at = _number(line, at + time_at, n)
        if line.startswith(snap_lead, at):
            snap, at = _ints(line, at + snap_at, comma)
        if at != n:
            return None
    except ValueError:  # not an action's name, not a number as written
        return None
    return kind, dice, p, t, snap


def as_written(line):
    """The JSON object of a line read() takes, without its "c" (checked
    there); else None."""
    got = read(line)
    if got is None:
        return None
    kind, dice, p, t, snap = got
    obj = {"a": NAMES[kind]}
    if dice is not None:
        obj["d"] = dice
    if p is not None:
        obj["p"] = p
    if t is not None:
        obj["t"] = t
    if snap is not None:
        obj["snap"] = snap
    return obj

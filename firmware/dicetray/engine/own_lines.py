# The tray's own action lines read back fast (MicroPython only, from
# record.decode): a line exactly as lines.action_line writes it is strict
# JSON within the record's limits by its making, so it needs neither the
# grammar scan (strictjson) nor json.loads. Loaded only while a record is
# read (tray.READING).
from dicetray.engine.actions import NAMES
from dicetray.engine.lines import action_line
from dicetray.engine.record import C_HEAD, C_TAIL

_NAME_BYTES = tuple([name.encode() if name else b"" for name in NAMES])
_BIG = 10 ** 18  # strictjson's MAX_DIGITS: a number has at most 18 digits


def _read_int(text):
    """A number as the writer writes it, within the digit limit; ValueError
    else (the scan then names the fault)."""
    value = int(text)
    if not -_BIG < value < _BIG:
        raise ValueError
    return value


def _read_ints(text):
    """The ints of a list as the writer writes it (b"[4,2]", b"[]")."""
    if text[:1] != b"[" or text[-1:] != b"]":
        raise ValueError
    return [_read_int(v) for v in text[1:-1].split(b",")] if len(text) > 2 else []


def as_written(line):
    """The object of an action line exactly as action_line writes it,
    else None (any other line, a header or anything a hostile writer
    made, takes the scan). Read without json.loads: its strings and
    dict cost a lookup among all interned names each. The line is taken
    apart at the writer's `,"` (its only string is the name), written
    again and compared byte for byte, which also checks its "c"."""
    if line[:6] != b'{"a":"' or line[-C_TAIL:-10] != C_HEAD:
        return None
    try:
        end = line.index(b'"', 6)
        kind = _NAME_BYTES.index(line[6:end], 1)
        obj = {"a": NAMES[kind]}
        dice = p = t = snap = None
        members = line[end + 1:-C_TAIL].split(b',"')
        if members[0]:
            return None
        for member in members[1:]:
            i = member.index(b'":')
            key, value = member[:i], member[i + 2:]
            if key == b"d":
                obj["d"] = dice = _read_ints(value)
            elif key == b"p":
                obj["p"] = p = _read_ints(value) if value[:1] == b"[" else _read_int(value)
            elif key == b"t":
                obj["t"] = t = _read_int(value)
            elif key == b"snap":
                obj["snap"] = snap = _read_ints(value)
            else:
                return None
        same = action_line(kind, dice, p, t, snap) == line
    except Exception:  # not the writer's layout, not an action, numbers over the limit
        return None
    return obj if same else None

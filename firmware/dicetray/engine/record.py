# Game record lines (docs/record-format.md): JSON Lines with a CRC-32 "c"
# member at the end of each line the tray writes. Reading them back, and
# the header a new record starts with.
import json
import sys
from binascii import crc32

from micropython import const

from dicetray.engine.actions import NAMES
# What writing an action line needs is in lines.py (all a tray loads while a
# game is played); it is here too, so readers of records need only this module.
from dicetray.engine.lines import MAX_TOTAL, action_line  # noqa: F401

C_HEAD = b',"c":"'  # a checked line ends ,"c":"xxxxxxxx"}
C_TAIL = 16         # len(',"c":"xxxxxxxx"}')


def crc_text(text):
    """8 lower-case hex digits of CRC-32 over bytes or str."""
    if type(text) is str:
        text = text.encode()
    return "%08x" % (crc32(text) & 0xFFFFFFFF)


def with_crc(text):
    """Append the "c" member to a one-line JSON object text."""
    return text[:-1] + ',"c":"' + crc_text(text) + '"}'


def encode_action(kind, dice=None, p=None, t=None, snap=None):
    """The tray's action line (lines.action_line) as text, for the host's
    writers and the tests."""
    return action_line(kind, dice, p, t, snap).decode()


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


# Limits of a record (docs/record-format.md, "Limits"), the same on every
# runtime; nesting and digits are strictjson's, names replay's, totals lines'.
MAX_LINE = const(4096)   # bytes in a line, without its line end


if sys.implementation.name == "micropython":
    _own_lines = None  # loaded by the first line read: writing a header needs only this module

    def _fast():
        global _own_lines
        if _own_lines is None:
            from dicetray.engine import own_lines
            _own_lines = own_lines
        return _own_lines

    def fast_action(line):
        """(kind, dice, p, t, snap) of an action line in a usual layout
        (own_lines.py), read without making its JSON object; None:
        decode(line, fast=False) it."""
        return _fast().read(line) if len(line) <= MAX_LINE else None

    def _loads(line):
        obj = _fast().as_written(line)
        return obj if obj is not None else _scan(line)

    def _scan(line):
        # The scan makes this lenient json.loads read as CPython's does.
        # Imported here, not at the top: only replay decodes.
        from dicetray.engine import strictjson
        strictjson.check(line)
        obj = json.loads(line.decode())
        if b"\\ud" in line or b"\\uD" in line:
            from dicetray.engine.surrogates import join_pairs
            obj = join_pairs(obj)
        return obj


class BadLine(ValueError):
    """A line that is not a well-formed record line. `torn` is set when the
    line is incomplete or fails its check, which on the last line of a
    record means a write cut short: dropped, not fatal."""

    def __init__(self, reason, torn=False):
        super().__init__(reason)
        self.torn = torn


def crc_matches(line):
    """None when the line has no trailing "c" member, else whether it holds."""
    n = len(line) - C_TAIL  # where the member starts
    # (startswith and endswith compare in place: a replay checks every line)
    if n < 1 or not line.startswith(C_HEAD, n) or not line.endswith(b'"}'):
        return None
    # Formatted lower-case hex: upper-case or non-hex digits never match.
    return b"%08x" % (crc32(b"}", crc32(line[:n])) & 0xFFFFFFFF) == line[n + 6:n + 14]


def decode(line, fast=True):
    """The JSON object of one record line (bytes, no newline), checked
    against the JSON grammar and the limits (docs/record-format.md).
    fast=False: the caller's fast_action() has refused the line already,
    so it goes to the scan without being read again."""
    if len(line) > MAX_LINE:
        raise BadLine("longer than %d bytes" % MAX_LINE)
    try:
        obj = _loads(line) if fast else _scan(line)
    except BadLine:
        raise
    except ValueError:  # also UnicodeError: a multi-byte character cut short
        raise BadLine("not complete JSON", True)
    if type(obj) is not dict:
        raise BadLine("not a JSON object")
    if "c" in obj:
        if crc_matches(line) is not True:
            raise BadLine("check (c) does not match", True)
    return obj


def action_of(obj):
    """(kind, dice, p) of a decoded action line; BadLine if unreadable.
    Unknown action names give kind 0, which the game refuses."""
    name = obj.get("a")
    if type(name) is not str:
        raise BadLine('no action name "a"')
    try:
        kind = NAMES.index(name, 1)
    except ValueError:
        kind = 0
    return kind, obj.get("d"), obj.get("p")


def encode_header(game, players, opts=None, extra=None):
    """The header line: version, game, players, options (ints and strings),
    then any extra keys (device id, firmware version, start time)."""
    text = '{"v":1,"game":' + json_string(game) + ',"players":['
    text += ",".join([json_string(name) for name in players]) + "]"
    text += ',"opts":' + _flat_object(opts or {})
    for key in sorted(extra or {}):
        text += "," + json_string(key) + ":" + _flat_value(extra[key])
    return with_crc(text + "}")


def _flat_value(value):
    return json_string(value) if type(value) is str else str(int(value))


def _flat_object(obj):
    return "{" + ",".join([json_string(k) + ":" + _flat_value(obj[k]) for k in sorted(obj)]) + "}"


if sys.implementation.name != "micropython":
    # Here at the end: hostjson (CPython's decoding) needs BadLine.
    from dicetray.engine.hostjson import loads as _loads  # noqa: E402
    _scan = _loads

    def fast_action(line):
        """On CPython every line is decode()d: its JSON is C code."""
        return None

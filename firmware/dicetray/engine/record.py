# Game record lines (docs/record-format.md): JSON Lines with a CRC-32 "c"
# member at the end of each line the tray writes.
import json
import sys
from binascii import crc32

from dicetray.engine.actions import NAMES, kind_of, ROLL, BANK, KEEP, ORDER

_C_HEAD = b',"c":"'  # a checked line ends ,"c":"xxxxxxxx"}
_C_TAIL = 16         # len(',"c":"xxxxxxxx"}')


if sys.implementation.name == "micropython":
    def _loads(line):
        # This json.loads is lenient; CPython's is not. Imported here, not at
        # the top: only replay decodes, and the tray drops it after a resume.
        from dicetray.engine.strictjson import check
        check(line)
        return json.loads(line.decode())
else:
    def _no_constant(name):
        raise ValueError("not JSON: " + name)  # NaN, Infinity

    _decoder = json.JSONDecoder(parse_constant=_no_constant)

    def _loads(line):
        return _decoder.decode(line.decode())


class BadLine(ValueError):
    """A line that is not a well-formed record line. `torn` is set when the
    line is incomplete or fails its check, which on the last line of a
    record means a write cut short: dropped, not fatal."""

    def __init__(self, reason, torn=False):
        super().__init__(reason)
        self.torn = torn


def crc_text(text):
    """8 lower-case hex digits of CRC-32 over bytes or str."""
    if type(text) is str:
        text = text.encode()
    return "%08x" % (crc32(text) & 0xFFFFFFFF)


def with_crc(text):
    """Append the "c" member to a one-line JSON object text."""
    return text[:-1] + ',"c":"' + crc_text(text) + '"}'


def _crc_matches(line):
    """None when the line has no trailing "c" member, else whether it holds."""
    if len(line) < _C_TAIL + 1 or line[-_C_TAIL:-10] != _C_HEAD or line[-2:] != b'"}':
        return None
    # Formatted lower-case hex: upper-case or non-hex digits never match.
    body = memoryview(line)[:len(line) - _C_TAIL]
    return b"%08x" % (crc32(b"}", crc32(body)) & 0xFFFFFFFF) == line[-10:-2]


def decode(line):
    """The JSON object of one record line (bytes, no newline), checked."""
    try:
        obj = _loads(line)
    except ValueError:  # also UnicodeError: a multi-byte character cut short
        raise BadLine("not complete JSON", True)
    if type(obj) is not dict:
        raise BadLine("not a JSON object")
    if "c" in obj:
        if _crc_matches(line) is not True:
            raise BadLine("check (c) does not match", True)
    return obj


def action_of(obj):
    """(kind, dice, p) of a decoded action line; BadLine if unreadable.
    Unknown action names give kind 0, which the game refuses."""
    name = obj.get("a")
    if type(name) is not str:
        raise BadLine('no action name "a"')
    kind = kind_of(name)
    return kind, obj.get("d"), obj.get("p")


def json_string(text):
    """A JSON string literal, the same bytes on CPython and MicroPython."""
    out = '"'
    for ch in text:
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif ord(ch) < 32:
            out += "\\u%04x" % ord(ch)
        else:
            out += ch
    return out + '"'


def json_ints(values):
    return "[" + ",".join([str(v) for v in values]) + "]"


def encode_action(kind, dice=None, p=None, t=None):
    """One record line (no newline) for an action, with its check."""
    text = '{"a":"' + NAMES[kind] + '"'
    if kind == ROLL or kind == KEEP:
        text += ',"d":' + json_ints(dice)
    elif kind == ORDER:
        text += ',"p":' + json_ints(p)
    elif kind == BANK and p is not None:
        text += ',"p":%d' % p
    if t is not None:
        text += ',"t":%d' % t
    return with_crc(text + "}")


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

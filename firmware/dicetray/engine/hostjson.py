# Record lines on CPython: record.decode's reading there (host tools only,
# like summary.py; the board decodes with strictjson and never loads this).
# CPython's json decoder is strict already, so the scan is needed only where
# its verdict could differ from the board's: a run of 19 or more number
# characters (a number past MAX_DIGITS, maybe), an escape, a byte past
# ASCII, deep nesting. Other lines read as the scan would.
import json

from dicetray.engine import strictjson
from dicetray.engine.strictjson import MAX_DEPTH, MAX_DIGITS

_made = []  # [decoder, sorting table, long run], made at first use


def _no_constant(name):
    raise ValueError("not JSON: " + name)  # NaN, Infinity


def _tools():
    if not _made:
        # One C pass sorts a line's bytes for the pre-check: number
        # characters become "0", openers "[", escapes and bytes past ASCII
        # "\\", the rest " " (twice as fast as a regular expression).
        table = bytearray(b" " * 256)
        for c in b"-+.eE0123456789":
            table[c] = 48
        table[ord("[")] = table[ord("{")] = 91
        table[92] = 92
        for c in range(128, 256):
            table[c] = 92
        _made.extend((json.JSONDecoder(parse_constant=_no_constant), bytes(table),
                      b"0" * (MAX_DIGITS + 1)))
    return _made


def loads(line):
    """The JSON value of a line (bytes); BadLine or ValueError as decode() wants."""
    decoder, table, long_run = _made or _tools()
    sorted_ = line.translate(table)
    if sorted_.count(b"[") > MAX_DEPTH or long_run in sorted_ or b"\\" in sorted_:
        strictjson.check(line)
    text = line.decode()
    # The decoder's scanner at once: decode() around it matches whitespace
    # before and after with a regular expression, a third of a line's cost.
    # Whatever the scanner leaves (spaces around, text after the value, no
    # value) goes to decode(), which words the verdict as before.
    try:
        value, end = decoder.scan_once(text, 0)
    except StopIteration:
        return decoder.decode(text)
    return value if end == len(text) else decoder.decode(text)

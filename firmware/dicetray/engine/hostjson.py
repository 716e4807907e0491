# Record lines on CPython: record.decode's reading there (host tools only,
# like summary.py; the board decodes with strictjson and never loads this).
# CPython's json decoder is strict already, so the scan is needed only where
# its verdict could differ from the board's: a run of 19 or more number
# characters (a number past MAX_DIGITS, maybe), an escape, a byte past
# ASCII, deep nesting. Other lines read as the scan would.
import json

from dicetray.engine import strictjson
from dicetray.engine.strictjson import MAX_DEPTH, MAX_DIGITS

_made = []  # [decoder, pattern], made at first use (CPython's json and re)


def _no_constant(name):
    raise ValueError("not JSON: " + name)  # NaN, Infinity


def _tools():
    if not _made:
        import re
        _made.append(json.JSONDecoder(parse_constant=_no_constant))
        _made.append(re.compile(rb"[-+.eE0-9]{%d}|[\\\x80-\xff]" % (MAX_DIGITS + 1)))
    return _made


def loads(line):
    """The JSON value of a line (bytes); BadLine or ValueError as decode() wants."""
    decoder, scan_first = _made or _tools()
    if line.count(b"[") + line.count(b"{") > MAX_DEPTH or scan_first.search(line):
        strictjson.check(line)
    return decoder.decode(line.decode())

"""CPython reads a record line as the board's strict scan does: its cheap
pre-check (engine/hostjson.py) only skips the scan where the scan could
not change the verdict. Random lines, near the limits, read both ways."""
import json

from hypothesis import given, settings, strategies as st

from dicetray.engine import hostjson, strictjson
from dicetray.engine.record import BadLine

PIECES = ["[", "]", "{", "}", ",", ":", '"a"', '"\\u00e9"', '"\\ud800"', "\\", "1", "-", ".", "e", "+",
          "0" * 9, "9" * 18, " ", "x", "é", "\x80", "true", "NaN", '{"a":', "[[[[", "]]]]"]


def verdict(read, line):
    """As record.decode() words it: a ValueError of the decoder is "not complete JSON"."""
    try:
        return "ok", read(line)
    except BadLine as e:
        return "bad", str(e)
    except ValueError:
        return "bad", "not complete JSON"


def always_scanned(line):
    strictjson.check(line)
    return json.JSONDecoder(parse_constant=hostjson._no_constant).decode(line.decode())


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_the_pre_check_never_changes_the_verdict(pieces):
    line = "".join(pieces).encode()
    assert verdict(hostjson.loads, line) == verdict(always_scanned, line)


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=10, max_value=25), st.integers(min_value=14, max_value=20))
def test_long_numbers_and_deep_lines_are_scanned(digits, depth):
    number = ('{"a":"roll","d":[' + "7" * digits + "]}").encode()
    assert verdict(hostjson.loads, number) == verdict(always_scanned, number)
    deep = ('{"a":' + "[" * depth + "]" * depth + "}").encode()
    assert verdict(hostjson.loads, deep) == verdict(always_scanned, deep)

# A record line must mean the same on the board and on a computer.
# MicroPython's json.loads accepts text CPython's rejects (a trailing comma,
# a missing comma or colon, leading zeros, raw control characters, broken
# UTF-8) and neither bounds nesting or digits the same way. So every line
# is first scanned here, on both runtimes, against the JSON grammar and the
# record limits (docs/record-format.md, "Limits"). The scan is iterative:
# no recursion, whatever the input. A line that is not JSON is "not JSON"
# (on a last line: a torn write, dropped) whatever else is wrong with it;
# of a JSON line, the first limit passed, left to right, is the verdict.
from micropython import const

MAX_DEPTH = const(16)    # arrays/objects nested, the line's own object counting 1
MAX_DIGITS = const(18)   # digits in a number: every integer fits 64 bits

_OK = const(0)
_NOT_JSON = const(1)     # not one complete JSON value (or not UTF-8)
_TOO_DEEP = const(2)     # arrays/objects nested deeper than MAX_DEPTH
_LONG_NUMBER = const(3)  # a number of more than MAX_DIGITS digits
_SURROGATE = const(4)    # a \u escape of half a surrogate pair

_WS = b" \t\r\n"
_ESCAPES = b'"\\/bfnrtu'


def _ws(s, i, n):
    while i < n and s[i] in _WS:
        i += 1
    return i


def _hex4(s, i, n):
    """The value of four hex digits at s[i:i+4], or -1."""
    if i + 4 > n:
        return -1
    v = 0
    for k in range(i, i + 4):
        c = s[k]
        if 48 <= c <= 57:
            v = v * 16 + c - 48
        elif 97 <= c <= 102:
            v = v * 16 + c - 87
        elif 65 <= c <= 70:
            v = v * 16 + c - 55
        else:
            return -1
    return v


def _utf8(s, i, n):
    """Index after the strict UTF-8 sequence that starts at s[i] (>= 0x80),
    or -1: overlong forms, surrogates and code points past U+10FFFF are
    refused, as CPython's decoder does."""
    c = s[i]
    if c < 0xC2 or c > 0xF4:
        return -1
    if c < 0xE0:
        k, low, high = 1, 0x80, 0xBF
    elif c < 0xF0:
        k = 2
        low = 0xA0 if c == 0xE0 else 0x80
        high = 0x9F if c == 0xED else 0xBF
    else:
        k = 3
        low = 0x90 if c == 0xF0 else 0x80
        high = 0x8F if c == 0xF4 else 0xBF
    if i + k >= n:
        return -1
    b = s[i + 1]
    if b < low or b > high:
        return -1
    for j in range(i + 2, i + k + 1):
        if not 0x80 <= s[j] <= 0xBF:
            return -1
    return i + k + 1


def _string(s, i, n):
    """s[i] is a quote: the index after the closing one, or -1."""
    i += 1
    while i < n:
        c = s[i]
        if c == 34:  # "
            return i + 1
        if c < 32:
            return -1
        if c == 92:  # backslash
            i += 1
            if i >= n or s[i] not in _ESCAPES:
                return -1
            if s[i] == 117:  # u: four hex digits
                if _hex4(s, i + 1, n) < 0:
                    return -1
                i += 4
            i += 1
        elif c < 128:
            i += 1
        else:
            i = _utf8(s, i, n)
            if i < 0:
                return -1
    return -1


def _half_pair(s, i, end):
    """Whether the string s[i:end] (valid JSON) escapes half a surrogate
    pair: a high half not followed by a low one, or a low half alone."""
    i = s.find(b"\\u", i, end)
    while i >= 0:
        if s[i - 1] == 92 and _backslashes(s, i) % 2 == 0:
            i = s.find(b"\\u", i + 1, end)  # an escaped backslash, then "u"
            continue
        v = _hex4(s, i + 2, end)
        if 0xDC00 <= v <= 0xDFFF:
            return True
        if 0xD800 <= v <= 0xDBFF:
            if s[i + 6:i + 8] != b"\\u" or not 0xDC00 <= _hex4(s, i + 8, end) <= 0xDFFF:
                return True
            i += 6
        i = s.find(b"\\u", i + 6, end)
    return False


def _backslashes(s, i):
    """How many backslashes end at s[i] (walking back)."""
    count = 0
    while s[i] == 92:
        count += 1
        i -= 1
    return count


def _digits(s, i, n):
    while i < n and 48 <= s[i] <= 57:
        i += 1
    return i


def _number(s, i, n):
    """The index after the number at s[i], or -1. A fraction or an exponent
    belongs to the number only when digits follow (as CPython reads it);
    whatever is left is the caller's to refuse."""
    if s[i] == 45:  # -
        i += 1
    if i < n and s[i] == 48:  # a lone 0: no leading zeros
        i += 1
    else:
        end = _digits(s, i, n)
        if end == i:
            return -1
        i = end
    if i + 1 < n and s[i] == 46 and 48 <= s[i + 1] <= 57:  # .
        i = _digits(s, i + 1, n)
    if i < n and s[i] in b"eE":
        j = i + 1
        if j < n and s[j] in b"+-":
            j += 1
        end = _digits(s, j, n)
        if end > j:
            i = end
    return i


def _long_number(s, i, end):
    """Whether the number s[i:end] has more than MAX_DIGITS digits."""
    if end - i <= MAX_DIGITS:
        return False
    count = 0
    for k in range(i, end):
        if 48 <= s[k] <= 57:
            count += 1
    return count > MAX_DIGITS


def check(line):
    """Raise BadLine unless the line (bytes without its line end) is
    exactly one JSON value within the limits; torn when it is not JSON."""
    from dicetray.engine.record import BadLine  # not at the top: record may load this module
    verdict = _verdict(line)
    if verdict == _NOT_JSON:
        raise BadLine("not complete JSON", True)
    if verdict == _TOO_DEEP:
        raise BadLine("nested deeper than %d" % MAX_DEPTH)
    if verdict == _LONG_NUMBER:
        raise BadLine("a number of more than %d digits" % MAX_DIGITS)
    if verdict == _SURROGATE:
        raise BadLine("half a surrogate pair in a string")


def _verdict(s):
    """_NOT_JSON when the bytes are not exactly one JSON value, else the
    first limit passed (_OK when none is)."""
    n = len(s)
    depth = 0
    objects = 0      # bit d set: the container at depth d+1 is an object
    passed = _OK     # the first limit passed
    key = False      # the string about to be read is an object's key
    i = _ws(s, 0, n)
    while True:
        if i >= n:
            return _NOT_JSON
        c = s[i]
        if key and c != 34:
            return _NOT_JSON
        if c == 123 or c == 91:  # { or [
            depth += 1
            if depth > MAX_DEPTH and not passed:
                passed = _TOO_DEEP
            if c == 123:
                objects |= 1 << (depth - 1)
            else:
                objects &= ~(1 << (depth - 1))
            i = _ws(s, i + 1, n)
            if i < n and s[i] == c + 2:  # } or ]: empty
                depth -= 1
                i += 1
            else:
                key = c == 123
                continue
        elif c == 34:  # a string: a value, or a key and its colon
            end = _string(s, i, n)
            if end < 0:
                return _NOT_JSON
            if not passed and _half_pair(s, i, end):
                passed = _SURROGATE
            i = end
            if key:
                key = False
                i = _ws(s, i, n)
                if i >= n or s[i] != 58:  # :
                    return _NOT_JSON
                i = _ws(s, i + 1, n)
                continue
        elif c == 45 or 48 <= c <= 57:
            end = _number(s, i, n)
            if end < 0:
                return _NOT_JSON
            if not passed and _long_number(s, i, end):
                passed = _LONG_NUMBER
            i = end
        elif s.startswith(b"true", i):
            i += 4
        elif s.startswith(b"false", i):
            i += 5
        elif s.startswith(b"null", i):
            i += 4
        else:
            return _NOT_JSON
        # After a value: a comma, the end of its container, or the end.
        while True:
            i = _ws(s, i, n)
            if not depth:
                return passed if i == n else _NOT_JSON
            if i >= n:
                return _NOT_JSON
            in_object = (objects >> (depth - 1)) & 1
            c = s[i]
            if c == 44:  # ,
                i = _ws(s, i + 1, n)
                key = in_object == 1
                break
            if c == (125 if in_object else 93):
                depth -= 1
                i += 1
                continue
            return _NOT_JSON

# MicroPython's json.loads accepts text CPython's rejects (a trailing comma,
# a missing comma or colon, leading zeros, raw control characters). A record
# line must mean the same on the board and on a computer, so on MicroPython
# each line is first checked against the JSON grammar here.
_WS = b" \t\r\n"
_DIGITS = b"0123456789"
_ESCAPES = b'"\\/bfnrtu'
_HEX = b"0123456789abcdefABCDEF"


def _ws(s, i):
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def _string(s, i):
    # s[i] is the opening quote; returns the index after the closing one
    i += 1
    n = len(s)
    while i < n:
        c = s[i]
        if c == 34:  # "
            return i + 1
        if c < 32:
            raise ValueError
        if c == 92:  # backslash
            i += 1
            if i >= n or s[i] not in _ESCAPES:
                raise ValueError
            if s[i] == 117:  # u: four hex digits
                for k in range(1, 5):
                    if i + k >= n or s[i + k] not in _HEX:
                        raise ValueError
                i += 4
        i += 1
    raise ValueError


def _digits(s, i):
    start = i
    while i < len(s) and s[i] in _DIGITS:
        i += 1
    if i == start:
        raise ValueError
    return i


def _number(s, i):
    if s[i] == 45:  # -
        i += 1
    if i < len(s) and s[i] == 48:  # a lone 0, no leading zeros
        i += 1
    else:
        i = _digits(s, i)
    if i < len(s) and s[i] == 46:  # .
        i = _digits(s, i + 1)
    if i < len(s) and s[i] in b"eE":
        i += 1
        if i < len(s) and s[i] in b"+-":
            i += 1
        i = _digits(s, i)
    return i


def _value(s, i, depth):
    i = _ws(s, i)
    if i >= len(s) or depth > 64:
        raise ValueError
    c = s[i]
    if c == 123 or c == 91:  # { or [
        close = 125 if c == 123 else 93
        i = _ws(s, i + 1)
        if i < len(s) and s[i] == close:
            return i + 1
        while True:
            if c == 123:
                if i >= len(s) or s[i] != 34:
                    raise ValueError
                i = _ws(s, _string(s, i))
                if i >= len(s) or s[i] != 58:  # :
                    raise ValueError
                i += 1
            i = _ws(s, _value(s, i, depth + 1))
            if i < len(s) and s[i] == 44:  # ,
                i = _ws(s, i + 1)
            elif i < len(s) and s[i] == close:
                return i + 1
            else:
                raise ValueError
    if c == 34:
        return _string(s, i)
    for word in (b"true", b"false", b"null"):
        if s[i:i + len(word)] == word:
            return i + len(word)
    if c == 45 or c in _DIGITS:
        return _number(s, i)
    raise ValueError


def check(line):
    """Raise ValueError unless the bytes are exactly one JSON value."""
    if _ws(line, _value(line, 0, 0)) != len(line):
        raise ValueError

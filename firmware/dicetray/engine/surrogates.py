# MicroPython's json.loads turns an escaped surrogate pair ("\ud83d\ude00")
# into two three-byte halves; CPython into the one character. Loaded only
# for a line with such an escape (strictjson has refused lone halves).


def join_pairs(value):
    """value with every escaped surrogate pair in its strings made the one
    character it stands for, as CPython reads it."""
    t = type(value)
    if t is str:
        raw = value.encode()
        if b"\xed" not in raw:
            return value
        out = bytearray()
        i = 0
        n = len(raw)
        while i < n:
            c = raw[i]
            if c == 0xED and i + 5 < n and 0xA0 <= raw[i + 1] <= 0xAF and raw[i + 3] == 0xED:
                high = ((raw[i + 1] & 0x0F) << 6 | (raw[i + 2] & 0x3F)) + 0x40
                low = (raw[i + 4] & 0x0F) << 6 | (raw[i + 5] & 0x3F)
                code = high << 10 | low
                out.extend(bytes((0xF0 | code >> 18, 0x80 | (code >> 12) & 0x3F,
                                  0x80 | (code >> 6) & 0x3F, 0x80 | code & 0x3F)))
                i += 6
            else:
                out.append(c)
                i += 1
        return out.decode()
    if t is list:
        return [join_pairs(v) for v in value]
    if t is dict:
        return {join_pairs(k): join_pairs(v) for k, v in value.items()}
    return value

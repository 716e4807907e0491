"""Text from records, databases and file names, made safe to print.

A name or a path can hold anything: escape sequences that clear the screen
or retitle the window, bidirectional overrides that reorder what follows,
half a surrogate pair that no terminal encoding can write. `shown` writes
each such character as a visible escape (\\x1b, \\u202e, \\udc80) and
leaves all other text as it is."""
import re

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                     "\u2066-\u2069\ud800-\udfff]")


def _escaped(match):
    code = ord(match.group())
    return "\\x%02x" % code if code < 0x100 else "\\u%04x" % code


def shown(text):
    """text (any object; str() of it) with control, bidi and surrogate
    characters written as escapes."""
    return _UNSAFE.sub(_escaped, str(text))

"""`dicetray roster NAME... [--port P]`: player names for the tray's menus.

Writes /roster.txt (UTF-8, one name per line) through a temporary file and a
rename on the board, reads it back, and hands the board back (soft reset,
so the tray reloads the names)."""
import unicodedata

MAX_PLAYERS = 8
MAX_NAME = 16  # one OLED line (128 px / 8 px per character)
ROSTER = "/roster.txt"


# Letters that draw nothing (Hangul fillers, the blank Braille pattern).
_BLANK_LETTERS = "\u115f\u1160\u3164\uffa0\u2800"


class RosterError(ValueError):
    pass


def _invisible(ch):
    """Format characters (zero-width space, joiners, marks of direction),
    separators other than the space, unassigned code points, blank letters."""
    return unicodedata.category(ch) in ("Cf", "Cs", "Co", "Cn", "Zl", "Zp") or ch in _BLANK_LETTERS


def _visible(ch):
    return unicodedata.category(ch)[0] not in "ZMC" and ch not in _BLANK_LETTERS


def roster_text(names):
    """The file's text, or RosterError saying exactly what is wrong."""
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise RosterError("give 1 to %d names, not %d" % (MAX_PLAYERS, len(names)))
    seen = set()
    for i, name in enumerate(names, 1):
        if not name.strip():
            raise RosterError("name %d is empty" % i)
        if name != name.strip():
            raise RosterError("name %d (%r) starts or ends with a space" % (i, name))
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
            raise RosterError("name %d (%r) holds a newline or control character" % (i, name))
        hidden = [ch for ch in name if _invisible(ch)]
        if hidden:
            raise RosterError("name %d (%r) holds an invisible character (U+%04X)" % (i, name, ord(hidden[0])))
        if not any(_visible(ch) for ch in name):
            raise RosterError("name %d (%r) shows nothing on the screen" % (i, name))
        if len(name) > MAX_NAME:
            raise RosterError("name %d (%r) is %d characters; the screen shows %d" % (i, name, len(name), MAX_NAME))
        if name.casefold() in seen:
            raise RosterError("name %d (%r) appears twice" % (i, name))
        seen.add(name.casefold())
    return "".join(name + "\n" for name in names)


def write_roster(board, text):
    data = text.encode("utf-8")
    # relative names: cwd is / after the soft reset, and the unix port's
    # VfsPosix mounted at / refuses rename() with absolute paths
    board.exec("import os\nos.chdir('/')\nf=open('roster.tmp','wb')\nf.write(%r)\nf.close()\n"
               "os.rename('roster.tmp', %r)\n" % (data, ROSTER.lstrip("/")))
    back = read_roster(board)
    if back != data:
        raise RosterError("read back %r, wrote %r" % (back, data))


def read_roster(board):
    """The bytes of /roster.txt on the board (b"" when absent)."""
    import ast
    out = board.exec("try:\n with open(%r,'rb') as f: print(repr(f.read()))\n"
                     "except OSError:\n print(repr(b''))\n" % ROSTER)
    return ast.literal_eval(out.decode().strip())



# Replay a game record through the rules: the state it leads to, as the one
# JSON line `dicetray replay --json` prints. The same code runs on the board,
# on the MicroPython unix port and on CPython. (What `dicetray replay` prints
# of the result: summary.py, which the board never loads.)
from micropython import const

from dicetray.engine.actions import Illegal, NAMES, UNDO
from dicetray import games
from dicetray.engine.actions import BadHeader
from dicetray.engine.game import Game
from dicetray.engine.record import BadLine, MAX_LINE, decode, action_of, fast_action, has_control, json_string, utf8

_PIECE = const(128)      # bytes a capped readline asks for at a time
MAX_NAME = const(32)     # characters in a player's name (docs/record-format.md, "Limits")
_UNDO_NAME = b'"undo"'  # an undo line in any layout; any other line holding it costs only a snapshot


class RecordError(ValueError):
    """A record that cannot be replayed: `line` (1-based) and the reason."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line


def name_problem(name):
    """Why a player's name cannot be in a record, or None: a string of 1 to
    MAX_NAME characters, none a control character (C0, DEL, C1)."""
    if type(name) is not str:
        return "player names must be strings"
    if not 1 <= len(name) <= MAX_NAME:
        return "player names must be 1-%d characters" % MAX_NAME
    if has_control(utf8(name)):
        return "player names must not hold control characters"
    return None


def check_header(header):
    """(game, players, opts) of a decoded header line, or BadHeader. Here,
    not in game.py: the tray needs it only to resume, then drops replay."""
    if type(header) is not dict:
        raise BadHeader("header is not a JSON object")
    version = header.get("v")
    if not (type(version) is int or type(version) is float) or version != 1:
        raise BadHeader("v must be 1")
    game = header.get("game")
    if game not in games.NAMES:
        raise BadHeader("game must be " + games.listed())
    players = header.get("players")
    if type(players) is not list or not 2 <= len(players) <= 8:
        raise BadHeader("players must list 2 to 8 names")
    for name in players:
        problem = name_problem(name)
        if problem:
            raise BadHeader(problem)
    opts = header.get("opts", {})
    if type(opts) is not dict:
        raise BadHeader("opts must be an object")
    return game, players, opts


def _body(raw):
    """A line without its end: LF, or CRLF from a record copied through
    another system (the check covers the text before either)."""
    if raw[-1:] == b"\n":
        raw = raw[:-1]
    if raw[-1:] == b"\r":
        raw = raw[:-1]
    return raw


class Capped:
    """A binary file whose readline() stops a line end past MAX_LINE: an
    endless line is refused as too long, never read whole into memory.
    Read in small pieces: a stream's readline(n) sets n bytes aside first,
    and a 4 KB block per line would split a small heap."""

    def __init__(self, stream):
        self.stream = stream

    def readline(self):
        read = self.stream.readline
        line = read(_PIECE)
        while len(line) % _PIECE == 0 and line and line[-1] != 10 and len(line) <= MAX_LINE:
            more = read(_PIECE)
            if not more:
                break
            line += more
        return line


def replay(stream, on_action=None):
    """Replay a record from a binary stream with readline().

    Returns (game, dropped): dropped is the number of a torn last line that
    was left out, else 0. Raises RecordError for a bad header, a bad line or
    an illegal action. on_action(game, lineno) is called after each action.
    Snapshots ("snap" members) are ignored: this is the full replay."""
    raw = stream.readline()
    if not raw:
        raise RecordError(1, "bad header: empty record")
    head = header_of(raw)
    try:
        game = Game(*head)
    except BadHeader as e:  # the game's own options
        raise RecordError(1, "bad header: %s" % e)
    return game, replay_lines(game, stream, 1, on_action)


def header_of(raw):
    """(game, players, opts) of a raw header line, or RecordError."""
    try:
        return check_header(decode(_body(raw)))
    except (BadLine, BadHeader) as e:
        raise RecordError(1, "bad header: %s" % e)


def replay_lines(game, stream, lineno, on_action=None):
    """Apply the action lines that follow line `lineno` to a game. Returns
    the number of a torn last line left out, else 0."""
    raw = stream.readline()
    before = None
    while raw:
        lineno += 1
        following = stream.readline()
        body = _body(raw)
        read = fast_action(body)
        if read:
            kind, dice, p, _, _ = read
        else:
            try:
                obj = decode(body, False)   # (refused by fast_action: the scan at once)
                kind, dice, p = action_of(obj)
            except BadLine as e:
                if e.torn and not following:
                    return lineno
                raise RecordError(lineno, str(e))
            if not kind:
                raise RecordError(lineno, "unknown action %s" % json_string(obj["a"]))
        try:
            if kind == UNDO:
                game.undo(before)
                before = None
            else:
                # An undo next: keep the state before this action, so that
                # undo restores it instead of replaying up to 127 actions.
                before = game.rules.snapshot() if _UNDO_NAME in following else None
                game.act(kind, dice, p)
        except Illegal as e:
            raise RecordError(lineno, "%s: %s" % (NAMES[kind], e))
        if on_action:
            on_action(game, lineno)
        raw = following
    return 0

"""`dicetray verify FILE... [--json]`: check game records line by line.

Each record is replayed through the rules engine: every line's CRC (its
"c" member) is checked and every action must be legal where it stands. A
torn last line (a power cut during the write) is a warning, not an error.

Exit status: 0 when every file is a good record (warnings allowed), 1 when
any file is bad or cannot be read. (2 is argparse's usage error.)
"""
import io

from dicetray import games
from dicetray_host.records.story import split_lines
from dicetray_host.terminal import shown

EXIT_OK = 0
EXIT_BAD = 1


def check(path):
    """The verification result of one file as a dict (see docs/after-the-game.md)."""
    from dicetray.engine.record import BadLine, decode
    from dicetray.engine.replay import RecordError, replay
    result = {"file": str(path), "ok": False}
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as e:
        result.update(line=None, error="cannot read: %s" % (e.strerror or e))
        return result
    counted = [0]

    def on_action(game, lineno):
        counted[0] += 1

    try:
        game, dropped = replay(io.BytesIO(data), on_action)
    except RecordError as e:
        result.update(line=e.line, error=str(e))
        return result
    lines = split_lines(data)
    if dropped:
        lines = lines[:dropped - 1]
    unchecked = [n for n, raw in enumerate(lines, 1) if not _has_check(raw)]
    warnings = []
    if dropped:
        warnings.append("line %d: torn last line dropped" % dropped)
    if unchecked:
        warnings.append("%s without a check (c)" % _line_list(unchecked))
    try:
        extra = {k: v for k, v in decode(lines[0]).items() if k not in ("v", "game", "players", "opts", "c")}
    except BadLine:  # replay accepted it, so this cannot happen
        extra = {}
    result.update(ok=True, game=game.game, players=list(game.players), opts=dict(game.opts),
                  actions=counted[0], over=game.over, scores=list(game.scores),
                  winners=list(game.winners()), round=game.rules.round, dropped=dropped,
                  unchecked=unchecked, warnings=warnings, header_extra=extra)
    return result


def _has_check(raw):
    return raw.endswith(b'"}') and raw[-16:-10] == b',"c":"'


def _line_list(numbers):
    if len(numbers) == 1:
        return "line %d" % numbers[0]
    shown = ", ".join(str(n) for n in numbers[:5])
    return "lines %s%s" % (shown, ", ..." if len(numbers) > 5 else "")


def describe(result):
    """The human report of one result: one line, then any warnings."""
    name = shown(result["file"])
    if not result["ok"]:
        return "%s: BAD %s\n" % (name, shown(result["error"]))
    players = [shown(player) for player in result["players"]]
    text = "%s: OK %s, %d players (%s), %d actions, " % (
        name, result["game"], len(players), ", ".join(players), result["actions"])
    if result["over"]:
        winners = [players[i] for i in result["winners"]]
        text += "over, %s %s" % ("winner" if len(winners) == 1 else "tied winners", ", ".join(winners))
    else:
        text += "in progress (%s %d)" % (games.module(result["game"]).ROUND_WORD, result["round"])
    text += "\n"
    for warning in result["warnings"]:
        text += "  warning: %s\n" % shown(warning)
    return text



# The result of a replay as the one JSON line `dicetray replay --json`
# prints (log-format.md), and the entry point that prints it inside the
# MicroPython unix port. Host tools only: the board never loads this.
from dicetray.engine.record import json_string, json_ints
from dicetray.engine.replay import RecordError, replay


def _json(value):
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    return json_ints(value)


def summary(game, dropped=0):
    """The replay result as one JSON object text, keys in a fixed order:
    the contract's keys, then round, turn, points, then the game's own."""
    rules = game.rules
    over = rules.over
    parts = ['{"game":' + json_string(game.game),
             ',"players":[' + ",".join([json_string(n) for n in game.players]) + "]",
             ',"scores":' + json_ints(rules.scores),
             ',"over":' + _json(over),
             ',"winners":' + json_ints(rules.winners()),
             ',"round":%d' % _round_shown(rules),
             ',"turn":' + ("null" if over else str(rules.turn)),
             ',"points":%d' % (0 if over else rules.points)]

    def say(key, value):
        parts.append(',"%s":%s' % (key, _json(value)))

    rules.report(say)
    if dropped:
        say("dropped", dropped)
    return "".join(parts) + "}"


def _round_shown(rules):
    """The round (circuit) in progress, or the last one played once over
    (a game without a round count shows the circuit it is in)."""
    if rules.over and rules.rounds:
        return rules.round - 1
    return rules.round


def main(path, as_json=True):
    """Entry point on MicroPython: print the summary or exit 2 with
    'line N: reason' on stderr."""
    import sys
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(stream)
    except RecordError as e:
        sys.stderr.write(str(e) + "\n")
        sys.exit(2)
    except OSError as e:
        sys.stderr.write("cannot read %s: %s\n" % (path, e))
        sys.exit(2)
    if dropped:
        sys.stderr.write("line %d: torn last line dropped\n" % dropped)
    print(summary(game, dropped))

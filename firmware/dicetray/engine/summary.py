# The result of a replay as the one JSON line `dicetray replay --json`
# prints (log-format.md). Host tools only: the board never loads this.
from dicetray.engine.record import json_string


def json_ints(values):
    return "[" + ",".join(map(str, values)) + "]"


def _fact(rules, key):
    """One of the facts a game's rules name in REPORT, as JSON text."""
    n = rules.n
    if key == "in":
        return json_ints([p for p in range(n) if (rules.in_mask >> p) & 1])
    if key == "order":
        return json_ints(rules.order)
    if key == "dice":
        return str(rules.free)
    if key == "final":
        return _bools(rules.final)
    return json_ints([p for p in range(n) if rules.is_out(p)])  # "eliminated"


def _bools(flag):
    return "true" if flag else "false"


def summary(game, dropped=0):
    """The replay result as one JSON object text, keys in a fixed order:
    the contract's keys, then round, turn, points, then the game's own."""
    rules = game.rules
    over = rules.over
    text = '{"game":' + json_string(game.game)
    text += ',"players":[' + ",".join([json_string(n) for n in game.players]) + "]"
    text += ',"scores":' + json_ints(rules.scores)
    text += ',"over":' + _bools(over)
    text += ',"winners":' + json_ints(rules.winners())
    text += ',"round":%d' % _round_shown(rules)
    text += ',"turn":' + ("null" if over else str(rules.turn))
    text += ',"points":%d' % (0 if over else rules.points)
    for key in rules.REPORT:
        text += ',"%s":%s' % (key, _fact(rules, key))
    if dropped:
        text += ',"dropped":%d' % dropped
    return text + "}"


def _round_shown(rules):
    """The round (circuit) in progress, or the last one played once over
    (a game without a round count shows the circuit it is in)."""
    if rules.over and rules.rounds:
        return rules.round - 1
    return rules.round

"""Random legal games as records, for tests and benchmarks.

Play is chosen among the actions the engine allows now, with dice thrown by a
seeded random generator, so every record is legal by construction and the
same seed gives the same record. Undo and void are mixed in."""
import random

from dicetray.engine import record
from dicetray.engine.actions import BANK, CONTINUE, KEEP, ORDER, ROLL, UNDO, VOID
from dicetray.engine.game import Game

OPTIONS = {
    "pig": ({}, {"circuits": 3}, {"circuits": 5}),
    "bank": ({}, {"rounds": 10}, {"rounds": 15}, {"rounds": 20}),
    "skulls": ({}, {"faces": "1-5"}, {"rounds": 2}, {"rounds": 6, "faces": "2-6"}),
    "sixdice": ({}, {"target": 300}, {"end": "short"}, {"target": 500, "end": "short"}),
}
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def throw(rng, game):
    """Faces of one throw the rules expect now."""
    rules = game.rules
    count = rules.dice_to_throw()
    if rules.face_refusal(0) is None:  # dice with a skull face
        faces = (0,) + tuple(f for f in range(1, 7) if rules.face_refusal(f) is None)
        return [rng.choice(faces) for _ in range(count)]
    return [rng.randint(1, 6) for _ in range(count)]


def choose(rng, game, undo_rate, void_rate):
    """(kind, dice, p) of one legal action."""
    allowed = game.allowed()
    rules = game.rules
    if allowed & (1 << UNDO) and rng.random() < undo_rate:
        return UNDO, None, None
    if allowed & (1 << VOID) and rng.random() < void_rate:
        return VOID, None, None
    if allowed & (1 << KEEP):
        options = rules.reservations()
        pick = options[0] if rng.random() < 0.6 else rng.choice(options)
        return KEEP, list(pick[0]), None
    if allowed & (1 << ORDER) and rng.random() < 0.3:
        return ORDER, None, _tied_shuffle(rng, rules)
    if allowed & (1 << CONTINUE) and rng.random() < 0.3:
        return CONTINUE, None, None
    if allowed & (1 << BANK):
        if rules.ANY_PLAYER_BANKS:
            inside = [p for p in range(rules.n) if rules.is_in(p)]
            chance = min(0.9, rules.points / 400.0)
            if rng.random() < chance:
                return BANK, None, rng.choice(inside)
        elif rng.random() < _stop_chance(game):
            return BANK, None, None
    return ROLL, throw(rng, game), None


def _stop_chance(game):
    rules = game.rules
    if hasattr(rules, "can_stop"):  # keep-and-roll (six dice): stop when few dice are left
        return 0.2 + 0.6 * (rules.dice_to_throw() <= 2)
    return min(0.95, rules.points / (25.0 if rules.dice_to_throw() == 1 else 30.0))  # one die, two


def _tied_shuffle(rng, rules):
    """An order for the coming skulls round that only swaps tied players."""
    order = list(rules.order)
    if rules.round == 1:
        return order
    groups = {}
    for p in order:
        groups.setdefault(rules.scores[p], []).append(p)
    result = []
    for score in sorted(groups, reverse=True):
        group = groups[score]
        rng.shuffle(group)
        result.extend(group)
    return result


def random_game(seed, game=None, players=None, opts=None, undo_rate=0.04, void_rate=0.03,
                max_actions=6000, finish=True):
    """(header dict, [(kind, dice, p), ...], Game) of one random legal game.
    finish=False stops at a random point, as a power cut would."""
    rng = random.Random(seed)
    game_name = game or rng.choice(sorted(OPTIONS))
    count = players or rng.randint(2, 8)
    options = dict(opts if opts is not None else rng.choice(OPTIONS[game_name]))
    names = list(NAMES[:count])
    live = Game(game_name, names, options)
    stop_at = max_actions if finish else rng.randint(0, 200)
    actions = []
    while not live.over and len(actions) < stop_at:
        kind, dice, p = choose(rng, live, undo_rate, void_rate)
        live.act(kind, dice, p)
        actions.append((kind, dice, p))
    header = {"v": 1, "game": game_name, "players": names, "opts": options}
    return header, actions, live


def record_text(header, actions, with_time=True):
    """The record lines as the tray writes them (CRC on every line)."""
    lines = [record.encode_header(header["game"], header["players"], header.get("opts"))]
    t = 0
    for i, (kind, dice, p) in enumerate(actions):
        t += 1500 + (i * 7919) % 4000
        lines.append(record.encode_action(kind, dice, p, t if with_time else None))
    return "\n".join(lines) + "\n"

"""Undo in long games crosses the engine's saved states (one every 128
actions): the result must equal the same game played without the undone
actions, however many undos come in a row."""
import pytest

from dicetray.engine.actions import UNDO
from dicetray.engine.game import Game
from dicetray.engine.summary import summary
from dicetray_host.records.generate import random_game


def without_undos(actions):
    kept = []
    for action in actions:
        if action[0] == UNDO:
            kept.pop()
        else:
            kept.append(action)
    return kept


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("game", ["sixdice", "bank"])
def test_undo_equals_never_played(game, seed):
    header, actions, live = random_game(seed, game=game, players=8, opts={"rounds": 20} if game == "bank" else {},
                                        undo_rate=0.08)
    assert live.history.count > 128, "long enough to cross a saved state"
    fresh = Game(game, header["players"], header["opts"])
    for kind, dice, p in without_undos(actions):
        fresh.act(kind, dice, p)
    assert summary(fresh) == summary(live)
    assert fresh.rules.snapshot() == live.rules.snapshot()


def test_undo_back_to_the_start_of_a_long_game():
    header, actions, live = random_game(3, game="sixdice", players=6, opts={}, undo_rate=0.0)
    start = Game("sixdice", header["players"], {})
    for _ in range(live.history.count):
        live.act(UNDO)
    assert live.rules.snapshot() == start.rules.snapshot()
    assert not live.in_effect()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("game", ["sixdice", "skulls", "pig", "bank"])
def test_a_replayed_undo_restores_the_state_the_game_had_before(game, seed):
    """Replaying a record, an undo right after its action restores the
    state read ahead (no replay from a saved state): after every line the
    game equals the same game played key by key, undos by rebuilding."""
    from io import BytesIO

    from dicetray.engine.replay import replay_lines
    from dicetray_host.records.generate import record_text
    header, actions, live = random_game(seed, game=game, players=5, undo_rate=0.15)
    assert sum(1 for a in actions if a[0] == UNDO) >= 3
    played = Game(game, header["players"], header["opts"])
    states = []
    for kind, dice, p in actions:
        played.act(kind, dice, p)
        states.append(played.rules.snapshot())
    replayed = Game(game, header["players"], header["opts"])
    lines = BytesIO(record_text(header, actions).encode())
    lines.readline()  # the header
    seen = []
    replay_lines(replayed, lines, 1, lambda g, n: seen.append(g.rules.snapshot()))
    assert seen == states
    assert summary(replayed) == summary(live)

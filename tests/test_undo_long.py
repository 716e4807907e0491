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

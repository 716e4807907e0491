"""story.py: turns read from the engine add up to the engine's scores."""
import pytest

from dicetray_host.records import generate

from dicetray_host.records import story


@pytest.mark.parametrize("game", ["pig", "bank", "skulls", "sixdice"])
def test_turn_points_add_up_to_the_scores_and_every_throw_is_in_one_turn(game):
    for seed in range(15):
        header, actions, live = generate.random_game(seed, game, undo_rate=0.08, void_rate=0.05,
                                                     finish=seed % 4 != 0)
        told = story.load(generate.record_text(header, actions).encode())
        assert told.scores == list(live.scores)
        totals = [0] * len(told.players)
        for turn in told.turns:
            totals[turn.seat] += turn.points
        assert totals == told.scores
        if told.over:
            assert all(turn.outcome != story.OPEN for turn in told.turns)
        throws = sum(1 for s in told.effective if s.kind == "roll")
        if game != "bank":  # bank: every player in shares the round's throws
            assert sum(turn.rolls for turn in told.turns) == throws
            shown = [s.line for turn in told.turns for s in turn.steps]
            assert shown == sorted(set(shown))  # each line once, in record order

# Skulls / Death Dice (seed 003 and rules.md). A skull is written as 0.
import unittest

from enginecase import EngineCase, new, play
from dicetray.engine.rules import NOTE_BUST, NOTE_WIPEOUT


class SkullsTurn(EngineCase):
    def test_no_skull_adds_and_pass_protects(self):
        game = play(new("skulls"), "r23 r66")
        self.assertEqual(game.rules.points, 17)
        play(game, "b")
        self.assertEqual(game.scores, [17, 0])
        self.assertEqual(game.rules.turn, 1)

    def test_one_skull_loses_the_round_score_only(self):
        # Round 2: player 1 (8) rolls first, then player 0 (5).
        game = play(new("skulls"), "r23 b r44 b r56 r06")
        self.assertEqual(game.scores, [5, 8])
        self.assertEqual(game.rules.note, NOTE_BUST)
        self.assertEqual(game.rules.turn, 0)
        self.assertEqual(game.rules.points, 0)

    def test_two_skulls_wipe_out_the_roller_only(self):
        game = play(new("skulls"), "r23 b r44 b r56 b r00")
        self.assertEqual(game.scores, [0, 19])
        self.assertEqual(game.rules.note, NOTE_WIPEOUT)

    def test_must_roll_at_least_once(self):
        self.refuse(new("skulls"), "b", "Roll first")

    def test_faces_of_the_published_dice(self):
        game = new("skulls")
        self.refuse(game, "r12", "Faces 2-6,skull")
        self.refuse(game, "r27", "Faces 2-6,skull")
        self.refuse(game, "r2", "Throw 2 dice")
        play(game, "r26 r02")  # 2-6 and the skull are on the die

    def test_faces_one_to_five_option(self):
        game = new("skulls", 2, {"faces": "1-5"})
        self.refuse(game, "r16", "Faces 1-5,skull")
        play(game, "r15")
        self.assertEqual(game.rules.points, 6)


class SkullsOrder(EngineCase):
    def test_first_round_in_seating_order(self):
        game = new("skulls", 3)
        self.assertEqual(list(game.rules.order), [0, 1, 2])
        self.refuse(game, "o102", "Seat order only")
        play(game, "o012")  # the seating order itself is fine

    def test_later_rounds_highest_total_first(self):
        game = play(new("skulls", 3), "r23 b r44 b r66 b")
        self.assertEqual(game.rules.round, 2)
        self.assertEqual(list(game.rules.order), [2, 1, 0])
        self.assertEqual(game.rules.turn, 2)

    def test_ties_keep_last_rounds_relative_order(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b")
        self.assertEqual(list(game.rules.order), [2, 0, 1])

    def test_explicit_order_may_swap_tied_players_only(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b")
        self.refuse(game, "o021", "Only ties swap")
        self.refuse(game, "o21", "Order: everyone")
        self.refuse(game, "o211", "Order: everyone")
        play(game, "o210")
        self.assertEqual(game.rules.turn, 2)
        play(game, "r22 b")
        self.assertEqual(game.rules.turn, 1)

    def test_second_order_replaces_first_and_void_keeps_it_open(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b o210 v o201")
        self.assertEqual(list(game.rules.order), [2, 0, 1])

    def test_no_order_once_the_round_started(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b r22")
        self.refuse(game, "o210", "Round started")

    def test_tied_order_carries_into_the_next_round(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b o210 r00 r00 r00")
        # Everyone wiped out: all tied at 0, relative order of round 2 kept.
        self.assertEqual(list(game.rules.order), [2, 1, 0])


class SkullsEnd(EngineCase):
    def test_six_rounds_then_single_highest_wins(self):
        game = new("skulls", 2)
        for _ in range(6):
            play(game, "r23 b r00")
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [0])
        self.assertEqual(game.scores, [30, 0])

    def test_tie_for_highest_plays_another_round(self):
        game = new("skulls", 3, {"rounds": 2})
        play(game, "r23 b r23 b r00 " * 2)
        self.assertFalse(game.over)
        self.assertEqual(game.rules.round, 3)
        play(game, "r23 b r23 b r00")  # still tied: and again
        self.assertFalse(game.over)
        play(game, "r22 b r23 b r00")
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [1])

    def test_undo_the_round_end_restores_the_order(self):
        game = play(new("skulls", 3), "r23 b r23 b r66 b u")
        self.assertEqual(game.rules.round, 1)
        self.assertEqual(list(game.rules.order), [0, 1, 2])
        self.assertEqual(game.rules.points, 12)

    def test_undo_a_wipe_out(self):
        game = play(new("skulls"), "r23 b r00 r23 b r56 r00 u")
        self.assertEqual(game.scores, [10, 0])
        self.assertEqual(game.rules.points, 11)

    def test_other_games_actions_refused(self):
        game = play(new("skulls"), "r23")
        self.refuse(game, "k2", "Not in this game")
        self.refuse(game, "c", "Not in this game")


if __name__ == "__main__":
    unittest.main()

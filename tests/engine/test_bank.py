# Bank (seed 002 and rules.md).
import unittest

from enginecase import EngineCase, new, play
from dicetray.engine.rules import NOTE_SEVEN, NOTE_ROUND


class BankRolls(EngineCase):
    def test_first_three_rolls_add_and_seven_is_seventy(self):
        game = play(new("bank", 3), "r23 r34 r33")
        self.assertEqual(game.rules.points, 5 + 70 + 6)  # doubles just add early on
        self.assertEqual(game.rules.rolls, 3)

    def test_from_roll_four_doubles_double(self):
        game = play(new("bank", 3), "r23 r24 r25 r44")
        self.assertEqual(game.rules.points, (5 + 6 + 7 * 10) * 2)

    def test_from_roll_four_other_sums_add(self):
        game = play(new("bank", 3), "r12 r12 r12 r26")
        self.assertEqual(game.rules.points, 3 + 3 + 3 + 8)

    def test_seven_from_roll_four_ends_round_with_zero(self):
        game = play(new("bank", 3), "r12 r12 r12 b1 r16")
        self.assertEqual(game.rules.note, NOTE_SEVEN)
        self.assertEqual(game.scores, [0, 9, 0])  # banked points stay, the rest score 0
        self.assertEqual(game.rules.round, 2)
        self.assertEqual(game.rules.points, 0)

    def test_rolling_passes_clockwise_and_skips_banked(self):
        game = play(new("bank", 4), "r12")
        self.assertEqual(game.rules.turn, 1)
        play(game, "b2")
        play(game, "r12")
        self.assertEqual(game.rules.turn, 3)  # player 2 banked: skipped
        play(game, "b1 r12")                  # player 3 rolls; player 0 next
        self.assertEqual(game.rules.turn, 0)

    def test_roller_who_banks_passes_the_dice(self):
        game = play(new("bank", 3), "r12 b1")
        self.assertEqual(game.rules.turn, 2)

    def test_faces(self):
        game = new("bank")
        self.refuse(game, "r70", "Face 1-6")
        self.refuse(game, "r3", "Throw 2 dice")


class BankBanking(EngineCase):
    def test_not_before_the_first_roll(self):
        self.refuse(new("bank", 3), "b1", "Roll first")

    def test_any_player_still_in_may_bank(self):
        game = play(new("bank", 3), "r23 b2 b0")
        self.assertEqual(game.scores, [5, 0, 5])
        self.assertTrue(game.rules.is_in(1))
        self.assertEqual(game.rules.turn, 1)

    def test_once_banked_out_for_the_round(self):
        game = play(new("bank", 3), "r23 b2")
        self.refuse(game, "b2", "Already banked")

    def test_bank_needs_a_player(self):
        game = play(new("bank", 3), "r23")
        self.refuse(game, "b", "Needs a player")
        self.refuse(game, "b5", "No such player")

    def test_everyone_banked_ends_round_next_after_last_roller(self):
        game = play(new("bank", 3), "r23 r34 b0 b1 b2")
        self.assertEqual(game.scores, [75, 75, 75])
        self.assertEqual(game.rules.note, NOTE_ROUND)
        self.assertEqual(game.rules.round, 2)
        self.assertEqual(game.rules.turn, 2)  # player 1 made the last roll
        self.assertTrue(game.rules.is_in(0))

    def test_next_round_starts_after_the_player_who_rolled_the_seven(self):
        game = play(new("bank", 3), "r12 r12 r12 r16")  # player 0 rolls the 7
        self.assertEqual(game.rules.turn, 1)

    def test_game_over_after_the_rounds_ties_stay(self):
        game = new("bank", 2)
        for _ in range(10):
            play(game, "r23 b0 b1")
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [0, 1])
        self.refuse(game, "r12", "Game is over")

    def test_round_options(self):
        game = new("bank", 2, {"rounds": 15})
        for _ in range(15):
            self.assertFalse(game.over)
            play(game, "r23 b0 b1")
        self.assertTrue(game.over)

    def test_other_games_actions_refused(self):
        game = play(new("bank", 2), "r23")
        self.refuse(game, "k2", "Not in this game")
        self.refuse(game, "o10", "Not in this game")
        self.refuse(game, "c", "Not in this game")


class BankUndo(EngineCase):
    def test_undo_the_round_ending_seven(self):
        game = play(new("bank", 3), "r12 r12 r12 b1 r16 u")
        self.assertEqual(game.rules.points, 9)
        self.assertEqual(game.rules.round, 1)
        self.assertFalse(game.rules.is_in(1))
        self.assertEqual(game.rules.turn, 0)

    def test_undo_a_bank(self):
        game = play(new("bank", 3), "r23 b2 u")
        self.assertTrue(game.rules.is_in(2))
        self.assertEqual(game.scores, [0, 0, 0])


if __name__ == "__main__":
    unittest.main()

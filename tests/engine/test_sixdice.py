# Six dice (seed 004 and rules.md): scoring table, reservations, stopping,
# continuing, the all-ones bonus, six of a kind, and both endings.
import unittest

from enginecase import EngineCase, new, play
from dicetray.games import sixdice as scoring
from dicetray.engine.rules import NOTE_BUST, NOTE_BONUS, NOTE_SIXKIND, NOTE_OUT


def value(faces):
    return scoring.value(scoring.count_faces(faces, bytearray(7)))


class SixDiceScoring(unittest.TestCase):
    def test_table(self):
        self.assertEqual(value([1]), 10)
        self.assertEqual(value([5]), 5)
        self.assertEqual(value([3, 3, 3]), 30)
        self.assertEqual(value([6, 6, 6]), 60)
        self.assertEqual(value([4, 4, 4, 4]), 100)
        self.assertEqual(value([2, 2, 2, 2, 2]), 250)
        self.assertEqual(value([2, 2, 4, 4, 6, 6]), 150)
        self.assertEqual(value([1, 2, 3, 4, 5, 6]), 250)

    def test_three_ones_split_best_as_singles(self):
        # three 1s as a kind are worth 10, as three singles 30: best split wins
        self.assertEqual(value([1, 1, 1]), 30)

    def test_four_of_a_kind_counts_as_two_pairs(self):
        self.assertEqual(value([3, 3, 3, 3, 6, 6]), 150)
        self.assertEqual(value([1, 1, 1, 1, 5, 5]), 150)

    def test_whole_subset_must_split(self):
        self.assertEqual(value([2]), 0)
        self.assertEqual(value([1, 2]), 0)
        self.assertEqual(value([3, 3, 3, 4]), 0)
        self.assertEqual(value([2, 2, 3, 3]), 0)
        self.assertEqual(value([]), 0)

    def test_mixed_combinations(self):
        self.assertEqual(value([1, 5, 5]), 20)
        self.assertEqual(value([2, 2, 2, 1, 5]), 35)
        self.assertEqual(value([5, 5, 5, 5, 5, 1]), 260)
        self.assertEqual(value([2, 2, 2, 3, 3, 3]), 50)

    def test_reservations_best_first(self):
        options = [(list(faces), points) for faces, points in scoring.reservations([1, 5, 2, 2, 2, 3])]
        self.assertEqual(options[0], ([1, 2, 2, 2, 5], 35))
        self.assertIn(([5], 5), options)
        self.assertEqual([points for _, points in options], [35, 30, 25, 20, 15, 10, 5])
        self.assertEqual(len(options), 7)
        self.assertEqual(scoring.reservations([2, 3, 4, 6]), [])


P0_SCORES_75 = "r666234 k666 r155 k15 b"        # 60 + 15, one die left
TO_125 = "r666234 k666 r555 k555 r152346 k15 b"  # 60 + 50, six again, + 15
BUST = "r234662"                                  # no 1, no 5, no three alike


class SixDiceTurn(EngineCase):
    def test_roll_reserve_roll_the_rest(self):
        game = play(new("sixdice"), "r152234 k15")
        self.assertEqual(game.rules.points, 15)
        self.assertEqual(game.rules.dice_to_throw(), 4)
        self.refuse(game, "r22346", "Throw 4 dice")
        play(game, "r1666")
        self.assertEqual(game.rules.reservations()[0], (bytes([1, 6, 6, 6]), 70))

    def test_exactly_one_reservation_per_roll(self):
        game = play(new("sixdice"), "r152234 k1")
        self.refuse(game, "k5", "One keep a roll")

    def test_reserve_only_scoring_dice_of_the_last_roll(self):
        game = play(new("sixdice"), "r152234")
        self.refuse(game, "k11", "Not in last roll")
        self.refuse(game, "k12", "Dice don't score")
        self.refuse(game, "k", "Keep a die")
        self.refuse(game, "r152234", "Keep dice first")
        self.refuse(game, "v", "Keep dice first")
        self.refuse(game, "b", "Keep dice first")

    def test_no_scoring_die_ends_the_turn(self):
        game = play(new("sixdice"), "r152234 k15 r2346")
        self.assertEqual(game.rules.note, NOTE_BUST)
        self.assertEqual(game.rules.turn, 1)
        self.assertEqual(game.scores, [0, 0])
        self.assertEqual(game.rules.dice_to_throw(), 6)

    def test_three_pairs_score(self):
        game = play(new("sixdice"), "r223344")
        self.assertEqual(game.rules.reservations(), [(bytes([2, 2, 3, 3, 4, 4]), 150)])

    def test_first_stop_needs_75(self):
        game = play(new("sixdice"), "r152234 k15 r1346")
        self.refuse(game, "b", "Keep dice first")
        play(game, "k1")
        self.assertEqual(game.rules.points, 25)
        self.refuse(game, "b", "Need 75 to stop")
        play(game, "r666 k666")
        self.assertEqual(game.rules.points, 85)
        self.assertEqual(game.rules.dice_to_throw(), 6)  # all six reserved: six again
        self.refuse(game, "b", "Roll all 6 first")
        play(game, "r155234 k1 b")
        self.assertEqual(game.scores, [95, 0])

    def test_no_stop_before_a_roll(self):
        self.refuse(new("sixdice"), "b", "Roll first")

    def test_after_scoring_any_stop_is_allowed(self):
        game = play(new("sixdice"), P0_SCORES_75 + " " + BUST + " r523462 k5 b")
        self.assertEqual(game.scores, [80, 0])

    def test_all_ones_bonus_seed_example(self):
        # First roll 4 ones, second 2 ones: 100 + 20 + 100.
        game = play(new("sixdice"), "r111123 k1111 r11")
        play(game, "k11")
        self.assertEqual(game.rules.note, NOTE_BONUS)
        self.assertEqual(game.rules.points, 220)
        self.assertEqual(game.rules.dice_to_throw(), 6)

    def test_all_ones_needs_every_reserved_die_a_one(self):
        game = play(new("sixdice"), "r111523 k1115 r11 k11")
        self.assertEqual(game.rules.points, 35 + 20)
        self.assertNotEqual(game.rules.note, NOTE_BONUS)

    def test_six_of_a_kind_wins_at_once(self):
        game = play(new("sixdice", 3), "r111234 k1 r23456 k5 r5555 k5555")
        self.assertEqual(game.rules.points, 115)
        self.assertEqual(game.rules.dice_to_throw(), 6)
        play(game, "r333333")
        self.assertEqual(game.rules.note, NOTE_SIXKIND)
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [0])
        self.assertEqual(game.scores, [0, 0, 0])  # the pending round points are not credited

    def test_six_of_a_kind_only_in_one_roll_of_six(self):
        game = play(new("sixdice"), "r122222 k1 r22222")
        self.assertFalse(game.over)
        self.assertEqual(game.rules.reservations()[0], (bytes([2, 2, 2, 2, 2]), 250))

    def test_other_games_actions_refused(self):
        game = new("sixdice")
        self.refuse(game, "o10", "Not in this game")


class SixDiceContinue(EngineCase):
    def both_scored(self):
        return play(new("sixdice"), P0_SCORES_75 + " " + P0_SCORES_75)

    def test_only_after_scoring(self):
        game = play(new("sixdice"), P0_SCORES_75)
        self.assertFalse(game.rules.can_continue())
        self.refuse(game, "c", "Not scored yet")

    def test_continue_takes_over_points_and_dice(self):
        game = self.both_scored()
        self.assertEqual(game.rules.turn, 0)
        self.assertTrue(game.rules.can_continue())
        play(game, "c")
        self.assertEqual(game.rules.points, 75)
        self.assertEqual(game.rules.dice_to_throw(), 1)
        self.refuse(game, "b", "Roll first")
        self.refuse(game, "c", "Turn start only")
        play(game, "r5 k5")
        self.assertEqual(game.rules.dice_to_throw(), 6)
        play(game, "r152346 k15 b")
        self.assertEqual(game.scores, [75 + 95, 75])  # the previous player keeps theirs

    def test_continued_cycle_gets_no_all_ones_bonus(self):
        # Player 1 stops after four 1s; player 0 continues and reserves the
        # last two 1s: the six 1s were reserved over two turns, so no bonus.
        game = play(new("sixdice"), "r111123 k1111 b r111123 k1111 b c r11 k11")
        self.assertEqual(game.rules.points, 120)
        self.assertNotEqual(game.rules.note, NOTE_BONUS)

    def test_no_continue_after_a_void(self):
        game = play(new("sixdice"), P0_SCORES_75 + " " + P0_SCORES_75 + " v")
        self.refuse(game, "c", "Turn start only")

    def test_no_continue_after_a_bust(self):
        game = play(new("sixdice"), P0_SCORES_75 + " " + BUST)
        self.assertEqual(game.rules.turn, 0)
        self.refuse(game, "c", "Nothing to take")


class SixDiceEnd(EngineCase):
    def test_final_phase_eliminates_those_below_the_best(self):
        game = new("sixdice", 3, {"target": 100})
        play(game, TO_125)
        self.assertTrue(game.rules.final)
        play(game, BUST)
        self.assertEqual(game.rules.note, NOTE_OUT)
        self.assertTrue(game.rules.is_out(1))
        self.assertEqual(game.rules.turn, 2)
        play(game, BUST)
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [0])

    def test_leader_who_busts_stays_in(self):
        game = new("sixdice", 3, {"target": 100})
        play(game, TO_125 + " " + TO_125 + " " + BUST)
        self.assertTrue(game.rules.is_out(2))
        play(game, BUST)  # player 0 busts but is tied for the best: stays
        self.assertFalse(game.rules.is_out(0))
        self.assertEqual(game.rules.turn, 1)

    def test_short_ending_one_more_turn_each(self):
        game = new("sixdice", 3, {"target": 100, "end": "short"})
        play(game, TO_125 + " " + BUST)
        self.assertFalse(game.over)
        play(game, "r666234 k666 r555 k555 r152346 k15 r1234 k1 b")  # player 2: 135
        self.assertTrue(game.over)
        self.assertEqual(game.scores, [125, 0, 135])
        self.assertEqual(game.winners(), [2])

    def test_short_ending_ties_stay_tied(self):
        game = new("sixdice", 2, {"target": 100, "end": "short"})
        play(game, TO_125 + " " + TO_125)
        self.assertTrue(game.over)
        self.assertEqual(game.winners(), [0, 1])

    def test_undo_an_elimination(self):
        game = new("sixdice", 2, {"target": 100})
        play(game, TO_125 + " " + BUST)
        self.assertTrue(game.over)
        play(game, "u")
        self.assertFalse(game.over)
        self.assertFalse(game.rules.is_out(1))
        self.assertEqual(game.rules.turn, 1)
        self.assertEqual(game.rules.dice_to_throw(), 6)


if __name__ == "__main__":
    unittest.main()

# Pig (seed 000 and rules.md): every rule bullet and the worked example.
import unittest

from enginecase import EngineCase, new, play
from dicetray.engine.rules import NOTE_AUTOBANK, NOTE_BUST, NOTE_OVER


class PigTurn(EngineCase):
    def test_worked_example_bank(self):
        # Permanent 12; rolls 4 and 5 give a temporary 9; banking makes 21.
        game = play(new("pig"), "r6 r6 b r2 b")
        self.assertEqual(game.scores, [12, 2])
        play(game, "r4 r5")
        self.assertEqual(game.rules.points, 9)
        play(game, "b")
        self.assertEqual(game.scores, [21, 2])

    def test_worked_example_one(self):
        # Same position, but the next roll is a 1: the permanent score stays 12.
        game = play(new("pig"), "r6 r6 b r2 b r4 r5 r1")
        self.assertEqual(game.scores, [12, 2])
        self.assertEqual(game.rules.note, NOTE_BUST)
        self.assertEqual(game.rules.turn, 1)
        self.assertEqual(game.rules.points, 0)

    def test_faces_two_to_six_add(self):
        game = play(new("pig"), "r2 r3 r4 r5 r6")
        self.assertEqual(game.rules.points, 20)
        self.assertEqual(game.rules.turn, 0)

    def test_must_roll_before_banking(self):
        self.refuse(new("pig"), "b", "Roll first")

    def test_sixth_valid_roll_banks_itself(self):
        game = play(new("pig"), "r2 r2 r2 r2 r2")
        self.assertEqual(game.rules.turn, 0)
        play(game, "r3")
        self.assertEqual(game.scores, [13, 0])
        self.assertEqual(game.rules.turn, 1)
        self.assertEqual(game.rules.note, NOTE_AUTOBANK)

    def test_voids_are_not_valid_rolls(self):
        game = play(new("pig"), "r2 v r2 r2 v v r2 r2")
        self.assertEqual(game.rules.rolls, 5)
        self.assertEqual(game.rules.turn, 0)
        play(game, "v r2")
        self.assertEqual(game.scores, [12, 0])

    def test_void_changes_no_total(self):
        game = play(new("pig"), "r5")
        play(game, "v")
        self.assertEqual(game.rules.points, 5)
        self.assertEqual(game.rules.rolls, 1)

    def test_bad_faces(self):
        game = new("pig")
        self.refuse(game, "r7", "Face 1-6")
        self.refuse(game, "r0", "Face 1-6")
        self.refuse(game, "r34", "Throw 1 die")
        self.refuse(game, "r", "Throw 1 die")

    def test_other_games_actions_refused(self):
        game = play(new("pig"), "r3")
        self.refuse(game, "k3", "Not in this game")
        self.refuse(game, "c", "Not in this game")
        self.refuse(game, "o10", "Not in this game")

    def test_bank_names_no_player(self):
        # Outside the bank game a "p" is an unknown key: the turn's player banks.
        game = play(new("pig", 3), "r4 b1")
        self.assertEqual(game.scores, [4, 0, 0])


class PigGame(EngineCase):
    def test_five_circuits_by_default(self):
        game = new("pig", 3)
        for circuit in range(1, 6):
            self.assertEqual(game.rules.round, circuit)
            play(game, "r2 b r3 b r1")
        self.assertTrue(game.over)
        self.assertEqual(game.scores, [10, 15, 0])
        self.assertEqual(game.winners(), [1])
        self.assertEqual(game.rules.note, NOTE_OVER)

    def test_short_game_three_circuits(self):
        game = new("pig", 2, {"circuits": 3})
        play(game, "r4 b r4 b " * 3)
        self.assertTrue(game.over)

    def test_equal_scores_stay_tied(self):
        game = play(new("pig", 3, {"circuits": 3}), "r4 b r4 b r1 " * 3)
        self.assertEqual(game.winners(), [0, 1])

    def test_nothing_after_the_end(self):
        game = play(new("pig", 2, {"circuits": 3}), "r1 r1 " * 3)
        self.assertEqual(game.winners(), [0, 1])
        self.refuse(game, "r3", "Game is over")
        self.refuse(game, "v", "Game is over")
        self.refuse(game, "b", "Game is over")


class PigUndo(EngineCase):
    def test_nothing_to_undo(self):
        self.refuse(new("pig"), "u", "Nothing to undo")

    def test_undo_a_bank(self):
        game = play(new("pig"), "r4 r5 b")
        play(game, "u")
        self.assertEqual(game.scores, [0, 0])
        self.assertEqual(game.rules.points, 9)
        self.assertEqual(game.rules.turn, 0)

    def test_undo_a_bust_restores_the_turn(self):
        game = play(new("pig"), "r4 r5 r1 u")
        self.assertEqual(game.rules.turn, 0)
        self.assertEqual(game.rules.points, 9)
        self.assertEqual(game.rules.rolls, 2)

    def test_undo_the_automatic_bank(self):
        game = play(new("pig"), "r2 r2 r2 r2 r2 r2 u")
        self.assertEqual(game.scores, [0, 0])
        self.assertEqual(game.rules.points, 10)
        self.assertEqual(game.rules.rolls, 5)

    def test_two_undos_retract_two_actions(self):
        game = play(new("pig"), "r4 r5 v u u")
        self.assertEqual(game.rules.points, 4)

    def test_undo_the_end_of_the_game(self):
        game = play(new("pig", 2, {"circuits": 3}), "r2 b r3 b r2 b r3 b r2 b r3 b")
        self.assertTrue(game.over)
        play(game, "u")
        self.assertFalse(game.over)
        self.assertEqual(game.winners(), [])
        self.assertEqual(game.rules.points, 3)
        self.assertEqual(game.scores, [6, 6])

    def test_undo_everything(self):
        game = play(new("pig"), "r3 b r1 v u u u u")
        self.refuse(game, "u", "Nothing to undo")
        self.assertEqual(game.scores, [0, 0])


if __name__ == "__main__":
    unittest.main()

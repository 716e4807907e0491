"""Every recorded event names the player and says what happened, until the
next key; the next player's screen does not show the last player's dice."""
import pytest


@pytest.fixture
def named(flash):
    """A tray in manual mode with the roster Ann, Bob, Cy."""
    (flash / "roster.txt").write_text("Ann\nBob\nCy\n")
    from conftest import Tray
    with Tray(flash, accel=False) as board:
        yield board


def dice_area_blank(tray):
    """The last throw's faces are drawn right of the big total (x 88.., y 33..40)."""
    frame = tray.vb.frame()
    return not any(frame.pixel(x, y) for x in range(88, 128) for y in range(33, 41))


def test_pig_bank_and_bust_name_the_player(named):
    named.new_game("pig", players=2)
    named.key("6", "6", "3")
    assert not dice_area_blank(named)                 # Ann's 3 beside her turn total
    named.key("BANK")
    named.shows("Ann banks 15", ">Bob")
    assert dice_area_blank(named)                     # Bob starts clean
    named.key("1")
    named.shows("Bob: 1", "Turn lost", ">Ann")
    assert dice_area_blank(named)
    named.key("UP")                                   # the next key: the event is gone
    text = named.text()
    assert "Bob: 1" not in text and "Turn lost" not in text


def test_pig_sixth_roll_banks_and_says_so(named):
    named.new_game("pig", players=2)
    named.key("2", "2", "2", "2", "2", "3")
    named.shows("Ann banks 13", "6 rolls: banked", ">Bob")


def test_long_names_are_shortened_to_fit(flash):
    (flash / "roster.txt").write_text("Annabellez\nBartholome\n")
    from conftest import Tray
    with Tray(flash, accel=False) as tray:
        tray.new_game("pig", players=2)
        tray.key("6", "6", "3", "BANK")
        tray.shows("Annabel banks 15")                # 16 characters


def test_bank_names_who_banked_and_the_roller_of_a_seven(named):
    named.new_game("bank", players=3)
    named.key("3", "4")                               # Ann rolls 70
    named.key("BANK")
    named.shows("Ann banks 70")
    named.key("2", "3", "1", "2", "3", "4")           # Bob, Cy, Bob: the seven ends the round
    named.shows("Bob: 7", "Round over", "R2/10")


def test_skulls_two_skulls_name_the_player(named):
    named.new_game("skulls", players=2)
    named.key("3", "4", "BANK")
    named.shows("Ann banks 7")
    named.key("SKULL", "SKULL")
    named.shows("Bob: 2 skulls", "Total 0")


def test_sixdice_stop_take_over_and_out(named):
    named.new_game("sixdice", players=3)
    named.key("1", "2", "3", "4", "5", "6", "OK")     # straight: 250, 6 dice again
    named.key("1", "2", "2", "3", "4", "6", "OK")     # one 1: 260, 5 dice left
    named.shows("Throw 5 dice")                       # the count, no faces beside it
    named.key("BANK")
    named.shows("Ann stops 260")
    named.key("OK")                                   # Bob may not: he has not scored
    named.key("2", "2", "3", "3", "4", "6")           # no scoring die
    named.shows("Bob: no score", "Turn lost")
    named.key("1", "1", "1", "1", "2", "3", "OK")     # Cy: four 1s, 100
    named.key("BANK")
    named.shows("Cy stops 100")
    named.key("OK")                                   # Ann takes over Cy's stop
    named.shows("Ann takes over", "100, 2 dice")


def test_bank_cursor_over_players_still_in(named):
    """BANK banks the player under the cursor; the cursor skips whoever
    banked; the roller is shown apart; UNDO takes a wrong bank back."""
    named.new_game("bank", players=3)
    named.shows("First roll")
    named.key("3", "4")                               # Ann rolls 70
    named.shows("Roll: Bob", "Bank>Ann")
    named.key("BANK")                                 # one press: the cursor's player
    named.shows("Ann banks 70", "Roll: Bob", "Bank>Bob")
    named.key("PLAYER")
    named.shows("Bank>Cy")
    named.key("PLAYER")                               # Ann has banked: skipped
    named.shows("Bank>Bob")
    named.key("UP")
    named.shows("Bank>Cy")
    named.key("BANK")
    named.shows("Cy banks 70")
    named.key("SCORES")
    lines = named.vb.screen_text()
    named.key("SCORES")
    marks = dict((line[1:].split()[0], line[0]) for line in lines[1:] if line[0] != " ")
    assert marks == {"Ann": "b", "Bob": ">", "Cy": "b"}, lines
    named.key("UNDO")                                 # Cy's bank was a mistake
    named.shows("Undone: bank", "Bank>Cy")            # Cy is in again, under the cursor
    assert named.actions()[-3:] == [("bank", 0), ("bank", 2), ("undo", None)]
    named.key("UP")                                   # Bob shouted
    named.key("BANK")
    named.shows("Bob banks 70")
    assert named.replay()["scores"] == [70, 70, 0]


def test_bank_cursor_needs_a_roll(named):
    named.new_game("bank", players=3)
    named.key("DOWN")
    named.shows("Roll first")


def test_the_next_throw_takes_the_place_of_what_the_last_key_did(flash):
    # With the accelerometer: Ann banks, Bob throws. Once the tray has seen
    # Bob's throw the bottom line is about his dice, not Ann's bank; keyed,
    # his face counts for him.
    (flash / "roster.txt").write_text("Ann\nBob\n")
    from conftest import Tray
    with Tray(flash, accel=True) as tray:
        tray.new_game("pig", players=2)
        tray.throw(1)
        tray.key("4")
        tray.key("BANK")
        tray.shows("Ann banks 4", ">Bob")
        end_ms, _ = tray.vb.feed_throw(tray.seed, 1)
        tray.vb.run(end_ms + 700)
        assert "Ann banks 4" not in tray.text()
        tray.shows(">Bob", "Key the faces")
        tray.key("5")
        assert tray.actions()[-1] == ("roll", [5])
        assert tray.missed == 0

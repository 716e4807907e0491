"""Names and seats on the tray: players picked from the roster and seated
in order on the tray; the menu offers the last game, players and option."""
import json

import pytest


@pytest.fixture
def rostered(flash):
    (flash / "roster.txt").write_text("Ann\nBob\nCy\nDee\n")
    from conftest import Tray
    with Tray(flash, accel=False) as board:
        yield board


def header(tray):
    return json.loads(tray.record_lines()[0])


def test_seats_pick_names_and_order_on_the_tray(rostered):
    tray = rostered
    tray.shows("Players 4", "Ann Bob Cy Dee")         # the roster, in its order
    tray.key("DOWN", "DOWN", "DOWN", "DOWN", "OK")    # the seats line
    tray.shows("Seats", "1 Ann", "4 Dee", "OK:who PLAYER:dn")
    tray.key("PLAYER")                                # Ann one seat down
    tray.shows("1 Bob", "2 Ann")
    tray.key("OK")                                    # seat 2: the next name nobody has
    tray.shows("2 P1")
    tray.key("MENU")                                  # back to the menu
    tray.shows("Bob P1 Cy Dee")
    tray.key("UP", "OK")                              # Start
    assert header(tray)["players"] == ["Bob", "P1", "Cy", "Dee"]
    tray.shows(">Bob")


def test_the_menu_offers_the_last_game_players_and_option(rostered):
    tray = rostered
    tray.new_game("bank", players=3, option=1)        # 15 rounds, Ann Bob Cy
    tray.key("MENU", "OK")                            # leave it
    tray.shows("Bank", "Players 3", "15 rounds", "Ann Bob Cy")
    tray.cut()                                        # remembered on flash
    tray.shows("Bank", "Players 3", "15 rounds", "Ann Bob Cy")
    tray.key("DOWN", "DOWN", "DOWN", "OK")            # Start at once: the same again
    assert header(tray)["game"] == "bank"
    assert header(tray)["players"] == ["Ann", "Bob", "Cy"]
    assert header(tray)["opts"] == {"rounds": 15}
    from dicetray import VERSION
    assert header(tray)["fw"] == "dicetray " + VERSION             # which firmware wrote it


def test_browsing_the_games_on_the_menu_leaves_no_ram_taken(flash):
    """Showing a game's title and option imports no game: on MicroPython a
    module's names would stay in RAM after it is dropped (about 4 KB a game)."""
    from conftest import Tray
    with Tray(flash, accel=False) as tray:
        tray.shows("Pig", "5 circuits")
        before = tray.vb.mem()["current"]
        tray.key("OK")
        tray.shows("Bank", "10 rounds")
        tray.key("OK")
        tray.shows("Skulls", "Skull + 2-6")
        tray.key("OK")
        tray.shows("Six dice", "End: eliminate")
        tray.key("OK")
        tray.shows("Pig", "5 circuits")
        assert tray.vb.mem()["current"] - before < 1024

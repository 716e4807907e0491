"""Game over keeps the result (UNDO still works) until MENU; voids say what
they did; the tie-break round and the six-dice final phase are announced;
a game left from the menu stays left after a power cut."""


def pig_to_the_end(tray):
    tray.new_game("pig", players=2, option=1)         # 3 circuits
    for _ in range(3):
        tray.key("4", "BANK", "5", "BANK")            # P2 wins 15 to 12


def test_result_stays_until_menu_and_undo_takes_it_back(manual_tray):
    tray = manual_tray
    pig_to_the_end(tray)
    tray.shows("Game over", "Winner", "P2", "15", "MENU: new game", "P2 banks 5")
    tray.key("OK")                                    # the key pressed most: does not leave
    tray.shows("Game over", "MENU: new game", "UNDO: take back")
    tray.key("UNDO")                                  # the last bank taken back
    tray.shows("Undone: bank", "P2 to play", ">P2")
    tray.key("6", "BANK")                             # 10 + 5 + 6
    tray.shows("Game over", "P2", "21")
    tray.cut()                                        # the result comes back after a power cut
    tray.shows("Game over", "P2", "21", "Resumed 0001")
    tray.key("UNDO")
    tray.shows("Undone: bank", ">P2")
    tray.key("5", "BANK")
    tray.key("MENU")                                  # seen: on to a new game
    tray.shows("New game")
    tray.cut()
    tray.shows("New game")
    assert tray.actions()[-3:] == [("undo", None), ("roll", [5]), ("bank", None)]
    assert tray.replay()["scores"] == [12, 26]


def test_game_left_from_the_menu_is_not_resumed(manual_tray):
    tray = manual_tray
    tray.new_game("pig", players=2)
    tray.key("4", "BANK")
    tray.key("MENU", "OK")                            # leave: asked, yes
    tray.shows("New game")
    tray.cut()
    tray.shows("New game")
    tray.new_game("pig", players=2)                   # the next game: 0002, resumed as ever
    tray.key("3")
    tray.cut()
    tray.shows("Resumed 0002")
    assert len(tray.records()) == 2


def test_void_says_so_and_a_second_void_of_the_same_throw_is_refused(tray):
    tray.new_game("pig", players=2)
    tray.throw(1)
    tray.key("VOID")
    tray.shows("P1: void", "Throw again")
    before = tray.record_lines()
    tray.key("VOID")
    tray.shows("Already voided")
    assert tray.record_lines() == before              # refused: nothing written
    tray.throw(1)
    tray.key("VOID")                                  # a new throw may be voided
    assert [a for a, _ in tray.actions()] == ["void", "void"]


def test_skulls_announces_the_tie_break_round(manual_tray):
    tray = manual_tray
    tray.new_game("skulls", players=2)                # 6 rounds
    for _ in range(6):
        tray.key("3", "4", "BANK", "3", "4", "BANK")  # 7 each, every round
    tray.shows("P2 banks 7", "Tie-break round")
    tray.key("OK")
    tray.shows("R7/6", "Tie-break round", "Tie:PLAYER order")
    tray.key("5", "6", "BANK", "SKULL", "2")          # P1 11, P2 a skull
    tray.shows("Game over", "Winner", "P1", "53")


def test_sixdice_announces_the_final_phase(manual_tray):
    tray = manual_tray
    tray.new_game("sixdice", players=3)
    for _ in range(4):
        tray.key("1", "2", "3", "4", "5", "6", "OK")  # four straights: 1000
    tray.key("1", "2", "2", "3", "4", "6", "OK")      # and a 1: 1010, 5 dice left
    tray.key("BANK")
    tray.shows("P1 stops 1010", "Final phase")
    tray.key("OK")
    tray.shows("Final: 6 dice")

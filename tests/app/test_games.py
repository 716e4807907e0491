"""Whole games at the table: key presses and throws on the virtual board,
the screen checked at key points, the record replayed to the screen's scores."""


def finish_and_check(tray, winner_names, scores):
    tray.shows("Game over", *winner_names)
    result = tray.replay()
    assert result["over"] is True
    assert result["scores"] == scores
    assert tray.screen_scores() == scores
    return result


def test_pig_whole_game(tray):
    tray.new_game("pig", players=2, option=1)        # 3 circuits
    tray.shows("Pig", "C1/3", "P1", "Throw first")
    tray.key("4")
    tray.shows("Throw first")                          # no throw yet: refused
    assert tray.actions() == []
    tray.roll(4)
    tray.roll(2)
    tray.key("UNDO")                                   # mis-keyed: the 2 is retracted
    tray.key("5")                                      # the same dice, keyed again
    tray.shows("Roll 2 of 6")
    tray.key("BANK")                                   # P1 9
    tray.shows("P1 banks 9", ">P2")
    tray.roll(6)
    tray.roll(1)                                       # P2 loses the turn
    tray.shows("P2: 1", "Turn lost", "C2/3", "P1", "9")
    tray.roll(3)
    tray.key("BANK")                                   # P1 12
    for _ in range(6):
        tray.roll(2)                                   # sixth roll banks P2 12
    tray.shows("6 rolls: banked", "C3/3")
    tray.roll(5)
    tray.roll(6)
    tray.key("BANK")                                   # P1 23
    tray.roll(4)
    tray.key("BANK")                                   # P2 16
    assert tray.actions()[:5] == [("roll", [4]), ("roll", [2]), ("undo", None), ("roll", [5]), ("bank", None)]
    result = finish_and_check(tray, ["Winner", "P1", "23"], [23, 16])
    assert result["winners"] == [0]


def test_bank_whole_game(tray):
    tray.new_game("bank", players=2)                   # 10 rounds
    tray.shows("Bank", "R1/10", "First roll")
    for _ in range(8):
        tray.roll(3, 4)                                # 70 on rolls 1-3
        tray.roll(2, 3)
        tray.shows("Bank>")
        tray.key("BANK", "BANK")                       # both bank between two rolls
    tray.shows("R9/10")
    tray.roll(3, 4)
    tray.roll(2, 3)
    tray.roll(1, 1)                                    # 77
    tray.roll(6, 6)                                    # roll 4, doubles: 154
    tray.shows("#4", "Bank>P1")
    tray.key("PLAYER")
    tray.shows("Bank>P2")
    tray.key("PLAYER")                                 # round the table, back to P1
    tray.shows("Bank>P1")
    tray.key("BANK")                                   # P1 banks 154, P2 stays in
    tray.roll(3, 4)                                    # a 7 from roll 4 on
    tray.shows("P2: 7", "Round over", "R10/10")
    tray.roll(3, 4)
    tray.key("BANK", "BANK")
    result = finish_and_check(tray, ["Winner", "P1", "824"], [824, 670])
    assert ("bank", 0) in tray.actions()


def test_skulls_whole_game(tray):
    tray.new_game("skulls", players=2)                 # 6 rounds, skull + 2-6
    tray.shows("Skulls", "R1/6")
    plan = [
        [(3, 4)], [(5, 6), (0, 2)],                    # round 1: 7, 0 (one skull)
        [(3, 4)], [(6, 6)],                            # round 2: 14, 12
        [(0, 0)], [(2, 2)],                            # round 3: P1 two skulls: 0, 16
        [(3, 3)], [(5, 5), (4, 4)],                    # round 4, P2 first: 22, 18
        [(0, 5)], [(6, 5)],                            # round 5, P2 first: 22, 29
        [(2, 3)], [(6, 6), (6, 6)],                    # round 6, P1 first: 34, 46
    ]
    for turn, throws in enumerate(plan):
        for a, b in throws:
            tray.roll(a, b)
        if 0 not in throws[-1]:
            tray.key("BANK")
        if turn == 4:
            tray.shows("P1: 2 skulls", "Total 0", "P2")
        if turn == 5:
            tray.shows("R4/6", "P2", "16")             # the leader plays first
    result = finish_and_check(tray, ["Winner", "P2", "46"], [34, 46])
    assert result["winners"] == [1]


def test_sixdice_whole_game(tray):
    tray.new_game("sixdice", players=2)                # target 1000, eliminate
    tray.shows("Six dice", "P1")
    for i in range(4):
        tray.roll(1, 2, 3, 4, 5, 6)
        tray.shows("keep", "250")                      # the straight, best first
        tray.key("OK")
    tray.key("BANK")                                   # all six reserved: refused
    tray.shows("Roll all 6 first")
    tray.roll(5, 5, 5, 5, 5, 2)
    tray.key("DOWN")
    tray.shows("100")                                  # four 5s, second choice
    tray.key("UP", "OK")                               # five of a kind: 250
    tray.key("BANK")                                   # P1 1250: final phase
    tray.roll(2, 2, 3, 3, 4, 6)                        # no scoring die: P2 out
    result = finish_and_check(tray, ["Winner", "P1", "1250"], [1250, 0])
    assert result["winners"] == [0]
    assert tray.actions()[-3:] == [("keep", [5, 5, 5, 5, 5]), ("bank", None), ("roll", [2, 2, 3, 3, 4, 6])]

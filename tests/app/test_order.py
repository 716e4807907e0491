"""Skulls: the table settles the order of tied players at a round start
(PLAYER opens the order, PLAYER moves a tied player down, OK records it)."""


def play_round_one(tray):
    """3 players: P1 and P2 bank 7 each, P3 throws a skull: P1, P2 tied."""
    tray.roll(3, 4)
    tray.key("BANK")
    tray.roll(2, 5)
    tray.key("BANK")
    tray.roll(0, 6)


def order_rows(tray):
    """Names in the order list, top to bottom."""
    rows = []
    for line in tray.vb.screen_text()[1:]:
        words = line.lstrip(">").split()
        if len(words) == 3 and words[0].isdigit():
            rows.append(words[1])
    return rows


def test_tied_players_order_is_settled_by_keys_and_recorded(manual_tray):
    tray = manual_tray
    tray.new_game("skulls", players=3)
    tray.key("PLAYER")                               # round 1: the seating order only
    tray.shows("Seat order only")
    assert tray.actions() == []
    play_round_one(tray)
    tray.shows("R2/6", ">P1", "P3: skull")          # what the last turn did, until a key
    tray.key("OK")
    tray.shows("R2/6", ">P1", "Tie:PLAYER order")

    tray.key("PLAYER")
    tray.shows("Tie: order?", "PLAYER:down OK")
    assert order_rows(tray) == ["P1", "P2", "P3"]
    tray.key("PLAYER")                               # P1 goes below P2 (tied on 7)
    assert order_rows(tray) == ["P2", "P1", "P3"]
    tray.key("PLAYER")                               # P1 (7) past P3 (0): refused
    tray.shows("Only ties swap")
    assert order_rows(tray) == ["P2", "P1", "P3"]
    lines = len(tray.record_lines())
    tray.key("OK")
    tray.shows(">P2", "R2/6")
    assert tray.actions()[-1] == ("order", [1, 0, 2])
    assert len(tray.record_lines()) == lines + 1

    tray.key("PLAYER", "OK")                         # opened again, left as it is
    tray.shows("Order unchanged")
    assert len(tray.record_lines()) == lines + 1     # nothing written

    tray.roll(6, 6)                                  # P2 plays first now
    tray.key("BANK")
    tray.shows(">P1")
    tray.roll(2, 2)
    tray.key("BANK")
    tray.shows(">P3")
    tray.key("PLAYER")                               # the round has started
    tray.shows("No tie to order")
    result = tray.replay()
    assert result["scores"] == [11, 19, 0] == tray.screen_scores()


def test_order_list_left_with_undo_writes_nothing(manual_tray):
    tray = manual_tray
    tray.new_game("skulls", players=3)
    play_round_one(tray)
    lines = tray.record_lines()
    tray.key("PLAYER", "PLAYER", "5")                # a face key in the list: refused
    tray.shows("OK or UNDO")
    tray.key("UNDO")
    tray.shows("Order unchanged", ">P1")
    assert tray.record_lines() == lines
    tray.roll(3, 3)                                  # the computed order stands
    tray.key("BANK")
    tray.shows(">P2")

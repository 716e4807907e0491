"""The pig kit's own text: rules card, worked example, score sheet, turn
tables and host notes (the rest of the kit: printing/kit.py)."""
from dicetray_host.printing.kit import MAX_PLAYERS, common_card, turn_tables, ul
from dicetray_host.printing.page import table

# Rounds (pig: circuits) the printed sheet may have, the default first.
ROUNDS = (5, 3)
FIXED_ROUNDS = True  # only those: the game's options allow no others
# Words and layout of the filled score sheet (printing/sheet.py).
SHEET = {"bust": "rolled 1", "bust_result": "rolled 1: 0", "bank": "bank", "banked": "banked",
         "sheet": "rounds", "running": False, "faces": " ", "roll_adds": True,
         "caption": "Points banked in each circuit; the total is the score."}



def parts(circuits):
    card = '<div class="card"><h2>Rules card</h2>' + ul([
        "One ordinary die and a flat tray; 2 to 8 players in an agreed order, written on the sheet. "
        "Everyone starts at 0.",
        "The game has <b>%d circuits</b> (5, or 3 for a shorter game, agreed before the start). "
        "A circuit ends when every player has had one turn." % circuits,
        "Your turn starts with a turn total of 0. Roll at least once. A 2, 3, 4, 5 or 6 adds its "
        "face value to the turn total.",
        "After each roll that is not a 1, choose: <b>bank</b> (the turn total is added to your "
        "score and the turn ends) or <b>roll</b> again.",
        "A <b>1</b> ends the turn at once and the turn total becomes 0. Points banked in earlier "
        "turns stay.",
        "At most six valid rolls a turn: after the sixth roll that is not a 1 the turn banks by itself.",
        "After the last circuit the highest score wins. Equal scores stay tied.",
    ] + common_card()) + (
        '<p class="example"><b>Example.</b> Your score is 12. You roll 4, then 5: turn total 9. '
        'Bank now and your score is 21. Roll again and get a 1 instead: the turn total is 0 and '
        'your score stays 12.</p></div>')
    headers = ["Player"] + [str(c) for c in range(1, circuits + 1)] + ["Total"]
    sheet = ("<h2>Score sheet</h2><p class=\"caption\">Write the points banked in each circuit "
             "(0 after a 1), then the total.</p>"
             + table(headers, [[""] * len(headers) for _ in range(MAX_PLAYERS)], "blank",
                     ["32%"] + [""] * (circuits + 1)))
    tables = turn_tables(
        "Turn tables", "One table per turn: the face of each roll and the turn total after it. "
        "A 1 ends the turn with 0; the sixth valid roll banks by itself.",
        ["Roll", "Face", "Turn total", "Bank / roll"], 6, 6, first_numbered=True)
    notes = ul([
        "Read the rules card aloud, agree the order of play and write it on the score sheet.",
        "Write the turn result only when the turn ends, then pass the die.",
        "A 3-circuit game uses columns 1 to 3 of the score sheet.",
    ])
    return card, sheet, tables, notes

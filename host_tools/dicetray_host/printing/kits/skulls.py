"""The skulls kit's own text: rules card, worked example, score sheet, turn
tables and host notes (the rest of the kit: printing/kit.py)."""
from dicetray_host.printing.kit import MAX_PLAYERS, common_card, turn_tables, ul
from dicetray_host.printing.page import table

# Rounds (pig: circuits) the printed sheet may have, the default first.
ROUNDS = (6,)
FIXED_ROUNDS = False  # only those: the game's options allow no others
TITLE = "Skulls (Death Dice)"  # the published name, for paper
# Words and layout of the filled score sheet (printing/sheet.py).
SHEET = {"bust": "skull", "bust_result": "skull: 0", "bank": "pass", "banked": "passed",
         "sheet": "rounds", "running": True, "faces": "+", "roll_adds": True,
         "caption": "Each round: the round score passed and the total after it."}



def parts(rounds):
    card = '<div class="card"><h2>Rules card</h2>' + ul([
        "Two dice, each with a skull on one face and numbers on the other five (2\u20136, or "
        "1\u20135 with the other set of dice). 2 to 8 players; %d rounds; every player has one "
        "turn each round. Everyone starts at 0." % rounds,
        "Your turn starts with a round score of 0. Roll at least once. <b>No skull</b>: the sum "
        "of both dice is added to the round score; then roll again or <b>pass</b>. Passing adds "
        "the round score to your total, where one skull can no longer reach it.",
        "<b>One skull</b>: the round score becomes 0 and the turn ends.",
        "<b>Two skulls</b>: the round score and your total both become 0; the turn ends.",
        "Round 1 is played in seating order. Each later round: highest total first, lowest "
        "last. Tied players keep last round's order unless the table settles it with a roll-off.",
        "After round %d the single highest total wins. If two or more share the highest total, "
        "everyone plays another round, until one player holds the highest total." % rounds,
    ] + common_card()) + '</div>'
    headers = ["Player"] + [str(r) for r in range(1, rounds + 1)] + ["Extra", "Extra"]
    sheet = ("<h2>Score sheet</h2><p class=\"caption\">Per round write the round score passed "
             "(0 after a skull) and the total under it; after two skulls write the total as 0. "
             "Draw a line under each finished round. Extra columns: rounds played after a tie.</p>"
             + table(headers, [[""] * len(headers) for _ in range(MAX_PLAYERS)], "blank tall",
                     ["24%"] + [""] * (rounds + 2)))
    tables = turn_tables(
        "Turn tables", "One table per turn: both dice (S for a skull) and the round score after "
        "the throw. One skull: round score 0. Two skulls: the total is 0 too.",
        ["Throw", "Die 1", "Die 2", "Round score"], 7, 6, first_numbered=True)
    notes = ul([
        "Before round 2 and each later round, write the order of play by total (highest first).",
        "When players are tied on total, a roll-off decides their order if the table wants; "
        "write the order down.",
    ])
    return card, sheet, tables, notes

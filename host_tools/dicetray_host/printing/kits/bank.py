"""The bank kit's own text: rules card, worked example, score sheet, turn
tables and host notes (the rest of the kit: printing/kit.py)."""
from dicetray_host.printing.kit import MAX_PLAYERS, common_card, turn_tables, ul
from dicetray_host.printing.page import table

# Rounds (pig: circuits) the printed sheet may have, the default first.
ROUNDS = (10, 15, 20)
FIXED_ROUNDS = True  # only those: the game's options allow no others
# Words and layout of the filled score sheet (printing/sheet.py).
SHEET = {"bust": "", "bust_result": "", "bank": "bank", "banked": "banked",
         "sheet": "shared", "running": False, "faces": "+", "roll_adds": True, "caption": ""}



def parts(rounds):
    card = '<div class="card"><h2>Rules card</h2>' + ul([
        "Two dice; 2 to 8 players in an agreed order; %d rounds (10, 15 or 20, agreed before "
        "the start). Everyone starts at 0." % rounds,
        "Each round starts with a <b>bank total</b> of 0 and every player in. Throws pass "
        "clockwise and skip players who have banked this round. The first player makes the "
        "first throw of the game; each later round starts with the player after the one who "
        "made the last throw.",
        "<b>Throws 1 to 3</b> of a round: the sum of the dice is added to the bank total; a 7 "
        "adds 70; doubles add their sum.",
        "<b>Throw 4 onwards</b>: a 7 ends the round and every player still in scores 0 for it; "
        "doubles double the bank total; any other sum is added.",
        "After the round's first throw, any player still in may say <b>bank</b> at any moment: "
        "the bank total is added to their score and they are out until the round ends.",
        "The round ends on a 7 (from throw 4) or when every player has banked.",
        "After the last round the highest score wins. Equal scores stay tied.",
    ] + common_card()) + '</div>'
    players = ["P%d" % i for i in range(1, MAX_PLAYERS + 1)]
    headers = ["Round", "Bank total"] + ['<span class="small">%s</span>' % p for p in players]
    body = [[(str(r), "n")] + [""] * (len(headers) - 1) for r in range(1, rounds + 1)]
    body.append([("Total", "n")] + [""] * (len(headers) - 1))
    sheet = ("<h2>Round sheet</h2><p class=\"caption\">Write the names over P1..P8. Per round: "
             "the bank total when the round ended, and each player's banked points (0 if a 7 "
             "caught them still in).</p>"
             + table(headers, body, "blank", ["17mm", "21mm"] + [""] * MAX_PLAYERS))
    tables = turn_tables(
        "Bank total tables", "One table per round, kept by the banker: each throw's sum and the "
        "bank total after it. Throws 1\u20133: a 7 adds 70. From throw 4: doubles double, a 7 ends "
        "the round.", ["Throw", "Dice sum", "Bank total", "Banked by"], 12, 4, first_numbered=True)
    notes = ul([
        "Choose a banker who keeps the bank total table; everyone can see it.",
        "Mark who banked and at which bank total, so the round sheet can be filled at the end "
        "of the round.",
        "%d rounds fit on the round sheet; use --rounds 15 or 20 for a longer game." % rounds
        if rounds == 10 else "The round sheet has %d rows." % rounds,
    ])
    return card, sheet, tables, notes

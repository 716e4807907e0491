"""The sixdice kit's own text: rules card, worked example, score sheet, turn
tables and host notes (the rest of the kit: printing/kit.py)."""
from dicetray_host.printing.kit import MAX_PLAYERS, common_card, turn_tables, ul
from dicetray_host.printing.page import table

# Rounds (pig: circuits) the printed sheet may have, the default first.
ROUNDS = (12,)
FIXED_ROUNDS = False  # only those: the game's options allow no others
# Words and layout of the filled score sheet (printing/sheet.py).
SHEET = {"bust": "no score", "bust_result": "no scoring die: 0", "bank": "stop",
         "banked": "stopped", "sheet": "running", "running": True, "faces": " ", "roll_adds": False,
         "caption": "Each turn: points scored and the running total after it."}



def parts(circuits):
    scoring = table(["Combination (dice just rolled)", "Points"], [
        ["Each single 1", ("10", "num")], ["Each single 5", ("5", "num")],
        ["Three of a kind", ("10 \u00d7 face (three 1s = 10)", "num")],
        ["Four of a kind", ("100", "num")], ["Five of a kind", ("250", "num")],
        ["Three pairs (six dice; four of a kind counts as two pairs)", ("150", "num")],
        ["Straight 1-2-3-4-5-6", ("250", "num")],
        ["Six of a kind in one roll", ("the game ends: the roller wins", "num")],
    ], "", ["68%", "32%"])
    card = '<div class="card"><h2>Rules card</h2>' + ul([
        "Six ordinary dice; 2 to 8 players in an agreed order; first to 1000 points starts the "
        "final phase.",
        "Roll, then <b>reserve</b> some of the dice just rolled that score (every reserved die "
        "must belong to a combination below). Then roll the dice not reserved, or <b>stop</b>. "
        "When all six are reserved, the next roll uses all six again.",
        "A roll with no scoring die ends the turn and its round points are lost.",
        "You may stop when: at least one die is not reserved, the last roll scored, and (before "
        "your first points of the game) the round points are at least 75. Stopping adds the "
        "round points to your score.",
        "All ones: six 1s reserved over 2 to 6 rolls of one turn add 100 on top "
        "(4 ones then 2 ones = 100 + 20 + 100).",
        "Instead of starting from 0 with six dice, a player who has already scored may "
        "<b>continue</b> when the previous player stopped: take over their round points and "
        "remaining dice, roll them, and score the whole round total on stopping.",
        "Final phase: once a total reaches 1000, after each turn the player who just played is "
        "out if their total is below the highest total of the players still in. The last "
        "player left wins. (Shorter game: everyone else gets one more turn; highest total wins, "
        "ties stay tied.)",
    ] + common_card()) + '</div>'
    sheet_page = "<h2>Scoring</h2>%s" % scoring
    players = ["P%d" % i for i in range(1, MAX_PLAYERS + 1)]
    headers = ["Circuit"] + ['<span class="small">%s</span>' % p for p in players]
    body = [[(str(c), "n")] + [""] * MAX_PLAYERS for c in range(1, circuits + 1)]
    running = ("<h1>Running-total sheet</h1><p class=\"sub\">Write the names over P1..P8. Each "
               "turn: the points scored (0 when lost) and the new running total under it. "
               "Continue on a second sheet if needed.</p>"
               + table(headers, body, "blank tall", ["16mm"] + [""] * MAX_PLAYERS))
    tables = turn_tables(
        "Turn tables", "One table per turn: dice rolled, dice reserved, their points and the "
        "round points after them.", ["Roll", "Rolled", "Reserved", "Round pts"], 7, 2,
        first_numbered=True)
    notes = ul([
        "Keep reserved dice apart from the dice still to roll, so everyone sees which are which.",
        "Note on the running-total sheet when a player has scored for the first time: from "
        "then on they need no 75 to stop and may continue a stopped turn.",
    ])
    return card, sheet_page, running + tables, notes

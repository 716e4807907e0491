"""The skulls kit's own text: rules card, worked example and notes (the rest
of the kit: printing/kit.py; its grids: printing/grids.py)."""
from dicetray_host.printing.kit import card, example, notes
from dicetray_host.printing.page import plural

# Rounds the printed sheet may have, the default first.
ROUNDS = (6,)
FIXED_ROUNDS = False
EXTRA_ROUNDS = 2     # score-sheet columns for rounds played after a tie
TITLE = "Skulls (Death Dice)"  # the published name, for paper
# Words and layout of the score sheet and the filled sheet (printing/grids.py, sheet.py).
SHEET = {"bust": "skull", "bust_result": "skull: 0", "bank": "pass", "banked": "passed",
         "sheet": "rounds", "running": True, "faces": "+", "roll_adds": True,
         "caption": "Each round: the round score passed and the total after it.",
         "total": "round score",
         "marks": (("\u2620", "a skull face (write S)"), ("skull", "one skull: round score 0"),
                   ("two skulls", "round score and total 0"))}


def rules(words, players, rounds, width):
    worked = example(
        "<b>Example.</b> Your total is 14. You throw 3+5: round score 8; then 6+4: 18. Pass now "
        "and your total is 32. Throw again instead: \u2620+2 makes the round score 0 and your "
        "total stays 14; \u2620+\u2620 makes your total 0. On the turn log: "
        "<i>3+5 \u2192 8, 6+4 \u2192 18, pass</i>; result <i>passed 18</i>, score 32.", width)
    items = [
        "Two dice, each with a skull (\u2620) on one face and numbers on the other five "
        "(2\u20136, or 1\u20135 with the other set of dice). %s; <b>%s</b>; every player "
        "has one turn each round. Everyone starts at 0." % (
            plural(players, "player", "players"), plural(rounds, "round", "rounds")),
        "Your turn starts with a round score of 0. Roll at least once. <b>No skull</b>: the sum "
        "of both dice is added to the round score; then roll again or <b>pass</b>. Passing adds "
        "the round score to your total, where one skull can no longer reach it.",
        "<b>One skull</b>: the round score becomes 0 and the turn ends.",
        "<b>Two skulls</b>: the round score and your total both become 0; the turn ends.",
        "Round 1 is played in seating order. Each later round: highest total first, lowest "
        "last. Tied players keep last round's order unless the table settles it with a roll-off.",
        "After round %d the single highest total wins. If two or more share the highest total, "
        "everyone plays another round (the +1, +2 columns), until one player holds the highest "
        "total." % rounds,
        "Points only: no money, prizes, penalties or wagers are attached to them.",
    ]
    return [card("Rules card", items, width, worked), notes([
        "Before each round from round 2, write the order of play by total (highest first) on "
        "the turn log; a roll-off between tied players is written down too.",
    ], width)]

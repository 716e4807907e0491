"""The bank kit's own text: rules card, worked example and notes (the rest of
the kit: printing/kit.py; its grids: printing/grids.py)."""
from dicetray_host.printing.kit import card, example, notes
from dicetray_host.printing.page import plural

# Rounds the printed sheet may have, the default first: the game's options.
ROUNDS = (10, 15, 20)
FIXED_ROUNDS = True

# Words and layout of the score sheet and the filled sheet (printing/grids.py, sheet.py).
SHEET = {"bust": "", "bust_result": "", "bank": "bank", "banked": "banked",
         "sheet": "shared", "running": False, "faces": "+", "roll_adds": True,
         "caption": "Points each player banked in each round (0 if still in when a 7 ended it).",
         "total": "bank total", "marks": (("7", "still in when a 7 ended the round: 0"),)}


def rules(words, players, rounds, width):
    worked = example(
        "<b>Example.</b> Throws 1\u20133: 3+4 is a 7 and adds 70 (bank total 70); 2+3 adds 5 (75); "
        "6+6 adds 12 (87). Ann banks 87 and is out for the round. Throw 4: 1+2 adds 3 (90). "
        "Throw 5: 3+4 is a 7 and ends the round: Bob and Cy, still in, score 0 for it. "
        "On the round log: <i>7 \u2192 70, 5 \u2192 75, 12 \u2192 87, Ann 87, 3 \u2192 90, 7</i>.",
        width)
    items = [
        "Two dice; %s in an agreed order; <b>%s</b> (10, 15 or 20, agreed before the start). "
        "Everyone starts at 0." % (plural(players, "player", "players"),
                                   plural(rounds, "round", "rounds")),
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
        "Points only: no money, prizes, penalties or wagers are attached to them.",
    ]
    return [card("Rules card", items, width, worked), notes([
        "Choose a banker who keeps the round log where everyone can see it, marking who banked "
        "at which bank total; fill the round sheet when the round ends.",
    ], width)]

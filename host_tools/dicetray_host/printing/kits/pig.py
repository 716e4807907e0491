"""The pig kit's own text: rules card, worked example and notes (the rest of
the kit: printing/kit.py; its grids: printing/grids.py)."""
from dicetray_host.printing.kit import card, example, notes
from dicetray_host.printing.page import plural

# Circuits the printed sheet may have, the default first: the game's options.
ROUNDS = (5, 3)
FIXED_ROUNDS = True
FIXED_ORDER = True   # the same order every circuit: the turn log names the player

# Words and layout of the score sheet and the filled sheet (printing/grids.py, sheet.py).
SHEET = {"bust": "rolled 1", "bust_result": "rolled 1: 0", "bank": "bank", "banked": "banked",
         "sheet": "rounds", "running": False, "faces": " ", "roll_adds": True,
         "caption": "Points banked in each circuit; the total is the score.",
         "total": "turn total",
         "marks": (("rolled 1", "a 1 ended the turn: 0 banked"),
                   ("6 rolls", "the sixth valid roll banked the turn"))}


def rules(words, players, circuits, width):
    worked = example(
        "<b>Example.</b> Your score is 12. You roll 4, then 5: turn total 9. Bank now and your "
        "score is 21. Roll again and get a 1 instead: the turn total is 0 and your score stays 12. "
        "On the turn log: <i>4 \u2192 4, 5 \u2192 9, bank</i>; result <i>banked 9</i>, score 21.",
        width)
    items = [
        "One ordinary die and a flat tray; %s in an agreed order, written on the sheet. "
        "Everyone starts at 0." % plural(players, "player", "players"),
        "The game has <b>%s</b> (5, or 3 for a shorter game, agreed before the start). "
        "A circuit ends when every player has had one turn." % plural(circuits, "circuit", "circuits"),
        "Your turn starts with a turn total of 0. Roll at least once. A 2, 3, 4, 5 or 6 adds its "
        "face value to the turn total.",
        "After each roll that is not a 1, choose: <b>bank</b> (the turn total is added to your "
        "score and the turn ends) or <b>roll</b> again.",
        "A <b>1</b> ends the turn at once and the turn total becomes 0. Points banked in earlier "
        "turns stay.",
        "At most six valid rolls a turn: after the sixth roll that is not a 1 the turn banks by itself.",
        "After the last circuit the highest score wins. Equal scores stay tied.",
        "Points only: no money, prizes, penalties or wagers are attached to them.",
    ]
    return [card("Rules card", items, width, worked), notes([
        "Write a turn's result when it ends, then pass the die.",
    ], width)]

"""The sixdice kit's own text: rules card with the scoring table, worked
example and notes (the rest of the kit: printing/kit.py; its grids:
printing/grids.py)."""
from dicetray.games.sixdice import reservations  # the tray's own list of a throw's keeps
from dicetray_host.printing.grids import Grid, blank_rows
from dicetray_host.printing.kit import Text, card, example, lines_mm, notes
from dicetray_host.printing.page import esc, plural, table

# Circuits the printed sheet may have, the default first (the game has no fixed count).
ROUNDS = (12,)
FIXED_ROUNDS = False

ONES_THROW = (1, 1, 1, 3, 4, 6)   # the throw the 1s example shows, as the tray lists it

# Words and layout of the score sheet and the filled sheet (printing/grids.py, sheet.py).
SHEET = {"bust": "no score", "bust_result": "no scoring die: 0", "bank": "stop",
         "banked": "stopped", "sheet": "running", "running": True, "faces": " ", "roll_adds": False,
         "caption": "Each turn: points scored and the running total after it.",
         "total": "round points",
         "marks": (("no score", "a throw with no scoring die: round points lost"),
                   ("continued", "took over the previous turn's points and dice"),
                   ("out", "eliminated in the final phase"))}


def tray_list(dice):
    """The tray's keep list for a throw: 'faces = points', best first."""
    return ["%s = %d" % (" ".join(map(str, faces)), points)
            for faces, points in reservations(list(dice))]


def scoring(width):
    keeps = tray_list(ONES_THROW)
    rows = [
        ["Each single 1", ("10", "num")], ["Each single 5", ("5", "num")],
        ["Three of a kind (three 1s as a kind: 10; as singles: 30)", ("10 \u00d7 face", "num")],
        ["Four of a kind", ("100", "num")], ["Five of a kind", ("250", "num")],
        ["Three pairs (six dice; four of a kind counts as two pairs)", ("150", "num")],
        ["Straight 1-2-3-4-5-6", ("250", "num")],
        ["Six of a kind in one throw", ("the game ends: the thrower wins", "num")],
    ]
    ones = ('<p class="example"><b>The 1s.</b> A reservation scores its best split, each die '
            "used once, so 1s score best as singles: three 1s are 30 (three singles), not 10 "
            "(a three of a kind). Thrown %s, the tray lists: <b>%s</b>.</p>"
            % (" ".join(map(str, ONES_THROW)), esc("; ".join(keeps))))
    html = ("<div><h2>Scoring the dice just thrown</h2>"
            + table(["Combination", "Points"], rows, "", ["62%", "38%"]) + ones + "</div>")
    # heading, eight one-line rows and a header, the paragraph
    return Text(html, 9 + 8 * 6.2 + 14 + lines_mm(ones, width - 4) + 3)


def rules(words, players, circuits, width):
    worked = example(
        "<b>Example.</b> You throw 1 5 5 2 3 6 and reserve 1 5 (15 round points). You throw "
        "the other four: 4 4 4 2; reserve 4 4 4 (40): 55. Throw the last one: a 2 scores "
        "nothing, so the 55 are lost. Had you stopped at 55 (having scored before), your "
        "total would have grown by 55.", width)
    items = [
        "Six ordinary dice; %s in an agreed order; first to 1000 points starts the "
        "final phase. A <b>circuit</b> ends when every player still in has had a turn."
        % plural(players, "player", "players"),
        "Throw, then <b>reserve</b> some of the dice just thrown that score (every reserved die "
        "must belong to a combination in the table). Then throw the dice not reserved, or "
        "<b>stop</b>. When all six are reserved, the next throw uses all six again.",
        "A throw with no scoring die ends the turn and its round points are lost.",
        "You may stop when: at least one die is not reserved, the last throw scored, and (before "
        "your first points of the game) the round points are at least 75. Stopping adds the "
        "round points to your score.",
        "All ones: six 1s reserved over 2 to 6 throws of one turn add 100 on top "
        "(4 ones then 2 ones = 100 + 20 + 100).",
        "Instead of starting from 0 with six dice, a player who has already scored may "
        "<b>continue</b> when the previous player stopped: take over their round points and "
        "remaining dice, throw them, and score the whole round total on stopping.",
        "Final phase: once a total reaches 1000, after each turn the player who just played is "
        "out if their total is below the highest total of the players still in. The last "
        "player left wins. (Shorter game: everyone else gets one more turn; highest total wins, "
        "ties stay tied.)",
        "Points only: no money, prizes, penalties or wagers are attached to them.",
    ]
    return [card("Rules card", items, width, worked), scoring(width), notes([
        "Keep reserved dice apart from the dice still to throw. Mark a player's first points: "
        "from then on they need no 75 to stop and may continue a stopped turn. The sheet has "
        "%s; go on over a second sheet if the game runs longer." % plural(
            circuits, "circuit", "circuits"),
    ], width)]


def pad(words):
    """A scratch grid for the turn being played, filling the kit's last page."""
    return Grid("Turn pad", "Scratch for the turn being played: each throw, the dice reserved "
                "and the %s after them." % words["total"],
                ["Throw", "Dice thrown", "Reserved", words["total"].capitalize()],
                ["17mm", "", "", "30mm"], blank_rows(40, 4), 7.5)

"""`dicetray kit --game G --out FILE.html [--paper a4|letter] [--rounds N]`:
the printable tabletop kit of one game, for playing with paper and pencil.

Three pages: the rules card with the score sheet, the per-turn tables, and
the host notes on their own page. Points only; the words state facts."""
from dicetray_host.printing.page import PRINT_NOTE, document, esc, table, write

GAMES = ("pig", "bank", "skulls", "sixdice")
TITLES = {"pig": "Pig", "bank": "Bank", "skulls": "Skulls (Death Dice)", "sixdice": "Six dice"}
# Rounds (pig: circuits) a game may be played over, default first.
ROUNDS = {"pig": (5, 3), "bank": (10, 15, 20), "skulls": (6,), "sixdice": (12,)}
MAX_PLAYERS = 8


def check_rounds(game, rounds):
    if rounds is None:
        return ROUNDS[game][0]
    if game in ("pig", "bank") and rounds not in ROUNDS[game]:
        raise ValueError("--rounds for %s must be %s" % (game, " or ".join(map(str, ROUNDS[game]))))
    if not 1 <= rounds <= 20:
        raise ValueError("--rounds must be 1 to 20 on a printed sheet")
    return rounds


def kit_html(game, paper="a4", rounds=None):
    rounds = rounds or ROUNDS[game][0]
    card, sheet, turn_tables, notes = _PARTS[game](rounds)
    pages = [
        "<h1>%s \u2014 tabletop kit</h1>\n%s\n%s" % (esc(TITLES[game]), card, sheet),
        turn_tables,
        "<h1>Host notes</h1>\n%s\n%s" % (notes, _common_notes()),
    ]
    return document("%s kit" % TITLES[game], pages, paper)


def _ul(items):
    return "<ul>%s</ul>" % "".join("<li>%s</li>" % item for item in items)


def _common_card():
    return ["A die that lands off the tray or leaning is a <b>void</b>: throw it again; no total changes.",
            "Points only: no money, prizes, penalties or wagers are attached to them."]


def _common_notes():
    return _ul([
        "Announce the void rule before the first throw: a die off the tray or leaning is thrown "
        "again and no total changes. Nobody chooses to keep an awkward result after seeing it.",
        "A player may ask the host to throw for them and still makes every decision themselves.",
        "Describe what happened in numbers (\u201cbanked 9\u201d, \u201cturn total lost\u201d). "
        "Choices are part of the game; no word about anyone's character.",
        "After the game, ask what information a player used for a decision, and leave out any "
        "comment on how they felt or played.",
        "This is a manual tabletop kit: paper keeps the score, nobody plays against a computer, "
        "and no machine judges. The dicetray scorer keeps the same score when it is used.",
        "Printing: %s Preview first; the tables are sized for this paper." % esc(PRINT_NOTE),
    ])


# -- Pig ----------------------------------------------------------------------
def _pig(circuits):
    card = '<div class="card"><h2>Rules card</h2>' + _ul([
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
    ] + _common_card()) + (
        '<p class="example"><b>Example.</b> Your score is 12. You roll 4, then 5: turn total 9. '
        'Bank now and your score is 21. Roll again and get a 1 instead: the turn total is 0 and '
        'your score stays 12.</p></div>')
    headers = ["Player"] + [str(c) for c in range(1, circuits + 1)] + ["Total"]
    sheet = ("<h2>Score sheet</h2><p class=\"caption\">Write the points banked in each circuit "
             "(0 after a 1), then the total.</p>"
             + table(headers, [[""] * len(headers) for _ in range(MAX_PLAYERS)], "blank",
                     ["32%"] + [""] * (circuits + 1)))
    turn_tables = _turn_tables(
        "Turn tables", "One table per turn: the face of each roll and the turn total after it. "
        "A 1 ends the turn with 0; the sixth valid roll banks by itself.",
        ["Roll", "Face", "Turn total", "Bank / roll"], 6, 6, first_numbered=True)
    notes = _ul([
        "Read the rules card aloud, agree the order of play and write it on the score sheet.",
        "Write the turn result only when the turn ends, then pass the die.",
        "A 3-circuit game uses columns 1 to 3 of the score sheet.",
    ])
    return card, sheet, turn_tables, notes


def _turn_tables(title, caption, headers, rows, copies, first_numbered):
    cells = []
    for _ in range(copies):
        body = [[(str(i), "n")] + [""] * (len(headers) - 1) for i in range(1, rows + 1)]
        cells.append('<div class="cell"><p class="caption">Player ________ Round ____</p>%s</div>'
                     % table(headers, body, "blank", ["15mm"] + [""] * (len(headers) - 1)))
    return "<h1>%s</h1><p class=\"sub\">%s</p><div class=\"grid\">%s</div>" % (
        esc(title), caption, "".join(cells))


# -- Bank ---------------------------------------------------------------------
def _bank(rounds):
    card = '<div class="card"><h2>Rules card</h2>' + _ul([
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
    ] + _common_card()) + '</div>'
    players = ["P%d" % i for i in range(1, MAX_PLAYERS + 1)]
    headers = ["Round", "Bank total"] + ['<span class="small">%s</span>' % p for p in players]
    body = [[(str(r), "n")] + [""] * (len(headers) - 1) for r in range(1, rounds + 1)]
    body.append([("Total", "n")] + [""] * (len(headers) - 1))
    sheet = ("<h2>Round sheet</h2><p class=\"caption\">Write the names over P1..P8. Per round: "
             "the bank total when the round ended, and each player's banked points (0 if a 7 "
             "caught them still in).</p>"
             + table(headers, body, "blank", ["17mm", "21mm"] + [""] * MAX_PLAYERS))
    turn_tables = _turn_tables(
        "Bank total tables", "One table per round, kept by the banker: each throw's sum and the "
        "bank total after it. Throws 1\u20133: a 7 adds 70. From throw 4: doubles double, a 7 ends "
        "the round.", ["Throw", "Dice sum", "Bank total", "Banked by"], 12, 4, first_numbered=True)
    notes = _ul([
        "Choose a banker who keeps the bank total table; everyone can see it.",
        "Mark who banked and at which bank total, so the round sheet can be filled at the end "
        "of the round.",
        "%d rounds fit on the round sheet; use --rounds 15 or 20 for a longer game." % rounds
        if rounds == 10 else "The round sheet has %d rows." % rounds,
    ])
    return card, sheet, turn_tables, notes


# -- Skulls -------------------------------------------------------------------
def _skulls(rounds):
    card = '<div class="card"><h2>Rules card</h2>' + _ul([
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
    ] + _common_card()) + '</div>'
    headers = ["Player"] + [str(r) for r in range(1, rounds + 1)] + ["Extra", "Extra"]
    sheet = ("<h2>Score sheet</h2><p class=\"caption\">Per round write the round score passed "
             "(0 after a skull) and the total under it; after two skulls write the total as 0. "
             "Draw a line under each finished round. Extra columns: rounds played after a tie.</p>"
             + table(headers, [[""] * len(headers) for _ in range(MAX_PLAYERS)], "blank tall",
                     ["24%"] + [""] * (rounds + 2)))
    turn_tables = _turn_tables(
        "Turn tables", "One table per turn: both dice (S for a skull) and the round score after "
        "the throw. One skull: round score 0. Two skulls: the total is 0 too.",
        ["Throw", "Die 1", "Die 2", "Round score"], 7, 6, first_numbered=True)
    notes = _ul([
        "Before round 2 and each later round, write the order of play by total (highest first).",
        "When players are tied on total, a roll-off decides their order if the table wants; "
        "write the order down.",
    ])
    return card, sheet, turn_tables, notes


# -- Six dice -----------------------------------------------------------------
def _sixdice(circuits):
    scoring = table(["Combination (dice just rolled)", "Points"], [
        ["Each single 1", ("10", "num")], ["Each single 5", ("5", "num")],
        ["Three of a kind", ("10 \u00d7 face (three 1s = 10)", "num")],
        ["Four of a kind", ("100", "num")], ["Five of a kind", ("250", "num")],
        ["Three pairs (six dice; four of a kind counts as two pairs)", ("150", "num")],
        ["Straight 1-2-3-4-5-6", ("250", "num")],
        ["Six of a kind in one roll", ("the game ends: the roller wins", "num")],
    ], "", ["68%", "32%"])
    card = '<div class="card"><h2>Rules card</h2>' + _ul([
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
    ] + _common_card()) + '</div>'
    sheet_page = "<h2>Scoring</h2>%s" % scoring
    players = ["P%d" % i for i in range(1, MAX_PLAYERS + 1)]
    headers = ["Circuit"] + ['<span class="small">%s</span>' % p for p in players]
    body = [[(str(c), "n")] + [""] * MAX_PLAYERS for c in range(1, circuits + 1)]
    running = ("<h1>Running-total sheet</h1><p class=\"sub\">Write the names over P1..P8. Each "
               "turn: the points scored (0 when lost) and the new running total under it. "
               "Continue on a second sheet if needed.</p>"
               + table(headers, body, "blank tall", ["16mm"] + [""] * MAX_PLAYERS))
    turn_tables = _turn_tables(
        "Turn tables", "One table per turn: dice rolled, dice reserved, their points and the "
        "round points after them.", ["Roll", "Rolled", "Reserved", "Round pts"], 7, 2,
        first_numbered=True)
    notes = _ul([
        "Keep reserved dice apart from the dice still to roll, so everyone sees which are which.",
        "Note on the running-total sheet when a player has scored for the first time: from "
        "then on they need no 75 to stop and may continue a stopped turn.",
    ])
    return card, sheet_page, running + turn_tables, notes


_PARTS = {"pig": _pig, "bank": _bank, "skulls": _skulls, "sixdice": _sixdice}

"""`dicetray kit --game G --out FILE.html [--paper a4|letter] [--rounds N]`:
the printable tabletop kit of one game, for playing with paper and pencil.

Three pages: the rules card with the score sheet, the per-turn tables, and
the host notes on their own page. Points only; the words state facts."""
from dicetray_host.printing.page import PRINT_NOTE, document, esc, table

import importlib

from dicetray import games

GAMES = games.NAMES
MAX_PLAYERS = 8


def kit_text(game):
    """The game's kit text module (printing/kits/GAME.py)."""
    return importlib.import_module("dicetray_host.printing.kits." + game)


def title(game):
    """The game's name on paper: the kit's own if it has one, else the tray's."""
    return getattr(kit_text(game), "TITLE", None) or games.module(game).TITLE


def check_rounds(game, rounds):
    allowed = kit_text(game).ROUNDS
    if rounds is None:
        return allowed[0]
    if kit_text(game).FIXED_ROUNDS and rounds not in allowed:
        raise ValueError("--rounds for %s must be %s" % (game, " or ".join(map(str, allowed))))
    if not 1 <= rounds <= 20:
        raise ValueError("--rounds must be 1 to 20 on a printed sheet")
    return rounds


def kit_html(game, paper="a4", rounds=None):
    rounds = rounds or kit_text(game).ROUNDS[0]
    card, sheet, tables, notes = kit_text(game).parts(rounds)
    pages = [
        "<h1>%s \u2014 tabletop kit</h1>\n%s\n%s" % (esc(title(game)), card, sheet),
        tables,
        "<h1>Host notes</h1>\n%s\n%s" % (notes, _common_notes()),
    ]
    return document("%s kit" % title(game), pages, paper)


def ul(items):
    return "<ul>%s</ul>" % "".join("<li>%s</li>" % item for item in items)


def common_card():
    return ["A die that lands off the tray or leaning is a <b>void</b>: throw it again; no total changes.",
            "Points only: no money, prizes, penalties or wagers are attached to them."]


def _common_notes():
    return ul([
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


def turn_tables(title, caption, headers, rows, copies, first_numbered):
    cells = []
    for _ in range(copies):
        body = [[(str(i), "n")] + [""] * (len(headers) - 1) for i in range(1, rows + 1)]
        cells.append('<div class="cell"><p class="caption">Player ________ Round ____</p>%s</div>'
                     % table(headers, body, "blank", ["15mm"] + [""] * (len(headers) - 1)))
    return "<h1>%s</h1><p class=\"sub\">%s</p><div class=\"grid\">%s</div>" % (
        esc(title), caption, "".join(cells))

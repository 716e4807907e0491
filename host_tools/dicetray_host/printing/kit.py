"""`dicetray kit --game G --out FILE.html [--paper a4|letter] [--players N]
[--circuits N | --rounds N]`: the printable tabletop kit of one game, for
playing with paper and pencil.

The kit is the rules card (with a worked example and the key to the marks),
then the game's score grid sized for the players and circuits or rounds, and
its turn log (a row per turn to come). It is laid out here, in millimetres,
on the fewest pages that hold it: blocks go on in order, a grid too long for
the page goes on over the next one, and on each page the grids' rows grow to
fill the sheet (never past grids.GROW_MAX times their least height).
Points only; the words state facts, and the game's words come from its own
module (dicetray.games.NAME: TITLE, ROUND_WORD) and its kit text
(printing/kits/NAME.py: SHEET, the words on paper only)."""
import importlib

from dicetray import games
from dicetray_host.printing import grids
from dicetray_host.printing.grids import GROW_MAX
from dicetray_host.printing.measure import line_count
from dicetray_host.printing.page import FIXED_SLACK_MM, document, esc, printable_mm

GAMES = games.NAMES
MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEFAULT_PLAYERS = 4
TIGHT = 0.85         # least row heights may shrink to this when it saves a page
FULL_ENOUGH = 0.65   # a page this full may pass a score grid whole to the next
MIN_SPLIT_ROWS = 4   # never fewer rows than this of a grid at a page's foot or head

_PT_MM = 25.4 / 72
VOID = ("void", "a die off the tray or leaning: thrown again, no total changes")


def kit_text(game):
    """The game's kit text module (printing/kits/GAME.py)."""
    return importlib.import_module("dicetray_host.printing.kits." + game)


def game_words(game):
    """The game's words and grid sizes on paper (see grids.words)."""
    return grids.words(games.module(game), kit_text(game).SHEET)


def title(game):
    """The game's name on paper: the kit's own if it has one, else the tray's."""
    return getattr(kit_text(game), "TITLE", None) or games.module(game).TITLE


def round_option(game):
    """'circuits' or 'rounds': the command-line name of the game's count."""
    return games.module(game).ROUND_WORD + "s"


def check_players(players):
    if players is None:
        return DEFAULT_PLAYERS
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("--players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    return players


def check_rounds(game, rounds, option=None):
    """The number of circuits or rounds for the sheet; option: the flag the
    user gave it with (--circuits or --rounds), which must be the game's word."""
    word = round_option(game)
    if option and rounds is not None and option != word:
        raise ValueError("%s counts %s: use --%s" % (games.module(game).TITLE, word, word))
    allowed = kit_text(game).ROUNDS
    if rounds is None:
        return allowed[0]
    if kit_text(game).FIXED_ROUNDS and rounds not in allowed:
        raise ValueError("--%s for %s must be %s" % (word, game, " or ".join(map(str, allowed))))
    if not 1 <= rounds <= 20:
        raise ValueError("--%s must be 1 to 20 on a printed sheet" % word)
    return rounds


# -- the blocks of a kit ----------------------------------------------------------
class Text:
    """A block of HTML with its estimated height (see text_mm)."""

    def __init__(self, html, mm):
        self.html = html
        self.mm = mm


def lines_mm(html, width_mm, pt=10.0, line=1.3, gap_mm=1.2):
    """Height of a paragraph (HTML) in a box width_mm wide, with the gap
    under it (printing/measure.py counts its lines in the page's font)."""
    return line_count(html, width_mm, pt) * pt * _PT_MM * line + gap_mm


def card(heading, items, width_mm, after=""):
    """The rules card: a heading and a list of rules; after: more HTML in the
    card (an example), given as (html, mm)."""
    inner = width_mm - 8 - 1 - 5   # padding, border, list indent
    mm = 6 + 1 + 6                 # padding, border, heading
    mm += sum(lines_mm(item, inner) for item in items)
    html = '<div class="card"><h2>%s</h2><ul>%s</ul>' % (
        esc(heading), "".join("<li>%s</li>" % item for item in items))
    extra_html, extra_mm = after or ("", 0)
    return Text(html + extra_html + "</div>", mm + extra_mm + 3)


def example(html, width_mm):
    """A worked example (inside the card): a paragraph with a rule beside it."""
    return ('<div class="example">%s</div>' % html,
            lines_mm(html, width_mm - 8 - 1 - 4) + 4)


def key(marks, width_mm):
    """The key: only the marks this game uses (void in every game)."""
    entries = [VOID] + list(marks)
    text = " \u00b7 ".join("<b>%s</b>: %s" % (esc(mark), esc(meaning)) for mark, meaning in entries)
    html = '<p class="key"><b>Key.</b> %s</p>' % text
    return Text(html, lines_mm(html, width_mm, pt=9) + 1)


COMMON_NOTES = (
    "Announce the void rule before the first throw; nobody chooses to keep an awkward result "
    "after seeing it. A player may ask the host to throw for them and still makes every choice. "
    "Say what happened in numbers (\u201cbanked 9\u201d); choices are part of the game, with no "
    "word about anyone's character. Paper keeps the score and no machine judges; the dicetray "
    "scorer keeps the same score when it is used. Copies: print at 100 % scale with the "
    "browser's headers and footers off.")


def notes(items, width_mm):
    """Short notes for the host, under the card: the game's, then everyone's."""
    html = '<p class="small"><b>At the table.</b> %s</p>' % " ".join(list(items) + [COMMON_NOTES])
    return Text(html, lines_mm(html, width_mm, pt=8.5) + 1)


# -- pages --------------------------------------------------------------------------
def paginate(blocks, height_mm):
    """Blocks (Text or grids.Grid) in order onto pages of height_mm: a list of
    pages, each a list of blocks. A grid that does not fit goes on over the
    next page (its header repeated), never leaving fewer than MIN_SPLIT_ROWS
    rows on either side; a grid marked whole (the score grid) is split only
    when it is longer than a page."""
    pages = [[]]
    used = 0.0
    for block in blocks:
        if isinstance(block, Text):
            if used + block.mm > height_mm and pages[-1]:
                pages.append([])
                used = 0.0
            pages[-1].append(block)
            used += block.mm
            continue
        rest = block
        while rest is not None:
            fit = rest.rows_fitting(height_mm - used)
            left = len(rest.rows)
            if fit >= left:
                pages[-1].append(rest)
                used += rest.least_mm()
                rest = None
                continue
            fit = min(fit, left - MIN_SPLIT_ROWS)
            if rest.whole and pages[-1] and used > FULL_ENOUGH * height_mm:
                fit = 0  # a score grid goes whole onto the next page, if this one is full enough
            if fit >= MIN_SPLIT_ROWS:
                head, rest = rest.split(fit)
                pages[-1].append(head)
            pages.append([])
            used = 0.0
    return _balance(pages, height_mm)


def _balance(pages, height_mm):
    """A last page that holds only the tail of a grid takes rows back from
    the page before (all of them if need be), so that the grids grown to
    fill the two pages leave neither half empty."""
    if len(pages) < 2 or len(pages[-1]) != 1:
        return pages
    tail, head = pages[-1][0], pages[-2][-1]
    if isinstance(tail, Text) or isinstance(head, Text) or not tail.continued:
        return pages
    while tail.least_mm() * GROW_MAX < 0.75 * height_mm and head.rows:
        tail.rows = head.rows[-1:] + tail.rows
        head.rows = head.rows[:-1]
        if len(head.rows) < MIN_SPLIT_ROWS:
            tail.rows = head.rows + tail.rows
            tail.continued = head.continued
            pages[-2].pop()
            break
    return pages


def page_mm(block):
    return block.mm if isinstance(block, Text) else block.least_mm()


def render(pages):
    """HTML of each page: text as it is, grids in boxes that grow."""
    out = []
    for page in pages:
        out.append("\n".join(b.html if isinstance(b, Text) else b.html(grow=True) for b in page))
    return out


def kit_pages(game, paper="a4", players=None, rounds=None, heights=None):
    """The kit's pages as lists of blocks (see paginate). heights: the text
    blocks' heights in mm in place of the estimates (the tests give the
    heights Chromium measured)."""
    players = check_players(players)
    rounds = check_rounds(game, rounds)
    width, height = printable_mm(paper)
    words = game_words(game)
    text = kit_text(game)
    blocks = [Text("<h1>%s \u2014 tabletop kit</h1>" % esc(title(game)), 9.0)]
    blocks += text.rules(words, players, rounds, width)
    blocks.append(key(words["marks"], width))
    if heights:
        for block, mm in zip([b for b in blocks if isinstance(b, Text)], heights):
            block.mm = mm
    blocks += sheets(game, words, players, rounds)
    height -= FIXED_SLACK_MM + 1.0
    best = paginate(blocks, height)
    if len(best) > 1:
        # Rows a little shorter (still room for a pencil) may save a page.
        tighter = paginate([b if isinstance(b, Text) else b.scaled(TIGHT) for b in blocks], height)
        if len(tighter) < len(best):
            best = tighter
    pad = getattr(text, "pad", None)
    if pad:
        _add_pad(best[-1], pad(words), height)
    return best


def _add_pad(page, grid, height_mm):
    """Fill what is left of the last page with a scratch grid (six dice: a
    turn pad), if at least MIN_SPLIT_ROWS of its rows fit there."""
    free = height_mm - sum(page_mm(b) for b in page)
    count = grid.rows_fitting(free) if free > 0 else 0
    if count >= MIN_SPLIT_ROWS:
        grid.rows = grid.rows[:count]
        page.append(grid)


def sheets(game, words, players, rounds):
    """The blank score grid and turn log for the players and rounds."""
    names = ["P%d" % i for i in range(1, players + 1)]
    extra = getattr(kit_text(game), "EXTRA_ROUNDS", 0)
    found = [score_grid(words, names, rounds, extra=extra)]
    log = turn_log(words, players, rounds, fixed_order=getattr(kit_text(game), "FIXED_ORDER", False))
    if log is not None:
        found.append(log)
    return found


def score_grid(words, names, rounds, cells=None, totals=None, lead=None, extra=0):
    """The game's score grid (its SHEET["sheet"] layout), blank or filled."""
    if words["sheet"] == "rounds":
        return grids.players_by_rounds(words, names, rounds, cells, totals, extra)
    if words["sheet"] == "shared" and lead is None:
        lead = [(esc(words["total"].capitalize()), "19mm", {}), ("Ended by", "19mm", {})]
    return grids.rounds_by_players(words, names, rounds, cells, totals, lead)


def turn_log(words, players, rounds, filled=None, fixed_order=False, names=None):
    """The game's log (a row per turn, or per round where anyone banks);
    None for a game whose turns are too many to list ahead."""
    if words["log"] is None:
        return None
    filled = filled or []
    if words["sheet"] == "shared":
        return grids.round_log(words, max(rounds, len(filled)), filled)
    count = max(players * rounds, len(filled))
    return grids.turn_log(words, count, filled, players, fixed_order, names)


def kit_html(game, paper="a4", players=None, rounds=None):
    pages = kit_pages(game, paper, players, rounds)
    return document("%s kit" % title(game), render(pages), paper, fixed=True)


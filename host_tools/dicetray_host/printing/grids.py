"""Score grids: the tables a game is kept on, with the same columns, widths
and row heights whether printed blank in the kit or filled from a record by
`dicetray sheet` (so a game can go on from a filled sheet onto paper).

A Grid knows the least height it needs (rows at their minimum height), so
the kit can lay its pages out in Python; on a fixed kit page a grid's rows
then grow, up to GROW_MAX times that height, to fill the sheet."""
from dicetray_host.printing.page import esc, table

HEADING_MM = 9.0    # an h2 with its margins
CAPTION_MM = 5.5    # one line of caption
HEADER_MM = 7.0     # a header row of one line
GROW_MAX = 1.8      # rows may grow to this many times their least height
RULE_MM = 0.3       # a row's share of the ruled lines, on top of its height
ROW_FLOOR_MM = 6.8  # a row holds a 10pt line and its padding: never planned lower
BLANK = ""


class Grid:
    """Rows of cells under a heading; cells are HTML (or (html, class))."""

    def __init__(self, heading, caption, headers, widths, rows, row_mm, caption_lines=1):
        self.heading = heading
        self.caption = caption
        self.headers = headers
        self.widths = widths
        self.rows = rows
        self.row_mm = row_mm
        self.caption_lines = caption_lines
        self.continued = False   # the second and later piece of a split grid
        self.whole = False       # rather on the next page than split (a score grid)

    def least_mm(self, rows=None):
        """Height with `rows` rows (default all) at their least height."""
        count = len(self.rows) if rows is None else rows
        top = HEADING_MM + CAPTION_MM * self.caption_lines if not self.continued else HEADING_MM
        return top + HEADER_MM + count * (self.row_mm + RULE_MM)

    def rows_fitting(self, space_mm):
        """How many rows fit in space_mm (0 when not even the heading does)."""
        spare = space_mm - self.least_mm(0)
        return max(0, min(len(self.rows), int(spare // (self.row_mm + RULE_MM))))

    def split(self, count):
        """(first `count` rows, the rest continued under the same header)."""
        head = Grid(self.heading, self.caption, self.headers, self.widths, self.rows[:count],
                    self.row_mm, self.caption_lines)
        head.continued = self.continued
        rest = Grid(self.heading, self.caption, self.headers, self.widths, self.rows[count:],
                    self.row_mm, self.caption_lines)
        rest.continued = True
        return head, rest

    def scaled(self, factor):
        """The same grid with rows factor times as high at least."""
        grid = Grid(self.heading, self.caption, self.headers, self.widths, self.rows,
                    max(ROW_FLOOR_MM, self.row_mm * factor), self.caption_lines)
        grid.whole = self.whole
        grid.continued = self.continued
        return grid

    def html(self, grow=False):
        """The grid; grow: in a fixed page's .fill box that lets it fill the sheet."""
        if self.continued:
            top = "<h2>%s (continued)</h2>" % esc(self.heading)
        else:
            top = "<h2>%s</h2>" % esc(self.heading)
            if self.caption:
                top += '<p class="caption">%s</p>' % self.caption
        body = table(self.headers, self.rows, "grid", self.widths)
        body = body.replace('<table class="grid">',
                            '<table class="grid" style="--row: %.1fmm">' % self.row_mm, 1)
        if not grow:
            return top + body
        most = self.least_mm() + (GROW_MAX - 1) * self.row_mm * len(self.rows)
        return '<div class="fill" style="--grow: %d; --most: %.1fmm">%s%s</div>' % (
            max(1, len(self.rows)), most, top, body)


def blank_rows(count, columns, first=None):
    """count blank rows of `columns` cells; first(i) pre-fills the first cells
    of row i (1-based) as a list of (text, class) or text."""
    rows = []
    for i in range(1, count + 1):
        lead = list(first(i)) if first else []
        rows.append(lead + [BLANK] * (columns - len(lead)))
    return rows


# -- the grids every game is kept on (its kit text's SHEET["sheet"] picks) -----------
# Per layout: the score grid's heading and least row height, the log's (None:
# the kit has no log; six dice turns are too many to list ahead).
_LAYOUTS = {
    "rounds": ("Score sheet", 9.0, "Turn log", 7.5),
    "shared": ("Round sheet", 7.5, "Round log", 13.0),
    "running": ("Running-total sheet", 10.0, None, 0.0),
}


def words(module, paper):
    """What a game's grids are called and sized: module, the game's module
    (its title and round word, as on the tray); paper, its kit text's SHEET."""
    sheet, sheet_row, log, log_row = _LAYOUTS[paper["sheet"]]
    total = paper["total"]
    found = dict(paper)
    found.update({
        "title": module.TITLE, "round": module.ROUND_WORD, "score_sheet": sheet,
        "score_caption": esc(paper["caption"]), "score_row_mm": sheet_row,
        "log": log, "log_row_mm": log_row,
    })
    if paper["sheet"] == "shared":
        found["throws"] = "Throws (sum \u2192 %s) and banks" % total
        found["log_caption"] = esc("A row per %s: each throw's sum and the %s after it, "
                                   "and who banked at which %s." % (module.ROUND_WORD, total, total))
    else:
        found["throws"] = "Throws (%s after each)" % total
        found["log_caption"] = esc("A row per turn, in the order played: the throws with the %s "
                                   "after each, then how the turn ended and the score." % total)
    return found


def players_by_rounds(words, names, rounds, cells=None, totals=None, extra=0):
    """Pig and skulls: a row per player, a column per circuit or round (and
    `extra` columns for rounds after a tie), then the total."""
    cells = cells or {}
    totals = totals or {}
    count = rounds + extra
    headers = ["Player"] + [str(r) for r in range(1, rounds + 1)] + ["+%d" % (i + 1) for i in range(extra)] + ["Total"]
    rows = []
    for seat, name in enumerate(names):
        row = [esc(name)]
        for r in range(1, count + 1):
            row.append((cells.get((r, seat), BLANK), "num"))
        row.append(totals.get(seat, (BLANK, "num")))
        rows.append(row)
    name_col = "30mm" if count <= 10 else "24mm"
    grid = Grid(words["score_sheet"], words["score_caption"], headers,
                [name_col] + [""] * (count + 1), rows, words["score_row_mm"])
    grid.whole = True
    return grid


def rounds_by_players(words, names, rounds, cells=None, totals=None, lead=None):
    """Bank and six dice: a row per round (circuit), a column per player;
    lead: extra columns after the number, as (header, width, {round: cell})."""
    cells = cells or {}
    totals = totals or {}
    lead = lead or []
    headers = [esc(words["round"].capitalize())] + [h for h, _, _ in lead] + [
        '<span class="small">%s</span>' % esc(n) for n in names]
    rows = []
    for r in range(1, rounds + 1):
        row = [(str(r), "n")] + [(col.get(r, BLANK), "num") for _, _, col in lead]
        row += [(cells.get((r, seat), BLANK), "num") for seat in range(len(names))]
        rows.append(row)
    rows.append([("Total", "n")] + [BLANK] * len(lead)
                + [totals.get(seat, (BLANK, "num")) for seat in range(len(names))])
    grid = Grid(words["score_sheet"], words["score_caption"], headers,
                ["19mm"] + [w for _, w, _ in lead] + [""] * len(names), rows, words["score_row_mm"])
    grid.whole = True
    return grid


def turn_log(words, count, filled=None, players=0, fixed_order=False, names=None):
    """Pig and skulls: a row per turn, in the order played: number, circuit or
    round, player, the throws, how it ended, the score after it. filled: the
    first rows as cells (from a record); the rest are blank, with the turn
    number and its circuit or round pre-printed when players is known."""
    filled = filled or []
    headers = ["#", esc(words["round"].capitalize()), "Player", esc(words["throws"]),
               "Result", "Score"]
    rows = list(filled)
    for i in range(len(filled) + 1, count + 1):
        lead = [(str(i), "pre")]
        if players:
            lead.append((str((i - 1) // players + 1), "pre"))
            if fixed_order:
                seat = (i - 1) % players
                lead.append((esc(names[seat]) if names else "P%d" % (seat + 1), "pre"))
        rows.append(lead + [BLANK] * (len(headers) - len(lead)))
    return Grid(words["log"], words["log_caption"], headers,
                ["9mm", "19mm", "24mm", "", "32mm", "16mm"], rows, words["log_row_mm"])


def round_log(words, rounds, filled=None):
    """Bank: a row per round: its throws and banks, and how it ended."""
    filled = filled or []
    headers = [esc(words["round"].capitalize()), esc(words["throws"]), "How it ended"]
    rows = list(filled)
    for r in range(len(filled) + 1, rounds + 1):
        rows.append([(str(r), "pre"), BLANK, BLANK])
    return Grid(words["log"], words["log_caption"], headers, ["19mm", "", "40mm"], rows,
                words["log_row_mm"])

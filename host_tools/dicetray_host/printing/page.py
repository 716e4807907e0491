"""Printable pages: one self-contained HTML file (inline CSS, no network),
laid out in millimetres for A4 or Letter at 100% scale.

Every sheet is a list of pages; each page is a <section class="page"> that
ends with a page break, so the printed page count is the number of sections
as long as each section fits its paper (the kit and sheet tests check that
in headless Chromium)."""
from html import escape

# Paper: (CSS @page size, width mm, height mm). The margin is the same on all sides.
PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}
MARGIN_MM = 12.0
FIXED_SLACK_MM = 0.6  # a fixed page stops this short of the sheet: rounding never spills a blank page

PRINT_NOTE = ("Print at 100% scale (not \u201cfit to page\u201d) and turn off the browser's "
              "headers and footers in the print dialog (More settings).")

_CSS = """
@page { size: %(size)s; margin: %(margin)smm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt;
       color: #000; background: #fff; }
body { margin: 0; }
.page { width: %(width)smm; break-after: page; page-break-after: always; }
.page:last-of-type { break-after: auto; page-break-after: auto; }
/* a kit page: exactly one sheet of paper; its grids grow to fill it */
.page.fixed { height: %(height)smm; display: flex; flex-direction: column; }
.page.fixed > * { flex: none; }
.page.fixed > .fill { flex: var(--grow) 1 0; max-height: var(--most); display: flex;
                      flex-direction: column; min-height: auto; }
.fill > table { flex: 1 1 auto; margin: 0; }
.fill > h2, .fill > .caption { flex: none; }
table.grid td { height: var(--row); }
table.grid td.pre { color: #444; text-align: center; }
.cols { display: flex; gap: 5mm; }
.cols > * { flex: 1 1 0; }
.key { font-size: 9pt; margin: 0 0 2mm; }
.key b { font-weight: bold; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 12pt; margin: 4mm 0 1.5mm; }
h3 { font-size: 10.5pt; margin: 3mm 0 1mm; }
p, li { margin: 0 0 1.2mm; line-height: 1.3; }
ul, ol { margin: 0 0 2mm; padding-left: 5mm; }
.sub { color: #333; margin-bottom: 3mm; }
table { border-collapse: collapse; width: 100%%; table-layout: fixed; margin: 0 0 3mm; }
th, td { border: 0.3mm solid #000; padding: 1mm 1.2mm; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #e8e8e8; font-weight: bold; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
table.blank td { height: %(row)smm; }
table.blank.tall td { height: %(tall)smm; }
table.blank td.n, table.blank th.n { width: 12mm; text-align: center; }
td.num, th.num { text-align: right; }
.caption { font-size: 9pt; margin: 0 0 1mm; }
.card { border: 0.5mm solid #000; padding: 3mm 4mm; margin-bottom: 3mm; }
.example { border-left: 1mm solid #999; padding-left: 3mm; margin: 2mm 0; }
.small { font-size: 8.5pt; }
del { color: #555; }
.tag { font-size: 8pt; border: 0.2mm solid #555; padding: 0 0.8mm; white-space: nowrap; }
.win { font-weight: bold; }
.screen-note { border: 0.5mm dashed #000; padding: 2mm 3mm; margin: 0 0 4mm; background: #fffbe0; }
@media print { .screen-note { display: none; } }
@media screen {
  body { padding: %(margin)smm; background: #ccc; }
  /* on a screen the pages sit centred as sheets of paper, not in the left 60 %% */
  .page { margin: 0 auto %(margin)smm; padding: %(margin)smm; box-sizing: content-box;
          background: #fff; box-shadow: 0 0 2mm #888; }
  .screen-note { max-width: %(width)smm; margin: 0 auto %(margin)smm; }
}
"""


def printable_mm(paper):
    """(width, height) of the area inside the margins, in mm."""
    _, width, height = PAPERS[paper]
    return width - 2 * MARGIN_MM, height - 2 * MARGIN_MM


def document(title, pages, paper="a4", row_mm=8.0, tall_mm=11.0, fixed=False):
    """The whole HTML text: pages is a list of HTML fragments, one per page.
    fixed: every page is exactly one sheet high (the kit: its grids grow to
    fill the sheet); otherwise a page's content may run on over several."""
    size, _, _ = PAPERS[paper]
    width, height = printable_mm(paper)
    css = _CSS % {"size": size, "margin": _mm(MARGIN_MM), "width": _mm(width), "row": _mm(row_mm),
                  "tall": _mm(tall_mm), "height": _mm(height - FIXED_SLACK_MM)}
    cls = "page fixed" if fixed else "page"
    body = "".join('<section class="%s">\n%s\n</section>\n' % (cls, page) for page in pages)
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<title>%s</title>\n<style>%s</style>\n</head>\n<body data-paper="%s">\n'
            '<div class="screen-note"><b>Before printing:</b> %s</div>\n%s</body>\n</html>\n'
            % (escape(title), css, paper, escape(PRINT_NOTE), body))


def _mm(value):
    return ("%.1f" % value).rstrip("0").rstrip(".")


def table(headers, rows, cls="", widths=None):
    """A table; headers and cells are HTML already (use esc() on text).
    widths: optional CSS widths per column."""
    cols = ""
    if widths:
        cols = "<colgroup>%s</colgroup>" % "".join(
            '<col style="width:%s">' % w if w else "<col>" for w in widths)
    head = "".join("<th>%s</th>" % h for h in headers)
    body = "".join("<tr>%s</tr>" % "".join(_cell(c) for c in row) for row in rows)
    return '<table class="%s">%s<thead><tr>%s</tr></thead><tbody>%s</tbody></table>' % (
        cls, cols, head, body)


def _cell(content):
    if isinstance(content, tuple):  # (html, class)
        return '<td class="%s">%s</td>' % (content[1], content[0])
    return "<td>%s</td>" % content


def plural(count, one, many):
    """'1 die', '2 dice', '0 points'."""
    return "%d %s" % (count, one if count == 1 else many)


def esc(text):
    return escape(str(text))


def write(path, text):
    """Write the page next to its final name, then rename: never half a file."""
    import os
    partial = "%s.part" % path
    try:
        with open(partial, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.remove(partial)

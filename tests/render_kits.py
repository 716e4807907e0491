"""Renders every game's kit (default size) at 100 % into docs/kits/GAME-PAPER.png,
with the tests' own tooling: the command writes the HTML, headless Chromium
prints it (printed.print_pdf) and pdftoppm draws each page at 96 dpi.

    .venv/bin/python tests/render_kits.py      (or: make kit-pngs)

tests/test_kit.py checks that the pictures show as many pages as the kits have."""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dicetray import games  # noqa: E402
from printed import ROOT, command, page_pngs, print_pdf, side_by_side  # noqa: E402

DOCS = ROOT / "docs" / "kits"
PAPERS = ("a4", "letter")


def render(game, paper, folder):
    html = Path(folder) / ("%s-%s.html" % (game, paper))
    assert command("kit", ["--game", game, "--paper", paper, "--out", str(html)]) == 0
    pdf = html.with_suffix(".pdf")
    pages, _ = print_pdf(html, pdf)
    pngs = page_pngs(pdf, Path(folder) / ("%s-%s" % (game, paper)))
    assert len(pngs) == pages
    return side_by_side(pngs, DOCS / ("%s-%s.png" % (game, paper)))


def main():
    DOCS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for game in games.NAMES:
            for paper in PAPERS:
                print(render(game, paper, folder).relative_to(ROOT))


if __name__ == "__main__":
    main()

"""dicetray kit: the printable tabletop kit, rendered in headless Chromium."""
import re

import pytest

from dicetray_host.printing.page import printable_mm
from printed import PX_PER_MM, command, measure, need_tools, pdf_text, print_pdf, screenshot

# (width, height) in PostScript points, as pdfinfo reports them.
PAPER_PT = {"a4": (595.0, 842.0), "letter": (612.0, 792.0)}
JUDGING = ("brave", "timid", "greedy", "chicken", "coward", "reckless", "foolish", "smart",
           "lucky", "should have")
RULE_WORDS = {
    "pig": ("turn total", "six valid rolls", "circuit"),
    "bank": ("bank total", "adds 70", "doubles double"),
    "skulls": ("Two skulls", "One skull", "highest total first"),
    "sixdice": ("Three pairs", "75", "All ones", "continue"),
}
SHEET_WORDS = {
    "pig": ("Score sheet", "Turn tables", "Bank / roll"),
    "bank": ("Round sheet", "Bank total", "Banked by"),
    "skulls": ("Score sheet", "Turn tables", "Die 1"),
    "sixdice": ("Running-total sheet", "Reserved", "Round pts"),
}


def make_kit(tmp_path, game, paper, *extra):
    out = tmp_path / ("%s-%s.html" % (game, paper))
    assert command("kit", ["--game", game, "--paper", paper, "--out", str(out), *extra]) == 0
    return out


@pytest.mark.parametrize("game", ["pig", "bank", "skulls", "sixdice"])
def test_kit_prints_three_pages_on_a4_and_letter_with_nothing_clipped(tmp_path, game):
    need_tools()
    for paper in ("a4", "letter"):
        html = make_kit(tmp_path, game, paper)
        text = html.read_text(encoding="utf-8").lower()
        assert "http" not in text.replace("http-equiv", "")  # self-contained: nothing to fetch
        for word in JUDGING:
            assert word not in text, word

        pdf = tmp_path / ("%s-%s.pdf" % (game, paper))
        pages, size = print_pdf(html, pdf)
        assert pages == 3
        assert size == pytest.approx(PAPER_PT[paper], abs=1.5)
        printed = pdf_text(pdf).split("\f")
        assert "tabletop kit" in printed[0] and "Rules card" in printed[0]
        for word in RULE_WORDS[game]:
            assert word in printed[0], word
        for word in SHEET_WORDS[game]:
            assert word in printed[0] + printed[1], word
        assert "Host notes" in printed[2]
        assert "Host notes" not in printed[0] + printed[1]
        assert "Points only" in printed[0]
        assert "headers and footers" in printed[2]
        assert "Before printing" not in "".join(printed)  # the screen note is not printed

        if paper == "letter":
            continue  # Letter is wider than A4: the A4 widths below are the tighter check
        width_mm, height_mm = printable_mm(paper)
        layout = measure(html, tmp_path)
        assert len(layout["pages"]) == 3
        for page in layout["pages"]:
            assert page["width"] <= width_mm * PX_PER_MM + 1
            assert page["height"] <= height_mm * PX_PER_MM
        assert layout["tables"]
        for table in layout["tables"]:
            assert table["scroll"] <= table["page"] + 1
            assert table["width"] <= width_mm * PX_PER_MM + 1
        assert layout["overflowing"] == []
        assert layout["broken"] == []


def test_kit_score_sheet_has_a_row_per_player_and_a_column_per_circuit(tmp_path):
    html = make_kit(tmp_path, "pig", "a4", "--rounds", "3").read_text(encoding="utf-8")
    sheet = html.split("<h2>Score sheet</h2>")[1].split("</table>")[0]
    assert re.findall(r"<th>(.*?)</th>", sheet) == ["Player", "1", "2", "3", "Total"]
    assert sheet.count("<tr>") == 1 + 8  # header + eight players


def test_kit_refuses_a_pig_game_of_four_circuits(tmp_path, capsys):
    out = tmp_path / "kit.html"
    assert command("kit", ["--game", "pig", "--rounds", "4", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "dicetray kit: --rounds for pig must be 5 or 3\n"
    assert not out.exists()


def test_kit_screenshot_is_kept_as_an_artifact(tmp_path):
    need_tools()
    png = screenshot(make_kit(tmp_path, "pig", "a4"), "kit-pig-a4.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

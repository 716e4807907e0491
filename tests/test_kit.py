"""dicetray kit: the printable tabletop kit, laid out on the fewest pages and
rendered in headless Chromium (page count, fill, nothing clipped)."""
import re
from pathlib import Path

import pytest

from dicetray import games
from dicetray.games.sixdice import reservations  # the tray's own list of a throw's keeps
from dicetray_host.printing import grids
from dicetray_host.printing.kit import TIGHT, Text, game_words, kit_pages, kit_text
from dicetray_host.printing.page import printable_mm
from printed import PX_PER_MM, command, measure, need_tools, pdf_text, print_pdf

ROOT = Path(__file__).resolve().parents[1]
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
# (players, circuits or rounds): the default, the smallest and the largest sheet.
SIZES = {
    "pig": [(None, None), (2, 3), (8, 5)],
    "bank": [(None, None), (2, 10), (8, 20)],
    "skulls": [(None, None), (2, 1), (8, 10)],
    "sixdice": [(None, None), (2, 6), (8, 20)],
}
FULL = 0.6   # every printed page at least this full: nothing half empty


def make_kit(tmp_path, game, paper, players=None, rounds=None):
    out = tmp_path / ("%s-%s-%s-%s.html" % (game, paper, players, rounds))
    extra = []
    if players:
        extra += ["--players", str(players)]
    if rounds:
        extra += ["--" + games.module(game).ROUND_WORD + "s", str(rounds)]
    assert command("kit", ["--game", game, "--paper", paper, "--out", str(out), *extra]) == 0
    return out


def least_mm(block):
    return None if isinstance(block, Text) else block.scaled(TIGHT).least_mm()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", games.NAMES)
def test_kit_fills_the_fewest_pages_with_nothing_clipped(tmp_path, game, paper):
    need_tools()
    width_mm, height_mm = printable_mm(paper)
    for players, rounds in SIZES[game]:
        html = make_kit(tmp_path, game, paper, players, rounds)
        text = html.read_text(encoding="utf-8").lower()
        assert "http" not in text.replace("http-equiv", "")  # self-contained: nothing to fetch
        for word in JUDGING:
            assert word not in text, word
        planned = kit_pages(game, paper, players, rounds)

        pdf = html.with_suffix(".pdf")
        pages, size = print_pdf(html, pdf)
        assert pages == len(planned), (players, rounds)
        assert size == pytest.approx(PAPER_PT[paper], abs=1.5)
        printed = pdf_text(pdf).split("\f")
        assert "tabletop kit" in printed[0] and "Rules card" in printed[0]
        for word in RULE_WORDS[game]:
            assert word in printed[0], word
        assert "Points only" in printed[0] and "Example." in printed[0]
        assert "Before printing" not in "".join(printed)  # the screen note is not printed

        layout = measure(html, tmp_path)
        assert len(layout["pages"]) == pages
        real = []
        for plan, page in zip(planned, layout["pages"]):
            assert page["width"] <= width_mm * PX_PER_MM + 1
            assert page["scroll"] <= page["height"] + 1        # nothing runs off the sheet
            assert page["bottom"] <= page["height"] + 1
            assert page["height"] <= height_mm * PX_PER_MM
            assert page["bottom"] >= FULL * page["height"], (players, rounds, page["bottom"])
            real += [Text(b.html, m["mm"]) for b, m in zip(plan, page["blocks"]) if isinstance(b, Text)]
        # Fewest pages: laid out again with the text's real heights, as measured,
        # the kit would need no fewer pages: the estimates never cost a page.
        assert len(kit_pages(game, paper, players, rounds, heights=[t.mm for t in real])) >= pages
        for row in layout["rows"]:
            assert 6.0 <= row <= 13.0 * grids.GROW_MAX + 0.5  # room for a pencil, never a void
        for table in layout["tables"]:
            assert table["scroll"] <= table["page"] + 1
            assert table["width"] <= width_mm * PX_PER_MM + 1
        assert layout["overflowing"] == []
        assert layout["broken"] == []


@pytest.mark.parametrize("game", games.NAMES)
def test_kit_sheets_are_sized_for_the_players_and_rounds(tmp_path, game):
    module = games.module(game)
    players, rounds = SIZES[game][2]
    html = make_kit(tmp_path, game, "a4", players, rounds).read_text(encoding="utf-8")
    words = game_words(game)
    pieces = re.findall(r"<h2>%s(?: \(continued\))?</h2>(.*?)</table>" % words["score_sheet"], html, re.S)
    sheet = "".join(pieces)   # a long score grid goes on over the next page, its header repeated
    rows = re.findall(r"<tr>", sheet)[len(pieces) - 1:]
    if words["sheet"] == "rounds":   # a row per player, a column per circuit or round
        headers = re.findall(r"<th>(.*?)</th>", sheet)
        assert headers[:rounds + 1] == ["Player"] + [str(r) for r in range(1, rounds + 1)]
        assert len(rows) == 1 + players
    else:                            # a row per circuit or round, a column per player
        assert sheet.count("P%d<" % players) == len(pieces) and "P%d<" % (players + 1) not in sheet
        assert len(rows) == 1 + rounds + 1  # header, rounds, total
    if words["log"]:
        numbers = re.findall(r'<td class="pre">(\d+)</td>', html.split(words["log"], 1)[1])
        wanted = rounds if words["sheet"] == "shared" else players * rounds
        assert numbers[0] == "1" and str(wanted) in numbers and str(wanted + 1) not in numbers


def test_kit_words_are_the_games_own_on_tray_kit_sheet_and_rules_page(tmp_path):
    rules_md = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for game in games.NAMES:
        module = games.module(game)
        word = module.ROUND_WORD
        other = {"circuit": "round", "round": "circuit"}[word]
        html = make_kit(tmp_path, game, "a4").read_text(encoding="utf-8")
        total = kit_text(game).SHEET["total"]      # "round points" and "round score" name a total
        headers = " ".join(re.findall(r"<th[^>]*>(.*?)</th>", html)).replace(total.capitalize(), "")
        assert word.capitalize() in headers or "Player" in headers
        assert other.capitalize() not in headers, game
        assert module.TITLE in html
        section = rules_md.split("## " + module.TITLE, 1)[1].split("\n## ", 1)[0]
        assert word in section, game
        assert total in html and total in section, (game, total)


def test_kit_counts_in_correct_plurals(tmp_path):
    for game in games.NAMES:
        one = None if kit_text(game).FIXED_ROUNDS else 1   # a one-round sheet where the game allows it
        text = pdf_or_html(make_kit(tmp_path, game, "a4", 2, one))
        assert not re.search(r"\b1 (dice|rounds|circuits|players|points)\b", text), game
        assert not re.search(r"\b([02-9]|\d\d+) (die|round|circuit|player)\b(?! (score|total|points|log|sheet))",
                             text), game


def pdf_or_html(html):
    return re.sub(r"<[^>]+>", " ", html.read_text(encoding="utf-8"))


def test_kit_key_has_only_the_marks_the_game_uses(tmp_path):
    for game in games.NAMES:
        html = make_kit(tmp_path, game, "a4").read_text(encoding="utf-8")
        key = html.split('<p class="key">')[1].split("</p>")[0]
        assert "<b>void</b>" in key                      # voids are in every game
        skull_game = any("\u2620" in m for m, _ in kit_text(game).SHEET["marks"])
        assert ("\u2620" in key) == skull_game, game     # the skull mark only where dice have skulls
        for mark, _ in kit_text(game).SHEET["marks"]:
            assert "<b>%s</b>" % mark in key
        others = [m for g in games.NAMES if g != game for m, _ in kit_text(g).SHEET["marks"]]
        mine = [m for m, _ in kit_text(game).SHEET["marks"]]
        for mark in others:
            if mark not in mine:
                assert "<b>%s</b>" % mark not in key, (game, mark)


def test_only_skulls_has_a_skull_mark():
    with_skull = [g for g in games.NAMES if any("\u2620" in m for m, _ in kit_text(g).SHEET["marks"])]
    assert [games.module(g).TITLE for g in with_skull] == ["Skulls"]


def test_sixdice_kit_shows_the_1s_as_the_tray_lists_them(tmp_path):
    html = make_kit(tmp_path, "sixdice", "a4").read_text(encoding="utf-8")
    throw = kit_text("sixdice").ONES_THROW
    listed = ["%s = %d" % (" ".join(map(str, f)), p) for f, p in reservations(list(throw))]
    assert listed[0] == "1 1 1 = 30"                     # the tray's best keep: three single 1s
    assert "; ".join(listed) in html
    assert "three 1s as a kind: 10; as singles: 30" in html


def test_kit_refuses_bad_counts_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "kit.html"
    assert command("kit", ["--game", "pig", "--circuits", "4", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "dicetray kit: --circuits for pig must be 5 or 3\n"
    assert command("kit", ["--game", "pig", "--rounds", "3", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "dicetray kit: Pig counts circuits: use --circuits\n"
    assert command("kit", ["--game", "bank", "--players", "9", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "dicetray kit: --players must be 2 to 8\n"
    assert not out.exists()


def test_kit_on_a_wide_screen_sits_in_the_middle(tmp_path):
    need_tools()
    layout = measure(make_kit(tmp_path, "pig", "a4"), tmp_path, width=1240)
    for page in layout["pages"]:
        assert abs(page["left"] - page["right"]) <= 20   # centred, not in the left 60 %
        assert page["left"] >= 0.1 * 1240


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_docs_show_each_kit_at_100_percent(paper):
    """docs/kits/GAME-PAPER.png (make kit-pngs) show the kits as they print now."""
    from PIL import Image
    _, width_mm, height_mm = __import__("dicetray_host.printing.page", fromlist=["PAPERS"]).PAPERS[paper]
    page_px = (round(width_mm / 25.4 * 96), round(height_mm / 25.4 * 96))
    for game in games.NAMES:
        png = ROOT / "docs" / "kits" / ("%s-%s.png" % (game, paper))
        assert png.exists(), "%s missing: run make kit-pngs" % png.name
        with Image.open(png) as picture:
            pages = len(kit_pages(game, paper))
            gap = 16
            assert picture.size == (pages * (page_px[0] + gap) + gap, page_px[1] + 2 * gap), (
                "%s shows another page count or size: run make kit-pngs" % png.name)

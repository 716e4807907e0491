"""dicetray sheet: a record as a filled-in score sheet, in headless Chromium."""
import re

import pytest

from dicetray_host.records import generate
from dicetray_host.printing.page import printable_mm
import after_game_records as recs
from printed import PX_PER_MM, command, measure, need_tools, pdf_text, print_pdf, screenshot


def make_sheet(tmp_path, name, text, *extra):
    source = tmp_path / (name + ".jsonl")
    source.write_text(text)
    out = tmp_path / (name + ".html")
    assert command("sheet", [str(source), "--out", str(out), *extra]) == 0
    return out


def cells(html, heading):
    """Rows of cell texts (tags stripped) of the first table after heading."""
    part = html.split(heading, 1)[1].split("</table>")[0]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", part, re.S)[1:]:
        rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)])
    return rows


def test_pig_sheet_shows_circuits_totals_the_tie_and_the_undone_roll(tmp_path):
    html = make_sheet(tmp_path, "pig", recs.pig_tie()).read_text(encoding="utf-8")
    assert cells(html, "Score sheet") == [
        ["Ann", "9", "9", "0 rolled 1", "18 tied winner"],
        ["Bob", "0 rolled 1", "12 6 rolls", "6", "18 tied winner"],
    ]
    assert "Game over. Tied winners: Ann (18), Bob (18)" in html
    log = cells(html, "Turn log")
    assert [row[:3] + row[4:] for row in log] == [
        ["1", "1", "Ann", "banked 9", "9"],
        ["2", "1", "Bob", "rolled 1: 0", "0"],
        ["3", "2", "Ann", "banked 9", "18"],
        ["4", "2", "Bob", "sixth roll: banked 12", "12"],
        ["5", "3", "Ann", "rolled 1: 0", "18"],
        ["6", "3", "Bob", "banked 6", "18"],
    ]
    # Ann's second turn: the void and the undone 2 stay visible, struck through.
    assert ('6 \u2192 6 \u00b7 <span class="tag">void</span> \u00b7 '
            '<del title="undone on line 10">2 \u2192 8</del> \u00b7 '
            '<span class="tag">undo of line 9</span> \u00b7 3 \u2192 9 \u00b7 bank') in html


def test_skulls_sheet_shows_the_skull_and_the_two_skulls(tmp_path):
    html = make_sheet(tmp_path, "skulls", recs.skulls()).read_text(encoding="utf-8")
    assert cells(html, "Score sheet") == [   # two rounds, two Extra columns for a tie, the total
        ["Cy", "+18 \u2192 18", "\u2192 0 two skulls", "", "", "0"],
        ["Dee", "+0 \u2192 0 skull", "+10 \u2192 10", "", "", "10 winner"],
    ]
    assert [row[5] for row in cells(html, "Turn log")] == ["18", "0", "0", "10"]
    assert [row[4] for row in cells(html, "Turn log")] == [
        "passed 18", "skull: 0", "two skulls: total 0", "passed 10"]


def test_bank_sheet_of_a_game_in_progress(tmp_path):
    html = make_sheet(tmp_path, "bank", recs.bank_open()).read_text(encoding="utf-8")
    assert cells(html, "Round sheet") == [
        ["1", "90", "a 7", "87", "0 7", "0 7"],
        ["2", "", "", "playing", "playing", "playing"],
    ] + [[str(r)] + [""] * 5 for r in range(3, 11)] + [   # the rounds to come, blank
        ["Total", "", "", "", "", ""],                     # written when the game ends
    ]
    assert "In progress: round 2, bank total 4, Bob to throw. Scores so far: Ann 87, Bob 0, Cy 0." in html
    rounds = cells(html, "Round log")
    assert [row[0] for row in rounds] == [str(r) for r in range(1, 11)]
    assert rounds[0][1] == ("Ann 3+4 \u2192 70 \u00b7 Bob 2+3 \u2192 75 \u00b7 Cy 6+6 \u2192 87 \u00b7 "
                            "Ann banks 87 \u00b7 Bob 1+2 \u2192 90 \u00b7 Cy 3+4")
    assert rounds[0][2] == "7 at bank total 90; still in, 0: Bob, Cy"


def test_sheet_of_a_corrupt_record_writes_nothing(tmp_path, capsys):
    source = tmp_path / "bad.jsonl"
    source.write_text(recs.pig_tie().replace('"d":[5]', '"d":[7]', 1))
    out = tmp_path / "bad.html"
    assert command("sheet", [str(source), "--out", str(out)]) == 2
    assert capsys.readouterr().err == "dicetray sheet: %s: line 3: check (c) does not match\n" % source
    assert not out.exists()


@pytest.mark.parametrize("game,seed,shot", [("pig", 3, False), ("bank", 4, False), ("skulls", 5, True),
                                            ("sixdice", 6, False)])
def test_sheet_prints_with_nothing_clipped(tmp_path, game, seed, shot):
    need_tools()
    header, actions, live = generate.random_game(seed, game, players=8, undo_rate=0.06, void_rate=0.05)
    html = make_sheet(tmp_path, game, generate.record_text(header, actions), "--paper", "letter")
    pdf = tmp_path / (game + ".pdf")
    pages, size = print_pdf(html, pdf)
    assert size == pytest.approx((612, 792), abs=1.5)
    printed = pdf_text(pdf).split("\f")
    assert pages >= 2 and len([p for p in printed if p.strip()]) == pages
    assert "score sheet" in printed[0] and "Game over" in printed[0]
    second = {"bank": "Round log", "sixdice": "Turn by turn"}.get(game, "Turn log")
    assert second not in printed[0] and second in "".join(printed[1:])  # on a page of its own
    for name in header["players"]:
        assert name in printed[0]
    winner = header["players"][live.winners()[0]]
    assert re.search(r"Winner: %s \(%d\)|Tied winners: .*%s" % (winner, live.scores[live.winners()[0]], winner),
                     printed[0])
    width_mm, _ = printable_mm("letter")
    layout = measure(html, tmp_path)
    for table in layout["tables"]:
        assert table["scroll"] <= table["page"] + 1
        assert table["width"] <= width_mm * PX_PER_MM + 1
    assert layout["overflowing"] == []
    assert layout["broken"] == []
    if shot:
        png = screenshot(html, "sheet-skulls-letter.png", height=1800)
        assert png.exists()


def grid_frame(html, heading):
    """The frame of the first grid after heading: column widths, header, row height."""
    part = html.split(heading, 1)[1]
    found = re.search(r'<table class="grid" style="(--row: [\d.]+mm)"><colgroup>(.*?)</colgroup>'
                      r'<thead>(.*?)</thead>', part, re.S)
    return found.groups()


@pytest.mark.parametrize("record,game,players,count,headings", [
    (recs.pig_tie, "pig", 2, ("--circuits", "3"), ("<h2>Score sheet", "<h2>Turn log")),
    (recs.bank_open, "bank", 3, ("--rounds", "10"), ("<h2>Round sheet", "<h2>Round log")),
])
def test_filled_sheet_is_the_kits_blank_sheet_filled_in(tmp_path, record, game, players, count, headings):
    kit = tmp_path / "kit.html"
    assert command("kit", ["--game", game, "--players", str(players), *count, "--out", str(kit)]) == 0
    blank = kit.read_text(encoding="utf-8")
    filled = make_sheet(tmp_path, game, record()).read_text(encoding="utf-8")
    for heading in headings:
        width, cols, head = grid_frame(filled, heading)
        k_width, k_cols, k_head = grid_frame(blank, heading)
        assert (width, cols) == (k_width, k_cols)
        # the same columns; only the names written over P1, P2... differ
        assert re.sub(r">(Ann|Bob|Cy)<", ">P<", head) == re.sub(r">P\d<", ">P<", k_head)


def test_sheet_blank_from_leaves_the_rest_to_finish_on_paper(tmp_path):
    html = make_sheet(tmp_path, "pig", recs.pig_tie(), "--blank-from", "3").read_text(encoding="utf-8")
    assert "Filled in up to turn 2; blank from turn 3 on, to finish on paper. Scores then: Ann 9, Bob 0." in html
    assert "Game over" not in html
    assert cells(html, "Score sheet") == [
        ["Ann", "9", "", "", ""],
        ["Bob", "0 rolled 1", "", "", ""],
    ]
    log = cells(html, "Turn log")
    assert [row[:3] for row in log] == [["1", "1", "Ann"], ["2", "1", "Bob"], ["3", "2", "Ann"],
                                        ["4", "2", "Bob"], ["5", "3", "Ann"], ["6", "3", "Bob"]]
    assert log[1][3:] == ["3 \u2192 3 \u00b7 1", "rolled 1: 0", "0"]
    assert all(row[3:] == ["", "", ""] for row in log[2:])   # turns 3 to 6: blank, names in order


def test_sheet_blank_from_bank_counts_rounds(tmp_path):
    html = make_sheet(tmp_path, "bank", recs.bank_full(), "--blank-from", "2").read_text(encoding="utf-8")
    assert "blank from round 2 on" in html
    rounds = cells(html, "Round log")
    assert rounds[0][1] != "" and all(row[1:] == ["", ""] for row in rounds[1:])


def test_sheet_refuses_blank_from_zero(tmp_path, capsys):
    source = tmp_path / "pig.jsonl"
    source.write_text(recs.pig_tie())
    out = tmp_path / "pig.html"
    assert command("sheet", [str(source), "--out", str(out), "--blank-from", "0"]) == 2
    assert capsys.readouterr().err == "dicetray sheet: --blank-from must be 1 or more\n"
    assert not out.exists()

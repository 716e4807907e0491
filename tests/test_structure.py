"""The layout's promises: which way imports go, one place per game, no
benchmark in the installed package, one version."""
import ast
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from dicetray import VERSION, games
from dicetray.engine.game import Game

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware" / "dicetray"
HOST = ROOT / "host_tools" / "dicetray_host"
GAME_NAME = "|".join(games.NAMES)
# `== "pig"`, `"bank" != x`, `in ("pig", ...)`: code that decides by a game's name.
COMPARES_A_NAME = re.compile(r"""(==|!=)\s*['"](%s)['"]|['"](%s)['"]\s*(==|!=)|\bin\s*[(\[{]\s*['"](%s)['"]"""
                             % (GAME_NAME, GAME_NAME, GAME_NAME))


def imported_modules(path):
    """Every module a file imports (absolute names; `from a import b` gives a.b too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update("%s.%s" % (node.module, alias.name) for alias in node.names)
    return names


def python_files(folder):
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("room", ["engine", "games"])
def test_the_shared_twin_imports_no_tray_or_host_code(room):
    for path in python_files(FIRMWARE / room):
        for name in imported_modules(path):
            assert not name.startswith(("dicetray.tray", "dicetray_host")), "%s imports %s" % (path, name)


def test_the_firmware_imports_no_host_code():
    for path in python_files(FIRMWARE):
        for name in imported_modules(path):
            assert not name.startswith("dicetray_host"), "%s imports %s" % (path, name)


def test_no_command_imports_another_command():
    for path in python_files(HOST / "commands"):
        for name in imported_modules(path):
            assert not name.startswith("dicetray_host.commands"), "%s imports %s" % (path, name)


def test_outside_the_game_modules_no_code_decides_by_a_game_name():
    own = [FIRMWARE / "games", HOST / "printing" / "kits"]
    found = []
    for folder in (ROOT / "firmware", ROOT / "host_tools", ROOT / "bench"):
        for path in python_files(folder):
            if any(path.is_relative_to(place) for place in own):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if COMPARES_A_NAME.search(line):
                    found.append("%s:%d: %s" % (path.relative_to(ROOT), number, line.strip()))
    assert not found, "\n".join(found)


def test_the_pattern_finds_a_comparison():
    assert COMPARES_A_NAME.search('if game.game == "skulls":')
    assert COMPARES_A_NAME.search("if name in ('pig', 'bank'):")
    assert not COMPARES_A_NAME.search('if step.kind == BANK_ACTION:')


@pytest.mark.parametrize("name", games.NAMES)
def test_each_game_module_owns_what_the_tray_and_the_tools_ask_of_it(name):
    module = games.module(name)
    for attribute in ("TITLE", "ROUND_WORD", "ROUND_LETTER", "POINTS_WORD", "OPTION_KEYS",
                      "rules_for", "draw_info", "said"):
        assert hasattr(module, attribute), "games/%s.py lacks %s" % (name, attribute)
    from dicetray.games.cards import card
    title, (key, values, labels) = card(name)
    assert title == module.TITLE    # the menu's title is the play screen's
    assert key in module.OPTION_KEYS and len(values) == len(labels)
    assert all(len(label) <= 15 for label in labels)            # one menu line after the cursor
    assert len(module.TITLE) <= 8 and len(module.ROUND_LETTER) == 1
    # The menu's default is the header's default: a record without opts plays the same game.
    assert Game(name, ["A", "B"], {key: values[0]}).rules.snapshot() == Game(name, ["A", "B"]).rules.snapshot()
    from dicetray_host.printing.kit import kit_text
    assert set(kit_text(name).SHEET) >= {"bust", "bust_result", "bank", "banked", "sheet", "caption"}


def test_an_unknown_game_is_a_bad_header_naming_the_games():
    from dicetray.engine.actions import BadHeader
    with pytest.raises(BadHeader, match="pig, bank, skulls or sixdice"):
        Game("yahtzee", ["A", "B"])


def test_one_version(tmp_path):
    manifest = (ROOT / "firmware" / "manifest.py").read_text()
    assert 'version="%s"' % VERSION in manifest
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                          "-q", "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    wheel, = tmp_path.glob("dicetray-*.whl")
    assert wheel.name.startswith("dicetray-%s-" % VERSION)
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.startswith("bench") or "/bench" in n], "a benchmark is in the package"
    assert "dicetray/games/pig.py" in names and "dicetray_host/vboard/mp/machine.py" in names
    assert "micropython.py" in names  # the CPython stand-in


def test_the_record_generator_plays_every_game_of_the_table():
    from dicetray_host.records.generate import OPTIONS
    assert tuple(OPTIONS) == games.NAMES


def test_every_bench_section_loads_against_the_code_as_it_is(monkeypatch):
    """`make bench` runs outside `make test`: a section that no longer fits
    the code (a renamed attribute) would go unseen until someone benches.
    Loading each catches what its module reads at import (the soak read a
    game's menu option that had moved to games/cards.py)."""
    import importlib
    from dicetray_host.paths import ROOT
    monkeypatch.syspath_prepend(str(ROOT))  # bench/ is not in the installed package
    from bench.__main__ import SECTIONS
    for name in SECTIONS:
        assert callable(importlib.import_module(name).run), name

"""Screens against checked-in pictures (tests/screens/*.png).

After a deliberate change of a screen, look at the new pictures and
refresh them: DICETRAY_UPDATE_SCREENS=1 pytest tests/app/test_screenshots.py
"""
import os
from pathlib import Path

import pytest

SCREENS = Path(__file__).resolve().parents[1] / "screens"


def pixels(path):
    from PIL import Image
    with Image.open(path) as image:
        return image.size, image.convert("L").tobytes()


def matches(tray, name, tmp_path):
    shot = tmp_path / (name + ".png")
    tray.vb.save_png(shot)
    want = SCREENS / (name + ".png")
    if os.environ.get("DICETRAY_UPDATE_SCREENS") == "1":
        want.write_bytes(shot.read_bytes())
    assert want.exists(), "no checked-in %s (see this file's docstring)" % want.name
    assert pixels(shot) == pixels(want), "%s differs from %s" % (shot, want)


def test_menu(manual_tray, tmp_path):
    matches(manual_tray, "menu", tmp_path)


def test_pig_turn(manual_tray, tmp_path):
    manual_tray.new_game("pig", players=3)
    manual_tray.key("4", "BANK", "6", "5")
    matches(manual_tray, "pig_turn", tmp_path)


def test_bank_after_roll_four(manual_tray, tmp_path):
    manual_tray.new_game("bank", players=3)
    manual_tray.key("3", "4", "2", "5", "6", "6", "1", "2", "PLAYER")
    matches(manual_tray, "bank_roll4", tmp_path)


def test_sixdice_reservations(manual_tray, tmp_path):
    manual_tray.new_game("sixdice", players=2)
    manual_tray.key("1", "1", "5", "5", "5", "2", "DOWN")
    matches(manual_tray, "sixdice_keep", tmp_path)


def test_game_over_with_a_tie(manual_tray, tmp_path):
    manual_tray.new_game("pig", players=2, option=1)
    for _ in range(3):
        manual_tray.key("4", "BANK", "4", "BANK")
    manual_tray.shows("Tie: 2 winners")
    matches(manual_tray, "pig_tie", tmp_path)

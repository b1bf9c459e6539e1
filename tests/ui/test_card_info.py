"""Tapping the drawn card during placement shows its printed results."""
from __future__ import annotations

import pytest

from companion.ui import text

from .helpers import assert_no_overlaps, start_game
from .test_screens import SIZES, check_frame


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_tap_card_shows_its_results(make_driver, size):
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    cuts = text.STATS["cut"]
    d.tap("Card")
    dlg = d.app.dialog
    assert dlg is not None and "Broken Pipe" in dlg.title
    assert dlg.lines == ["Check Positive: +1 Spares", "Check Negative: -2 Oxygen, -1 Sanity"]
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert any("Check Negative" in t for t in shown)
    check_frame(d, f"card dialog {size}")
    assert_no_overlaps(d, f"card dialog {size}")
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]
    d.key("next")  # NEXT closes an information dialog
    assert d.app.dialog is None
    d.tap("Card")
    d.tap("Close")
    assert d.app.dialog is None


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.timeout(30)
def test_the_card_says_its_printed_difficulty_and_what_larisa_lowered_it_to(make_driver, size):
    """A tester's finding: after Larisa's Special Ability (roll 3 on Broken Pipe, difficulty 7), a tap on the
    card said "difficulty 4", not the 7 printed on the card in the players' hands. It says both now."""
    d = make_driver(size)
    start_game(d)  # Larisa's Sanity is 10
    d.key("next")
    d.tap("Broken Pipe")
    d.tap("Ability")
    d.tap("Larisa: lower difficulty by a die")
    d.roll(3)
    d.tap("Card")
    title = d.app.dialog.title
    assert title == "Broken Pipe \u00b7 Cargo Bay \u00b7 difficulty 7, lowered by 3 to 4", title
    check_frame(d, f"card dialog, difficulty lowered {size}")

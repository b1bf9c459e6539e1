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

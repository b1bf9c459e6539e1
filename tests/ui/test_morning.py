"""The start of the day's losses stay in sight on the next screen (the card picker)."""
from __future__ import annotations

import pytest

from companion.ui import text
from companion.ui.driver import play_a_hungry_day

from .helpers import assert_no_overlaps, start_game
from .test_screens import SIZES, check_frame


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_card_screen_shows_the_morning_losses(make_driver, size):
    d = make_driver(size)
    start_game(d)
    play_a_hungry_day(d.app.session)  # no Oxygen and no Food, Maria on 1 Health
    cuts = text.STATS["cut"]
    d.key("next")
    assert d.app.current_screen().name == "card"
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "This morning" in shown and "Out of Oxygen" in shown and "Knocked Out" in shown, shown
    check_frame(d, f"card list with alerts {size}")
    assert_no_overlaps(d, f"card list with alerts {size}")
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]
    assert "Fire Alarm" in d.names() or "Quiet Day" in d.names()  # the catalogue is still there
    d.tap("Alerts")  # the whole morning in a dialog
    assert any("Out of Food" in line for line in d.app.dialog.lines)
    d.tap("Close")
    d.tap("Quiet Day")
    assert d.app.current_screen().name == "day"

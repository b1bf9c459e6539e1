"""The start of the day's losses stay in sight on the next screen (the card picker)."""
from __future__ import annotations

import pytest

from companion.ui import text
from companion.ui.games.thirty_to_mars.scenarios import play_a_hungry_day

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


@pytest.mark.timeout(30)
def test_out_of_fuel_and_spares_ask_their_choices_before_the_card(make_driver):
    """30-to-mars.txt, Out of Resources: the discard and the broken Workspace
    are chosen at the start of the day, before the event card is drawn."""
    d = make_driver((800, 480))
    start_game(d)
    s = d.app.session
    play_a_hungry_day(s, take=("fuel", "spares"))
    d.key("next")
    assert d.app.current_screen().name == "day" and s.game.expects(s.state) is None
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Out of Fuel: discard one other resource" in shown, shown
    check_frame(d, "out of fuel choice")
    d.tap("option food")
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Out of Spares: destroy one Workspace" in shown, shown
    d.tap("option 4")
    assert not s.state.pending and d.app.current_screen().name == "card"
    assert s.state.resources[2] < 28 and sum(s.state.broken) == 1

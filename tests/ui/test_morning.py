"""The start of the day's losses stay in sight on the next screen (the card picker)."""
from __future__ import annotations

import dataclasses

import pytest

from companion.ui import text

from .helpers import assert_no_overlaps, start_game
from .test_screens import SIZES, check_frame


def dawn_without_oxygen_and_food(d):
    """At the dawn of day 1: no Oxygen, no Food, Maria (crew 2) on 1 Health."""
    s = d.app.session
    state = s.state
    crew = list(state.crew)
    crew[2] = dataclasses.replace(crew[2], health=1)
    s._states[-1] = dataclasses.replace(state, resources=(0, 5, 0, 5), crew=tuple(crew))  # a built state


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_card_screen_shows_the_morning_losses(make_driver, size):
    d = make_driver(size)
    start_game(d)
    dawn_without_oxygen_and_food(d)
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

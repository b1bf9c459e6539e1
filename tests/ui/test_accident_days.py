"""The Accident days in numbers (Setup 6: "Place one Accident token on the day ... rolled"): said when the
setup ends, and in words after a tap on the day; the track keeps its marks beside Fix roll."""
from __future__ import annotations

import pytest

from companion.ui.widgets import BAD

from .helpers import start_game


@pytest.mark.timeout(30)
def test_the_accident_days_are_said_at_the_end_of_the_setup_and_a_tap_on_the_day_says_them(make_driver):
    d = make_driver((800, 480))
    start_game(d)  # the Accident rolls 3 and 3: days 3, 27 and (3 + 27) // 2 = 15
    assert d.app.state.accident_days == (3, 15, 27)
    assert d.app.message is not None and "Accident days 3, 15 and 27" in d.app.message.text, d.app.message
    d.app.message = None
    d.tap("Days")
    assert d.app.dialog.title == "Day 1 of 30 to Mars"
    assert d.app.dialog.lines == ["Accident days: 3, 15, 27: a red card is drawn on each (Setup 6).",
                                  "The next one is day 3."]


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_track_keeps_its_accident_marks_beside_fix_roll(make_driver, size):
    """A tester's finding: whenever Fix roll was in the top bar, the track went, and with it the marks."""
    from companion.ui.screens.chrome import top_bar_rects
    d = make_driver(size)
    start_game(d)  # the last setup roll can still be fixed: Fix roll is offered
    d.frame()
    rects = top_bar_rects(d.app.layout, d.app)
    assert rects["fix"] is not None
    day = rects["day"]
    marks = sum(1 for x in range(day.left, day.right) for y in range(day.top, day.bottom)
                if tuple(d.app.surface.get_at((x, y)))[:3] == BAD)
    assert marks > 0

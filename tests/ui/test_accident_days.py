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


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (720, 1280), (1280, 720)])
def test_an_accident_mark_at_the_end_of_the_track_stays_in_the_day_s_part(size):
    """The top bar's day is a part put back as a picture of its rectangle (issue 13): a mark for day 29 or 30
    drawn past the track's end was in the first frame only, and gone from the frames put back after it."""
    import types

    import pygame

    from companion.ui.games.thirty_to_mars.chips import day_progress
    from companion.ui.layout import Layout
    from companion.ui.widgets import Ui
    pygame.font.init()
    surface = pygame.Surface(size)
    lay = Layout(size)
    for width in (lay.px(200), lay.px(320)):  # with Fix roll beside it (the track under the day) and without
        rect = pygame.Rect(lay.px(40), lay.px(20), width, lay.px(56))
        surface.fill((0, 0, 0))
        state = types.SimpleNamespace(day=12, step="place", accident_days=(1, 29, 30))
        day_progress(Ui(surface, lay), rect, state)
        outside = [(x, y) for x in range(rect.left - lay.px(8), rect.right + lay.px(8))
                   for y in range(rect.top - lay.px(8), rect.bottom + lay.px(8))
                   if not rect.collidepoint(x, y) and tuple(surface.get_at((x, y)))[:3] != (0, 0, 0)]
        assert not outside, f"drawn outside the day's part at {outside[:3]}"
        assert any(tuple(surface.get_at((x, y)))[:3] == BAD for x in range(rect.right - lay.px(6), rect.right)
                   for y in range(rect.top, rect.bottom)), "the day-30 mark is at the track's end"

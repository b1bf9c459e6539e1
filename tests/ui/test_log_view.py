"""The day's log (and the end screen's): a line's rest shown without its beginning
(scrolled above) says so with "…" (a tester read "(Knocked Out)" at the top of the
end screen's log as a line of its own)."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.games.thirty_to_mars.day import LogView, event_list
from companion.ui.layout import Layout
from companion.ui.widgets import Ui


@pytest.mark.parametrize("view", [None, LogView()], ids=["plain", "scrolling"])
def test_a_lines_rest_at_the_top_of_the_log_begins_with_an_ellipsis(view):
    pygame.font.init()
    surface = pygame.Surface((800, 480))
    ui = Ui(surface, Layout((800, 480)))
    long = "Day 12: John loses 2 Health and 1 Sanity in the Cargo Bay and is now (Knocked Out)"
    lines = ["Day 12 begins", long, "Day 13 begins"]
    rect = pygame.Rect(0, 0, 300, 3 * ui.layout.small + 30)   # room for about three wrapped lines
    event_list(ui, rect, lines, view)
    shown = [t for t, _, _ in ui.texts if t not in ("\u25b2", "\u25bc")]
    assert shown[-1] == "Day 13 begins"
    assert "Day 12 begins" not in shown and not shown[0].startswith("Day 12:"), shown
    assert shown[0].startswith("\u2026 "), shown

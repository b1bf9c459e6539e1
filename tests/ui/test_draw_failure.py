"""A screen that fails to draw (a bug) leaves the table a way out: the top bar
with Undo and the message, and no invisible buttons of the last frame drawn
(a tester's finding: only the hardware BACK led out of a blank screen)."""
from __future__ import annotations

import pytest

from .helpers import start_game


@pytest.mark.timeout(30)
def test_a_screen_that_fails_to_draw_shows_the_top_bar_and_answers_only_it(make_driver, monkeypatch):
    d = make_driver((800, 480))
    start_game(d)
    screen = d.app.current_screen()
    assert "New card" in d.names()
    seq = d.app.session.seq

    def broken(ui):
        raise AttributeError("'NoneType' object has no attribute 'get'")
    monkeypatch.setattr(screen, "paint", broken)
    d.frame()
    assert "went wrong while drawing the screen" in d.app.message.text
    assert "Undo" in d.names() and "New card" not in d.names(), d.names()
    d.frame()                                            # and again at the next frame: still a way out
    assert "Undo" in d.names() and "New card" not in d.names(), d.names()
    d.tap("Undo")
    assert d.app.session.seq < seq

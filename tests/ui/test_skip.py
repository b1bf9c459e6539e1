"""Skipping an event nobody works on needs a confirmation (NEXT twice, or Skip)."""
from __future__ import annotations

import pytest

from .helpers import start_game
from .test_screens import check_frame


@pytest.mark.timeout(30)
def test_skip_event_asks_first(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    seq = d.app.session.seq
    d.tap("NEXT")  # "Skip event"
    assert d.app.session.seq == seq and d.app.dialog is not None
    assert "Nobody works on the problem" in d.app.dialog.title
    check_frame(d, "skip dialog")
    d.tap("Cancel")
    assert d.app.session.seq == seq and d.app.dialog is None and d.app.state.step == "place"
    d.key("next")
    d.key("next")  # the GPIO NEXT pressed twice confirms
    assert d.app.session.seq > seq and d.app.state.step != "place"


@pytest.mark.timeout(30)
def test_skip_button_in_the_dialog(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    seq = d.app.session.seq
    d.key("next")
    d.tap("Skip event")
    assert d.app.session.seq > seq and d.app.dialog is None


@pytest.mark.timeout(30)
def test_no_question_when_someone_works_on_it(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    d.tap("Larisa")
    d.tap("bay 4")
    seq = d.app.session.seq
    d.key("next")
    assert d.app.dialog is None and d.app.session.seq == seq + 1 and d.app.state.step == "check"

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


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.timeout(30)
def test_skip_question_says_what_skipping_costs(make_driver, size):
    """A tester's finding: the question said "take its negative consequences?" without saying which.
    Now it lists the card's Check Negative and who takes its Sanity and Health losses (Skipping the
    Event NB: all of them), and skipping costs exactly that (Broken Pipe: -2 Oxygen, -1 Sanity)."""
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    before = d.app.state
    d.tap("NEXT")  # "Skip event"
    lines = d.app.dialog.lines
    assert lines[0] == "Check Negative: -2 Oxygen, -1 Sanity", lines
    assert "every Active Marsonaut: Larisa, Jean-Louis, Maria, Dieter" in lines[1], lines
    assert "Skipping the Event" in lines[1], lines
    shown = [s for s, _, _ in d.app.screen.ui.texts]
    assert any("-2 Oxygen" in s for s in shown), f"the cost is not drawn: {shown}"
    check_frame(d, f"skip dialog with its cost {size}")
    d.tap("Skip event")
    after = d.app.state
    assert after.resources[0] <= before.resources[0] - 2
    assert all(a.sanity == b.sanity - 1 for a, b in zip(after.crew, before.crew)), after.crew

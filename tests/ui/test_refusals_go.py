"""A refusal goes as soon as the next tap reaches a control (a first-time tester's findings: refusals
stayed over the controls after the problem was gone); notes in the top bar's strip stay their time."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.driver import Driver

from .helpers import CREW, editor_with_zero_difficulty


def under_the_message(d) -> list[str]:
    """The buttons the message box is drawn over, wholly or in part."""
    from companion.ui.screens.chrome import message_box
    if d.app.message is None:
        return []
    box = message_box(d.app.layout, d.app)[0]
    return [h.label for h in d.app.screen.ui.hits if box.colliderect(h.rect)]


@pytest.mark.timeout(30)
def test_the_crews_refusal_goes_when_the_crew_is_chosen(make_driver):
    """30 to Mars New game: Start tapped first is refused ("Choose 4 more Marsonauts"), in a box over the first
    row of names; the next Marsonaut tapped (one in sight) takes it away, so the names and the crew made are
    seen."""
    d = make_driver((800, 480))
    d.tap("Start (why not?)")
    assert d.app.message.text.startswith("Choose 4 more Marsonauts")
    assert {"Larisa", "Stan", "Jean-Louis"} <= set(under_the_message(d))  # over their names
    d.tap("Maria")  # in sight
    assert d.app.message is None
    for n in ("Dieter", "John", "Stan"):
        d.tap(n)
    assert d.app.message is None and len(d.app.screen.crew) == 4
    assert not d.names()[-1].endswith("(why not?)")  # Start is ready


@pytest.mark.timeout(30)
def test_undos_why_not_goes_with_the_next_tap_on_a_new_game_screen(session, catalogues):
    """Mission to Mars 2049 New game: "Undo works in a game: start one first." went only with its time,
    through three more taps; it goes with the first."""
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, catalogues, (800, 480), game_id="mission-to-mars-2049")
    d.tap("Undo (why not?)")
    assert d.app.message.text == "Undo works in a game: start one first."
    d.tap("3 players")
    assert d.app.message is None
    d.tap("Redo (why not?)")  # a tap that says something new: that is shown
    assert d.app.message.text == "Redo works in a game: start one first."


@pytest.mark.timeout(30)
def test_the_card_editors_zero_note_goes_with_the_next_entry(make_driver):
    """30 to Mars's new-card editor: a difficulty of 0 is said to mean "roll", in a box over Bays 4 to 6; the
    next entry (a Bay in sight) is taken and the words go, so Bay 4 is the next tap's, not the message's."""
    d = make_driver((800, 480))
    editor_with_zero_difficulty(d)
    assert "location 4" in under_the_message(d)
    editor = d.app.ui_for("thirty-to-mars").screens["card"]
    d.tap("location 1")
    assert editor.location == 1 and d.app.message is None
    d.tap("location 4")
    assert editor.location == 4


@pytest.mark.timeout(30)
def test_a_note_in_the_top_bars_strip_stays_through_taps(make_driver):
    """Not a refusal, covering nothing: "Electronic die connected." stays its time whatever is tapped."""
    d = make_driver((800, 480))
    d.app.say("Electronic die connected.", "note", 4, everywhere=True)
    d.frame()
    from companion.ui.screens.chrome import message_covers
    assert not message_covers(d.app)
    d.tap(CREW[0])
    assert d.app.message is not None and d.app.message.text == "Electronic die connected."


@pytest.mark.timeout(30)
def test_a_tap_on_nothing_leaves_the_refusal(make_driver):
    """A tap that reaches no control answers nothing: the refusal stays."""
    d = make_driver((800, 480))
    d.tap("Start (why not?)")
    said = d.app.message
    from companion.ui.app import TAP
    d.app.handle(pygame.event.Event(TAP, pos=(d.app.layout.w - 2, d.app.layout.h - 2)))  # the corner: no button
    d.frame()
    assert d.app.message is said

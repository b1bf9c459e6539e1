"""Messages and the inputs read in one turn of the real loop (several at once: a button and a finger, two
players): a message is drawn at least once before a tap can close it (a play tester's finding: a NEXT's refusal
was closed by a tap read with it, and the table never saw why NEXT did nothing)."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.app import App

from .oneturn import finger, one_turn, press, shown

SIZE = (800, 480)


@pytest.fixture
def app(session, catalogues):
    pygame.display.init()
    yield App(session, catalogues, "thirty-to-mars", size=SIZE)
    pygame.display.quit()


def _at(app: App, label: str) -> tuple[int, int]:
    return next(h.rect.center for h in app._shown_ui.hits if h.label == label)


def _top_of(app: App, label: str) -> tuple[int, int]:
    """A point in the top edge of button ``label`` on the frame shown (where a message box comes over it)."""
    rect = next(h.rect for h in app._shown_ui.hits if h.label == label)
    return rect.centerx, rect.top + 4


@pytest.mark.timeout(30)
def test_a_tap_read_with_the_next_that_was_refused_does_not_close_the_refusal_unseen(app):
    """30 to Mars New game, no Marsonaut chosen: NEXT (the GPIO button) is refused ("Choose 4 more Marsonauts",
    in a box over the first row of names) and, in the same turn of the loop, a finger taps Stan, where that box
    is now but was not on the screen the finger aimed at. The tap chooses Stan, and the refusal is drawn."""
    stan: list[tuple[int, int]] = []

    def inputs(app: App) -> None:
        assert app.message is None
        stan.append(_top_of(app, "Stan"))
        press(app, "next")
        pygame.event.post(finger(stan[0]))
    one_turn(app, inputs)
    said = app.message
    assert said is not None and said.text.startswith("Choose 4 more Marsonauts"), said
    from companion.ui.screens.chrome import message_box
    assert message_box(app.layout, app)[0].collidepoint(stan[0]), "the box is not where the finger was"
    assert len(app.screen.crew) == 1, "the tap did not reach Stan"
    shown(app)
    assert app.message is said and said.seen  # drawn: a tap on it is the message's now (Stan stays chosen)
    app._tap(stan[0])
    assert len(app.screen.crew) == 1 and (app.message is None or app.dialog is not None), (app.message, app.dialog)

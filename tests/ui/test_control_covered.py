"""The control channel sees the screen as the table does: a button the message's box hides is not among
``state``'s buttons but in its ``covered``, and a ``tap`` by its name says so (a first-time tester's finding:
``state`` listed Bay 4 under a refusal, and ``tap name="location 4"`` answered ok but only closed the message)."""
from __future__ import annotations

import pygame
import pytest

from companion.ui import control
from companion.ui.app import TAP
from companion.ui.screens.chrome import message_box

from .helpers import editor_with_zero_difficulty


def names(state: dict) -> list[str]:
    return [b["name"] for b in state["buttons"]]


def ask(app, **req) -> dict:
    """One request answered at once (a tap refused before anything is posted)."""
    replies: list = []
    control.handle_request(app, dict(req, _reply=replies.append))
    assert len(replies) == 1, replies
    return replies[0]


@pytest.mark.timeout(30)
def test_a_bay_under_the_card_editors_message_is_covered_and_its_tap_says_so(make_driver):
    d = make_driver((800, 480))
    editor_with_zero_difficulty(d)
    s = control.describe(d.app)
    assert not {"location 4", "location 5", "location 6"} & set(names(s)), names(s)
    assert {"location 4", "location 5", "location 6"} <= set(s["covered"]), s["covered"]
    assert "location 1" in names(s) and "location 1" not in s["covered"]
    said = d.app.message
    reply = ask(d.app, cmd="tap", name="location 4")
    assert "under the message" in reply.get("error", ""), reply
    assert "location 4" not in reply["buttons"]
    pygame.event.pump()
    assert pygame.event.peek([pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN]) is False  # no tap was made
    assert d.app.message is said


@pytest.mark.timeout(30)
def test_a_button_partly_under_the_message_is_given_by_its_part_in_sight(make_driver):
    """Larisa's card under the crew's refusal: listed where a finger reaches it, below the box, and a tap
    there chooses her."""
    d = make_driver((800, 480))
    d.tap("Start (why not?)")
    box = message_box(d.app.layout, d.app)[0]
    drawn = next(h.rect for h in d.app.screen.ui.hits if h.label == "Larisa")
    assert box.colliderect(drawn) and box.collidepoint(drawn.midtop)
    larisa = next(b for b in control.describe(d.app)["buttons"] if b["name"] == "Larisa")
    assert larisa["y"] - larisa["h"] // 2 >= box.bottom and drawn.collidepoint(larisa["x"], larisa["y"])
    d.app.handle(pygame.event.Event(TAP, pos=(larisa["x"], larisa["y"])))
    d.frame()
    assert "larisa" in d.app.screen.crew

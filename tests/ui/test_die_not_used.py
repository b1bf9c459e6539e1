"""A game played without a die says nothing of the die's comings and goings (a first-time tester's finding:
"Electronic die connected." in Race to Mars, whose top bar says "Die not used in this game"); a game with a
die says them."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.driver import Driver
from hw.die import CONNECTED, DISCONNECTED, DieEvent

PORT = "/dev/ttyACM0"


def plug(d, kind: str) -> None:
    d.app._hw("die", DieEvent(kind, port=PORT, t=0.0))
    d.frame()


def driver(session, catalogues, game_id: str):
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    return Driver(session, catalogues, (800, 480), game_id=game_id)


@pytest.mark.timeout(30)
def test_race_to_mars_says_nothing_of_the_die(session, catalogues):
    d = driver(session, catalogues, "race-to-mars")
    assert not d.app.uses_die()  # its New-game screen
    for kind in (CONNECTED, DISCONNECTED):
        plug(d, kind)
        assert d.app.message is None, d.app.message.text
    d.tap("Start")
    assert session.game_id == "race-to-mars" and not d.app.uses_die()
    for kind in (CONNECTED, DISCONNECTED):
        plug(d, kind)
        assert d.app.message is None, d.app.message.text


@pytest.mark.timeout(30)
@pytest.mark.parametrize("game_id", ["thirty-to-mars", "mission-to-mars-2049", None])
def test_a_game_with_a_die_and_the_picker_say_it(session, catalogues, game_id):
    d = driver(session, catalogues, game_id)
    plug(d, CONNECTED)
    assert d.app.message is not None and d.app.message.text == "Electronic die connected."
    plug(d, DISCONNECTED)
    assert d.app.message is not None and d.app.message.text.startswith("Electronic die disconnected")


@pytest.mark.timeout(30)
def test_a_roll_in_a_game_without_a_die_says_why_it_is_ignored(session, catalogues):
    """A roll of a plugged-in die during Race to Mars is ignored, and the words say why: the game has no die
    (not "no roll is expected now", as if one would be later)."""
    d = driver(session, catalogues, "race-to-mars")
    d.tap("Start")
    seq = session.seq
    d.app._hw("die", DieEvent("roll", port=PORT, t=0.0, face=4))
    d.frame()
    assert session.seq == seq
    assert d.app.message is not None
    assert d.app.message.text == "The die shows 4, but this game is played without a die: ignored."

"""What a fresh player found on the Race to Mars screens in a whole 3-player
game (issue 9's table test), each checked by driving the real app frame by
frame: taps on the buttons the screen shows.

Source: shared/rules/race-to-mars.txt ("Anatomy of a Space Card", "Starting
Cards", "Playing the Game 1: Pre-Launch", "Phase 2.1: Play Cards").
"""
from __future__ import annotations

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.ui.driver import Driver

from .test_race_to_mars_screens import new_game


@pytest.fixture
def driver(session, tmp_path):
    def make(size=(800, 480)):
        pygame.display.init()
        pygame.display.set_mode(size)
        return Driver(session, Catalogues(tmp_path / "cards"), size)
    yield make
    pygame.display.quit()


def shown(d) -> str:
    """Every text drawn on the last frame, in one string."""
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_free_advance_is_a_yes_no_of_exactly_3_spaces(driver, size):
    """"Anatomy of a Space Card": a Free advance module advances exactly 3 spaces."""
    d = driver(size)
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    d.tap("New card")
    for _ in range(3):
        d.tap("Next")   # name, Crew resources, Crew effects
    assert d.app.screen.editor.current() == "module"
    assert "free_advance +" not in d.names()
    d.tap("free_advance")
    assert "3 spaces" in shown(d)
    d.tap("Save")
    assert d.app.catalogue("space").get("S001")["module"] == {"free_advance": 3}

"""What a fresh player found on the Race to Mars screens in a whole 3-player
game (issue 9's table test), each checked by driving the real app frame by
frame: taps on the buttons the screen shows.

Source: shared/rules/race-to-mars.txt ("Anatomy of a Space Card", "Starting
Cards", "Playing the Game 1: Pre-Launch", "Phase 2.1: Play Cards").
"""
from __future__ import annotations

import random

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.ui.driver import Driver

from .race_to_mars_taps import Table
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


def play_until(d, seed: int, cond, limit: int = 400):
    """Tap as :class:`Table` does until ``cond(d)`` (checked with no dialog
    open and no card being entered); returns the table."""
    table = Table(d, random.Random(seed))
    for _ in range(limit):
        screen = d.app.current_screen()
        if d.app.dialog is None and getattr(screen, "editor", None) is None and cond(d):
            return table
        table.step()
    raise AssertionError(f"never reached: on {d.app.current_screen().name}")


def on_leftover(d) -> bool:
    screen = d.app.current_screen()
    return screen.name == "entry" and screen.request().purpose == "leftover"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_leftover_screen_says_why_its_list_is_empty_and_shows_its_whole_title(driver, size):
    """"Playing the Game 1: Pre-Launch": the leftover card goes to trajectory slot 1 of 12."""
    d = driver(size)
    new_game(d, 2)
    play_until(d, 3, on_leftover)
    assert d.app.current_screen().candidates() == [] and len(d.app.catalogue("space")) == 2
    words = shown(d)
    assert "catalogue yet" not in words and "all on the table already" in words
    assert "trajectory card 1" in words and "(Earth \u2192 Trajectory card)" in words
    assert not any(t.endswith("\u2026") for t, _, _ in d.app.screen.ui.texts)

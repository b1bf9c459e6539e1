"""UI test fixtures: headless SDL (dummy driver, set before pygame is imported),
a session and catalogue in a temporary directory, an in-process app driver."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import pygame  # noqa: E402
import pytest  # noqa: E402

CARDS = [
    {"name": "Broken Pipe", "colour": "green", "difficulty": 7, "location": 4,
     "success": {"spares": 1}, "failure": {"oxygen": -2, "sanity": -1}},
    {"name": "Quiet Day", "colour": "green", "difficulty": 3, "location": 2,
     "success": {"food": 1}, "failure": {"fuel": -1}},
    {"name": "Lost Signal", "colour": "green", "difficulty": None, "location": None,
     "success": {"any_resource": 2}, "failure": {"fuel": -2}},
    {"name": "Loose Panel", "colour": "yellow", "difficulty": 6, "location": 1,
     "success": {"repair_kit": 1}, "failure": {"workspace_breaks": 1}},
    {"name": "Hull Breach", "colour": "red", "difficulty": 8, "location": 3,
     "success": {"repair_kit": 1}, "failure": {"oxygen": -2, "health": -1, "workspace_breaks": 1}},
    {"name": "Fire Alarm", "colour": "red", "difficulty": 5, "location": 6,
     "success": {"sanity": 1}, "failure": {"spares": -2, "draw_yellow": 1}},
]


@pytest.fixture
def catalogues(tmp_path):
    """Every game's catalogues in the test's folder, 30 to Mars's event cards filled with ``CARDS``."""
    from companion.catalogue import Catalogues
    cats = Catalogues(tmp_path)
    for c in CARDS:
        cats.get("thirty-to-mars", "event").add(c)
    return cats


@pytest.fixture
def catalogue(catalogues):
    return catalogues.get("thirty-to-mars", "event")


@pytest.fixture
def session(tmp_path):
    from companion.session import Session
    s = Session.open(tmp_path / "db.sqlite3")
    yield s
    s.close()


@pytest.fixture
def make_driver(session, catalogues):
    """``make_driver((w, h)) -> Driver`` of 30 to Mars on the test's session and catalogues."""
    from companion.ui.driver import Driver
    pygame.display.init()

    def make(size=(800, 480)):
        pygame.display.set_mode(size)
        return Driver(session, catalogues, size, game_id="thirty-to-mars")
    yield make
    pygame.display.quit()

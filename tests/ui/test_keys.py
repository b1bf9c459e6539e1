"""With a keyboard at hand, the roll pad says keys 1-6 enter the roll."""
from __future__ import annotations

import pygame
import pytest

from companion.ui import text

from .helpers import assert_no_overlaps
from .test_screens import SIZES, check_frame


def shown(d):
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_digit_keys_hint_after_a_key(make_driver, size):
    d = make_driver(size)
    for n in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(n)
    d.tap("Start")
    assert "press 1" not in shown(d)  # a touchscreen without keys: no hint
    cuts = text.STATS["cut"]
    d.app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode="4", scancode=0))
    d.frame()
    assert d.app.state.crew[0].sanity == 8  # the key entered the roll
    assert "press 1\u20136" in shown(d)
    check_frame(d, f"setup with key hint {size}")
    assert_no_overlaps(d, f"setup with key hint {size}")
    for f in (1, 2, 3, 4, 5, 6, 1, 3, 3):
        d.roll(f)
    d.key("next")
    d.tap("Lost Signal")  # location and difficulty rolls
    assert "press 1\u20136" in shown(d)
    check_frame(d, f"place roll with key hint {size}")
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]


def test_mock_buttons_mean_a_keyboard(make_driver):
    d = make_driver((800, 480))
    d.app.hw = type("Hw", (), {"hw_mode": "mock", "die_status": lambda self: {"mode": "none"}})()
    assert d.app.keyboard


class _DieAndKeys:
    """Mocked buttons (a keyboard at hand) and an electronic die plugged in: the longest roll hint."""

    hw_mode = "mock"
    notices: list[str] = []

    def die_status(self):
        return {"mode": "die", "connected": True, "port": "/dev/ttyACM0", "last_roll": None, "rolls": 0,
                "open_failures": 0, "last_error": None}

    def die_fixed(self, face):
        pass


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_a_long_roll_prompt_drops_its_hints_before_it_is_cut(make_driver, size):
    """An unknown card's location roll with the die plugged in and keys at hand: "Roll: Event location (die =
    Bay) — roll the die, or tap its face (or press 1–6)" was cut at 800x480 ("(or…"); the keys' hint, then
    the die's, give way first (the faces are on the screen)."""
    d = make_driver(size)
    for n in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(n)
    d.tap("Start")
    for f in (4, 1, 2, 3, 4, 5, 6, 1, 3, 3):  # the setup's rolls
        d.roll(f)
    d.key("next")
    d.tap("Lost Signal")
    d.app.hw = _DieAndKeys()
    cuts = text.STATS["cut"]
    d.frame()
    said = shown(d)
    assert "Roll:" in said and "Event location" in said, said
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]
    check_frame(d, f"location roll with the die and keys {size}")

"""Shared test set-up: headless SDL, deterministic hypothesis, seeded randomness.

Fixtures for mock pins and ptys live next to the tests that use them
(tests/hw/conftest.py, tests/ui/conftest.py).
"""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.load_profile("ci")


@pytest.fixture
def berlin(monkeypatch):
    """The machine's time zone is Berlin's (UTC+1 in December): a UTC stamp and the table's clock differ."""
    import time
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()

"""Shared test set-up: headless SDL, deterministic hypothesis, seeded randomness.

Fixtures for mock pins and ptys live next to the tests that use them
(tests/hw/conftest.py, tests/ui/conftest.py).
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.load_profile("ci")

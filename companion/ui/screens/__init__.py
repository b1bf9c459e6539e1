"""One module per screen; :func:`make_screens` builds them for an app.

Every screen has the three calls ``handle_event(event) -> bool``,
``update(dt_s)`` and ``draw(surface)``, plus ``on_next()`` (the NEXT button)
and ``enter()``/``leave()``.
"""
from __future__ import annotations

from typing import Any


def make_screens(app: Any) -> dict[str, Any]:
    """``{"new_game", "setup", "card", "day", "over"}`` -> screen objects."""
    from .card import CardScreen
    from .day import DayScreen
    from .newgame import NewGameScreen
    from .over import OverScreen
    from .setup import SetupScreen
    return {"new_game": NewGameScreen(app), "setup": SetupScreen(app), "card": CardScreen(app),
            "day": DayScreen(app), "over": OverScreen(app)}

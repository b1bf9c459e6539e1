"""Mission to Mars 2049's screens: New game (players, the die's symbols, the
49-point victory), the turn (every player's colony and hand, the die, the
moves of whoever may act), the end with the ranking by tournament points."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.contract import Event

from .. import GameUi, Screens, made


class MissionToMarsUi(GameUi):
    """The turn structure of Mission to Mars 2049 on the shell (see :class:`GameUi`)."""

    catalogue_kinds = ("mission",)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.screens = Screens(new_game=made(f"{__name__}.newgame", "NewGameScreen", app),
                               turn=made(f"{__name__}.turn", "TurnScreen", app),
                               over=made("companion.ui.screens.ranking", "RankingScreen", app))

    def screen(self, state: Any) -> Any:
        return self.screens["over" if self.app.game.is_over(state) else "turn"]

    def new_game_screen(self) -> Any:
        return self.screens["new_game"]

    def top_bar(self, ui: Any, rect: pygame.Rect, state: Any) -> None:
        """Turn N and whose turn it is, with that player's colour and mark."""
        from .panels import turn_line
        turn_line(ui, rect, self.app, state)

    def top_bar_key(self, state: Any) -> Any:
        """What :meth:`top_bar` shows: whose turn, and the turn's number."""
        from .panels import turn_words
        return turn_words(self.app, state)

    def new_period(self, events: tuple[Event, ...]) -> bool:
        """A turn begins when the die passes ("I'm done!", a skipped turn)."""
        return any(e.kind in ("done", "skip", "starter") for e in events)


def make(app: Any) -> MissionToMarsUi:
    return MissionToMarsUi(app)

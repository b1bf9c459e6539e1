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

    def describe_action(self, state: Any, action: Any) -> str | None:
        """With hands hidden, a blind draw taken back or made again ("Took back: ...") in the words of what
        happened this turn, without the kind drawn (:func:`.panels.event_lines`, 3.5 Robbery); else None: the
        shell says the move's first event, as the rules wrote it."""
        from .panels import event_lines, hidden_hands
        if action.kind != "rob" or not hidden_hands(self.app):
            return None
        events = self.app.game.apply(state, action)[1]
        return next(iter(event_lines(self.app, [e for e in events if e.kind == "robbed"])), None)

    def new_period(self, events: tuple[Event, ...]) -> bool:
        """A turn begins when the die passes ("I'm done!", a skipped turn)."""
        return any(e.kind in ("done", "skip", "starter") for e in events)


def make(app: Any) -> MissionToMarsUi:
    return MissionToMarsUi(app)

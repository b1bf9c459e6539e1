"""Drive an :class:`~companion.ui.app.App` in-process, frame by frame, without
its loop (for screenshots and fast screen tests). Uses the display the
caller opened (SDL dummy driver in tests)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from .app import TAP, App
from .touch import TapFilter


class Driver:
    """An app of logical ``size`` pixels on ``session``/``catalogue``;
    ``tap(name)`` taps the button labelled ``name`` (as drawn last frame)."""

    def __init__(self, session: Any, catalogue: Any, size: tuple[int, int], hw: Any = None) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.font.init()
        self.app = App(session, catalogue, size=size, hw=hw)
        self.app.display = None
        self.app.taps = TapFilter(size)
        self.frame()

    def frame(self) -> pygame.Surface:
        """Draw the current screen; returns the logical surface."""
        self.app.update(0.0)
        self.app.present()
        return self.app.surface

    def names(self) -> list[str]:
        return [h.label for h in self.app.screen.ui.hits]

    def tap(self, name: str, index: int = -1) -> None:
        """Tap the button called ``name``; raises ``LookupError`` listing the buttons if missing."""
        hits = [h for h in self.app.screen.ui.hits if h.label == name]
        if not hits:
            raise LookupError(f"no button {name!r} in {self.names()}")
        self.app.handle(pygame.event.Event(TAP, pos=hits[index].rect.center))
        self.frame()

    def key(self, command: str) -> None:
        self.app._command(command)
        self.frame()

    def roll(self, face: int) -> None:
        self.app.roll(face, "die")
        self.frame()

    def shot(self, path: str | Path) -> None:
        self.frame()
        pygame.image.save(self.app.surface, str(path))


__all__ = ["Driver"]


def play_a_hungry_day(session: Any, who: int = 2, take: tuple[str, ...] = ("oxygen", "food")) -> None:
    """Play one real day, from dawn to the next dawn, that leaves the ship with
    none of the resources in ``take`` and Marsonaut ``who`` on 1 Health: an
    event whose failure takes it all, with only ``who`` working on it and a 1
    rolled against difficulty 36. The next dawn then shows the start-of-day
    losses (for screenshots and tests). Raises ``RuntimeError`` if a move is
    refused.
    """
    from companion.rules import Action

    def do(kind: str, **args: Any) -> None:
        out = session.submit(Action(kind, args))
        if not out.accepted:
            raise RuntimeError(f"{kind} refused: {out.rejection}")

    do("next")
    health = session.state.crew[who].health
    failure = {**{r: -30 for r in take}, **({"health": 1 - health} if health > 1 else {})}
    do("draw", card={"name": "Life Support Failure", "colour": session.game.required_colour(session.state),
                     "difficulty": 36, "location": 1, "failure": failure})
    do("place", who=who, bay=1)
    for kind, args in (("next", {}), ("roll", {"face": 1}), ("next", {}), ("next", {}), ("next", {})):
        do(kind, **args)

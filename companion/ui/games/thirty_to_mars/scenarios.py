"""Scripted 30 to Mars days played through a real session (screenshots, tests)."""
from __future__ import annotations

from typing import Any


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

    if session.state.step == "dawn":
        do("next")
    health = session.state.crew[who].health
    failure = {**{r: -30 for r in take}, **({"health": 1 - health} if health > 1 else {})}
    do("draw", card={"name": "Life Support Failure", "colour": session.game.required_colour(session.state),
                     "difficulty": 36, "location": 1, "failure": failure})
    do("place", who=who, bay=1)
    for kind, args in (("next", {}), ("roll", {"face": 1}), ("next", {}), ("next", {}), ("next", {})):
        do(kind, **args)

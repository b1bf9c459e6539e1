"""Pure rules engines for the three Mars games (standard library only).

``GAMES`` maps a game id (as used on the command line and in files) to a
module implementing the contract in :mod:`companion.rules.contract`.
Only 30 to Mars is implemented so far; the ids of the other two games are
reserved in ``PLANNED``.
"""
from __future__ import annotations

from .contract import Action, Event, Expect, Game, Rejection, RuleError, apply_checked, replay
from . import thirty_to_mars

GAMES: dict[str, Game] = {
    thirty_to_mars.GAME_ID: thirty_to_mars,  # type: ignore[dict-item]
}

#: Games whose rulebooks are in shared/rules but whose engines are not written yet.
PLANNED = {
    "mission-to-mars-2049": "mission-to-mars-2049.txt",
    "race-to-mars": "race-to-mars.txt",
}


def get_game(game_id: str) -> Game:
    """The game module for ``game_id``; raises ``KeyError`` with the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r}; known: {known}") from None


__all__ = ["Action", "Event", "Expect", "Game", "GAMES", "PLANNED", "Rejection", "RuleError",
           "apply_checked", "get_game", "replay"]

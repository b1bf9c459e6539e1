"""Pure rules engines for the three Mars games (standard library only).

``GAMES`` maps a game id (as used on the command line and in files) to the
game's package implementing :mod:`companion.rules.contract`; a package is
imported the first time it is looked up, so listing the games (``sorted(GAMES)``,
``ENTRIES``) loads none of them.

Adding a game
-------------
A game is two packages and one line:

1. ``companion/rules/<package>/``: the rules engine, standard library only,
   providing every name the contract's module docstring lists (``GAME_ID``,
   ``ACTIONS`` with payload shapes, ``CARD_KINDS``, ``new_game``, ``seats``,
   ``to_act``, ``expects``, ``legal_actions``, ``check``, ``apply``,
   ``result``, ``invariants``...). Every refusal cites the rulebook section.
2. ``companion/ui/games/<package>/``: its screens, providing ``make(app) ->
   GameUi`` (see :mod:`companion.ui.games`): which screen shows which phase,
   what NEXT means, what the top bar shows, its setup screen.
3. One :class:`Entry` line in ``ENTRIES`` below.

The shell, the session, the store, the catalogue, the CLI and ``hw/`` then
work for it unchanged, and the generic tests (``tests/rules/test_contract.py``,
``tests/test_generic_*.py``) run over it by itself.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .contract import (Action, CardKind, Event, Expect, Game, Rejection, Result, RuleError, Seat, Standing, Turn,
                       apply_checked, replay)
from .record import Record, fill


class Entry(Record):
    """One registered game: ``game_id`` (CLI, files), ``package`` (the name of
    its rules package under ``companion.rules`` and of its screen package under
    ``companion.ui.games``), ``title``, ``players`` (min, max), ``rulebook``
    (file in ``shared/rules/``), ``kind`` (a few words for the game picker)."""

    __slots__ = ("game_id", "package", "title", "players", "rulebook", "kind")

    def __init__(self, game_id: str, package: str, title: str, players: tuple[int, int], rulebook: str,
                 kind: str) -> None:
        fill(self, game_id, package, title, players, rulebook, kind)


#: Every game the companion plays, in the order the game picker shows them.
ENTRIES: tuple[Entry, ...] = (
    Entry("thirty-to-mars", "thirty_to_mars", "30 to Mars", (1, 4), "30-to-mars.txt",
          "co-op survival: 30 days to Mars"),
    Entry("mission-to-mars-2049", "mission_to_mars_2049", "Mission to Mars 2049", (2, 4), "mission-to-mars-2049.txt",
          "race to the pole, die-driven production"),
    Entry("race-to-mars", "race_to_mars", "Race to Mars", (2, 4), "race-to-mars.txt",
          "rocket building and deck building, no die"),
)


class _Games(Mapping[str, Game]):
    """game id -> game package, imported on first access."""

    def __getitem__(self, game_id: str) -> Game:
        for entry in ENTRIES:
            if entry.game_id == game_id:
                return importlib.import_module(f"{__name__}.{entry.package}")  # type: ignore[return-value]
        raise KeyError(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(e.game_id for e in ENTRIES)

    def __len__(self) -> int:
        return len(ENTRIES)


GAMES: Mapping[str, Game] = _Games()


def entry(game_id: str) -> Entry:
    """The registry line of ``game_id``; raises ``KeyError`` naming the known ids."""
    for e in ENTRIES:
        if e.game_id == game_id:
            return e
    known = ", ".join(e.game_id for e in ENTRIES)
    raise KeyError(f"unknown game {game_id!r}; known: {known}")


def get_game(game_id: str) -> Game:
    """The game package for ``game_id``; raises ``KeyError`` with the known ids."""
    return GAMES[entry(game_id).game_id]


__all__ = ["Action", "CardKind", "ENTRIES", "Entry", "Event", "Expect", "Game", "GAMES", "Rejection",
           "Result", "RuleError", "Seat", "Standing", "Turn", "apply_checked", "entry", "get_game", "replay"]

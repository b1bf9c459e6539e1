"""The game seam on the screen side: each game's screen package, loaded on demand.

A game's screen package ``companion/ui/games/<package>/`` (``<package>`` as in
its :class:`companion.rules.Entry`) provides ``make(app) -> GameUi``. The
shell (top bar frame, Undo/Redo/Fix roll, die status, messages, dialogs,
rotation, touch, the idle loop, hardware, the watchdog) asks it only what is
declared on :class:`GameUi`, and imports no game module itself: a package is
imported the first time its game is opened (``python -c "import
companion.ui"`` loads none).
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import pygame

from companion.rules import entry
from companion.rules.contract import Event

#: "what happened this period" (``app.recent``) keeps at most this many events, its latest
RECENT_EVENTS = 80


class GameUi(ABC):
    """What a game's screen package tells the shell. Subclass it in the game's
    package; ``app`` is the :class:`companion.ui.app.App`.

    - :meth:`screen` the screen that shows ``state`` (its phases, the end);
    - :meth:`new_game_screen` the table's choices before a game starts;
    - :meth:`top_bar` the game's part of the top bar (day of 30, round and
      whose turn...), and :meth:`top_bar_key` what it shows;
    - :meth:`new_period` which events start a new period (a day, a round),
      so the shell keeps "what happened this period" (``app.recent``);
    - :meth:`describe_action` a move in words (Undo's and Redo's message);
    - :meth:`automatic` a state with nothing to decide (the shell presses NEXT);
    - ``catalogue_kinds``: the card kinds its screens edit (the shell loads
      those catalogues).
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    catalogue_kinds: tuple[str, ...] = ()

    @abstractmethod
    def screen(self, state: Any) -> Any:
        """The screen object for ``state`` (it has the three calls and ``on_next``)."""

    @abstractmethod
    def new_game_screen(self) -> Any:
        """The screen where the table makes its choices; it calls
        ``app.start_new_game(options)``."""

    def top_bar(self, ui: Any, rect: pygame.Rect, state: Any) -> None:
        """Draw the game's part of the top bar in ``rect``; default: whose turn."""
        from ..widgets import FG
        turn = self.app.game.to_act(state)
        ui.label(rect, turn.label or self.app.title(), ui.layout.body, FG, bold=True)

    def top_bar_key(self, state: Any) -> Any:
        """What :meth:`top_bar` shows of ``state``, compared with ``==`` to draw the
        top bar again only when it changed (:class:`companion.ui.retained.Region`);
        default: the state itself (an override names only what it shows)."""
        return state

    def new_period(self, events: tuple[Event, ...]) -> bool:
        """True if ``events`` start a new period of play (default: never)."""
        return False

    def describe(self, state: Any) -> dict[str, Any]:
        """Extra JSON-able fields about ``state`` for the test control channel
        (default: none; the shell already gives phase, who acts, what it waits for)."""
        return {}

    def describe_action(self, state: Any, action: Any) -> str | None:
        """``action`` (a :class:`companion.rules.contract.Action` legal in
        ``state``) in a player's words, for "Took back: ..." and "Made again:
        ...", or None (the default): the shell then says the move's first
        event, else whose move it was ("Anna's move"). A game whose moves'
        first events may be about something else (a step passed over) names the move itself."""
        return None

    def automatic(self, state: Any) -> bool:
        """True when ``state`` has nothing for the players to decide, so the
        shell submits NEXT for them (and Undo steps back over it); default: never."""
        return False


class Screens(dict):
    """A game's screens by name, each made (and its module imported) the first
    time it is asked for: ``Screens(name=factory, ...)``, ``factory()`` makes
    the screen. A table that never sees the end of the game nor edits a card
    does not keep those screens' code in memory (issue 13, peak RSS).
    ``KeyError`` for a name without a factory."""

    def __init__(self, **factories: Callable[[], Any]) -> None:
        super().__init__()
        self._factories = factories

    def __missing__(self, name: str) -> Any:
        screen = self[name] = self._factories[name]()
        return screen


def made(module: str, name: str, *args: Any) -> Callable[[], Any]:
    """A :class:`Screens` factory: ``module.name(*args)``, ``module`` imported then
    (a module's absolute name, e.g. ``f"{__name__}.card"`` in a game's package)."""
    return lambda: getattr(importlib.import_module(module), name)(*args)


def load(game_id: str, app: Any) -> GameUi:
    """The screen package of ``game_id``, made for ``app``; raises ``KeyError``
    for an unknown game, ``ImportError`` if the game has no screens."""
    package = entry(game_id).package
    module = importlib.import_module(f"{__name__}.{package}")
    return module.make(app)


__all__ = ["GameUi", "load"]

"""The rules contract shared by every game (standard library only).

In the spirit of OpenSpiel's game API and boardgame.io's reducers, a game is a
module-like object with pure functions over a frozen ``State``:

- ``new_game(options: dict) -> State``: the table's choices (crew, variant...).
- ``legal_actions(state) -> list[Action]``: every legal action whose values are
  finite (die faces included). Actions carrying a value that cannot be listed
  (an event card's printed fields) are described by ``expects(state)`` instead.
- ``check(state, action) -> Rejection | None``: validates any action.
- ``apply(state, action) -> (State, tuple[Event, ...])``: pure; trusts its
  input (validate with ``check`` first, once, at the session boundary).
- ``phase(state) -> str``, ``is_over(state) -> bool``,
  ``outcome(state) -> str | None`` (``"won"``, ``"lost"`` or a winner's name).
- ``expects(state) -> Expect | None``: the outside value the game waits for
  (a die roll, a card), so screens and the die reader know where a roll lands.

Chance is input: a die roll or a drawn card is an action whose value comes from
outside (the serial die, a tap, a seeded virtual die, a test). Replaying the
action log therefore reproduces the state exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol


@dataclass(frozen=True, slots=True)
class Action:
    """One move at the table.

    ``kind`` is one of the game's action kinds (each game documents the payload
    shape next to the constant, e.g. ``ROLL = "roll"  # face: 1..6``);
    ``args`` holds the payload as JSON-compatible values (int, str, bool,
    lists and dicts of those).
    """

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain dict ``{"kind": str, **args}`` for the log and export."""
        return {"kind": self.kind, **self.args}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Action":
        """Inverse of :meth:`to_json`; raises ``KeyError`` without ``kind``."""
        data = dict(data)
        kind = data.pop("kind")
        return Action(kind, data)

    def __str__(self) -> str:
        body = ", ".join(f"{k}={v!r}" for k, v in self.args.items() if k != "card")
        if "card" in self.args:
            body = (body + ", " if body else "") + f"card={self.args['card'].get('name', '?')!r}"
        return f"{self.kind}({body})"


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why an action is not allowed.

    ``code``: a stable machine-readable reason (``"bay_full"``);
    ``message``: a sentence a player understands;
    ``rule``: the rulebook file and section it comes from
    (``"30-to-mars.txt, Event Location"``).
    """

    code: str
    message: str
    rule: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the screen and the log.

    ``kind``: a stable code (``"drain"``, ``"knocked_out"``); ``text``: one
    line a player reads, saying why; ``data``: JSON-compatible details.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **({"data": self.data} if self.data else {})}


@dataclass(frozen=True, slots=True)
class Expect:
    """The outside value a game waits for.

    ``kind``: ``"roll"`` (a die face 1..6) or ``"card"`` (a drawn card's
    printed fields); ``purpose``: what it is for, in words for the screen
    (``"Check die of Maria"``); ``detail``: e.g. the card colour required.
    """

    kind: str
    purpose: str
    detail: str = ""


class RuleError(ValueError):
    """Raised by :func:`apply_checked` when an action is rejected; carries the
    :class:`Rejection` as ``.rejection``."""

    def __init__(self, rejection: Rejection):
        super().__init__(str(rejection))
        self.rejection = rejection


class Game(Protocol):
    """What a registered game provides (see the module docstring)."""

    GAME_ID: str
    TITLE: str
    RULEBOOK: str

    def new_game(self, options: dict[str, Any]) -> Any: ...
    def legal_actions(self, state: Any) -> list[Action]: ...
    def check(self, state: Any, action: Action) -> Rejection | None: ...
    def apply(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]: ...
    def phase(self, state: Any) -> str: ...
    def is_over(self, state: Any) -> bool: ...
    def outcome(self, state: Any) -> str | None: ...
    def expects(self, state: Any) -> Expect | None: ...
    def summary(self, state: Any) -> dict[str, Any]: ...
    def random_action(self, state: Any, rng: Any) -> Action: ...


def apply_checked(game: Game, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]:
    """``check`` then ``apply``; raises :class:`RuleError` on a rejection."""
    rejection = game.check(state, action)
    if rejection is not None:
        raise RuleError(rejection)
    return game.apply(state, action)


def replay(game: Game, options: dict[str, Any], actions: list[Action],
           on_step: Callable[[Any, Action, tuple[Event, ...]], None] | None = None) -> Any:
    """State after applying ``actions`` (each checked) to ``new_game(options)``.

    Raises :class:`RuleError` if a logged action is no longer legal.
    """
    state = game.new_game(options)
    for action in actions:
        state, events = apply_checked(game, state, action)
        if on_step is not None:
            on_step(state, action, events)
    return state

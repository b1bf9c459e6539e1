"""The rules contract shared by every game (standard library only).

In the spirit of OpenSpiel's game API and boardgame.io's reducers, a game is a
package (``companion/rules/<package>/``) whose top level provides, over a
frozen ``State``:

Facts (module constants):

- ``GAME_ID`` (``"race-to-mars"``), ``TITLE``, ``RULEBOOK`` (file name in
  ``shared/rules/``), ``PLAYERS`` (min, max) seats at the table.
- ``ACTIONS: dict[str, shapes.Obj]``: every action kind and its payload shape;
  the session refuses a payload that does not fit before the rules see it
  (:func:`validate`).
- ``CARD_KINDS: dict[str, CardKind]``: the cards the players enter once and
  pick by name afterwards (may be empty).

Functions:

- ``new_game(options: dict) -> State``: the table's choices. Shared keys:
  ``"players"``: a list of ``{"name": str, "colour": str}`` in table order;
  ``"seed"``: int for anything the game shuffles itself. Raises ``ValueError``.
- ``default_options(players: int | None, seed: int) -> dict``: options for a
  table of ``players`` (the game's default if None), for simulations and tests.
- ``seats(state) -> tuple[Seat, ...]``: the sides in table order (a co-op game
  has one: the crew).
- ``to_act(state) -> Turn``: who may act now (one seat, several at once, or
  the table). ``check`` refuses an action by a seat that may not act, naming
  the rule (:func:`seat_problem` helps).
- ``expects(state) -> Expect | None``: the outside value the game waits for:
  a die roll (with the game's face labels) or a card of a catalogue kind.
- ``legal_actions(state) -> list[Action]``: every legal action whose values
  are finite; actions with values that cannot be listed (a card's printed
  fields) are described by ``expects`` and accepted by ``check``.
- ``check(state, action) -> Rejection | None``; ``apply(state, action) ->
  (State, tuple[Event, ...])``: pure, trusts its input.
- ``random_action(state, rng: random.Random) -> Action``: a legal action,
  chance included (a die face, a made-up card), for playouts.
- ``phase(state) -> str``; ``is_over(state) -> bool``; ``result(state) ->
  Result | None``: winners, ranking with scores, a sentence.
- ``last_roll(state) -> tuple[str, int] | None``: what ``CORRECT_ROLL``
  (``{"face": 1..6}``) would replace, for the shell's Fix roll; None in a game
  without a die or when the last action was not a roll.
- ``die_faces(state) -> tuple[str, ...]``: the labels of the die's faces
  1..6 in this game (``NUMBER_FACES`` for an ordinary die; empty in a game
  without a die, whose die status then says "not used in this game").
- ``summary(state) -> dict``: JSON-able overview for ``companion status``
  (``--json``; its text prints it a key a line, unless the game has the optional
  ``status_lines(state) -> list[str]``, the same overview in a few readable lines).
- ``invariants(state) -> list[str]``: what is wrong with ``state`` (empty when
  all is well), checked by the generic tests after every action.

Chance is input: a die roll or a drawn card is an action whose value comes from
outside (the serial die, a tap, a seeded virtual die, a test). Replaying the
action log therefore reproduces the state exactly.

Conventions every game keeps, so the shell can work without game code: a die
roll is ``Action(ROLL, {"face": 1..6}, seat)`` with ``ROLL = "roll"``; a
misread roll is corrected by ``Action(CORRECT_ROLL, {"face": 1..6})``; a
drawn card of a catalogue kind is ``Action(expect.action, {"card": {...}})``.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, Callable, Protocol

from .record import Record, fill, put


ROLL = "roll"                  # face: 1..6, a die roll (every game with a die)
CORRECT_ROLL = "correct_roll"  # face: 1..6, replaces the most recent roll (a misread die)
#: Kinds the whole table may take whoever's turn it is, with ``seat=None``
#: (the shell's Fix roll); :func:`seat_problem` lets them through.
TABLE_ACTIONS = frozenset({CORRECT_ROLL})


class Action(Record):
    """One move at the table.

    ``kind`` is one of the game's action kinds (each game documents the payload
    shape next to the constant, e.g. ``ROLL = "roll"  # face: 1..6``, and
    declares it in ``ACTIONS``); ``args`` holds the payload as JSON-compatible
    values (int, str, bool, lists and dicts of those); ``seat`` is the index
    of the seat that takes it (``None``: the table, or chance entered by
    whoever is nearest, as in a co-op game).
    """

    __slots__ = ("kind", "args", "seat")

    def __init__(self, kind: str, args: dict[str, Any] | None = None, seat: int | None = None) -> None:
        put(self, "kind", kind)
        put(self, "args", {} if args is None else args)
        put(self, "seat", seat)

    def to_json(self) -> dict[str, Any]:
        """Plain dict ``{"kind": str, "seat"?: int, **args}`` for the log and export."""
        if self.seat is None:
            return {"kind": self.kind, **self.args}
        return {"kind": self.kind, "seat": self.seat, **self.args}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Action":
        """Inverse of :meth:`to_json`; raises ``KeyError`` without ``kind``."""
        data = dict(data)
        kind = data.pop("kind")
        seat = data.pop("seat", None)
        return Action(kind, data, seat)

    def __str__(self) -> str:
        body = ", ".join(f"{k}={v!r}" for k, v in self.args.items() if k != "card")
        card = self.args.get("card")
        if card is not None:
            name = card.get("name", "?") if isinstance(card, dict) else card
            body = (body + ", " if body else "") + f"card={name!r}"
        who = f"seat {self.seat}: " if self.seat is not None else ""
        return f"{who}{self.kind}({body})"


class Rejection(Record):
    """Why an action is not allowed.

    ``code``: a stable machine-readable reason (``"bay_full"``);
    ``message``: a sentence a player understands;
    ``rule``: the rulebook file and section it comes from
    (``"30-to-mars.txt, Event Location"``).
    """

    __slots__ = ("code", "message", "rule")

    def __init__(self, code: str, message: str, rule: str) -> None:
        fill(self, code, message, rule)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class Event:
    """Something that happened, for the screen and the log.

    ``kind``: a stable code (``"drain"``, ``"knocked_out"``); ``text``: one
    line a player reads, saying why; ``data``: JSON-compatible details.

    ``text`` is built only when it is read (most events of a simulation or a
    replay never are): ``Event(kind, text, data)`` takes the finished line, or
    a zero-argument callable that makes it; :func:`later_event` (``Event.later``) takes a
    ``str.format`` template and its arguments (bound now, formatted on first
    read). The line is made once and kept. Equality, ``repr``, pickling and
    :meth:`to_json` are by ``(kind, text, data)``, however the text was given,
    and an Event is immutable, as the frozen dataclass it replaces was.
    """

    __slots__ = ("kind", "data", "_text")  # _text: the line, a callable, or (template, args)
    __match_args__ = ("kind", "text", "data")

    def __init__(self, kind: str, text: str | Callable[[], str], data: dict[str, Any] | None = None) -> None:
        _set_kind(self, kind)
        _set_text(self, text)
        _set_data(self, {} if data is None else data)

    @property
    def text(self) -> str:
        """The line a player reads (built on first read, then kept)."""
        made = self._text  # one read: a thread reading it at the same time makes the same line
        if type(made) is str:
            return made
        text = made[0].format(*made[1]) if type(made) is tuple else made()
        _set_text(self, text)
        return text

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **({"data": self.data} if self.data else {})}

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.kind, self.text, self.data) == (other.kind, other.text, other.data)  # type: ignore[attr-defined]

    def __hash__(self) -> int:  # as the frozen dataclass: raises TypeError for a dict ``data``
        return hash((self.kind, self.text, self.data))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.text, self.data))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_set_kind, _set_data, _set_text = (Event.__dict__[n].__set__ for n in ("kind", "data", "_text"))


def later_event(kind: str, template: str, args: tuple[Any, ...], data: dict[str, Any] | None = None) -> Event:
    """An :class:`Event` whose text is ``template.format(*args)``, made on first
    read (``args`` are taken now: pass values, not objects that change later).
    Also ``Event.later``."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_text(e, (template, args))
    _set_data(e, {} if data is None else data)
    return e


_new = object.__new__
Event.later = staticmethod(later_event)  # type: ignore[attr-defined]


def _fast_makers() -> tuple[Any, Any]:
    """Constructors of :class:`Event` and :class:`Action` that set their slots
    directly: the same objects as ``Event(kind, text, data)`` and
    ``Action(kind, args, seat)``, without the frozen ``__init__``'s per-field
    ``object.__setattr__`` (about twice as fast; engines build one or two of
    each per action)."""
    a_kind, a_args, a_seat = (Action.__dict__[n].__set__ for n in ("kind", "args", "seat"))
    new = object.__new__

    def event(kind: str, text: str | Callable[[], str], data: dict | None = None) -> Event:
        e = new(Event)
        _set_kind(e, kind)
        _set_text(e, text)
        _set_data(e, {} if data is None else data)
        return e

    def action(kind: str, args: dict | None = None, seat: int | None = None) -> Action:
        a = new(Action)
        a_kind(a, kind)
        a_args(a, {} if args is None else args)
        a_seat(a, seat)
        return a
    return event, action


fast_event, fast_action = _fast_makers()


#: The faces of an ordinary die, as labels for :class:`Expect`.
NUMBER_FACES = ("1", "2", "3", "4", "5", "6")


class Expect(Record):
    """The outside value a game waits for.

    ``kind``: ``"roll"`` (a die face 1..6, entered as ``Action(ROLL, {"face"})``)
    or ``"card"`` (a drawn card, entered as ``Action(action, {"card": {...}})``);
    ``purpose``: what it is for, in words for the screen (``"Check die of
    Maria"``); ``detail``: e.g. the card colour required; ``faces``: the label
    of each face 1..6 (``("Air", "Food", ...)`` for a symbol die);
    ``card_kind``: the catalogue kind of the card (``"event"``); ``seat``: who
    rolls or draws (None: anyone at the table); ``action``: the action kind
    that carries the value.
    """

    __slots__ = ("kind", "purpose", "detail", "faces", "card_kind", "seat", "action")

    def __init__(self, kind: str, purpose: str, detail: str = "", faces: tuple[str, ...] = NUMBER_FACES,
                 card_kind: str = "", seat: int | None = None, action: str = ROLL) -> None:
        fill(self, kind, purpose, detail, faces, card_kind, seat, action)


class Seat(Record):
    """One side at the table: ``index`` 0.. in table order (clockwise), ``name``
    as entered at setup, ``colour`` a colour name (``"red"``), ``mark`` a
    short sign that is not colour alone (``"1"``, ``"A"``)."""

    __slots__ = ("index", "name", "colour", "mark")

    def __init__(self, index: int, name: str, colour: str, mark: str = "") -> None:
        fill(self, index, name, colour, mark)


class Turn(Record):
    """Who may act now.

    ``seats``: the seat indices that may act; ``mode``: ``"one"`` (a seat's
    turn), ``"several"`` (simultaneous play or a reaction window: each of
    ``seats`` may act, in any order), or ``"table"`` (anyone: a co-op game,
    chance entered by whoever is nearest; an action with ``seat=None`` is
    accepted); ``done``: in ``"several"``, the seats that have finished
    (shown on screen); ``label``: words for the top bar (``"Anna's turn"``).
    """

    __slots__ = ("seats", "mode", "done", "label")

    def __init__(self, seats: tuple[int, ...], mode: str = "one", done: tuple[int, ...] = (), label: str = "") -> None:
        fill(self, seats, mode, done, label)

    def admits(self, seat: int | None) -> bool:
        """True if an action by ``seat`` may be taken now (see ``mode``)."""
        if seat is None:
            return self.mode == "table"
        return seat in self.seats


class Standing(Record):
    """One line of a ranking: ``seat``, ``place`` 1.. (equal places for a tie),
    ``score`` (points, Experience...; None where the game has none), ``detail``
    (``"58 tournament points"``)."""

    __slots__ = ("seat", "place", "score", "detail")

    def __init__(self, seat: int, place: int, score: int | None = None, detail: str = "") -> None:
        fill(self, seat, place, score, detail)


class Result(Record):
    """How a game ended: ``winners`` (seat indices; one, several for a shared
    win, every seat for a co-op win, none for a co-op loss), ``ranking`` in
    place order, ``sentence`` for the end screen, ``code`` a stable word
    (``"won"``, ``"lost"``, ``"win"``, ``"shared"``)."""

    __slots__ = ("winners", "ranking", "sentence", "code")

    def __init__(self, winners: tuple[int, ...], ranking: tuple[Standing, ...], sentence: str, code: str) -> None:
        fill(self, winners, ranking, sentence, code)


class CardKind(Record):
    """A kind of card the players enter once and pick by name afterwards.

    ``kind`` (``"event"``), ``title`` (``"Event card"``), ``parse(entry) ->
    dict``: the card as printed, normalised; raises ``ValueError`` naming the
    wrong field (the card's name is ``entry["name"]``); ``builtin``: cards the
    rulebook prints, always in the catalogue (may be empty); ``group(card) ->
    str``: how the picker groups cards (a colour, a type; "" for none);
    ``file``: the catalogue's file name if the game keeps a historic one.
    """

    __slots__ = ("kind", "title", "parse", "builtin", "group", "file")

    def __init__(self, kind: str, title: str, parse: Callable[[Any], dict[str, Any]],
                 builtin: tuple[dict[str, Any], ...] = (), group: Callable[[dict[str, Any]], str] | None = None,
                 file: str = "") -> None:
        fill(self, kind, title, parse, builtin, _no_group if group is None else group, file)


def _no_group(card: dict[str, Any]) -> str:
    """A :class:`CardKind`'s ``group`` when it has none: every card in one group ("")."""
    return ""


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
    PLAYERS: tuple[int, int]
    ACTIONS: dict[str, Any]
    CARD_KINDS: dict[str, CardKind]

    def new_game(self, options: dict[str, Any]) -> Any: ...
    def default_options(self, players: int | None = None, seed: int = 0) -> dict[str, Any]: ...
    def seats(self, state: Any) -> tuple[Seat, ...]: ...
    def to_act(self, state: Any) -> Turn: ...
    def legal_actions(self, state: Any) -> list[Action]: ...
    def check(self, state: Any, action: Action) -> Rejection | None: ...
    def apply(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]: ...
    def phase(self, state: Any) -> str: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> Result | None: ...
    def expects(self, state: Any) -> Expect | None: ...
    def last_roll(self, state: Any) -> tuple[str, int] | None: ...
    def die_faces(self, state: Any) -> tuple[str, ...]: ...
    def summary(self, state: Any) -> dict[str, Any]: ...
    def invariants(self, state: Any) -> list[str]: ...
    def random_action(self, state: Any, rng: Any) -> Action: ...


#: Where the shared layers' own refusals come from (they are not rulebook rules).
COMPANION_RULE = "companion"


def validate(game: Game, action: Action) -> Rejection | None:
    """The session boundary's check of ``action``'s form against ``game.ACTIONS``,
    before the rules see it: a known kind (text), a seat that is None or a
    seat number, a payload of bounded size and depth that fits its declared
    shape exactly. Returns a :class:`Rejection` (code ``"malformed"``, rule
    ``"companion"``) saying what is wrong in words, or None."""
    from .shapes import size_problem

    kind = action.kind
    if type(kind) is not str:
        return Rejection("malformed", f"An action's kind must be text, not {kind!r}.", COMPANION_RULE)
    shape = game.ACTIONS.get(kind)
    if shape is None:
        known = ", ".join(sorted(game.ACTIONS))
        return Rejection("unknown_action", f"{game.TITLE} has no move called {kind!r} (moves: {known}).",
                         COMPANION_RULE)
    seat = action.seat
    if seat is not None and (type(seat) is not int or not 0 <= seat < 8):
        return Rejection("malformed", f"The seat must be a seat number, not {seat!r}.", COMPANION_RULE)
    problem = size_problem(action.args) or shape.problem(action.args)
    if problem:
        return Rejection("malformed", f"This {kind} move cannot be read: {problem}.", COMPANION_RULE)
    return None


def seat_problem(turn: Turn, action: Action, seats: tuple[Seat, ...], rule: str) -> Rejection | None:
    """A rejection (code ``"not_your_turn"``, citing ``rule``) when ``turn``
    does not admit ``action.seat``; for games to call first in ``check``.
    A :data:`TABLE_ACTIONS` kind with ``seat=None`` is always admitted."""
    if turn.admits(action.seat) or (action.seat is None and action.kind in TABLE_ACTIONS):
        return None
    names = {s.index: s.name for s in seats}
    who = names.get(action.seat, f"Seat {action.seat}") if action.seat is not None else "The table"
    now = " or ".join(names.get(i, str(i)) for i in turn.seats) or "nobody"
    return Rejection("not_your_turn", f"{who} may not act now: it is up to {now}.", rule)


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

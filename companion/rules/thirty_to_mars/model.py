"""30 to Mars: the things on the table, as frozen data (standard library only).

Source: ``shared/rules/30-to-mars.txt``. Terms are the rulebook's own:
Marsonaut, Bay, Workspace, Event Terminal, Repair Kit, Accident day.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as _dc_replace
from typing import Any

from ..shapes import has_control

RULEBOOK = "30-to-mars.txt"

DAYS = 30                 # "30 to Mars": the ship reaches Mars after day 30
START_RESOURCES = 30      # Setup 7: 30 of each resource
MAX_RESOURCE = 30         # decision: a resource never exceeds its 30 tokens (see rules.gain_resource)
MAX_EFFECT = 30           # decision: a card's symbol moves at most 30 (a resource's whole track), either sign
MAX_DIFFICULTY = 36       # decision: a card's printed Event Difficulty (Event Card anatomy, 2.) is 1 to 36
MAX_REPAIR_KITS = 4       # Fixing Workspaces: "at most 4"
WORKSPACES_PER_BAY = 4    # Breaking Workspaces: "Each Bay has 4 Workspaces"
MIN_STAT, MAX_STAT = 1, 10  # Health and Sanity: "1 to 10"
CREW_SIZE = 4

# Resources, in this fixed order everywhere (tuple indices).
OXYGEN, FUEL, FOOD, SPARES = "oxygen", "fuel", "food", "spares"
RESOURCES = (OXYGEN, FUEL, FOOD, SPARES)
RESOURCE_INDEX = {r: i for i, r in enumerate(RESOURCES)}
RESOURCE_NAMES = {OXYGEN: "Oxygen", FUEL: "Fuel", FOOD: "Food", SPARES: "Spares"}

# Bays. 0 is the Sleeping Bay (no Workspaces, no production); 1..6 are the
# Event location numbers of "Game Symbols".
SLEEPING_BAY = 0
COCKPIT, RECREATION, MEDICAL, CARGO, GREEN_HOUSE, LABORATORY = 1, 2, 3, 4, 5, 6
BAYS = (COCKPIT, RECREATION, MEDICAL, CARGO, GREEN_HOUSE, LABORATORY)
BAY_NAMES = {
    SLEEPING_BAY: "Sleeping Bay", COCKPIT: "Ship Cockpit", RECREATION: "Recreation Bay",
    MEDICAL: "Medical Bay", CARGO: "Cargo Bay", GREEN_HOUSE: "Green House", LABORATORY: "Laboratory",
}
# Resource Generation: what one working Marsonaut makes in a Bay. The Cargo
# Bay is missing from that list; decision (Engineer's bonus and the planner
# chart "Engineer - bay 4 (Cargo Bay) - Spares token"): it makes Spares.
SANITY, HEALTH = "sanity", "health"
BAY_PRODUCES = {COCKPIT: FUEL, RECREATION: SANITY, MEDICAL: HEALTH,
                CARGO: SPARES, GREEN_HOUSE: FOOD, LABORATORY: OXYGEN}

ROLES = ("Navigator", "Administrator", "Operator", "Coordinator")
GREEN, YELLOW, RED = "green", "yellow", "red"
COLOURS = (GREEN, YELLOW, RED)
# Game Components: 59 green Routine (+3 Tutorial), 20 yellow Trouble, 10 red Accident.
DECK_SIZES = {GREEN: 59, YELLOW: 20, RED: 10}
TUTORIAL_GREEN_CARDS = 30  # Setup 3 NB: "Use only 30 Green Routine Cards including 3 tutorial ones"
TUTORIAL_CARDS = 3         # of them tutorial cards (Game Components: "3 Green 'Tutorial' Cards")


@dataclass(frozen=True, slots=True)
class Profile:
    """A Marsonaut Player Sheet (rulebook "Marsonaut Profiles")."""

    key: str            # short id used in actions and files: "larisa"
    name: str           # full name on the sheet
    short: str          # name on screen
    profession: str
    bonus_bay: int      # the Bay of the profession bonus
    ability: str        # Special Ability id
    ability_text: str


PROFILES: dict[str, Profile] = {p.key: p for p in (
    Profile("larisa", "Larisa Ivanovna Pirogova", "Larisa", "Physician", MEDICAL, "reduce_difficulty",
            "Decrease event difficulty by a die roll"),
    Profile("stan", "Stan Lee Kub Reek", "Stan", "Psychiatrist", RECREATION, "prevent_sanity_loss",
            "Prevent Sanity loss for a friend"),
    Profile("jean-louis", "Jean-Louis Cousteau", "Jean-Louis", "Scientist", LABORATORY, "double_die",
            "Double any one die result"),
    Profile("john", "John Fitzgerald Brown Jr.", "John", "Engineer", CARGO, "add_die",
            "Add 1 die to any roll"),
    Profile("maria", "Maria Luiza Ambrosio", "Maria", "Botanist", GREEN_HOUSE, "reroll",
            "Re-roll any die, up to two times"),
    Profile("dieter", "Dieter Von Braun", "Dieter", "Pilot", COCKPIT, "redraw",
            "Re-draw the event card just drawn"),
)}

# Effect symbols (rulebook "Game Symbols"). An Effect is one symbol with a count.
# Resource, Sanity and Health symbols carry a signed amount (+ gain, - loss).
EFFECT_SYMBOLS = (
    OXYGEN, FUEL, FOOD, SPARES,
    "any_resource",        # any Resource of your choice
    SANITY, HEALTH,        # Sanity Point, Health Point
    "workspace_breaks",    # Workspace Breaks (count, in the event's Bay)
    "draw_yellow",         # Must Draw Yellow Card
    "draw_red",            # Must Draw Red Card (same turn)
    "repair_kit",          # You get Repair Kit (count)
)
SIGNED_SYMBOLS = frozenset({OXYGEN, FUEL, FOOD, SPARES, "any_resource", SANITY, HEALTH})
SYMBOL_NAMES = {OXYGEN: "Oxygen", FUEL: "Fuel", FOOD: "Food", SPARES: "Spares",
                "any_resource": "any Resource", SANITY: "Sanity", HEALTH: "Health",
                "workspace_breaks": "Workspace breaks", "draw_yellow": "Draw Yellow card",
                "draw_red": "Draw Red card", "repair_kit": "Repair Kit"}
# The four results of an event card (card anatomy 4-7).
RESULTS = ("success", "failure", "inevitable_positive", "inevitable_negative")
#: why an amount against its result is asked about (:meth:`EventCard.contrary_signs`), with its section
SIGNS_WHY = ("The check passes with the positive consequences and fails with a negative set (30-to-mars.txt, "
             "Resolving the Problem): an amount against its result is most likely a sign entered wrong.")
RESULT_NAMES = {"success": "Check Positive", "failure": "Check Negative",
                "inevitable_positive": "Inevitable Positive", "inevitable_negative": "Inevitable Negative"}


@dataclass(frozen=True, slots=True)
class Effect:
    """One printed symbol with its count: ``Effect("oxygen", -2)`` is "lose 2
    Oxygen"; ``Effect("workspace_breaks", 1)``. ``symbol`` is one of
    :data:`EFFECT_SYMBOLS`."""

    symbol: str
    amount: int

    def text(self) -> str:
        name = SYMBOL_NAMES[self.symbol]
        if self.symbol in SIGNED_SYMBOLS:
            return f"{self.amount:+d} {name}"
        return name if self.amount == 1 else f"{name} x{self.amount}"


_EFFECTS: dict[tuple[str, int], Effect] = {}


def _effects(raw: dict[str, int] | None) -> tuple[Effect, ...]:
    """A result's printed symbols as :class:`Effect` values (shared: they are
    frozen and compare by value), from a dict already checked."""
    if not raw:
        return ()
    out = []
    for item in raw.items():
        e = _EFFECTS.get(item)
        if e is None:
            e = _EFFECTS[item] = Effect(*item)
        out.append(e)
    return tuple(out)


MAX_CARD_NAME = 60
CARD_FIELDS = ("name", "colour", "difficulty", "location", *RESULTS, "tutorial")


@dataclass(frozen=True, slots=True)
class EventCard:
    """A drawn event card's printed fields, as entered by the players.

    ``colour``: green | yellow | red. ``difficulty``: the sum the check must
    reach, or ``None`` for "Roll the dice to determine". ``location``: Bay
    1..6, or ``None`` for "Roll the dice to determine". Each result is a tuple
    of :class:`Effect` (rulebook card anatomy 4-10).
    """

    name: str
    colour: str
    difficulty: int | None
    location: int | None
    success: tuple[Effect, ...] = ()
    failure: tuple[Effect, ...] = ()
    inevitable_positive: tuple[Effect, ...] = ()
    inevitable_negative: tuple[Effect, ...] = ()
    tutorial: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "colour": self.colour,
                               "difficulty": self.difficulty, "location": self.location}
        for r in RESULTS:
            effects = getattr(self, r)
            if effects:
                out[r] = {e.symbol: e.amount for e in effects}
        if self.tutorial:
            out["tutorial"] = True
        return out

    def contrary_signs(self) -> list[str]:
        """The amounts whose sign goes against their result, as "Check Negative: Health +8": a gain in a
        negative result or a loss in a positive one (:data:`SIGNS_WHY`), most likely a sign entered wrong;
        the card is still valid (a warning, never a refusal)."""
        out = []
        for r in RESULTS:
            negative = r in ("failure", "inevitable_negative")
            for e in getattr(self, r):
                if e.symbol in SIGNED_SYMBOLS and (e.amount > 0) == negative:
                    out.append(f"{RESULT_NAMES[r]}: {SYMBOL_NAMES[e.symbol]} {e.amount:+d}")
        return out

    @staticmethod
    def trusted(data: dict[str, Any]) -> "EventCard":
        """The card :meth:`from_json` makes of ``data``, without checking it
        again: for ``apply``, after ``check`` (and the session's payload
        shape) accepted it."""
        get = data.get
        return EventCard(data["name"].strip(), data["colour"], get("difficulty"), get("location"),
                         *[_effects(get(r)) for r in RESULTS], bool(get("tutorial")))

    @staticmethod
    def from_json(data: dict[str, Any]) -> "EventCard":
        """Build from ``{"name", "colour", "difficulty", "location", "success": {symbol: amount}, ...}``.

        Raises ``ValueError`` naming the field that is wrong.
        """
        if not isinstance(data, dict):
            raise ValueError("a card is an object of its printed fields")
        unknown = [k for k in data if k not in CARD_FIELDS]
        if unknown:
            raise ValueError(f"a card has no field {str(unknown[0])[:40]!r} (fields: {', '.join(CARD_FIELDS)})")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_CARD_NAME:
            raise ValueError(f"the card needs a name of 1 to {MAX_CARD_NAME} characters")
        if has_control(name):
            raise ValueError("the card's name must be one line of printable text")
        colour = data.get("colour")
        if type(colour) is not str or colour not in COLOURS:
            raise ValueError(f"colour must be one of {', '.join(COLOURS)}")
        difficulty = data.get("difficulty")
        if difficulty is not None and (type(difficulty) is not int or not 1 <= difficulty <= MAX_DIFFICULTY):
            raise ValueError(f"difficulty must be a number 1..{MAX_DIFFICULTY}, or empty for 'roll to determine'")
        location = data.get("location")
        if location is not None and (type(location) is not int or location not in BAYS):
            raise ValueError("location must be a Bay 1..6, or empty for 'roll to determine'")
        results: dict[str, tuple[Effect, ...]] = {}
        for r in RESULTS:
            raw = data.get(r) or {}
            if not isinstance(raw, dict):
                raise ValueError(f"{r} must map symbols to amounts")
            if "tutorial" in data and type(data["tutorial"]) is not bool:
                raise ValueError("tutorial must be true or false")
            effects = []
            for symbol, amount in raw.items():
                if symbol not in EFFECT_SYMBOLS:
                    raise ValueError(f"unknown symbol {symbol!r} in {r}")
                if type(amount) is not int or amount == 0 or abs(amount) > MAX_EFFECT:
                    raise ValueError(f"{symbol} in {r} must be a whole amount from 1 to {MAX_EFFECT} "
                                     f"(or -1 to -{MAX_EFFECT}), "
                                     f"not {repr(amount)[:20]}")
                if symbol not in SIGNED_SYMBOLS and amount < 0:
                    raise ValueError(f"{symbol} in {r} is a count and cannot be negative")
                effects.append(Effect(symbol, amount))
            results[r] = tuple(effects)
        return EventCard(name.strip(), colour, difficulty, location, tutorial=bool(data.get("tutorial")),
                         **results)


@dataclass(frozen=True, slots=True)
class Marsonaut:
    """One crew member. ``health`` 0..10 (0 only while knocked out),
    ``sanity`` 1..10; ``knocked_out_day`` is the day they fell (0 = Active);
    ``warded``: Stan's Special Ability will prevent their next Sanity loss."""

    key: str
    role: str
    health: int
    sanity: int
    knocked_out_day: int = 0
    warded: bool = False

    @property
    def active(self) -> bool:
        return self.knocked_out_day == 0

    @property
    def profile(self) -> Profile:
        return PROFILES[self.key]


@dataclass(frozen=True, slots=True)
class Pending:
    """Something the table must supply before the game goes on.

    ``kind``: ``"roll"`` or ``"choose"``; ``purpose``: what for (``"sanity"``,
    ``"health"``, ``"accident"``, ``"location"``, ``"difficulty"``, ``"check"``,
    ``"extra_die"``, ``"reroll"``, ``"reduce"``; for choices ``"discard"``,
    ``"break"``, ``"gain"``, ``"lose"``, ``"health_target"``,
    ``"sanity_target"``); ``who``: crew index or -1; ``index``: die index for
    a re-roll; ``amount``: how many points/tokens the choice is for.
    """

    kind: str
    purpose: str
    who: int = -1
    index: int = -1
    amount: int = 1


@dataclass(frozen=True)
class State:
    """The whole game at one moment (frozen; replace, never mutate).

    Shapes: ``crew`` 4 :class:`Marsonaut`; ``resources`` 4 ints in
    :data:`RESOURCES` order; ``broken`` 6 ints, broken Workspaces of Bays 1..6;
    ``placement`` a Bay 0..6 per crew member; ``dice`` the check dice faces in
    the order rolled; ``demand`` the colours of the cards results have
    demanded and that are still to be drawn today, in order; ``deck_left``
    cards left per colour (green, yellow, red); ``tutorial_left`` how many
    of the green deck's cards are tutorial cards (0 in the normal game).
    """

    tutorial: bool
    crew: tuple[Marsonaut, ...]
    step: str
    day: int = 0
    resources: tuple[int, int, int, int] = (START_RESOURCES,) * 4
    broken: tuple[int, ...] = (0,) * 6
    repair_kits: int = 0
    accident_days: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    event: EventCard | None = None
    location: int | None = None
    difficulty: int | None = None
    reduction: int = 0
    placement: tuple[int, ...] = (SLEEPING_BAY,) * 4
    placed: bool = False
    dice: tuple[int, ...] = ()
    rerolls_left: int = 0
    passed: bool | None = None
    demand: tuple[str, ...] = ()
    event_bays: tuple[int, ...] = ()
    terminal: tuple[str, ...] = ()
    deck_left: tuple[int, int, int] = (DECK_SIZES[GREEN], DECK_SIZES[YELLOW], DECK_SIZES[RED])
    result: str | None = None
    tutorial_left: int = 0
    before_roll: "State | None" = field(default=None, compare=False, repr=False)
    last_face: int = 0  # the face of the roll CORRECT_ROLL would replace (0: none)


_FIELDS = frozenset(State.__dataclass_fields__)
_new = object.__new__
_setattr = object.__setattr__


def replace(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for :class:`State` and the other frozen
    records here, without re-running ``__init__``: State keeps no invariants
    in ``__init__``, and this copy is the engine's hottest path (about 10x
    faster: one merged dict). Raises ``TypeError`` for an unknown field.
    """
    if type(obj) is not State:
        if type(obj) is Marsonaut:
            return _replace_marsonaut(obj, changes)
        return _dc_replace(obj, **changes)
    merged = {**obj.__dict__, **changes}
    if len(merged) != _NFIELDS:  # every State holds exactly its fields: a longer dict has an unknown one
        raise TypeError(f"State has no field(s) {sorted(changes.keys() - _FIELDS)}")
    new = _new(State)
    _setattr(new, "__dict__", merged)
    return new


_NFIELDS = len(_FIELDS)
_CREW_FIELDS = ("key", "role", "health", "sanity", "knocked_out_day", "warded")


def _replace_marsonaut(m: Marsonaut, changes: dict[str, Any]) -> Marsonaut:
    """``dataclasses.replace`` for a :class:`Marsonaut` (all its fields are
    init fields), without its generic field walk."""
    if not changes.keys() <= _CREW_FIELDS_SET:
        return _dc_replace(m, **changes)  # raises its TypeError
    return Marsonaut(*[changes[f] if f in changes else getattr(m, f) for f in _CREW_FIELDS])


_CREW_FIELDS_SET = frozenset(_CREW_FIELDS)

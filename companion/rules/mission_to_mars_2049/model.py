"""Mission to Mars 2049: the game's facts (costs, counts, the die) and its state.

Source: ``shared/rules/mission-to-mars-2049.txt``. No board geometry: a colony
is its chain of Bases by distance to the North Pole (Base 1, the First Base,
on the outer ring; each new Base one ring closer), and every Resource Station
and Laboratory is attached to one Base of the player who controls it. A
building is active exactly while the Base it is attached to stands (caption:
"When the Armageddon card destroys a base, stations built around it become
inactive").

The state is made of frozen dataclasses holding tuples. They are copied with
:func:`replace`, a fast shallow copy (``dataclasses.replace`` re-runs
``__init__`` and costs several times more; the engine copies a state on every
action).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..contract import Seat

RULEBOOK = "mission-to-mars-2049.txt"

# --------------------------------------------------------------------------- resources
AIR, FOOD, MINERALS = 0, 1, 2
RESOURCES = ("air", "food", "minerals")            # 1.3.1: "three types of resources"
RESOURCE_NAMES = ("Air", "Food", "Minerals")
STATION_NAMES = ("Air", "Food", "Mineral")          # "... Station": 3.6, 3.7.1 ("Mineral Stations")
ROAD_CARD = "road"                                 # a Road card: not a Resource card (1.3.3)
TOKEN_SIZES = (3, 8)                               # 3.8: "(3) Resource Token ... (8) Token"
MAX_ROAD_CARDS = 3                                 # 3.11.4
START_CARDS = (2, 2, 2)                            # 3.2
START_STATIONS = 3                                 # 3.2: the First Base comes with one Station of each type
#: The Game Bank's Resource cards (Air, Food, Minerals) and Road cards in the box (2.1). The rulebook
#: shows the piles but does not count them; decision: 25 of each resource and 15 Road cards (the box holds
#: 120 cards, 30 of them Mission Cards), and a table whose box differs gives its counts at setup
#: (``new_game``'s ``bank`` option). Resource Tokens are not counted by the rulebook and not tracked.
BANK_BOX = (25, 25, 25, 15)
BANK_ROAD = 3                                      # index of the Road cards in ``State.bank``

# --------------------------------------------------------------------------- buildings (2.2)
BASES = 5
STATIONS_PER_TYPE = 5

# Building Costs (3.6), as (Air, Food, Minerals).
STATION_COST = ((0, 2, 2), (2, 0, 2), (2, 2, 0))   # Air, Food, Mineral Station
BASE_COST = (3, 3, 3)
LAB_COST = (0, 4, 3)     # Laboratory (3); the (2) "pay again" (3.9.2): the same price
MISSION_COST = ((3, 1, 0), (1, 0, 3))              # Peaceful, Aggressive
ROAD_COST = 3                                      # Road cards
H2O_COST = (8, 8, 8)

# --------------------------------------------------------------------------- the die (3.5)
SYMBOLS = ("air", "food", "minerals", "robbery", "discovery", "skip")
SYMBOL_NAMES = {"air": "Air", "food": "Food", "minerals": "Minerals", "robbery": "Robbery",
                "discovery": "Discovery", "skip": "Skip a turn"}
DEFAULT_FACES = SYMBOLS   # face 1 Air, 2 Food, 3 Minerals, 4 Robbery, 5 Discovery, 6 Skip a turn

# --------------------------------------------------------------------------- Starting Points (3.1)
START_POINTS = {2: (1, 2), 3: (1, 5, 6), 4: (1, 2, 3, 4)}

# --------------------------------------------------------------------------- Mission Cards (4.1)
PEACEFUL, AGGRESSIVE = 0, 1
DECKS = ("peaceful", "aggressive")
DECK_NAMES = ("Peaceful", "Aggressive")
#: Mission Card kinds in rulebook order; index = position in ``State.used``.
MISSIONS = ("build", "assistance", "resource", "laboratory", "productivity", "protection",
            "crimean", "sabotage", "grand_theft", "capture", "black_friday", "armageddon")
MISSION_DECK = (0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1)
MISSION_COUNT = (4, 4, 3, 2, 1, 1, 5, 4, 1, 1, 2, 2)
DECK_SIZE = (15, 15)
MISSION_INDEX = {m: i for i, m in enumerate(MISSIONS)}
PROTECTION = MISSION_INDEX["protection"]
PRODUCTIVITY = MISSION_INDEX["productivity"]
ARMAGEDDON = MISSION_INDEX["armageddon"]
LABORATORY = MISSION_INDEX["laboratory"]
#: The kinds whose footer says "play immediately" (4.1: "Armageddon Mission (Powerful! Play immediately!)").
IMMEDIATE = frozenset({"armageddon"})

# --------------------------------------------------------------------------- tournament points (5.0)
POINTS_BASE, POINTS_STATION, POINTS_LAB, POINTS_ROAD = 3, 1, 3, 6
POINTS_ROAD_CARD, POINTS_MISSION, POINTS_H2O, POINT_VICTORY = 1, 2, 20, 49

# --------------------------------------------------------------------------- phases
ROLLOFF = "rolloff"        # 3.3 Who starts the game?: seats roll in turn until one rolls Air
ROLL = "roll"              # the current player's roll (3.4.1)
ROB = "rob"                # Robbery or Grand Theft: the blind draw(s), entered by type
DISCOVERY = "discovery"    # Discovery: the roller takes 1 card of any resource or a Road card
SKIP_BONUS = "skip_bonus"  # a second Skip in a row: 1 card of any resource or Road, then the turn ends
MAIN = "main"              # trade, change, build, buy and play (3.4.2)
IMMEDIATE_PLAY = "immediate"  # a bought play-immediately card must be played now
PROTECT = "protect"        # a reaction window: the targets of an Aggressive card may use Protection
OVER = "over"
PHASES = (ROLLOFF, ROLL, ROB, DISCOVERY, SKIP_BONUS, MAIN, IMMEDIATE_PLAY, PROTECT, OVER)
OWN_TURN_PHASES = frozenset({ROLL, ROB, DISCOVERY, SKIP_BONUS, MAIN, IMMEDIATE_PLAY})


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (field names
    only, unchecked): a shallow copy of its ``__dict__``."""
    d = obj.__dict__.copy()
    d.update(changes)
    new = _new(obj.__class__)
    _setattr(new, "__dict__", d)
    return new


_new = object.__new__
_setattr = object.__setattr__


@dataclass(frozen=True)
class Colony:
    """One player's colony and hand.

    ``cards``, ``tok3``, ``tok8``: Resource cards and (3)/(8) Resource Tokens,
    each (Air, Food, Minerals); ``roads``: Road cards 0..3; ``bases``: the
    standing Bases, a chain 1..5 (Base k is k-1 rings inward of the First Base);
    ``stations``: the Resource Stations this player controls (built or stolen),
    each ``(resource 0..2, colour: the seat of its original owner, base k it is
    attached to)``; ``lab3``, ``lab2``: the Base k a Laboratory is attached to
    (0: not built); ``road``, ``h2o``: built; ``supply``: station tokens of this
    player's colour not on the map, per resource (2.2: 5 each); ``peaceful``,
    ``aggressive``: Mission Cards held, identity unknown until played (4.0.4);
    ``bought``: Mission Cards bought in the game (5.0); ``skips``: own rolls of
    Skip a turn in a row (3.5); ``captured``: see :func:`captured`;
    ``active``: the Stations per resource whose Base stands (kept by
    :func:`with_map`, so production need not count them).
    """

    cards: tuple[int, int, int] = START_CARDS
    tok3: tuple[int, int, int] = (0, 0, 0)
    tok8: tuple[int, int, int] = (0, 0, 0)
    roads: int = 0
    bases: int = 1
    stations: tuple[tuple[int, int, int], ...] = ()
    lab3: int = 0
    lab2: int = 0
    road: bool = False
    h2o: bool = False
    supply: tuple[int, int, int] = (STATIONS_PER_TYPE - 1,) * 3
    peaceful: int = 0
    aggressive: int = 0
    bought: int = 0
    skips: int = 0
    captured: int = 0
    active: tuple[int, int, int] = (1, 1, 1)


@dataclass(frozen=True)
class Attack:
    """An Aggressive Mission Card waiting for its targets' Protection answers:
    ``card`` (a :data:`MISSIONS` id), ``by`` the seat who plays it, ``target``
    seat (-1: none), ``station`` index in the target's stations (-1), ``base``
    the attacker's Base k for a stolen station (0: newest), ``resource``
    0..2 (-1), ``protected`` the seats that used Protection."""

    card: str
    by: int
    target: int = -1
    station: int = -1
    base: int = 0
    resource: int = -1
    protected: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """A whole game (see the module docstring of ``engine`` for the phases).

    ``seats``: the players in table (clockwise) order; ``faces``: the symbol
    of die faces 1..6; ``victory_49``: the optional 49-point victory (5.0);
    ``colonies``: one :class:`Colony` per seat; ``phase``; ``current``: whose
    turn; ``roller``: who rolls in the roll-off; ``face``: this turn's roll
    (0: none yet); ``produced``: the resource produced this turn (-1: none),
    which other players may change into tokens (Q.7); ``bought``, ``played``:
    a Mission Card bought / played this turn (4.0.2); ``rob_victim`` (-1: the
    robber names one) and ``rob_left``: blind draws still to enter;
    ``attack``: the card in a Protection window and ``react`` the seats still
    to answer; ``pile``: Mission Cards in each face-down pile; ``used``: used
    Mission Cards by kind (:data:`MISSIONS` order); ``turn``: turns begun;
    ``winner``: seat (-1 while playing) and ``win_by`` (``"h2o"``,
    ``"points"``); ``productivity_any_time``: the Productivity Mission may be
    played on any turn, before or after the roll (4.1; false: the house
    option of MA-21, only on the holder's own turn after the roll); ``box``:
    the Game Bank's cards in the box (Air, Food, Minerals, Road cards;
    :data:`BANK_BOX`) and ``bank`` those in the bank now (the rest are in the
    players' hands, 2.1); ``before_roll``: the state the last action, a roll, was
    applied to (for ``correct_roll``), else None; ``rolled``: the face of the
    most recent roll; ``fresh``: the Resource Stations the player whose turn it
    is built and paid for this turn, each ``(resource 0..2, base k)`` (emptied
    when the die passes on): a Base built over one of them pays its price back
    (7. F.A.Q. Q.2, :func:`refund`); ``blind``: the Resource cards the player whose turn it is drew blind this turn
    (3.5 Robbery: "Draw blind without seeing the cards"; the Grand Theft Mission), whose kinds only the robber and
    the victim know (0 when the die passes on).
    """

    seats: tuple[Seat, ...]
    faces: tuple[str, ...] = DEFAULT_FACES
    victory_49: bool = False
    colonies: tuple[Colony, ...] = ()
    phase: str = ROLLOFF
    current: int = 0
    roller: int = 0
    face: int = 0
    produced: int = -1
    bought: bool = False
    played: bool = False
    rob_victim: int = -1
    rob_left: int = 0
    attack: Attack | None = None
    react: tuple[int, ...] = ()
    pile: tuple[int, int] = DECK_SIZE
    used: tuple[int, ...] = (0,) * len(MISSIONS)
    turn: int = 0
    winner: int = -1
    win_by: str = ""
    productivity_any_time: bool = True
    box: tuple[int, int, int, int] = BANK_BOX
    bank: tuple[int, int, int, int] = BANK_BOX
    before_roll: "State | None" = None
    rolled: int = 0
    fresh: tuple[tuple[int, int], ...] = ()  # a default: states stored before it load with none
    blind: int = 0  # a default: states stored before it load with none


# --------------------------------------------------------------------------- derived facts

def value(c: Colony, r: int) -> int:
    """What a player holds of resource ``r``: cards + 3 per (3) token + 8 per (8) token (3.8.1)."""
    return c.cards[r] + 3 * c.tok3[r] + 8 * c.tok8[r]


def affords(c: Colony, cost: tuple[int, int, int]) -> bool:
    """True if ``c`` can pay ``cost`` (Air, Food, Minerals) with cards and tokens."""
    a, t3, t8 = c.cards, c.tok3, c.tok8
    return (a[0] + 3 * t3[0] + 8 * t8[0] >= cost[0] and a[1] + 3 * t3[1] + 8 * t8[1] >= cost[1]
            and a[2] + 3 * t3[2] + 8 * t8[2] >= cost[2])


def rate(c: Colony) -> int:
    """The bank rate: 2 with an active (2) Laboratory, 3 with an active (3), else 4 (3.9)."""
    if c.lab2 and c.lab2 <= c.bases:
        return 2
    if c.lab3 and c.lab3 <= c.bases:
        return 3
    return 4


def count_active(stations: tuple[tuple[int, int, int], ...], bases: int) -> tuple[int, int, int]:
    """Stations per resource attached to Bases 1..``bases``."""
    a = [0, 0, 0]
    for s in stations:
        if s[2] <= bases:
            a[s[0]] += 1
    return a[0], a[1], a[2]


def base_over_spots(c: Colony) -> tuple[int, ...]:
    """The indexes in ``c.stations`` a new Base may be built over (Q.2 within 3.6.2 and Q.3): the Stations
    attached to Base ``c.bases`` or beyond it (a Base Armageddon destroyed), in the order held."""
    return tuple(i for i, s in enumerate(c.stations) if s[2] >= c.bases)


#: The intersections around a Base (3.6.2 "Build on the intersections of the coordinate lines", "You can only build
#: new buildings around your bases", "You can build both straight and diagonally"): 4 straight, 4 diagonal.
SPOTS_AROUND_BASE = 8


def spots_taken(c: Colony, k: int) -> int:
    """How many of the :data:`SPOTS_AROUND_BASE` intersections around ``c``'s standing Base ``k`` (1..5) are
    taken for certain, as far as the rulebook's text can tell without the board (spec MA-01): the Resource
    Stations and Laboratories attached to Base ``k``, and Bases ``k - 1`` and ``k + 1`` where they stand.

    Decision (an exact upper bound from the text; a Station or Laboratory is refused only where the board
    certainly has no room, :func:`has_room`):

    - 8 spots: buildings stand "on the intersections of the coordinate lines", "around your bases", "both
      straight and diagonally" (3.6.2): the 4 straight and 4 diagonal neighbours of the Base's intersection.
      The First Base stands on the map's outer ring (1.1 "You start the game with a Base on the outside of the
      map"), where the edge may leave fewer; the text does not say how many, so 8 is the bound for every Base.
    - Counted: every Station and Laboratory attached to Base ``k``, each on its own intersection (3.9.3 "any
      free spot"): the First Base's three starting Stations (3.3 Your First Base and Resource Stations), those
      built or placed by a Mission Card, and a Station stolen by its controller (Crimean Mission: "put it next
      to one of your bases"; it no longer counts at the Base it was taken from), whatever its star; the Bases
      next to it in the chain, Base ``k - 1`` and Base ``k + 1`` while it stands ("Always build new bases next
      to each other", 3.6.2; Q.3 "straight or diagonally towards the North Pole"): one spot each.
    - Not counted: the next Base still to be built (3.6.4 "Always leave room for your next Base" is advice:
      Q.2 answers a player who "blocked myself"), nor 3.3's "Leave two spots above the Base free, so that you
      can later choose" (the setup's advice, the same); a Base Armageddon destroyed (its token goes back to its
      owner, 4.1 Armageddon Mission: its spot is free); buildings attached to other Bases or of other players
      (one may also touch Base ``k``, but which does is a fact of the board, MA-01); the Road, built "from your
      last Base towards the center of the polar ice cap" (3.10.2) through the ice cap, not on a spot around the
      Base, and the H2O Station "on the Polar Ice Cap" (1.2.5), which ends the game.
    - A Base built over one of its own Stations (7. F.A.Q. Q.2) takes that Station's spot: the count around
      the Base next to it does not change (:func:`has_room` of the newest Base is asked only for a Base on a
      free spot, or over a Station that is not attached to it).

    So a Base holds at most 8 buildings while it stands alone (the First Base: its 3 Stations and 5 more), 7
    while it is the chain's first or last with a neighbour, 6 between two Bases.
    """
    n = (k > 1) + (k < c.bases)
    for s in c.stations:
        if s[2] == k:
            n += 1
    return n + (c.lab3 == k) + (c.lab2 == k)


def has_room(c: Colony, k: int) -> bool:
    """True if a Station, a Laboratory or the next Base may still go on a spot around ``c``'s Base ``k``
    (fewer than :data:`SPOTS_AROUND_BASE` taken, :func:`spots_taken`; 3.6.2)."""
    return spots_taken(c, k) < SPOTS_AROUND_BASE


#: roomy_bases() by the parts of a Colony it reads (its ``stations``, shared by the copies that leave them alone)
_ROOMY: dict[int, tuple] = {}


def roomy_bases(c: Colony) -> tuple[int, ...]:
    """The standing Bases 1..``c.bases`` with a free spot around them (:func:`has_room`), in chain order: each
    Base's spots counted in one pass over the Stations, and kept for the Colony's ``stations``, ``bases`` and
    Laboratories (asked at every ``legal_actions``: ``simulate --player legal``'s speed, issue 13)."""
    stations, bases, lab3, lab2 = c.stations, c.bases, c.lab3, c.lab2
    got = _ROOMY.get(id(stations))
    if got is not None and got[0] is stations and got[1] == bases and got[2] == lab3 and got[3] == lab2:
        return got[4]
    taken = [0] * (bases + 2)
    for s in stations:
        if 0 < s[2] <= bases:
            taken[s[2]] += 1
    for lab in (lab3, lab2):
        if 0 < lab <= bases:
            taken[lab] += 1
    out = tuple(k for k in range(1, bases + 1) if taken[k] + (k > 1) + (k < bases) < SPOTS_AROUND_BASE)
    if len(_ROOMY) > 256:
        _ROOMY.clear()
    _ROOMY[id(stations)] = (stations, bases, lab3, lab2, out)
    return out


def with_map(c: Colony, **changes: Any) -> Colony:
    """``c`` with its ``stations`` or ``bases`` changed, ``active`` recounted."""
    new = replace(c, **changes)
    new.__dict__["active"] = count_active(new.stations, new.bases)
    return new


def active_stations(c: Colony, r: int) -> int:
    """Stations of resource ``r`` this player controls whose Base stands."""
    return c.active[r]


def labs_built(c: Colony) -> bool:
    """Both Laboratories stand (3.9: one for 3 points, one for 2): a Laboratory Mission is then exchanged
    for another Peaceful card (4.1)."""
    return bool(c.lab3 and c.lab2)


def road_active(c: Colony) -> bool:
    """The Road works while the fifth Base stands (3.10.4)."""
    return c.road and c.bases == BASES


def captured(c: Colony) -> bool:
    """Blocked by a Capture Mission: no roll, no resources. ``captured`` counts
    the player's turn-starts still to come before the block ends: a Capture
    sets it to 2 (the next turn is skipped, the one after is played), a second
    Capture adds 1 (4.1 Aggressive Mission Cards: "until a full round has passed
    and it's the captured player's turn to go again")."""
    return c.captured > 0


def points(c: Colony) -> int:
    """Tournament (Productivity) points (5.0): Base 3, Station 1, Laboratory 3,
    Road 6, Road card 1, bought Mission Card 2, H2O Station 20. Stations count
    by controller, active or not; Bases and Laboratories on the map."""
    return (POINTS_BASE * c.bases + POINTS_STATION * len(c.stations)
            + POINTS_LAB * ((c.lab3 > 0) + (c.lab2 > 0)) + POINTS_ROAD * c.road
            + POINTS_ROAD_CARD * c.roads + POINTS_MISSION * c.bought + POINTS_H2O * c.h2o)


def symbol(state: State, face: int) -> str:
    return state.faces[face - 1]


def deck_unplayed(state: State, kind: int) -> int:
    """Copies of Mission kind ``kind`` not in the used pile (held, or in the pile)."""
    return MISSION_COUNT[kind] - state.used[kind]


def price_text(cost: tuple[int, int, int]) -> str:
    """``"2 Air, 2 Minerals"``: the non-zero parts of ``cost`` (Air, Food, Minerals), as 3.6's Building Costs
    print them."""
    return ", ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(cost) if n)


def refund(state: State, seat: int, over: int) -> tuple[int, int, int] | None:
    """What a Base built over Station ``over`` (an index in ``seat``'s stations) pays back, as (Air, Food,
    Minerals): the Station's price when ``seat`` built and paid for it this turn (``state.fresh``), else None.

    7. F.A.Q. Q.2: "You are allowed to build a Base over any Resource Station you own. However, if you have
    done this on one of your previous turns, you have to take that Resource Station off the map without
    getting back the resources you paid for it." So a Station built earlier in the same turn comes back with
    its price (spec MM-120). Alike Stations (same resource and Base) are one to the app, which models no board
    (MA-01): when one of them was built this turn, it is the one the Base goes over. A Station from the Build
    Mission cost nothing and one stolen (Crimean Mission) was not paid for: neither is in ``fresh``.
    """
    if seat != state.current or not state.fresh:
        return None
    r, colour, k = state.colonies[seat].stations[over]
    return STATION_COST[r] if colour == seat and (r, k) in state.fresh else None


def set_colony(state: State, seat: int, colony: Colony) -> State:
    """``state`` with seat ``seat``'s colony replaced."""
    cols = list(state.colonies)
    cols[seat] = colony
    return replace(state, colonies=tuple(cols))

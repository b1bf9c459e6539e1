"""Race to Mars: the things on the table, as frozen data (standard library only).

Source: ``shared/rules/race-to-mars.txt``. Terms are the rulebook's own:
Pre-launch, Post-launch, Crew deck, Rocket module, Trajectory, Hazard,
Experience, Insight, Boost, Asteroid, Headquarters.

Hidden things stay hidden: a Post-launch player's personal draw pile, hand and
discard pile are counts (``draw``, ``hand``, ``discard``); the cards they own
are known (``crew`` plus ``boosts`` and ``asteroids``), and the play area is
public. Cards become known when they are picked (Crew ability or Rocket module)
or become trajectory cards (their trajectory spaces and hazards).
"""
from __future__ import annotations

from dataclasses import dataclass

RULEBOOK = "race-to-mars.txt"

# Resources ("Resources"): four basic, two advanced; a wild basic stands for a basic only.
FUEL, HULL, NAVIGATION, VELOCITY = "fuel", "hull", "navigation", "velocity"
ENGINEERING, COMMUNICATION = "engineering", "communication"
BASIC = (FUEL, HULL, NAVIGATION, VELOCITY)
ADVANCED = (ENGINEERING, COMMUNICATION)
RESOURCES = BASIC + ADVANCED
WILD = "wild"            # the wild basic resource (Crew abilities, e.g. Starting card 1)
ANY = "any"              # a Boost (any of the six), or a space whose symbol the table has not entered
RESOURCE_NAMES = {FUEL: "Fuel", HULL: "Hull", NAVIGATION: "Navigation", VELOCITY: "Velocity",
                  ENGINEERING: "Engineering", COMMUNICATION: "Communication", WILD: "wild basic",
                  ANY: "any resource"}

# Hazards ("Hazards"): an item on a trajectory between spaces.
RED, YELLOW, GREEN = "red", "yellow", "green"
HAZARDS = (RED, YELLOW, GREEN)
#: What a trajectory lane holds: spaces (a resource symbol, or "any" when unknown) and hazards.
ITEMS = RESOURCES + (ANY,) + HAZARDS
#: Stands in a route for the Trajectory card until the table enters it (the rulebook does not print it):
#: a rocket stops before it, and the game asks for the card (action ``trajectory_card``).
UNENTERED = "trajectory card not entered"

#: "The Green hazard (on the Trajectory card)" (Hazards): one hazard across the card, met by every lane. When an
#: entry of the card shows a green on every lane it is held once (``State.trajectory_green``), not per lane, and
#: the routes meet it as the card's first item (where the screens put it).
TRAJECTORY_HAZARD = GREEN

LANES = 4               # decision: one lane per launch pad, one pad per Rocket card (4 colours)
SLOTS = 12              # "During the initial 12 rounds, add the leftover card to the trajectories"
SPACE_CARDS = 100       # Table of Contents: 100 Space cards
HEADQUARTERS = 10       # ... 10 Headquarters cards
STARTING_CARDS = 8      # ... 8 Starting cards ("There are eight different Starting cards in the game")
#: ... the supply's printed counts: "not meant to be limited. If you run out of them, use a substitute"
#: (never a refusal; a reminder): 40 Asteroid cards, 24 Boost cards, 25 Experience tokens
SUPPLY = {"Asteroid": 40, "Boost": 24, "Experience": 25}
PLAYER_TOKENS = 15      # ... 60 Player tokens (15 per player colour): markers, not a limit (RA-42)
REFERENCE_CARDS = 2     # Setup: "Give each player two Reference cards" (8 double-sided in the box)
BOOST, ASTEROID = "Boost", "Asteroid"   # card names of the two supply cards
BASE_DRAW = 2           # The Rocket: "Rocket card: Draw two cards each turn"
#: A Space card's Free advance module: "advance exactly 3 spaces for free" (The Rocket, RM-041). A Starting
#: card prints its own length (card 3: "exactly 5 spaces", RM-149); the engine reads each card's number.
SPACE_FREE_ADVANCE = 3
INSIGHT_CARD_COST = 3   # Phase 2.4: "spend three Experience tokens to gain a Boost card"

# Steps of play (``State.step``).
HQ_STEP = "headquarters"     # each keeps one of two Headquarters, clockwise from the Start Player
STARTING_STEP = "starting"   # Starting cards: the Insight row card, the reveal, the picks, the leftover
#: A revealed Starting card the table has not entered (Starting cards 5-8 are not described); the game
#: names each one UNKNOWN_CARD 1, 2... (short: it is also the name of its Insight)
UNKNOWN_STARTING = "Unknown Starting card"
UNKNOWN_CARD = "Unknown card"
PRE_STEP = "pre-launch"      # a Pre-launch player's turn (1.1-1.2, or launch)
LEFTOVER_STEP = "leftover"   # the round's leftover joins the trajectories (rounds 1-12)
PLAY_STEP = "play"           # 2.1, simultaneous
TURN_STEP = "turn"           # 2.2-2.6 of one Post-launch player (``State.sub`` = 2..5)
OVER_STEP = "over"


@dataclass(frozen=True, slots=True)
class Crew:
    """A Crew ability (purple top part): resources for 2.2 and immediate effects.

    ``resources``: resource names (WILD for a wild basic); ``draw`` cards;
    ``look``/``keep``: draw ``look``, keep ``keep``, discard the rest; ``jettison``:
    may jettison up to that many cards from hand or discard; ``boost``: Boosts
    gained; ``xp``: Experience gained; ``copy``: copies another played card;
    ``returns``: up to that many cards back from the discard pile to the hand;
    ``other``: an effect the app does not know (text): its result is entered.
    """

    resources: tuple[str, ...] = ()
    draw: int = 0
    look: int = 0
    keep: int = 0
    jettison: int = 0
    boost: int = 0
    xp: int = 0
    copy: bool = False
    returns: int = 0
    other: str = ""


@dataclass(frozen=True, slots=True)
class Module:
    """A Rocket module (grey bottom part), ``uid`` unique in the game.

    ``draw``: extra cards in 2.6; ``storage``: cards kept in 2.5 (and may be
    jettisoned to jettison up to 3 cards); ``resource``: one resource each turn;
    ``protection``: a hazard colour ignored; ``free_advance``: jettison to
    advance exactly that many spaces; ``copy``: copies the module above or below;
    ``reveal_top``: play with the top card of the draw pile revealed;
    ``other``: an effect the app does not know (text).
    """

    uid: int
    name: str
    draw: int = 0
    storage: int = 0
    resource: str = ""
    protection: str = ""
    free_advance: int = 0
    copy: bool = False
    reveal_top: bool = False
    other: str = ""


@dataclass(frozen=True, slots=True)
class CrewCard:
    """A card in a Crew deck: its name and Crew ability."""

    name: str
    crew: Crew


@dataclass(frozen=True, slots=True)
class Played:
    """A card in the play area: ``crew`` None for a Boost; ``copy_of`` the play
    index it copies (-1: none); ``gone`` when jettisoned this turn."""

    name: str
    crew: Crew | None
    copy_of: int = -1
    gone: bool = False


@dataclass(frozen=True, slots=True)
class Insight:
    """An Insight: ``cost`` Experience for ``effect`` ("boost", "jettison",
    "store", "draw", "advance", "trajectory": change trajectory, "protect":
    hazard protection of ``colour`` on the owner's next turn, or "other"
    with ``text``: its result is entered). ``cost`` 0: not entered (a Starting card the table did not
    describe): the cost printed on it is said when a player spends Experience on it, and kept."""

    name: str
    cost: int
    effect: str
    text: str = ""
    colour: str = ""


INSIGHT_CARD = Insight("Insight card", INSIGHT_CARD_COST, "boost", "gain a Boost card")


@dataclass(frozen=True)
class Player:
    """One player. Pre-launch: ``crew`` is the face-up Crew deck and ``modules``
    the rocket (index 0 nearest the Rocket card). Post-launch: ``crew`` are the
    Crew cards owned; ``draw``/``hand``/``discard`` count the personal draw pile,
    hand and discard pile (Boosts and Asteroids included); ``seen`` names the
    cards known to lie in the discard pile (the rest of it is counted, not
    identified; see :mod:`.deck`); ``under`` counts the Boosts known to lie at the bottom of the draw pile,
    under its unknown cards (Headquarters 9), until a draw reaches them or a reshuffle; ``play`` is the play
    area; ``used`` the sources spent this turn (``(uid or -1-play index, slot)``);
    ``pos`` the index of the pawn's space in its lane's route (-1: on Earth)."""

    seat: int
    pad: int
    hq: int = 0
    launched: bool = False
    crew: tuple[CrewCard, ...] = ()
    modules: tuple[Module, ...] = ()
    pool: tuple[str, ...] = ()        # HQ5: names of cards picked but not placed (their parts in ``held``)
    held: tuple[tuple[str, Crew | None, Module | None], ...] = ()
    boosts: int = 0
    asteroids: int = 0
    draw: int = 0
    hand: int = 0
    discard: int = 0
    seen: tuple[str, ...] = ()        # cards known in the discard pile (Crew names, "Boost", "Asteroid")
    under: int = 0                    # HQ 9: Boosts known at the bottom of the draw pile (0..draw; a default:
                                      #   a Player pickled before it was added loads with none)
    play: tuple[Played, ...] = ()
    used: frozenset = frozenset()
    xp: int = 0
    pos: int = -1
    copy_dirs: tuple[tuple[int, int], ...] = ()   # (copy module uid, -1 above / +1 below)
    double: int = -1                  # HQ2: uid of the module used twice
    bought_draw: int = 0              # Insights bought this turn: draw one more (2.6)
    bought_keep: int = 0              # ... keep one more card (2.5)
    shield_next: tuple[str, ...] = ()  # ... hazard protection colours for the next turn
    shield: tuple[str, ...] = ()      # hazard protection colours bought last turn, for this turn
    steps: int = 0                    # spaces advanced this turn
    done: bool = False                # 2.1 finished


@dataclass(frozen=True)
class State:
    """A whole game. ``order``/``at``: the seats taking turns in the current
    step and whose turn it is; ``sub``: the phase 2..5 of a Post-launch turn;
    ``hazards``: hazards met and not yet resolved by the current player;
    ``free_left``: free steps still due after a hazard; ``onward``: while
    the rocket stands in a hazard (RM-078), the step already paid for to the
    space after it (``(paid,)``, "" for a free step; ``()``: none)."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    players: tuple[Player, ...]
    first_game: bool = False
    trajectory_card: tuple[tuple[str, ...], ...] = ()   # per lane; () when left out
    trajectory_green: bool = False   # the Green hazard held once for the whole card (TRAJECTORY_HAZARD)
    mars: tuple[tuple[str, ...], ...] = ()
    start: int = 0
    active: int = 0                 # -1: the Active Player card is back in the box
    step: str = HQ_STEP
    order: tuple[int, ...] = ()
    at: int = 0
    sub: int = 2
    round: int = 0
    slots: tuple[tuple[tuple[str, ...], ...], ...] = ()
    slot_names: tuple[str, ...] = ()
    routes: tuple[tuple[str, ...], ...] = ()
    pile: int = SPACE_CARDS
    space_discard: int = 0
    revealed: int = 0
    picked: int = 0                  # picks made from this selection
    named: tuple[tuple[int, str], ...] = ()  # (slot 1.., name): the revealed Space cards the table named this round
    extra: bool = False              # HQ8 added a card to this selection
    last_picker: int = -1
    insights: tuple[Insight, ...] = (INSIGHT_CARD,)
    starting_seen: tuple[str, ...] = ()
    starting_row: tuple[dict, ...] = ()  # the Starting cards revealed and not yet picked (card entries)
    space_seen: frozenset = frozenset()  # names of the Space cards identified so far (picked or trajectory)
    hq_seen: tuple[int, ...] = ()
    hazards: tuple[str, ...] = ()
    free_left: int = 0
    onward: tuple[str, ...] = ()
    end: bool = False
    uid: int = 0
    seed: int = 0


_new = object.__new__
_setattr = object.__setattr__


def replace(obj, **changes):
    """A copy of a frozen dataclass with ``changes`` (field names only).

    Many times faster than ``dataclasses.replace`` (no ``__init__``): :class:`State`
    and :class:`Player` keep a ``__dict__`` that is copied in one go; the small
    slotted classes are copied field by field."""
    cls = type(obj)
    new = _new(cls)
    try:
        d = obj.__dict__.copy()
    except AttributeError:
        for name in cls.__slots__:
            _setattr(new, name, changes[name] if name in changes else getattr(obj, name))
        return new
    d.update(changes)
    _setattr(new, "__dict__", d)
    return new

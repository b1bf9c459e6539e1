"""Race to Mars: card payloads (as entered by the players) and the cards the
rulebook prints (4 Starting cards, 10 Headquarters).

The rulebook prints none of the 100 Space cards. A Space card is entered with
only the part about to be used: ``crew`` when recruited to the Crew deck,
``module`` when attached to the rocket, ``trajectory`` when it becomes one of
the 12 trajectory cards ("Anatomy of a Space Card")::

    {"name": "S017",
     "crew": {"resources": ["fuel", "wild"], "draw": 1, "look": 3, "keep": 1, "jettison": 1,
              "boost": 1, "xp": 2, "copy": true, "return": 2, "other": "text"},
     "module": {"draw": 1, "storage": 1, "resource": "hull", "protection": "red",
                "free_advance": 3, "copy": true, "reveal_top": true, "other": "text"},
     "trajectory": [["fuel", "red", "hull"], ["velocity"], [], []]}   # one list per lane, Earth -> Mars

Every field of ``crew`` and ``module`` is optional. A Starting card has the
same parts plus ``"insight": {"cost": 1..9, "effect": "boost" | "jettison" |
"store" | "draw" | "advance" | "trajectory" | "protect" | "other", "text": "...",
"colour": "red" | "yellow" | "green" (protect)}``.
"""
from __future__ import annotations

from typing import Any

from ..shapes import Bool, Int, ListOf, Obj, OneOf, Str
from .model import ANY, GREEN, HAZARDS, INSIGHT_CARD_COST, ITEMS, LANES, RESOURCES, WILD, Crew, Insight, Module

NAME = Str(60)
CREW_SHAPE = Obj(("resources", "draw", "look", "keep", "jettison", "boost", "xp", "copy", "return", "other"),
                 resources=ListOf(OneOf(RESOURCES + (WILD,)), 6), draw=Int(0, 9), look=Int(0, 9),
                 keep=Int(0, 9), jettison=Int(0, 9), boost=Int(0, 9), xp=Int(0, 9), copy=Bool(),
                 **{"return": Int(0, 9)}, other=Str(200, 0))
MODULE_SHAPE = Obj(("draw", "storage", "resource", "protection", "free_advance", "copy", "reveal_top", "other"),
                   draw=Int(0, 9), storage=Int(0, 9), resource=OneOf(RESOURCES), protection=OneOf(HAZARDS),
                   free_advance=Int(1, 12), copy=Bool(), reveal_top=Bool(), other=Str(200, 0))
LANE_SHAPE = ListOf(OneOf(ITEMS), 12)
TRAJECTORY_SHAPE = ListOf(LANE_SHAPE, LANES, 1)
INSIGHT_EFFECTS = ("boost", "jettison", "store", "draw", "advance", "trajectory", "protect", "other")
INSIGHT_SHAPE = Obj(("text", "colour"), cost=Int(1, 9), effect=OneOf(INSIGHT_EFFECTS), text=Str(200, 0),
                    colour=OneOf(HAZARDS))
#: The back page's Insights that neither the Insight card nor Starting cards 1-4 carry: presumably those of
#: Starting cards 5-8 (an inference, RM-154 / RA-36; the players enter each card as printed). Two of them are
#: effects the app carries out: "trajectory" (change trajectory) and "protect" (hazard protection next turn).
BACK_PAGE_ONLY = ("gain a Crew ability", "change trajectory", "gain a Rocket module",
                  "hazard protection on your next turn")
SPACE_SHAPE = Obj(("crew", "module", "trajectory"), name=NAME, crew=CREW_SHAPE, module=MODULE_SHAPE,
                  trajectory=TRAJECTORY_SHAPE)
STARTING_SHAPE = Obj(("crew", "module", "insight"), name=NAME, crew=CREW_SHAPE, module=MODULE_SHAPE,
                     insight=INSIGHT_SHAPE)


def _problem(shape: Obj, entry: Any) -> None:
    p = shape.problem_of(entry, "the card")
    if p:
        raise ValueError(p)
    crew = entry.get("crew")
    if crew and crew.get("keep", 0) > crew.get("look", 0):
        raise ValueError("crew.keep cannot be more than crew.look (the cards drawn)")


def parse_space(entry: Any) -> dict[str, Any]:
    """A Space card entry, checked and normalised (see the module docstring);
    raises ``ValueError`` naming the wrong field."""
    _problem(SPACE_SHAPE, entry)
    if any(GREEN in lane for lane in entry.get("trajectory") or ()):
        raise ValueError("trajectory: a green hazard is only on the Trajectory card (Hazards: \"The Green hazard "
                         "(on the Trajectory card)\")")
    return _normal(entry)


def parse_starting(entry: Any) -> dict[str, Any]:
    """A Starting card entry, checked and normalised; raises ``ValueError``."""
    _problem(STARTING_SHAPE, entry)
    return _normal(entry)


def _normal(entry: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": entry["name"]}
    for part in ("crew", "module", "insight"):
        if part in entry:
            out[part] = {k: v for k, v in entry[part].items() if v not in (0, False, "", [])}
    if "trajectory" in entry:
        lanes = [list(lane) for lane in entry["trajectory"]]
        out["trajectory"] = lanes + [[] for _ in range(LANES - len(lanes))]
    return out


def space_problem(value: Any) -> str | None:
    """For :class:`~companion.rules.shapes.Custom`: why ``value`` is not a Space card."""
    parse_space(value)
    return None


def starting_problem(value: Any) -> str | None:
    parse_starting(value)
    return None


def card_problem(value: Any) -> str | None:
    """Why ``value`` is neither a Space card nor a Starting card entry (a card a player owns), or None."""
    try:
        parse_space(value)
    except ValueError:
        parse_starting(value)
    return None


#: The ``other`` of a Crew ability or Rocket module the card entry lacks (:func:`crew_of`, :func:`module_of`).
PART_NOT_ENTERED = "not entered"


def crew_of(card: dict[str, Any]) -> Crew:
    """The Crew ability of a checked card entry (an unknown one when absent: ``other`` :data:`PART_NOT_ENTERED`)."""
    c = card.get("crew")
    if c is None:
        return Crew(other=PART_NOT_ENTERED)
    return Crew(tuple(c.get("resources", ())), c.get("draw", 0), c.get("look", 0), c.get("keep", 0),
                c.get("jettison", 0), c.get("boost", 0), c.get("xp", 0), c.get("copy", False),
                c.get("return", 0), c.get("other", ""))


def module_of(card: dict[str, Any], uid: int) -> Module:
    """The Rocket module of a checked card entry (an unknown one when absent: ``other`` :data:`PART_NOT_ENTERED`)."""
    m = card.get("module")
    if m is None:
        return Module(uid, card["name"], other=PART_NOT_ENTERED)
    return Module(uid, card["name"], m.get("draw", 0), m.get("storage", 0), m.get("resource", ""),
                  m.get("protection", ""), m.get("free_advance", 0), m.get("copy", False),
                  m.get("reveal_top", False), m.get("other", ""))


#: The words of an Insight not entered (:func:`insight_of`): the table carries it out as the card says.
INSIGHT_NOT_ENTERED = "not entered: the table says what it does"


def insight_of(card: dict[str, Any]) -> Insight:
    """The Insight of a Starting card entry ("other", trusted, when not entered: :data:`INSIGHT_NOT_ENTERED`)."""
    i = card.get("insight")
    if i is None:
        return Insight(card["name"], 0, "other", INSIGHT_NOT_ENTERED)  # cost: asked
    return Insight(card["name"], i["cost"], i["effect"], i.get("text", ""), i.get("colour", ""))


def lanes_of(card: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    lanes = card.get("trajectory") or []
    return tuple(tuple(lane) for lane in lanes) + ((),) * (LANES - len(lanes))


def card_from(crew: Crew) -> dict[str, Any]:
    """The ``crew`` part of an entry from a :class:`Crew` (for screens and tests)."""
    out: dict[str, Any] = {}
    for key, attr in (("draw", "draw"), ("look", "look"), ("keep", "keep"), ("jettison", "jettison"),
                      ("boost", "boost"), ("xp", "xp"), ("copy", "copy"), ("return", "returns"),
                      ("other", "other")):
        v = getattr(crew, attr)
        if v:
            out[key] = v
    if crew.resources:
        out["resources"] = list(crew.resources)
    return out


#: Starting cards 1-4 as the rulebook describes them ("Starting Cards"); 5-8 are entered by the players.
STARTING_CARDS: tuple[dict[str, Any], ...] = (
    {"name": "Starting card 1",
     "crew": {"draw": 1, "resources": [WILD]},
     "module": {"draw": 1, "reveal_top": True},
     "insight": {"cost": 2, "effect": "jettison", "text": "jettison any card from your hand or discard pile"}},
    {"name": "Starting card 2",
     "crew": {"draw": 1, "jettison": 1},
     "module": {"resource": "communication"},
     "insight": {"cost": 1, "effect": "store", "text": "keep one card in your hand to the next turn"}},
    {"name": "Starting card 3",
     "crew": {"return": 2},
     "module": {"free_advance": 5},
     "insight": {"cost": 1, "effect": "draw", "text": "draw an additional card"}},
    {"name": "Starting card 4",
     "crew": {"xp": 1, "copy": True},
     "module": {"draw": 1, "free_advance": 3},
     "insight": {"cost": 4, "effect": "advance", "text": "advance your rocket one space for free"}},
)
STARTING_NAMES = tuple(c["name"] for c in STARTING_CARDS)
#: Every cost the rulebook prints for an Insight, least first (Experience): the Insight card's 3 ("Phase 2.4:
#: Spend Experience") and Starting cards 1-4's 2, 1, 1, 4 ("Starting Cards"), so (1, 2, 3, 4). The cost printed
#: on an Insight not entered (Starting cards 5-8: the rulebook prints none of theirs) is asked among these, and
#: any more the player could pay (the catalogue takes 1..9), when a player spends Experience on it.
PRINTED_INSIGHT_COSTS: tuple[int, ...] = tuple(sorted({INSIGHT_CARD_COST} | {c["insight"]["cost"]
                                                                             for c in STARTING_CARDS}))

#: The 10 Headquarters in printed order ("Headquarters"; the cards' names are not printed).
HQ_TEXTS = (
    "Use two of the same basic resource as an advanced resource.",
    "Use one of your Rocket modules twice each turn.",
    "Pay one Experience less for each Insight (at least one).",
    "Add a Starting card to the selection; pick an additional one after everyone.",
    "Pre-launch, move cards freely between your Crew deck and your rocket.",
    "Launch with at least two more Crew cards than Rocket modules.",
    "Return one played card to the top of your draw pile each turn.",
    "Add an additional card to the selection when you pick.",
    "Start with two Boost cards; gained Boosts go under your draw pile.",
    "Draw two extra cards each turn; each Asteroid gained brings another and one Experience.",
)
HQ_PAIR, HQ_DOUBLE, HQ_DISCOUNT, HQ_STARTING, HQ_FREE, HQ_LAUNCH, HQ_TOP, HQ_EXTRA, HQ_BOOSTS, HQ_DRAW = range(1, 11)
HEADQUARTERS_CARDS: tuple[dict[str, Any], ...] = tuple(
    {"name": f"Headquarters {i}", "number": i, "text": t} for i, t in enumerate(HQ_TEXTS, 1))


def parse_headquarters(entry: Any) -> dict[str, Any]:
    """A Headquarters entry: one of the 10 printed ones, by ``number``."""
    p = Obj(("text", "name"), number=Int(1, 10), name=NAME, text=Str(300, 0)).problem_of(entry, "the card")
    if p:
        raise ValueError(p)
    return dict(HEADQUARTERS_CARDS[entry["number"] - 1], **({"name": entry["name"]} if "name" in entry else {}))


__all__ = ["ANY", "CREW_SHAPE", "HEADQUARTERS_CARDS", "HQ_TEXTS", "MODULE_SHAPE", "PRINTED_INSIGHT_COSTS",
           "SPACE_SHAPE", "STARTING_CARDS", "crew_of", "insight_of", "lanes_of", "module_of", "parse_space",
           "parse_starting"]

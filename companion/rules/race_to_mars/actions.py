"""Race to Mars: the action kinds and their payloads, the card kinds, and how
a rejection cites the rulebook.

Every action names its seat (``Action(kind, args, seat)``). A "target" is a
card jettisoned from the hand or the personal discard pile:
``{"zone": "hand" | "discard", "card": "Boost" | "Asteroid" | <Crew card name>}``.
A "source" pays one space in 2.2: ``{"zone": "module", "index": i, "slot": 0
(1: the second use under Headquarters 2)}`` or ``{"zone": "play", "index": i,
"slot": j}`` (the j-th resource of the i-th played card; a copying card's
copied resources follow its own).
"""
from __future__ import annotations

from ..contract import CardKind, Rejection
from ..shapes import Custom, Int, ListOf, Obj, OneOf, Str
from .cards import (HEADQUARTERS_CARDS, STARTING_CARDS, TRAJECTORY_SHAPE, card_problem, parse_headquarters,
                    parse_space, parse_starting, space_problem, starting_problem)
from .model import ASTEROID, BOOST, RULEBOOK

GAME_ID = "race-to-mars"
TITLE = "Race to Mars"
PLAYERS = (2, 4)  # "4 Rocket cards (1 per player colour)"; a race needs two

# Action kinds and their payloads.
HEADQUARTERS = "headquarters"   # keep: 1..10 the Headquarters kept; back: 1..10 the other one dealt
STARTING = "starting"           # card: Starting card; place: "insight" (beside the Insight card; the leftover)
                                #   | "revealed" (one of the cards revealed) | "crew" | "module" | "unplaced" (HQ5)
                                #   (see table.starting_stage; a card named "Unknown Starting card" is numbered)
PICK = "pick"                   # card: Space card with the part used; place: "crew" | "module" | "unplaced" (HQ5);
                                #   slot?: 1..9 the revealed place it was taken from (as NAME_REVEALED names it)
EXTRA_CARD = "extra_card"       # no payload: Headquarters 8 adds one card to the selection (a Starting card
                                #   added is then entered like the others revealed, place "revealed")
LAUNCH = "launch"               # modules?: [card name] (Headquarters 5 only): the rocket top to bottom;
                                #   cards?: [card entry] the part a card moved across lacks (its Rocket module
                                #   into the rocket, its Crew ability into the Crew deck), as the catalogue has it
LEFTOVER = "leftover"           # card: the leftover Space card with its "trajectory" (rounds 1-12)
PLAY = "play"                   # card: Crew card name from hand; copy?: played card name;
                                #   jettison?: [target]; returned?: 0..9 cards from discard to hand;
                                #   result?: {draw, xp, boost, asteroid, to_discard, to_hand} of an unknown effect
PLAY_BOOST = "play_boost"       # no payload: a Boost from hand to the play area
DONE = "done"                   # no payload: done playing cards (2.1), or end this phase (2.2 -> 2.3 -> 2.4 -> 2.5)
COPY_MODULE = "copy_module"     # module: index of a Copy module (0 = nearest the Rocket card); side: "above" | "below"
DOUBLE_MODULE = "double_module" # module: index of the module used twice this turn (Headquarters 2)
ADVANCE = "advance"             # source: a source; pair?: a second source (Headquarters 1: two basics for an advanced)
FREE_ADVANCE = "free_advance"   # module: index of the module jettisoned to advance for free
JETTISON_MODULE = "jettison_module"  # module: index (red hazard)
JETTISON_CREW = "jettison_crew"      # zone: "hand" | "discard" | "play" | "none"; card?: Crew card name (yellow hazard)
EXCHANGE = "exchange"           # card: Crew card name from hand, for one Experience (2.3)
INSIGHT = "insight"             # which: index in the Insight row (0 = the Insight card); target?; result?;
                                #   lane?: 0..3 the new lane (change trajectory); colour?: hazard colour
                                #   (hazard protection whose colour the card entry lacks); cost?: 1..9 the
                                #   cost printed on an Insight not entered (then kept)
JETTISON_STORAGE = "jettison_storage"  # module: index of a Storage module; cards: [target] up to 3
DISCARD = "discard"             # keep: 0..9 cards kept in hand (Storage); top?: played card name (Headquarters 7)
NAME_REVEALED = "name_revealed"  # slot: 1..revealed, a revealed Space card as laid out, left to right; name: the
#                                 catalogue's name the table says it is (nothing moves: Phase 1.1's cards are seen)
TRAJECTORY = "trajectory_card"  # lanes: [[item...] x1..4] the Trajectory card's spaces and hazards per lane,
                                #   Earth -> Mars, as printed (asked when a rocket reaches it; may be entered earlier)

NAME = Str(60)
TARGET = Obj(zone=OneOf(("hand", "discard")), card=NAME)
SOURCE = Obj(zone=OneOf(("module", "play")), index=Int(0, 59), slot=Int(0, 9))
RESULT = Obj(("draw", "xp", "boost", "asteroid", "to_discard", "to_hand", "advance"), draw=Int(0, 9), xp=Int(0, 9),
             boost=Int(0, 9), asteroid=Int(0, 9), to_discard=Int(0, 9), to_hand=Int(0, 9), advance=Int(0, 12))
# A result combines any of these (cards drawn AND Experience AND spaces advanced...); "advance": free
# spaces, hazards met on the way as usual (an Insight, in 2.4; a card played in 2.1 cannot move the rocket).

#: Each action kind's payload shape (checked by the session before ``check``).
ACTIONS = {
    HEADQUARTERS: Obj(keep=Int(1, 10), back=Int(1, 10)),
    STARTING: Obj(card=Custom(starting_problem, "Starting card"),
                  place=OneOf(("insight", "revealed", "crew", "module", "unplaced"))),
    PICK: Obj(("place", "slot"), card=Custom(space_problem, "Space card"), place=OneOf(("crew", "module", "unplaced")),
              slot=Int(1, 9)),
    EXTRA_CARD: Obj(),
    LAUNCH: Obj(("modules", "cards"), modules=ListOf(NAME, 40), cards=ListOf(Custom(card_problem, "card"), 40)),
    LEFTOVER: Obj(card=Custom(space_problem, "Space card")),
    PLAY: Obj(("copy", "jettison", "returned", "result"), card=NAME, copy=NAME, jettison=ListOf(TARGET, 9),
              returned=Int(0, 9), result=RESULT),
    PLAY_BOOST: Obj(),
    DONE: Obj(),
    COPY_MODULE: Obj(module=Int(0, 59), side=OneOf(("above", "below"))),
    DOUBLE_MODULE: Obj(module=Int(0, 59)),
    ADVANCE: Obj(("pair",), source=SOURCE, pair=SOURCE),
    FREE_ADVANCE: Obj(module=Int(0, 59)),
    JETTISON_MODULE: Obj(module=Int(0, 59)),
    JETTISON_CREW: Obj(("card",), zone=OneOf(("hand", "discard", "play", "none")), card=NAME),
    EXCHANGE: Obj(card=NAME),
    INSIGHT: Obj(("target", "result", "lane", "colour", "cost"), which=Int(0, 3), target=TARGET, result=RESULT,
                 lane=Int(0, 3), colour=OneOf(("red", "yellow", "green")), cost=Int(1, 9)),
    JETTISON_STORAGE: Obj(module=Int(0, 59), cards=ListOf(TARGET, 3)),
    DISCARD: Obj(("top",), keep=Int(0, 9), top=NAME),
    TRAJECTORY: Obj(lanes=TRAJECTORY_SHAPE),
    NAME_REVEALED: Obj(slot=Int(1, 9), name=NAME),
}


def _space_group(card: dict) -> str:
    return "module" if "module" in card and "crew" not in card else "crew" if "crew" in card else ""


#: The cards players enter once and pick by name afterwards.
CARD_KINDS = {
    "space": CardKind("space", "Space card", parse_space, group=_space_group),
    "starting": CardKind("starting", "Starting card", parse_starting, builtin=STARTING_CARDS),
    "headquarters": CardKind("headquarters", "Headquarters", parse_headquarters, builtin=HEADQUARTERS_CARDS),
}

SUPPLY_CARDS = (BOOST, ASTEROID)


def rule_ref(section: str) -> str:
    """``"race-to-mars.txt, <section heading>"``."""
    return f"{RULEBOOK}, {section}"


def reject(code: str, message: str, section: str) -> Rejection:
    """A :class:`Rejection` citing ``section`` (a heading line of the rulebook)."""
    return Rejection(code, message, f"{RULEBOOK}, {section}")

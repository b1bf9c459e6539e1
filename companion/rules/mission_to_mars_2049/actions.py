"""Mission to Mars 2049: the action kinds and their payloads, the Mission Card
catalogue kind, and how a rejection cites the rulebook.

Every action names its seat (``Action(kind, args, seat)``). Resources are
named ``"air"``, ``"food"``, ``"minerals"``; a Road card is ``"road"``; a Base
is its chain index k 1..5 (1 = the First Base); a station of another player is
``target`` (seat) and ``station`` (index in that player's stations, as
``summary`` lists them).
"""
from __future__ import annotations

from typing import Any

from ..contract import CardKind, Rejection
from ..shapes import Bool, Int, ListOf, Obj, OneOf
from .model import (DECKS, DECK_NAMES, IMMEDIATE, MISSION_COUNT, MISSION_DECK, MISSIONS, RESOURCES, ROAD_CARD,
                    RULEBOOK)
from . import sections as S

GAME_ID = "mission-to-mars-2049"
TITLE = "Mission to Mars 2049"
PLAYERS = (2, 4)  # 3.1: Starting Points are given for two, three and four players

# Action kinds and their payloads.
ROLL = "roll"                  # face: 1..6 (the symbol is state.faces[face - 1]); the roll-off or a turn's roll
CORRECT_ROLL = "correct_roll"  # face: 1..6, replaces the most recent roll (a misread die)
ROB = "rob"                    # victim: seat; resource?: the type drawn blind (left out: the victim has no card)
TAKE = "take"                  # resource: "air" | "food" | "minerals" | "road" (Discovery, the Skip bonus)
TRADE = "trade"                # give: resource; get: resource or "road": one bank trade at the player's rate
TO_TOKEN = "to_token"          # resource; token: 3 | 8: change that many cards into one Resource Token
TO_CARDS = "to_cards"          # resource; token: 3 | 8: change a Resource Token back into cards (own turn)
BUILD_STATION = "build_station"  # resource; base?: Base k to attach it to (default: the newest)
BUILD_BASE = "build_base"      # over?: index of an own station the Base is built over (Q.2)
BUILD_LAB = "build_lab"        # base?: Base k to attach it to (default: the newest); (3) first, then (2)
BUILD_ROAD = "build_road"      # no payload: the Road from the fifth Base, for 3 Road cards
BUILD_H2O = "build_h2o"        # no payload: the H2O Station; wins the game
BUY = "buy"                    # deck: "peaceful" | "aggressive"; immediate: the footer says "play immediately"
PLAY = "play"                  # card: a Mission kind id; resource?, base?, target?, station?, take?: its choices
#                                (the Productivity Mission also off turn, by any player who may hold it)
PROTECT = "protect"            # use: true to play Protection against the pending Aggressive card, false to let it be
DONE = "done"                  # no payload: "I'm done!", the die goes to the next player
# The bank running out (Q.4) follows from the bank's stock (:mod:`.bank`); the hand-entered "bank_out" of
# earlier versions is no action any more: a log holding one is refused as an unknown move.

_RES = OneOf(RESOURCES)
_SEAT = Int(0, 3)
_BASE = Int(1, 5)
_TOKEN = OneOf((3, 8))

#: Each action kind's payload shape (checked by the session before ``check``).
ACTIONS = {
    ROLL: Obj(face=Int(1, 6)),
    CORRECT_ROLL: Obj(face=Int(1, 6)),
    ROB: Obj(("resource",), victim=_SEAT, resource=_RES),
    TAKE: Obj(resource=OneOf(RESOURCES + (ROAD_CARD,))),
    TRADE: Obj(give=_RES, get=OneOf(RESOURCES + (ROAD_CARD,))),
    TO_TOKEN: Obj(resource=_RES, token=_TOKEN),
    TO_CARDS: Obj(resource=_RES, token=_TOKEN),
    BUILD_STATION: Obj(("base",), resource=_RES, base=_BASE),
    BUILD_BASE: Obj(("over",), over=Int(0, 60)),
    BUILD_LAB: Obj(("base",), base=_BASE),
    BUILD_ROAD: Obj(),
    BUILD_H2O: Obj(),
    BUY: Obj(deck=OneOf(DECKS), immediate=Bool()),
    PLAY: Obj(("resource", "base", "target", "station", "take"), card=OneOf(MISSIONS), resource=_RES, base=_BASE,
              target=_SEAT, station=Int(0, 60), take=ListOf(_RES, 4, 4)),
    PROTECT: Obj(use=Bool()),
    DONE: Obj(),
}


# --------------------------------------------------------------------------- the Mission Card catalogue

_EFFECTS = (
    ("Build Mission", "Build a free Resource Station of any kind next to one of your bases. If you don't have a "
     "free space to build more stations (or any free Resource Stations to build) save this card for later."),
    ("Assistance Mission", "Receive four resources from the Bank of any kind you need (this does not include Road "
     "card). You have to take all four resource cards in the same turn and at the same time."),
    ("Resource Mission", "Receive two of each resource from the bank: 2 Air, 2 Food and 2 Mineral cards. You can "
     "use this card immediately or save it for later."),
    ("Laboratory Mission", "Build a free Laboratory: a 3:1 Laboratory if you don't have one, else a 2:1 "
     "Laboratory. If you have already built two Laboratories then take another Peaceful Mission Card."),
    ("Productivity Mission", "Receive resources from one type of your Resource Stations: one for each Station."),
    ("Protection Mission", "Protects you when an enemy tries to play an Aggressive Mission Card against you. Use "
     "it only once. It does not protect you against your own Aggressive Missions."),
    ("Crimean Mission", "Steal an opponent's Resource Station: choose any Resource Station on the map that is not "
     "yours and put it next to one of your bases. It produces for you from now on."),
    ("Sabotage Mission", "Destroy one opponent's Resource Station of your choice and receive 3 resources of its "
     "type. The destroyed Station goes back to its original owner."),
    ("Grand Theft Mission", "Choose a player and draw three Resource cards from him or her, without seeing what "
     "cards you are getting."),
    ("Capture Mission", "Choose one player who will have to skip a full turn starting from the moment you play "
     "this card: no roll and no resources until it's the captured player's turn to go again."),
    ("Black Friday accident", "Destroy all Resource Stations on the Game Board of one type of resource (including "
     "your own). Receive one of that resource for each of your own stations destroyed."),
    ("Armageddon Mission", "Destroys the Base located closest to the North Pole (even your own); all Bases "
     "equally close are destroyed. Only the Starting Bases are protected. Play immediately!"),
)

#: The twelve Mission Card kinds as the rulebook prints them (4.1).
MISSION_CARDS: tuple[dict[str, Any], ...] = tuple(
    {"id": kind, "name": name, "type": DECK_NAMES[deck], "count": count, "effect": effect,
     "immediate": kind in IMMEDIATE, "powerful": kind in ("black_friday", "armageddon"),
     "section": (S.PEACEFUL, S.AGGRESSIVE)[deck]}
    for kind, deck, count, (name, effect) in zip(MISSIONS, MISSION_DECK, MISSION_COUNT, _EFFECTS))
#: Mission Card id -> its printed name
MISSION_NAMES = {c["id"]: c["name"] for c in MISSION_CARDS}
_BY_NAME = {c["name"].lower(): c for c in MISSION_CARDS} | {c["id"]: c for c in MISSION_CARDS}


def parse_mission(entry: Any) -> dict[str, Any]:
    """A Mission Card entry (a dict with ``name``: a printed name or an id of
    :data:`MISSIONS`) -> the catalogue card; raises ``ValueError`` naming the
    field. Only the twelve kinds of 4.1 exist."""
    if not isinstance(entry, dict):
        raise ValueError("a Mission Card must be an object with a name")
    name = entry.get("name")
    if not isinstance(name, str) or name.strip().lower() not in _BY_NAME:
        raise ValueError(f"name must be one of the twelve Mission Cards of 4.1, not {name!r}")
    return dict(_BY_NAME[name.strip().lower()])


#: The cards players pick by name: the twelve Mission Card kinds, grouped Peaceful / Aggressive.
CARD_KINDS = {
    "mission": CardKind("mission", "Mission Card", parse_mission, builtin=MISSION_CARDS,
                        group=lambda card: str(card.get("type", ""))),
}


def rule_ref(section: str) -> str:
    """``"mission-to-mars-2049.txt, <section>"`` (see :mod:`.sections`)."""
    return f"{RULEBOOK}, {section}"


def reject(code: str, message: str, section: str) -> Rejection:
    return Rejection(code, message, rule_ref(section))

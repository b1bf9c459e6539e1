"""30 to Mars: the action kinds and their payloads, and how a rejection cites the rulebook."""
from __future__ import annotations

from typing import Any

from ..contract import CardKind, Rejection
from ..shapes import AnyOf, Custom, Int, Obj, Str
from .model import RULEBOOK, EventCard

GAME_ID = "thirty-to-mars"
TITLE = "30 to Mars"
PLAYERS = (1, 4)  # Number of Players: "from 1 to 4"; the crew is always 4 Marsonauts

# Action kinds and their payloads.
NEXT = "next"                  # no payload: go on to the next step of the day
ROLL = "roll"                  # face: 1..6, the die roll the game is waiting for
CORRECT_ROLL = "correct_roll"  # face: 1..6, replaces the most recent roll (a misread die)
DRAW = "draw"                  # card: EventCard.to_json() dict, the card just drawn
PLACE = "place"                # who: crew index 0..3, bay: 0 (Sleeping Bay) or 1..6
CHOOSE = "choose"              # option: a resource name or a Bay 1..6 or a crew index, answering pending[0]
REPAIR = "repair"              # bay: 1..6, spends one Repair Kit on one broken Workspace there
ABILITY = "ability"            # who: crew index; die: index (Jean-Louis, Maria); target: crew index (Stan)




def _card_problem(value: Any) -> str | None:
    EventCard.from_json(value)  # raises ValueError naming the field
    return None


#: Each action kind's payload shape (checked by the session before ``check``).
ACTIONS = {
    NEXT: Obj(),
    ROLL: Obj(face=Int(1, 6)),
    CORRECT_ROLL: Obj(face=Int(1, 6)),
    DRAW: Obj(card=Custom(_card_problem, "event card")),
    PLACE: Obj(who=Int(0, 3), bay=Int(0, 6)),
    CHOOSE: Obj(option=AnyOf(Int(0, 6), Str(40))),
    REPAIR: Obj(bay=Int(1, 6)),
    ABILITY: Obj(("die", "target"), who=Int(0, 3), die=Int(0, 9), target=Int(0, 3)),
}


def _parse_event_card(entry: Any) -> dict[str, Any]:
    return EventCard.from_json(entry).to_json()


#: The event cards players enter once (Game Components: 59 green, 20 yellow, 10 red, 3 tutorial).
CARD_KINDS = {
    "event": CardKind("event", "Event card", _parse_event_card,
                      group=lambda card: str(card.get("colour", "")), file="cards.json"),
}


def rule_ref(section: str) -> str:
    return f"{RULEBOOK}, {section}"


def reject(code: str, message: str, section: str) -> Rejection:
    return Rejection(code, message, rule_ref(section))


"""30 to Mars: the action kinds and their payloads, and how a rejection cites the rulebook."""
from __future__ import annotations

from ..contract import Rejection
from .model import RULEBOOK

GAME_ID = "thirty-to-mars"
TITLE = "30 to Mars"

# Action kinds and their payloads.
NEXT = "next"                  # no payload: go on to the next step of the day
ROLL = "roll"                  # face: 1..6, the die roll the game is waiting for
CORRECT_ROLL = "correct_roll"  # face: 1..6, replaces the most recent roll (a misread die)
DRAW = "draw"                  # card: EventCard.to_json() dict, the card just drawn
PLACE = "place"                # who: crew index 0..3, bay: 0 (Sleeping Bay) or 1..6
CHOOSE = "choose"              # option: a resource name or a Bay 1..6 or a crew index, answering pending[0]
REPAIR = "repair"              # bay: 1..6, spends one Repair Kit on one broken Workspace there
ABILITY = "ability"            # who: crew index; die: index (Jean-Louis, Maria); target: crew index (Stan)


def rule_ref(section: str) -> str:
    return f"{RULEBOOK}, {section}"


def reject(code: str, message: str, section: str) -> Rejection:
    return Rejection(code, message, rule_ref(section))


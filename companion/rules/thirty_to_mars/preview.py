"""What a move would do, said before it is made: the engine's own (pure) ``apply`` on the state shown.
Source: shared/rules/30-to-mars.txt."""
from __future__ import annotations

from ..contract import Action
from .actions import NEXT
from .engine import apply
from .model import State
from .queries import skip_consequences as _skip_costs


def skip_consequences(state: State) -> list[str]:
    """What skipping the event in play costs (:func:`.queries.skip_consequences`: its Check Negative, who takes
    its losses), then who it would knock out and whether that fails the mission, as the skip itself would do it
    (Stan's ward, Sanity lost as Health and all): ``"Knocked Out by it: Larisa, Maria (Knocked Out)"``, and
    ``"With nobody else standing, the mission fails (Losing the Game)"`` when it leaves all 4 Knocked Out
    (30-to-mars.txt, Losing the Game: "If all 4 players are Knocked Out ... simultaneously - you fail the mission
    and the game ends"). Call it where NEXT is legal and nobody works on the problem (the skip)."""
    out = _skip_costs(state)
    if state.event is None:
        return out
    after, events = apply(state, Action(NEXT))
    fallen = [state.crew[e.data["who"]].profile.short for e in events if e.kind == "knocked_out"]
    if fallen:
        out.append(f"Knocked Out by it: {', '.join(fallen)} (Knocked Out)")
    if after.result == "lost":
        out.append("With nobody else standing, the mission fails (Losing the Game)")
    return out

"""30 to Mars: listing legal actions, and a random legal action for playouts.

Event cards cannot be listed (their printed fields come from the table); when
``expects(state)`` asks for a card, :func:`random_card` makes one from a
caller's seeded ``random.Random``.
"""
from __future__ import annotations

from random import Random
from typing import Any

from ..contract import Action
from .actions import ABILITY, CHOOSE, CORRECT_ROLL, DRAW, NEXT, PLACE, REPAIR, ROLL
from .checks import check
from .queries import capacity, choice_options, green_deck, repairable_bays, required_colour
from .model import CREW_SIZE, EFFECT_SYMBOLS, GREEN, SIGNED_SYMBOLS, State

_ROLLS = tuple(Action(ROLL, {"face": f}) for f in range(1, 7))
_NEXT = Action(NEXT)


def legal_actions(state: State) -> list[Action]:
    """Every action ``check`` accepts, with finite values (die faces
    included), in a stable order: the answer the game waits for (a roll or a
    choice) or the step's own moves, then Repair Kits, Special Abilities and
    corrections of the last roll. A card to DRAW is not listed (see
    ``expects``). Repair Kits are listed while a roll or choice waits ("You
    can use them any time during the game", Fixing Workspaces), and so is
    Dieter's re-draw while a card's location or difficulty is still to roll.
    """
    corrections = ([Action(CORRECT_ROLL, {"face": f}) for f in range(1, 7) if f != state.last_face]
                   if state.before_roll is not None else [])
    if state.result:
        return corrections
    out: list[Action] = []
    if state.pending:
        p = state.pending[0]
        if p.kind == "roll":
            out += _ROLLS
        else:
            out += [Action(CHOOSE, {"option": o}) for o in choice_options(state, p)]
    elif state.step == "setup":
        return corrections
    else:
        if state.step != "draw":
            out.append(_NEXT)
        if state.step == "place":
            out += [a for a in (Action(PLACE, {"who": w, "bay": b}) for w in range(CREW_SIZE) for b in range(7))
                    if check(state, a) is None]
    out += [Action(REPAIR, {"bay": b}) for b in repairable_bays(state)]
    for who in range(CREW_SIZE):
        for args in _ability_args(state, who):
            a = Action(ABILITY, args)
            if check(state, a) is None:
                out.append(a)
    return out + corrections


def _ability_args(state: State, who: int) -> list[dict[str, Any]]:
    m = state.crew[who]
    if not m.active or (m.sanity < 10 and not (m.profile.ability == "reroll" and state.rerolls_left)):
        return []
    ability = m.profile.ability
    if ability in ("double_die", "reroll"):
        return [{"who": who, "die": i} for i in range(len(state.dice))]
    if ability == "prevent_sanity_loss":
        return [{"who": who, "target": t} for t in range(CREW_SIZE) if t != who]
    return [{"who": who}]


def random_card(rng: Random, colour: str) -> dict[str, Any]:
    """A plausible event card of ``colour`` as the dict DRAW takes: difficulty
    and location sometimes "roll to determine", results of 0-2 symbols."""
    def result(sign: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for _ in range(rng.randint(0, 2)):
            s = rng.choice(EFFECT_SYMBOLS)
            if s in SIGNED_SYMBOLS:
                out[s] = sign * rng.randint(1, 3)
            elif (s == "repair_kit") == (sign > 0):
                out[s] = 1
        return out
    hard = {"green": 0, "yellow": 2, "red": 4}[colour]
    return {"name": f"{colour.capitalize()} card {rng.randint(1, 59)}", "colour": colour,
            "difficulty": None if rng.random() < 0.1 else rng.randint(2 + hard, 8 + hard),
            "location": None if rng.random() < 0.1 else rng.randint(1, 6),
            "success": result(+1), "failure": result(-1),
            "inevitable_positive": result(+1) if rng.random() < 0.2 else {},
            "inevitable_negative": result(-1) if rng.random() < 0.2 else {}}


def random_action(state: State, rng: Random) -> Action:
    """A random legal action, fast (no full listing): what the table might do.

    Raises ``ValueError`` when the game is over.
    """
    if state.result:
        raise ValueError("the game is over")
    if state.pending:
        p = state.pending[0]
        if p.kind == "roll":
            return _ROLLS[rng.randrange(6)]
        return Action(CHOOSE, {"option": rng.choice(choice_options(state, p))})
    step = state.step
    if step == "draw":
        colour = required_colour(state)
        card = random_card(rng, colour)
        if state.tutorial and colour == GREEN:  # as likely as it is in the deck (Setup 3 NB)
            left, tutorial = green_deck(state)
            card["tutorial"] = rng.randrange(left) < tutorial
        return Action(DRAW, {"card": card})
    if state.repair_kits and rng.random() < 0.3:
        broken = repairable_bays(state)
        if broken:
            return Action(REPAIR, {"bay": rng.choice(broken)})
    if step == "place" and rng.random() < 0.8:
        who = rng.randrange(CREW_SIZE)
        if state.crew[who].active:
            bay = state.location if state.location and rng.random() < 0.4 else rng.randrange(7)
            a = Action(PLACE, {"who": who, "bay": bay})
            if state.placement[who] != bay and capacity(state, bay) and check(state, a) is None:
                return a
    if step in ("place", "check") and rng.random() < 0.3:
        for who in range(CREW_SIZE):
            for args in _ability_args(state, who):
                a = Action(ABILITY, args)
                if rng.random() < 0.5 and check(state, a) is None:
                    return a
    return _NEXT

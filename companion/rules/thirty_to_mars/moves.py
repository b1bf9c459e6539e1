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
from .checks import check, usable_while_waiting
from .queries import capacity, choice_options, green_deck, repairable_bays, required_colour
from .model import (BAYS, CREW_SIZE, EFFECT_SYMBOLS, GREEN, MAX_STAT, PROFILES, SIGNED_SYMBOLS, SLEEPING_BAY,
                    WORKSPACES_PER_BAY, State)

_ROLLS = tuple(Action(ROLL, {"face": f}) for f in range(1, 7))
_NEXT = Action(NEXT)
# Shared, never changed: the same moves as fresh ones (an Action compares by value).
_CORRECTIONS = {last: tuple(Action(CORRECT_ROLL, {"face": f}) for f in range(1, 7) if f != last)
                for last in range(0, 7)}
_PLACES = tuple(tuple(Action(PLACE, {"who": w, "bay": b}) for b in range(7)) for w in range(CREW_SIZE))
_REPAIRS = {b: Action(REPAIR, {"bay": b}) for b in BAYS}


def legal_actions(state: State) -> list[Action]:
    """Every action ``check`` accepts, with finite values (die faces
    included), in a stable order: the answer the game waits for (a roll or a
    choice) or the step's own moves, then Repair Kits, Special Abilities and
    corrections of the last roll. A card to DRAW is not listed (see
    ``expects``). Repair Kits are listed while a roll or choice waits ("You
    can use them any time during the game", Fixing Workspaces), and so is
    Dieter's re-draw while a card's location or difficulty is still to roll.

    The moves are generated directly from the state (each Bay's free room
    counted once), not by running ``check`` on every candidate; the tests hold
    the two to the same answer (``tests/rules/test_thirty_to_mars_legal.py``).
    """
    corrections = (_CORRECTIONS[state.last_face] if state.before_roll is not None else ())
    if state.result:
        return list(corrections)
    step = state.step
    pending = state.pending
    if pending:
        p = pending[0]
        if p.kind == "roll":
            out = list(_ROLLS)
        else:
            out = [Action(CHOOSE, {"option": o}) for o in choice_options(state, p)]
    elif step == "setup":
        return list(corrections)
    elif step == "place":
        out = [_NEXT]
        out += _placements(state)
    elif step == "draw":
        out = []
    else:
        out = [_NEXT]
    if state.repair_kits and step != "setup":
        broken = state.broken
        out += [_REPAIRS[b] for b in BAYS if broken[b - 1]]
    if step != "setup":
        _abilities(state, out)
    if corrections:
        out += corrections
    return out


def _placements(state: State) -> list[Action]:
    """PLACE moves ``check`` accepts (Turn Overview 5, Event Location,
    Reminder): an Active Marsonaut to another Bay that is not an earlier
    problem Bay of the day and has a working Workspace free (the Sleeping Bay
    takes everyone)."""
    crew, placement, broken = state.crew, state.placement, state.broken
    taken = [0] * 7
    for m, b in zip(crew, placement):
        if not m.knocked_out_day:
            taken[b] += 1
    location, event_bays = state.location, state.event_bays
    open_bays = [b for b in range(7)
                 if taken[b] < (CREW_SIZE if b == SLEEPING_BAY else WORKSPACES_PER_BAY - broken[b - 1])
                 and (b == location or b not in event_bays)]
    out = []
    for who in range(CREW_SIZE):
        if crew[who].knocked_out_day:
            continue
        here = placement[who]
        row = _PLACES[who]
        out += [row[b] for b in open_bays if b != here]
    return out


def _may_place(state: State, who: int, bay: int) -> bool:
    """``check`` accepts PLACE of an Active ``who`` to another ``bay`` now (the
    place step, nothing pending): not an earlier problem Bay of the day, and a
    working Workspace free (see ``checks._check_place``)."""
    if bay in state.event_bays and bay != state.location:
        return False
    crew = state.crew
    taken = 0
    for i, b in enumerate(state.placement):
        if b == bay and i != who and not crew[i].knocked_out_day:
            taken += 1
    return taken < capacity(state, bay)


def _abilities(state: State, out: list[Action]) -> None:
    """Append the Special Abilities ``check`` accepts (Special Ability,
    Marsonaut Profiles; see ``checks._check_ability``), outside the setup."""
    pending, step = state.pending, state.step
    for who, m in enumerate(state.crew):
        if m.knocked_out_day:
            continue
        ability = PROFILES[m.key].ability
        if m.sanity < MAX_STAT and not (ability == "reroll" and state.rerolls_left):
            continue
        if pending and not usable_while_waiting(state, ability):
            continue
        if ability in ("double_die", "reroll"):
            if step == "check" and state.dice:
                out += [Action(ABILITY, {"who": who, "die": i}) for i in range(len(state.dice))]
        elif ability == "add_die":
            if step == "check" and state.dice:
                out.append(Action(ABILITY, {"who": who}))
        elif ability == "reduce_difficulty":
            if step in ("place", "check") and state.difficulty is not None:
                out.append(Action(ABILITY, {"who": who}))
        elif ability == "prevent_sanity_loss":
            crew = state.crew
            out += [Action(ABILITY, {"who": who, "target": t}) for t in range(CREW_SIZE)
                    if t != who and not crew[t].warded]
        elif check(state, Action(ABILITY, {"who": who})) is None:  # Dieter's re-draw: rare, checked in full
            out.append(Action(ABILITY, {"who": who}))


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
            if state.placement[who] != bay and capacity(state, bay) and _may_place(state, who, bay):
                return Action(PLACE, {"who": who, "bay": bay})
    if step in ("place", "check") and rng.random() < 0.3:
        for who in range(CREW_SIZE):
            for args in _ability_args(state, who):
                a = Action(ABILITY, args)
                if rng.random() < 0.5 and check(state, a) is None:
                    return a
    return _NEXT

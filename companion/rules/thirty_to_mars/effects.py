"""30 to Mars: what happens to a Marsonaut and to the ship (pure helpers).

Every function takes a :class:`State` (or a :class:`Marsonaut`) and returns
the new one plus the events it caused; none of them validates input.
Source: ``shared/rules/30-to-mars.txt``.
"""
from __future__ import annotations

from ..contract import Event
from ..contract import later_event as later  # text made on first read
from .model import (replace, BAY_NAMES, MAX_REPAIR_KITS, MAX_RESOURCE, MAX_STAT, MIN_STAT, RESOURCE_INDEX,
                    RESOURCE_NAMES, RESOURCES, SLEEPING_BAY, Marsonaut, State)

Events = list[Event]


def gain_resource(state: State, resource: str, amount: int, why: str, events: Events) -> State:
    """Add ``amount`` tokens of ``resource`` (one of RESOURCES).

    Decision (rulebook Setup 7: "Place 30 of each Resource tokens"): there are
    only 30 tokens of each resource, so a resource never exceeds 30; tokens
    beyond that are lost and the event says so.
    """
    i = RESOURCE_INDEX[resource]
    have = state.resources[i]
    new = min(MAX_RESOURCE, have + amount)
    lost = have + amount - new
    spilled = f"; {lost} lost: only {MAX_RESOURCE} tokens exist" if lost else ""
    events.append(later("resource", "+{} {} ({}){}", (new - have, RESOURCE_NAMES[resource], why, spilled),
                        {"resource": resource, "change": new - have}))
    res = list(state.resources)
    res[i] = new
    return replace(state, resources=tuple(res))


def lose_resource(state: State, resource: str, amount: int, why: str, events: Events) -> State:
    """Remove up to ``amount`` tokens; a resource never goes below 0.

    Decision: a card asking for more tokens than are left takes what is
    there, and the event says how many went unpaid. The unpaid tokens have no
    "for each missing" consequence of their own: Out of Resources applies "If
    at the start of the day there are no resources left in any Resource
    Area", and counts the tokens missing from the daily drain then (an empty
    Oxygen Area costs each Marsonaut 1 Sanity at the next dawn, not 1 more
    for each token a card could not take).
    """
    i = RESOURCE_INDEX[resource]
    have = state.resources[i]
    new = max(0, have - amount)
    unpaid = amount - (have - new)
    events.append(Event("resource", lambda: _loss_text(resource, have, new, amount, why),
                        {"resource": resource, "change": new - have, "unpaid": unpaid}))
    res = list(state.resources)
    res[i] = new
    return replace(state, resources=tuple(res))


def lose_health(state: State, who: int, amount: int, why: str, events: Events) -> State:
    """``who`` loses ``amount`` Health; below 1 they are Knocked Out.

    30-to-mars.txt, Knocked Out: "If at any point in the game your Health falls
    below 1, you are Knocked Out. Immediately put your player token in the
    Sleeping Bay lying down." Health is kept at 0 while knocked out. If that
    leaves all four knocked out at once, the mission fails (Losing the Game).
    """
    m = state.crew[who]
    if not m.active or amount <= 0:
        return state
    health = m.health - amount
    name = m.profile.short
    if health >= MIN_STAT:
        events.append(later("health", "{} -{} Health ({})", (name, amount, why), {"who": who, "change": -amount}))
        return _set(state, who, replace(m, health=health))
    events.append(later("health", "{} -{} Health ({})", (name, m.health, why), {"who": who, "change": -m.health}))
    events.append(later("knocked_out", "{} is Knocked Out: Health fell below 1; sits out the next day (Knocked Out)",
                        (name,), {"who": who, "day": state.day}))
    placement = list(state.placement)
    placement[who] = SLEEPING_BAY
    state = replace(_set(state, who, replace(m, health=0, knocked_out_day=max(1, state.day))),
                    placement=tuple(placement))
    if not any(c.active for c in state.crew):
        events.append(Event("lost", "All 4 Marsonauts are Knocked Out at once: the mission has failed "
                            "(Losing the Game)"))
        state = replace(state, result="lost", step="over", pending=())
    return state


def lose_sanity(state: State, who: int, amount: int, why: str, events: Events) -> State:
    """``who`` loses ``amount`` Sanity; what Sanity cannot give is lost as Health.

    30-to-mars.txt, Health and Sanity: "Both Sanity and Health cannot fall
    below 1. NB! If you ever have to lose Sanity points when your Sanity
    equals 1 - you lose that many health points instead." Decision for a loss
    larger than what is left above 1: Sanity goes to 1 and the rest is lost as
    Health, point by point (Sanity 2 losing 3 gives Sanity 1 and -2 Health).
    A ward from Stan's Special Ability cancels the whole loss once.
    """
    m = state.crew[who]
    if not m.active or amount <= 0:
        return state
    name = m.profile.short
    if m.warded:
        events.append(later("ward", "Stan's Special Ability prevents {}'s Sanity loss of {}", (name, amount),
                            {"who": who}))
        return _set(state, who, replace(m, warded=False))
    take = min(amount, m.sanity - MIN_STAT)
    if take:
        events.append(later("sanity", "{} -{} Sanity ({})", (name, take, why), {"who": who, "change": -take}))
        state = _set(state, who, replace(m, sanity=m.sanity - take))
    rest = amount - take
    if rest:
        state = lose_health(state, who, rest, f"Sanity at 1, so Sanity loss becomes Health loss; {why}", events)
    return state


def exhaust(state: State, who: int, events: Events) -> State:
    """After a Special Ability ``who``'s Sanity goes to 1, a Sanity loss like any other.

    30-to-mars.txt, Special Ability: "after using place your Sanity token to
    1 as your Marsonaut is exhausted"; Marsonaut Profiles, Stan: "you can use
    this ability to prevent Sanity loss for any team member. Even when he is
    using his special Ability." So a ward from Stan cancels the reset: Sanity
    stays where it was and the ward is spent.
    """
    m = state.crew[who]
    name = m.profile.short
    if m.warded and m.sanity > MIN_STAT:
        events.append(Event("ward", f"Stan's Special Ability prevents {name}'s Sanity loss: Sanity stays "
                            f"{m.sanity} after the Special Ability (Marsonaut Profiles: Stan)", {"who": who}))
        return _set(state, who, replace(m, warded=False))
    events.append(later("sanity", "{}'s Sanity drops to 1 (Special Ability)", (name,),
                        {"who": who, "change": MIN_STAT - m.sanity, "ability": True}))
    return _set(state, who, replace(m, sanity=MIN_STAT))


def gain_stat(state: State, who: int, stat: str, amount: int, why: str, events: Events) -> State:
    """``who`` gains ``amount`` of ``stat`` ("health" | "sanity"), at most 10.

    30-to-mars.txt, Health and Sanity: "Each Marsonaut has 1 to 10 Health
    points and 1 to 10 Sanity points." A knocked-out Marsonaut gains nothing
    (they come back only by skipping a day).
    """
    m = state.crew[who]
    if not m.active:
        return state
    have = getattr(m, stat)
    new = min(MAX_STAT, have + amount)
    events.append(later(stat, "{} +{} {} ({}){}", (m.profile.short, new - have, stat.capitalize(), why,
                                                  " - already at 10" if new == have else ""),
                        {"who": who, "change": new - have}))
    return _set(state, who, replace(m, **{stat: new}))


def break_workspace(state: State, bay: int, why: str, events: Events) -> State:
    """One more broken Workspace in ``bay`` (1..6), at most 4 (Breaking Workspaces)."""
    i = bay - 1
    if state.broken[i] >= 4:
        events.append(later("workspace", "{}: every Workspace is already broken ({})", (BAY_NAMES[bay], why)))
        return state
    broken = list(state.broken)
    broken[i] += 1
    events.append(later("workspace", "A Workspace breaks in the {} ({})", (BAY_NAMES[bay], why),
                        {"bay": bay, "broken": broken[i]}))
    return replace(state, broken=tuple(broken))


def gain_repair_kit(state: State, amount: int, why: str, events: Events) -> State:
    """Repair Kits, at most 4 (Fixing Workspaces: "The maximum amount of
    Repair Kits your ship can carry at once is 4"); extra kits are lost."""
    new = min(MAX_REPAIR_KITS, state.repair_kits + amount)
    text = f"+{new - state.repair_kits} Repair Kit ({why})"
    if new - state.repair_kits < amount:
        text += f"; the ship carries at most {MAX_REPAIR_KITS}"
    events.append(Event("repair_kit", text, {"change": new - state.repair_kits}))
    return replace(state, repair_kits=new)


def _loss_text(resource: str, have: int, new: int, amount: int, why: str) -> str:
    """The line of :func:`lose_resource`: what was taken, and what went unpaid."""
    name = RESOURCE_NAMES[resource]
    text = f"-{have - new} {name} ({why})" if have else f"No {name} left to lose ({why})"
    unpaid = amount - (have - new)
    if unpaid:
        text += (f"; {unpaid} of the {amount} asked went unpaid: no {name} token left "
                 "(Out of Resources counts at the start of the day)")
    return text


def _set(state: State, who: int, m: Marsonaut) -> State:
    crew = list(state.crew)
    crew[who] = m
    return replace(state, crew=tuple(crew))


def resources_with_tokens(state: State, exclude: str | None = None) -> list[str]:
    """Resources with at least one token left, in RESOURCES order."""
    return [r for r, n in zip(RESOURCES, state.resources) if n > 0 and r != exclude]

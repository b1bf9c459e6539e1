"""Race to Mars: what the screens need beyond ``summary(state)``, read from
the rules' state and their pure queries (nothing changes).

The summary lists each player's numbers and module names; the screens also
need the Crew cards owned (names and abilities), what the play area and the
modules give this turn, the route ahead on a player's lane and the Space
cards already on the table. They are read here, in one place, so the rest
of the package depends only on these functions.
"""
from __future__ import annotations

from typing import Any

from companion.rules.race_to_mars.model import ASTEROID, BOOST, HAZARDS
from companion.rules.race_to_mars.rocket import effective, next_space, protected, sources


def player(state: Any, seat: int) -> Any:
    return state.players[seat]


def crew_names(state: Any, seat: int) -> list[str]:
    """The names of the Crew cards ``seat`` owns (table order of recruiting)."""
    out: list[str] = []
    for c in player(state, seat).crew:
        if c.name not in out:
            out.append(c.name)
    return out


def own_cards(state: Any, seat: int) -> tuple[list[str], list[str], list[str]]:
    """``(crew, rocket, unplaced)``: the names of the cards ``seat`` owns before launch, each card once
    (duplicates kept): the Crew deck's, the Rocket modules' top first, and those kept unplaced
    (Headquarters 5)."""
    p = player(state, seat)
    return [c.name for c in p.crew], [m.name for m in p.modules], [h[0] for h in p.held]


def owned_parts(state: Any, seat: int, name: str) -> dict[str, Any]:
    """The parts of ``seat``'s card ``name`` the game knows, as a card entry's (``{"crew": {...}, "module":
    {...}}``, either left out when not known: a card recruited has no Rocket module in the game, an attached
    one no Crew ability; Headquarters 5's unplaced cards may have both)."""
    from companion.rules.race_to_mars.cards import card_from
    p = player(state, seat)
    out: dict[str, Any] = {}
    crews = [c.crew for c in p.crew if c.name == name] + [c for n, c, _ in p.held if n == name and c is not None]
    mods = [m for m in p.modules if m.name == name] + [m for n, _, m in p.held if n == name and m is not None]
    if crews:
        out["crew"] = card_from(crews[0])
    if mods:
        out["module"] = module_dict(mods[0])
    return out


def module_dict(m: Any) -> dict[str, Any]:
    """A :class:`Module` as a card entry's ``"module"`` part (what it gives; its fields left at 0 left out, and
    the rules' mark of a module the card entry lacked, ``other`` "not entered": {} then, read "not entered",
    not an "other" effect)."""
    from companion.rules.race_to_mars.cards import PART_NOT_ENTERED
    d = {"draw": m.draw, "storage": m.storage, "resource": m.resource, "protection": m.protection,
         "free_advance": m.free_advance, "copy": m.copy, "reveal_top": m.reveal_top,
         "other": "" if m.other == PART_NOT_ENTERED else m.other}
    return {k: v for k, v in d.items() if v}


def hand_order(state: Any, seat: int, in_play_last: bool = False) -> list[str]:
    """``seat``'s Crew card names in the order a hand list shows them: those
    that may be in hand first (not known to lie in the discard pile; with
    ``in_play_last``, not in the play area either), each group in the order
    they were recruited. The hand itself is hidden ("Phase 2.1: Play
    Cards"): this is the likelihood the app can see. Stable while the
    discard pile is unchanged (2.1 plays do not move a card to another group
    unless ``in_play_last``)."""
    p = player(state, seat)
    away = set(p.seen) | ({c.name for c in p.play if not c.gone} if in_play_last else set())
    names = crew_names(state, seat)
    return [n for n in names if n not in away] + [n for n in names if n in away]


def crew_ability(state: Any, seat: int, name: str) -> Any:
    """The :class:`Crew` of ``seat``'s card called ``name`` (None for a Boost, an Asteroid, or unknown)."""
    for c in player(state, seat).crew:
        if c.name == name:
            return c.crew
    return None


def module_lines(state: Any, seat: int) -> list[str]:
    """One line per Rocket module, top (nearest the Rocket card) first."""
    from .words import module_text
    p = player(state, seat)
    out = []
    for i, m in enumerate(p.modules):
        d = module_entry(state, seat, i)
        what = module_text(d) if d is not None else "copies nothing now"
        out.append(f"{i + 1}. {m.name}: " + (f"Copy \u2192 {what}" if m.copy else what))
    return out


def module_entry(state: Any, seat: int, i: int) -> dict[str, Any] | None:
    """What ``seat``'s Rocket module ``i`` (0 = nearest the Rocket card) gives
    now, as a card entry's ``"module"`` part (a Copy module: what it copies;
    None: it copies nothing now)."""
    e = effective(player(state, seat), i)
    if e is None:
        return None
    d = module_dict(e)
    d.pop("copy", None)   # what it gives now: a Copy module's is the module it copies
    return d


def module_brief(state: Any, seat: int, i: int) -> str:
    """Module ``i`` of ``seat`` in a few words ("Hull, red shield", "draw + 1"); a module entered with none of
    its fields "not entered", as the editor, the catalogue and the player's details say it (a tester's finding:
    the panel read "HULL (no effect)"). The rulebook prints no module without an effect: each grey part gives
    one of those "The Rocket" lists (Extra draw, Storage, Resource, Hazard protection, Free advance, Copy), so a
    module with nothing entered is one whose fields were skipped (every prompt may be), not one that does
    nothing; it still counts as a module (race-to-mars.txt "Launching the Rocket", "Hazards": red)."""
    from .words import brief
    d = module_entry(state, seat, i)
    m = player(state, seat).modules[i]
    if m.copy:
        return f"Copy: {brief({'module': d}, 'module')}" if d else "Copy (nothing yet)"
    return brief({"module": d}, "module") if d else "not entered"


def module_resource_used(state: Any, seat: int, i: int) -> bool | None:
    """Whether the resource of ``seat``'s module ``i`` was spent this turn (a red hazard may take a module "even
    one where you have already used the resource"; an unused one is lost with it: "Hazards"): True when every
    resource it gives was used, False when one is left, None when it gives no resource."""
    p = player(state, seat)
    mine = [x[4] for x in sources(p) if x[0] == "module" and x[1] == i]
    return all(k in p.used for k in mine) if mine else None


def play_area(state: Any, seat: int) -> list[str]:
    """The cards in ``seat``'s play area (jettisoned ones left out)."""
    return [c.name for c in player(state, seat).play if not c.gone]


def resources_left(state: Any, seat: int) -> list[str]:
    """The unused resources this turn (modules and play area), one entry each."""
    p = player(state, seat)
    return [x[3] for x in sources(p) if x[4] not in p.used]


def ahead(state: Any, seat: int, count: int = 8) -> list[tuple[str, bool]]:
    """The next ``count`` items on ``seat``'s lane: ``(item, protected)``
    (protected: a hazard the player's modules shield); empty before the
    trajectories are complete."""
    if not state.routes:
        return []
    p = player(state, seat)
    route = state.routes[p.pad]
    out = []
    for x in route[p.pos + 1:]:
        out.append((x, x in HAZARDS and protected(p, x)))
        if sum(1 for y, _ in out if y not in HAZARDS) >= count:
            break
    return out


def next_space_of(state: Any, seat: int) -> str | None:
    if not state.routes:
        return None
    p = player(state, seat)
    route = state.routes[p.pad]
    nxt = next_space(route, p.pos)
    return route[nxt[0]] if nxt else None


def seen(state: Any) -> frozenset:
    """Names of the Space cards on the table (each physical card is used once)."""
    return getattr(state, "space_seen", frozenset())


def starting_seen(state: Any) -> tuple[str, ...]:
    return getattr(state, "starting_seen", ())


def hq_seen(state: Any) -> tuple[int, ...]:
    return getattr(state, "hq_seen", ())


def step(state: Any) -> str:
    """The engine's step name ("headquarters", "starting", "pre-launch", "leftover", "play", "turn", "over")."""
    return state.step


def sub(state: Any) -> int:
    """The phase of a Post-launch turn: 2..5."""
    return state.sub


def hazards(state: Any) -> tuple[str, ...]:
    return state.hazards


def paid_onward(state: Any, seat: int) -> str | None:
    """While ``seat``'s rocket stands in a hazard with its step to the space after it already made ("Hazards":
    the hazard is dealt with first, then that step ends on the space, RM-078): "paid", or "free" for a free
    advance's step; else None."""
    if not (state.onward and state.hazards and state.order and state.order[state.at] == seat):
        return None
    return "paid" if state.onward[0] else "free"


def free_owed(state: Any, seat: int) -> int:
    """The spaces ``seat``'s free advance still owes while it waits (a hazard it met first, "Hazards"; the
    Trajectory card to enter): the step already made to the space after a hazard when free, then the free ones
    left ("The Rocket", Free advance: "advance exactly 3 spaces for free"); 0 when none waits."""
    if not (state.order and state.order[state.at] == seat and state.step == "turn"):
        return 0
    return state.free_left + (1 if state.onward and not state.onward[0] else 0)


def starting_place(state: Any) -> str:
    """What the Starting card expected now is for (the engine's ``starting_stage``):
    "insight" (the card beside the Insight card), "revealed" (one of the cards
    revealed), "pick", or "leftover" (two leftovers: the one for the Insight row)."""
    from companion.rules.race_to_mars import starting_stage
    return starting_stage(state)


def starting_choices(state: Any) -> tuple[str, ...]:
    """The revealed Starting cards not yet picked."""
    from companion.rules.race_to_mars import starting_choices as choices
    return choices(state)


def owns(state: Any, seat: int, name: str) -> bool:
    p = player(state, seat)
    if name == BOOST:
        return p.boosts > 0
    if name == ASTEROID:
        return p.asteroids > 0
    return any(c.name == name for c in p.crew)


__all__ = ["ahead", "crew_ability", "crew_names", "hazards", "module_lines", "next_space_of", "owns", "play_area",
           "resources_left", "seen", "starting_choices", "starting_place", "starting_seen", "step", "sub"]

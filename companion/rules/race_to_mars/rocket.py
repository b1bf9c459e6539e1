"""Race to Mars: what a player's rocket and play area give this turn (pure
queries): draws, cards kept, hazard protection, the resources to advance with,
and the trajectory ahead.

Sources: "The Rocket" (module effects), "Phase 2.2: Advance Rocket",
"Headquarters" (1, 2, 10), "Resources".
"""
from __future__ import annotations

from ..words import count
from .cards import HQ_DOUBLE, HQ_DRAW, HQ_PAIR
from .model import (ADVANCED, ANY, BASE_DRAW, BASIC, HAZARDS, LANES, TRAJECTORY_HAZARD, UNENTERED, WILD, Module, Player,
                    State)


#: ``copy_dirs`` side of a Copy module whose copied module was jettisoned this turn: it copies nothing
#: until the player's next turn ("The Rocket", Copy: "you can no longer copy it. Instead, you might be able
#: to copy a new module on future turns"; RM-043).
LOST = 0


def copy_lost(p: Player, m: Module) -> bool:
    """True if the Copy module ``m`` lost what it copied this turn (:data:`LOST`)."""
    return (m.uid, LOST) in p.copy_dirs


def copied(p: Player, i: int) -> Module | None:
    """The module the Copy module at index ``i`` copies this turn: the one
    chosen (``copy_dirs``) or else the first of above/below that can be copied;
    None when there is nothing to copy ("can never copy another copy effect";
    the Rocket card is not a module), or when the module it copied was jettisoned
    this turn (:data:`LOST`)."""
    mods = p.modules
    side = 0
    uid = mods[i].uid
    for u, d in p.copy_dirs:
        if u == uid:
            if d == LOST:
                return None
            side = d
    for j in ((i + side,) if side else (i - 1, i + 1)):
        if 0 <= j < len(mods) and not mods[j].copy:
            return mods[j]
    return None


def effective(p: Player, i: int) -> Module | None:
    """What the module at index ``i`` does this turn (a Copy module: what it copies)."""
    m = p.modules[i]
    return copied(p, i) if m.copy else m


def uses(p: Player, m: Module) -> int:
    """How many times ``m``'s per-turn effect works: twice for the module
    chosen under Headquarters 2 ("use one of your Rocket modules twice each turn")."""
    return 2 if p.double == m.uid and p.hq == HQ_DOUBLE else 1


def duplicable(p: Player, i: int) -> bool:
    """True if Headquarters 2 may use the module at index ``i`` twice: it has
    a per-turn effect (resource, Extra draw, Storage keep) as it works this
    turn (a Copy module: what it copies). "An effect that jettisons a module
    when used cannot be duplicated with this effect" (Headquarters 2): a
    module whose only effect is a Free advance cannot be chosen (RM-126)."""
    e = effective(p, i)
    return e is not None and bool(e.resource or e.draw or e.storage)


def draw_count(p: Player, with_insights: bool = True) -> int:
    """Cards drawn in 2.6 (and at launch): 2 for the Rocket card, +1 per Extra
    draw (copied and doubled ones count), +2 with Headquarters 10, + draws
    bought as Insights this turn."""
    n = BASE_DRAW + (2 if p.hq == HQ_DRAW else 0) + (p.bought_draw if with_insights else 0)
    for i, m in enumerate(p.modules):
        e = copied(p, i) if m.copy else m
        if e is not None and e.draw:
            n += e.draw * uses(p, m)
    return n


def keep_allowance(p: Player) -> int:
    """Cards that may stay in hand in 2.5: one per Storage module (copied and
    doubled ones count) + "keep one card" Insights bought this turn."""
    n = p.bought_keep
    for i, m in enumerate(p.modules):
        e = copied(p, i) if m.copy else m
        if e is not None and e.storage:
            n += e.storage * uses(p, m)
    return n


def keep_sources(p: Player) -> list[tuple[str, int]]:
    """Where the cards ``p`` may keep in 2.5 come from: ``[(words, n)]`` adding up to :func:`keep_allowance`,
    for "Storage" (the Storage modules attached: "keep one card between turns (phase 2.5) per storage module",
    "The Rocket"), "a Copy module copying Storage", "Headquarters 2" (a Storage module used twice: "use one
    of your Rocket modules twice each turn") and "an Insight bought this turn" ("store a card", back page;
    e.g. Starting card 2's "keep one card in your hand to the next turn"); sources giving none are left out."""
    own = copies = twice = 0
    for i, m in enumerate(p.modules):
        e = copied(p, i) if m.copy else m
        if e is not None and e.storage:
            if m.copy:
                copies += e.storage
            else:
                own += e.storage
            twice += e.storage * (uses(p, m) - 1)
    out = [("Storage", own), ("a Copy module copying Storage", copies), ("Headquarters 2", twice),
           ("an Insight bought this turn" if p.bought_keep == 1 else "Insights bought this turn", p.bought_keep)]
    return [(why, n) for why, n in out if n]


def keep_words(p: Player) -> str:
    """:func:`keep_allowance` with its sources (:func:`keep_sources`) for the screens: "1 card kept by Storage",
    "1 card kept by an Insight bought this turn", "2 cards kept: 1 by Storage, 1 by an Insight bought this
    turn"; "" when nothing is kept."""
    got = keep_sources(p)
    n = sum(k for _, k in got)
    if not got:
        return ""
    if len(got) == 1:
        return f"{count(n, 'card')} kept by {got[0][0]}"
    return f"{n} cards kept: {kept_by(got)}"


def kept_by(sources: list[tuple[str, int]]) -> str:
    """:func:`keep_sources`' list in words: "1 by Storage, 1 by an Insight bought this turn"."""
    return ", ".join(f"{k} by {why}" for why, k in sources)


def protected(p: Player, colour: str) -> bool:
    """True if a Hazard protection module (or a copy of one) covers ``colour``,
    or an Insight bought on the player's previous turn ("hazard protection on
    your next turn", back page)."""
    if colour in p.shield:
        return True
    for i, m in enumerate(p.modules):
        e = copied(p, i) if m.copy else m
        if e is not None and e.protection == colour:
            return True
    return False


def free_advance(p: Player, i: int) -> int:
    """Spaces the module at index ``i`` advances when jettisoned (0: none)."""
    e = effective(p, i)
    return e.free_advance if e is not None else 0


def storage(p: Player, i: int) -> bool:
    e = effective(p, i)
    return e is not None and e.storage > 0


#: sources() by the parts of a Player it reads (a Player is immutable and its copies share those parts:
#: the steps of one turn, which change ``used`` and ``pos`` only, ask once)
_SOURCES: dict[tuple[int, int], tuple] = {}


def sources(p: Player) -> tuple[tuple[str, int, int, str, tuple[int, int]], ...]:
    """Every resource available to advance with this turn, used or not:
    ``(zone, index, slot, resource, key)``; ``key`` marks it in ``p.used``.
    Modules: one per Resource module (two if doubled). Play area: each
    resource of each played card, a copy's copied resources after its own, ANY
    for a Boost. It depends on ``modules``, ``play``, ``copy_dirs``, ``double`` and ``hq`` only."""
    modules, play = p.modules, p.play
    key = (id(modules), id(play))
    got = _SOURCES.get(key)
    if (got is not None and got[0] is modules and got[1] is play and got[2] == p.copy_dirs
            and got[3] == p.double and got[4] == p.hq):
        return got[5]
    out = _sources(p)
    if len(_SOURCES) > 256:
        _SOURCES.clear()
    _SOURCES[key] = (modules, play, p.copy_dirs, p.double, p.hq, out)
    return out


def _sources(p: Player) -> tuple[tuple[str, int, int, str, tuple[int, int]], ...]:
    out = []
    for i, m in enumerate(p.modules):
        e = copied(p, i) if m.copy else m
        if e is not None and e.resource:
            for slot in range(uses(p, m)):
                out.append(("module", i, slot, e.resource, (m.uid, slot)))
    play = p.play
    for i, c in enumerate(play):
        if c.gone:
            continue
        key = -1 - i
        if c.crew is None:
            out.append(("play", i, 0, ANY, (key, 0)))
            continue
        res = c.crew.resources
        if c.copy_of >= 0 and not play[c.copy_of].gone and play[c.copy_of].crew is not None:
            res = res + play[c.copy_of].crew.resources
        for slot, r in enumerate(res):
            out.append(("play", i, slot, r, (key, slot)))
    return tuple(out)


def source(p: Player, zone: str, index: int, slot: int) -> tuple[str, tuple[int, int]] | None:
    """``(resource, key)`` of one source, or None if there is no such source."""
    if zone == "module":
        if index >= len(p.modules):
            return None
        m = p.modules[index]
        e = copied(p, index) if m.copy else m
        if e is None or not e.resource or slot >= uses(p, m):
            return None
        return e.resource, (m.uid, slot)
    if index >= len(p.play):
        return None
    c = p.play[index]
    if c.gone:
        return None
    if c.crew is None:
        return (ANY, (-1 - index, 0)) if slot == 0 else None
    res = c.crew.resources
    if c.copy_of >= 0 and not p.play[c.copy_of].gone and p.play[c.copy_of].crew is not None:
        res = res + p.play[c.copy_of].crew.resources
    return (res[slot], (-1 - index, slot)) if slot < len(res) else None


def pays(space: str, resource: str) -> bool:
    """True if ``resource`` pays a step onto ``space`` ("Resources": a wild
    basic stands in for the four basics only; "Boost Cards": any of the six)."""
    if resource == ANY or space == ANY or resource == space:
        return True
    return resource == WILD and space in BASIC


def pair_pays(space: str, first: str, second: str) -> bool:
    """Headquarters 1: "two of the same basic resource as an advanced resource"
    (decision: a wild basic may be one of the two, standing for the other)."""
    if space not in ADVANCED:
        return False
    ok = BASIC + (WILD,)
    return first in ok and second in ok and (first == second or WILD in (first, second))


def next_space(route: tuple[str, ...], pos: int) -> tuple[int, tuple[str, ...]] | None:
    """``(index of the next space, hazards passed on the way)`` from ``pos``
    along ``route``; None at the final space. The "space" is
    :data:`~.model.UNENTERED` when the Trajectory card comes next and the table
    has not entered it (no step onto it: :func:`unentered_ahead`)."""
    j = pos + 1
    hazards: tuple[str, ...] = ()
    n = len(route)
    while j < n and route[j] in HAZARDS:
        hazards += (route[j],)
        j += 1
    return (j, hazards) if j < n else None


def unentered_ahead(state: State, seat: int) -> bool:
    """True if ``seat``'s rocket stands just before the Trajectory card and the
    table has not entered its spaces and hazards yet: they matter now."""
    p = state.players[seat]
    if not state.routes:
        return False
    nxt = next_space(state.routes[p.pad], p.pos)
    return nxt is not None and state.routes[p.pad][nxt[0]] == UNENTERED


def final_space(route: tuple[str, ...]) -> int:
    """Index of the final space of ``route`` (on the Mars card)."""
    for j in range(len(route) - 1, -1, -1):
        if route[j] not in HAZARDS:
            return j
    return -1


def route_of(state: State, seat: int) -> tuple[str, ...]:
    """The route of ``seat``'s lane, Earth to Mars (empty before the 12 trajectory cards are placed)."""
    return state.routes[state.players[seat].pad] if state.routes else ()


def trajectory_lanes(lanes: list | tuple) -> tuple[tuple[tuple[str, ...], ...], bool]:
    """The Trajectory card as entered (1..4 lanes of items, Earth to Mars) as ``(lanes, green)``: when every
    lane carries the Green hazard ("The Green hazard (on the Trajectory card)", Hazards) it is held once
    (``green`` True) and taken out of the lanes, however many times a lane repeats it; otherwise the lanes
    stay as entered. Lanes not entered are empty."""
    got = [tuple(lane) for lane in lanes]
    got += [()] * (LANES - len(got))
    green = all(TRAJECTORY_HAZARD in lane for lane in got)
    if green:
        got = [tuple(x for x in lane if x != TRAJECTORY_HAZARD) for lane in got]
    return tuple(got), green


def build_routes(state: State) -> tuple[tuple[str, ...], ...]:
    """Each lane's route: slots 1-6, the Trajectory card (unless left out),
    slots 7-12, the Mars card ("Setup": Earth, six cards, the Trajectory card,
    six cards, Mars; first game: "all 12 cards go from Earth to Mars")."""
    out = []
    for lane in range(len(state.mars)):
        items: tuple[str, ...] = ()
        for k, card in enumerate(state.slots):
            if k == 6 and state.trajectory_card:
                items += ((TRAJECTORY_HAZARD,) if state.trajectory_green else ()) + state.trajectory_card[lane]
            items += card[lane]
        out.append(items + state.mars[lane])
    return tuple(out)


__all__ = ["build_routes", "copied", "draw_count", "duplicable", "effective", "final_space", "free_advance",
           "keep_allowance", "next_space", "pair_pays", "pays", "protected", "route_of", "source", "sources", "storage",
           "trajectory_lanes", "uses", "HQ_PAIR"]

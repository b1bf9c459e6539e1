"""Mission to Mars 2049 at the table: seats, who acts, the result, invariants."""
from __future__ import annotations

from ..contract import Result, Seat, Standing, Turn
from .missions import productivity_holders
from .model import (BANK_ROAD, BASES, DECK_SIZE, MAIN, MAX_ROAD_CARDS, MISSION_DECK, OVER, PHASES, PROTECT, ROLLOFF,
                    SPOTS_AROUND_BASE, STATIONS_PER_TYPE, State, count_active, points, spots_taken)


def seats(state: State) -> tuple[Seat, ...]:
    """The players in table (clockwise) order, as entered at setup."""
    return state.seats


def to_act(state: State) -> Turn:
    """Who may act now: the roll-off's roller; the current player on their
    turn (first), together with the others who may change cards of the type
    just produced into tokens (Q.7) and those who may play the Productivity
    Mission at any time (4.1 Peaceful Mission Cards, decision MA-21: see
    :func:`.missions.productivity_holders`) as ``"several"``; in a Protection
    window its targets first (``"several"``), then those Productivity holders;
    nobody once the game is over."""
    ph = state.phase
    if ph == ROLLOFF:
        return Turn((state.roller,), "one", label=f"{state.seats[state.roller].name} rolls for the first player")
    if ph == OVER:
        return Turn((), "one", label="Game over")
    holders = productivity_holders(state)
    if ph == PROTECT:
        react = state.react
        return Turn(react + tuple(i for i in holders if i not in react), "several",
                    label="Protection? " + ", ".join(state.seats[i].name for i in react))
    cur = state.current
    label = f"{state.seats[cur].name}'s turn"
    r = state.produced
    if ph == MAIN and r >= 0:
        others = tuple(i for i, c in enumerate(state.colonies) if i != cur and (c.cards[r] >= 3 or i in holders))
    else:
        others = holders
    if others:
        return Turn((cur,) + others, "several", label=label)
    return Turn((cur,), "one", label=label)


def phase(state: State) -> str:
    """The step of play (see :mod:`.engine`)."""
    return state.phase


def is_over(state: State) -> bool:
    return state.phase == OVER


def outcome(state: State) -> str | None:
    """``"won"`` once someone has won, else None."""
    return "won" if state.phase == OVER else None


def result(state: State) -> Result | None:
    """The winner (the H2O Station's builder, or the first to 49 points when
    agreed) placed first; everyone else ranked by tournament points (5.0),
    equal points sharing a place (decision MA-35)."""
    if state.phase != OVER:
        return None
    w = state.winner
    pts = [points(c) for c in state.colonies]
    ranking = [Standing(w, 1, pts[w], f"{pts[w]} tournament points")]
    others = sorted((i for i in range(len(pts)) if i != w), key=lambda i: -pts[i])
    place = 1
    for n, i in enumerate(others):
        if n == 0 or pts[i] != pts[others[n - 1]]:
            place = n + 2
        ranking.append(Standing(i, place, pts[i], f"{pts[i]} tournament points"))
    how = "builds the H2O Station" if state.win_by == "h2o" else f"reaches {pts[w]} tournament points"
    return Result((w,), tuple(ranking), f"{state.seats[w].name} {how} and wins Mission to Mars 2049!", "won")


def invariants(state: State) -> list[str]:
    """What is wrong with ``state`` (empty when all is well): no negative
    cards or tokens, Road cards 0..3, Bases 1..5, each colour's station
    supply equal to 5 minus its tokens on the map, Stations and Laboratories
    attached to Bases 1..5, no standing Base with more than its 8 spots taken (3.6.2,
    ``model.spots_taken``), the (2) Laboratory only with the (3), every
    Mission Card in a pile, the used pile or a hand, the Game Bank's cards and
    every hand's adding up to the box (2.1), a winner iff the game is over."""
    bad: list[str] = []
    n = len(state.seats)
    if len(state.colonies) != n or state.phase not in PHASES:
        bad.append(f"{len(state.colonies)} colonies for {n} seats, phase {state.phase}")
    on_map = [[0, 0, 0] for _ in range(n)]
    for i, c in enumerate(state.colonies):
        for s in c.stations:
            on_map[s[1]][s[0]] += 1
            if not 1 <= s[2] <= BASES:
                bad.append(f"seat {i}: station attached to Base {s[2]}")
    for i, c in enumerate(state.colonies):
        if min(c.cards + c.tok3 + c.tok8) < 0:
            bad.append(f"seat {i}: negative cards or tokens {c.cards} {c.tok3} {c.tok8}")
        if not 0 <= c.roads <= MAX_ROAD_CARDS:
            bad.append(f"seat {i}: {c.roads} Road cards")
        if not 1 <= c.bases <= BASES:
            bad.append(f"seat {i}: {c.bases} Bases")
        if any(c.supply[r] != STATIONS_PER_TYPE - on_map[i][r] for r in (0, 1, 2)):
            bad.append(f"seat {i}: supply {c.supply} but {on_map[i]} on the map")
        if c.lab2 and not c.lab3 or not (0 <= c.lab3 <= BASES and 0 <= c.lab2 <= BASES):
            bad.append(f"seat {i}: Laboratories at {c.lab3}, {c.lab2}")
        full = [k for k in range(1, c.bases + 1) if spots_taken(c, k) > SPOTS_AROUND_BASE]
        if full:   # 3.6.2: a Base's 8 intersections (model.spots_taken)
            bad.append(f"seat {i}: more than {SPOTS_AROUND_BASE} spots taken around Base(s) {full}")
        if c.active != count_active(c.stations, c.bases):
            bad.append(f"seat {i}: active Stations {c.active} miscounted")
        if c.peaceful < 0 or c.aggressive < 0 or c.captured < 0 or c.skips < 0:
            bad.append(f"seat {i}: negative count")
        if c.h2o and state.winner != i:
            bad.append(f"seat {i} built the H2O Station but did not win")
    for r in range(4):
        held = sum(c.roads if r == BANK_ROAD else c.cards[r] for c in state.colonies)
        if state.bank[r] < 0 or state.bank[r] + held != state.box[r]:
            bad.append(f"bank {r}: {state.bank[r]} + {held} in hands != {state.box[r]} in the box")
    for deck in (0, 1):
        held = sum(c.aggressive if deck else c.peaceful for c in state.colonies)
        used = sum(u for u, d in zip(state.used, MISSION_DECK) if d == deck)
        if state.pile[deck] < 0 or state.pile[deck] + used + held != DECK_SIZE[deck]:
            bad.append(f"deck {deck}: pile {state.pile[deck]} + used {used} + held {held} != {DECK_SIZE[deck]}")
    if (state.winner >= 0) != (state.phase == OVER):
        bad.append(f"winner {state.winner} in phase {state.phase}")
    if not 0 <= state.current < n or not 0 <= state.roller < n:
        bad.append(f"current {state.current}, roller {state.roller}")
    if state.phase == PROTECT and (state.attack is None or not state.react):
        bad.append("a Protection window without an attack or anyone to answer")
    return bad

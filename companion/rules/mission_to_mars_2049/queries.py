"""Mission to Mars 2049: questions about a state: what the game waits for,
the last roll, and the overview for ``companion status``."""
from __future__ import annotations

import textwrap
from typing import Any

from ..contract import Expect
from .actions import GAME_ID, MISSION_NAMES
from .model import (BASES, DECK_NAMES, DECKS, MISSIONS, OVER, POINT_VICTORY, RESOURCE_NAMES, RESOURCES, ROAD_CARD,
                    ROB, ROLL, ROLLOFF, START_POINTS, STATION_NAMES, SYMBOL_NAMES, Colony, State, active_stations,
                    captured, points, rate, road_active, value)


BANK_NAMES = (*RESOURCES, ROAD_CARD)


def faces(state: State) -> tuple[str, ...]:
    """The label of die faces 1..6 ("Air", "Food", ..., "Skip a turn")."""
    return tuple(SYMBOL_NAMES[s] for s in state.faces)


def expects(state: State) -> Expect | None:
    """The die roll the game waits for (the roll-off or a turn's roll), or None.

    The roll-off's purpose says in plain words who rolls, for what, and what the result means (3.3 Who starts
    the game?: "Determine which player will start the game by rolling the Die. Whoever rolls the Air symbol
    first can roll the Die again to start the game"; decision MA-04: clockwise from the first seat):
    "Red rolls for who starts: on Air, Red starts; else Blue rolls" (a tester found "Red rolls: Air starts
    the game" terse and confusing). Short enough for the face pad's two lines on the portrait panel."""
    ph = state.phase
    if ph == ROLLOFF:
        seat = state.roller
        name, nxt = state.seats[seat].name, state.seats[(seat + 1) % len(state.seats)].name
        return Expect("roll", f"{name} rolls for who starts: on {SYMBOL_NAMES['air']}, {name} starts; else {nxt} "
                      "rolls", faces=faces(state), seat=seat)
    if ph == ROLL:
        seat = state.current
        return Expect("roll", f"{state.seats[seat].name}'s roll", faces=faces(state), seat=seat)
    return None


def last_roll(state: State) -> tuple[str, int] | None:
    """``(purpose, face)`` of the roll CORRECT_ROLL would replace, or None when
    the last action was not a roll."""
    base = state.before_roll
    if base is None:
        return None
    if base.phase == ROLLOFF:  # the purpose in a few words: it goes in Fix roll's question
        return f"{base.seats[base.roller].name}'s roll for who starts", state.rolled
    expect = expects(base)
    return (expect.purpose if expect else "the last roll"), state.rolled


def summary(state: State) -> dict[str, Any]:
    """A JSON-compatible overview: every player's cards, tokens, Road cards,
    buildings by Base (with active flags), Mission Cards held (counts by type;
    their kinds are secret until played), trade rate and tournament points;
    the Game Bank's cards (``bank``, ``bank_box``: ``{"air": n, "food": n,
    "minerals": n, "road": n}``, 2.1); ``theft_left``: during a Grand Theft Mission ("draw three Resource
    cards from him or her, without seeing what you take", Aggressive Mission Cards) the blind draws still to
    enter, else 0 (a Robbery's one draw is 0: the robber names the victim, 3.8.2); ``points_to_win``: with the
    optional 49-point victory agreed, the points that win (5.0 Tournament rules: "Optional point victory: 49
    points"), else None."""
    n = len(state.seats)
    players = []
    for i, (seat, c) in enumerate(zip(state.seats, state.colonies)):
        by_base: dict[str, dict[str, Any]] = {str(k): {"standing": k <= c.bases, "stations": [],
                                                        "laboratories": []} for k in range(1, 6)}
        for j, (r, colour, k) in enumerate(c.stations):
            by_base[str(k)]["stations"].append({"index": j, "resource": RESOURCES[r],
                                                "colour": state.seats[colour].colour, "active": k <= c.bases})
        for size, k in ((3, c.lab3), (2, c.lab2)):
            if k:
                by_base[str(k)]["laboratories"].append({"lab": size, "active": k <= c.bases})
        players.append({
            "name": seat.name, "colour": seat.colour, "starting_point": START_POINTS[n][i],
            "cards": dict(zip(RESOURCES, c.cards)), "tokens3": dict(zip(RESOURCES, c.tok3)),
            "tokens8": dict(zip(RESOURCES, c.tok8)),
            "value": {res: value(c, r) for r, res in enumerate(RESOURCES)},
            "road_cards": c.roads, "bases": c.bases, "buildings": by_base, "road": c.road,
            "road_active": road_active(c), "h2o": c.h2o,
            "station_supply": dict(zip(RESOURCES, c.supply)),
            "active_stations": {res: active_stations(c, r) for r, res in enumerate(RESOURCES)},
            "missions_held": {"peaceful": c.peaceful, "aggressive": c.aggressive, "kinds": "unknown until played"},
            "missions_bought": c.bought, "trade_rate": f"{rate(c)}:1", "points": points(c),
            "captured": captured(c), "skip_streak": c.skips,
        })
    return {
        "game": GAME_ID, "phase": state.phase, "turn": state.turn,
        "current": state.seats[state.current].name, "die_faces": list(faces(state)),
        "last_face": SYMBOL_NAMES[state.faces[state.face - 1]] if state.face else None,
        "victory_49": state.victory_49, "points_to_win": POINT_VICTORY if state.victory_49 else None,
        "players": players,
        "mission_piles": dict(zip(DECKS, state.pile)),
        "bank": dict(zip(BANK_NAMES, state.bank)), "bank_box": dict(zip(BANK_NAMES, state.box)),
        "missions_used": {m: u for m, u in zip(MISSIONS, state.used) if u},
        "winner": state.seats[state.winner].name if state.phase == OVER else None,
        "theft_left": state.rob_left if state.phase == ROB and state.rob_victim >= 0 else 0,
    }


def status_lines(state: State) -> list[str]:
    """``companion status``'s body in words, a few lines a player (its overview as ``summary`` gives it
    whole to ``--json``): the turn and the die's faces; for each player their tournament points (5.0) and
    trade rate (3.9), the cards in hand and the tokens (3.8), the Road cards (3.11), the Bases with what
    stands at each (3.6; a Base Armageddon destroyed, its buildings inactive, 4.1), the Road and the H2O
    Station (3.10, 3.12), the Mission Cards held and bought (4.0), a Capture (4.1); the Game Bank (2.1)
    and the Mission Card piles. A tester's finding: it printed 45 raw lines a player ("tokens3: air: 0,
    food: 0, minerals: 0", five Bases of "standing: no"). A line longer than :data:`STATUS_WIDTH` goes on,
    indented, on the next."""
    n = len(state.seats)
    labels = faces(state)
    faces_text = ", ".join(f"{i} {label}" for i, label in enumerate(labels, 1))
    last = f"; last roll: {labels[state.face - 1]}" if state.face else ""
    out = [f"Turn {state.turn}{last}", f"Die faces: {faces_text}"]
    if state.victory_49:
        out.append("49-point victory: on (5.0)")
    for i, (seat, c) in enumerate(zip(state.seats, state.colonies)):
        out.append(f"{seat.name} (starting point {START_POINTS[n][i]}): {points(c)} tournament points, "
                   f"trades {rate(c)}:1" + (", Captured: skips their next turn" if captured(c) else "")
                   + (f", rolled Skip a turn {c.skips} times in a row" if c.skips > 1 else ""))
        out.append(f"  cards: {_counted(c.cards)}; tokens: {_tokens(c)}; Road cards: {c.roads}")
        out.extend(f"  {line}" for line in _bases(state, i))
        road = ("built" if road_active(c) else "built, inactive until Base 5 stands again (3.10.4)") if c.road \
            else "not built"
        out.append(f"  Road: {road}; H2O Station: {'built' if c.h2o else 'not built'}; Mission Cards held: "
                   f"{c.peaceful} Peaceful, {c.aggressive} Aggressive ({c.bought} bought)")
    bank = ", ".join(f"{state.bank[k]} {name}" for k, name in enumerate((*RESOURCE_NAMES, "Road cards")))
    box = ", ".join(str(x) for x in state.box)
    out.append(f"Game Bank: {bank} (in the box: {box})")
    piles = ", ".join(f"{state.pile[d]} {DECK_NAMES[d]}" for d in range(len(DECKS)))
    used = ", ".join(f"{MISSION_NAMES[m]} {u}" for m, u in zip(MISSIONS, state.used) if u)
    out.append(f"Mission Card piles: {piles}; played: {used or 'none'}")
    if state.phase == ROB and state.rob_victim >= 0 and state.rob_left:
        out.append(f"Grand Theft: {state.rob_left} blind draws from {state.seats[state.rob_victim].name} to enter")
    return [part for line in out for part in textwrap.wrap(
        line, STATUS_WIDTH, subsequent_indent=" " * (len(line) - len(line.lstrip()) + 4), break_on_hyphens=False)]


#: the longest line :func:`status_lines` makes (a longer one goes on, indented, on the next)
STATUS_WIDTH = 100


#: "Build Mission": each Mission Card kind's name as the rulebook prints it (4.1), for :func:`status_lines`.


def _counted(cards: tuple[int, ...]) -> str:
    """"3 Air, 0 Food, 4 Minerals"."""
    return ", ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(cards))


def _tokens(c: Colony) -> str:
    """"a (3) Air token, 2 (8) Food tokens" or "none" (3.8)."""
    parts = [f"{n} ({size}) {RESOURCE_NAMES[r]} token" + ("s" if n > 1 else "")
             for size, held in ((3, c.tok3), (8, c.tok8)) for r, n in enumerate(held) if n]
    return ", ".join(parts) or "none"


def _bases(state: State, seat: int) -> list[str]:
    """One line a Base that stands or has buildings: "Base 2: Air Station, Food Station (blue star),
    Laboratory (3)"; a Base Armageddon destroyed that still has some says its buildings are inactive."""
    c = state.colonies[seat]
    lines = []
    for k in range(1, BASES + 1):
        kinds = [f"{STATION_NAMES[r]} Station" + ("" if colour == seat else f" ({state.seats[colour].colour} star)")
                 for r, colour, at in c.stations if at == k]
        here = [kind if kinds.count(kind) == 1 else f"{kinds.count(kind)} {kind.replace(' Station', ' Stations')}"
                for kind in dict.fromkeys(kinds)]
        here += [f"Laboratory ({size})" for size, at in ((3, c.lab3), (2, c.lab2)) if at == k]
        if k <= c.bases:
            lines.append(f"Base {k}: {', '.join(here) or 'nothing built around it'}")
        elif here:
            lines.append(f"Base {k} (not standing: destroyed; inactive): {', '.join(here)}")
    return lines

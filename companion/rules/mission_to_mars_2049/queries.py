"""Mission to Mars 2049: questions about a state: what the game waits for,
the last roll, and the overview for ``companion status``."""
from __future__ import annotations

from typing import Any

from ..contract import Expect
from .actions import GAME_ID
from .model import (DECKS, ROAD_CARD, MISSIONS, OVER, RESOURCES, ROB, ROLL, ROLLOFF, START_POINTS, SYMBOL_NAMES, State,
                    active_stations, captured, points, rate, road_active, value)


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
    enter, else 0 (a Robbery's one draw is 0: the robber names the victim, 3.8.2)."""
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
        "victory_49": state.victory_49, "players": players,
        "mission_piles": dict(zip(DECKS, state.pile)),
        "bank": dict(zip(BANK_NAMES, state.bank)), "bank_box": dict(zip(BANK_NAMES, state.box)),
        "missions_used": {m: u for m, u in zip(MISSIONS, state.used) if u},
        "winner": state.seats[state.winner].name if state.phase == OVER else None,
        "theft_left": state.rob_left if state.phase == ROB and state.rob_victim >= 0 else 0,
    }

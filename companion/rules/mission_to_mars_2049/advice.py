"""Mission to Mars 2049: odds and hints for the screens (pure; never refusals).

- :func:`production_chance`, :func:`expected_income`: what a player's active
  Stations bring on the next roll and per round (every roll of a round is a
  production roll for everyone: 3.5 and Q.6).
- :func:`payback`, :func:`chance_of_productions`: 6.0.5's arithmetic.
- :func:`buildable`, :func:`trades_to_base`: what a player can build now, and
  how many bank trades away the next Base is.
- :func:`hints`: tips of "6. Recommendations and tactics" and 3.6.4 for a move
  about to be made (a warning when a Station or Laboratory at the newest Base
  blocks your next Base, 3.6.4).
"""
from __future__ import annotations

from math import comb
from typing import Any

from ..contract import Action
from . import actions as A
from . import sections as S
from .missions import armageddon_targets
from .model import (ARMAGEDDON, BASE_COST, BASES, H2O_COST, LAB_COST, MISSION_COST, RESOURCE_NAMES, RESOURCES,
                    ROAD_COST, SPOTS_AROUND_BASE, START_STATIONS, STATION_COST, State, affords, deck_unplayed, labs_built,
                    price_text, rate, refund, road_active, roomy_bases, spots_taken, value)


def production_chance(state: State, seat: int) -> float:
    """The chance (0..1) that the next roll makes ``seat``'s Stations produce:
    faces whose symbol is a resource of which they have an active Station,
    out of 6; 0 while Captured."""
    c = state.colonies[seat]
    if c.captured:
        return 0.0
    return sum(1 for s in state.faces if s in RESOURCES and c.active[RESOURCES.index(s)]) / 6


def expected_income(state: State, seat: int) -> dict[str, dict[str, float]]:
    """Expected cards per roll and per round (one roll by each player), by
    resource: ``{"per_roll": {"air": 0.17, ...}, "per_round": {...}}``."""
    c = state.colonies[seat]
    n = len(state.seats)
    per_roll = {res: (0.0 if c.captured else c.active[r] * state.faces.count(res) / 6)
                for r, res in enumerate(RESOURCES)}
    return {"per_roll": per_roll, "per_round": {res: v * n for res, v in per_roll.items()}}


def payback(seats: int, p: float = 1 / 6, productions: int = 4) -> tuple[float, float]:
    """6.0.5: a Station "will only start to pay back after 4 successful turns",
    with a 1:6 chance each: (expected rolls, expected rounds) = (4/p, 4/p/seats),
    24 rolls and 8 rounds for three players."""
    rolls = productions / p
    return rolls, rolls / seats


def chance_of_productions(k: int, rolls: int, p: float = 1 / 6) -> float:
    """P(at least ``k`` productions in ``rolls`` rolls) for a Station producing
    with chance ``p`` per roll (binomial)."""
    return 1 - sum(comb(rolls, i) * p ** i * (1 - p) ** (rolls - i) for i in range(k))


def buildable(state: State, seat: int) -> list[str]:
    """What ``seat`` can pay for and still has tokens for, now, without
    trading (a Station or Laboratory also a free spot around one of their Bases, 3.6.2): ``"air_station"``,
    ``"food_station"``, ``"minerals_station"``, ``"base"``, ``"lab3"``/``"lab2"``, ``"road"``, ``"h2o"``,
    ``"peaceful_mission"``, ``"aggressive_mission"``."""
    c = state.colonies[seat]
    room = bool(roomy_bases(c))   # a Station or Laboratory needs a free spot around a Base (3.6.2); a Base
    out = [f"{res}_station" for r, res in enumerate(RESOURCES)   # always has one, over its own Station (Q.2)
           if room and c.supply[r] and affords(c, STATION_COST[r])]
    if c.bases < BASES and affords(c, BASE_COST):
        out.append("base")
    if room and not c.lab2 and affords(c, LAB_COST):
        out.append("lab2" if c.lab3 else "lab3")
    if not c.road and c.bases == BASES and c.roads >= ROAD_COST:
        out.append("road")
    if road_active(c) and affords(c, H2O_COST):
        out.append("h2o")
    out += [f"{deck}_mission" for deck, cost in zip(("peaceful", "aggressive"), MISSION_COST) if affords(c, cost)]
    return out


def trades_to_base(state: State, seat: int) -> int | None:
    """How many bank trades (at the player's rate) stand between ``seat`` and
    the next Base: 0 if they can pay now, None if trading alone cannot get
    there (or all 5 Bases stand)."""
    c = state.colonies[seat]
    if c.bases >= BASES:
        return None
    v = [value(c, r) for r in (0, 1, 2)]
    missing = sum(max(0, BASE_COST[r] - v[r]) for r in (0, 1, 2))
    n = rate(c)
    spare = sum(max(0, v[r] - BASE_COST[r]) // n for r in (0, 1, 2))
    return missing if spare >= missing else None


#: The Mission Cards that place a building next to one of your Bases (4.1), and what they place.
_PLACES = {"build": "Station", "laboratory": "Laboratory", "crimean": "Station"}


def base_warning(state: State, action: Action) -> str | None:
    """The 3.6.4 warning for ``action`` (assumed legal), to be shown before it
    is made: a Station or Laboratory attached to the newest Base (the chain's
    tip, spec MM-052) while fewer than 5 Bases stand takes a spot the next Base
    may need ("Always leave room for your next Base", 3.6 How does building
    work?, 3.6.4), whether built or placed by a Build, Laboratory or Crimean
    Mission (4.1); said as "takes the last free spot" when it fills the Base's 8 spots (3.6.2,
    :func:`~.model.spots_taken`: the next Base then goes only over a Station there, Q.2). None for any other
    move. A hint, never a refusal."""
    from .engine import apply  # the move's effect, to compare before and after
    seat = action.seat
    if seat is None or seat >= len(state.colonies):
        return None
    c = state.colonies[seat]
    card = action.args.get("card") if action.kind == A.PLAY else None
    if card in _PLACES and not (card == "laboratory" and labs_built(c)):  # both built: another card (4.1)
        what = _PLACES[card]   # a Mission Card that places one next to your Base, as a tester found unwarned
    elif action.kind in (A.BUILD_STATION, A.BUILD_LAB):
        what = "Station" if action.kind == A.BUILD_STATION else "Laboratory"
    else:
        return None
    if c.bases >= BASES or (action.args.get("base") or c.bases) != c.bases:
        return None
    if spots_taken(c, c.bases) + 1 == SPOTS_AROUND_BASE:   # this one fills the newest Base's 8 spots (3.6.2)
        return (f"This {what} takes the last free spot next to Base {c.bases}: Base {c.bases + 1} could then go "
                f"only over one of your Stations there ({S.BUILDING}, 3.6.4).")
    paid = not card and affords(c, BASE_COST)   # a Mission Card's building is free: it leaves the hand as it was
    short = _short_for_base(apply(state, action)[0].colonies[seat]) if paid else ""
    if short:
        return (f"This {what} blocks your next Base: it takes a spot next to Base {c.bases} and leaves you "
                f"short of {short} for Base {c.bases + 1} ({S.BUILDING}, 3.6.4).")
    return f"Leave room around Base {c.bases} for your next Base ({S.BUILDING}, 3.6.4)."


def may_be_blocked(state: State, seat: int) -> bool:
    """True when ``seat`` controls more Resource Stations than the three their
    First Base came with (3.2), so that they may have blocked their next Base
    (7. F.A.Q., Q.2: "I accidentally built two Resource Stations around my
    First Base, blocked myself"): only then is a Base over their own Station
    worth asking about. The setup's three leave room (3.6.4's illustrations)."""
    return len(state.colonies[seat].stations) > START_STATIONS


def armageddon_warning(state: State, action: Action, short: bool = False) -> str:
    """6.0.2 for a buy from the Aggressive pile by a player whose newest Base is among the closest to the
    North Pole, while an Armageddon can be drawn (both in the used pile and the pile not empty: none can; an
    empty pile is the used cards reshuffled, 4.0.4); empty otherwise. Said before the buy (a tester's finding:
    said after it, it could stop nobody). ``short``: in a few words, for a question's title."""
    seat = action.seat
    if (action.kind != A.BUY or action.args.get("deck") != "aggressive" or seat is None
            or seat not in armageddon_targets(state) or not (deck_unplayed(state, ARMAGEDDON) or not state.pile[1])):
        return ""
    base = state.colonies[seat].bases
    if short:
        return f"An Armageddon drawn now destroys your Base {base} (6.0.2)."
    return (f"Your Base {base} is among the closest to the North Pole: an Armageddon drawn "
            f"now destroys it ({S.AGGRESSIVE}; {S.TACTICS}, 6.0.2).")


def hints(state: State, action: Action) -> list[str]:
    """Tips for ``action`` (assumed legal) before it is made, each ending with
    its rulebook section; empty when there is nothing to say. The first is
    :func:`base_warning`'s when it applies. A Base over a Station: the way out when blocked (Q.2), or, with the
    newest Base's 8 spots taken (:func:`~.model.spots_taken`, 3.6.2), the only way, no free spot offered."""
    seat = action.seat
    if seat is None or seat >= len(state.colonies):
        return []
    c = state.colonies[seat]
    kind = action.kind
    first = base_warning(state, action)
    out: list[str] = [first] if first else []
    if kind == A.BUILD_STATION and c.bases == 1:
        out.append(f"Saving for your second Base first is often better ({S.TACTICS}, 6.0.1).")
    if kind == A.BUILD_STATION:
        rolls, rounds = payback(len(state.seats))
        out.append(f"A Station pays back after about {rolls:.0f} rolls, {rounds:.0f} rounds ({S.TACTICS}, 6.0.5).")
    armageddon = armageddon_warning(state, action)
    if armageddon:
        out.append(armageddon)
    if kind == A.BUILD_BASE and action.args.get("over") is not None:
        back = refund(state, seat, action.args["over"])
        gone = (f"the Station leaves the map with no refund ({S.FAQ_BASE_OVER_STATION})" if back is None else
                f"the Station, built this turn, leaves the map and its {price_text(back)} come back "
                f"({S.FAQ_BASE_OVER_STATION})")
        if spots_taken(c, c.bases) < SPOTS_AROUND_BASE:
            out.append(f"A Base over your own Station is the way out when you have blocked yourself; {gone}. "
                       f"Otherwise build it on a free spot next to your newest Base ({S.BUILDING}, 3.6.2).")
        else:   # the free spot was refused (a tester's finding: "Otherwise ... a free spot" after the refusal)
            out.append(f"With the {SPOTS_AROUND_BASE} spots next to your Base {c.bases} all taken, a Base over "
                       f"your own Station is the only way ({S.BUILDING}, 3.6.2); {gone}.")
    return out


def _short_for_base(c: Any) -> str:
    """``"1 Air, 2 Food"``: what colony ``c`` lacks for a Base; empty when it can pay."""
    return ", ".join(f"{BASE_COST[r] - value(c, r)} {RESOURCE_NAMES[r]}" for r in (0, 1, 2)
                     if value(c, r) < BASE_COST[r])


def overview(state: State) -> list[dict[str, Any]]:
    """Per seat: production chance, expected income per round, what can be
    built now, trades to the next Base (for a dashboard)."""
    return [{"seat": i, "production_chance": production_chance(state, i),
             "income_per_round": expected_income(state, i)["per_round"],
             "buildable": buildable(state, i), "trades_to_base": trades_to_base(state, i)}
            for i in range(len(state.seats))]

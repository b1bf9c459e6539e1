"""Mission to Mars 2049: listing legal actions, and a random legal action for playouts.

``random_action`` plays like a sensible beginner so that random games end: it
builds the H2O Station, the Road and Bases as soon as it can, trades towards
the next of them, and only sometimes builds Stations and Laboratories, buys
or plays Mission Cards, or changes tokens. Chance is drawn too: die faces, the
type drawn blind (weighted by the victim's cards), a bought card that turns
out to be Armageddon.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from random import Random

from ..contract import Action
from . import actions as A
from .checks import check
from .missions import may_protect
from .model import (ARMAGEDDON, BASE_COST, BASES, DECKS, DISCOVERY, H2O_COST, IMMEDIATE_PLAY, LAB_COST, MAIN,
                    MAX_ROAD_CARDS, MISSION_COST, MISSION_DECK, MISSIONS, OVER, PROTECT, RESOURCES, ROAD_CARD,
                    ROAD_COST, ROB, ROLL, ROLLOFF, SKIP_BONUS, STATION_COST, Colony, State, affords,
                    deck_unplayed, rate, road_active, value)
from .wallet import forced_exchange

_ROLLS = tuple(tuple(Action(A.ROLL, {"face": f}, s) for f in range(1, 7)) for s in range(4))
_DONE = tuple(Action(A.DONE, {}, s) for s in range(4))
_TAKES = (*RESOURCES, ROAD_CARD)
_ASSIST = tuple(list(t) for t in combinations_with_replacement(RESOURCES, 4))


def legal_actions(state: State) -> list[Action]:
    """Every legal action with finite values (die faces, blind-draw types and
    Mission Card kinds included), in a stable order."""
    ph = state.phase
    if ph == OVER:
        return []
    out: list[Action] = []
    base = state.before_roll
    if base is not None:
        out += [Action(A.CORRECT_ROLL, {"face": f}) for f in range(1, 7) if f != state.rolled]  # the table's
    cur = state.current
    if ph == ROLLOFF:
        return list(_ROLLS[state.roller]) + out
    if ph == ROLL:
        return list(_ROLLS[cur]) + out
    if ph == ROB:
        victims = [state.rob_victim] if state.rob_victim >= 0 else [i for i in range(len(state.seats)) if i != cur]
        for v in victims:
            cards = state.colonies[v].cards
            if any(cards):
                out += [Action(A.ROB, {"victim": v, "resource": res}, cur) for r, res in enumerate(RESOURCES)
                        if cards[r]]
            else:
                out.append(Action(A.ROB, {"victim": v}, cur))
        return out
    if ph == DISCOVERY or ph == SKIP_BONUS:
        full = state.colonies[cur].roads >= MAX_ROAD_CARDS
        return out + [Action(A.TAKE, {"resource": t}, cur) for t in _TAKES if not (full and t == ROAD_CARD)]
    if ph == IMMEDIATE_PLAY:
        return out + [Action(A.PLAY, {"card": "armageddon"}, cur)]
    if ph == PROTECT:
        for s in state.react:
            out.append(Action(A.PROTECT, {"use": False}, s))
            if may_protect(state, s):
                out.append(Action(A.PROTECT, {"use": True}, s))
        return out
    return out + _main_actions(state)


def _main_actions(state: State) -> list[Action]:
    cur = state.current
    c = state.colonies[cur]
    out = [_DONE[cur]]
    n = rate(c)
    for g, give in enumerate(RESOURCES):
        if value(c, g) >= n:
            out += [Action(A.TRADE, {"give": give, "get": get}, cur) for get in _TAKES
                    if get != give and not (get == ROAD_CARD and c.roads >= MAX_ROAD_CARDS)]
    for r, res in enumerate(RESOURCES):
        for size in (3, 8):
            if c.cards[r] >= size:
                out.append(Action(A.TO_TOKEN, {"resource": res, "token": size}, cur))
        if c.tok3[r]:
            out.append(Action(A.TO_CARDS, {"resource": res, "token": 3}, cur))
        if c.tok8[r]:
            out.append(Action(A.TO_CARDS, {"resource": res, "token": 8}, cur))
    if state.produced >= 0:
        r = state.produced
        for i, o in enumerate(state.colonies):
            if i != cur:
                out += [Action(A.TO_TOKEN, {"resource": RESOURCES[r], "token": size}, i) for size in (3, 8)
                        if o.cards[r] >= size]
    bases = range(1, c.bases + 1)
    for r, res in enumerate(RESOURCES):
        if c.supply[r] and affords(c, STATION_COST[r]):
            out += [Action(A.BUILD_STATION, {"resource": res, "base": k}, cur) for k in bases]
    if c.bases < BASES and affords(c, BASE_COST):
        out.append(Action(A.BUILD_BASE, {}, cur))
        out += [Action(A.BUILD_BASE, {"over": j}, cur) for j in range(len(c.stations))]
    if not c.lab2 and affords(c, LAB_COST):
        out += [Action(A.BUILD_LAB, {"base": k}, cur) for k in bases]
    if not c.road and c.bases == BASES and c.roads >= ROAD_COST:
        out.append(Action(A.BUILD_ROAD, {}, cur))
    if road_active(c) and affords(c, H2O_COST):
        out.append(Action(A.BUILD_H2O, {}, cur))
    if not state.bought:
        for d, deck in enumerate(DECKS):
            for immediate in (False, True):
                a = Action(A.BUY, {"deck": deck, "immediate": immediate}, cur)
                if check(state, a) is None:
                    out.append(a)
    for kind, deck in zip(MISSIONS, MISSION_DECK):
        if (c.aggressive if deck else c.peaceful) and deck_unplayed(state, MISSIONS.index(kind)):
            for args in _play_choices(state, cur, kind):
                a = Action(A.PLAY, args, cur)
                if check(state, a) is None:
                    out.append(a)
    out += [Action(A.BANK_OUT, {"resource": res}, cur) for r, res in enumerate(RESOURCES)
            if any(forced_exchange(c.cards[r]) != (0, 0) for c in state.colonies)]
    return out


def _play_choices(state: State, seat: int, kind: str) -> list[dict]:
    c = state.colonies[seat]
    bases = range(1, c.bases + 1)
    others = [i for i in range(len(state.seats)) if i != seat]
    if kind == "build":
        return [{"card": kind, "resource": res, "base": k} for res in RESOURCES for k in bases]
    if kind == "assistance":
        return [{"card": kind, "take": list(t)} for t in _ASSIST]
    if kind == "laboratory":
        return [{"card": kind, "base": k} for k in bases]
    if kind in ("productivity", "black_friday"):
        return [{"card": kind, "resource": res} for res in RESOURCES]
    if kind == "crimean":
        return [{"card": kind, "target": t, "station": j, "base": k} for t in others
                for j in range(len(state.colonies[t].stations)) for k in bases]
    if kind == "sabotage":
        return [{"card": kind, "target": t, "station": j} for t in others
                for j in range(len(state.colonies[t].stations))]
    if kind in ("grand_theft", "capture"):
        return [{"card": kind, "target": t} for t in others]
    return [{"card": kind}]


# --------------------------------------------------------------------------- random play

def random_action(state: State, rng: Random) -> Action:
    """A random legal action, fast (no full listing), biased towards building
    so that games end. Raises ``ValueError`` when the game is over."""
    ph = state.phase
    cur = state.current
    if ph == ROLL:
        return _ROLLS[cur][int(rng.random() * 6)]
    if ph == MAIN:
        return _main_move(state, cur, rng)
    if ph == ROLLOFF:
        return _ROLLS[state.roller][int(rng.random() * 6)]
    if ph == ROB:
        return _rob(state, cur, rng)
    if ph == DISCOVERY or ph == SKIP_BONUS:
        return Action(A.TAKE, {"resource": _wanted(state.colonies[cur], allow_road=True)}, cur)
    if ph == IMMEDIATE_PLAY:
        return Action(A.PLAY, {"card": "armageddon"}, cur)
    if ph == PROTECT:
        s = state.react[0]
        return Action(A.PROTECT, {"use": may_protect(state, s) and rng.random() < 0.3}, s)
    raise ValueError("the game is over")


def _rob(state: State, cur: int, rng: Random) -> Action:
    if state.rob_victim >= 0:
        v = state.rob_victim
    else:
        n = len(state.seats)
        v = (cur + 1 + int(rng.random() * (n - 1))) % n
    cards = state.colonies[v].cards
    total = cards[0] + cards[1] + cards[2]
    if not total:
        return Action(A.ROB, {"victim": v}, cur)
    pick = int(rng.random() * total)  # a blind draw: each card equally likely
    r = 0 if pick < cards[0] else 1 if pick < cards[0] + cards[1] else 2
    return Action(A.ROB, {"victim": v, "resource": RESOURCES[r]}, cur)


def _values(c: Colony) -> tuple[int, int, int]:
    a, t3, t8 = c.cards, c.tok3, c.tok8
    return a[0] + 3 * t3[0] + 8 * t8[0], a[1] + 3 * t3[1] + 8 * t8[1], a[2] + 3 * t3[2] + 8 * t8[2]


def _wanted(c: Colony, allow_road: bool) -> str:
    """The card the colony needs most: a Road card once Bases are nearly done
    (decision of the random player), else its scarcest resource for the next
    Base or the H2O Station."""
    if allow_road and not c.road and c.bases >= BASES - 1 and c.roads < MAX_ROAD_CARDS:
        return ROAD_CARD
    v = _values(c)
    goal = 3 if c.bases < BASES else 8
    gaps = (goal - v[0], goal - v[1], goal - v[2])
    return RESOURCES[gaps.index(max(gaps))]


def _main_move(state: State, cur: int, rng: Random) -> Action:
    c = state.colonies[cur]
    v = _values(c)
    if c.bases == BASES:
        if c.road:
            if v[0] >= 8 and v[1] >= 8 and v[2] >= 8:
                return Action(A.BUILD_H2O, {}, cur)
            goal = 8
        else:
            if c.roads >= ROAD_COST:
                return Action(A.BUILD_ROAD, {}, cur)
            goal = 0
    elif v[0] >= 3 and v[1] >= 3 and v[2] >= 3:
        if c.stations and rng.random() < 0.05:
            return Action(A.BUILD_BASE, {"over": int(rng.random() * len(c.stations))}, cur)
        return Action(A.BUILD_BASE, {}, cur)
    else:
        goal = 3
    roll = rng.random()
    if roll < 0.5:
        a = _occasional(state, cur, c, roll, rng)
        if a is not None:
            return a
    # a bank trade towards the goal, from a surplus
    n = rate(c)
    if not c.road and c.bases >= BASES - 1 and c.roads < MAX_ROAD_CARDS:
        want, w, surplus = ROAD_CARD, -1, (goal if c.bases == BASES else 3)
    else:
        gaps = (goal - v[0], goal - v[1], goal - v[2])
        w = gaps.index(max(gaps))
        if gaps[w] <= 0:
            return _DONE[cur]
        want, surplus = RESOURCES[w], goal
    for g in (0, 1, 2):
        if g != w and v[g] - surplus >= n:
            return Action(A.TRADE, {"give": RESOURCES[g], "get": want}, cur)
    return _DONE[cur]


def _occasional(state: State, cur: int, c: Colony, roll: float, rng: Random) -> Action | None:
    """Sometimes: play or buy a Mission Card, build a Laboratory or a Station, change tokens."""
    if roll < 0.15:
        if (c.peaceful or c.aggressive) and not state.played:
            a = _random_play(state, cur, c, rng)
            if a is not None and check(state, a) is None:
                return a
    elif roll < 0.25:
        deck = int(rng.random() * 2)
        if not state.bought and affords(c, MISSION_COST[deck]) and (state.pile[deck] or any(
                u for u, d in zip(state.used, MISSION_DECK) if d == deck)):
            immediate = deck == 1 and deck_unplayed(state, ARMAGEDDON) > 0 and rng.random() < 2 / 15
            return Action(A.BUY, {"deck": DECKS[deck], "immediate": immediate}, cur)
    elif roll < 0.35:
        if not c.lab2 and affords(c, LAB_COST):
            return Action(A.BUILD_LAB, {}, cur)
    elif roll < 0.44:
        r = int(rng.random() * 3)
        if len(c.stations) < 9 and c.supply[r] and affords(c, STATION_COST[r]):
            return Action(A.BUILD_STATION, {"resource": RESOURCES[r], "base": 1 + int(rng.random() * c.bases)}, cur)
    elif roll < 0.47:
        r = state.produced
        if r >= 0:
            for i, o in enumerate(state.colonies):
                if i != cur and o.cards[r] >= 3:
                    return Action(A.TO_TOKEN, {"resource": RESOURCES[r], "token": 3}, i)
    else:
        r = int(rng.random() * 3)
        if c.cards[r] >= 3:
            return Action(A.TO_TOKEN, {"resource": RESOURCES[r], "token": 8 if c.cards[r] >= 8 else 3}, cur)
        if c.tok3[r]:
            return Action(A.TO_CARDS, {"resource": RESOURCES[r], "token": 3}, cur)
    return None


def _random_play(state: State, cur: int, c: Colony, rng: Random) -> Action | None:
    deck = 1 if c.aggressive and (not c.peaceful or rng.random() < 0.5) else 0
    kinds = [k for k, d in zip(MISSIONS, MISSION_DECK) if d == deck and k not in ("protection", "armageddon")
             and deck_unplayed(state, MISSIONS.index(k))]
    if not kinds:
        return None
    kind = kinds[int(rng.random() * len(kinds))]
    n = len(state.seats)
    t = (cur + 1 + int(rng.random() * (n - 1))) % n
    res = RESOURCES[int(rng.random() * 3)]
    if kind == "build":
        args = {"resource": res}
    elif kind == "assistance":
        args = {"take": [_wanted(c, False)] * 2 + [res, res]}
    elif kind in ("productivity", "black_friday"):
        args = {"resource": res}
    elif kind in ("crimean", "sabotage"):
        stations = state.colonies[t].stations
        if not stations:
            return None
        args = {"target": t, "station": int(rng.random() * len(stations))}
    elif kind in ("grand_theft", "capture"):
        args = {"target": t}
    else:
        args = {}
    return Action(A.PLAY, {"card": kind, **args}, cur)

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

from ..contract import fast_action as Action  # the contract's Action, made faster
from . import actions as A
from .checks import _check_buy, _check_play, check
from .missions import may_protect, productivity_holders
from .model import (ARMAGEDDON, BANK_ROAD, BASE_COST, BASES, DECKS, H2O_COST, DISCOVERY, IMMEDIATE_PLAY, LAB_COST,
                    LABORATORY, MAIN, IMMEDIATE, MAX_ROAD_CARDS, MISSION_COST, MISSION_COUNT, MISSION_DECK, MISSIONS,
                    OVER, PROTECT, RESOURCES, ROAD_CARD, ROAD_COST, ROB, ROLL, ROLLOFF, SKIP_BONUS, STATION_COST,
                    Colony, State, affords, base_over_spots, deck_unplayed, has_room, labs_built, rate, road_active,
                    roomy_bases)

_ROLLS = tuple(tuple(Action(A.ROLL, {"face": f}, s) for f in range(1, 7)) for s in range(4))
_DONE = tuple(Action(A.DONE, {}, s) for s in range(4))
_TAKES = (*RESOURCES, ROAD_CARD)
_ASSIST = tuple(list(t) for t in combinations_with_replacement(RESOURCES, 4))


def legal_actions(state: State) -> list[Action]:
    """Every legal action with finite values (die faces, blind-draw types and
    Mission Card kinds included), in a stable order: the phase's, then the
    Productivity Mission of the other players who may play it at any time."""
    ph = state.phase
    if ph == OVER:
        return []
    holders = productivity_holders(state)
    if holders:
        return _phase_actions(state) + [a for i in holders for a in _productivity[i]
                                        if check(state, a) is None]
    return _phase_actions(state)


def _phase_actions(state: State) -> list[Action]:
    """The actions of the phase (the current player's, the table's Fix roll,
    the answers of a Protection window)."""
    ph = state.phase
    base = state.before_roll
    out: list[Action] = [] if base is None else list(_CORRECT[state.rolled])  # the table's
    cur = state.current
    if ph == MAIN:
        return out + _main_actions(state) if out else _main_actions(state)
    if ph == ROLLOFF:
        return list(_ROLLS[state.roller]) + out
    if ph == ROLL:
        out = list(_ROLLS[cur]) + out
    elif ph == ROB:
        victims = [state.rob_victim] if state.rob_victim >= 0 else [i for i in range(len(state.seats)) if i != cur]
        for v in victims:
            cards = state.colonies[v].cards
            if any(cards):
                out += [Action(A.ROB, {"victim": v, "resource": res}, cur) for r, res in enumerate(RESOURCES)
                        if cards[r]]
            else:
                out.append(Action(A.ROB, {"victim": v}, cur))
    elif ph == DISCOVERY or ph == SKIP_BONUS:
        full = state.colonies[cur].roads >= MAX_ROAD_CARDS or not state.bank[BANK_ROAD]
        out += [Action(A.TAKE, {"resource": t}, cur) for t in _TAKES if not (full and t == ROAD_CARD)]
    elif ph == IMMEDIATE_PLAY:
        out.append(Action(A.PLAY, {"card": "armageddon"}, cur))
    elif ph == PROTECT:
        for s in state.react:
            out.append(Action(A.PROTECT, {"use": False}, s))
            if may_protect(state, s):
                out.append(Action(A.PROTECT, {"use": True}, s))
        return out
    if state.colonies[cur].peaceful and state.productivity_any_time:  # also before the roll (MA-21)
        out += [a for a in _productivity[cur] if check(state, a) is None]
    return out


# Actions listed in the main phase, made once (an Action is immutable): by seat, then choice.
_SEATS = range(4)
_CORRECT = tuple(tuple(Action(A.CORRECT_ROLL, {"face": f}) for f in range(1, 7) if f != rolled)
                 for rolled in range(7))
_TRADES = tuple(tuple(tuple(Action(A.TRADE, {"give": give, "get": get}, s) for get in _TAKES
                            if get != give and not (full and get == ROAD_CARD))
                      for give in RESOURCES for full in (False, True)) for s in _SEATS)
_TOKENS = tuple(tuple(tuple(Action(A.TO_TOKEN, {"resource": res, "token": size}, s) for size in (3, 8))
                      for res in RESOURCES) for s in _SEATS)
_CARDS = tuple(tuple(tuple(Action(A.TO_CARDS, {"resource": res, "token": size}, s) for size in (3, 8))
                     for res in RESOURCES) for s in _SEATS)
_STATIONS = tuple(tuple(tuple(Action(A.BUILD_STATION, {"resource": res, "base": k}, s) for k in range(1, BASES + 1))
                        for res in RESOURCES) for s in _SEATS)
_BASE = tuple(Action(A.BUILD_BASE, {}, s) for s in _SEATS)
_BASE_OVER: list[list[Action]] = [[] for _ in _SEATS]   # grown on demand: the stations a colony holds
_LABS = tuple(tuple(Action(A.BUILD_LAB, {"base": k}, s) for k in range(1, BASES + 1)) for s in _SEATS)
_ROAD = tuple(Action(A.BUILD_ROAD, {}, s) for s in _SEATS)
_H2O = tuple(Action(A.BUILD_H2O, {}, s) for s in _SEATS)
_BUYS = tuple(tuple(tuple(Action(A.BUY, {"deck": deck, "immediate": immediate}, s) for immediate in (False, True))
                    for deck in DECKS) for s in _SEATS)
#: The Productivity Mission, played for each resource, by seat.
_productivity = tuple(tuple(Action(A.PLAY, {"card": "productivity", "resource": res}, s) for res in RESOURCES)
                      for s in _SEATS)
#: The decks holding a kind played the moment it is bought (check refuses ``immediate`` elsewhere).
_IMMEDIATE_DECKS = frozenset(MISSION_DECK[MISSIONS.index(k)] for k in IMMEDIATE)


def _base_over(cur: int, c: Colony, room: bool = True) -> list[Action]:
    """The Bases over a Station of colony ``c`` that may be built (:func:`~.model.base_over_spots`); without
    ``room`` around the newest Base (:func:`~.model.has_room`), only over a Station attached to it (3.6.2, Q.2)."""
    made = _BASE_OVER[cur]
    while len(made) < len(c.stations):
        made.append(Action(A.BUILD_BASE, {"over": len(made)}, cur))
    return [made[i] for i in _over_spots(c, room)]


def _over_spots(c: Colony, room: bool) -> tuple[int, ...]:
    spots = base_over_spots(c)
    return spots if room else tuple(i for i in spots if c.stations[i][2] == c.bases)


def _main_actions(state: State) -> list[Action]:
    cur = state.current
    c = state.colonies[cur]
    out = [_DONE[cur]]
    n = rate(c)
    cards, t3, t8 = c.cards, c.tok3, c.tok8
    v0 = cards[0] + 3 * t3[0] + 8 * t8[0]
    v1 = cards[1] + 3 * t3[1] + 8 * t8[1]
    v2 = cards[2] + 3 * t3[2] + 8 * t8[2]
    full = c.roads >= MAX_ROAD_CARDS or not state.bank[BANK_ROAD]
    trades = _TRADES[cur]
    if v0 >= n:
        out += trades[full]
    if v1 >= n:
        out += trades[2 + full]
    if v2 >= n:
        out += trades[4 + full]
    tokens, back = _TOKENS[cur], _CARDS[cur]
    for r in (0, 1, 2):
        k = cards[r]
        if k >= 3:
            out.append(tokens[r][0])
            if k >= 8:
                out.append(tokens[r][1])
        if t3[r] and state.bank[r] >= 3:
            out.append(back[r][0])
        if t8[r] and state.bank[r] >= 8:
            out.append(back[r][1])
    r = state.produced
    if r >= 0:
        for i, o in enumerate(state.colonies):
            if i != cur:
                k = o.cards[r]
                if k >= 3:
                    out.append(_TOKENS[i][r][0])
                    if k >= 8:
                        out.append(_TOKENS[i][r][1])
    bases = c.bases
    supply = c.supply
    stations = _STATIONS[cur]
    room = roomy_bases(c)   # the Bases with a free spot around them (3.6.2)
    every = len(room) == bases   # the common case: each Base has room (its moves are a slice)
    for r in (0, 1, 2):   # affords(c, cost), with the values above
        cost = STATION_COST[r]
        if supply[r] and v0 >= cost[0] and v1 >= cost[1] and v2 >= cost[2]:
            out += stations[r][:bases] if every else [stations[r][k - 1] for k in room]
    if bases < BASES and v0 >= BASE_COST[0] and v1 >= BASE_COST[1] and v2 >= BASE_COST[2]:
        tip = bases in room
        if tip:
            out.append(_BASE[cur])
        if c.stations:
            out += _base_over(cur, c, tip)
    if not c.lab2 and v0 >= LAB_COST[0] and v1 >= LAB_COST[1] and v2 >= LAB_COST[2]:
        out += _LABS[cur][:bases] if every else [_LABS[cur][k - 1] for k in room]
    if not c.road and bases == BASES and c.roads >= ROAD_COST:
        out.append(_ROAD[cur])
    if road_active(c) and v0 >= H2O_COST[0] and v1 >= H2O_COST[1] and v2 >= H2O_COST[2]:
        out.append(_H2O[cur])
    # the current player's moves in the main phase, well formed by construction: what check asks past the turn,
    # the phase and the payload's shape is the move's own checker (_check_buy, _check_play), asked directly
    if not state.bought:
        buys = _BUYS[cur]
        for d in (0, 1):
            if affords(c, MISSION_COST[d]):    # necessary: check refuses a card the player cannot pay
                if _check_buy(state, buys[d][0]) is None:
                    out.append(buys[d][0])
                if d in _IMMEDIATE_DECKS and _check_buy(state, buys[d][1]) is None:
                    out.append(buys[d][1])
    if c.peaceful or c.aggressive:
        played = state.played
        used = state.used
        for kind, deck in _KINDS:
            if (c.aggressive if deck else c.peaceful) and MISSION_COUNT[kind] - used[kind]:
                # one Mission Card per turn (4.0.2): check refuses every choice, save a second Laboratory
                if played and not (kind == LABORATORY and labs_built(c)):
                    continue
                choices = _play_actions(state, cur, MISSIONS[kind])
                # the choices differ only where each is valid by construction: the card's own
                # conditions (the first's check) decide for all of them
                if choices and _check_play(state, choices[0]) is None:
                    out += choices
    return out


_KINDS = tuple(enumerate(MISSION_DECK))


def _play_choices(state: State, seat: int, kind: str) -> list[dict]:
    """The choices of playing ``kind``, each valid for the card's own fields
    (Bases standing, opponents, their Stations, Stations left to build)."""
    c = state.colonies[seat]
    bases = roomy_bases(c)   # a building placed next to one of your Bases needs a free spot there (3.6.2)
    others = [i for i in range(len(state.seats)) if i != seat]
    if kind == "build":
        return [{"card": kind, "resource": res, "base": k} for r, res in enumerate(RESOURCES) if c.supply[r]
                for k in bases]
    if kind == "assistance":
        return [{"card": kind, "take": list(t)} for t in _ASSIST]
    if kind == "laboratory":  # both built: "take another Peaceful Mission Card" (4.1), nothing to place
        return [{"card": kind}] if labs_built(c) else [{"card": kind, "base": k} for k in bases]
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


#: The play actions by (seat, card, what their choices depend on), made once.
_PLAYS: dict[tuple, tuple[Action, ...]] = {}


def _play_actions(state: State, seat: int, kind: str) -> tuple[Action, ...]:
    c = state.colonies[seat]
    if kind == "build":
        key: tuple = (seat, kind, roomy_bases(c), c.supply[0] > 0, c.supply[1] > 0, c.supply[2] > 0)
    elif kind == "crimean":
        key = (seat, kind, roomy_bases(c), *[len(o.stations) for o in state.colonies])
    elif kind == "sabotage":
        key = (seat, kind, c.bases, *[len(o.stations) for o in state.colonies])
    elif kind == "laboratory":  # both built: no Base asked (see _play_choices)
        key = (seat, kind, roomy_bases(c), labs_built(c))
    else:
        key = (seat, kind, c.bases, len(state.seats))
    got = _PLAYS.get(key)
    if got is None:
        if len(_PLAYS) > 20_000:
            _PLAYS.clear()
        got = _PLAYS[key] = tuple(Action(A.PLAY, args, seat) for args in _play_choices(state, seat, kind))
    return got


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
        return Action(A.TAKE, {"resource": _wanted(state.colonies[cur], allow_road=state.bank[BANK_ROAD] > 0)}, cur)
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
        room = has_room(c, c.bases)   # else the Base goes over a Station there (3.6.2, Q.2): one is there
        spots = _over_spots(c, room) if c.stations else ()
        if spots and (not room or rng.random() < 0.05):
            return Action(A.BUILD_BASE, {"over": spots[int(rng.random() * len(spots))]}, cur)
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
    if not c.road and c.bases >= BASES - 1 and c.roads < MAX_ROAD_CARDS and state.bank[BANK_ROAD]:
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
    if roll < 0.01:
        for i in productivity_holders(state):  # another player's Productivity Mission, off turn (MA-21)
            a = _productivity[i][int(rng.random() * 3)]
            if check(state, a) is None:
                return a
    elif roll < 0.15:
        if (c.peaceful or c.aggressive) and not state.played:
            a = _random_play(state, cur, c, rng)
            if a is not None and check(state, a) is None:
                return a
    elif roll < 0.25:
        deck = int(rng.random() * 2)
        if not state.bought and affords(c, MISSION_COST[deck]) and (state.pile[deck] or any(
                u for u, d in zip(state.used, MISSION_DECK) if d == deck)):
            immediate = deck == 1 and (deck_unplayed(state, ARMAGEDDON) > 0 or not state.pile[1]) \
                and rng.random() < 2 / 15  # an empty pile: the used cards reshuffled, Armageddons too (4.0.4)
            return Action(A.BUY, {"deck": DECKS[deck], "immediate": immediate}, cur)
    elif roll < 0.35:
        if not c.lab2 and affords(c, LAB_COST):
            if has_room(c, c.bases):
                return Action(A.BUILD_LAB, {}, cur)
            room = roomy_bases(c)
            if room:
                return Action(A.BUILD_LAB, {"base": room[int(rng.random() * len(room))]}, cur)
    elif roll < 0.44:
        r = int(rng.random() * 3)
        if len(c.stations) < 9 and c.supply[r] and affords(c, STATION_COST[r]):
            k = 1 + int(rng.random() * c.bases)
            if has_room(c, k):   # a free spot around it (3.6.2)
                return Action(A.BUILD_STATION, {"resource": RESOURCES[r], "base": k}, cur)
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
        if c.tok3[r] and state.bank[r] >= 3:
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
    places = kind in ("build", "crimean") or kind == "laboratory" and not labs_built(c)
    if places and not has_room(c, c.bases):   # placed next to the newest Base by default: no spot there (3.6.2)
        room = roomy_bases(c)
        if not room:
            return None
        place = {"base": room[int(rng.random() * len(room))]}
    else:
        place = {}
    if kind == "build":
        args = {"resource": res, **place}
    elif kind == "assistance":
        args = {"take": [_wanted(c, False)] * 2 + [res, res]}
    elif kind in ("productivity", "black_friday"):
        args = {"resource": res}
    elif kind in ("crimean", "sabotage"):
        stations = state.colonies[t].stations
        if not stations:
            return None
        args = {"target": t, "station": int(rng.random() * len(stations)), **(place if kind == "crimean" else {})}
    elif kind in ("grand_theft", "capture"):
        args = {"target": t}
    else:
        args = dict(place)
    return Action(A.PLAY, {"card": kind, **args}, cur)

"""Race to Mars: the order of play (rounds, who takes the next turn, the end).

Source: "Turn Order", "Playing the Game 1: Pre-Launch", "Playing the Game 2:
Post-Launch", "Launching the Rocket", "The Game Ends".

A round: every Pre-launch player takes a turn clockwise from the Active
Player (pick and place, or launch); the leftover joins the trajectories
(rounds 1-12) or the common discard; the Active Player card passes on; then
every Post-launch player plays cards at once (2.1) and each takes 2.2-2.6 in
turn clockwise from the Start Player (or the nearest Post-launch player).
"""
from __future__ import annotations

from ..contract import fast_event as Event  # the contract's Event, made faster
from ..contract import later_event as later  # text made on first read
from ..words import count
from .deck import draw, launch_size
from .model import (LEFTOVER_STEP, OVER_STEP, PLAY_STEP, PRE_STEP, SLOTS, TURN_STEP, Player, State, replace)
from .rocket import draw_count


def put(state: State, p: Player, **changes) -> State:
    """``state`` with player ``p`` (at ``p.seat``) and ``changes``."""
    players = state.players
    i = p.seat
    changes["players"] = players[:i] + (p,) + players[i + 1:]
    return replace(state, **changes)


def clockwise(first: int, n: int) -> tuple[int, ...]:
    """Seats clockwise from ``first`` (table order is clockwise)."""
    return tuple((first + i) % n for i in range(n))


def launch(state: State, seat: int, events: list[Event], forced: bool = False) -> State:
    """Launching the Rocket: the Crew deck (Headquarters 9's Boosts included)
    becomes the personal draw pile, without an Asteroid, and the player draws
    as many cards as the rocket indicates (performing phase 2.6)."""
    p = state.players[seat]
    who = state.names[seat]
    size = launch_size(p)
    p = replace(p, launched=True, draw=size, hand=0, discard=0, seen=(), under=0, pool=(), held=())
    why = " (too few Space cards left to reveal: everyone still in Pre-launch launches)" if forced else ""
    events.append(later("launch", "{} launches{}: the Crew deck of {} cards is shuffled into the personal draw pile, "
                        "without an Asteroid", (who, why, size), {"seat": seat, "forced": forced}))
    p = draw(p, draw_count(p, False), who, events)
    return put(state, p)


def start_round(state: State, events: list[Event]) -> State:
    """A new round: reveal one more Space card than the players in Pre-launch
    (reshuffling the common discard when the pile runs out; if even that is
    too few, everyone still in Pre-launch launches and nobody picks)."""
    n = len(state.players)
    rnd = state.round + 1
    pre = tuple(s for s in clockwise(max(state.active, 0), n) if not state.players[s].launched)
    if not pre:
        return start_play(replace(state, round=rnd), events)
    k = len(pre) + 1
    pile, dis = state.pile, state.space_discard
    if pile < k and pile + dis >= k:
        events.append(later("reshuffle_space", "The Space draw pile is short: the {} discarded Space cards are "
                            "shuffled into a new draw pile", (dis,)))
        pile, dis = pile + dis, 0
    if pile < k:
        events.append(later("forced_launch", "Round {}: only {} can be revealed, not {}",
                             (rnd, count(pile, "Space card"), k)))
        state = replace(state, round=rnd, pile=pile, space_discard=dis)
        for s in pre:
            state = launch(state, s, events, forced=True)
        events.append(Event("active_boxed", "Everyone is in Post-launch: the Active Player card returns to the box"))
        return start_play(replace(state, active=-1), events)
    events.append(later("round", "Round {}: reveal {} Space cards; {} has the Active Player card",
                        (rnd, k, state.names[pre[0]]), {"round": rnd, "reveal": k}))
    return replace(state, round=rnd, pile=pile - k, space_discard=dis, revealed=k, picked=0, extra=False,
                   step=PRE_STEP, order=pre, at=0, last_picker=-1, named=())


def next_pre(state: State, events: list[Event]) -> State:
    """The next Pre-launch turn, or the leftover once everyone has had theirs."""
    at = state.at + 1
    if at < len(state.order):
        return replace(state, at=at)
    left = state.revealed - state.picked
    if left and len(state.slots) < SLOTS:
        return replace(state, at=at, step=LEFTOVER_STEP)
    if left:
        events.append(later("leftover", "{} {} to the common discard pile",
                             (count(left, "leftover Space card"), "goes" if left == 1 else "go")))
    return after_leftover(replace(state, at=at, space_discard=state.space_discard + left, revealed=0), events)


def after_leftover(state: State, events: list[Event]) -> State:
    """Pass the Active Player card, then the Post-launch part of the round."""
    return start_play(pass_active(state, events), events)


def pass_active(state: State, events: list[Event]) -> State:
    """The Active Player card passes clockwise to the next player still in
    Pre-launch (the holder keeps it if nobody else is); with nobody left in
    Pre-launch it returns to the box."""
    n = len(state.players)
    if state.active < 0:
        return state
    for i in range(1, n + 1):
        s = (state.active + i) % n
        if not state.players[s].launched:
            if s != state.active:
                events.append(later("active", "The Active Player card passes to {}", (state.names[s],), {"seat": s}))
            return replace(state, active=s)
    events.append(Event("active_boxed", "Everyone is in Post-launch: the Active Player card returns to the box"))
    return replace(state, active=-1)


def start_play(state: State, events: list[Event]) -> State:
    """Phase 2.1 for every Post-launch player (or the next round if there is none)."""
    if not any(p.launched for p in state.players):
        return start_round(state, events)
    players = tuple(replace(p, done=False) if p.done else p for p in state.players)
    return replace(state, players=players, step=PLAY_STEP, order=(), at=0)


def start_turns(state: State, events: list[Event]) -> State:
    """Phases 2.2-2.6, one Post-launch player after the other, clockwise from
    the Start Player or the closest Post-launch player clockwise."""
    n = len(state.players)
    order = tuple(s for s in clockwise(state.start, n) if state.players[s].launched)
    events.append(later("turns", "{} advances first", (state.names[order[0]],), {"order": list(order)}))
    return replace(state, step=TURN_STEP, order=order, at=0, sub=2)


def end_turn(state: State, p: Player, events: list[Event]) -> State:
    """After a player's 2.6 (``p``: that player as the turn left them): the next player's turn, the end of
    the game, or a new round."""
    at = state.at + 1
    if at < len(state.order):
        return put(state, p, at=at, sub=2)
    state = put(state, p)
    if state.end:
        state = replace(state, step=OVER_STEP, order=(), at=0)
        from .table import result
        r = result(state)
        events.append(Event("game_over", r.sentence if r else "The game is over"))
        return state
    return start_round(state, events)

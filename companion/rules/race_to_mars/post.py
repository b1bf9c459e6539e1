"""Race to Mars: the Post-launch handlers (phases 2.1-2.6), each trusting ``check``.

Sources: "Phase 2.1: Play Cards" ... "Phase 2.6: Draw Cards", "Hazards",
"The Rocket", "Asteroid Cards", "Boost Cards", "Headquarters", "Starting Cards".
"""
from __future__ import annotations

from functools import partial

from ..contract import fast_event as Event  # the contract's Event, made faster
from ..contract import later_event as later  # text made on first read
from ..words import count
from .cards import HQ_DISCOUNT
from .deck import crew_card, draw, free_crew, gain_asteroid, gain_boost, jettison, remove_crew
from .flow import end_turn, put, start_turns
from .model import (BOOST, GREEN, HAZARDS, PLAY_STEP, RED, RESOURCE_NAMES, UNENTERED, YELLOW, Crew, Insight, Played,
                    Player, State, replace)
from .rocket import LOST, copied, draw_count, final_space, free_advance, next_space, protected, source


# --------------------------------------------------------------------------- 2.1

def apply_play(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Play a card from hand: its immediate effects happen at once (jettisons
    first, then cards returned from the discard pile, then draws, Boosts and
    Experience); a copying card also carries out the copied card's."""
    p = state.players[seat]
    who = state.names[seat]
    name = args["card"]
    crew = crew_card(p, name).crew  # type: ignore[union-attr]
    copy_of, effects = -1, [crew]
    if "copy" in args:
        copy_of = copy_index(p, args["copy"])
        effects.append(p.play[copy_of].crew)
    p = replace(p, hand=p.hand - 1, play=p.play + (Played(name, crew, copy_of),))
    if copy_of >= 0:
        events.append(later("play", "{} plays {}, copying {}", (who, name, args["copy"]), {"seat": seat, "card": name}))
    else:
        events.append(later("play", "{} plays {}", (who, name), {"seat": seat, "card": name}))
    for t in args.get("jettison", ()):
        p = jettison(p, t["zone"], t["card"])
        events.append(later("jettison", "{} jettisons {} from the {}", (who, t["card"], t["zone"])))
    back = args.get("returned", 0)
    if back:
        p = replace(p, discard=p.discard - back, hand=p.hand + back, seen=())  # which ones: not entered
        events.append(later("returned", "{} takes {} from the discard pile into the hand", (who, count(back, "card"))))
    for c in effects:
        p = _immediate(p, c, who, events)
    if "result" in args:
        p = apply_result(p, args["result"], who, events)
    return put(state, p)


def _immediate(p: Player, c: Crew, who: str, events: list[Event]) -> Player:
    if c.draw:
        p = draw(p, c.draw, who, events)
    if c.look:
        p = draw(p, c.look, who, events)
        out = c.look - c.keep
        p = replace(p, hand=p.hand - out, discard=p.discard + out)
        events.append(later("keep", "{} keeps {} and discards {}", (who, c.keep, out)))
    if c.boost:
        p = gain_boost(p, who, c.boost, events)
    if c.xp:
        p = replace(p, xp=p.xp + c.xp)
        events.append(later("xp", "{} gains {} Experience", (who, c.xp)))
    return p


def apply_result(p: Player, r: dict, who: str, events: list[Event]) -> Player:
    """An effect the app does not know, entered as its result (the players' word)."""
    if r.get("to_discard"):
        p = replace(p, hand=p.hand - r["to_discard"], discard=p.discard + r["to_discard"])
    if r.get("to_hand"):
        p = replace(p, hand=p.hand + r["to_hand"], discard=p.discard - r["to_hand"], seen=())
    if r.get("draw"):
        p = draw(p, r["draw"], who, events)
    if r.get("boost"):
        p = gain_boost(p, who, r["boost"], events)
    for _ in range(r.get("asteroid", 0)):
        p = gain_asteroid(p, who, "a card's effect", events)
    p = replace(p, xp=p.xp + r.get("xp", 0))
    said = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in r.items() if v) or "nothing"
    events.append(later("trusted", "The app takes the players' word for an effect it does not know: {}", (said,),
                        {"seat": p.seat, "result": dict(r)}))
    return p


def copy_index(p: Player, name: str) -> int:
    """Play index of the first card called ``name`` a copy effect may copy, or -1
    (never a Boost or another copy effect, nor a jettisoned card)."""
    for i, c in enumerate(p.play):
        if c.name == name and not c.gone and c.crew is not None and not c.crew.copy:
            return i
    return -1


_BOOST_PLAYED = (Played(BOOST, None),)   # a played Boost (immutable: made once)


def apply_play_boost(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Boost Cards: played from hand into the play area as a resource."""
    p = state.players[seat]
    events.append(later("play", "{} plays a Boost", (state.names[seat],), {"seat": seat, "card": "Boost"}))
    return put(state, replace(p, hand=p.hand - 1, play=p.play + _BOOST_PLAYED))


def apply_done(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """2.1: this player has finished playing cards (2.2 starts once everyone
    has); in a turn: the next phase."""
    if state.step == PLAY_STEP:
        state = put(state, replace(state.players[seat], done=True))
        events.append(later("done", "{} has finished playing cards", (state.names[seat],), {"seat": seat}))
        if all(p.done for p in state.players if p.launched):
            return start_turns(state, events)
        return state
    return skip_idle(state, events, state.sub + 1)


def skip_idle(state: State, events: list[Event], sub: int) -> State:
    """Pass over phases 2.3 and 2.4 in which the current player could only say done: no card in hand that
    may be a Crew card to exchange (RM-087, "Phase 2.3: Exchange Cards for Experience"), no Insight they
    can afford (RM-090, "Phase 2.4: Spend Experience"). Decision: a player with nothing to do there costs no
    input; the log says which phase was passed over. (A Storage module may still be jettisoned in 2.5.)
    ``state`` goes on to phase ``sub``, or past it."""
    seat = state.order[state.at]
    p = state.players[seat]
    if sub == 3 and not (p.hand and free_crew(p)):
        events.append(later("skip", "{} has no Crew card in hand to exchange: 2.3 is passed over", (state.names[seat],),
                            {"seat": seat, "phase": 3}))
        sub = 4
    if sub == 4 and not any(p.xp >= insight_cost(p, ins) for ins in state.insights):
        events.append(later("skip", "{} cannot afford an Insight ({} Experience): 2.4 is passed over",
                            (state.names[seat], p.xp), {"seat": seat, "phase": 4}))
        sub = 5
    return replace(state, sub=sub)


def apply_copy_module(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """The Rocket, Copy: "You decide each turn which" neighbour it copies."""
    p = state.players[seat]
    uid = p.modules[args["module"]].uid
    d = -1 if args["side"] == "above" else 1
    dirs = tuple(x for x in p.copy_dirs if x[0] != uid) + ((uid, d),)
    events.append(later("copy_module", "{}'s Copy module copies the module {} it", (state.names[seat], args["side"])))
    return put(state, replace(p, copy_dirs=dirs))


def apply_double_module(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Headquarters 2: one Rocket module used twice this turn."""
    p = state.players[seat]
    m = p.modules[args["module"]]
    events.append(later("double", "{} uses {} twice this turn (Headquarters 2)", (state.names[seat], m.name)))
    return put(state, replace(p, double=m.uid))


# --------------------------------------------------------------------------- 2.2

def apply_advance(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Phase 2.2: pay the next space's resource and move onto it (Headquarters 1: with a pair, "two of the
    same basic resource as an advanced resource", both named in the event: "paying Velocity and Velocity
    (Headquarters 1)")."""
    p = state.players[seat]
    src = args["source"]
    res, key = source(p, src["zone"], src["index"], src["slot"])  # type: ignore[misc]
    used = p.used | {key}
    paid = RESOURCE_NAMES[res]
    if "pair" in args:
        pr = args["pair"]
        res2, key2 = source(p, pr["zone"], pr["index"], pr["slot"])  # type: ignore[misc]
        used = used | {key2}
        paid = f"{paid} and {RESOURCE_NAMES[res2]} (Headquarters 1)"
    state = move(state, seat, events, paid, replace(p, used=used))
    return settle(state, seat, events)


def apply_free_advance(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """The Rocket, Free advance: jettison the module to advance exactly its spaces for free."""
    p = state.players[seat]
    i = args["module"]
    n = free_advance(p, i)
    events.append(later("free_advance", "{} jettisons {} to advance exactly {} spaces for free",
                        (state.names[seat], p.modules[i].name, n), {"seat": seat, "spaces": n}))
    state = put(state, drop_module(p, i), free_left=n)
    return settle(state, seat, events)


def move(state: State, seat: int, events: list[Event], paid: str = "", p: Player | None = None) -> State:
    """One step towards the next space. With hazards on the way (RM-078, "Hazards": "When you pass through a
    hazard, you must immediately deal with it before you may continue to advance your rocket"), the rocket
    first enters the hazard: it stands there (``pos`` = the hazard's index) with the hazards queued and the
    step owed (``onward``); :func:`settle` lands it on the space once they are dealt with. ``p``: the player
    as changed by the caller (default: as in ``state``)."""
    if p is None:
        p = state.players[seat]
    j, hazards = next_space(state.routes[p.pad], p.pos)  # type: ignore[misc]
    if hazards:
        events.append(later("hazard_met", "{}'s rocket enters a {} hazard: it is dealt with before the rocket goes on",
                            (state.names[seat], " and a ".join(hazards)), {"seat": seat}))
        return put(state, replace(p, pos=j - 1), hazards=state.hazards + hazards, onward=(paid,))
    return land(state, seat, events, paid, p)


def land(state: State, seat: int, events: list[Event], paid: str = "", p: Player | None = None) -> State:
    """The rocket moves onto the next space (no hazard left before it); reaching the final space triggers
    the end of the game ("The Game Ends")."""
    if p is None:
        p = state.players[seat]
    route = state.routes[p.pad]
    j = p.pos + 1
    p = replace(p, pos=j, steps=p.steps + 1)
    state = put(state, p)
    if j == final_space(route):
        events.append(later("mars", "{} reaches the final space on Mars: the game ends once the player to the right "
                            "of the Start Player has taken a final turn", (state.names[seat],), {"seat": seat}))
        state = replace(state, end=True, free_left=0)
    else:
        line = "{} advances one space, paying {}" if paid else "{} advances one space, for free"
        events.append(later("advance", line, (state.names[seat], paid), {"seat": seat}))
    return state


def settle(state: State, seat: int, events: list[Event]) -> State:
    """Resolve the queued hazards that need no choice (protected, green, or
    nothing to jettison), land the step they interrupted, and continue a free
    advance; stop at a hazard that needs the player's choice."""
    while True:
        while state.hazards:
            h = state.hazards[0]
            p = state.players[seat]
            who = state.names[seat]
            if protected(p, h):
                events.append(later("protected", "{} passes a {} hazard, protected", (who, h),
                                    {"seat": seat, "hazard": h}))
            elif h == GREEN:
                state = put(state, gain_asteroid(p, who, "the Green hazard", events))
            elif h == RED and not needs_choice(p, h):
                events.append(later("hazard", "{} passes a red hazard: no Rocket module to jettison", (who,)))
            elif h == YELLOW and not needs_choice(p, h):
                events.append(later("hazard", "{} passes a yellow hazard: no Crew card to jettison", (who,)))
            else:
                what = "a Rocket module" if h == RED else "a Crew card"
                events.append(later("hazard_choice", "{} passes a {} hazard: jettison {}", (who, h, what),
                                    {"seat": seat, "hazard": h}))
                return state
            state = replace(state, hazards=state.hazards[1:])
        if state.onward:   # the hazards are dealt with: the step already paid for ends on the space
            state = land(replace(state, onward=()), seat, events, state.onward[0])
        if state.free_left <= 0:
            return state
        p = state.players[seat]
        nxt = next_space(state.routes[p.pad], p.pos)
        if nxt is None:
            return replace(state, free_left=0)
        if state.routes[p.pad][nxt[0]] == UNENTERED:   # wait for the Trajectory card's spaces, then go on
            events.append(later("trajectory_needed", "{}'s rocket reaches the Trajectory card: enter its spaces and "
                                "hazards", (state.names[seat],), {"seat": seat}))
            return state
        state = move(replace(state, free_left=state.free_left - 1), seat, events)


def needs_choice(p: Player, colour: str) -> bool:
    """True when a ``colour`` hazard met by ``p`` asks the player to choose what to jettison ("Hazards"): a red
    one with a Rocket module to lose, a yellow one with a Crew card in the hand, the discard pile or the play
    area; never when a module protects from it, nor a green one (its Asteroid is taken without a choice)."""
    if protected(p, colour) or colour == GREEN:
        return False
    if colour == RED:
        return bool(p.modules)
    return bool(p.hand or p.discard or crew_in_play(p))


def crew_in_play(p: Player) -> bool:
    return any(c.crew is not None and not c.gone for c in p.play)


def drop_module(p: Player, i: int) -> Player:
    """``p`` without the module at index ``i`` (jettisoned: it leaves the game)."""
    gone = p.modules[i]
    uid = gone.uid
    lost = tuple((m.uid, LOST) for c, m in enumerate(p.modules)   # Copy modules that copied it: nothing more
                 if c != i and m.copy and copied(p, c) is gone)  # this turn (RM-043, "The Rocket", Copy)
    losing = {u for u, _ in lost}
    dirs = tuple(x for x in p.copy_dirs if x[0] != uid and x[0] not in losing) + lost
    return replace(p, modules=p.modules[:i] + p.modules[i + 1:], copy_dirs=dirs,
                   double=-1 if p.double == uid else p.double)


def apply_jettison_module(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Red hazard: jettison a Rocket module of the player's choice."""
    p = state.players[seat]
    i = args["module"]
    events.append(later("jettison", "{} jettisons the module {} (red hazard)", (state.names[seat], p.modules[i].name)))
    state = put(state, drop_module(p, i), hazards=state.hazards[1:])
    return settle(state, seat, events)


def apply_jettison_crew(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Yellow hazard: jettison a Crew card from hand or discard pile, else from the play area."""
    p = state.players[seat]
    zone = args["zone"]
    who = state.names[seat]
    if zone == "none":
        events.append(later("hazard", "{} has no Crew card to jettison: the yellow hazard has no effect", (who,)))
    elif zone == "play":
        i = next(i for i, c in enumerate(p.play) if c.name == args["card"] and c.crew is not None and not c.gone)
        play = p.play[:i] + (replace(p.play[i], gone=True),) + p.play[i + 1:]
        p = remove_crew(replace(p, play=play), args["card"])
        events.append(later("jettison", "{} jettisons {} from the play area (yellow hazard)", (who, args["card"])))
    else:
        p = jettison(p, zone, args["card"])
        events.append(later("jettison", "{} jettisons {} from the {} (yellow hazard)", (who, args["card"], zone)))
    state = put(state, p, hazards=state.hazards[1:])
    return settle(state, seat, events)


# --------------------------------------------------------------------------- 2.3-2.6

def apply_exchange(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Phase 2.3: a Crew card from hand to the discard pile for one Experience."""
    p = state.players[seat]
    p = replace(p, hand=p.hand - 1, discard=p.discard + 1, xp=p.xp + 1, seen=p.seen + (args["card"],))
    events.append(later("exchange", "{} exchanges {} for 1 Experience (now {})",
                        (state.names[seat], args["card"], p.xp)))
    return put(state, p, sub=max(state.sub, 3))


def insight_cost(p: Player, insight: Insight, printed: int | None = None) -> int:
    """The Experience ``p`` spends on ``insight`` (Phase 2.4) whose printed cost is ``printed`` (default: the
    Insight's; an Insight not entered, cost 0, counts as the least, 1, for "can afford"): Headquarters 3:
    one Experience less, but always at least one."""
    cost = printed or insight.cost or 1
    return max(1, cost - 1) if p.hq == HQ_DISCOUNT else cost


def apply_insight(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Phase 2.4: spend Experience on an Insight."""
    p = state.players[seat]
    who = state.names[seat]
    ins = state.insights[args["which"]]
    cost = insight_cost(p, ins, args.get("cost"))
    if not ins.cost and "cost" in args:  # its printed cost, said now: kept for the next player who spends on it
        ins = replace(ins, cost=args["cost"])
        state = replace(state, insights=state.insights[:args["which"]] + (ins,) + state.insights[args["which"] + 1:])
    p = replace(p, xp=p.xp - cost)
    events.append(later("insight", "{} spends {} Experience on {}: {}", (who, cost, ins.name, ins.text),
                        {"seat": seat, "insight": ins.name}))
    state = replace(state, sub=max(state.sub, 4))
    if ins.effect == "boost":
        p = gain_boost(p, who, 1, events)
    elif ins.effect == "jettison":
        t = args["target"]
        p = jettison(p, t["zone"], t["card"])
    elif ins.effect == "store":
        p = replace(p, bought_keep=p.bought_keep + 1)
    elif ins.effect == "draw":
        p = replace(p, bought_draw=p.bought_draw + 1)
    elif ins.effect == "protect":
        colour = ins.colour or args["colour"]
        p = replace(p, shield_next=p.shield_next + (colour,))
        events.append(later("shield", "{} is protected from {} hazards on the next turn", (who, colour)))
    elif ins.effect == "trajectory":
        p = change_lane(state, p, args["lane"])
        events.append(later("trajectory", "{}'s rocket changes to trajectory {}", (who, args["lane"] + 1),
                            {"seat": seat, "lane": args["lane"]}))
    elif ins.effect == "advance":
        return settle(put(state, p, free_left=1), seat, events)
    if "result" in args:
        p = apply_result(p, args["result"], who, events)
        if args["result"].get("advance"):
            return settle(put(state, p, free_left=args["result"]["advance"]), seat, events)
    return put(state, p)


def change_lane(state: State, p: Player, lane: int) -> Player:
    """The "change trajectory" Insight (back page; Starting cards 5-8 are not described): decision RM-159: the
    rocket moves to ``lane`` at the same number of spaces from Earth, passing no hazard (it does not advance),
    never onto the final space nor past a Trajectory card not yet entered (then just before them)."""
    old, new = state.routes[p.pad], state.routes[lane]
    spaces = sum(1 for x in old[:p.pos + 1] if x not in HAZARDS)
    pos, k = -1, 0
    for j, x in enumerate(new):
        if x == UNENTERED or j == final_space(new):
            break
        if x not in HAZARDS:
            if k == spaces:
                break
            k, pos = k + 1, j
    return replace(p, pad=lane, pos=pos)


def apply_jettison_storage(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """The Rocket, Storage: jettison it to jettison up to three cards from hand and/or discard pile."""
    p = state.players[seat]
    i = args["module"]
    events.append(later("jettison", "{} jettisons the Storage module {}", (state.names[seat], p.modules[i].name)))
    p = drop_module(p, i)
    for t in args["cards"]:
        p = jettison(p, t["zone"], t["card"])
        events.append(later("jettison", "{} jettisons {} from the {}", (state.names[seat], t["card"], t["zone"])))
    return put(state, p)


def _discard_line(who: str, out: int, keep: int, boosts: int, top: str | None) -> str:
    """The discard event's line (made when read)."""
    text = f"{who} discards {count(out, 'card')}"
    if keep:
        text += f", keeps {keep} in hand"
    if boosts:
        text += f", returns {count(boosts, 'Boost')} to the supply"
    if top:
        text += f", puts {top} on top of the draw pile (Headquarters 7)"
    return text


def apply_discard(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Phases 2.5 and 2.6: tokens off, played Boosts back to the supply, the
    hand (but the cards kept) and the play area to the discard pile
    (Headquarters 7: one played card on top of the draw pile); then draw."""
    p = state.players[seat]
    who = state.names[seat]
    keep = args["keep"]
    top = 1 if "top" in args else 0
    boosts = 0
    seen = list(p.seen)
    for c in p.play:
        if c.crew is None:
            boosts += 1
        elif not c.gone:
            seen.append(c.name)
    if top:
        seen.remove(args["top"])
    out = p.hand - keep + len(seen) - len(p.seen)
    n = draw_count(p)   # before the Insights bought this turn are reset
    p = replace(p, used=frozenset(), copy_dirs=tuple(x for x in p.copy_dirs if x[1] != LOST),
                boosts=p.boosts - boosts, hand=keep, discard=p.discard + out,
                seen=tuple(seen), draw=p.draw + top, play=(), steps=0, bought_draw=0, bought_keep=0,
                shield=p.shield_next, shield_next=())
    events.append(Event("discard", partial(_discard_line, who, out, keep, boosts, args.get("top")),
                        {"seat": seat, "kept": keep}))
    return end_turn(state, draw(p, n, who, events), events)

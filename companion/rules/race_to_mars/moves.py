"""Race to Mars: the finite legal actions, and a random legal action for playouts.

Actions that carry a card's printed parts (a pick, a leftover, a Starting
card) cannot be listed: ``expects(state)`` describes them, and
:func:`random_space_card` / :func:`random_starting_card` make one up.
Optional choices with many combinations are listed in their simplest form
(a play without jettisons, a Storage jettison of no cards, an Insight that
jettisons an Asteroid or a Boost but not each Crew card): ``check`` accepts
the others.
"""
from __future__ import annotations

from random import Random
from typing import Any

from ..contract import Rejection, fast_action as Action  # the contract's Action, made faster
from .actions import (ADVANCE, COPY_MODULE, DISCARD, DONE, DOUBLE_MODULE, EXCHANGE, EXTRA_CARD, FREE_ADVANCE,
                      HEADQUARTERS, INSIGHT, JETTISON_CREW, JETTISON_MODULE, JETTISON_STORAGE, LAUNCH, LEFTOVER,
                      PICK, PLAY, PLAY_BOOST, STARTING, TRAJECTORY, reject)
from .cards import HQ_DOUBLE, HQ_EXTRA, HQ_FREE, HQ_PAIR, HQ_TOP, STARTING_CARDS
from .checks import check, launch_problem
from .deck import crew_surely_in_hand, free as free_copies, free_crew, in_discard
from .model import (ADVANCED, ANY, ASTEROID, BASIC, BOOST, HAZARDS, HEADQUARTERS as HQ_COUNT, HQ_STEP, LANES,
                    LEFTOVER_STEP, PLAY_STEP, PRE_STEP, RED, RESOURCES, SPACE_FREE_ADVANCE, STARTING_STEP, TURN_STEP,
                    WILD, YELLOW, UNENTERED, UNKNOWN_STARTING, CrewCard, Player, State)
from .post import copy_index, insight_cost
from .rocket import (copied, copy_lost, duplicable, free_advance, keep_allowance, next_space, pair_pays, pays,
                     sources, storage)
from .table import current, starting_choices, starting_stage, trajectory_card_due

_DONE = Action(DONE)
#: DONE by seat (an Action is immutable: made once)
_DONES = tuple(Action(DONE, {}, s) for s in range(8))
_BOOSTS = tuple(Action(PLAY_BOOST, {}, s) for s in range(8))
_KEEPS: list[list[Action]] = [[] for _ in range(8)]   # DISCARD keeping k, by seat (grown on demand)
_NAMED: dict[tuple[str, int, str], Action] = {}       # PLAY and EXCHANGE of a card name, by seat


def _named(kind: str, s: int, name: str) -> Action:
    key = (kind, s, name)
    a = _NAMED.get(key)
    if a is None:
        if len(_NAMED) > 4096:
            _NAMED.clear()
        a = _NAMED[key] = Action(kind, {"card": name}, s)
    return a


_ONE: dict[tuple[str, int, str, Any], Action] = {}   # actions of one small field (made once; immutable)


def _one(kind: str, s: int, field: str, value: Any) -> Action:
    """``Action(kind, {field: value}, s)``, made once."""
    key = (kind, s, field, value)
    a = _ONE.get(key)
    if a is None:
        if len(_ONE) > 4096:
            _ONE.clear()
        a = _ONE[key] = Action(kind, {field: value}, s)
    return a


def _advance(s: int, x: tuple) -> Action:
    """ADVANCE paying with the source ``x`` (:func:`.rocket.sources`), made once."""
    key = (ADVANCE, s, "source", x[:3])
    a = _ONE.get(key)
    if a is None:
        if len(_ONE) > 4096:
            _ONE.clear()
        a = _ONE[key] = Action(ADVANCE, {"source": _src(x)}, s)
    return a


def _keeps(s: int, n: int) -> list[Action]:
    """DISCARD keeping 0..n cards."""
    made = _KEEPS[s]
    while len(made) <= n:
        made.append(Action(DISCARD, {"keep": len(made)}, s))
    return made[:n + 1]


# --------------------------------------------------------------------------- made-up cards

def _pick(rng: Random, seq: Any) -> Any:
    """One item of ``seq`` at random (uniform up to float rounding; one call
    into the generator, where ``Random.choice`` makes two in Python)."""
    return seq[int(rng.random() * len(seq))]


_CREW_RESOURCES = RESOURCES + (WILD, WILD)
_CREW_SIZES = (1, 1, 2, 2, 3)
_LANE_SIZES = (2, 2, 3)
_LANE_SPACES = BASIC * 3 + ADVANCED
_MODULE_KINDS = 8   # draw, storage, protection, free advance, copy, basic, basic, any resource


def random_space_card(rng: Random, part: str = "crew", name: str | None = None) -> dict[str, Any]:
    """A Space card MADE UP for simulation (not the real deck: the rulebook
    prints none of the 100), with only ``part`` ("crew", "module",
    "trajectory" or "both"), as a :data:`~.actions.PICK` or LEFTOVER payload's card."""
    rand = rng.random
    card: dict[str, Any] = {"name": name or f"Sim {int(rand() * 100) + 1:03d}"}
    if part == "crew" or part == "both":
        r = rand()
        crew: dict[str, Any] = {"resources": [_pick(rng, _CREW_RESOURCES) for _ in range(_pick(rng, _CREW_SIZES))]}
        if r < 0.15:
            crew["draw"] = 1 if rand() < 0.5 else 2
        elif r < 0.2:
            crew.update(look=3, keep=1)
        elif r < 0.27:
            crew["jettison"] = 1
        elif r < 0.32:
            crew["boost"] = 1
        elif r < 0.38:
            crew["xp"] = 2
        elif r < 0.43:
            crew["copy"] = True
        elif r < 0.46:
            crew["return"] = 1
        elif r < 0.48:
            crew["other"] = "an effect the simulation does not know"
        card["crew"] = crew
    if part == "module" or part == "both":
        k = int(rand() * _MODULE_KINDS)
        card["module"] = ({"draw": 1} if k == 0 else {"storage": 1} if k == 1 else
                          {"protection": _pick(rng, HAZARDS)} if k == 2 else
                          {"free_advance": SPACE_FREE_ADVANCE} if k == 3 else
                          {"copy": True} if k == 4 else {"resource": _pick(rng, BASIC if k < 7 else RESOURCES)})
    if part == "trajectory":
        lanes = []
        for _ in range(LANES):
            lane: list[str] = []
            for _ in range(_pick(rng, _LANE_SIZES)):
                if rand() < 0.12:
                    lane.append(RED if rand() < 0.5 else YELLOW)
                lane.append(_pick(rng, _LANE_SPACES))
            lanes.append(lane)
        card["trajectory"] = lanes
    return card


def random_starting_card(rng: Random, seen: tuple[str, ...]) -> dict[str, Any]:
    """One of the four Starting cards the rulebook describes not yet on the
    table, else a made-up one (Starting cards 5-8 are not printed)."""
    for card in rng.sample(STARTING_CARDS, len(STARTING_CARDS)):
        if card["name"] not in seen:
            return card
    k = next(k for k in range(5, 9) if f"Starting card {k}" not in seen)
    card = random_space_card(rng, "both", f"Starting card {k}")
    card["insight"] = {"cost": 2, "effect": "other", "text": "made up for simulation"}
    return card


# --------------------------------------------------------------------------- legal actions

def legal_actions(state: State) -> list[Action]:
    """Every legal action with finite values, in a stable order (see the module docstring)."""
    step = state.step
    if step == HQ_STEP:
        s = current(state)
        free = [h for h in range(1, HQ_COUNT + 1) if h not in state.hq_seen]
        return [Action(HEADQUARTERS, {"keep": k, "back": b}, s) for k in free for b in free if k != b]
    if step == PRE_STEP:
        s = current(state)
        out = _rocket_choices(state, s)
        if launch_problem(state, s) is None:
            out.append(Action(LAUNCH, {}, s))
        if state.players[s].hq == HQ_EXTRA and check(state, Action(EXTRA_CARD, {}, s)) is None:
            out.append(Action(EXTRA_CARD, {}, s))
        return out
    if step == STARTING_STEP:
        s = current(state)
        a = Action(EXTRA_CARD, {}, s)
        return [a] if state.players[s].hq == HQ_EXTRA and check(state, a) is None else []
    if step == PLAY_STEP:
        out = []
        for p in state.players:
            if p.launched and not p.done:
                out += _plays(state, p)   # a copy: the list is kept for the next state
        return out
    if step == TURN_STEP:
        return _turn_actions(state, state.players[current(state)])
    return []


def rocket_problem(state: State, seat: int) -> Rejection | None:
    """Why ``seat`` has no Rocket module move to make now (a Copy module's side, Headquarters 2's double use, a
    Storage jettison: what a greyed "Rocket" in 2.1 says), or None when ``legal_actions`` lists one. Source:
    race-to-mars.txt "The Rocket" (Copy, Storage), "Headquarters" (HQ 2)."""
    if any(a.seat == seat and a.kind in (COPY_MODULE, DOUBLE_MODULE, JETTISON_STORAGE) for a in legal_actions(state)):
        return None
    p = state.players[seat]
    if not p.modules:
        return check(state, Action(COPY_MODULE, {"module": 0, "side": "below"}, seat))  # "no Rocket modules"
    copies = [i for i, m in enumerate(p.modules) if m.copy]
    lost = [i for i in copies if copy_lost(p, p.modules[i])]
    if lost:  # check's own refusal ("copy_lost")
        return check(state, Action(COPY_MODULE, {"module": lost[0], "side": "below"}, seat))
    if copies:
        return reject("copy_set", "Your Copy module already copies the only module next to it that it can "
                      "copy.", "The Rocket")
    return reject("no_module_moves", "None of your Rocket modules is a Copy or Storage module: the others work "
                  "by themselves.", "The Rocket")


def _rocket_choices(state: State, s: int) -> list[Action]:
    """Copy module sides and the Headquarters 2 module that would change something (a new list)."""
    return list(_module_moves(state.players[s])[0])


#: _module_moves() by the parts of a Player it reads (the copies of a Player made by the moves of a turn that
#: leave its Rocket alone share its ``modules``)
_MODULE_MOVES: dict[int, tuple] = {}


def _module_moves(p: Player) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """``(rocket choices, Storage jettisons)`` of ``p``: the Copy module sides and the Headquarters 2 module that
    would change something ("The Rocket", Copy; "Headquarters" 2), and a Storage jettison of no cards for each
    module that stores ("The Rocket", Storage). It depends on ``modules``, ``copy_dirs``, ``double``, ``hq`` and
    ``seat`` only; the tuples returned are shared."""
    modules = p.modules
    got = _MODULE_MOVES.get(id(modules))
    if (got is not None and got[0] is modules and got[1] == p.copy_dirs and got[2] == p.double
            and got[3] == p.hq and got[4] == p.seat):
        return got[5]
    s = p.seat
    choices = []
    for i, m in enumerate(modules):
        if m.copy and not copy_lost(p, m):
            now = copied(p, i)
            if i > 0 and not modules[i - 1].copy and now is not modules[i - 1]:
                choices.append(Action(COPY_MODULE, {"module": i, "side": "above"}, s))
            if i + 1 < len(modules) and not modules[i + 1].copy and now is not modules[i + 1]:
                choices.append(Action(COPY_MODULE, {"module": i, "side": "below"}, s))
        if p.hq == HQ_DOUBLE and m.uid != p.double and duplicable(p, i):
            choices.append(Action(DOUBLE_MODULE, {"module": i}, s))
    jettisons = tuple(Action(JETTISON_STORAGE, {"module": i, "cards": []}, s)
                      for i in range(len(modules)) if storage(p, i))
    out = (tuple(choices), jettisons)
    if len(_MODULE_MOVES) > 256:
        _MODULE_MOVES.clear()
    _MODULE_MOVES[id(modules)] = (modules, p.copy_dirs, p.double, p.hq, s, out)
    return out


def _crew_names(p: Player) -> list[str]:
    """The names of the Crew cards that may be in ``p``'s hand (:func:`.deck.free` > 0), in Crew order."""
    return list(free_crew(p))


#: _plays by Player (they depend on the player alone; a Post-launch 2.1 changes one player at a time)
_PLAYS_OF: dict[int, tuple[Player, list[Action]]] = {}


def _plays(state: State, p: Player) -> list[Action]:
    got = _PLAYS_OF.get(id(p))
    if got is not None and got[0] is p:
        return got[1]
    out = _plays_of(state, p)
    if len(_PLAYS_OF) > 64:
        _PLAYS_OF.clear()
    _PLAYS_OF[id(p)] = (p, out)
    return out


def _plays_of(state: State, p: Player) -> list[Action]:
    s = p.seat
    out = [_DONES[s]]
    if p.hand:
        play = p.play
        boosts = p.boosts - p.seen.count(BOOST) - p.under   # none under the draw pile (HQ 9)
        for c in play:
            if c.crew is None and not c.gone:
                boosts -= 1
        if boosts > 0:   # free(p, BOOST)
            out.append(_BOOSTS[s])
        targets = None
        for name, card in free_crew(p).items():
            if card.crew.copy:
                if targets is None:   # the cards a copy may copy: each first of its name (copy_index)
                    targets, seen = [], set()
                    for c in play:
                        if not c.gone and c.crew is not None and not c.crew.copy and c.name not in seen:
                            seen.add(c.name)
                            targets.append(c.name)
                out += [Action(PLAY, {"card": name, "copy": t}, s) for t in targets]
            else:
                out.append(_named(PLAY, s, name))
                if card.crew.jettison:
                    out += [Action(PLAY, {"card": name, "jettison": [t]}, s) for t in _jettison_targets(p, card)]
    choices, jettisons = _module_moves(p)
    out += choices
    out += jettisons
    return out


def _jettison_targets(p: Player, card: CrewCard) -> list[dict[str, str]]:
    """The single cards listed for a played Crew card's jettison effect ("Immediate effect: You may jettison
    (remove from the game) any card from your personal discard pile or hand", RM-067): an Asteroid that may be
    in the hand once ``card`` has left it (:func:`.deck.hand_candidates`: the hand is hidden), then an
    Asteroid that may lie in the discard pile.

    Decision: ``check`` accepts any card of the hand or the discard pile (a Crew card or a Boost too, and
    the screens offer them), but only Asteroids are listed: uniform random playouts offered the Crew cards
    jettisoned their decks down to one card and Asteroids and never reached Mars
    (tests/rules/test_contract.py; ``simulate --player legal`` seed 102, 4 players)."""
    # the player once ``card`` is played: one card fewer in hand; playing a Crew card changes no Asteroid
    # count, so an Asteroid may be in the hand if any card is left there and one is free (:func:`.deck.free`)
    out = [{"zone": "hand", "card": ASTEROID}] if p.hand > 1 and free_copies(p, ASTEROID) > 0 else []
    if p.discard and in_discard(p, ASTEROID):
        out.append({"zone": "discard", "card": ASTEROID})
    return out


def _turn_actions(state: State, p: Player) -> list[Action]:
    s = p.seat
    if state.hazards:
        if state.hazards[0] == RED:
            return [_one(JETTISON_MODULE, s, "module", i) for i in range(len(p.modules))]
        out = []
        if not any(n != BOOST and n != ASTEROID for n in p.seen) and not crew_surely_in_hand(p):
            # no Crew card known in the discard pile or sure to be in the hand
            out = [Action(JETTISON_CREW, {"zone": "play", "card": c.name}, s) for c in p.play
                   if c.crew is not None and not c.gone]
            if not out and not any(c.crew is not None and not c.gone for c in p.play):
                out.append(Action(JETTISON_CREW, {"zone": "none"}, s))
        if p.hand:
            out += [Action(JETTISON_CREW, {"zone": "hand", "card": name}, s) for name in _crew_names(p)]
        if p.discard:
            out += [Action(JETTISON_CREW, {"zone": "discard", "card": name}, s)
                    for name in dict.fromkeys(c.name for c in p.crew) if in_discard(p, name)]
        return out
    sub = state.sub
    out: list[Action] = []
    if sub == 2:
        choices = _module_moves(p)[0]
        out += choices if not p.used else [  # HQ 2 still free once advancing (its first choice)
            a for a in choices if a.kind == DOUBLE_MODULE and p.double < 0]
        route = state.routes[p.pad]
        nxt = next_space(route, p.pos)
        if nxt is not None and route[nxt[0]] != UNENTERED:
            space = route[nxt[0]]
            free = [x for x in sources(p) if x[4] not in p.used]
            for zone, i, slot, res, _ in free:
                if pays(space, res):
                    out.append(_advance(s, (zone, i, slot)))
            if p.hq == HQ_PAIR and space in ADVANCED:
                for a in range(len(free)):
                    for b in range(a + 1, len(free)):
                        if pair_pays(space, free[a][3], free[b][3]):
                            out.append(Action(ADVANCE, {"source": _src(free[a]), "pair": _src(free[b])}, s))
            out += [_one(FREE_ADVANCE, s, "module", i) for i in range(len(p.modules)) if free_advance(p, i)]
    if sub < 5:
        out.append(_DONES[s])
    if sub <= 3 and p.hand:
        out += [_named(EXCHANGE, s, name) for name in free_crew(p)]
    if sub <= 4:
        for k, ins in enumerate(state.insights):
            if p.xp >= insight_cost(p, ins):
                if ins.effect == "jettison":  # listed for the supply cards; a Crew card is accepted by check
                    out += [Action(INSIGHT, {"which": k, "target": {"zone": "hand", "card": name}}, s)
                            for name in (ASTEROID, BOOST) if p.hand and free_copies(p, name) > 0]
                    out += [Action(INSIGHT, {"which": k, "target": {"zone": "discard", "card": name}}, s)
                            for name in (ASTEROID, BOOST) if in_discard(p, name)]
                elif ins.effect == "trajectory":
                    out += [Action(INSIGHT, {"which": k, "lane": lane}, s) for lane in range(len(state.routes))
                            if lane != p.pad]
                elif ins.effect == "protect" and not ins.colour:
                    out += [Action(INSIGHT, {"which": k, "colour": c}, s) for c in HAZARDS]
                elif not ins.cost:  # not entered: one move per printed cost the player can afford
                    out += [Action(INSIGHT, {"which": k, "cost": c}, s) for c in range(1, 10)
                            if p.xp >= insight_cost(p, ins, c)]
                elif ins.effect != "advance" or next_space(state.routes[p.pad], p.pos) is not None:
                    out.append(_one(INSIGHT, s, "which", k))
    out += _module_moves(p)[1]
    allowed = min(p.hand, keep_allowance(p))
    out += _keeps(s, allowed)
    if p.hq == HQ_TOP:
        tops = {c.name for c in p.play if c.crew is not None and not c.gone}
        out += [Action(DISCARD, {"keep": k, "top": t}, s) for t in sorted(tops) for k in range(allowed + 1)]
    return out


def _src(x: tuple) -> dict[str, Any]:
    return {"zone": x[0], "index": x[1], "slot": x[2]}


# --------------------------------------------------------------------------- random action

def random_action(state: State, rng: Random) -> Action:
    """A random legal action, biased towards progress so that games end.

    Raises ``ValueError`` when the game is over.
    """
    step = state.step
    if step == TURN_STEP:   # (in 2.2 a rocket before the Trajectory card asks for it itself)
        return _random_turn(state, state.players[state.order[state.at]], rng)
    if trajectory_card_due(state):
        seat = current(state) if step == PRE_STEP else next(p.seat for p in state.players if p.launched
                                                            and not p.done)
        return Action(TRAJECTORY, {"lanes": random_space_card(rng, "trajectory")["trajectory"]}, seat)
    if step == PLAY_STEP:
        return _random_play(state, _random_player(state, rng), rng)
    if step == PRE_STEP:
        return _random_pre(state, current(state), rng)
    if step == LEFTOVER_STEP:
        return Action(LEFTOVER, {"card": random_space_card(rng, "trajectory", _fresh(state))}, current(state))
    if step == STARTING_STEP:
        s = current(state)
        stage = starting_stage(state)
        if stage in ("insight", "revealed"):
            card = ({"name": UNKNOWN_STARTING} if rng.random() < 0.1 else
                    random_starting_card(rng, state.starting_seen))
            return Action(STARTING, {"card": card, "place": stage}, s)
        if stage == "pick" and state.players[s].hq == HQ_EXTRA and rng.random() < 0.3:
            a = Action(EXTRA_CARD, {}, s)
            if check(state, a) is None:
                return a
        choices = starting_choices(state)
        card = {"name": choices[int(rng.random() * len(choices))]}
        place = "insight" if stage == "leftover" else _pick(rng, ("crew", "module"))
        return Action(STARTING, {"card": card, "place": place}, s)
    if step == HQ_STEP:
        free = [h for h in range(1, HQ_COUNT + 1) if h not in state.hq_seen]
        keep, back = rng.sample(free, 2)
        return Action(HEADQUARTERS, {"keep": keep, "back": back}, current(state))
    raise ValueError("the game is over")


def _random_player(state: State, rng: Random) -> Player:
    """A Post-launch player still playing cards in 2.1, each as likely (seats drawn until one is: there is
    one, else 2.1 would be over; after 16 misses, drawn from the list of them)."""
    players = state.players
    n = len(players)
    for _ in range(16):
        p = players[int(rng.random() * n)]
        if p.launched and not p.done:
            return p
    return _pick(rng, [p for p in players if p.launched and not p.done])


def _random_pre(state: State, s: int, rng: Random) -> Action:
    p = state.players[s]
    if len(state.slots) == 12 and rng.random() < 0.6 and launch_problem(state, s) is None:
        return Action(LAUNCH, {}, s)
    if p.hq == HQ_EXTRA and not state.extra and rng.random() < 0.2 and state.pile + state.space_discard:
        return Action(EXTRA_CARD, {}, s)
    size = len(p.crew) + p.boosts
    module = size >= 2 * (len(p.modules) + 1) and rng.random() < 0.6
    if p.hq == HQ_FREE and rng.random() < 0.2:
        return Action(PICK, {"card": random_space_card(rng, "both", _fresh(state)), "place": "unplaced"}, s)
    return Action(PICK, {"card": random_space_card(rng, "module" if module else "crew", _fresh(state))}, s)


def _fresh(state: State) -> str:
    """A name no Space card on the table has (made-up cards are all different)."""
    return f"Sim {len(state.space_seen) + 1:03d}"


def _random_play(state: State, p: Player, rng: Random) -> Action:
    s = p.seat
    if p.hand and rng.random() < 0.9:
        if p.boosts and rng.random() < 0.5 and free_copies(p, BOOST) > 0:
            return Action(PLAY_BOOST, {}, s)
        crew = p.crew
        for _ in range(3):
            if not crew:
                break
            card = crew[int(rng.random() * len(crew))]
            name, c = card.name, card.crew
            if free_copies(p, name) < 1:
                continue
            if not (c.copy or c.jettison or c.other):
                return Action(PLAY, {"card": name}, s)
            args: dict[str, Any] = {"card": name}
            if c.copy:
                targets = [x.name for i, x in enumerate(p.play) if copy_index(p, x.name) == i]
                if not targets:
                    continue
                args["copy"] = targets[int(rng.random() * len(targets))]
            if c.jettison and in_discard(p, ASTEROID) and rng.random() < 0.8:
                args["jettison"] = [{"zone": "discard", "card": ASTEROID}]
            if c.other:
                args["result"] = {"draw": 1}
            a = Action(PLAY, args, s)
            if check(state, a) is None:
                return a
    if p.modules and rng.random() < 0.05:
        choices = _rocket_choices(state, s)
        if choices:
            return choices[int(rng.random() * len(choices))]
    return _DONES[s]


def _DONE_FOR(s: int) -> Action:
    return Action(DONE, {}, s)


def _random_turn(state: State, p: Player, rng: Random) -> Action:
    s = p.seat
    if state.hazards:
        options = _turn_actions(state, p)
        return options[int(rng.random() * len(options))]
    sub = state.sub
    if sub == 2 or state.free_left:
        route = state.routes[p.pad]
        nxt = next_space(route, p.pos)
        if nxt is not None and route[nxt[0]] == UNENTERED:
            return Action(TRAJECTORY, {"lanes": random_space_card(rng, "trajectory")["trajectory"]}, s)
        if nxt is not None and rng.random() < 0.97:
            space = route[nxt[0]]
            best = None
            used = p.used
            basic = space in BASIC
            for x in sources(p):
                r = x[3]
                # pays(space, r), inlined
                if (r == ANY or space == ANY or r == space or (r == WILD and basic)) and x[4] not in used:
                    if r == space:
                        best = x
                        break
                    if best is None or best[3] == ANY:
                        best = x
            if best is not None:
                return _advance(s, best)
            for i in range(len(p.modules)):
                if free_advance(p, i):
                    return Action(FREE_ADVANCE, {"module": i}, s)
        return _DONES[s]
    allowance = keep_allowance(p) if sub <= 3 or p.hand else 0
    if sub <= 3 and p.hand > allowance and rng.random() < 0.5:
        names = _crew_names(p)
        if names:
            return Action(EXCHANGE, {"card": names[int(rng.random() * len(names))]}, s)
    if sub <= 4 and rng.random() < 0.8:
        xp = p.xp
        for k, ins in enumerate(state.insights):
            if xp >= insight_cost(p, ins):
                effect = ins.effect
                if not ins.cost:  # not entered: a printed cost the player can afford
                    return Action(INSIGHT, {"which": k, "cost": 1 + int(rng.random() * min(9, xp))}, s)
                if effect in ("boost", "store", "draw", "other"):
                    return Action(INSIGHT, {"which": k}, s)
                if effect == "jettison" and in_discard(p, ASTEROID):
                    return Action(INSIGHT, {"which": k, "target": {"zone": "discard", "card": ASTEROID}}, s)
    return Action(DISCARD, {"keep": min(p.hand, allowance)}, s)

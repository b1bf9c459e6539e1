"""Builders for Race to Mars tests: real actions, or a built state (and a
check that the builders themselves give valid states)."""
from __future__ import annotations

from companion.rules import Action, apply_checked
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.flow import put
from companion.rules.race_to_mars.model import (SLOTS, TURN_STEP, Crew, CrewCard, Module, Player, replace)
from companion.rules.race_to_mars.rocket import build_routes

NAMES = ("Anna", "Winston", "Daniel", "Loes")


def act(state, kind, seat, **args):
    """Check and apply one action; returns (state, events). Fails on a rejection."""
    return apply_checked(rm, state, Action(kind, args, seat))


def to_discard(state, seat):
    """DONE in ``seat``'s turn until phase 2.5 (2.3 and 2.4 are passed over when there is nothing to do)."""
    while state.sub < 5:
        state, _ = act(state, rm.DONE, seat)
    return state


def rejection(state, kind, seat, **args):
    return rm.check(state, Action(kind, args, seat))


def texts(events):
    return " | ".join(e.text for e in events)


def options(n=2, first_game=True, **more):
    return {"players": [{"name": NAMES[i], "colour": ("red", "blue", "green", "yellow")[i]} for i in range(n)],
            "first_game": first_game, **more}


def crew_card(name, **fields):
    return {"name": name, "crew": fields}


def module_card(name, **fields):
    return {"name": name, "module": fields}


def traj_card(name, lane=("fuel", "hull"), lanes=None):
    return {"name": name, "trajectory": lanes or [list(lane)] * 4}


def through_round_12(state, pick=lambda s, seat, k: crew_card(f"C{seat}-{k}", resources=["fuel"]),
                     leftover=lambda r: traj_card(f"T{r}")):
    """Play rounds 1-12 by real actions: each Pre-launch player picks
    ``pick(state, seat, k)``; the leftover is ``leftover(round)``. Returns the state at round 13's first pick."""
    k = 0
    while len(state.slots) < SLOTS:
        while state.step == "pre-launch":
            seat = rm.to_act(state).seats[0]
            state, _ = act(state, rm.PICK, seat, card=pick(state, seat, k))
            k += 1
        assert state.step == "leftover"
        seat = rm.to_act(state).seats[0]
        state, _ = act(state, rm.LEFTOVER, seat, card=leftover(len(state.slots) + 1))
    return state


def cards(*specs):
    """CrewCards from (name, resources...) tuples."""
    return tuple(CrewCard(name, Crew(tuple(res))) for name, *res in specs)


def flight(route=("fuel",) * 12, n=2, step=TURN_STEP, at=0, players=None, **changes):
    """A first game in Post-launch: every player launched, lane 0 of trajectory
    card 1 is ``route`` (then the Mars card's one "any" space), every lane alike.
    ``players``: {seat: {field: value}} for :class:`Player`."""
    s = rm.new_game(options(n))
    slots = ((tuple(route),) * 4,) + (((),) * 4,) * (SLOTS - 1)
    s = replace(s, slots=slots, slot_names=tuple(f"T{i}" for i in range(1, 13)), round=13, pile=60,
                active=-1, step=step, order=tuple(range(n)) if step == TURN_STEP else (), at=at, sub=2)
    s = replace(s, routes=build_routes(s))
    for seat in range(n):
        fields = dict(launched=True)
        fields.update((players or {}).get(seat, {}))
        p = replace(Player(seat, seat), **fields)
        s = put(s, p)
    return replace(s, **changes)


def modules(*specs, start=100):
    """Modules from dicts of Module fields (uids from ``start``)."""
    return tuple(Module(start + i, spec.pop("name", f"M{i}"), **spec) for i, spec in enumerate(specs))


def test_builders_give_valid_states():
    s = through_round_12(rm.new_game(options(3)))
    assert rm.invariants(s) == [] and s.round == 13 and len(s.routes[0]) == 24 + 1
    f = flight(players={0: dict(crew=cards(("A", "fuel")), draw=1)})
    assert rm.invariants(f) == []
    assert rm.phase(f) == "2.2 Advance rocket"

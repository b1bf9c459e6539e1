"""Faults at the session boundary, over every registered game (no game named):
moves that change nothing are refused and never logged; a payload nested
deep, an unhashable kind or seat, or something that is not a move at all is
refused with a reason and never raises out of ``Session.submit``.
"""
from __future__ import annotations

import random
import time

import pytest

import companion.session as session_mod
from companion.rules import GAMES, Action
from companion.session import Session
from companion.store import Store

pytestmark = pytest.mark.timeout(120)
GAME_IDS = sorted(GAMES)


def _session(game_id: str, seed: int = 3) -> Session:
    s = Session(Store.in_memory())
    s.new_game(game_id, GAMES[game_id].default_options(None, seed))
    return s


def _deep(n: int):
    value: object = 1
    for _ in range(n):
        value = [value]
    return value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_listed_legal_move_changes_nothing(game_id):
    """Issue 11.3 at its root: the rules list only moves that do something (the
    session refuses the others as ``no_change``; see the test below). Found by
    playing: placing a Marsonaut in the Bay they are in, a bank-out with nobody
    holding cards of that type, Fix roll to the face already entered."""
    game, rng = GAMES[game_id], random.Random(8)
    state, looked = game.new_game(game.default_options(None, 8)), 0
    for _ in range(600):
        if game.is_over(state):
            state = game.new_game(game.default_options(None, rng.randrange(99)))
        for action in game.legal_actions(state)[:40]:
            assert game.apply(state, action)[0] != state, (game.phase(state), action)
            looked += 1
        state, _ = game.apply(state, game.random_action(state, rng))
    assert looked > 500


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_engine_that_returns_the_same_state_is_refused_with_no_change(game_id, monkeypatch):
    """Whatever the game: a move whose apply gives back an equal state, with events or without."""
    s = _session(game_id)
    game = s.game
    action = game.random_action(s.state, random.Random(1))
    for events in ((), ("something said",)):
        monkeypatch.setattr(game, "apply", lambda state, a, ev=events: (
            type(state)(**{f: getattr(state, f) for f in state.__dataclass_fields__}),
            tuple(session_mod.Event("x", t) for t in ev)))
        out = s.submit(action)
        assert not out.accepted and out.rejection.code == "no_change"
        assert s.seq == 0 and s.store.actions(s.record.id) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_no_change_check_costs_little(game_id):
    """The equality of states is a few microseconds against a commit of milliseconds."""
    game, rng = GAMES[game_id], random.Random(2)
    state, pairs = game.new_game(game.default_options(None, 2)), []
    while not game.is_over(state) and len(pairs) < 300:
        new, _ = game.apply(state, game.random_action(state, rng))
        pairs.append((state, new))
        state = new
    t = time.perf_counter()
    for before, after in pairs:
        _ = after == before
    per = (time.perf_counter() - t) / len(pairs)
    assert per < 0.5e-3, f"{per * 1e6:.1f} us per comparison"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nothing_submitted_makes_submit_raise(game_id, monkeypatch):
    s = _session(game_id)
    kind = sorted(s.game.ACTIONS)[0]
    cyclic: list = []
    cyclic.append(cyclic)

    class Odd(dict):
        def values(self):
            raise RuntimeError("odd payload")

    garbage = [
        Action(kind, {"x": _deep(200_000)}),          # nested far past Python's recursion limit
        Action(kind, {"x": cyclic}),
        Action(["roll"], {}), Action({"kind": kind}, {}), Action(kind, {}, [0]), Action(kind, {}, {"s": 1}),
        Action(kind, {}, 1.0), Action(kind, {}, True), Action(kind, [1, 2]), Action(kind, None),
        Action(kind, {(1, 2): 3}), Action(kind, {"x": 10**5000}), Action(kind, {"x": float("nan")}),
        Action(kind, Odd(a=1)), Action(kind, {"x": "y" * 100_000}),
        None, {"kind": kind}, "roll", 42,
    ]
    for bad in garbage:
        out = s.submit(bad)  # type: ignore[arg-type]
        assert not out.accepted and out.rejection.code and out.rejection.message and out.rejection.rule, bad
    assert s.seq == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deep_payload_past_the_shape_check_is_still_refused_not_raised(game_id, monkeypatch):
    """If ``validate`` ever let depth through, the JSON normalisation (what the log
    sees) refuses it with a sentence instead of raising ``RecursionError``."""
    s = _session(game_id)
    monkeypatch.setattr(session_mod, "validate", lambda game, action: None)
    kind = sorted(s.game.ACTIONS)[0]
    out = s.submit(Action(kind, {"x": _deep(100_000)}))
    assert not out.accepted and out.rejection.code == "malformed" and "deep" in out.rejection.message
    out = s.submit(Action(kind, {"x": {1, 2}}))  # not JSON
    assert not out.accepted and out.rejection.code == "malformed"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_the_engine_cannot_apply_is_refused_and_never_logged(game_id, monkeypatch):
    s = _session(game_id)
    action = s.game.random_action(s.state, random.Random(5))

    def broken(state, a):
        raise KeyError("engine bug")

    monkeypatch.setattr(s.game, "apply", broken)
    out = s.submit(action)
    assert not out.accepted and out.rejection.code == "engine_error" and s.store.actions(s.record.id) == []

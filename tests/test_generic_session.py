"""The session, the store and the boundary for every registered game, with no
game named here: undo/redo round trips, resume from the file, and a fuzz of
malformed and out-of-phase actions that must all be refused with a reason and
a rule, changing nothing (issues: the game seam; nothing stuck, nothing hidden).
"""
import json
import random

import pytest

from companion.rules import GAMES, Action
from companion.session import Session

GAME_IDS = sorted(GAMES)


def _choose(game, state, rng):
    # a legal move that changes nothing (a roll "corrected" to the face it has) is refused
    # with "no_change" and not logged; these walks want moves that do something
    legal = [a for a in game.legal_actions(state) if game.apply(state, a)[0] != state]
    expect = game.expects(state)
    if expect is not None and expect.kind == "card" or not legal:
        return game.random_action(state, rng)
    return rng.choice(legal)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_redo_round_trips_and_resume(tmp_path, game_id):
    game = GAMES[game_id]
    rng = random.Random(11)
    db = tmp_path / "db.sqlite3"
    with Session.open(db) as s:
        s.new_game(game_id, game.default_options(None, 11))
        states = [s.state]
        for _ in range(60):
            if game.is_over(s.state):
                break
            out = s.submit(_choose(game, s.state, rng))
            assert out.accepted, out.rejection
            states.append(s.state)
        n = len(states) - 1
        for k in range(n, max(n - 15, 0), -1):  # undo walks back through the very same states
            assert s.undo().accepted
            assert s.state == states[k - 1] and s.seq == k - 1
        undone = min(15, n)
        for k in range(undone):
            assert s.redo().accepted
            assert s.state == states[n - undone + k + 1]
        assert s.state == states[-1]
        for _ in range(3):
            s.undo()
        final, seq = s.state, s.seq
    with Session.open(db) as again:  # resume: the same state, the redo tail kept
        assert again.game_id == game_id and again.state == final and again.seq == seq and again.can_redo


def _mutations(action: Action, rng: random.Random):
    """Malformed variants of a legal ``action``: wrong types, missing and extra
    fields, unhashable and deeply nested values, bad seats."""
    args = action.args
    for key, value in args.items():
        for bad in (float(value) if isinstance(value, int) and not isinstance(value, bool) else 4.0,
                    True, None, "7", [value], {"x": value}, 10**12, -1):
            if bad is value or (type(bad) is type(value) and bad == value):
                continue
            yield Action(action.kind, {**args, key: bad}, action.seat)
        rest = dict(args)
        del rest[key]
        yield Action(action.kind, rest, action.seat)
    yield Action(action.kind, {**args, "extra": 1}, action.seat)
    nested = 1
    for _ in range(rng.randint(10, 3000)):
        nested = [nested]
    yield Action(action.kind, {**args, "deep": nested}, action.seat)
    yield Action(action.kind, args, rng.choice([-1, 99, True, 1.0, "0"]))
    yield Action(rng.choice(["", "ROLL", "undo", "fly", "x" * 500]), args, action.seat)
    yield Action(["roll"], args, action.seat)  # an unhashable kind
    yield Action({"kind": "roll"}, args, action.seat)
    yield Action(action.kind, [1, 2], action.seat)  # a payload that is not an object


@pytest.mark.timeout(180)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fuzz_of_malformed_and_out_of_phase_actions_is_refused_with_a_reason(tmp_path, game_id):
    game = GAMES[game_id]
    rng = random.Random(5)
    counts = {"refused": 0, "legal": 0}
    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game(game_id, game.default_options(None, 5))
        seen_legal: list[Action] = []
        for _ in range(150):
            if game.is_over(s.state):
                break
            legal = game.legal_actions(s.state)
            seen_legal += legal[:5]
            candidates = []
            for action in (legal[:3] or [game.random_action(s.state, rng)]):
                candidates += list(_mutations(action, rng))
            candidates += rng.sample(seen_legal, min(5, len(seen_legal)))  # often out of phase now
            for bad in candidates:
                before, seq = s.state, s.seq
                snapshot = dict(bad.args) if isinstance(bad.args, dict) else None
                try:
                    accepted = game.check(before, bad) is None and _well_formed(game, bad)
                except Exception:
                    accepted = False
                out = s.submit(bad)
                if out.accepted:
                    assert accepted, f"{bad} was accepted but is malformed or illegal"
                    assert s.undo().accepted
                    counts["legal"] += 1
                else:
                    r = out.rejection
                    assert r.code and r.message and r.rule, bad
                    assert s.state is before and s.seq == seq
                    counts["refused"] += 1
                if snapshot is not None:  # the session never changes the caller's payload
                    assert bad.args.keys() == snapshot.keys()
                    assert all(bad.args[k] is snapshot[k] for k in snapshot)
            assert s.submit(_choose(game, s.state, rng)).accepted
        assert counts["refused"] > 500
        rows = s.store.actions(s.record.id)
        for row in rows:  # the log holds only what was accepted, and it replays
            json.dumps(row.action)


def _well_formed(game, action):
    from companion.rules.contract import validate
    return validate(game, action) is None

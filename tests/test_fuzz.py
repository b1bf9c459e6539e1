"""The boundary fuzz: at least 100,000 seeded actions through ``Session.submit``,
spread over every registered game (none named here), legal ones and garbage of
every kind: wrong types (floats and booleans where integers go, text, null,
lists, objects, huge integers), unknown kinds, unhashable kinds and seats,
missing and extra fields, values that are not JSON, huge and deeply nested
payloads, out-of-phase actions (legal earlier, not now) and out-of-turn seats.

It ends with 0 exceptions escaping, 0 illegal actions accepted (an accepted
action passed ``validate`` and ``check``, changed the state, and its logged
form replays to the state shown), 0 legal actions refused, and 0 refusals
without a code, a message and a rule. ``pytest -s tests/test_fuzz.py`` prints
the counts. The store is in memory (no disk in the loop): the per-action cost
is the session's and the rules'.
"""
from __future__ import annotations

import collections
import math
import random
import time

import pytest

from companion.rules import GAMES, Action
from companion.rules.contract import validate
from companion.session import Session, _normalised
from companion.store import Store

TOTAL = 100_000
GAME_IDS = sorted(GAMES)


def _deep(n: int) -> object:
    value: object = 0
    for _ in range(n):
        value = [value] if n % 2 else {"k": value}
    return value


DEEP = [_deep(n) for n in (9, 12, 40, 1_000, 100_000)]
# over the 20,000-character limit; wide ones are few items of long text, since the shape check
# walks every item of a payload (a list of a million items costs it a second: reported)
HUGE = ["x" * 30_000, ["y" * 100] * 250, {f"k{i}": "z" * 100 for i in range(250)}, 10**40, -(10**12)]
BAD_VALUES = [4.0, 1.5, True, False, None, "3", "", [], [1], {}, {"a": 1}, 10**12, -1, float("inf"),
              float("nan"), {1, 2}, (1, 2), b"1", object()]
BAD_SEATS = [-1, 8, 99, True, False, 1.0, "0", [0], {"s": 0}, (0,), 10**20]
BAD_KINDS = ["", "ROLL", "undo", "fly", "x" * 500, None, 7, 1.0, True, ["roll"], {"kind": "roll"}, ("roll",),
             b"roll", {"roll"}]


def _expected_ok(game, state, action) -> bool:
    """What the session must do with ``action``: True only if it is well formed,
    legal now, and changes the state (computed apart from the session)."""
    try:
        if not isinstance(action, Action) or validate(game, action) is not None:
            return False
        normal = Action.from_json(_normalised(action.to_json()))
        if game.check(state, normal) is not None:
            return False
        return game.apply(state, normal)[0] != state
    except Exception:
        return False


def _garbage(game, legal: Action, seen: list[Action], rng: random.Random):
    """One malformed, out-of-phase or out-of-turn variant of ``legal``."""
    args = dict(legal.args) if isinstance(legal.args, dict) else {}
    pick = rng.randrange(11)
    if pick == 0 and args:  # a wrong type or value where a field goes
        key = rng.choice(list(args))
        return Action(legal.kind, {**args, key: rng.choice(BAD_VALUES + [rng.randint(-50, 50)])}, legal.seat)
    if pick == 1 and args:  # a missing field
        key = rng.choice(list(args))
        return Action(legal.kind, {k: v for k, v in args.items() if k != key}, legal.seat)
    if pick == 2:  # an extra field
        return Action(legal.kind, {**args, rng.choice(["extra", "seat2", "card", "face", "x"]): rng.choice(BAD_VALUES)},
                      legal.seat)
    if pick == 3:  # unknown or unhashable kinds
        return Action(rng.choice(BAD_KINDS + sorted(game.ACTIONS)), args, legal.seat)
    if pick == 4:  # out of turn, or a seat that is no seat
        return Action(legal.kind, args, rng.choice(BAD_SEATS + list(range(8)) + [None]))
    if pick == 5:  # deeply nested
        key = rng.choice(list(args) or ["deep"])
        return Action(legal.kind, {**args, key: rng.choice(DEEP)}, legal.seat)
    if pick == 6:  # huge
        key = rng.choice(list(args) or ["huge"])
        return Action(legal.kind, {**args, key: rng.choice(HUGE)}, legal.seat)
    if pick == 7:  # a payload that is not an object, or not an action at all
        return rng.choice([Action(legal.kind, rng.choice([[1, 2], None, "face", 3, (1,)]), legal.seat),
                           None, legal.to_json(), "roll", 4])
    if pick == 8 and seen:  # out of phase: legal once, probably not now
        return rng.choice(seen)
    if pick == 9 and args:  # a nested field with a wrong inner value
        key = rng.choice(list(args))
        value = args[key]
        if isinstance(value, dict) and value:
            inner = rng.choice(list(value))
            return Action(legal.kind, {**args, key: {**value, inner: rng.choice(BAD_VALUES)}}, legal.seat)
        return Action(legal.kind, {**args, key: [value, value]}, legal.seat)
    # the same move with a neighbouring value (often legal, sometimes not)
    ints = [k for k, v in args.items() if type(v) is int]
    if ints:
        key = rng.choice(ints)
        return Action(legal.kind, {**args, key: args[key] + rng.choice([-2, -1, 1, 2, 7])}, legal.seat)
    return Action(legal.kind, args, legal.seat)


def _fuzz(game_id: str, n: int, seed: int) -> collections.Counter:
    game, rng = GAMES[game_id], random.Random(seed)
    counts: collections.Counter = collections.Counter()
    problems: list[str] = []
    s = Session(Store.in_memory())
    s.new_game(game_id, game.default_options(None, seed))
    seen: list[Action] = []
    legal_cache: tuple[int, list[Action]] | None = None
    for i in range(n):
        if game.is_over(s.state):
            counts["games"] += 1
            s.new_game(game_id, game.default_options(None, rng.randrange(10**6)))
            legal_cache = None
        state, seq = s.state, s.seq
        if legal_cache is None or legal_cache[0] != id(state):
            legal_cache = (id(state), game.legal_actions(state))
        legal = legal_cache[1]
        expect = game.expects(state)
        base = rng.choice(legal) if legal and not (expect and expect.kind == "card" and rng.random() < 0.5) \
            else game.random_action(state, rng)
        if len(seen) < 400:
            seen.append(base)
        elif rng.random() < 0.05:
            seen[rng.randrange(len(seen))] = base
        action = base if rng.random() < 0.3 else _garbage(game, base, seen, rng)
        ok = _expected_ok(game, state, action)
        try:
            out = s.submit(action)  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 - counted, and the test fails on any
            counts["exceptions"] += 1
            problems.append(f"{action!r:.200} raised {exc!r:.200}")
            continue
        counts["actions"] += 1
        if out.accepted:
            counts["accepted"] += 1
            row = s.store.action(s.record.id, s.seq)
            logged = Action.from_json(row.action)
            replayed = game.check(state, logged) is None and game.apply(state, logged)[0] == s.state
            if not ok or not replayed or s.seq != seq + 1:
                counts["illegal_accepted"] += 1
                problems.append(f"accepted {action!r:.200} (expected {ok}, replays {replayed})")
        else:
            r = out.rejection
            counts[f"refused:{r.code if r else None}"] += 1
            if r is None or not (r.code and r.message and r.rule):
                counts["no_reason"] += 1
                problems.append(f"refused without a reason: {action!r:.200} -> {r!r}")
            if ok:
                counts["legal_refused"] += 1
                problems.append(f"refused a legal move {action!r:.200}: {r}")
            if s.state is not state or s.seq != seq:
                counts["changed_on_refusal"] += 1
                problems.append(f"refusal changed the game: {action!r:.200}")
        if len(problems) > 20:
            break
    # the whole log of the game shown replays to its state
    rows = s.store.actions(s.record.id, active_only=True)
    assert _replay_check(game, s.record.options, rows, s.state), "the log does not replay"
    assert not problems, "\n".join(problems[:20])
    return counts


def _replay_check(game, options, rows, state) -> bool:
    """True if the logged ``rows`` replayed from ``new_game(options)`` give ``state``."""
    from companion.rules import replay
    return replay(game, options, [Action.from_json(r.action) for r in rows]) == state



@pytest.mark.timeout(120)
def test_fuzz_100k_actions_over_every_game_through_submit():
    per_game = math.ceil(TOTAL / len(GAME_IDS))
    total: collections.Counter = collections.Counter()
    t = time.perf_counter()
    for k, game_id in enumerate(GAME_IDS):
        counts = _fuzz(game_id, per_game, seed=1000 + k)
        print(f"\n{game_id}: " + ", ".join(f"{key}={value}" for key, value in sorted(counts.items())))
        total.update(counts)
    seconds = time.perf_counter() - t
    print(f"\nfuzz: {total['actions'] + total['exceptions']} actions in {seconds:.1f} s over {len(GAME_IDS)} game(s); "
          f"accepted {total['accepted']}, exceptions {total['exceptions']}, illegal accepted "
          f"{total['illegal_accepted']}, legal refused {total['legal_refused']}, refusals without a reason "
          f"{total['no_reason']}; refused by code: "
          + ", ".join(f"{k[8:]}={v}" for k, v in sorted(total.items()) if k.startswith("refused:")))
    assert total["actions"] + total["exceptions"] >= TOTAL
    assert total["exceptions"] == 0 and total["illegal_accepted"] == 0 and total["no_reason"] == 0
    assert total["legal_refused"] == 0 and total["changed_on_refusal"] == 0
    assert total["accepted"] > TOTAL // 10  # the fuzz goes deep into games, not only refusals

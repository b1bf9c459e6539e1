"""The rules contract, for every registered game (shared/DESIGN.md, "The rules contract").

A random playout over many seeded games: legal moves only, every game ends,
invariants hold after every action, and replaying the log reproduces the state.
"""
import json
import random
import subprocess
import sys

import pytest

from companion.rules import GAMES, Action, replay
from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars.model import MAX_REPAIR_KITS, MAX_RESOURCE

SEEDS = range(40)
MAX_ACTIONS = 5000


def invariants_thirty_to_mars(state):
    assert all(0 <= r <= MAX_RESOURCE for r in state.resources)
    assert all(0 <= b <= 4 for b in state.broken)
    assert 0 <= state.repair_kits <= MAX_REPAIR_KITS
    assert 0 <= state.day <= 30
    for m, bay in zip(state.crew, state.placement):
        if state.step == "setup":
            continue
        assert 1 <= m.sanity <= 10
        if m.active:
            assert 1 <= m.health <= 10
        else:
            assert m.health == 0 and bay == 0
    if state.step == "place":  # nobody beyond a Bay's working Workspaces
        for bay in range(1, 7):
            assert sum(1 for m, b in zip(state.crew, state.placement) if m.active and b == bay) \
                <= ttm.capacity(state, bay)
    assert (state.result is None) == (state.step != "over")
    if state.result == "lost":
        assert not any(m.active for m in state.crew)
    if state.result == "won":
        assert state.day == 30 and any(m.active for m in state.crew)


INVARIANTS = {"thirty-to-mars": invariants_thirty_to_mars}
#: The outcomes 40 seeded games of each game must show (a game not listed: any).
OUTCOMES = {"thirty-to-mars": {"won", "lost"}}


def check_invariants(game, state):
    """The game's own ``invariants(state)``, and this file's checks where it has some."""
    assert game.invariants(state) == []
    if game.GAME_ID in INVARIANTS:
        INVARIANTS[game.GAME_ID](state)


def playout(game, seed):
    """Play one game choosing uniformly among legal actions; returns (state, log)."""
    rng = random.Random(seed)
    state = game.new_game({})
    log = []
    while not game.is_over(state):
        assert len(log) < MAX_ACTIONS, "the game does not end"
        expect = game.expects(state)
        legal = game.legal_actions(state)
        if expect is not None and expect.kind == "card" and not hasattr(game, "random_space_card"):
            action = Action("draw", {"card": game.random_card(rng, expect.detail)})
        elif expect is not None and expect.kind == "card":
            action = game.random_action(state, rng)  # a card made up by the game, as the table would enter it
        else:
            assert legal, f"no legal action in step {game.phase(state)}"
            action = rng.choice(legal)
        assert game.check(state, action) is None, action
        state, events = game.apply(state, action)
        assert all(e.text for e in events)
        check_invariants(game, state)
        log.append(action)
    return state, log


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_playouts_end_legally_and_replay_to_the_same_state(game_id):
    game = GAMES[game_id]
    outcomes = set()
    for seed in SEEDS:
        state, log = playout(game, seed)
        outcomes.add(game.outcome(state))
        # the log as stored (JSON) replays to the same state
        stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(game, {}, stored) == state
    assert outcomes == OUTCOMES.get(game_id, outcomes) or len(SEEDS) < 10


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_action_is_always_legal(game_id):
    game = GAMES[game_id]
    for seed in range(30):
        rng = random.Random(1000 + seed)
        state = game.new_game({})
        while not game.is_over(state):
            action = game.random_action(state, rng)
            assert game.check(state, action) is None, (game.phase(state), action)
            state, _ = game.apply(state, action)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_legal_actions_all_pass_check_and_rejections_name_a_rule(game_id):
    game = GAMES[game_id]
    rng = random.Random(7)
    state = game.new_game({})
    for _ in range(400):
        if game.is_over(state):
            break
        for action in game.legal_actions(state):
            assert game.check(state, action) is None
        bogus = game.check(state, Action("fly_to_venus"))
        assert bogus is not None and bogus.rule and bogus.message
        state, _ = game.apply(state, game.random_action(state, rng))


def test_malformed_payloads_are_rejected_not_raised():
    s = ttm.new_game({})
    for action in (Action("roll"), Action("roll", {"face": 7}), Action("roll", {"face": "4"}),
                   Action("place", {"who": 9, "bay": 1}), Action("draw", {"card": {"name": ""}}),
                   Action("ability", {"who": "maria"})):
        r = ttm.check(s, action)
        assert r is not None and r.message


def test_rules_import_no_hardware_or_screen_modules():
    code = ("import sys, companion.rules; "
            "bad = [m for m in ('pygame', 'gpiozero', 'serial', 'sqlite3', 'hw') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_action_json_round_trip():
    a = Action("draw", {"card": {"name": "X", "colour": "green", "difficulty": 4, "location": 2}})
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a

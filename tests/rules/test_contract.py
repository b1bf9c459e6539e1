"""The rules contract, for every registered game, with no game named here.

shared/DESIGN.md, "The rules contract": random playouts with legal actions
only until every game ends (for each player count), each game's invariants
after every action, ``apply`` leaving the state it is given as it was,
replay of the JSON log to the same state, every action
by a seat that may not act refused with a rule, and the contract's functions
present with the right shapes.
"""
import json
import pickle
import random
import subprocess
import sys

import pytest

from companion.rules import ENTRIES, GAMES, Action, replay
from companion.rules.contract import TABLE_ACTIONS, Result, Seat, Turn, validate

from ..rulebooks import RULEBOOKS, cites_a_heading

MAX_ACTIONS = 20_000
GAME_IDS = sorted(GAMES)
CONTRACT = ("GAME_ID", "TITLE", "RULEBOOK", "PLAYERS", "ACTIONS", "CARD_KINDS", "new_game", "default_options",
            "seats", "to_act", "expects", "legal_actions", "check", "apply", "random_action", "phase", "is_over",
            "result", "last_roll", "die_faces", "summary", "invariants")


def tables():
    """(game id, players) for every game and every player count it allows."""
    out = []
    for game_id in GAME_IDS:
        lo, hi = GAMES[game_id].PLAYERS
        counts = [None] if lo == 1 else list(range(lo, hi + 1))  # a co-op game: its one crew
        out += [(game_id, n) for n in counts]
    return out


def choose(game, state, rng):
    """Uniform over ``legal_actions``; ``random_action`` only where a value
    cannot be listed (a card's printed fields)."""
    legal = game.legal_actions(state)
    expect = game.expects(state)
    if expect is not None and expect.kind == "card" or not legal:
        return game.random_action(state, rng)
    return rng.choice(legal)


def playout(game, options, seed, chooser=choose):
    """Play one game to its end; returns (state, log). Checks every step."""
    rng = random.Random(seed)
    state = game.new_game(options)
    assert game.invariants(state) == []
    log = []
    while not game.is_over(state):
        assert len(log) < MAX_ACTIONS, f"the game does not end (phase {game.phase(state)})"
        action = chooser(game, state, rng)
        assert validate(game, action) is None, action
        assert game.check(state, action) is None, (game.phase(state), action)
        state, events = game.apply(state, action)
        assert all(e.text for e in events), action
        problems = game.invariants(state)
        assert problems == [], (action, problems)
        log.append(action)
    return state, log


def test_every_registered_game_is_in_the_generic_ids():
    assert GAME_IDS == sorted(e.game_id for e in ENTRIES) and GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_provides_the_whole_contract(game_id):
    game = GAMES[game_id]
    missing = [name for name in CONTRACT if not hasattr(game, name)]
    assert missing == []
    assert game.GAME_ID == game_id
    lo, hi = game.PLAYERS
    assert 1 <= lo <= hi <= 8
    for kind, shape in game.ACTIONS.items():
        assert isinstance(kind, str) and hasattr(shape, "problem")
    state = game.new_game(game.default_options(None, 0))
    seats = game.seats(state)
    assert seats and all(isinstance(s, Seat) for s in seats)
    assert [s.index for s in seats] == list(range(len(seats)))
    assert isinstance(game.to_act(state), Turn)
    assert game.result(state) is None and not game.is_over(state)
    faces = game.die_faces(state)
    assert faces == () or len(faces) == 6


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game_id,players", tables())
def test_random_legal_playouts_end_and_replay_to_the_same_state(game_id, players):
    game = GAMES[game_id]
    codes = set()
    for seed in range(6):
        options = game.default_options(players, seed)
        state, log = playout(game, options, seed)
        result = game.result(state)
        assert isinstance(result, Result) and result.sentence
        seats = {s.index for s in game.seats(state)}
        assert set(result.winners) <= seats and {r.seat for r in result.ranking} == seats
        codes.add(result.code)
        stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(game, json.loads(json.dumps(options)), stored) == state


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game_id,players", tables())
def test_random_action_is_always_legal_and_games_end(game_id, players):
    game = GAMES[game_id]
    for seed in range(10):
        playout(game, game.default_options(players, 100 + seed), 100 + seed,
                chooser=lambda g, s, rng: g.random_action(s, rng))


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game_id,players", tables())
def test_apply_never_changes_the_state_it_is_given(game_id, players):
    """The contract's ``apply`` is pure: however an engine builds the new state,
    the state it is given, every object it holds included, is the same
    afterwards (compared by its pickle: every field, ``compare=False`` ones too),
    over whole seeded games with both ways of choosing moves."""
    game = GAMES[game_id]
    pure = [0]

    def unchanged(g, state, rng):
        action = choose(g, state, rng) if rng.random() < 0.5 else g.random_action(state, rng)
        before = pickle.dumps(state, protocol=5)
        g.apply(state, action)
        assert pickle.dumps(state, protocol=5) == before, (g.phase(state), action)
        pure[0] += 1
        return action

    for seed in range(2):
        playout(game, game.default_options(players, 300 + seed), 300 + seed, chooser=unchanged)
    assert pure[0] > 100


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seats_that_may_not_act_are_refused_with_a_rule_a_player_can_find(game_id):
    game = GAMES[game_id]
    lo, hi = game.PLAYERS
    rng = random.Random(7)
    state = game.new_game(game.default_options(hi if lo > 1 else None, 7))
    tried = 0
    rules: set[str] = set()
    for _ in range(600):
        if game.is_over(state):
            break
        turn = game.to_act(state)
        seats = [s.index for s in game.seats(state)]
        for action in game.legal_actions(state)[:20]:
            if action.kind in TABLE_ACTIONS:  # Fix roll: the table's, whoever's turn it is
                assert action.seat is None, action
                continue
            assert turn.admits(action.seat), (turn, action)
            for other in [*seats, len(seats)]:
                if turn.admits(other):
                    continue
                wrong = Action(action.kind, action.args, other)
                rejection = game.check(state, wrong)
                assert rejection is not None and rejection.message and rejection.rule, wrong
                rules.add(rejection.rule)
                tried += 1
        for kind in game.ACTIONS:  # every kind without a payload, tried in every state: the refusals players read
            bare = Action(kind, {}, turn.seats[0] if turn.seats else None)
            if validate(game, bare) is None:  # check trusts the shapes: only well-formed moves reach it
                rejection = game.check(state, bare)
                if rejection is not None:
                    rules.add(rejection.rule)
        state, _ = game.apply(state, choose(game, state, rng))
    assert tried > 0
    book = RULEBOOKS / game.RULEBOOK
    cited = {r.split(", ", 1)[1] for r in rules if r.startswith(game.RULEBOOK + ", ")}
    assert len(cited) >= 3 and [c for c in cited if not cites_a_heading(book, c)] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_kinds_are_refused_by_the_boundary_and_by_check(game_id):
    game = GAMES[game_id]
    state = game.new_game(game.default_options(None, 0))
    bogus = Action("fly_to_venus")
    assert validate(game, bogus).code == "unknown_action"
    rejection = game.check(state, bogus)
    assert rejection is not None and rejection.rule and rejection.message


def test_rules_import_no_hardware_or_screen_modules():
    code = ("import sys, companion.rules; from companion.rules import GAMES; [GAMES[g] for g in GAMES]; "
            "bad = [m for m in ('pygame', 'gpiozero', 'serial', 'sqlite3', 'hw') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_action_json_round_trip_keeps_the_seat():
    a = Action("build", {"what": "base", "base": 2}, seat=1)
    assert a.to_json() == {"kind": "build", "seat": 1, "what": "base", "base": 2}
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    b = Action("draw", {"card": {"name": "X", "colour": "green", "difficulty": 4, "location": 2}})
    assert Action.from_json(json.loads(json.dumps(b.to_json()))) == b and "seat" not in b.to_json()


def test_a_shape_is_fixed_once_made_and_equal_to_another_with_the_same_fields():
    """Shapes are plain slotted classes (a frozen dataclass compiles six methods at import, issue 13's start):
    still read-only, compared by their fields, shown with them."""
    from companion.rules.shapes import AnyOf, Int, ListOf, Obj, Str
    face = Int(1, 6)
    assert face == Int(1, 6) and face != Int(1, 5) and face != Str()
    assert Obj(face=Int(1, 6)) == Obj(face=Int(1, 6)) and len({Int(1, 6), Int(1, 6)}) == 1
    assert repr(ListOf(face, max_len=3)) == "ListOf(item=Int(lo=1, hi=6), max_len=3, min_len=0)"
    for change in (lambda: setattr(face, "hi", 7), lambda: delattr(face, "hi"), lambda: setattr(face, "new", 1)):
        with pytest.raises(AttributeError):
            change()
    assert face.hi == 6 and AnyOf(face, Str()).problem(9) is not None

"""Race to Mars on the rules contract: seeded playouts for 2-4 players end
legally and replay from their JSON log; malformed and out-of-turn actions are
refused; every cited rulebook section is a heading of race-to-mars.txt."""
import ast
import json
import random
from pathlib import Path

import pytest

from companion.rules import GAMES, Action, entry, replay
from companion.rules import race_to_mars as rm
from companion.rules.contract import validate
from tests.rules.test_race_to_mars_helpers import flight, options
from tests.rulebooks import RULEBOOKS

RULEBOOK = RULEBOOKS / rm.RULEBOOK
SOURCES = Path(rm.__file__).parent


def playout(n, seed, limit=4000):
    rng = random.Random(seed)
    opts = rm.default_options(n, seed)
    state = rm.new_game(opts)
    log = []
    while not rm.is_over(state):
        assert len(log) < limit, f"the game does not end ({rm.summary(state)})"
        action = rm.random_action(state, rng)
        assert validate(rm, action) is None, action
        assert rm.check(state, action) is None, (rm.phase(state), action, rm.check(state, action))
        state, events = rm.apply(state, action)
        assert all(e.text for e in events)
        assert rm.invariants(state) == [], (action, rm.invariants(state))
        log.append(action)
    return opts, state, log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_random_games_end_legally_and_replay_from_the_json_log(n):
    codes = set()
    for seed in range(6):
        opts, state, log = playout(n, seed)
        stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(rm, opts, stored) == state
        r = rm.result(state)
        assert r.winners and r.ranking[0].place == 1 and rm.summary(state)["over"]
        codes.add(r.code)
        json.dumps(rm.summary(state))
    assert codes <= {"won", "shared"}


def test_registered_with_its_rulebook_and_players():
    e = entry("race-to-mars")
    assert (e.package, e.title, e.players, e.rulebook) == ("race_to_mars", "Race to Mars", (2, 4),
                                                           "race-to-mars.txt")
    assert e.kind == "rocket building and deck building, no die" and GAMES["race-to-mars"] is rm
    assert set(rm.CARD_KINDS) == {"space", "starting", "headquarters"}
    assert len(rm.CARD_KINDS["starting"].builtin) == 4 and len(rm.CARD_KINDS["headquarters"].builtin) == 10


def test_legal_actions_all_pass_check_and_the_game_waits_for_no_die():
    rng = random.Random(5)
    state = rm.new_game(rm.default_options(3, 5))
    seen = set()
    for _ in range(1500):
        if rm.is_over(state):
            break
        assert rm.last_roll(state) is None
        e = rm.expects(state)
        assert e is None or (e.kind == "card" and e.card_kind in ("space", "starting", "trajectory"))
        for a in rm.legal_actions(state):
            assert rm.check(state, a) is None, (rm.phase(state), a)
            seen.add(a.kind)
        state, _ = rm.apply(state, rm.random_action(state, rng))
    assert {rm.ADVANCE, rm.PLAY, rm.DISCARD, rm.DONE, rm.HEADQUARTERS} <= seen


@pytest.mark.parametrize("action", [
    Action("fly_to_venus", {}, 0),
    Action(rm.DISCARD, {"keep": 1.0}, 0),
    Action(rm.DISCARD, {"keep": True}, 0),
    Action(rm.DISCARD, {}, 0),
    Action(rm.DISCARD, {"keep": 1, "extra": 2}, 0),
    Action(rm.ADVANCE, {"source": {"zone": "module", "index": 0}}, 0),
    Action(rm.HEADQUARTERS, {"keep": 11, "back": 1}, 0),
    Action(rm.PICK, {"card": {"name": "X", "crew": {"draw": "2"}}}, 0),
    Action(rm.PICK, {"card": {"name": "X", "crew": {"look": 1, "keep": 2}}}, 0),
    Action(rm.LEFTOVER, {"card": {"name": "X", "trajectory": [["plutonium"]]}}, 0),
    Action(rm.DONE, {}, 1.0),
    Action(rm.DONE, {}, True),
])
def test_malformed_actions_are_refused_at_the_boundary(action):
    r = validate(rm, action)
    assert r is not None and r.code in ("malformed", "unknown_action") and r.message


def test_every_action_kind_has_a_payload_shape_and_a_comment():
    import re
    text = (SOURCES / "actions.py").read_text()
    for kind in rm.ACTIONS:
        assert re.search(rf'^[A-Z_]+ += "{kind}" +# \S', text, re.M), kind


def test_out_of_turn_and_seatless_actions_are_refused_naming_the_rule():
    s = rm.new_game(options(3))
    for seat in (1, None):
        r = rm.check(s, Action(rm.LAUNCH, {}, seat))
        assert r.code == "not_your_turn" and r.rule == "race-to-mars.txt, Turn Order" and "Anna" in r.message
    f = flight()
    r = rm.check(f, Action(rm.DONE, {}, 1))
    assert r.code == "not_your_turn" and "Anna" in r.message


def cited_sections():
    found = set()
    for path in SOURCES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("reject", "rule_ref"):
                last = node.args[-1]
                if isinstance(last, ast.Constant) and isinstance(last.value, str):
                    found.add(last.value)
    return sorted(found)


@pytest.mark.skipif(not RULEBOOK.exists(), reason=f"the rulebook is not at {RULEBOOK}")
def test_every_cited_section_is_a_heading_line_of_the_rulebook():
    lines = {line.strip() for line in RULEBOOK.read_text().splitlines()}
    sections = cited_sections()
    assert len(sections) >= 15
    for section in sections:
        assert section in lines, section


def test_summary_is_json_with_each_players_mode_position_and_the_12_slots():
    s = flight(players={0: dict(xp=3, boosts=1, asteroids=2, draw=3)})
    data = json.loads(json.dumps(rm.summary(s)))
    p = data["players"][0]
    assert p["mode"] == "Post-launch" and p["position"] == 0 and p["experience"] == 3
    assert (p["boosts"], p["asteroids"], p["spaces_to_mars"]) == (1, 2, 13)
    assert len(data["trajectory"]) == 12 and data["trajectory"][0]["card"] == "T1"
    pre = rm.summary(rm.new_game(options(2)))
    assert pre["players"][0]["mode"] == "Pre-launch" and pre["players"][0]["active_player"]


def _clear_caches():
    from companion.rules.race_to_mars import deck, moves, rocket
    for cache in (moves._PLAYS_OF, moves._MODULE_MOVES, deck._FREE_CREW, rocket._SOURCES):
        cache.clear()


@pytest.mark.parametrize("seed", [3, 11])
def test_legal_actions_are_the_same_with_the_caches_emptied(seed):
    """The legal actions' caches (keyed by the parts of a Player they read, for ``simulate --player legal``'s
    speed, issue 13) never answer for another Player: along a uniform playout over ``legal_actions``, each state's
    list equals the one computed from empty caches, Rocket module moves included ("The Rocket": Copy, Storage;
    "Headquarters" 2)."""
    rng = random.Random(seed)
    state = rm.new_game(rm.default_options(4, seed))
    kinds = set()
    for _ in range(3000):
        if rm.is_over(state):
            break
        warm = rm.legal_actions(state)
        _clear_caches()
        assert rm.legal_actions(state) == warm, rm.phase(state)
        kinds.update(a.kind for a in warm)
        e = rm.expects(state)
        take = rm.random_action if not warm or (e is not None and e.kind == "card") else None
        state, _ = rm.apply(state, take(state, rng) if take else warm[int(rng.random() * len(warm))])
    assert {rm.JETTISON_STORAGE, rm.PLAY, rm.ADVANCE} <= kinds
    assert kinds & {rm.COPY_MODULE, rm.DOUBLE_MODULE}

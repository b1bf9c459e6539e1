"""Mission to Mars 2049 against the rules contract: seeded random playouts that
end, invariants after every action, replay of the JSON log, malformed and
out-of-turn actions, every cited rulebook section a heading of the rulebook,
the summary, and the advice the screens show."""
import ast
import json
import random
from pathlib import Path

import pytest

from companion.rules import GAMES, Action, entry, replay
from companion.rules.contract import validate
from companion.rules import mission_to_mars_2049 as mm
from companion.rules.mission_to_mars_2049 import advice, sections
from tests.rules.test_mission_to_mars_2049_setup import act, colony, main_state, rich, started
from tests.rulebooks import RULEBOOKS

RULEBOOK = RULEBOOKS / mm.RULEBOOK
SOURCES = Path(mm.__file__).parent


def playout(n, seed, limit=5000):
    """A seeded random game; every action checked, invariants after each. Returns (options, state, log)."""
    rng = random.Random(seed)
    options = mm.default_options(n, seed)
    state = mm.new_game(options)
    log = []
    while not mm.is_over(state):
        assert len(log) < limit, f"{n} players, seed {seed}: no end after {limit} actions"
        action = mm.random_action(state, rng)
        assert mm.check(state, action) is None, (state.phase, action, mm.check(state, action))
        state, events = mm.apply(state, action)
        assert all(e.text for e in events)
        assert mm.invariants(state) == [], (action, mm.invariants(state))
        log.append(action)
    return options, state, log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_the_json_log_replays_to_the_same_state(n):
    """Seeded random games for 2, 3 and 4 players reach the H2O Station within a few thousand actions."""
    kinds = set()
    for seed in range(8):
        options, state, log = playout(n, seed)
        assert mm.result(state).winners == (state.winner,) and state.colonies[state.winner].h2o
        kinds |= {a.kind for a in log}
        stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(mm, options, stored) == state
        json.dumps(mm.summary(state))
    assert {"roll", "rob", "take", "trade", "build_base", "build_road", "build_h2o", "buy", "play",
            "done"} <= kinds


def test_49_point_games_end_too():
    options = {**mm.default_options(4, 1), "victory_49": True}
    rng = random.Random(1)
    s = mm.new_game(options)
    while not mm.is_over(s):
        s, _ = mm.apply(s, mm.random_action(s, rng))
    assert mm.result(s).ranking[0].score >= 49 or s.win_by == "h2o"


def test_legal_actions_pass_check_and_include_the_random_choice():
    rng = random.Random(5)
    s = mm.new_game(mm.default_options(4))
    for _ in range(600):
        if mm.is_over(s):
            break
        legal = mm.legal_actions(s)
        assert legal and all(mm.check(s, a) is None for a in legal)
        a = mm.random_action(s, rng)
        if a.kind not in ("play", "build_station", "build_base", "build_lab"):  # base left to its default
            assert a in legal, a
        s, _ = mm.apply(s, a)


def test_registry_entry():
    e = entry("mission-to-mars-2049")
    assert (e.package, e.title, e.players, e.rulebook, e.kind) == (
        "mission_to_mars_2049", "Mission to Mars 2049", (2, 4), "mission-to-mars-2049.txt",
        "race to the pole, die-driven production")
    assert GAMES["mission-to-mars-2049"] is mm and mm.PLAYERS == (2, 4)


@pytest.mark.parametrize("action", [
    Action("roll", {"face": 4.0}, 0), Action("roll", {"face": True}, 0), Action("roll", {"face": 7}, 0),
    Action("roll", {}, 0), Action("roll", {"face": 1, "extra": 1}, 0), Action("fly_to_venus", {}, 0),
    Action("trade", {"give": "air", "get": "water"}, 0), Action("to_token", {"resource": "air", "token": 4}, 0),
    Action("build_station", {"resource": "air", "base": 1.0}, 0), Action("play", {"card": "teleport"}, 0),
    Action("play", {"card": "assistance", "take": ["air"] * 3}, 0), Action("protect", {"use": 1}, 0),
    Action("rob", {"victim": "Ben"}, 0), Action("done", {}, True), Action("done", {}, 9),
])
def test_malformed_actions_are_refused_by_validate(action):
    r = validate(mm, action)
    assert r is not None and r.code in ("malformed", "unknown_action") and r.message


def test_every_action_kind_has_a_shape_and_a_comment():
    src = (SOURCES / "actions.py").read_text()
    for kind in mm.ACTIONS:
        line = next(ln for ln in src.splitlines() if ln.split("=")[-1].strip().startswith(f'"{kind}"'))
        assert "#" in line, kind


def test_out_of_turn_and_seatless_actions_are_refused_naming_a_rule():
    s = rich(main_state(3, seat=0), 1)
    for seat in (1, 2, None, 3):
        r = mm.check(s, Action("build_base", {}, seat))
        assert r is not None and r.code == "not_your_turn" and r.rule.startswith("mission-to-mars-2049.txt, ")
    assert mm.check(s, Action("fly_to_venus", {}, 0)).rule


def test_to_act_labels_and_modes():
    s = started(3)
    assert mm.to_act(s).seats == (0,) and mm.to_act(s).mode == "one" and mm.to_act(s).label == "Anna's turn"
    assert mm.to_act(mm.new_game(mm.default_options(2))).label == "Player 1 rolls for the first player"


# --------------------------------------------------------------------------- citations

def cited_sections():
    """Every section constant in sections.py, and every literal passed to reject/rule_ref."""
    found = set(sections.ALL)
    for path in SOURCES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("reject", "rule_ref"):
                last = node.args[-1]
                if isinstance(last, ast.Constant):
                    found.add(last.value)
                elif isinstance(last, ast.Subscript):  # S.CARDS[card]: a card's paragraph, in sections.ALL
                    assert isinstance(last.value, ast.Attribute) and last.value.attr == "CARDS", ast.dump(last)
                elif not isinstance(last, ast.Name):  # a parameter, passed an S.<name> by its callers
                    assert isinstance(last, ast.Attribute) and last.value.id == "S", ast.dump(last)
    return sorted(found)


@pytest.mark.skipif(not RULEBOOK.exists(), reason=f"the rulebook is not at {RULEBOOK}")
def test_every_cited_section_is_a_heading_line_of_the_rulebook():
    """A citation is a heading line as printed (the repeated numbers 3.3, 3.4.2, 4.1 are told apart
    by their words), optionally ", <point>" that occurs under it (3.11.4, Q.7); two are joined by " / "."""
    text = RULEBOOK.read_text()
    lines = {line.strip() for line in text.splitlines()}
    cited = cited_sections()
    assert len(cited) > 25
    for citation in cited:
        for part in citation.split(" / "):
            heading, _, point = part.partition(", ")
            assert heading in lines, citation
            if point:
                start = text.index(heading + "\n")
                assert point in text[start:], citation
    assert "3.3 Who starts the game?" in cited and "3.3 Your First Base and Resource Stations" in cited


def test_rejections_in_play_cite_known_sections():
    """Refusals met in random play cite one of the checked sections."""
    rng = random.Random(11)
    s = mm.new_game(mm.default_options(3))
    allowed = {f"mission-to-mars-2049.txt, {c}" for c in cited_sections()}
    seen = 0
    while not mm.is_over(s):
        for kind in ("build_base", "build_h2o", "done", "trade"):
            args = {"give": "air", "get": "road"} if kind == "trade" else {}
            r = mm.check(s, Action(kind, args, rng.randrange(3)))
            if r is not None:
                assert r.rule in allowed, r
                seen += 1
        s, _ = mm.apply(s, mm.random_action(s, rng))
    assert seen > 100


# --------------------------------------------------------------------------- summary and advice

def test_summary_is_json_with_every_players_books():
    s = rich(main_state(3), 0)
    s, _ = act(s, "build_lab", base=1)
    s, _ = act(s, "buy", deck="aggressive", immediate=False)
    data = json.loads(json.dumps(mm.summary(s)))
    p = data["players"][0]
    assert p["trade_rate"] == "3:1" and p["missions_held"]["aggressive"] == 1 and p["points"] == 3 + 3 + 3 + 2
    assert p["buildings"]["1"]["laboratories"] == [{"lab": 3, "active": True}]
    assert len(p["buildings"]["1"]["stations"]) == 3 and p["road_cards"] == 0
    assert set(p) >= {"cards", "tokens3", "tokens8", "road_cards", "buildings", "missions_held", "points"}
    assert data["mission_piles"] == {"peaceful": 15, "aggressive": 14}


def test_advice_production_chance_and_income():
    s = main_state(3)
    assert advice.production_chance(s, 0) == 0.5
    s = colony(s, 0, stations=((0, 0, 1), (0, 0, 1)), supply=(3, 5, 5))
    assert advice.production_chance(s, 0) == pytest.approx(1 / 6)
    assert advice.expected_income(s, 0)["per_round"]["air"] == pytest.approx(1.0)
    assert advice.production_chance(colony(s, 0, captured=2), 0) == 0


def test_advice_buildable_and_trades_to_the_next_base():
    s = colony(main_state(3), 0, cards=(3, 3, 3))
    assert "base" in advice.buildable(s, 0) and advice.trades_to_base(s, 0) == 0
    s = colony(s, 0, cards=(11, 3, 1))
    assert advice.trades_to_base(s, 0) == 2 and "base" not in advice.buildable(s, 0)
    assert advice.trades_to_base(colony(s, 0, cards=(9, 3, 1)), 0) is None
    assert len(advice.overview(s)) == 3


def test_advice_hints_warn_but_never_refuse():
    """6.0.x tips and 3.6.4 as hints: a move that blocks the next Base is still legal."""
    s = colony(main_state(3), 0, cards=(5, 3, 3))
    move = Action("build_station", {"resource": "minerals"}, 0)
    hints = advice.hints(s, move)
    assert mm.check(s, move) is None
    assert any("blocks your next Base" in h and "next to Base 1" in h for h in hints)
    assert any("Leave room around Base 1" in h for h in advice.hints(colony(s, 0, cards=(9, 9, 9)), move))
    assert any("6.0.1" in h for h in hints) and any("6.0.5" in h for h in hints)
    lead = rich(colony(main_state(3), 0, bases=3), 0)
    assert any("6.0.2" in h for h in advice.hints(lead, Action("buy", {"deck": "aggressive", "immediate": False}, 0)))
    from companion.rules.mission_to_mars_2049.model import ARMAGEDDON, MISSION_COUNT, replace
    used = list(lead.used)
    used[ARMAGEDDON] = MISSION_COUNT[ARMAGEDDON]  # both in the used pile: none can be drawn (a tester's finding)
    gone = replace(lead, used=tuple(used))
    assert not any("6.0.2" in h for h in advice.hints(gone, Action("buy", {"deck": "aggressive", "immediate": False},
                                                                     0)))
    reshuffled = replace(gone, pile=(gone.pile[0], 0))  # the buy reshuffles the used pile (4.0.4): they are back
    assert any("6.0.2" in h for h in advice.hints(reshuffled, Action("buy", {"deck": "aggressive",
                                                                            "immediate": False}, 0)))


def _every_candidate(s):
    """Every finite action of the main phase, valid or not (the listing's superset), in its order."""
    from itertools import combinations_with_replacement
    res, takes = mm.model.RESOURCES, (*mm.model.RESOURCES, "road")
    cur = s.current
    c = s.colonies[cur]
    out = [Action("done", {}, cur)]
    out += [Action("trade", {"give": g, "get": t}, cur) for g in res for t in takes if t != g]
    for r in res:
        out += [Action("to_token", {"resource": r, "token": z}, cur) for z in (3, 8)]
        out += [Action("to_cards", {"resource": r, "token": z}, cur) for z in (3, 8)]
    out += [Action("to_token", {"resource": res[s.produced], "token": z}, i) for i in range(len(s.seats))
            if i != cur and s.produced >= 0 for z in (3, 8)]
    bases = range(1, 6)
    out += [Action("build_station", {"resource": r, "base": k}, cur) for r in res for k in bases]
    out += [Action("build_base", {}, cur)] + [Action("build_base", {"over": j}, cur) for j in range(len(c.stations))]
    out += [Action("build_lab", {"base": k}, cur) for k in bases]
    out += [Action("build_road", {}, cur), Action("build_h2o", {}, cur)]
    out += [Action("buy", {"deck": d, "immediate": i}, cur) for d in mm.model.DECKS for i in (False, True)]
    others = [t for t in range(len(s.seats)) if t != cur]
    for card in mm.model.MISSIONS:
        if card == "build":
            ch = [{"resource": r, "base": k} for r in res for k in bases]
        elif card == "assistance":
            ch = [{"take": list(t)} for t in combinations_with_replacement(res, 4)]
        elif card == "laboratory":  # both built: exchanged, no Base to name (4.1; a second tester's finding)
            ch = [{}] if c.lab3 and c.lab2 else [{"base": k} for k in bases]
        elif card in ("productivity", "black_friday"):
            ch = [{"resource": r} for r in res]
        elif card == "crimean":
            ch = [{"target": t, "station": j, "base": k} for t in others
                  for j in range(len(s.colonies[t].stations)) for k in bases]
        elif card == "sabotage":
            ch = [{"target": t, "station": j} for t in others for j in range(len(s.colonies[t].stations))]
        elif card in ("grand_theft", "capture"):
            ch = [{"target": t} for t in others]
        else:
            ch = [{}]
        out += [Action("play", {"card": card, **a}, cur) for a in ch]
    # the Productivity Mission, any time, by the others too (MM-093, MM-145)
    out += [Action("play", {"card": "productivity", "resource": r}, i) for i in others for r in res]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_main_phase_listing_is_every_move_check_accepts(seed):
    """legal_actions builds its main-phase moves without asking check of each
    (speed): it must list exactly the candidates check accepts, in their order."""
    from companion.cmd_simulate import _legal_chooser
    choose = _legal_chooser(mm)
    rng = random.Random(seed)
    s = mm.new_game(mm.default_options(2 + seed, seed))
    seen = 0
    while not mm.is_over(s) and seen < 400:
        if s.phase == "main":
            want = [a for a in _every_candidate(s) if mm.check(s, a) is None]
            got = [a for a in mm.legal_actions(s) if a.kind != "correct_roll"]
            assert sorted(map(repr, got)) == sorted(map(repr, want)), (set(map(repr, got)) ^ set(map(repr, want)))
            seen += 1
        s, _ = mm.apply(s, choose(s, rng))
    assert seen

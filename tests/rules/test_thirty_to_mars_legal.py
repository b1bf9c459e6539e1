"""30 to Mars: ``legal_actions`` lists every action ``check`` accepts (and only those).

A property over seeded random playouts: at every state reached, each of a
broad set of candidate actions - every small payload of every action kind
that fits its declared shape (``ACTIONS``) - is accepted by ``check`` only if
it is listed. Cards to DRAW are excepted: their printed fields come from the
table and cannot be listed (``expects`` asks for them instead).
"""
import random
from dataclasses import replace as dc_replace

import pytest

from companion.rules import Action
from companion.rules import thirty_to_mars as ttm
from companion.rules.contract import validate
from companion.rules.thirty_to_mars.model import RESOURCES, replace

CREWS = [["larisa", "stan", "john", "maria"], ["dieter", "jean-louis", "stan", "larisa"],
         ["maria", "dieter", "john", "jean-louis"]]


def _candidates():
    faces = [{"face": f} for f in range(0, 8)]
    ability = []
    for who in range(4):
        ability.append({"who": who})
        ability += [{"who": who, "die": d} for d in range(5)]
        ability += [{"who": who, "target": t} for t in range(4)]
        ability += [{"who": who, "die": d, "target": t} for d in range(2) for t in range(4)]
    payloads = {
        ttm.NEXT: [{}],
        ttm.ROLL: faces,
        ttm.CORRECT_ROLL: faces,
        ttm.PLACE: [{"who": w, "bay": b} for w in range(5) for b in range(8)],
        ttm.CHOOSE: [{"option": o} for o in [*range(8), *RESOURCES, "any", ""]],
        ttm.REPAIR: [{"bay": b} for b in range(8)],
        ttm.ABILITY: ability,
    }
    assert set(payloads) | {ttm.DRAW} == set(ttm.ACTIONS)  # every kind but DRAW
    actions = [Action(kind, args) for kind, many in payloads.items() for args in many]
    return [a for a in actions if validate(ttm, a) is None]  # what the session lets through to check


CANDIDATES = _candidates()


def _boosted(state):
    """The same moment with every standing Marsonaut at Sanity 10 and a Repair
    Kit for a broken Workspace, so that abilities and repairs are in play."""
    if state.step == "setup" or state.result:
        return state
    crew = tuple(dc_replace(m, sanity=10) if m.active else m for m in state.crew)
    broken = list(state.broken)
    broken[0] = max(1, broken[0])
    return replace(state, crew=crew, repair_kits=max(1, state.repair_kits), broken=tuple(broken))


def _listed_by_check(state):
    """The listing as ``check`` alone decides it, in the engine's order: the
    answer waited for or the step's moves, Repair Kits, Special Abilities,
    corrections. ``legal_actions`` generates its moves directly; this is the
    reference it must equal, move for move and in order (the ``--player
    legal`` playouts pick by position)."""
    def accepted(actions):
        return [a for a in actions if ttm.check(state, a) is None]
    corrections = accepted([Action(ttm.CORRECT_ROLL, {"face": f}) for f in range(1, 7)])
    if state.result:
        return corrections
    out = []
    if state.pending:
        out += accepted([Action(ttm.ROLL, {"face": f}) for f in range(1, 7)])
        out += accepted([Action(ttm.CHOOSE, {"option": o}) for o in [*range(7), *RESOURCES]])
    elif state.step == "setup":
        return corrections
    else:
        out += accepted([Action(ttm.NEXT)])
        out += accepted([Action(ttm.PLACE, {"who": w, "bay": b}) for w in range(4) for b in range(7)])
    out += accepted([Action(ttm.REPAIR, {"bay": b}) for b in range(1, 7)])
    for who in range(4):
        out += accepted([Action(ttm.ABILITY, {"who": who}), *(Action(ttm.ABILITY, {"who": who, "die": d})
                                                              for d in range(5)),
                         *(Action(ttm.ABILITY, {"who": who, "target": t}) for t in range(4))])
    return out + corrections


def _assert_listing_is_complete(state):
    legal = ttm.legal_actions(state)
    assert legal == _listed_by_check(state), (state.step, [p.purpose for p in state.pending])
    for action in CANDIDATES:
        if ttm.check(state, action) is None:
            assert action in legal, (state.step, [p.purpose for p in state.pending], action)
    for action in legal:
        assert ttm.check(state, action) is None, action


def test_the_candidates_cover_every_kind():
    assert {a.kind for a in CANDIDATES} == set(ttm.ACTIONS) - {ttm.DRAW}
    assert Action(ttm.ABILITY, {"who": 0, "die": 1, "target": 2}) in CANDIDATES
    assert Action(ttm.ROLL, {"face": 7}) not in CANDIDATES  # refused at the session boundary


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seed", range(6))
def test_every_action_check_accepts_is_listed(seed):
    rng = random.Random(seed)
    state = ttm.new_game({"crew": CREWS[seed % len(CREWS)], "tutorial": seed % 2 == 1})
    steps = 0
    while not ttm.is_over(state) and steps < 400:
        _assert_listing_is_complete(state)
        _assert_listing_is_complete(_boosted(state))
        expect = ttm.expects(state)
        if expect is not None and expect.kind == "card":
            action = ttm.random_action(state, rng)
        else:
            action = rng.choice(ttm.legal_actions(state))
        before = dict(state.__dict__)
        new, _ = ttm.apply(state, action)
        # apply is pure: it writes only into the copy it makes (engine._fresh)
        assert new is not state and all(state.__dict__[k] is v for k, v in before.items())
        state = new
        assert ttm.invariants(state) == []
        steps += 1


def test_a_repair_kit_is_listed_while_a_roll_waits():
    """Fixing Workspaces: "You can use them any time during the game"."""
    from tests.rules.helpers import drawn, started
    s = drawn(started(), location=None)
    s = replace(s, repair_kits=1, broken=(0, 0, 1, 0, 0, 0))
    assert s.pending and ttm.check(s, Action(ttm.REPAIR, {"bay": 3})) is None
    assert Action(ttm.REPAIR, {"bay": 3}) in ttm.legal_actions(s)


def test_dieters_redraw_is_listed_while_the_location_roll_waits():
    from tests.rules.helpers import drawn, started, with_crew
    s = with_crew(drawn(started(crew=["dieter", "stan", "john", "maria"]), location=None), 0, sanity=10)
    assert Action(ttm.ABILITY, {"who": 0}) in ttm.legal_actions(s)


def test_placing_a_marsonaut_where_they_are_is_refused_and_not_listed():
    """Turn Overview 5: "Everyone places their token on the chosen area"; a
    Marsonaut already in that Bay is not placed again: a move that changes
    nothing is refused with the rule and not listed (issue 11.3)."""
    from tests.rules.helpers import drawn, started
    s = drawn(started(), location=2)
    same = ttm.check(s, Action(ttm.PLACE, {"who": 0, "bay": 0}))
    assert same.code == "already_there" and same.rule == "30-to-mars.txt, Turn Overview 5"
    assert Action(ttm.PLACE, {"who": 0, "bay": 0}) not in ttm.legal_actions(s)

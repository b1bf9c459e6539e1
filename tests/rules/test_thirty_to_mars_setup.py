"""30 to Mars, Setup (30-to-mars.txt, "Setup" steps 3-7 and "Reminder")."""
import pytest

from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars.model import replace
from tests.rules.helpers import act, rejection, started, texts, with_crew


def test_setup_4_needs_four_different_marsonauts_of_the_six():
    with pytest.raises(ValueError, match="Setup 4"):
        ttm.new_game({"crew": ["larisa", "stan", "john"]})
    with pytest.raises(ValueError, match="Setup 4"):
        ttm.new_game({"crew": ["larisa", "larisa", "john", "maria"]})
    with pytest.raises(ValueError, match="Setup 4"):
        ttm.new_game({"crew": ["larisa", "stan", "john", "neil"]})


def test_setup_4_each_role_assigned_once():
    s = ttm.new_game({"crew": ["dieter", "maria", "john", "stan"],
                      "roles": ["Coordinator", "Operator", "Administrator", "Navigator"]})
    assert [m.role for m in s.crew] == ["Coordinator", "Operator", "Administrator", "Navigator"]
    with pytest.raises(ValueError, match="roles"):
        ttm.new_game({"roles": ["Navigator", "Navigator", "Operator", "Coordinator"]})


def test_setup_5_sanity_and_health_are_a_die_plus_4_each():
    s = ttm.new_game({})
    faces = [1, 6, 2, 5, 3, 4, 6, 1]
    for f in faces:
        assert ttm.expects(s).kind == "roll"
        s, _ = act(s, "roll", face=f)
    assert [(m.sanity, m.health) for m in s.crew] == [(5, 10), (6, 9), (7, 8), (10, 5)]


def test_setup_6_accident_days_first_second_and_middle():
    s = started(accident=(4, 2))
    # first on day 4, second on 30 - 2 = 28, third "approximately in the middle": (4 + 28) // 2 = 16
    assert s.accident_days == (4, 16, 28)


@pytest.mark.parametrize("first,second", [(a, b) for a in range(1, 7) for b in range(1, 7)])
def test_setup_6_three_different_accident_days_for_every_roll(first, second):
    days = started(accident=(first, second)).accident_days
    assert len(set(days)) == 3 and days == tuple(sorted(days))


def test_setup_7_thirty_of_each_resource_and_no_repair_kits():
    s = started()
    assert s.resources == (30, 30, 30, 30)
    assert s.repair_kits == 0  # Reminder: "You Start your game without any Repair Kits."
    assert s.broken == (0,) * 6
    assert s.day == 0 and s.result is None


def test_setup_3_tutorial_uses_30_green_cards_including_tutorial_ones():
    assert started(tutorial=True).deck_left == (30, 20, 10)
    assert started().deck_left == (59, 20, 10)
    s, _ = act(started(tutorial=True), "next")
    s, _ = act(s, "draw", card={"name": "First steps", "colour": "green", "difficulty": 3, "location": 1,
                                "tutorial": True})
    assert s.event.tutorial


def test_setup_3_tutorial_cards_are_removed_for_the_normal_game():
    s, _ = act(started(), "next")
    r = rejection(s, "draw", card={"name": "First steps", "colour": "green", "difficulty": 3, "location": 1,
                                   "tutorial": True})
    assert r.code == "tutorial_card" and "Setup 3" in r.rule


def test_nothing_else_during_the_setup_rolls():
    s = ttm.new_game({})
    r = rejection(s, "next")
    assert r.code == "roll_expected" and "Setup 5" in r.rule
    assert rejection(s, "repair", bay=1).code in ("setup", "no_repair_kit")
    assert ttm.legal_actions(s) == [ttm.legal_actions(s)[0].__class__("roll", {"face": f}) for f in range(1, 7)]


def test_setup_events_say_what_was_rolled():
    s = ttm.new_game({})
    s, events = act(s, "roll", face=4)
    assert "Larisa starts with Sanity 8 (rolled 4 + 4)" in texts(events)


def test_an_unknown_option_is_refused_not_ignored():
    with pytest.raises(ValueError, match="unknown option"):
        ttm.new_game({"crew": ["larisa", "stan", "john", "maria"], "turbo": True})


def _draw_green(s, n, tutorial):
    s, _ = act(s, "next")  # dawn: a new day
    return act(s, "draw", card={"name": f"Card {n}", "colour": "green", "difficulty": 3, "location": 1,
                                "tutorial": tutorial})


def _tutorial_days(s, n, tutorial):
    """Play ``n`` days, each drawing one green card and skipping it."""
    for i in range(n):
        s, _ = _draw_green(s, i, tutorial)
        for _ in range(3):
            s, _ = act(s, "next")  # skip, produce, end of day
    return s


def test_setup_3_the_tutorial_deck_holds_exactly_3_tutorial_cards():
    """Setup 3 NB: "Use only 30 Green Routine Cards including 3 tutorial ones"."""
    s = started(tutorial=True)
    assert s.tutorial_left == 3
    s = _tutorial_days(replace(s, accident_days=(31, 32, 33)), 3, tutorial=True)
    assert s.tutorial_left == 0 and s.deck_left[0] == 27
    s, _ = act(s, "next")
    r = rejection(s, "draw", card={"name": "A fourth", "colour": "green", "difficulty": 3, "location": 1,
                                   "tutorial": True})
    assert r.code == "no_tutorial_card_left" and r.rule.endswith("Setup 3 NB")


def test_setup_3_when_only_tutorial_cards_are_left_the_next_green_card_is_one():
    s = replace(started(tutorial=True), accident_days=(31, 32, 33))
    s = _tutorial_days(s, 27, tutorial=False)
    assert s.deck_left[0] == 3 and s.tutorial_left == 3
    s, _ = act(s, "next")
    r = rejection(s, "draw", card={"name": "Routine", "colour": "green", "difficulty": 3, "location": 1})
    assert r.code == "tutorial_card_expected" and r.rule.endswith("Setup 3 NB")


def test_a_redrawn_tutorial_card_goes_back_to_the_deck():
    s = replace(started(crew=["dieter", "stan", "john", "maria"], tutorial=True), accident_days=(31, 32, 33))
    s, _ = _draw_green(s, 0, tutorial=True)
    s = with_crew(s, 0, sanity=10)
    s, _ = act(s, "ability", who=0)
    assert (s.deck_left[0], s.tutorial_left) == (30, 3)


def test_a_tutorial_card_is_green():
    s, _ = act(started(tutorial=True, accident=(1, 3)), "next")
    r = rejection(s, "draw", card={"name": "X", "colour": "red", "difficulty": 3, "location": 1, "tutorial": True})
    assert r.code == "tutorial_card" and "Game Components" in r.rule


def test_random_tutorial_games_draw_a_legal_deck():
    import random
    for seed in range(20):
        rng = random.Random(seed)
        s = ttm.new_game({"tutorial": True})
        while not ttm.is_over(s):
            a = ttm.random_action(s, rng)
            assert ttm.check(s, a) is None, a
            s, _ = ttm.apply(s, a)
            assert ttm.invariants(s) == []

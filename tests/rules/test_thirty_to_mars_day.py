"""30 to Mars, the day (30-to-mars.txt, "Turn Overview", "Out of Resources",
"Event Location", "Resolving the Problem", "Skipping the Event")."""
import pytest

from companion.rules import Action

from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars.model import replace
from tests.rules.helpers import act, card, drawn, rejection, started, texts, with_crew


def test_turn_2_3_the_ship_advances_and_the_daily_drain_takes_one_of_each():
    s, events = act(started(), "next")
    assert s.day == 1 and s.resources == (29, 29, 29, 29)
    assert s.step == "draw"
    assert "Day 1 of 30" in texts(events) and "Daily drain" in texts(events)


def test_turn_4_a_green_card_on_an_ordinary_day():
    s, _ = act(started(), "next")
    assert ttm.expects(s).kind == "card" and ttm.expects(s).detail == "green"
    r = rejection(s, "draw", card=card(colour="red"))
    assert r.code == "wrong_colour" and "Turn Overview 4" in r.rule


def test_turn_4_nb_a_red_card_on_an_accident_day():
    s = started(accident=(1, 3))
    s, events = act(s, "next")
    assert "Accident day" in texts(events)
    assert ttm.required_colour(s) == "red"
    assert rejection(s, "draw", card=card(colour="green")).code == "wrong_colour"
    s, _ = act(s, "draw", card=card(colour="red"))
    assert s.event.colour == "red" and s.deck_left == (59, 20, 9)


def test_passed_cards_stay_in_the_event_terminal():
    s = drawn(started(), name="Leaky valve")
    s, _ = act(s, "next")  # nobody in the event bay: skipped, resolved
    assert s.terminal == ("green:Leaky valve",)


def test_game_symbols_roll_to_determine_location_and_difficulty():
    s = drawn(started(), location=None, difficulty=None)
    assert ttm.expects(s).purpose.startswith("Event location")
    assert rejection(s, "place", who=0, bay=1).code == "no_placing"
    s, events = act(s, "roll", face=4)
    assert s.location == 4 and "Cargo Bay" in texts(events)
    s, _ = act(s, "roll", face=5)
    assert s.difficulty == 5  # decision: the difficulty is the face rolled


def test_turn_5_event_bay_capacity_is_its_working_workspaces():
    s = drawn(started(), location=2)
    s = replace(s, broken=(0, 2, 0, 0, 0, 0))
    s, _ = act(s, "place", who=0, bay=2)
    s, _ = act(s, "place", who=1, bay=2)
    r = rejection(s, "place", who=2, bay=2)
    assert r.code == "bay_full" and "Event Location" in r.rule
    assert r.message == "The Recreation Bay is full: its 2 working Workspaces are taken."


def test_reminder_no_marsonaut_in_a_broken_workspace():
    s = drawn(started(), location=2)
    s = replace(s, broken=(0, 0, 0, 0, 0, 4))
    r = rejection(s, "place", who=0, bay=6)
    assert r.code == "bay_full" and "Reminder" in r.rule  # a tester read "0 working Workspace(s) and they are taken"
    assert r.message == "Every Workspace of the Laboratory is broken: nobody can work there."
    s = replace(s, broken=(0, 0, 0, 0, 0, 3))
    s, _ = act(s, "place", who=0, bay=6)
    r = rejection(s, "place", who=1, bay=6)
    assert r.message == "The Laboratory is full: its 1 working Workspace is taken (nobody works in a Broken Workspace)."


def test_event_bay_with_every_workspace_broken_can_only_be_skipped():
    """Decision: "The maximum number of Marsonauts that can take part in fixing
    the problem depends on the number of functioning Work Spaces" - with none,
    nobody can take part, so the event is skipped and fails."""
    s = drawn(started(), location=3, failure={"food": -2})
    s = replace(s, broken=(0, 0, 4, 0, 0, 0))
    assert rejection(s, "place", who=0, bay=3).code == "bay_full"
    s, events = act(s, "next")
    assert s.passed is False and "skipped" in texts(events)
    assert s.resources[2] == 29 - 2


def test_knocked_out_marsonauts_sit_the_day_out():
    s = drawn(started(), location=1)
    s = with_crew(s, 0, health=0, knocked_out_day=1)
    r = rejection(s, "place", who=0, bay=2)
    assert r.code == "knocked_out" and r.rule.endswith("Knocked Out")


def test_turn_6_check_dice_summed_equal_or_greater_passes():
    s = drawn(started(), location=1, difficulty=7, success={"repair_kit": 1}, failure={"fuel": -3})
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "place", who=1, bay=1)
    s, _ = act(s, "next")
    assert [p.purpose for p in s.pending] == ["check", "check"]
    s, first = act(s, "roll", face=3)
    s, second = act(s, "roll", face=4)
    assert texts(first) == "Larisa rolls 3: total 3 of 7"  # the dice are summed as they come
    assert texts(second) == "Stan rolls 4: total 7 of 7"
    s, events = act(s, "next")
    assert s.passed is True and s.repair_kits == 1 and s.dice == (3, 4)
    assert "Check passed: 7 against 7" in texts(events)


def test_turn_7_check_lower_than_difficulty_fails():
    s = drawn(started(), location=1, difficulty=8, success={"repair_kit": 1}, failure={"fuel": -3})
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=6)
    s, events = act(s, "next")
    assert s.passed is False and s.repair_kits == 0 and s.resources[1] == 29 - 3
    assert "Check failed: 6 against 8" in texts(events)


def test_next_waits_for_every_check_die():
    s = drawn(started(), location=1)
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    r = rejection(s, "next")
    assert r.code == "roll_expected" and "Resolving the Problem" in r.rule


def test_inevitable_results_happen_whatever_the_check():
    s = drawn(started(), location=1, difficulty=2, success={"oxygen": 2},
              inevitable_positive={"food": 1}, inevitable_negative={"spares": -2})
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=5)
    s, _ = act(s, "next")
    assert s.resources == (30, 29, 30, 27)  # Oxygen 29 + 2 is capped at 30


def test_health_and_sanity_penalties_hit_those_in_the_event_bay():
    s = drawn(started(), location=1, difficulty=12, failure={"health": -2, "sanity": -1})
    s, _ = act(s, "place", who=2, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    s, _ = act(s, "next")
    assert [(m.sanity, m.health) for m in s.crew] == [(7, 7), (7, 7), (6, 5), (7, 7)]


def test_skipping_the_event_its_health_or_sanity_penalty_hits_all_four():
    s = drawn(started(), location=1, failure={"sanity": -2})
    s, events = act(s, "next")
    assert "skipped" in texts(events) and "Larisa -2 Sanity (event skipped)" in texts(events)
    assert "check failed" not in texts(events)
    assert [m.sanity for m in s.crew] == [5, 5, 5, 5]


def test_problem_bay_produces_nothing_and_other_bays_do():
    """Resource Generation example: "1 Marsonaut is participating in the Event
    and 3 Marsonauts spend the day working in the Laboratory. By the end of the
    day team receive 3 Oxygen tokens." """
    s = drawn(started(crew=["larisa", "stan", "john", "maria"], resources=(10,) * 4), location=1, difficulty=1)
    s, _ = act(s, "place", who=0, bay=1)
    for who in (1, 2, 3):
        s, _ = act(s, "place", who=who, bay=6)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    s, _ = act(s, "next")
    oxygen = s.resources[0]
    s, events = act(s, "next")
    assert s.step == "produced" and s.resources[0] == oxygen + 3
    assert s.resources[1] == 9  # the Cockpit had the problem: no Fuel


@pytest.mark.parametrize("bay,index", [(1, 1), (5, 2), (6, 0), (4, 3)])
def test_each_bay_generates_one_token_per_working_marsonaut(bay, index):
    s = drawn(started(resources=(10,) * 4), location=2 if bay != 2 else 3)
    for who in (0, 1):  # Larisa and Stan have no bonus outside Medical/Recreation
        s, _ = act(s, "place", who=who, bay=bay)
    s, _ = act(s, "next")  # skipped event
    before = s.resources[index]
    s, _ = act(s, "next")
    assert s.resources[index] == before + 2


def test_cargo_bay_makes_spares():
    """Decision: the Resource Generation list leaves the Cargo Bay out, but the
    Engineer "produces one extra Spare token" there and the planner chart pairs
    bay 4 with Spares: working in the Cargo Bay makes Spares."""
    s = drawn(started(resources=(10,) * 4), location=1)
    s, _ = act(s, "place", who=0, bay=4)
    s, _ = act(s, "next")
    s, events = act(s, "next")
    assert s.resources[3] == 10 and "Cargo Bay" in texts(events)


def test_recreation_and_medical_bays_restore_sanity_and_health():
    s = drawn(started(), location=1)
    s = with_crew(with_crew(s, 2, sanity=4), 3, health=4)
    s, _ = act(s, "place", who=2, bay=2)
    s, _ = act(s, "place", who=3, bay=3)
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    assert s.crew[2].sanity == 5 and s.crew[3].health == 5


def test_turn_9_10_the_day_ends_and_everyone_returns_to_the_sleeping_bay():
    s = drawn(started(), location=1)
    s, _ = act(s, "place", who=0, bay=4)
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    s, events = act(s, "next")
    assert s.step == "dawn" and s.placement == (0, 0, 0, 0) and "Day 1 ends" in texts(events)


def test_out_of_oxygen_each_marsonaut_loses_one_sanity():
    s = replace(started(), resources=(0, 5, 5, 5))
    s, events = act(s, "next")
    assert [m.sanity for m in s.crew] == [6, 6, 6, 6]
    assert "Out of Oxygen" in texts(events)


def test_out_of_food_each_marsonaut_loses_one_health():
    s = replace(started(), resources=(5, 5, 0, 5))
    s, _ = act(s, "next")
    assert [m.health for m in s.crew] == [6, 6, 6, 6]


def test_out_of_fuel_discard_one_other_resource_of_your_choice():
    s = replace(started(), resources=(5, 0, 5, 5))
    s, _ = act(s, "next")
    assert ttm.expects(s) is None  # the choice comes before the event card
    r = rejection(s, "draw", card=card())
    assert r.code == "choice_expected" and "Out of Resources" in r.rule
    assert ttm.choice_text(s).startswith("Out of Fuel")
    assert ttm.choice_options(s, s.pending[0]) == ["oxygen", "food", "spares"]
    r = rejection(s, "choose", option="fuel")
    assert r.code == "bad_choice" and "Out of Resources" in r.rule
    assert rejection(s, "next").code == "choice_expected"
    s, _ = act(s, "choose", option="food")
    assert s.resources == (4, 0, 3, 4)


def test_out_of_spares_destroy_one_workspace_of_your_choice():
    s = replace(started(), resources=(5, 5, 5, 0))
    s, _ = act(s, "next")
    assert rejection(s, "draw", card=card()).code == "choice_expected"
    s, events = act(s, "choose", option=5)
    assert s.broken == (0, 0, 0, 0, 1, 0) and "Green House" in texts(events)
    assert ttm.expects(s).kind == "card"


def test_out_of_fuel_with_nothing_else_left_lapses():
    s = replace(started(), resources=(0, 0, 0, 0))
    s, events = act(s, "next")
    assert [p.purpose for p in s.pending] == ["break"]
    assert "Nothing to do for: Out of Fuel" in texts(events)


def test_resources_never_exceed_their_30_tokens():
    """Decision (Setup 7: "Place 30 of each Resource tokens"): there are 30
    tokens of each resource; a gain beyond 30 is lost, and said so."""
    s = drawn(started(), location=1, difficulty=1, success={"oxygen": 3})
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    s, events = act(s, "next")
    assert s.resources[0] == 30 and "2 lost: only 30 tokens exist" in texts(events)


def test_resources_never_go_below_zero():
    s = drawn(replace(started(), resources=(3, 3, 3, 3)), location=1, failure={"fuel": -5})
    s, _ = act(s, "next")
    assert s.resources[1] == 0


def test_any_resource_of_your_choice():
    s = drawn(started(), location=1, failure={"any_resource": -2}, inevitable_positive={"any_resource": 1})
    s, _ = act(s, "next")
    assert [p.purpose for p in s.pending] == ["lose", "gain"]
    s, _ = act(s, "choose", option="spares")
    s, _ = act(s, "choose", option="oxygen")
    assert s.resources == (30, 29, 29, 27)


def test_a_demanded_card_is_drawn_and_resolved_the_same_day_before_production():
    s = drawn(started(), location=1, failure={"draw_yellow": 1})
    s, _ = act(s, "place", who=0, bay=5)
    s, _ = act(s, "next")  # skipped -> failure -> demand yellow
    assert s.demand == ("yellow",)
    s, _ = act(s, "next")
    assert s.step == "draw" and ttm.expects(s).detail == "yellow"
    assert rejection(s, "draw", card=card(colour="green")).code == "wrong_colour"
    s, _ = act(s, "draw", card=card(colour="yellow", location=5, difficulty=3))
    assert s.placement == (0, 0, 0, 0)
    assert rejection(s, "place", who=1, bay=1).code == "problem_bay"  # the day's first problem bay
    s, _ = act(s, "place", who=0, bay=4)
    s, _ = act(s, "next")
    spares = s.resources[3]
    s, _ = act(s, "next")
    assert s.step == "produced" and s.resources[3] == min(30, spares + 1)


def test_only_the_latest_roll_can_be_corrected():
    s = drawn(started(), location=1, difficulty=9)
    s, _ = act(s, "place", who=0, bay=1)
    assert rejection(s, "correct_roll", face=3).code == "nothing_to_correct"
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=2)
    s, events = act(s, "correct_roll", face=5)
    assert s.dice == (5,) and "Roll corrected to 5" in texts(events)
    s, _ = act(s, "correct_roll", face=6)
    assert s.dice == (6,)
    same = rejection(s, "correct_roll", face=6)  # "fixing" to the face entered changes nothing (Turn Overview 6)
    assert same.code == "same_face" and same.rule == "30-to-mars.txt, Turn Overview 6"
    assert Action("correct_roll", {"face": 6}) not in ttm.legal_actions(s)


def test_correcting_a_setup_roll_redoes_its_consequence():
    s = ttm.new_game({})
    s, _ = act(s, "roll", face=1)
    s, _ = act(s, "correct_roll", face=6)
    assert s.crew[0].sanity == 10 and ttm.expects(s).purpose.startswith("Starting Health of Larisa")


def test_last_roll_says_what_a_correction_would_replace():
    s = ttm.new_game({})
    assert ttm.last_roll(s) is None
    s, _ = act(s, "roll", face=4)
    assert ttm.last_roll(s) == ("Starting Sanity of Larisa (die + 4)", 4)
    s, _ = act(s, "correct_roll", face=2)
    assert ttm.last_roll(s) == ("Starting Sanity of Larisa (die + 4)", 2)


def _skip_and_resolve(s):
    """From 'place' with nobody in the event Bay: skip the event, go on to what comes next."""
    s, _ = act(s, "next")  # skipped and resolved
    s, events = act(s, "next")
    return s, events


def _draw_required(s, **fields):
    colour = ttm.required_colour(s)
    s, _ = act(s, "draw", card=card(colour=colour, location=6, **fields))
    return s, colour


def test_every_card_a_card_demands_is_drawn_in_order():
    """Card anatomy 8 and Game Symbols: "Must Draw Yellow Card", "Must Draw Red
    Card". A card with both demands a yellow and then a red card, the same day."""
    s = drawn(started(), location=1, failure={"draw_yellow": 1, "draw_red": 1})
    s, _ = act(s, "next")
    assert s.demand == ("yellow", "red")
    s, events = act(s, "next")
    assert "Draw a yellow card now (1 more demanded card after it)" in texts(events)
    s, colour = _draw_required(s)
    assert colour == "yellow" and s.demand == ("red",)
    s, events = _skip_and_resolve(s)
    assert s.step == "draw" and "Draw a red card now" in texts(events)
    s, colour = _draw_required(s)
    assert colour == "red" and s.demand == ()
    s, _ = _skip_and_resolve(s)
    assert s.step == "produced"
    assert s.terminal == ("green:Test event", "yellow:Test event", "red:Test event")


def test_demands_of_two_results_are_both_drawn():
    s = drawn(started(), location=1, failure={"draw_yellow": 1}, inevitable_negative={"draw_red": 1})
    s, _ = act(s, "next")
    assert s.demand == ("yellow", "red")


def test_a_count_on_a_draw_symbol_demands_that_many_cards():
    s = drawn(started(), location=1, failure={"draw_red": 2})
    s, events = act(s, "next")
    assert s.demand == ("red", "red") and "2 red cards must be drawn this same day" in texts(events)
    s, _ = act(s, "next")
    drawn_colours = []
    while s.step == "draw":
        s, colour = _draw_required(s)
        drawn_colours.append(colour)
        s, _ = _skip_and_resolve(s)
    assert drawn_colours == ["red", "red"] and s.step == "produced"
    assert s.deck_left == (58, 20, 8)


def test_a_demanded_card_demands_its_own_after_those_waiting():
    """Decision: demands queue in the order they are made."""
    s = drawn(started(), location=1, failure={"draw_yellow": 1, "draw_red": 1})
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    s, _ = _draw_required(s, failure={"draw_yellow": 1})
    s, _ = act(s, "next")
    assert s.demand == ("red", "yellow")


def test_a_loss_larger_than_what_is_left_says_what_went_unpaid():
    s = drawn(started(resources=(2, 5, 5, 5)), location=1, failure={"oxygen": -3})  # 1 after the drain
    s, events = act(s, "next")
    assert s.resources[0] == 0
    assert "-1 Oxygen (event skipped); 2 of the 3 asked went unpaid" in texts(events)
    assert [e.data["unpaid"] for e in events if e.kind == "resource"] == [2]


def test_an_unpaid_loss_has_no_for_each_missing_consequence():
    """Decision: Out of Resources: "If at the start of the day there are no
    resources left in any Resource Area you suffer the consequences ...
    Out of Oxygen - each Marsonaut loses one sanity for each missing oxygen."
    The 2 Oxygen a card could not take cost nothing then; the next dawn the
    daily drain misses 1 Oxygen, and each Marsonaut loses 1 Sanity."""
    s = drawn(started(resources=(2, 5, 5, 5)), location=1, failure={"oxygen": -3})  # 1 after the drain
    s, events = act(s, "next")
    assert [m.sanity for m in s.crew] == [7, 7, 7, 7] and "missing" not in [e.kind for e in events]
    s, _ = act(s, "next")  # production
    s, _ = act(s, "next")  # the day ends
    s, events = act(s, "next")  # dawn of day 2
    assert "Out of Oxygen: 1 token missing" in texts(events)
    assert [m.sanity for m in s.crew] == [6, 6, 6, 6]


def test_a_bay_with_every_workspace_broken_says_to_repair_while_a_repair_kit_is_left():
    """Fixing Workspaces: Repair Kits are used "any time during the game to repair any Broken Workspace".
    A tester with 3 Kits and the event's Ship Cockpit all broken was told only to skip the event: with a
    Repair Kit left the refusal says to repair first, citing Fixing Workspaces; without one, to skip."""
    s = drawn(started(), location=1)
    s = replace(s, broken=(4, 0, 0, 0, 0, 0), repair_kits=3)
    r = rejection(s, "place", who=2, bay=1)
    assert r.code == "bay_full" and r.rule.endswith("Fixing Workspaces"), r
    assert "Repair Kit (3 left)" in r.message and "skip" not in r.message, r.message
    r = rejection(replace(s, repair_kits=0), "place", who=2, bay=1)
    assert r.rule.endswith("Event Location") and "skip the event" in r.message, r
    other = replace(drawn(started(), location=3), broken=(4, 0, 0, 0, 0, 0), repair_kits=1)
    r = rejection(other, "place", who=2, bay=1)  # not the event's Bay: the same advice
    assert r.rule.endswith("Fixing Workspaces"), r

"""30 to Mars, the crew (30-to-mars.txt, "Health and Sanity", "Knocked Out",
"Losing the Game", "You Win", "Fixing Workspaces", "Breaking Workspaces",
"Marsonaut Profiles")."""
import pytest

from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars import effects as fx
from companion.rules.thirty_to_mars.model import replace
from tests.rules.helpers import act, drawn, rejection, started, texts, with_crew


def test_rulebook_example_john_loses_health_and_sanity_at_sanity_1():
    """Health and Sanity: "John's Health is 6 and his Sanity is 1. He lost his
    check and has to lose 2 Health points and 2 Sanity points. John will have 2
    Health points and 1 Sanity point." """
    s = drawn(started(), location=4, difficulty=12, failure={"health": -2, "sanity": -2})
    s = with_crew(s, 2, health=6, sanity=1)  # John
    s, _ = act(s, "place", who=2, bay=4)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=2)
    s, events = act(s, "next")
    assert (s.crew[2].health, s.crew[2].sanity) == (2, 1)
    assert "Sanity at 1, so Sanity loss becomes Health loss" in texts(events)


def test_sanity_loss_larger_than_what_is_left_above_1_goes_to_health():
    """Decision: Sanity 2 losing 3 gives Sanity 1 and 2 Health lost."""
    s = with_crew(started(), 0, sanity=2, health=8)
    s = fx.lose_sanity(s, 0, 3, "test", [])
    assert (s.crew[0].sanity, s.crew[0].health) == (1, 6)


def test_health_and_sanity_never_exceed_10():
    s = with_crew(started(), 0, sanity=10, health=9)
    events = []
    s = fx.gain_stat(s, 0, "sanity", 2, "test", events)
    s = fx.gain_stat(s, 0, "health", 3, "test", events)
    assert (s.crew[0].sanity, s.crew[0].health) == (10, 10) and "already at 10" in texts(events)


def test_knocked_out_when_health_falls_below_1():
    s = drawn(started(), location=1, difficulty=12, failure={"health": -9})
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    s, events = act(s, "next")
    m = s.crew[0]
    assert not m.active and m.health == 0 and m.knocked_out_day == 1
    assert s.placement[0] == 0 and "Knocked Out" in texts(events)


def test_knocked_out_skips_the_next_day_and_comes_back_with_1_health():
    s = with_crew(started(), 0, health=0, knocked_out_day=1)
    s = replace(s, day=1, step="produced")
    s, events = act(s, "next")           # end of day 1: still down
    assert not s.crew[0].active and "Larisa" not in texts(events)
    s = drawn(s, location=2)             # day 2: sits out
    assert rejection(s, "place", who=0, bay=5).code == "knocked_out"
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    s, events = act(s, "next")           # end of day 2: stands again
    assert s.crew[0].active and s.crew[0].health == 1 and "stands again with 1 Health" in texts(events)


def test_knocked_out_marsonauts_gain_nothing():
    s = with_crew(started(), 1, health=0, knocked_out_day=3)
    assert fx.gain_stat(s, 1, "health", 2, "test", []) == s


def test_losing_the_game_when_all_four_are_knocked_out_at_once():
    s = replace(started(), resources=(5, 5, 0, 5))
    for i in range(4):
        s = with_crew(s, i, health=1)
    s, events = act(s, "next")  # out of Food: each loses 1 Health
    assert s.result == "lost" and ttm.is_over(s) and ttm.outcome(s) == "lost"
    assert "mission has failed" in texts(events)
    assert rejection(s, "next").code == "game_over"
    assert ttm.legal_actions(s) == []


def test_three_knocked_out_is_not_a_loss():
    s = replace(started(), resources=(5, 5, 0, 5))
    for i in range(3):
        s = with_crew(s, i, health=1)
    s, _ = act(s, "next")
    assert s.result is None and [m.active for m in s.crew] == [False, False, False, True]


def test_you_win_reaching_mars_with_one_marsonaut_standing():
    s = replace(started(), day=30, step="produced")
    for i in range(3):
        s = with_crew(s, i, health=0, knocked_out_day=30)
    s, events = act(s, "next")
    assert s.result == "won" and "reaches Mars with Maria standing" in texts(events)
    result = ttm.result(s)
    assert result.sentence.startswith("The ship reached Mars on day 30 with 1 Marsonaut standing: ")
    assert result.ranking[0].detail == "1 Marsonaut standing"  # the end screen's words, not "1 Marsonaut(s)"


def test_the_win_counts_the_crew_standing_in_words():
    s = replace(started(), day=30, step="produced")
    s = with_crew(s, 0, health=0, knocked_out_day=30)
    s, _ = act(s, "next")
    assert "with 3 Marsonauts standing: you win together" in ttm.result(s).sentence


def test_not_won_before_day_30():
    s, _ = act(replace(started(), day=29, step="produced"), "next")
    assert s.result is None and s.step == "dawn"


def test_workspace_breaks_in_the_event_bay_at_most_4():
    s = drawn(started(), location=5, failure={"workspace_breaks": 3})
    s = replace(s, broken=(0, 0, 0, 0, 2, 0))
    s, events = act(s, "next")
    assert s.broken[4] == 4 and "every Workspace is already broken" in texts(events)


def test_repair_kits_at_most_4_and_used_any_time():
    s = drawn(started(), location=2, failure={"repair_kit": 5})
    s, events = act(s, "next")
    assert s.repair_kits == 4 and "at most 4" in texts(events)
    r = rejection(s, "repair", bay=3)
    assert r.code == "not_broken" and "nothing to repair" in r.message  # no Workspace broken anywhere
    s = replace(s, broken=(0, 0, 2, 0, 0, 0))
    assert "in the Ship Cockpit" in rejection(s, "repair", bay=1).message
    s, events = act(s, "repair", bay=3)
    assert s.broken[2] == 1 and s.repair_kits == 3 and "Medical Bay" in texts(events)


def test_no_repair_without_a_kit():
    s = replace(drawn(started(), location=2), broken=(1, 0, 0, 0, 0, 0))
    r = rejection(s, "repair", bay=1)
    assert r.code == "no_repair_kit" and "Fixing Workspaces" in r.rule


@pytest.mark.parametrize("key,bay,index", [("dieter", 1, 1), ("john", 4, 3), ("maria", 5, 2),
                                           ("jean-louis", 6, 0)])
def test_profession_bonus_one_extra_token_in_their_own_bay(key, bay, index):
    crew = [key] + [k for k in ("larisa", "stan", "john", "maria", "dieter") if k != key][:3]
    s = drawn(started(crew=crew, resources=(10,) * 4), location=2 if bay != 2 else 3)
    s, _ = act(s, "place", who=0, bay=bay)
    s, _ = act(s, "next")
    s, events = act(s, "next")
    assert s.resources[index] == 9 + 2 and "bonus" in texts(events)


def test_physician_generates_health_for_herself_and_another_marsonaut():
    s = drawn(started(), location=1)
    s = with_crew(with_crew(s, 0, health=5), 3, health=5)
    s, _ = act(s, "place", who=0, bay=3)
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    assert ttm.choice_text(s) == "Larisa gives 1 Health to another Marsonaut"
    assert ttm.choice_options(s, s.pending[0]) == [1, 2, 3]
    s, _ = act(s, "choose", option=3)
    assert s.crew[0].health == 6 and s.crew[3].health == 6


def test_psychiatrist_generates_sanity_for_himself_and_another_marsonaut():
    s = drawn(started(), location=1)
    s, _ = act(s, "place", who=1, bay=2)
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    assert rejection(s, "choose", option=1).code == "bad_choice"  # another team member
    s, _ = act(s, "choose", option=2)
    assert s.crew[1].sanity == 8 and s.crew[2].sanity == 8


def test_special_ability_needs_sanity_10_and_leaves_sanity_1():
    s = drawn(started(), location=1, difficulty=9)
    r = rejection(s, "ability", who=0)
    assert r.code == "sanity_below_10" and "Special Ability" in r.rule
    s = with_crew(s, 0, sanity=10)
    s, events = act(s, "ability", who=0)
    assert s.crew[0].sanity == 1 and "Sanity drops to 1" in texts(events)


def test_larisa_decreases_the_difficulty_by_a_die_roll():
    s = with_crew(drawn(started(), location=1, difficulty=9), 0, sanity=10)
    s, _ = act(s, "ability", who=0)
    assert ttm.expects(s).purpose == "Larisa's difficulty reduction"
    s, _ = act(s, "roll", face=4)
    assert ttm.effective_difficulty(s) == 5


def test_stan_wards_a_friend_against_the_next_sanity_loss():
    s = with_crew(drawn(started(), location=1, failure={"sanity": -3}), 1, sanity=10)
    s, events = act(s, "ability", who=1, target=0)
    assert s.crew[1].sanity == 1 and s.crew[0].warded and "Stan's Sanity drops to 1" in texts(events)
    s, events = act(s, "next")  # skipped: all four lose 3 Sanity, except the warded Larisa
    assert [m.sanity for m in s.crew] == [7, 1, 4, 4] and not s.crew[0].warded
    assert s.crew[1].health == 7 - 3  # Stan was at Sanity 1: his loss became Health (Health and Sanity NB)
    assert "prevents Larisa's Sanity loss" in texts(events)


def test_stan_may_not_ward_himself():
    """Decision: Marsonaut Profiles, Stan: "Special Ability: Prevent sanity
    loss for a friend." The ward is for a friend, not for Stan."""
    s = with_crew(drawn(started(), location=1, failure={"sanity": -3}), 1, sanity=10)
    r = rejection(s, "ability", who=1, target=1)
    assert r.code == "not_a_friend" and r.rule.endswith("Marsonaut Profiles: Stan")
    listed = [a.args for a in ttm.legal_actions(s) if a.kind == "ability"]
    assert listed == [{"who": 1, "target": 0}, {"who": 1, "target": 2}, {"who": 1, "target": 3}]


def test_stan_wards_while_the_cards_rolls_are_awaited_and_larisa_waits():
    """Marsonaut Profiles, Stan: "Anytime during the game you can use this ability": also while the card's
    location and difficulty are still to be rolled (a tester found it held back). Larisa's reduction acts
    on the difficulty being rolled, so it waits (Special Ability: "Answer the roll ... first")."""
    s = with_crew(with_crew(drawn(started(), location=None, difficulty=None), 1, sanity=10), 0, sanity=10)
    assert [p.purpose for p in s.pending] == ["location", "difficulty"]
    wards = [a.args for a in ttm.legal_actions(s) if a.kind == "ability"]
    assert wards == [{"who": 1, "target": 0}, {"who": 1, "target": 2}, {"who": 1, "target": 3}]
    assert rejection(s, "ability", who=0).code == "pending"
    s, _ = act(s, "ability", who=1, target=2)
    assert s.crew[2].warded and [p.purpose for p in s.pending] == ["location", "difficulty"]


def test_stan_ward_prevents_the_sanity_reset_of_a_special_ability():
    """Marsonaut Profiles, Stan: "you can use this ability to prevent Sanity
    loss for any team member. Even when he is using his special Ability." The
    reset to 1 after a Special Ability is a Sanity loss the ward prevents."""
    s = with_crew(with_crew(drawn(started(), location=1, difficulty=9), 1, sanity=10), 0, sanity=10)
    s, _ = act(s, "ability", who=1, target=0)  # Stan wards Larisa
    s, events = act(s, "ability", who=0)       # Larisa lowers the difficulty
    assert s.crew[0].sanity == 10 and not s.crew[0].warded
    assert "prevents Larisa's Sanity loss" in texts(events) and "Larisa's Sanity drops" not in texts(events)
    s, _ = act(s, "roll", face=4)
    assert ttm.effective_difficulty(s) == 5
    s, events = act(s, "ability", who=0)       # the ward is spent: this time she is exhausted
    assert s.crew[0].sanity == 1 and "Larisa's Sanity drops to 1" in texts(events)


def _rolled(face=2, difficulty=9, crew_index=3, **changes):
    s = with_crew(drawn(started(), location=1, difficulty=difficulty), crew_index, sanity=10)
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=face)
    return s


def test_abilities_after_the_roll_need_dice():
    s = with_crew(drawn(started(crew=["jean-louis", "stan", "john", "maria"]), location=1), 0, sanity=10)
    r = rejection(s, "ability", who=0, die=0)
    assert r.code == "no_dice" and "Marsonaut Profiles" in r.rule


def test_jean_louis_doubles_one_die():
    s = with_crew(drawn(started(crew=["jean-louis", "stan", "john", "maria"]), location=1, difficulty=9), 0,
                  sanity=10)
    s, _ = act(s, "place", who=1, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=5)
    s, _ = act(s, "ability", who=0, die=0)
    s, events = act(s, "next")
    assert s.dice == (10,) and s.passed is True


def test_john_adds_one_die_to_the_roll():
    s = _rolled(face=4, difficulty=7, crew_index=2)
    s, _ = act(s, "ability", who=2)
    s, _ = act(s, "roll", face=3)
    s, _ = act(s, "next")
    assert s.dice == (4, 3) and s.passed is True


def test_maria_rerolls_up_to_two_times_and_keeps_the_second_result():
    s = _rolled(face=1, difficulty=6, crew_index=3)
    s, _ = act(s, "ability", who=3, die=0)
    s, _ = act(s, "roll", face=6)
    assert s.crew[3].sanity == 1 and s.rerolls_left == 1
    s, _ = act(s, "ability", who=3, die=0)  # the second re-roll costs nothing more
    s, _ = act(s, "roll", face=2)
    assert s.dice == (2,) and s.rerolls_left == 0
    assert rejection(s, "ability", who=3, die=0).code == "sanity_below_10"


def test_dieter_redraws_a_card_just_drawn_of_the_same_colour():
    s = with_crew(drawn(started(crew=["dieter", "stan", "john", "maria"]), location=3), 0, sanity=10)
    s, events = act(s, "ability", who=0)
    assert s.step == "draw" and ttm.expects(s).detail == "green" and s.deck_left[0] == 59
    assert "bottom of the green deck" in texts(events)


def test_dieter_cannot_redraw_once_a_marsonaut_is_placed():
    s = with_crew(drawn(started(crew=["dieter", "stan", "john", "maria"]), location=3), 0, sanity=10)
    s, _ = act(s, "place", who=1, bay=3)
    r = rejection(s, "ability", who=0)
    assert r.code == "too_late" and "Dieter NB" in r.rule


def test_physician_bonus_lapses_when_nobody_else_is_standing():
    """Decision: the Physician's extra point goes to another *Active* Marsonaut;
    Knocked Out ones regain Health only by sitting a day out (Knocked Out)."""
    s = drawn(started(), location=1)
    s = with_crew(with_crew(with_crew(s, 1, health=0, knocked_out_day=1), 2, health=0, knocked_out_day=1), 3,
                  health=0, knocked_out_day=1)
    s = replace(s, placement=(3, 0, 0, 0))
    s, _ = act(s, "next")
    s, events = act(s, "next")
    assert not s.pending and "Nothing to do for: Larisa gives 1 Health" in texts(events)


def test_a_loss_with_no_tokens_left_says_so():
    s = drawn(started(resources=(0, 5, 5, 5)), location=1, failure={"oxygen": -2})
    s, events = act(s, "next")
    assert "No Oxygen left to lose (event skipped)" in texts(events)


def test_repairable_bays_need_a_kit_and_a_broken_workspace():
    s = replace(drawn(started(), location=2), broken=(1, 0, 2, 0, 0, 0))
    assert ttm.repairable_bays(s) == []
    assert ttm.repairable_bays(replace(s, repair_kits=1)) == [1, 3]


DIETER_CREW = ["dieter", "larisa", "john", "maria"]


def test_dieter_may_redraw_a_roll_to_determine_card_before_its_roll():
    """Marsonaut Profiles, Dieter: "This ability is only usable when the Event
    Card is just drawn and the Marsonauts are not placed in any Bays." A card
    whose location is still to be rolled is just drawn: nothing is rolled yet."""
    s = with_crew(drawn(started(crew=DIETER_CREW), location=None, difficulty=None), 0, sanity=10)
    assert [p.purpose for p in s.pending] == ["location", "difficulty"]
    s, events = act(s, "ability", who=0)
    assert s.step == "draw" and s.pending == () and s.deck_left[0] == 59 and s.event_bays == ()
    assert "bottom of the green deck" in texts(events)


@pytest.mark.parametrize("location,difficulty,faces", [(None, 7, (4,)), (2, None, (5,)), (None, None, (4, 5))])
def test_dieter_cannot_redraw_once_a_die_for_the_event_is_rolled(location, difficulty, faces):
    """Marsonaut Profiles, Dieter: "You cannot use this ability if dice are
    already rolled." The location and difficulty rolls are dice rolled for the event."""
    s = with_crew(drawn(started(crew=DIETER_CREW), location=location, difficulty=difficulty), 0, sanity=10)
    for f in faces:
        s, _ = act(s, "roll", face=f)
    assert s.step == "place" and not s.placed and not s.pending
    r = rejection(s, "ability", who=0)
    assert r.code == "dice_rolled" and r.rule.endswith("Marsonaut Profiles: Dieter")


def test_dieter_cannot_redraw_after_larisas_reduction_roll():
    s = with_crew(with_crew(drawn(started(crew=DIETER_CREW), location=2, difficulty=9), 0, sanity=10), 1,
                  sanity=10)
    s, _ = act(s, "ability", who=1)
    assert rejection(s, "ability", who=0).code == "pending"  # Larisa's die is on its way
    s, _ = act(s, "roll", face=3)
    assert rejection(s, "ability", who=0).code == "dice_rolled"


def test_dieter_cannot_redraw_after_the_check_dice():
    s = with_crew(drawn(started(crew=DIETER_CREW), location=3, difficulty=9), 0, sanity=10)
    s, _ = act(s, "place", who=2, bay=3)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=3)
    assert rejection(s, "ability", who=0).code == "too_late"


DICE_CREW = ["jean-louis", "larisa", "john", "maria"]
DICE_ABILITIES = [{"who": 0, "die": 0}, {"who": 2}, {"who": 3, "die": 0}]  # Jean-Louis, John, Maria


def test_dice_abilities_act_on_the_check_dice_only():
    """Decision: Jean-Louis ("double the result of any 1 dice including
    yours"), John ("Any time after anyone's roll ... add an additional dice
    roll to the result") and Maria ("re-roll any dice") act on the check
    dice, not on the location, difficulty or Larisa's reduction roll: the
    Character Sheet example reads "you can Re-roll any Check Dice up to two
    times"."""
    s = drawn(started(crew=DICE_CREW), location=None, difficulty=None)
    for i in range(4):
        s = with_crew(s, i, sanity=10)
    s, _ = act(s, "roll", face=2)              # location: the Recreation Bay
    s, _ = act(s, "roll", face=6)              # difficulty 6
    for args in DICE_ABILITIES:
        r = rejection(s, "ability", **args)
        assert r.code == "no_dice" and r.rule.endswith("Marsonaut Profiles") and "Check" not in r.message
    s, _ = act(s, "ability", who=1)            # Larisa
    s, _ = act(s, "roll", face=3)              # her reduction roll
    assert all(rejection(s, "ability", **args).code == "no_dice" for args in DICE_ABILITIES)
    assert not [a for a in ttm.legal_actions(s) if a.kind == "ability"]
    s, _ = act(s, "place", who=0, bay=2)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)              # the one check die
    assert rejection(s, "ability", who=3, die=1).code == "bad_payload"  # die 1 would be no check die
    s, _ = act(s, "ability", who=0, die=0)     # Jean-Louis doubles the check die
    assert s.dice == (2,) and (s.location, s.difficulty, s.reduction) == (2, 6, 3)


def test_an_ability_payload_with_fields_it_does_not_take_is_refused():
    s = with_crew(drawn(started(crew=DICE_CREW), location=1, difficulty=9), 1, sanity=10)
    r = rejection(s, "ability", who=1, die=0)
    assert r.code == "bad_payload" and "takes no die" in r.message


def test_dieter_redraws_a_demanded_card_of_the_same_colour_and_the_other_demands_wait():
    """Dieter: "You can re-draw any event card of the same color."""
    s = drawn(started(crew=DIETER_CREW), location=1, failure={"draw_yellow": 1, "draw_red": 1})
    s, _ = act(s, "next")
    s, _ = act(s, "next")
    s, _ = act(s, "draw", card={"name": "Trouble", "colour": "yellow", "difficulty": 5, "location": 2})
    s = with_crew(s, 0, sanity=10)
    s, _ = act(s, "ability", who=0)
    assert s.step == "draw" and s.demand == ("yellow", "red") and s.deck_left == (58, 20, 10)
    assert ttm.expects(s).detail == "yellow"


def test_dieter_waiting_for_a_check_die_is_refused_with_his_own_rule():
    """A tester's finding: one check die in, the next awaited, Dieter's re-draw was refused with "Answer the
    roll or choice the game is waiting for first." (Special Ability), though once the roll was in his rule
    (Marsonaut Profiles: Dieter NB: "only usable when ... the Marsonauts are not placed in any Bays") still
    forbade it. The refusal names the rule that stops him."""
    s = with_crew(drawn(started(crew=DIETER_CREW), location=3, difficulty=9), 0, sanity=10)
    s, _ = act(s, "place", who=2, bay=3)
    s, _ = act(s, "place", who=3, bay=3)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=3)
    assert s.pending and s.pending[0].purpose == "check"
    r = rejection(s, "ability", who=0)
    assert r.code == "too_late" and r.rule.endswith("Marsonaut Profiles: Dieter NB"), r


def test_ability_cost_says_sanity_to_1_once_per_use_and_nothing_for_marias_second_reroll():
    """Special Ability: "after using place your Sanity token to 1"; Marsonaut Profiles, Maria: "re-roll any
    dice up to 2 times" (one use: the second re-roll costs nothing more); Stan: his ward prevents the
    Sanity loss "Even when he is using his special Ability" (a tester's finding: the dialog said "Sanity
    drops to 1 afterwards" for Maria's second re-roll too)."""
    s = _rolled(face=1, difficulty=6, crew_index=3)
    assert ttm.ability_cost(s, 3) == ("Maria: Sanity 10 \u2192 1 afterwards; her 2nd re-roll then free "
                                      "(Marsonaut Profiles: Maria)")
    s, _ = act(s, "ability", who=3, die=0)
    s, _ = act(s, "roll", face=2)
    assert ttm.ability_cost(s, 3) == "Maria's 2nd re-roll: no further cost, the same use (Marsonaut Profiles: Maria)"
    s = with_crew(s, 0, sanity=10)
    assert ttm.ability_cost(s, 0) == "Larisa: Sanity 10 \u2192 1 afterwards (Special Ability)"
    s = with_crew(s, 0, warded=True)
    assert ttm.ability_cost(s, 0) == "Larisa: Sanity stays 10, Stan's ward is spent (Marsonaut Profiles: Stan)"
    s, events = act(s, "ability", who=0)  # what the line said is what happens
    assert s.crew[0].sanity == 10 and not s.crew[0].warded


def test_the_rules_say_who_rolled_each_check_die():
    """Resolving the Problem: "Each Marsonaut who decided to go to that Bay rolls one dice"; John's extra
    die comes after them (Marsonaut Profiles: John); a re-roll keeps the die whose it was. The names the
    Special Ability buttons and the re-roll's prompt use (a tester's finding: "re-roll die 1 (1)" beside
    "re-roll die 2 (1)" did not say whose die)."""
    s = with_crew(drawn(started(), location=1, difficulty=12), 2, sanity=10)  # John at Sanity 10
    s = with_crew(s, 3, sanity=10)  # Maria too
    for who in (3, 2):  # Maria, then John: the rolls are asked in crew order all the same
        s, _ = act(s, "place", who=who, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    assert ttm.dice_rolled_by(s) == [(2, "check")] and ttm.die_name(s, 0) == "John's die"
    s, _ = act(s, "roll", face=1)
    assert ttm.dice_rolled_by(s) == [(2, "check"), (3, "check")]
    s, _ = act(s, "ability", who=2)
    s, _ = act(s, "roll", face=1)
    assert [ttm.die_name(s, i) for i in range(3)] == ["John's die", "Maria's die", "John's extra die"]
    s, _ = act(s, "ability", who=3, die=1)
    assert ttm.expects(s).purpose == "Maria's re-roll of Maria's die"
    s, events = act(s, "roll", face=4)
    assert "Maria re-rolls Maria's die: 1 becomes 4" in texts(events)
    assert ttm.dice_rolled_by(s) == [(2, "check"), (3, "check"), (2, "extra_die")]
    s, _ = act(s, "next")
    assert ttm.dice_rolled_by(s) == [] and ttm.die_name(s, 0) == "die 1"  # outside the check

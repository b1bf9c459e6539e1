"""Race to Mars: Post-launch, phases 2.1-2.6 (race-to-mars.txt "Phase 2.1: Play Cards" ... "Phase 2.6: Draw
Cards", "Hazards", "The Rocket", "Asteroid Cards", "Boost Cards")."""
import random

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import PLAY_STEP, TURN_STEP, Crew, CrewCard, Played, replace
from companion.rules.race_to_mars.rocket import draw_count, keep_allowance, sources
from tests.rules.test_race_to_mars_helpers import act, cards, flight, modules, rejection, texts

SRC_M = lambda i, slot=0: {"zone": "module", "index": i, "slot": slot}  # noqa: E731
SRC_P = lambda i, slot=0: {"zone": "play", "index": i, "slot": slot}  # noqa: E731


def hand_of(*specs, draw=0, discard=0, **more):
    """A player holding Crew cards ``specs`` in hand (plus ``more`` fields)."""
    crew = cards(*specs) + more.pop("crew", ())
    return dict(crew=crew, hand=len(specs), draw=draw, discard=discard, **more)


def test_rm018_rm056_rm186_play_cards_is_simultaneous_each_says_done():
    """RM-018, RM-056, RM-186 (Turn Order: "All players in Post-launch mode play cards simultaneously")."""
    s = flight(step=PLAY_STEP, players={0: hand_of(("A", "fuel")), 1: hand_of(("B", "hull"))})
    t = rm.to_act(s)
    assert t.mode == "several" and t.seats == (0, 1)
    s, _ = act(s, rm.PLAY, 1, card="B")
    s, _ = act(s, rm.DONE, 0)
    t = rm.to_act(s)
    assert t.seats == (1,) and t.done == (0,)
    r = rejection(s, rm.PLAY, 0, card="A")
    assert r.code == "not_your_turn" and r.rule == "race-to-mars.txt, Phase 2.1: Play Cards"
    s, _ = act(s, rm.DONE, 1)
    assert rm.phase(s) == "2.2 Advance rocket" and rm.to_act(s).seats == (0,)


def test_rm019_turns_start_with_the_start_player_or_the_closest_clockwise():
    """RM-019 (Rules Easily Forgotten: "starts with the player with the Start Player card or the closest")."""
    s = flight(n=3, step=PLAY_STEP, start=1, players={1: dict(launched=False)})
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 2)
    assert s.order == (2, 0) and rm.to_act(s).seats == (2,)


def test_rm054_rm057_rm065_a_played_card_draws_at_once():
    """RM-054, RM-057, RM-065 ("Draw two cards from your personal draw pile")."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("D", Crew(draw=2)),) + cards(("a",), ("b",), ("c",)),
                                                 hand=1, draw=3)})
    s, ev = act(s, rm.PLAY, 0, card="D")
    p = s.players[0]
    assert (p.hand, p.draw, [c.name for c in p.play]) == (2, 1, ["D"]) and "draws 2" in texts(ev)
    assert rm.invariants(s) == []


def test_rm066_we5_draw_three_keep_one_discard_two():
    """RM-066, WE-5 ("Draw three cards ... Keep one in your hand and discard the other two")."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("K", Crew(look=3, keep=1)),) + cards(*[(
        f"x{i}",) for i in range(5)]), hand=1, draw=5)})
    s, _ = act(s, rm.PLAY, 0, card="K")
    p = s.players[0]
    assert (p.hand, p.discard, p.draw) == (1, 2, 2)


def test_rm067_rm107_rm113_jettison_ability_may_take_asteroids_and_boosts():
    """RM-067, RM-107, RM-113 ("They can however be jettisoned with the jettison Crew ability")."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("J", Crew(jettison=1)),), hand=1, discard=2,
                                                 asteroids=1, boosts=1)})
    r = rejection(s, rm.PLAY, 0, card="J", jettison=[{"zone": "discard", "card": "Asteroid"}] * 2)
    assert r.code == "jettison_limit" and r.message.endswith("lets you jettison at most 1 card.")  # not "card(s)"
    s2, _ = act(s, rm.PLAY, 0, card="J", jettison=[{"zone": "discard", "card": "Asteroid"}])
    assert (s2.players[0].asteroids, s2.players[0].discard) == (0, 1)
    s3, _ = act(s, rm.PLAY, 0, card="J", jettison=[{"zone": "discard", "card": "Boost"}])
    assert s3.players[0].boosts == 0 and rm.invariants(s3) == []
    s4, _ = act(s, rm.PLAY, 0, card="J")  # "may": none is fine
    assert s4.players[0].discard == 2


def test_a_jettison_of_more_cards_than_there_are_says_how_many_there_are():
    """A tester's finding: "Cannot jettison that: there are not that many cards in the hand." gave the table
    nothing to check. It says what the hand or the discard pile holds (Phase 2.1: Play Cards)."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("J", Crew(jettison=2)),), hand=1, discard=1,
                                                 asteroids=1)})
    r = rejection(s, rm.PLAY, 0, card="J", jettison=[{"zone": "hand", "card": "Asteroid"}])
    assert r.code == "jettison_target" and r.message == "Cannot jettison that: the hand is empty.", r.message
    r = rejection(s, rm.PLAY, 0, card="J", jettison=[{"zone": "discard", "card": "Asteroid"}] * 2)
    assert r.message == "Cannot jettison that: the discard pile holds only 1 card.", r.message


def test_rm068_rm069_rm109_rm134_gain_a_boost_and_experience():
    """RM-068, RM-069, RM-109, RM-134 (a Boost into the discard pile; Headquarters 9: under the draw pile)."""
    crew = (CrewCard("G", Crew(boost=1, xp=2)),)
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=1), 1: dict(crew=crew, hand=1, hq=9)})
    s, _ = act(s, rm.PLAY, 0, card="G")
    s, _ = act(s, rm.PLAY, 1, card="G")
    a, b = s.players
    assert (a.boosts, a.discard, a.xp) == (1, 1, 2) and (b.boosts, b.draw, b.discard) == (1, 1, 0)


def test_rm061_rm062_rm063_rm165_copy_another_played_card():
    """RM-061..063, RM-165 ("You can't play a card with a copy effect if there is nothing to copy"; "will never
    copy a Boost card or another copy effect"; decision RA-23: copied resources go with the copied card)."""
    crew = (CrewCard("C", Crew(copy=True)), CrewCard("X", Crew(("fuel",), draw=1)))
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=3, draw=3, boosts=1)})
    r = rejection(s, rm.PLAY, 0, card="C")
    assert r.code == "nothing_to_copy" and r.rule == "race-to-mars.txt, Phase 2.1: Play Cards"
    s, _ = act(s, rm.PLAY_BOOST, 0)
    assert rejection(s, rm.PLAY, 0, card="C", copy="Boost").code == "copy_target"
    s, _ = act(s, rm.PLAY, 0, card="X")
    s, ev = act(s, rm.PLAY, 0, card="C", copy="X")
    assert "draws 1" in texts(ev) and s.players[0].draw == 1
    assert [x[3] for x in sources(s.players[0])] == ["any", "fuel", "fuel"]
    gone = replace(s.players[0], play=s.players[0].play[:1] + (replace(s.players[0].play[1], gone=True),)
                   + s.players[0].play[2:])
    assert [x[3] for x in sources(gone)] == ["any"]


def test_rm164_no_cards_are_played_after_phase_2_1():
    """RM-164 (decision RA-37: 2.2 uses "the Crew abilities in your play area")."""
    s = flight(players={0: hand_of(("A", "fuel"))})
    assert rejection(s, rm.PLAY, 0, card="A").code == "not_now"


def test_rm064_rm110_a_boost_stands_in_for_any_of_the_six_resources():
    """RM-064, RM-110 ("a Boost card can stand in for any one of the six resources")."""
    s = flight(route=("engineering",) * 3, players={0: dict(boosts=1, play=(Played("Boost", None),))})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_P(0))
    assert s.players[0].pos == 0


def test_rm015_rm073_rm070_the_space_sets_the_resource_a_wild_basic_only_for_basics():
    """RM-015, RM-070, RM-073 ("Resources": the wild basic "can substitute for any of the four basics, but not
    for the advanced resources")."""
    play = (Played("W", Crew(("wild", "wild"))),)
    s = flight(route=("hull", "communication"), players={0: dict(crew=cards(("W", "wild", "wild")), play=play,
                                                                  modules=modules({"resource": "fuel"}))})
    r = rejection(s, rm.ADVANCE, 0, source=SRC_M(0))
    assert r.code == "wrong_resource" and r.rule == "race-to-mars.txt, Phase 2.2: Advance Rocket"
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_P(0, 0))
    r = rejection(s, rm.ADVANCE, 0, source=SRC_P(0, 1))
    assert r.code == "wrong_resource" and r.rule == "race-to-mars.txt, Resources"


def test_rm072_rm075_rm076_one_space_per_resource_spent_tokens_and_stopping():
    """RM-072, RM-075, RM-076 ("That resource is spent and can no longer be used this turn")."""
    s = flight(players={0: dict(modules=modules({"resource": "fuel"}, {"resource": "fuel"}),
                                crew=cards(("A", "fuel")), hand=1)})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0))
    r = rejection(s, rm.ADVANCE, 0, source=SRC_M(0))
    assert r.code == "spent"
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(1))
    assert s.players[0].pos == 1 and s.players[0].steps == 2
    s, _ = act(s, rm.DONE, 0)
    assert rm.phase(s) == "2.3 Exchange cards for Experience"
    assert rejection(s, rm.ADVANCE, 0, source=SRC_M(0)).code == "phase_over"


def test_rm078_rm080_rm081_rm179_red_hazard_jettisons_a_module_of_your_choice_even_a_used_one():
    """RM-078, RM-080, RM-081, RM-179 (red: "This can be any of your modules, even one where you have already
    used the resource")."""
    s = flight(route=("fuel", "red", "fuel", "fuel"),
               players={0: dict(modules=modules({"resource": "fuel"}, {"resource": "fuel"}, {"storage": 1}))})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0))
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_M(1))
    assert s.hazards == ("red",) and "red hazard" in texts(ev)
    r = rejection(s, rm.DONE, 0)
    assert r.code == "hazard_first" and r.rule == "race-to-mars.txt, Hazards"
    assert rejection(s, rm.JETTISON_CREW, 0, zone="none").code == "no_yellow_hazard"
    s1, _ = act(s, rm.JETTISON_MODULE, 0, module=0)
    assert [m.uid for m in s1.players[0].modules] == [101, 102] and s1.hazards == ()


def test_rm082_red_hazard_without_modules_has_no_effect():
    """RM-082 ("If you don't have any Rocket modules, a red hazard will have no effect on you")."""
    s = flight(route=("red", "fuel"), players={0: dict(boosts=1, play=(Played("Boost", None),))})
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_P(0))
    assert s.hazards == () and "no Rocket module" in texts(ev)


def test_rm083_rm084_rm085_rm180_yellow_hazard_takes_a_crew_card_never_a_boost_or_asteroid():
    """RM-083..085, RM-180 (yellow: hand or discard, else the play area; "It can't be a Boost or Asteroid card")."""
    play = (Played("P", Crew(("fuel",))), Played("Boost", None))
    s = flight(route=("yellow", "fuel", "fuel"), players={0: dict(crew=cards(("P", "fuel"), ("H",)), play=play,
                                                                   hand=1, boosts=1, discard=0)})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_P(1))
    assert s.hazards == ("yellow",)
    assert rejection(s, rm.JETTISON_CREW, 0, zone="hand", card="Boost").code == "not_crew"
    assert rejection(s, rm.JETTISON_CREW, 0, zone="none").code == "crew_in_hand"
    s1, _ = act(s, rm.JETTISON_CREW, 0, zone="hand", card="H")
    assert (s1.players[0].hand, len(s1.players[0].crew)) == (0, 1)
    # the one card in hand is H: the only Boost is in play (a fresh player's table accepted P from the play area)
    r = rejection(s, rm.JETTISON_CREW, 0, zone="play", card="P")
    assert r.code == "crew_in_hand" and r.rule == "race-to-mars.txt, Hazards"
    assert {a.args["zone"] for a in rm.legal_actions(s) if a.kind == rm.JETTISON_CREW} == {"hand"}
    s = flight(route=("yellow", "fuel", "fuel"), players={0: dict(crew=cards(("P", "fuel"), ("H",)), play=play,
                                                                   hand=1, boosts=2, discard=0, draw=1)})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_P(1))   # now the card in hand may be the second Boost
    assert rejection(s, rm.JETTISON_CREW, 0, zone="none").code == "play_area"
    s2, _ = act(s, rm.JETTISON_CREW, 0, zone="play", card="P")
    assert s2.players[0].play[0].gone and rejection(s2, rm.ADVANCE, 0, source=SRC_P(0)).code == "no_source"
    assert rm.invariants(s2) == []
    s3 = flight(route=("yellow", "fuel"), players={0: dict(boosts=1, play=(Played("Boost", None),))})
    s3, ev = act(s3, rm.ADVANCE, 0, source=SRC_P(0))
    assert s3.hazards == () and "no Crew card" in texts(ev)


def test_rm086_rm136_green_hazard_brings_an_asteroid_headquarters_10_two_and_experience():
    """RM-086, RM-136 (Green: "Take one Asteroid card"; Headquarters 10: "an additional Asteroid card and an
    Experience token")."""
    s = flight(route=("green", "fuel"), players={0: dict(modules=modules({"resource": "fuel"})),
                                                 1: dict(modules=modules({"resource": "fuel"}), hq=10)})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0))
    assert (s.players[0].asteroids, s.players[0].discard) == (1, 1)
    s = replace(s, at=1)
    s, _ = act(s, rm.ADVANCE, 1, source=SRC_M(0))
    assert (s.players[1].asteroids, s.players[1].discard, s.players[1].xp) == (2, 2, 1)


def test_rm040_rm079_hazard_protection_ignores_its_colour():
    """RM-040, RM-079 ("If you have hazard protection of a specific colour, ignore effects")."""
    s = flight(route=("red", "fuel"), players={0: dict(modules=modules({"resource": "fuel"},
                                                                       {"protection": "red"}))})
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_M(0))
    assert s.hazards == () and len(s.players[0].modules) == 2 and "protected" in texts(ev)


def test_rm041_rm161_rm163_free_advance_exactly_3_through_hazards():
    """RM-041, RM-161, RM-163 (Free advance: "immediately advance exactly 3 spaces for free"; decision RA-18)."""
    s = flight(route=("fuel", "red", "fuel", "fuel", "fuel"),
               players={0: dict(modules=modules({"free_advance": 3}, {"storage": 1}))})
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=0)
    assert s.players[0].pos == 1 and s.hazards == ("red",) and s.free_left == 1   # in the hazard (RM-078)
    s, _ = act(s, rm.JETTISON_MODULE, 0, module=0)
    assert s.players[0].pos == 3 and s.free_left == 0 and s.players[0].modules == ()
    assert rejection(flight(), rm.FREE_ADVANCE, 0, module=0).code == "no_module"


def test_rm162_free_advance_stops_on_mars_and_triggers_the_end():
    """RM-162 (decision RA-17), RM-115."""
    s = flight(route=("fuel",), players={0: dict(modules=modules({"free_advance": 3}))})
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=0)
    assert s.players[0].pos == 1 and s.end and "final space on Mars" in texts(ev)


def test_rm042_rm043_rm044_copy_module_above_or_below_never_the_rocket_card_or_a_copy():
    """RM-042..044 (Copy: "Copy either the module immediately above or below"; "can't be copied"; "can never copy
    another copy effect")."""
    mods = modules({"resource": "fuel"}, {"copy": True}, {"resource": "hull"}, {"copy": True})
    s = flight(route=("hull",) * 4, players={0: dict(modules=mods)})
    p = s.players[0]
    assert [x[3] for x in sources(p)] == ["fuel", "fuel", "hull", "hull"]
    s, _ = act(s, rm.COPY_MODULE, 0, module=1, side="below")
    assert [x[3] for x in sources(s.players[0])] == ["fuel", "hull", "hull", "hull"]
    assert rejection(s, rm.COPY_MODULE, 0, module=0, side="above").code == "not_copy"
    assert rejection(s, rm.COPY_MODULE, 0, module=3, side="below").code == "no_module"
    top = flight(players={0: dict(modules=modules({"copy": True}, {"copy": True}))})
    assert rejection(top, rm.COPY_MODULE, 0, module=0, side="above").code == "rocket_card"
    assert rejection(top, rm.COPY_MODULE, 0, module=0, side="below").code == "copy_copy"
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(1))
    assert rejection(s, rm.COPY_MODULE, 0, module=1, side="above").code == "decided"


def test_rm087_rm088_exchange_crew_cards_not_boosts_or_asteroids():
    """RM-087, RM-088 ("Boost and Asteroid cards cannot be exchanged")."""
    s = flight(players={0: hand_of(("A",), ("B",), asteroids=1, draw=0)})
    s = replace(s, players=(replace(s.players[0], hand=3),) + s.players[1:])
    r = rejection(s, rm.EXCHANGE, 0, card="Asteroid")
    assert r.code == "not_crew" and r.rule == "race-to-mars.txt, Phase 2.3: Exchange Cards for Experience"
    s, _ = act(s, rm.EXCHANGE, 0, card="A")
    p = s.players[0]
    assert (p.xp, p.hand, p.discard) == (1, 2, 1) and rm.phase(s) == "2.3 Exchange cards for Experience"


def test_rm091_rm094_rm127_rm185_insights_repeat_and_headquarters_3_discount():
    """RM-091, RM-094, RM-127, RM-185 ("you can gain as many Insights as you can afford"; Headquarters 3: "one
    less (but always a minimum of one)")."""
    from companion.rules.race_to_mars.model import INSIGHT_CARD, Insight
    ins = (INSIGHT_CARD, Insight("Starting card 2", 1, "store"))
    s = flight(insights=ins, players={0: dict(xp=6)})
    s, _ = act(s, rm.INSIGHT, 0, which=0)
    s, _ = act(s, rm.INSIGHT, 0, which=0)
    p = s.players[0]
    assert (p.xp, p.boosts, p.discard) == (0, 2, 2)
    r = rejection(s, rm.INSIGHT, 0, which=0)
    assert r.code == "too_little_xp" and r.rule == "race-to-mars.txt, Phase 2.4: Spend Experience"
    h = flight(insights=ins, players={0: dict(xp=3, hq=3)})
    h, _ = act(h, rm.INSIGHT, 0, which=0)
    h, _ = act(h, rm.INSIGHT, 0, which=1)
    assert h.players[0].xp == 0 and keep_allowance(h.players[0]) == 1


def test_rm095_rm098_rm111_rm037_we3_discard_keeps_by_storage_boosts_back_then_draw():
    """RM-095..098, RM-111, RM-037, RM-100, RM-101, WE-3 ("two Rocket modules indicating an extra card, draw a
    total of four cards. Storing cards doesn't affect the number of cards drawn")."""
    mods = modules({"draw": 1}, {"storage": 1}, {"draw": 1})
    play = (Played("X", Crew(("fuel",))), Played("Boost", None))
    s = flight(players={0: dict(modules=mods, crew=cards(("X",), ("Y",), ("Z",)) + cards(*[(f"d{i}",)
               for i in range(6)]), play=play, boosts=1, hand=2, draw=6, discard=0)})
    assert rm.invariants(s) == []
    r = rejection(s, rm.DISCARD, 0, keep=2)
    assert r.code == "keep_limit" and r.rule == "race-to-mars.txt, Phase 2.5: Discard Cards"
    s, ev = act(s, rm.DISCARD, 0, keep=1)
    p = s.players[0]
    assert (p.hand, p.boosts, p.discard, p.draw, p.play) == (5, 0, 2, 2, ())
    assert "returns 1 Boost to the supply" in texts(ev) and rm.invariants(s) == []
    assert rm.to_act(s).seats == (1,)


def test_rm038_rm178_storage_module_jettisoned_for_up_to_three_cards():
    """RM-038, RM-178 ("You may at anytime jettison ... this to jettison up to three cards")."""
    s = flight(step=PLAY_STEP, players={0: dict(modules=modules({"storage": 1}), asteroids=3, discard=3)})
    four = [{"zone": "discard", "card": "Asteroid"}] * 4
    from companion.rules.contract import validate
    from companion.rules import Action
    assert validate(rm, Action(rm.JETTISON_STORAGE, {"module": 0, "cards": four}, 0)).code == "malformed"
    s, _ = act(s, rm.JETTISON_STORAGE, 0, module=0, cards=four[:3])
    p = s.players[0]
    assert (p.modules, p.asteroids, p.discard) == ((), 0, 0)


def test_we2_rm036_rm100_one_extra_draw_module_draws_three():
    """WE-2, RM-036, RM-100 ("If you have added one of these to your rocket, you draw a total of three cards
    each turn")."""
    assert draw_count(flight(players={0: dict(modules=modules({"draw": 1}))}).players[0]) == 3


def test_rm102_rm103_rm104_empty_draw_pile_adds_an_asteroid_and_reshuffles():
    """RM-102..104 (Asteroid Cards: "Add an Asteroid card ... Shuffle ... Draw the rest"; decision RA-41)."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("D", Crew(draw=2)),) + cards(("a",), ("b",),
               ("c",), ("e",)), hand=1, draw=1, discard=3)})
    s, ev = act(s, rm.PLAY, 0, card="D")
    p = s.players[0]
    assert (p.hand, p.draw, p.discard, p.asteroids) == (2, 3, 0, 1) and "Asteroid" in texts(ev)
    e = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("D", Crew(draw=2)),), hand=1)})
    e, _ = act(e, rm.PLAY, 0, card="D")
    assert (e.players[0].asteroids, e.players[0].hand) == (2, 2) and rm.invariants(e) == []


def test_rm125_headquarters_1_two_same_basics_pay_an_advanced_space():
    """RM-125 ("You may use two of the same basic resource as an advanced resource")."""
    mods = modules({"resource": "fuel"}, {"resource": "fuel"}, {"resource": "hull"})
    s = flight(route=("engineering",), players={0: dict(modules=mods, hq=1)})
    assert rejection(s, rm.ADVANCE, 0, source=SRC_M(0), pair=SRC_M(2)).code == "pair"
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0), pair=SRC_M(1))
    assert s.players[0].pos == 0 and len(s.players[0].used) == 2
    no_hq = flight(route=("engineering",), players={0: dict(modules=mods)})
    assert rejection(no_hq, rm.ADVANCE, 0, source=SRC_M(0), pair=SRC_M(1)).code == "not_hq1"


def test_rm125_a_space_paid_with_a_pair_names_both_resources_in_the_log():
    """RM-125 (Headquarters 1: "You may use two of the same basic resource as an advanced resource. Place your
    Player tokens on those resources"): a tester's log said "advances one space, paying Velocity" for a
    Communication space paid with Velocity from C20 and Velocity from C22; the event names both, also when the
    step ends on the space only after a hazard is dealt with (RM-078)."""
    play = (Played("C20", Crew(("velocity",))), Played("C22", Crew(("velocity",))))
    crew = cards(("C20", "velocity"), ("C22", "velocity"))
    s = flight(route=("communication",), players={0: dict(hq=1, play=play, crew=crew)})
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_P(0), pair=SRC_P(1))
    assert "advances one space, paying Velocity and Velocity (Headquarters 1)" in texts(ev), texts(ev)
    s = flight(route=("red", "communication"), players={0: dict(hq=1, play=play, crew=crew,
                                                                modules=modules({"draw": 1}))})
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_P(0), pair=SRC_P(1))
    assert s.hazards == ("red",) and "advances" not in texts(ev)
    s, ev = act(s, rm.JETTISON_MODULE, 0, module=0)
    assert "advances one space, paying Velocity and Velocity (Headquarters 1)" in texts(ev), texts(ev)


def test_headquarters_2_may_be_chosen_once_advancing():
    """"You may use one of your Rocket modules twice each turn" (Headquarters) sets no time to choose it: a tester
    found it gone after the first Advance, the second Hull space paid with a Wild. The first choice is free in
    2.2 also once advancing; a second choice then is not (the first one's second use may be spent)."""
    mods = modules({"resource": "hull"}, {"resource": "fuel"})
    s = flight(route=("hull", "hull", "fuel"), players={0: dict(modules=mods, hq=2)})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0, 0))
    assert any(a.kind == rm.DOUBLE_MODULE for a in rm.legal_actions(s))
    s, _ = act(s, rm.DOUBLE_MODULE, 0, module=0)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0, 1))
    assert s.players[0].pos == 1
    assert rejection(s, rm.DOUBLE_MODULE, 0, module=1).code == "decided"
    assert not any(a.kind == rm.DOUBLE_MODULE for a in rm.legal_actions(s))


def test_rm126_rm167_headquarters_2_a_module_twice_a_turn():
    """RM-126, RM-167 ("You may use one of your Rocket modules twice each turn"; decision RA-26)."""
    mods = modules({"resource": "fuel"}, {"draw": 1})
    s = flight(players={0: dict(modules=mods, hq=2)})
    s, _ = act(s, rm.DOUBLE_MODULE, 0, module=0)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0, 0))
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0, 1))
    assert s.players[0].pos == 1
    d = replace(s.players[0], double=mods[1].uid)
    assert draw_count(d) == 4
    assert rejection(flight(players={0: dict(modules=mods)}), rm.DOUBLE_MODULE, 0, module=0).code == "not_hq2"


def test_rm131_rm170_headquarters_7_one_played_card_back_on_top():
    """RM-131, RM-170 ("return one of your played cards to the top of your personal draw pile"; decision RA-27)."""
    play = (Played("X", Crew()), Played("Boost", None))
    s = flight(players={0: dict(crew=cards(("X",)), play=play, boosts=1, hq=7)})
    assert rejection(s, rm.DISCARD, 0, keep=0, top="Boost").code == "not_played"
    s, _ = act(s, rm.DISCARD, 0, keep=0, top="X")
    p = s.players[0]
    assert (p.hand, p.discard, p.draw, p.asteroids) == (2, 0, 0, 1)  # X drawn again, then an Asteroid


def test_rm135_rm171_headquarters_10_draws_two_more_also_at_launch():
    """RM-135, RM-171 ("Draw two extra cards each turn (phase 2.6)"; decision RA-28)."""
    assert draw_count(flight(players={0: dict(hq=10)}).players[0]) == 4


def test_rm126_headquarters_2_never_doubles_a_module_jettisoned_when_used():
    """RM-126 (Headquarters: "An effect that jettisons a module when used cannot be duplicated with this
    effect"): a Free advance module (or a Copy module copying one) is refused and not listed."""
    mods = modules({"resource": "fuel"}, {"free_advance": 3}, {"copy": True}, {"draw": 1, "free_advance": 3})
    s = flight(players={0: dict(modules=mods, hq=2)})
    r = rejection(s, rm.DOUBLE_MODULE, 0, module=1)
    assert r.code == "not_duplicable" and r.rule == "race-to-mars.txt, Headquarters"
    assert "cannot be duplicated" in r.message
    s2, _ = act(s, rm.COPY_MODULE, 0, module=2, side="above")
    assert rejection(s2, rm.DOUBLE_MODULE, 0, module=2).code == "not_duplicable"
    listed = {a.args["module"] for a in rm.legal_actions(s) if a.kind == rm.DOUBLE_MODULE}
    assert listed == {0, 3}   # the fuel, and the Extra draw that also advances (its draw may be doubled)
    assert rejection(s, rm.DOUBLE_MODULE, 0, module=3) is None


def test_rm067_a_crew_jettison_lists_hand_candidates_and_discard_cards():
    """RM-067 (Phase 2.1: Play Cards, "Immediate effect: You may jettison (remove from the game) any card from
    your personal discard pile or hand"): legal_actions offers an Asteroid that may be in the hidden hand once
    the card is played (not a Crew card: see moves._jettison_targets); check accepts a Crew card from the hand
    or the discard pile too; with no other card anywhere (the card played was the only one in hand), nothing is
    offered."""
    crew = (CrewCard("J", Crew(("navigation",), jettison=1)),) + cards(("H", "fuel"), ("D", "hull"))
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=2, draw=1, discard=1, seen=("D",), asteroids=1)})
    got = [a.args.get("jettison") for a in rm.legal_actions(s) if a.kind == rm.PLAY and a.args["card"] == "J"]
    assert got == [None, [{"zone": "hand", "card": "Asteroid"}]]
    for targets in got[1:] + [[{"zone": "hand", "card": "H"}], [{"zone": "discard", "card": "D"}]]:
        assert rejection(s, rm.PLAY, 0, card="J", jettison=targets) is None
    s2, _ = act(s, rm.PLAY, 0, card="J", jettison=[{"zone": "hand", "card": "H"}])
    assert (s2.players[0].hand, [c.name for c in s2.players[0].crew]) == (0, ["J", "D"])
    alone = flight(step=PLAY_STEP, players={0: dict(crew=crew[:1], hand=1)})   # the only card in hand is J itself
    assert [a.args for a in rm.legal_actions(alone) if a.kind == rm.PLAY] == [{"card": "J"}]


def test_rm078_a_hazard_is_dealt_with_on_entering_it_before_the_space_after_it():
    """RM-078 (Hazards: "When you pass through a hazard, you must immediately deal with it before you may
    continue to advance your rocket"): the step paid for stops in the red hazard; the space after it is
    reached only once a module is jettisoned (then "advances one space, paying Velocity")."""
    s = flight(route=("fuel", "red", "velocity", "fuel"),
               players={0: dict(modules=modules({"resource": "fuel"}, {"resource": "velocity"}, {"draw": 1}))})
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M(0))
    s, ev = act(s, rm.ADVANCE, 0, source=SRC_M(1))
    assert s.players[0].pos == 1 and s.routes[0][1] == "red" and s.hazards == ("red",)
    assert s.players[0].steps == 1 and "advances" not in texts(ev) and "enters a red hazard" in texts(ev)
    assert rejection(s, rm.ADVANCE, 0, source=SRC_M(0)).code == "hazard_first"
    s, ev = act(s, rm.JETTISON_MODULE, 0, module=2)
    assert (s.players[0].pos, s.players[0].steps, s.hazards, s.onward) == (2, 2, (), ())
    assert texts(ev).index("jettisons") < texts(ev).index("advances one space, paying Velocity")
    assert rm.invariants(s) == []


def test_rm087_rm090_phases_2_3_and_2_4_with_nothing_to_do_are_passed_over():
    """RM-087 ("Phase 2.3: Exchange Cards for Experience"), RM-090 ("Phase 2.4: Spend Experience"): a player
    with no Crew card in hand and too little Experience goes from 2.2 straight to 2.5 (decision: no input
    where only "done" is possible); with a card to exchange 2.3 waits, and with 3 Experience 2.4 waits."""
    idle = flight(players={0: dict(crew=cards(("A", "fuel")), discard=1, seen=("A",), xp=2)})
    s, ev = act(idle, rm.DONE, 0)
    assert s.sub == 5 and rm.phase(s) == "2.5 Discard cards"
    assert "no Crew card in hand to exchange: 2.3 is passed over" in texts(ev) and "2.4 is passed over" in texts(ev)
    assert [a.kind for a in rm.legal_actions(s)] == [rm.DISCARD]
    hand = flight(players={0: dict(crew=cards(("A", "fuel")), hand=1, xp=2)})
    s, _ = act(hand, rm.DONE, 0)
    assert s.sub == 3
    s, ev = act(s, rm.EXCHANGE, 0, card="A")   # 3 Experience now: 2.4 is worth a stop
    s, ev = act(s, rm.DONE, 0)
    assert s.sub == 4 and "passed over" not in texts(ev)
    s, _ = act(s, rm.INSIGHT, 0, which=0)
    s, ev = act(s, rm.DONE, 0)
    assert s.sub == 5


def test_rm_advance_problem_gives_the_whole_rockets_reason_and_agrees_with_legal_actions():
    """"Phase 2.2: Advance Rocket" (pay the resource of the next space) and "Resources": the greyed Advance says
    why no resource pays the next space, for the whole rocket (none at all, all spent, none of those left fits),
    and exactly when ``legal_actions`` lists no ADVANCE (random playouts, 2 to 4 players)."""
    s = flight(route=("hull",) * 12, players={0: dict(modules=())})
    assert rm.advance_problem(s, 0).code == "no_source"
    s = flight(route=("hull",) * 12, players={0: dict(modules=modules({"resource": "fuel"}))})
    got = rm.advance_problem(s, 0)
    assert got.code == "wrong_resource" and "Hull" in got.message and "Fuel" in got.message
    assert got.rule == "race-to-mars.txt, Phase 2.2: Advance Rocket"
    s = flight(route=("fuel",) * 12, players={0: dict(modules=modules({"resource": "fuel"}))})
    assert rm.advance_problem(s, 0) is None
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0})
    assert rm.advance_problem(s, 0).code == "nothing_left"
    seen = set()
    for players in (2, 3, 4):
        opts = rm.default_options(players)
        for seed in range(3):
            s, rng = rm.new_game(opts), random.Random(seed)
            while not rm.is_over(s):
                if s.step == TURN_STEP and s.sub == 2 and not s.hazards:
                    seat = rm.to_act(s).seats[0]
                    problem = rm.advance_problem(s, seat)
                    seen.add(problem and problem.code)
                    assert (problem is None) == any(a.kind == rm.ADVANCE for a in rm.legal_actions(s)), problem
                s, _ = rm.apply(s, rm.random_action(s, rng))
    assert {None, "wrong_resource"} <= seen


def test_rm043_a_copy_module_whose_copied_module_is_jettisoned_copies_nothing_until_the_next_turn():
    """RM-043 ("The Rocket", Copy: "If a module immediately above or below this module is jettisoned from your
    rocket, you can no longer copy it. Instead, you might be able to copy a new module on future turns"): a fresh
    player saw the Copy module take the new neighbour (a Storage module) at once, and Storage keep two cards."""
    mods = modules({"storage": 1}, {"storage": 1}, {"copy": True})
    s = flight(step=PLAY_STEP, players={0: dict(modules=mods, discard=2)})
    assert keep_allowance(s.players[0]) == 3                      # the copy copies Storage module 2
    s, _ = act(s, rm.JETTISON_STORAGE, 0, module=1, cards=[])
    p = s.players[0]
    assert [m.uid for m in p.modules] == [mods[0].uid, mods[2].uid]
    assert keep_allowance(p) == 1                                  # not 2: the copy has lost its module
    assert rejection(s, rm.COPY_MODULE, 0, module=1, side="above").code == "copy_lost"
    assert not [a for a in rm.legal_actions(s) if a.kind == rm.COPY_MODULE]
    assert rm.rocket_problem(s, 0) is None                         # Storage module 1 may still be jettisoned
    s = _to_next_own_turn(s)
    assert keep_allowance(s.players[0]) == 2                       # a new turn: it copies its new neighbour


def _to_next_own_turn(s):
    """Play seat 0's turn and everyone else's (first choices) until seat 0 is in 2.1 again."""
    turn_of_0_done = False
    while True:
        if s.step == PLAY_STEP and turn_of_0_done and 0 in rm.to_act(s).seats:
            return s
        if s.step == TURN_STEP and rm.to_act(s).seats == (0,) and s.sub == 5:
            turn_of_0_done = True
        act_ = next(a for a in rm.legal_actions(s) if a.kind in (rm.DONE, rm.DISCARD)) \
            if any(a.kind in (rm.DONE, rm.DISCARD) for a in rm.legal_actions(s)) else rm.legal_actions(s)[0]
        s, _ = rm.apply(s, act_)


def test_rm087_an_empty_hand_is_the_reason_given_first():
    """RM-087 ("Phase 2.3: Exchange Cards for Experience"): with an empty hand, exchanging a card the discard pile
    is known to hold is refused because the hand is empty (a fresh player got the discard pile's rule instead);
    a rocket with no module says so, not "There is no Rocket module 1 (you have 0)"."""
    s = flight(players={0: dict(crew=cards(("A",)), hand=0, discard=1, seen=("A",), modules=())})
    s = replace(s, sub=3)
    r = rejection(s, rm.EXCHANGE, 0, card="A")
    assert (r.code, r.rule) == ("hand_empty", "race-to-mars.txt, Phase 2.3: Exchange Cards for Experience"), r
    r = rejection(s, rm.COPY_MODULE, 0, module=0, side="below")
    assert r.code == "no_module" and "no Rocket modules" in r.message


def test_rm042_rm038_a_greyed_rocket_gives_the_whole_rockets_reason():
    """"The Rocket" (Copy, Storage): with no Rocket module move to make in 2.1, the reason is the rocket's (no
    modules; none a Copy or Storage module; the Copy module already copies its only neighbour), not a refusal of
    one module taken as a sample ("P14 is not a Copy module", a fresh player's puzzle)."""
    def problem(*specs):
        s = flight(step=PLAY_STEP, players={0: dict(modules=modules(*specs))})
        return rm.rocket_problem(s, 0)
    assert problem().code == "no_module"
    assert problem({"resource": "fuel"}, {"draw": 1}).code == "no_module_moves"
    assert problem({"copy": True}, {"resource": "fuel"}).code == "copy_set"
    assert problem({"copy": True}, {"resource": "fuel"}).rule == "race-to-mars.txt, The Rocket"
    assert problem({"resource": "hull"}, {"copy": True}, {"resource": "fuel"}) is None   # it may copy the other
    assert problem({"storage": 1}) is None


def _run_by_the_plan(s, seat=0):
    """Advance ``seat`` as :func:`rm.advance_run` says, one ADVANCE per space, each paid with the source the
    plan spends first (the exact resource, then a wild basic, then a Boost)."""
    from companion.rules.race_to_mars.advice import _rank
    from companion.rules.race_to_mars.rocket import source
    for _ in range(rm.advance_run(s, seat)["spaces"]):
        ads = [a for a in rm.legal_actions(s) if a.kind == rm.ADVANCE and "pair" not in a.args]
        p = s.players[seat]
        need = rm.advance_run(s, seat)["path"][0]
        ads.sort(key=lambda a: _rank(need, source(p, a.args["source"]["zone"], a.args["source"]["index"],
                                                  a.args["source"]["slot"])[0]))
        s, _ = rm.apply(s, ads[0])
        assert not s.hazards   # never a hazard that asks a choice
    return s


def test_rm075_rm078_one_touch_advances_as_far_as_resources_allow_and_stops_before_a_hazard_choice():
    """"Phase 2.2: Advance Rocket" ("You may move as many steps as you can or wish to") and "Hazards" ("you must
    immediately deal with it"): the one-touch run goes as far as the plan of ``reach`` goes, but stops before a
    red or yellow hazard that asks which card to jettison (the player's decision), and says why it stops, with
    the rulebook section; protected and green hazards, and one with nothing to jettison, are passed."""
    fuel3 = modules({"resource": "fuel"}, {"resource": "fuel"}, {"resource": "fuel"})
    s = flight(route=("fuel",) * 5, players={0: dict(modules=fuel3)})
    run = rm.advance_run(s, 0)
    assert (run["spaces"], run["path"], run["mars"]) == (3, ["fuel"] * 3, False)
    assert run["stop"].code == "nothing_left" and run["stop"].rule == "race-to-mars.txt, Phase 2.2: Advance Rocket"
    s = flight(route=("fuel", "fuel", "red", "fuel"), players={0: dict(modules=fuel3)})
    run = rm.advance_run(s, 0)
    assert run["spaces"] == 2 and run["hazard"] == "red" and run["stop"].code == "hazard_ahead"
    assert run["stop"].rule == "race-to-mars.txt, Hazards"
    assert "red hazard" in run["stop"].message and "Rocket module" in run["stop"].message
    s = _run_by_the_plan(s)
    assert s.players[0].steps == 2 and len(s.players[0].modules) == 3
    run = rm.advance_run(s, 0)
    assert run["spaces"] == 0 and "right in front" in run["stop"].message
    assert rm.advance_problem(s, 0) is None          # a single Advance still passes it, the player's choice
    # shielded, green, or nothing to jettison: passed on the way
    shield = modules({"resource": "fuel"}, {"resource": "fuel"}, {"resource": "fuel"}, {"resource": "navigation"},
                     {"protection": "red"})
    s = flight(route=("fuel", "red", "fuel", "green", "fuel", "hull"), players={0: dict(modules=shield)})
    run = rm.advance_run(s, 0)
    assert run["spaces"] == 3 and run["passed"] == ["red", "green"] and run["stop"].code == "wrong_resource"
    assert "Hull" in run["stop"].message and run["next"] == "hull"
    s = flight(route=("yellow", "fuel", "green", "fuel"), players={0: dict(boosts=2, play=(
        Played("Boost", None), Played("Boost", None)))})
    run = rm.advance_run(s, 0)
    assert run["spaces"] == 2 and run["passed"] == ["yellow", "green"] and run["stop"] is not None
    # to Mars: no reason to stop
    s = flight(route=("fuel",), players={0: dict(modules=fuel3)})
    run = rm.advance_run(s, 0)
    assert run["spaces"] == 2 and run["mars"] and run["stop"] is None
    # not in 2.2: the phase's own refusal
    s = flight(step=PLAY_STEP)
    assert rm.advance_run(s, 0)["spaces"] == 0 and rm.advance_run(s, 0)["stop"] is not None


def test_rm075_the_one_touch_run_agrees_with_the_steps_it_takes_in_random_playouts():
    """The run's length is what single ADVANCEs by the same plan reach, never into a hazard that asks a
    choice (random playouts, 2 to 4 players)."""
    runs = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s, rng = rm.new_game(rm.default_options(players)), random.Random(seed)
            while not rm.is_over(s):
                if s.step == TURN_STEP and s.sub == 2 and not s.hazards:
                    seat = rm.to_act(s).seats[0]
                    run = rm.advance_run(s, seat)
                    assert run["spaces"] <= rm.reach(s, seat)["spaces"]
                    assert (run["stop"] is None) == run["mars"]
                    if run["spaces"]:
                        runs += 1
                        t = _run_by_the_plan(s, seat)
                        assert t.players[seat].steps == s.players[seat].steps + run["spaces"]
                s, _ = rm.apply(s, rm.random_action(s, rng))
    assert runs > 10

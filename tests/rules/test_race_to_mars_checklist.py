"""Race to Mars: the checklist rules not covered by the other test modules, each against the engine's constants,
``new_game`` and real actions (race-to-mars.txt "Table of Contents", "Setup", "Resources", "The Rocket",
"Playing the Game", "Phase 2.1: Play Cards" ... "Phase 2.5: Discard Cards", "Asteroid Cards", "Boost Cards",
"Headquarters", "Starting Cards", "Glossary")."""
import pytest

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.cards import HEADQUARTERS_CARDS, STARTING_CARDS
from companion.rules.race_to_mars.model import (ADVANCED, BASIC, INSIGHT_CARD, PLAY_STEP, PLAYER_TOKENS,
                                                REFERENCE_CARDS, SPACE_CARDS, SUPPLY, Crew, CrewCard, Played, replace)
from companion.rules.race_to_mars.post import insight_cost
from companion.rules.race_to_mars.rocket import draw_count, sources
from tests.rules.test_race_to_mars_helpers import (act, cards, crew_card, flight, modules, options, rejection, texts,
                                                   to_discard,
                                                   through_round_12)

SRC_M = {"zone": "module", "index": 0, "slot": 0}


def test_rm002_rm005_rm006_rm007_rm009_rm010_the_components_and_the_physical_setup():
    """RM-002 (Table of Contents), RM-005..007, RM-009, RM-010 (Setup 2-4, 6-7): the counts the engine keeps and
    the setup checklist it gives the table."""
    assert (SPACE_CARDS, len(HEADQUARTERS_CARDS), rm.model.STARTING_CARDS) == (100, 10, 8)
    assert SUPPLY == {"Asteroid": 40, "Boost": 24, "Experience": 25}
    assert (PLAYER_TOKENS, REFERENCE_CARDS, len(STARTING_CARDS)) == (15, 2, 4)  # 4 of the 8 are described
    s = rm.new_game(options(3, first_game=False, start=1))
    assert s.pile == 100 and s.revealed == 0 and s.insights == (INSIGHT_CARD,)  # RM-006: the Insight card
    assert all((p.boosts, p.asteroids, p.xp) == (0, 0, 0) for p in s.players)      # RM-005: all in the supply
    lines = rm.setup_checklist(s)
    assert lines[1].startswith("Asteroid and Boost cards face-up") and "Insight card" in lines[2]
    assert "Shuffle the 100 Space cards into a face-down draw pile" in lines
    assert "Each player: a Rocket card, a Player pawn and 15 Player tokens in their colour" in lines
    assert "Each player: 2 Reference cards" in lines and "Winston: the Start Player and Active Player cards" in lines
    assert lines[-1] == "Shuffle the 8 Starting cards: one beside the Insight card, reveal 4, box the rest"
    assert "the Trajectory card" in lines[0] and any("10 Headquarters" in x for x in lines)


def test_rm121_rm137_rm092_the_first_game_skips_headquarters_starting_cards_and_the_trajectory_card():
    """RM-121, RM-137 ("If it's your first game, do not use the Headquarters cards / the Starting cards"), RM-092
    ("If you're playing without Starting cards in your first game, this Insight is the only one available")."""
    s = rm.new_game(options(2))
    assert rm.phase(s) == "1.1 Pick a card" and s.insights == (INSIGHT_CARD,) and s.trajectory_card == ()
    assert rejection(s, rm.HEADQUARTERS, 0, keep=1, back=2).code == "not_now"
    lines = rm.setup_checklist(s)
    assert "no Trajectory card" in lines[0] and not any("Headquarters" in x or "Starting" in x for x in lines)


def test_rm093_with_starting_cards_two_more_insights_which_vary_from_game_to_game():
    """RM-093 (2.4: "there will be two additional Insights available, varying from game to game"): the card drawn
    beside the Insight card and the leftover of the draft, whichever they are at this table."""
    rows = []
    for beside, revealed in (("Starting card 1", ("Starting card 2", "Starting card 3", "Starting card 4")),
                             ("Starting card 4", ("Starting card 3", "Starting card 2", "Starting card 1"))):
        s = rm.new_game(options(2, first_game=False))
        s, _ = act(s, rm.HEADQUARTERS, 0, keep=1, back=2)
        s, _ = act(s, rm.HEADQUARTERS, 1, keep=3, back=4)
        s, _ = act(s, rm.STARTING, 0, card={"name": beside}, place="insight")
        for name in revealed:
            s, _ = act(s, rm.STARTING, 0, card={"name": name}, place="revealed")
        for seat, name in zip((1, 0), revealed):
            s, _ = act(s, rm.STARTING, seat, card={"name": name}, place="crew")
        rows.append(tuple((i.name, i.cost, i.effect) for i in s.insights))
    sc1, sc4 = ("Starting card 1", 2, "jettison"), ("Starting card 4", 4, "advance")
    assert rows == [(("Insight card", 3, "boost"), sc1, sc4), (("Insight card", 3, "boost"), sc4, sc1)]


def test_rm014_basic_and_advanced_resources():
    """RM-014 (Resources: "Fuel, Hull, Navigation, Velocity"; "Engineering, Communication")."""
    assert BASIC == ("fuel", "hull", "navigation", "velocity") and ADVANCED == ("engineering", "communication")
    s = flight(route=("engineering",), players={0: dict(modules=modules({"resource": "fuel"}))})
    assert rejection(s, rm.ADVANCE, 0, source=SRC_M).code == "wrong_resource"


def test_rm016_rm053_two_parts_pre_launch_then_the_six_post_launch_phases_in_order():
    """RM-016 (Playing the Game: Pre-launch 1.1-1.2, Post-launch 2.1-2.6), RM-053 (the six steps in order)."""
    s = rm.new_game(options(2))
    assert not any(p.launched for p in s.players) and rm.phase(s) == "1.1 Pick a card"
    f = flight(step=PLAY_STEP, players={0: dict(crew=cards(("A", "fuel")), hand=1, xp=3)})   # 2.3, 2.4 possible
    seen = [rm.phase(f)]
    f, _ = act(f, rm.DONE, 0)
    f, _ = act(f, rm.DONE, 1)
    for _ in range(3):
        seen.append(rm.phase(f))
        f, _ = act(f, rm.DONE, 0)
    seen.append(rm.phase(f))
    f, ev = act(f, rm.DISCARD, 0, keep=0)
    assert seen == ["2.1 Play cards", "2.2 Advance rocket", "2.3 Exchange cards for Experience",
                    "2.4 Spend Experience", "2.5 Discard cards"]
    assert [e.kind for e in ev][:1] == ["discard"] and "draws 2" in texts(ev)  # 2.6 follows 2.5


def test_rm035_rm036_rm039_the_rocket_card_draws_two_modules_add_one_each():
    """RM-035 (the Rocket card: "Draw two cards each turn – not considered a module"), RM-036 (Extra draw),
    RM-039 (Resource: "a basic resource of the indicated type available to you each turn")."""
    p = flight().players[0]
    assert draw_count(p) == 2 and p.modules == ()
    two = flight(players={0: dict(modules=modules({"draw": 1}, {"draw": 1}, {"resource": "hull"}))}).players[0]
    assert draw_count(two) == 4
    assert [(x[0], x[3]) for x in sources(two)] == [("module", "hull")]


def test_rm051_players_launch_in_different_rounds():
    """RM-051 (Post-launch: "Players can launch their rockets in different rounds")."""
    s = through_round_12(rm.new_game(options(2)), pick=lambda s, seat, k: crew_card(f"C{seat}-{k}"))
    s, _ = act(s, rm.LAUNCH, 0)
    s, _ = act(s, rm.PICK, 1, card=crew_card("late"))
    assert [p.launched for p in s.players] == [True, False] and s.step == PLAY_STEP
    assert rm.to_act(s).seats == (0,)


def test_rm055_rm058_rm060_rm059_keep_playing_several_effects_and_resources_used_in_2_2():
    """RM-055 ("Keep playing cards until you no longer can or wish to"), RM-058 (several immediate effects in any
    order), RM-060 (a card with immediate effects and resources), RM-059 (resources are used in 2.2)."""
    both = CrewCard("R", Crew(("fuel",), draw=1, boost=1, xp=1))
    s = flight(step=PLAY_STEP, players={0: dict(crew=(both,) + cards(("A", "hull")), hand=2, draw=2)})
    s, ev = act(s, rm.PLAY, 0, card="R")
    p = s.players[0]
    assert (p.hand, p.xp, p.boosts) == (2, 1, 1) and "draws 1" in texts(ev) and "Boost" in texts(ev)
    s, _ = act(s, rm.PLAY, 0, card="A")        # still playing
    assert rm.to_act(s).seats == (0, 1)
    assert [x[3] for x in sources(s.players[0])] == ["fuel", "hull"]
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 1)
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "play", "index": 0, "slot": 0})
    assert s.players[0].pos == 0


def test_rm071_rm074_the_pawn_starts_on_earth_and_spends_only_modules_and_the_play_area():
    """RM-071 ("The Player pawns starting on the Earth card represent the players' rockets. Each resource symbol
    ... represents a space"), RM-074 (resources on Rocket modules and on the Crew abilities in the play area)."""
    s = flight(route=("fuel", "red", "hull"), players={0: dict(crew=cards(("H", "hull"), ("F", "fuel")), hand=1,
                                                                play=(Played("F", Crew(("fuel",))),), draw=0)})
    assert s.players[0].pos == -1 and rm.summary(s)["players"][0]["position"] == 0
    assert rm.summary(s)["players"][0]["spaces_to_mars"] == 3  # fuel, hull, the Mars space; the hazard is none
    assert [x[3] for x in sources(s.players[0])] == ["fuel"]  # the card in hand gives nothing
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "play", "index": 0, "slot": 0})
    assert rm.summary(s)["players"][0]["position"] == 1
    assert rejection(s, rm.ADVANCE, 0, source={"zone": "play", "index": 1, "slot": 0}).code == "no_source"


def test_rm077_rm160_planning_in_2_1_shows_hazards_which_trigger_when_passed_in_2_2():
    """RM-077 (planning during 2.1; "hazards must be dealt with immediately"), RM-160 (decision RA-20: a hazard
    triggers when the pawn moves past it; stopping short avoids it)."""
    s = flight(route=("fuel", "red", "fuel"), step=PLAY_STEP,
               players={0: dict(modules=modules({"resource": "fuel"}, {"resource": "fuel"}))})
    plan = rm.reach(s, 0)
    assert plan["spaces"] == 2 and plan["hazards"] == [{"colour": "red", "after": 1, "protected": False}]
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 1)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC_M)
    assert s.hazards == () and len(s.players[0].modules) == 2  # stopped before it: nothing happens
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": 1, "slot": 0})
    assert s.hazards == ("red",)


def test_rm089_rm108_rm114_supplies_are_not_limited_a_substitute_is_used():
    """RM-089, RM-108, RM-114 ("not meant to be limited. If you run out of them, use a substitute")."""
    s = flight(players={0: dict(asteroids=40, discard=40, xp=25, boosts=24, draw=0)}, sub=4)
    assert rm.supply_short(s) == []
    s, _ = act(s, rm.INSIGHT, 0, which=0)   # a 25th Boost card, 3 Experience
    s, ev = act(s, rm.DISCARD, 0, keep=0)   # the draw adds a 41st Asteroid
    assert (s.players[0].boosts, s.players[0].asteroids) == (25, 41)
    assert rm.supply_short(s) == ["Out of Asteroid cards (40 in the box): use a substitute",
                                  "Out of Boost cards (24 in the box): use a substitute"]
    big = flight(players={0: dict(xp=26)})
    assert rm.supply_short(big) == ["Out of Experience tokens (25 in the box): use a substitute"]
    assert rm.reminders(big, 0)[0].startswith("Out of Experience")


def test_rm090_experience_is_spent_in_2_4_only():
    """RM-090 (Phase 2.4: "Spend Experience tokens to gain Insights")."""
    s = flight(players={0: dict(xp=3)}, sub=5)
    assert rejection(s, rm.INSIGHT, 0, which=0).code == "phase_over"
    assert rejection(replace(s, step=PLAY_STEP), rm.INSIGHT, 0, which=0).code == "not_now"


def test_rm099_the_order_of_the_discard_pile_does_not_matter():
    """RM-099 (2.5: "The order of placing cards in your discard pile doesn't matter")."""
    def after(first, second):
        s = flight(players={0: dict(crew=cards(("A", "fuel"), ("B", "hull"), ("C", "hull")), hand=3, draw=0)},
                   sub=3)
        s, _ = act(s, rm.EXCHANGE, 0, card=first)
        s, _ = act(s, rm.EXCHANGE, 0, card=second)
        return s.players[0]
    a, b = after("A", "B"), after("B", "A")
    assert sorted(a.seen) == sorted(b.seen) and rm.hand_candidates(a) == rm.hand_candidates(b) == ["C"]
    assert (a.discard, a.xp) == (b.discard, b.xp) == (2, 2)


def test_rm105_rm106_rm112_asteroids_and_boosts_have_no_crew_ability():
    """RM-105 (Asteroids lack Crew abilities), RM-106 (not exchanged, not taken by a yellow hazard), RM-112 (Boosts
    cannot be copied, exchanged, or jettisoned by a yellow hazard)."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("C", Crew(copy=True)),), hand=3, boosts=1,
                                                 asteroids=1, draw=0, discard=0)})
    r = rejection(s, rm.PLAY, 0, card="Asteroid")
    assert r.code == "asteroid" and r.rule == "race-to-mars.txt, Asteroid Cards"
    s, _ = act(s, rm.PLAY_BOOST, 0)
    assert rejection(s, rm.PLAY, 0, card="C", copy="Boost").code == "copy_target"
    t = replace(s, step="turn", order=(0, 1), at=0, sub=3)
    for card in ("Asteroid", "Boost"):
        r = rejection(t, rm.EXCHANGE, 0, card=card)
        assert r.code == "not_crew" and r.rule == "race-to-mars.txt, Phase 2.3: Exchange Cards for Experience"
        y = replace(t, sub=2, hazards=("yellow",))
        assert rejection(y, rm.JETTISON_CREW, 0, zone="hand", card=card).code == "not_crew"


def test_rm124_a_headquarters_applies_only_to_its_owner():
    """RM-124 ("Place your chosen Headquarters card face-up ... a unique special ability that only applies to
    you"): Headquarters 3's discount for its owner only, and every player's Headquarters in the summary."""
    s = flight(players={0: dict(hq=3), 1: dict(hq=1)})
    assert insight_cost(s.players[0], INSIGHT_CARD) == 2 and insight_cost(s.players[1], INSIGHT_CARD) == 3
    assert [p["headquarters"] for p in rm.summary(s)["players"]] == [3, 1]


def test_rm156_zones_draw_pile_face_down_discard_face_up_play_area_this_turn():
    """RM-156 (Glossary: the personal discard pile face-up, the draw pile face-down, the play area for this
    turn's cards): the summary counts the draw pile and hand, names the play area; played cards leave it in 2.5."""
    s = flight(step=PLAY_STEP, players={0: dict(crew=cards(("A", "fuel"), ("B", "hull")), hand=1, draw=1)})
    s, _ = act(s, rm.PLAY, 0, card="A")
    me = rm.summary(s)["players"][0]
    assert (me["draw_pile"], me["hand"], me["play_area"]) == (1, 0, ["A"])
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 1)
    s = to_discard(s, 0)
    s, _ = act(s, rm.DISCARD, 0, keep=0)
    assert rm.summary(s)["players"][0]["play_area"] == []


def test_rm166_a_copy_module_copying_a_free_advance_jettisons_itself():
    """RM-166 (decision RA-25: the Copy module is that module for the turn, so the jettison falls on itself)."""
    s = flight(players={0: dict(modules=modules({"free_advance": 3, "name": "FA"}, {"copy": True, "name": "CP"}))})
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=1)
    p = s.players[0]
    assert [m.name for m in p.modules] == ["FA"] and p.pos == 2 and "jettisons CP" in texts(ev)


def test_rm172_insights_bought_apply_to_this_turns_discard_and_draw():
    """RM-172 (decision RA-46: "keep one card" and "draw an additional card" apply to this turn's 2.5 and 2.6)."""
    sc2, sc3 = (rm.cards.insight_of(c) for c in STARTING_CARDS[1:3])
    s = flight(players={0: dict(xp=2, hand=2, draw=5, asteroids=7)}, sub=4)
    s = replace(s, insights=(INSIGHT_CARD, sc2, sc3))
    assert rejection(replace(s, sub=5), rm.DISCARD, 0, keep=1).code == "keep_limit"
    s, _ = act(s, rm.INSIGHT, 0, which=1)
    s, _ = act(s, rm.INSIGHT, 0, which=2)
    s, ev = act(s, rm.DISCARD, 0, keep=1)
    assert s.players[0].hand == 1 + 3 and "draws 3" in texts(ev)
    assert (s.players[0].bought_keep, s.players[0].bought_draw) == (0, 0)  # this turn only


def test_rm181_player_tokens_are_markers_not_a_limit():
    """RM-181 (decision RA-42: 15 Player tokens per colour; beyond 15 steps the app keeps the count)."""
    s = flight(route=("fuel",) * 20, players={0: dict(modules=modules(*[{"resource": "fuel"} for _ in range(17)]))})
    for i in range(17):
        s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": i, "slot": 0})
    assert s.players[0].steps == 17 > PLAYER_TOKENS and len(s.players[0].used) == 17


@pytest.mark.parametrize("seed", range(6))
def test_rm183_the_start_player_chosen_or_drawn_also_holds_the_active_player_card(seed):
    """RM-183 (decision RA-04: "Give one player both the Start Player and Active Player cards"; the table
    chooses, or the app draws, seeded so that a replay gives the same seat)."""
    s = rm.new_game(options(4, start="random", seed=seed))
    assert s.start == s.active == rm.new_game(options(4, start="random", seed=seed)).start
    assert rm.to_act(s).seats == (s.start,)


def test_rm183_random_start_seats_vary():
    """RM-183: the drawn Start Player is not always the same seat."""
    assert len({rm.new_game(options(4, start="random", seed=k)).start for k in range(12)}) > 1


def test_rm187_post_launch_play_goes_on_with_the_space_pile_empty():
    """RM-187 (decision RA-11/RA-12: the Space cards are used only for reveals; post-launch play never needs
    them)."""
    s = flight(step=PLAY_STEP, pile=0, players={0: dict(draw=2), 1: dict(draw=2)})
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 1)
    for seat in (0, 1):
        s = to_discard(s, seat)
        s, ev = act(s, rm.DISCARD, seat, keep=0)
    assert s.step == PLAY_STEP and s.round == 14 and s.pile == 0 and "reveal" not in texts(ev)

"""Race to Mars: the four described Starting cards, card entry, effects the app
does not know, and the advice for the screens (race-to-mars.txt "Starting
Cards", "Anatomy of a Space Card")."""
import pytest

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.cards import (STARTING_CARDS, crew_of, insight_of, module_of, parse_space,
                                                parse_starting)
from companion.rules.race_to_mars.model import PLAY_STEP, CrewCard, replace
from companion.rules.race_to_mars.rocket import draw_count, keep_allowance, sources
from tests.rules.test_race_to_mars_helpers import act, cards, flight, modules, rejection, texts

SC = {i + 1: c for i, c in enumerate(STARTING_CARDS)}


def with_crew(n, **more):
    return dict(crew=(CrewCard(f"Starting card {n}", crew_of(SC[n])),) + more.pop("crew", ()), **more)


def test_rm142_rm143_rm144_starting_card_1():
    """RM-142..144 (SC1: draw a card, one wild basic; module: an additional card, top card revealed; Insight:
    two Experience to jettison any card from your hand or discard pile)."""
    s = flight(step=PLAY_STEP, players={0: with_crew(1, crew=cards(("x",)), hand=1, draw=1)})
    s, _ = act(s, rm.PLAY, 0, card="Starting card 1")
    assert s.players[0].hand == 1 and [x[3] for x in sources(s.players[0])] == ["wild"]
    m = module_of(SC[1], 7)
    assert m.draw == 1 and m.reveal_top and draw_count(replace(s.players[0], modules=(m,))) == 3
    ins = insight_of(SC[1])
    f = flight(insights=(ins,), players={0: dict(xp=2, asteroids=1, discard=1)})
    assert rejection(f, rm.INSIGHT, 0, which=0).code == "which_card"
    f, _ = act(f, rm.INSIGHT, 0, which=0, target={"zone": "discard", "card": "Asteroid"})
    assert (f.players[0].xp, f.players[0].asteroids, f.players[0].discard) == (0, 0, 0)


def test_rm145_rm146_rm147_starting_card_2():
    """RM-145..147 (SC2: draw and may jettison; a Communication resource; one Experience to keep one card)."""
    s = flight(step=PLAY_STEP, players={0: with_crew(2, crew=cards(("x",)), hand=1, draw=1, asteroids=1,
                                                     discard=1)})
    s, _ = act(s, rm.PLAY, 0, card="Starting card 2", jettison=[{"zone": "discard", "card": "Asteroid"}])
    assert (s.players[0].hand, s.players[0].asteroids) == (1, 0)
    comm = flight(route=("communication",), players={0: dict(modules=(module_of(SC[2], 1),))})
    comm, _ = act(comm, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0})
    assert comm.players[0].pos == 0
    f = flight(insights=(insight_of(SC[2]),), players={0: dict(xp=1)})
    f, _ = act(f, rm.INSIGHT, 0, which=0)
    assert keep_allowance(f.players[0]) == 1


def test_rm148_rm149_rm150_starting_card_3():
    """RM-148..150 (SC3: up to two cards back from the discard pile; jettison to advance exactly 5; one
    Experience to draw an additional card)."""
    s = flight(step=PLAY_STEP, players={0: with_crew(3, crew=cards(("x",), ("y",), ("z",)), hand=1, discard=3)})
    assert rejection(s, rm.PLAY, 0, card="Starting card 3", returned=3).code == "return_limit"
    s, _ = act(s, rm.PLAY, 0, card="Starting card 3", returned=2)
    assert (s.players[0].hand, s.players[0].discard) == (2, 1)
    f = flight(players={0: dict(modules=(module_of(SC[3], 1),))})
    f, _ = act(f, rm.FREE_ADVANCE, 0, module=0)
    assert f.players[0].pos == 4
    g = flight(insights=(insight_of(SC[3]),), players={0: dict(xp=1)})
    g, _ = act(g, rm.INSIGHT, 0, which=0)
    assert draw_count(g.players[0]) == 3


def test_rm151_rm152_rm153_starting_card_4():
    """RM-151..153 (SC4: one Experience and copy; an additional card, jettison to advance exactly 3 after which
    the extra draw is gone; four Experience to advance one space)."""
    s = flight(step=PLAY_STEP, players={0: with_crew(4, crew=cards(("x", "hull")), hand=2)})
    assert rejection(s, rm.PLAY, 0, card="Starting card 4").code == "nothing_to_copy"
    s, _ = act(s, rm.PLAY, 0, card="x")
    s, _ = act(s, rm.PLAY, 0, card="Starting card 4", copy="x")
    assert s.players[0].xp == 1 and [x[3] for x in sources(s.players[0])] == ["hull", "hull"]
    f = flight(players={0: dict(modules=(module_of(SC[4], 1),))})
    assert draw_count(f.players[0]) == 3
    f, _ = act(f, rm.FREE_ADVANCE, 0, module=0)
    assert f.players[0].pos == 2 and draw_count(f.players[0]) == 2
    g = flight(route=("red", "fuel"), insights=(insight_of(SC[4]),),
               players={0: dict(xp=4, modules=modules({"storage": 1}))})
    g, ev = act(g, rm.INSIGHT, 0, which=0)
    assert g.players[0].pos == 0 and g.hazards == ("red",) and "red hazard" in texts(ev)  # RM-161, in the hazard


def test_rm034_rm154_a_space_card_is_entered_with_the_part_used_and_unknown_effects_are_taken_on_trust():
    """RM-034, RM-154 (decision RA-36: what the app does not know is entered as its result)."""
    assert parse_space({"name": "S1", "crew": {"draw": 0, "resources": ["fuel"]}}) == {
        "name": "S1", "crew": {"resources": ["fuel"]}}
    with pytest.raises(ValueError, match="keep"):
        parse_space({"name": "S1", "crew": {"look": 1, "keep": 2}})
    assert parse_starting({"name": "Starting card 7"}) == {"name": "Starting card 7"}
    s = flight(step=PLAY_STEP, players={0: dict(crew=cards(("U",), ("v",)), hand=1, draw=1)})
    s = replace(s, players=(replace(s.players[0], crew=(CrewCard("U", crew_of({"name": "U", "crew": {
        "other": "something clever"}})),) + s.players[0].crew[1:]),) + s.players[1:])
    s, ev = act(s, rm.PLAY, 0, card="U", result={"draw": 1, "xp": 1})
    assert "players' word" in texts(ev) and (s.players[0].hand, s.players[0].xp) == (1, 1)
    k = flight(step=PLAY_STEP, players={0: dict(crew=cards(("K", "fuel")), hand=1)})
    assert rejection(k, rm.PLAY, 0, card="K", result={"xp": 1}).code == "known_effect"


def test_advice_reach_launch_readiness_and_reminders():
    """Extras for the screens: how far, hazards on the way, who can launch, reminders."""
    from companion.rules.race_to_mars.model import Played, Crew
    s = flight(route=("fuel", "red", "hull", "engineering"),
               players={0: dict(modules=modules({"resource": "fuel"}, {"protection": "red"}, {"draw": 1},
                                                {"storage": 1}),
                                play=(Played("W", Crew(("wild",))),), crew=cards(("W", "wild")))})
    r = rm.reach(s, 0)
    assert r["spaces"] == 2 and r["path"] == ["fuel", "hull"] and r["hazards"] == [
        {"colour": "red", "after": 1, "protected": True}] and not r["mars"]
    notes = rm.reminders(s, 0)
    assert "Draw 3: +1 Extra draw module" in notes and "1 card kept by Storage" in notes
    assert "You can advance 2 spaces with what is in play" in notes
    in_2_5 = replace(s, sub=5, players=(replace(s.players[0], hand=0),) + s.players[1:])
    assert "1 card kept by Storage" not in rm.reminders(in_2_5, 0), "2.5 with an empty hand keeps nothing"
    from tests.rules.test_race_to_mars_helpers import options, through_round_12
    pre = through_round_12(rm.new_game(options(2)))
    ready = rm.launch_readiness(pre)
    assert ready[0]["can_launch"] and ready[0]["trajectory"] == 12 and ready[0]["short"] == 0


def test_rm036_rm135_advice_words_name_the_player_the_draw_source_and_a_hazard_right_ahead():
    """RM-036, RM-135, RM-078 (The Rocket: Extra draw; Headquarters 10; Phase 2.4: Spend Experience; Hazards;
    Launching the Rocket): the hints say whose launch it is, where a hazard lies (0 spaces: right in front),
    and what each extra draw comes from (an Insight is not an Extra draw module)."""
    s = flight(route=("green", "fuel", "red", "fuel"),
               players={0: dict(modules=modules({"resource": "fuel"}, {"resource": "fuel"}), bought_draw=1)})
    notes = rm.reminders(s, 0)
    assert "A green hazard lies right in front of the rocket, before the next space" in notes
    assert "A red hazard lies after the next 1 space" in notes
    assert "Draw 3: +1 Insight bought this turn" in notes and not any("module" in n for n in notes)
    from companion.rules.race_to_mars.advice import draw_sources
    p = replace(s.players[0], hq=10, modules=modules({"draw": 1}, {"draw": 1}), bought_draw=2)
    assert draw_sources(p) == [("Extra draw modules", 2), ("Headquarters 10", 2), ("Insights bought this turn", 2)]
    from tests.rules.test_race_to_mars_helpers import options, through_round_12
    pre = through_round_12(rm.new_game(options(2)))
    words = {r["seat"]: r["words"] for r in rm.launch_readiness(pre)}
    now = rm.to_act(pre).seats[0]
    assert words[now] == f"{pre.names[now]} can launch now"
    assert words[1 - now] == f"{pre.names[1 - now]} could launch on their turn"


@pytest.mark.parametrize("entry, said", [({"name": "X", "effect": 1}, "the card has an unknown field 'effect'"),
                                         ([1], "the card must be an object"),
                                         ({"name": "Nul\u0000"}, "name must be one line of printable text")])
def test_a_bad_catalogue_entry_is_called_a_card_not_a_move(entry, said):
    """A tester's finding: a catalogue problem read "the move has an unknown field 'effect'"."""
    with pytest.raises(ValueError) as info:
        parse_space(entry)
    assert str(info.value).startswith(said), str(info.value)


def test_a_space_card_holds_no_green_hazard():
    """"Hazards": "The Green hazard (on the Trajectory card)": a Space card's lane with one is a mistake of the
    entry (the editor no longer offered it to Space cards; a hand-edited catalogue is told so)."""
    with pytest.raises(ValueError, match="only on the Trajectory card"):
        parse_space({"name": "S009", "trajectory": [["fuel", "green"]]})
    assert parse_space({"name": "S009", "trajectory": [["fuel", "red"]]})["trajectory"][0] == ["fuel", "red"]

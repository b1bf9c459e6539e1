"""Race to Mars: the Insights of the undescribed Starting cards 5-8 and unknown effects entered as their
result (race-to-mars.txt "Reference: Insights and Hazards (back page)", "Starting Cards", "Phase 2.4: Spend
Experience"). Decisions: RM-154 (their contents come from the catalogue as printed), RM-159 (a rocket keeps its
lane unless "change trajectory" moves it)."""
import re

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.cards import BACK_PAGE_ONLY, STARTING_CARDS, insight_of
from companion.rules.race_to_mars.model import INSIGHT_CARD, PLAY_STEP, Crew, CrewCard, replace
from tests.rules.test_race_to_mars_helpers import act, flight, modules, rejection, texts
from tests.rulebooks import RULEBOOKS

RULEBOOK = RULEBOOKS / rm.RULEBOOK


def _with_insight(s, **insight):
    card = {"name": "Starting card 6", "insight": {"cost": 1, **insight}}
    return replace(s, insights=(INSIGHT_CARD, insight_of(card)))


def test_rm154_the_back_page_insights_left_for_starting_cards_5_to_8():
    """RM-154 (decision RA-36: the back page's Insights not on the Insight card or Starting cards 1-4 are
    presumably those of Starting cards 5-8; the app labels them so, the players enter each card as printed)."""
    line = next(x for x in RULEBOOK.read_text().splitlines() if x.startswith("Insights:"))
    back = [x.strip() for x in line.removeprefix("Insights:").rstrip(".").split(";")]
    described = {"add a Boost card to your discard pile", "store a card", "draw a card", "jettison a card",
                 "advance 1 space"}
    assert len(back) == 9 and described <= set(back)
    assert tuple(x for x in back if x not in described) == BACK_PAGE_ONLY
    assert {c["insight"]["effect"] for c in STARTING_CARDS} == {"jettison", "store", "draw", "advance"}
    unknown = insight_of({"name": "Starting card 7"})
    assert (unknown.effect, unknown.cost) == ("other", 0)  # not entered: its cost and result said when bought


def test_an_insight_not_entered_costs_what_is_printed_on_it_said_when_bought_and_kept():
    """"Starting Cards" (each Insight has its printed cost; decision RA-36: the players enter each card as
    printed): an Insight whose Starting card was not entered cost 1 Experience without asking (a tester's
    finding). The printed cost is said with the move, checked against the Experience, and kept."""
    s = flight(players={0: dict(xp=2), 1: dict(xp=3)}, sub=4)
    s = replace(s, insights=(INSIGHT_CARD, insight_of({"name": "Starting card 7"})))
    assert rejection(s, rm.INSIGHT, 0, which=1, cost=3).code == "too_little_xp"
    old, _ = act(s, rm.INSIGHT, 0, which=1)  # a move logged before the cost was asked: it cost 1 then, and replays
    assert old.players[0].xp == 1 and old.insights[1].cost == 0  # so (a tester's finding: that game was lost)
    broke = replace(s, players=(replace(s.players[0], xp=0),) + s.players[1:])
    assert rejection(broke, rm.INSIGHT, 0, which=1).code == "too_little_xp"  # not "say its cost"
    # ... and not "costs 1 Experience" either: its price is the one printed, not entered yet (helper h2's finding)
    assert "costs at least 1 Experience (the price printed on it)" in rejection(broke, rm.INSIGHT, 0, which=1).message
    costs = sorted(a.args["cost"] for a in rm.legal_actions(s) if a.kind == rm.INSIGHT and a.args["which"] == 1)
    assert costs == [1, 2]
    s, ev = act(s, rm.INSIGHT, 0, which=1, cost=2)
    assert s.players[0].xp == 0 and "spends 2 Experience on Starting card 7" in texts(ev)
    assert s.insights[1].cost == 2 and rm.summary(s)["insights"][1]["cost"] == 2
    assert rejection(s, rm.INSIGHT, 0, which=1, cost=1).code == "known_cost"  # said once: kept


def test_rm159_a_rocket_keeps_its_lane_unless_it_changes_trajectory():
    """RM-159 (decision RA-01): advancing never changes the lane; the "change trajectory" Insight moves the rocket
    to another lane at the same number of spaces from Earth, passing no hazard."""
    s = flight(route=("fuel", "red", "hull", "fuel", "fuel"), players={0: dict(xp=2, modules=modules(
        {"resource": "fuel"}))}, sub=2)
    lanes = list(s.slots[0])
    lanes[2] = ("yellow", "hull", "hull", "fuel", "fuel")
    s = replace(s, slots=(tuple(lanes),) + s.slots[1:])
    from companion.rules.race_to_mars.rocket import build_routes
    s = replace(s, routes=build_routes(s))
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0})
    assert (s.players[0].pad, s.players[0].pos) == (0, 0)
    s = _with_insight(replace(s, sub=4), effect="trajectory")
    r = rejection(s, rm.INSIGHT, 0, which=1)
    assert r.code == "lane" and r.rule == "race-to-mars.txt, Reference: Insights and Hazards (back page)"
    assert rejection(s, rm.INSIGHT, 0, which=1, lane=0).code == "same_lane"
    assert {a.args.get("lane") for a in rm.legal_actions(s) if a.kind == rm.INSIGHT and a.args["which"] == 1} \
        == {1, 2, 3}
    s, ev = act(s, rm.INSIGHT, 0, which=1, lane=2)
    p = s.players[0]
    assert (p.pad, p.pos, p.xp) == (2, 1, 1) and "changes to trajectory 3" in texts(ev) and not s.hazards
    s, _ = act(s, rm.INSIGHT, 0, which=1, lane=0)
    assert (s.players[0].pad, s.players[0].pos) == (0, 0)


def test_rm154_hazard_protection_on_your_next_turn():
    """RM-154, RM-079 (back page: "hazard protection on your next turn"; decision RA-35/RA-46: on the owner's next
    turn, in the colour printed, or the one the players name when the card entry lacks it)."""
    s = _with_insight(flight(players={0: dict(xp=2, draw=4)}, sub=4), effect="protect")
    r = rejection(s, rm.INSIGHT, 0, which=1)
    assert r.code == "colour" and r.rule == "race-to-mars.txt, Reference: Insights and Hazards (back page)"
    s, _ = act(s, rm.INSIGHT, 0, which=1, colour="red")
    assert s.players[0].shield_next == ("red",) and not rm.reach(s, 0)["hazards"]
    s, _ = act(s, rm.DISCARD, 0, keep=0)
    assert s.players[0].shield == ("red",)
    from companion.rules.race_to_mars.rocket import protected
    assert protected(s.players[0], "red") and not protected(s.players[0], "yellow")
    p = replace(s.players[0], shield_next=())
    s = replace(s, players=(p,) + s.players[1:], step="turn", order=(0, 1), at=0, sub=5)
    s, _ = act(s, rm.DISCARD, 0, keep=0)
    assert not protected(s.players[0], "red")  # one turn only


def test_rm057_an_unknown_effect_is_entered_as_a_combined_result_and_may_jettison_several_cards():
    """RM-057 ("must be fully executed"), RM-067: an effect the app does not know is entered as its result, any
    combination (cards drawn, Experience, spaces advanced by an Insight), and jettisons what the card says."""
    crew = (CrewCard("U", Crew(other="printed, not entered")),)
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=1, draw=3, discard=3, asteroids=3)})
    s, ev = act(s, rm.PLAY, 0, card="U", jettison=[{"zone": "discard", "card": "Asteroid"}] * 2,
                result={"draw": 2, "xp": 1})
    p = s.players[0]
    assert (p.asteroids, p.discard, p.hand, p.xp) == (1, 1, 2, 1) and "players' word" in texts(ev)
    s = _with_insight(flight(route=("fuel", "red", "fuel", "fuel"), players={0: dict(xp=1, draw=2)}, sub=4),
                      effect="other")
    s, ev = act(s, rm.INSIGHT, 0, which=1, result={"draw": 1, "advance": 2})
    p = s.players[0]
    assert (p.pos, p.hand, p.xp) == (2, 1, 0) and "red hazard" in texts(ev)
    crew2 = (CrewCard("U", Crew(other="x")), CrewCard("A", Crew()))
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew2, hand=2, draw=0, discard=0)})
    r = rejection(s, rm.PLAY, 0, card="U", result={"advance": 1})
    assert r.code == "advance_in_2_2" and r.rule == "race-to-mars.txt, Phase 2.2: Advance Rocket"


def test_rm037_rm185_the_card_kept_in_2_5_says_where_the_keep_comes_from():
    """"Storage: You may keep one card between turns (phase 2.5) per storage module" ("The Rocket"); Starting
    card 2's Insight: "Spend one Experience token to keep one card in your hand to the next turn (phase 2.5)";
    Headquarters 2: a module used twice. A tester without a Storage module bought the Insight and read "1 card
    kept by Storage" in 2.5: the reminder, and the refusal of keeping more, name where the keep comes from."""
    store = dict(cost=1, effect="store", text="keep one card in your hand to the next turn")
    s = _with_insight(flight(players={0: dict(xp=2, hand=3, draw=2, crew=_cards(5))}), **store)
    s = replace(s, sub=4)
    s, _ = act(s, rm.INSIGHT, 0, which=1)
    s, _ = act(s, rm.DONE, 0)
    notes = rm.reminders(s, 0)
    assert s.sub == 5 and "1 card kept by an Insight bought this turn" in notes, notes
    assert not any("Storage" in n for n in notes), notes
    r = rejection(s, rm.DISCARD, 0, keep=2)
    assert r.code == "keep_limit" and r.message == "You may keep 1 card (1 by an Insight bought this turn).", r
    both = put_player(s, modules=modules({"storage": 1}), bought_keep=2)
    assert "3 cards kept: 1 by Storage, 2 by Insights bought this turn" in rm.reminders(both, 0)
    twice = put_player(s, hq=2, modules=modules({"storage": 1}, {"copy": True}), bought_keep=0)
    twice = put_player(twice, double=twice.players[0].modules[0].uid)
    assert "3 cards kept: 1 by Storage, 1 by a Copy module copying Storage, 1 by Headquarters 2" in \
        rm.reminders(twice, 0), rm.reminders(twice, 0)
    plain = put_player(s, modules=modules({"storage": 1}), bought_keep=0)
    assert "1 card kept by Storage" in rm.reminders(plain, 0)


def _cards(n):
    return tuple(CrewCard(f"C{k}", Crew(("fuel",))) for k in range(n))


def put_player(s, **fields):
    """``s`` with seat 0's Player changed by ``fields``."""
    return replace(s, players=(replace(s.players[0], **fields),) + s.players[1:])


def test_a_jettison_with_the_hand_and_the_discard_pile_empty_names_both():
    """"Starting Cards" (card 1's Insight: "jettison any card from your hand or from your personal discard
    pile"): with both empty the refusal names both. A tester's finding: it said "the hand is empty", the player
    asked about the discard pile. One place empty still names that place (Phase 2.1's jettison ability too)."""
    card = next(c for c in STARTING_CARDS if c["insight"]["effect"] == "jettison")
    s = flight(players={0: dict(crew=(CrewCard("A", Crew(resources=("fuel",))),), hand=0, discard=0, xp=5)})
    s = replace(s, sub=4, insights=(INSIGHT_CARD, insight_of(card)))
    for zone in ("hand", "discard"):
        r = rejection(s, rm.INSIGHT, 0, which=1, target={"zone": zone, "card": "A"})
        assert r.code == "jettison_target", r
        assert r.message == "Cannot jettison that: the hand and the discard pile are both empty.", r.message
    s = flight(players={0: dict(crew=(CrewCard("A", Crew(resources=("fuel",))),), hand=0, discard=1, seen=("A",),
                                xp=5)})
    s = replace(s, sub=4, insights=(INSIGHT_CARD, insight_of(card)))
    assert rejection(s, rm.INSIGHT, 0, which=1, target={"zone": "hand", "card": "A"}).message == \
        "Cannot jettison that: the hand is empty."
    act(s, rm.INSIGHT, 0, which=1, target={"zone": "discard", "card": "A"})

"""Mission to Mars 2049: the words players read in the event log and the tips
(a newcomer's report: "a Air", "1 food", "into 1 (3) and 0 (8) tokens", a
"blocks your next Base" tip for buying a Mission, "You lead" for a player last
on points) and the refusals that say the die's demands come first (3.4.1)."""
from companion.rules.contract import Action
from companion.rules.mission_to_mars_2049 import advice
from companion.rules.mission_to_mars_2049.checks import _check_build_base
from tests.rules.test_mission_to_mars_2049_setup import (act, cites, colony, main_state, rejection, rich, roll,
                                                          started, texts)

from companion.rules import mission_to_mars_2049 as mm


def test_event_texts_use_the_right_article_and_capitals():
    s = rich(main_state(3), 0)
    _, ev = act(s, "build_station", resource="air")
    assert "builds an Air Station at Base 1" in texts(ev)
    _, ev = act(s, "build_station", resource="food")
    assert "builds a Food Station" in texts(ev)
    _, ev = act(s, "trade", give="air", get="food")
    assert texts(ev).endswith("trades 4 Air for 1 Food")
    _, ev = act(s, "trade", give="air", get="road")
    assert texts(ev).endswith("trades 4 Air for a Road card")
    _, ev = act(s, "buy", deck="aggressive", immediate=False)
    assert "buys an Aggressive Mission Card" in texts(ev)
    _, ev = act(s, "to_token", resource="air", token=8)
    assert "into an (8) token" in texts(ev)


def test_the_blocking_tip_is_only_for_stations_and_laboratories_at_the_newest_base():
    """3.6.4 "Always leave room for your next Base" is about spots next to the newest Base: buying a
    Mission Card that spends the Base's resources gets no such tip."""
    s = colony(main_state(3), 0, cards=(3, 3, 3), bases=2)
    buy = Action("buy", {"deck": "peaceful", "immediate": False}, 0)
    assert mm.check(s, buy) is None
    assert not any("blocks your next Base" in h or "3.6.4" in h for h in advice.hints(s, buy))
    s = colony(s, 0, cards=(5, 3, 3))
    at_newest = Action("build_station", {"resource": "minerals", "base": 2}, 0)
    assert any("blocks your next Base" in h and "3.6.4" in h for h in advice.hints(s, at_newest))
    at_first = Action("build_station", {"resource": "minerals", "base": 1}, 0)
    assert not any("blocks" in h or "3.6.4" in h for h in advice.hints(s, at_first))


def test_the_armageddon_tip_names_the_bases_closest_to_the_pole_not_the_lead():
    """4.1 Aggressive Mission Cards: Armageddon "Destroys the Base located closest to the North Pole";
    a player with the most Bases may be last on points, so the tip does not say "You lead"."""
    s = colony(rich(colony(main_state(3), 0, bases=2), 1), 1, bases=2, lab3=1, lab2=2, roads=3)
    assert mm.points(s.colonies[0]) < mm.points(s.colonies[1])
    tips = advice.hints(s, Action("buy", {"deck": "aggressive", "immediate": False}, 0))
    tip = next(t for t in tips if "Armageddon" in t)
    assert "You lead" not in tip and "closest to the North Pole" in tip and "Base 2" in tip


def test_a_base_over_a_station_says_it_is_the_way_out_of_a_blocked_colony():
    """Q.2 (the escape when blocked) and 3.6.2 ("Always build new bases next to each other") are both
    quoted where the decision is made, and the tip for the move says so."""
    doc = _check_build_base.__doc__
    assert "blocked myself and now I" in doc and "Always build new bases next to each other" in doc
    s = colony(main_state(3), 0, cards=(3, 3, 3))
    tips = advice.hints(s, Action("build_base", {"over": 0}, 0))
    assert any("Q.2" in t and "no refund" in t and "3.6.2" in t for t in tips)


def test_moves_before_the_die_is_done_cite_3_4_1():
    """3.4.1: "Do everything the Die tells you to do and only then you can start trading, building or
    playing Mission Cards": "I'm done!" or a build during a Robbery or a Discovery is refused so."""
    s, _ = roll(started(3), "robbery")
    rej = cites(rejection(s, "done"), "3.4.1 Always start your game turn with rolling the Die.")
    assert "Everything the die demands is done first" in rej.message and "Robbery" in rej.message
    s, _ = roll(started(3), "discovery")
    cites(rejection(s, "build_road"), "3.4.1 Always start your game turn with rolling the Die.")


def test_cards_into_tokens_off_turn_says_why_that_player_may_not():
    """A tester's finding: Blue, holding one Air card after Anna rolled Air, was told "Blue may not act now: it
    is up to Anna or ...", naming players who may only change Air cards. Q.7 says the reason: only cards of
    the type just produced, 3 of them for the smallest token; and nothing when the roll produced nothing."""
    from companion.rules.mission_to_mars_2049.model import RESOURCES
    air = RESOURCES.index("air")
    s = main_state(3, seat=0, produced=air)
    s = colony(colony(s, 1, cards=(1, 1, 1)), 2, cards=(4, 4, 4))
    name = s.seats[1].name
    rej = cites(rejection(s, "to_token", 1, resource="food", token=3), "7. F.A.Q. (Optional), Q.7")
    assert rej.message == (f"When it is not their turn, {name} may only change Air cards, the type just produced, "
                           f"into tokens: a (3) token takes 3, {name} holds 1."), rej.message
    assert rejection(s, "to_token", 2, resource="air", token=3) is None  # one who may
    s = main_state(3, seat=0, produced=-1)
    rej = cites(rejection(s, "to_token", 1, resource="air", token=3), "7. F.A.Q. (Optional), Q.7")
    assert rej.message.endswith("this turn's roll produced none."), rej.message


def test_a_blind_draws_line_for_hidden_hands_leaves_out_the_kind_drawn():
    """3.5 Robbery: "Draw blind without seeing the cards": with hands hidden the table reads that a card was
    drawn, not which (``hidden_hands_text``); the event keeps its kind in ``text`` and ``data`` (open hands, the
    log), and every other line is left as it is. A stored event (text and data only) reads the same."""
    from companion.rules.contract import Event
    from companion.rules.mission_to_mars_2049.model import replace
    s = replace(main_state(3), phase="rob", face=4, rob_victim=-1, rob_left=1)
    _, ev = act(s, "rob", victim=1, resource="food")
    robbed = [e for e in ev if e.kind == "robbed"]
    assert [e.text for e in robbed] == ["Anna draws 1 Food card from Ben"]
    assert [mm.hidden_hands_text(e) for e in robbed] == ["Anna draws 1 Resource card blind from Ben"]
    stored = Event("robbed", robbed[0].text, dict(robbed[0].data))
    assert mm.hidden_hands_text(stored) == "Anna draws 1 Resource card blind from Ben"
    other = Event("production", "Food rolled: Anna +1")
    assert mm.hidden_hands_text(other) == other.text


def test_a_token_refused_off_turn_has_words_for_a_hidden_hand():
    """F.A.Q. Q.7 and 3.8: with hands hidden a refusal of cards into a token off turn must not say what the
    player holds (``hidden_hands_reason``); the player whose turn it is, and every other refusal, keep theirs."""
    from companion.rules.mission_to_mars_2049.checks import hidden_hands_reason
    from companion.rules.mission_to_mars_2049.model import replace
    s = replace(colony(main_state(3), 1, cards=(5, 2, 2)), produced=0)
    off = Action("to_token", {"resource": "air", "token": 8}, 1)
    r = mm.check(s, off)
    assert r is not None and "short" in r.message   # the rules' own words: 3 Air short
    hidden = hidden_hands_reason(s, off, r)
    assert hidden.code == r.code and "Q.7" in hidden.rule
    assert "5" not in hidden.message and "short" not in hidden.message, hidden.message
    mine = Action("to_token", {"resource": "air", "token": 8}, 0)
    r = mm.check(s, mine)
    assert r is not None and hidden_hands_reason(s, mine, r) is r


def test_the_cards_drawn_blind_this_turn_are_counted_and_their_refusals_have_words_for_a_hidden_hand():
    """3.5 Robbery ("Draw blind without seeing the cards") and the Grand Theft Mission: ``drawn_blind`` counts the
    cards the player whose turn it is drew blind this turn (the other players: 0), back to 0 when the die passes
    on; once there is one, a price refused to that player is said without what they lack (``hidden_hands_reason``:
    "3 Food, 3 Minerals short" beside the "1 Air, 3 Food, 3 Minerals short" said before the draw names the kind
    drawn); before the draw it keeps its count."""
    from companion.rules.mission_to_mars_2049.checks import hidden_hands_reason
    from companion.rules.mission_to_mars_2049.model import replace
    s = replace(colony(colony(main_state(3), 0, cards=(2, 0, 0)), 1, cards=(2, 2, 0)), phase="rob", face=4,
                rob_victim=-1, rob_left=1)
    base = Action("build_base", {}, 0)
    assert mm.drawn_blind(s, 0) == 0
    r = mm.check(replace(s, phase="main"), base)
    assert r is not None and "1 Air, 3 Food, 3 Minerals short" in r.message, r.message
    assert hidden_hands_reason(replace(s, phase="main"), base, r) is r
    s, _ = act(s, "rob", victim=1, resource="air")
    assert s.phase == "main" and (mm.drawn_blind(s, 0), mm.drawn_blind(s, 1)) == (1, 0)
    r = mm.check(s, base)
    hidden = hidden_hands_reason(s, base, r)
    assert "short" in r.message and hidden.code == r.code and hidden.rule == r.rule
    assert hidden.message == "A Base costs 3 Air, 3 Food, 3 Minerals: more than Anna holds.", hidden.message
    s, _ = act(s, "done")
    assert s.current == 1 and mm.drawn_blind(s, 0) == mm.drawn_blind(s, 1) == 0

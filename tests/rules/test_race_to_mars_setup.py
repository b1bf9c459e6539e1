"""Race to Mars: setup, Headquarters, Starting cards (race-to-mars.txt "Setup",
"Headquarters", "Starting Cards")."""
import pytest

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.cards import STARTING_CARDS
from tests.rules.test_race_to_mars_helpers import act, options, rejection, texts, through_round_12

SC = {c["name"]: c for c in STARTING_CARDS}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_default_options_give_a_valid_table(n):
    s = rm.new_game(rm.default_options(n, seed=3))
    assert len(rm.seats(s)) == n and rm.invariants(s) == [] and rm.phase(s) == "Headquarters"


def test_rm001_rm184_two_to_four_players_one_colour_each():
    """RM-001, RM-184 (Table of Contents: 4 Rocket cards, 1 per player colour)."""
    for bad in (options(1), options(5) if False else {"players": [{"name": str(i), "colour": str(i)}
                                                                  for i in range(5)]}):
        with pytest.raises(ValueError, match="Table of Contents"):
            rm.new_game(bad)
    with pytest.raises(ValueError, match="colour"):
        rm.new_game({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]})


def test_rm008_rm182_pawns_start_on_different_launch_pads():
    """RM-008 (Setup: "different launch pads"), RM-182."""
    with pytest.raises(ValueError, match="different launch pad"):
        rm.new_game(options(2, pads=[1, 1]))
    s = rm.new_game(options(2, pads=[3, 0]))
    assert [p.pad for p in s.players] == [3, 0]


def test_rm003_full_game_the_trajectory_card_sits_between_slot_6_and_slot_7():
    """RM-003 (Setup: Earth, six cards, the Trajectory card, six cards, Mars); its Green hazard."""
    s = rm.new_game(options(2, first_game=False))
    s = s.__class__(**{**s.__dict__, "step": "pre-launch", "order": (0, 1), "round": 1, "revealed": 3})
    s = through_round_12(s, leftover=lambda r: {"name": f"T{r}", "trajectory": [[f"{'fuel' if r <= 6 else 'hull'}"]]
                                                * 4})
    assert s.routes[0] == ("fuel",) * 6 + ("trajectory card not entered",) + ("hull",) * 6 + ("any",)
    s, _ = act(s, rm.TRAJECTORY, rm.to_act(s).seats[0], lanes=[["green", "velocity"]] * 4)
    assert s.routes[0] == ("fuel",) * 6 + ("green", "velocity") + ("hull",) * 6 + ("any",)


def test_rm004_first_game_all_12_cards_go_from_earth_to_mars():
    """RM-004 (Setup 1 and Pre-launch: "In the recommended first game, all 12 cards go from Earth to Mars")."""
    s = through_round_12(rm.new_game(options(2)))
    assert "green" not in s.routes[0] and len(s.routes[0]) == 12 * 2 + 1
    assert rm.phase(rm.new_game(options(2))) == "1.1 Pick a card"


def test_rm011_rm017_start_player_also_holds_the_active_player_card_and_goes_first():
    """RM-011 (Setup 8), RM-017 (Turn Order: starting with the Active Player)."""
    s = rm.new_game(options(3, start=2))
    assert s.start == 2 and s.active == 2 and rm.to_act(s).seats == (2,)


def test_rm012_rm122_rm123_headquarters_chosen_clockwise_from_the_start_player_each_dealt_once():
    """RM-012, RM-122, RM-123 (Headquarters: "Reveal your choices in clockwise order, starting with the
    player with the Start Player card")."""
    s = rm.new_game(options(3, first_game=False, start=1))
    assert rm.to_act(s).seats == (1,)
    assert rejection(s, rm.HEADQUARTERS, 0, keep=1, back=2).code == "not_your_turn"
    s, ev = act(s, rm.HEADQUARTERS, 1, keep=3, back=4)
    assert s.players[1].hq == 3 and "Headquarters 3" in ev[0].text
    r = rejection(s, rm.HEADQUARTERS, 2, keep=4, back=5)
    assert r.code == "hq_dealt_once" and r.rule == "race-to-mars.txt, Headquarters"
    assert rejection(s, rm.HEADQUARTERS, 2, keep=5, back=5).code == "hq_dealt_once"
    s, _ = act(s, rm.HEADQUARTERS, 2, keep=9, back=5)
    s, _ = act(s, rm.HEADQUARTERS, 0, keep=1, back=2)
    assert rm.phase(s) == "Starting cards"
    assert s.players[2].boosts == 2  # RM-133: Headquarters 9 starts with two Boost cards


def _to_starting(n=3, hqs=(1, 2, 3, 7)):
    s = rm.new_game(options(n, first_game=False))
    for i in range(n):
        s, _ = act(s, rm.HEADQUARTERS, i, keep=hqs[i], back=10 - i)
    return s


def test_rm013_rm138_we1_starting_cards_one_beside_the_insight_card_and_one_more_than_players_revealed():
    """RM-013, RM-138, WE-1 (Setup 10: "four cards for a three-player game")."""
    s = _to_starting(3)
    assert s.revealed == 4
    e = rm.expects(s)
    assert e.kind == "card" and e.card_kind == "starting" and e.action == rm.STARTING and e.seat == 0
    assert rejection(s, rm.STARTING, 0, card=SC["Starting card 1"], place="crew").code == "insight_row"


def _reveal(s, *names):
    """The table enters the revealed Starting cards (builtin ones by their printed entry)."""
    for name in names:
        s, _ = act(s, rm.STARTING, s.start, card=SC.get(name, {"name": name}), place="revealed")
    return s


def test_rm139_rm140_rm141_picks_counterclockwise_from_the_right_of_the_start_player_leftover_is_an_insight():
    """RM-139..141 (Starting Cards: "counterclockwise order, starting with the player to the right of the player
    with the Start Player card"; "The leftover card is placed next to the Insight card"; "a total of three
    Insights")."""
    s = _to_starting(3)
    s, _ = act(s, rm.STARTING, 0, card=SC["Starting card 1"], place="insight")
    assert rm.starting_stage(s) == "revealed" and rm.to_act(s).seats == (0,)
    s = _reveal(s, "Starting card 2", "Starting card 3", "Starting card 4", "Starting card 6")
    assert rm.starting_stage(s) == "pick" and rm.to_act(s).seats == (2,)
    assert rm.starting_choices(s) == ("Starting card 2", "Starting card 3", "Starting card 4", "Starting card 6")
    s, _ = act(s, rm.STARTING, 2, card={"name": "Starting card 2"}, place="module")
    assert s.players[2].modules[0].resource == "communication"  # the printed card, named only
    assert rm.to_act(s).seats == (1,)
    s, _ = act(s, rm.STARTING, 1, card=SC["Starting card 3"], place="crew")
    r = rejection(s, rm.STARTING, 0, card=SC["Starting card 3"], place="crew")
    assert r.code == "not_revealed" and r.rule == "race-to-mars.txt, Starting Cards"
    s, ev = act(s, rm.STARTING, 0, card=SC["Starting card 4"], place="crew")
    assert "Starting card 6 joins the Insight row" in texts(ev)  # the one leftover, at once
    assert [i.name for i in s.insights] == ["Insight card", "Starting card 1", "Starting card 6"]
    assert s.insights[2].effect == "other"  # not entered: the table's word is taken
    assert rm.phase(s) == "1.1 Pick a card" and s.round == 1


def test_rm013_rm138_the_step_asks_which_starting_cards_were_revealed_described_or_unknown():
    """RM-013, RM-138 (Setup 10: "reveal one more card than there are players"): the reveal is entered card by
    card; the four described cards are built in; an undescribed one may be "Unknown Starting card"."""
    s = _to_starting(2)
    e = rm.expects(s)
    assert (e.card_kind, e.detail, e.seat) == ("starting", "insight", 0)
    s, _ = act(s, rm.STARTING, 0, card={"name": rm.UNKNOWN_STARTING}, place="insight")
    e = rm.expects(s)
    assert e.detail == "revealed" and "Revealed Starting card 1 of 3" in e.purpose and rm.UNKNOWN_STARTING in \
        e.purpose
    r = rejection(s, rm.STARTING, 1, card=SC["Starting card 1"], place="crew")
    assert r.code == "not_your_turn"
    r = rejection(s, rm.STARTING, 0, card=SC["Starting card 1"], place="crew")
    assert r.code == "reveal_first" and r.rule == "race-to-mars.txt, Starting Cards"
    s = _reveal(s, rm.UNKNOWN_STARTING, "Starting card 1", rm.UNKNOWN_STARTING)
    assert rm.starting_choices(s) == ("Unknown card 2", "Starting card 1", "Unknown card 3")
    assert s.insights[1].name == "Unknown card 1"
    s, _ = act(s, rm.STARTING, 1, card={"name": "Unknown card 2", "crew": {"draw": 2}}, place="crew")
    assert s.players[1].crew[0].crew.draw == 2  # the part used, entered at the pick
    s, _ = act(s, rm.STARTING, 0, card={"name": "Starting card 1"}, place="module")
    assert s.players[0].modules[0].draw == 1 and s.insights[-1].name == "Unknown card 3"
    assert rm.invariants(s) == []


def test_rm128_headquarters_4_one_more_starting_card_and_an_extra_pick_last():
    """RM-128 (Headquarters 4: "You get to pick an additional one once everyone has picked")."""
    s = _to_starting(2, hqs=(4, 1))
    assert s.revealed == 4 and s.order == (0, 1, 0, 0)
    s, _ = act(s, rm.STARTING, 0, card=SC["Starting card 1"], place="insight")
    s = _reveal(s, "Starting card 2", "Starting card 3", "Starting card 4", "Starting card 5")
    for seat, name in ((1, "Starting card 2"), (0, "Starting card 3"), (0, "Starting card 4")):
        s, _ = act(s, rm.STARTING, seat, card=SC[name], place="crew")
    assert len(s.players[0].crew) == 2
    assert [i.name for i in s.insights] == ["Insight card", "Starting card 1", "Starting card 5"]


def test_rm132_headquarters_8_in_the_starting_draft_two_leftovers_the_last_picker_chooses_one():
    """RM-132 (Headquarters 8: "the last player to take a turn decides which of the two leftover cards to ...
    make available as Insight (Starting cards) ... and discards the other one"; decision RA-06: it returns to the
    box)."""
    s = _to_starting(2, hqs=(1, 8))
    s, _ = act(s, rm.STARTING, 0, card=SC["Starting card 1"], place="insight")
    s = _reveal(s, "Starting card 2", "Starting card 3", "Starting card 4")
    assert rm.to_act(s).seats == (1,)
    s, _ = act(s, rm.EXTRA_CARD, 1)
    assert rm.starting_stage(s) == "revealed" and s.revealed == 4
    assert rejection(s, rm.EXTRA_CARD, 0).code == "not_hq8"
    s = _reveal(s, "Starting card 5")
    assert rejection(s, rm.EXTRA_CARD, 1).code == "extra_done"
    s, _ = act(s, rm.STARTING, 1, card={"name": "Starting card 5"}, place="crew")
    s, _ = act(s, rm.STARTING, 0, card={"name": "Starting card 2"}, place="crew")
    assert rm.starting_stage(s) == "leftover" and rm.to_act(s).seats == (0,)
    assert "chooses which of the two leftover" in rm.expects(s).purpose
    r = rejection(s, rm.STARTING, 0, card={"name": "Starting card 3"}, place="crew")
    assert r.code == "leftover_insight" and r.rule == "race-to-mars.txt, Headquarters"
    s, ev = act(s, rm.STARTING, 0, card={"name": "Starting card 4"}, place="insight")
    assert "Starting card 3 returns to the box" in texts(ev)
    assert [i.name for i in s.insights] == ["Insight card", "Starting card 1", "Starting card 4"]


def test_rm149_rm041_starting_card_3_free_advance_is_its_own_5_spaces_whatever_the_entry_says():
    """RM-149 (Starting Cards, card 3's Rocket module: "You may jettison this to immediately advance exactly 5
    spaces for free"), against RM-041 (a Space card's Free advance: "exactly 3 spaces"): Starting card 3
    attached as a module advances 5 spaces, its printed length, even when the entry sent at the reveal or
    at the pick says 3 (a Space card's length); the advance itself goes 5 spaces."""
    from dataclasses import replace
    from tests.rules.test_race_to_mars_helpers import flight
    wrong = {"name": "Starting card 3", "module": {"free_advance": 3}}
    s = _to_starting(2)
    s, _ = act(s, rm.STARTING, 0, card=SC["Starting card 1"], place="insight")
    s = _reveal(s, "Starting card 2", "Starting card 4")
    s, _ = act(s, rm.STARTING, s.start, card=wrong, place="revealed")       # entered with a Space card's 3
    picker = rm.to_act(s).seats[0]
    s, _ = act(s, rm.STARTING, picker, card=wrong, place="module")           # and picked with it
    m = s.players[picker].modules[-1]
    assert m.name == "Starting card 3" and m.free_advance == 5
    f = flight(route=("fuel",) * 8, players={0: dict(modules=(m,))})
    assert [a.args for a in rm.legal_actions(f) if a.kind == rm.FREE_ADVANCE] == [{"module": 0}]
    f, ev = act(f, rm.FREE_ADVANCE, 0, module=0)
    assert f.players[0].steps == 5 and f.players[0].modules == () and "exactly 5 spaces" in texts(ev)
    assert replace(m, free_advance=3).free_advance == 3   # (a Space card's module keeps its 3)


@pytest.mark.parametrize("names", [("Daniel", "daniel "), ("Anna", "  ")])
def test_each_player_needs_a_name_of_their_own(names):
    """A tester's finding: two players called "Daniel" made "Lane 1 Daniel ... Lane 3 Daniel" and two
    "Daniel: play" buttons; a blank name named nobody (Setup: each player takes a colour, a name is theirs)."""
    players = [{"name": n, "colour": c} for n, c in zip(names, ("red", "blue"))]
    with pytest.raises(ValueError, match="a name and a colour of their own"):
        rm.new_game({"players": players, "seed": 1})

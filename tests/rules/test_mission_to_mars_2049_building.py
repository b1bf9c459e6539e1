"""Mission to Mars 2049: building, tokens, trading, the Road, the H2O Station,
the bank running out, tournament points (rulebook 3.6-3.12, 5.0, Q.2-Q.7) and
the rulebook's worked examples (spec section 5.1)."""
import pytest

from companion.rules.mission_to_mars_2049 import advice
from tests.rules.test_mission_to_mars_2049_setup import (act, cites, colony, main_state, rejection, rich, roll,
                                                          started, texts)
from companion.rules.contract import Action
from companion.rules.mission_to_mars_2049.model import replace

from companion.rules import mission_to_mars_2049 as mm


# --------------------------------------------------------------------------- worked examples first

def test_we6_finished_game_is_58_tournament_points():
    """WE-6 (3.12 caption, 5.0): five Bases, 5 Air, 2 Mineral and 4 Food Stations, the (3) and (2)
    Laboratories, the Road and the H2O Station: 5x3 + 11x1 + 2x3 + 6 + 20 = 58 points."""
    stations = ((0, 0, 1),) * 5 + ((2, 0, 2),) * 2 + ((1, 0, 3),) * 4
    s = colony(main_state(2), 0, bases=5, stations=stations, lab3=2, lab2=4, road=True, h2o=True,
               supply=(0, 1, 3), cards=(0, 0, 0))
    assert mm.points(s.colonies[0]) == 58
    # plus 1 per Road card held and 2 per Mission Card bought
    assert mm.points(replace(s.colonies[0], roads=2, bought=3)) == 58 + 2 + 6
    # supply check: Air 0, Food 1, Minerals 3 Stations left
    assert mm.summary(s)["players"][0]["station_supply"] == {"air": 0, "food": 1, "minerals": 3}


def test_we1_mm039_station_price_mineral_station_costs_two_air_two_food():
    """WE-1 (3.6.1): "building a Mineral Station will cost you two Air and two Food Resource cards." """
    s = colony(main_state(), 0, cards=(2, 2, 0))
    s, _ = act(s, "build_station", resource="minerals")
    c = s.colonies[0]
    assert c.cards == (0, 0, 0) and c.supply == (4, 4, 3) and (2, 0, 1) in c.stations


def test_we3_mm055_tokens_and_a_robbery_that_finds_nothing():
    """WE-3 (caption under 3.8): "change 3 Resource cards for a (3) Resource Token or 8 cards for an
    (8) Token"; 11 Food cards become a (3) and an (8); a Robbery then draws nothing."""
    s = colony(main_state(), 1, cards=(0, 11, 0))
    s = replace(s, current=1)
    s, _ = act(s, "to_token", resource="food", token=3)
    s, _ = act(s, "to_token", resource="food", token=8)
    assert s.colonies[1].cards == (0, 0, 0) and s.colonies[1].tok3 == (0, 1, 0) and s.colonies[1].tok8 == (0, 1, 0)
    s, _ = act(s, "done")
    s, _ = roll(replace(s, current=0), "robbery")
    cites(rejection(s, "rob", victim=1, resource="food"), "3.8 What are Resource Tokens?, 3.8.2")
    s, ev = act(s, "rob", victim=1)
    assert "nothing to draw" in texts(ev)


def test_we7_station_payback_is_24_rolls_8_rounds_for_three():
    """WE-7 (6.0.5): "a single Resource Station starts to pay back only after 24 game turns. In a
    three player game that means 8 full game rounds." """
    assert advice.payback(3) == (24, 8)
    assert advice.chance_of_productions(4, 24) == pytest.approx(0.58, abs=0.01)


def test_we8_q5_build_base_road_and_h2o_in_one_turn():
    """WE-8 (Q.5): "you could build all of your Bases, the Road and the H2O station in one single
    turn – you'd be allowed to do that." """
    s = colony(main_state(3), 0, bases=4, roads=3, cards=(11, 11, 11))
    s, _ = act(s, "build_base")
    s, _ = act(s, "build_road")
    s, ev = act(s, "build_h2o")
    assert mm.is_over(s) and s.winner == 0 and "wins" in texts(ev)
    res = mm.result(s)
    assert res.winners == (0,) and res.ranking[0].seat == 0 and res.code == "won"


def test_we9_q2_base_over_own_station_no_refund():
    """WE-9, MM-119, MM-120, MM-153 (Q.2): "You are allowed to build a Base over any Resource Station
    you own ... take that Resource Station off the map without getting back the resources"."""
    s = colony(main_state(), 0, cards=(3, 3, 3))
    s, ev = act(s, "build_base", over=0)  # over the Air Station of the First Base
    c = s.colonies[0]
    assert c.bases == 2 and c.cards == (0, 0, 0) and c.supply == (5, 4, 4) and len(c.stations) == 2
    assert "no refund" in texts(ev) and mm.invariants(s) == []
    # a stolen Station built over returns to its star's colour
    s = colony(main_state(), 0, cards=(3, 3, 3), stations=((0, 1, 1),) + main_state().colonies[0].stations)
    s = colony(s, 1, supply=(3, 4, 4))
    s, _ = act(s, "build_base", over=0)
    assert s.colonies[1].supply == (4, 4, 4)
    cites(rejection(colony(main_state(), 0, cards=(3, 3, 3)), "build_base", over=5),
          "7. F.A.Q. (Optional), Q.2")


def test_q2_mm120_a_base_over_a_station_built_this_turn_pays_its_price_back():
    """Q.2: the Station built over leaves "without getting back the resources you paid for it" only "if you
    have done this on one of your previous turns" (spec MM-120). A tester's game: Red, 3 Bases, built a Food
    Station at Base 3 (2 Air, 2 Minerals), then Base 4 over it in the same turn: the 2 Air, 2 Minerals come
    back, and the event and the tip say so; once the die has passed on, the same Station gives nothing."""
    s = colony(main_state(4), 0, bases=3, cards=(5, 3, 5))
    s, _ = act(s, "build_station", resource="food")
    over = len(s.colonies[0].stations) - 1
    assert s.colonies[0].stations[over] == (1, 0, 3)
    action = Action("build_base", {"over": over}, 0)
    assert any("built this turn" in t and "2 Air, 2 Minerals come back" in t for t in advice.hints(s, action))
    s2, ev = act(s, "build_base", over=over)
    c = s2.colonies[0]
    assert c.bases == 4 and c.cards == (2, 0, 2) and c.supply == (4, 4, 4) and (1, 0, 3) not in c.stations
    assert "2 Air, 2 Minerals paid back" in texts(ev) and "no refund" not in texts(ev)
    assert mm.invariants(s2) == []
    # the same Station on a later turn of Red's: no refund
    later, _ = act(s, "done")
    for _ in range(3):  # Blue, Green and Yellow skip; Red's next turn
        later, _ = roll(later, "skip")
    later, _ = roll(later, "discovery")
    later, _ = act(later, "take", resource="air")
    assert later.current == 0
    s3, ev = act(later, "build_base", over=over)
    assert s3.colonies[0].cards == (1, 0, 0) and "no refund" in texts(ev) and mm.invariants(s3) == []
    assert not any("come back" in t for t in advice.hints(later, action))


def test_q2_only_a_station_paid_for_this_turn_is_paid_back():
    """Q.2 pays back "the resources you paid for it": a Station of the Build Mission (free, 4.1) or stolen
    (Crimean Mission) was not paid for; a stolen one of another colour is never refunded."""
    s = colony(main_state(3), 0, bases=2, cards=(3, 3, 3), peaceful=1)
    s, _ = act(s, "play", card="build", resource="air")
    s, ev = act(s, "build_base", over=len(s.colonies[0].stations) - 1)
    assert s.colonies[0].cards == (0, 0, 0) and "no refund" in texts(ev)


def test_q2_a_stored_game_without_this_turns_stations_still_loads():
    """A snapshot pickled before ``State.fresh`` existed loads with none (no refund owed)."""
    import pickle
    s = main_state(3)
    del s.__dict__["fresh"]
    assert pickle.loads(pickle.dumps(s)).fresh == ()


def test_a_base_over_a_station_only_where_the_next_base_can_stand():
    """MM-153 with 3.6.2 ("Always build new bases next to each other") and Q.3 ("straight or diagonally
    towards the North Pole"): Base 3 is one ring further in than Base 2, so a Station attached to Base 1 is
    never on its spot; one attached to Base 2, or to a Base beyond that Armageddon destroyed, may be."""
    start = main_state().colonies[0].stations            # the First Base's three, attached to Base 1
    s = colony(main_state(), 0, bases=2, cards=(3, 3, 3), stations=start + ((1, 0, 2), (2, 0, 3)))
    refused = rejection(s, "build_base", over=0)
    cites(refused, "3.6 How does building work?")
    assert "Base 3 goes next to Base 2" in refused.message and "Station at Base 1" in refused.message
    overs = sorted(a.args["over"] for a in mm.legal_actions(s) if a.kind == "build_base" and "over" in a.args)
    assert overs == [3, 4]  # at Base 2, and at the Base 3 that once stood
    s2, _ = act(s, "build_base", over=3)
    assert s2.colonies[0].bases == 3 and len(s2.colonies[0].stations) == 4


# --------------------------------------------------------------------------- costs and limits (3.6, 2.2)

@pytest.mark.parametrize("kind, args, cost", [
    ("build_station", {"resource": "air"}, (0, 2, 2)),        # MM-037
    ("build_station", {"resource": "food"}, (2, 0, 2)),       # MM-038
    ("build_station", {"resource": "minerals"}, (2, 2, 0)),   # MM-039
    ("build_base", {}, (3, 3, 3)),                            # MM-040
    ("build_lab", {}, (0, 4, 3)),                             # MM-041
    ("buy", {"deck": "peaceful", "immediate": False}, (3, 1, 0)),    # MM-043
    ("buy", {"deck": "aggressive", "immediate": False}, (1, 0, 3)),  # MM-044
])
def test_mm036_mm037_mm044_printed_costs(kind, args, cost):
    """MM-036..044 (3.6 Building Costs): exactly the printed price, refused one card short."""
    s = colony(main_state(), 0, cards=cost)
    after, _ = act(s, kind, **args)
    assert after.colonies[0].cards == (0, 0, 0)
    for r in range(3):
        if cost[r]:
            short = list(cost)
            short[r] -= 1
            cites(rejection(colony(s, 0, cards=tuple(short)), kind, **args),
                  "3.6 How does building work?, Building Costs")


def test_mm042_second_laboratory_costs_the_same_and_needs_the_first():
    """MM-042, MM-061 (3.9.2): "When you have built a (3) Laboratory, you can pay again to build a (2)
    Laboratory" (decision MA-13: the same price); the (3) gives 3:1, the (2) gives 2:1."""
    s = colony(main_state(), 0, cards=(0, 8, 6))
    assert mm.rate(s.colonies[0]) == 4
    s, _ = act(s, "build_lab")
    assert s.colonies[0].lab3 == 1 and mm.rate(s.colonies[0]) == 3
    s, _ = act(s, "build_lab")
    assert s.colonies[0].lab2 == 1 and mm.rate(s.colonies[0]) == 2 and s.colonies[0].cards == (0, 0, 0)
    cites(rejection(rich(s, 0), "build_lab"), "2.2 Building Tokens")


def test_mm016_no_station_beyond_the_five_tokens():
    """MM-015, MM-016 (2.2): 5 Stations of each type; none left, none built."""
    s = rich(colony(main_state(), 0, supply=(0, 4, 4), stations=((0, 0, 1),) * 5 + ((1, 0, 1), (2, 0, 1))), 0)
    r = cites(rejection(s, "build_station", resource="air"), "2.2 Building Tokens")
    assert r.code == "no_token_left"
    s = rich(colony(main_state(), 0, bases=5), 0)
    cites(rejection(s, "build_base"), "2.2 Building Tokens")


def test_mm050_stations_attach_to_a_standing_base_default_newest():
    """MM-050, MM-062 (3.6.3, 3.9.3): around one of your Bases; decision: the Base is named, default
    the newest; a destroyed Base takes nothing."""
    s = rich(colony(main_state(), 0, bases=3), 0)
    s, _ = act(s, "build_station", resource="food")
    assert s.colonies[0].stations[-1] == (1, 0, 3)
    s, _ = act(s, "build_station", resource="food", base=2)
    assert s.colonies[0].stations[-1] == (1, 0, 2)
    cites(rejection(s, "build_station", resource="food", base=4), "3.6 How does building work?")
    cites(rejection(s, "build_lab", base=5), "3.6 How does building work?")


def test_mm048_mm131_a_new_base_is_the_next_step_to_the_pole():
    """MM-048, MM-130, MM-131 (3.6.2): each new Base is one step closer to the North Pole."""
    s = rich(main_state(), 0)
    for k in (2, 3, 4, 5):
        s, ev = act(s, "build_base")
        assert s.colonies[0].bases == k and f"Base {k}" in texts(ev)


# --------------------------------------------------------------------------- tokens (3.8, Q.7)

def test_mm132_paying_with_tokens_gives_change_in_cards():
    """MM-132 (decision MA-07, 3.8.1 "similar to Resource cards, only they have bigger value")."""
    s = colony(main_state(), 0, cards=(0, 0, 0), tok3=(0, 1, 0), tok8=(0, 0, 1))
    s, _ = act(s, "build_station", resource="air")  # 2 Food, 2 Minerals
    c = s.colonies[0]
    assert c.tok3 == (0, 0, 0) and c.tok8 == (0, 0, 0) and c.cards == (0, 1, 6)


def test_mm133_token_back_into_cards_on_own_turn_only():
    """MM-133 (decision MA-07): a token changes back into cards on your own turn."""
    s = colony(main_state(), 0, tok8=(1, 0, 0))
    s, _ = act(s, "to_cards", resource="air", token=8)
    assert s.colonies[0].cards == (10, 2, 2)
    cites(rejection(s, "to_cards", resource="air", token=8), "3.8 What are Resource Tokens?")
    s = colony(s, 1, tok3=(1, 0, 0))
    cites(rejection(s, "to_cards", seat=1, resource="air", token=3), "7. F.A.Q. (Optional), Q.7")


def test_mm056_mm057_mm125_mm134_off_turn_change_only_for_the_type_produced():
    """MM-056, MM-057, MM-125, MM-134 (3.8.3, Q.7): "You may also change Resource Cards to Tokens but
    only if they are of the same kind as the resource produced on that turn." """
    s = colony(colony(started(3), 1, cards=(5, 5, 5)), 2, cards=(0, 4, 0))
    s, _ = roll(s, "air")  # Ben has 6 Air
    turn = mm.to_act(s)
    assert turn.mode == "several" and turn.seats == (0, 1) and turn.label == "Anna's turn"
    s2, _ = act(s, "to_token", seat=1, resource="air", token=3)
    assert s2.colonies[1].tok3 == (1, 0, 0)
    cites(rejection(s, "to_token", seat=1, resource="food", token=3), "7. F.A.Q. (Optional), Q.7")
    cites(rejection(s, "trade", seat=1, give="air", get="food"), "7. F.A.Q. (Optional), Q.7")
    cites(rejection(s, "to_token", seat=2, resource="food", token=3), "7. F.A.Q. (Optional), Q.7")
    # no production this turn: nobody changes off turn
    s, _ = roll(colony(started(3), 1, cards=(5, 5, 5)), "discovery")
    assert mm.to_act(s).seats == (0,)
    cites(rejection(s, "to_token", seat=1, resource="air", token=3), "7. F.A.Q. (Optional), Q.7")


# --------------------------------------------------------------------------- trading (3.9, 3.11)

def test_mm059_mm005_trade_four_to_one_for_another_kind():
    """MM-005, MM-059 (3.9.1): four of one kind for one of any other kind."""
    s = colony(main_state(), 0, cards=(4, 0, 0))
    s, _ = act(s, "trade", give="air", get="minerals")
    assert s.colonies[0].cards == (0, 0, 1)
    cites(rejection(colony(s, 0, cards=(3, 0, 0)), "trade", give="air", get="food"),
          "3.9 Laboratories and how to trade resources")
    cites(rejection(colony(s, 0, cards=(8, 0, 0)), "trade", give="air", get="air"),
          "3.9 Laboratories and how to trade resources, 3.9.1")


def test_mm060_mm063_mm071_labs_improve_the_rate_road_cards_included():
    """MM-060, MM-063, MM-071 (3.9.2, 3.9.4, 3.11.2): 3:1 with the (3), 2:1 with the (2), for Road cards too."""
    s = colony(main_state(), 0, cards=(3, 0, 0), lab3=1)
    s, ev = act(s, "trade", give="air", get="road")
    assert s.colonies[0].cards == (0, 0, 0) and s.colonies[0].roads == 1
    s = colony(s, 0, cards=(0, 2, 0), lab2=1)
    s, _ = act(s, "trade", give="food", get="road")
    assert s.colonies[0].roads == 2


def test_mm129_an_inactive_laboratory_gives_no_rate():
    """MM-129 (decision MA-16): a Laboratory is active while its Base stands."""
    c = colony(main_state(), 0, bases=2, lab3=3, lab2=4).colonies[0]
    assert mm.rate(c) == 4
    assert mm.rate(replace(c, lab3=2)) == 3


def test_mm073_no_fourth_road_card_by_trade():
    """MM-073 (3.11.4): "No player can have more than 3 Road cards." """
    s = colony(main_state(), 0, cards=(8, 0, 0), roads=3)
    cites(rejection(s, "trade", give="air", get="road"), "3.11 Why are Road cards special?, 3.11.4")


def test_mm064_no_trading_between_players():
    """MM-064 (3.9.5): "Trading between players is not allowed." There is no such move; every trade
    is with the bank (the trade move has no other player in it)."""
    assert set(mm.ACTIONS["trade"].fields) == {"give", "get"}


# --------------------------------------------------------------------------- the Road and the H2O Station

def test_mm066_mm068_mm138_road_from_the_fifth_base_with_three_road_cards_once():
    """MM-066, MM-067, MM-068, MM-138 (3.10, decision MA-14): the Road from the fifth Base, 3 Road
    cards, once per game. The refusal before Base 5 cites 3.10.2 and 3.12.2 and says why "last" is the fifth (a
    tester with 1 Base read 3.10.2 "Build a Road from your last Base" alone as allowing it)."""
    s = colony(main_state(), 0, bases=4, roads=3)
    r = cites(rejection(s, "build_road"), "3.10 What do I need a Road for?, 3.10.2 / 3.12 How do I win the game?, "
              "3.12.2")
    assert r.message.startswith("The Road is built from Base 5:") and "5 Bases (3.12.2)" in r.message
    assert r.message.endswith("you have 4 Bases.")
    assert rejection(colony(s, 0, bases=1), "build_road").message.endswith("you have 1 Base.")
    s = colony(s, 0, bases=5, roads=2)
    cites(rejection(s, "build_road"), "3.10 What do I need a Road for?, 3.10.3 / 3.6 How does building work?, "
                                      "Building Costs")
    s = colony(s, 0, roads=3)
    s, _ = act(s, "build_road")
    assert s.colonies[0].road and s.colonies[0].roads == 0
    cites(rejection(colony(s, 0, roads=3), "build_road"), "3.10 What do I need a Road for?, 3.10.1")


def test_mm069_mm139_mm140_road_inactive_while_fifth_base_is_destroyed():
    """MM-069, MM-139, MM-140 (3.10.4): "If a Base you have built the Road from gets destroyed (by
    Armageddon Mission Card) then your Road becomes inactive until that Base is built again." """
    s = colony(main_state(), 0, bases=4, road=True, cards=(11, 11, 11))
    r = cites(rejection(s, "build_h2o"), "3.12 How do I win the game?, 3.12.2")
    assert "4 Bases and" in r.message
    s, ev = act(s, "build_base")
    assert mm.summary(s)["players"][0]["road_active"]
    assert "Road works again" in texts(ev), "a tester's finding: the log did not say so"
    s, _ = act(s, "build_h2o")
    assert s.winner == 0


def test_mm075_mm076_h2o_needs_five_bases_a_road_and_8_8_8_on_own_turn():
    """MM-046, MM-074..077 (3.12): 8 Air, 8 Food, 8 Minerals; 5 Bases and a Road; the game ends at once."""
    s = colony(main_state(), 0, bases=5, road=True, cards=(8, 8, 7))
    cites(rejection(s, "build_h2o"), "3.6 How does building work?, Building Costs")
    cites(rejection(colony(s, 0, road=False, cards=(8, 8, 8)), "build_h2o"), "3.12 How do I win the game?, 3.12.2")
    # after an Armageddon destroyed Base 5 the Road is said not to work (3.10.4), not only "a Road"
    r = rejection(colony(s, 0, bases=4, cards=(8, 8, 8)), "build_h2o")
    assert "you have 4 Bases and a Road, not working until Base 5 stands again (3.10.4)" in r.message, r.message
    s = colony(s, 0, cards=(8, 8, 8))
    cites(rejection(s, "build_h2o", seat=1), "7. F.A.Q. (Optional), Q.7")
    s, _ = act(s, "build_h2o")
    assert mm.phase(s) == "over" and mm.legal_actions(s) == []
    cites(rejection(s, "done"), "3.12 How do I win the game?")


# --------------------------------------------------------------------------- tournament points (5.0)

def test_mm109_mm115_mm157_points_and_ranking_with_shared_places():
    """MM-109..116, MM-157 (5.0, decision MA-35): Base 3, Station 1 (by controller, active or not),
    Laboratory 3, Road 6, Road card 1, bought Mission Card 2, H2O 20; equal points share a place."""
    s = main_state(4)
    c = colony(s, 0, bases=2, stations=((0, 0, 1), (0, 1, 5)), lab3=1, roads=1, bought=1).colonies[0]
    assert mm.points(c) == 6 + 2 + 3 + 1 + 2
    s = colony(colony(s, 0, bases=5, road=True, cards=(8, 8, 8)), 1, bases=3)
    s = colony(s, 3, bases=3)
    s, _ = act(s, "build_h2o")
    res = mm.result(s)
    assert [(st.seat, st.place) for st in res.ranking] == [(0, 1), (1, 2), (3, 2), (2, 4)]
    assert res.ranking[1].score == 12 and "Anna builds the H2O Station" in res.sentence


def test_mm117_mm158_optional_49_point_victory():
    """MM-117, MM-158 (5.0: "Optional point victory: 49 points (only if mutually agreed)"; MA-36)."""
    s = colony(main_state(3), 0, bases=4, stations=((0, 0, 1),) * 5 + ((1, 0, 1),) * 5 + ((2, 0, 1),) * 5,
               supply=(0, 0, 0), lab3=1, lab2=1, roads=3, bought=0, cards=(3, 3, 3))
    assert mm.points(s.colonies[0]) == 12 + 15 + 6 + 3 == 36
    s = colony(s, 0, bought=5)  # 46; the fifth Base makes 49
    s49 = replace(s, victory_49=True)
    after, ev = act(s49, "build_base")
    assert mm.is_over(after) and after.win_by == "points" and "49" in texts(ev)
    assert "reaches 49 tournament points" in mm.result(after).sentence
    after, _ = act(s, "build_base")
    assert not mm.is_over(after)

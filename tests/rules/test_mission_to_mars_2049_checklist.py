"""Mission to Mars 2049: the checklist rules of the overview sections (rulebook 1.0-1.4, 3.4-3.11) that the
other files do not test on their own, and the board-geometry rules the issue leaves to the players."""
import inspect

from companion.rules import Action
from companion.rules import mission_to_mars_2049 as mm
from companion.rules.mission_to_mars_2049 import advice, checks
from companion.rules.mission_to_mars_2049.model import (BASE_COST, H2O_COST, LAB_COST, MISSION_COST, RESOURCES,
                                                        ROAD_COST, STATION_COST, replace, value)
from tests.rules.test_mission_to_mars_2049_missions import holding
from tests.rules.test_mission_to_mars_2049_setup import (act, cites, colony, main_state, new, rejection, roll,
                                                          started, texts)

ROLL_FIRST = "3.4.1 Always start your game turn with rolling the Die."
TOKENS_SAFE = "3.8 What are Resource Tokens?, 3.8.2"
H2O_NEEDS = "3.12 How do I win the game?, 3.12.2"


def h2o_ready(**changes):
    """Anna's main phase with 5 Bases, the Road and 8/8/8: one move from the H2O Station."""
    return colony(main_state(3), 0, **({"bases": 5, "road": True, "cards": (8, 8, 8)} | changes))


# --------------------------------------------------------------------------- 1.0 Game Components

def test_mm001_every_player_starts_with_a_base_on_the_outside():
    """MM-001 (1.1 The Game Board: "You start the game with a Base on the outside of the map"): the First
    Base is Base 1 of each chain, the outer ring, on a Starting Point; nothing stands closer to the pole."""
    s = new(4)
    summary = mm.summary(s)
    for c, p in zip(s.colonies, summary["players"]):
        assert c.bases == 1 and p["starting_point"] in (1, 2, 3, 4)
        assert p["buildings"]["1"]["standing"] and not p["buildings"]["2"]["standing"]
        assert [st[2] for st in c.stations] == [1, 1, 1]


def test_mm002_mm007_the_first_h2o_station_wins():
    """MM-002, MM-007 (1.1, 1.2.5 H2O Station: "Whoever builds the H2O Extraction Station on the Polar Ice
    Cap first wins the game"): the game ends with its builder the winner, whatever the points."""
    s = colony(h2o_ready(), 1, bases=5, cards=(20, 20, 20), bought=9)
    s, ev = act(s, "build_h2o")
    assert mm.is_over(s) and mm.result(s).winners == (0,) and "H2O Station" in mm.result(s).sentence
    assert mm.points(s.colonies[1]) > mm.points(s.colonies[0]) - 20 and mm.legal_actions(s) == []


def test_mm003_bases_lead_to_the_pole_and_buildings_go_next_to_own_bases():
    """MM-003 (1.2.1 Bases: "You build Bases to move your colony closer to the North Pole. You can only
    build new buildings next to your bases"): a Base is the next step of the chain; a Station goes next to
    a standing Base of one's own, never next to a Base not built."""
    s = colony(main_state(), 0, cards=(9, 9, 9))
    s, _ = act(s, "build_base")
    assert s.colonies[0].bases == 2
    cites(rejection(s, "build_station", resource="air", base=3), "3.6 How does building work?")
    s, _ = act(s, "build_station", resource="air", base=2)
    assert s.colonies[0].stations[-1] == (0, 0, 2)


def test_mm004_stations_are_built_to_acquire_resources():
    """MM-004 (1.2.2 Resource Stations: "Build these to acquire much needed resources"): a new Station
    produces on the next roll of its symbol."""
    s = colony(main_state(), 0, cards=(2, 2, 0))
    s, _ = act(s, "build_station", resource="minerals")
    s, _ = act(s, "done")
    s = replace(s, current=0, phase="roll")
    s, ev = roll(s, "minerals")
    assert s.colonies[0].cards[2] == 2 and "Anna +2" in texts(ev)


def test_mm006_mm065_no_h2o_station_without_the_road():
    """MM-006, MM-065 (1.2.4: "To build an H2O Station you first need to build a Road through the North
    Pole"; 3.10.1): 5 Bases and 8/8/8 are not enough without the Road."""
    s = h2o_ready(road=False)
    cites(rejection(s, "build_h2o"), H2O_NEEDS)
    assert all(a.kind != "build_h2o" for a in mm.legal_actions(s))
    assert rejection(h2o_ready(), "build_h2o") is None


def test_mm008_three_resources_pay_for_everything():
    """MM-008 (1.3.1 Resource Cards: "There are three types of resources in the game: Air, Food and
    Minerals"; 3.7.1): every price is in those three; no fourth kind is a resource."""
    assert RESOURCES == ("air", "food", "minerals")
    for cost in (*STATION_COST, BASE_COST, LAB_COST, *MISSION_COST, H2O_COST):
        assert len(cost) == 3 and sum(cost) > 0
    assert mm.ACTIONS["trade"].problem({"give": "water", "get": "air"})
    assert mm.ACTIONS["take"].problem({"resource": "water"})


def test_mm009_mm058_tokens_hold_more_and_cannot_be_stolen():
    """MM-009, MM-058 (1.3.2 Resource Tokens: "protected from stealing"; 3.8.2: "protected from stealing
    when someone rolls Robbery"): Ben's tokens hold 11 Food, but a Robbery may only draw his cards."""
    s = colony(started(3), 1, cards=(1, 0, 0), tok3=(0, 1, 0), tok8=(0, 1, 0))
    assert value(s.colonies[1], 1) == 11
    s, _ = roll(s, "robbery")
    cites(rejection(s, "rob", victim=1, resource="food"), TOKENS_SAFE)
    assert [a.args.get("resource") for a in mm.legal_actions(s) if a.args.get("victim") == 1] == ["air"]
    s, _ = act(s, "rob", victim=1, resource="air")
    assert s.colonies[1].tok3 == (0, 1, 0) and s.colonies[1].tok8 == (0, 1, 0)


def test_mm010_mm070_road_cards_are_not_resources_and_only_build_the_road():
    """MM-010, MM-070 (1.3.3 Road Cards: "Road Cards are different from Resource Cards ... The only purpose of
    the Road Cards is to build a Road"; 3.11.1; 3.5: Discovery and the double Skip give one): Road cards
    pay for nothing else, are never given in a trade, and come from Discovery or a second Skip in a row."""
    s = colony(main_state(), 0, cards=(0, 0, 0), roads=3)
    cites(rejection(s, "build_station", resource="air"), "3.6 How does building work?, Building Costs")
    assert mm.ACTIONS["trade"].problem({"give": "road", "get": "air"})
    assert [a.kind for a in mm.legal_actions(s) if a.kind not in ("done", "correct_roll")] == []
    s, _ = roll(started(3), "discovery")
    s, _ = act(s, "take", resource="road")
    assert s.colonies[0].roads == 1 and s.colonies[0].cards == (2, 2, 2)
    s = replace(colony(s, 0, skips=1), phase="roll")
    s, ev = roll(s, "skip")
    assert s.phase == "skip_bonus" and "Road card" in texts(ev)
    s, _ = act(s, "take", resource="road")
    assert s.colonies[0].roads == 2 and s.current == 1


def test_mm012_the_turn_starts_with_the_die_and_a_resource_symbol_pays_every_station():
    """MM-012 (1.4 The Game Die: "Players always start their turn by rolling the game Die ... Air, Food or
    Mineral symbols mean that all Resource Stations on the map will produce"): before the roll only the die;
    then every player's Stations of that symbol produce."""
    s = started(3)
    cites(rejection(s, "build_station", resource="air"), ROLL_FIRST)
    assert {a.kind for a in mm.legal_actions(s)} - {"correct_roll"} == {"roll"}
    s, _ = roll(s, "air")
    assert [c.cards for c in s.colonies] == [(3, 2, 2)] * 3


# --------------------------------------------------------------------------- 3.4 to 3.11

def test_mm023_the_die_first_then_trading_building_and_missions():
    """MM-023 (3.4.1: "Do everything the Die tells you to do and only then you can start trading, building or
    playing Mission Cards"): while a Robbery's draw or a Discovery is owed, nothing else."""
    s = colony(holding(peaceful=1), 0, cards=(9, 9, 9))
    for owed, first in (("robbery", "rob"), ("discovery", "take")):
        t = replace(s, phase="roll")
        t, _ = roll(t, owed)
        for kind, args in (("trade", {"give": "air", "get": "food"}), ("build_base", {}),
                           ("play", {"card": "resource"}), ("buy", {"deck": "peaceful", "immediate": False})):
            cites(rejection(t, kind, **args), ROLL_FIRST)
        assert {a.kind for a in mm.legal_actions(t)} - {"correct_roll", "play"} == {first}


def test_mm045_the_road_costs_three_road_cards():
    """MM-045 (Building Costs: "Road to H2O Station 3 Road cards"; 3.10.3): two are not enough; three are
    paid to the bank, and Resource cards do not count."""
    s = colony(main_state(), 0, bases=5, roads=2, cards=(20, 20, 20))
    cites(rejection(s, "build_road"), "3.10 What do I need a Road for?, 3.10.3 / 3.6 How does building work?, "
                                      "Building Costs")
    s = colony(s, 0, roads=3)
    s, _ = act(s, "build_road")
    assert ROAD_COST == 3 and s.colonies[0].roads == 0 and s.colonies[0].cards == (20, 20, 20)


def test_mm054_a_token_is_worth_three_or_eight():
    """MM-054 (3.8.1: "Resource Tokens are similar to Resource cards, only they have bigger value"; caption:
    a (3) and an (8) token): the H2O Station's 8/8/8 paid with (8) tokens, a Base with (3) tokens."""
    s = colony(main_state(), 0, bases=5, road=True, cards=(0, 0, 0), tok8=(1, 1, 1))
    assert [value(s.colonies[0], r) for r in range(3)] == [8, 8, 8]
    s2, _ = act(s, "build_h2o")
    assert s2.colonies[0].tok8 == (0, 0, 0) and mm.is_over(s2)
    s = colony(main_state(), 0, cards=(0, 0, 0), tok3=(1, 1, 1))
    s, _ = act(s, "build_base")
    assert s.colonies[0].tok3 == (0, 0, 0) and s.colonies[0].cards == (0, 0, 0)


def test_mm072_road_cards_cannot_be_stolen_and_are_kept_visible():
    """MM-072 (3.11.3: "Road cards cannot be stolen from other players. They need to be kept visible on the
    table"): a Robbery or Grand Theft against a player holding only Road cards draws nothing; the overview
    shows every player's Road cards."""
    s = colony(started(3), 1, cards=(0, 0, 0), roads=3)
    s, _ = roll(s, "robbery")
    assert [a.args for a in mm.legal_actions(s) if a.args.get("victim") == 1] == [{"victim": 1}]
    s, ev = act(s, "rob", victim=1)
    assert s.colonies[1].roads == 3 and "nothing to draw" in texts(ev)
    t = colony(holding(aggressive=1), 1, cards=(0, 0, 0), roads=2)
    t, ev = act(t, "play", card="grand_theft", target=1)
    assert t.phase == "main" and t.colonies[1].roads == 2 and "nothing to draw" in texts(ev)
    assert [p["road_cards"] for p in mm.summary(s)["players"]] == [0, 3, 0]


# --------------------------------------------------------------------------- the board's geometry (issue 8)

def test_mm047_mm049_mm051_spots_are_the_players_check_the_chain_is_the_apps():
    """MM-047, MM-049, MM-051 (3.6.2: "Build on the intersections of the coordinate lines"; Q.3: "You have to
    build a new Base straight or diagonally towards the North Pole"; 3.9.3: "in any free spot"). The issue
    decided: no board file; the spots are the players' business. So a Base names no spot (it is always the
    next step of the chain, so never backwards or sideways), and a Station may go next to any standing Base:
    the engine never refuses on geometry, and its docstrings say so."""
    assert set(mm.ACTIONS["build_base"].fields) == {"over"}   # no spot, no direction to get wrong
    s = colony(main_state(), 0, bases=3, cards=(20, 20, 20))
    for k in (1, 2, 3):   # any standing Base, whether or not its spots are free on the board
        assert rejection(s, "build_station", resource="food", base=k) is None
        assert rejection(s, "build_lab", base=k) is None
    for _ in range(2):    # many Stations on the same Base: the free spots are the players' check
        s, _ = act(s, "build_station", resource="food", base=1)
    s, _ = act(s, "build_base")
    assert s.colonies[0].bases == 4
    for doc in (inspect.getdoc(checks._check_build_base), inspect.getdoc(checks._check_build_station)):
        assert "players" in doc and "MA-01" in doc


def test_mm147_crimean_names_a_standing_base_of_the_thief():
    """MM-147 (4.1 Crimean Mission: "put it next to one of your bases"; decision MA-25): the free spot is the
    players' check (no geometry); the app asks which Base and refuses one that does not stand."""
    s = holding(aggressive=1, bases=2)
    cites(rejection(s, "play", card="crimean", target=1, station=0, base=3),
          "4.1 Aggressive Mission Cards, Crimean Mission")
    s, _ = act(s, "play", card="crimean", target=1, station=0, base=2)
    assert s.colonies[0].stations[-1][2] == 2


def test_mm148_crimean_takes_an_inactive_station_and_one_of_the_thiefs_colour():
    """MM-148 (4.1 Crimean Mission: "choose any Resource Station on the map that is not yours"; decision
    MA-29: "not yours" is control): a Station inactive after Armageddon may be taken, and so may a Station of
    Anna's own colour that Ben controls; it becomes active at Anna's Base."""
    s = holding(aggressive=2)
    s = replace(s, pile=(15, 13))
    s = colony(s, 1, bases=1, stations=s.colonies[1].stations + ((0, 1, 2), (2, 0, 1)), supply=(3, 4, 4))
    s = colony(s, 0, supply=(4, 4, 3))
    assert s.colonies[1].active == (1, 1, 2)  # the Air Station at Base 2 is inactive
    s, _ = act(s, "play", card="crimean", target=1, station=3)
    assert s.colonies[0].stations[-1] == (0, 1, 1) and s.colonies[0].active[0] == 2
    s = replace(s, played=False)
    s, _ = act(s, "play", card="crimean", target=1, station=3)
    assert s.colonies[0].stations[-1] == (2, 0, 1) and mm.invariants(s) == []


def test_mm052_a_station_at_the_newest_base_gets_a_tip_never_a_refusal():
    """MM-052 (3.6.4: "Be careful not to build so many Resource Stations that you have blocked yourself ...
    Always leave room for your next Base"): advisory; the move stays legal."""
    s = colony(main_state(), 0, bases=2, cards=(3, 4, 4))
    action = Action("build_station", {"resource": "air", "base": 2}, 0)
    tips = advice.hints(s, action)
    assert mm.check(s, action) is None and any("3.6.4" in t for t in tips)
    assert "blocks your next Base" in tips[0]   # 3/4/4 less 2 Food, 2 Minerals leaves no Base
    assert not any("3.6.4" in t for t in advice.hints(s, Action("build_station", {"resource": "air", "base": 1},
                                                                   0)))

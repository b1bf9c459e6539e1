"""Mission to Mars 2049: every refusal for a price the player cannot pay says
what is missing, by resource ("1 Minerals short"), not only the price.
Source: shared/rules/mission-to-mars-2049.txt (3.6 How does building work?,
3.8 Resource Tokens, 3.9 Trading, 3.10 The Road)."""
from __future__ import annotations

from tests.rules.test_mission_to_mars_2049_setup import colony, main_state, rejection

from tests.rulebooks import RULEBOOKS, cites_a_heading


def _short(state, kind, **args):
    r = rejection(state, kind, **args)
    assert r is not None and r.code in ("cannot_afford", "too_few_cards", "road_cards"), (kind, r)
    book, _, section = r.rule.partition(", ")
    assert cites_a_heading(RULEBOOKS / book, section), r.rule
    return r.message


def test_the_h2o_station_at_8_8_7_says_1_minerals_short():
    s = colony(main_state(), 0, cards=(8, 8, 7), bases=5, road=True)
    assert _short(s, "build_h2o").endswith("costs 8 Air, 8 Food, 8 Minerals: 1 Minerals short.")


def test_every_cost_refusal_names_what_is_missing():
    s = colony(main_state(), 0, cards=(1, 0, 2), tok3=(0, 1, 0))  # Food 3 with its (3) token
    assert _short(s, "build_base").endswith("costs 3 Air, 3 Food, 3 Minerals: 2 Air, 1 Minerals short.")
    assert _short(s, "build_station", resource="food").endswith("costs 2 Air, 2 Minerals: 1 Air short.")
    assert _short(s, "build_lab").endswith("costs 4 Food, 3 Minerals: 1 Food, 1 Minerals short.")
    assert _short(s, "buy", deck="peaceful", immediate=False).endswith(": 2 Air short.")
    assert _short(s, "buy", deck="aggressive", immediate=False).endswith(": 1 Minerals short.")
    assert _short(s, "buy", deck="aggressive", immediate=False).startswith("An Aggressive Mission costs ")
    poor = colony(main_state(), 0, cards=(0, 0, 0))
    assert _short(poor, "build_station", resource="air").startswith("An Air Station costs ")  # not "A Air Station"
    assert _short(s, "build_station", resource="food").startswith("A Food Station costs ")
    assert _short(s, "trade", give="minerals", get="air").endswith("costs 4 Minerals: 2 Minerals short.")
    assert _short(s, "to_token", resource="minerals", token=3).endswith("takes 3 Minerals cards: 1 Minerals short.")
    r = colony(s, 0, bases=5, roads=1)
    assert _short(r, "build_road").endswith("you have 1: 2 short.")


COSTS = "mission-to-mars-2049.txt, 3.6 How does building work?, Building Costs"


def test_every_cost_refusal_cites_the_building_costs_table():
    """A tester: "A Base costs 3 Air, 3 Food, 3 Minerals: 1 Food, 1 Minerals short" cited 3.6, whose dialog
    shows 3.6's first lines and never the prices; every refusal for a price (Stations, Base, Laboratory,
    Missions, H2O Station, Road cards) cites the Building Costs table at the end of 3.6 ("Building Costs (as
    printed on the player sheet):"), the (2) Laboratory with 3.9.2 ("pay again") and the Road with 3.10.3."""
    s = colony(main_state(), 0, cards=(0, 0, 0))
    for kind, args in (("build_base", {}), ("build_station", {"resource": "air"}), ("build_lab", {}),
                       ("buy", {"deck": "peaceful", "immediate": False}),
                       ("buy", {"deck": "aggressive", "immediate": False})):
        assert rejection(s, kind, **args).rule == COSTS, kind
    assert rejection(colony(s, 0, bases=5, road=True), "build_h2o").rule == COSTS
    assert rejection(colony(s, 0, lab3=1), "build_lab").rule == (
        "mission-to-mars-2049.txt, 3.9 Laboratories and how to trade resources, 3.9.2 / " + COSTS.split(", ", 1)[1])
    assert rejection(colony(s, 0, bases=5, roads=2), "build_road").rule == (
        "mission-to-mars-2049.txt, 3.10 What do I need a Road for?, 3.10.3 / " + COSTS.split(", ", 1)[1])

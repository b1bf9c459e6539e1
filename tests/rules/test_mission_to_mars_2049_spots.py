"""Mission to Mars 2049: the 8 spots around a Base (rulebook 3.6.2, F.A.Q. Q.2; ``model.spots_taken``).

A play tester's random game built 12 Stations around Base 1 and 12 and the (3) Laboratory around another: the
board cannot hold that. Buildings stand "on the intersections of the coordinate lines", "around your bases",
"both straight and diagonally" (3.6.2): 8 spots a Base, the Bases next to it in the chain taking one each."""
import random

import pytest

from companion.rules import mission_to_mars_2049 as mm
from companion.rules.mission_to_mars_2049 import advice
from companion.rules.contract import Action
from companion.rules.mission_to_mars_2049.model import replace, spots_taken
from tests.rules.test_mission_to_mars_2049_setup import act, colony, main_state, rejection, rich

AROUND = "mission-to-mars-2049.txt, 3.6 How does building work?, 3.6.2"
BLOCKED = "mission-to-mars-2049.txt, 7. F.A.Q. (Optional), Q.2 / 3.6 How does building work?, 3.6.2"


def stations_at(k, n, resource=0, colour=0):
    return ((resource, colour, k),) * n


def test_the_testers_base_1_takes_five_stations_more_then_none():
    """Real actions: the First Base alone has its 3 starting Stations (3.3) and room for 5 more; the 6th is
    refused, naming Base 1 and citing 3.6.2 (the tester built 12 there)."""
    s = rich(main_state(), 0, 40)
    for res in ("air", "food", "minerals", "air", "food"):
        s, _ = act(s, "build_station", resource=res, base=1)
    assert spots_taken(s.colonies[0], 1) == 8
    r = rejection(s, "build_station", resource="minerals", base=1)
    assert r is not None and r.code == "base_full" and r.rule == AROUND, r
    assert r.message == ("No free spot around Base 1: its 8 intersections (straight and diagonally) hold "
                         "8 Stations."), r.message
    assert rejection(s, "build_station", resource="minerals") == r   # the newest Base by default
    assert rejection(s, "build_lab", base=1).code == "base_full"
    assert not [a for a in mm.legal_actions(s) if a.kind in ("build_station", "build_lab")]


def test_the_bases_next_to_it_take_a_spot_each_and_the_next_base_none():
    """Base 1 with Base 2 standing: 3 + 4 Stations and Base 2; Base 2, the newest: 7 and Base 1 (the Base
    still to come takes none: 3.6.4's "leave room" is advice); a Base between two: 6."""
    s = colony(rich(main_state(), 0, 40), 0, bases=3, supply=(5, 5, 5),   # tokens: not the question here
               stations=stations_at(1, 3) + stations_at(2, 6, 1) + stations_at(3, 6, 2))
    c = s.colonies[0]
    assert [spots_taken(c, k) for k in (1, 2, 3)] == [4, 8, 7]
    r = rejection(s, "build_station", resource="air", base=2)
    assert r.code == "base_full" and r.rule == AROUND
    assert r.message == ("No free spot around Base 2: its 8 intersections (straight and diagonally) hold 6 "
                         "Stations, Base 1 and Base 3. A Station can go next to Base 1 or 3."), r.message
    assert rejection(s, "build_station", resource="air", base=1) is None
    assert rejection(s, "build_station", resource="air", base=3) is None
    s = colony(s, 0, stations=s.colonies[0].stations + stations_at(3, 1))
    assert rejection(s, "build_station", resource="air", base=3).code == "base_full"
    stations = {a.args["base"] for a in mm.legal_actions(s) if a.kind == "build_station"}
    assert stations == {1}


def test_laboratories_take_spots_and_are_refused_at_a_full_base():
    s = colony(rich(main_state(), 0, 40), 0, bases=2, lab3=2, stations=stations_at(1, 3) + stations_at(2, 5, 1),
               supply=(4, 0, 4))
    assert spots_taken(s.colonies[0], 2) == 7   # 5 Stations, the (3) Laboratory, Base 1
    s, _ = act(s, "build_lab", base=2)           # the (2) takes the last spot
    assert spots_taken(s.colonies[0], 2) == 8
    r = rejection(s, "build_station", resource="air", base=2)
    assert "5 Stations, both Laboratories and Base 1" in r.message and r.rule == AROUND, r


def test_a_new_base_on_a_free_spot_next_to_a_full_base_is_refused_over_its_own_station_it_is_not():
    """Base k+1 goes next to Base k (3.6.2): with Base k's 8 spots taken, only over one of the Stations
    there (Q.2), whose spot it takes; a Station of a Base Armageddon destroyed is not one of them."""
    s = colony(rich(main_state(), 0, 40), 0, bases=1, stations=stations_at(1, 5) + stations_at(1, 3, 1)
               + stations_at(2, 1, 2), supply=(0, 2, 4))
    c = s.colonies[0]
    assert spots_taken(c, 1) == 8
    r = rejection(s, "build_base")
    assert r.code == "base_full" and "Base 2 goes next to Base 1" in r.message, r
    assert r.rule == BLOCKED
    assert rejection(s, "build_base", over=8).code == "base_full"   # the Station at the destroyed Base 2
    assert rejection(s, "build_base", over=0) is None
    bases = [a for a in mm.legal_actions(s) if a.kind == "build_base"]
    assert bases and all(c.stations[a.args["over"]][2] == 1 for a in bases)
    s, _ = act(s, "build_base", over=0)
    assert spots_taken(s.colonies[0], 1) == 8   # 7 Stations and Base 2: the spot changed hands


def test_a_destroyed_base_frees_its_spot_and_the_road_takes_none():
    """Armageddon (4.1): the destroyed Base's token goes back to its owner, so its spot around the Base before
    it is free; the Road goes through the polar ice cap (3.10.2), not on a spot around Base 5."""
    s = colony(main_state(), 0, bases=2, stations=stations_at(1, 7))
    assert spots_taken(s.colonies[0], 1) == 8
    assert spots_taken(replace(s.colonies[0], bases=1), 1) == 7
    five = colony(main_state(), 0, bases=5, stations=stations_at(5, 3))
    assert spots_taken(five.colonies[0], 5) == spots_taken(replace(five.colonies[0], road=True), 5) == 4


def test_stolen_stations_count_where_they_are_put():
    """Crimean Mission: "put it next to one of your bases": the stolen Station counts at the thief's Base,
    not at its victim's; a thief's Base with no free spot takes none."""
    s = colony(main_state(), 1, stations=stations_at(1, 3, 0, 1) + stations_at(1, 5, 1, 0))
    assert spots_taken(s.colonies[1], 1) == 8
    s = colony(s, 0, aggressive=1, stations=stations_at(1, 8))
    r = rejection(s, "play", card="crimean", target=1, station=0)
    assert r.code == "base_full" and r.rule == AROUND.replace(", 3.6 How", ", 4.1 Aggressive Mission Cards, "
                                                              "Crimean Mission / 3.6 How"), r
    s = colony(s, 0, stations=stations_at(1, 7))
    s, _ = act(s, "play", card="crimean", target=1, station=3)   # one of Anna's own, taken back
    assert spots_taken(s.colonies[0], 1) == 8 and spots_taken(s.colonies[1], 1) == 7


def test_build_and_laboratory_missions_need_a_free_spot_a_second_laboratory_card_none():
    """Build Mission: "If you don't have a free space to build more stations ... save this card for later";
    the Laboratory Mission places one too, unless both are built (then another Peaceful card, 4.1)."""
    s = colony(main_state(), 0, peaceful=1, stations=stations_at(1, 8), supply=(4, 4, 4))
    for args in ({"card": "build", "resource": "air"}, {"card": "laboratory"}):
        r = rejection(s, "play", **args)
        assert r.code == "base_full" and r.rule.endswith(" / 3.6 How does building work?, 3.6.2"), r
        assert r.rule.startswith("mission-to-mars-2049.txt, 4.1 Peaceful Mission Cards, "), r
    assert not [a for a in mm.legal_actions(s) if a.kind == "play" and a.args["card"] in ("build", "laboratory")]
    both = colony(s, 0, lab3=1, lab2=1, stations=stations_at(1, 6))
    assert spots_taken(both.colonies[0], 1) == 8
    assert rejection(both, "play", card="laboratory") is None


@pytest.mark.parametrize("cards", [(40, 40, 40), (0, 4, 4)])
@pytest.mark.parametrize("seed", range(10))
def test_random_play_never_builds_at_a_full_base(seed, cards):
    """random_action offers no refused move: with the newest Base full it builds its Stations and
    Laboratories elsewhere, its Base over a Station there."""
    s = colony(main_state(), 0, bases=2, peaceful=1, aggressive=1, cards=cards,
               stations=stations_at(1, 3) + stations_at(2, 7, 1), supply=(4, 0, 4))
    rng = random.Random(seed)
    kinds = set()
    for _ in range(60):
        a = mm.random_action(s, rng)
        kinds.add(a.kind)
        assert mm.check(s, a) is None, (a, mm.check(s, a))
        assert a.kind != "build_base" or s.colonies[0].stations[a.args["over"]][2] == 2, a
        assert a.kind not in ("build_station", "build_lab") or a.args.get("base") == 1, a
    assert kinds & {"build_base", "build_station", "build_lab"}


def test_old_states_over_the_bound_are_told_by_invariants():
    s = colony(main_state(), 0, stations=stations_at(1, 9), supply=(0, 4, 4))
    assert any("Base(s) [1]" in line for line in mm.invariants(s))
    assert mm.check(s, Action("build_station", {"resource": "food"}, 0)).code == "base_full"


def test_the_price_is_said_before_the_spot():
    """A player who cannot pay learns that first (3.6 Building Costs): the spot matters once they can."""
    s = colony(main_state(), 0, cards=(0, 0, 0), stations=stations_at(1, 8), supply=(0, 4, 4))
    for kind, args in (("build_base", {}), ("build_lab", {}), ("build_station", {"resource": "food"})):
        assert mm.check(s, Action(kind, args, 0)).code == "cannot_afford", kind


def test_the_tip_before_the_last_free_spot_next_to_the_newest_base_says_so():
    """3.6.4's tip, when the Station or Laboratory fills the newest Base's 8 spots: the next Base could then go
    only over one of the Stations there (Q.2), said before it is built (a hint, never a refusal)."""
    s = colony(rich(main_state(), 0, 40), 0, stations=stations_at(1, 7), supply=(0, 4, 4))
    move = Action("build_station", {"resource": "food"}, 0)
    assert mm.check(s, move) is None
    warning = advice.base_warning(s, move)
    assert warning == ("This Station takes the last free spot next to Base 1: Base 2 could then go only over one "
                       "of your Stations there (3.6 How does building work?, 3.6.4)."), warning
    assert "Leave room around Base 1" in advice.base_warning(colony(s, 0, stations=stations_at(1, 6)), move)


def test_roomy_bases_kept_per_colony_match_each_bases_own_count():
    """``roomy_bases`` is kept per Colony's Stations, Bases and Laboratories (asked at every ``legal_actions``,
    issue 13): along seeded uniform playouts over ``legal_actions``, it always equals the Bases whose own count
    (:func:`has_room`, 3.6.2) leaves a free spot, also after a Laboratory or a Base changed a Colony."""
    from companion.rules import get_game
    from companion.rules.mission_to_mars_2049 import model as M
    game = get_game("mission-to-mars-2049")
    full = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_game(game.default_options(4, seed))
        while not game.is_over(state):
            for c in state.colonies:
                each = tuple(k for k in range(1, c.bases + 1) if M.has_room(c, k))
                assert M.roomy_bases(c) == each, c
                full += len(each) < c.bases
            legal = game.legal_actions(state)
            expect = game.expects(state)
            take = legal[int(rng.random() * len(legal))] if legal and not (expect and expect.kind == "card") \
                else game.random_action(state, rng)
            state, _ = game.apply(state, take)
    assert full  # some Base was full on the way

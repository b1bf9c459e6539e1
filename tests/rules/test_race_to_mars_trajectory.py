"""Race to Mars: the Trajectory card, whose spaces and hazards the rulebook does not print (race-to-mars.txt
"Setup": "Then place the Trajectory card"; "Hazards": "The Green hazard (on the Trajectory card)"): asked when a
rocket reaches it, like any card part the app has not seen."""
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import SLOTS, TURN_STEP, Played, Player, replace
from companion.rules.race_to_mars.flow import put
from companion.rules.race_to_mars.rocket import build_routes
from tests.rules.test_race_to_mars_helpers import act, modules, options, rejection, texts

SRC = {"zone": "module", "index": 0, "slot": 0}


def full_flight(seat0=None):
    """A full game (Trajectory card not entered) in seat 0's 2.2, both rockets on the last space of slot 6."""
    s = rm.new_game(options(2, first_game=False))
    slots = ((("fuel",),) * 4,) * SLOTS
    s = replace(s, slots=slots, slot_names=tuple(f"T{i}" for i in range(1, 13)), round=13, active=-1,
                step=TURN_STEP, order=(0, 1), at=0, sub=2)
    s = replace(s, routes=build_routes(s))
    for seat in range(2):
        s = put(s, replace(Player(seat, seat), **{"launched": True, "pos": 5, **((seat0 or {}) if seat == 0 else {})}))
    return s


def test_rm003_rm086_the_trajectory_card_is_asked_when_a_rocket_reaches_it():
    """RM-003, RM-086 (Setup 1; the Green hazard is on the Trajectory card; decision RA-01: its lanes come from
    the players, at the moment they matter)."""
    s = full_flight({"modules": modules({"resource": "fuel"}, {"resource": "fuel"}), "boosts": 1,
                     "play": (Played("Boost", None),)})
    assert rm.reach(s, 0)["spaces"] == 0  # the plan stops before the card nobody has entered (even with a Boost)
    e = rm.expects(s)
    assert (e.kind, e.card_kind, e.action, e.seat) == ("card", "trajectory", rm.TRAJECTORY, 0)
    r = rejection(s, rm.ADVANCE, 0, source=SRC)
    assert r.code == "trajectory_card_first" and r.rule == "race-to-mars.txt, Setup"
    assert not [a for a in rm.legal_actions(s) if a.kind == rm.ADVANCE]
    s, ev = act(s, rm.TRAJECTORY, 0, lanes=[["green", "fuel"], ["hull"], ["hull"], ["hull"]])
    assert "lane 1: green, fuel" in texts(ev) and rm.expects(s) is None
    assert rejection(s, rm.TRAJECTORY, 0, lanes=[["fuel"]]).code == "trajectory_card_known"
    s, ev = act(s, rm.ADVANCE, 0, source=SRC)
    p = s.players[0]
    assert p.asteroids == 1 and "Green hazard" in texts(ev)  # RM-086: an Asteroid into the discard pile
    assert rm.summary(s)["players"][0]["position"] == 7


def test_rm161_a_free_advance_waits_at_the_trajectory_card_and_goes_on_once_it_is_entered():
    """RM-161 (decision RA-18: free advances pass hazards like any step) with the Trajectory card entered midway."""
    s = full_flight({"pos": 4, "modules": modules({"free_advance": 3})})
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=0)
    assert s.players[0].pos == 5 and s.free_left == 2 and "reaches the Trajectory card" in texts(ev)
    assert rm.expects(s).action == rm.TRAJECTORY
    assert rejection(s, rm.DONE, 0).code == "trajectory_card_first"
    s, ev = act(s, rm.TRAJECTORY, 0, lanes=[["fuel", "red", "fuel"]] * 4)
    assert s.players[0].pos == 8 and s.free_left == 0 and rm.invariants(s) == []  # route index: past the red
    assert "red hazard: no Rocket module" in texts(ev)


def test_rm004_rm003_a_board_given_at_setup_or_the_first_game_asks_nothing():
    """RM-004 (first game: no Trajectory card), RM-003 (a board entered at setup)."""
    s = rm.new_game(options(2, first_game=False, board={"trajectory_card": [["green", "fuel"]] * 4}))
    assert rejection(s, rm.TRAJECTORY, 0, lanes=[["fuel"]]).code == "trajectory_card_known"
    f = rm.new_game(options(2))
    assert f.trajectory_card == () and rejection(f, rm.TRAJECTORY, 0, lanes=[["fuel"]]).code == \
        "trajectory_card_known"


def test_rm003_rm024_the_trajectory_card_is_asked_once_the_12_cards_are_placed_before_any_launch():
    """RM-003 (Setup: "Then place the Trajectory card"), RM-024 (Playing the Game 1: Pre-Launch: six cards to the
    Trajectory card, six from it): as soon as the routes are complete the game asks for the Trajectory card, before
    anyone can launch, so that the distances to Mars never change when it is entered."""
    from companion.rules.race_to_mars.model import UNENTERED
    from companion.rules.race_to_mars.rocket import build_routes
    from tests.rules.test_race_to_mars_helpers import options, through_round_12
    s = through_round_12(rm.new_game(options(2)))
    s = replace(s, trajectory_card=((UNENTERED,),) * 4)
    s = replace(s, routes=build_routes(s))
    e = rm.expects(s)
    assert e.action == rm.TRAJECTORY and e.seat == rm.to_act(s).seats[0] and "12 trajectory cards" in e.purpose
    a = rm.random_action(s, __import__("random").Random(1))
    assert a.kind == rm.TRAJECTORY and rm.check(s, a) is None
    s, _ = act(s, rm.TRAJECTORY, e.seat, lanes=[["green", "fuel"]] * 4)
    assert rm.expects(s).action == rm.PICK
    before = [p["spaces_to_mars"] for p in rm.summary(s)["players"]]
    seat = rm.to_act(s).seats[0]
    s, _ = act(s, rm.LAUNCH, seat)
    assert [p["spaces_to_mars"] for p in rm.summary(s)["players"]] == before == [24 + 1 + 1] * 2


def test_rm086_the_green_hazard_of_the_trajectory_card_is_held_once_never_doubled():
    """RM-086 (Hazards: "The Green hazard (on the Trajectory card)"): an entry with a green on every lane (the
    screens pre-fill one; a player may add another) holds the Green hazard once: one Asteroid, not two."""
    s = full_flight({"modules": modules({"resource": "fuel"}, {"resource": "fuel"})})
    s, ev = act(s, rm.TRAJECTORY, 0, lanes=[["green", "green", "fuel"], ["green", "hull"], ["hull", "green"],
                                            ["green", "hull"]])
    assert s.trajectory_green and s.trajectory_card == (("fuel",), ("hull",), ("hull",), ("hull",))
    assert "the Green hazard across the card" in texts(ev)
    assert all(r.count("green") == 1 for r in s.routes)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC)
    assert s.players[0].asteroids == 1
    board = rm.new_game(options(2, first_game=False, board={"trajectory_card": [["green", "green", "fuel"]] * 4}))
    assert board.trajectory_green and board.trajectory_card == (("fuel",),) * 4


def test_rm161_rm080_a_free_advance_stopped_by_a_hazard_asks_for_the_jettison_not_the_trajectory_card():
    """RM-161 with RM-080 (Hazards: a red hazard passed means jettisoning a Rocket module): a Free advance that stops
    at a red hazard, with free steps still due, waits for the jettison; the Trajectory card is not asked (a fresh
    player's dead end: the app asked for it while the only legal moves were jettisons)."""
    s = full_flight({"pos": 0, "modules": modules({"free_advance": 3}, {"resource": "hull"})})
    slots = ((("fuel", "red", "fuel"),) * 4,) * SLOTS
    s = replace(s, slots=slots)
    s = replace(s, routes=build_routes(s))
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=0)
    assert s.hazards and s.free_left > 0 and "jettison a Rocket module" in texts(ev)
    assert rm.expects(s) is None
    assert {a.kind for a in rm.legal_actions(s)} == {rm.JETTISON_MODULE}
    r = rejection(s, rm.DONE, 0)
    assert r.code == "hazard_first" and "red hazard" in r.message
    s, ev = act(s, rm.JETTISON_MODULE, 0, **next(a.args for a in rm.legal_actions(s) if a.kind == rm.JETTISON_MODULE))
    assert not s.hazards and s.players[0].pos > 1

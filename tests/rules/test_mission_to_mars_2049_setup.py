"""Mission to Mars 2049: setup, the roll-off, the turn and the die (rulebook 2.0-3.5).

Also the builders the other ``test_mission_to_mars_2049_*`` files use: real
actions (``act``), or a built state (``main_state`` + ``colony``).
"""
import pytest

from companion.rules import Action, apply_checked
from companion.rules import mission_to_mars_2049 as mm
from companion.rules.mission_to_mars_2049.model import replace, set_colony, with_map

FACE = {"air": 1, "food": 2, "minerals": 3, "robbery": 4, "discovery": 5, "skip": 6}
NAMES = ["Anna", "Ben", "Cleo", "Dan"]


# --------------------------------------------------------------------------- builders

def new(n=3, **options):
    players = [{"name": NAMES[i], "colour": ("red", "blue", "green", "yellow")[i]} for i in range(n)]
    return mm.new_game({"players": players, **options})


def act(state, kind, seat=None, **args):
    """Check and apply one action (seat default: whose turn it is); fails on a rejection."""
    if seat is None:
        seat = state.roller if state.phase == "rolloff" else state.current
    return apply_checked(mm, state, Action(kind, args, seat))


def rejection(state, kind, seat=None, **args):
    if seat is None:
        seat = state.roller if state.phase == "rolloff" else state.current
    return mm.check(state, Action(kind, args, seat))


def roll(state, symbol, seat=None):
    return act(state, "roll", seat, face=FACE[symbol])


def started(n=3):
    """Anna rolled Air in the roll-off: her first turn's roll is awaited."""
    s, _ = roll(new(n), "air")
    assert s.phase == "roll" and s.current == 0
    return s


def main_state(n=3, seat=0, produced=-1):
    """Seat ``seat``'s turn after a roll with no effect on the hands: the main phase."""
    s = replace(started(n), current=seat)
    return replace(s, phase="main", face=FACE["discovery"], produced=produced)


def colony(state, seat, **changes):
    """``state`` with seat ``seat``'s colony changed (``stations``/``bases`` recount the active ones); the
    Resource cards and Road cards it gains come from the bank, those it loses go back (2.1), so the bank and
    the hands still add up to the box."""
    old = state.colonies[seat]
    c = with_map(old, **changes) if {"stations", "bases"} & set(changes) else replace(old, **changes)
    moved = [c.cards[r] - old.cards[r] for r in range(3)] + [c.roads - old.roads]
    return replace(set_colony(state, seat, c), bank=tuple(b - m for b, m in zip(state.bank, moved)))


def rich(state, seat, n=20):
    return colony(state, seat, cards=(n, n, n))


def texts(events):
    return " | ".join(e.text for e in events)


def cites(rej, section):
    assert rej is not None, "expected a refusal"
    assert rej.rule == f"mission-to-mars-2049.txt, {section}", rej
    return rej


# --------------------------------------------------------------------------- setup (2.0-3.3)

def test_mm015_mm019_mm020_setup_first_base_three_stations_two_of_each_resource():
    """MM-015, MM-019, MM-020 (2.2, 3.2, 3.3 Your First Base and Resource Stations): a First Base
    with an Air, a Food and a Mineral Station; 2 cards of each resource; 4 of each Station left."""
    s = new(4)
    for i, c in enumerate(s.colonies):
        assert c.bases == 1 and c.cards == (2, 2, 2) and c.tok3 == c.tok8 == (0, 0, 0) and c.roads == 0
        assert sorted(c.stations) == [(0, i, 1), (1, i, 1), (2, i, 1)]
        assert c.supply == (4, 4, 4) and not c.lab3 and not c.lab2 and not c.road
    assert mm.invariants(s) == []
    assert s.pile == (15, 15)


@pytest.mark.parametrize("n, points", [(2, [1, 2]), (3, [1, 5, 6]), (4, [1, 2, 3, 4])])
def test_mm017_mm018_we2_starting_points_by_player_count(n, points):
    """MM-017, MM-018, WE-2 (3.1): "Start a two-player game on points (1) and (2). Start a three-player
    game on points (1), (5) and (6). Start a four-player game on points (1), (2), (3) and (4)." """
    assert [p["starting_point"] for p in mm.summary(new(n))["players"]] == points


@pytest.mark.parametrize("n", [1, 5])
def test_ma03_only_two_to_four_players(n):
    """MA-03 (3.1): seatings exist only for 2, 3 and 4 players."""
    players = [{"name": f"P{i}", "colour": f"c{i}"} for i in range(n)]
    with pytest.raises(ValueError, match="3.1 Where do I put my First Base"):
        mm.new_game({"players": players})


def test_setup_refuses_unknown_options_bad_die_maps_and_shared_colours():
    with pytest.raises(ValueError):
        mm.new_game({"players": [{"name": "A", "colour": "red"}] * 2})
    with pytest.raises(ValueError):
        mm.new_game({"die_faces": ["air"] * 6})
    with pytest.raises(ValueError):
        mm.new_game({"teleport": True})
    with pytest.raises(ValueError, match="hidden_hands must be true or false"):
        mm.new_game({"hidden_hands": "yes"})
    assert mm.new_game({"hidden_hands": True}) == mm.new_game({})   # the table's way of showing: no rule
    assert mm.new_game(mm.default_options(2, seed=3)).seats[1].name == "Player 2"
    assert len(mm.new_game({}).seats) == 3


def test_mm021_rolloff_first_air_starts_and_rolls_again():
    """MM-021 (3.3 Who starts the game?): "Whoever rolls the Air symbol first can roll the Die again
    to start the game." Decision MA-04: the roll-off goes clockwise from the first seat."""
    s = new(3)
    assert s.phase == "rolloff" and mm.expects(s).seat == 0
    s, ev = roll(s, "food")
    assert s.roller == 1 and s.phase == "rolloff" and "Ben rolls next" in texts(ev)
    s, _ = roll(s, "skip")
    s, ev = roll(s, "air")
    assert s.phase == "roll" and s.current == 2 and mm.expects(s).seat == 2
    assert all(c.cards == (2, 2, 2) for c in s.colonies)  # the roll-off's Air produces nothing
    cites(rejection(s, "roll", seat=0, face=1), "7. F.A.Q. (Optional), Q.7")


def test_rolloff_refuses_another_seat_naming_who_starts():
    s = new(3)
    r = cites(rejection(s, "roll", seat=1, face=1), "3.3 Who starts the game?")
    assert r.code == "not_your_turn" and "Anna" in r.message


def test_die_faces_option_labels_and_mapping():
    """Decision: the electronic die reports faces 1..6; which symbol each carries is an option."""
    faces = ["skip", "discovery", "robbery", "minerals", "food", "air"]
    s = new(2, die_faces=faces)
    assert mm.expects(s).faces == ("Skip a turn", "Discovery", "Robbery", "Minerals", "Food", "Air")
    s, _ = act(s, "roll", face=6)  # face 6 is Air on this die
    assert s.phase == "roll"
    assert mm.expects(new(2)).faces == ("Air", "Food", "Minerals", "Robbery", "Discovery", "Skip a turn")


# --------------------------------------------------------------------------- the turn (3.4)

def test_mm022_mm155_nothing_before_the_roll():
    """MM-022, MM-155 (3.4.1): "Always start your game turn with rolling the Die." """
    s = rich(started(), 0)
    for kind, args in [("build_base", {}), ("trade", {"give": "air", "get": "food"}), ("done", {}),
                       ("buy", {"deck": "peaceful", "immediate": False}),
                       ("to_token", {"resource": "air", "token": 3})]:
        r = cites(rejection(s, kind, **args), "3.4.1 Always start your game turn with rolling the Die.")
        assert r.code == "roll_first"


def test_mm024_mm025_mm026_many_things_then_done_passes_the_die_clockwise():
    """MM-024..026 (3.4.2): trade, build as many as you can afford, "I'm done!" gives the die on."""
    s = rich(main_state(3, seat=2), 2)
    s, _ = act(s, "build_station", resource="air")
    s, _ = act(s, "build_station", resource="food")
    s, _ = act(s, "build_base")
    s, _ = act(s, "trade", give="air", get="food")
    s, ev = act(s, "done")
    assert s.current == 0 and s.phase == "roll" and "I'm done" in texts(ev)
    cites(rejection(s, "roll", seat=2, face=1), "7. F.A.Q. (Optional), Q.7")


def test_rolled_once_per_turn():
    s = main_state()
    cites(rejection(s, "roll", face=1), "3.4.1 Always start your game turn with rolling the Die.")


# --------------------------------------------------------------------------- the die (3.5)

def test_mm027_mm030_mm053_resource_roll_pays_every_player_per_active_station():
    """MM-027..030, MM-053 (3.5, Q.6): "Every player receives 1 Air Resource card from the bank for
    each Air Resource Station on the map that they own." """
    s = started(3)
    s = colony(s, 1, stations=s.colonies[1].stations + ((0, 1, 1), (0, 1, 1)))
    s, ev = roll(s, "air")
    assert [c.cards[0] for c in s.colonies] == [3, 5, 3]
    assert [c.cards[1] for c in s.colonies] == [2, 2, 2]
    assert s.phase == "main" and "Ben +3" in texts(ev)


def test_mm129_mm128_inactive_station_produces_nothing():
    """MM-128, MM-129 (caption: "When the Armageddon card destroys a base, stations built around it
    become inactive"): a Station attached to a destroyed Base does not produce."""
    s = colony(started(3), 0, bases=1, stations=((0, 0, 1), (0, 0, 2), (1, 0, 1), (2, 0, 1)))
    s, _ = roll(s, "air")
    assert s.colonies[0].cards[0] == 3


def test_mm031_mm032_robbery_one_card_blind_never_tokens_or_road_cards():
    """MM-031, MM-032 (3.5, 3.8.2, 3.11.3): draw 1 Resource card blind; tokens and Road cards are safe."""
    s, ev = roll(started(3), "robbery")
    assert s.phase == "rob"
    s2, _ = act(s, "rob", victim=2, resource="food")
    assert s2.colonies[2].cards == (2, 1, 2) and s2.colonies[0].cards == (2, 3, 2) and s2.phase == "main"
    cites(rejection(s, "rob", victim=0, resource="food"), "3.5 Symbols on the Game Die")  # not yourself
    s = colony(s, 1, cards=(0, 2, 0), tok3=(1, 0, 0), roads=2)
    r = cites(rejection(s, "rob", victim=1, resource="air"), "3.8 What are Resource Tokens?, 3.8.2")
    assert "Road cards cannot be stolen" in r.message
    cites(rejection(s, "rob", victim=1), "3.5 Symbols on the Game Die")  # she has cards: say which


def test_mm137_robbing_an_empty_hand_yields_nothing():
    """MM-137 (decision MA-12): any opponent may be picked; one with no Resource card yields nothing."""
    s, _ = roll(started(3), "robbery")
    s = colony(s, 1, cards=(0, 0, 0), tok8=(1, 1, 1))
    s, ev = act(s, "rob", victim=1)
    assert s.phase == "main" and s.colonies[1].tok8 == (1, 1, 1) and "nothing to draw" in texts(ev)


def test_mm033_discovery_for_the_roller_only_resource_or_road_card():
    """MM-033 (3.5): "Receive 1 card of any resource type you want from the bank (including the Road
    card). Only the player who rolled the Die does that." """
    s, _ = roll(started(3), "discovery")
    cites(rejection(s, "take", seat=1, resource="air"), "7. F.A.Q. (Optional), Q.7")
    s2, _ = act(s, "take", resource="road")
    assert s2.colonies[0].roads == 1 and s2.phase == "main"
    s3, _ = act(s, "take", resource="minerals")
    assert s3.colonies[0].cards == (2, 2, 3) and [c.cards for c in s3.colonies[1:]] == [(2, 2, 2)] * 2
    cites(rejection(s, "build_base"), "3.4.1 Always start your game turn with rolling the Die.")


def test_mm136_discovery_cannot_give_a_fourth_road_card():
    """MM-136 (3.11.4): "Each player can have no more than 3 Road cards." """
    s, _ = roll(colony(started(3), 0, roads=3), "discovery")
    cites(rejection(s, "take", resource="road"), "3.11 Why are Road cards special?, 3.11.4")


def test_mm034_mm154_skip_a_turn_passes_the_die_at_once():
    """MM-034, MM-154 (3.5): "Do not do any actions and give the Die to the next player immediately." """
    s, ev = roll(started(3), "skip")
    assert s.current == 1 and s.phase == "roll" and s.colonies[0].skips == 1


def test_mm035_mm135_second_skip_in_a_row_pays_a_bonus_card_and_still_skips():
    """MM-035, MM-135 (3.5): "If you roll 'Skip a turn' twice (or more times) in a row, receive 1 card
    of any Resource (or Road) from the bank. You still have to skip the turn." """
    s = colony(started(2), 0, skips=1)
    s, ev = roll(s, "skip")
    assert s.phase == "skip_bonus" and s.current == 0
    cites(rejection(s, "done"), "3.4.1 Always start your game turn with rolling the Die.")
    s, _ = act(s, "take", resource="road")
    assert s.colonies[0].roads == 1 and s.current == 1 and s.phase == "roll"
    # a third Skip in a row pays again; any other face resets the streak
    s = replace(s, current=0)
    s, _ = roll(s, "skip")
    assert s.phase == "skip_bonus" and s.colonies[0].skips == 3
    s = replace(colony(s, 0, skips=2), phase="roll")
    s, _ = roll(s, "food")
    assert s.colonies[0].skips == 0


def test_correct_roll_replaces_the_last_roll():
    """A misread die: ``correct_roll`` replaces the most recent roll (the shell's Fix roll)."""
    s0 = started(3)
    s, _ = roll(s0, "skip")
    assert mm.last_roll(s) == ("Anna's roll", 6)
    s, ev = act(s, "correct_roll", seat=0, face=FACE["air"])
    assert s == roll(s0, "air")[0] and "corrected" in ev[0].kind
    s, _ = act(s, "build_station", resource="air")
    assert mm.last_roll(s) is None
    assert rejection(s, "correct_roll", face=2).code == "nothing_to_correct"
    # the contract's form: no seat
    s, _ = roll(s0, "food")
    assert mm.check(s, Action("correct_roll", {"face": 3})) is None
    same = mm.check(s, Action("correct_roll", {"face": FACE["food"]}))  # the face already entered: nothing to fix
    assert same.code == "same_face" and same.rule.startswith("mission-to-mars-2049.txt, 3.4.1")
    assert Action("correct_roll", {"face": FACE["food"]}) not in mm.legal_actions(s)


def test_the_bank_option_defaults_and_its_least_counts_are_the_rules_own():
    """2.1 The Game Bank (not counted by the rulebook, decision MA-05): ``default_bank`` is the box the game
    assumes; ``bank_least`` the fewest cards a table may give (2 x players + 1 of each resource, 0 Road
    cards): a New game screen offers exactly these."""
    import pytest
    from companion.rules import mission_to_mars_2049 as mm
    from companion.rules.mission_to_mars_2049.model import BANK_BOX
    assert tuple(mm.default_bank().values()) == BANK_BOX and list(mm.default_bank()) == ["air", "food", "minerals",
                                                                                           "road"]
    for n in (2, 3, 4):
        least = mm.bank_least(n)
        assert least == {"air": 2 * n + 1, "food": 2 * n + 1, "minerals": 2 * n + 1, "road": 0}
        opts = mm.default_options(n)
        assert mm.new_game({**opts, "bank": least}).box == (2 * n + 1,) * 3 + (0,)
        with pytest.raises(ValueError, match="at least"):
            mm.new_game({**opts, "bank": dict(least, food=2 * n)})

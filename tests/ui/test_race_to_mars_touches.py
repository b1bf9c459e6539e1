"""Race to Mars at the table, in as few touches as the game allows: the rocket advances as far as the
resources in play allow in one touch ("Advance N"), stopping before a hazard that asks a choice.

Source: shared/rules/race-to-mars.txt ("Phase 2.2: Advance Rocket", "Hazards").
"""
from __future__ import annotations

import random

import pytest

from companion.rules import race_to_mars as rm
from companion.ui.games.race_to_mars.refuse import WHY

from .test_input_costs import commits
from .test_race_to_mars_screens import driver  # noqa: F401 (the fixture)

PLAYERS = {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
           "first_game": True, "seed": 1}


def to_a_run(d, seed: int, cond) -> int:
    """Random legal moves (seeded) until phase 2.2 with ``cond(advance_run)`` for the player advancing;
    returns that player's seat."""
    s = d.app.session
    s.new_game("race-to-mars", PLAYERS)
    rng = random.Random(seed)
    for _ in range(20000):
        if s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards:
            seat = rm.to_act(s.state).seats[0]
            if cond(rm.advance_run(s.state, seat)):
                d.frame()
                return seat
        assert s.submit(rm.random_action(s.state, rng)).accepted
    raise AssertionError("never reached")


def moves(d) -> dict[str, tuple]:
    """Where the 2.2 move buttons are, by name (a greyed one under its name without "(why not?)")."""
    d.frame()
    return {h.label.removesuffix(WHY): tuple(h.rect) for h in d.app.screen.ui.hits
            if h.label.removesuffix(WHY) in ("Advance", "Advance all", "Pay with\u2026", "Rocket\u2026")}


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_advance_all_goes_as_far_as_the_plan_in_one_commit_and_undo_takes_back_one_space(driver, size):
    """"Phase 2.2: Advance Rocket" ("You may move as many steps as you can or wish to"): one touch advances
    every space the rules' plan reaches, one logged move per space, in one commit; it says what it did and why
    it stopped; the buttons stay in their places; Undo takes back one space."""
    d = driver(size)
    seat = to_a_run(d, 18, lambda run: run["spaces"] >= 2 and not run["hazard"])
    s = d.app.session
    plan = rm.advance_run(s.state, seat)
    n = plan["spaces"]
    assert "Advance" in d.names() and "Advance all" in d.names()
    label = next(t for t, _, _ in d.app.screen.ui.texts if t.startswith("Advance ") and t != "Advance all")
    assert label == f"Advance {n}"
    where = moves(d)
    steps, seq = s.state.players[seat].steps, s.seq
    seen = commits(s)
    d.tap("Advance all")
    assert s.state.players[seat].steps == steps + n and s.seq == seq + n
    assert len(seen) == 1, f"{len(seen)} commits for one touch"
    said = d.app.message.text
    assert said.startswith(f"Advanced {n} spaces with ")
    assert said.split(". ", 1)[1][:1].isupper()  # why it stopped: a sentence, as the rules' refusals are
    if not plan["mars"]:
        assert plan["stop"].message.split("; ")[0].split(": ")[0].rstrip(".") + "." in said  # the rest is on
        assert "(Phase" not in said and "(Hazards)" not in said  # the resources line, the section on a tap
    assert moves(d) == where   # greyed now, in their places
    d.tap("Undo")
    assert s.state.players[seat].steps == steps + n - 1 and s.seq == seq + n - 1


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_advance_all_stops_before_a_hazard_that_asks_a_choice(driver, size):
    """"Hazards": passing a red or yellow hazard costs a card of the player's choice; one touch never decides
    that. It stops in front of the hazard and says so; then "Advance all" is greyed and says why (with the
    section), and the single Advance passes the hazard when the player wants to."""
    d = driver(size)
    seat = to_a_run(d, 2, lambda run: run["hazard"] and run["spaces"] >= 1)
    s = d.app.session
    plan = rm.advance_run(s.state, seat)
    steps = s.state.players[seat].steps
    d.tap("Advance all")
    assert s.state.players[seat].steps == steps + plan["spaces"] and not s.state.hazards
    assert f"{plan['hazard']} hazard lies right in front of the rocket." in d.app.message.text
    assert "(Hazards)" not in d.app.message.text  # the greyed "Advance all" says it all, with the section
    assert "Advance all" + WHY in d.names() and "Advance" in d.names()
    d.tap("Advance all" + WHY)
    assert s.state.players[seat].steps == steps + plan["spaces"]
    assert "right in front" in d.app.message.text and d.app.message.rule == "race-to-mars.txt, Hazards"
    d.tap("Advance")
    assert s.state.hazards == (plan["hazard"],)   # the player's choice now: what to jettison


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_what_advance_all_says_leaves_the_movers_own_panel_in_sight(driver, size):
    """A fresh tester's finding: "Advanced 2 spaces, paying ..." covered the moving player's own panel, where
    what it paid shows. The note goes over the other players' panels, never over the mover's (nor the moves)."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    seat = to_a_run(d, 18, lambda run: run["spaces"] >= 2 and not run["hazard"])
    d.tap("Advance all")
    assert d.app.message is not None and d.app.message.text.startswith("Advanced "), d.app.message
    d.frame()
    box = message_box(d.app.layout, d.app)[0]
    name = d.app.game.seats(d.app.state)[seat].name
    panel = next(h.rect for h in d.app.screen.ui.hits if h.label == name)  # a tap on a panel opens its player
    assert not box.colliderect(panel), (box, panel)
    for label in ("Advance", "Advance all", "Undo"):
        hit = next((h for h in d.app.screen.ui.hits if h.label.startswith(label)), None)
        assert hit is None or not box.colliderect(hit.rect), (label, box, hit.rect)


@pytest.mark.parametrize("players,size", [(3, (800, 480)), (2, (480, 800))])
def test_what_advance_all_says_leaves_a_middle_movers_panel_in_sight_too(driver, players, size):
    """A tester's finding: the middle of three panels at 800x480 and the second of two at 480x800 had no room
    above or below for the note, which then covered the mover's panel. The note is short enough: the paid
    resources counted ("with Fuel x3"), why it stopped in the rules' first clause without "Stopped:" nor its
    section (a tap on the greyed Advance gives them)."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    s = d.app.session
    names = ("Anna", "Winston", "Carla")[:players]
    s.new_game("race-to-mars", {"players": [{"name": n, "colour": c} for n, c in zip(names, ("red", "blue", "green"))],
                                "first_game": True, "seed": 1})
    rng = random.Random(1)
    while not (s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards
               and rm.to_act(s.state).seats[0] == 1 and rm.advance_run(s.state, 1)["spaces"] >= 2
               and not rm.advance_run(s.state, 1)["hazard"]):
        assert not rm.is_over(s.state), "seed 1 reaches a run of the second player"
        assert s.submit(rm.random_action(s.state, rng)).accepted
    d.frame()
    d.tap("Advance all")
    said = d.app.message.text
    assert said.startswith("Advanced ") and "(Phase" not in said, said
    d.frame()
    box = message_box(d.app.layout, d.app)[0]
    panel = next(h.rect for h in d.app.screen.ui.hits if h.label == names[1])
    assert not box.colliderect(panel), (said, box, panel)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_2_5_with_one_way_on_has_it_in_next_s_place(driver, size):
    """A fresh tester's finding: 2.2 to 2.4 end with the orange "Next phase" in NEXT's place; 2.5 with nothing
    to choose (no card kept by Storage) had only a plain "Discard all" among the moves. That one way on is in
    NEXT's place, orange, and NEXT does the same."""
    from companion.ui.games.race_to_mars.panels import split
    from companion.ui.games.race_to_mars.turn import TurnScreen
    from companion.ui.screens.chrome import next_rect
    from companion.ui.widgets import MARS
    d = driver(size)
    s = d.app.session
    s.new_game("race-to-mars", PLAYERS)
    rng = random.Random(3)
    while not (s.state.step == "turn" and s.state.sub == 5
               and sum(a.kind == rm.DISCARD for a in rm.legal_actions(s.state)) == 1):
        assert s.submit(rm.random_action(s.state, rng)).accepted
    frame = d.frame()
    lay = d.app.layout
    where = next_rect(lay, split(lay, TurnScreen.panels_share)[1])
    hit = next(h for h in d.app.screen.ui.hits if h.label == "Discard all")
    assert hit.rect == where, (hit.rect, where)
    assert tuple(frame.get_at((where.x + 6, where.centery)))[:3] == MARS
    assert sum(h.label == "Discard all" for h in d.app.screen.ui.hits) == 1
    seq = s.seq
    d.key("next")
    assert s.seq > seq  # NEXT made that discard


def test_next_in_2_5_names_the_choices_on_the_screen(driver):
    """A tester's finding: in 2.5 with Headquarters 7 ("Discard all" and "Card on top…"), NEXT said "Tap how
    many cards to keep.", a choice not on the screen. It names the choices there are."""
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": n, "colour": c} for n, c in
                                            (("Anna", "red"), ("Winston", "blue"), ("Loes", "green"))]})
    rng = random.Random(3)  # reaches Headquarters 7's discard at move 135
    for _ in range(3000):
        if (s.state.step == "turn" and s.state.sub == 5 and not s.state.hazards
                and any(a.kind == rm.DISCARD and "top" in a.args for a in rm.legal_actions(s.state))):
            break
        assert s.submit(rm.random_action(s.state, rng)).accepted
    else:
        raise AssertionError("no Headquarters 7 discard reached")
    d.frame()
    d.key("next")
    said = d.app.message.text
    assert "Card on top" in said and "how many cards to keep" not in said, said
    assert any(w in said for w in ("Discard all", "Keep ")), said

"""Race to Mars, Headquarters 5 ("Pre-launch, you may move cards freely between your Crew deck and your rocket.
You don't have to place (phase 1.2) any of your cards until you launch your rocket. At this point they must
be placed", race-to-mars.txt, Headquarters): the launch asks which cards are the rocket, top first.

A tester's finding: Launch! sent no arrangement, so every card kept unplaced joined the Crew deck, and the
panels said "Crew 0" while the player held 12 cards."""
from __future__ import annotations

import dataclasses

import pytest

from companion.rules import race_to_mars as rm
from companion.rules.contract import Action
from companion.rules.race_to_mars.cards import HQ_FREE

from .test_race_to_mars_screens import driver  # noqa: F401 (the fixture)


def _round_13_with_unplaced_cards(d) -> None:
    """Rounds 1-12 by real moves: Anna (Headquarters 5) keeps every card unplaced, Winston recruits."""
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    p = s.state.players[0]
    s._states[-1] = dataclasses.replace(s.state, players=(dataclasses.replace(p, hq=HQ_FREE),) + s.state.players[1:])
    k = 0
    while len(s.state.slots) < 12:
        seat = rm.to_act(s.state).seats[0]
        if s.state.step == "leftover":
            card = {"name": f"T{len(s.state.slots) + 1}", "trajectory": [["fuel", "hull"]] * 4}
            assert s.submit(Action(rm.LEFTOVER, {"card": card}, seat)).accepted
            continue
        k += 1
        if seat == 0:
            card = {"name": f"A{k}", "crew": {"resources": ["fuel"]}, "module": {"draw": 1}}
            action = Action(rm.PICK, {"card": card, "place": "unplaced"}, seat)
        else:
            action = Action(rm.PICK, {"card": {"name": f"W{k}", "crew": {"resources": ["hull"]}}}, seat)
        assert s.submit(action).accepted, s.submit(action).rejection
    while rm.to_act(s.state).seats[0] != 0:
        seat = rm.to_act(s.state).seats[0]
        assert s.submit(Action(rm.PICK, {"card": {"name": f"W{k}x", "crew": {"resources": ["hull"]}}}, seat)).accepted
    d.frame()


def card_option(d, name: str) -> str:
    """The launch dialog's option for card ``name``: its name, then what it is ("A4: Module draw +1 \u00b7 ...")."""
    return next(label for label, _ in d.app.dialog.options if label == name or label.startswith(f"{name}: "))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_headquarters_5_chooses_the_rocket_at_launch(driver, size):  # noqa: F811
    d = driver(size)
    _round_13_with_unplaced_cards(d)
    s = d.app.session
    held = [h[0] for h in s.state.players[0].held]
    assert len(held) == 12 and not s.state.players[0].crew
    assert any(t.startswith("Unplaced") for t, _, _ in d.app.screen.ui.texts), "the panel shows the cards kept"
    d.tap("Launch!")
    assert d.app.dialog is not None and "next module?" in d.app.dialog.title
    assert d.app.dialog.lines == ["Rocket: no module yet \u00b7 Crew deck 12: enough"]
    d.tap(card_option(d, held[3]))
    d.tap(card_option(d, held[0]))
    assert d.app.dialog.lines[0] == f"Rocket, top first: {held[3]}, {held[0]} \u00b7 Crew deck 10: enough"
    assert len([o for o in d.app.dialog.options if o[0].split(":")[0] in held]) >= 8, "most of the cards on a page"
    d.tap("Launch")
    p = s.state.players[0]
    assert p.launched and [m.name for m in p.modules] == [held[3], held[0]]
    assert sorted(c.name for c in p.crew) == sorted(set(held) - {held[3], held[0]})


@pytest.mark.timeout(60)
def test_headquarters_5_too_many_modules_is_refused_with_the_launch_rule(driver):  # noqa: F811
    d = driver((800, 480))
    _round_13_with_unplaced_cards(d)
    d.tap("Launch!")
    held = [h[0] for h in d.app.session.state.players[0].held]
    for card in held[:5]:
        d.tap(card_option(d, card))
    assert d.app.dialog.lines[0].endswith("Crew deck 7, needs 10"), d.app.dialog.lines
    d.tap("Launch (why not?)")   # greyed: its tap gives the rule
    assert not d.app.session.state.players[0].launched
    assert d.app.message.rule == "race-to-mars.txt, Launching the Rocket", d.app.message


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
def test_headquarters_5_says_what_each_card_is(driver, size):  # noqa: F811
    """Headquarters 5's launch dialog chooses the rocket among the player's cards: each option says what the
    card is, its Rocket module (what the dialog chooses) and its Crew ability where they fit, as the revealed
    cards do, not a bare name (a tester's finding); every label whole."""
    d = driver(size)
    _round_13_with_unplaced_cards(d)
    d.tap("Launch!")
    held = [h[0] for h in d.app.session.state.players[0].held]
    page = [label for label, _ in d.app.dialog.options if label.split(":")[0] in held]
    assert page and all(": " in label and "draw +1" in label for label in page), page
    assert all(label.endswith("Fuel") for label in page), page   # its Crew ability too
    assert not [t for t, _, _ in d.app.screen.ui.texts if t.endswith("\u2026") and t != "More\u2026"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("where,hq", [("look", 5), ("round", 5), ("look", 1)])
def test_a_named_revealed_card_can_be_kept_unplaced_from_its_dialog(driver, size, where, hq):  # noqa: F811
    """Headquarters 5: "You don't have to place (phase 1.2) any of your cards until you launch your rocket." The
    dialog of a revealed card named in the catalogue (just found there, "look", or tapped on the round screen
    once named, "round") offers what the round's Unplaced button does: "Anna keeps it unplaced", one tap, the
    card kept whole (Crew ability and Rocket module); a player without Headquarters 5 is not offered it (Phase
    1.2: "immediately decide to either recruit it ... or attach it")."""
    from .race_to_mars_headquarters import new_game_with_headquarters, starting_cards
    d = driver(size)
    d.app.catalogues.get("race-to-mars", "space").add(
        {"name": "C1", "crew": {"resources": ["fuel"]}, "module": {"draw": 1}})
    new_game_with_headquarters(d, (hq, 3), (2, 4))
    starting_cards(d)
    d.tap("revealed 1")
    d.tap("C1")
    if where == "round":
        d.tap("Close")
        d.tap("Back to game")
        assert d.app.current_screen().name == "round"
        d.tap("revealed 1")
    labels = [label for label, _ in d.app.dialog.options]
    assert labels[:2] == ["Anna recruits it", "Anna attaches it"], labels
    if hq != HQ_FREE:
        assert "Anna keeps it unplaced" not in labels, labels
        return
    d.tap("Anna keeps it unplaced")
    p = d.app.session.state.players[0]
    assert [h[0] for h in p.held] == ["C1"] and p.held[0][1] is not None and p.held[0][2] is not None
    assert not [c for c in p.crew if c.name == "C1"] and not [m for m in p.modules if m.name == "C1"]
    assert d.app.current_screen().name == "round" and "revealed 1" not in d.names()


VARIED = [("Flight Surgeon", {"resources": ["fuel", "hull"], "draw": 1}, {"resource": "navigation"}),
          ("Cargo Pod", {"resources": ["velocity"]}, {"storage": 1}),
          ("Navigator", {"resources": ["navigation", "wild"]}, {"protection": "red"}),
          ("Heat Shield", {"xp": 2}, {"protection": "yellow"}),
          ("Test Pilot", {"resources": ["engineering"], "draw": 2}, {"free_advance": 3}),
          ("Fuel Tank", {"resources": ["fuel"]}, {"resource": "fuel"}),
          ("Radio Operator", {"resources": ["communication", "hull"]}, {"draw": 1}),
          ("Solar Array", {"boost": 1}, {"copy": True}),
          ("X", {"resources": ["hull"]}, {"draw": 1}),
          ("Docking Clamp", {"jettison": 1}, {"storage": 1}),
          ("Mechanic", {"resources": ["hull", "hull"]}, {"resource": "hull"}),
          ("Pilot", {"resources": ["fuel"]}, {"resource": "velocity"})]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
@pytest.mark.parametrize("starting", [2, 3])
def test_headquarters_5_launch_dialog_says_every_card_in_one_form(driver, size, starting):  # noqa: F811
    """Headquarters 5's launch dialog, twelve cards kept unplaced with names and parts of every length (and
    Starting card 2 or 3, whose Crew ability, "2 back from discard", is the longest): every card's option is
    in one form, the same words for all ("Cargo Pod: storage 1 · Vel" beside "Flight Surgeon: Nav · Fuel+Hull,
    draw 1", or all with "Crew", or all the module alone), not each the longest that fits (a tester saw
    "Module storage 1 · Crew Vel", "Nav · Fuel+Hull, draw 1" and a bare module side by side); on a page with
    some on two lines (the name over the rest) all are, and none is cut."""
    from .race_to_mars_headquarters import new_game_with_headquarters, rounds_1_to_12, starting_cards
    d = driver(size)
    new_game_with_headquarters(d, (5, 1), (2, 4))
    starting_cards(d, anna="unplaced", anna_card=starting)
    cards = iter(VARIED)

    def anna(k: int) -> dict:
        name, crew, module = next(cards)
        return {"card": {"name": name, "crew": crew, "module": module}, "place": "unplaced"}
    rounds_1_to_12(d, anna)
    d.tap("Launch!")
    held = {h[0] for h in d.app.session.state.players[0].held}
    for _ in range(3):   # every page
        page = [label for label, _ in d.app.dialog.options if label.split(":")[0] in held]
        forms = {(" \u00b7 " in label, " \u00b7 Crew " in label, ": Module " in label) for label in page}
        assert len(forms) == 1, page
        d.frame()
        texts = [t for t, _, _ in d.app.screen.ui.texts]
        assert not [t for t in texts if t.endswith("\u2026") and t != "More\u2026"], texts
        two = [label for label in page if label.split(": ")[0] in texts]   # its name drawn alone, over the rest
        assert not two or len(two) == len(page), (two, page)
        if "More\u2026" not in d.names():
            break
        d.tap("More\u2026")

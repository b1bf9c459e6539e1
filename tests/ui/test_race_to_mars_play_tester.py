"""Race to Mars: a play tester's findings (helper h7), each through the app with the Driver: the printed cost
of an Insight not entered offered whole, a refusal in 2.1 naming whose hand is empty, a card taken Pre-launch
from the revealed place it came from, the player panels of one frame in the same words.

Source: shared/rules/race-to-mars.txt ("Phase 2.4: Spend Experience", "Starting Cards", "Phase 2.1: Play
Cards", "Playing the Game 1: Pre-Launch")."""
from __future__ import annotations

import re

import pytest

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.cards import PRINTED_INSIGHT_COSTS, insight_of
from companion.rules.race_to_mars.model import INSIGHT_CARD, replace
from tests.rulebooks import RULEBOOKS
from tests.rules.test_race_to_mars_helpers import flight

from .test_race_to_mars_screens import driver  # noqa: F401 (the fixture)

PLAYERS = [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}]


def on_state(d, state) -> None:
    """``d``'s session on a new Race to Mars game whose state is ``state`` (built by the rules tests' helpers)."""
    s = d.app.session
    s.new_game("race-to-mars", {"players": PLAYERS[:len(state.players)], "first_game": True, "seed": 1})
    s._states[-1] = state
    d.frame()


def test_the_costs_offered_for_an_insight_not_entered_are_those_the_rulebook_prints():
    """"Phase 2.4: Spend Experience" (the Insight card: "spend three Experience tokens") and "Starting Cards"
    (Starting cards 1-4: two, one, one, four): every cost the rulebook prints for an Insight, kept once in the
    rules package."""
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
    text = (RULEBOOKS / rm.RULEBOOK).read_text()
    printed = {words[w.lower()] for w in re.findall(r"[Ss]pend (\w+) Experience token", text) if w.lower() in words}
    assert PRINTED_INSIGHT_COSTS == tuple(sorted(printed)) == (1, 2, 3, 4)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_printed_cost_of_an_insight_not_entered_offers_every_printed_cost(driver, size):
    """"Starting Cards": the cost printed on an undescribed Starting card's Insight is asked when a player spends
    Experience on it, and kept for the rest of the game. A player with 1 Experience was offered only "Printed 1
    XP" (a tester's finding: the one choice stored a wrong cost for good). Every cost the rulebook prints is
    offered, the ones out of reach greyed in their places, a tap saying why ("Phase 2.4: Spend Experience"),
    nothing spent nor kept."""
    d = driver(size)
    state = flight(players={0: dict(xp=1)}, sub=4)
    on_state(d, replace(state, insights=(INSIGHT_CARD, insight_of({"name": "Unknown card 1"}))))
    d.tap("Unknown card 1")
    assert "cost printed on the card" in d.app.dialog.title
    costs = [n for n in d.names() if n.startswith("Printed")]
    assert costs == ["Printed 1 XP", "Printed 2 XP (why not?)", "Printed 3 XP (why not?)",
                     "Printed 4 XP (why not?)"], d.names()
    d.tap("Printed 4 XP (why not?)")
    assert "Not enough Experience" in d.app.message.text and "you have 1" in d.app.message.text
    s = d.app.session.state
    assert s.insights[1].cost == 0 and s.players[0].xp == 1          # nothing spent, nothing kept
    d.tap("Unknown card 1")
    d.tap("Printed 1 XP")
    s = d.app.session.state
    assert s.insights[1].cost == 1 and s.players[0].xp == 0


def four_playing(d, hands: dict[int, int] | None = None) -> None:
    """``d`` in phase 2.1 of four players "Player 1".."Player 4", each with two Crew cards in hand (A<seat>,
    B<seat>) or as many as ``hands`` says."""
    from companion.rules.race_to_mars.model import PLAY_STEP
    from tests.rules.test_race_to_mars_helpers import cards
    names = tuple(f"Player {k}" for k in range(1, 5))
    state = flight(n=4, step=PLAY_STEP, players={k: dict(hand=(hands or {}).get(k, 2), crew=cards(
        (f"A{k}", "fuel"), (f"B{k}", "hull"))) for k in range(4)})
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": n, "colour": c} for n, c in zip(
        names, ("red", "blue", "green", "yellow"))], "first_game": True, "seed": 1})
    s._states[-1] = replace(state, order=(), active=-1, names=names)
    d.frame()


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
def test_a_refusal_in_2_1_names_the_player_and_leaves_their_name_in_view(driver, size):
    """"Phase 2.1: Play Cards" is played by everyone at once, four players' panels on one screen: Player 1, both
    cards played, tapped "Play a card" and read "There is no card in your hand." in a box over the row of names
    (a tester's finding). The refusal names the player, and its box leaves that player's name in view."""
    d = driver(size)
    four_playing(d)
    for _ in range(2):
        d.tap("Player 1: play")
        d.tap(next(n for n in d.names() if n[:2] in ("A0", "B0") and not n.endswith("(why not?)")))
    d.tap("Player 1: play (why not?)")
    assert d.app.message.text.startswith("Player 1 has no card left in hand."), d.app.message.text
    d.frame()
    box = d.app.layout_message_rect()
    name = next(r for t, r, _ in d.app.screen.ui.texts if t == "Player 1")
    assert not box.colliderect(name), (box, name)


def entered_by_new_card(d, place: str) -> None:
    """Round 1 of a new 3-player first game (4 cards revealed): ``place`` ("Recruit to Crew deck" | "Attach as
    module"), New card, its name as offered and one resource (Crew ability) or nothing (Rocket module), Save."""
    from .test_race_to_mars_screens import new_game
    new_game(d, 3, first_game=True)
    assert d.app.session.state.revealed == 4
    d.tap(place)
    d.tap("New card")
    d.tap("Next")
    if place.startswith("Recruit"):
        d.tap("add fuel")
    while "Save" not in d.names():
        d.tap("Next")
    d.tap("Save")


@pytest.mark.parametrize("place", ["Recruit to Crew deck", "Attach as module"])
def test_a_new_card_picked_says_which_revealed_place_it_came_from(driver, place):
    """"Phase 1.1: Pick a Card": Recruit (or Attach), then New card, without first tapping one of the revealed
    places emptied place 1, whichever card the player took (a tester's finding). With several places holding a
    card the app asks which; that place lies empty, the others stay on offer."""
    d = driver((800, 480))
    entered_by_new_card(d, place)
    s = d.app.session
    assert s.state.picked == 0 and "which revealed card" in d.app.dialog.title
    assert [n for n in d.names() if n.startswith("Card ")] == [f"Card {k} of 4" for k in (1, 2, 3, 4)]
    d.tap("Cancel")                          # the card entered stays on the editor, kept in the catalogue
    assert d.app.current_screen().editor is not None and s.state.picked == 0
    d.tap("Save")                            # the same card again: the question again, not "replace it?"
    assert "which revealed card" in d.app.dialog.title, d.app.dialog.title
    d.tap("Card 3 of 4")
    assert s.state.picked == 1 and d.app.current_screen().name == "round"
    slots = d.app.ui_for("race-to-mars").revealed_slots(s.state)
    assert [taken for _, taken in slots] == [False, False, True, False]
    assert [n for n in d.names() if n.startswith("revealed ")] == ["revealed 1", "revealed 2", "revealed 4"]


def test_the_last_revealed_place_holding_a_card_is_taken_without_a_question(driver):
    """"Phase 1.1: Pick a Card": one place left holding a card (the others taken): the card came from there."""
    d = driver((800, 480))
    from .test_race_to_mars_screens import new_game
    new_game(d, 3, first_game=True)
    s = d.app.session
    s._states[-1] = replace(s.state, picked=3, named=((1, "X1"), (2, "X2"), (4, "X4")),
                            space_seen=s.state.space_seen | {"X1", "X2", "X4"})
    d.frame()
    d.tap("Recruit to Crew deck")
    d.tap("New card")
    d.tap("Next")
    d.tap("add fuel")
    while "Save" not in d.names():
        d.tap("Next")
    seq, seen = s.seq, s.state.space_seen
    d.tap("Save")
    assert d.app.dialog is None and s.seq == seq + 1, d.app.dialog and d.app.dialog.title   # picked, not asked
    assert len(s.state.space_seen - seen) == 1


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
def test_the_2_1_panels_of_one_frame_say_their_facts_in_the_same_words(driver, size):
    """"Phase 2.1: Play Cards", four players: Player 1's panel (a module's free advance: one fact more) read "Hand
    2 / Reach 0" beside "Hand 2 cards / Reach 0 spaces" on the others (a tester's finding). One wording a frame:
    the short form on every panel when one needs it."""
    from tests.rules.test_race_to_mars_helpers import modules
    d = driver(size)
    four_playing(d)
    s = d.app.session
    p0 = replace(s.state.players[0], modules=modules({"free_advance": 3, "name": "Booster"}))
    s._states[-1] = replace(s.state, players=(p0,) + s.state.players[1:])
    d.frame()
    texts = [t for t, _, _ in d.app.screen.ui.texts]
    hands = [t for t in texts if t.startswith("Hand ")]
    reach = [t for t in texts if t.startswith("Reach ")]
    assert len(hands) == len(reach) == 4, texts
    assert len({t.endswith("cards") for t in hands}) == 1, hands
    assert len({t.endswith("spaces") for t in reach}) == 1, reach

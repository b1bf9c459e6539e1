"""Race to Mars's Headquarters 3, 6 and 7, each played through the app from New game (the Headquarters kept on
its screen) to where its ability matters, and the rulebook's outcome checked, with the words the table reads.

Source: shared/rules/race-to-mars.txt, "Headquarters" (the 3rd, 6th and 7th abilities as printed),
"Launching the Rocket", "Phase 2.4: Spend Experience", "Phase 2.5: Discard Cards", "Phase 2.6: Draw Cards".
"""
from __future__ import annotations

import pytest

from .race_to_mars_headquarters import new_game_with_headquarters, rounds_1_to_12, starting_cards
from .test_race_to_mars_screens import driver  # noqa: F401 (driver: the fixture)


def shown(d) -> list[str]:
    """The texts drawn on a fresh frame."""
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts]


def crew(k: int) -> dict:
    """A pick recruiting a Fuel card."""
    return {"card": {"name": f"A{k}", "crew": {"resources": ["fuel"]}}, "place": "crew"}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_headquarters_6_launches_with_two_more_crew_than_modules(driver, size):  # noqa: F811
    """Headquarters 6: "You may launch your rocket as long as you have at least two more cards in your Crew deck
    than you have Rocket modules. All the 12 cards still need to be placed before you can launch." Anna holds 5
    Rocket modules (Starting card 3 and four Extra draws) and 8 Crew cards: twice the modules would need 10, HQ 6
    needs 7. Launch! is offered and says why 8 is enough ("HQ 6"), not "Crew 8, 5 modules", which reads as short;
    one tap launches and draws 6 (the Rocket card's 2 and the four Extra draws, "Launching the Rocket")."""
    d = driver(size)
    new_game_with_headquarters(d, (6, 1), (2, 4))
    starting_cards(d, anna="module")
    picks = []

    def anna(k: int) -> dict:
        picks.append(k)
        if len(picks) <= 4:
            return {"card": {"name": f"A{k}", "module": {"draw": 1}}, "place": "module"}
        return crew(k)
    rounds_1_to_12(d, anna)
    s = d.app.session
    p = s.state.players[0]
    assert (len(p.crew), len(p.modules)) == (8, 5)
    words = shown(d)
    assert "Crew 8, HQ 6" in words or "Crew 8, needs 7 (HQ 6)" in words, words
    d.tap("Launch!")
    p = s.state.players[0]
    assert p.launched and (len(p.crew), len(p.modules)) == (8, 5)
    assert (p.hand, p.draw) == (6, 2)


def launch_both_and_play_nothing(d) -> None:
    """Round 13: Anna and Winston launch (Launch! each), then both say done in 2.1: Anna's turn, 2.2."""
    d.tap("Launch!")
    d.tap("Launch!")
    d.tap("Anna: done")
    d.tap("Winston: done")
    assert d.app.current_screen().name == "turn" and d.app.session.state.sub == 2


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_headquarters_3_pays_one_experience_less_for_each_insight(driver, size):  # noqa: F811
    """Headquarters 3: "When you spend experience (phase 2.4), you pay one less (but always a minimum of one).
    The discount applies to each Insight you gain on a turn." Anna exchanges her 2 cards for 2 Experience (2.3);
    in 2.4 the Insight card (printed 3) costs 2, Starting card 1's Insight (2) costs 1, Starting card 4's (4)
    costs 3, and the screen says why the costs are not the printed ones. The Insight card bought for 2 leaves
    her no Experience and a Boost in her discard pile; Starting card 4 is greyed at 3 ("costs 3 Experience")."""
    d = driver(size)
    new_game_with_headquarters(d, (3, 1), (2, 4))
    starting_cards(d)
    rounds_1_to_12(d, crew)
    launch_both_and_play_nothing(d)
    s = d.app.session
    d.tap("Next phase")
    for _ in range(2):
        d.tap("Exchange a card")
        d.tap(d.app.dialog.options[0][0])
    assert s.state.players[0].xp == 2
    d.tap("Next phase")
    assert s.state.sub == 4
    words = shown(d)
    assert {"2 XP: gain a boost", "1 XP: jettison", "3 XP: advance 1"} <= set(words), words
    assert "Headquarters 3: each Insight costs 1 Experience less than printed (at least 1)" in " ".join(words), words
    d.tap("Starting card 4 (why not?)")
    assert "Starting card 4 costs 3 Experience; you have 2" in d.app.message.text, d.app.message.text
    d.tap("Insight card")
    p = s.state.players[0]
    assert (p.xp, p.boosts) == (0, 1) and "Boost" in p.seen


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size,played", [((800, 480), 1), ((480, 800), 1), ((800, 480), 2)])
def test_headquarters_7_returns_a_played_card_to_the_top_of_the_draw_pile(driver, size, played):  # noqa: F811
    """Headquarters 7: "Each turn you may return one of your played cards to the top of your personal draw pile
    (phase 2.5 step 3), instead of discarding it." Anna plays 1 or 2 cards in 2.1; in 2.5 one played card goes on
    top of her draw pile and the rest to the discard pile; 2.6 draws it again (decision RA-27: the card is the top
    card of this turn's draw). With one played card the button names it ("A1 on top", one tap: a "Card on top…"
    that acted at once without asking was a surprise); with two it asks which."""
    d = driver(size)
    new_game_with_headquarters(d, (7, 1), (2, 4))
    starting_cards(d)
    rounds_1_to_12(d, crew)
    d.tap("Launch!")
    d.tap("Launch!")
    s = d.app.session
    for _ in range(played):
        d.tap("Anna: play")
        d.tap(d.app.dialog.options[0][0])
    names = [c.name for c in s.state.players[0].play]
    d.tap("Anna: done")
    d.tap("Winston: done")
    while "Next phase" in d.names():
        d.tap("Next phase")
    assert s.state.sub == 5
    before = s.state.players[0]
    if played == 1:
        assert f"{names[0]} on top" in shown(d)
        d.tap("Card on top")
        top = names[0]
    else:
        d.tap("Card on top\u2026")
        assert d.app.dialog.title == "HQ 7: which played card goes on top of your draw pile?", d.app.dialog.title
        top = names[-1]
        d.tap(f"Discard all, {top} on top")
    p = s.state.players[0]
    assert top not in p.seen and sorted(p.seen) == sorted(set(names) - {top})
    assert p.discard == before.discard + before.hand + played - 1
    assert (p.hand, p.draw) == (2, before.draw + 1 - 2)   # the card on top is drawn again in 2.6
    assert "puts " + top + " on top of the draw pile (Headquarters 7)" in s.log_tail(1)[0].events[0].text

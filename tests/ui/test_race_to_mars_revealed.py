"""Race to Mars at the table, the Pre-launch round (what testers playing whole games found): the revealed
Space cards on offer, the player panels, the Start Player and Active Player cards. Driven through the real
app frame by frame (seeded games, the test's own catalogue).

Source: shared/rules/race-to-mars.txt ("Setup", "Playing the Game 1: Pre-Launch", "Phase 1.1: Pick a Card",
"Phase 1.2: Place a Card", "Anatomy of a Space Card").
"""
from __future__ import annotations

import pygame
import pytest

from companion.rules.contract import Action
from companion.ui.app import TAP

from .test_race_to_mars_fixes import fill_catalogue, shown
from .test_race_to_mars_screens import driver, new_game  # noqa: F401 (driver: the fixture)


def pick(d, name: str, place: str = "crew") -> None:
    """The player whose turn it is picks Space card ``name`` from the catalogue (1.1) for ``place`` (1.2)."""
    s = d.app.session
    seat = d.app.current_screen().seat()
    card = dict(d.app.catalogue("space").get(name))
    assert s.submit(Action("pick", {"card": card, "place": place}, seat)).accepted
    d.frame()


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_revealed_slot_already_taken_is_inert(driver, size):
    """"Phase 1.1: Pick a Card": a card picked is no longer on offer; its slot is no button (a tap there does
    nothing and says nothing), the cards still on offer stay buttons."""
    d = driver(size)
    fill_catalogue(d, 12)
    new_game(d, 2, first_game=True)
    s = d.app.session
    assert d.app.current_screen().name == "round" and s.state.picked == 0
    first = next(h.rect for h in d.app.screen.ui.hits if h.label == "revealed 1")
    pick(d, "S002")
    assert s.state.picked == 1 and d.app.current_screen().name == "round"
    assert "revealed 1" not in d.names()
    assert [f"revealed {k}" for k in range(2, s.state.revealed + 1)] == [n for n in d.names()
                                                                        if n.startswith("revealed")]
    seq, state = s.seq, s.state
    d.app.handle(pygame.event.Event(TAP, pos=first.center))
    d.frame()
    assert d.app.dialog is None and d.app.message is None, (d.app.dialog, d.app.message)
    assert d.app.current_screen().name == "round" and s.seq == seq and s.state is state
    assert "Picked this round" not in shown(d)


def panel_texts(d, name: str) -> list[str]:
    """The texts drawn inside player ``name``'s panel (its tap target) on the last frame."""
    rect = next(h.rect for h in d.app.screen.ui.hits if h.label == name)
    return [t for t, r, _ in d.app.screen.ui.texts if rect.contains(r)]


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_active_player_card_stays_marked_on_its_holder_after_a_launch(driver, size):
    """"Playing the Game 1: Pre-Launch": "Once the leftover card has been dealt with, pass the Active Player
    card clockwise to the next player still in Pre-launch mode ... The Start Player card remains with the same
    player throughout the game." The holder of both launches (round 13 of a 3-player game): for the rest of the
    round the panels show \u25b6 on that holder (the rules' ``active_player``), beside \u2605, and on no one else."""
    from .test_race_to_mars_fixes import play_until
    d = driver(size)
    new_game(d, 3)
    s = d.app.session
    play_until(d, 5, lambda d: d.app.current_screen().name == "round" and s.state.active >= 0
               and s.state.players[s.state.active].launched, limit=6000)
    view = d.app.view()
    holder = next(i for i, p in enumerate(view["players"]) if p["active_player"])
    assert holder == s.state.active and view["players"][holder]["mode"] == "Post-launch"
    assert d.app.current_screen().seat() != holder   # the player whose turn it is: another one
    for i, p in enumerate(view["players"]):
        words = " ".join(panel_texts(d, p["name"]))
        assert ("\u25b6" in words) == (i == holder), (i, words)
        assert ("\u2605" in words) == p["start_player"], (i, words)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_player_panels_name_the_rocket_modules_and_crew_cards(driver, size):
    """"Phase 1.2: Place a Card": the Crew deck lies face-up, the modules under the Rocket card. Each panel names
    the cards where they fit (at the panels' own text size): every rocket's top module at least, "+n" for the
    ones left out (or the count, in a narrow panel), and the Crew cards of the player picking, whose panel is
    the tallest (landscape); never a text under the readable size."""
    from companion.ui.games.race_to_mars import facts
    from .readable import check_sizes
    from .test_race_to_mars_fixes import play_until
    d = driver(size)
    new_game(d, 3)
    s = d.app.session
    play_until(d, 3, lambda d: d.app.current_screen().name == "round" and s.state.round >= 4
               and s.state.players[d.app.current_screen().seat()].crew, limit=3000)
    seat = d.app.current_screen().seat()
    check_sizes(d, "round")
    named = [i for i, name in enumerate(s.state.names) if s.state.players[i].modules
             and f"Rocket: {s.state.players[i].modules[0].name}" in " ".join(panel_texts(d, name))]
    assert named, shown(d)   # in portrait too, where the panels are narrow
    for i, name in enumerate(s.state.names):
        crew, rocket, _ = facts.own_cards(s.state, i)
        words = " ".join(panel_texts(d, name))
        if rocket:
            assert rocket[0] in words or f"{len(rocket)} module" in words, (i, words)
        if not d.app.layout.portrait and rocket:
            assert f"Rocket: {rocket[0]}" in words, (i, words)
        if i == seat and not d.app.layout.portrait:
            assert f"Crew: {crew[0]}" in words and all(c in words for c in crew[:2]), (crew, words)


def card_texts(d) -> dict[int, list[str]]:
    """The texts drawn in each revealed card's place on the last frame (by its button, 1-based)."""
    cells = {int(h.label.split()[1]): h.rect for h in d.app.screen.ui.hits if h.label.startswith("revealed ")}
    return {k: [t for t, r, _ in d.app.screen.ui.texts if rect.contains(r) and t] for k, rect in cells.items()}


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_revealed_space_cards_say_which_card_each_is_and_what_it_does_once_told(driver, size):
    """"Phase 1.1: Pick a Card" / "Anatomy of a Space Card": the rules count the revealed cards (the app sees
    none of them). Each reads its place ("Card 2", or "2"), never a bare "Space", and the screen says how to tell
    the app which it is. Told (a tap, the card in the catalogue), its place shows the card's name, the panel
    below its Crew ability and Rocket module; a tap on it offers Recruit or Attach at once, and the pick
    empties that place, not the first one; the pick list shows the cards told first."""
    from companion.ui.games.race_to_mars.entry import card_lines
    from companion.ui.games.race_to_mars.words import brief
    d = driver(size)
    cards = {c["name"]: c for c in fill_catalogue(d, 12)}
    new_game(d, 3, first_game=True)
    s = d.app.session
    assert d.app.current_screen().name == "round" and s.state.revealed == 4
    places = card_texts(d)
    assert sorted(places) == [1, 2, 3, 4] and all(w in ([f"Card {k}"], [str(k)]) for k, w in places.items()), places
    assert "say which" in shown(d)
    d.tap("revealed 2")                      # the catalogue's cards not on the table: which one is it?
    d.tap("S005")
    assert d.app.dialog.title == "Revealed Space card 2 of 4: S005"
    d.tap("Close")
    d.tap("Back to game")
    assert d.app.current_screen().name == "round"
    assert card_texts(d)[2] == ["S005"]
    crew = brief(cards["S005"], "crew").split(",")[0].split("+")[0]
    assert f"2 S005: Crew {crew}" in shown(d) or f"2 S005: {crew}" in shown(d), shown(d)
    d.tap("Attach as module")                # the pick list: the card told first
    assert [n for n in d.names() if n.startswith("S0")][0] == "S005"
    d.tap("Back to game")
    d.tap("revealed 2")                      # told: what it is, and the pick at once
    assert d.app.dialog.title == "Revealed Space card 2 of 4: S005"
    assert d.app.dialog.lines == card_lines(cards["S005"])[:2]
    d.tap(f"{s.state.names[0]} recruits it")
    assert any(c.name == "S005" for c in s.state.players[0].crew) and s.state.picked == 1
    assert d.app.current_screen().name == "round"
    assert sorted(card_texts(d)) == [1, 3, 4]   # the place of the card picked is empty, the others on offer


@pytest.mark.timeout(60)
def test_a_revealed_card_named_survives_a_restart_and_undo_takes_it_back(driver, tmp_path):
    """"Phase 1.1: Pick a Card": the table named revealed card 2 (S005). The companion restarts (a power cut, the
    kiosk's restart): the round still shows S005 in its place (the screens kept it only, and lost it). Undo takes
    the naming back, in words."""
    from companion.catalogue import Catalogues
    from companion.session import Session
    from companion.ui.driver import Driver
    from .test_race_to_mars_fixes import fill_catalogue
    d = driver((800, 480))
    fill_catalogue(d, 12)
    new_game(d, 3, first_game=True)
    d.tap("revealed 2")
    d.tap("S005")
    d.tap("Close")
    d.tap("Back to game")
    assert card_texts(d)[2] == ["S005"]
    path = d.app.session.store.path
    d.app.session.close()
    s = Session.open(path)
    try:
        again = Driver(s, Catalogues(tmp_path / "cards"), (800, 480))
        assert again.app.current_screen().name == "round"
        assert card_texts(again)[2] == ["S005"]
        again.tap("Undo")
        assert "names revealed Space card 2: S005" in again.app.message.text
        assert 2 not in card_texts(again) or card_texts(again)[2] != ["S005"]
    finally:
        s.close()


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_headquarters_5_the_round_screen_still_says_what_a_named_card_is(driver, size):
    """"Phase 1.1: Pick a Card", "Headquarters" 5: the picking player's fifth button (Keep unplaced; Add a card
    for 8) took the text panel's room, so a card the table named showed neither its Crew ability and Rocket
    module nor, where its place is narrow, its name, and nothing said to tap a card to name it (found at the
    table, 480x800, three players). The words go in the free cell beside the last button."""
    from dataclasses import replace
    from companion.rules.race_to_mars.cards import HQ_FREE
    d = driver(size)
    fill_catalogue(d, 12)
    new_game(d, 3, first_game=True)
    s = d.app.session
    seat = s.game.to_act(s.state).seats[0]
    players = list(s.state.players)
    players[seat] = replace(players[seat], hq=HQ_FREE)
    s._states[-1] = replace(s.state, players=tuple(players))
    d.frame()
    assert "Keep unplaced" in d.names()
    assert "say which" in shown(d) or "Tap a card" in shown(d), shown(d)
    d.tap("revealed 2")
    d.tap("S005")
    d.tap("Close")
    d.tap("Back to game")
    assert d.app.current_screen().name == "round"
    assert "2 S005:" in shown(d), shown(d)

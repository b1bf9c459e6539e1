"""Mission to Mars 2049 through the screen: what a second tester found playing 3-player games by hand at
1280x720 and in portrait (hidden and open hands, the 49-point victory, Mission Cards, Protection, kill -9).
Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.rules.mission_to_mars_2049 import points, summary
from companion.rules.mission_to_mars_2049.model import POINT_VICTORY
from companion.ui.driver import Driver

from .test_mission_to_mars_2049_report import SIZES, busy, colony, put


def _start(session, tmp_path, size, victory_49):
    pygame.display.init()
    pygame.display.set_mode(size)
    d = Driver(session, Catalogues(tmp_path), size)
    d.tap("Mission to Mars 2049")
    d.tap("3 players")
    if victory_49:
        d.tap("49-point victory")
    d.tap("Start")
    return d


def _reds_air(texts, cards=20):
    """Red's Air as the panel shows an open hand: "A", then the cards (and "+3t" or "+3" for the token)."""
    return any(a == "A" and b.split("+")[0] == str(cards) for a, b in zip(texts, texts[1:]))


def _texts(d):
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts]


@pytest.mark.parametrize("size", SIZES + [(480, 800)])
def test_with_the_49_point_victory_agreed_each_panel_says_how_far_its_player_is(session, tmp_path, size):
    """5.0 Tournament rules: "Optional point victory: 49 points (only if mutually agreed)". With it agreed,
    nothing on the turn screen said so: the panels showed "44 pts" and a table could not see that 5 more
    points end the game. Now each panel says "44/49 pts"; the 49 comes from the rules' summary."""
    try:
        d = _start(session, tmp_path, size, victory_49=True)
        state = put(d, colony(busy(d.app.state), 0, bought=13))
        assert summary(state)["points_to_win"] == POINT_VICTORY
        texts = _texts(d)
        for c in state.colonies:
            assert f"{points(c)}/{POINT_VICTORY} pts" in texts, texts
        hit = next(h for h in d.app.screen.ui.hits if h.label == "Red")
        assert pygame.Rect(0, 0, *size).contains(hit.rect)
    finally:
        pygame.display.quit()


def test_without_the_49_point_victory_the_panels_say_the_points_alone(session, tmp_path):
    """The optional victory off (the default): "6 pts", no goal named."""
    try:
        d = _start(session, tmp_path, (800, 480), victory_49=False)
        assert summary(d.app.state)["points_to_win"] is None
        texts = _texts(d)
        assert "6 pts" in texts and not [t for t in texts if "/49" in t], texts
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_crimean_missions_base_question_says_it_is_one_of_your_own_bases(session, tmp_path, size):
    """4.1 Aggressive Mission Cards, Crimean Mission: "choose any Resource Station on the map that is not yours
    and put it next to one of your bases". Right after "Blue, Air Station at Base 1" the question was "at which
    Base?", over Base 1, Base 2, Base 3: a table read it as a Base of Blue's. It now asks "next to which of your
    Bases?", the rulebook's words, as for every Station and Laboratory (3.6.3, 3.9.3)."""
    try:
        d = _start(session, tmp_path, size, victory_49=False)
        state = colony(colony(busy(d.app.state), 0, bases=3, aggressive=2, peaceful=0), 1, bases=2)
        put(d, state)
        if "Play Mission" not in d.names():
            d.tap("More")
        d.tap("Play Mission")
        d.tap("Crimean Mission")
        d.tap("Blue")
        d.tap("Air Station at Base 1")
        title = d.app.dialog.title
        assert title.endswith("Air Station at Base 1): next to which of your Bases?"), title
        assert [label for label, _ in d.app.dialog.options] == ["Base 1", "Base 2", "Base 3 (newest)"]
        d.tap("Base 2")
        assert d.app.dialog is None
        red = d.app.session.state.colonies[0]
        assert (0, 1, 2) in red.stations  # Blue's Air Station (Blue's star) now next to Red's Base 2
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (480, 800)])
def test_with_hands_hidden_a_protection_window_shows_no_answerers_hand(session, tmp_path, size):
    """Hands hidden, Red plays the Black Friday accident; Blue and Green each hold a Peaceful card and may
    answer with Protection (4.1 Peaceful Mission Cards). Blue's panel, the first to answer, showed Blue's cards
    (A 2, F 2, M 2) to the whole table while Red's, whose turn it is, read "60 resources": the window now keeps
    every answerer's hand hidden, in the panels and in their details, and shows Red's, as before and after."""
    try:
        pygame.display.init()
        pygame.display.set_mode(size)
        d = Driver(session, Catalogues(tmp_path), size)
        d.tap("Mission to Mars 2049")
        d.tap("3 players")
        d.tap("Hands")
        d.tap("Start")
        state = colony(colony(colony(busy(d.app.state), 0, peaceful=0, aggressive=1), 1, cards=(2, 2, 2),
                              peaceful=1), 2, cards=(2, 2, 2), peaceful=1)
        put(d, state)
        if "Play Mission" not in d.names():
            d.tap("More")
        d.tap("Play Mission")
        if "Black Friday accident" not in d.names():
            d.tap("More\u2026")
        d.tap("Black Friday accident")
        d.tap("Air")
        assert d.app.state.phase == "protect" and d.app.state.react == (1, 2)
        texts = _texts(d)
        assert texts.count("6 resources \u00b7 0 Road") == 2, texts   # Blue's and Green's hands: hidden
        assert "69 resources \u00b7 3 Road" not in texts and _reds_air(texts), texts   # Red's: shown
        d.tap("Blue")
        assert any("Cards and tokens: hidden" in line for line in d.app.dialog.lines), d.app.dialog.lines
        d.tap("Close")
        d.tap("Protection")
        d.tap("Blue")
        d.tap("Let it be")
        d.tap("Protection")   # Green, the one left to answer
        d.tap("Let it be")
        assert d.app.state.phase == "main"
        texts = _texts(d)
        # Red's 20 Air and 1 for Red's own Air Station (4.1 Black Friday accident)
        assert texts.count("6 resources \u00b7 0 Road") == 2 and _reds_air(texts, 21), texts
    finally:
        pygame.display.quit()


def test_a_mission_cards_station_at_the_newest_base_is_warned_about_as_a_built_one(session, tmp_path):
    """3.6.4 "Always leave room for your next Base": a Station built at the newest Base is first shown with the
    warning and "Build anyway"; the Build Mission's free Station there ("next to one of your bases", 4.1) was
    placed without a word. It now asks the same; Cancel keeps the card; at an older Base nothing is asked."""
    try:
        d = _start(session, tmp_path, (800, 480), victory_49=False)
        state = put(d, colony(busy(d.app.state), 0, bases=2, peaceful=1, aggressive=0))
        before = state.colonies[0].stations
        for base, asked in (("Base 2 (newest)", True), ("Base 1", False)):
            if "Play Mission" not in d.names():
                d.tap("More")
            d.tap("Play Mission")
            d.tap("Build Mission")
            d.tap("Air")
            d.tap(base)
            if asked:
                assert d.app.dialog is not None and "Build anyway" in d.names()
                assert "3.6.4" in " ".join(d.app.dialog.lines), d.app.dialog.lines
                assert d.app.dialog.title == "Build Mission: Air Station at Base 2 (newest)?", d.app.dialog.title
                d.tap("Cancel")
                assert d.app.session.state.colonies[0].stations == before
                assert d.app.session.state.colonies[0].peaceful == 1
            else:
                assert d.app.dialog is None
                assert d.app.session.state.colonies[0].stations == before + ((0, 0, 1),)
    finally:
        pygame.display.quit()


def test_the_build_anyway_question_names_the_building_in_the_rulebooks_words(session, tmp_path):
    """3.6.4's question before a Station at the newest Base read "Station: Minerals, Base 2 (newest)?"; it now
    says what goes where as the rulebook names it: "Mineral Station at Base 2 (newest)?" (3.6 Building Costs)."""
    try:
        d = _start(session, tmp_path, (800, 480), victory_49=False)
        put(d, colony(busy(d.app.state), 0, bases=2))
        d.tap("Station")
        d.tap("Minerals (2 Air, 2 Food)")
        d.tap("Base 2 (newest)")
        assert d.app.dialog.title == "Mineral Station at Base 2 (newest)?", d.app.dialog.title
        assert "Build anyway" in d.names()
    finally:
        pygame.display.quit()


def test_a_laboratory_mission_with_both_laboratories_built_asks_no_base(session, tmp_path):
    """4.1 Laboratory Mission: "If you have already built two Laboratories then take another Peaceful Mission
    Card." With both built the screen still asked "next to which of your Bases?" (a touch for nothing, and it
    promised a Laboratory); the card is now exchanged at once, and its legal moves name no Base."""
    from companion.rules.mission_to_mars_2049 import legal_actions
    try:
        d = _start(session, tmp_path, (800, 480), victory_49=False)
        state = put(d, colony(busy(d.app.state), 0, bases=2, lab3=1, lab2=1, peaceful=1, aggressive=0))
        plays = [a for a in legal_actions(state) if a.kind == "play" and a.args.get("card") == "laboratory"]
        assert [a.args for a in plays] == [{"card": "laboratory"}]
        pile = state.pile[0]
        if "Play Mission" not in d.names():
            d.tap("More")
        d.tap("Play Mission")
        d.tap("Laboratory Mission")
        assert d.app.dialog is None
        after = d.app.session.state
        assert after.pile[0] == pile - 1 and after.colonies[0].peaceful == 1 and not after.played
    finally:
        pygame.display.quit()


def test_the_productivity_missions_choices_say_what_each_gives(session, tmp_path):
    """4.1 Productivity Mission: "receive resources from one type of your Resource Stations ... if you have built
    5 Mineral Stations you can play this card to receive 5 Mineral cards". The choice read "Air, Food, Minerals":
    with no Mineral Station, Minerals spent the card for nothing, unsaid. Each now says its yield."""
    try:
        d = _start(session, tmp_path, (800, 480), victory_49=False)
        put(d, colony(busy(d.app.state), 0, bases=1, peaceful=1, aggressive=0,
                      stations=((0, 0, 1), (0, 0, 1), (1, 0, 1)), supply=(3, 4, 5)))
        if "Play Mission" not in d.names():
            d.tap("More")
        d.tap("Play Mission")
        while "Productivity Mission" not in d.names():
            d.tap("More\u2026")
        d.tap("Productivity Mission")
        assert [label for label, _ in d.app.dialog.options] == ["Air (+2)", "Food (+1)", "Minerals (+0)"]
        air = d.app.session.state.colonies[0].cards[0]
        d.tap("Air (+2)")
        assert d.app.session.state.colonies[0].cards[0] == air + 2
    finally:
        pygame.display.quit()

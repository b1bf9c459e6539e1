"""Words that were cut on the table's main screens (a fresh tester's whole games at 800x480 and 480x800): each
now fits whole, in fewer words where the room is short. Text cut with "…" is counted (``text.STATS["cut"]``)."""
from __future__ import annotations

import random

import pygame
import pytest

from companion.rules import get_game
from companion.ui import text
from companion.ui.driver import Driver

SIZES = [(800, 480), (480, 800)]


def _play_until(d, game_id: str, options, seed: int, found, limit: int = 20000) -> None:
    s = d.app.session
    game = get_game(game_id)
    s.new_game(game_id, options)
    rng = random.Random(seed)
    for _ in range(limit):
        if found(s.state):
            return
        assert not game.is_over(s.state)
        assert s.submit(game.random_action(s.state, rng)).accepted
    raise AssertionError("never reached")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_a_bay_that_had_a_problem_today_says_so_whole(make_driver, size):
    """30 to Mars, placing: a Bay greyed because its event happened there today said "had a problem tod…";
    and in portrait, placing again, the Bays' two lines ran over their borders."""
    d = make_driver(size)
    game = get_game("thirty-to-mars")

    def greyed_by_a_problem(state) -> bool:
        return state.step == "place" and any(game.capacity(state, b) for b in state.event_bays
                                             if b and b != state.location)
    _play_until(d, "thirty-to-mars", game.default_options(None, 3), 3, greyed_by_a_problem)
    cuts = text.STATS["cut"]
    d.frame()
    drawn = [t for t, _, _ in d.app.screen.ui.texts]
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]
    assert any(t in ("had a problem today", "problem today", "problem") or t.endswith(" Medical") for t in drawn), drawn
    # placing again with the Broken row shown (this game): in portrait the Bays had no room for two lines, and
    # their two lines ran into each other; a Bay's lines are a line apart at least 0.7 of the font's line
    cells = [h.rect for h in d.app.screen.ui.hits if h.label.startswith(("bay ", "Same as yesterday"))]
    assert len(cells) == 8
    line = text.font(d.app.layout.small).get_linesize()
    for cell in cells:
        lines = sorted(drawn.centery for _, drawn, box in d.app.screen.ui.texts if cell.contains(box))
        assert lines and all(b - a >= 0.7 * line for a, b in zip(lines, lines[1:])), (cell, lines, line)
        assert all(cell.top - 4 <= y <= cell.bottom + 4 for y in lines)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_a_long_event_starts_in_whole_sentences_and_the_rest_is_a_tap_away(session, catalogues, size):
    """Mission to Mars 2049: Q.4's "The bank has run out of Food cards: everyone changes ... Blue changes 6
    Food cards into 2 (3) tokens; Green ..." was cut in the "this turn" box. Its start is shown in whole
    sentences or clauses, with "… (tap for the rest)"; the tap shows all of it."""
    from companion.ui.games.mission_to_mars_2049.turn import MORE_ON_TAP, _start_of
    pygame.display.init()
    try:
        pygame.display.set_mode(size)
        d = Driver(session, catalogues, size, game_id="mission-to-mars-2049")
        game = get_game("mission-to-mars-2049")
        seen: list[str] = []

        def after_q4(state) -> bool:
            return any("(Q.4)" in e.text for e in d.app.recent)
        _play_until(d, "mission-to-mars-2049", game.default_options(4, 0), 0, after_q4)
        cuts = text.STATS["cut"]
        d.frame()
        seen = [t for t, _, _ in d.app.screen.ui.texts]
        assert text.STATS["cut"] == cuts, text.CUTS[-3:]
        line = next(e.text for e in reversed(d.app.recent) if "(Q.4)" in e.text)
        box = pygame.Rect(0, 0, 320, 4 * text.font(d.app.layout.small).get_linesize())
        start = _start_of(line, box, d.app.layout.small)
        assert start.endswith(MORE_ON_TAP) and line.startswith(start[:-len(MORE_ON_TAP)].rstrip(";: "))
        assert seen
    finally:
        pygame.display.quit()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_a_rocket_move_fits_a_portrait_dialog_whole(session, catalogues, size, monkeypatch):
    """Race to Mars at 480x800: "Jettison module 2, copying St…" in the "Rocket modules this turn" dialog.
    A label too wide even in its short form names the module by its number alone, and is drawn whole."""
    from companion.rules.contract import Action
    from companion.ui.games.race_to_mars import moves
    pygame.display.init()
    try:
        pygame.display.set_mode(size)
        d = Driver(session, catalogues, size, game_id="race-to-mars")
        monkeypatch.setattr(moves, "describe", lambda app, a, short=False: "Jettison module 2, copying Storage"
                            if short else "Jettison module 2 (Copy of Storage), copying Storage")
        label = moves.option_label(d.app, Action("jettison_storage", {"module": 1}, 0))
        assert label in ("Jettison module 2 (Copy of Storage), copying Storage", "Jettison module 2, copying Storage",
                         "Jettison 2, copying Storage")
        if size[0] < size[1]:
            assert label == "Jettison 2, copying Storage"
        d.app.ask("Rocket modules this turn", [(label, lambda: None)])
        cuts = text.STATS["cut"]
        d.frame()
        assert text.STATS["cut"] == cuts, text.CUTS[-2:]
        assert label in [t for t, _, _ in d.app.screen.ui.texts]
    finally:
        pygame.display.quit()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_a_game_over_asks_no_faces_to_be_tapped(session, catalogues, size):
    """A fresh tester's finding: Mission to Mars 2049's end screen said "No die / tap the faces", where no
    roll is to come. The die part says "no more rolls" once the game is over ("tap the faces" before)."""
    pygame.display.init()
    try:
        pygame.display.set_mode(size)
        d = Driver(session, catalogues, size, game_id="mission-to-mars-2049")
        game = get_game("mission-to-mars-2049")
        s = d.app.session
        s.new_game("mission-to-mars-2049", game.default_options(2, 4))
        d.frame()
        assert "tap the faces" in [t for t, _, _ in d.app.screen.ui.texts]
        rng = random.Random(4)
        while not game.is_over(s.state):
            assert s.submit(game.random_action(s.state, rng)).accepted
        d.frame()
        drawn = [t for t, _, _ in d.app.screen.ui.texts]
        assert "no more rolls" in drawn and "tap the faces" not in drawn, drawn
    finally:
        pygame.display.quit()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES + [(1280, 720)])
def test_the_event_bay_with_the_whole_crew_is_not_cut(make_driver, size):
    """30 to Mars: the whole crew on the problem made the Event Bay's line "EVENT 4/4 La St J…". The names go
    where they fit; the count always shows."""
    from .test_plain_day import start_day_1
    d = make_driver(size)
    start_day_1(d)
    d.tap("Broken Pipe")  # in the Cargo Bay (4)
    cuts = text.STATS["cut"]
    for who in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(who)
        d.tap("bay 4")
    assert d.app.state.placement == (4, 4, 4, 4)
    d.frame()
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    assert any(t.startswith("EVENT 4/4") for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_a_card_to_jettison_fits_its_dialog_button(session, catalogues, size):
    """Race to Mars at 480x800: a card's "jettison a card?" choices read "Starting card 2 from the disc…". The
    longest form that fits is shown: "... from the discard pile", "... (discard pile)", "... (discard)"."""
    from companion.ui.games.race_to_mars.moves import dialog_label
    pygame.display.init()
    try:
        pygame.display.set_mode(size)
        d = Driver(session, catalogues, size, game_id="race-to-mars")
        label = dialog_label(d.app, ["Starting card 2 from the discard pile", "Starting card 2 (discard pile)",
                                     "Starting card 2 (discard)"])
        d.app.ask("Starting card 1: jettison a card? (you may)", [(label, lambda: None), ("No jettison", None)])
        cuts = text.STATS["cut"]
        d.frame()
        assert text.STATS["cut"] == cuts, text.CUTS[-2:]
        assert label in [t for t, _, _ in d.app.screen.ui.texts]
        if size[0] < size[1]:
            assert label != "Starting card 2 from the discard pile"
    finally:
        pygame.display.quit()


def test_a_long_event_in_a_narrow_box_keeps_its_first_clause_whole():
    """Mission to Mars 2049 at 720x1280, the roll screen: the box of what happened, beside Productivity, cut
    "Red rolls Skip a turn: the die pass…" at every Skip a turn. Its first clause is shown whole, "…" after."""
    from companion.ui.games.mission_to_mars_2049.turn import _start_of
    from companion.ui.layout import Layout
    pygame.font.init()
    lay = Layout((720, 1280))
    text.use_screen(lay.text_sizes, (720, 1280))
    lh = text.font(lay.small).get_linesize()
    line = "Red rolls Skip a turn: the die passes on"
    box = pygame.Rect(0, 0, text.width("Red rolls Skip a", lay.small) + 8, 2 * lh)
    start = _start_of(line, box, lay.small)
    assert start == "Red rolls Skip a turn \u2026", start
    assert len(text.wrap(start, box.w, lay.small)) * lh <= box.h


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES + [(1280, 720)])
def test_a_bay_names_who_is_there_as_fully_as_it_fits(make_driver, size):
    """A tester's finding: the Bays named their Marsonauts by two letters ("2/4 · Je Jo") even at 1280x720,
    where the names fit, and "Je" and "Jo" read as one from 1 m. The longest whole form that fits: the names,
    then 3 letters, then 2; never cut."""
    from .test_plain_day import start_day_1
    d = make_driver(size)
    start_day_1(d)
    d.tap("Broken Pipe")  # in the Cargo Bay (4)
    cuts = text.STATS["cut"]
    for who in ("Maria", "Dieter"):
        d.tap(who)
        d.tap("bay 2")
    d.frame()
    lines = [t for t, _, _ in d.app.screen.ui.texts if t.startswith("2/4 \u00b7 ")]
    assert lines and lines[0] in ("2/4 \u00b7 Maria Dieter", "2/4 \u00b7 Mar Die", "2/4 \u00b7 Ma Di"), lines
    if size == (1280, 720):
        assert lines == ["2/4 \u00b7 Maria Dieter"], lines
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]

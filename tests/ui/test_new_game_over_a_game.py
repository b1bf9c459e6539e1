"""The New-game screen shown over an open game (New game in the top bar while a game is open): Undo and
Redo belong to the game, so there they are greyed and a tap says why, and nothing entered on the screen is
thrown away; BACK and hold BACK (the buttons, keys b and r) go back to the game, asking first when the
screen holds what the table chose."""
from __future__ import annotations

import pytest

from companion.ui.widgets import STYLES

from .helpers import start_game

SIZES = [(800, 480), (480, 800)]


def new_game_over_the_game(d) -> None:
    """From the open game: New game (top bar), confirm, 30 to Mars, New game (not Resume it)."""
    d.tap("New game")
    d.tap("New game")  # the dialog's: the open game stays open
    assert d.app.current_screen().name == "picker"
    d.tap("30 to Mars")
    d.tap("New game")  # a new one, not "Resume it"
    assert d.app.current_screen().name == "new_game" and d.app.showing_new_game_over_a_game()


def over_a_game(make_driver, size=(800, 480)):
    """A 30 to Mars game started, then its New-game screen over it: ``(driver, the game's seq)``."""
    d = make_driver(size)
    start_game(d)
    seq = d.app.session.seq
    new_game_over_the_game(d)
    return d, seq


def greyed(d, label: str) -> bool:
    """True when the top bar's ``label`` button is drawn greyed (the disabled style's fill under its top edge)."""
    from companion.ui.screens.chrome import top_bar_rects
    r = top_bar_rects(d.app.layout, d.app)[label.lower()]
    return tuple(d.app.surface.get_at((r.centerx, r.y + d.app.layout.px(5))))[:3] == STYLES["disabled"][0]


def crew(d) -> list[str]:
    return list(d.app.ui_for("thirty-to-mars").screens["new_game"].crew)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_undo_and_redo_are_greyed_there_and_a_tap_keeps_the_setup_and_says_why(make_driver, size):
    d, seq = over_a_game(make_driver, size)
    assert d.app.session.can_undo and not d.app.session.can_redo
    d.tap("Larisa")
    d.tap("Maria")
    assert greyed(d, "Undo") and greyed(d, "Redo"), "Undo/Redo look enabled over the New-game screen"
    assert "Undo" not in d.names() and "Redo" not in d.names()  # named as greyed moves are: "... (why not?)"
    d.tap("Undo (why not?)")
    assert d.app.current_screen().name == "new_game", "a tap on Undo left the setup being entered"
    assert crew(d) == ["larisa", "maria"] and d.app.session.seq == seq
    assert "Back to game" in d.app.message.text, d.app.message.text
    d.tap("Redo (why not?)")
    assert d.app.current_screen().name == "new_game" and crew(d) == ["larisa", "maria"]
    assert "no move to redo" in d.app.message.text, d.app.message.text  # the open game has nothing to redo
    d.tap("Back to game")  # the labelled way back
    assert d.app.current_screen().name == "card" and d.app.session.seq == seq
    assert d.app.setup_game_id is None and not greyed(d, "Undo") and greyed(d, "Redo")


@pytest.mark.timeout(30)
def test_back_and_hold_back_ask_before_leaving_what_was_chosen(make_driver):
    d, seq = over_a_game(make_driver)
    d.tap("Larisa")
    d.key("back")  # the BACK button: the chosen Marsonaut would be lost, so it asks
    assert d.app.dialog is not None and d.app.dialog.title.startswith("Back to the game?"), d.app.dialog
    assert d.app.current_screen().name == "new_game"
    d.tap("Stay")
    assert d.app.current_screen().name == "new_game" and crew(d) == ["larisa"]
    d.key("redo")  # hold BACK: the same question
    assert d.app.dialog is not None and d.app.dialog.title.startswith("Back to the game?")
    d.key("back")  # BACK again closes the question: still on the New-game screen, nothing lost
    assert d.app.dialog is None and crew(d) == ["larisa"]
    d.key("redo")
    d.tap("Back to the game")
    assert d.app.current_screen().name == "card" and d.app.session.seq == seq
    assert "no move to redo" in d.app.message.text, d.app.message.text


@pytest.mark.timeout(30)
def test_back_with_nothing_chosen_goes_straight_back_to_the_game(make_driver):
    d, seq = over_a_game(make_driver)
    d.key("back")  # nothing chosen yet: nothing to lose, no question
    assert d.app.dialog is None and d.app.current_screen().name == "card" and d.app.session.seq == seq
    assert "Undo again" in d.app.message.text, d.app.message.text
    d.key("back")  # now it takes back a move
    assert d.app.session.seq < seq


@pytest.mark.timeout(30)
@pytest.mark.parametrize("game_id,choose", [("mission-to-mars-2049", "2 players"), ("race-to-mars", "3 players")])
def test_the_other_games_new_game_screens_ask_too(session, catalogues, game_id, choose):
    """The same over 30 to Mars for the other games' New-game screens: a choice made there is asked about."""
    import pygame

    from companion.rules import GAMES
    from companion.ui.driver import Driver
    session.new_game("thirty-to-mars", GAMES["thirty-to-mars"].default_options(None, 1))
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, catalogues, (800, 480), game_id=game_id)
    assert d.app.current_screen().name == "new_game" and d.app.showing_new_game_over_a_game()
    assert greyed(d, "Undo") and greyed(d, "Redo")
    d.tap(choose)
    d.key("back")
    assert d.app.dialog is not None and d.app.dialog.title.startswith("Back to the game?"), d.app.dialog
    d.tap("Back to the game")
    assert session.game_id == "thirty-to-mars" and d.app.current_screen().name == "setup"
    pygame.display.quit()


@pytest.mark.timeout(30)
def test_resume_it_on_a_game_damaged_in_the_file_says_so(make_driver, session, monkeypatch):
    """A tester's finding (a lost game): "Resume it" on a game whose rows the file can no longer read
    showed that game's empty New-game screen, not a word said. The table is told why, and what was
    carried over to a fresh file (emulated: SQLite's "malformed" error for that game's rows)."""
    import random
    import sqlite3

    from companion.rules import get_game
    mm = get_game("mission-to-mars-2049")
    session.new_game("mission-to-mars-2049", mm.default_options(3, 1))
    rng = random.Random(2)
    for _ in range(6):
        session.submit(mm.random_action(session.state, rng))
    damaged = session.record.id
    d = make_driver((800, 480))
    start_game(d)
    ttm_seq = d.app.session.seq
    real_moves, real_export = session.store.moves_between, session.store.rescue_export

    damaged_file = session.store._conn  # the fresh file's games are read for real

    def malformed(game: int) -> None:
        if game == damaged and session.store._conn is damaged_file:
            raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(session.store, "moves_between", lambda game, *a: malformed(game) or real_moves(game, *a))
    monkeypatch.setattr(session.store, "rescue_export", lambda game: malformed(game) or real_export(game))
    monkeypatch.setattr(session, "_load_snapshot", lambda record, *a: (0, None))
    d.tap("New game")
    d.tap("New game")
    d.tap("Mission to Mars 2049")
    d.tap("Resume it")
    m = d.app.message
    assert m is not None and m.kind == "error", m
    assert m.text.startswith("The Mission to Mars 2049 game started") and "could not be resumed" in m.text, m.text
    assert "30 to Mars game" in m.text and "carried over" in m.text, m.text
    assert d.app.current_screen().name == "new_game"
    d.key("back")  # back to the 30 to Mars game, carried over whole
    assert d.app.session.game_id == "thirty-to-mars" and d.app.session.seq == ttm_seq


@pytest.mark.timeout(30)
def test_the_top_bars_new_game_says_what_the_new_game_screen_loses(make_driver):
    """A hostile tester's finding: on a New-game screen with 2 Marsonauts chosen, the top bar's New game asked only
    "Start a new game?" and the picker then dropped them without a word (BACK asks). It says so; Cancel keeps them."""
    d = make_driver((800, 480))
    d.tap("Larisa")
    d.tap("Stan")
    d.tap("New game")
    assert d.app.dialog is not None and "The 2 Marsonauts chosen here are not kept." in d.app.dialog.title
    assert "The 2 Marsonauts chosen here are not kept." in " ".join(t for t, _, _ in d.app.screen.ui.texts)
    d.tap("Cancel")
    assert crew(d) == ["larisa", "stan"]
    d.tap("New game")
    d.tap("New game")
    assert d.app.current_screen().name == "picker"

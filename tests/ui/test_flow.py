"""The end of a game and the New-game screen: what NEXT, Undo and Redo do there."""
from __future__ import annotations

import pytest

from .helpers import play_to_end, start_game


@pytest.mark.timeout(30)
def test_next_does_not_skip_the_end_screen(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    play_to_end(d)
    assert d.app.current_screen().name == "over"
    d.key("next")
    d.key("next")
    assert d.app.current_screen().name == "over"
    assert "tap New game" in d.app.message.text
    d.tap("New game")  # the end screen's own button: the game picker, then the game's New-game screen
    assert d.app.current_screen().name == "picker"
    d.tap("30 to Mars")
    assert d.app.current_screen().name == "new_game"


@pytest.mark.timeout(30)
def test_back_on_new_game_screen_returns_to_the_game_first(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    final = play_to_end(d)
    seq = d.app.session.seq
    d.tap("New game")
    assert d.app.current_screen().name == "picker"
    d.tap("30 to Mars")
    assert d.app.current_screen().name == "new_game"
    assert "Undo (why not?)" in d.names() and "Redo (why not?)" in d.names()
    d.tap("Undo (why not?)")  # greyed there (test_new_game_over_a_game.py): it says why and stays
    assert d.app.current_screen().name == "new_game"
    d.key("back")  # first BACK: back to the (lost or won) game, nothing taken back
    assert d.app.current_screen().name == "over"
    assert d.app.session.seq == seq and d.app.state.result == final.result
    d.tap("Undo")  # then Undo takes back the final move (and the steps that ran on their own)
    assert d.app.session.seq < seq
    assert d.app.state.result is None
    assert d.app.current_screen().name != "over" and not d.app.wants_new_game


@pytest.mark.timeout(30)
def test_redo_and_back_from_a_new_game_during_play(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    assert d.app.current_screen().name == "card"  # day 1 started on its own
    d.key("back")  # take back the last roll (and the start of the day that ran on its own)
    assert d.app.current_screen().name == "setup"
    seq = d.app.session.seq
    d.tap("New game")
    d.tap("New game")  # confirm in the dialog
    assert d.app.current_screen().name == "picker"
    d.key("redo")  # first: back to the game, nothing redone
    assert d.app.current_screen().name == "setup" and d.app.session.seq == seq
    d.key("redo")
    assert d.app.session.seq == seq + 2 and d.app.current_screen().name == "card"


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_outcome_is_read_from_across_the_table(make_driver, size):
    """A tester's finding: at 800x480 "Mission success: the ship reaches Mars!" was squeezed to 16 px into
    a line; it is drawn at the largest size, on up to two lines (three in portrait)."""
    from companion.ui import text
    d = make_driver(size)
    start_game(d)
    play_to_end(d)
    d.frame()
    title = "Mission success" if d.app.state.result == "won" else "Mission failed"
    sizes = [sz for s, sz, _, _ in d.app.screen.ui.text_sizes if s.startswith(title) or title.startswith(s)]
    assert sizes and min(sizes) == d.app.layout.huge, (sizes, d.app.layout.huge, text.CUTS[-2:])


@pytest.mark.timeout(30)
def test_a_greyed_undo_or_redo_says_why_when_tapped(make_driver):
    """A tester's finding: a tap on the greyed Undo of a New-game screen, with no game yet, said nothing; nor did
    a greyed Redo in a game. Each says why."""
    d = make_driver((800, 480))
    assert d.app.current_screen().name == "new_game" and not d.app.session.has_game
    d.tap("Undo (why not?)")
    assert d.app.message.text == "Undo works in a game: start one first.", d.app.message
    start_game(d)
    d.tap("Redo (why not?)")
    assert d.app.message.text == "Nothing to redo: Redo puts back what Undo took back."


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.timeout(30)
def test_the_end_screen_has_one_new_game(make_driver, size):
    """A tester's finding: the end screen showed two "New game" buttons, the top bar's (which asks first)
    and the end screen's (the game picker at once), side by side. Over an end screen the top bar has none;
    Undo (the last move back) stays; once back in the game the top bar's New game is there again."""
    d = make_driver(size)
    start_game(d)
    play_to_end(d)
    assert d.app.current_screen().name == "over"
    drawn = [t for t, _, _ in d.app.screen.ui.texts]
    assert d.names().count("New game") == 1 and "Undo" in d.names(), d.names()
    assert drawn.count("New game") == 1 and "New" not in drawn, drawn
    d.tap("Undo")
    assert d.app.current_screen().name != "over" and "New game" in d.names()

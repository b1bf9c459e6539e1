"""The NEXT button over a dialog that has no answer for it ("Back to the game? ... / Stay", "Play another
game ...?"): the dialog says so inside itself, where the table looks (a tester's finding: NEXT did nothing
and said nothing; a message would be drawn under the dialog, unseen). The shell's words name no game."""
from __future__ import annotations

import pytest

from companion.ui.app import NEXT_NO_ANSWER

from .helpers import assert_no_overlaps, start_game
from .readable import check_sizes
from .test_new_game_over_a_game import over_a_game

SIZES = [(800, 480), (480, 800)]


def shown(d) -> str:
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


def note_drawn_in_the_dialog(d) -> None:
    """The note is drawn whole, in the dialog's box, above its buttons, and every button is on the screen."""
    ui = d.app.screen.ui
    words = [(t, r) for t, r, _ in ui.texts if t and t in NEXT_NO_ANSWER]
    assert " ".join(t for t, _ in words) == NEXT_NO_ANSWER, words
    buttons = [h.rect for h in ui.hits if h.label in d.app.dialog.options[0][0] or h.label == d.app.dialog.cancel_label]
    screen = d.app.surface.get_rect()
    assert buttons and all(screen.contains(b) for b in buttons)
    assert all(r.bottom <= min(b.top for b in buttons) for _, r in words), (words, buttons)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_next_on_the_new_game_question_says_to_tap_an_answer(make_driver, size):
    d = make_driver(size)
    start_game(d)
    d.tap("New game")
    title, seq = d.app.dialog.title, d.app.session.seq
    assert d.app.dialog.on_next is None and NEXT_NO_ANSWER not in shown(d)
    d.key("next")
    assert d.app.dialog is not None and d.app.dialog.title == title and d.app.session.seq == seq
    assert d.app.dialog.note == NEXT_NO_ANSWER
    note_drawn_in_the_dialog(d)
    check_sizes(d, f"NEXT on New game {size}")
    assert_no_overlaps(d, f"NEXT on New game {size}")
    d.tap("Cancel")
    d.tap("New game")
    assert NEXT_NO_ANSWER not in shown(d)  # a new question starts without it


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_next_on_back_to_the_game_says_to_tap_an_answer(make_driver, size):
    d, _ = over_a_game(make_driver, size)
    d.tap("Larisa")
    d.key("back")
    assert d.app.dialog.title.startswith("Back to the game?")
    d.key("next")
    assert d.app.current_screen().name == "new_game" and d.app.dialog.note == NEXT_NO_ANSWER
    note_drawn_in_the_dialog(d)
    assert_no_overlaps(d, f"NEXT on Back to the game {size}")
    d.tap("Stay")
    assert d.app.dialog is None and d.app.current_screen().name == "new_game"


@pytest.mark.timeout(30)
def test_a_dialog_a_page_tall_keeps_its_buttons_on_the_screen_with_the_note(make_driver):
    """A page of buttons as tall as the screen leaves no room for both the title and the note: the note
    takes the title's place, and no button leaves the screen."""
    d = make_driver((800, 480))
    d.app.ask("Which one?", [(f"Choice number {i}", lambda: None) for i in range(12)])
    d.frame()
    d.key("next")
    note_drawn_in_the_dialog(d)
    screen = d.app.surface.get_rect()
    assert all(screen.contains(h.rect) for h in d.app.screen.ui.hits), [h.rect for h in d.app.screen.ui.hits]
    assert_no_overlaps(d, "NEXT on a tall dialog")


def _fill(d, label):
    """The colour a dialog's button ``label`` is filled with (a pixel inside its frame, left of its words)."""
    d.frame()
    rect = next(h.rect for h in d.app.screen.ui.hits if h.label == label)
    return tuple(d.app.surface.get_at((rect.x + 6, rect.centery)))[:3]


@pytest.mark.timeout(30)
def test_a_lone_answer_is_drawn_as_nexts_only_where_next_gives_it(make_driver):
    """A table tester's finding: a dialog's only answer was drawn in NEXT's colour ("John: add one die",
    "Build anyway"), and NEXT then said "NEXT does not answer this" under it. The lone answer is drawn as NEXT's
    (the primary colour) only where NEXT gives it; else as every other answer."""
    from companion.ui.widgets import STYLES
    d = make_driver((800, 480))
    d.app.ask("Do it?", [("Do it", lambda: None)])
    assert _fill(d, "Do it") == STYLES["normal"][0]
    d.key("next")
    assert d.app.dialog.note == NEXT_NO_ANSWER and _fill(d, "Do it") == STYLES["normal"][0]
    done = []
    d.app.ask("Do it?", [("Do it", lambda: done.append(1))], on_next=lambda: done.append(1))
    assert _fill(d, "Do it") == STYLES["primary"][0]

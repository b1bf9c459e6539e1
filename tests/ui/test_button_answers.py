"""NEXT, BACK and hold BACK answer the message shown before them as a tap on a control does (play testers'
findings: after a refusal, a NEXT that did something without words, or said the same refusal again, looked as if
nothing happened, the old refusal staying): a press that says something new shows it; one that acts without
words takes the old refusal away; one that changes nothing says so; the very words shown, said again, are drawn
lit a moment, so that the press is seen answered. The shell does it for every game (the GPIO buttons on
gpiozero's MockFactory through the real loop, and their keys through the Driver)."""
from __future__ import annotations

import time

import pygame
import pytest

import companion.ui.app as app_mod
from companion.rules.contract import Action
from companion.ui.app import App

from .helpers import start_game
from .oneturn import finger, one_turn, press, release, shown

SIZE = (800, 480)


@pytest.fixture
def display():
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    yield
    pygame.display.quit()


def _at(app: App, label: str) -> tuple[int, int]:
    return next(h.rect.center for h in app._shown_ui.hits if h.label == label)


def _box(app: App) -> pygame.Rect:
    from companion.ui.screens.chrome import message_box
    return message_box(app.layout, app)[0]


@pytest.mark.timeout(30)
def test_next_saying_the_refusal_shown_again_lights_it_a_moment(session, catalogues, display, monkeypatch):
    """30 to Mars New game: Start is refused ("Choose 4 more Marsonauts"); the GPIO NEXT, pressed then, is refused
    in the same words: the box is drawn lit (white border) until FLASH_S has passed, then as before; the loop
    wakes for that moment."""
    monkeypatch.setattr(app_mod, "FLASH_S", 0.2)
    app = App(session, catalogues, "thirty-to-mars", size=SIZE)
    one_turn(app, lambda app: pygame.event.post(finger(_at(app, "Start (why not?)"))))
    said = shown(app).message
    assert said is not None and said.text.startswith("Choose 4 more Marsonauts") and said.seen
    plain = app.surface.copy()
    one_turn(app, lambda app: press(app, "next"))
    again = app.message
    assert again is not said and again.text == said.text and again.flash > time.monotonic()
    assert 0 < app._next_wake_s(time.monotonic(), 0.0, None) <= 0.21  # the loop wakes to draw it plain again
    box = _box(app)
    lit = shown(app).surface.get_at((box.centerx, box.top + 1))
    assert lit != plain.get_at((box.centerx, box.top + 1)), "the box is not drawn lit"
    time.sleep(0.25)
    app.update(0.0)
    assert app.message is again and not again.flash and app.dirty
    assert shown(app).surface.get_at((box.centerx, box.top + 1)) == plain.get_at((box.centerx, box.top + 1))


@pytest.mark.timeout(30)
def test_back_saying_nothing_to_undo_again_lights_it(session, catalogues, display):
    """The GPIO BACK (acting on release) with nothing to take back, twice: the second answer, in the same words, is
    drawn lit."""
    app = App(session, catalogues, "thirty-to-mars", size=SIZE)

    def back(app: App) -> None:
        press(app, "back")
        time.sleep(0.05)  # past the debounce
        release(app, "back")
    one_turn(app, back)
    said = shown(app).message
    assert said.text == "There is nothing to undo." and not said.flash
    one_turn(app, back)
    assert app.message.text == said.text and app.message.flash


@pytest.mark.timeout(30)
def test_a_next_that_acts_without_words_takes_the_old_hint_away(session, catalogues, display):
    """Mission to Mars 2049 New game, its Options page open: Undo's why-not ("Undo works in a game") is shown; the
    GPIO NEXT closes the Options page, saying nothing: the hint about the screen before goes with it."""
    app = App(session, catalogues, "mission-to-mars-2049", size=SIZE)
    one_turn(app, lambda app: pygame.event.post(finger(_at(app, "Options"))))
    shown(app)
    one_turn(app, lambda app: pygame.event.post(finger(_at(app, "Undo (why not?)"))))
    assert shown(app).message.text == "Undo works in a game: start one first."
    assert app.screen.more
    one_turn(app, lambda app: press(app, "next"))
    assert not app.screen.more and app.message is None, app.message


@pytest.mark.timeout(30)
def test_a_next_that_opens_a_dialog_takes_the_old_refusal_away(make_driver):
    """30 to Mars, nobody in the event's Bay: a refusal is shown (an ability Maria cannot use), then NEXT asks
    whether to skip the event. The refusal, about the screen before, does not come back when the dialog is
    cancelled (as after a tap that opened a dialog)."""
    d = make_driver(SIZE)
    start_game(d)
    d.tap("Broken Pipe")
    d.app.reject(d.app.game.check(d.app.state, Action("ability", {"who": 2})))
    d.frame()
    assert d.app.message is not None and d.app.message.kind == "error"
    d.key("next")
    assert d.app.dialog is not None and d.app.dialog.title.startswith("Nobody works on the problem")
    d.tap("Cancel")
    assert d.app.dialog is None and d.app.message is None, d.app.message


@pytest.mark.timeout(30)
def test_a_next_that_changes_nothing_says_so_instead_of_leaving_the_old_refusal(make_driver, monkeypatch):
    """The shell's net for any game: a screen whose NEXT changes nothing and says nothing (none of today's
    screens should) replaces the
    refusal shown with NEXT_DID_NOTHING, not leaves it as if it were NEXT's answer."""
    d = make_driver(SIZE)
    d.tap("Start (why not?)")
    assert d.app.message.text.startswith("Choose 4 more Marsonauts")
    monkeypatch.setattr(type(d.app.screen), "on_next", lambda self: None)
    d.key("next")
    assert d.app.message.text == app_mod.NEXT_DID_NOTHING


@pytest.mark.timeout(30)
def test_holding_back_over_a_dialog_says_why_in_it(make_driver):
    """Hold BACK (Redo) over a dialog answered nothing and said nothing; it now says in the dialog that the
    dialog's buttons, or BACK, answer it."""
    d = make_driver(SIZE)
    d.tap("New game")
    assert d.app.dialog is not None
    d.key("redo")
    assert d.app.dialog is not None and d.app.dialog.note == app_mod.REDO_NO_ANSWER

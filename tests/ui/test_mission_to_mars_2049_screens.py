"""Mission to Mars 2049 through the app, frame by frame: the picker, New game,
the roll-off, turns played by tapping the move buttons and answering the
chooser's questions, to the H2O Station and the ranking.

Source: shared/rules/mission-to-mars-2049.txt (3.3 Who starts the game?,
3.4 What can I do during my game turn?, 5.0 Tournament points).
"""
from __future__ import annotations

import random

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.ui.driver import Driver
from companion.ui.widgets import tappable
from companion.ui.games.mission_to_mars_2049.labels import KINDS

from .helpers import assert_no_overlaps
from .readable import check_sizes

GAME = "mission-to-mars-2049"
MOVE_BUTTONS = {title for title, _ in KINDS.values()} | {"Grand Theft"}  # a Robbery button renamed in a Grand Theft


@pytest.fixture
def driver(session, tmp_path):
    def make(size=(800, 480)):
        pygame.display.init()
        pygame.display.set_mode(size)
        return Driver(session, Catalogues(tmp_path), size)
    yield make
    pygame.display.quit()


def _new_game(d, players: int = 2):
    d.tap("Mission to Mars 2049")
    assert d.app.current_screen().name == "new_game"
    d.tap(f"{players} players")
    d.tap("Start")
    assert d.app.session.game_id == GAME and d.app.current_screen().name == "turn"


def _tap_a_move(d, rng) -> None:
    """Tap a move button, then answer each question until the move is made."""
    buttons = [n for n in d.names() if n in MOVE_BUTTONS]
    if not buttons or rng.random() < 0.25 and "I'm done" in d.names():
        d.key("next")
        return
    d.tap(rng.choice(buttons))
    # a Crimean Mission paged (More..., First page) to its card and its Station, its Base (asked beside a full
    # one, greyed) and the 3.6.4 tip: 9 taps
    for _ in range(12):
        if d.app.dialog is None:
            return
        options = [label for label, cb in d.app.dialog.options if tappable(cb) is not None]  # not the greyed ones
        d.tap(rng.choice(options))
    raise AssertionError("the chooser kept asking")


@pytest.mark.timeout(120)
def test_a_whole_two_player_game_by_taps_to_the_ranking(driver):
    d = driver()
    _new_game(d, 2)
    s = d.app.session
    game = s.game
    assert [seat.name for seat in game.seats(s.state)] == ["Red", "Blue"]
    rng = random.Random(2049)
    steps = 0
    while not game.is_over(s.state):
        steps += 1
        assert steps < 6000, f"no end after {steps} inputs in phase {game.phase(s.state)}"
        expect = game.expects(s.state)
        if expect is not None and expect.kind == "roll":
            assert {f"face {i}" for i in range(1, 7)} <= set(d.names())  # the symbol faces are on screen
            d.roll(rng.choice((1, 1, 2, 3, 3, 4, 5, 6)))
        else:
            _tap_a_move(d, rng)
        if steps % 97 == 0:
            assert_no_overlaps(d, f"step {steps}")
    assert d.app.current_screen().name == "over"
    result = game.result(s.state)
    assert result.winners and result.ranking[0].seat in result.winners
    assert d.names().count("New game") >= 1
    assert len(s.log()) > 50


@pytest.mark.timeout(30)
def test_the_die_faces_are_shown_and_edited_on_the_new_game_screen(driver):
    d = driver()
    d.tap("Mission to Mars 2049")
    assert "face 1" in d.names()
    d.tap("face 1")  # Air -> Food; the face that had Food takes Air
    d.tap("Start")
    faces = d.app.game.die_faces(d.app.state)
    assert faces[:2] == ("Food", "Air")
    assert [label for label in d.app.face_labels()][:2] == ["Food", "Air"]


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_screens_fit_at_every_size(driver, size):
    from companion.ui import text
    cuts = text.STATS["cut"]
    d = driver(size)
    d.tap("Mission to Mars 2049")
    check_sizes(d, f"New game at {size}", key_texts=None)
    d.tap("4 players")
    d.tap("Start")
    assert_no_overlaps(d, "roll-off")
    check_sizes(d, f"the roll-off at {size}", key_texts=None)
    d.roll(2)
    d.tap("Fix roll")  # the symbols of the die, whole, in the dialog
    assert {"Discovery", "Skip a turn"} <= {label for label, _ in d.app.dialog.options}
    check_sizes(d, f"Fix roll at {size}", key_texts=None)
    d.app.close_dialog()
    rng = random.Random(4)
    s = d.app.session
    while s.game.phase(s.state) != "main":
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    assert_no_overlaps(d, "a turn with four players")
    assert "I'm done" in d.names()
    check_sizes(d, f"a turn at {size}", key_texts=None)
    d.tap(d.app.game.seats(s.state)[1].name)
    check_sizes(d, f"a player's details at {size}", key_texts=None)
    d.app.close_dialog()
    while not s.game.is_over(s.state):
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    check_sizes(d, f"the end at {size}", key_texts=None)
    assert text.STATS["cut"] == cuts, f"text cut with an ellipsis: {sorted(set(text.CUTS))}"


@pytest.mark.timeout(30)
def test_a_tap_on_a_player_shows_their_colony_and_the_odds(driver):
    d = driver()
    _new_game(d, 3)
    d.tap("Blue")
    assert d.app.dialog is not None and d.app.dialog.title == "Blue"
    lines = " | ".join(d.app.dialog.lines)
    assert "Base 1: Air Station, Food Station, Mineral Station" in lines
    assert "Next roll produces for them: 50%" in lines  # one Station of each type: 3 faces of 6
    assert "Can afford: " in lines and "Next Base:" in lines  # the roll-off: nobody builds now (3.4.2)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_the_new_game_screen_over_an_open_game_keeps_every_label_whole(driver, size):
    """New game chosen while a game is open: "Back to game" joins the screen, and no label is cut (a fresh
    player read "Back to the ga..." at 800x480, and "49 ...", "Han..." in portrait)."""
    from companion.ui import text
    d = driver(size)
    _new_game(d)
    d.tap("New game")
    d.tap("New game")            # the dialog's: play another game or start a new one
    d.tap("Mission to Mars 2049")
    if d.app.dialog is not None:   # this game is open: resume it or start a new one
        d.tap("New game")
    cuts = text.STATS["cut"]
    d.frame()
    assert d.app.current_screen().name == "new_game" and "Back to game" in d.names()
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(720, 1280), (480, 800)])
def test_four_colours_in_portrait_are_whole_buttons(driver, size):
    """"3.3 Who starts the game?": four players' colours in portrait are four whole buttons (a finger's height, the
    seat numbers whole), not two rows squeezed into one (a fresh player saw the digits cut)."""
    from companion.ui import text
    d = driver(size)
    d.tap("Mission to Mars 2049")
    d.tap("4 players")
    cuts = text.STATS["cut"]
    d.frame()
    colours = [h.rect for h in d.app.screen.ui.hits if h.label.startswith("colour ")]
    assert len(colours) == 4 and min(r.h for r in colours) >= d.app.layout.touch
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]


@pytest.mark.timeout(30)
def test_the_die_status_names_the_roll_the_game_uses_also_after_fix_roll(driver):
    """The top bar's "rolled" is the face's symbol (3.1.3 Production: face 5 is Discovery), and
    after Fix roll the corrected one: the die's own misreading is not shown as the table's roll."""
    import types
    d = driver()
    die = {"mode": "die", "connected": True, "last_roll": None, "rolls": 0}
    d.app.hw = types.SimpleNamespace(die_status=lambda: dict(die), hw_mode=None)
    _new_game(d, players=2)
    d.app.roll(2, "tap")
    assert "rolled Food" in _texts(d)  # a face tapped: the game's roll, though the die read nothing
    die.update(last_roll=5, rolls=1)
    d.app.roll(5, "die")
    assert "rolled Discovery" in _texts(d), str(_texts(d))
    for fixed, shown in (("Food", "rolled Food"), (None, "rolled Discovery"), ("Air", "rolled Air")):
        if fixed is None:
            d.app.undo()  # the fix taken back: the roll read again
        else:
            d.tap("Fix roll")
            d.tap(fixed)
        assert shown in _texts(d), (fixed, _texts(d))
    rng = random.Random(2)
    s = d.app.session
    _move_on(d, rng)
    assert "rolled Air" in _texts(d)  # the game moved on: the die's reading, as the table fixed it
    die.update(last_roll=3, rolls=2)
    d.app.roll(3, "die")  # a reading no roll was awaited for: ignored, not the game's roll
    assert "rolled Air" in _texts(d) and "rolled Minerals" not in _texts(d)


@pytest.mark.timeout(30)
def test_a_die_reading_ignored_is_not_shown_as_the_turns_roll(driver):
    """A tester's finding: Red's turn rolled Discovery on the die; the die then read a 2 while no roll was
    awaited ("The die shows 2, but no roll is expected now: ignored."), and the top bar read "rolled Food"
    for the rest of Red's turn, whose roll was Discovery. The die status shows the reading the game took;
    the next roll taken shows again."""
    import types
    d = driver()
    die = {"mode": "die", "connected": True, "last_roll": None, "rolls": 0}
    d.app.hw = types.SimpleNamespace(die_status=lambda: dict(die), hw_mode=None)
    _new_game(d, players=2)
    rng = random.Random(5)
    s = d.app.session
    while d.app.expect() is None or d.app.expect().kind != "roll":
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    die.update(last_roll=5, rolls=1)
    d.app.roll(5, "die")
    assert "rolled Discovery" in _texts(d)
    _move_on(d, rng)
    assert "rolled Discovery" in _texts(d)
    die.update(last_roll=2, rolls=2)
    d.app.roll(2, "die")
    assert d.app.message.text == "The die shows 2, but no roll is expected now: ignored."
    texts = _texts(d)
    assert "rolled Discovery" in texts and "rolled Food" not in texts, texts
    while d.app.expect() is None or d.app.expect().kind != "roll":
        s.submit(s.game.random_action(s.state, rng))
    die.update(last_roll=3, rolls=3)
    d.app.roll(3, "die")
    assert "rolled Minerals" in _texts(d)


@pytest.mark.timeout(30)
def test_after_a_face_tapped_the_die_status_does_not_show_the_dies_older_reading(driver):
    """A tester's finding: a turn's roll tapped on the screen (Robbery), and once the game moved on the die
    status read "rolled Food", the die's last reading from an earlier turn: it says the roll was tapped."""
    import types
    d = driver()
    die = {"mode": "die", "connected": True, "last_roll": None, "rolls": 0}
    d.app.hw = types.SimpleNamespace(die_status=lambda: dict(die), hw_mode=None)
    _new_game(d, players=2)
    rng = random.Random(3)
    s = d.app.session

    def until_a_roll_is_expected():
        while d.app.expect() is None or d.app.expect().kind != "roll":
            s.submit(s.game.random_action(s.state, rng))

    until_a_roll_is_expected()
    die.update(last_roll=2, rolls=1)
    d.app.roll(2, "die")
    _move_on(d, rng)
    assert "rolled Food" in _texts(d)  # the die's reading, the game's last roll
    until_a_roll_is_expected()
    d.app.roll(4, "tap")
    assert "rolled Robbery" in _texts(d), _texts(d)  # while Fix roll can change it: the face tapped
    _move_on(d, rng)
    texts = _texts(d)
    assert "last roll tapped" in texts and "rolled Food" not in texts, texts
    die.update(last_roll=6, rolls=2)
    d.app.roll(6, "die")  # no roll awaited: ignored, not the game's roll
    assert "last roll tapped" in _texts(d)
    until_a_roll_is_expected()
    die.update(last_roll=1, rolls=3)
    d.app.roll(1, "die")
    assert "rolled Air" in _texts(d)


@pytest.mark.timeout(30)
def test_a_new_game_shows_no_roll_of_the_game_before(driver):
    """A fresh user's finding: a new game's die status read "rolled Air" before anyone rolled: the die's last
    reading in the game before, named by this game's faces. The die's reading is shown in the game it came in."""
    import types
    d = driver()
    die = {"mode": "die", "connected": True, "last_roll": None, "rolls": 0}
    d.app.hw = types.SimpleNamespace(die_status=lambda: dict(die), hw_mode=None)
    _new_game(d, players=2)
    die.update(last_roll=3, rolls=1)
    d.app.roll(3, "die")  # the roll-off's
    assert "rolled Minerals" in _texts(d), _texts(d)
    d.tap("New game")
    d.tap("New game")  # the dialog's
    assert "rolled Minerals" not in _texts(d)
    d.tap("Mission to Mars 2049")
    d.tap("New game")  # not "Resume it"
    d.tap("3 players")
    d.tap("Start")
    assert "waiting for a roll" in _texts(d) and not any(t.startswith("rolled") for t in _texts(d)), _texts(d)
    die.update(last_roll=1, rolls=2)
    d.app.roll(1, "die")
    assert "rolled Air" in _texts(d), _texts(d)


def _move_on(d, rng) -> None:
    """Random moves (not through the die) until the last move is not a roll and no roll is awaited (while one is,
    the die status says "waiting for a roll")."""
    s = d.app.session
    while d.app.fixable_roll() is not None or d.app.expect() is not None and d.app.expect().kind == "roll":
        s.submit(s.game.random_action(s.state, rng))


def _texts(d) -> list[str]:
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts]


@pytest.mark.timeout(30)
def test_four_colours_in_portrait_are_named_whole(driver):
    """A tester's finding: the portrait New-game screen cut the colours to "Gre" and "Yel". Where a disc and
    the word do not fit, each colour is its word, whole, in its colour."""
    d = driver((480, 800))
    d.tap("Mission to Mars 2049")
    d.tap("4 players")
    shown = _texts(d)
    assert {"Red", "Blue", "Green", "Yellow"} <= set(shown) and "Gre" not in shown and "Yel" not in shown, shown


@pytest.mark.timeout(30)
def test_the_portrait_roll_screen_keeps_a_line_of_what_happened(driver):
    """A tester's finding: with 4 players at 480x800 the roll screen left "what happened this turn" a thin
    line (a Capture's skipped turn went unseen). The heading gives way: the face pad says whose roll."""
    from companion.ui import text
    d = driver((480, 800))
    _new_game(d, players=4)
    rng = random.Random(4)
    s = d.app.session
    while s.game.phase(s.state) != "main":
        s.submit(s.game.random_action(s.state, rng))
    while not (s.game.expects(s.state) and s.game.expects(s.state).kind == "roll"):  # the next player's roll
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    events = d.app.current_screen()._events_r
    assert events.h >= text.font(d.app.layout.small).get_linesize(), events
    assert any(t.startswith("Roll: ") and "roll" in t for t in _texts(d))

"""Texts that used to be cut or to overlap: the Setup screen's names and
Roles, a Knocked Out Marsonaut's line in the crew panel."""
from __future__ import annotations

import dataclasses

import pytest

from companion.ui import text

from .helpers import CREW, assert_no_overlaps
from .test_screens import SIZES, check_frame


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_setup_names_and_roles_do_not_overlap(make_driver, size):
    d = make_driver(size)
    for n in ("Larisa", "Jean-Louis", "Maria", "John"):
        d.tap(n)
    d.tap("Start")
    d.roll(3)
    check_frame(d, f"setup {size}")
    assert_no_overlaps(d, f"setup {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_knocked_out_marsonaut_fits(make_driver, size, monkeypatch):
    d = make_driver(size)
    for n in CREW:
        d.tap(n)
    d.tap("Start")
    for f in (6, 1, 3, 2, 3, 4, 5, 3, 3, 3):
        d.roll(f)
    d.tap("Broken Pipe")  # the day screen with the dashboard
    state = d.app.state
    crew = list(state.crew)
    crew[1] = dataclasses.replace(crew[1], health=0, knocked_out_day=28)
    ko_state = dataclasses.replace(state, crew=tuple(crew), day=28)
    monkeypatch.setattr(type(d.app.session), "state", property(lambda self: ko_state))
    cuts = text.STATS["cut"]
    d.frame()
    check_frame(d, f"KO {size}")
    assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-3:]}"
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "KO day 28" in shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_new_game_over_a_game_keeps_start_and_professions_free(make_driver, size):
    """Back to game is drawn beside Start, never over it; the Role buttons leave the profession readable."""
    from .helpers import start_game
    d = make_driver(size)
    start_game(d)
    d.tap("New game")
    d.tap("New game")  # confirm: the game picker over the open game
    d.tap("30 to Mars")
    d.tap("New game")  # not "Resume it"
    for n in CREW:
        d.tap(n)
    d.frame()
    check_frame(d, f"new game over a game {size}")
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    assert not hits["Back to game"].colliderect(hits["Start"]), (hits["Back to game"], hits["Start"])
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "Physician" in shown and "Engineer" in shown or size == (800, 480), shown


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_every_crew_row_names_its_role_whole_or_short(make_driver, size):
    """The Role says who drains and who sends the crew to sleep (Turn Overview 3, 6): on the place
    screen every crew row shows it, "Admin." where "Administrator" does not fit (whole in portrait)."""
    from companion.rules.thirty_to_mars.model import ROLES
    from companion.ui.games.thirty_to_mars.dashboard import ROLE_SHORT
    assert set(ROLE_SHORT) == set(ROLES)
    d = make_driver(size)
    for n in ("Larisa", "Jean-Louis", "Maria", "John"):
        d.tap(n)
    d.tap("Start")
    for f in (6, 1, 3, 2, 3, 4, 5, 3, 3, 3):
        d.roll(f)
    d.tap("Broken Pipe")
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert all(m.role in shown or ROLE_SHORT[m.role] in shown for m in d.app.state.crew), str(shown)
    if size == (720, 1280):
        assert all(m.role in shown for m in d.app.state.crew), str(shown)
    check_frame(d, f"place {size}")


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720), (720, 1280)])
@pytest.mark.timeout(30)
def test_the_tutorial_button_says_its_deck_whole(make_driver, size):
    """A tester's finding: in portrait (480x800) the Tutorial button read "deck: 30 green, 3 tuto…". Its
    second line now says the deck in fewer words where the whole sentence does not fit, never cut."""
    from .helpers import start_game
    d = make_driver(size)
    for over_a_game in (False, True):  # Back to game beside it too
        if over_a_game:
            for n in CREW:  # none chosen, the tutorial off: a game as usual
                d.tap(n)
            d.tap("Tutorial")
            start_game(d)
            d.tap("New game")
            d.tap("New game")
            d.tap("30 to Mars")
            d.tap("New game")
        d.tap("Tutorial")
        for n in CREW:
            d.tap(n)
        cuts = text.STATS["cut"]
        d.frame()
        assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-3:]}"
        tut = next(h.rect for h in d.app.screen.ui.hits if h.label == "Tutorial")
        inside = [t for t, r, _ in d.app.screen.ui.texts if tut.contains(r)]
        assert "Tutorial: on" in inside and any("30 green" in t for t in inside), inside
        check_frame(d, f"new game, tutorial on {size}")


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720), (720, 1280)])
@pytest.mark.timeout(30)
def test_the_setup_values_are_one_size(make_driver, size):
    """A tester's finding: on the Setup screen in portrait, "Sanity 10" and "Health 10" shrank each on its
    own, beside "Health 7" at the body size: the rolled values are now all one size, none cut."""
    d = make_driver(size)
    for n in CREW:
        d.tap(n)
    d.tap("Start")
    for f in (6, 3, 2, 6, 1, 5, 4, 6):  # Sanity 10 and Health 7 for Larisa, ... Health 10 for Dieter
        d.roll(f)
    cuts = text.STATS["cut"]
    d.frame()
    assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-3:]}"
    values = [(t, r.h) for t, r, _ in d.app.screen.ui.texts if t.startswith(("Sanity ", "Health "))]
    assert len(values) == 8 and len({h for _, h in values}) == 1, values
    check_frame(d, f"setup values {size}")

"""What the README says about the app and its tests is what they are."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.ui import control

from .test_mission_to_mars_2049_screens import driver  # noqa: F401 (the fixture)

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    """The README's section under the heading ``title`` (any level), its whitespace made single spaces."""
    text = README.read_text(encoding="utf-8")
    start = re.search(rf"^#+ {re.escape(title)}$", text, re.M)
    assert start, f"no section {title!r} in the README"
    end = re.search(r"^#+ ", text[start.end():], re.M)
    body = text[start.end():start.end() + end.start()] if end else text[start.end():]
    return " ".join(body.split())


def test_the_tests_section_names_the_control_channel_and_the_in_process_driver():
    """Found by a review: the README's testing part said nothing of the two ways the tests drive the app."""
    tests = section("Tests")
    assert control.ENV in tests and "companion/ui/control.py" in tests
    assert "companion/ui/driver.py" in tests and (README.parent / "companion/ui/driver.py").is_file()


def test_the_tests_section_names_every_size_the_screen_tests_run_at():
    """Found by a review: the sizes listed left out portrait 480x800, the 7" panel on its side."""
    from . import test_new_game_over_a_game, test_portrait, test_screens
    tests = section("Tests")
    sizes = set(test_screens.SIZES) | set(test_portrait.PORTRAIT) | set(test_new_game_over_a_game.SIZES)
    assert (480, 800) in sizes
    for w, h in sorted(sizes):
        assert f"{w}x{h}" in tests, f"{w}x{h} is not in the README's Tests section"


@pytest.mark.timeout(60)
def test_the_greyed_next_of_mission_to_mars_2049_is_called_what_the_app_draws(driver):  # noqa: F811
    """The README's words for NEXT, greyed until the die's demands are done (3.4.1), are the button's own."""
    from companion.rules import mission_to_mars_2049 as mm
    from companion.ui.games.mission_to_mars_2049.turn import WHY
    d = driver()
    d.tap("Mission to Mars 2049")
    d.tap("3 players")
    d.tap("Start")
    s, rng = d.app.session, random.Random(5)
    while s.state.phase not in ("rob", "discovery", "skip_bonus"):
        assert s.submit(mm.random_action(s.state, rng)).accepted
    d.frame()
    greyed = [h.rect for h in d.app.screen.ui.hits if h.label == "I'm done" + WHY]  # NEXT, by its name
    assert greyed, d.names()
    drawn = [t for t, r, _ in d.app.screen.ui.texts if greyed[0].contains(r)]  # the words on it
    assert len(drawn) == 1, drawn
    words = section("Mission to Mars 2049")
    assert f'NEXT, "{drawn[0]}" drawn greyed' in words and f'NEXT is "{drawn[0]}"' in words, drawn

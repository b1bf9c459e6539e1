"""30 to Mars through the screen: what testers found playing whole games (a Knocked Out Marsonaut
missing from the Sleeping Bay, messages over the crew, a slow difficulty entry, a shrunk Bay name,
``companion status`` during the setup). Source: shared/rules/30-to-mars.txt."""
from __future__ import annotations

import pytest

from companion.ui.widgets import BAD

from .helpers import assert_no_overlaps, knock_out, start_game
from .readable import check_sizes

SIZES = [(800, 480), (480, 800)]


def placing(make_driver, size):
    """The day screen of day 1 while placing (Broken Pipe, Cargo Bay, difficulty 7)."""
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    return d


def texts_in(d, rect):
    """``[(text, drawn rect)]`` of the last frame whose centre is inside ``rect``."""
    return [(s, r) for s, r, _ in d.app.screen.ui.texts if rect.collidepoint(r.center)]


def hit(d, name):
    return next(h for h in d.app.screen.ui.hits if h.label == name)


def red_pixels(d, rect) -> int:
    """How many pixels of ``rect`` on the last frame are the Knocked Out red (:data:`BAD`)."""
    surf = d.app.surface
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surf.get_at((x, y)))[:3] == BAD)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_knocked_out_marsonaut_lies_in_the_sleeping_bay(make_driver, size):
    """Item 1: "Immediately put your player token in the Sleeping Bay lying down" (Knocked Out): the
    Sleeping Bay tile names the Knocked Out Marsonaut, marked "KO" in red, at the reading size, beside
    those still standing there, and also once everyone standing has gone to work."""
    d = placing(make_driver, size)
    knock_out(d, 2)  # Maria
    tile = hit(d, "bay 0").rect
    shown = texts_in(d, tile)
    ko = [(s, r) for s, r in shown if s.startswith("KO ")]
    assert ko and ko[0][0] in ("KO Maria", "KO Mar", "KO Ma"), shown
    assert red_pixels(d, ko[0][1]) > 20, "the Knocked Out one is not marked in red"
    assert any("La" in s and "Ma" not in s for s, _ in shown), f"the standing ones are gone: {shown}"
    check_sizes(d, f"KO in the Sleeping Bay {size}")
    assert_no_overlaps(d, f"KO in the Sleeping Bay {size}")
    for who, bay in ((0, 1), (1, 6), (3, 5)):  # the others go to work: Maria still lies there
        d.tap(("Larisa", "Jean-Louis", "Maria", "Dieter")[who])
        d.tap(f"bay {bay}")
    shown = [s for s, _ in texts_in(d, hit(d, "bay 0").rect)]
    assert "KO Maria" in shown and not any("rest" in s for s in shown), shown
    assert_no_overlaps(d, f"KO alone in the Sleeping Bay {size}")

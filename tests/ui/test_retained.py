"""A part of the screen kept as a picture (:class:`companion.ui.retained.Region`): put back while
what it shows is the same, also where a button beside it came or went and moved it (issue 13:
press -> frame; the top bar's die status moved with Fix roll and was painted again at every undo)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.ui.layout import Layout  # noqa: E402
from companion.ui.retained import STATS, Region  # noqa: E402
from companion.ui.widgets import Ui  # noqa: E402


@pytest.mark.timeout(10)
def test_a_part_moved_is_put_back_where_it_is_now_with_its_buttons():
    pygame.font.init()
    surface = pygame.Surface((800, 480))
    region = Region()
    tapped = []

    def frame(rect, key):
        surface.fill((0, 0, 0))
        ui = Ui(surface, Layout((800, 480)))
        region.draw(ui, rect, key, lambda: ui.button(pygame.Rect(rect), "Go", lambda: tapped.append(1)))
        return ui

    first = frame(pygame.Rect(100, 10, 120, 50), "k")
    at_first = pygame.image.tobytes(surface.subsurface(pygame.Rect(100, 10, 120, 50)), "RGB")
    before = dict(STATS)
    moved = frame(pygame.Rect(300, 10, 120, 50), "k")
    assert STATS["reused"] == before["reused"] + 1 and STATS["painted"] == before["painted"]
    assert pygame.image.tobytes(surface.subsurface(pygame.Rect(300, 10, 120, 50)), "RGB") == at_first
    assert surface.get_at((160, 35))[:3] == (0, 0, 0), "nothing left where it was"
    assert [h.rect for h in moved.hits] == [pygame.Rect(300, 10, 120, 50)]
    assert [t[1].centerx for t in moved.texts] == [t[1].centerx + 200 for t in first.texts]
    moved.hit((360, 35)).on_tap()
    assert tapped == [1] and moved.hit((160, 35)) is None
    frame(pygame.Rect(300, 10, 140, 50), "k")  # another size: painted again
    assert STATS["painted"] == before["painted"] + 1


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_frame_put_back_is_the_frame_painted(make_driver, size):
    """The top bar's parts put back are what painting them draws, to the pixel (the descender of
    "game" under New game had been cut from its picture)."""
    from .helpers import start_game
    d = make_driver(size)
    start_game(d)
    d.tap("Quiet Day")
    for region in d.app.regions.values():
        region.forget()  # this frame paints every part
    painted = pygame.image.tobytes(d.frame(), "RGB")
    before = dict(STATS)
    d.app.dirty = True
    again = pygame.image.tobytes(d.frame(), "RGB")
    assert STATS["reused"] > before["reused"] and STATS["painted"] == before["painted"]
    assert again == painted

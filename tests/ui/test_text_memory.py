"""Rendered text and fonts take bounded memory (issue 13, item 4): the line
cache is bounded by its surfaces' bytes, one font is loaded per weight (a font
loaded per size took about 190 KiB each), and a line that does not fit shrinks
over at most three font sizes."""
from __future__ import annotations

import pygame
import pytest

from companion.ui import text


@pytest.fixture
def fonts():
    pygame.font.init()
    yield
    text._FACES.clear()
    text._sized.cache_clear()


def test_the_line_cache_keeps_at_most_its_bytes_and_counts_them(fonts):
    cache = text.TextCache(capacity=10_000, max_bytes=1_000_000)
    for i in range(300):
        cache.render(f"Day {i} of 30: the Navigator moves the ship one day closer", 25, (255, 255, 255))
        kept = list(cache._items.values())
        assert cache.bytes == sum(s.get_width() * s.get_height() * 4 for s in kept)
        assert cache.bytes <= 1_000_000
    assert 5 < len(cache) < 300
    newest = "Day 299 of 30: the Navigator moves the ship one day closer"
    hits = text.STATS["hits"]
    cache.render(newest, 25, (255, 255, 255))
    assert text.STATS["hits"] == hits + 1  # the newest lines are the ones kept


def test_a_line_shrinks_over_three_font_sizes_at_most(fonts):
    from companion.ui.layout import Layout
    lay = Layout((800, 480))
    text.use_screen(lay.text_sizes, (800, 480))  # another test may have set another screen's sizes
    line = "Larisa lowers the difficulty by 5: now 7, and the crew rolls again"
    floor_w = text.width(line, 22)
    out, size = text.fit(line, floor_w + 1, 33, 22)
    assert (out, size) == (line, 22)
    assert text.rungs(33, 22) == (33, 25, 22) and text.rungs(25, 25) == (25,) and text.rungs(25, 22) == (25, 22)
    lines, size = text.fit_block(line + " " + line, (floor_w // 2, 400), 33, 22)
    assert size in text.rungs(33, 22)
    assert list(text._FACES) == [False]  # every size drawn with the one regular font


def test_a_cached_line_is_kept_run_length_encoded_and_draws_the_same(fonts):
    """A cached line is mostly transparent pixels: kept RLE-encoded (SDL frees the plain pixels after the
    first blit), it takes about 40 % of the memory and draws what a plain render draws (within one level of
    rounding in SDL's RLE alpha blend)."""
    pygame.display.init()
    try:
        pygame.display.set_mode((400, 100))
        line = "Winston: 2.2 Advance your rocket \u00c4\u00d6 123"
        cached = text.TextCache().render(line, 25, (250, 200, 100))
        plain = text.font(25).render(line, True, (250, 200, 100))
        pictures = []
        for surf in (plain, cached):
            target = pygame.Surface((400, 100))
            target.fill((30, 40, 60))
            target.blit(surf, (5, 5))
            pictures.append(pygame.image.tobytes(target, "RGB"))
        assert cached.get_flags() & pygame.RLEACCEL           # encoded at its first blit
        assert pictures[0] != bytes(len(pictures[0]))      # something was drawn
        assert max(abs(a - b) for a, b in zip(*pictures)) <= 1
    finally:
        pygame.display.quit()


def test_a_width_is_the_fonts_measured_once_and_the_table_is_bounded(fonts, monkeypatch):
    """The screens measure the same words at every frame: each (text, size, bold) is measured by the
    font once, and the table of widths never holds more than ``WIDTHS_MAX``."""
    monkeypatch.setattr(text, "WIDTHS_MAX", 50)
    text._WIDTHS.clear()
    for i in range(200):
        s = f"Crew {i} needs {i + 3}"
        assert text.width(s, 24) == text.font(24).size(s)[0]
        assert text.width(s, 24, True) == text.font(24, True).size(s)[0]
        assert len(text._WIDTHS) <= 50
    asked: list[tuple] = []
    real = text.font
    monkeypatch.setattr(text, "font", lambda *a: asked.append(a) or real(*a))
    assert text.width("Crew 199 needs 202", 24) == real(24).size("Crew 199 needs 202")[0]
    assert asked == []


def test_a_weight_is_one_loaded_font_drawing_as_a_font_loaded_at_each_size(fonts):
    """One font per weight whatever the size (a font loaded per size took about 190 KiB): set to a size,
    it measures and draws to the pixel what a font loaded at that size does, back and forth between sizes."""
    pygame.display.init()
    try:
        line = "Winston: 2.2 Advance \u00c4\u00d6 gjpq 0123456789 \u2026 \u203a"
        for bold in (False, True):
            for size in (22, 33, 6, 72, 25, 22, 50.0):
                loaded = pygame.font.Font(text._font_path(bold), max(6, int(size)))
                f = text.font(size, bold)
                assert f is text.font(40, bold)  # the one font of that weight...
                f = text.font(size, bold)        # ...set back to the size asked
                assert f.get_linesize() == loaded.get_linesize() and f.size(line) == loaded.size(line)
                assert f.metrics("H") == loaded.metrics("H")
                drawn, want = f.render(line, True, (250, 200, 100)), loaded.render(line, True, (250, 200, 100))
                assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(want, "RGBA")
        assert text.font(22) is text.font(22, False) is text.font(22.0, 0) is not text.font(22, True)
        assert len(text._FACES) == 2
    finally:
        pygame.display.quit()


def test_without_point_size_a_font_is_loaded_per_size(fonts, monkeypatch):
    """Upstream pygame 2 (Debian's python3-pygame, which the app also runs on) cannot set a loaded font's
    size: there a font is loaded per size and weight, as before (the app showed no screen there)."""
    monkeypatch.setattr(text, "_RESIZABLE", False)
    text._sized.cache_clear()
    f22, f33 = text.font(22), text.font(33)
    assert f22 is not f33 and f22 is text.font(22.0, 0) and text.font(22, True) is not f22
    assert f22.get_linesize() == pygame.font.Font(text._font_path(False), 22).get_linesize()
    assert text._FACES == {}


def test_text_is_fitted_to_the_screen(make_driver, fonts):
    """The middle rung is a named size of the layout (loaded anyway), not a size of its own:
    at 1280x720 (1.5 x 800x480) a big line shrinks through ``body``; the line cache keeps
    one screenful of pixels (issue 13, peak RSS)."""
    d = make_driver((1280, 720))
    lay = d.app.layout
    assert text.SIZES == lay.text_sizes == (26, 33, 38, 50, 72)
    assert text.CACHE.max_bytes == 1280 * 720 * 4  # one screenful of pixels of rendered lines
    assert text.rungs(lay.big, lay.small) == (lay.big, lay.body, lay.small)
    assert text.rungs(lay.body, lay.small) == (lay.body, lay.small)
    d.app.layout = type(lay)((800, 480))
    assert text.rungs(33, 22) == (33, 25, 22) and text.CACHE.max_bytes == 800 * 480 * 4


def test_a_game_makes_its_screens_when_first_shown():
    """A screen (and its module) is made on first use, once (issue 13: peak RSS)."""
    from companion.ui.games import Screens, made
    calls = []
    screens = Screens(over=lambda: calls.append("over") or "the end",
                      ranking=made("companion.ui.screens.ranking", "RankingScreen", None))
    assert calls == [] and len(screens) == 0
    assert screens["over"] == "the end" and screens["over"] == "the end" and calls == ["over"]
    assert type(screens["ranking"]).__name__ == "RankingScreen"
    with pytest.raises(KeyError):
        screens["turn"]

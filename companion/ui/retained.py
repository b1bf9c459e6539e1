"""Redrawing only what changed: a part of the screen kept as a picture.

The screens draw in immediate mode (every frame paints everything, see
:mod:`.widgets`). A :class:`Region` keeps the picture of one part (the top
bar) with the buttons and texts it registered, under a ``key`` that names
everything the part shows (the values it reads, not the state as a whole):
while the key is the same, the next frame puts the picture back (one blit)
instead of painting it again. A picture costs its pixels in memory (4 bytes
each): worth it for a part that most frames show unchanged.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .widgets import Hit, Ui

#: how many parts were painted and how many put back (for tests and the bench)
STATS = {"painted": 0, "reused": 0}


class Region:
    """One part of the screen, painted again only when its key changes.

    :meth:`draw` ``(ui, rect, key, paint)``: ``paint()`` draws the part inside
    ``rect`` (logical pixels) and may return a value; ``key`` is any value
    compared with ``==`` (a tuple of what the part shows). The picture is taken
    from ``ui.surface`` right after painting, so overlays drawn later (message,
    dialog) are not in it; it is dropped when the surface size changes. A part of
    the same size and key drawn elsewhere (moved) is put back there, its buttons with it."""

    def __init__(self) -> None:
        self._key: Any = None
        self._rect: pygame.Rect | None = None
        self._size: tuple[int, int] | None = None
        self._picture: pygame.Surface | None = None
        self._hits: list = []
        self._texts: list = []
        self._sizes: list = []
        self._result: Any = None

    def draw(self, ui: Ui, rect: pygame.Rect, key: Any, paint: Callable[[], Any]) -> Any:
        """Paint (or put back) the part; returns what ``paint`` returned."""
        surface = ui.surface
        size = surface.get_size()
        clip = pygame.Rect(rect).clip(surface.get_rect())
        if (self._picture is not None and self._size == size and self._rect is not None
                and self._rect.size == clip.size and self._key == key):
            surface.blit(self._picture, clip)
            if self._rect.topleft != clip.topleft:  # the same part, moved (a button beside it came or went)
                self._move(clip.x - self._rect.x, clip.y - self._rect.y)
                self._rect = clip
            ui.hits.extend(self._hits)
            ui.texts.extend(self._texts)
            ui.text_sizes.extend(self._sizes)
            STATS["reused"] += 1
            return self._result
        h, t = len(ui.hits), len(ui.texts)
        result = paint()
        STATS["painted"] += 1
        if not (clip.w and clip.h):
            self._picture = None
        elif self._picture is not None and self._picture.get_size() == clip.size:
            self._picture.blit(surface, (0, 0), clip)  # into the same picture: no second one at the peak
        else:
            self._picture = None
            self._picture = surface.subsurface(clip).copy()
        self._key, self._rect, self._size, self._result = key, clip, size, result
        self._hits, self._texts, self._sizes = ui.hits[h:], ui.texts[t:], ui.text_sizes[t:]
        return result

    def _move(self, dx: int, dy: int) -> None:
        """The buttons and texts registered, moved by ``dx``, ``dy`` pixels with the picture."""
        self._hits = [Hit(h.rect.move(dx, dy), h.label, h.on_tap) for h in self._hits]
        self._texts = [(t, drawn.move(dx, dy), box.move(dx, dy)) for t, drawn, box in self._texts]

    def forget(self) -> None:
        """Paint the part again next time, whatever its key."""
        self._picture = None

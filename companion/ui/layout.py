"""Sizes and rectangles for any screen size (pure arithmetic over pygame.Rect).

Everything is designed on a 800x480 grid and scaled by ``u`` = the short
side / 480, so 800x480 (the 7" display), 1280x720 and portrait 720x1280 all
get the same proportions. ``px(n)`` turns design units into pixels.
Text sizes come in three classes (:meth:`Layout.floor`); text is never
drawn below its class: where it does not fit, a screen shows less and a tap
reveals the rest. Finger-sized targets: ``touch`` = 56 design units = 56 px at 800x480
(about 9 mm on a 7" 800x480 panel).
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from functools import cached_property

import pygame

DESIGN_SHORT_SIDE = 480
TOUCH_UNITS = 56


class Layout:
    """Rectangles for one logical surface of ``size`` = (width, height) pixels.

    Fixed once made (setting an attribute raises ``FrozenInstanceError``), equal to a layout of the same size;
    what it works out is kept (``cached_property``). A plain class, not a frozen dataclass: those compile their
    methods at import, before the first frame (issue 13, the start; see :mod:`companion.rules.record`)."""

    def __init__(self, size: tuple[int, int]) -> None:
        object.__setattr__(self, "size", size)

    def __eq__(self, other: object) -> bool:
        return self.size == other.size if other.__class__ is Layout else NotImplemented  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.size)

    def __repr__(self) -> str:
        return f"Layout(size={self.size!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    @property
    def w(self) -> int:
        return self.size[0]

    @property
    def h(self) -> int:
        return self.size[1]

    @cached_property
    def u(self) -> float:
        """Pixels per design unit (worked out once: every widget asks, every frame)."""
        return min(self.size) / DESIGN_SHORT_SIDE

    @property
    def portrait(self) -> bool:
        return self.h > self.w

    def px(self, units: float) -> int:
        """Design units -> whole pixels."""
        return int(round(units * self.u))

    # font sizes in pixels. Readable at 1 m on the 7" panel (0.19 mm a pixel),
    # measured as the height of a capital letter at 800x480: 12 px for
    # ``fine`` print nobody reads during play, 16 px for everything read
    # during play (``small`` and up), 24 px for the key numbers (``big``).
    # DejaVu Sans: capital height = 0.73 x the font size.
    @cached_property
    def fine(self) -> int:
        return self.px(17)

    @cached_property
    def small(self) -> int:
        return self.px(22)

    @cached_property
    def body(self) -> int:
        return self.px(25)

    @cached_property
    def big(self) -> int:
        return self.px(33)

    @property
    def text_sizes(self) -> tuple[int, ...]:
        """The named font sizes, pixels, smallest first (what a line shrinks through)."""
        return (self.fine, self.small, self.body, self.big, self.huge)

    def floor(self, cls: str) -> int:
        """The smallest font size (pixels) of text class ``cls``: ``fine`` (12
        px capitals at 800x480), ``read`` (16 px: all text read during play),
        ``key`` (24 px: resources, Health, Sanity, the day)."""
        return self._floors[cls]

    @cached_property
    def _floors(self) -> dict[str, int]:
        return {"fine": self.fine, "read": self.small, "key": self.big}

    @cached_property
    def huge(self) -> int:
        return self.px(48)

    @cached_property
    def touch(self) -> int:
        """Smallest side of a touch target, pixels."""
        return self.px(TOUCH_UNITS)

    @cached_property
    def gap(self) -> int:
        return self.px(6)

    # regions
    @property
    def top(self) -> pygame.Rect:
        """The top bar: undo, redo, day and ship's progress, die status, menu."""
        return pygame.Rect(0, 0, self.w, self.px(124 if self.portrait else 64))

    @property
    def body_rect(self) -> pygame.Rect:
        """Everything under the top bar."""
        t = self.top
        return pygame.Rect(0, t.bottom, self.w, self.h - t.bottom)

    @property
    def message(self) -> pygame.Rect:
        """The message bar, over the bottom of the screen."""
        hgt = self.px(60)
        return pygame.Rect(0, self.h - hgt, self.w, hgt)

    def split(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(dashboard, panel): side by side in landscape, stacked in portrait."""
        b = self.body_rect
        if self.portrait:
            dash_h = int(b.h * 0.52)
            return (pygame.Rect(b.x, b.y, b.w, dash_h),
                    pygame.Rect(b.x, b.y + dash_h, b.w, b.h - dash_h))
        dash_w = min(int(b.w * 0.42), self.px(330))
        return (pygame.Rect(b.x, b.y, dash_w, b.h),
                pygame.Rect(b.x + dash_w, b.y, b.w - dash_w, b.h))


def rows(rect: pygame.Rect, n: int, gap: int = 0) -> list[pygame.Rect]:
    """``rect`` cut into ``n`` equal horizontal strips with ``gap`` pixels between."""
    if n <= 0:
        return []
    h = (rect.h - gap * (n - 1)) / n
    return [pygame.Rect(rect.x, int(rect.y + i * (h + gap)), rect.w, int(h)) for i in range(n)]


def cols(rect: pygame.Rect, n: int, gap: int = 0) -> list[pygame.Rect]:
    """``rect`` cut into ``n`` equal vertical strips with ``gap`` pixels between."""
    if n <= 0:
        return []
    w = (rect.w - gap * (n - 1)) / n
    return [pygame.Rect(int(rect.x + i * (w + gap)), rect.y, int(w), rect.h) for i in range(n)]


def grid(rect: pygame.Rect, n: int, ncols: int, gap: int = 0, row_h: int | None = None) -> list[pygame.Rect]:
    """``n`` cells, ``ncols`` per row, left to right then down; rows are
    ``row_h`` pixels high (default: ``rect`` divided evenly)."""
    nrows = max(1, -(-n // ncols))
    if row_h is None:
        strips = rows(rect, nrows, gap)
    else:
        strips = [pygame.Rect(rect.x, rect.y + i * (row_h + gap), rect.w, row_h) for i in range(nrows)]
    out: list[pygame.Rect] = []
    for strip in strips:
        out += cols(strip, ncols, gap)
    return out[:n]


def take_top(rect: pygame.Rect, h: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the top ``h`` pixels of ``rect``, the rest below after ``gap``)."""
    h = min(h, rect.h)
    return (pygame.Rect(rect.x, rect.y, rect.w, h),
            pygame.Rect(rect.x, rect.y + h + gap, rect.w, max(0, rect.h - h - gap)))


def take_bottom(rect: pygame.Rect, h: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the bottom ``h`` pixels of ``rect``, the rest above, ``gap`` apart)."""
    h = min(h, rect.h)
    return (pygame.Rect(rect.x, rect.bottom - h, rect.w, h),
            pygame.Rect(rect.x, rect.y, rect.w, max(0, rect.h - h - gap)))


def take_left(rect: pygame.Rect, w: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the left ``w`` pixels of ``rect``, the rest to the right after ``gap``)."""
    w = min(w, rect.w)
    return (pygame.Rect(rect.x, rect.y, w, rect.h),
            pygame.Rect(rect.x + w + gap, rect.y, max(0, rect.w - w - gap), rect.h))


def take_right(rect: pygame.Rect, w: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the right ``w`` pixels of ``rect``, the rest to the left, ``gap`` apart)."""
    w = min(w, rect.w)
    return (pygame.Rect(rect.right - w, rect.y, w, rect.h),
            pygame.Rect(rect.x, rect.y, max(0, rect.w - w - gap), rect.h))

"""Fonts and rendered text, cached; fitting text into a box.

Rendering text is the most expensive thing the screens do, so every rendered
line is kept in an LRU cache keyed by ``(text, size_px, colour, bold)``,
bounded by the bytes of its surfaces (:data:`CACHE_BYTES`). Sizes are font
pixel sizes. :func:`fit` shrinks a line until it fits a width (down to a
floor) and only then shortens it with an ellipsis; every such cut is counted
in :data:`STATS` so tests can assert that nothing overflowed.

One font is loaded per weight and set to each size as it is used (:func:`font`).
A line that does not fit shrinks over few sizes: the size asked, the largest of
the screen's named sizes below it (:data:`SIZES`), and the floor (:func:`rungs`),
not every pixel size between them, so that a screen shows few text sizes.
"""
from __future__ import annotations

import os
import re
from collections import OrderedDict
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]

#: Counters for tests and the bench: ``cut`` (lines shortened with an
#: ellipsis because even the smallest size did not fit), ``hits``/``misses``.
STATS = {"cut": 0, "hits": 0, "misses": 0}
CUTS: list[str] = []   # the texts that were cut, newest last (at most 50)

_FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)


@lru_cache(maxsize=None)
def _font_path(bold: bool) -> str | None:
    path = _FONT_FILES[0 if bold else 1]
    return path if os.path.exists(path) else None  # None: pygame's bundled font


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font of weight ``bold`` (DejaVu Sans if installed, else pygame's own) set
    to ``size`` pixels. Under pygame-ce one font is loaded per weight, and its size
    is set when it changes (SDL_ttf's ``point_size``: the same pixels as a font
    loaded at that size); a font loaded per size took about 190 KiB each (issue 13,
    peak RSS). Upstream pygame 2 has no ``point_size``: there, a font per size.
    Use it at once: the next call may set it to another size."""
    size, bold = max(6, int(size)), bool(bold)
    if not _RESIZABLE:
        return _sized(size, bold)
    f = _FACES.get(bold)
    if f is None:
        f = _FACES[bold] = _load(size, bold)
    elif f.point_size != size:
        f.point_size = size
    return f


#: weight (bold) -> its one loaded font (:func:`font`, pygame-ce)
_FACES: dict[bool, pygame.font.Font] = {}
#: pygame-ce can set a loaded font's size; upstream pygame 2 (Debian's python3-pygame) cannot
_RESIZABLE = hasattr(pygame.font.Font, "point_size")


@lru_cache(maxsize=64)
def _sized(size: int, bold: bool) -> pygame.font.Font:
    return _load(size, bold)


def _load(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(_font_path(bold), size)
    if _font_path(bold) is None and bold:
        f.set_bold(True)
    return f


#: Bytes of rendered lines :data:`CACHE` keeps at first: about two of the busiest
#: frames at 800x480 (a frame's lines are 0.7 MiB at 800x480, 1.5 MiB at 720x1280);
#: :func:`use_screen` sets it to one screenful of pixels for the app's size.
CACHE_BYTES = 800 * 480 * 4


class TextCache:
    """LRU of rendered lines: ``render(text, size, colour, bold) -> Surface``
    (anti-aliased, transparent background). ``capacity``: lines kept at most;
    ``max_bytes``: their surfaces' pixels (4 bytes each) at most; the least
    recently used go first."""

    def __init__(self, capacity: int = 512, max_bytes: int = CACHE_BYTES) -> None:
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.bytes = 0  # the pixels' bytes of the lines kept
        self._items: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        surf = self._items.get(key)
        if surf is not None:
            STATS["hits"] += 1
            self._items.move_to_end(key)
            return surf
        STATS["misses"] += 1
        surf = font(size, bold).render(_drawable(text), True, colour)
        surf.set_alpha(255, pygame.RLEACCEL)  # kept run-length encoded after its first blit: mostly transparent
        self._items[key] = surf                # pixels take about 40 % of the memory, blits the same
        self.bytes += _bytes(surf)
        while len(self._items) > 1 and (len(self._items) > self.capacity or self.bytes > self.max_bytes):
            self.bytes -= _bytes(self._items.popitem(last=False)[1])
        return surf

    def __len__(self) -> int:
        return len(self._items)


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


CACHE = TextCache()


@lru_cache(maxsize=128)
def cap_height(size: int, bold: bool = False) -> int:
    """Height in pixels of a capital letter ("H") at font ``size``: what
    "readable at 1 m" is measured by (see :meth:`companion.ui.layout.Layout.floor`)."""
    return font(size, bold).metrics("H")[0][3]


def width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``text`` at ``size`` (measured once, kept in a bounded table)."""
    key = (text, size, bold)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) >= WIDTHS_MAX:
            _WIDTHS.clear()
        w = _WIDTHS[key] = font(size, bold).size(_drawable(text))[0]
    return w


def _drawable(text: str) -> str:
    """``text`` as pygame can draw it: a NUL (which it refuses with ValueError) shown as U+FFFD."""
    return text.replace("\0", "\ufffd") if "\0" in text else text


#: (text, size, bold) -> width in pixels: the screens measure the same words at every frame
_WIDTHS: dict[tuple[str, int, bool], int] = {}
WIDTHS_MAX = 2048


#: the screen's named text sizes in pixels (:attr:`companion.ui.layout.Layout.text_sizes`,
#: set by the app for its layout with :func:`use_screen`; these are 800x480's)
SIZES: tuple[int, ...] = (17, 22, 25, 33, 48)


def use_screen(sizes: tuple[int, ...], screen: tuple[int, int]) -> None:
    """Text for a screen of ``screen`` (width, height) pixels whose named font sizes
    are ``sizes`` (pixels): :func:`rungs` shrinks through them, and :data:`CACHE`
    keeps one screenful of pixels of rendered lines (4 bytes each: the lines of
    about two of the busiest frames, whatever the size), not more."""
    global SIZES
    SIZES = tuple(sorted({int(s) for s in sizes}))
    CACHE.max_bytes = max(1, screen[0] * screen[1] * 4)


def rungs(size: int, floor: int) -> tuple[int, ...]:
    """The font sizes a line of ``size`` may shrink to, largest first: ``size``,
    the largest named size (:data:`SIZES`) between it and ``floor``, ``floor``
    (pixels; fewer when they meet): a line shrinks to sizes the screen shows
    anyway, not to a size of its own."""
    size, floor = int(size), int(floor)
    if size <= floor:
        return (floor,)
    between = [s for s in SIZES if floor < s < size]
    return (size, between[-1], floor) if between else (size, floor)


def fit(text: str, max_w: int, size: int, min_size: int | None = None, bold: bool = False) -> tuple[str, int]:
    """``(text, size)`` that fits ``max_w`` pixels: the largest of :func:`rungs`
    from ``size`` down to ``min_size`` (default 60 % of ``size``) at which it
    fits, else the text shortened with "…" at ``min_size`` (counted in STATS)."""
    floor = int(min_size if min_size is not None else max(10, size * 0.6))
    for s in rungs(size, floor):
        if width(text, s, bold) <= max_w:
            return text, s
    STATS["cut"] += 1
    CUTS.append(text)
    del CUTS[:-50]
    cut = text
    while cut and width(cut + "…", s, bold) > max_w:
        cut = cut[:-1]
    return cut + "…", s


def wrap(text: str, max_w: int, size: int, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``max_w`` pixels; a
    word wider than that (a file's path) is broken after a "/", "-", "." or
    "_" (a piece still wider stays on its own line)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            for k, piece in enumerate(_pieces(word, max_w, size, bold)):
                trial = (f"{line} {piece}" if k == 0 else line + piece) if line else piece
                if line and width(trial, size, bold) > max_w:
                    lines.append(line)
                    line = piece
                else:
                    line = trial
        lines.append(line)
    return lines


def hang(text: str, max_w: int, indent: int, size: int, bold: bool = False) -> list[str]:
    """``text`` as one item of a list: its first row ``max_w`` pixels wide, the others ``indent`` pixels narrower,
    to be drawn ``indent`` pixels in (a hanging indent), so that where the next item begins is seen."""
    first = wrap(text, max_w, size, bold)[0]
    words, n = text.split(" "), len(first.split(" "))
    if "\n" in text or " ".join(words[:n]) != first:   # a word cut in pieces: every row as narrow as the others
        return wrap(text, max_w - indent, size, bold)
    return [first] + (wrap(" ".join(words[n:]), max_w - indent, size, bold) if words[n:] else [])



def hang_rows(lines: list[str], max_w: int, indent: int, size: int, bold: bool = False) -> list[tuple[int, int, str]]:
    """Each of ``lines`` as :func:`hang` breaks it, one tuple a row: ``(index of its line, x offset in pixels: 0
    for a line's first row, ``indent`` for the others, the row)``."""
    return [(i, indent if k else 0, row) for i, line in enumerate(lines)
            for k, row in enumerate(hang(line, max_w, indent, size, bold))]

def _pieces(word: str, max_w: int, size: int, bold: bool) -> list[str]:
    """``word`` whole when it fits ``max_w``, else cut after its "/", "-", "." and "_"."""
    if width(word, size, bold) <= max_w:
        return [word]
    return [p for p in re.split(r"(?<=[/\-._])", word) if p]


def fit_block(text: str, box: tuple[int, int], size: int, min_size: int | None = None,
              bold: bool = False) -> tuple[list[str], int]:
    """``(lines, size)``: ``text`` wrapped into a ``box`` (width, height) in
    pixels, at the largest of :func:`rungs` from ``size`` down to ``min_size`` whose
    lines all fit; at the floor, lines beyond the box are dropped and the
    last kept one ends in "…" (counted in STATS)."""
    w, h = box
    floor = int(min_size if min_size is not None else max(10, size * 0.6))
    whole = _whole_block(text, box, size, floor, bold)
    if whole is not None:
        return whole
    s = floor
    lines = wrap(text, w, s, bold)
    keep = max(1, h // font(s, bold).get_linesize())
    STATS["cut"] += 1
    CUTS.append(text)
    del CUTS[:-50]
    lines = lines[:keep]
    lines[-1], _ = _ellipsis(lines[-1], w, s, bold)
    return lines, s


def block_fits(text: str, box: tuple[int, int], size: int, min_size: int | None = None, bold: bool = False) -> bool:
    """Whether :func:`fit_block` would show ``text`` whole in ``box`` (nothing cut, nothing counted)."""
    return _whole_block(text, box, size, int(min_size if min_size is not None else max(10, size * 0.6)),
                        bold) is not None


def _whole_block(text: str, box: tuple[int, int], size: int, floor: int, bold: bool) -> tuple[list[str], int] | None:
    """``(lines, size)`` of :func:`fit_block` when ``text`` fits ``box`` whole at one of the rungs, else None."""
    w, h = box
    for s in rungs(size, floor):
        lines = wrap(text, w, s, bold)
        if len(lines) * font(s, bold).get_linesize() <= h and all(width(x, s, bold) <= w for x in lines):
            return lines, s
    return None


def fitting(options: list[str] | tuple[str, ...], max_w: int, size: int, bold: bool = False) -> str:
    """The first of ``options`` (longest first) whose width at ``size`` px is at most ``max_w`` px;
    else the last (the shortest). Text is never shrunk: a narrow box gets fewer words."""
    for s in options:
        if width(s, size, bold) <= max_w:
            return s
    return options[-1]


def _ellipsis(text: str, max_w: int, size: int, bold: bool) -> tuple[str, int]:
    cut = text
    while cut and width(cut + "…", size, bold) > max_w:
        cut = cut[:-1]
    return cut + "…", size

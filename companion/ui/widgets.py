"""Immediate-mode widgets: draw a button and register where a tap lands.

A screen's ``draw`` calls :meth:`Ui.button` for every button it shows; the
:class:`Ui` paints it and remembers its rectangle with a callback, a greyed
one too (named ``name + WHY``: its tap says why it cannot be used now, and
does not reach what is under it). A tap is given to the last-drawn button
under it (overlays are drawn last).
:meth:`Ui.modal` forgets the buttons drawn so far, so nothing under a
dialog reacts. Because the app redraws after every change, the remembered
buttons always match the picture.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.record import Fields

from . import text
from .layout import Layout

# A dark space theme, high contrast, readable across a table.
BG = (10, 12, 24)
PANEL = (26, 30, 52)
PANEL_HI = (40, 46, 78)
LINE = (70, 78, 120)
FG = (240, 242, 250)
DIM = (160, 168, 200)
MARS = (255, 132, 56)
GOOD = (96, 214, 128)
WARN = (246, 206, 70)
BAD = (240, 84, 84)
INFO = (86, 190, 240)
VEIL = (85, 85, 85)  # under a dialog each channel is multiplied by 85/255: the screen dimmed to a third
CARD_COLOURS = {"green": (70, 190, 100), "yellow": (236, 200, 60), "red": (230, 70, 70)}

STYLES = {  # style -> (fill, border, label colour)
    "normal": (PANEL_HI, LINE, FG),
    "primary": (MARS, MARS, (20, 12, 6)),
    "selected": (INFO, INFO, (6, 16, 26)),
    "good": (GOOD, GOOD, (6, 24, 10)),
    "danger": (BAD, BAD, (30, 6, 6)),
    "quiet": (PANEL, PANEL, DIM),
    "cancel": (PANEL, LINE, DIM),  # a dialog's Cancel: second to its choices, framed as every button is
    "disabled": (PANEL, (44, 48, 70), (96, 102, 130)),
}


#: how texts fit their boxes, worked out once: ``(text, width or box, size, floor, bold)`` -> what
#: :func:`text.fit` / :func:`text.fit_block` said (only when nothing was cut: a cut is counted at every frame)
_FITTED: dict[tuple, tuple] = {}
_FITTED_MAX = 4096


def _fitted(kind: str, fit, s: str, box, size: int, min_size: int, bold: bool) -> tuple:
    key = (kind, s, box, size, min_size, bold)
    got = _FITTED.get(key)
    if got is None:
        cuts = text.STATS["cut"]
        got = fit(s, box, size, min_size, bold)
        if text.STATS["cut"] == cuts:
            if len(_FITTED) >= _FITTED_MAX:
                _FITTED.clear()
            _FITTED[key] = got
    return got


def _fit(s: str, max_w: int, size: int, min_size: int, bold: bool) -> tuple[str, int]:
    """:func:`text.fit`, worked out once per text, width and size."""
    return _fitted("line", text.fit, s, max_w, size, min_size, bold)


def _fit_block(s: str, box: tuple[int, int], size: int, min_size: int, bold: bool) -> tuple[list[str], int]:
    """:func:`text.fit_block`, worked out once per text, box and size."""
    return _fitted("block", text.fit_block, s, box, size, min_size, bold)


#: a greyed button's name ends so (the control channel and the tests find it by it): a tap says why
WHY = " (why not?)"


def button_name(label: str, on_tap: Callable[[], object] | None, name: str | None = None) -> str:
    """The name a button drawn by :meth:`Ui.button` is found by (the control channel's ``tap``):
    ``name`` (default ``label``), ending in :data:`WHY` when ``on_tap`` is None (greyed)."""
    shown = name or label
    return shown + WHY if on_tap is None and not shown.endswith(WHY) else shown


class Greyed(Fields):
    """A dialog option's callback (``app.ask``'s ``(label, callback)``) for an option drawn greyed whose tap says
    why it cannot be chosen: ``why()`` (the rules' refusal, with its section), as a greyed button elsewhere."""

    __slots__ = ("why",)

    def __init__(self, why: Callable[[], object]) -> None:
        self.why = why


def tappable(callback: Any) -> Callable[[], object] | None:
    """A dialog option's ``callback`` when tapping it chooses it; None for a greyed one (None, or :class:`Greyed`)."""
    return None if callback is None or isinstance(callback, Greyed) else callback


class Hit(Fields):
    """A tappable rectangle (logical pixels), its label and what it does: ``on_tap()``, or, None, a
    greyed button with no words of its own (the screen says it is not possible now)."""

    __slots__ = ("rect", "label", "on_tap")

    def __init__(self, rect: pygame.Rect, label: str, on_tap: Callable[[], object] | None) -> None:
        self.rect = rect
        self.label = label
        self.on_tap = on_tap


class Ui:
    """Painter for one frame: ``surface`` (logical), ``layout``; collects hits."""

    def __init__(self, surface: pygame.Surface, layout: Layout) -> None:
        self.surface = surface
        self.layout = layout
        self.hits: list[Hit] = []
        self.texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, drawn rect, box): for tests
        #: (text, font size px, bold, class) of every text drawn, in the order of ``texts`` (for tests)
        self.text_sizes: list[tuple[str, int, bool, str]] = []

    # ------------------------------------------------------------------ plumbing
    def modal(self) -> None:
        """Forget the buttons (and texts) drawn so far (a dialog covers them) and dim the screen
        to a third (:data:`VEIL`: each channel multiplied in place, no screen-sized veil surface:
        1.5 MiB at 800x480 at every frame a dialog shows)."""
        self.hits.clear()
        self.texts.clear()
        self.text_sizes.clear()
        self.surface.fill(VEIL, special_flags=pygame.BLEND_MULT)

    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """The button under logical ``pos``, the last drawn first."""
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos):
                return h
        return None

    # ------------------------------------------------------------------ shapes
    def panel(self, rect: pygame.Rect, fill=PANEL, border=None, radius: int | None = None, width: int = 2) -> None:
        r = self.layout.px(10) if radius is None else radius
        pygame.draw.rect(self.surface, fill, rect, border_radius=r)
        if border is not None and border != fill:  # a border in the fill's colour draws nothing new
            pygame.draw.rect(self.surface, border, rect, width=max(1, self.layout.px(width)), border_radius=r)

    def bar(self, rect: pygame.Rect, fraction: float, colour, back=PANEL_HI) -> None:
        """A horizontal bar filled to ``fraction`` 0..1."""
        pygame.draw.rect(self.surface, back, rect, border_radius=rect.h // 2)
        f = max(0.0, min(1.0, fraction))
        if f > 0:
            pygame.draw.rect(self.surface, colour, pygame.Rect(rect.x, rect.y, max(rect.h, int(rect.w * f)), rect.h),
                             border_radius=rect.h // 2)

    # ------------------------------------------------------------------ text
    def sizes(self, size: int | None, min_size: int | None, cls: str) -> tuple[int, int]:
        """``(size, floor)``: the wanted font size and the smallest one allowed,
        both at least the floor of text class ``cls`` (see :meth:`Layout.floor`)."""
        floor = self.layout.floor(cls)
        size = max(size or self.layout.body, floor)
        return size, max(floor, min_size or floor)

    def label(self, rect: pygame.Rect, s: str, size: int | None = None, colour=FG, align: str = "left",
              bold: bool = False, valign: str = "center", min_size: int | None = None,
              cls: str = "read") -> pygame.Rect:
        """One line of text fitted into ``rect`` (shrunk down to its class's
        floor, then cut with "…", which tests count as a fault); ``align``
        left|center|right; ``cls`` fine|read|key; returns the drawn rectangle."""
        size, min_size = self.sizes(size, min_size, cls)
        s, sz = _fit(s, max(1, rect.w), size, min_size, bold)
        surf = text.CACHE.render(s, sz, colour, bold)
        r = surf.get_rect()
        if align == "center":
            r.centerx = rect.centerx
        elif align == "right":
            r.right = rect.right
        else:
            r.x = rect.x
        if valign == "top":
            r.y = rect.y
        else:
            r.centery = rect.centery
        self.surface.blit(surf, r)
        self.texts.append((s, r, rect))
        self.text_sizes.append((s, sz, bold, cls))
        return r

    def block(self, rect: pygame.Rect, s: str, size: int | None = None, colour=FG, bold: bool = False,
              align: str = "left", min_size: int | None = None, cls: str = "read") -> int:
        """Wrapped text in ``rect`` from its top; returns the height used (pixels)."""
        size, min_size = self.sizes(size, min_size, cls)
        lines, sz = _fit_block(s, tuple(rect.size), size, min_size, bold)
        lh = text.font(sz, bold).get_linesize()
        y = rect.y
        for line in lines:
            surf = text.CACHE.render(line, sz, colour, bold)
            r = surf.get_rect(y=y)
            if align == "center":
                r.centerx = rect.centerx
            else:
                r.x = rect.x
            self.surface.blit(surf, r)
            self.texts.append((line, r, rect))
            self.text_sizes.append((line, sz, bold, cls))
            y += lh
        return y - rect.y

    def block_first(self, rect: pygame.Rect, candidates: list[str], size: int | None = None, colour=FG,
                    bold: bool = False) -> int:
        """:meth:`block` of the first of ``candidates`` (longest first) that fits ``rect`` whole, else of
        the last (cut); returns the height used (pixels)."""
        size_, floor = self.sizes(size, None, "read")
        key = ("first", tuple(candidates), tuple(rect.size), size_, floor, bold)  # worked out once, as _fitted's
        chosen = _FITTED.get(key)
        if chosen is None:
            chosen = next((c for c in candidates if text.block_fits(c, rect.size, size_, floor, bold)),
                          candidates[-1])
            if len(_FITTED) >= _FITTED_MAX:
                _FITTED.clear()
            _FITTED[key] = chosen
        return self.block(rect, chosen, size, colour, bold)

    # ------------------------------------------------------------------ buttons
    def button(self, rect: pygame.Rect, label: str, on_tap: Callable[[], object] | None, style: str = "normal",
               size: int | None = None, sub: str | None = None, name: str | None = None,
               min_size: int | None = None, why: Callable[[], object] | None = None,
               hit: pygame.Rect | None = None) -> pygame.Rect:
        """A button: rounded box, ``label`` (and a smaller ``sub`` line) fitted
        inside; returns ``rect``. ``name`` is the label the test control channel finds it by (default
        ``label``). ``hit``: where a tap finds it when that is more than ``rect`` (a keyboard's keys, whose
        touch targets meet edge to edge while the boxes drawn keep a gap), logical pixels; default ``rect``.
        ``on_tap`` None draws it greyed ("disabled"), registered all the same, named ``name + WHY``
        (:func:`button_name`): its tap is ``why()`` (which says why), or, without ``why``, the screen's plain
        "not possible now" (:class:`Hit`); never what is drawn under it."""
        if on_tap is None:
            style = "disabled"
        fill, border, fg = STYLES[style]
        self.panel(rect, fill, border)
        pad = self.layout.px(8)
        inner = rect.inflate(-2 * pad, -pad)
        size = size or self.layout.body
        if sub:
            small = self.layout.small
            need = text.font(size, True).get_linesize() + text.font(small).get_linesize()
            if need > inner.h:  # a short button (portrait): less margin, then the label at the reading size
                inner = rect.inflate(-2 * pad, -self.layout.px(2))
                if need > inner.h:
                    size = min(size, small)
            top = pygame.Rect(inner.x, inner.y, inner.w, int(inner.h * 0.58))
            bottom = pygame.Rect(inner.x, top.bottom, inner.w, inner.h - top.h)
            self.label(top, label, size, fg, "center", bold=True, min_size=min_size)
            self.label(bottom, sub, self.layout.small, fg, "center", min_size=min_size)
        else:
            self.label(inner, label, size, fg, "center", bold=True, min_size=min_size)
        self.hits.append(Hit(pygame.Rect(rect if hit is None else hit), button_name(label, on_tap, name),
                             on_tap if on_tap is not None else why))
        return rect

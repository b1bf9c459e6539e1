"""One tap is one press, whatever SDL sends.

Depending on the platform and ``SDL_HINT_TOUCH_MOUSE_EVENTS`` a finger on the
screen arrives as FINGERDOWN only, as MOUSEBUTTONDOWN only (some kiosk
setups), or as both (SDL synthesises a mouse event, marked ``touch=True`` in
pygame-ce). :class:`TapFilter` turns any of these streams into taps:

- a mouse event with ``event.touch`` true is ignored (its finger event counts);
- a mouse press within ``window_s`` seconds and ``radius_px`` pixels of the
  last finger press is ignored too (drivers that do not mark synthesised
  events), and vice versa;
- only the left mouse button taps.

Positions come out in physical display pixels (FINGER events carry 0..1
fractions, scaled by the display size).

:class:`BounceGuard` drops the second tap of an unintended double tap: one
within ``window_s`` seconds and ``radius_px`` pixels of the last, at a place
where the first tap's frame had the first tap's button and the screen now has
another (the first tap changed the screen under the finger: "I'm done!" gave
way to the next player's die face, a tester's finding). A second tap on the
same button (a stepper's "+", a die face entered twice) or on a neighbour that
was already there (the next key of a keyboard, the next die face) is a tap.
The window runs from when the first tap's answer is on the screen (:meth:`BounceGuard.restart`: a move that
took longer than the window to commit, a new game on a slow SD card, still guards the place it changed), and a
tap near one whose answer is not on the screen yet (the two came in one batch of events) is a bounce whatever
was under it: the frame it would be judged by is gone.

A tap far from it in that batch (a second finger, another player) was aimed at the frame shown too, but the
first tap may have changed the screen: the app draws the screen again before it (not shown) and lets it go on
only when :func:`same_button` finds there the button the frame shown had; else it is dropped, and the player
taps again on what they now see. A tap on a button that moved never presses another.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

__all__ = ["BounceGuard", "TapFilter", "same_button"]


class TapFilter:
    """Filter for press events. ``size``: physical display (width, height) in
    pixels; ``window_s``: seconds within which a finger press and a mouse
    press at the same place are one tap; ``radius_px``: how near is "the same
    place"; ``clock``: seconds (``time.monotonic``)."""

    def __init__(self, size: tuple[int, int], window_s: float = 0.35, radius_px: int = 40,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self.window_s = window_s
        self.radius_px = radius_px
        self.clock = clock
        self._last: tuple[str, float, tuple[int, int]] | None = None

    def tap(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """The physical (x, y) of a new tap that ``event`` starts, or None."""
        if event.type == pygame.FINGERDOWN:
            pos = (min(self.size[0] - 1, int(event.x * self.size[0])),
                   min(self.size[1] - 1, int(event.y * self.size[1])))
            return self._accept("finger", pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "touch", False) or getattr(event, "button", 1) != 1:
                return None
            return self._accept("mouse", tuple(event.pos))
        return None

    def _accept(self, source: str, pos: tuple[int, int]) -> tuple[int, int] | None:
        now = self.clock()
        last = self._last
        if last is not None and last[0] != source and now - last[1] <= self.window_s:
            if abs(last[2][0] - pos[0]) <= self.radius_px and abs(last[2][1] - pos[1]) <= self.radius_px:
                return None  # the other stream's copy of the same tap
        self._last = (source, now, pos)
        return pos


class BounceGuard:
    """See the module docstring. ``window_s``: seconds; ``radius_px``: logical pixels; ``clock``: seconds."""

    def __init__(self, window_s: float = 0.3, radius_px: int = 40,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window_s = window_s
        self.radius_px = radius_px
        self.clock = clock
        self.dropped = 0  # taps dropped (for the journal and the tests)
        self._last: tuple[float, tuple[int, int], str | None, Callable[[tuple[int, int]], str | None]] | None = None

    def accept(self, pos: tuple[int, int], under: Callable[[tuple[int, int]], str | None],
               answered: bool = True) -> bool:
        """False for the second tap of a double tap at ``pos`` (see the module docstring); ``under(p)``: the
        label of the button at ``p`` on the frame shown now (None for none); ``answered``: False while the
        last accepted tap's answer is not on the screen yet (a tap near it is then dropped). An accepted tap
        is remembered with that frame's ``under``."""
        now = self.clock()
        here = under(pos)
        last = self._last
        if (last is not None and now - last[0] <= self.window_s
                and abs(last[1][0] - pos[0]) <= self.radius_px and abs(last[1][1] - pos[1]) <= self.radius_px
                and (not answered or last[3](pos) == last[2] and here != last[2])):  # the first's button went
            self.dropped += 1
            return False
        self._last = (now, pos, here, under)
        return True

    def restart(self) -> None:
        """The last accepted tap was handled, or its answer is on the screen now: its window starts again (a
        bounce is measured from what the finger could see, not from a tap whose handling took a while)."""
        if self._last is not None:
            self._last = (self.clock(), *self._last[1:])


def same_button(seen: Any, now: Any) -> bool:
    """True when a tap aimed at ``seen`` (the button under it on the frame shown: a ``widgets.Hit`` with ``label``
    and ``rect``, or None) may go to ``now`` (the button there on the screen as it is now, or None): the same
    label at the same place, or no button on either. A button that moved, went, or gave way to another is not."""
    if seen is None or now is None:
        return seen is None and now is None
    return seen.label == now.label and seen.rect == now.rect

"""Players' seats on screen, for every game: a disc in the seat's colour with
its mark on it, so a seat is never told by colour alone (the contract's
:class:`companion.rules.contract.Seat` gives ``colour`` and ``mark``)."""
from __future__ import annotations

import pygame

from .widgets import Ui

#: Seat colours (the board games' token colours); an unknown name is drawn grey.
COLOURS = {"red": (232, 72, 72), "blue": (70, 140, 250), "green": (80, 200, 110), "yellow": (240, 205, 60),
           "white": (235, 235, 235), "black": (120, 120, 130), "orange": (255, 140, 50), "purple": (170, 100, 230)}
DARK = (10, 12, 24)


def colour_of(name: str) -> tuple[int, int, int]:
    """The RGB of a seat colour name."""
    return COLOURS.get(name, (180, 180, 180))


def seat_chip(ui: Ui, rect: pygame.Rect, colour: str, mark: str) -> None:
    """A disc in ``colour`` filling ``rect`` (pixels) with ``mark`` (the seat
    number) on it."""
    lay = ui.layout
    r = min(rect.w, rect.h) // 2
    pygame.draw.circle(ui.surface, colour_of(colour), rect.center, r)
    pygame.draw.circle(ui.surface, DARK, rect.center, r, width=max(1, lay.px(2)))
    ui.label(rect, mark, lay.small, DARK, "center", bold=True)

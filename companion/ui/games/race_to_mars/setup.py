"""Race to Mars's Headquarters: each player keeps one of the two Headquarters
cards dealt and returns the other to the box, the choices revealed clockwise
from the Start Player ("Headquarters"). Tap the one kept, then the one
returned; Keep (or NEXT) reveals the choice."""
from __future__ import annotations

import pygame

from companion.rules.contract import Action
from companion.rules.race_to_mars import HEADQUARTERS

from ... import layout as L
from ...screens.base import Screen
from ...seats import seat_chip
from ...screens.chrome import next_rect
from ...widgets import DIM, FG, MARS, Hit, Ui
from . import facts
from .editor import fitting_block
from .refuse import WHY, tap_or_why
from .words import HQ_SHORT, HQ_TINY, fitting, hq_text


class HeadquartersScreen(Screen):
    """Ten Headquarters buttons (those already dealt greyed), the text of the chosen ones, Keep."""

    name = "headquarters"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.keep: int | None = None
        self.back: int | None = None
        self._for = None

    def _fresh(self) -> None:
        if self._for is not self.app.state:
            self._for = self.app.state
            self.keep = self.back = None

    def tap(self, n: int) -> None:
        self._fresh()
        m = self.app.message
        if m is not None and m.kind == "info":  # the hint said which to tap; this tap is the answer
            self.app.message = None
        if n == self.keep:
            self.keep, self.back = self.back, None
        elif n == self.back:
            self.back = None
        elif self.keep is None:
            self.keep = n
        else:
            self.back = n

    def on_next(self) -> None:
        self._fresh()
        seat = self.app.game.to_act(self.app.state).seats[0]
        if self.keep is None:
            self.app.say("First tap the Headquarters you keep, then the one returned to the box.", "info", 5)
            return
        if self.back is None:
            self.app.say(f"You keep HQ {self.keep}: now tap the one returned to the box.", "info", 5)
            return
        self.app.submit(Action(HEADQUARTERS, {"keep": self.keep, "back": self.back}, seat))

    def _geometry(self, lay: L.Layout) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect, pygame.Rect]:
        """``(title, the ten cells, Keep, the text beside Keep or under the cells)``, logical pixels."""
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(40), lay.gap)
        nr = next_rect(lay, lay.body_rect)
        grid_r = pygame.Rect(rest.x, rest.y, rest.w, nr.y - lay.gap - rest.y)
        cells = L.grid(grid_r, 10, 2 if lay.portrait else 3, lay.gap, row_h=lay.touch + lay.px(8))
        text_r = pygame.Rect(rest.x, nr.y, nr.x - lay.gap - rest.x, nr.h)
        below = cells[-1].bottom + lay.gap
        if nr.y - lay.gap - below >= lay.px(80):  # portrait: room under the cards
            text_r = pygame.Rect(rest.x, below, rest.w, nr.y - lay.gap - below)
        return title_r, cells, nr, text_r

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """A note or a refusal goes over the text beside Keep (or under the cards), not over the
        Headquarters buttons it is about; in landscape, when it does not fit there, it may take the
        room beside HQ 10 too (the box is only as tall as it needs, from the bottom)."""
        _, cells, nr, text_r = self._geometry(self.app.layout)
        places = [(text_r, True)]
        if text_r.y == nr.y:  # beside Keep (landscape)
            places.append((pygame.Rect(text_r.x, cells[-1].y, text_r.w, text_r.bottom - cells[-1].y), True))
        return places

    def paint(self, ui: Ui) -> None:
        self._fresh()
        lay = ui.layout
        app = self.app
        state = app.state
        seat = app.game.to_act(state).seats[0]
        who = app.game.seats(state)[seat]
        title_r, cells, nr, text_r = self._geometry(lay)
        chip, title_r = L.take_left(title_r, title_r.h, lay.gap)
        seat_chip(ui, chip, who.colour, who.mark)
        ui.label(title_r, fitting([f"{who.name}: which Headquarters?", f"{who.name}: which HQ?", who.name],
                                  title_r.w, lay.small, True), lay.body, MARS, bold=True, min_size=lay.small)
        dealt = facts.hq_seen(state)
        for cell, n in zip(cells, range(1, 11)):
            style = "selected" if n == self.keep else "danger" if n == self.back else "normal"
            what, tiny = HQ_SHORT[n - 1], HQ_TINY[n - 1]
            mark = "KEEP" if n == self.keep else "BOX" if n == self.back else ""
            options = [f"{mark}: {what}", f"{mark}: {tiny}", mark] if mark else [what, tiny, f"HQ {n}"]
            sub = fitting(options, cell.w - lay.px(16) - 1, lay.small)
            if sub == f"HQ {n}":
                sub = None  # no room: the text beside the grid says what it does
            other = next(k for k in range(1, 11) if k != n and k not in dealt)
            on_tap, disabled, name = tap_or_why(
                app, None if n in dealt else (lambda n=n: self.tap(n)),
                lambda n=n, o=other: [Action(HEADQUARTERS, {"keep": n, "back": o}, seat)], f"HQ {n}")
            ui.button(cell, f"HQ {n}", on_tap, disabled or style, size=lay.body, sub=sub, name=name)
        size = lay.small if text_r.h < lay.px(80) else lay.body
        if self.keep is None:
            line = fitting_block(["Tap the Headquarters you keep, then the one you return to the box.",
                                  "Tap the one kept, then the one returned."], text_r, size)
        else:
            k = self.keep
            then = "" if self.back else " Now tap the one returned."
            options = [f"Keep HQ {k}: {hq_text(k)}{then}", f"Keep HQ {k}: {hq_text(k)}"]
            line = fitting_block(options, text_r, size)
            if line not in options:  # too long for the room: the short words, the whole text a tap away
                line = fitting_block([f"Keep HQ {k}: {HQ_SHORT[k - 1]}. Tap here for the whole text.",
                                      f"Keep HQ {k}: {HQ_SHORT[k - 1]}"], text_r, size)
                ui.hits.append(Hit(pygame.Rect(text_r), f"HQ {k} text",
                                   lambda: app.show_info(f"HQ {k}: {HQ_SHORT[k - 1]}", [hq_text(k)])))
        ui.block(text_r, line, size, FG if self.keep else DIM)
        ready = bool(self.keep and self.back)   # not yet: greyed, and its tap says what is missing
        ui.button(nr, "Keep", self.on_next, "primary" if ready else "disabled", size=lay.big,
                  name="Keep" if ready else "Keep" + WHY)

"""Setup rolls (rulebook Setup 5-6): each Marsonaut's Sanity and Health
(die + 4), then the Accident days; from the die or by tapping a face."""
from __future__ import annotations

import pygame

from ... import layout as L
from ... import text
from ...widgets import BAD, DIM, FG, INFO, MARS, PANEL, Ui
from ...screens.base import Screen
from ...screens.chrome import face_pad


DASH = "\u2014"


class SetupScreen(Screen):
    """The crew with their rolled values so far, the next roll highlighted, and the face pad."""

    name = "setup"

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        expect = app.game.expects(state)
        nxt = state.pending[0] if state.pending else None
        title_r, rows_r, pad_r = _rects(lay)
        title = "Setup rolls" if lay.portrait else "Setup: train the team, check the route"
        ui.label(title_r, title, lay.body, MARS, bold=True)
        for row, (i, m) in zip(rows_r, enumerate(state.crew)):
            ui.panel(row, PANEL)
            inner = row.inflate(-lay.px(16), -lay.px(4))
            name_r, rest_r = L.take_left(inner, int(inner.w * 0.40))
            name_role(ui, name_r, m.profile.short, m.role)
            s_r, h_r = L.take_left(rest_r, rest_r.w // 2)
            # one size for every value, the widest ("Sanity 10") whole (a tester's finding: in portrait each
            # "Sanity 10" and "Health 10" shrank on its own, beside "Health 7" at the body size)
            size = lay.body if text.width("Sanity 10", lay.body, True) <= s_r.w - lay.px(12) else lay.small
            for r, stat, val in ((s_r, "sanity", m.sanity), (h_r, "health", m.health)):
                current = nxt is not None and nxt.who == i and nxt.purpose == stat
                if current:
                    pygame.draw.rect(ui.surface, INFO, r.inflate(lay.px(4), lay.px(2)), width=lay.px(3),
                                     border_radius=lay.px(8))
                ui.label(r.inflate(-lay.px(12), 0), f"{stat.capitalize()} {val if val else DASH}",
                         size, FG if val else DIM, bold=bool(val))
        acc_r = rows_r[4]
        ui.panel(acc_r, PANEL)
        days = ", ".join(str(d) for d in state.accident_days) or "\u2014"
        current = nxt is not None and nxt.purpose == "accident"
        ui.label(acc_r.inflate(-lay.px(16), 0), f"Accident days: {days}", lay.body, BAD if current else FG,
                 bold=True)
        self._prompt_r = None
        if expect is not None and expect.kind == "roll":
            self._prompt_r = face_pad(ui, pad_r, app, expect.purpose)

    _prompt_r: pygame.Rect | None = None   # the roll's prompt over the faces, as last drawn (face_pad)

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Where a message goes (:func:`...screens.chrome.message_box`), the first where it fits: while the crew's
        values are rolled, over the Accident days' row (nothing is in it yet), then over the roll's prompt, then over
        both (the highlighted value says whose roll it is; never over a face); else the usual place under the top
        bar.
        Found playing at 480x800: "The die sent a garbled line, ignored: ..." hid the name of the Marsonaut whose
        roll was awaited."""
        state = self.app.state
        _, rows_r, _ = _rects(self.app.layout)
        if state.accident_days or not any(p.purpose != "accident" for p in state.pending):
            return []
        places = [(rows_r[4], False)]
        if self._prompt_r is not None:
            places += [(pygame.Rect(self._prompt_r), False), (rows_r[4].union(self._prompt_r), False)]
        return places


def _rects(lay) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
    """The setup screen's title, its five rows (the crew's four, then the Accident days) and the face pad."""
    body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
    title_r, rest = L.take_top(body, lay.px(40), lay.gap)
    pad_r, table_r = L.take_bottom(rest, lay.px(180 if lay.portrait else 150), lay.gap)
    return title_r, L.rows(table_r, 5, lay.gap), pad_r


def name_role(ui: Ui, rect: pygame.Rect, name: str, role: str) -> None:
    """A Marsonaut's name (bold) with the Role under it when ``rect`` is tall
    enough for both lines, else after it on the same line."""
    lay = ui.layout
    two_lines = text.font(lay.body, True).get_height() + text.font(lay.small).get_height()
    if rect.h >= two_lines:
        top, bottom = L.take_top(rect, rect.h - text.font(lay.small).get_height())
        ui.label(top, name, lay.body, FG, bold=True)
        ui.label(bottom, role, lay.small, DIM)
        return
    drawn = ui.label(rect, name, lay.body, FG, bold=True)
    _, rest = L.take_left(rect, drawn.w, lay.px(10))
    if rest.w > lay.px(40):
        ui.label(rest, role, lay.small, DIM)

"""Mission to Mars 2049's end: the winner and the ranking by tournament points (5.0)."""
from __future__ import annotations

from ... import layout as L
from ...screens.base import Screen
from ...seats import seat_chip
from ...screens.chrome import next_rect
from ...widgets import FG, GOOD, MARS, PANEL, Ui


class OverScreen(Screen):
    """The result sentence, then one line per player: place, name, points; New game."""

    name = "over"

    def on_next(self) -> None:
        self.app.say("The game is over: tap New game to start another one.", "info", 5)

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        result = app.game.result(app.state)
        seats = app.game.seats(app.state)
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(90), lay.gap)
        ui.block(title_r, result.sentence, lay.big, GOOD, bold=True, align="center")
        bottom_r, rest = L.take_bottom(rest, lay.px(76), lay.gap)
        rows = L.rows(rest, max(4, len(result.ranking)), lay.gap)
        for row, standing in zip(rows, result.ranking):
            seat = seats[standing.seat]
            ui.panel(row, PANEL, MARS if standing.seat in result.winners else None, width=3)
            inner = row.inflate(-lay.px(12), -lay.px(4))
            place_r, inner = L.take_left(inner, lay.px(44), lay.gap)
            ui.label(place_r, f"{standing.place}.", lay.big, FG, bold=True)
            chip, inner = L.take_left(inner, min(inner.h, lay.px(40)), lay.gap)
            seat_chip(ui, chip, seat.colour, seat.mark)
            name_r, pts_r = L.take_left(inner, int(inner.w * 0.55), lay.gap)
            ui.label(name_r, seat.name, lay.big, FG, bold=True)
            ui.label(pts_r, f"{standing.score} pts", lay.big, FG, "right", cls="key")
        ui.button(next_rect(lay, lay.body_rect), "New game", app.pick_game, "primary", size=lay.big)

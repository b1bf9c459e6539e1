"""The end of a race, for any game whose ``result`` ranks the players
(contract :class:`~companion.rules.contract.Result`): the result sentence,
then one line per player in place order."""
from __future__ import annotations

from .. import layout as L
from ..seats import seat_chip
from ..widgets import FG, GOOD, MARS, PANEL, Ui
from .base import Screen
from .chrome import next_rect


class RankingScreen(Screen):
    """The result sentence whole, then one line per :class:`~companion.rules.contract.Standing`: place,
    disc, name and its ``detail`` (winners framed and named); New game (the picker at once; the top bar has none
    here). Portrait puts the detail under the name."""

    name = "over"

    def on_next(self) -> None:
        self.app.say("The game is over: tap New game to start another one.", "info", 5)

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        result = app.game.result(app.state)
        seats = app.game.seats(app.state)
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(120 if lay.portrait else 80), lay.gap)  # the sentence whole
        ui.block(title_r, result.sentence, lay.big, GOOD, bold=True, align="center", min_size=lay.body)
        bottom_r, rest = L.take_bottom(rest, lay.px(76), lay.gap)
        for row, standing in zip(L.rows(rest, max(4, len(result.ranking)), lay.gap), result.ranking):
            seat = seats[standing.seat]
            won = standing.seat in result.winners
            ui.panel(row, PANEL, MARS if won else None, width=3)
            inner = row.inflate(-lay.px(12), -lay.px(4))
            place_r, inner = L.take_left(inner, lay.px(44), lay.gap)
            ui.label(place_r, f"{standing.place}.", lay.big, FG, bold=True)
            chip, inner = L.take_left(inner, min(inner.h, lay.px(40)), lay.gap)
            seat_chip(ui, chip, seat.colour, seat.mark)
            if lay.portrait:  # name above, the detail below
                name_r, detail_r = L.take_top(inner, inner.h // 2)
            else:
                name_r, detail_r = L.take_left(inner, int(inner.w * 0.45), lay.gap)
            ui.label(name_r, seat.name, lay.big, FG, bold=True, min_size=lay.body)
            ui.label(detail_r, ("Winner: " if won else "") + standing.detail, lay.body, FG,
                     "left" if lay.portrait else "right", min_size=lay.small)
        ui.button(next_rect(lay, lay.body_rect), "New game", app.pick_game, "primary", size=lay.big)

"""The end of the game: won or lost, the day, who is still standing; New game.

The end screen stays until the players tap New game: NEXT only says so, so
an accidental press cannot skip the result."""
from __future__ import annotations

from ... import layout as L
from ... import text
from ...widgets import BAD, FG, GOOD, Ui
from ...screens.base import Screen
from ...screens.chrome import next_rect


class OverScreen(Screen):
    """Result, days travelled, survivors, the last events; the New game button."""

    name = "over"

    def on_next(self) -> None:
        """NEXT does not leave the result: it says how to start another game."""
        self.app.say("The game is over: tap New game to start another one.", "info", 5)

    def new_game(self) -> None:
        self.app.pick_game()

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        won = state.result == "won"
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title = "Mission success: the ship reaches Mars!" if won else "Mission failed"
        lines = min(3 if lay.portrait else 2, len(text.wrap(title, body.w, lay.huge, True)))  # read from afar
        title_r, rest = L.take_top(body, lines * text.font(lay.huge, True).get_linesize(), lay.gap)
        ui.block(title_r, title, lay.huge, GOOD if won else BAD, bold=True, align="center")
        line_r, rest = L.take_top(rest, lay.px(70), lay.gap)
        standing = [m.profile.short for m in state.crew if m.active]
        who = ", ".join(standing) if standing else "nobody"
        ui.block(line_r, f"Day {state.day} of 30 \u00b7 standing: {who}", lay.big, FG, align="center")
        bottom_r, ev_r = L.take_bottom(rest, lay.px(76), lay.gap)
        from .day import LogView, event_list
        if not hasattr(self, "log_view"):
            self.log_view = LogView()
        event_list(ui, ev_r, [e.text for e in app.recent], self.log_view)
        ui.button(next_rect(lay, lay.body_rect), "New game", self.new_game, "primary", size=lay.big)

"""The game picker: the games the companion plays, with their player counts
and the rulebook each follows; a game with an open game in the store is
resumed with one tap (or a new one started)."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules import ENTRIES, Entry
from companion.times import local_time

from .. import layout as L
from ..widgets import DIM, FG, INFO, MARS, Ui
from .base import Screen


def players_text(entry: Entry) -> str:
    """"2-4 players" / "1-4 players"."""
    lo, hi = entry.players
    return f"{lo} player{'s' if lo > 1 else ''}" if lo == hi else f"{lo}\u2013{hi} players"


class PickerScreen(Screen):
    """One big button per registered game; tap it to resume its open game or start one."""

    name = "picker"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._open: dict[str, Any] = {}

    def enter(self) -> None:
        self._open = self.app.session.open_games()

    def on_next(self) -> None:
        self.app.say("Tap the game you are playing.", "info", 5)

    def pick(self, entry: Entry) -> None:
        """Resume ``entry``'s open game, asking first whether to start a new one instead."""
        record = self._open.get(entry.game_id)
        if record is None:
            self.app.choose_game(entry.game_id)
            return
        self.app.ask(f"{entry.title}: a game started {local_time(record.created_at)} is open.",
                     [("Resume it", lambda: (self.app.close_dialog(), self.app.resume_game(entry.game_id))),
                      ("New game", lambda: (self.app.close_dialog(), self.app.choose_game(entry.game_id)))])

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(44), lay.gap)
        ui.label(title_r, "Which game is on the table?", lay.big, MARS, bold=True)
        back_r = None
        if self.app.showing_new_game_over_a_game():
            back_r, rest = L.take_bottom(rest, lay.touch, lay.gap)
        for cell, entry in zip(L.rows(rest, len(ENTRIES), lay.gap), ENTRIES):
            is_open = entry.game_id in self._open
            ui.button(cell, "", lambda e=entry: self.pick(e), "normal", name=entry.title)
            if is_open:
                pygame.draw.rect(ui.surface, INFO, cell, width=lay.px(3), border_radius=lay.px(10))
            inner = cell.inflate(-lay.px(20), -lay.px(8))
            name_r, line_r = L.take_top(inner, int(inner.h * 0.45))
            ui.label(name_r, entry.title + ("  \u2022 open game" if is_open else ""), lay.big, FG, bold=True)
            ui.block(line_r, _whole([f"{players_text(entry)} \u00b7 {entry.kind} \u00b7 rules: {entry.rulebook}",
                                     f"{players_text(entry)} \u00b7 {entry.kind}"], line_r, lay.small), lay.small, DIM)
        if back_r is not None:
            ui.button(pygame.Rect(back_r.x, back_r.y, lay.px(220), back_r.h), "Back to game",
                      self.app.cancel_new_game, name="Back to game")


def _whole(options: list[str], rect: pygame.Rect, size: int) -> str:
    """The first of ``options`` that wraps whole into ``rect`` at ``size`` px (else the last)."""
    from .. import text
    lh = text.font(size).get_linesize()
    return next((x for x in options if len(text.wrap(x, rect.w, size)) * lh <= rect.h), options[-1])

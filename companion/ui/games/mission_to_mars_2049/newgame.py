"""Mission to Mars 2049's New game: 2, 3 or 4 players in clockwise order with
their colours, the symbol each face of the electronic die carries (shown and
editable: tap a face to give it the next symbol), and the optional 49-point
victory (3.1 Where do I put my First Base?, 1.4 The Game Die, 5.0)."""
from __future__ import annotations

import pygame

from companion.rules.mission_to_mars_2049 import PLAYERS, default_options
from companion.rules.mission_to_mars_2049.model import DEFAULT_FACES, SYMBOL_NAMES, SYMBOLS

from ... import layout as L
from ...screens.base import Screen
from ...seats import seat_chip
from ...screens.chrome import next_rect
from ...widgets import DIM, FG, MARS, Ui

COLOUR_CHOICES = ("red", "blue", "green", "yellow")


class NewGameScreen(Screen):
    """Players (count, colours), die faces, 49-point victory; Start."""

    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.enter()

    def enter(self) -> None:
        self.players = 3
        self.colours = list(COLOUR_CHOICES)
        self.faces = list(DEFAULT_FACES)
        self.victory_49 = False

    def options(self) -> dict:
        """The table's choices as ``new_game`` options."""
        names = [c.capitalize() for c in self.colours[:self.players]]
        return {"players": [{"name": n, "colour": c} for n, c in zip(names, self.colours)],
                "die_faces": list(self.faces), "victory_49": self.victory_49}

    def start(self) -> None:
        self.app.start_new_game(self.options())

    def on_next(self) -> None:
        self.start()

    def cycle_face(self, i: int) -> None:
        """Face ``i`` takes the next symbol; the face that had it takes the old one (each symbol once)."""
        old = self.faces[i]
        new = SYMBOLS[(SYMBOLS.index(old) + 1) % len(SYMBOLS)]
        self.faces[self.faces.index(new)] = old
        self.faces[i] = new

    def default_faces(self) -> None:
        """The die's symbols back to faces 1..6 = Air, Food, Minerals, Robbery, Discovery, Skip a turn."""
        self.faces = list(DEFAULT_FACES)

    def cycle_colour(self, i: int) -> None:
        """Player ``i`` takes the next colour not at the table; swaps with the spare ones."""
        spare = [c for c in COLOUR_CHOICES if c not in self.colours[:self.players]]
        if not spare:
            self.colours[i], self.colours[(i + 1) % self.players] = self.colours[(i + 1) % self.players], \
                self.colours[i]
            return
        j = self.colours.index(spare[0])
        self.colours[i], self.colours[j] = self.colours[j], self.colours[i]

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(36), lay.gap)
        ui.label(title_r, "New game of Mission to Mars 2049", lay.body, MARS, bold=True)
        bottom_r, rest = L.take_bottom(rest, lay.px(70), lay.gap)
        label_w = 0 if lay.portrait else lay.px(136)

        def row(height: int, label: str) -> pygame.Rect:
            nonlocal rest
            if lay.portrait:  # the label on its own line above
                lab, rest = L.take_top(rest, lay.px(28), 0)
                ui.label(lab, label, lay.small, DIM, bold=True)
            r, rest = L.take_top(rest, height, lay.gap)
            if label_w:
                lab, r = L.take_left(r, label_w, lay.gap)
                ui.label(lab, label, lay.small, DIM, bold=True, valign="top" if height > lay.touch else "center")
            return r

        lo, hi = PLAYERS
        count_r = row(lay.touch, "Players")
        for cell, n in zip(L.cols(count_r, hi - lo + 1, lay.gap), range(lo, hi + 1)):
            ui.button(cell, str(n), lambda n=n: setattr(self, "players", n),
                      "selected" if n == self.players else "normal", size=lay.big, name=f"{n} players")
        seats_r = row(lay.touch, "Clockwise")
        for i, cell in enumerate(L.grid(seats_r, self.players, 2 if self.players == 4 and lay.portrait else
                                        self.players, lay.gap)):
            ui.button(cell, "", lambda i=i: self.cycle_colour(i), name=f"colour {i + 1}")
            chip, name_r = L.take_left(cell.inflate(-lay.px(8), -lay.px(8)), lay.px(30), lay.gap)
            seat_chip(ui, chip, self.colours[i], str(i + 1))
            ui.label(name_r, self.colours[i].capitalize(), lay.small, FG, bold=True)
        ncols = 2 if lay.portrait else 3
        nrows = 6 // ncols + (1 if lay.portrait else 0)  # portrait: "Default faces" is a cell of the grid
        faces_r = row(nrows * lay.touch + (nrows - 1) * lay.gap, "Die faces")
        cells = L.grid(faces_r, nrows * ncols, ncols, lay.gap)
        for i, cell in enumerate(cells[:6]):
            ui.button(cell, SYMBOL_NAMES[self.faces[i]], lambda i=i: self.cycle_face(i),
                      sub=f"face {i + 1}", size=lay.small, name=f"face {i + 1}")
        if lay.portrait:
            reset_r = cells[6]
        else:  # under the "Die faces" label
            reset_r = pygame.Rect(body.x, faces_r.bottom - lay.touch, label_w, lay.touch)
        ui.button(reset_r, "Default", self.default_faces, size=lay.small, sub="faces",
                  name="Default faces")
        hide = self.app.settings.get("hide_hands", False)
        nr = next_rect(lay, lay.body_rect)
        left = pygame.Rect(bottom_r.x, bottom_r.y, nr.x - lay.gap - bottom_r.x, bottom_r.h)
        back = self.app.showing_new_game_over_a_game()
        cells = L.cols(left, 3 if back else 2, lay.gap)
        ui.button(cells[0], "49 points", lambda: setattr(self, "victory_49", not self.victory_49),
                  "selected" if self.victory_49 else "normal", size=lay.small,
                  sub="wins: on" if self.victory_49 else "wins: off", name="49-point victory")
        ui.button(cells[1], "Hands", lambda: self.app.settings.__setitem__("hide_hands", not hide),
                  "selected" if hide else "normal", size=lay.small, sub="hidden" if hide else "open",
                  name="Hands")
        if back:
            ui.button(cells[2], "Back", self.app.cancel_new_game, size=lay.small, sub="to the game",
                      name="Back to game")
        ui.button(nr, "Start", self.start, "primary", size=lay.big)


__all__ = ["NewGameScreen", "default_options"]

"""Mission to Mars 2049's New game: 2, 3 or 4 players in clockwise order with
their colours, the symbol each face of the electronic die carries (shown and
editable: tap a face to give it the next symbol), the optional 49-point
victory (3.1 Where do I put my First Base?, 1.4 The Game Die, 5.0), and behind
"Options" the rules' other table options: when the Productivity Mission may be
played (4.1 "Play at any time you wish", or the house option MA-21) and the
Game Bank's cards in the box (2.1; the rulebook does not count them)."""
from __future__ import annotations

import pygame

from companion.rules.mission_to_mars_2049 import PLAYERS, bank_least, default_bank, default_options
from companion.rules.mission_to_mars_2049.model import DEFAULT_FACES, SYMBOL_NAMES, SYMBOLS

from ... import layout as L
from ... import text
from ...screens.base import Screen
from ...seats import colour_of, seat_chip
from ...screens.chrome import next_rect
from ...widgets import DIM, FG, MARS, PANEL, Ui
from .panels import hidden_hands

COLOUR_CHOICES = ("red", "blue", "green", "yellow")
#: The bank's kinds as the options page names them (the ``bank`` option's keys, 2.1 The Game Bank).
BANK_WORDS = {"air": "Air", "food": "Food", "minerals": "Minerals", "road": "Road cards"}
BANK_MOST = 99


class NewGameScreen(Screen):
    """Players (count, colours), die faces, 49-point victory, Options (Productivity, the bank); Start."""

    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.enter()

    def enter(self) -> None:
        self.players = 3
        self.colours = list(COLOUR_CHOICES)
        self.faces = list(DEFAULT_FACES)
        self.victory_49 = False
        self.any_time = True            # Productivity Mission: "Play at any time you wish" (4.1)
        self.bank = default_bank()      # the Game Bank's cards in the box (2.1)
        self.hidden_hands = hidden_hands(self.app)   # as the open game has them: a table keeps its way
        self.more = False               # the Options page is shown
        self._entered_on = self.choices()

    def choices(self) -> tuple:
        """What the table chose here."""
        return self.players, tuple(self.colours), tuple(self.faces), self.victory_49, self.any_time, \
            tuple(self.bank.items()), self.hidden_hands

    def unsaved(self) -> str | None:
        """The choices made since the screen opened: lost when BACK leaves it."""
        return "The choices made here are not kept." if self.choices() != self._entered_on else None

    def options(self) -> dict:
        """The table's choices as ``new_game`` options."""
        names = [c.capitalize() for c in self.colours[:self.players]]
        return {"players": [{"name": n, "colour": c} for n, c in zip(names, self.colours)],
                "die_faces": list(self.faces), "victory_49": self.victory_49,
                "productivity_any_time": self.any_time, "bank": self.fitting_bank(), "hidden_hands": self.hidden_hands}

    def fitting_bank(self) -> dict[str, int]:
        """The bank's counts, each at least what the rules ask for this many players (:func:`bank_least`)."""
        least = bank_least(self.players)
        return {k: max(n, least[k]) for k, n in self.bank.items()}

    def step_bank(self, kind: str, delta: int) -> None:
        self.bank = self.fitting_bank()
        self.bank[kind] = max(bank_least(self.players)[kind], min(BANK_MOST, self.bank[kind] + delta))

    def as_rulebook(self) -> bool:
        """True when the options page holds the defaults (the rulebook's and MA-05's)."""
        return self.any_time and self.fitting_bank() == default_bank()

    def rulebook_options(self) -> None:
        self.any_time = True
        self.bank = default_bank()

    def start(self) -> None:
        self.app.start_new_game(self.options())

    def on_next(self) -> None:
        if self.more:
            self.more = False
            return
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
        if self.more:
            self.paint_more(ui)
            return
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
        seats_r = row(lay.touch, "Clockwise")   # one row, each colour a whole button high
        cells = L.cols(seats_r, self.players, lay.gap)
        beside = [L.take_left(c.inflate(-lay.px(8), -lay.px(8)), lay.px(30), lay.gap) for c in cells]
        discs = all(text.width(self.colours[i].capitalize(), lay.small, True) <= name_r.w
                    for i, (_, name_r) in enumerate(beside))
        for i, (cell, (chip, name_r)) in enumerate(zip(cells, beside)):
            ui.button(cell, "", lambda i=i: self.cycle_colour(i), name=f"colour {i + 1}")
            word = self.colours[i].capitalize()
            if discs:
                seat_chip(ui, chip, self.colours[i], str(i + 1))
                ui.label(name_r, word, lay.small, FG, bold=True)
            else:  # four in a row leave no room for a disc and "Yellow": each word whole, in its colour
                ui.label(cell.inflate(-lay.px(8), 0), word, lay.small, colour_of(self.colours[i]), "center",
                         bold=True)
        ncols = 2 if lay.portrait else 3
        nrows = 6 // ncols + (1 if lay.portrait else 0)  # portrait: "Default faces" is a cell of the grid
        faces_r = row(nrows * lay.touch + (nrows - 1) * lay.gap, "Die faces")
        cells = L.grid(faces_r, nrows * ncols, ncols, lay.gap)
        for i, cell in enumerate(cells[:6]):
            ui.button(cell, SYMBOL_NAMES[self.faces[i]], lambda i=i: self.cycle_face(i),
                      sub=f"face {i + 1}", size=lay.small, name=f"face {i + 1}")
        back = self.app.showing_new_game_over_a_game()
        if lay.portrait:
            reset_r = cells[6]
            if back:  # the grid's last cell: the bottom row keeps room for its own words
                ui.button(cells[7], "Back to game", self.app.cancel_new_game, size=lay.small, name="Back to game")
        else:  # under the "Die faces" label
            reset_r = pygame.Rect(body.x, faces_r.bottom - lay.touch, label_w, lay.touch)
        ui.button(reset_r, "Default", self.default_faces, size=lay.small, sub="faces",
                  name="Default faces")
        more = lambda: setattr(self, "more", True)  # noqa: E731
        if lay.portrait:   # room to spare: the options on a row of their own, said in full
            opts_r = row(lay.touch + lay.px(8), "Options")
            bank = self.fitting_bank()
            ui.button(opts_r, "Productivity any time" if self.any_time else "Productivity: own turn",
                      more, size=lay.small, sub="Game Bank " + " \u00b7 ".join(str(n) for n in bank.values())
                      + (" (default)" if self.as_rulebook() else ""), name="Options")
        hide = self.hidden_hands
        nr = next_rect(lay, lay.body_rect)
        left = pygame.Rect(bottom_r.x, bottom_r.y, nr.x - lay.gap - bottom_r.x, bottom_r.h)
        cells = L.cols(left, 2 if lay.portrait else 3 + (1 if back else 0), lay.gap)
        ui.button(cells[0], "49 points", lambda: setattr(self, "victory_49", not self.victory_49),
                  "selected" if self.victory_49 else "normal", size=lay.small,
                  sub="wins: on" if self.victory_49 else "wins: off", name="49-point victory")
        ui.button(cells[1], "Hands", lambda: setattr(self, "hidden_hands", not hide),
                  "selected" if hide else "normal", size=lay.small, sub="hidden" if hide else "open",
                  name="Hands")
        if not lay.portrait:
            ui.button(cells[2], "Options", more, size=lay.small, sub="default" if self.as_rulebook() else "changed",
                      name="Options")
        if back and not lay.portrait:
            ui.button(cells[-1], "Back", self.app.cancel_new_game, size=lay.small, sub="to game", name="Back to game")
        ui.button(nr, "Start", self.start, "primary", size=lay.big)

    def paint_more(self, ui: Ui) -> None:
        """The Options page: when the Productivity Mission may be played (two buttons, the rulebook's
        first), the Game Bank's cards of each kind in the box (\u2212 count +, never under what the rules
        ask for the players), the rulebook's values back, and Done (NEXT)."""
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(36), lay.gap)
        ui.label(title_r, "Options of this table", lay.body, MARS, bold=True)
        nr = next_rect(lay, lay.body_rect)
        lh = text.font(lay.small).get_linesize()

        def heading(words: list[str]) -> None:
            nonlocal rest
            lab, rest = L.take_top(rest, lh, lay.px(2))
            ui.label(lab, fitting(words, lab.w, lay.small, True), lay.small, DIM, bold=True)
        heading(["Productivity Mission (4.1): played when?", "Productivity Mission: when?", "Productivity"])
        row, rest = L.take_top(rest, lay.touch + lay.px(8), lay.gap)
        a, b = L.cols(row, 2, lay.gap)
        ui.button(a, "Any time", lambda: setattr(self, "any_time", True), "selected" if self.any_time else "normal",
                  size=lay.small, sub="rulebook", name="Productivity any time")
        ui.button(b, "Own turn", lambda: setattr(self, "any_time", False),
                  "normal" if self.any_time else "selected", size=lay.small, sub="after the roll",
                  name="Productivity own turn")
        heading(["Game Bank: cards in the box (2.1)", "Game Bank: cards in the box", "Bank cards"])
        bank = self.fitting_bank()
        least = bank_least(self.players)
        kinds = list(BANK_WORDS)
        ncols = 2 if lay.portrait else 4
        step_h = lh + lay.touch
        nrows = -(-len(kinds) // ncols)
        grid_r, rest = L.take_top(rest, nrows * step_h + (nrows - 1) * lay.gap, lay.gap)
        for cell, kind in zip(L.grid(grid_r, len(kinds), ncols, lay.gap, row_h=step_h), kinds):
            lab, row = L.take_top(cell, lh)
            ui.label(lab, BANK_WORDS[kind], lay.small, FG, "center", bold=True)
            minus, mid = L.take_left(row, lay.touch, lay.px(2))
            plus, mid = L.take_right(mid, lay.touch, lay.px(2))
            n = bank[kind]
            ui.button(minus, "\u2212", (lambda k=kind: self.step_bank(k, -1)) if n > least[kind] else None,
                      size=lay.big, name=f"bank {kind} -")
            ui.button(plus, "+", (lambda k=kind: self.step_bank(k, 1)) if n < BANK_MOST else None, size=lay.big,
                      name=f"bank {kind} +")
            ui.panel(mid, PANEL)
            ui.label(mid, str(n), lay.big, MARS if n != default_bank()[kind] else FG, "center", bold=True,
                     cls="key")
        note = (f"The rulebook does not count them: {bank_words(default_bank())} unless yours differ; "
                f"at least {least['air']} of each resource for {self.players} players.")
        bottom_r = pygame.Rect(body.x, nr.y, nr.x - lay.gap - body.x, nr.h)
        note_r = pygame.Rect(rest.x, rest.y, rest.w, bottom_r.y - lay.gap - rest.y)
        if note_r.h >= lh:
            ui.block(note_r, note, lay.small, DIM)
        reset_r = pygame.Rect(bottom_r.x, bottom_r.y, min(bottom_r.w, lay.px(240)), bottom_r.h)
        ui.button(reset_r, "Defaults", self.rulebook_options if not self.as_rulebook() else None, size=lay.small,
                  sub="back", name="Rulebook values")  # the bank's counts are the project's: not "the rulebook's"
        ui.button(nr, "Done", lambda: setattr(self, "more", False), "primary", size=lay.big)


def fitting(options: list[str], width: int, size: int, bold: bool = False) -> str:
    """The first of ``options`` (longest first) at most ``width`` px wide at ``size`` px, else the last."""
    return next((o for o in options if text.width(o, size, bold) <= width), options[-1])


def bank_words(bank: dict[str, int]) -> str:
    """``{"air": 25, ...}`` in words: "25 Air, 25 Food, 25 Minerals, 15 Road cards"."""
    return ", ".join(f"{n} {BANK_WORDS[k]}" for k, n in bank.items())


__all__ = ["NewGameScreen", "default_options"]

"""Race to Mars's New game: 2 to 4 players in clockwise order with their
names and colours, who holds the Start Player (and Active Player) card, and
the first-game variant (no Trajectory card, no Headquarters, no Starting
cards: "Setup", "Headquarters", "Starting Cards")."""
from __future__ import annotations

import pygame

from companion.rules.race_to_mars import PLAYERS

from ... import layout as L
from ... import text
from ...screens.base import Screen
from ...seats import seat_chip
from ...screens.chrome import next_rect
from ...widgets import FG, INFO, MARS, PANEL, WARN, Ui
from .editor import KEYS_WIDE
from .words import fitting

COLOUR_CHOICES = ("red", "blue", "green", "yellow")
DEFAULT_NAMES = ("Anna", "Winston", "Daniel", "Loes")  # the rulebook's Example of Play
MAX_NAME = 16   # letters: a name the player panels, the lanes and the top bar show whole
FULL = f"A name holds {MAX_NAME} letters at most, so the panels show it whole."
WORD_MARKS = " -."   # a letter after one of these starts a word ("Mc-Donald", "J.R.")


def cased(name: str, ch: str) -> str:
    """``ch`` as typed after ``name`` on the keyboard of capitals: a capital where a word starts (first, after a
    space, "-" or ".", and after an apostrophe that follows one capital letter: "O'Brien", "D'Arcy"), else
    lower case ("Anna's"); a mark or a digit as it is."""
    if not ch.isalpha() or not name or name[-1] in WORD_MARKS:
        return ch
    if name[-1] == "'" and len(name) >= 2 and name[-2].isupper() and (len(name) == 2 or not name[-3].isalpha()):
        return ch.upper()
    return ch.lower()


class NewGameScreen(Screen):
    """Players (names, colours, Start Player), the first-game variant; Start."""

    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.enter()

    def enter(self) -> None:
        self.players = 2
        self.names = list(DEFAULT_NAMES)
        self.colours = list(COLOUR_CHOICES)
        self.start_seat = 0
        self.first_game = False
        self.typing: int | None = None   # the player whose name is being typed
        self._entered_on = self.choices()

    def choices(self) -> tuple:
        """What the table chose here: the players (names, colours), the Start Player, the first game."""
        return self.players, tuple(self.names), tuple(self.colours), self.start_seat, self.first_game

    def unsaved(self) -> str | None:
        """The players entered since the screen opened: lost when BACK leaves it."""
        return "The players entered here are not kept." if self.choices() != self._entered_on else None

    def options(self) -> dict:
        """The table's choices as ``new_game`` options."""
        n = self.players
        return {"players": [{"name": self.names[i].strip() or f"Player {i + 1}", "colour": self.colours[i]}
                            for i in range(n)], "first_game": self.first_game, "start": min(self.start_seat, n - 1)}

    def start(self) -> None:
        self.typing = None
        self.app.start_new_game(self.options())

    def on_next(self) -> None:
        if self.typing is not None:
            self.typing = None
            return
        self.start()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.typing is not None and self.app.dialog is None:
            if event.type == pygame.TEXTINPUT:
                for ch in event.text:
                    self.type_char(ch)
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.names[self.typing] = self.names[self.typing][:-1]
                return True
        return super().handle_event(event)

    def type_char(self, ch: str) -> None:
        """``ch`` typed into the name being typed (:func:`cased`); a name already :data:`MAX_NAME` letters long
        takes no more, and the screen says so."""
        i = self.typing
        if i is None or not ch.isprintable():
            return
        if len(self.names[i]) >= MAX_NAME:
            self.app.say(FULL, "info", 5)
            return
        self.names[i] += cased(self.names[i], ch)

    def cycle_colour(self, i: int) -> None:
        """Player ``i`` takes the next colour nobody at the table has (or swaps with the next player)."""
        spare = [c for c in COLOUR_CHOICES if c not in self.colours[:self.players]]
        if not spare:
            j = (i + 1) % self.players
            self.colours[i], self.colours[j] = self.colours[j], self.colours[i]
            return
        j = self.colours.index(spare[0])
        self.colours[i], self.colours[j] = self.colours[j], self.colours[i]

    def set_players(self, n: int) -> None:
        self.players = n
        self.start_seat = min(self.start_seat, n - 1)

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Where a message goes, ``[(area, at its bottom)]``, the first it fits (else over the whole body). While
        a name is typed: over the keyboard, at its bottom (a tap closes it), never over the name being typed.
        Else (a refused Start: two players of one name, "Setup") under the players' rows, just above the
        player count, then over the player count and First game beside Start: never over a player's name,
        colour or Start Player, which fix the refusal."""
        lay = self.app.layout
        title_r, rest, bottom, nr = self._frame(lay)
        if self.typing is not None:
            return [(rest, True)]
        rows_bottom = self._rows(lay, rest)[self.players - 1].bottom
        controls = self._controls(lay, rest, bottom)
        under = pygame.Rect(rest.x, rows_bottom + lay.gap, rest.w, max(0, controls.y - 2 * lay.gap - rows_bottom))
        return [(under, True), (controls, True)]

    @staticmethod
    def _frame(lay: L.Layout) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the title row, the room under it down to Start's row, the room left of Start, Start), logical px."""
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(40), lay.gap)
        nr = next_rect(lay, lay.body_rect)
        bottom = pygame.Rect(rest.x, nr.y, nr.x - lay.gap - rest.x, nr.h)
        rest = pygame.Rect(rest.x, rest.y, rest.w, nr.y - lay.gap - rest.y)
        return title_r, rest, bottom, nr

    def _rows(self, lay: L.Layout, rest: pygame.Rect) -> list[pygame.Rect]:
        """The players' rows (colour, name, Start Player), one a player, logical px."""
        rows = L.rows(pygame.Rect(rest.x, rest.y, rest.w, min(rest.h, 4 * (lay.touch + lay.gap))), 4, lay.gap)
        return [pygame.Rect(r.x, r.y, r.w, min(r.h, lay.touch + lay.px(6))) for r in rows[:self.players]]

    @staticmethod
    def _controls(lay: L.Layout, rest: pygame.Rect, bottom: pygame.Rect) -> pygame.Rect:
        """The row of the player count and First game (and Back to game): left of Start, or in portrait their
        own row above it."""
        if lay.portrait:
            return pygame.Rect(rest.x, rest.bottom - lay.touch - lay.px(8), rest.w, lay.touch + lay.px(8))
        return bottom

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        title_r, rest, bottom, nr = self._frame(lay)
        if self.typing is not None:
            self.paint_keyboard(ui, title_r, rest, bottom, nr)
            return
        ui.label(title_r, "Race to Mars: who plays, clockwise?", lay.body, MARS, bold=True,
                 min_size=lay.small)
        for i, row in enumerate(self._rows(lay, rest)):
            col_r, row2 = L.take_left(row, lay.px(150), lay.gap)
            start_r, name_r = L.take_right(row2, lay.px(214 if lay.w >= lay.px(700) else 150), lay.gap)
            ui.button(col_r, "", lambda i=i: self.cycle_colour(i), name=f"colour {i + 1}")
            chip, word = L.take_left(col_r.inflate(-lay.px(10), -lay.px(8)), lay.px(38), lay.gap)
            seat_chip(ui, chip, self.colours[i], str(i + 1))
            ui.label(word, self.colours[i].capitalize(), lay.body, FG, bold=True, min_size=lay.small)
            ui.button(name_r, self.names[i], lambda i=i: setattr(self, "typing", i), size=lay.big,
                      name=f"name {i + 1}")
            words = (["\u2605 Start Player", "\u2605 Start", "\u2605"] if i == self.start_seat
                     else ["Start here", "Start"])
            ui.button(start_r, fitting(words, start_r.w - 2 * lay.px(8) - 1, lay.small, True),
                      lambda i=i: setattr(self, "start_seat", i), "selected" if i == self.start_seat else "quiet",
                      size=lay.small, name=f"start {i + 1}")
        lo, hi = PLAYERS
        bottom = self._controls(lay, rest, bottom)  # in portrait the choices get their own row above Start
        count_r, bottom = L.take_left(bottom, lay.px(66) * (hi - lo + 1), lay.gap)
        for cell, n in zip(L.cols(count_r, hi - lo + 1, lay.gap), range(lo, hi + 1)):
            ui.button(cell, str(n), lambda n=n: self.set_players(n), "selected" if n == self.players else "normal",
                      size=lay.big, name=f"{n} players")
        first_r, bottom = L.take_left(bottom, min(bottom.w, lay.px(250)), lay.gap)
        ui.button(first_r, f"First game: {'yes' if self.first_game else 'no'}",
                  lambda: setattr(self, "first_game", not self.first_game),
                  "selected" if self.first_game else "normal", size=lay.small,
                  sub=fitting(["no HQ, Starting, Trajectory card", "no HQ, no Starting cards", "fewer cards"]
                              if self.first_game else ["HQ + Starting cards", "HQ, Starting cards", "all cards"],
                              first_r.w - 2 * lay.px(8) - 1, lay.small),
                  name="First game")
        if self.app.showing_new_game_over_a_game():
            back = bottom if bottom.w >= lay.px(100) else pygame.Rect(rest.x, nr.y, nr.x - lay.gap - rest.x, nr.h)
            ui.button(back, fitting(["Back to game", "Back"], back.w - 2 * lay.px(8) - 1, lay.small, True),
                      self.app.cancel_new_game, size=lay.small, name="Back to game")
        ui.button(nr, "Start", self.start, "primary", size=lay.big)

    def paint_keyboard(self, ui: Ui, title_r: pygame.Rect, rest: pygame.Rect, bottom: pygame.Rect,
                       nr: pygame.Rect) -> None:
        lay = ui.layout
        i = self.typing
        full = len(self.names[i]) >= MAX_NAME   # the letter keys greyed: a tap says why
        ui.panel(title_r, PANEL, WARN if full else INFO, width=3)
        field = title_r.inflate(-lay.px(12), 0)
        if full:
            said = fitting([f"{MAX_NAME} letters at most", f"{MAX_NAME} at most", "full"], field.w // 3, lay.small,
                           True)
            note_r, field = L.take_right(field, text.width(said, lay.small, True) + 2, lay.gap)
            ui.label(note_r, said, lay.small, WARN, "right", bold=True, min_size=lay.small)
        shown = f"{self.names[i]}\u258f"
        ui.label(field, fitting([f"Player {i + 1}: {shown}", shown], field.w, lay.big, True), lay.big, FG,
                 bold=True)
        keys = KEYS_WIDE.strip()[10:]  # letters and marks
        typed = (lambda k: None) if full else (lambda k: lambda: self.type_char(k))
        why = (lambda: self.app.say(FULL, "info", 5)) if full else None
        ncols = 7 if lay.portrait else 10
        nrows = -(-len(keys) // ncols)
        key_h = min(lay.touch + lay.px(8), (rest.h - (nrows - 1) * lay.gap) // nrows)
        for cell, k in zip(L.grid(rest, len(keys), ncols, lay.gap, row_h=key_h), keys):
            ui.button(cell, k, typed(k), size=lay.body, name=f"key {k}", why=why)
        a, b, c = L.cols(pygame.Rect(bottom.x, bottom.y, min(bottom.w, lay.px(480)), bottom.h), 3, lay.gap)
        ui.button(a, "space", typed(" "), name="key space", why=why)
        ui.button(b, "\u232b", lambda: self.names.__setitem__(i, self.names[i][:-1]), size=lay.big,
                  name="key delete")
        ui.button(c, "Clear", lambda: self.names.__setitem__(i, ""), name="key clear")
        ui.button(nr, "Done", lambda: setattr(self, "typing", None), "primary", size=lay.big, name="Done")

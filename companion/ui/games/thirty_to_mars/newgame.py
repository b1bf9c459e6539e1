"""New game: choose 4 of the 6 Marsonauts, give each a Role, tutorial
variant on or off, then Start (rulebook Setup 3-4)."""
from __future__ import annotations

import pygame

from companion.rules.contract import Rejection
from companion.rules.words import count
from companion.rules.thirty_to_mars.model import (CREW_SIZE, DECK_SIZES, GREEN, PROFILES, ROLES, RULEBOOK,
                                                  TUTORIAL_CARDS, TUTORIAL_GREEN_CARDS)

from ... import layout as L
from ... import text
from ...widgets import DIM, FG, INFO, Ui
from ...screens.base import Screen
from ...screens.chrome import next_rect


class NewGameScreen(Screen):
    """Tap a Marsonaut to add or remove them (4 needed); tap a Role to swap
    it with the next one; Start begins the setup rolls."""

    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.crew: list[str] = []
        self.roles: dict[str, str] = {}
        self.tutorial = False

    def enter(self) -> None:
        self.crew, self.roles = [], {}

    def toggle(self, key: str) -> None:
        if key in self.crew:
            self.crew.remove(key)
            self.roles.pop(key, None)
        elif len(self.crew) < CREW_SIZE:
            self.crew.append(key)
            free = [r for r in ROLES if r not in self.roles.values()]
            self.roles[key] = free[0]
        else:  # said as the rules' refusals are: its section a button
            self.app.reject(Rejection("crew_full", f"The crew is {CREW_SIZE} Marsonauts: remove one first.",
                                      f"{RULEBOOK}, Setup 4"), quiet=True)

    def cycle_role(self, key: str) -> None:
        """Give ``key`` the next Role; whoever had it takes ``key``'s old one."""
        old = self.roles[key]
        new = ROLES[(ROLES.index(old) + 1) % len(ROLES)]
        for other, role in self.roles.items():
            if role == new:
                self.roles[other] = old
        self.roles[key] = new

    def ready(self) -> bool:
        return len(self.crew) == CREW_SIZE

    def start(self) -> None:
        if not self.ready():
            more = CREW_SIZE - len(self.crew)
            self.app.reject(Rejection("crew_short", f"Choose {count(more, 'more Marsonaut')}: the crew is "
                                      f"{CREW_SIZE} Marsonauts.", f"{RULEBOOK}, Setup 4"),
                            quiet=True)  # as a 5th pick's refusal: its section a button
            return
        self.app.start_new_game({"crew": list(self.crew), "roles": [self.roles[k] for k in self.crew],
                                 "tutorial": self.tutorial})

    def on_next(self) -> None:
        self.start()

    def unsaved(self) -> str | None:
        """The Marsonauts chosen (and their Roles): lost when BACK leaves the screen."""
        n = len(self.crew)
        if not n:
            return None
        return f"The {n} Marsonaut{'s' if n > 1 else ''} chosen here {'are' if n > 1 else 'is'} not kept."

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(40), lay.gap)
        ui.label(title_r, f"Choose 4 Marsonauts ({len(self.crew)}/4)" + ("" if lay.portrait else " and their Roles"),
                 lay.body, FG, bold=True)
        bottom_r, grid_r = L.take_bottom(rest, lay.px(76), lay.gap)
        start_r = next_rect(lay, lay.body_rect)
        tut_r = pygame.Rect(bottom_r.x, bottom_r.y + lay.gap, min(lay.px(300), start_r.x - lay.gap - bottom_r.x),
                            lay.px(64))  # never under Start (a narrow portrait screen)
        back_r = None
        if self.app.showing_new_game_over_a_game():
            back_r = pygame.Rect(tut_r.right + lay.gap, tut_r.y, lay.px(200), tut_r.h)
            if back_r.right > start_r.x - lay.gap:  # no room between Tutorial and Start: a row of its own
                row_r, grid_r = L.take_bottom(grid_r, lay.touch, lay.gap)
                back_r = pygame.Rect(row_r.x, row_r.y, lay.px(240), row_r.h)
        ncols = 2 if lay.portrait else 3
        for cell, (key, p) in zip(L.grid(grid_r, 6, ncols, lay.gap), PROFILES.items()):
            chosen = key in self.crew
            ui.button(cell, "", lambda k=key: self.toggle(k), "normal" if chosen else "quiet", name=p.short)
            if chosen:
                pygame.draw.rect(ui.surface, INFO, cell, width=lay.px(3), border_radius=lay.px(10))
            inner = cell.inflate(-lay.px(16), -lay.px(8))
            role_r, above = L.take_bottom(inner, lay.touch, lay.px(2))
            lh_name = text.font(lay.big, True).get_linesize()
            if above.h >= lh_name + text.font(lay.small).get_linesize():
                name_r, prof_r = L.take_top(above, above.h - text.font(lay.small).get_linesize())
                ui.label(name_r, p.short, lay.big, FG, bold=True)
                ui.label(prof_r, p.profession, lay.small, DIM)
            else:  # one line: the name, the profession after it when it fits
                drawn = ui.label(above, p.short, lay.body, FG, bold=True)
                _, prof_r = L.take_left(above, drawn.w, lay.px(10))
                if text.width(p.profession, lay.small) <= prof_r.w:
                    ui.label(prof_r, p.profession, lay.small, DIM)
            if chosen:
                ui.button(role_r, self.roles[key], lambda k=key: self.cycle_role(k), "selected", size=lay.small,
                          name=f"role {p.short}")
        ui.button(tut_r, f"Tutorial: {'on' if self.tutorial else 'off'}", self.toggle_tutorial,
                  "selected" if self.tutorial else "normal",
                  sub=text.fitting(_green_deck(self.tutorial), tut_r.w - 2 * lay.px(8), lay.small), name="Tutorial")
        ui.button(start_r, "Start", self.start if self.ready() else None, "primary", size=lay.big,
                  why=self.start)  # greyed: its tap says how many more Marsonauts to choose
        if back_r is not None:
            ui.button(back_r, "Back to game", self.app.cancel_new_game, size=lay.small)

    def toggle_tutorial(self) -> None:
        self.tutorial = not self.tutorial


def _green_deck(tutorial: bool) -> tuple[str, ...]:
    """The green deck to shuffle (Setup 3 NB): the tutorial's 30 cards with the 3 tutorial ones, else the 59;
    longest first, for :func:`text.fitting` (a tester's finding: "deck: 30 green, 3 tuto…" in portrait)."""
    if tutorial:
        return (f"deck: {TUTORIAL_GREEN_CARDS} green, {TUTORIAL_CARDS} tutorial",
                f"{TUTORIAL_GREEN_CARDS} green, {TUTORIAL_CARDS} tutorial", f"{TUTORIAL_GREEN_CARDS} green cards")
    return f"deck: all {DECK_SIZES[GREEN]} green", f"all {DECK_SIZES[GREEN]} green"

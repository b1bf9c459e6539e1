"""Mission to Mars 2049's turn screen: the players beside what may be done now.

Left (top in portrait): every player's panel. Right: whose move it is and
what the die did, then either the die's faces (a roll is expected) or one
button per kind of legal move of whoever may act; a move's choices (which
resource, which Base, against whom) are asked one at a time
(:mod:`companion.ui.chooser`), so every option offered is legal. NEXT is
"I'm done!" and passes the die.
"""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.contract import NUMBER_FACES, Action

from ... import layout as L
from ... import text
from ...chooser import choose
from ...screens.base import Screen
from ...screens.chrome import face_pad, next_rect
from ...widgets import DIM, FG, MARS, PANEL, Ui
from .labels import KINDS, action_text, ask, value_label
from .panels import player_panels

DONE = "done"
SEAT = "__seat__"  # the chooser's key for "which player" (not a payload field)


class TurnScreen(Screen):
    """See the module docstring."""

    name = "turn"

    def legal(self) -> list[Action]:
        return self.app.legal()

    def on_next(self) -> None:
        """NEXT: "I'm done!" when the acting player may end the turn; else says what is awaited."""
        done = [a for a in self.legal() if a.kind == DONE]
        if done:
            self.app.submit(done[0])
            return
        expect = self.app.expect()
        turn = self.app.game.to_act(self.app.state)
        what = expect.purpose if expect is not None else turn.label
        self.app.say(f"Not yet: {what}.", "info", 5)

    def offer(self, kind: str) -> None:
        """Ask the choices of a ``kind`` move among the legal ones, then submit it.
        When several players may make it (tokens off turn, Protection), who is asked first."""
        summary = self.app.view()
        title, order = KINDS.get(kind, (kind, ()))
        candidates = [Action(a.kind, {**a.args, SEAT: a.seat}, a.seat) for a in self.legal() if a.kind == kind]

        def label(arg: str, value: Any, action: Action) -> str:
            return summary["players"][value]["name"] if arg == SEAT else value_label(summary, action, arg, value)

        def submit(action: Action) -> object:
            return self.confirm(Action(action.kind, {k: v for k, v in action.args.items() if k != SEAT},
                                       action.seat))

        choose(self.app, title, candidates, label, lambda arg: "who?" if arg == SEAT else ask(arg),
               (SEAT, *order), submit=submit)

    def confirm(self, action: Action) -> None:
        """Make ``action``; a move that blocks the player's next Base is first
        shown with the rulebook's tip (a hint, never a refusal: 6.0 Recommendations
        and tactics). Other tips are said after the move."""
        from companion.rules.mission_to_mars_2049.advice import hints
        tips = hints(self.app.state, action)
        if any("blocks your next Base" in t for t in tips):
            self.app.ask(f"{action_text(self.app.view(), action)}?", [("Do it", lambda: self._make(action))],
                         lines=tips)
            return
        if self.app.submit(action) and tips:
            self.app.say(tips[0], "note", 6)

    def _make(self, action: Action) -> None:
        self.app.close_dialog()
        self.app.submit(action)

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        left, right = _split(lay)
        player_panels(ui, left.inflate(-2 * lay.gap, -2 * lay.gap), app, state)
        area = right.inflate(-2 * lay.gap, -2 * lay.gap)
        turn = app.game.to_act(state)
        expect = app.expect()
        prompt = _prompt(app, state, expect, turn)
        head_h = len(text.wrap(prompt, area.w, lay.small, True)) * text.font(lay.small, True).get_linesize()
        head, area = L.take_top(area, head_h, lay.gap)
        ui.block(head, prompt, lay.small, MARS, bold=True)
        recent = [e.text for e in app.recent if e.kind not in ("undo", "redo")][-4:]
        if expect is not None and expect.kind == "roll":
            pad, area = L.take_bottom(area, lay.px(150 if app.face_labels() == NUMBER_FACES else 250), lay.gap)
            face_pad(ui, pad, app, "")  # what the roll is for is the heading above
            _events(ui, area, recent)
            return
        legal = self.legal()
        kinds = [k for k in KINDS if any(a.kind == k for a in legal)]
        done = any(a.kind == DONE for a in legal)
        ev_h = min(lay.px(120), area.h // 3)
        ev_r, area = L.take_top(area, ev_h, lay.gap)
        _events(ui, ev_r, recent)
        if done:
            nr = next_rect(lay, right)
            ui.button(nr, "I'm done!", self.on_next, "primary", size=lay.big, name="I'm done")
            area = pygame.Rect(area.x, area.y, area.w, max(0, nr.y - lay.gap - area.y))
        ncols = 2 if area.w > lay.px(300) else 1
        summary = app.view()
        for cell, kind in zip(L.grid(area, len(kinds), ncols, lay.gap, row_h=lay.touch), kinds):
            title = KINDS[kind][0]
            options = [a for a in legal if a.kind == kind]
            sub = action_text(summary, options[0]).split(": ", 1)[-1] if len(options) == 1 and options[0].args \
                else None
            others = {a.seat for a in options} - set(turn.seats[:1])
            if others:  # off turn (tokens of the type produced, Protection): say whose move it is
                names = [summary["players"][i]["name"] for i in sorted(others)]
                who = names[0] + (f" +{len(names) - 1}" if len(names) > 1 else "")
                sub = f"{who}: {sub}" if sub and len(names) == 1 else who
            if sub and text.font(lay.small).size(sub)[0] > cell.w - lay.px(16):
                sub = None  # no room: the question says it
            ui.button(cell, title, lambda k=kind: self.offer(k), sub=sub, size=lay.body, name=title)
        if not kinds and not done:
            ui.block(area, "Waiting for the die or a choice above.", lay.body, DIM)


def _prompt(app: Any, state: Any, expect: Any, turn: Any) -> str:
    """What the table does now, in a few words."""
    if expect is not None:
        return expect.purpose
    if any(a.kind == DONE for a in app.legal()):
        return "Build, trade, Missions; then \u201cI'm done!\u201d"
    return turn.label


def _split(lay: Any) -> tuple[pygame.Rect, pygame.Rect]:
    """(players, moves): half and half, side by side (landscape) or stacked (portrait)."""
    b = lay.body_rect
    if lay.portrait:
        top_h = int(b.h * 0.5)
        return pygame.Rect(b.x, b.y, b.w, top_h), pygame.Rect(b.x, b.y + top_h, b.w, b.h - top_h)
    left_w = int(b.w * 0.48)
    return pygame.Rect(b.x, b.y, left_w, b.h), pygame.Rect(b.x + left_w, b.y, b.w - left_w, b.h)


def _events(ui: Ui, rect: pygame.Rect, lines: list[str]) -> None:
    """What just happened (the die's effect on every player, the last moves):
    the newest lines that fit whole, oldest first."""
    lay = ui.layout
    if rect.h <= 0:
        return
    ui.panel(rect, PANEL)
    inner = rect.inflate(-lay.px(12), -lay.px(8))
    lines = lines or ["Nothing yet this turn."]
    line_h = text.font(lay.small).get_linesize()
    shown: list[str] = []
    used = 0
    for line in reversed(lines):
        h = len(text.wrap(line, inner.w, lay.small)) * line_h
        if used + h > inner.h:
            break
        shown.insert(0, line)
        used += h
    y = inner.y
    for line in shown:
        y += ui.block(pygame.Rect(inner.x, y, inner.w, inner.bottom - y), line, lay.small, FG)

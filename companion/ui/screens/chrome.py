"""What every screen shares: the top bar (undo, redo, the game's own part
(day of 30, round and whose turn...), die status, Fix roll, New game), the
message bar, dialogs, the die's face pad and the NEXT button's place. Knows
no game: the game's part comes from its screen package (``app.game_ui``)."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.contract import CORRECT_ROLL, NUMBER_FACES, Action

from .. import layout as L
from .. import text
from ..layout import Layout
from ..widgets import BAD, DIM, FG, GOOD, INFO, MARS, PANEL, PANEL_HI, WARN, Ui

def next_rect(lay: Layout, area: pygame.Rect) -> pygame.Rect:
    """Where the big NEXT button goes: the bottom-right of ``area``."""
    w, h = lay.px(176), lay.px(64)
    return pygame.Rect(area.right - w - lay.gap, area.bottom - h - lay.gap, w, h)


def top_bar_rects(lay: Layout, app: Any) -> dict[str, pygame.Rect | None]:
    """Where the top bar puts its parts: ``undo``, ``redo``, ``menu`` (New
    game), ``fix`` (Fix roll, or None when there is no roll to fix), ``die``
    (die status), ``day`` (day and progress) and ``status``: the strip that
    holds no controls (day + die status), where the message bar is shown."""
    inner = lay.top.inflate(-2 * lay.gap, -2 * lay.gap)
    day_r = None
    if lay.portrait:
        inner, day_r = L.take_top(inner, lay.px(56), lay.gap)
    bw = lay.px(92)
    undo_r, rest = L.take_left(inner, bw, lay.gap)
    redo_r, rest = L.take_left(rest, bw, lay.gap)
    menu_r, rest = L.take_right(rest, bw, lay.gap)
    fix_r = None
    if app.fixable_roll() is not None and not app.wants_new_game:
        fix_r, rest = L.take_right(rest, lay.px(104), lay.gap)
    if day_r is not None:
        rest = day_r
    status = pygame.Rect(rest)
    die_r, rest = L.take_right(rest, lay.px(150), lay.gap)
    return {"undo": undo_r, "redo": redo_r, "menu": menu_r, "fix": fix_r, "die": die_r, "day": rest,
            "status": status}


def message_rect(lay: Layout, app: Any) -> pygame.Rect:
    """The message bar: over the top bar's day and die status, so it never
    covers a control (Undo, Redo, Fix roll and New game stay free)."""
    return top_bar_rects(lay, app)["status"]


def top_bar(ui: Ui, app: Any) -> None:
    """Undo | Redo | the game's part (``GameUi.top_bar``) | die | Fix roll | New game.
    While a message is shown it takes the place of the day and die status."""
    lay = ui.layout
    ui.panel(lay.top, PANEL, radius=0)
    r = top_bar_rects(lay, app)
    s = app.session
    back = app.showing_new_game_over_a_game()  # Undo/Redo first return to the game
    ui.button(r["undo"], "Undo", app.undo if s.can_undo or back else None, name="Undo")
    ui.button(r["redo"], "Redo", app.redo if s.can_redo or back else None, name="Redo")
    ui.button(r["menu"], "New", lambda: ask_new_game(app), sub="game", size=lay.small, name="New game")
    if r["fix"] is not None:
        ui.button(r["fix"], "Fix roll", lambda: ask_fix_roll(app), size=lay.small, name="Fix roll")
    if app.message is not None:
        return  # draw_message fills the status strip
    die_status(ui, r["die"], app)
    game_ui = app.game_ui
    if game_ui is not None and app.state is not None and not app.wants_new_game:
        game_ui.top_bar(ui, r["day"], app.state)
    else:
        ui.label(r["day"], app.title(), lay.big, MARS, bold=True)


def die_status(ui: Ui, rect: pygame.Rect, app: Any) -> None:
    """The electronic die: connected (and the last roll) / unplugged / none."""
    lay = ui.layout
    st = app.hw.die_status() if app.hw is not None else {"mode": "none"}
    ui.panel(rect, PANEL_HI)
    inner = rect.inflate(-lay.px(12), -lay.px(4))
    top, bottom = L.take_top(inner, inner.h // 2)
    if not app.uses_die():
        ui.label(top, "No die", lay.small, DIM, bold=True)  # "not used in this game", in words that fit
        ui.label(bottom, "in this game", lay.small, DIM)
        return
    if st["mode"] == "none":
        ui.label(top, "Die: none", lay.small, DIM, bold=True)
        ui.label(bottom, "tap the faces", lay.small, DIM)
        return
    if st["connected"]:
        ui.label(top, "\u25cf Die ready", lay.small, GOOD, bold=True)
        last = st.get("last_roll")
        ui.label(bottom, f"last roll {last}" if last else "no roll yet", lay.small, FG)
    else:
        ui.label(top, "\u25cb Die unplugged", lay.small, WARN, bold=True)
        ui.label(bottom, "tap the faces", lay.small, DIM)


def ask_new_game(app: Any) -> None:
    def go() -> None:
        app.close_dialog()
        app.pick_game()
    title = "Play another game or start a new one? This one stays open: pick it again to resume it." \
        if app.session.has_game and not app.game.is_over(app.state) else "Start a new game?"
    app.ask(title, [("New game", go)])


def ask_fix_roll(app: Any) -> None:
    """The Fix roll dialog: which roll it corrects, the face taken, faces 1..6."""
    def fix(face: int) -> None:
        app.close_dialog()
        app.submit(Action(CORRECT_ROLL, {"face": face}))
    last = app.fixable_roll()
    if last is None:
        title = "Fix the last roll: which face was really rolled?"
    else:
        purpose, face = last
        title = f"Fix the last roll ({purpose}, entered as {face}): which face was really rolled?"
    labels = app.face_labels()
    app.ask(title, [(labels[f - 1], (lambda f=f: fix(f))) for f in range(1, 7)])


def draw_message(ui: Ui, app: Any) -> None:
    """The message bar (rejections with their rule, notes) in the top bar's
    status strip; tap it to close it."""
    m = app.message
    if m is None:
        return
    lay = ui.layout
    r = message_rect(lay, app)
    colour = {"error": BAD, "info": INFO, "note": MARS}[m.kind]
    ui.panel(r, (18, 20, 36), colour, width=3)
    inner = r.inflate(-lay.px(14), -lay.px(4))
    ui.block(inner, m.text, lay.px(22), FG, min_size=lay.px(14))


def draw_dialog(ui: Ui, app: Any) -> None:
    """A modal choice over the screen: title, its lines, option buttons, Cancel."""
    d = app.dialog
    if d is None:
        return
    lay = ui.layout
    ui.modal()
    n = len(d.options) + (1 if d.cancel else 0)
    long = max((len(label) for label, _ in d.options), default=0) > 12
    ncols = 1 if n == 1 or (long and lay.portrait) else 2 if long or n <= 4 else 3
    nrows = -(-n // ncols)
    w = min(lay.w - 2 * lay.px(20), lay.px(700 if d.lines else 640))
    bh = lay.touch
    line_size = lay.px(21)
    lines_h = sum(len(text.wrap(line, w - lay.px(24), line_size)) for line in d.lines) * \
        text.font(line_size).get_linesize()
    lines_h = lines_h + lay.gap if d.lines else 0
    title_h = lay.px(70)
    if d.lines:  # room for the title's own lines only, so the text follows it closely
        title_lines = len(text.wrap(d.title, w - lay.px(24), lay.body, True))
        title_h = min(title_h, title_lines * text.font(lay.body, True).get_linesize() + lay.px(4))
    h = lay.px(20) + title_h + lay.gap + lines_h + nrows * (bh + lay.gap) + lay.px(16)
    box = pygame.Rect(0, 0, w, min(h, lay.h - 2 * lay.gap))
    box.center = (lay.w // 2, lay.h // 2)
    ui.panel(box, PANEL, MARS, width=3)
    inner = box.inflate(-lay.px(24), -lay.px(20))
    title_r, rest = L.take_top(inner, title_h, lay.gap)
    ui.block(title_r, d.title, lay.body, FG, bold=True)
    if d.lines:
        lines_r, rest = L.take_top(rest, max(0, rest.h - nrows * (bh + lay.gap) + lay.gap), lay.gap)
        y = lines_r.y
        for line in d.lines:
            y += ui.block(pygame.Rect(lines_r.x, y, lines_r.w, max(0, lines_r.bottom - y)), line, line_size, FG,
                          min_size=lay.px(14))
    cells = L.grid(rest, n, ncols, lay.gap, row_h=bh)
    for cell, (label, cb) in zip(cells, d.options):
        ui.button(cell, label, cb, "primary" if len(d.options) == 1 else "normal", min_size=lay.px(14))
    if d.cancel:
        ui.button(cells[-1], d.cancel_label, app.close_dialog, "quiet" if d.options else "normal")


def face_pad(ui: Ui, rect: pygame.Rect, app: Any, prompt: str) -> None:
    """The roll prompt and six face buttons (1..6) filling ``rect``; with a
    keyboard at hand the prompt says keys 1-6 work too."""
    lay = ui.layout
    ui.panel(rect, PANEL, INFO)
    inner = rect.inflate(-2 * lay.gap, -2 * lay.gap)
    st = app.hw.die_status() if app.hw is not None else {"mode": "none"}
    hint = "roll the die, or tap its face" if st.get("connected") else "tap the face rolled"
    if app.keyboard:
        hint += " (or press 1\u20136)"
    pad_h = lay.touch if app.face_labels() == NUMBER_FACES or inner.w >= lay.px(720) else 2 * lay.touch + lay.gap
    prompt_r, rest = L.take_top(inner, max(lay.px(36), inner.h - pad_h - lay.gap), lay.gap)
    ui.block(prompt_r, f"Roll: {prompt} \u2014 {hint}", lay.body, FG, bold=True)
    labels = app.face_labels()
    numbers = labels == NUMBER_FACES
    two_rows = not numbers and rest.w < lay.px(720)  # symbol labels need room: 2 rows of 3
    cells = L.grid(rest, 6, 3, lay.gap) if two_rows else L.cols(rest, 6, lay.gap)
    for i, cell in enumerate(cells):
        face = i + 1
        ui.button(cell, labels[i], (lambda f=face: app.roll(f, "tap")), "selected",
                  size=lay.big if numbers else lay.small, sub="" if numbers else str(face), name=f"face {face}")

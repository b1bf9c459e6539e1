"""What every screen shares: the top bar (undo, redo, the game's own part
(day of 30, round and whose turn...), die status, Fix roll, New game), the
message bar, dialogs, the die's face pad and the NEXT button's place. Knows
no game: the game's part comes from its screen package (``app.game_ui``)."""
from __future__ import annotations

import itertools
import os
import re
from pathlib import Path
from typing import Any

import pygame

from companion.rules.contract import NUMBER_FACES

from .. import layout as L
from .. import text
from ..layout import Layout
from ..widgets import BAD, DIM, FG, GOOD, INFO, MARS, PANEL, PANEL_HI, WARN, Greyed, Ui, button_name, tappable

def next_rect(lay: Layout, area: pygame.Rect) -> pygame.Rect:
    """Where the big NEXT button goes: the bottom-right of ``area``."""
    w, h = lay.px(176), lay.px(64)
    return pygame.Rect(area.right - w - lay.gap, area.bottom - h - lay.gap, w, h)


def _once_a_frame(name: str, lay: Layout, app: Any, work: Any) -> Any:
    """``work()``, worked out once while a frame is drawn (``app.frame_memo``, a dict
    the app sets while it renders: the screen cannot change meanwhile); else every time."""
    memo = getattr(app, "frame_memo", None)
    if memo is None:
        return work()
    got = memo.get(name)
    if got is None or got[0] is not lay:
        got = memo[name] = (lay, work())
    return got[1]


def top_bar_rects(lay: Layout, app: Any) -> dict[str, pygame.Rect | None]:
    """Where the top bar puts its parts: ``undo``, ``redo``, ``menu`` (New
    game), ``fix`` (Fix roll, or None when there is no roll to fix), ``die``
    (die status), ``day`` (day and progress), ``unsaved`` (the "Not saved" sign, or None: :func:`not_saved`; in
    portrait in the first row where it has room, else beside the die status, or, in a game without a die in
    landscape, equal to ``die``: one panel says both, :func:`not_saved_no_die`) and
    ``status``: the strip that holds no controls (day + die status), where the message bar is shown."""
    return {k: None if v is None else pygame.Rect(v)
            for k, v in _once_a_frame("top_bar_rects", lay, app, lambda: _top_bar_rects(lay, app)).items()}


def _top_bar_rects(lay: Layout, app: Any) -> dict[str, pygame.Rect | None]:
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
    unsaved_r = None
    unsaved_w = 0
    if not_saved(app):  # each line whole at reading size
        unsaved_w = max(text.font(lay.small, True).size(w)[0] for w in NOT_SAVED) + lay.px(12)
    if day_r is not None:
        if unsaved_w and rest.w >= unsaved_w + lay.gap:
            # portrait: in the first row's room between Redo and New game (or Fix roll), so that the game's part
            # keeps the whole width of its row (a tester's finding: with the sign beside the die status, Race to
            # Mars's "Headquarters · Setup" shortened to "Setup")
            unsaved_r, _ = L.take_right(rest, unsaved_w, lay.gap)
        rest = day_r
    status = pygame.Rect(rest)
    if unsaved_w and unsaved_r is None and not app.uses_die():
        # a game without a die (landscape): the sign and the die status share one panel, "Not saved" over "no die
        # used" (:func:`not_saved_no_die`), so the game's part loses no more than the sign's own width less the
        # die status's (a tester's finding: beside "Die not used", Race to Mars's "2.2 Advance · Round 17"
        # shortened to "Round 17", its "Headquarters · Setup" to "Setup")
        words = max(text.width(NOT_SAVED_NO_DIE[0], lay.small, True), text.width(NOT_SAVED_NO_DIE[1], lay.small))
        die_r, rest = L.take_right(rest, words + lay.px(14), lay.gap)
        return {"undo": undo_r, "redo": redo_r, "menu": menu_r, "fix": fix_r, "die": die_r, "day": rest,
                "status": status, "unsaved": pygame.Rect(die_r)}
    die_r, rest = L.take_right(rest, lay.px(160 if app.uses_die() else 172), lay.gap)  # "Die not used" whole
    if unsaved_w and unsaved_r is None:  # a lasting sign beside the die status, taken from the game's part
        unsaved_r, rest = L.take_right(rest, unsaved_w, lay.gap)  # (it holds no control)
    return {"undo": undo_r, "redo": redo_r, "menu": menu_r, "fix": fix_r, "die": die_r, "day": rest,
            "status": status, "unsaved": unsaved_r}


#: the lines of the top bar's sign that the session is not being saved (:func:`not_saved_sign`)
NOT_SAVED = ("Not", "saved")
#: the lines of the same sign sharing the die status's panel in a game without a die (:func:`not_saved_no_die`)
NOT_SAVED_NO_DIE = ("Not saved", "no die used")


def not_saved(app: Any) -> bool:
    """True when nothing played in this session reaches the saved games file: the store runs in memory (the path
    is not a regular file, a folder, or cannot be opened: "this session will not be saved") or the file cannot be
    written (read-only, a full disk, another companion plays on it: moves are refused with the reason)."""
    store = app.session.store
    return not store.persistent or not store.writable


def not_saved_sign(ui: Ui, rect: pygame.Rect) -> None:
    """"Not / saved" on two lines at reading size, in the warning colour on the top bar's panel: the lasting,
    quiet sign that this session is not being saved (a tester's finding: the start-up dialog said so once, then
    the game screens looked as if every move were kept). Names no game; covers no control."""
    _sign(ui, rect, NOT_SAVED, warned=True)


def not_saved_no_die(ui: Ui, rect: pygame.Rect) -> None:
    """The "Not saved" sign and the die status of a game without a die in one panel: "Not saved" in the warning
    colour over "no die used", each line whole at reading size (:func:`top_bar_rects` gives both parts this
    ``rect``). Names no game; covers no control."""
    _sign(ui, rect, NOT_SAVED_NO_DIE, warned=False)


def _sign(ui: Ui, rect: pygame.Rect, lines: tuple[str, str], warned: bool) -> None:
    """A panel of the top bar with a warning border: ``lines`` centred at reading size, the first bold in the
    warning colour over the second (as the die status's lines), the second so too where ``warned``, else dim."""
    lay = ui.layout
    ui.panel(rect, PANEL_HI, border=WARN, width=1)
    inner = rect.inflate(-lay.px(6), -lay.px(2))
    top, bottom = L.take_top(inner, inner.h - text.font(lay.small).get_linesize())
    ui.label(top, lines[0], lay.small, WARN, align="center", bold=True)
    ui.label(bottom, lines[1], lay.small, WARN if warned else DIM, align="center", bold=warned)


def message_rect(lay: Layout, app: Any) -> pygame.Rect:
    """Where the message is: the top bar's day and die status, so it never
    covers a control of the top bar; a longer one in a box (:func:`message_box`)."""
    if app.message is None:
        return top_bar_rects(lay, app)["status"]
    return message_box(lay, app)[0]


def top_bar(ui: Ui, app: Any) -> None:
    """Undo | Redo | the game's part (``GameUi.top_bar``) | die | Fix roll | New game (not over a game's end
    screen, which has its own). While a message is shown it takes the place of the day and die status.
    Each of its parts (Undo and Redo; New game and Fix roll; the die status; the game's
    part) is painted again only when what it shows changed (``app.regions``, see
    :class:`~companion.ui.retained.Region`; the game's part by ``GameUi.top_bar_key``):
    an undo paints Undo and Redo again, not the rest."""
    lay = ui.layout
    r = top_bar_rects(lay, app)
    s = app.session
    # no game on screen (the picker, or a New-game screen over the open game): Undo and Redo belong to the game,
    # so they are greyed there and a tap says why; nothing the table chose on the screen is thrown away
    picker = app.on_picker()
    inert = picker or app.showing_new_game_over_a_game()
    strip_taken = app.message is not None and app.dialog is None and message_box(lay, app)[0] == r["status"]
    game_ui = app.game_ui
    game_part = game_ui is not None and app.state is not None and not app.wants_new_game

    def undo_redo() -> None:  # greyed (nothing to take back yet, no game on screen): a tap still says why
        for slot, label, can, act in (("undo", "Undo", s.can_undo, app.undo), ("redo", "Redo", s.can_redo, app.redo)):
            ui.button(r[slot], label, act if can and not inert else None, name=label,
                      why=lambda label=label: app.say(why_no_undo(app, label), "info", 5))

    over = _over(app)

    def menu() -> None:  # a game over has its end screen's own New game: one, not two side by side
        if not over:
            ui.button(r["menu"], "New", lambda: ask_new_game(app), sub="game", size=lay.small, name="New game")
        if r["fix"] is not None:
            ui.button(r["fix"], "Fix roll", lambda: ask_fix_roll(app), size=lay.small, name="Fix roll")

    def game() -> None:
        if game_part:
            game_ui.top_bar(ui, r["day"], app.state)
        else:
            ui.label(r["day"], app.title(), lay.big, MARS, bold=True)

    ui.panel(lay.top, PANEL, radius=0)
    regions = getattr(app, "regions", None)
    parts = [("top bar: undo", r["undo"].union(r["redo"]), (s.can_undo, s.can_redo, inert), undo_redo),
             ("top bar: menu", r["menu"].union(r["fix"] or r["menu"]), (r["fix"] is None, over), menu)]
    if not strip_taken:  # else draw_message fills the status strip
        shared = r["unsaved"] == r["die"]   # the sign in the die status's panel (a game without a die)
        parts += [("top bar: die", r["die"], ("shared",) if shared else die_status_key(app),
                   (lambda: not_saved_no_die(ui, r["die"])) if shared else lambda: die_status(ui, r["die"], app)),
                  ("top bar: game", r["day"], game_ui.top_bar_key(app.state) if game_part else app.title(), game)]
    if r["unsaved"] is not None and r["unsaved"] != r["die"] and not (strip_taken and
                                                                       r["status"].colliderect(r["unsaved"])):
        # beside the die status: under a message that fills the strip; in portrait's first row: always
        parts.append(("top bar: not saved", r["unsaved"], True, lambda: not_saved_sign(ui, r["unsaved"])))
    for name, rect, key, paint in parts:
        if regions is None:
            paint()
        else:  # with half the gap above and below: a descender ("game") below its button is in the picture
            regions.get(name).draw(ui, rect.inflate(0, lay.gap), key, paint)


def why_no_undo(app: Any, label: str) -> str:
    """Why ``label`` ("Undo" | "Redo") is greyed where no game is on screen (the game picker, a New-game
    screen): it works in a game, which the open game's Back to game shows again; said plainly when the open
    game has no move to take back or redo anyway. In a game (or a New game before any): that there is
    nothing to take back or redo yet."""
    s = app.session
    if not app.on_picker() and not app.showing_new_game_over_a_game():  # in a game, or a New game before any
        if not s.has_game:
            return f"{label} works in a game: start one first."
        return ("Nothing to take back yet: Undo takes back the last move." if label == "Undo" else
                "Nothing to redo: Redo puts back what Undo took back.")
    if not app.showing_new_game_over_a_game():
        return f"{label} works in a game: tap a game first."
    if label == "Undo" and not s.can_undo:
        return "Undo works in a game, and the open game has no move to take back."
    if label == "Redo" and not s.can_redo:
        return "Redo works in a game, and the open game has no move to redo."
    first = "tap a game, or Back to game, first" if app.on_picker() else "tap Back to game first"
    return f"{label} works in a game: {first}."


def die_status_key(app: Any) -> tuple:
    """What :func:`die_status` shows (compared with ``==``): the last roll only while the die is connected."""
    st = app.hw.die_status() if app.hw is not None else {"mode": "none"}
    connected = st["mode"] != "none" and bool(st.get("connected"))
    return (app.uses_die(), st["mode"], connected, app.on_picker(), app.die_roll_line(st) if connected else None,
            _over(app), None if connected else st.get("open_problem"))


#: the die status's first words when the die cannot be opened (:func:`hw.die.open_problem`), by its reason; else
#: "Unplugged" (the top bar: a tester re-plugged a die that another program held, as the bar said; another's
#: ``--die /dev/null`` said "Unplugged" where the path is no serial port at all)
DIE_PROBLEM = {"busy": "Die busy", "denied": "No access", "not_a_port": "Not a port"}


def _over(app: Any) -> bool:
    """The game shown is over: no roll is to come, so there are no faces to tap."""
    try:
        return (app.session.has_game and not app.wants_new_game and not app.on_picker()
                and bool(app.game.is_over(app.state)))
    except Exception:  # a state the rules cannot read: the usual words
        return False


def die_status(ui: Ui, rect: pygame.Rect, app: Any) -> None:
    """The electronic die: connected (and the last roll) / unplugged / none."""
    lay = ui.layout
    st = app.hw.die_status() if app.hw is not None else {"mode": "none"}
    ui.panel(rect, PANEL_HI)
    inner = rect.inflate(-lay.px(10), -lay.px(2))
    top, bottom = L.take_top(inner, inner.h - text.font(lay.fine).get_linesize())
    # two lines read at 1 m (what to do without a die): the second at reading size too
    read_top, read_bottom = L.take_top(inner, inner.h - text.font(lay.small).get_linesize())
    if not app.uses_die():
        ui.label(read_top, "Die not used", lay.small, DIM, bold=True)  # "... in this game": no hint to tap faces
        ui.label(read_bottom, "in this game", lay.small, DIM)
        return
    problem = None if st["mode"] == "none" or st["connected"] else DIE_PROBLEM.get(st.get("open_problem"))
    if app.on_picker() and not (st["mode"] != "none" and st["connected"]):  # no faces on screen to tap
        if st["mode"] == "none":
            ui.label(inner, "No die", lay.small, DIM, bold=True)
        else:  # two lines, each whole at reading size
            ui.label(read_top, "Die", lay.small, WARN, bold=True)
            ui.label(read_bottom, (problem or "Unplugged").removeprefix("Die ").lower(), lay.small, WARN)
        return
    hint = "no more rolls" if _over(app) else "tap the faces"  # what to do: read from across the table
    if st["mode"] == "none":
        ui.label(read_top, "No die", lay.small, DIM, bold=True)
        ui.label(read_bottom, hint, lay.small, FG)
        return
    if st["connected"]:
        ui.label(top, "\u25cf Die ready", lay.small, GOOD, bold=True)
        ui.label(bottom, app.die_roll_line(st), lay.fine, FG, cls="fine")
    else:  # the die's cable, or another program holding the die: tap the faces meanwhile
        ui.label(read_top, problem or "Unplugged", lay.small, WARN, bold=True)
        ui.label(read_bottom, hint, lay.small, FG)


def ask_new_game(app: Any) -> None:
    """The top bar's New game: asks first, saying what a New-game screen shown now would lose (its
    ``unsaved()``: "The 2 Marsonauts chosen here are not kept.", a hostile tester's finding: they went without a
    word, where BACK asks), then shows the game picker."""
    def go() -> None:
        app.close_dialog()
        app.pick_game()
    title = "Play another game or start a new one? This one stays open: pick it again to resume it." \
        if app.session.has_game and not app.game.is_over(app.state) else "Start a new game?"
    screen = app.current_screen()
    lost = app.setup_game_id is not None and getattr(screen, "unsaved", lambda: None)()
    app.ask(f"{title} {lost}" if lost else title, [("New game", go)])


def ask_fix_roll(app: Any) -> None:
    """The Fix roll dialog: which roll it corrects, the face taken (in the game's words for it: "Air", a
    tester read "entered as 1" where the die shows a symbol), faces 1..6."""
    def fix(face: int) -> None:
        app.close_dialog()
        app.correct_roll(face)
    last = app.fixable_roll()
    labels = app.face_labels()
    if last is None:
        title = "Fix the last roll: which face was really rolled?"
    else:
        purpose, face = last
        shown = labels[face - 1] if 1 <= face <= len(labels) else face
        title = f"Fix the last roll ({purpose}, entered as {shown}): which face was really rolled?"
    app.ask(title, [(labels[f - 1], (lambda f=f: fix(f))) for f in range(1, 7)])


def message_box(lay: Layout, app: Any) -> tuple[pygame.Rect, list[str], pygame.Rect | None]:
    """Where the message is drawn, its wrapped lines (readable size, never
    cut) and the rulebook section's button (None without a cited rule): the
    top bar's status strip when it fits there, else a box over the area the
    screen gives (``screen.message_area()``; default: under the top bar), at
    its top, or at its bottom when the screen says ``message_at_bottom``."""
    box, lines, section = _once_a_frame("message_box", lay, app, lambda: _message_box(lay, app))
    return pygame.Rect(box), list(lines), None if section is None else pygame.Rect(section)


def _message_box(lay: Layout, app: Any) -> tuple[pygame.Rect, list[str], pygame.Rect | None]:
    m = app.message
    status = top_bar_rects(lay, app)["status"]
    size = lay.small
    lh = text.font(size).get_linesize()
    pad = lay.px(14)
    words = m.text if m is not None else ""
    rule = getattr(m, "rule", None)
    if rule and words.endswith(f" ({rule})"):  # the section is a button of its own
        words = words[:-len(rule) - 3]
    lines = _wrapped(words, status.w - 2 * pad, size)
    if rule is None and len(lines) * lh <= status.h - lay.px(2):
        return status, lines, None
    places = _message_places(lay, app)
    shrinks = bool(getattr(_screen_or_none(app), "message_shrinks", False))
    for i, (area, bottom) in enumerate(places):
        last = i == len(places) - 1
        placed = _placed(lay, words, rule, area, bottom, last=last, cut=last and shrinks)
        if placed is not None:
            return placed
    raise AssertionError("the last place always takes the message")  # pragma: no cover


def _message_places(lay: Layout, app: Any) -> list[tuple[pygame.Rect, bool]]:
    """``[(area, at its bottom)]`` where the screen wants its messages, the first where the box fits:
    ``screen.message_areas()`` if it has one, else ``screen.message_area()`` (and
    ``message_at_bottom``); last, under the top bar over the whole body, for a message too long for the
    screen's places, even with its rulebook button beside its words (never words running out of their
    box, nor under the button)."""
    places: list[tuple[pygame.Rect, bool]] = []
    screen = _screen_or_none(app)
    try:
        many = getattr(screen, "message_areas", None)
        if many is not None:
            places = [(pygame.Rect(a), bool(b)) for a, b in many()]
        else:
            area = screen.message_area()
            if area is not None:
                places = [(pygame.Rect(area), bool(getattr(screen, "message_at_bottom", False)))]
    except Exception:  # a screen without one, or no screen yet: under the top bar
        places = []
    body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
    if places and getattr(screen, "message_shrinks", False):
        return places  # the screen's last place takes any message, cut short (see _placed)
    if body not in [a for a, _ in places]:
        places.append((body, False))
    return places


def _screen_or_none(app: Any) -> Any:
    try:
        return app.current_screen()
    except Exception:  # no screen yet
        return None


#: the end of the last line of a message cut short to fit its place: a tap shows it whole (:func:`message_tap`)
CUT = "\u2026 \u203a"


def _placed(lay: Layout, words: str, rule: str | None, area: pygame.Rect, bottom: bool,
            last: bool, cut: bool = False) -> tuple[pygame.Rect, list[str], pygame.Rect | None] | None:
    """The box in ``area`` (its top, or its bottom): the words over the whole width and the rulebook
    button under them, else (too tall) the button at their right; None when neither fits and the
    area is not the ``last`` one to try (the last takes it, as tall as the area allows). With ``cut``
    (a screen whose last place must not grow: the day screen keeps its Repair Kits row), words too
    long for ``area`` are cut short to the lines it holds, the last ending in :data:`CUT`."""
    size = lay.small
    lh = text.font(size).get_linesize()
    pad, edge = lay.px(14), lay.px(8)
    lines = _wrapped(words, area.w - 2 * pad, size)
    h = len(lines) * lh + 2 * edge + (lay.touch + lay.gap if rule else 0)
    side = None
    if cut and h > area.h:
        return _cut(lay, words, rule, area, bottom)
    if rule and h > area.h:  # the button at the right, with the longest label that lets the box fit
        for label in section_labels(rule):
            side_w = text.width(label, size, True) + 2 * lay.px(12)
            side_lines = _wrapped(words, area.w - 2 * pad - side_w - lay.gap, size)
            side_h = max(len(side_lines) * lh, lay.touch) + 2 * lay.px(4)
            if side_h < h:
                lines, h, side = side_lines, side_h, side_w
            if h <= area.h:
                break
    if h > area.h and not last:
        return None
    if area.h - h < lay.touch:  # no sliver of what is under it left showing (half a row of numbers)
        h = area.h
    box = pygame.Rect(area.x, area.y, area.w, min(area.h, h))
    if bottom:  # the screen keeps its top where it is (a list a habitual tap goes to)
        box.bottom = area.bottom
    section = None
    if rule and side is not None:
        section = pygame.Rect(box.right - pad - side, box.y + (box.h - lay.touch) // 2, side, lay.touch)
    elif rule:
        section = pygame.Rect(box.x + pad, box.bottom - lay.touch - edge, box.w - 2 * pad, lay.touch)
    return box, lines, section


_WRAPPED: dict[tuple[str, int, int], list[str]] = {}


def _cut(lay: Layout, words: str, rule: str | None, area: pygame.Rect,
         bottom: bool) -> tuple[pygame.Rect, list[str], pygame.Rect | None]:
    """The message cut short to ``area`` (see :func:`_placed`), its rulebook button at the bottom right:
    the words over the whole width above the button, beside it lower down. The button's label is the
    longest of :func:`section_labels` that lets the whole message fit, else the one that shows most."""
    size = lay.small
    lh = text.font(size).get_linesize()
    pad, edge = lay.px(14), lay.px(4)
    box = pygame.Rect(area)
    if bottom:
        box.bottom = area.bottom
    n = max(1, (area.h - 2 * edge) // lh)
    full_w = area.w - 2 * pad
    best = None
    for label in (section_labels(rule) if rule else [None]):
        side = text.width(label, size, True) + 2 * lay.px(12) if label else 0
        section = pygame.Rect(box.right - pad - side, box.bottom - edge - lay.touch, side, lay.touch)
        above = max(0, (section.y - box.y - edge) // lh) if label else n
        lines = _flowed(words, full_w, full_w - side - lay.gap, above, size)
        if any(text.width(x, size) > full_w - side - lay.gap for x in lines[above:]):
            continue  # a word wider than the room beside the button
        shown = len(" ".join(lines[:n]))
        if best is None or shown > best[0]:
            best = (shown, lines, section if label else None, full_w - side - lay.gap)
        if len(lines) <= n:
            break
    if best is None:  # no room beside any label: the narrowest, every line beside it
        side = text.width("Rule \u203a", size, True) + 2 * lay.px(12)
        section = pygame.Rect(box.right - pad - side, box.bottom - edge - lay.touch, side, lay.touch)
        best = (0, _wrapped(words, full_w - side - lay.gap, size), section, full_w - side - lay.gap)
    _, lines, section, narrow = best
    if len(lines) > n:
        lines = lines[:n]
        width = narrow if section is not None and box.y + edge + n * lh > section.y else full_w
        last = lines[-1]
        while last and text.width(last + CUT, size) > width:
            last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
        lines[-1] = last + CUT
    return box, lines, section


def _flowed(words: str, wide: int, narrow: int, above: int, size: int) -> list[str]:
    """``words`` wrapped ``wide`` pixels for ``above`` lines, then ``narrow`` (beside a button)."""
    first = _wrapped(words, wide, size)[:above]
    pos = 0
    for line in first:
        at = words.find(line, pos)
        if at < 0:  # wrapped otherwise than cut into pieces: every line narrow
            return _wrapped(words, narrow, size)
        pos = at + len(line)
    rest = words[pos:].strip()
    return first + (_wrapped(rest, narrow, size) if rest else [])


def message_cut(app: Any) -> bool:
    """True when the shown message is cut short to fit its place (a tap on it shows it whole)."""
    if app.message is None or app.dialog is not None:
        return False
    lines = message_box(app.layout, app)[1]
    return bool(lines) and lines[-1].endswith(CUT)


def show_whole_message(app: Any) -> None:
    """A dialog with the whole message (its rulebook section a button in it); closing it closes the message."""
    m = app.message
    rule = getattr(m, "rule", None)
    words = m.text[:-len(rule) - 3] if rule and m.text.endswith(f" ({rule})") else m.text
    app.message = None
    options = []
    if rule and cites_rulebook(rule):
        label = next((f for f in section_labels(rule) if text.width(f, app.layout.body, True) <= app.layout.px(600)),
                     "Rule \u203a")
        options = [(label, lambda: show_rule(app, rule))]
    app.ask("The whole message", options, lines=[words], on_next=app.close_dialog, cancel_label="Close")


def _wrapped(words: str, width: int, size: int) -> list[str]:
    """``text.wrap`` of a message, worked out once (the top bar, the screen and
    the message bar all ask where the message goes, every frame)."""
    key = (words, width, size)
    lines = _WRAPPED.get(key)
    if lines is None:
        if len(_WRAPPED) >= 256:
            _WRAPPED.clear()
        lines = _WRAPPED[key] = text.wrap(words, width, size)
    return list(lines)


def message_covers(app: Any) -> bool:
    """True when the shown message is drawn in a box over the screen (not in the top bar's status strip, which
    holds no controls): it covers what is under it. False without a message, or under a dialog."""
    if app.message is None or app.dialog is not None:
        return False
    return message_box(app.layout, app)[0] != top_bar_rects(app.layout, app)["status"]


def message_tap(app: Any, pos: tuple[int, int]) -> bool:
    """A tap on the message: on its rulebook section, show the paragraph; elsewhere close it.
    False when ``pos`` is not on the message."""
    if app.message is None:
        return False
    box, _, section = message_box(app.layout, app)
    if section is not None and section.collidepoint(pos):
        show_rule(app, app.message.rule)
        return True
    if box.collidepoint(pos) and message_cut(app):
        show_whole_message(app)
        return True
    if box.collidepoint(pos):
        app.message = None
        app.dirty = True
        return True
    return False


def draw_message(ui: Ui, app: Any) -> None:
    """The message (refusals with their rule, notes): in the top bar's status
    strip, or a box when it is longer, never cut; a refusal's rulebook
    section is a button that shows the paragraph. Tap the rest to close it."""
    m = app.message
    if m is None or app.dialog is not None:  # a dialog (the rulebook's paragraph) goes first
        return
    lay = ui.layout
    box, lines, section = message_box(lay, app)
    colour = {"error": BAD, "info": INFO, "note": MARS}[m.kind]
    lit = bool(m.flash)  # said again in the same words by a button: lit a moment (App._command)
    ui.panel(box, (38, 42, 70) if lit else (18, 20, 36), FG if lit else colour, width=6 if lit else 3)
    lh = text.font(lay.small).get_linesize()
    beside = section is not None and section.x > box.x + lay.px(14)  # the rulebook button at the words' right
    inner = box.inflate(-2 * lay.px(14), -2 * lay.px(4 if beside or section is None and box.h < 3 * lh else 8))
    if beside:
        inner.w = section.x - lay.gap - inner.x
    y = inner.y if len(lines) * lh < inner.h or section is not None else box.y + (box.h - len(lines) * lh) // 2
    for line in lines:
        above = beside and y + lh <= section.y  # over a button at the bottom right: the whole width
        ui.label(pygame.Rect(inner.x, y, box.w - 2 * lay.px(14) if above else inner.w, lh), line, lay.small, FG)
        y += lh
    button = rule_button(app)
    if button is not None:
        section, label = button
        ui.panel(section, PANEL_HI, INFO, width=2)
        ui.label(section.inflate(-lay.px(12), 0), label, lay.small, INFO, bold=True)


def rule_button(app: Any) -> tuple[pygame.Rect, str] | None:
    """``(rect, label)`` of the shown message's rulebook button (logical pixels; the longest of
    :func:`section_labels` that fits it), or None without one (no message, a dialog over it, no section)."""
    m = app.message
    if m is None or app.dialog is not None or not m.rule:
        return None
    lay = app.layout
    section = message_box(lay, app)[2]
    if section is None:
        return None
    room = section.w - lay.px(12)
    forms = section_labels(m.rule)
    return section, next((f for f in forms if text.width(f, lay.small, True) <= room), forms[-1])


def cites_rulebook(rule: str | None) -> bool:
    """True when ``rule`` names a rulebook's section ("race-to-mars.txt, Boost Cards"): the message then
    has a § button; the companion's own refusals ("companion": read-only, not saved) have none."""
    return bool(rule) and rule.split(", ", 1)[0].endswith(".txt") and ", " in rule


def section_name(rule: str) -> str:
    """"Special Ability" from "30-to-mars.txt, Special Ability"."""
    return rule.split(", ", 1)[1] if ", " in rule else rule


def section_labels(rule: str) -> list[str]:
    """The rulebook button's label, longest first, for a narrow box: "§ Phase 2.4: Spend Experience ›",
    "§ Phase 2.4 ›" (up to a colon), "§ 3.10.2 ›" (a point after the heading; "§ 3.10.2 / 3.12.2 ›" for two
    citations joined by " / "), "§ 3.6 ›" (a numbered
    heading's number); a heading of words only loses its last words ("§ Daily Routine… ›"); then "Rule ›"
    (plain words where no section's name fits), never a bare "§ ›" (README: "§ section ›", or "Rule ›"
    where the name does not fit; a tester's finding). A heading cut short keeps two words at least, the
    last not a small word ("§ Event… ›" and "§ Resolving the… ›" named nothing: "Rule ›" says more)."""
    name = section_name(rule)
    first = name.split(" ", 1)[0]
    forms = [name, name.split(":")[0], name.rsplit(", ", 1)[-1]] + ([first] if any(c.isdigit() for c in first) else [])
    if " / " in name:  # two citations: their points, both ("3.10.2 / 3.12.2"), before the last one's alone
        forms.insert(2, " / ".join(part.rsplit(", ", 1)[-1] for part in name.split(" / ")))
    words = name.split()
    if not any(c.isdigit() for c in name):
        forms += [" ".join(words[:k]) + "\u2026" for k in range(len(words) - 1, 1, -1)
                  if words[k - 1].lower() not in SMALL_WORDS]
    return [f"\u00a7 {f} \u203a" for f in dict.fromkeys(forms)] + ["Rule \u203a"]


#: words a section's name cut short must not end on ("§ Resolving the… ›")
SMALL_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "to", "in", "on", "for", "with", "at", "by", "your"})


def rule_paragraph(rule: str, rules_dir: Any = None) -> list[str]:
    """The rulebook lines ``rule`` cites, as printed: a heading's text up to the next heading (at most 8
    lines; a line ending in ":" carries on over the sub-headings of what it introduces), or the point
    under it that the citation names; a point ending in ":" above a table (tab-separated rows, "Building
    Costs (as printed on the player sheet):") comes with the whole table, its columns joined by " — ";
    two citations joined by " / " give both, each so. The shapes the games use: "30-to-mars.txt, Setup 5" (item "5."
    under "Setup"), "race-to-mars.txt, Phase 2.2: Advance Rocket" (a heading with a
    colon), "mission-to-mars-2049.txt, 3.10 What do I need a Road for?, 3.10.2" (point "3.10.2" under the
    heading), "mission-to-mars-2049.txt, 4.0 Mission Cards, 4.0.4 If you run out" (of two points numbered
    4.0.4, the one going on so), "mission-to-mars-2049.txt, 4.1 Peaceful Mission Cards, Protection Mission"
    (the point starting so). [] when the rulebook or the heading is not found. The rulebooks are looked for in
    ``rules_dir``, ``$COMPANION_RULES``, the project's ``rules/`` and ``../shared/rules/`` beside it."""
    if ", " not in rule:
        return []
    book, cited = rule.split(", ", 1)
    if " / " in cited:  # "You Win / You Lose": each part as cut alone (a table stays whole)
        return [x for part in cited.split(" / ") for x in rule_paragraph(f"{book}, {part}", rules_dir)]
    path = rulebook_path(book, rules_dir)
    if path is None:
        return []
    lines = [x.strip() for x in path.read_text(encoding="utf-8").splitlines()]
    for heading, point in _citation_readings(cited.strip()):
        starts = [i for i, x in enumerate(lines) if x == heading and i > 0]
        if starts:
            break
    else:
        return []
    start = starts[-1] if len(starts) > 1 else starts[0]  # the body, not the table of contents
    out: list[str] = []
    for x in lines[start + 1:]:
        if x and _heading(x) and not (out and out[-1].endswith(":")):
            break  # a heading under a line ending in ":" ("The symbols ...:") is part of what it introduces
        if x:
            out.append(x)
    if point:
        # "3 NB": item 3 and the NB! after it; "4.0.4 If you run out": the item 4.0.4 that goes on so (a number
        # printed twice); "Protection Mission": the item that starts so
        number, _, rest = point.partition(" ")
        at = [i for i, x in enumerate(out) if re.match(rf"(\u2022 )?{re.escape(number)}[ .:]", x)]
        if rest and rest != "NB":
            at = [i for i in at if rest in out[i]] or at
        if at:
            notes = [x for x in out[at[0] + 1:] if x.startswith("NB")][:1] if rest == "NB" else []
            if out[at[0]].endswith(":"):  # a line introducing a table: the whole table, not cut at 8
                return _untabbed([out[at[0]], *itertools.takewhile(lambda x: "\t" in x, out[at[0] + 1:])])
            out = [out[at[0]]] + notes
    return _untabbed(out[:8]) or [lines[start]]  # a heading that is its own rule ('3.4.2 When done say ...')


def _untabbed(lines: list[str]) -> list[str]:
    """A table's rows with their columns joined by " \u2014 " (pygame draws no tab)."""
    return [" \u2014 ".join(x.split("\t")) for x in lines]


def _citation_readings(cited: str) -> list[tuple[str, str]]:
    """The (heading, point) pairs ``cited`` may mean, likeliest first: the whole of it; a heading and the
    point after its last ", "; the part before a colon; a heading and a trailing item number ("Setup 3",
    "Setup 3 NB": item 3 and its NB!)."""
    out = [(cited, "")]
    if ", " in cited:
        head, point = cited.rsplit(", ", 1)
        out.append((head, point))
    out.append((cited.split(":")[0].strip(), ""))
    words = cited.split()
    nb = words[-1:] == ["NB"]
    if nb:
        words = words[:-1]
    if len(words) > 1 and words[-1].isdigit():
        out.append((" ".join(words[:-1]), words[-1] + " NB" * nb))
    return out


def _heading(line: str) -> bool:
    """Whether a rulebook line is a heading: short and unpunctuated ("Setup"), or a numbered section title
    ("3.10 What do I need a Road for?", "7. F.A.Q. (Optional)")."""
    if "\t" in line:  # a table's row ("Base<tab>3 Air, 3 Food, 3 Minerals"), under the line introducing it
        return False
    if re.match(r"\d+(\.\d+)+ [A-Z]|\d+\. [A-Z]\.", line) and len(line) < 60:
        return True
    return len(line) < 40 and not line[0].isdigit() and line[-1] not in ".:!?)\"" and not line.startswith(
        ("NB", "Example", "\u2022", "-"))


#: the folder of the project (its ``rules/``, and ``../shared/rules/`` beside it, hold rulebooks)
PROJECT = Path(__file__).resolve().parents[3]
#: the variable naming a folder of rulebooks, looked in first
RULES_ENV = "COMPANION_RULES"


def rulebook_dirs(rules_dir: Any = None) -> list[Path]:
    """The folders a rulebook file is looked for in, in order: ``rules_dir`` (tests), ``$COMPANION_RULES``, the
    project's ``rules/``, ``../shared/rules/`` beside the project (README: At the table)."""
    dirs = [Path(rules_dir)] if rules_dir else []
    dirs += [Path(os.environ[RULES_ENV])] if os.environ.get(RULES_ENV) else []
    return dirs + [PROJECT / "rules", PROJECT.parent / "shared" / "rules"]


def rulebook_path(book: str, rules_dir: Any = None) -> Path | None:
    """The file of rulebook ``book`` ("30-to-mars.txt") in the first of :func:`rulebook_dirs` holding it, or None."""
    return next((d / book for d in rulebook_dirs(rules_dir) if (d / book).is_file()), None)


def show_rule(app: Any, rule: str) -> None:
    """A dialog with the rulebook paragraph ``rule`` cites; without it, why: the rulebook file is not on this
    machine (the folders looked in, and what to copy where: a tester's finding, it said neither), or the file
    has no such section."""
    lines = rule_paragraph(rule)
    if not lines:
        book, _, cited = rule.partition(", ")
        path = rulebook_path(book)
        lines = [f"{book} has no section \"{cited}\" ({path}): see it in the printed rulebook."] if path else \
            missing_rulebook(book, cited)
    app.show_info(f"Rulebook: {rule}", lines)


def missing_rulebook(book: str, cited: str) -> list[str]:
    """What the rule dialog says when rulebook file ``book`` is in none of :func:`rulebook_dirs`: the folders
    looked in (``$COMPANION_RULES`` named, with its value or "not set") and where to copy the rulebooks."""
    env = os.environ.get(RULES_ENV)
    places = [f"${RULES_ENV}: {env}" if env else f"${RULES_ENV} (not set)"]
    places += [f"{d}/" for d in rulebook_dirs()[1 if env else 0:]]
    return [f"The rulebook file {book} is not on this machine: see {cited} in the printed rulebook.",
            "Looked for in:", *[f"\u2022 {p}" for p in places],
            "Copy the three rulebook .txt files into one of these folders: the \u00a7 button then shows the rule."]


def dialog_width(lay: Layout, lines: bool) -> int:
    """A dialog's width in pixels (wider when it has lines of text)."""
    return min(lay.w - 2 * lay.px(20), lay.px(700 if lines else 640))


def dialog_columns(lay: Layout, labels: list[str], n: int, lines: bool, dense: bool = False) -> int:
    """How many columns a dialog of ``n`` buttons (its options ``labels`` and
    Cancel) uses: as many as keep every label whole at its size (``dense``: or
    shrunk to the reading size, or on two lines as :func:`split_label` puts it,
    for a dialog of many long choices: Race to Mars's cards to play, a card's
    name over what it does, 3 a page in one column at 1280x720); at most 3;
    2 when there are few buttons; 1 for a single one."""
    widest = max((text.width(label, lay.body, True) for label in labels), default=0) + lay.px(24)
    inner_w = dialog_width(lay, lines) - lay.px(24)

    def fits(c: int) -> bool:
        if c * widest + (c - 1) * lay.gap <= inner_w:
            return True
        return dense and all(option_fits(lay, label, c, lines) for label in labels)
    ncols = next((c for c in (3, 2) if fits(c)), 1)
    return 1 if n == 1 else min(ncols, 2 if n <= 4 else 3)


def dialog_room(lay: Layout, title: str, labels: list[str], lines: list[str] | None = None,
                more: str = "More\u2026", dense: bool = False) -> int:
    """How many of ``labels`` one page of a dialog shows whole on this screen,
    with Cancel and (when they do not all fit) ``more`` below them: the
    rest go on the next page. Its ``lines`` keep at least two rows of
    text (paged with \u25b2 \u25bc beyond that); ``dense``: see
    :func:`dialog_columns`. At least 1."""
    w = dialog_width(lay, bool(lines))
    title_h = len(text.wrap(title, w - lay.px(24), lay.body, True)) * text.font(lay.body, True).get_linesize()
    lines_h = 0
    if lines:
        lh = text.font(lay.small).get_linesize()
        full = sum(len(text.wrap(x, w - lay.px(24), lay.small)) for x in lines) * lh + lay.gap
        lines_h = min(full, 2 * lay.touch + 2 * lay.gap)
    room = lay.h - 2 * lay.gap - lay.px(20) - title_h - lay.gap - lines_h - lay.px(16)
    rows = max(1, room // (lay.touch + lay.gap))
    for k in range(len(labels), 0, -1):
        n = k + 1 + (k < len(labels))  # the options shown, Cancel, More
        shown = labels[:k] + ([more] if k < len(labels) else [])
        if -(-n // dialog_columns(lay, shown, n, bool(lines), dense)) <= rows:
            return k
    return 1


def split_label(lay: Layout, label: str, width: int, always: bool = False) -> tuple[str, str] | None:
    """A dialog option's ``label`` too wide for one line of ``width`` px even shrunk to the reading size
    (``lay.small``, where a button's label is cut), on two lines: its part before the first ": " (bold) over
    the rest, both at the reading size, when both fit (a card's name over what it does: "C28" /
    "Fuel+Eng+Wild+Hull, draw 2"); else None (one line, as before). ``always``: also a label that fits on
    one line (a dense dialog whose other options are on two lines: every card's name over what it does)."""
    if ": " not in label or not always and text.width(label, lay.small, True) <= width:
        return None
    head, tail = label.split(": ", 1)
    if text.width(head, lay.small, True) <= width and text.width(tail, lay.small) <= width:
        return head, tail
    return None


def option_fits(lay: Layout, label: str, columns: int = 1, lines: bool = False) -> bool:
    """True when a dialog (with ``lines`` of text or not) shows ``label`` whole on a button of one of
    ``columns``: on one line (shrunk to the reading size at most), or on two (:func:`split_label`)."""
    inner_w = dialog_width(lay, lines) - lay.px(24)
    width = (inner_w - (columns - 1) * lay.gap) // columns - 2 * lay.px(8)
    return text.width(label, lay.small, True) <= width or split_label(lay, label, width) is not None


def dialog_names(d: Any) -> list[str]:
    """The names (``tap`` finds them by, :func:`~companion.ui.widgets.button_name`) of every choice
    :func:`draw_dialog` draws for dialog ``d``: its options in order (a greyed one, callback None or a
    :class:`~companion.ui.widgets.Greyed`, ending in ``WHY``), then its Cancel (``d.cancel_label``: "Cancel",
    "Close"...) when it has one. Not the \u25b2
    \u25bc of its lines ("Dialog up", "Dialog down"): those page, they choose nothing."""
    return [button_name(label, tappable(cb)) for label, cb in d.options] + ([d.cancel_label] if d.cancel else [])


def draw_dialog(ui: Ui, app: Any) -> None:
    """A modal choice over the screen: title, its lines (readable size; \u25b2
    \u25bc page through them when they do not all fit), its ``note`` (NEXT pressed where it answers nothing:
    :data:`~companion.ui.app.NEXT_NO_ANSWER`, bold, in the warning colour, above the buttons; in the
    title's place when a page of buttons leaves no room for both), option buttons, Cancel."""
    d = app.dialog
    if d is None:
        return
    lay = ui.layout
    ui.modal()
    n = len(d.options) + (1 if d.cancel else 0)
    w = dialog_width(lay, bool(d.lines))
    ncols = dialog_columns(lay, [label for label, _ in d.options], n, bool(d.lines), d.dense)
    nrows = -(-n // ncols)
    bh = lay.touch
    size = lay.small
    lh = text.font(size).get_linesize()
    title_lines = text.wrap(d.title, w - lay.px(24), lay.body, True)
    title_h = len(title_lines) * text.font(lay.body, True).get_linesize()
    indent = lay.px(16) if d.hang else 0   # items of a list: where the next begins is seen (Dialog.hang)
    wrapped = _rows(d.lines, w - lay.px(24) - lay.touch - lay.gap, indent, size)
    buttons_h = nrows * (bh + lay.gap)
    note = text.wrap(d.note, w - lay.px(24), size, True) if d.note else []
    note_lh = text.font(size, True).get_linesize()
    note_h = len(note) * note_lh + lay.gap if note else 0
    room = lay.h - 2 * lay.gap - lay.px(20) - title_h - lay.gap - buttons_h - lay.px(16) - note_h
    if note and room < (lh + lay.gap if wrapped else 0):
        room += title_h  # no room for both (a page of buttons as tall as the screen): the note instead
        title_lines, title_h = [], 0
    fit = max(1, room // lh) if wrapped else 0
    paged = len(wrapped) > fit
    if not paged:
        wrapped = _rows(d.lines, w - lay.px(24), indent, size)
    lines_h = (min(fit, len(wrapped)) * lh + lay.gap) if wrapped else 0
    if paged:
        lines_h = max(lines_h, 2 * lay.touch + lay.gap * 2)
    h = lay.px(20) + title_h + lay.gap + lines_h + note_h + buttons_h + lay.px(16)
    box = pygame.Rect(0, 0, w, min(h, lay.h - 2 * lay.gap))
    box.center = (lay.w // 2, lay.h // 2)
    ui.panel(box, PANEL, MARS, width=3)
    inner = box.inflate(-lay.px(24), -lay.px(20))
    title_r, rest = L.take_top(inner, title_h, lay.gap)
    y = title_r.y
    for line in title_lines:
        ui.label(pygame.Rect(title_r.x, y, title_r.w, text.font(lay.body, True).get_linesize()), line, lay.body,
                 FG, bold=True)
        y += text.font(lay.body, True).get_linesize()
    if wrapped:
        lines_r, rest = L.take_top(rest, lines_h - lay.gap, lay.gap)
        if paged:
            btn_r, lines_r = L.take_right(lines_r, lay.touch, lay.gap)
            d.scroll = max(0, min(d.scroll, len(wrapped) - fit))
            up_r, down_r = L.take_top(btn_r, lay.touch, lay.gap)
            down_r = pygame.Rect(btn_r.x, btn_r.bottom - lay.touch, btn_r.w, lay.touch)
            ui.button(up_r, "\u25b2", (lambda: setattr(d, "scroll", max(0, d.scroll - fit + 1))) if d.scroll else None,
                      name="Dialog up")
            ui.button(down_r, "\u25bc", (lambda: setattr(d, "scroll", d.scroll + fit - 1))
                      if d.scroll < len(wrapped) - fit else None, name="Dialog down")
            wrapped = wrapped[d.scroll:d.scroll + fit]
        y = lines_r.y
        for x, line in wrapped:
            ui.label(pygame.Rect(lines_r.x + x, y, lines_r.w - x, lh), line, size, FG)
            y += lh
    if note:  # NEXT pressed where it answers nothing: said here, above the answers to tap
        note_r, rest = L.take_top(rest, note_h - lay.gap, lay.gap)
        for i, line in enumerate(note):
            ui.label(pygame.Rect(note_r.x, note_r.y + i * note_lh, note_r.w, note_lh), line, size, WARN, bold=True)
    cells = L.grid(rest, n, ncols, lay.gap, row_h=bh)
    inside = [cell.w - 2 * lay.px(8) for cell in cells]
    # a dense dialog with some options on two lines has them all so, where they can be (one form for all)
    always = d.dense and any(split_label(lay, label, w) for (label, _), w in zip(d.options, inside))
    for cell, (label, cb), name in zip(cells, d.options, dialog_names(d)):
        two = split_label(lay, label, cell.w - 2 * lay.px(8), always)   # too wide: its name over the rest
        lone = len(d.options) == 1 and d.on_next is not None   # NEXT's colour only where NEXT gives the answer
        ui.button(cell, two[0] if two else label, tappable(cb), "primary" if lone else "normal",
                  sub=two[1] if two else None, name=name,
                  why=None if tappable(cb) else lambda cb=cb, label=label: _why_greyed(app, label, cb))
    if d.cancel:
        ui.button(cells[-1], d.cancel_label, app.close_dialog, "cancel" if d.options else "normal")


def _rows(lines: list[str], width: int, indent: int, size: int) -> list[tuple[int, str]]:
    """Each of ``lines`` wrapped into ``width`` pixels at ``size``, as (x offset, row); with an ``indent``, a line's
    second row and after are that many pixels in (:func:`~companion.ui.text.hang_rows`)."""
    if not indent:
        return [(0, part) for line in lines for part in text.wrap(line, width, size)]
    return [(x, part) for _, x, part in text.hang_rows(lines, width, indent, size)]


def _why_greyed(app: Any, label: str, callback: Any) -> None:
    """A tap on a dialog's greyed option ``label``: the option says why it cannot be chosen (``Greyed.why``:
    the rules' refusal, with its section; or words put in the dialog itself, as the number pad's \u00b1 does)
    or, without words of its own, that it is not possible now. Words said in the message bar close the dialog:
    a message is drawn only without a dialog over it, and said under one it was not seen (the control
    channel's ``message`` named it all the same: a tester's finding)."""
    dialog, said = app.dialog, app.message
    if isinstance(callback, Greyed):
        callback.why()
    else:
        app.say(f"{label[:1].upper() + label[1:]}: not possible now.", "info", 5)
    if app.dialog is dialog and app.message is not said:
        app.close_dialog()


def _faces_h(lay: Any, width: int, labels: Any) -> int:
    """The height (pixels) of the six face buttons :func:`face_pad` draws ``width`` pixels wide: one row of numbers,
    else as many rows as keep each of ``labels`` whole, each a finger's height."""
    if labels == NUMBER_FACES:
        return lay.touch
    widest = max(text.width(label, lay.small, True) for label in labels) + lay.px(20)
    rows = 1 if width >= 6 * widest else 2 if width >= 3 * widest else 3
    return rows * lay.touch + (rows - 1) * lay.gap


def face_pad_height(lay: Any, width: int, labels: Any) -> int:
    """The least height (pixels) of :func:`face_pad` ``width`` pixels wide with face ``labels`` (``app.face_labels()``):
    a line of prompt and the faces at a finger's height each."""
    return 2 * lay.gap + lay.px(36) + lay.gap + _faces_h(lay, width - 2 * lay.gap, labels)


def face_pad(ui: Ui, rect: pygame.Rect, app: Any, prompt: str) -> pygame.Rect:
    """The roll prompt and six face buttons (1..6) filling ``rect``; with a
    keyboard at hand the prompt says keys 1-6 work too. Returns the prompt's rectangle (above the faces:
    a screen may let a message cover it, never a face)."""
    lay = ui.layout
    ui.panel(rect, PANEL, INFO)
    inner = rect.inflate(-2 * lay.gap, -2 * lay.gap)
    st = app.hw.die_status() if app.hw is not None else {"mode": "none"}
    hint = "roll the die, or tap its face" if st.get("connected") else "tap the face rolled"
    hints = [hint + " (or press 1\u20136)", hint] if app.keyboard else [hint]
    labels = app.face_labels()
    pad_h = _faces_h(lay, inner.w, labels)
    prompt_r, rest = L.take_top(inner, max(lay.px(36), inner.h - pad_h - lay.gap), lay.gap)
    # the longest wording that fits whole: the keyboard's keys, then the hint, go first (the faces show them)
    words = [f"Roll: {prompt} \u2014 {h}" for h in hints] + [f"Roll: {prompt}"] if prompt else \
        [h[0].upper() + h[1:] for h in hints]
    ui.block_first(prompt_r, words, lay.small, FG, bold=True)
    labels = app.face_labels()
    numbers = labels == NUMBER_FACES
    if numbers:
        cells = L.cols(rest, 6, lay.gap)
    else:  # symbol labels need room: as many columns as keep a label whole
        widest = max(text.width(label, lay.small, True) for label in labels) + lay.px(20)
        ncols = 6 if rest.w >= 6 * widest else 3 if rest.w >= 3 * widest else 2
        cells = L.grid(rest, 6, ncols, lay.gap)
    for i, cell in enumerate(cells):
        face = i + 1
        ui.button(cell, labels[i], (lambda f=face: app.roll(f, "tap")), "selected",
                  size=lay.big if numbers else lay.small, sub="" if numbers else str(face), name=f"face {face}")
    return prompt_r

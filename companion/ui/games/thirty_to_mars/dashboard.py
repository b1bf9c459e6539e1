"""The day dashboard: resources (tap: how many days each lasts), the crew's
Health, Sanity and status (tap a Marsonaut: their Role, profession and
ability; while placing, a tap selects who goes to the next Bay tapped),
Repair Kits (tap to use; at 0 a tap says why nothing happens) and the broken
Workspaces (tap: every Bay's count).

Readable at 1 m: resources, Health and Sanity are key numbers (24 px
capitals at 800x480), everything else at least 16 px; what does not fit the
7" panel is one tap away instead of shrunk."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.thirty_to_mars.model import BAY_NAMES, RESOURCE_NAMES, RESOURCES

from ... import layout as L
from ... import text
from ...widgets import BAD, DIM, FG, GOOD, INFO, MARS, PANEL, WARN, Hit, Ui

#: a Role's short form where its whole name does not fit a crew row (a tap shows the whole sheet)
ROLE_SHORT = {"Navigator": "Nav.", "Administrator": "Admin.", "Operator": "Oper.", "Coordinator": "Coord."}

DRAIN_PER_DAY = 1  # Turn Overview 3: 1 Oxygen, Food, Fuel and Spares a day


def lasts_days(tokens: int) -> int:
    """Days a resource lasts at the daily drain (tokens // 1 per day)."""
    return tokens // DRAIN_PER_DAY


def days_text(tokens: int) -> str:
    days = lasts_days(tokens)
    return f"{days} day" if days == 1 else f"{days} days"


def regions(lay: Any, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """``(resources, crew, kits)``: where the dashboard in ``rect`` puts its parts."""
    wide = rect.w > rect.h * 1.2
    g = lay.gap
    inner = rect.inflate(-2 * g, -2 * g)
    res_h = lay.px(66) if wide else 2 * lay.px(50) + g
    res_r, rest = L.take_top(inner, res_h, g)
    bottom_r, crew_r = L.take_bottom(rest, lay.touch, g)
    return res_r, crew_r, bottom_r


def crew_grid(lay: Any) -> bool:
    """True where the crew are two columns of tiles (the name and Role, then Health and Sanity:
    :func:`tile_height`): in portrait, where the dashboard spans the screen. Four one-line rows there left
    the rows of the crew and of the Bays under them 44 px high at 480x800, under a finger's ``touch`` (a
    tester's finding); two rows of tiles leave the Bays their finger's height."""
    return lay.portrait


def tile_height(lay: Any, body_h: int) -> int:
    """Pixels of a crew tile (:func:`crew_grid`) on a portrait screen of ``body_h`` pixels under the top bar:
    three lines (the name, the Role, then Health and Sanity as key numbers) where the rows of Bays under the
    dashboard still get a finger's ``touch`` (720x1280), else two (the Role after the name where it fits:
    480x800); at least ``touch``."""
    g = lay.gap
    name = text.font(lay.small, True).get_linesize()
    two = name + text.font(lay.big, True).get_linesize() + lay.px(6)
    three = two + text.font(lay.small).get_linesize()
    panel = 7 * g + lay.px(48) + lay.px(64) + 4 * lay.touch  # the card, four rows of Bays, NEXT, their gaps
    if body_h - (5 * g + lay.px(66) + lay.touch + 2 * three) >= panel:
        return three
    return max(lay.touch, two)


def crew_slots(lay: Any, rect: pygame.Rect) -> list[pygame.Rect]:
    """The four crew places in ``rect``, in crew order: a tile each in two columns (:func:`crew_grid`),
    else a row each."""
    if crew_grid(lay):
        return L.grid(rect, 4, 2, lay.gap)
    return L.rows(rect, 4, lay.gap)


def crew_lines(lay: Any) -> int:
    """Rows the crew take: 2 rows of tiles (:func:`crew_grid`), else 4."""
    return 2 if crew_grid(lay) else 4


def portrait_height(lay: Any, body_h: int) -> int:
    """Pixels the dashboard takes across a portrait screen of ``body_h`` pixels under the top bar: the
    resources in a row, the crew in two rows of tiles (:func:`crew_grid`, :func:`tile_height`), the Repair
    Kits row."""
    g = lay.gap
    return 5 * g + lay.px(66) + lay.touch + 2 * tile_height(lay, body_h)


def draw(ui: Ui, rect: pygame.Rect, app: Any, on_crew: Callable[[int], None] | None = None,
         selected: int | None = None, cover: pygame.Rect | None = None) -> pygame.Rect:
    """The whole dashboard inside ``rect`` (any aspect). ``on_crew(i)``: what
    a tap on Marsonaut ``i`` does (default: show their sheet); ``selected``:
    the Marsonaut highlighted; ``cover``: the message box over the top of the
    dashboard: the four crew rows go under it (:func:`under_message`), the
    Repair Kits row left out where they need its room (a tester's finding: the
    message hid three Marsonauts). Returns the rectangle of the crew list."""
    lay = ui.layout
    state = app.state
    res_r, crew_r, bottom_r = regions(lay, rect)
    covered = cover is not None and cover.colliderect(res_r)  # a tap there closes the message
    resources(ui, res_r, state, 4 if res_r.h < 2 * lay.px(50) else 2, None if covered else app)
    placed = under_message(lay, rect, cover)
    if placed is not None:
        crew_r, bottom_r = placed
        cover = None
    crew(ui, crew_r, state, app, on_crew, selected, cover)
    if bottom_r is not None:
        kits(ui, bottom_r, state, app)
    return crew_r


def crew_row_min(lay: Any, rect: pygame.Rect) -> int:
    """Pixels a crew row keeps under a message: a finger's tap (86% of ``touch``), or the row's own
    height where the dashboard in ``rect`` gives it less; a tile (portrait, :func:`crew_grid`) its own height."""
    natural = crew_slots(lay, regions(lay, rect)[1])[0].h
    if crew_grid(lay):  # a tile keeps its two lines
        return natural
    return min(-(-lay.touch * 86 // 100), natural)


def under_message(lay: Any, rect: pygame.Rect,
                  cover: pygame.Rect | None) -> tuple[pygame.Rect, pygame.Rect | None] | None:
    """``(crew, kits or None)``: where the four crew rows and the Repair Kits row go when the message
    box ``cover`` lies over the top of the dashboard in ``rect``: the crew from under the box, each row
    at least :func:`crew_row_min`, above the kits row where both fit, else down to the dashboard's
    bottom with the kits row left out (a tap on the message closes it and brings it back). None when
    nothing covers the dashboard (the usual places), or the box leaves no room for four rows (a
    message too long for the dashboard, over the whole screen: the rows under it are left out)."""
    if cover is None or not cover.colliderect(rect):
        return None
    g = lay.gap
    _, crew_r, kits_r = regions(lay, rect)
    if cover.y > crew_r.y + g:
        return None  # not over the top of the dashboard
    top = max(crew_r.y, cover.bottom + g)
    n = crew_lines(lay)
    need = n * crew_row_min(lay, rect) + (n - 1) * g
    if kits_r.y - g - top >= need:
        return pygame.Rect(crew_r.x, top, crew_r.w, kits_r.y - g - top), kits_r
    if kits_r.bottom - top >= need:
        return pygame.Rect(crew_r.x, top, crew_r.w, kits_r.bottom - top), None
    return None


def message_room(lay: Any, rect: pygame.Rect, resources_too: bool) -> pygame.Rect:
    """The most of the dashboard in ``rect`` a message box may take, from its top (over the
    resources, with ``resources_too``) or from the crew list's top, down to where the four crew rows
    and the Repair Kits row still fit under it (:func:`under_message`; a tester's finding: a tall
    message hid the Repair Kits and Broken buttons, at 800x480 and 480x800)."""
    res_r, crew_r, kits_r = regions(lay, rect)
    top = res_r.y if resources_too else crew_r.y
    n = crew_lines(lay)
    bottom = kits_r.y - lay.gap - (n * crew_row_min(lay, rect) + (n - 1) * lay.gap) - lay.gap
    return pygame.Rect(crew_r.x, top, crew_r.w, max(0, bottom - top))


def resources(ui: Ui, rect: pygame.Rect, state: Any, ncols: int, app: Any) -> None:
    """The four resources in ``ncols`` columns; with ``app``, a tap says how long each lasts."""
    lay = ui.layout
    for cell, name, have in zip(L.grid(rect, 4, ncols, lay.gap), RESOURCES, state.resources):
        days = lasts_days(have)
        colour = BAD if days <= 3 else WARN if days <= 7 else GOOD
        ui.panel(cell, PANEL)
        inner = cell.inflate(-lay.px(8), -lay.px(2))
        if ncols == 4:  # wide: the name above the number
            top, bottom = L.take_top(inner, int(inner.h * 0.42))
            ui.label(top, RESOURCE_NAMES[name], lay.small, FG, "center", bold=True)
            ui.label(bottom, str(have), lay.big, colour, "center", bold=True, cls="key")
        else:
            num_r, name_r = L.take_right(inner, text.width("30", lay.big, True), lay.px(2))
            ui.label(name_r, RESOURCE_NAMES[name], lay.small, FG, bold=True)
            ui.label(num_r, str(have), lay.big, colour, "right", bold=True, cls="key")
    if app is not None:
        ui.hits.append(Hit(pygame.Rect(rect), "Resources", lambda: show_resources(app)))


def show_resources(app: Any) -> None:
    state = app.state
    app.show_info("Resources: the crew uses 1 of each a day (Turn Overview 3)",
                  [f"{RESOURCE_NAMES[r]} {have}: lasts {days_text(have)}"
                   for r, have in zip(RESOURCES, state.resources)])


def crew(ui: Ui, rect: pygame.Rect, state: Any, app: Any, on_crew: Callable[[int], None] | None = None,
         selected: int | None = None, cover: pygame.Rect | None = None) -> None:
    """A row per Marsonaut; under a message box (``cover``) only the rows
    below it, the ``selected`` Marsonaut first among them."""
    lay = ui.layout
    tap = on_crew or (lambda i: show_marsonaut(app, i))
    grid = crew_grid(lay)
    if not grid:  # the rows' measures (a tile measures its own)
        one_line = rect.w >= lay.px(420)  # room for the Role after the name
        two_lines = text.font(lay.small, True).get_linesize() + text.font(lay.small).get_linesize()
        name_w = max(text.width(m.profile.short, lay.small, True) for m in state.crew)
    slots = crew_slots(lay, rect)
    shown = list(range(4))
    if cover is not None:
        slots = [r for r in slots if not r.colliderect(cover)]
        first = [selected] if selected is not None and 0 <= selected < 4 else []
        shown = sorted((first + [i for i in range(4) if i not in first])[:len(slots)])
    for i, row in zip(shown, slots):
        m = state.crew[i]
        sel = selected == i
        ui.panel(row, INFO if sel else PANEL, INFO if sel else None)
        fg = (6, 16, 26) if sel else FG
        dim = (6, 16, 26) if sel else DIM
        ui.hits.append(Hit(pygame.Rect(row), m.profile.short, lambda i=i: tap(i)))
        if grid:
            _tile(ui, row, m, fg, dim, sel)
            continue
        inner = row.inflate(-lay.px(10), 0)
        h_w = text.width("H 10", lay.big, True)
        s_w = text.width("S 10", lay.big, True)
        stats_r, name_r = L.take_right(inner, h_w + s_w + lay.px(10), lay.px(6))
        # a Knocked Out Marsonaut's day in the Role's place (the Role is on the sheet a tap shows)
        ko = None if m.active else f"KO day {m.knocked_out_day}"
        role = _role_fitting(ko or m.role, name_r.w, lay.small)
        if name_r.h >= two_lines and role and text.width(m.profile.short, lay.small) <= name_r.w:
            top, bottom = L.take_top(name_r, name_r.h // 2)  # the Role under the name (bold where it fits)
            bold = text.width(m.profile.short, lay.small, True) <= name_r.w
            ui.label(top, m.profile.short, lay.small, fg if m.active else dim, bold=bold, valign="top")
            ui.label(bottom, role, lay.small, BAD if ko else dim)
        elif one_line:  # the Role after the name where it fits, else a tap shows it
            name_r, role_r = L.take_left(name_r, min(int(name_r.w * 0.6), name_w), lay.px(12))
            ui.label(name_r, m.profile.short, lay.small, fg if m.active else dim, bold=True)
            role = _role_fitting(ko or m.role, role_r.w, lay.small)
            if role:
                ui.label(role_r, role, lay.small, BAD if ko else dim)
        else:
            bold = text.width(m.profile.short, lay.small, True) <= name_r.w  # regular weight where bold is too wide
            ui.label(name_r, m.profile.short, lay.body, fg if m.active else dim, bold=bold)
        h_r, s_r = L.take_left(stats_r, h_w, lay.px(10))
        if not m.active:  # "KO" where Health is (the day in the Role's place); Sanity stays in sight
            ui.label(h_r, "KO", lay.big, BAD, bold=True, cls="key")
        else:
            _health(ui, h_r, m, fg)
        _sanity(ui, s_r, m, fg, dim, sel)


def _tile(ui: Ui, tile: pygame.Rect, m: Any, fg: Any, dim: Any, sel: bool) -> None:
    """A Marsonaut's tile (:func:`crew_grid`): the name, the Role (on a line of its own where the tile has
    room, else after the name where it fits), then Health and Sanity as key numbers; a Knocked Out
    Marsonaut's "KO day N" in red where Health is."""
    lay = ui.layout
    inner = tile.inflate(-lay.px(10), -lay.px(4))
    name_h = text.font(lay.small, True).get_linesize()
    big_h = text.font(lay.big, True).get_linesize()
    top, bottom = L.take_top(inner, name_h)
    name_w = text.width(m.profile.short, lay.small, True)
    ui.label(pygame.Rect(top.x, top.y, min(name_w, top.w), top.h), m.profile.short, lay.small,
             fg if m.active else dim, bold=name_w <= top.w)
    if bottom.h - big_h >= text.font(lay.small).get_linesize():  # a line of its own
        role_r, bottom = L.take_top(bottom, bottom.h - big_h)
        role = _role_fitting(m.role, role_r.w, lay.small)
    else:
        role_r = L.take_left(top, name_w, lay.px(10))[1]
        role = _role_fitting(m.role, role_r.w, lay.small) if role_r.w > 0 else None
    if role:
        ui.label(role_r, role, lay.small, dim, "left" if role_r.x == inner.x else "right")
    h_w = max(text.width("H 10", lay.big, True), text.width("KO day 30", lay.small, True))
    h_r, s_r = L.take_left(bottom, h_w, lay.px(10))
    if not m.active:
        ui.label(h_r, f"KO day {m.knocked_out_day}", lay.small, BAD, bold=True)
    else:
        _health(ui, h_r, m, fg)
    _sanity(ui, s_r, m, fg, dim, sel)


def _health(ui: Ui, rect: pygame.Rect, m: Any, fg: Any) -> None:
    """An Active Marsonaut's Health as a key number, red at 2 and under."""
    ui.label(rect, f"H {m.health}", ui.layout.big, fg if m.health > 2 else BAD, bold=True, cls="key")


def _sanity(ui: Ui, rect: pygame.Rect, m: Any, fg: Any, dim: Any, sel: bool) -> None:
    """A Marsonaut's Sanity as a key number: orange at 10 (the Special Ability ready), blue while warded."""
    ready = m.sanity >= 10
    colour = MARS if ready and not sel else INFO if m.warded and not sel else fg if m.active else dim
    ui.label(rect, f"S {m.sanity}", ui.layout.big, colour, bold=True, cls="key")


def _role_fitting(role: str, max_w: int, size: int) -> str | None:
    """``role`` whole, or its short form (:data:`ROLE_SHORT`), if it fits ``max_w`` pixels at ``size``; else None."""
    return next((r for r in (role, ROLE_SHORT.get(role)) if r and text.width(r, size) <= max_w), None)


def show_marsonaut(app: Any, i: int) -> None:
    """A Marsonaut's sheet: Role, profession and bonus Bay, Special Ability, status."""
    m = app.state.crew[i]
    p = m.profile
    status = (f"Knocked Out on day {m.knocked_out_day}" if not m.active else
              "Special Ability ready (Sanity 10)" if m.sanity >= 10 else
              "warded: the next Sanity loss is prevented" if m.warded else "Active")
    app.show_info(f"{p.name}: {m.role}", [
        f"Health {m.health}, Sanity {m.sanity} \u00b7 {status}",
        f"{p.profession}: one more in the {BAY_NAMES[p.bonus_bay]}",
        f"Special Ability (at Sanity 10): {p.ability_text}"])


def kits(ui: Ui, rect: pygame.Rect, state: Any, app: Any) -> None:
    """Repair Kits (a button; it says why when none can be used) and the
    broken Workspaces (a tap lists every Bay)."""
    lay = ui.layout
    kit_r, info_r = L.take_left(rect, int(rect.w * 0.5), lay.gap)
    repairs = app.game.repairable_bays(state)
    ui.button(kit_r, f"Kits {state.repair_kits}", lambda: ask_repair(app), "good" if repairs else "normal",
              size=lay.small, name="Repair Kits")
    broken = [(b, n) for b, n in zip(range(1, 7), state.broken) if n]
    total = sum(n for _, n in broken)
    words = f"Broken {total}"
    ui.button(info_r, words, lambda: show_broken(app), "danger" if broken else "normal", size=lay.small,
              name="Broken")


def show_broken(app: Any) -> None:
    state = app.state
    lines = [f"{BAY_NAMES[b]}: {n} of 4 Workspaces broken" for b, n in zip(range(1, 7), state.broken) if n]
    acc = ", ".join(str(d) for d in state.accident_days) or "none"
    app.show_info("Broken Workspaces (Breaking Workspaces)",
                  (lines or ["Every Workspace works."]) + [f"Repair Kits: {state.repair_kits} of 4",
                                                          f"Accident days: {acc}"])


def ask_repair(app: Any) -> None:
    """Which Bay's broken Workspace a Repair Kit fixes (Fixing Workspaces);
    with none to use, the rules' refusal (no Repair Kit, nothing broken) is
    shown with its section and kept in the log."""
    state = app.state
    bays = app.game.repairable_bays(state)
    if not bays:
        tried = Action("repair", {"bay": next((b for b in range(1, 7) if state.broken[b - 1]), 1)})
        app.reject(app.game.check(state, tried), action=tried)
        return

    def repair(bay: int) -> None:
        app.close_dialog()
        app.submit(Action("repair", {"bay": bay}))
    options = [(f"{BAY_NAMES[b]} ({state.broken[b - 1]})", (lambda b=b: repair(b))) for b in bays]
    app.ask(f"Use a Repair Kit ({state.repair_kits} left) on which Bay?", options)

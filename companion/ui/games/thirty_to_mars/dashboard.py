"""The day dashboard: resources (and how many days each lasts), the crew's
Health, Sanity and status, Repair Kits (tap to use) and broken Workspaces."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.thirty_to_mars.model import BAY_NAMES, RESOURCE_NAMES, RESOURCES

from ... import layout as L
from ... import text
from ...widgets import BAD, DIM, FG, GOOD, INFO, MARS, PANEL, WARN, Ui

DRAIN_PER_DAY = 1  # Turn Overview 3: 1 Oxygen, Food, Fuel and Spares a day


def lasts_days(tokens: int) -> int:
    """Days a resource lasts at the daily drain (tokens // 1 per day)."""
    return tokens // DRAIN_PER_DAY


def draw(ui: Ui, rect: pygame.Rect, app: Any) -> None:
    """The whole dashboard inside ``rect`` (any aspect)."""
    lay = ui.layout
    state = app.state
    wide = rect.w > rect.h * 1.3
    g = lay.gap
    inner = rect.inflate(-2 * g, -2 * g)
    res_h = lay.px(64) if wide else 2 * lay.px(58) + g
    res_r, rest = L.take_top(inner, res_h, g)
    bottom_r, crew_r = L.take_bottom(rest, lay.touch, g)
    resources(ui, res_r, state, 4 if wide else 2)
    crew(ui, crew_r, state, app)
    kits(ui, bottom_r, state, app)


def resources(ui: Ui, rect: pygame.Rect, state: Any, ncols: int) -> None:
    lay = ui.layout
    for cell, name, have in zip(L.grid(rect, 4, ncols, lay.gap), RESOURCES, state.resources):
        days = lasts_days(have)
        colour = BAD if days <= 3 else WARN if days <= 7 else GOOD
        ui.panel(cell, PANEL)
        inner = cell.inflate(-lay.px(12), -lay.px(4))
        top, bottom = L.take_top(inner, int(inner.h * 0.40))
        ui.label(top, RESOURCE_NAMES[name], lay.small, FG, bold=True)
        left, right = L.take_left(bottom, int(bottom.w * 0.38))
        ui.label(left, str(have), lay.big, colour, bold=True)
        ui.label(right, f"{days} day" if days == 1 else f"{days} days", lay.small, DIM, align="right")


def crew(ui: Ui, rect: pygame.Rect, state: Any, app: Any) -> None:
    lay = ui.layout
    for row, m in zip(L.rows(rect, 4, lay.gap), state.crew):
        ui.panel(row, PANEL)
        inner = row.inflate(-lay.px(12), -lay.px(4))
        name_r, rest = L.take_left(inner, int(inner.w * 0.36))
        ko = f"KO day {m.knocked_out_day}"
        if row.h >= lay.px(46):
            top, bottom = L.take_top(name_r, int(name_r.h * 0.56))
            if m.active:
                ui.label(bottom, m.role, lay.px(15), DIM)
            else:
                ui.label(bottom, ko, lay.px(15), BAD, bold=True)
        else:
            top = name_r
        ui.label(top, m.profile.short, lay.body, FG if m.active else DIM, bold=True)
        h_r, rest = L.take_left(rest, int(rest.w * 0.31), lay.gap)
        s_r, st_r = L.take_left(rest, int(rest.w * 0.42), lay.gap)
        hc = BAD if m.health <= 2 else FG
        ui.label(h_r, f"H {m.health}", lay.body, hc, bold=True)
        ready = m.sanity >= 10 and m.active
        ui.label(s_r, f"S {m.sanity}" + ("\u2605" if ready else ""), lay.body, MARS if ready else FG, bold=True)
        if not m.active:  # "KO day N" where it fits, else "KO" (the day is under the name)
            fits = text.width(ko, lay.px(14)) <= st_r.w or row.h < lay.px(46)
            status, colour = ko if fits else "KO", BAD
        elif ready:
            status, colour = "ability", MARS
        elif m.warded:
            status, colour = "warded", INFO
        else:
            status, colour = "active", GOOD
        ui.label(st_r, status, lay.px(17), colour, align="right")


def kits(ui: Ui, rect: pygame.Rect, state: Any, app: Any) -> None:
    """Repair Kits (a button when one can be used) and the broken Workspaces."""
    lay = ui.layout
    kit_r, info_r = L.take_left(rect, int(rect.w * 0.46), lay.gap)
    repairs = app.game.repairable_bays(state)
    ui.button(kit_r, f"Repair Kits {state.repair_kits}", (lambda: ask_repair(app)) if repairs else None,
              "good" if repairs else "normal", size=lay.small, name="Repair Kits")
    broken = [f"{b}:{n}" for b, n in zip(range(1, 7), state.broken) if n]
    ui.panel(info_r, PANEL)
    inner = info_r.inflate(-lay.px(10), -lay.px(4))
    top, bottom = L.take_top(inner, inner.h // 2)
    ui.label(top, "Broken: " + (("Bay " + " ".join(broken)) if broken else "none"), lay.px(17),
             BAD if broken else GOOD, bold=True)
    acc = ", ".join(str(d) for d in state.accident_days) or "\u2014"
    ui.label(bottom, f"Accident {acc}", lay.px(17), WARN)


def ask_repair(app: Any) -> None:
    """Which Bay's broken Workspace a Repair Kit fixes (Fixing Workspaces)."""
    state = app.state

    def repair(bay: int) -> None:
        app.close_dialog()
        app.submit(Action("repair", {"bay": bay}))
    options = [(f"{BAY_NAMES[b]} ({state.broken[b - 1]})", (lambda b=b: repair(b)))
               for b in app.game.repairable_bays(state)]
    app.ask(f"Use a Repair Kit ({state.repair_kits} left) on which Bay?", options)

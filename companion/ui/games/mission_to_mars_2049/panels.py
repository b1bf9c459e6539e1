"""Mission to Mars 2049: the player panels and the top bar's turn line.

Everything shown comes from the rules' ``summary(state)`` and ``to_act``;
hands are shown open by default (everything in them came from public play),
and ``app.settings["hide_hands"]`` shows only the acting player's hand.
"""
from __future__ import annotations

from typing import Any

import pygame

from ... import layout as L
from ...widgets import DIM, FG, INFO, MARS, PANEL, PANEL_HI, Hit, Ui

#: Player colours on screen (the board game's token colours); unknown names fall back to grey.
COLOURS = {"red": (232, 72, 72), "blue": (70, 140, 250), "green": (80, 200, 110), "yellow": (240, 205, 60),
           "white": (235, 235, 235), "black": (120, 120, 130), "orange": (255, 140, 50), "purple": (170, 100, 230)}


def colour_of(name: str) -> tuple[int, int, int]:
    return COLOURS.get(name, (180, 180, 180))


def seat_chip(ui: Ui, rect: pygame.Rect, colour: str, mark: str) -> None:
    """A disc in the player's colour with their mark (seat number) on it: not colour alone."""
    lay = ui.layout
    r = min(rect.w, rect.h) // 2
    pygame.draw.circle(ui.surface, colour_of(colour), rect.center, r)
    pygame.draw.circle(ui.surface, (10, 12, 24), rect.center, r, width=max(1, lay.px(2)))
    ui.label(rect, mark, lay.small, (10, 12, 24), "center", bold=True)


def turn_line(ui: Ui, rect: pygame.Rect, app: Any, state: Any) -> None:
    """The acting player's chip and name and, below, "turn 7" or what they do."""
    lay = ui.layout
    game = app.game
    turn = game.to_act(state)
    seats = game.seats(state)
    first = seats[turn.seats[0]] if turn.seats else None
    if first is None:
        ui.label(rect, turn.label or app.title(), lay.small, FG, bold=True)
        return
    chip, rect = L.take_left(rect, min(rect.h - lay.px(8), lay.px(44)), lay.gap)
    seat_chip(ui, chip, first.colour, first.mark)
    top, bottom = L.take_top(rect, int(rect.h * 0.58))
    several = len(turn.seats) > 1 and turn.mode == "several" and game.phase(state) != "main"
    ui.label(top, "Several players" if several else first.name, lay.body, FG, bold=True)
    number = app.view().get("turn")
    phase = game.phase(state)
    ui.label(bottom, "roll-off" if phase == "rolloff" else f"turn {number}" if number else "", lay.small, DIM)


def player_panels(ui: Ui, rect: pygame.Rect, app: Any, state: Any) -> None:
    """One panel per player, in table order: Air, Food, Minerals (cards and
    tokens together), Road cards, tournament points; then Bases, active
    Stations by type, Laboratories (the trade rate) and Mission Cards held."""
    lay = ui.layout
    summary = app.view()
    players = summary["players"]
    turn = app.game.to_act(state)
    hide = app.settings.get("hide_hands", False)
    current = turn.seats[0] if turn.seats else -1
    rows = L.rows(rect, len(players), lay.gap)
    for i, (row, p) in enumerate(zip(rows, players)):
        acting = i == current
        ui.panel(row, PANEL_HI if acting else PANEL, MARS if acting else None, width=3)
        ui.hits.append(Hit(pygame.Rect(row), p["name"], lambda i=i: show_player(app, i)))
        inner = row.inflate(-lay.px(12), -lay.px(6))
        head, rest = L.take_top(inner, int(inner.h * 0.34))
        chip, head = L.take_left(head, head.h, lay.gap)
        seat_chip(ui, chip, p["colour"], str(i + 1))
        pts_r, head = L.take_right(head, lay.px(84), lay.gap)
        ui.label(pts_r, f"{p['points']} pts", lay.small, MARS if acting else DIM, "right", bold=True)
        status = " \u2022 captured" if p.get("captured") else ""
        ui.label(head, p["name"] + status, lay.body, FG, bold=True)
        numbers, line = L.take_top(rest, int(rest.h * 0.6))
        missions = p["missions_held"]
        held = missions["peaceful"] + missions["aggressive"]
        if hide and not acting:
            total = sum(p["value"].values())
            ui.label(numbers, f"{total} resources \u00b7 {p['road_cards']} Road", lay.small, DIM)
        else:
            values = (("A", p["value"]["air"]), ("F", p["value"]["food"]), ("M", p["value"]["minerals"]),
                      ("R", p["road_cards"]))
            for cell, (letter, value) in zip(L.cols(numbers, 4, lay.gap), values):
                lab_r, val_r = L.take_left(cell, lay.px(22))
                ui.label(lab_r, letter, lay.small, DIM, bold=True)
                ui.label(val_r, str(value), lay.big, FG, bold=True, cls="key")
        stations = sum(p["active_stations"].values())
        bases = p["bases"]
        ui.label(line, f"{bases} Base{'s' if bases > 1 else ''} \u00b7 {stations} St \u00b7 {p['trade_rate']}"
                       f" \u00b7 {held} Mis", lay.small, INFO)

def player_lines(app: Any, seat: int) -> list[str]:
    """A player's details for the dialog a tap on their panel opens: buildings by
    Base, tokens, and what no paper game gives (6.0): the chance their Stations
    produce on the next roll, expected income per round, what they can build
    now and how many bank trades away the next Base is."""
    from companion.rules.mission_to_mars_2049 import advice
    state = app.state
    p = app.view()["players"][seat]
    lines = []
    for k, b in p["buildings"].items():
        if not b["standing"] and not b["stations"]:
            continue
        what = [f"{st['resource'].capitalize()} Station" + ("" if st["active"] else " (inactive)")
                for st in b["stations"]] + [f"Laboratory ({lab['lab']})" + ("" if lab["active"] else " (inactive)")
                                            for lab in b["laboratories"]]
        lines.append(f"Base {k}" + ("" if b["standing"] else " (destroyed)") + ": " + (", ".join(what) or "nothing"))
    tokens = [f"({n}) {r.capitalize()} x{c}" for n in (3, 8) for r, c in p[f"tokens{n}"].items() if c]
    lines.append("Tokens: " + (", ".join(tokens) if tokens else "none") + f" \u00b7 Road cards {p['road_cards']}")
    chance = advice.production_chance(state, seat)
    income = advice.expected_income(state, seat)["per_round"]
    lines.append(f"Next roll produces for them: {chance:.0%} \u00b7 per round about "
                 + ", ".join(f"{v:.1f} {r.capitalize()}" for r, v in income.items()))
    can = advice.buildable(state, seat)
    lines.append("Can build now: " + (", ".join(c.replace("_", " ").capitalize() for c in can) if can else "nothing"))
    trades = advice.trades_to_base(state, seat)
    lines.append("Next Base: " + ("out of reach by bank trades" if trades is None else
                                  "affordable now" if trades == 0 else f"{trades} bank trade(s) away"))
    return lines


def show_player(app: Any, seat: int) -> None:
    """The dialog with :func:`player_lines` of ``seat``."""
    app.show_info(app.view()["players"][seat]["name"], player_lines(app, seat))

"""Mission to Mars 2049: the player panels and the top bar's turn line.

Everything shown comes from the rules' ``summary(state)`` and ``to_act``;
hands are shown open by default (everything in them came from public play);
a game started with its ``hidden_hands`` option shows only the acting player's hand (:func:`hand_shown`).
"""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.words import count

from ... import layout as L
from ...seats import seat_chip
from ... import text
from ...widgets import DIM, FG, INFO, MARS, PANEL, PANEL_HI, Hit, Ui
from .cells import cells, letter_w, resource
from .labels import BUILDABLE, STATION_LABEL

#: Player colours on screen (the board game's token colours); unknown names fall back to grey.
def hidden_hands(app: Any) -> bool:
    """True when the open game was started with hands hidden (its ``hidden_hands`` option, kept with the
    game: a restart keeps it)."""
    record = app.session.record
    return record is not None and record.options.get("hidden_hands") is True


def hand_shown(app: Any, state: Any) -> int:
    """The seat whose hand the screen shows when hands are hidden: the first player to act, but in a
    Protection window (phase ``"protect"``) the player whose turn it is. The players who may answer with
    Protection (4.1 Peaceful Mission Cards) need no hand to answer, and the first of them is not the one
    at the screen: a tester saw Blue's cards shown to the whole table, Red's hidden, while Red waited
    for Blue or Green to answer Red's Black Friday accident. In the roll-off (phase ``"rolloff"``, 3.3 Who
    starts the game?) nobody's turn has begun: nobody's hand (a tester saw the roller's cards). Once that player
    has drawn a card blind this turn (``drawn_blind``: 3.5 Robbery, the Grand Theft Mission), nobody's until the
    die passes on: their "A 21" beside the "A 20" the table saw before the draw named the kind that
    ``hidden_hands_text`` hides ("Red draws 1 Resource card blind from Blue"; a play test's finding). -1:
    nobody's."""
    phase = app.game.phase(state)
    if phase == "rolloff":
        return -1
    if phase == "protect":
        seat = state.current
    else:
        acting = app.game.to_act(state).seats
        seat = acting[0] if acting else -1
    return -1 if seat >= 0 and app.game.drawn_blind(state, seat) else seat


def event_lines(app: Any, events: list[Any]) -> list[str]:
    """The lines of ``events`` (``Event``) as the screen shows them: as the rules wrote them, or, with hands
    hidden, as the rules say a table that hides its hands may read them (``hidden_hands_text``: a blind draw
    without the kind drawn, 3.5 Robbery; a tester read "Yellow draws 1 Air card from Green")."""
    if not hidden_hands(app):
        return [e.text for e in events]
    from companion.rules.mission_to_mars_2049 import hidden_hands_text
    return [hidden_hands_text(e) for e in events]


def turn_words(app: Any, state: Any) -> tuple[Any, str, str]:
    """What :func:`turn_line` shows of ``state``: (the acting player's ``Seat``, or None,
    their name, "turn 7" or what they do); the top bar's key (``GameUi.top_bar_key``).

    In a Protection window (phase ``"protect"``) the players named are those who must answer, the rules'
    ``state.react`` (the targets who may hold Protection, 4.1 Peaceful Mission Cards), in the order the
    rules list them, with the first one's chip, and "Protection? · turn 7" below: ``to_act`` lists after them
    the players who may play the Productivity Mission at any time (MA-21), who answer nothing (a tester's
    finding: "Several players" stood for Green alone, beside Red holding a Peaceful card)."""
    game = app.game
    turn = game.to_act(state)
    seats = game.seats(state)
    phase = game.phase(state)
    number = app.view().get("turn")
    turn_no = f"turn {number}" if number else ""
    react = [i for i in getattr(state, "react", ()) if 0 <= i < len(seats)] if phase == "protect" else []
    if react:
        names = [seats[i].name for i in react]
        who = " & ".join(names) if len(names) == 2 else ", ".join(names)
        return seats[react[0]], who, "Protection?" + (f" \u00b7 {turn_no}" if turn_no else "")
    first = seats[turn.seats[0]] if turn.seats else None
    if first is None:
        return None, turn.label or app.title(), ""
    return first, first.name, "roll-off" if phase == "rolloff" else turn_no


def turn_line(ui: Ui, rect: pygame.Rect, app: Any, state: Any) -> None:
    """The acting player's chip and name and, below, "turn 7" or what they do (:func:`turn_words`)."""
    lay = ui.layout
    first, line, under = turn_words(app, state)
    if first is None:
        ui.label(rect, line, lay.small, FG, bold=True)
        return
    chip, rect = L.take_left(rect, min(rect.h - lay.px(8), lay.px(44)), lay.gap)
    seat_chip(ui, chip, first.colour, first.mark)
    top, bottom = L.take_top(rect, int(rect.h * 0.58))
    ui.label(top, line, lay.body, FG, bold=True)
    ui.label(bottom, under, lay.small, DIM)


def bank_text(summary: dict[str, Any], long: bool = False) -> str:
    """The Game Bank's cards (2.1): ``"Bank: A 19 · F 19 · M 19 · R 15"`` (the panels' letters),
    or with ``long`` a sentence with the box's counts."""
    b, box = summary["bank"], summary["bank_box"]
    if long:
        return (f"The Game Bank holds {b['air']} Air, {b['food']} Food, {b['minerals']} Minerals and {b['road']} "
                f"Road cards ({box['air']}, {box['food']}, {box['minerals']} and {box['road']} in the box).")
    return f"Bank: A {b['air']} \u00b7 F {b['food']} \u00b7 M {b['minerals']} \u00b7 R {b['road']}"


def player_panels(ui: Ui, rect: pygame.Rect, app: Any, state: Any) -> None:
    """One panel per player, in table order: Air, Food, Minerals (the cards,
    then smaller what the Resource Tokens are worth: "4+3t"), Road cards,
    tournament points ("12/49 pts" with the 49-point victory agreed, 5.0); then Bases, the Road once
    built, active Stations, the trade rate and Mission Cards held (as many as fit; the details have all)."""
    lay = ui.layout
    summary = app.view()
    players = summary["players"]
    goal = summary.get("points_to_win")  # the 49-point victory agreed: how far each is (a tester's finding)
    turn = app.game.to_act(state)
    hide = hidden_hands(app)
    current = turn.seats[0] if turn.seats else -1
    shown = hand_shown(app, state)
    rows = L.rows(rect, len(players), lay.gap)
    for i, (row, p) in enumerate(zip(rows, players)):
        acting = i == current
        ui.panel(row, PANEL_HI if acting else PANEL, MARS if acting else None, width=3)
        ui.hits.append(Hit(pygame.Rect(row), p["name"], lambda i=i: show_player(app, i)))
        head, numbers, line, name_size = _bands(lay, row)
        disc = head.clip(row.inflate(0, -lay.px(6)))   # inside the panel's frame, where the head reaches out of it
        chip, head = L.take_left(head, disc.h, lay.gap)
        seat_chip(ui, chip.clip(disc), p["colour"], str(i + 1))
        pts = f"{p['points']}/{goal} pts" if goal else f"{p['points']} pts"
        pts_r, head = L.take_right(head, max(lay.px(84), text.width(pts, lay.small, True) + lay.px(4)), lay.gap)
        ui.label(pts_r, pts, lay.small, MARS if acting else DIM, "right", bold=True)
        name_r = ui.label(head, p["name"], name_size, FG, bold=True)
        if p.get("captured"):   # 4.1 Capture Mission; smaller than the name, whole beside "18/49 pts" with 4 players
            x = name_r.right + lay.gap   # (a table test's finding: "Yellow \u2022 capt\u2026" at 800x480)
            room = pygame.Rect(x, head.y, max(1, head.right - x), head.h)
            ui.label(room, text.fitting(("\u2022 captured", "captured"), room.w, lay.small), lay.small, MARS)
        missions = p["missions_held"]
        held = missions["peaceful"] + missions["aggressive"]
        if hide and i != shown:
            total = sum(p["value"].values())
            ui.label(numbers, f"{total} resources \u00b7 {p['road_cards']} Road", lay.small, DIM)
        else:
            # "R 3": Road cards are one digit (at most 3, 3.11.4); the room left goes to the resources
            r_w = letter_w(ui, "R") + text.width("3", lay.big, True) + lay.px(4)
            road_r, cells_r = L.take_right(numbers, r_w, lay.gap)
            kinds = ("air", "food", "minerals")
            tokens = {res: p["value"][res] - p["cards"][res] for res in kinds}
            values = [(r[0].upper(), p["cards"][r], tokens[r]) for r in kinds]
            for (cell, form), (letter, cards, _) in zip(cells(ui, cells_r, values), values):
                resource(ui, cell, letter, cards, form)
            lab_r, val_r = L.take_left(road_r, letter_w(ui, "R"))
            ui.label(lab_r, "R", lay.small, DIM, bold=True)
            ui.label(val_r, str(p["road_cards"]), lay.big, FG, bold=True, cls="key")
        ui.label(line, fitting(ui, line.w, _info_parts(p, held)), lay.small, INFO)


def _bands(lay: Any, row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
    """``(head, numbers, line, name size)``: a panel's three rows in ``row`` (the head: chip, name, points; the
    numbers; the info line) and the name's font size. Where their texts' heights fit in the panel: a third of it,
    then six tenths of the rest, then the rest. Else (4 players at 480x800 and 720x1280) each as tall as its text,
    stacked over the panel's height, the lack shared by the two joints in proportion to the smaller text's height
    and no more than 0.3 of it: what overlaps is the fonts' room above and below the letters; where that is not
    enough, the name at the reading size's floor (a tester's finding: the key numbers sat 2-3 px on the info
    line, "4 Bases \u00b7 3 St \u00b7 4:1 \u00b7 0 Mis", at 480x800)."""
    inner = row.inflate(-lay.px(12), -lay.px(6))
    for name in (lay.body, lay.small):
        heights = (text.font(name, True).get_height(), text.font(lay.big, True).get_height(),
                   text.font(lay.small).get_height())
        if name == lay.body and sum(heights) <= row.h:
            head, rest = L.take_top(inner, int(inner.h * 0.34))
            return (head, *L.take_top(rest, int(rest.h * 0.6)), name)
        lack = max(0, sum(heights) - row.h)
        shares = [min(a, b) for a, b in zip(heights, heights[1:])]
        joints = [round(lack * t / sum(shares)) for t in shares]
        if name == lay.small or all(j <= 0.3 * t for j, t in zip(joints, shares)):
            break
    y = row.y + (row.h - sum(heights) + sum(joints)) // 2
    bands = []
    for h, joint in zip(heights, joints + [0]):
        bands.append(pygame.Rect(inner.x, y, inner.w, h))
        y += h - joint
    return bands[0], bands[1], bands[2], name


def _info_parts(p: dict[str, Any], held: int) -> list[str]:
    """The line under the numbers, most important first: Bases, the Road, Stations (the active ones, then
    those Armageddon left inactive, which still score), trade rate, Missions."""
    bases = p["bases"]
    parts = [f"{bases} Base{'s' if bases > 1 else ''}"]
    if p["road"]:
        parts.append("Road" if p["road_active"] else "Road (inactive)")
    stations = sum(p["active_stations"].values())
    inactive = sum(not st["active"] for b in p["buildings"].values() for st in b["stations"])
    # an inactive Station still scores (5.0: "Each built Station on the map"): the points add up with it
    return parts + [f"{stations} St" + (f" +{inactive} inactive" if inactive else ""), p["trade_rate"],
                    f"{held} Mis"]


def fitting(ui: Ui, width: int, parts: list[str]) -> str:
    """``parts`` joined with " · ", the last ones left out until it fits ``width`` at the small size."""
    font = text.font(ui.layout.small)
    for n in range(len(parts), 0, -1):
        line = " \u00b7 ".join(parts[:n])
        if font.size(line)[0] <= width:
            return line
    return parts[0]


def player_lines(app: Any, seat: int) -> list[str]:
    """A player's details for the dialog a tap on their panel opens: buildings by
    Base, tokens, and what no paper game gives (6.0): the chance their Stations
    produce on the next roll, expected income per round, what they can build
    now (in their turn's main phase; else what they can afford) and how many bank trades away the next Base is.
    With hands hidden, another player's details keep their hand hidden, as their panel does: no tokens by kind,
    nothing they can afford, no trades to their next Base, no resources beside the H2O Station's (a tester's
    finding: a tap on a panel that read "12 resources" showed "5/3/9" and "Can afford: Base")."""
    from companion.rules.mission_to_mars_2049 import advice
    state = app.state
    p = app.view()["players"][seat]
    hide = hidden_hands(app) and seat != hand_shown(app, state)
    lines = []
    for k, b in p["buildings"].items():
        if not b["standing"] and not b["stations"]:
            continue
        what = [f"{STATION_LABEL[st['resource']]} Station" + ("" if st["active"] else " (inactive)")
                for st in b["stations"]] + [f"Laboratory ({lab['lab']})" + ("" if lab["active"] else " (inactive)")
                                            for lab in b["laboratories"]]
        lines.append(f"Base {k}" + ("" if b["standing"] else " (destroyed)") + ": " + (", ".join(what) or "nothing"))
    tokens = [f"({n}) {r.capitalize()} x{c}" for n in (3, 8) for r, c in p[f"tokens{n}"].items() if c]
    lines.append(("Cards and tokens: hidden" if hide else "Tokens: " + (", ".join(tokens) if tokens else "none"))
                 + f" \u00b7 Road cards {p['road_cards']}")  # Road cards lie open on the table (3.11.3)
    chance = advice.production_chance(state, seat)
    income = advice.expected_income(state, seat)["per_round"]
    lines.append(f"Next roll produces for them: {chance:.0%} \u00b7 per round about "
                 + ", ".join(f"{v:.1f} {r.capitalize()}" for r, v in income.items()))
    can = advice.buildable(state, seat)  # what they can pay for: built only in their own turn's main phase (3.4)
    own = seat == getattr(state, "current", None) and app.game.phase(state) == "main"
    if not hide:
        lines.append(("Can build now: " if own else "Can afford: ")   # a tester read "Can build now" for a player
                     + (", ".join(BUILDABLE.get(c, c) for c in can) if can else "nothing"))  # whose turn it was not
    if p["bases"] >= 5:
        lines.append("Next Base: all 5 Bases built")
    elif not hide:
        trades = advice.trades_to_base(state, seat)
        lines.append("Next Base: " + ("out of reach by bank trades" if trades is None else
                                      "affordable now" if trades == 0 else f"{count(trades, 'bank trade')} away"))
    lines.append(road_line(p))
    lines.append(h2o_line(p, hide))
    return lines


def road_line(p: dict[str, Any]) -> str:
    """The Road: built (and whether it works), or what it still needs (3.10, 3.11)."""
    if p["road"]:
        return "Road: built" + ("" if p["road_active"] else " (inactive: Base 5 is destroyed)")
    need = [f"5 Bases (has {p['bases']})"] if p["bases"] < 5 else []
    if p["road_cards"] < 3:
        need.append(f"3 Road cards (has {p['road_cards']})")
    return "Road: not built" + (": needs " + " + ".join(need) if need else ": can be built now")


def h2o_line(p: dict[str, Any], hide: bool = False) -> str:
    """"H2O: needs 5 Bases + Road + 8/8/8 (has 4 Bases, no Road, 5/3/9)" (3.12.2); ``hide``: without what
    the hand holds ("5/3/9"), for another player's hidden hand."""
    v = p["value"]
    have = "" if hide else f", {v['air']}/{v['food']}/{v['minerals']}"
    road = "the Road" if p["road_active"] else "no Road" if not p["road"] else "the Road inactive"
    return f"H2O: needs 5 Bases + Road + 8/8/8 (has {count(p['bases'], 'Base')}, {road}{have})"


def show_player(app: Any, seat: int) -> None:
    """The dialog with :func:`player_lines` of ``seat``."""
    app.show_info(app.view()["players"][seat]["name"], player_lines(app, seat))

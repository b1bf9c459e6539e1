"""Race to Mars: the player panels, the top bar's line, the 12 trajectory
slots, the route ahead and the reminders.

Numbers come from the rules' ``summary(state)``; what it does not hold
(Crew cards, resources left, the route) from :mod:`.facts`. A player is
always shown by colour AND mark (the seat number on the disc) and name.
"""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.race_to_mars.model import HAZARDS

from ... import layout as L
from ...screens.base import Screen
from ...screens.chrome import next_rect
from ...seats import DARK, seat_chip
from ... import text
from ...widgets import DIM, FG, GOOD, INFO, MARS, PANEL, PANEL_HI, WARN, Hit, Ui
from . import facts
from .words import CHIP, SHORT, count, fitting, hq_title, name_fitting

SHORT_PHASE = {"headquarters": "Headquarters", "starting": "Starting cards", "pre-launch": "1.1 Pick a card",
               "leftover": "Trajectory card", "play": "2.1 Play cards", "over": "Game over"}
SUB_PHASE = {2: "2.2 Advance", 3: "2.3 Exchange", 4: "2.4 Experience", 5: "2.5 Discard"}


def short_phase(state: Any) -> str:
    """The step in two or three words ("2.2 Advance", "1.1 Pick a card")."""
    step = facts.step(state)
    if step == "turn":
        return "Hazard!" if facts.hazards(state) else SUB_PHASE.get(facts.sub(state), "")
    return SHORT_PHASE.get(step, step)


def turn_words(app: Any, state: Any) -> tuple[Any, str, tuple[str, ...], bool]:
    """What :func:`turn_line` shows of ``state``: (the acting player's ``Seat`` or None,
    their name or the step, the line under it from the longest form to the shortest,
    whether it is the last round); the top bar's key (``GameUi.top_bar_key``)."""
    turn = app.game.to_act(state)
    view = app.view()
    seats = app.game.seats(state)
    seat = seats[turn.seats[0]] if turn.mode == "one" and turn.seats else None
    if seat is not None:
        line = seat.name
    else:
        line = "2.1 Play cards (all)" if turn.mode == "several" else short_phase(state)
    over = app.game.is_over(state)
    last = view["end_triggered"] and not over
    when = f"Round {view['round']}" if view["round"] else "Setup"
    phase = "" if turn.mode == "several" or over else short_phase(state)
    done = f"{len(turn.done)} of {len(turn.done) + len(turn.seats)} done" if turn.mode == "several" else ""
    code = phase.split()[0] if phase[:1].isdigit() else phase  # "2.2 Advance" -> "2.2"
    options = (" \u00b7 ".join(x for x in (phase, when, done, "last round!" if last else "") if x),
               " \u00b7 ".join(x for x in (when, code, done, "last!" if last else "") if x),
               " \u00b7 ".join(x for x in (when, code, "last!" if last else "") if x),
               " \u00b7 ".join(x for x in (when, "last!" if last else "") if x))
    return seat, line, options, last


def turn_line(ui: Ui, rect: pygame.Rect, app: Any, state: Any) -> None:
    """Top bar: the acting player's disc (colour and seat number) and name
    over "2.2 Advance \u00b7 Round 4" (in 2.1: "Round 4 \u00b7 1 of 3 done";
    once a rocket is on Mars: "last round!"). The round is always shown: in
    a narrow bar the step's words go first, then its name ("2.2" stays)."""
    lay = ui.layout
    seat, line, options, last = turn_words(app, state)
    if seat is not None:
        chip, rect = L.take_left(rect, min(rect.h - lay.px(8), lay.px(44)), lay.gap)
        seat_chip(ui, chip, seat.colour, seat.mark)
        line = name_fitting(line, rect.w, lay.small)
    top, bottom = L.take_top(rect, int(rect.h * 0.56))
    ui.label(top, line, lay.body, FG, bold=True, min_size=lay.small)
    ui.label(bottom, fitting(options, bottom.w, lay.small), lay.small, WARN if last else DIM, min_size=lay.small)


def player_panels(ui: Ui, rect: pygame.Rect, app: Any, state: Any, highlight: tuple[int, ...] = ()) -> None:
    """One panel per player in table order: disc, name (with \u2605 on the Start Player card's holder and
    \u25b6 on the Active Player card's, whatever their mode), mode; then the key
    numbers. Pre-launch: Crew deck, launch readiness ("Launch ready" or
    the Crew deck launching needs, "Crew 5 needs 8", before the modules: the first to be read),
    Rocket modules; the cards by name under them, or, where no line is left under them (four players, also at
    1280x720), beside the key numbers in place of the others ("Crew 4  Rocket: S007").
    Post-launch: spaces to Mars, Experience, Boosts, Asteroids, hand (the acting player's hand third, and
    their first four numbers always shown, smaller where the panel is short: portrait, four players); smaller
    too where that shows more rows of them (the other players' panels in portrait).
    A tap opens the player's details."""
    lay = ui.layout
    view = app.view()
    seats = app.game.seats(state)
    ready = {r["seat"]: r for r in app.game.launch_readiness(state)}
    players = view["players"]
    for i, (row, p) in enumerate(zip(panel_rects(lay, rect, len(players), highlight), players)):
        acting = i in highlight
        ui.panel(row, PANEL_HI if acting else PANEL, MARS if acting else None, width=3)
        ui.hits.append(Hit(pygame.Rect(row), p["name"], lambda i=i: show_player(app, i)))
        inner = row.inflate(-lay.px(10), -lay.px(6))
        head, rest = L.take_top(inner, min(lay.px(30), inner.h // 3))
        chip, head = L.take_left(head, head.h, lay.gap)
        seat_chip(ui, chip, seats[i].colour, seats[i].mark)
        post = p["mode"] == "Post-launch"
        mode = "Post-launch" if post else "Pre-launch"
        mode_w = text.width(mode, lay.small, True) + lay.px(4)
        # the cards the player holds: the Start Player card all game, the Active Player card until it is back in
        # the box, also after its holder launched: it passes once the round's leftover is dealt with (the rules'
        # ``active_player``; "Playing the Game 1: Pre-Launch")
        marks = (" \u2605" if p["start_player"] else "") + (" \u25b6" if p["active_player"] else "")
        name_w = text.width(p["name"] + marks, lay.small, True)
        if head.w - mode_w - lay.gap >= name_w:
            mode_r, head = L.take_right(head, mode_w, lay.gap)
        else:  # narrow: the mode on a line of its own
            mode_r, rest = L.take_top(rest, lay.px(26))
        ui.label(mode_r, mode, lay.small, GOOD if post else INFO, "left" if mode_r.x == rest.x else "right",
                 bold=True, min_size=lay.small)
        ui.label(head, name_fitting(p["name"], head.w, lay.small, after=marks), lay.body, FG, bold=True,
                 min_size=lay.small)
        if post:
            cells = [("to Mars", p["spaces_to_mars"]), ("XP", p["experience"]), ("Boosts", p["boosts"]),
                     ("Asteroids", p["asteroids"]), ("Modules", len(p["rocket_modules"])), ("Hand", p["hand"])]
            key = 2
            if acting:   # the player whose turn it is: the hand too (2.3's exchange, 2.5's keep), always
                cells = cells[:2] + [cells[5]] + cells[2:5]
                key = 4
        else:
            r = ready.get(i, {})
            cells = [("Crew", p["crew_deck"])]
            if r.get("can_launch"):  # what no paper game says: who may launch now, what the others lack
                cells.append(("Launch", "ready"))
            elif r.get("short"):   # the Crew deck launching asks for (the rules' count: "Launching the Rocket")
                cells.append(("needs", r["need"]))
            key = len(cells)   # the Crew deck and the launch: shown whatever the room (smaller where narrow)
            cells += ([("Unplaced", len(p["unplaced"]))] if p["unplaced"] else [])
            # Headquarters 9's Boosts before the Experience (none is gained before launch): they are in the Crew
            # number ("Start with two Boost cards in your Crew deck"), so the panel says how many where it has room
            cells += [("Modules", len(p["rocket_modules"]))] + ([("Boosts", p["boosts"])] if p["boosts"] else [])
            cells.append(("XP", p["experience"]))
        # the cards by name under the numbers, as many lines as the room leaves (the numbers keep their first
        # row before launch, all their rows after): the rocket first, then the Crew cards; counts only without room
        lh = text.font(lay.small).get_linesize()
        # the key cells always: at the body size, closer, where the big size has no room
        rows = cell_rows(lay, rest.w, cells[:key])
        big_rows = rest.h // lay.px(35)
        # after launch, also where the smaller size gives more rows to the numbers the big one leaves out (portrait,
        # four players: the other players' panels showed "to Mars" and XP alone)
        compact = rest.h < lay.px(35) * rows or (post and cell_rows(lay, rest.w, cells) > big_rows
                                                 and rest.h // lay.px(30) > big_rows)
        if compact:
            need = lay.px(30) * cell_rows(lay, rest.w, cells if post else cells[:key], True)
        else:
            need = lay.px(35) * (cell_rows(lay, rest.w, cells) if post else rows)
        lines = card_lines(state, i, max(0, (rest.h - need) // lh), rest.w, lay.small)
        for line in reversed(lines):
            line_r, rest = L.take_bottom(rest, lh)
            ui.label(line_r, line, lay.small, FG, min_size=lay.small)
        if not post and not lines and (rest.h - lay.px(30 if compact else 35)) // lh < 1:
            # no line for the names under the numbers (four players, also at 1280x720): beside the key numbers
            # on their row, in place of the others (the rocket's names say its modules; a tap shows the rest)
            used = cells_width(lay, cells[:key], compact)
            side = pygame.Rect(rest.x + used, rest.y, rest.w - used, row_height(lay, rest, compact))
            beside = card_lines(state, i, 1, side.w, lay.small)
            if beside and ": " in beside[0]:   # names ("Rocket: S003"), not a count the numbers say ("1 module")
                ui.label(side, beside[0], lay.small, FG, min_size=lay.small)
                cells = cells[:key]
        number_cells(ui, rest, cells, compact)


#: card_lines by (state, seat, room, width, size), the state kept to check it is the same one: worked out once per
#: state, not at every frame that shows it (the panels of every player are drawn at each frame)
_CARD_LINES: dict[tuple, tuple[Any, list[str]]] = {}


def card_lines(state: Any, seat: int, room: int, width: int, size: int) -> list[str]:
    """At most ``room`` lines naming ``seat``'s cards in ``width`` px at ``size``: the rocket, top first, on one
    line ("Rocket: S003 (Nav), S007 (free advance 3)", else fewer words, then fewer names with "+2", else "2
    modules"), then the Crew cards owned on the lines left ("Crew: S001, S004, 2 Boosts", the last line ending
    "+2" when they do not all fit; left out when none fits: the Crew number above says it); with one line,
    both on it when they fit. Names from the rules' state (:func:`.facts.own_cards`), what a module does from
    :func:`.facts.module_brief`."""
    if room <= 0:
        return []
    key = (id(state), seat, room, width, size)
    got = _CARD_LINES.get(key)
    if got is not None and got[0] is state:
        return got[1]
    if len(_CARD_LINES) > 64:
        _CARD_LINES.clear()
    lines = _card_lines(state, seat, room, width, size)
    _CARD_LINES[key] = state, lines
    return lines


def _card_lines(state: Any, seat: int, room: int, width: int, size: int) -> list[str]:
    crew, rocket, _ = facts.own_cards(state, seat)
    p = facts.player(state, seat)
    crew = crew + [count(n, w) for n, w in ((p.boosts, "Boost"), (p.asteroids, "Asteroid")) if n]
    what = [facts.module_brief(state, seat, k) for k in range(len(rocket))]

    def fewer(head: str, names: list[str]) -> list[str]:
        return [f"{head}{', '.join(names[:k])}" + (f" +{len(names) - k}" if k < len(names) else "")
                for k in range(len(names), 0, -1)]

    def first(options: list[str]) -> list[str]:
        return next(([o] for o in options if text.width(o, size) <= width), [])
    named = ([f"Rocket: {', '.join(f'{n} ({w})' for n, w in zip(rocket, what))}"] + fewer("Rocket: ", rocket)
             if rocket else [])
    top = first(named + ([count(len(rocket), "module")] if rocket else []))
    if room == 1 and top and crew:   # one line for both: the names of both, else the rocket alone
        return first([f"{r} \u00b7 {c}" for r in named for c in fewer("Crew: ", crew)]) or top
    lines = packed("Crew: ", crew, room - len(top), width, size)
    return (top + lines)[:room]


def packed(head: str, names: list[str], room: int, width: int, size: int) -> list[str]:
    """``head`` and ``names`` comma-separated on at most ``room`` lines of ``width`` px at ``size`` (never cut
    inside a name); names left over are counted at the end of the last line ("+2"); [] when not even one name
    fits."""
    lines: list[str] = []
    shown = 0
    for name in names:
        line = lines[-1] + ", " + name if lines else head + name
        if lines and text.width(line, size) <= width:
            lines[-1] = line
        elif len(lines) < room and text.width(name if lines else line, size) <= width:
            lines.append(name if lines else line)
        else:
            break
        shown += 1
    while lines and shown < len(names):   # the rest counted, fewer names on the last line until the count fits
        line = f"{lines[-1]} +{len(names) - shown}"
        if text.width(line, size) <= width:
            lines[-1] = line
            break
        parts = lines[-1].rsplit(", ", 1)
        shown -= 1
        if len(parts) == 2:
            lines[-1] = parts[0]
        else:
            lines.pop()
    return lines


def cell_width(lay: Any, label: str, value: Any, compact: bool = False) -> int:
    """Pixels :func:`number_cells` takes for one cell (its label, small, and ``value``), without the gap after."""
    size = lay.body if compact else lay.big
    return text.width(label, lay.small) + lay.px(2) + lay.px(6) + text.width("\u2014" if value is None else str(value),
                                                                             size, True)


def cells_width(lay: Any, cells: list[tuple[str, Any]], compact: bool = False) -> int:
    """Pixels :func:`number_cells` takes for ``cells`` on one row, with the gap after the last."""
    return sum(cell_width(lay, label, value, compact) + lay.px(8 if compact else 14) for label, value in cells)


def cell_rows(lay: Any, width: int, cells: list[tuple[str, Any]], compact: bool = False) -> int:
    """How many rows :func:`number_cells` needs to show every one of ``cells`` in ``width`` px (``compact``:
    values at the body size, closer together)."""
    gap, x, rows = lay.px(8 if compact else 14), 0, 1
    for label, value in cells:
        w = cell_width(lay, label, value, compact)
        if x > 0 and x + w > width:
            x, rows = 0, rows + 1
        x += w + gap
    return rows


def row_height(lay: Any, rect: pygame.Rect, compact: bool = False) -> int:
    """The height of a row of :func:`number_cells` in ``rect``, pixels."""
    nrows = max(1, rect.h // lay.px(30 if compact else 35))
    return min(rect.h // nrows, lay.px(46))


def panel_rects(lay: Any, rect: pygame.Rect, n: int, highlight: tuple[int, ...] = ()) -> list[pygame.Rect]:
    """Where :func:`player_panels` puts the ``n`` players' panels in ``rect``: two columns in portrait with
    more than 2 players, else rows, the first ``highlight``ed seat's taller with more than 2."""
    if lay.portrait and n > 2:
        return L.grid(rect, n, 2, lay.gap)
    return weighted_rows(rect, n, lay.gap, highlight[0] if highlight and n > 2 else -1)


def weighted_rows(rect: pygame.Rect, n: int, gap: int, big: int, weight: float = 1.7) -> list[pygame.Rect]:
    """``rect`` cut into ``n`` strips; strip ``big`` (if >= 0) ``weight`` times the others' height."""
    if big < 0:
        return L.rows(rect, n, gap)
    unit = (rect.h - gap * (n - 1)) / (n - 1 + weight)
    out, y = [], float(rect.y)
    for i in range(n):
        h = unit * (weight if i == big else 1)
        out.append(pygame.Rect(rect.x, int(y), rect.w, int(h)))
        y += h + gap
    return out


def number_cells(ui: Ui, rect: pygame.Rect, cells: list[tuple[str, Any]], compact: bool = False) -> None:
    """Label (small, dim) and value (big) pairs, left to right and wrapping to
    the next row, as many as the height allows; cells that do not fit are
    left out (they come last: the least needed). ``compact``: values at the body size, closer together and
    in lower rows, for a panel too small for the cells it must show (portrait, four players: a Pre-launch
    player's "needs 14" or "Launch ready" was left out beside "Crew 7")."""
    lay = ui.layout
    gap = lay.px(8 if compact else 14)
    size = lay.body if compact else lay.big
    row_h = row_height(lay, rect, compact)
    x, y = rect.x, rect.y
    for label, value in cells:
        lab_w = text.width(label, lay.small) + lay.px(2)
        w = cell_width(lay, label, value, compact)
        value = "\u2014" if value is None else str(value)
        if x > rect.x and x + w > rect.right:
            x, y = rect.x, y + row_h
        if y + row_h > rect.bottom + lay.px(2):
            return
        cell = pygame.Rect(x, y, min(w, rect.right - x), row_h)
        lab_r, val_r = L.take_left(cell, lab_w, lay.px(6))
        ui.label(lab_r, label, lay.small, DIM, min_size=lay.small)
        ui.label(val_r, value, size, WARN if label == "needs" else GOOD if value == "ready" else FG,
                 bold=True, min_size=lay.body)
        x += w + gap


def show_player(app: Any, seat: int) -> None:
    """A dialog with a player's details: Headquarters, modules (what each does
    now), Crew cards, play area, and how far they get this turn."""
    state = app.state
    p = app.view()["players"][seat]
    lines = []
    cards = [w for k, w in (("start_player", "\u2605 the Start Player card"),
                            ("active_player", "\u25b6 the Active Player card")) if p[k]]
    if cards:
        lines.append("Holds " + " and ".join(cards))
    if p["headquarters"]:
        lines.append(hq_title(p["headquarters"]))
    lines.append(f"{p['mode']} \u00b7 Crew deck {p['crew_deck']} \u00b7 Experience {p['experience']} \u00b7 "
                 f"Boosts {p['boosts']} \u00b7 Asteroids {p['asteroids']}")
    if p["mode"] == "Post-launch":
        lines.append(f"Draw pile {p['draw_pile']} \u00b7 hand {p['hand']} \u00b7 discard pile {p['discard_pile']}")
        r = app.game.reach(state, seat)
        if r["path"]:
            lines.append(f"This turn: {count(r['spaces'], 'space')} with what is in play"
                         + (", to Mars!" if r["mars"] else ""))
    lines += facts.module_lines(state, seat) or ["No Rocket modules"]
    crew = facts.crew_names(state, seat)
    lines.append("Crew cards: " + (", ".join(crew) if crew else "none"))
    if p["unplaced"]:
        lines.append("Unplaced until launch (Headquarters 5): " + ", ".join(p["unplaced"]))
    if p["play_area"]:
        lines.append("Play area: " + ", ".join(p["play_area"]))
    app.show_info(p["name"], lines)


def _slot_items(app: Any) -> list[tuple[str, Any]]:
    view = app.view()
    slots = view["trajectory"]
    items = [("Earth", None)] + [(str(s["slot"]), s["card"]) for s in slots[:6]]
    if view["trajectory_card"]:
        items.append(("T", "Trajectory card"))
    return items + [(str(s["slot"]), s["card"]) for s in slots[6:]] + [("Mars", None)]


def _slot_rows(ui: Ui, width: int, app: Any) -> int:
    """1 if the slots fit one row with "12" readable in each, else 2."""
    lay = ui.layout
    n = len(_slot_items(app))
    cell = (width - lay.px(3) * (n - 1)) / n - lay.px(2)
    return 1 if cell >= text.width("12", lay.small, True) + 1 else 2


def slots_height(ui: Ui, rect: pygame.Rect, app: Any) -> int:
    """Pixels :func:`slots_strip` needs across ``rect``'s width (one or two rows)."""
    lay = ui.layout
    return lay.px(36) if _slot_rows(ui, rect.w, app) == 1 else 2 * lay.px(32) + lay.px(3)


def slots_strip(ui: Ui, rect: pygame.Rect, app: Any) -> None:
    """The 12 trajectory slots: Earth, 1-6, the Trajectory card (unless a first
    game), 7-12, Mars; filled ones outlined. Narrow: Earth to 6 (and T) above,
    7 to Mars below."""
    lay = ui.layout
    items = _slot_items(app)
    if _slot_rows(ui, rect.w, app) == 1:
        cells = L.cols(rect, len(items), lay.px(3))
    else:
        half = -(-len(items) // 2)
        top, bottom = L.rows(rect, 2, lay.px(3))
        cells = L.cols(top, half, lay.px(3)) + L.cols(bottom, half, lay.px(3))[:len(items) - half]
    for cell, (label, card) in zip(cells, items):
        fixed = label in ("Earth", "Mars", "T")
        filled = card is not None
        ui.panel(cell, (70, 60, 110) if fixed else (PANEL_HI if filled else PANEL), INFO if filled and not fixed
                 else None, radius=lay.px(6))
        inner = cell.inflate(-lay.px(2), 0)
        word = label if not fixed or label == "T" or text.width(label, lay.small, True) <= inner.w else label[0]
        ui.label(inner, word, lay.small, FG if filled or fixed else DIM, "center", bold=True)
    filled = [label for label, card in items if card is not None]
    if filled:   # a tap on the strip (its slots are narrower than a finger): which card to show
        ui.hits.append(Hit(pygame.Rect(rect), "Trajectory slots", lambda: ask_slot(app)))


def ask_slot(app: Any) -> None:
    """Which trajectory card to show (:func:`show_slot`): one button per card placed."""
    from .moves import ask_options
    state = app.state
    options = [(f"Trajectory card {i + 1}: {name}", lambda i=i: show_slot(app, str(i + 1)))
               for i, name in enumerate(state.slot_names)]
    if state.trajectory_card:
        options.insert(min(6, len(options)), ("The Trajectory card", lambda: show_slot(app, "T")))
    ask_options(app, "Which trajectory card? (its spaces and hazards per lane)", options)


def show_slot(app: Any, label: str) -> None:
    """The trajectory card in slot ``label`` ("1".."12", or "T" for the
    Trajectory card) in a dialog: its spaces and hazards per lane ("Playing
    the Game 1: Pre-Launch") and, for a Space card, what the catalogue knows
    of its Crew ability and Rocket module."""
    from .words import part_lines, trajectory_text
    state = app.state
    if label == "T":
        app.show_info("The Trajectory card", trajectory_text([list(x) for x in state.trajectory_card]).split(" | "))
        return
    i = int(label) - 1
    name = state.slot_names[i]
    lines = trajectory_text([list(x) for x in state.slots[i]]).split(" | ")
    card = app.catalogue("space").get(name) or {}
    lines += part_lines(card.get("crew"), card.get("module"))
    app.show_info(f"Trajectory card {label}: {name}", lines)


def route_strip(ui: Ui, rect: pygame.Rect, app: Any, seat: int, count: int = 8) -> None:
    """The next spaces on ``seat``'s lane, coloured chips as wide as their
    words, as many as fit; hazards marked "\u26a0", "safe" under a
    protected one; the final one "Mars"; while the rocket stands in a hazard,
    the space already paid for "paid" (a tester read the resource as lost); the spaces a free advance still owes
    "free" (each of them, not only the first)."""
    lay = ui.layout
    state = app.state
    items = facts.ahead(state, seat, count)
    if not items:
        ui.block(rect, "On Mars: the final space" if app.view()["players"][seat]["spaces_to_mars"] == 0
                 else "The route is known once the 12 trajectory cards are placed", lay.small, DIM)
        return
    spaces_left = app.view()["players"][seat]["spaces_to_mars"]
    paid = facts.paid_onward(state, seat)
    free = facts.free_owed(state, seat)
    gap = lay.px(4)
    min_w = (rect.w - 5 * gap) // 6
    x = rect.x
    k = 0
    for item, shielded in items:
        hazard = item in HAZARDS
        if not hazard:
            k += 1
        word = {"red": "red", "yellow": "yel", "green": "grn"}.get(item, SHORT.get(item, item))
        under = (("safe" if shielded else "\u26a0") if hazard else paid if paid and k == 1
                 else "Mars" if k == spaces_left else "free" if k <= free else f"+{k}")
        w = max(min(min_w, lay.px(64)), text.width(word, lay.small, True), text.width(under, lay.small)) + lay.px(8)
        if x + w > rect.right:
            break
        cell = pygame.Rect(x, rect.y, w, rect.h)
        x += w + gap
        ui.panel(cell, CHIP.get(item, (200, 200, 200)), None, radius=lay.px(6))
        top, bottom = L.take_top(cell.inflate(-lay.px(2), -lay.px(2)), int(cell.h * 0.55))
        ui.label(top, word, lay.small, DARK, "center", bold=True)
        ui.label(bottom, under, lay.small, DARK, "center")


def reminder_lines(app: Any, seat: int) -> list[str]:
    """The engine's reminders for ``seat`` now (what no paper game says)."""
    try:
        return app.game.reminders(app.state, seat)
    except Exception:  # a reminder is never worth a broken screen
        return []


def text_panel(ui: Ui, rect: pygame.Rect, lines: list[str], colour=FG, size: int | None = None) -> None:
    """Lines of wrapped text in a panel, as many whole lines as fit."""
    lay = ui.layout
    size = size or lay.small
    lh = text.font(size).get_linesize()
    inner = rect.inflate(-lay.px(12), -lay.px(8))
    if not lines or len(text.wrap(lines[0], inner.w, size)) * lh > inner.h + 1:
        return  # nothing to say, or no room for it: no empty panel
    ui.panel(rect, PANEL)
    y = inner.y
    for line in lines:
        need = len(text.wrap(line, inner.w, size)) * lh
        if y + need > inner.bottom + 1:
            break
        y += ui.block(pygame.Rect(inner.x, y, inner.w, need), line, size, colour, min_size=size)


def resources_line(app: Any, seat: int, short: bool = False) -> str:
    """"Resources left: Vel x2, Comm, Wild" (short names; a Boost is "Any"); ``short``: "Left: Vel 2, Comm,
    Wild", for a line that must not wrap."""
    left = facts.resources_left(app.state, seat)
    if not left:
        return "No resources left this turn"
    counts: dict[str, int] = {}
    for r in left:
        counts[r] = counts.get(r, 0) + 1
    times = "\u00a0" if short else "\u00a0x"  # a resource and its count never wrap apart ("Eng" / "3")
    return ("Left: " if short else "Resources left: ") + ", ".join(
        f"{SHORT.get(r, r)}{times + str(n) if n > 1 else ''}" for r, n in counts.items())


def split(lay: Any, share: float = 0.46) -> tuple[pygame.Rect, pygame.Rect]:
    """(players, moves): side by side in landscape (the players' panels ``share`` of the
    width at the left), stacked in portrait (``share`` of the height at the top)."""
    b = lay.body_rect
    if lay.portrait:
        top_h = int(b.h * share)
        return pygame.Rect(b.x, b.y, b.w, top_h), pygame.Rect(b.x, b.y + top_h, b.w, b.h - top_h)
    left_w = int(b.w * share)
    return pygame.Rect(b.x, b.y, left_w, b.h), pygame.Rect(b.x + left_w, b.y, b.w - left_w, b.h)


class TableScreen(Screen):
    """A game screen with the player panels: a long message (a note, a
    refusal) never covers the moves. On a screen whose panels take a part of
    their own (:attr:`panels_share` of the body, see :func:`split`: at the
    left in landscape, at the top in portrait) it goes over the panels, from
    their top. Otherwise (2.1: a column per player, each with its moves) in
    landscape under the top bar as the shell does (over the heads of the
    columns), and in portrait at the bottom of the body, above NEXT."""

    #: the share of the body the player panels take (:func:`split`), or None: no such part
    panels_share: float | None = None

    def message_area(self) -> pygame.Rect | None:
        lay = self.app.layout
        if self.panels_share is not None:
            return split(lay, self.panels_share)[0].inflate(-2 * lay.gap, -2 * lay.gap)
        if not lay.portrait:
            return None
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        return pygame.Rect(body.x, body.y, body.w, next_rect(lay, lay.body_rect).y - lay.gap - body.y)

    @property
    def message_at_bottom(self) -> bool:
        return self.app.layout.portrait and self.panels_share is None

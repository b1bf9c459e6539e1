"""30 to Mars's parts of the screen: the day and the ship's progress in the
top bar, the drawn event card as a chip with its results, and two lines of a
button at the reading size (a Bay, a long card name)."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.thirty_to_mars.model import BAY_NAMES, DAYS, RESULT_NAMES, RESULTS

from ... import layout as L
from ... import text
from ...widgets import BAD, CARD_COLOURS, FG, MARS, PANEL, Hit, Ui


def two_lines(ui: Ui, cell: pygame.Rect, label: str, sub: str, fg: Any, sub_bold: bool = False,
              tail: str = "", tail_fg: Any = BAD) -> None:
    """A Bay's name (bold) over its second line (bold too with ``sub_bold``: a long name's
    rest), both at the readable size, centred as a pair in ``cell`` (a short cell
    squeezes their spare room, never their letters). ``tail``: the end of the second
    line in bold ``tail_fg`` (the Sleeping Bay's Knocked Out Marsonauts, "KO Mar")."""
    lay = ui.layout
    lh = min(text.font(lay.small, True).get_linesize(), (cell.h - lay.px(6)) // 2)  # the letters clear the border
    inner = cell.inflate(-lay.px(12), 0)
    y = cell.centery - lh
    ui.label(pygame.Rect(inner.x, y, inner.w, lh), label, lay.small, fg, "center", bold=True)
    mixed_line(ui, pygame.Rect(inner.x, y + lh, inner.w, lh), sub, fg, sub_bold, tail, tail_fg)


def mixed_line(ui: Ui, rect: pygame.Rect, head: str, fg: Any, bold: bool, tail: str = "",
               tail_fg: Any = BAD) -> None:
    """``head`` then ``tail`` (bold, in ``tail_fg``) on one line at the readable size, centred in
    ``rect`` (pixels); without ``tail``, ``head`` alone as ``ui.label`` draws it."""
    lay = ui.layout
    if not tail:
        ui.label(rect, head, lay.small, fg, "center", bold=bold)
        return
    sep = " \u00b7 " if head else ""
    head_w = text.width(head + sep, lay.small, bold) if head else 0
    tail_w = text.width(tail, lay.small, True)
    x = rect.centerx - (head_w + tail_w) // 2
    if head:
        ui.label(pygame.Rect(x, rect.y, head_w, rect.h), head + sep, lay.small, fg, bold=bold)
    ui.label(pygame.Rect(x + head_w, rect.y, rect.right - x - head_w, rect.h), tail, lay.small, tail_fg,
             bold=True)


def day_progress(ui: Ui, rect: pygame.Rect, state: Any) -> None:
    """"Day N / 30" and a bar from Earth to Mars with the Accident days marked."""
    lay = ui.layout
    day = state.day
    txt = "Setup" if state.step == "setup" else f"Day {day} / {DAYS}"
    label_r, bar_r = L.take_left(rect, text.width(f"Day 30 / {DAYS}", lay.big, True), lay.px(10))
    if bar_r.w < lay.px(60):  # narrow (Fix roll beside it): the track under the day, as wide as it
        label_r, bar_r = L.take_top(rect, rect.h - lay.px(14))
        track = pygame.Rect(bar_r.x, bar_r.bottom - lay.px(9), bar_r.w, lay.px(6))
    else:
        track = pygame.Rect(bar_r.x, bar_r.centery - lay.px(5), bar_r.w, lay.px(10))
    ui.label(label_r, txt, lay.big, FG, bold=True, cls="key")
    ui.bar(track, day / DAYS, MARS)
    tick = min(lay.px(6), (rect.bottom - track.bottom) - lay.px(1))
    for d in state.accident_days:  # inside the track (a mark at day 29 or 30 had spilled past its end)
        mark = pygame.Rect(0, track.y - tick, lay.px(5), track.h + 2 * tick)
        mark.centerx = track.x + int(track.w * d / DAYS)
        pygame.draw.rect(ui.surface, BAD, mark.clamp(track.inflate(0, 2 * tick)))


def show_days(app: Any) -> None:
    """The journey in words (a tap on the day): the day, and the Accident days the track marks (Setup 6)."""
    state = app.state
    days = state.accident_days
    lines = [f"Accident days: {', '.join(str(d) for d in days)}: a red card is drawn on each (Setup 6)."
             if days else "The Accident days are rolled at the end of the setup (Setup 6)."]
    coming = [d for d in days if d >= state.day]
    if state.step != "setup" and coming:
        lines.append(f"The next one is day {coming[0]}" + (" (today)." if coming[0] == state.day else "."))
    app.show_info("Setup" if state.step == "setup" else f"Day {state.day} of {DAYS} to Mars", lines)


def card_line(card: Any, location: int | None, difficulty: int | None) -> str:
    """"Broken Pipe · Cargo Bay · difficulty 7" for a drawn event card."""
    where = BAY_NAMES[location] if location else "Bay: roll"
    diff = f"difficulty {difficulty}" if difficulty is not None else "difficulty: roll"
    return f"{card.name} \u00b7 {where} \u00b7 {diff}"


def card_chip(ui: Ui, rect: pygame.Rect, state: Any, eff_difficulty: int | None, app: Any = None) -> None:
    """The drawn event card in one line, in its colour; with ``app``, a tap
    opens the card's results (:func:`show_card`)."""
    card = state.event
    if card is None:
        return
    lay = ui.layout
    colour = CARD_COLOURS.get(card.colour, FG)
    ui.panel(rect, PANEL, colour, width=3)
    inner = rect.inflate(-lay.px(16), 0)
    if app is not None:
        more_r, inner = L.take_right(inner, lay.px(36), lay.gap)
        radius = min(more_r.w, rect.h) // 2 - lay.px(4)
        pygame.draw.circle(ui.surface, colour, more_r.center, radius, width=max(1, lay.px(3)))
        ui.label(more_r, "i", lay.body, colour, "center", bold=True)  # "more about the card"
        ui.hits.append(Hit(pygame.Rect(rect), "Card", lambda: show_card(app)))
    where = f"Bay {state.location}" if state.location else "Bay ?"
    need = f"need {eff_difficulty}" if eff_difficulty is not None else "need ?"
    # the card's name never cut: "Bay 1 · need 12" beside it where the name fits (shrunk at most to the reading
    # floor), else "need 12" alone (the Bay is the EVENT tile under it, and a tap on the card says it; found
    # playing at 480x800: "Meteor Sho…")
    name_w = text.width(card.name, lay.floor("read"), True)
    right = next((r for r in (f"{where} · {need}", need)
                  if text.width(r, lay.body, True) + lay.gap + name_w <= inner.w), need)
    right_r, name_r = L.take_right(inner, text.width(right, lay.body, True), lay.gap)
    ui.label(right_r, right, lay.body, colour, "right", bold=True)
    ui.label(name_r, card.name, lay.body, FG, bold=True)


def card_results(card: Any) -> list[str]:
    """One line per printed result of ``card``: "Check Positive: +1 Spares, Repair Kit"."""
    out = []
    for r in RESULTS:
        effects = getattr(card, r)
        if effects or r in ("success", "failure"):
            out.append(f"{RESULT_NAMES[r]}: " + (", ".join(e.text() for e in effects) if effects else "nothing"))
    return out


def show_card(app: Any) -> None:
    """A dialog with the drawn card's Bay, difficulty (the printed one, and what it is lowered to by Larisa's Special
    Ability) and results."""
    state = app.state
    card = state.event
    if card is None:
        return
    eff = app.game.effective_difficulty(state)
    title = card_line(card, state.location, eff)
    if eff is not None and state.difficulty is not None and eff != state.difficulty:  # the card says its own number
        title = f"{card_line(card, state.location, state.difficulty)}, lowered by {state.difficulty - eff} to {eff}"
    app.show_info(title, card_results(card))

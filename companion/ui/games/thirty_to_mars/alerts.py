"""What must not be missed after an automatic step (the start of the day):
missing resources, lost Health or Sanity, Knock-outs, broken Workspaces.

:func:`alerts` sums them up from the app's events of the day;
:func:`alert_strip` shows them in a red-bordered strip that a tap opens
(the whole day so far, in a dialog)."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.thirty_to_mars.model import RESOURCE_NAMES

from ... import text
from ...widgets import BAD, FG, PANEL, Hit, Ui

OTHERS = frozenset({"lost", "workspace", "no_choice"})


#: the line of the Special Abilities used: their Sanity back to 1 is their price, not a loss
ABILITY_USED = "Special Ability used, Sanity back to 1: "


def alerts(events: list[Any], state: Any) -> list[str]:
    """Short lines for the important ``events`` (contract Events) of ``state``'s
    game: Knock-outs first, then missing resources, then Health and Sanity
    losses grouped by amount ("Sanity -1: Larisa, Maria"), the Special Abilities used (their Sanity
    back to 1 is the price of the ability, not a loss), then lost resources,
    broken Workspaces and lapsed choices as the rules word them."""
    ko: list[str] = []
    missing: list[str] = []
    losses: dict[tuple[str, int], list[str]] = {}
    used: list[str] = []   # the Sanity put back to 1 after a Special Ability: the price of using it, not a loss
    others: list[str] = []
    for e in events:
        data = e.data or {}
        change = data.get("change", 0)
        if e.kind == "knocked_out":
            ko.append(_name(state, data.get("who"), e.text.split(" is ")[0]))
        elif e.kind == "missing":
            missing.append(RESOURCE_NAMES.get(data.get("resource"), str(data.get("resource"))))
        elif e.kind == "sanity" and data.get("ability"):
            used.append(_name(state, data.get("who"), "?"))
        elif e.kind in ("health", "sanity") and change < 0:
            losses.setdefault((e.kind.capitalize(), change), []).append(_name(state, data.get("who"), "?"))
        elif e.kind in OTHERS or (e.kind == "resource" and change < 0):
            others.append(e.text)
    out = []
    if ko:
        out.append("Knocked Out: " + ", ".join(ko))
    if missing:
        out.append("Out of " + ", ".join(missing))
    out += [f"{stat} {change:+d}: {', '.join(who)}" for (stat, change), who in losses.items()]
    if used:
        out.append(ABILITY_USED + ", ".join(used))
    return out + others


def gains(events: list[Any], state: Any) -> list[str]:
    """Short lines for what ``events`` gained, in the log's order and words: resources and Repair Kits
    ("+2 Food (check passed)", the card's before production's), then Health and Sanity gains grouped
    by amount ("Health +1: Maria"), as :func:`alerts` groups the losses. A tester's finding: the day
    before's strip listed the losses alone ("-9 Spares (inevitable)", not the +2 Food)."""
    tokens: list[str] = []
    stats: dict[tuple[str, int], list[str]] = {}
    for e in events:
        data = e.data or {}
        change = data.get("change", 0)
        if not isinstance(change, int) or change <= 0:
            continue
        if e.kind in ("resource", "repair_kit"):
            tokens.append(e.text)
        elif e.kind in ("health", "sanity") and not data.get("ability"):
            stats.setdefault((e.kind.capitalize(), change), []).append(_name(state, data.get("who"), "?"))
    return tokens + [f"{stat} {change:+d}: {', '.join(who)}" for (stat, change), who in stats.items()]


def _name(state: Any, who: Any, default: str) -> str:
    try:
        return state.crew[who].profile.short
    except (TypeError, IndexError, AttributeError):
        return default


def title_for(state: Any) -> str:
    """"This morning" before the day's card is drawn, else "Today"."""
    return "This morning" if state.event is None and not state.demand else "Today"


def strip_height(ui: Ui, width: int, lines: list[str], max_lines: int = 3) -> int:
    """Pixels the strip needs for ``lines`` in ``width`` (at most ``max_lines``
    wrapped lines, at least a finger's height); 0 without lines."""
    if not lines:
        return 0
    lay = ui.layout
    size = lay.small
    n = len(text.wrap(shown_text(ui, width, "Today", lines, max_lines), width - lay.px(24), size, True))
    return max(lay.touch, min(n, max_lines) * text.font(size, True).get_linesize() + lay.px(12))


def shown_text(ui: Ui, width: int, title: str, lines: list[str], max_lines: int = 3,
               total: int | None = None) -> str:
    """As many whole ``lines`` as fit ``max_lines`` wrapped lines at the
    readable size, then "+N more" (the tap shows them all): less at once,
    never smaller. When not even one fits: the first line's first words and
    "… ›" (the tap shows the rest); at worst the number of lines the tap shows
    (``total``, default ``len(lines)``)."""
    lay = ui.layout
    w = width - lay.px(24)
    for k in range(len(lines), 0, -1):
        more = f" \u00b7 +{len(lines) - k} more \u203a" if k < len(lines) else ""
        s = _joined(ui, title, lines[:k]) + more
        if len(text.wrap(s, w, lay.small, True)) <= max_lines:
            return s
    words = _joined(ui, title, lines[:1]).split(" ")
    for k in range(len(words) - 1, 2, -1):  # keeps "Day 14:" and at least a word of what happened
        s = " ".join(words[:k]) + "\u2026 \u203a"
        if len(text.wrap(s, w, lay.small, True)) <= max_lines:
            return s
    n = len(lines) if total is None else total
    return f"{title}: {n} line{'' if n == 1 else 's'} \u203a"


def alert_strip(ui: Ui, rect: pygame.Rect, app: Any, lines: list[str], title: str | None = None,
                everything: list[str] | None = None, name: str = "Alerts", max_lines: int = 3,
                colour: Any = BAD) -> None:
    """The important ``lines`` in ``rect``, bordered in ``colour`` (red: losses);
    a tap shows the whole day so far (or ``everything``, under ``title``)."""
    lay = ui.layout
    title = title or title_for(app.state)
    ui.panel(rect, PANEL, colour, width=3)
    full = everything if everything is not None else [e.text for e in app.recent]
    fit = max(1, (rect.h - lay.px(10)) // text.font(lay.small, True).get_linesize())
    ui.block(rect.inflate(-lay.px(24), -lay.px(10)),
             shown_text(ui, rect.w, title, lines, min(fit, max_lines), total=len(full)), lay.small, FG, bold=True)
    ui.hits.append(Hit(pygame.Rect(rect), name, lambda: app.show_info(f"{title}: what happened", full, hang=True)))


def _joined(ui: Ui, title: str, lines: list[str]) -> str:
    return f"{title}: " + " \u00b7 ".join(lines)


__all__ = ["alert_strip", "alerts", "gains", "strip_height", "title_for"]

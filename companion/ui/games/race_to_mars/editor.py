"""Entering a Race to Mars card by its printed fields, only the part about to
be used ("Anatomy of a Space Card"): the name (on-screen keyboard), the Crew
ability (resources, then immediate effects), the Rocket module, the
trajectory spaces and hazards of each lane, or a Starting card's Insight.

:class:`CardEditor` is a widget the entry screen paints in its body; it
knows no game flow: ``on_save(card)`` gets the card entry
(:func:`companion.rules.race_to_mars.cards.parse_space` shape) and
``on_cancel()`` is called by Cancel on the first page.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.race_to_mars.model import ANY, BASIC, HAZARDS, LANES, RESOURCES, WILD

from ... import layout as L
from ... import text
from ...widgets import DIM, FG, INFO, MARS, PANEL, Ui
from .words import (CHIP, brief, CREW_COUNTS, FREE_ADVANCE, INSIGHT_EFFECTS, INSIGHT_TINY, MODULE_COUNTS, SHORT,
                    fitting, name_fitting)

KEYS_WIDE = "1234567890QWERTYUIOPASDFGHJKL-ZXCVBNM'. "
MAX_NAME = 40
PART_PAGES = {"crew": ("crew_res", "crew_fx"), "module": ("module",), "trajectory": ("trajectory",),
              "insight": ("insight",), "both": ("crew_res", "crew_fx", "module"),
              "starting": ("insight", "crew_res", "crew_fx", "module")}   # a revealed Starting card: all of it
PAGE_TITLES = {"name": "Name (or keep the number)", "crew_res": "Crew ability: resources",
               "crew_fx": "Crew ability: effects", "module": "Rocket module (grey part)",
               "trajectory": "Trajectory, Earth \u2192 Mars", "insight": "Insight: cost and effect",
               "insight_text": "Insight: what it says (its words)"}
MAX_TEXT = 60
LIMITS = {"draw": 9, "look": 9, "keep": 9, "jettison": 9, "boost": 9, "xp": 9, "return": 9, "storage": 9,
          "free_advance": 12}
#: The Rocket module's counts entered with \u2212/+; a Space card's Free advance is a switch,
#: always "exactly 3 spaces" ("Anatomy of a Space Card"); a Starting card's is a count, its own
#: printed length (Starting card 3: "exactly 5 spaces", "Starting Cards").
MODULE_STEPS = tuple((k, w) for k, w in MODULE_COUNTS if k != "free_advance")
STARTING_MODULE_STEPS = MODULE_STEPS + (("free_advance", "Free advance"),)
OTHER = "entered at the table: the players say its result"


class CardEditor:
    """The pages of one card: ``name`` (None: ask it; a string: fixed),
    ``part``: "crew" | "module" | "trajectory" | "insight" | "both" | "starting"
    (a revealed Starting card: its Insight, Crew ability and Rocket module);
    ``base``: the card as the catalogue has it (its other parts are kept);
    ``lane_names``: who starts on each lane (for the trajectory page);
    ``kind``: "space" | "starting" (a Starting card's Free advance is entered as its printed length);
    ``green``: the green hazard is offered (the Trajectory card only, "Hazards");
    ``known_name(name)``: asked by Next on the name page, True when a card of that name is known and the screen
    takes it over (a dialog: use it, edit it with its parts loaded, or replace it), so nothing is entered
    over a card without the table knowing."""

    def __init__(self, part: str, on_save: Callable[[dict[str, Any]], object], on_cancel: Callable[[], object],
                 name: str | None = None, suggestion: str = "", base: dict[str, Any] | None = None,
                 lane_names: list[str] | None = None,
                 name_problem: Callable[[str], str | None] = lambda name: None,
                 say: Callable[[str], object] = lambda sentence: None, kind: str = "space",
                 heading: str | None = None, green: bool = False,
                 known_name: Callable[[str], bool] = lambda name: False) -> None:
        self.part = part
        self.green = green   # the green hazard may be entered: the Trajectory card ("Hazards"), not a Space card
        self.heading = heading   # the title of a one-page entry asked by the game ("Anna's rocket reaches ...")
        self.kind = "starting" if part == "starting" else kind
        self.on_save = on_save
        self.on_cancel = on_cancel
        self.fixed_name = name
        self.name = name or suggestion
        self.suggested = not name and bool(suggestion)  # the number shown until a letter is typed: it replaces it
        self.base = dict(base or {})
        self.pages = (() if name else ("name",)) + PART_PAGES[part]
        self.page = 0
        self.crew: dict[str, Any] = dict(self.base.get("crew") or {})
        self.crew.setdefault("resources", [])
        self.crew["resources"] = list(self.crew["resources"])
        self.module: dict[str, Any] = dict(self.base.get("module") or {})
        self.lanes: list[list[str]] = [list(x) for x in (self.base.get("trajectory") or [[] for _ in range(LANES)])]
        #: each lane as given before entry: on the Trajectory card its green hazard ("Hazards"), else empty; a lane
        #: still so may take the lane before it (Copy lane), which keeps what was given only where it has it
        self.lanes_given: list[list[str]] = ([list(x) for x in self.lanes] if green else
                                             [[] for _ in range(LANES)])
        self.lane = 0
        self.insight: dict[str, Any] = dict(self.base.get("insight") or {"cost": 1, "effect": "other"})
        if part in ("insight", "starting") and self.insight["effect"] == "other":
            self.set_effect("other")   # its words, typed
        self.lane_names = lane_names or []
        self.name_problem = name_problem
        #: Next on the name page with a name the screen may know (a card of the catalogue): True when the screen
        #: takes it over (it asks whether to use that card, edit it or replace it), so the page stays
        self.known_name = known_name
        self.name_settled = ""   # a known name the table chose to enter anew (Replace): not asked again
        self.say = say   # why Next/Save cannot go on (a tap on them), on a page without a typed field
        self.problem = ""   # why it cannot go on, on a typing page: said in the title row, over the field

    # ------------------------------------------------------------------ the card
    def card(self) -> dict[str, Any]:
        """The card entry: the base card's parts with the part entered here."""
        out = {k: v for k, v in self.base.items() if k in ("crew", "module", "trajectory", "insight")}
        out["name"] = self.name.strip()
        if self.part in ("crew", "both", "starting"):
            out["crew"] = {k: v for k, v in self.crew.items() if v not in (0, False, "", [])}
        if self.part in ("module", "both", "starting"):
            out["module"] = {k: v for k, v in self.module.items() if v not in (0, False, "")}
        if self.part == "trajectory":
            out["trajectory"] = [list(x) for x in self.lanes]
        if self.part in ("insight", "starting"):
            out["insight"] = dict(self.insight)
        return out

    def summary(self) -> str:
        c = self.card()
        what = (brief(c, "crew") + " / " + brief(c, "module") if self.part == "both" else
                " / ".join(brief(c, k) for k in ("insight", "crew", "module")) if self.part == "starting"
                else brief(c, self.part))
        return f"{c['name'] or '?'}: {what}"

    # ------------------------------------------------------------------ input
    def current(self) -> str:
        return self.pages[self.page]

    def type_char(self, ch: str) -> None:
        """A letter typed: into the Insight's words on that page, else the name; one over
        :data:`MAX_TEXT` or :data:`MAX_NAME` letters is not taken, and the title row says so."""
        if not ch.isprintable():
            return
        self.problem = ""
        if self.current() == "insight_text":
            if len(self.insight.get("text", "")) < MAX_TEXT:
                self.insight["text"] = self.insight.get("text", "") + ch
            else:
                self.problem = f"The Insight's words hold {MAX_TEXT} letters at most: the rest is not taken."
        elif self.suggested:  # the first letter replaces the suggested number ("S001S" was typed after it)
            self.name, self.suggested = ch, False
        elif len(self.name) < MAX_NAME:
            self.name += ch
        else:
            self.problem = f"A card's name holds {MAX_NAME} letters at most: the rest is not taken."

    def delete_char(self) -> None:
        self.problem = ""
        if self.current() == "insight_text":
            self.insight["text"] = self.insight.get("text", "")[:-1]
        else:
            self.name = "" if self.suggested else self.name[:-1]
            self.suggested = False

    def set_effect(self, key: str) -> None:
        """The Insight's effect; "other" (the app does not know it) adds a
        page for its words, typed as printed ("Starting Cards"); "protect" asks its colour on the page (the
        one printed; left unset, it is asked each time the Insight is used)."""
        self.insight["effect"] = key
        if key != "other":
            self.insight.pop("text", None)
        if key != "protect":   # a colour is hazard protection's alone (the rules refuse it on another effect)
            self.insight.pop("colour", None)
        wanted = key == "other"
        if wanted and "insight_text" not in self.pages:
            at = self.pages.index("insight") + 1
            self.pages = self.pages[:at] + ("insight_text",) + self.pages[at:]
        elif not wanted:
            self.pages = tuple(p for p in self.pages if p != "insight_text")

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Typing on a real keyboard on the name page; True if used."""
        if self.current() not in ("name", "insight_text"):
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                self.type_char(ch)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.delete_char()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return False  # NEXT
            return bool(event.unicode and event.unicode.isprintable())
        return False

    def next(self) -> str | None:
        """NEXT: the next page, or save on the last; returns a sentence when it cannot go on."""
        if self.current() == "name" and not self.name.strip():
            return "Type the card's name first (or its number)."
        if self.current() == "name" and self.name_problem(self.name.strip()):
            return self.name_problem(self.name.strip())
        if self.current() == "name" and self.name.strip().casefold() != self.name_settled.casefold() \
                and self.known_name(self.name.strip()):
            return None   # the screen asks what to do with the card of that name
        if self.current() == "insight_text" and not self.insight.get("text", "").strip():
            return "Type what the Insight says (a few words), so the table sees it in phase 2.4."
        if self.current() == "crew_fx" and self.crew.get("keep", 0) > self.crew.get("look", 0):
            return "Keep cannot be more than the cards looked at."
        if self.page < len(self.pages) - 1:
            self.page += 1
            self.problem = ""
            return None
        self.on_save(self.card())
        return None

    def typing(self) -> bool:
        """True on a page with a typed field and the keyboard (the name, the Insight's words)."""
        return self.current() in ("name", "insight_text")

    def next_said(self) -> None:
        """:meth:`next` from its button or NEXT: a reason it cannot go on is said: on a typing page in
        the title row, just over the field (a message box would cover the field being typed), else
        by ``say``."""
        problem = self.next()
        if problem and self.typing():
            self.problem = problem
        elif problem:
            self.say(problem)

    def back(self) -> None:
        self.problem = ""
        if self.page == 0:
            self.on_cancel()
        else:
            self.page -= 1

    def step(self, where: dict[str, Any], key: str, delta: int) -> None:
        where[key] = max(0, min(LIMITS.get(key, 9), where.get(key, 0) + delta))

    def toggle(self, where: dict[str, Any], key: str, value: Any = True) -> None:
        if where.get(key) == value:
            where.pop(key, None)
        else:
            where[key] = value

    # ------------------------------------------------------------------ drawing
    def step_count(self) -> tuple[int, int]:
        """(this step, the steps of the card): the Insight's words (asked only for an "other" effect)
        are part of the Insight's step, so the count keeps its total from the first page to the last
        whatever effect is chosen on the way."""
        main = [p for p in self.pages if p != "insight_text"]
        page = "insight" if self.current() == "insight_text" else self.current()
        return main.index(page) + 1, len(main)

    def title(self) -> str:
        """The page's title: "2/3: Rocket module (grey part)", or the ``heading`` of a one-page entry (its
        shorter forms after "|")."""
        n, total = self.step_count()
        if self.heading and total == 1:
            return self.heading
        return f"{n}/{total}: {PAGE_TITLES[self.current()]}"

    def paint(self, ui: Ui, rect: pygame.Rect, bottom: pygame.Rect) -> None:
        """The page in ``rect``; Back/Cancel, the card so far and Next/Save in
        ``bottom`` (in portrait the card so far goes over the bottom row, where
        there is room for two whole lines)."""
        lay = ui.layout
        page = self.current()
        back_r, row = L.take_left(bottom, lay.px(120), lay.gap)
        save_r, row = L.take_right(row, lay.px(170), lay.gap)
        if page in ("name", "insight_text"):   # the space and delete keys first: the card so far beside them
            space_r, row = L.take_left(row, lay.px(110), lay.gap)
            del_r, row = L.take_left(row, lay.px(110), lay.gap)
        if page != "name":
            lh = text.font(lay.small).get_linesize()
            if lay.portrait:
                summary_r, rect = L.take_bottom(rect, 2 * lh, lay.gap)
            else:
                summary_r = row.inflate(0, -lay.px(4))
            said = fitting_block([self.summary(), self.name.strip() or "?"], summary_r, lay.small)
            ui.block(summary_r, said, lay.small, FG)
        getattr(self, f"paint_{page}")(ui, rect)
        ui.button(back_r, "Back" if self.page else "Cancel", self.back, name="Back page")
        if page in ("name", "insight_text"):
            ui.button(space_r, "space", lambda: self.type_char(" "), name="key space")
            ui.button(del_r, "\u232b", self.delete_char, size=lay.big, name="key delete")
        last = self.page == len(self.pages) - 1
        ui.button(save_r, "Save & use" if last else "Next", self.next_said, "primary", size=lay.body, name="Save"
                  if last else "Next")

    def paint_insight_text(self, ui: Ui, rect: pygame.Rect) -> None:
        self.paint_name(ui, rect, self.insight.get("text", ""))

    def paint_name(self, ui: Ui, rect: pygame.Rect, typed: str | None = None) -> None:
        """The field (the name, or ``typed``: the Insight's words) and the keyboard."""
        lay = ui.layout
        field_r, keys_r = L.take_top(rect, lay.px(40), lay.gap)
        ui.panel(field_r, (14, 16, 30), INFO, width=3)
        shown = (self.name if typed is None else typed) + "\u258f"
        hint = typed is None and self.suggested  # the suggested number: dimmed, typing replaces it
        ui.label(field_r.inflate(-lay.px(16), 0), fitting([shown, "\u2026" + shown[-28:]], field_r.w - lay.px(16),
                                                          lay.big, True), lay.big, DIM if hint else FG, bold=True)
        keys = KEYS_WIDE.strip()
        ncols = 7 if lay.portrait else 10
        nrows = -(-len(keys) // ncols)
        key_h = min(lay.touch + lay.px(8), (keys_r.h - (nrows - 1) * lay.gap) // nrows)
        for cell, k in zip(L.grid(keys_r, len(keys), ncols, lay.gap, row_h=key_h), keys):
            ui.button(cell, k, (lambda k=k: self.type_char(k)), size=lay.body, name=f"key {k}")

    def _palette(self, ui: Ui, rect: pygame.Rect, items: tuple[str, ...], on_tap: Callable[[str], object],
                 ncols: int, selected: Callable[[str], bool] = lambda x: False, prefix: str = "") -> None:
        """Coloured chips, ``ncols`` a row; their words at body size, or at
        reading size when one of them would not fit a chip."""
        lay = ui.layout
        cells = L.grid(rect, len(items), ncols, lay.gap, row_h=lay.touch)
        inner = (cells[0].w if cells else 0) - 2 * lay.px(8) - 1
        size = lay.body if all(text.width(SHORT.get(x, x), lay.body, True) <= inner for x in items) else lay.small
        for cell, x in zip(cells, items):
            ui.button(cell, SHORT.get(x, x), (lambda x=x: on_tap(x)), "selected" if selected(x) else "normal",
                      size=size, name=f"{prefix}{x}")
            pygame.draw.rect(ui.surface, CHIP.get(x, DIM), pygame.Rect(cell.x + lay.px(6), cell.bottom - lay.px(9),
                                                                        cell.w - lay.px(12), lay.px(5)))

    def paint_crew_res(self, ui: Ui, rect: pygame.Rect) -> None:
        lay = ui.layout
        shown_r, rest = L.take_top(rect, lay.px(44), lay.gap)
        ui.panel(shown_r, PANEL)
        got = self.crew["resources"]
        inner = shown_r.inflate(-lay.px(12), 0)
        names = ", ".join(SHORT[r] for r in got) or "none"
        ui.label(inner, fitting([f"Resources: {names}", names], inner.w, lay.body, True), lay.body,
                 MARS if got else DIM, bold=True)
        items = RESOURCES + (WILD,)
        ncols = 4 if lay.portrait else 7
        pal_h = (lay.touch + lay.gap) * -(-len(items) // ncols)
        pal_r, rest = L.take_top(rest, pal_h, lay.gap)
        self._palette(ui, pal_r, items, lambda r: got.append(r) if len(got) < 6 else None, ncols, prefix="add ")
        row = pygame.Rect(rest.x, rest.y, min(rest.w, lay.px(300)), lay.touch)
        ui.button(row, "Remove the last", (lambda: got.pop()) if got else None, name="remove resource")

    def step_h(self, lay: Any) -> int:
        """Height of a stepper: its label's line over the finger-sized \u2212 and + buttons."""
        return lay.touch + text.font(lay.small).get_linesize()

    def _stepper(self, ui: Ui, cell: pygame.Rect, label: str, where: dict[str, Any], key: str) -> None:
        """``label`` on its own line over [\u2212] value [+] (finger-sized buttons)."""
        lay = ui.layout
        val = where.get(key, 0)
        label_r, row = L.take_top(cell, cell.h - lay.touch)
        ui.label(label_r, label, lay.small, FG, "center", bold=bool(val))
        minus_r, rest = L.take_left(row, lay.touch, lay.px(2))
        plus_r, mid = L.take_right(rest, lay.touch, lay.px(2))
        ui.button(minus_r, "\u2212", lambda: self.step(where, key, -1), size=lay.big, name=f"{key} -")
        ui.button(plus_r, "+", lambda: self.step(where, key, 1), size=lay.big, name=f"{key} +")
        ui.panel(mid, PANEL, MARS if val else None)
        ui.label(mid, str(val) if val else "\u2013", lay.big, MARS if val else DIM, "center", bold=True, cls="key")

    def _toggle(self, ui: Ui, cell: pygame.Rect, words: tuple[str, str | None], where: dict[str, Any], key: str,
                value: Any = True) -> None:
        """A button that switches ``where[key]`` on (``value``) and off; ``words``: (label, second line)."""
        lay = ui.layout
        label, sub = words
        if sub is not None and cell.h < lay.touch + lay.px(8):
            sub = None
        ui.button(cell, label, lambda: self.toggle(where, key, value), "selected" if where.get(key) else "normal",
                  size=lay.small, sub=sub, name=key)

    def paint_crew_fx(self, ui: Ui, rect: pygame.Rect) -> None:
        lay = ui.layout
        ncols = 2 if lay.portrait else 3
        n = len(CREW_COUNTS) + 2
        cells = L.grid(rect, n, ncols, lay.gap, row_h=self.step_h(lay))
        for cell, (key, label) in zip(cells, CREW_COUNTS):
            self._stepper(ui, cell, label, self.crew, key)
        copy_r, other_r = cells[-2], cells[-1]
        copy_r, other_r = (c.inflate(0, -lay.px(12)) for c in (copy_r, other_r))
        self._toggle(ui, copy_r, ("Copy", "a played card"), self.crew, "copy")
        self._toggle(ui, other_r, ("Other effect", "players say it"), self.crew, "other", OTHER)

    def paint_module(self, ui: Ui, rect: pygame.Rect) -> None:
        lay = ui.layout
        m = self.module
        ncols = 2 if lay.portrait else 3
        toggles = (("free_advance", ("Free advance", f"{FREE_ADVANCE} spaces"), FREE_ADVANCE),
                   ("copy", ("Copy", "a module"), True), ("reveal_top", ("Top card", "revealed"), True),
                   ("other", ("Other effect", "players say it"), OTHER))
        steps = MODULE_STEPS
        if self.kind == "starting":   # its own printed length: a count (\u2212/+), not a Space card's 3
            steps, toggles = STARTING_MODULE_STEPS, toggles[1:]
        if lay.portrait:  # steppers and switches two by two, all as tall as a stepper
            cells = L.grid(rect, len(steps) + len(toggles), ncols, lay.gap, row_h=self.step_h(lay))
            steppers, switches = cells[:len(steps)], cells[len(steps):]
            switches = [c.inflate(0, -lay.px(12)) for c in switches]
        else:  # the steppers in a row, the switches in a row under them
            steppers = L.grid(rect, len(steps), ncols, lay.gap, row_h=self.step_h(lay))
            y = steppers[-1].bottom + lay.gap
            switches = L.grid(pygame.Rect(rect.x, y, rect.w, rect.bottom - y), len(toggles), 4, lay.gap,
                              row_h=lay.touch + lay.px(10))
        for cell, (key, label) in zip(steppers, steps):
            self._stepper(ui, cell, label, m, key)
        for cell, (key, words, value) in zip(switches, toggles):
            self._toggle(ui, cell, words, m, key, value)
        y = max(c.bottom for c in steppers + switches) + lay.gap
        rest = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        nres = 3 if lay.portrait else 6
        lab_w = text.width("Protection", lay.small, True) + lay.px(8)
        for label, items, n, pick, prefix in (
                ("Resource", RESOURCES, nres, "resource", "resource "),
                ("Protection", HAZARDS, 3, "protection", "protection ")):
            pal_h = (lay.touch + lay.gap) * -(-len(items) // n) - lay.gap
            pal_r, rest = L.take_top(rest, pal_h, lay.gap)
            lab_r, pal_r = L.take_left(pal_r, lab_w, lay.gap)
            ui.label(lab_r, label, lay.small, FG, bold=True)
            self._palette(ui, pal_r, items, lambda x, k=pick: self.toggle(m, k, x), n,
                          lambda x, k=pick: m.get(k) == x, prefix=prefix)

    def paint_trajectory(self, ui: Ui, rect: pygame.Rect) -> None:
        """Lanes 1-4 (who starts on each), the spaces and hazards to add to
        the lane chosen, and what each lane holds. In landscape the lanes are
        a column of buttons (how many spaces each) beside the chips, and the
        chosen lane's spaces are written out under them."""
        lay = ui.layout
        items = RESOURCES + (ANY, "red", "yellow") + (("green",) if self.green else ())
        lane = self.lanes[self.lane]
        if lay.portrait:
            tabs = L.cols(L.take_top(rect, lay.touch + lay.px(8), lay.gap)[0], LANES, lay.gap)
            rest = L.take_top(rect, lay.touch + lay.px(8), lay.gap)[1]
            pal_cols = 4
        else:
            left, rest = L.take_left(rect, int(rect.w * 0.34), lay.gap)
            tabs = L.rows(left, LANES, lay.gap)
            pal_cols = 5
        for i, cell in enumerate(tabs):
            who = self.lane_names[i] if i < len(self.lane_names) and self.lane_names[i] else ""
            spaces = sum(1 for x in self.lanes[i] if x not in HAZARDS)
            count = f"{spaces} space" + ("" if spaces == 1 else "s")
            inner = cell.w - 2 * lay.px(8) - 1
            # whose lane it is, always (a long name by its first word, at worst its initial); landscape adds
            # its count (a tester's finding: "Winston O 'brien"'s lane read "0 spaces" alone)
            sub = (name_fitting(who, inner, lay.small, False, "" if lay.portrait else f" \u00b7 {count}") if who
                   else "" if lay.portrait else count)
            ui.button(cell, f"Lane {i + 1}", lambda i=i: setattr(self, "lane", i),
                      "selected" if i == self.lane else "normal", size=lay.body, sub=sub or None,
                      name=f"lane {i + 1}")
        pal_h = (lay.touch + lay.gap) * -(-len(items) // pal_cols)
        pal_r, rest = L.take_top(rest, pal_h, lay.gap)
        self._palette(ui, pal_r, items, lambda x: lane.append(x) if len(lane) < 12 else None, pal_cols,
                      prefix="add ")
        ctl_r, rest = L.take_top(rest, lay.touch, lay.gap)
        a, b = L.cols(ctl_r, 2, lay.gap)
        ui.button(a, "Remove the last", (lambda: lane.pop()) if lane else None, size=lay.small,
                  name="remove item")
        prev = self.lanes[self.lane - 1] if self.lane else []
        given = self.lanes_given[self.lane] if self.lane < len(self.lanes_given) else []
        # an untouched lane (empty, or the Trajectory card's green hazard alone: a tester's finding, Copy lane was
        # greyed on every lane of the Trajectory card) takes the lane before it whole
        ui.button(b, f"Copy lane {self.lane}" if self.lane else "Copy a lane",
                  (lambda: lane.__setitem__(slice(None), prev)) if prev and lane in ([], given) and prev != lane
                  else None, size=lay.small, name="same as before")
        shown = range(LANES) if lay.portrait else [self.lane]
        rows = L.rows(rest, LANES, lay.px(2)) if lay.portrait else [rest]
        for i, row in zip(shown, rows):
            words = ", ".join(SHORT.get(x, x) for x in self.lanes[i]) or "(no spaces yet)"
            ui.block(row, fitting_block([f"Lane {i + 1}: {words}", f"Lane {i + 1}: {len(self.lanes[i])} items"],
                                        row, lay.small), lay.small, MARS if i == self.lane else FG,
                     bold=i == self.lane)

    def paint_insight(self, ui: Ui, rect: pygame.Rect) -> None:
        """The cost (\u2212 +), every effect the rules carry out (:data:`.words.INSIGHT_EFFECTS`, the rules'
        list) and, for hazard protection, its colour as printed (beside the cost in landscape, under the
        effects in portrait; none chosen: the rules ask it each time it is used)."""
        lay = ui.layout
        cost_r, rest = L.take_top(rect, lay.touch, lay.gap)
        row_r = cost_r
        cost_r = pygame.Rect(cost_r.x, cost_r.y, min(cost_r.w, lay.px(360)), cost_r.h)
        ins = self.insight
        minus_r, mid = L.take_left(cost_r, lay.touch, lay.gap)
        plus_r, mid = L.take_right(mid, lay.touch, lay.gap)
        ui.button(minus_r, "\u2212", lambda: ins.update(cost=max(1, ins["cost"] - 1)), size=lay.big, name="cost -")
        ui.button(plus_r, "+", lambda: ins.update(cost=min(9, ins["cost"] + 1)), size=lay.big, name="cost +")
        ui.panel(mid, PANEL, MARS)
        ui.label(mid, fitting([f"costs {ins['cost']} Experience", f"{ins['cost']} Experience", f"{ins['cost']} XP"],
                              mid.w - lay.px(8), lay.body, True), lay.body, MARS, "center", bold=True)
        ncols = 2 if lay.portrait else 3
        cells = L.grid(rest, len(INSIGHT_EFFECTS), ncols, lay.gap, row_h=lay.touch)
        for cell, (key, label) in zip(cells, INSIGHT_EFFECTS):   # whole at body size, else at the reading size,
            inner = cell.w - 2 * lay.px(8)                          # else in fewer words ("Protection")
            forms = [(w, z) for w in (label, INSIGHT_TINY.get(key, label)) for z in (lay.body, lay.small)]
            label, size = next(((w, z) for w, z in forms if text.width(w, z, True) <= inner), forms[-1])
            ui.button(cell, label, lambda k=key: self.set_effect(k), "selected" if ins["effect"] == key else "normal",
                      size=size, name=f"effect {key}")
        if ins["effect"] != "protect":
            return
        if lay.portrait:
            y = max(c.bottom for c in cells) + lay.gap
            colour_r = pygame.Rect(rest.x, y, rest.w, lay.touch)
        else:
            colour_r = pygame.Rect(cost_r.right + lay.gap, row_r.y, row_r.right - cost_r.right - lay.gap, lay.touch)
        lab_w = text.width("Colour", lay.small, True) + lay.px(8)
        lab_r, pal_r = L.take_left(colour_r, lab_w, lay.gap)
        ui.label(lab_r, "Colour", lay.small, FG, bold=True)
        self._palette(ui, pal_r, HAZARDS, lambda c: self.toggle(ins, "colour", c), len(HAZARDS),
                      lambda c: ins.get("colour") == c, prefix="colour ")


def fitting_block(options: list[str], rect: pygame.Rect, size: int, bold: bool = False) -> str:
    """The first of ``options`` that wraps into ``rect`` at ``size`` px (else the last)."""
    lh = text.font(size, bold).get_linesize()
    for s in options:
        lines = text.wrap(s, rect.w, size, bold)
        if len(lines) * lh <= rect.h and all(text.width(x, size, bold) <= rect.w for x in lines):
            return s
    return options[-1]


__all__ = ["BASIC", "CardEditor", "PART_PAGES"]

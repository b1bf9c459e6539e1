"""The drawn event card: pick a known card from the catalogue by name
(only the colour that must be drawn), or enter a new card's printed fields
(name, difficulty or "roll", location 1-6 or "roll", the symbols of each
result with +/- steppers); a new card is saved to the catalogue, then drawn.

What the editor holds is kept as a draft in the saved games file (:data:`DRAFT`, ``Session.keep_draft``) each
time a frame shows a change: a restart (a power cut, a kill) brings the table back to the editor, on its
page, with what was typed. The draft goes when the card is saved or drawn, the editor cancelled, or the game
moves on from the move it was typed at (an undo past the draw, a new game: ``Session.draft``).
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.thirty_to_mars.model import (EFFECT_SYMBOLS, GREEN, MAX_DIFFICULTY, MAX_EFFECT, RESULT_NAMES,
                                                  RESULTS, SIGNED_SYMBOLS, SYMBOL_NAMES)

from ... import layout as L
from ... import text
from ...widgets import BAD, CARD_COLOURS, DIM, FG, GOOD, INFO, PANEL, STYLES, Greyed, Hit, Ui
from .alerts import ABILITY_USED, alert_strip, alerts, gains, strip_height
from .chips import two_lines
from .days import ByDay, events_of_day
from .known import ask_known
from ...screens.base import Screen
from ...screens.chrome import message_rect, next_rect

log = logging.getLogger(__name__)

KEY_ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM'-")
DIGIT_ROW = "1234567890"  # a row of its own where the keyboard has the room, else in the top row's place ("123")
PAGES = ("name", "numbers") + RESULTS
MAX_NAME = 40
TOOLS_W = 2 * 80 + 120 + 110 + 3 * 6  # design units: ◀ ▶ Search Edit in one row
#: the name of the editor's draft in the saved games file (:meth:`CardScreen.keep_draft`)
DRAFT = "event card"
SHORT_SYMBOLS = {"workspace_breaks": "Breaks", "any_resource": "Any", "draw_yellow": "Yellow card",
                 "draw_red": "Red card", "repair_kit": "Repair Kit"}


class CardScreen(Screen):
    """List mode (catalogue names, paged) or editor mode (pages: name,
    numbers, then one page per result)."""

    name = "card"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page_no = 0          # list page
        self.editing = False
        self.searching = False    # the on-screen keyboard under the list
        self.query = ""           # the search typed (physical or on-screen keyboard)
        self.digits = False       # "123": the keyboard's top row is the digits (where they have no row of their own)
        self.edit_mode = False    # a tap on a card asks: change it or delete it
        self._yesterday = ByDay(_day_before)
        #: (the day before's events, the state, its losses, its summary lines): :meth:`paint_strips`
        self._summary: tuple[Any, Any, list[str], list[str]] | None = None
        #: ((the game's store id, its seq), the draft) last handed to the saved games file, or None
        self._kept: tuple[tuple[int, int], dict[str, Any]] | None = None
        self.reset_editor()

    def reset_editor(self) -> None:
        self.page = 0             # editor page index into PAGES
        self.digits = False
        self.card_name = ""
        self.difficulty = 0       # 0 = roll to determine
        self.location = 0         # 0 = roll to determine
        self.tutorial = False     # a green 'Tutorial' card (Game Components; Setup 3 NB)
        self.effects: dict[str, dict[str, int]] = {r: {} for r in RESULTS}
        self.editing_name: str | None = None   # the catalogue card being changed

    def enter(self) -> None:
        self.page_no = 0
        self.editing = False
        self.digits = False
        self.searching = False
        self.edit_mode = False
        self.query = ""
        self._kept = None
        self.restore_draft()

    def leave(self) -> None:
        """The game moved on from the move the draft was typed at (an undo past the draw, the card drawn):
        the draft goes. Left for the game picker or a New-game screen over this game, it stays (Back to game
        brings the editor back)."""
        kept, self._kept = self._kept, None
        where = self.where()
        if kept is not None and where is not None and where[0] == kept[0][0] and where != kept[0]:
            self.app.session.keep_draft(DRAFT, None)

    def where(self) -> tuple[int, int] | None:
        """(the store id of the game shown, its seq), or None without a game."""
        session = self.app.session
        record = session.record
        return (record.id, session.seq) if record is not None else None

    def draft(self) -> dict[str, Any]:
        """What the editor holds, as the JSON kept in the saved games file (:data:`DRAFT`)."""
        return {"colour": self.colour(), "page": PAGES[self.page], "name": self.card_name,
                "difficulty": self.difficulty, "location": self.location, "tutorial": self.tutorial,
                "effects": {r: dict(e) for r, e in self.effects.items() if any(e.values())},
                "editing": self.editing_name}

    def keep_draft(self) -> None:
        """Hand the editor's draft to the saved games file when it changed since the last frame (a key, a
        number, a page turned), or forget it when the editor closed; called as each frame is drawn, before
        it is shown. One small transaction of its own: a write that fails only loses the draft (logged)."""
        want = self.draft() if self.editing else None
        where = self.where()
        kept = self._kept
        if where is None or (want is None and kept is None) or (kept is not None and kept == (where, want)):
            return
        self._kept = (where, want) if want is not None else None
        self.app.session.keep_draft(DRAFT, want)

    def restore_draft(self) -> bool:
        """The editor as the draft kept for this move left it (``Session.draft``): True when it was, False
        when there is none or it does not read as a card being typed for the colour to draw now (ignored)."""
        got = self.app.session.draft(DRAFT)
        if got is None:
            return False
        try:
            page, name = PAGES.index(got["page"]), got["name"]
            difficulty, location, tutorial = got["difficulty"], got["location"], got["tutorial"]
            effects, editing = got["effects"], got["editing"]
            if not (isinstance(effects, dict) and all(r in RESULTS and isinstance(e, dict) and
                                                      all(sym in EFFECT_SYMBOLS for sym in e)
                                                      for r, e in effects.items())):
                raise ValueError("its effects are not a card's")
            ints = (difficulty, location) + tuple(n for e in effects.values() for n in e.values())
            if (got["colour"] != self.colour() or not isinstance(name, str) or len(name) > MAX_NAME
                    or any(type(n) is not int for n in ints) or not 0 <= difficulty <= MAX_DIFFICULTY
                    or not 0 <= location <= 6 or not isinstance(tutorial, bool)
                    or not (editing is None or isinstance(editing, str))):
                raise ValueError("not a card being typed now")
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("the event card draft is ignored: %s", exc)
            return False
        self.reset_editor()
        self.page, self.card_name, self.difficulty, self.location = page, name, difficulty, location
        self.tutorial, self.editing_name, self.editing = tutorial, editing, True
        for r in RESULTS:
            self.effects[r] = dict(effects.get(r, {}))
            for sym in list(self.effects[r]):
                self.step_effect(r, sym, 0)  # within the steppers' bounds
        self._kept = (self.where(), self.draft())
        return True

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing and PAGES[self.page] == "name" and self.app.dialog is None:
            if event.type == pygame.TEXTINPUT:
                for ch in event.text:
                    self.type_char(ch)
                return True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.card_name = self.card_name[:-1]
                    return True
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.on_next()
                    return True
                if event.key == pygame.K_ESCAPE:
                    self.editing = False
                    return True
                return event.unicode.isprintable() if event.unicode else False
        if not self.editing and self.app.dialog is None:  # typing searches the list
            if event.type == pygame.TEXTINPUT and event.text.strip() and not event.text.isdigit():
                for ch in event.text:
                    self.type_query(ch)
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.query:
                self.delete_query()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.query or self.searching):
                self.query, self.searching = "", False
                return True
        return super().handle_event(event)

    def type_char(self, ch: str) -> None:
        if not ch.isprintable():
            return
        if len(self.card_name) >= MAX_NAME:  # said: a key that does nothing is a touch lost
            self.app.say(f"A card's name is at most {MAX_NAME} letters: \u232b takes one back.", "info", 5)
            return
        if ch.isalpha() and self.card_name and self.card_name[-1] != " ":
            ch = ch.lower()
        self.card_name += ch

    def colour(self) -> str:
        return self.app.game.required_colour(self.app.state)

    def pick(self, name: str, sure: bool = False) -> None:
        card = self.catalogue().get(name)
        if card is None:
            self.app.say(f"{name} is no longer in the catalogue.", "error")
            return
        sent = self.sent_away() == name
        where = ("just went to the bottom of the deck (Marsonaut Profiles: Dieter)" if sent else
                 "is on the Event Terminal already: passed events stay there face up (Turn Overview 4)"
                 if name in self.drawn() else None)
        if where is not None and not sure:  # not the card on top of the deck: a slip of the finger, most likely
            self.app.ask(f"{name} {where}: is it really the card drawn now?",
                         [(f"Yes, {name} again", lambda: (self.app.close_dialog(), self.pick(name, True)))],
                         cancel_label="No")
            return
        self.app.submit(Action("draw", {"card": card}))

    def catalogue(self) -> Any:
        """The event card catalogue."""
        return self.app.catalogue("event")

    def card_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.card_name.strip(), "colour": self.colour(),
                               "difficulty": self.difficulty or None, "location": self.location or None}
        for r in RESULTS:
            effects = {s: n for s, n in self.effects[r].items() if n}
            if effects:
                out[r] = effects
        if self.tutorial and out["colour"] == GREEN:
            out["tutorial"] = True
        return out

    def save(self, replace: bool = False, signs_checked: bool = False) -> None:
        """Keep the card in the catalogue and draw it (a card changed from Edit cards is only kept: the
        list shows it, a tap draws it); a card of the same name already there is replaced only after the
        players say so, and a gain among negative results (or a loss among positive ones) is first shown
        to be checked (``EventCard.contrary_signs``: a tester's "8 then \u00b1" saved +8 Health as a failure)."""
        from companion.catalogue import CardExists
        from companion.rules.thirty_to_mars.model import SIGNS_WHY, EventCard
        card = self.card_dict()
        try:
            contrary = [] if signs_checked else EventCard.from_json(card).contrary_signs()
        except ValueError:   # said by the catalogue below, with the field that is wrong
            contrary = []
        if contrary:
            self.app.ask("Check the signs: " + "; ".join(contrary) + "?",
                         [("Save as entered", lambda: (self.app.close_dialog(),
                                                       self.save(replace, signs_checked=True)))],
                         lines=[f"{SIGNS_WHY} Cancel goes back to the card."])
            return
        replace = replace or (self.editing_name is not None and self.editing_name == card["name"])
        try:
            parsed = self.catalogue().add(card, replace=replace)
        except CardExists as exc:
            self.app.ask(f"{exc}. Replace it with the card entered?",
                         [("Replace it", lambda: (self.app.close_dialog(), self.save(True, signs_checked=True)))])
            return
        except ValueError as exc:
            self.app.say(f"This card cannot be saved: {exc}.", "error")
            return
        except OSError as exc:  # kept in memory; draw it anyway, and say so where nothing hides it
            self.app.card_not_kept(exc)
            parsed = card
        if self.editing_name is not None and self.editing_name != card["name"]:
            try:  # renamed: the old name goes
                self.catalogue().delete(self.editing_name)
            except (KeyError, ValueError, OSError):
                pass
        if self.editing_name is not None:  # changed from Edit cards: kept, not drawn
            self.app.say(f"{parsed['name']} is changed in the catalogue.", "note", 4)
            self.editing = False
            self.edit_mode = False  # back to the list that draws (a tester's next tap asked "change or delete?")
            self.reset_editor()
            return
        if self.app.submit(Action("draw", {"card": parsed})):
            self.editing = False
            self.reset_editor()

    def on_next(self) -> None:
        if not self.editing:
            self.app.say(f"Tap the name of the {self.colour()} card drawn, or New card to enter it.", "info", 5)
            return
        if PAGES[self.page] == "name" and not self.card_name.strip():
            self.app.say("Type the card's name first (it is printed at the top of the card).", "info", 5)
            return
        known = self.catalogue().get(self.card_name) if PAGES[self.page] == "name" else None
        if known is not None and self.editing_name is None:   # said now, not after five pages (known.py)
            ask_known(self, known, self.next_page)
            return
        self.next_page()

    def next_page(self) -> None:
        """The editor's next page, or the card saved and drawn from its last."""
        if self.page < len(PAGES) - 1:
            self.page += 1
            self.tip_read()
        else:
            self.save()

    def back_page(self) -> None:
        if self.page == 0:
            self.editing = False
        else:
            self.page -= 1
        self.tip_read()

    def tip_read(self) -> None:
        """A page turned: a tip about the page left ("Type the card's name first") goes with it, as it would
        cover the next page's buttons (a tester's finding); a refusal or a warning stays."""
        m = self.app.message
        if m is not None and m.kind == "info":
            self.app.message = None

    def new_card(self) -> None:
        self.reset_editor()
        self.editing = True
        self.keyboard_up()

    def keyboard_up(self) -> None:
        """The keyboard (search, a card's name) takes the room a note was in: the note is read by now (a
        refusal stays until the next action)."""
        m = self.app.message
        if m is not None and m.kind == "note":
            self.app.message = None

    def step_effect(self, result: str, symbol: str, delta: int) -> None:
        cur = self.effects[result].get(symbol, 0) + delta
        low = -MAX_EFFECT if symbol in SIGNED_SYMBOLS else 0
        self.effects[result][symbol] = max(low, min(MAX_EFFECT, cur))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The screen (see :meth:`Screen.draw`), then the editor's draft kept if it changed
        (:meth:`keep_draft`): saved before the frame that shows it."""
        super().draw(surface)
        self.keep_draft()

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        colour = self.colour()
        title_r, rest = L.take_top(body, lay.px(80 if lay.portrait else 48), lay.gap)
        ui.panel(title_r, PANEL, CARD_COLOURS[colour], width=3)
        state = self.app.state
        # after Dieter's re-draw, of a red card too (found playing: "(a result demands it)" on an Accident day)
        why = ("Dieter's re-draw" if self.sent_away() is not None else "a result demands it" if state.demand else
               "Accident day" if colour == "red" else "today's event")
        if self.editing:
            what = f"Change {self.editing_name}" if self.editing_name is not None else f"New {colour} card"
            head = f"{what} \u00b7 {self.page + 1}/{len(PAGES)}: {self.page_title()}"
        elif self.searching and not self.keyboard_fits(lay, self.message_area().h, list_row=True):
            head = f"Search {colour} cards: {self.query}\u258f"  # the typed text, where the field has no room
        elif self.edit_mode:
            head = f"Edit: tap a {colour} card to change or delete it"
        else:
            head = f"Day {state.day}: draw a {colour} card ({why})"
        head_r = title_r.inflate(-lay.px(16), -lay.px(6))
        if lay.portrait:
            ui.block(head_r, head, lay.body, FG, bold=True)
        else:
            ui.label(head_r, head, lay.body, FG, bold=True)
        nr = next_rect(lay, lay.body_rect)
        content = pygame.Rect(rest.x, rest.y, rest.w, nr.y - lay.gap - rest.y)
        box = message_rect(lay, self.app)
        if self.app.message is not None and self.app.dialog is None and box.colliderect(content):
            content = pygame.Rect(content.x, content.y, content.w, box.y - lay.gap - content.y)  # the list: above it
        tools_r = None
        if not self.editing and not self.searching:
            if self.row_width(lay, content, nr) < lay.px(TOOLS_W):  # narrow: Search and Edit get a row
                tools_r, content = L.take_bottom(content, lay.touch, lay.gap)  # at the bottom, under the strips
            content = self.paint_strips(ui, content)
        if self.editing:
            self.paint_editor(ui, content, nr)
        else:
            self.paint_list(ui, content, nr, colour, tools_r)

    @staticmethod
    def row_width(lay: Any, content: pygame.Rect, nr: pygame.Rect) -> int:
        """Width of the row of buttons left of NEXT (pixels)."""
        return nr.x - lay.gap - content.x

    def paint_strips(self, ui: Ui, content: pygame.Rect) -> pygame.Rect:
        """What the day before did (red-bordered for its losses or a failed check, else green) and what
        must not be missed today, at the bottom of ``content``, so the list
        starts under the title on every draw screen (a habitual tap lands on a
        card, never on a strip). Returns the room left for the list."""
        lay = ui.layout
        state = self.app.state
        day, before, whole = self.yesterday()
        strips = []
        if before:  # the day before ran to its end on its own
            got = self._summary  # worked out once per state shown, not at every frame
            if got is None or got[0] is not before or got[1] is not state:
                losses = alerts(before, state)  # what it lost, then what it gained
                got = self._summary = (before, state, losses, _results(before) + losses + gains(before, state))
            _, _, losses, summary = got
            if summary:
                everything = [e.text for e in before]
                if not whole:
                    everything.insert(0, "\u2026 (the day's earlier events are not shown here: "
                                         "'companion log' prints them all)")
                strips.append((summary, dict(title=f"Day {day}", everything=everything,
                                             name="Yesterday", max_lines=3 if lay.portrait else 2,
                                             colour=BAD if _bad_day(before, losses) else GOOD)))
        lines = alerts(self.app.recent, state)
        if lines or state.demand:  # what the start of the day (or a result today, said first as for the day
            lines = _results(self.app.recent) + lines   # before) did; always the result that demands this card
        if lines:
            strips.append((lines, dict(max_lines=2 if strips and not lay.portrait else 3)))
        for lines, kw in reversed(strips):
            h = strip_height(ui, content.w, lines, kw["max_lines"])
            if content.h - h - lay.gap < lay.touch:  # the list keeps at least a row
                continue
            strip_r, content = L.take_bottom(content, h, lay.gap)
            alert_strip(ui, strip_r, self.app, lines, **kw)
        return content

    #: a long message sits at the bottom, above the page row: the list and the
    #: keyboard keep their places, the list only ends higher (see :meth:`paint`)
    message_at_bottom = True

    def message_area(self) -> pygame.Rect:
        """Between the title and the row of page buttons (the message box sits at its bottom)."""
        lay = self.app.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        rest = L.take_top(body, lay.px(80 if lay.portrait else 48), lay.gap)[1]
        nr = next_rect(lay, lay.body_rect)
        return pygame.Rect(rest.x, rest.y, rest.w, nr.y - lay.gap - rest.y)

    def page_title(self) -> str:
        page = PAGES[self.page]
        if page == "name":
            return "its name"
        if page == "numbers":
            return "difficulty and location"
        return RESULT_NAMES[page]

    def yesterday(self) -> tuple[int, list[Any], bool]:
        """(the day before, its events, whether they are all of them) from the log
        (:func:`.days.events_of_day`, read once a day); (0, [], True) on day 1."""
        return self._yesterday.get(self.app)

    def drawn(self) -> set[str]:
        """Names of the cards already drawn this game (the Event Terminal and the card in play)."""
        state = self.app.state
        names = {t.split(":", 1)[1] for t in state.terminal}
        if state.event is not None:
            names.add(state.event.name)
        return names

    def sent_away(self) -> str | None:
        """The name of the card Dieter's Special Ability just sent to the bottom of the deck (30-to-mars.txt,
        Marsonaut Profiles: Dieter), while the card drawn instead is awaited; else None."""
        last = next((e for e in reversed(self.app.recent) if e.kind in ("redraw", "event")), None)
        return (last.data or {}).get("card") if last is not None and last.kind == "redraw" else None

    def ordered(self, colour: str) -> list[str]:
        """The colour's cards matching the search, those not yet drawn this game first; the card Dieter just
        sent to the bottom of the deck after them (a tester's finding: first in the list, the card the finger
        reached was the one that cannot come next), then those drawn already."""
        q = self.query.strip().lower()
        names = [n for n in self.catalogue().names(colour) if q in n.lower()]
        drawn = self.drawn()
        away = self.sent_away()
        return ([n for n in names if n not in drawn and n != away] + [n for n in names if n == away and n not in drawn]
                + [n for n in names if n in drawn])

    def paint_list(self, ui: Ui, rect: pygame.Rect, nr: pygame.Rect, colour: str,
                   tools_r: pygame.Rect | None = None) -> None:
        """The colour's cards (paged), the search keyboard, and the row of
        ◀ ▶ Search Edit; ``tools_r``: where Search and Edit go when the row is
        narrow (default: a row taken from the bottom of ``rect``)."""
        lay = ui.layout
        whole = True
        if self.searching:  # the whole keyboard with its field, or its letters (space and delete in the row below)
            whole = self.keyboard_fits(lay, rect.h, list_row=True)
            keys_r, rect = L.take_bottom(rect, keyboard_height(lay, whole, whole), lay.gap)
            self.paint_keyboard(ui, keys_r, self.query, self.type_query, self.delete_query, field=whole,
                                space_row=whole)
        row = pygame.Rect(rect.x, nr.y, nr.x - lay.gap - rect.x, nr.h)
        if tools_r is None and whole and row.w < lay.px(TOOLS_W):  # narrow: Search and Edit on a row of their own
            tools_r, rect = L.take_bottom(rect, lay.touch, lay.gap)
        names = self.ordered(colour)
        drawn = self.drawn()
        ncols = 2 if lay.portrait or rect.w < lay.px(900) else 3
        row_h = lay.touch
        nrows = (rect.h + lay.gap) // (row_h + lay.gap)  # 0: a message takes the room left by the keyboard
        per_page = ncols * max(1, nrows)
        pages = max(1, -(-len(names) // per_page))
        self.page_no = min(self.page_no, pages - 1)
        shown = names[self.page_no * per_page:(self.page_no + 1) * per_page] if nrows else []
        for cell, name in zip(L.grid(rect, len(shown), ncols, lay.gap, row_h=row_h), shown):
            was = name in drawn
            card_tile(ui, cell, ("\u2713 " if was else "") + name, (lambda n=name: self.tap_card(n)),
                      "quiet" if was else "normal", name)
        if not names and nrows:
            words = (f"No {colour} card matches \u201c{self.query}\u201d." if self.query else
                     f"No {colour} cards in the catalogue yet. Tap New card and enter the printed "
                     "fields once; next time the card is one tap away.")
            ui.block(rect, words, lay.body, DIM)
        prev_r, row = L.take_left(row, lay.px(80), lay.gap)
        next_r, row = L.take_left(row, lay.px(80), lay.gap)
        # greyed, a tap says which end of the list this is (a tester's finding: "not possible now")
        only = ONLY_PAGE if pages == 1 else ""
        ui.button(prev_r, "\u25c0", (lambda: self.turn(-1)) if self.page_no > 0 else None, name="Previous page",
                  why=lambda: self.app.say(FIRST_PAGE.format(only), "info", 5))
        ui.button(next_r, "\u25b6", (lambda: self.turn(1)) if self.page_no < pages - 1 else None, name="Next page",
                  why=lambda: self.app.say(LAST_PAGE.format(only), "info", 5))
        if tools_r is not None:
            page_row, row = row, tools_r
        search_r, row = L.take_left(row, lay.px(120), lay.gap)
        ui.button(search_r, "Search", self.toggle_search, "selected" if self.searching else "normal",
                  size=lay.small)
        if whole:
            edit_r, row = L.take_left(row, lay.px(110), lay.gap)
            ui.button(edit_r, "Edit", self.toggle_edit, "selected" if self.edit_mode else "normal",
                      size=lay.small, name="Edit cards")
        else:  # the keyboard's last row
            row = self.space_and_delete(ui, row, self.type_query, self.delete_query)
        if tools_r is not None:
            row = page_row
        if pages > 1 and row.w > lay.px(60):
            ui.label(row, f"page {self.page_no + 1}/{pages}", lay.fine, DIM, cls="fine")
        ui.button(nr, "New card", self.new_card, "primary", size=lay.big)

    def toggle_search(self) -> None:
        self.searching = not self.searching
        self.query = "" if not self.searching else self.query
        self.page_no = 0
        if self.searching:
            self.keyboard_up()

    def toggle_edit(self) -> None:
        self.edit_mode = not self.edit_mode

    def type_query(self, ch: str) -> None:
        if len(self.query) < MAX_NAME and ch.isprintable():
            self.query += ch.lower() if self.query else ch
            self.page_no = 0

    def delete_query(self) -> None:
        self.query = self.query[:-1]

    def tap_card(self, name: str) -> None:
        """Draw the card, or in Edit mode ask what to do with it."""
        if not self.edit_mode:
            self.pick(name)
            return
        app = self.app
        if self.catalogue().is_builtin(name):
            app.say(f"{name} is printed in the rulebook: it cannot be changed.", "info", 5)
            return
        app.ask(f"{name}: change it or delete it from the catalogue?",
                [("Change it", lambda: (app.close_dialog(), self.edit_card(name))),
                 ("Delete it", lambda: (app.close_dialog(), self.ask_delete(name)))])

    def ask_delete(self, name: str) -> None:
        app = self.app

        def delete() -> None:
            app.close_dialog()
            try:
                self.catalogue().delete(name)
            except (KeyError, ValueError, OSError) as exc:
                app.say(f"{name} could not be deleted: {exc}.", "error")
                return
            app.say(f"{name} was deleted from the catalogue.", "note", 5)
        app.ask(f"Delete {name} from the catalogue? Games already played keep it in their log.",
                [("Delete", delete)])

    def edit_card(self, name: str) -> None:
        """The editor with ``name``'s printed fields; saving replaces it."""
        card = self.catalogue().get(name) or {}
        self.reset_editor()
        self.card_name = card.get("name", name)
        self.difficulty = card.get("difficulty") or 0
        self.location = card.get("location") or 0
        self.tutorial = bool(card.get("tutorial"))
        for r in RESULTS:
            self.effects[r] = dict(card.get(r) or {})
        self.editing_name = name
        self.editing = True
        self.keyboard_up()

    def turn(self, delta: int) -> None:
        self.page_no += delta

    def paint_editor(self, ui: Ui, rect: pygame.Rect, nr: pygame.Rect) -> None:
        lay = ui.layout
        page = PAGES[self.page]
        whole = True
        if page == "name":  # the whole keyboard, or its letters (space and delete in the row below)
            whole = self.keyboard_fits(lay, rect.h)
            self.paint_keyboard(ui, rect, space_row=whole)
        elif page == "numbers":
            self.paint_numbers(ui, rect)
        else:
            self.paint_effects(ui, rect, page)
        row = pygame.Rect(rect.x, nr.y, nr.x - lay.gap - rect.x, nr.h)
        back_r, row = L.take_left(row, lay.px(130), lay.gap)
        ui.button(back_r, "Back" if self.page else "Cancel", self.back_page, name="Back page")
        last = self.page == len(PAGES) - 1
        if page == "name":  # the name is in the field: no summary
            if not whole:
                self.space_and_delete(ui, row, self.type_char, self.delete_char)
        else:
            summary = self.card_dict()
            box = row.inflate(0, -lay.px(4))
            line = self.summary_line(summary)
            fits = len(text.wrap(line, box.w, lay.small)) * text.font(lay.small).get_linesize() <= box.h
            if fits or len(text.wrap(summary["name"] or "?", box.w, lay.small)) * \
                    text.font(lay.small).get_linesize() <= box.h:
                ui.block(box, line if fits else summary["name"] or "?", lay.small, DIM)  # less, never smaller
        save = "Save" if self.editing_name is not None else "Save & draw"
        ui.button(nr, save if last else "Next", self.on_next, "primary", size=lay.big if not last else
                  lay.body, name="NEXT")

    @staticmethod
    def summary_line(card: dict[str, Any]) -> str:
        d = card["difficulty"] if card["difficulty"] else "roll"
        loc = card["location"] if card["location"] else "roll"
        tutorial = " \u00b7 tutorial" if card.get("tutorial") else ""
        return f"{card['name'] or '?'} \u00b7 diff {d} \u00b7 Bay {loc}{tutorial}"

    @staticmethod
    def keyboard_fits(lay: Any, h: int, list_row: bool = False) -> bool:
        """True when the whole keyboard (field, letters, space row) fits ``h``
        pixels (with a row of the list above it when ``list_row``)."""
        return keyboard_height(lay, True, True) + ((lay.touch + lay.gap) if list_row else 0) <= h

    def paint_keyboard(self, ui: Ui, rect: pygame.Rect, value: str | None = None, on_key: Any = None,
                       on_delete: Any = None, field: bool = True, space_row: bool = True) -> None:
        """The typed text (``field``) and a QWERTY keyboard in its rows, from
        the top of ``rect``, then space and delete (``space_row``; without it
        the caller puts them in its row of buttons, :meth:`space_and_delete`).
        The digits (a card's name may have them: a tester's finding) are a row above the letters where
        ``rect`` has the room for it (portrait); else "123", left of Z, turns the top row into them and back."""
        lay = ui.layout
        value = self.card_name if value is None else value
        on_key = on_key or self.type_char
        on_delete = on_delete or self.delete_char
        keys_r = rect
        if field:
            field_r, keys_r = L.take_top(rect, lay.px(56), lay.gap)
            ui.panel(field_r, (14, 16, 30), INFO, width=3)
            ui.label(field_r.inflate(-lay.px(16), 0), (value or "") + "\u258f", lay.big, FG, bold=True)
        nrows = len(KEY_ROWS) + (1 if space_row else 0)
        digit_row = keys_r.h >= (nrows + 1) * (lay.touch + lay.gap) - lay.gap
        rows = (DIGIT_ROW, *KEY_ROWS) if digit_row else (DIGIT_ROW, *KEY_ROWS[1:]) if self.digits else KEY_ROWS
        nrows = len(rows) + (1 if space_row else 0)
        key_h = max(lay.touch, min(lay.touch + lay.px(8), (keys_r.h - (nrows - 1) * lay.gap) // nrows))
        keys = KeySlots(lay, keys_r, ui.surface.get_width())
        y = keys_r.y
        for r, row in enumerate(rows):
            r -= len(rows) - len(KEY_ROWS)  # the letters' rows keep their steps; a digit row above is flush
            first = max(0, r) / 2  # keys from the left: the letters' rows step in half a key each
            toggle = r == len(KEY_ROWS) - 1 and not digit_row
            if toggle:  # left of Z, in the row's step
                box, slot = keys.at(0, y, key_h, first=True)
                ui.button(box, "123", self.toggle_digits, "selected" if self.digits else "normal", size=lay.small,
                          name="key 123", hit=slot)
            for i, k in enumerate(row):
                box, slot = keys.at(first + i, y, key_h, first=i == 0 and not toggle, last=i == len(row) - 1)
                ui.button(box, k, (lambda k=k: on_key(k)), size=lay.body, name=f"key {k}", hit=slot)
            y += key_h + lay.gap
        if space_row:
            self.space_and_delete(ui, pygame.Rect(keys_r.x, y, keys_r.w, key_h), on_key, on_delete, 0.6)

    @staticmethod
    def space_and_delete(ui: Ui, row: pygame.Rect, on_key: Any, on_delete: Any,
                         space_share: float | None = None) -> pygame.Rect:
        """Space and delete from the left of ``row`` (space takes ``space_share``
        of it, default: what delete leaves); returns what is left of the row."""
        lay = ui.layout
        if space_share is None:
            del_w = lay.px(110)
            space_r, rest = L.take_left(row, row.w - del_w - lay.gap, lay.gap)
        else:
            space_r, rest = L.take_left(row, int(row.w * space_share), lay.gap)
        del_r, rest = L.take_left(rest, rest.w if space_share is not None else lay.px(110), lay.gap)
        ui.button(space_r, "space", lambda: on_key(" "), name="key space")
        ui.button(del_r, "\u232b delete" if space_share is not None else "\u232b", on_delete, name="key delete")
        return rest

    def delete_char(self) -> None:
        self.card_name = self.card_name[:-1]

    def toggle_digits(self) -> None:
        """"123": the keyboard's top row is the digits, or the letters again."""
        self.digits = not self.digits

    def paint_numbers(self, ui: Ui, rect: pygame.Rect) -> None:
        """The difficulty: first the number as a field to type in (a tap opens the number pad, whose first
        digit replaces it: 7 is three touches, the field, 7, Done), then \u2212 and + for a step of one, and
        "roll"; then the location's Bays. A tester's finding: the number drawn as a button between \u2212 and +
        was not seen as one to type in, and + from "roll" took seven taps to 7 (the rulebook gives no
        usual difficulty to start from: + starts at 1)."""
        lay = ui.layout
        diff_r, loc_r = L.take_top(rect, lay.px(100), lay.gap)
        label_r, row = L.take_top(diff_r, lay.px(34))
        ui.label(label_r, text.fitting(("Difficulty: the sum to reach \u00b7 tap the box to type it",
                                        "Difficulty: tap the box to type it", "Difficulty: tap to type"),
                                       label_r.w, lay.body, True), lay.body, FG, bold=True)
        row = pygame.Rect(row.x, row.y, row.w, lay.touch)
        val_r, row = L.take_left(row, lay.px(170), lay.gap)
        minus_r, row = L.take_left(row, lay.px(80), lay.gap)
        plus_r, row = L.take_left(row, lay.px(80), lay.gap)
        roll_r, _ = L.take_left(row, lay.px(150), lay.gap)
        ui.panel(val_r, (14, 16, 30), INFO, width=3)  # a field, as the card's name is typed in
        if self.difficulty:
            ui.label(val_r.inflate(-lay.px(16), 0), f"{self.difficulty}\u258f", lay.big, FG, "center", bold=True)
        else:  # "roll" is said by its button: the empty field invites a number
            ui.label(val_r.inflate(-lay.px(16), 0), "\u258f type", lay.body, DIM, "center", bold=True)
        ui.hits.append(Hit(pygame.Rect(val_r), "difficulty pad", lambda: number_pad(
            self.app, "Difficulty", self.difficulty, False, self.set_difficulty, top=MAX_DIFFICULTY, zero="roll",
            unsigned="a difficulty cannot be negative",
            zero_note="no number: the card's \"Roll the dice to determine\", Game Symbols")))
        ui.button(minus_r, "\u2212", lambda: self.set_difficulty(self.difficulty - 1), size=lay.big,
                  name="difficulty -")
        ui.button(plus_r, "+", lambda: self.set_difficulty(self.difficulty + 1), size=lay.big, name="difficulty +")
        ui.button(roll_r, "roll", lambda: self.set_difficulty(0), "selected" if not self.difficulty else "normal",
                  name="difficulty roll")
        label_r, grid_r = L.take_top(loc_r, lay.px(34), lay.gap)
        ui.label(label_r, "Location: the Bay of the problem", lay.body, FG, bold=True)
        from .day import SHORT_BAYS
        ncols = 2 if lay.portrait else 4
        nrows = -(-7 // ncols)  # the grid's cell after the 7 locations: the green card's Tutorial mark
        row_h = max(lay.touch, min(lay.px(70), (grid_r.h - lay.gap * (nrows - 1)) // nrows))
        cells = L.grid(grid_r, nrows * ncols, ncols, lay.gap, row_h=row_h)
        for cell, loc in zip(cells, range(7)):
            ui.button(cell, "roll" if loc == 0 else str(loc), (lambda v=loc: self.set_location(v)),
                      "selected" if self.location == loc else "normal", size=lay.body,
                      sub=None if loc == 0 else SHORT_BAYS[loc], name=f"location {loc}")
        if self.colour() == GREEN:  # a tester's finding: a Tutorial card could not be entered, and a tutorial
            ui.button(cells[7], "Tutorial card", self.toggle_tutorial,  # game then refused every other card
                      "selected" if self.tutorial else "normal", size=lay.small, sub="yes" if self.tutorial
                      else "no", name="tutorial")

    def toggle_tutorial(self) -> None:
        """The green card is one of the 3 Tutorial cards, or not (Game Components: "3 Green 'Tutorial' Cards";
        Setup 3 NB: the tutorial game's green deck holds them, the normal game none): kept with the card."""
        self.tutorial = not self.tutorial

    def set_difficulty(self, v: int) -> None:
        self.difficulty = max(0, min(MAX_DIFFICULTY, v))

    def set_location(self, v: int) -> None:
        self.location = v

    def paint_effects(self, ui: Ui, rect: pygame.Rect, result: str) -> None:
        """One button per symbol with its amount; a tap opens the number pad."""
        lay = ui.layout
        ncols = 2 if lay.portrait else 3
        n = len(EFFECT_SYMBOLS)
        nrows = -(-n // ncols)
        row_h = max(lay.touch, min(lay.touch + lay.px(8), (rect.h - lay.gap * (nrows - 1)) // nrows))
        for cell, sym in zip(L.grid(rect, n, ncols, lay.gap, row_h=row_h), EFFECT_SYMBOLS):
            val = self.effects[result].get(sym, 0)
            shown = (f" {val:+d}" if sym in SIGNED_SYMBOLS else f" {val}") if val else ""
            label = SYMBOL_NAMES[sym] + shown
            if text.width(label, lay.small, True) > cell.w - lay.px(16):
                label = SHORT_SYMBOLS.get(sym, SYMBOL_NAMES[sym]) + shown
            ui.button(cell, label, (lambda s=sym: self.ask_amount(result, s)),
                      "selected" if val else "normal", size=lay.small, name=f"{sym} amount")

    def ask_amount(self, result: str, symbol: str) -> None:
        """The number pad for ``symbol``'s amount in ``result`` (signed where it
        can be negative). On a Negative result (Check Negative, Inevitable
        Negative) an amount typed is a loss: 2, or the card's "-2" as \u00b1 2, is saved as -2 (a gain there
        is 2 \u00b1: \u00b1 after a digit flips the sign)."""
        def done(v: int) -> None:
            self.effects[result][symbol] = 0
            self.step_effect(result, symbol, v)
        signed = symbol in SIGNED_SYMBOLS
        number_pad(self.app, f"{SYMBOL_NAMES[symbol]} ({RESULT_NAMES[result]})",
                   self.effects[result].get(symbol, 0), signed, done, top=MAX_EFFECT,
                   losses=signed and result in NEGATIVE_RESULTS)


#: the results whose amounts are losses unless \u00b1 says otherwise (card anatomy: red minus symbols)
NEGATIVE_RESULTS = ("failure", "inevitable_negative")


def card_tile(ui: Ui, cell: pygame.Rect, label: str, on_tap: Any, style: str, name: str) -> None:
    """A card of the list: ``label`` on one line (body size, down to the reading size); a label too long
    for that takes two lines at the reading size, as the Bays do (their spare room squeezed, never their
    letters), when the tile is high enough; only a label too long for two lines is cut ("…")."""
    lay = ui.layout
    lines = _tile_lines(lay, label, cell)
    if lines is None:
        ui.button(cell, label, on_tap, style, size=lay.body, name=name)
        return
    ui.button(cell, "", on_tap, style, name=name)
    two_lines(ui, cell, lines[0], lines[1], STYLES[style][2], sub_bold=True)


def _tile_lines(lay: Any, label: str, cell: pygame.Rect) -> list[str] | None:
    """The two lines of :func:`card_tile` (the second cut with "…" when even two are too few), or None:
    ``label`` fits one line, or ``cell`` has no room for two lines at the reading size."""
    w = cell.w - 2 * lay.px(8)
    if any(text.width(label, s, True) <= w for s in text.rungs(lay.body, lay.small)):
        return None
    line_h = text.font(lay.small, True).get_linesize()
    if (cell.h - lay.px(6)) // 2 < line_h - lay.px(4):
        return None
    lines, _ = text.fit_block(label, (w, 2 * line_h), lay.small, lay.small, True)
    if len(lines) != 2 or any(text.width(x, lay.small, True) > w for x in lines):
        return None  # a word wider than the tile: one line, cut
    return lines


class KeySlots:
    """Where the keys of a keyboard of ten keys a row go in ``keys_r`` (logical pixels): each key's box is drawn
    a tenth of ``keys_r`` wide less a gap, and its touch target (its slot) is a tenth of the keyboard's span, so
    that neighbouring slots meet with neither a gap nor an overlap. The span is ``keys_r`` and half a gap each
    side, and the screen's whole width (``screen_w``) when ``keys_r`` is the width of the screen less its margins:
    at 480x800 a box is then 42 px wide and its slot 48 (a finger's 48 px did not fit ten boxes and their gaps in
    the 468 px inside the margins: 41 px each); every box lies inside its slot."""

    def __init__(self, lay: Any, keys_r: pygame.Rect, screen_w: int) -> None:
        self.gap, self.keys_r = lay.gap, keys_r
        span = keys_r.inflate(lay.gap, 0)
        if keys_r.x <= lay.gap and keys_r.right >= screen_w - lay.gap:
            span = pygame.Rect(0, span.y, screen_w, span.h)
        self.span = span

    def at(self, start: float, y: int, h: int, first: bool = False,
           last: bool = False) -> tuple[pygame.Rect, pygame.Rect]:
        """(the box drawn, the slot) of the key ``start`` keys from the left (a half for a stepped row), ``y`` and
        ``h`` high; a row's ``first`` and ``last`` keys' slots reach the span's sides."""
        span, k = self.span, self.keys_r
        left, right = span.x + round(start * span.w / 10), span.x + round((start + 1) * span.w / 10)
        lo, hi = span.x if first else left, span.right if last else right
        slot = pygame.Rect(lo, y, hi - lo, h)
        x0 = k.x + round(start * (k.w + self.gap) / 10)
        box = pygame.Rect(x0, y, k.x + round((start + 1) * (k.w + self.gap) / 10) - self.gap - x0, h)
        return box.clip(pygame.Rect(left, y, right - left, h)), slot


def keyboard_height(lay: Any, field: bool, space_row: bool) -> int:
    """Pixels the keyboard takes: the field (``field``), the letter rows (under the digit row in portrait,
    where the "123" key would be too narrow: :meth:`CardScreen.paint_keyboard`) and the space row (``space_row``)."""
    rows = len(KEY_ROWS) + (1 if lay.portrait else 0) + (1 if space_row else 0)
    return (lay.px(56) + lay.gap if field else 0) + rows * (lay.touch + lay.gap) - lay.gap


def _day_before(session: Any, today: int) -> tuple[int, list[Any], bool]:
    """(today - 1, its events, whether they are all of them); (0, [], True) on day 1."""
    day = today - 1
    return (day, *events_of_day(session, day)) if day >= 1 else (0, [], True)


def _results(events: list[Any]) -> list[str]:
    """How each of the day's problems in ``events`` ended (resolved or skipped), a short line each: a strip's
    first words. One problem: the check's line as the log says it ("Check failed: 2 against 6"), or "Event
    skipped: nobody on the problem"; several (a result demanded another card the same day): each named by its
    card ("Fire Alarm skipped", "Loose Panel: check failed, 2 against 6"). A tester's finding: "Day 3:" said
    the skip of the day's first card in the whole of its long line, and not the failed check that followed."""
    ended: list[tuple[str, Any]] = []
    card = "A card"  # the day's earlier events may not be there (only the last ones are read)
    for e in events:
        if e.kind == "event":
            card = ((e.data or {}).get("card") or {}).get("name") or card
        elif e.kind in ("result", "skip"):
            ended.append((card, e))
    if len(ended) == 1:
        e = ended[0][1]
        return [SKIPPED if e.kind == "skip" else e.text]
    out = []
    for name, e in ended:
        data = e.data or {}
        if e.kind == "skip":
            out.append(f"{name} skipped")
        elif "total" in data:
            out.append(f"{name}: check {'passed' if data.get('passed') else 'failed'}, {data['total']} against "
                       f"{data.get('difficulty')}")
        else:
            out.append(f"{name}: {e.text}")
    return out


#: what a tap on the card list's greyed \u25c0 \u25b6 says: which end of the list this is
FIRST_PAGE = "Previous page: this is the first page{}."
LAST_PAGE = "Next page: this is the last page{}."
ONLY_PAGE = " (the only one)"

#: a skipped event in a strip (30-to-mars.txt, Skipping the Event; the log's line says it whole)
SKIPPED = "Event skipped: nobody on the problem"


def _bad_day(events: list[Any], alert_lines: list[str]) -> bool:
    """True when a day's ``events`` hold a loss (one of its ``alert_lines`` but the Special
    Abilities used: their Sanity back to 1 is their price) or a failed check."""
    return _failed(events) or any(not line.startswith(ABILITY_USED) for line in alert_lines)


def _failed(events: list[Any]) -> bool:
    """True when ``events`` hold a failed check or a skipped event (resolved as failed: Skipping the Event)."""
    return any(e.kind == "skip" or (e.kind == "result" and not (e.data or {}).get("passed")) for e in events)


def number_pad(app: Any, title: str, value: int, signed: bool, on_done: Any, top: int,
               losses: bool = False, zero: str | None = None, unsigned: str = "it cannot be negative",
               zero_note: str | None = None) -> None:
    """A dialog with the digits 0-9, \u00b1, \u232b and Done, in the same
    places on every pad (1-9 in rows; \u00b1 0 \u232b; Done and Cancel);
    \u00b1 is shown disabled where the amount cannot be negative (``signed``
    False). The title shows the number typed; Done (or NEXT) calls
    ``on_done(value)``. ``losses``: a number typed from 0 is negative (a
    loss), shown with its minus sign at once. The first digit typed replaces the
    number the pad opened on (as on a calculator); the next ones are appended;
    a digit that would pass ``top`` is refused, the title saying the most ("3 (at most 30)").
    \u00b1 typed first (before a digit, or once \u232b has emptied the number) is the minus sign printed
    on the card: "-2" copied as \u00b1 2 is -2 in every field (in a loss field the minus is there
    already, and stays); any other \u00b1 flips the sign, so a gain in a loss field is 2 \u00b1 (or
    \u00b1 \u00b1 2). At 0 the title shows the sign the next digit takes ("-", or "+" where a plain 0
    would be a loss); Done there saves 0. Otherwise the title shows exactly the value Done saves;
    ``zero`` is what 0 means where it is not a number (a difficulty: "roll", to determine): a 0 typed says
    so in the title ("Difficulty: roll (0 means roll)"), a digit after it says the 0 is dropped, and Done
    there says what was kept (with ``zero_note``). The greyed ± says why in the title (``unsigned``).
    (A tester's finding: each was silent, or "±: not possible now.")"""
    st = {"v": abs(value), "neg": value < 0 or (losses and value == 0), "fresh": True, "first": True,
          "zero": False}

    def shown() -> str:
        v = -st["v"] if st["neg"] else st["v"]
        if signed and not v and (st["neg"] or losses):
            return f"{title}: {'-' if st['neg'] else '+'}"  # the sign the next digit takes
        if not v and zero is not None:
            return f"{title}: {zero}"
        return f"{title}: {v:+d}" if signed and v else f"{title}: {v}"

    def digit(k: int) -> None:
        typed = k if st["fresh"] else st["v"] * 10 + k
        if typed > top:  # the number stays as it was: a slip of the finger loses nothing typed
            app.dialog.title = f"{shown()} (at most {top})"
            return
        dropped = zero is not None and st["zero"] and not st["v"] and typed
        st["v"], st["fresh"], st["first"] = typed, False, st["first"] and not typed
        st["zero"] = zero is not None and not typed
        app.dialog.title = shown()
        if st["zero"]:
            app.dialog.title = f"{shown()} (0 means {zero})"
        elif dropped:
            app.dialog.title = f"{shown()} (the 0 before it is dropped)"

    def flip() -> None:
        st["neg"] = True if st["first"] else not st["neg"]  # first, the printed minus
        st["first"] = False
        app.dialog.title = shown()

    def back() -> None:
        st["v"] //= 10
        st["fresh"] = False
        st["first"] = not st["v"]  # an emptied number starts again
        app.dialog.title = shown()

    def done() -> None:
        app.close_dialog()
        on_done(-st["v"] if st["neg"] else st["v"])
        if st["zero"] and not st["v"]:
            app.say(f"{title}: 0 means \"{zero}\"" + (f" ({zero_note})." if zero_note else "."), "info")

    def no_sign() -> None:
        app.dialog.title = f"{shown()} (no \u00b1: {unsigned})"
    options = [(str(k), (lambda k=k: digit(k))) for k in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    options += [("\u00b1", flip if signed else Greyed(no_sign)), ("0", lambda: digit(0)), ("\u232b", back),
                ("Done", done)]
    app.ask(shown(), options, on_next=done)

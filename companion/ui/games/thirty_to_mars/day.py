"""The day: dashboard on one side, the step of the day on the other.

Steps (``engine.phase``): dawn (start the day), place (tap a Marsonaut, then
a Bay), check (dice from the die or the face pad, their sum against the
difficulty, the exact chance of success), resolved and produced (what
happened, each line saying why). A pending choice shows its options; a
pending roll shows the face pad.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.thirty_to_mars.model import BAY_NAMES, BAY_PRODUCES, RESOURCE_NAMES
from companion.rules.words import count

from ... import layout as L
from ... import text
from ...widgets import BAD, DIM, FG, GOOD, INFO, MARS, PANEL, STYLES, WARN, Hit, Ui
from . import dashboard
from .alerts import alert_strip, alerts, strip_height
from ...screens.base import Screen
from ...screens.chrome import face_pad, next_rect
from .chips import card_chip, mixed_line, two_lines
from .days import ByDay, places_before

SHORT_BAYS = {0: "Sleeping", 1: "Cockpit", 2: "Recreation", 3: "Medical", 4: "Cargo", 5: "Green House",
              6: "Laboratory"}
PRODUCES = {b: (RESOURCE_NAMES.get(w) or w.capitalize()) for b, w in BAY_PRODUCES.items()}


def ability_label(state: Any, args: dict[str, Any], game: Any) -> str:
    """Words for one ABILITY action's button; a die is named by who rolled it, as the rules ``game`` name it
    (``die_name``: "Maria: re-roll Larisa's die (1)"; a tester's finding: "re-roll die 1 (1)" beside
    "re-roll die 2 (1)", and the table could not tell whose die either was)."""
    m = state.crew[args["who"]]
    name = m.profile.short
    ab = m.profile.ability
    if ab == "reduce_difficulty":
        return f"{name}: lower difficulty by a die"
    if ab == "prevent_sanity_loss":
        return f"{name}: protect {state.crew[args['target']].profile.short}'s Sanity"
    if ab == "double_die":
        return f"{name}: double {game.die_name(state, args['die'])} ({state.dice[args['die']]})"
    if ab == "add_die":
        return f"{name}: add one die"
    if ab == "reroll":
        return f"{name}: re-roll {game.die_name(state, args['die'])} ({state.dice[args['die']]})"
    return f"{name}: re-draw the event card"


def option_label(state: Any, purpose: str, option: Any) -> str:
    if purpose in ("discard", "lose", "gain"):
        return RESOURCE_NAMES[option]
    if purpose == "break":
        return BAY_NAMES[option]
    return state.crew[option].profile.short


class DayScreen(Screen):
    """The dashboard and the current step of the day."""

    name = "day"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.selected: int | None = None
        self.refused: int | None = None  # the Knocked Out Marsonaut last tapped (a Bay tap after says why again)
        self.log_view = LogView()
        self._yesterdays = ByDay(places_before)

    # ------------------------------------------------------------------ actions
    def next_label(self, state: Any) -> str:
        step = state.step
        if step == "dawn":
            return f"Start day {state.day + 1}"
        if step == "place":
            return "Roll check" if self.app.game.participants(state) else "Skip event"
        if step == "check":
            return "Resolve"
        if step == "resolved":
            return "Draw card" if state.demand else "Produce"
        if step == "produced":
            return f"End day {state.day}"
        return "Next"

    def on_next(self) -> None:
        """NEXT; with nobody in the event Bay, first ask whether to skip the
        event (a second NEXT confirms, like the Skip button)."""
        app = self.app
        state = app.state
        if state.step == "place" and not app.game.participants(state) and \
                app.game.check(state, Action("next")) is None:
            def skip() -> None:
                app.close_dialog()
                app.submit(Action("next"), quiet=True)
            app.ask("Nobody works on the problem: skip the event and take its negative consequences?",
                    [("Skip event", skip)], lines=app.game.skip_consequences(state), on_next=skip)
            return
        super().on_next()

    def select(self, who: int) -> None:
        """Tap on a Marsonaut: they are the one the next Bay tap places; a
        Knocked Out one cannot be, and the message says which rule forbids it."""
        state = self.app.state
        self.refused = None
        if not state.crew[who].active:
            self.selected = -1  # nobody (not chosen again on its own)
            self.refused = who
            tried = Action("place", {"who": who, "bay": 0})
            self.app.reject(self.app.game.check(state, tried), action=tried)
            return
        self.selected = who

    #: a message too long for :meth:`message_areas` is cut short to the last of them, a tap shows it whole
    #: (it never goes over the Marsonauts, the Repair Kits nor the Bays)
    message_shrinks = True

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Where a long message goes, the first where it fits (:func:`..chrome.message_box`): over the
        resources (only read), then over as much of the dashboard as leaves the four crew rows and the
        Repair Kits row in sight under it (:func:`dashboard.message_room`; testers' findings: the
        message hid three Marsonauts, then the Repair Kits, at 800x480 and 480x800). While a choice may be about
        the resources (discard, lose, gain) they stay in sight: the message goes under them, and one
        too long for that over the crew list (the rows under it left out), never over the choice."""
        lay = self.app.layout
        state = self.app.state
        dash = split(lay)[0]
        choosing = bool(state.pending) and state.pending[0].kind == "choose"
        about_resources = choosing and state.pending[0].purpose in ("discard", "lose", "gain")
        if about_resources:   # then under the options (found playing at 480x800: Redo's "Made again: ..." over
            # the crew list left two of the four Marsonauts out of sight)
            return [(dashboard.message_room(lay, dash, False), False), (self.under_options(), False),
                    (dashboard.regions(lay, dash)[1], False)]
        res = dashboard.regions(lay, dash)[0]  # with the gap under it (portrait: one row of tiles)
        res = pygame.Rect(res.x, res.y, res.w, res.h + lay.gap - 1)
        room = dashboard.message_room(lay, dash, True)
        return [(res, False), (room, False)] if room.h > res.h else [(room, False)]

    def _message_over(self, rect: pygame.Rect) -> bool:
        """Whether the message drawn on this frame goes over ``rect``."""
        if self.app.message is None or self.app.dialog is not None:
            return False
        from ...screens.chrome import message_box
        return message_box(self.app.layout, self.app)[0].colliderect(rect)

    @staticmethod
    def next_to_place(state: Any) -> int | None:
        """The first Active Marsonaut still in the Sleeping Bay (else the first Active one)."""
        active = [i for i, m in enumerate(state.crew) if m.active]
        return next((i for i in active if state.placement[i] == 0), active[0] if active else None)

    def enter(self) -> None:
        """A new screen (after a restart, a card drawn, a roll): select who places next."""
        self.selected = None
        self.refused = None

    def place(self, bay: int) -> None:
        """A Bay tapped: the selected Marsonaut goes there. After a tap on a Knocked Out one, the move
        is theirs, and the rules' refusal says again why they stay (not "tap a Marsonaut first", a
        tester's finding: the Marsonaut had been tapped)."""
        if self.selected == -1 and self.refused is not None:
            self.app.submit(Action("place", {"who": self.refused, "bay": bay}))
            return
        if self.selected is None or self.selected < 0:
            self.app.say("Tap a Marsonaut first, then the Bay they go to.", "info", 4)
            return
        who = self.selected
        if self.app.submit(Action("place", {"who": who, "bay": bay})):
            crew = self.app.state.crew
            order = [(who + k) % 4 for k in range(1, 5)]
            self.selected = next((i for i in order if crew[i].active and i != who), None)

    def ask_ability(self) -> None:
        """The Special Abilities the rules allow now; Stan's ward is one
        choice that then asks which friend (:meth:`ask_ward`). Under the title, what each use costs now, in
        the rules' words (``ability_cost``: Sanity to 1, nothing more for Maria's second re-roll, nothing
        while Stan's ward holds; a tester's finding: "Sanity drops to 1 afterwards" for every use), then why
        a Marsonaut at Sanity 10 has none (:meth:`abilities_waiting`). Each option is the Marsonaut's name over
        what the use does, all of them alike, wherever one is too long for a line (``dense``: a tester's
        finding at 480x800, "Jean-Louis" over "double Larisa's die (1)" beside "Maria: re-roll Larisa's die (1)"
        on one line read untidy from 1 m); in two columns where they fit so (800x480: no "More..." page)."""
        app = self.app
        state = app.state
        acts = [a for a in app.game.legal_actions(state) if a.kind == "ability"]

        def use(a: Action) -> None:
            app.close_dialog()
            app.submit(a)
        waiting = self.abilities_waiting(acts)
        if not acts:
            app.say(" ".join(waiting) or "No Special Ability can be used now: a Marsonaut needs Sanity 10 "
                    "(30-to-mars.txt, Special Ability).", "info")
            return
        wards = [a for a in acts if state.crew[a.args["who"]].profile.ability == "prevent_sanity_loss"]
        others = [a for a in acts if a not in wards]
        if wards and not others and not waiting:
            self.ask_ward(wards)
            return
        options = [(ability_label(state, a.args, app.game), (lambda a=a: use(a))) for a in others]
        if wards:
            stan = state.crew[wards[0].args["who"]].profile.short
            options.append((f"{stan}: protect a friend's Sanity", lambda: self.ask_ward(wards)))
        users = dict.fromkeys(a.args["who"] for a in others + wards[:1])
        costs = app.game.ability_costs(state, list(users))   # those who pay the same on one line
        app.ask("Use a Special Ability", options, lines=costs + waiting, dense=True)

    def abilities_waiting(self, acts: list[Action]) -> list[str]:
        """Why each Marsonaut ready to use their Special Ability (Sanity 10, standing) has none of ``acts``:
        the rules' refusal, with its section ("Dieter: ... (30-to-mars.txt, Marsonaut Profiles: Dieter)"), the name
        said once where the refusal begins with it ("Jean-Louis's doubling acts on the check dice ...": a tester read
        "Jean-Louis: Jean-Louis's doubling ...")."""
        state = self.app.state
        game = self.app.game
        using = {a.args["who"] for a in acts}
        out = []
        for who, m in enumerate(state.crew):
            if who in using or not m.active or m.sanity < 10:
                continue
            args: dict[str, Any] = {"who": who}
            if m.profile.ability in ("double_die", "reroll"):
                args["die"] = 0
            elif m.profile.ability == "prevent_sanity_loss":
                args["target"] = (who + 1) % len(state.crew)
            refusal = game.check(state, Action("ability", args))
            if refusal is not None:  # named once: "Jean-Louis's doubling acts ...", not "Jean-Louis: Jean-Louis's ..."
                said = refusal.message if refusal.message.startswith(m.profile.short) else \
                    f"{m.profile.short}: {refusal.message}"
                out.append(f"{said} ({refusal.rule})")
        return out

    def ask_ward(self, wards: list[Action]) -> None:
        """Stan chosen: which friend his ward protects, and the one-line note
        why he is not among them (the rules' decision, Marsonaut Profiles: Stan)."""
        app = self.app
        state = app.state
        stan = state.crew[wards[0].args["who"]].profile.short

        def use(a: Action) -> None:
            app.close_dialog()
            app.submit(a)
        app.ask(f"{stan} protects whose next Sanity loss? (his Sanity drops to 1)",
                [(state.crew[a.args["target"]].profile.short, (lambda a=a: use(a))) for a in wards],
                lines=[STAN_NOTE.format(stan=stan)])

    # ------------------------------------------------------------------ drawing
    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        dash_r, panel_r = split(lay)
        placing = state.step == "place" and not state.pending
        if placing and self.selected is None:
            self.selected = self.next_to_place(state)
        cover = None
        if app.message is not None and app.dialog is None:
            from ...screens.chrome import message_box
            box = message_box(lay, app)[0]
            cover = box if box.colliderect(dash_r) else None
        dashboard.draw(ui, dash_r, app, on_crew=self.select if placing else None,
                       selected=self.selected if placing else None, cover=cover)
        inner = panel_r.inflate(-2 * lay.gap, -2 * lay.gap)
        nr = next_rect(lay, panel_r)
        content = pygame.Rect(inner.x, inner.y, inner.w, nr.y - lay.gap - inner.y)
        p = state.pending[0] if state.pending else None
        expect = app.game.expects(state)
        if p is not None and p.kind == "choose":
            self.paint_choice(ui, content, state, p)
        elif state.step in ("place", "check"):
            self.paint_event(ui, content, state, expect)
        elif state.step == "dawn":
            self.paint_events(ui, content, "Good morning" if state.day == 0 else f"Day {state.day} is over",
                              "Start the day: the ship moves one day closer to Mars and the crew uses 1 "
                              "Oxygen, Food, Fuel and Spares.")
        else:
            title = "What happened" if state.step == "resolved" else "Resources generated"
            self.paint_events(ui, content, title, None)
        legal = app.game.check(state, Action("next")) is None
        ui.button(nr, self.next_label(state), self.on_next, "primary" if legal else "disabled", size=lay.big,
                  name="NEXT")
        # the odds / ability row left of NEXT
        row = pygame.Rect(inner.x, nr.y, nr.x - lay.gap - inner.x, nr.h)
        if state.step in ("place", "check") and not (p is not None and p.kind == "choose"):
            self.paint_odds(ui, row, state)

    def choice_rect(self) -> pygame.Rect:
        """The panel's room above NEXT's row: a choice, the event, the dice or what happened."""
        lay = self.app.layout
        panel_r = split(lay)[1]
        inner = panel_r.inflate(-2 * lay.gap, -2 * lay.gap)
        return pygame.Rect(inner.x, inner.y, inner.w, next_rect(lay, panel_r).y - lay.gap - inner.y)

    def choice_parts(self, ui: Ui, rect: pygame.Rect, state: Any, p: Any) -> tuple[Any, ...]:
        """Where :meth:`paint_choice` puts a choice in ``rect``: ``(options, ncols, nrows, title_r, lines, strip_r,
        rest)``, the day's alert ``lines`` in ``strip_r`` (None: no strip) and the options in ``rest``."""
        lay = ui.layout
        options = self.app.game.choice_options(state, p)
        ncols = 2 if len(options) > 3 or lay.portrait else 1
        nrows = -(-len(options) // ncols)
        # the title leaves the options a finger's row each (portrait 480x800: the last row ran under NEXT)
        title_h = max(lay.px(60), min(lay.px(80), rect.h - lay.gap - nrows * (lay.touch + lay.gap) + lay.gap))
        title_r, rest = L.take_top(rect, title_h, lay.gap)
        lines = alerts(self.app.recent, state)
        strip_h = strip_height(ui, rest.w, lines, max_lines=2)
        strip_r = None
        if lines and rest.h - strip_h - lay.gap >= nrows * (lay.touch + lay.gap):
            strip_r, rest = L.take_top(rest, strip_h, lay.gap)
        return options, ncols, nrows, title_r, lines, strip_r, rest

    def under_options(self) -> pygame.Rect:
        """The room under the options of the choice shown, their rows a finger's height each (a message's place
        beside a choice about the resources, :meth:`message_areas`); 0 pixels high where there is none."""
        lay = self.app.layout
        state = self.app.state
        nrows, rest = itemgetter(2, 6)(self.choice_parts(Ui(self.app.surface, lay), self.choice_rect(), state,
                                                         state.pending[0]))
        used = nrows * (lay.touch + lay.gap)
        return pygame.Rect(rest.x, rest.y + used, rest.w, max(0, rest.h - used))

    def paint_choice(self, ui: Ui, rect: pygame.Rect, state: Any, p: Any) -> None:
        lay = ui.layout
        app = self.app
        options, ncols, nrows, title_r, lines, strip_r, rest = self.choice_parts(ui, rect, state, p)
        ui.panel(title_r, PANEL, WARN, width=3)
        ui.block(title_r.inflate(-lay.px(16), -lay.px(8)), "Choose: " + (app.game.choice_text(state) or ""),
                 lay.body, FG, bold=True)
        if strip_r is not None:
            alert_strip(ui, strip_r, app, lines)
        row_h = max(lay.touch, min(lay.px(70), (rest.h - lay.gap * (nrows - 1)) // max(1, nrows)))
        if self._message_over(rest):   # a message under the options (message_areas): they keep a finger's height
            row_h = lay.touch
        cells = L.grid(rest, len(options), ncols, lay.gap, row_h=row_h)
        labels = [option_label(state, p.purpose, o) for o in options]
        size, wrapped = option_lines(lay, labels, cells[0] if cells else rest)
        for cell, o, label_lines in zip(cells, options, wrapped):
            tap = (lambda o=o: app.submit(Action("choose", {"option": o})))
            if len(label_lines) == 1:
                ui.button(cell, label_lines[0], tap, "selected", size=size, name=f"option {o}")
                continue
            ui.button(cell, "", tap, "selected", name=f"option {o}")
            lh = text.font(size, True).get_linesize()
            y = cell.centery - lh * len(label_lines) // 2
            for line in label_lines:
                ui.label(pygame.Rect(cell.x + lay.px(8), y, cell.w - 2 * lay.px(8), lh), line, size,
                         STYLES["selected"][2], "center", bold=True)
                y += lh

    def paint_event(self, ui: Ui, rect: pygame.Rect, state: Any, expect: Any) -> None:
        lay = ui.layout
        app = self.app
        chip_r, rest = L.take_top(rect, lay.px(48), lay.gap)
        card_chip(ui, chip_r, state, app.game.effective_difficulty(state), app)
        if expect is not None and expect.kind == "roll":
            pad_h = min(rest.h, lay.px(150))
            pad_r, above = L.take_bottom(rest, pad_h, lay.gap)
            if state.step == "check":
                self.paint_dice(ui, above, state)
            elif self.bays_fit(ui, above):
                self.paint_bays(ui, above, state, tappable=False)
            else:
                self.paint_roll_help(ui, above, state)
            face_pad(ui, pad_r, app, expect.purpose)
        elif state.step == "place":
            self.paint_placing(ui, rest, state)
        else:
            self.paint_dice(ui, rest, state)

    def paint_placing(self, ui: Ui, rect: pygame.Rect, state: Any) -> None:
        """The Bays to tap (the Marsonaut to place is selected on the dashboard)
        and, in the free cell, "Same as yesterday"."""
        lay = ui.layout
        if placing_again(self.app):  # a demanded card: the crew places again
            roomy = self.two_line_bays(ui, pygame.Rect(rect.x, rect.y, rect.w, rect.h - lay.px(60) - lay.gap))
            why_r, rect = L.take_top(rect, lay.px(60) if roomy else lay.px(34), lay.gap)  # short: one line
            ui.panel(why_r, PANEL, WARN, width=3)
            ui.block(why_r.inflate(-lay.px(12), -lay.px(6)), "Placing again: the first card's places produce "
                     "nothing today \u203a" if roomy else "Placing again: why? \u203a", lay.small, FG)
            ui.hits.append(Hit(pygame.Rect(why_r), "Why again", lambda: self.app.show_info(
                "A demanded card: place the crew again", [replace_text(state), REPLACE_RULE])))
        cells = self.paint_bays(ui, rect, state, tappable=True)
        if len(cells) > 7:
            same = self.yesterday()
            fill, border, fg = STYLES["good" if same else "disabled"]
            ui.panel(cells[7], fill, border)
            if self.two_line_bays(ui, rect):
                two_lines(ui, cells[7], "Same as", "yesterday", fg)
            else:  # one line, as the Bays beside it
                words = text.fitting(("Same as yesterday", "As yesterday", "Yesterday"), cells[7].w - lay.px(12),
                                     lay.small, True)
                ui.label(cells[7].inflate(-lay.px(12), 0), words, lay.small, fg, "center", bold=True)
            if same:
                ui.hits.append(Hit(pygame.Rect(cells[7]), "Same as yesterday", lambda: self.same_places(same)))
            else:  # greyed on the first day: its tap says why
                ui.hits.append(Hit(pygame.Rect(cells[7]), "Same as yesterday (why not?)", lambda: self.app.say(
                    "Same as yesterday puts everyone where they were the day before: on day 1 there is none.",
                    "info", 5)))

    def yesterday(self) -> tuple[int, ...] | None:
        """Where each Marsonaut was placed last on the day before today (from the
        log, :func:`.days.places_before`, read once a day), or None on the first day."""
        return self._yesterdays.get(self.app)

    def same_places(self, places: tuple[int, ...]) -> None:
        """Everyone to yesterday's Bay (one touch, one commit, and one Undo: :meth:`Session.one_touch`); a
        Bay the rules refuse today (the event's, a broken Workspace) is said, the others are placed."""
        app = self.app
        refused = []
        start = app.session.seq
        with app.session.batch():
            for who, bay in enumerate(places):
                state = app.state
                if not state.crew[who].active or state.placement[who] == bay:
                    continue
                act = Action("place", {"who": who, "bay": bay})
                rej = app.game.check(state, act)
                if rej is not None:
                    refused.append(f"{state.crew[who].profile.short}: {rej}")
                    continue
                app.submit(act)
            app.session.one_touch(start, "Same as yesterday")  # kept in the same commit
        if refused:
            app.say("Placed as yesterday except " + "; ".join(refused), "error")
        self.selected = None

    @staticmethod
    def bay_cols(ui: Ui, rect: pygame.Rect) -> int:
        """Columns of the Bay grid in ``rect``: 2, or 4 in a wide landscape panel."""
        lay = ui.layout
        return 2 if lay.portrait or rect.w < lay.px(600) else 4

    def bays_fit(self, ui: Ui, rect: pygame.Rect, row: int = 50) -> bool:
        """True when the seven Bays fit ``rect`` with their two lines readable: rows of at least ``row``
        px (at 50 they have room to spare; at 40 the lines are squeezed against the borders, still
        clear of each other, see :meth:`two_line_bays`)."""
        lay = ui.layout
        nrows = -(-7 // self.bay_cols(ui, rect))
        return (rect.h - lay.gap * (nrows - 1)) // nrows >= lay.px(row)

    def two_line_bays(self, ui: Ui, rect: pygame.Rect) -> bool:
        """True when the Bays in ``rect`` show two lines (the name, then who is there or what it
        produces), False for one (the name and the count): below 44 px a row, two lines came closer than 0.7 of
        their line (at 40, 17 px apart at 480x800: they ran into each other)."""
        return self.bays_fit(ui, rect, 44)

    def paint_roll_help(self, ui: Ui, rect: pygame.Rect, state: Any) -> None:
        """What the pending location/difficulty roll decides (instead of the Bays
        when they do not fit above the face pad)."""
        lay = ui.layout
        purpose = state.pending[0].purpose if state.pending else ""
        if purpose == "location":
            words = "The face is the problem's Bay (1\u20136)."
        elif purpose == "difficulty":
            words = "The face is the difficulty to reach."
        elif purpose == "reduce":
            words = "Larisa's roll lowers the difficulty by the face rolled."
        else:
            words = "Roll the die, or tap the face rolled."
        ui.panel(rect, PANEL)
        ui.block(rect.inflate(-lay.px(16), -lay.px(10)), words, lay.body, FG, min_size=lay.px(16))

    def paint_bays(self, ui: Ui, rect: pygame.Rect, state: Any, tappable: bool) -> list[pygame.Rect]:
        """The seven Bays: number, name, capacity (working Workspaces), who is
        there. Returns the grid's cells (an eighth one is free when the grid has one)."""
        lay = ui.layout
        game = self.app.game
        ncols = self.bay_cols(ui, rect)
        cells = L.grid(rect, 8 if 8 % ncols == 0 else 7, ncols, lay.gap)
        one_line = not self.two_line_bays(ui, rect)  # too short for two readable lines (portrait, a full dashboard)
        for cell, bay in zip(cells, range(7)):
            names = [state.crew[i].profile.short for i, b in enumerate(state.placement)
                     if b == bay and state.crew[i].active]
            # who is there, the longest that fits whole: the names, their first 3 letters, then 2 ("Je Jo" at 1 m
            # reads as one; the names fit a wide screen)
            forms = [" ".join(n[:k] for n in names) for k in (99, 3, 2)]
            cap = game.capacity(state, bay)
            room = cell.w - lay.px(12)  # as two_lines' inner width: the longest that fits whole
            ko = ""
            if bay == 0:
                label = "Sleeping Bay"
                sub, ko = sleeping_line(state, room, lay.small) if names or not all_standing(state) else \
                    ("rest, no work", "")
            else:
                label = f"{bay} {SHORT_BAYS[bay]}"
                sub = (text.fitting([f"{len(names)}/{cap} \u00b7 {f}" for f in forms], room, lay.small) if names
                       else f"0/{cap} \u00b7 {PRODUCES[bay]}")
            if bay and bay == state.location:  # who is on the problem, where the names fit ("EVENT 4/4 La St J…")
                count_ = f"EVENT {len(names)}/{cap}"
                style, sub = "primary", text.fitting([f"{count_} {f}" for f in forms] + [count_], room, lay.small)
            elif bay and (bay in state.event_bays or cap == 0):
                style = "disabled"
                sub = "broken" if cap == 0 else text.fitting(("had a problem today", "problem today", "problem"),
                                                             room, lay.small)
            else:
                style = "normal"
            fill, border, fg = STYLES[style]
            ui.panel(cell, fill, border)
            if one_line and ko:  # the Sleeping Bay with a Knocked Out Marsonaut: the name, who lies there
                heads = [f"{label} \u00b7 {sub}"] if sub else []
                pairs = [(h, k) for k in ko_forms(state) for h in heads + [label, "Sleeping"]] + [("", ko)]
                head, ko = next((h, k) for h, k in pairs if h == "" or text.width(
                    f"{h} \u00b7 ", lay.small, True) + text.width(k, lay.small, True) <= room)
                mixed_line(ui, cell.inflate(-lay.px(12), 0), head, fg, True, ko)
            elif one_line:  # the name and the count (or why it is greyed), then less, never smaller letters
                short = sub.split(" \u00b7 ")[0] if bay else f"{len(names)} here"
                line = text.fitting([f"{label} \u00b7 {sub}", f"{label} {short}", label], room, lay.small, True)
                ui.label(cell.inflate(-lay.px(12), 0), line, lay.small, fg, "center", bold=True)
            else:
                two_lines(ui, cell, label, sub, fg, tail=ko)
            if tappable:  # a greyed Bay too: its tap is refused with the rule that greys it
                name = f"bay {bay}" if style != "disabled" else f"bay {bay} (why not?)"
                ui.hits.append(Hit(pygame.Rect(cell), name, (lambda b=bay: self.place(b))))
        return cells

    def paint_dice(self, ui: Ui, rect: pygame.Rect, state: Any) -> None:
        """The check dice as they arrive and their sum against the difficulty."""
        lay = ui.layout
        need = self.app.game.effective_difficulty(state)
        total = sum(state.dice)
        who = [state.crew[i].profile.short for i in self.app.game.participants(state)]
        if rect.h < 3 * lay.px(40) + 2 * lay.gap and who:  # short (portrait): the dice and the total, a line each
            self.paint_dice_lines(ui, rect, state, need, total)
            return
        line_r, rest = L.take_top(rect, lay.px(40), lay.gap)
        ui.label(line_r, f"{', '.join(who) or 'Nobody'} \u00b7 {_need(state, need)}", lay.body, FG, bold=True)
        size = min(lay.px(72), rest.h - lay.px(44)) if rest.h > lay.px(60) else rest.h
        pending = _dice_to_come(state)
        if size < lay.px(40):  # no room for the dice: their faces in words
            dice_r, sum_r = L.take_top(rest, min(rest.h, lay.px(40)), lay.gap)
            ui.label(dice_r, f"Dice {_faces(state)}", lay.body, FG, bold=True)
            size = 0
        else:
            dice_r, sum_r = L.take_top(rest, max(0, size), lay.gap)
        x = dice_r.x
        for face in state.dice if size else ():
            d = pygame.Rect(x, dice_r.y, size, size)
            if d.right > dice_r.right:
                break
            ui.panel(d, FG, radius=lay.px(10))
            ui.label(d, str(face), lay.huge if size >= lay.px(60) else lay.big, (10, 12, 24), "center", bold=True)
            x += size + lay.gap
        for _ in range(pending if size else 0):
            d = pygame.Rect(x, dice_r.y, size, size)
            if d.right > dice_r.right:
                break
            ui.panel(d, PANEL, INFO, radius=lay.px(10), width=3)
            ui.label(d, "?", lay.big, INFO, "center", bold=True)
            x += size + lay.gap
        if sum_r.h > lay.px(20):
            if state.dice and need is not None:
                ui.label(pygame.Rect(sum_r.x, sum_r.y, sum_r.w, min(sum_r.h, lay.px(40))),
                         _total(total, need, pending), lay.big, _total_colour(total, need, pending), bold=True)
            elif not who:
                ui.label(pygame.Rect(sum_r.x, sum_r.y, sum_r.w, min(sum_r.h, lay.px(40))),
                         "Nobody works on the problem: it will be skipped", lay.body, WARN)

    def paint_dice_lines(self, ui: Ui, rect: pygame.Rect, state: Any, need: Any, total: int) -> None:
        """The check in two lines of readable text where the dice do not fit:
        "Dice 2 ? · need 7", then the total (when a die is in)."""
        lay = ui.layout
        lh = text.font(lay.small, True).get_linesize()
        top = pygame.Rect(rect.x, rect.y, rect.w, lh)
        to_come = _dice_to_come(state)
        colour = _total_colour(total, need, to_come) if need is not None else FG
        summed = bool(state.dice) and need is not None
        if not summed or rect.h >= 2 * lh:
            ui.label(top, f"Dice {_faces(state)} \u00b7 {_need(state, need)}", lay.small, FG, bold=True)
            if summed:
                ui.label(top.move(0, lh), _total(total, need, to_come), lay.small, colour, bold=True)
        else:  # one line: the dice and the total (and a pending reduction: "of 7 − Larisa's roll")
            line = f"Total {total} of {need}{_reduction(state)}"
            line = text.fitting([f"Dice {_faces(state)} \u00b7 {line}", line], top.w, lay.small, True)
            ui.label(top, line, lay.small, colour, bold=True)

    def paint_odds(self, ui: Ui, row: pygame.Rect, state: Any) -> None:
        lay = ui.layout
        app = self.app
        has_ability = any(a.kind == "ability" for a in app.game.legal_actions(state))
        ab_r = None
        if has_ability:
            ab_r, row = L.take_right(row, lay.px(110), lay.gap)
            ui.button(ab_r, "Ability", self.ask_ability, "good", size=lay.small, name="Ability")
        odds = app.game.check_odds(state)  # a pending re-roll/extra die/reduction counts
        if odds is None or row.w < lay.px(60):
            return
        plain, best = odds
        ui.panel(row, PANEL)
        inner = row.inflate(-lay.px(12), -lay.px(6))
        top, bottom = L.take_top(inner, inner.h // 2)
        ui.label(top, f"Odds {plain:.0%}", lay.small, GOOD if plain >= 0.5 else WARN, bold=True)
        nobody = state.step == "place" and not app.game.participants(state)
        n = len(app.game.participants(state)) if state.step == "place" else len(state.dice) + sum(
            1 for p in state.pending if p.kind == "roll" and p.purpose in ("check", "extra_die"))
        dice = count(n, "die", "dice")
        with_ab = text.fitting([f"abilities {best:.0%}", f"ability {best:.0%}"], bottom.w, lay.small)
        # nobody on the problem yet (others may be placed elsewhere: "none placed" read as nobody at all)
        none = text.fitting(("none on the problem", "none on it"), bottom.w, lay.small)
        ui.label(bottom, none if nobody else with_ab if best > plain else dice, lay.small, DIM)
        ui.hits.append(Hit(pygame.Rect(row), "Odds", lambda: self.explain_odds(odds, n)))

    def explain_odds(self, odds: tuple[float, float], n: int) -> None:
        """What the two numbers mean, and while placing, the chance with every
        Marsonaut who fits in the event Bay (the rules' ``check_odds`` of that placement)."""
        app = self.app
        state = app.state
        plain, best = odds
        need = app.game.effective_difficulty(state)
        lines = [f"Odds {plain:.0%}: the chance that the {n} {'die' if n == 1 else 'dice'} of the Marsonauts in "
                 f"the event Bay reach {need} (Resolving the Problem)." if n else
                 f"Odds {plain:.0%}: nobody is in the event Bay yet; each Marsonaut placed there rolls a die to "
                 f"reach {need} (Resolving the Problem).",
                 f"With abilities {best:.0%}: if the Special Abilities of the Marsonauts at Sanity 10 are used "
                 "as well as they can be."]
        full = everyone_there(app.game, state) if state.step == "place" else None
        if full is not None:
            k, odds_all = full
            lines.append(f"With every Marsonaut who fits there ({k}): {odds_all[0]:.0%}, "
                         f"{odds_all[1]:.0%} with abilities.")
        app.show_info("Chance of success", lines)

    def paint_events(self, ui: Ui, rect: pygame.Rect, title: str, hint: str | None) -> None:
        lay = ui.layout
        title_r, rest = L.take_top(rect, lay.px(40), lay.gap)
        ui.label(title_r, title, lay.big, MARS, bold=True)
        if hint:
            hint_r, rest = L.take_bottom(rest, lay.px(60), lay.gap)
            ui.block(hint_r, hint, lay.small, DIM)
        event_list(ui, rest, [e.text for e in self.app.recent], self.log_view)


#: the rules' decision on Stan's ward, said where Stan is chosen (checks.py ``_check_ward``)
STAN_NOTE = ("Not {stan} himself: \u201cPrevent sanity loss for a friend\u201d "
             "(30-to-mars.txt, Marsonaut Profiles: Stan).")

def option_lines(lay: Any, labels: list[str], cell: pygame.Rect) -> tuple[int, list[list[str]]]:
    """``(size, lines of each label)``: the choice buttons' labels all at one size (pixels), the body
    size where every label fits ``cell`` whole on one line or two, else the reading size; a label too
    wide for one line is wrapped on two, never shrunk (a tester's finding: "Recreation Bay" was drawn
    smaller than the other Bays)."""
    w = cell.w - 2 * lay.px(8)
    for size in (lay.body, lay.small):
        lh = text.font(size, True).get_linesize()
        wrapped = [[x] if text.width(x, size, True) <= w else text.wrap(x, w, size, True) for x in labels]
        if all(len(ls) <= max(1, min(2, (cell.h - lay.px(4)) // lh)) and
               all(text.width(x, size, True) <= w for x in ls) for ls in wrapped):
            return size, wrapped
    return lay.small, [[x] for x in labels]


def everyone_there(game: Any, state: Any) -> tuple[int, tuple[float, float]] | None:
    """``(k, (plain, with_abilities))``: the chance of the check with as many
    Active Marsonauts as the event Bay holds (``k``; those there first), from
    the rules' ``check_odds``; None when the Bay or its difficulty is unknown."""
    import dataclasses
    bay = state.location
    if not bay:
        return None
    active = [i for i, m in enumerate(state.crew) if m.active]
    there = [i for i in active if state.placement[i] == bay]
    order = there + [i for i in active if i not in there]
    chosen = order[:game.capacity(state, bay)]
    placement = tuple(bay if i in chosen else (0 if state.placement[i] == bay else b)
                      for i, b in enumerate(state.placement))
    odds = game.check_odds(dataclasses.replace(state, placement=placement))
    return (len(chosen), odds) if odds is not None else None


def all_standing(state: Any) -> bool:
    """True when no Marsonaut is Knocked Out."""
    return all(m.active for m in state.crew)


def sleeping_line(state: Any, room: int, size: int) -> tuple[str, str]:
    """``(standing, knocked_out)``: the Sleeping Bay's second line, the Active Marsonauts there and
    the Knocked Out ones ("KO Maria"), who lie there ("Immediately put your player token in the
    Sleeping Bay lying down", 30-to-mars.txt, Knocked Out); the longest forms that fit ``room``
    pixels together at ``size`` px: whole names, then 3 letters, then 2 (the Knocked Out ones 3 while
    they fit), then a count of those standing ("2 · KO Ma"); the Knocked Out ones always by name."""
    up = [m.profile.short for m, b in zip(state.crew, state.placement) if b == 0 and m.active]
    sep = " \u00b7 "
    kos = ko_forms(state)
    options = [(" ".join(n[:k] for n in up), kos[j]) for k, j in ((99, 0), (3, 1), (2, 1), (2, 2))]
    if up:
        options.append((str(len(up)), options[-1][1]))
    for head, tail in options:
        if text.width(head + (sep if head and tail else ""), size) + text.width(tail, size, True) <= room:
            return head, tail
    return options[-1]


def ko_forms(state: Any) -> list[str]:
    """The Knocked Out Marsonauts as the Sleeping Bay says them, longest first: "KO Maria",
    "KO Mar", "KO Ma" (empty strings when nobody is Knocked Out)."""
    down = [m.profile.short for m in state.crew if not m.active]
    return ["KO " + " ".join(n[:k] for n in down) if down else "" for k in (99, 3, 2)]


def split(lay: Any) -> tuple[pygame.Rect, pygame.Rect]:
    """(dashboard, step panel): side by side in landscape (``Layout.split``);
    stacked in portrait, the dashboard as tall as it needs
    (:func:`dashboard.portrait_height`), the step of the day the rest."""
    if not lay.portrait:
        return lay.split()
    b = lay.body_rect
    dash_h = min(dashboard.portrait_height(lay, b.h), int(b.h * 0.52))
    return pygame.Rect(b.x, b.y, b.w, dash_h), pygame.Rect(b.x, b.y + dash_h, b.w, b.h - dash_h)


REPLACE_RULE = ("The demanded card is resolved like the day's event, the crew placed anew; resources are "
                "generated once, at the end of the day, from the places now, and no Bay that had a problem "
                "today produces (decision on card anatomy 8: \"Must Draw Red Card same turn\").")


def placing_again(app: Any) -> bool:
    """True when today's card was demanded by an earlier card's result."""
    return any(e.kind == "draw_again" for e in app.recent)


def replace_text(state: Any) -> str:
    colour = state.event.colour if state.event is not None else "new"
    return (f"A result demanded this {colour} card: place the crew again. The places for the first card "
            "produce nothing today.")


def _dice_to_come(state: Any) -> int:
    """The check's dice still to be rolled (shown as "?"): a Marsonaut's die and John's
    extra die, not a re-roll (its die is shown) nor a reduction of the Difficulty."""
    return sum(1 for p in state.pending if p.kind == "roll" and p.purpose in ("check", "extra_die"))


def _faces(state: Any) -> str:
    """The check's dice in words, those still to come as "?": "4 ?"."""
    return " ".join([str(f) for f in state.dice] + ["?"] * _dice_to_come(state))


def _need(state: Any, need: Any) -> str:
    """"need 7", and while a Special Ability's roll lowers the Difficulty, whose
    ("need 7 - Larisa's roll")."""
    return f"need {need}{_reduction(state)}"


def _reduction(state: Any) -> str:
    """" − Larisa's roll" while a Special Ability's roll is to lower the Difficulty, else ""."""
    who = next((p.who for p in state.pending if p.purpose == "reduce" and p.who >= 0), None)
    return f" \u2212 {state.crew[who].profile.short}'s roll" if who is not None else ""


def _total(total: int, need: int, to_come: int = 0) -> str:
    """"Total 5 of 7: short by 2" / "Total 8 of 7: passes"; with ``to_come`` dice still to roll and short:
    "Total 5 of 7 so far: 1 die to come" (a fresh user's finding: "short by 2" in red called it too early)."""
    if to_come and total < need:
        return f"Total {total} of {need} so far: {count(to_come, 'die', 'dice')} to come"
    return f"Total {total} of {need}: " + ("passes" if total >= need else f"short by {need - total}")


def _total_colour(total: int, need: int, to_come: int) -> Any:
    """Green once it passes, red once it fails, the reading colour while dice are to come."""
    return GOOD if total >= need else FG if to_come else BAD


class LogView:
    """How far a day's log is scrolled back: ``back`` lines from the newest."""

    def __init__(self) -> None:
        self.back = 0


def event_list(ui: Ui, rect: pygame.Rect, lines: list[str], view: LogView | None = None) -> None:
    """The day's log in ``rect``, wrapped at the readable size, the newest
    line last; when it does not all fit, \u25b2 and \u25bc scroll it (``view``)."""
    lay = ui.layout
    ui.panel(rect, PANEL)
    inner = rect.inflate(-lay.px(16), -lay.px(10))
    size = lay.small
    lh = text.font(size).get_linesize()
    mark = text.width("\u2026 ", size)  # room for the mark of a line's rest whose beginning is above
    indent = lay.px(16)   # a line's second row and after: where the next line begins is seen
    wrapped = text.hang_rows(lines, inner.w - lay.touch - lay.gap - mark, indent, size)
    fit = max(1, inner.h // lh)
    if len(wrapped) > fit and view is not None:
        btn_r, inner = L.take_right(inner, lay.touch, lay.gap)
        up_r, down_r = L.take_top(btn_r, min(lay.touch + lay.px(10), btn_r.h // 2), lay.gap)
        down_r = pygame.Rect(down_r.x, btn_r.bottom - up_r.h, down_r.w, up_r.h)
        view.back = max(0, min(view.back, len(wrapped) - fit))
        ui.button(up_r, "\u25b2", (lambda: setattr(view, "back", view.back + fit - 1))
                  if view.back < len(wrapped) - fit else None, name="Log earlier")
        ui.button(down_r, "\u25bc", (lambda: setattr(view, "back", max(0, view.back - fit + 1)))
                  if view.back else None, name="Log later")
        end = len(wrapped) - view.back
        start = max(0, end - fit)
    else:
        wrapped = text.hang_rows(lines, inner.w - mark, indent, size)
        start = max(0, len(wrapped) - fit)
    shown = wrapped[start:start + fit]
    if shown and start and wrapped[start - 1][0] == shown[0][0]:  # a line's rest, its beginning above
        shown[0] = (shown[0][0], shown[0][1], "\u2026 " + shown[0][2])
    y = inner.y
    for i, x, part in shown:
        ui.label(pygame.Rect(inner.x + x, y, inner.w - x, lh), part, size,
                 FG if i == len(lines) - 1 else (205, 210, 228))
        y += lh

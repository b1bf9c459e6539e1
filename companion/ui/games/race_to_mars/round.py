"""Race to Mars's Pre-launch turn (1.1-1.2, or launch): every player's panel
beside the revealed Space cards, the 12 trajectory slots as they fill, who
can launch and what they lack, and the moves of the player whose turn it is:
recruit a card to the Crew deck, attach it as a Rocket module, launch, or
(Headquarters 8) add a card to the selection. The card picked is identified
in the catalogue (:mod:`.entry`). The rules count the revealed cards: each is shown by its place, left to
right, until the table says which it is (a tap, then the card in the catalogue,
:meth:`.RaceToMarsUi.tell_revealed`); then by its name, with its Crew ability and Rocket module."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.race_to_mars import EXTRA_CARD, LAUNCH
from companion.rules.race_to_mars.cards import HQ_FREE
from companion.rules.race_to_mars.checks import launch_need, launch_problem

from ... import layout as L
from ... import text
from ...screens.chrome import option_fits
from ...seats import seat_chip
from ...widgets import FG, INFO, MARS, PANEL, WARN, Greyed, Hit, Ui
from . import facts
from .refuse import WHY, tap_or_why, why_not
from .panels import TableScreen, player_panels, reminder_lines, slots_height, slots_strip, split, text_panel
from .editor import fitting_block
from .moves import ask_options
from .words import brief, fitting


def moved_parts(app: Any, seat: int, rocket: list[str]) -> list[dict[str, Any]]:
    """Headquarters 5 at launch: the part each card moved across lacks in the game, as the catalogue has it
    (``{"name", "module"}`` for a recruited or unplaced card going into ``rocket``, ``{"name", "crew"}`` for an
    attached or unplaced one joining the Crew deck); a card the catalogue does not know is left out."""
    p = facts.player(app.state, seat)
    owned = ([(c.name, True, False) for c in p.crew] + [(m.name, False, True) for m in p.modules]
             + [(n, c is not None, m is not None) for n, c, m in p.held])   # (name, crew known, module known)
    into = list(rocket)
    out = []
    for name, crew, module in owned:
        part = "module" if name in into else "crew"
        if part == "module":
            into.remove(name)
        if crew if part == "crew" else module:
            continue   # the part it is used for is known
        card = app.catalogue("space").get(name) or app.catalogue("starting").get(name) or {}
        if part in card:
            out.append({"name": name, part: card[part]})
    return out


def rocket_labels(app: Any, seat: int, names: list[str]) -> list[str]:
    """Headquarters 5's launch dialog: each of ``seat``'s cards ``names`` and what it is, its Rocket module first
    (what the dialog chooses) then its Crew ability, as the revealed cards say it ("A3: Module draw +1 \u00b7 Crew
    Fuel"), in fewer words where a button is narrow, the bare name last. Each part from the game where it is
    known there, else from the catalogue (:func:`.facts.owned_parts`; "not entered" without either). Every
    card in one form, the same words for all (a tester's finding: each label the longest that fitted read
    "Cargo Pod: Module storage 1 \u00b7 Crew Vel" beside "Flight Surgeon: Nav \u00b7 Fuel+Hull, draw 1" and a bare
    module): the longest form every card shows whole in 3 columns, else 2 (as many cards a page as fit), with
    both parts, else the module alone (what the dialog chooses); else in one column, the longest such form."""
    forms = []
    for name in names:
        card = {**(app.catalogue("space").get(name) or app.catalogue("starting").get(name) or {}),
                **facts.owned_parts(app.state, seat, name)}
        m, c = brief(card, "module"), brief(card, "crew")
        forms.append([f"{name}: Module {m} \u00b7 Crew {c}", f"{name}: {m} \u00b7 Crew {c}", f"{name}: {m} \u00b7 {c}",
                      f"{name}: {m}", name])
    for columns, kinds in ((3, (0, 1, 2)), (2, (0, 1, 2)), (3, (3,)), (2, (3,)), (1, (0, 1, 2, 3))):
        for k in kinds:   # forms 0-2 say both parts, form 3 the module alone
            if all(option_fits(app.layout, card[k], columns, True) for card in forms):
                return [card[k] for card in forms]
    return [card[-1] for card in forms]


def ask_rocket(app: Any, seat: int, rocket: list[str],
               keep: Callable[[list[str]], object] = lambda rocket: None) -> None:
    """Headquarters 5 at launch: the rocket, top first, chosen a card at a time among every card the player
    owns (Crew deck, rocket, unplaced); the others join the Crew deck. The dialog says the rocket so far and
    the launch test for it ("Launching the Rocket"); Launch submits that arrangement, each card moved across
    with the part it lacks in the game, from the catalogue (:func:`moved_parts`): a recruited card's Rocket
    module became "not entered" in the rocket. Launch is greyed while the Crew deck is short; its tap says
    the rule (the dialog closes, so the refusal is seen); ``keep(rocket)`` is told each rocket chosen, so
    that Launch! opens on it again."""
    keep(rocket)
    state = app.state
    crew, modules, unplaced = facts.own_cards(state, seat)
    left = crew + modules + unplaced
    for name in rocket:
        left.remove(name)
    act = Action(LAUNCH, {"modules": list(rocket)}, seat)
    need = launch_need(state, seat, list(rocket))
    name = app.view()["players"][seat]["name"]

    def launch() -> None:
        app.close_dialog()
        parts = moved_parts(app, seat, rocket)
        app.submit(Action(LAUNCH, {**act.args, **({"cards": parts} if parts else {})}, seat))
    problem = launch_problem(state, seat, list(rocket))
    go = launch if problem is None else Greyed(lambda: app.reject(problem, action=act))
    # Start over beside Launch, on the first page: the modules attached before are in the rocket when it opens
    left = list(dict.fromkeys(left))
    options = [("Launch", go)] + ([("Start over", lambda: ask_rocket(app, seat, [], keep))] if rocket else []) + [
        (label, (lambda card=card: ask_rocket(app, seat, rocket + [card], keep)))
        for card, label in zip(left, rocket_labels(app, seat, left))]
    # one line and a one-line title: room for as many cards a page as the dialog has (12 to choose from)
    lines = [(f"Rocket, top first: {', '.join(rocket)}" if rocket else "Rocket: no module yet")
             + f" \u00b7 Crew deck {need['crew']}" + (f", needs {need['need']}" if need["short"] else ": enough")]
    ask_options(app, f"{name}'s rocket: next module? (Headquarters 5)", options, lines=lines, dense=True,
                most=len(options))


class RoundScreen(TableScreen):
    """See the module docstring."""

    name = "round"
    panels_share = 0.46

    def __init__(self, app: Any, gui: Any) -> None:
        super().__init__(app)
        self.gui = gui
        #: (state, seat, rocket): the Headquarters 5 rocket last chosen in the launch dialog (:func:`ask_rocket`)
        self.kept_rocket: tuple[Any, int, list[str]] | None = None

    def seat(self) -> int:
        return self.app.game.to_act(self.app.state).seats[0]

    def on_next(self) -> None:
        name = self.app.view()["players"][self.seat()]["name"]
        self.app.say(f"{name}: tap Recruit or Attach for the card picked" +
                     (", or Launch." if self.can_launch() else "."), "info", 5)

    def can_launch(self) -> bool:
        return any(a.kind == LAUNCH for a in self.app.legal())

    def launch(self) -> None:
        """Launch!; with Headquarters 5 the rocket is arranged first (:func:`ask_rocket`)."""
        seat = self.seat()
        if self.app.view()["players"][seat]["headquarters"] == HQ_FREE:  # placed at launch (Headquarters 5)
            state = self.app.state
            kept = self.kept_rocket   # the rocket chosen when a launch too heavy was refused: chosen again
            start = kept[2] if kept and kept[0] is state and kept[1] == seat else facts.own_cards(state, seat)[1]
            ask_rocket(self.app, seat, start, keep=lambda rocket: setattr(self, "kept_rocket", (state, seat, rocket)))
            return
        self.app.submit(Action(LAUNCH, {}, seat))

    def show_revealed(self, k: int, revealed: int, name: str | None = None) -> None:
        """A tap on revealed Space card ``k`` (0-based, a card still on offer: a slot already taken is no
        button). A card the table told (``name``): what the catalogue knows of it (Crew ability, Rocket
        module), Recruit or Attach it at once (Headquarters 5: or keep it unplaced), or Another card (the
        catalogue again). Else the catalogue's cards not yet on the table, to say which it is; when the catalogue
        has none left, that it is not in the catalogue yet and what to do."""
        from .entry import NEW_CARD_STEPS, card_lines
        from . import facts
        title = f"Revealed Space card {k + 1} of {revealed}"
        seat = self.seat()
        if name is not None:
            card = self.app.catalogue("space").get(name) or {"name": name}

            def another() -> None:
                self.app.close_dialog()
                self.gui.open_look(k + 1, revealed, seat)
            self.app.ask(f"{title}: {name}", self.gui.screens["entry"].pick_options(name, seat)
                         + [("Another card", another)],
                         lines=card_lines(card)[:2], cancel_label="Close")
            return
        used = facts.seen(self.app.state)
        if any(n not in used for n in self.app.catalogue("space").names()):
            self.gui.open_look(k + 1, revealed, seat)
            return
        self.app.show_info(f"{title}: not in the catalogue yet", NEW_CARD_STEPS)

    def revealed_lines(self, width: int, size: int) -> list[str]:
        """The text panel's first lines about the revealed cards, one line each in ``width`` px at ``size``: each
        card told and on offer with its Crew ability and Rocket module as the catalogue knows them ("2 S003: Crew
        Fuel+Wild \u00b7 Module Hull", fewer words where narrow); then, while a card on offer is not told, how to
        tell the app which it is ("Cards 1-4 lie left to right: tap one to say which it is")."""
        from .entry import fitting_words
        from .words import brief
        slots = self.gui.revealed_slots(self.app.state)
        out = []
        for k, (name, taken) in enumerate(slots):
            if name and not taken:
                card = self.app.catalogue("space").get(name) or {}
                c, m = brief(card, "crew"), brief(card, "module")
                head = f"{k + 1} {name}:"
                line = fitting([f"{head} Crew {c} \u00b7 Module {m}", f"{head} Crew {c} \u00b7 {m}",
                                f"{head} {c} \u00b7 {m}"], width, size)
                out.append(fitting_words(line, width, size))   # the rest a tap away (never a line that wraps)
        if any(name is None and not taken for name, taken in slots):
            n = len(slots)
            out.append(fitting([f"Cards 1-{n} lie left to right: tap one to say which it is",
                                f"Cards 1-{n}, left to right: tap one to say which", "Tap a card to say which it is",
                                "Tap a card to name it"],   # the last for a button's cell (HQ 5 or 8)
                               width, size))
        return out

    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        view = app.view()
        seat = self.seat()
        left, right = split(lay, self.panels_share)
        player_panels(ui, left.inflate(-2 * lay.gap, -2 * lay.gap), app, state, (seat,))
        area = right.inflate(-2 * lay.gap, -2 * lay.gap)
        me = view["players"][seat]
        head, area = L.take_top(area, lay.px(34), lay.gap)
        chip, head = L.take_left(head, head.h, lay.gap)
        seat_chip(ui, chip, app.game.seats(state)[seat].colour, str(seat + 1))
        ui.label(head, fitting([f"{me['name']}: pick a card or launch", f"{me['name']}: pick or launch",
                                f"{me['name']}: pick", me["name"]], head.w, lay.small, True), lay.body, MARS,
                 bold=True, min_size=lay.small)
        # the revealed cards (counted by the rules; by name once the table told which is which)
        cards_r, area = L.take_top(area, lay.touch, lay.gap)   # a tap on a card says what is known of it
        revealed, picked = state.revealed, state.picked
        count = f"{revealed - picked} of {revealed} left"
        lab_r, cards_r = L.take_left(cards_r, text.width(count, lay.small, True) + lay.px(4), lay.gap)
        ui.label(lab_r, count, lay.small, FG, bold=True)
        cells = L.cols(cards_r, max(revealed, 3), lay.gap)[:revealed]
        # a card face each: the name the table told, else its place ("Card 2", or "2": 4 or 5 cards were blank);
        # a slot taken is empty and inert
        for k, (cell, (name, gone)) in enumerate(zip(cells, self.gui.revealed_slots(state))):
            ui.panel(cell, PANEL if gone else (60, 50, 100), None if gone else FG if name else INFO, width=2)
            room = cell.w - lay.px(6)
            if gone:
                word = "picked" if text.width("picked", lay.small) <= room else ""
            else:
                cut = [name[:j] + "\u2026" for j in range(len(name) - 1, 2, -1)] if name else []
                word = fitting(([name] if name else []) + cut + [f"Card {k + 1}", str(k + 1)], room, lay.small,
                               bool(name))
            ui.label(cell, word, lay.small, FG, "center", bold=bool(name) and not gone)
            if not gone:   # a slot already taken is inert: nothing on offer there to look up
                ui.hits.append(Hit(pygame.Rect(cell), f"revealed {k + 1}",
                                   lambda k=k, name=name: self.show_revealed(k, revealed, name)))
        # the 12 trajectory slots as they fill
        placed = sum(1 for s in view["trajectory"] if s["card"])
        slots_r, area = L.take_top(area, slots_height(ui, area, app), lay.gap)
        slots_strip(ui, slots_r, app)
        # moves
        legal = app.legal()
        hq = me["headquarters"]
        col_w = (area.w - lay.gap) // 2 - 2 * lay.px(8)
        buttons: list[tuple[str, Any, str, str | None, str]] = [
            (fitting(["Recruit to Crew deck", "Recruit"], col_w, lay.body, True),
             lambda: self.gui.open_pick("crew", "crew", seat), "normal",
             fitting(["its Crew ability", "to Crew deck", "Crew"], col_w, lay.small), "Recruit to Crew deck"),
            (fitting(["Attach as module", "Attach"], col_w, lay.body, True),
             lambda: self.gui.open_pick("module", "module", seat), "normal",
             fitting(["its Rocket module", "as a module", "module"], col_w, lay.small), "Attach as module")]
        ready = next((r for r in app.game.launch_readiness(state) if r["seat"] == seat), None)
        if self.can_launch():
            # Headquarters 6 lets fewer than twice the modules launch: said, or "Crew 8, 5 modules" reads as short
            hq6 = [f"Crew {ready['crew']}, needs {ready['need']} (HQ 6)", f"Crew {ready['crew']}, HQ 6"] \
                if ready and ready["headquarters"] else []
            buttons.append(("Launch!", self.launch, "good", fitting(
                hq6 + [f"Crew {ready['crew']}, {ready['modules']} modules", f"Crew {ready['crew']}"], col_w,
                lay.small) if ready else None, "Launch!"))
        else:
            if placed < 12:
                why = [f"trajectory {placed}/12", f"{placed}/12 placed"]
            elif ready:
                why = [f"Crew {ready['crew']}, needs {ready['need']}", f"Crew {ready['crew']}/{ready['need']}"]
            else:
                why = [""]
            buttons.append(("Launch", lambda: why_not(app, [Action(LAUNCH, {}, seat)], "Launch"), "disabled",
                            fitting(why, col_w, lay.small) or None, "Launch" + WHY))
        if hq == 5:
            buttons.append((fitting(["Keep unplaced", "Unplaced"], col_w, lay.body, True),
                            lambda: self.gui.open_pick("both", "unplaced", seat), "normal", "HQ 5", "Keep unplaced"))
        if hq == 8:  # in its place all the round (the buttons do not move), greyed once used: its tap says why
            on_tap, disabled, name = tap_or_why(
                app, (lambda: app.submit(Action(EXTRA_CARD, {}, seat))) if any(a.kind == EXTRA_CARD for a in legal)
                else None, lambda: [Action(EXTRA_CARD, {}, seat)], "Add a card")
            buttons.append(("Add a card", on_tap, disabled or "normal", "HQ 8", name))
        buttons.append(("Cards", self.gui.open_catalogue, "quiet", "catalogue", "Cards"))
        ncols = 2
        nrows = -(-len(buttons) // ncols)
        row_h = max(lay.touch, min(lay.touch + lay.px(8), (area.h - nrows * lay.gap) // nrows))  # all on screen
        grid_r, area = L.take_top(area, nrows * (row_h + lay.gap), lay.gap)
        cells = L.grid(grid_r, nrows * ncols, ncols, lay.gap, row_h=row_h)
        for cell, (label, cb, style, sub, name) in zip(cells, buttons):
            ui.button(cell, label, cb, style, size=lay.body, sub=sub, name=name)
        if len(cells) > len(buttons) and area.h - lay.px(8) < text.font(lay.small).get_linesize():
            spare = cells[-1]   # no room below (a fifth button, HQ 5 or 8): the words beside the last, down to the end
            area = pygame.Rect(spare.x, spare.y, spare.w, max(spare.bottom, area.bottom) - spare.y)
        lines = self.revealed_lines(area.w - lay.px(12), lay.small) + [f"Trajectory: {placed} of 12 cards placed"
                                         + ("; rockets may launch" if placed == 12 else "")]
        if ready and ready["short_words"]:   # what is short, in words, with the rule (the rules' numbers)
            inner = area.inflate(-lay.px(12), -lay.px(8))
            lines.insert(0 if placed == 12 else 1, fitting_block(
                [f"Launch: {ready['short_words']} ({ready['rule']})", f"Launch: {ready['short_words']}",
                 ready["short_words"]], inner, lay.small))
        lines += reminder_lines(app, seat)[1:]  # the first says "pick one of the k revealed": shown above
        others = [r["words"] for r in app.game.launch_readiness(state) if r["can_launch"] and r["seat"] != seat]
        text_panel(ui, area, lines + others, WARN if view["end_triggered"] else FG)

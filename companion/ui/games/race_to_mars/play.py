"""Race to Mars's phase 2.1, for every Post-launch player at once on one
screen ("All players in Post-launch mode play cards simultaneously"): one
column per player (a row in portrait) with their hand, draw and discard
piles, the play area, how far what is in play takes them this turn, and
Play a card / Boost / Rocket / Done. The screen shows who has finished;
2.2 starts once everyone has. NEXT says "done" for the first player still
playing.

A card whose immediate effect the app does not know is entered as its
result, and the app says it took the players' word."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.race_to_mars import COPY_MODULE, DONE, PLAY, PLAY_BOOST

from ... import layout as L
from ... import text
from ...seats import seat_chip
from ...widgets import FG, GOOD, MARS, PANEL, PANEL_HI, WARN, Greyed, Hit, Ui
from . import facts
from .moves import ask_options, dialog_label, option_label, rocket_moves
from .panels import TableScreen, reminder_lines, show_player
from .refuse import tap_or_why, why_not
from .words import count, fitting, name_fitting

#: Results a player may declare for an effect the app does not know ("other").
RESULTS = (("Drew 1 card", {"draw": 1}), ("Drew 2 cards", {"draw": 2}), ("Gained 1 Experience", {"xp": 1}),
           ("Gained 2 Experience", {"xp": 2}), ("Gained a Boost", {"boost": 1}),
           ("Gained an Asteroid", {"asteroid": 1}), ("1 card hand \u2192 discard", {"to_discard": 1}),
           ("1 card discard \u2192 hand", {"to_hand": 1}), ("Nothing else", {}))


class PlayScreen(TableScreen):
    """See the module docstring."""

    name = "play"
    #: in portrait, the share of a player's row its buttons take at the right (the facts are at the left)
    buttons_share = 0.5

    #: ``(seat, message)``: the player a move of whose (a button of their column or row, a dialog of theirs)
    #: said ``message`` (a refusal, a note): while it shows, its box leaves that player's name in view
    _about: tuple[int, Any] | None = None

    def said_about(self, seat: int, act: Callable[[], object]) -> None:
        """``act()`` (a tap of ``seat``'s move), the message it says kept as being about ``seat``."""
        before = self.app.message
        act()
        if self.app.message is not None and self.app.message is not before:
            self._about = (seat, self.app.message)

    def cells(self) -> tuple[pygame.Rect | None, list[pygame.Rect], list[int]]:
        """``(head, cells, seats)``: the line over the players ("Everyone plays cards: 0 of 4 done"; None where
        narrow columns leave it to the top bar), the column (landscape) or row (portrait) of each Post-launch
        player, and their seats."""
        lay = self.app.layout
        view = self.app.view()
        seats = [i for i, p in enumerate(view["players"]) if p["mode"] == "Post-launch"]
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        head = None
        if lay.portrait or not seats or not narrow(lay, L.cols(body, len(seats), lay.gap)[0].w - lay.px(10)):
            head, body = L.take_top(body, lay.px(34), lay.gap)
        if not seats:
            return head, [], seats
        cells = L.rows(body, len(seats), lay.gap) if lay.portrait else L.cols(body, len(seats), lay.gap)
        return head, list(cells), seats

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Where a note or refusal goes, never over the name of the player it is about (a tester's finding: at
        800x480 with four players "There is no card in your hand." covered the row of names). In landscape under
        the columns' name row: over a column of a player who has finished where it fits (the words wrapped to
        its width), so that a note never hides the facts of those still playing ("Taken on the players' word: ..."
        covered the last player's hand), else over every column's facts; in portrait over the facts at the left of
        the rows, never over their buttons at the right: under the name of the player whose move said it
        (:meth:`said_about`), in that player's row where it fits, else from there down; a message of no player's
        from the top."""
        lay = self.app.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        _, cells, seats = self.cells()
        name_row = lay.px(4) + lay.px(34) + lay.gap   # a panel's edge and its name row (paint_player)
        if not cells:
            return [(body, False)]
        if not lay.portrait:
            top = cells[0].y + name_row
            done = self.app.game.to_act(self.app.state).done
            free = [pygame.Rect(c.x, top, c.w, c.bottom - top) for c, s in zip(cells, seats) if s in done]
            if len(free) == len(seats):
                free = []
            return [(r, False) for r in free] + [(pygame.Rect(body.x, top, body.w, body.bottom - top), False)]
        left = pygame.Rect(body.x, body.y, int(body.w * (1 - self.buttons_share)) - lay.gap, body.h)
        about = self._about[0] if self._about is not None and self._about[1] is self.app.message else None
        if about not in seats:
            return [(left, False)]
        cell = cells[seats.index(about)]
        top = cell.y + name_row
        return [(pygame.Rect(left.x, top, left.w, cell.bottom - lay.px(4) - top), False),
                (pygame.Rect(left.x, top, left.w, left.bottom - top), False)]

    message_at_bottom = False

    def playing(self) -> list[int]:
        return list(self.app.game.to_act(self.app.state).seats)

    def on_next(self) -> None:
        seats = self.playing()
        if not seats:
            return
        name = self.app.view()["players"][seats[0]]["name"]
        def done() -> None:
            if self.app.submit(Action(DONE, {}, seats[0])):
                self.app.say(f"{name} has finished playing cards.", "note", 4)
        self.said_about(seats[0], done)

    # ------------------------------------------------------------------ playing a card
    def play(self, seat: int) -> None:
        """Which card ``seat`` plays: the cards the rules let them play first (those that may be in hand first,
        :func:`.facts.hand_order`, in the order recruited), then those refused (a Copy card with nothing to copy:
        greyed, a tap says the rule), then the cards played this turn, greyed, last (a tap says the rule: in
        play already; "Phase 2.1: Play Cards"): a tester found page 1 all greyed, the cards still playable on
        later pages. As many a page as fit, in two columns where a card's name over what it does fits them (a
        dense dialog: 3 a page at 1280x720 in one)."""
        app = self.app
        plays = asked_away([a for a in app.legal() if a.kind == PLAY and a.seat == seat])
        p = facts.player(app.state, seat)
        in_play = {c.name for c in p.play if not c.gone}
        playable: list[tuple[str, Any]] = []
        refused: list[tuple[str, Any]] = []
        played: list[tuple[str, Any]] = []
        for name in facts.hand_order(app.state, seat):
            mine = [a for a in plays if a.args["card"] == name]
            playable += [(option_label(app, a, True), lambda a=a: self.complete(a)) for a in mine]
            tried = Action(PLAY, {"card": name}, seat)
            label = option_label(app, tried, True)
            why = Greyed(lambda tried=tried, label=label: self.said_about(   # a tap says the rule
                seat, lambda: why_not(app, [tried], label)))
            if not mine and name in in_play:   # its words as when it was playable, greyed ("in your play area
                played.append((label, why))      # already", not a bare "not possible now")
            elif not mine and name not in p.seen:  # may be in hand, yet refused (a Copy card with nothing to
                refused.append((label, why))       # copy; a tester's finding: drawn playable, a tap was refused)
        ask_options(app, f"{app.view()['players'][seat]['name']} plays which card?", playable + refused + played,
                    lines=["Cards you can play first; those played this turn last, greyed."], dense=True)

    def complete(self, action: Action) -> None:
        """Ask what the card's immediate effects need (a jettison, cards
        returned, an unknown effect's result), then play it."""
        state = self.app.state
        seat = action.seat
        crew = facts.crew_ability(state, seat, action.args["card"])
        others = [crew]
        if "copy" in action.args:
            others.append(facts.crew_ability(state, seat, action.args["copy"]))
        others = [c for c in others if c is not None]
        args = dict(action.args)
        jettison = sum(c.jettison for c in others)
        returns = sum(c.returns for c in others)
        unknown = any(c.other for c in others)
        steps = []
        if jettison and "jettison" not in args:
            steps.append("jettison")
        if returns and "returned" not in args:
            steps.append("returned")
        if unknown and "result" not in args:
            steps.append("result")
        self._ask(Action(action.kind, args, seat), steps)

    def _ask(self, action: Action, steps: list[str]) -> None:
        app = self.app
        if not steps:
            self._play(action)
            return
        step, rest = steps[0], steps[1:]
        name = action.args["card"]

        def go(**extra: Any) -> None:
            self._ask(Action(action.kind, {**action.args, **extra}, action.seat), rest)
        if step == "jettison":
            options = [("No jettison", lambda: go())]
            for zone in ("hand", "discard"):
                for card in ["Asteroid", "Boost"] + facts.crew_names(app.state, action.seat):
                    t = {"zone": zone, "card": card}
                    trial = Action(action.kind, {**action.args, "jettison": [t]}, action.seat)
                    if app.game.check(app.state, trial) is None:
                        where = "discard pile" if zone == "discard" else zone  # "Starting card 2 from the disc…"
                        options.append((dialog_label(app, [f"{card} from the {where}", f"{card} ({where})",
                                                           f"{card} ({zone})"]), lambda t=t: go(jettison=[t])))
            ask_options(app, f"{name}: jettison a card? (you may)", options)
        elif step == "returned":
            options = []
            for n in range(0, 10):
                trial = Action(action.kind, {**action.args, "returned": n}, action.seat)
                if app.game.check(app.state, trial) is None:
                    options.append((f"{count(n, 'card')} back to hand" if n else "None back",
                                    lambda n=n: go(returned=n) if n else go()))
            ask_options(app, f"{name}: how many cards come back from the discard pile?", options)
        else:
            options = []
            for label, result in RESULTS:
                trial = Action(action.kind, {**action.args, "result": result}, action.seat)
                if app.game.check(app.state, trial) is None:
                    options.append((label, lambda r=result: go(result=r)))
            ask_options(app, f"{name} has an effect the app does not know: what did it do?", options,
                        lines=["The app takes the players' word for it."])

    def _play(self, action: Action) -> None:
        if self.app.submit(action) and "result" in action.args:
            result = action.args["result"]  # in the words the players chose it by ("Gained 2 Experience")
            said = next((label for label, r in RESULTS if r == result), None) or ", ".join(
                f"{k.replace('_', ' ')} {v}" for k, v in result.items())
            self.app.say(f"Taken on the players' word: {action.args['card']}: {said or 'nothing else'}.", "note", 6)

    def boost(self, seat: int) -> None:
        self.app.submit(Action(PLAY_BOOST, {}, seat))

    def rocket(self, seat: int) -> None:
        others = [a for a in self.app.legal() if a.seat == seat and a.kind not in (PLAY, PLAY_BOOST, DONE)]
        rocket_moves(self.app, "Rocket modules this turn", others)

    # ------------------------------------------------------------------ drawing
    def paint(self, ui: Ui) -> None:
        lay = ui.layout
        app = self.app
        state = app.state
        view = app.view()
        turn = app.game.to_act(state)
        head, cells, seats = self.cells()
        if head is not None:
            # narrow columns (four players at 800x480) leave this line to the top bar, which says it too ("2.1 Play
            # cards (all)", "0 of 4 done", "last round!"): its room is a line of facts more in each column
            done = len(turn.done)
            last = view["end_triggered"]
            ui.label(head, ("Last round! " if last else "Everyone plays cards: ") + f"{done} of {len(seats)} done",
                     lay.body, WARN if last else MARS, bold=True, min_size=lay.small)
        legal = app.legal()
        players = view["players"]
        short = frozenset().union(*(   # a fact one panel shows in short form, every panel does: one wording a frame
            self.fact_lines(lay, self.player_rects(lay, cell, players[seat]["name"], seat in turn.done)[3], seat,
                            players[seat])[1] for cell, seat in zip(cells, seats)))
        for cell, seat in zip(cells, seats):
            self.paint_player(ui, cell, seat, seat in turn.done, [a for a in legal if a.seat == seat], short)

    def fact_lines(self, lay: Any, rect: pygame.Rect, seat: int, p: dict, short: frozenset[str] = frozenset()
                   ) -> tuple[list[str], set[str]]:
        """``(lines, shortened)``: the lines of :meth:`paint_facts` for player ``seat`` (``p``, the view's) in
        ``rect``, and the facts in short form there ("Hand", "Reach", "+", "Hazards", "In play"): those in
        ``short`` always (another panel of the frame needs them short: one wording for every panel, a tester's
        finding: "Hand 2 / Reach 0" beside "Hand 2 cards / Reach 0 spaces"), and those this panel needs so.

        A player's facts in 2.1 (hand, reach, hazards ahead, what is in play) in ``rect``: whole lines when they
        all fit; else the least needed ones in short form ("Hand 2"),
        one by one; else the short forms, reach, hazards and the hand first (a tester missed the hand on the 4
        players' panels at 800x480: the cards a player still holds are what 2.1 plays from, "Phase 2.1: Play
        Cards"), then what is in play, the least needed sharing lines ("In play 2 · +6 free"): a narrow
        panel (4 players at 800x480) shows what matters most rather than the first lines. A tap on the panel
        shows the rest."""
        r = self.app.game.reach(self.app.state, seat)   # asked once per state
        in_play = "In play: " + (", ".join(p["play_area"]) if p["play_area"] else "nothing yet")
        if len(text.wrap(in_play, rect.w, lay.small)) > 1:
            in_play = f"In play: {count(len(p['play_area']), 'card')}"
        free = r["free_advance"]
        facts_ = [(f"Hand {count(p['hand'], 'card')}", f"Hand {p['hand']}"),
                  (f"Reach {count(r['spaces'], 'space')}" + (", Mars!" if r["mars"] else ""),
                   f"Reach {r['spaces']}" + (" Mars!" if r["mars"] else "")),
                  *([(f"+{free} free advance", f"+{free} free")] if free else []),
                  *([("Hazards: " + ", ".join(f"{h['colour']} before space {h['after'] + 1}"  # ("Hazards")
                                             + (" (shielded)" if h["protected"] else "") for h in r["hazards"]),
                      hazards_short(r["hazards"]))]
                    if r["hazards"] else []),
                  (in_play, f"In play {len(p['play_area'])}")]
        lh = text.font(lay.small).get_linesize()

        def height(line: str) -> int:
            return len(text.wrap(line, rect.w, lay.small)) * lh
        first = ("Reach", "Hazards", "Hand", "In play", "+")   # the app's advice and the hand: in play is on the table
        order = sorted(facts_, key=lambda f: next((i for i, w in enumerate(first) if f[0].startswith(w)),
                                                  len(first)))
        kinds = ("Hand", "Reach", "+", "Hazards", "In play")

        def kind(line: str) -> str:
            return next(k for k in kinds if line.startswith(k))
        forms = [short_ if kind(full) in short else full for full, short_ in facts_]
        for fact in reversed(order):  # the least needed ones shortened first, one by one
            if sum(map(height, forms)) <= rect.h + 1:
                break
            forms[facts_.index(fact)] = fact[1]
        lines = forms
        shortened = {kind(full) for (full, short_), form in zip(facts_, forms) if form == short_ != full}

        def packed(shorts: list[str]) -> list[str]:
            out: list[str] = []
            for short in shorts:
                room = [i for i, x in enumerate(out) if text.width(f"{x} \u00b7 {short}", lay.small) <= rect.w]
                if room:
                    out[room[0]] += f" \u00b7 {short}"
                else:
                    out.append(short)
            return out
        shorts = [short for _, short in order]
        for n in range(2, len(shorts) + 1):  # still too tall: the n least needed share lines
            if sum(map(height, lines)) <= rect.h + 1:
                break
            lines = shorts[:-n] + packed(shorts[-n:])
            shortened = {kind(full) for full, short_ in facts_ if short_ != full}
        if lines is not forms:   # the lines that fit, the most needed first, shown in the order of the others'
            kept, room = [], rect.h + 1   # columns ("Hand 2" above "Reach 0", as "Hand 2 cards" above "Reach ...")
            for line in lines:
                if height(line) <= room:
                    kept.append(line)
                    room -= height(line)
            place = {short: k for k, (_, short) in enumerate(facts_)}
            lines = sorted(kept, key=lambda line: place.get(line.split(" \u00b7 ")[0], len(place)))
        return lines, shortened

    def paint_facts(self, ui: Ui, rect: pygame.Rect, seat: int, p: dict, short: frozenset[str] = frozenset()
                    ) -> None:
        """A player's facts (:meth:`fact_lines`, ``short``: the facts every panel of the frame shows short) in
        ``rect``, then the reminders that fit below them."""
        lay = ui.layout
        lines, _ = self.fact_lines(lay, rect, seat, p, short)
        reminders = [x for x in reminder_lines(self.app, seat) if not x.startswith(("Play cards", "A rocket is"))]
        lh = text.font(lay.small).get_linesize()

        def height(line: str) -> int:
            return len(text.wrap(line, rect.w, lay.small)) * lh
        y = rect.y
        for line in lines + reminders:  # a line too long for the room left gives way to the next
            need = height(line)
            if y + need <= rect.bottom + 1:
                y += ui.block(pygame.Rect(rect.x, y, rect.w, need), line, lay.small, FG, min_size=lay.small)

    def player_rects(self, lay: Any, rect: pygame.Rect, name: str, finished: bool
                     ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None, pygame.Rect, pygame.Rect]:
        """``(chip, name, done, facts, buttons)``: where a player's panel ``rect`` shows the seat chip, the name
        ``name``, "done" (None while ``finished`` is False), the facts and the moves."""
        inner = rect.inflate(-lay.px(10), -lay.px(8))
        head, rest = L.take_top(inner, lay.px(34), lay.gap)
        chip, head = L.take_left(head, head.h, lay.gap)
        done_w = text.width("\u2713 done", lay.small, True) + lay.px(4)
        status_r = None
        if finished and head.w - done_w - lay.gap >= text.width(name, lay.small, True):
            status_r, head = L.take_right(head, done_w, lay.gap)
        elif finished:  # narrow: "done" on a line of its own
            status_r, rest = L.take_top(rest, lay.px(28), lay.gap)
        nbuttons = 0 if finished else 3
        if lay.portrait:  # info on the left, buttons on the right
            btn_r, info_r = L.take_right(rest, int(rest.w * self.buttons_share), lay.gap)
        else:
            btn_h = (nbuttons + narrow(lay, rest.w)) * (lay.touch + lay.gap)
            btn_r, info_r = L.take_bottom(rest, btn_h, lay.gap)
        return chip, head, status_r, info_r, btn_r

    def paint_player(self, ui: Ui, rect: pygame.Rect, seat: int, finished: bool, legal: list[Action],
                     short: frozenset[str] = frozenset()) -> None:
        lay = ui.layout
        app = self.app
        p = app.view()["players"][seat]
        who = app.game.seats(app.state)[seat]
        ui.panel(rect, PANEL if finished else PANEL_HI, GOOD if finished else MARS, width=3)
        chip, head, status_r, info_r, btn_r = self.player_rects(lay, rect, p["name"], finished)
        seat_chip(ui, chip, who.colour, who.mark)
        if status_r is not None:
            ui.label(status_r, "\u2713 done", lay.small, GOOD, "right" if status_r.y == head.y else "left", bold=True,
                     min_size=lay.small)
        ui.label(head, name_fitting(p["name"], head.w, lay.small), lay.body, FG, bold=True, min_size=lay.small)
        portrait = lay.portrait
        ui.hits.append(Hit(head.union(info_r), p["name"], lambda: show_player(app, seat)))
        self.paint_facts(ui, info_r, seat, p, short)
        if finished:
            return
        plays = [a for a in legal if a.kind == PLAY]
        boost = [a for a in legal if a.kind == PLAY_BOOST]
        other = [a for a in legal if a.kind not in (PLAY, PLAY_BOOST, DONE)]
        name = p["name"]
        state = app.state
        crew = facts.crew_names(state, seat) or ["Boost"]
        moves = [("Play a card", (lambda: self.play(seat)) if plays else None, "normal", f"{name}: play",
                  lambda: [Action(PLAY, {"card": c}, seat) for c in crew]),
                 ("Boost", (lambda: self.boost(seat)) if boost else None, "normal", f"{name}: Boost",
                  lambda: [Action(PLAY_BOOST, {}, seat)]),
                 ("Rocket", (lambda: self.rocket(seat)) if other else None, "normal", f"{name}: rocket",
                  lambda: [Action(COPY_MODULE, {"module": 0, "side": "below"}, seat)])]  # logged with the reason
        problems = {"Rocket": lambda: app.game.rocket_problem(app.state, seat)}  # the whole rocket's, not a module's
        buttons = []
        for label, cb, style, key, samples in moves:
            cb, disabled, key = tap_or_why(app, cb, samples, key, problem=problems.get(label))
            buttons.append((label, lambda cb=cb: self.said_about(seat, cb), disabled or style, key))
        buttons.append(("Done", lambda: app.submit(Action(DONE, {}, seat)), "primary", f"{name}: done"))
        if portrait and btn_r.h < 3 * lay.touch + 2 * lay.gap:  # short rows (four players): two by two
            cells = L.grid(btn_r, 4, 2, lay.gap)
        elif portrait:
            btn_r = pygame.Rect(btn_r.x, btn_r.y, btn_r.w, min(btn_r.h, 3 * (lay.touch + lay.px(10)) + 2 * lay.gap))
            first, mid, last = L.rows(btn_r, 3, lay.gap)
            cells = [first, *L.cols(mid, 2, lay.gap), last]
        else:
            first, mid, last = L.rows(btn_r, 3, lay.gap)
            cells = [first, *L.cols(mid, 2, lay.gap), last]
            if narrow(lay, mid.w):  # narrow columns: Boost and Rocket one above the other
                cells = L.rows(btn_r, 4, lay.gap)
        for cell, (label, cb, style, key) in zip(cells, buttons):
            label = fitting([label, label.split()[0]], cell.w - 2 * lay.px(8), lay.body, True)
            ui.button(cell, label, cb, style, size=lay.body, name=key)


#: The parts of a PLAY that :meth:`PlayScreen.complete` asks the player for (a jettison, cards returned, an
#: unknown effect's result): never taken from a legal action unasked.
ASKED = ("jettison", "returned", "result")


def asked_away(plays: list[Action]) -> list[Action]:
    """``plays`` (PLAY actions) without the parts :data:`ASKED` and each move once, in their order: the rules'
    ``legal_actions`` list a card with a jettison effect once without and once per Asteroid it may jettison
    (for random playouts), which the dialog showed as two options of one label, the second jettisoning an
    Asteroid with no question (a tester's finding; "Starting Cards", card 2: "You may jettison ..."). The
    jettison is the player's choice ("Phase 2.1: Play Cards"), asked by :meth:`PlayScreen.complete`."""
    out: dict[str, Action] = {}
    for a in plays:
        args = {k: v for k, v in a.args.items() if k not in ASKED}
        out.setdefault(repr(sorted(args.items())), a if len(args) == len(a.args) else Action(a.kind, args, a.seat))
    return list(out.values())


def narrow(lay: Any, width: int) -> bool:
    """Whether a 2.1 column ``width`` px wide inside is narrow (four players at 800x480): Boost and Rocket one
    above the other, not side by side."""
    return width < lay.px(220)


def hazards_short(hazards: list[dict]) -> str:
    """The hazards ahead (``reach``'s ``hazards``) in the fewest words, for a narrow panel: the colours
    of those that will cost a jettison ("red hazard", "2 hazards: red, yellow": a red one takes a module, a
    yellow one a Crew card), or "1 safe hazard" when a module shields every one (race-to-mars.txt "Hazards")."""
    bare = [h["colour"] for h in hazards if not h["protected"]]
    if len(bare) == 1:
        return f"{bare[0]} hazard"
    if bare:
        return f"{len(bare)} hazards: " + ", ".join(bare)
    return f"{len(hazards)} safe hazard" + "s" * (len(hazards) != 1)

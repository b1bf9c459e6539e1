"""Mission to Mars 2049's turn screen: the players beside what may be done now.

Left (top in portrait): every player's panel. Right: whose move it is, what
happened this turn (newest first; a tap shows all of it), then either the
die's faces (a roll is expected) or the move buttons of whoever may act.

In the main phase of a turn the buttons are a fixed set in fixed places:
Base, Station, Laboratory, Road (the H2O Station once the Road is built),
Trade, Buy Mission, Play Mission, Tokens (cards into a token and back),
Productivity when another player may play it off turn (4.1: "Play at any
time you wish"; behind More where it does not fit), and More (the Game
Bank's cards, and whatever does not fit), always in its place. The
Productivity button is offered in every phase, also while a roll is
awaited, to the players whose turn it is not, and names them; the player
whose turn it is plays theirs with Play Mission, which asks only about
their own cards. A move that is not
allowed now is drawn disabled, and a tap on it says why with the rulebook's
section (the rules' ``check``). Buttons never reach under NEXT ("I'm done!"):
what does not fit goes behind More. A move's choices (which resource, which
Base, against whom) are asked one at a time (:mod:`companion.ui.chooser`),
so every option offered is legal.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.contract import NUMBER_FACES, Action, Rejection
from companion.rules.words import count

from ... import layout as L
from ... import text
from ...chooser import ask_paged, choose
from ...screens.base import Screen
from ...screens.chrome import face_pad, face_pad_height, next_rect, option_fits
from ...widgets import DIM, FG, MARS, PANEL, WHY, Greyed, Hit, Ui
from .labels import (DRAWN_BLIND, KINDS, MISSION_NAME, MISSIONS, STATION_LABEL, USE_LABEL, _station, action_text, ask,
                     price, rank, station_price, value_label)
from .panels import bank_text, event_lines, hidden_hands, player_panels

DONE = "done"
SEAT = "__seat__"  # the chooser's key for "which player" (not a payload field)

#: The main phase's buttons: (slot, title, the move kinds it makes).
SLOTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("base", "Base", ("build_base",)),
    ("station", "Station", ("build_station",)),
    ("lab", "Laboratory", ("build_lab",)),
    ("road", "Road", ("build_road",)),
    ("h2o", "H2O Station", ("build_h2o",)),
    ("trade", "Trade", ("trade",)),
    ("buy", "Buy Mission", ("buy",)),
    ("play", "Play Mission", ("play",)),
    ("tokens", "Tokens", ("to_token", "to_cards")),
)
PRODUCTIVITY = "Productivity"
BUILD_ANYWAY = "Build anyway"
TOKEN = "__token__"  # the chooser's key for "which resource and which token", one question (not a payload field)


class Button:
    """One move button: ``title``, ``on_tap``, ``enabled`` (drawn disabled
    otherwise: its tap says why), an optional ``sub`` line and a ``short``
    one for a button too narrow for ``sub``, then ``shorter`` ones."""

    def __init__(self, title: str, on_tap: Callable[[], object], enabled: bool = True, sub: str | None = None,
                 short: str | None = None, shorter: tuple[str, ...] = ()):
        self.title, self.on_tap, self.enabled, self.sub, self.short = title, on_tap, enabled, sub, short
        self.shorter = shorter

    @property
    def name(self) -> str:
        return self.title if self.enabled else self.title + WHY


class TurnScreen(Screen):
    """See the module docstring."""

    name = "turn"
    _events_r: pygame.Rect | None = None  # where this frame shows what happened this turn
    _roll_r: pygame.Rect | None = None  # that and the face pad's prompt under it, while a roll is awaited

    def legal(self) -> list[Action]:
        return self.app.legal()

    def on_next(self) -> None:
        """NEXT: "I'm done!" when the acting player may end the turn; else the
        rule that says what comes first (3.4.1: the die's demands first)."""
        done = [a for a in self.legal() if a.kind == DONE]
        if done:
            self.app.submit(done[0])
            return
        state = self.app.state
        seat = self.app.game.to_act(state).seats[:1]
        action = Action(DONE, {}, getattr(state, "current", seat[0] if seat else None))
        rejection = self.app.game.check(state, action)
        if rejection is not None:
            self.app.reject(rejection, action=action)
            return
        expect = self.app.expect()
        what = expect.purpose if expect is not None else self.app.game.to_act(state).label
        self.app.say(f"Not yet: {what}.", "info", 5)

    # ------------------------------------------------------------------ asking
    def offer(self, kind: str | tuple[str, ...], title: str | None = None,
              only: Callable[[Action], bool] | None = None) -> None:
        """Ask the choices of a move of ``kind`` (one kind or several, as the
        Tokens button's two directions) among the legal ones (those ``only``
        keeps, if given), then make it. When several players may make it
        (tokens off turn, Protection, Productivity), who is asked first."""
        kinds = (kind,) if isinstance(kind, str) else kind
        if kinds == ("build_base",):
            self.offer_base()
            return
        summary = self.app.view()
        name, order = KINDS.get(kinds[0], (kinds[0], ()))
        if kinds == ("rob",) and summary["theft_left"]:   # a tester read Grand Theft's draws as a Robbery
            name = title = f"Grand Theft ({count(summary['theft_left'], 'card')} to draw)"
        if kinds == ("build_lab",):  # which Laboratory, and its price (3.9.2)
            title = _lab_title(summary, next(iter(a.seat for a in self.legal() if a.kind == "build_lab"), None)) \
                or title
        tokens = len(kinds) > 1
        if tokens:  # which way, then the resource and the token in one question
            order = ("kind", TOKEN)
        if title == PRODUCTIVITY:  # the card is said by the title
            order = tuple(o for o in order if o != "card")
        legal = self.legal()
        if tokens and hidden_hands(self.app):   # hands hidden: "who?" does not tell who holds 3 of a kind (Q.7)
            legal = _every_seat(self.app.state, legal)
        candidates = [Action(a.kind, {**a.args, SEAT: a.seat, **({"kind": a.kind} if tokens else {}),
                                      **({TOKEN: f"{a.args['resource']} {a.args['token']}"} if tokens else {})},
                             a.seat) for a in legal if a.kind in kinds and (only is None or only(a))]
        if kinds == ("rob",) and hidden_hands(self.app):   # hands hidden: the question does not show which kinds
            candidates = _every_kind(candidates)           # the victim holds (a tester's finding)

        if len({a.args.get("immediate") for a in candidates}) == 1:  # the footer question answered by the rules
            order = tuple(o for o in order if o != "immediate")   # (no Armageddon left to draw): not named as asked
        questions = {SEAT: "who?", "kind": "which way?", TOKEN: "which token?"}
        if kinds == ("rob",):  # the card is drawn blind (3.5): what it was, not which to take
            questions["resource"] = DRAWN_BLIND
        from companion.rules.mission_to_mars_2049.advice import armageddon_warning
        risky = next((w for w in (armageddon_warning(self.app.state, a, short=True) for a in candidates) if w), "")
        if risky:  # 6.0.2 before the top card is drawn (Cancel still can), not after the buy (a tester's finding)
            questions["immediate"] = f"{risky} If you buy: {ask('immediate')}"
        gives = {a.args["give"] for a in candidates if a.kind == "trade"}
        if kinds == ("trade",) and len(gives) == 1:  # always "get which?" first: the payment is said with it
            order = tuple(o for o in order if o != "give")
            questions["get"] = f"{ask('get')} You pay {value_label(summary, candidates[0], 'give', *gives)}."

        def label(arg: str, value: Any, action: Action) -> str:
            if arg == SEAT:
                return summary["players"][value]["name"]
            if arg == "kind":
                return KINDS[value][0]
            if arg == TOKEN:  # "(3) Air token"
                res, size = value.split()
                return f"({size}) {value_label(summary, action, 'resource', res)} token"
            if arg == "resource" and action.kind == "build_station":   # its price beside it (3.6): a tester
                return f"{value_label(summary, action, arg, value)} ({station_price(value)})"   # found none
            if arg == "resource" and action.args.get("card") == "productivity" and action.seat is not None:
                got = summary["players"][action.seat]["active_stations"][value]   # one per Station (4.1): what
                return f"{value_label(summary, action, arg, value)} (+{got})"      # each gives, +0 too
            if arg == "station" and value is not None:
                return _station_option(self.app.layout, summary["players"][action.args.get("target", action.seat)],
                                       value)
            return value_label(summary, action, arg, value)

        def submit(action: Action) -> object:
            args = {k: v for k, v in action.args.items() if k not in (SEAT, "kind", TOKEN)}
            return self.confirm(Action(action.kind, args, action.seat))

        choose(self.app, title or name, candidates, label,
               lambda arg: questions.get(arg) or ask(arg),
               (SEAT, *order), submit=submit, unordered=("take",),
               rank=lambda arg, v: (kinds.index(v),) if arg == "kind" else
               (rank("resource", v.split()[0]), int(v.split()[1])) if arg == TOKEN else rank(arg, v),
               greyed=self.greyed, why=self.why_greyed, keep=("base",))

    def greyed(self, arg: str, actions: list[Action]) -> dict[Any, str]:
        """The options a question shows greyed, so that the others keep their
        places (:func:`companion.ui.chooser.choose`): the Road card when a card
        is taken (Discovery, 3.5) or traded for (3.9.4; why not, in words no wider than "Road card":
        3.11.4's 3 Road cards held, or none left in the bank), every Mission
        Card kind of the piles the player holds (4.0), those that cannot be
        named now (all played, Protection off its reaction) by their name alone:
        a reason would widen the buttons and move the others; and, where a Station or Laboratory is attached to
        a Base (built, or placed by a Build, Laboratory or Crimean Mission), each standing Base with no free spot
        around it, "Base 1: full" (3.6.2, ``model.has_room``; asked even when one Base is left: ``keep``)."""
        from companion.rules.mission_to_mars_2049.model import MAX_ROAD_CARDS, MISSION_DECK, has_room
        state = self.app.state
        kind = actions[0].kind
        if (kind, arg) in (("take", "resource"), ("trade", "get")):
            tried = {"resource": "road"} if kind == "take" else {"give": actions[0].args["give"], "get": "road"}
            r = self.app.game.check(state, Action(kind, tried, actions[0].seat))
            full = r is not None and r.code == "road_cards_max"
            return {"road": f"Road: {MAX_ROAD_CARDS} of {MAX_ROAD_CARDS}" if full else "Road: 0 left"}
        if kind == "play" and arg == "card":
            decks = {MISSION_DECK[MISSIONS.index(a.args["card"])] for a in actions}
            return {m: MISSION_NAME[m] for i, m in enumerate(MISSIONS) if MISSION_DECK[i] in decks}
        if arg == "base" and actions[0].seat is not None:
            c = state.colonies[actions[0].seat]
            return {k: f"Base {k}: full" for k in range(1, c.bases + 1) if not has_room(c, k)}
        return {}

    def why_greyed(self, arg: str, value: Any, actions: list[Action]) -> None:
        """A tap on an option :meth:`greyed` shows: the rules' refusal of that choice (a Mission Card kind alone,
        ``Action(kind, {arg: value})``: "The Protection Mission card is in the used pile", 4.0; else with the
        choices made before it: the Road card for the cards given, a Base for the Station chosen), with its
        section; the dialog closes so that it is read (a tester's finding: the greyed Protection Mission said
        nothing)."""
        made = {} if arg == "card" else {k: v for k, v in actions[0].args.items() if k not in (SEAT, "kind", TOKEN)}
        tried = Action(actions[0].kind, {**made, arg: value}, actions[0].seat)
        rejection = self.app.game.check(self.app.state, tried)
        if rejection is None:  # pragma: no cover - greyed because the rules refuse it
            self.app.close_dialog()
            self.app.say(f"{self.greyed(arg, actions).get(value, value)}: not possible now.", "info", 5)
            return
        self.app.reject(rejection, action=tried)

    def offer_base(self) -> None:
        """Base: on a free spot next to the newest Base (3.6.2), or, as its own
        choice, over one of the player's Stations (Q.2), which first asks
        "This removes your X Station at Base k with no refund: sure?" (or, for
        one built this turn, that its price comes back: Q.2). The
        choice is asked only when the player may have blocked themselves
        (more Stations than the First Base's three: ``advice.may_be_blocked``);
        else the Base goes on a free spot at once. With no free spot next to the newest Base (its 8 taken,
        3.6.2: ``model.has_room``), "Free spot: Base k full" stands greyed in the free spot's place, and a tap says
        why."""
        from companion.rules.mission_to_mars_2049.advice import may_be_blocked
        legal = [a for a in self.legal() if a.kind == "build_base"]
        if not legal:
            return
        seat = legal[0].seat
        free = [a for a in legal if "over" not in a.args]
        over = [a for a in legal if "over" in a.args and may_be_blocked(self.app.state, seat)]
        player = self.app.view()["players"][seat]
        k = player["bases"] + 1
        options: list[tuple[str, Callable[[], object] | Greyed]] = []
        if free:
            options.append((f"Base {k} on a free spot", lambda: self._make(free[0])))
        else:   # no free spot next to the newest Base (3.6.2): said in its place, greyed, a tap says why
            tried = Action("build_base", {}, seat)
            rejection = self.app.game.check(self.app.state, tried)
            if rejection is not None and rejection.code == "base_full":
                options.append((f"Free spot: Base {k - 1} full",
                                Greyed(lambda: self.app.reject(rejection, action=tried))))
        if over:
            options.append(("Over my own Station\u2026", lambda: self.offer_base_over(over)))
        if len(options) == 1 and free:
            self.confirm(free[0])
            return
        self.app.ask(f"Base {k}: where?", options, lines=[
            f"Always build new Bases next to each other (3.6.2). Over your own Station at Base {k - 1} only when you "
            "have blocked yourself: it leaves the map, with no refund if you built it on an earlier turn (Q.2)."])

    def offer_base_over(self, over: list[Action]) -> None:
        """Which Station the Base goes over: one option per Station (alike
        ones once: they are the same to the game), each label unique."""
        player = self.app.view()["players"][over[0].seat]
        k = player["bases"] + 1
        options: list[tuple[str, Callable[[], object]]] = []
        for a in over:
            label = _station_option(self.app.layout, player, a.args["over"], nth=False)
            if any(label == o for o, _ in options):
                continue
            whole = _station(player, a.args["over"], nth=False)
            options.append((label, lambda a=a, whole=whole: self.ask_remove(a, whole, k)))
        ask_paged(self.app, f"Base {k} over which of your Stations?", options)

    def ask_remove(self, action: Action, station: str, k: int) -> None:
        """The last word before a Station is destroyed for a Base: with no refund, or, for a Station built
        this turn, with its price back (7. F.A.Q. Q.2: no refund "if you have done this on one of your previous
        turns"; ``model.refund``)."""
        from companion.rules.mission_to_mars_2049.model import price_text, refund
        back = refund(self.app.state, action.seat, action.args["over"])
        title = (f"This removes your {station} with no refund: sure?" if back is None else
                 f"This removes your {station}, built this turn: its {price_text(back)} come back. Sure?")
        self.app.ask(title,
                     [(f"Yes, Base {k} over it", lambda: self._make(action))],
                     lines=["7. F.A.Q. Q.2: \u201cYou are allowed to build a Base over any Resource Station you "
                            "own\u201d \u2014 the way out when you have blocked yourself."], cancel_label="No")

    def why_not(self, kinds: tuple[str, ...], title: str) -> None:
        """Say why no move of ``kinds`` can be made now: the rules' refusal of a
        representative move, with its rulebook section. The refusal is logged as the move the player tapped,
        its kind with no choices (``buy()``): the representative's choices were made by nobody.

        Of the choices' refusals, a reason other than the price is said before the price (the price is
        no reason when something else forbids the move), and of those the one that blocks the most choices
        (by ``code``; a tie: the first choice's): a tester's finding, Red with 5 Air, 2 Food and 1 Mineral
        Station at Base 1 (its 8 spots taken, 3.6.2) read "All 5 of your Air Stations are on the map" (2.2)
        while Food and Mineral Stations were left: the full Base, which refuses Food and Minerals, is said."""
        state = self.app.state
        game = self.app.game
        seat = getattr(state, "current", None)
        refused: list[tuple[Action, Rejection]] = []
        prices: list[str] = []  # each pile's price refusal, for Buy Mission
        for action in _samples(state, kinds, seat):
            rejection = game.check(state, action)
            if rejection is None:
                continue
            if hidden_hands(self.app):   # after a blind draw, without what the hand lacks (hidden_hands_reason)
                from companion.rules.mission_to_mars_2049.checks import hidden_hands_reason
                rejection = hidden_hands_reason(state, action, rejection)
            if rejection.code == "cannot_afford" and rejection.message not in prices:
                prices.append(rejection.message)
            refused.append((action, rejection))
        blocks = {code: sum(1 for _, r in refused if r.code == code) for code in {r.code for _, r in refused}}
        first = min(refused, key=lambda ar: (ar[1].code == "cannot_afford", -blocks[ar[1].code]), default=None)
        if first is None:
            self.app.say(f"{title}: not possible now.", "info", 5)
            return
        if kinds == ("buy",) and first[1].code == "cannot_afford" and len(prices) > 1:
            # both piles too dear: each said, not the Peaceful pile alone (a tester's finding)
            first = (first[0], Rejection(first[1].code, " ".join(prices), first[1].rule))
        # logged as what was tapped, the move with no choice made: the sample's choices are nobody's (a tester
        # read "buy(deck='peaceful', immediate=False) [refused]" in companion log, a pile nobody chose)
        self.app.reject(first[1], action=Action(first[0].kind, {}, first[0].seat))

    def more(self, extra: list[Button]) -> None:
        """More: the buttons that did not fit, and the Game Bank's cards (2.1;
        when it cannot pay, Q.4 applies by itself). A move not allowed now is drawn greyed with its plain
        label, as on the screen, and its tap says why (a tester's finding: "Play Mission (why not?)" was drawn
        as a move)."""
        options = [(b.title, b.on_tap if b.enabled else Greyed(b.on_tap)) for b in extra]
        ask_paged(self.app, "More moves" if options else "The Game Bank (no more moves)", options, lines=[
            bank_text(self.app.view(), long=True),
            "When the bank cannot pay, everyone holding 3 or more cards of that kind changes at least half into "
            "tokens (F.A.Q. Q.4): the app does it."], cancel_label="Cancel" if options else "Close")

    def confirm(self, action: Action) -> None:
        """Make ``action``; a Station or Laboratory at the newest Base is first
        shown with the rulebook's warning, "Build anyway" or Cancel (a hint,
        never a refusal: 3.6.4; one touch more only then). Other tips are said
        after the move."""
        from companion.rules.mission_to_mars_2049.advice import base_warning
        warning = base_warning(self.app.state, action)
        if warning:
            self.app.ask(_placed_title(self.app.view(), action), [(BUILD_ANYWAY, lambda: self._make(action))],
                         lines=[warning])
            return
        self._make(action)

    def _make(self, action: Action) -> None:
        """Make ``action``; then say its first tip other than those asked before it (3.6.4, 6.0.2), if any and
        the game goes on (a tip over the winner's line on the Game over screen: a tester's finding). With hands
        hidden, a move refused to a player whose turn it is not, or a blind draw refused, or any move refused to a
        player who drew a card blind this turn, is said in the rules' words for a hidden hand
        (``hidden_hands_reason``: "Blue holds 2" would tell the table what the option hides)."""
        from companion.rules.mission_to_mars_2049.advice import armageddon_warning, base_warning, hints
        state = self.app.state
        if hidden_hands(self.app) and (action.seat != getattr(state, "current", action.seat) or action.kind == "rob"
                                       or self.app.game.drawn_blind(state, action.seat)):
            rejection = self.app.game.check(state, action)
            if rejection is not None:
                from companion.rules.mission_to_mars_2049.checks import hidden_hands_reason
                self.app.close_dialog()
                self.app.reject(hidden_hands_reason(state, action, rejection), action=action)
                return
        asked = {base_warning(state, action), armageddon_warning(state, action)}
        tips = [t for t in hints(state, action) if t not in asked]
        self.app.close_dialog()
        if self.app.submit(action) and tips and not self.app.game.is_over(self.app.state):
            words, rule = _cited(tips[0])  # its section a button (as a refusal's): the words fit the events' box
            self.app.say(words, "note", 6, rule=rule)

    # ------------------------------------------------------------------ buttons
    def buttons(self, legal: list[Action], turn: Any) -> list[Button]:
        """The move buttons now: in the main phase of a turn the fixed slots
        (disabled where not allowed), else one per kind of legal move."""
        state = self.app.state
        summary = self.app.view()
        current = getattr(state, "current", None)
        main = self.app.game.phase(state) == "main"
        out: list[Button] = []
        # the Productivity Mission, at any time (MA-21): its own button, for the players whose turn it is not;
        # the player whose turn it is plays theirs with Play Mission after the roll (before it, the same cards
        # would only be more to lose to a Robbery: nothing is lost by waiting)
        prod = [a for a in legal if a.kind == "play" and a.args["card"] == "productivity" and a.seat != current]
        if not main:
            legal = [a for a in legal if not (a.kind == "play" and a.args["card"] == "productivity")]
        if main:
            me = summary["players"][current]
            if hidden_hands(self.app):   # the Tokens button: lit, and its line, whatever the others hold (Q.7)
                legal = _every_seat(state, legal)
            for slot, title, kinds in SLOTS:
                if slot == "road" and me["road"] or slot == "h2o" and not me["road"]:
                    continue  # one goal slot: the Road, then the H2O Station
                options = [a for a in legal if a.kind in kinds and a not in prod]
                if options:
                    only = (lambda a: a not in prod) if slot == "play" else None
                    words = self._hidden_tokens(options, current) if slot == "tokens" else ()
                    out.append(Button(title, lambda k=kinds, t=title, o=only: self.offer(k, t, only=o),
                                      sub=words[0] if words else self._sub(slot, options, summary, current),
                                      short=words[1] if words else None, shorter=words[2:]))
                else:
                    out.append(Button(title, lambda k=kinds, t=title: self.why_not(k, t), enabled=False))
            return out + self.productivity(prod, summary, current)
        for kind in KINDS:
            options = [a for a in legal if a.kind == kind and a not in prod]
            if options:
                only = (lambda a: a not in prod) if kind == "play" else None  # a forced Armageddon
                theft = kind == "rob" and summary["theft_left"]   # not a Robbery: the Mission's blind draws
                sub = f"{count(summary['theft_left'], 'card')} to draw" if theft else \
                    self._sub(kind, options, summary, current)
                # Protection: both answers on the button, declining too (4.1; a tester's finding: not said)
                answers = (f"play or {USE_LABEL[False]}", f"or {USE_LABEL[False]}") if kind == "protect" else ()
                out.append(Button("Grand Theft" if theft else KINDS[kind][0],
                                  lambda k=kind, o=only: self.offer(k, only=o), sub=answers[0] if answers else sub,
                                  short=answers[1] if answers else None))
        return out + self.productivity(prod, summary, current)

    def productivity(self, plays: list[Action], summary: dict, current: int | None) -> list[Button]:
        """The Productivity button for ``plays`` ("Play at any time you wish",
        4.1 Peaceful Mission Cards) of the players whose turn it is not, naming
        them; none when nobody may. Where the buttons do not all fit it goes
        behind More, whose second line says so: More never moves."""
        if not plays:
            return []
        return [Button(PRODUCTIVITY, lambda: self.offer("play", PRODUCTIVITY, only=lambda a: a in plays),
                       sub=self._sub("play", plays, summary, current))]

    def _hidden_tokens(self, options: list[Action], current: int | None) -> tuple[str, ...]:
        """With hands hidden and another player offered the Tokens button (:func:`_every_seat`), its second
        line says who may by the rule, not by name ("anyone with 3+ Air", then shorter: F.A.Q. Q.7, the kind
        just produced), which names nobody's hand (a tester's finding: "Blue, Green" told the table who held 3
        Air); else ``()``, the line of :meth:`_sub`."""
        from companion.rules.mission_to_mars_2049.model import RESOURCE_NAMES
        produced = self.app.state.produced
        if not hidden_hands(self.app) or not any(a.seat != current for a in options) or produced < 0:
            return ()
        kind = RESOURCE_NAMES[produced]
        return f"anyone with 3+ {kind}", f"anyone: 3+ {kind}", f"3+ {kind}"

    def _sub(self, slot: str, options: list[Action], summary: dict, current: int | None) -> str | None:
        """A button's second line: who may (tokens off turn), the price of the
        piles one can buy from, or the one choice there is."""
        seats = sorted({a.seat for a in options if a.seat is not None}, key=lambda s: (s != current, s))
        if seats and seats != [current]:  # off turn (tokens of the type produced, Protection): say who may
            names = [summary["players"][i]["name"] for i in seats]
            if len(names) > 2 and len(names) == len(summary["players"]):  # read from 1 m: not "Red & 3 more"
                return "everyone"
            return ", ".join(names) if len(names) <= 2 else f"{names[0]} & {len(names) - 1} more"
        if slot == "buy":
            decks = list(dict.fromkeys(a.args["deck"] for a in options))
            return price(decks[0]) if len(decks) == 1 else "either pile"
        if len(options) == 1 and options[0].args and slot not in ("play",):
            return action_text(summary, options[0]).split(": ", 1)[-1]
        return None

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Where tips and refusals go, the first where the box fits (:func:`..chrome.message_box`), never
        over a move (a tap on a move makes it): over what happened this turn, above the moves; while a roll
        is awaited, over it and the face pad's prompt under it, never a face (the die's notes say "roll it
        again, or tap the face" themselves; a tester's finding: they covered other players' panels); else over
        the tallest run of the players' panels between those of the players who may act (the acting player,
        and another who may change cards into tokens, Q.7: a tester's finding), from the bottom when it is
        below one, so that the resources a refusal or a move talks about stay in sight."""
        lay = self.app.layout
        state = self.app.state
        n = len(self.app.game.seats(state))
        column = _split(lay, n)[0].inflate(-2 * lay.gap, -2 * lay.gap)
        places = [(pygame.Rect(r), False) for r in (self._events_r, self._roll_r) if r is not None]
        panels = column
        if not lay.portrait:  # as paint: the bank line under the panels
            panels = L.take_bottom(column, text.font(lay.small).get_linesize(), lay.gap)[1]
        rows = L.rows(panels, n, lay.gap)
        seats = [i for i in self.app.game.to_act(state).seats if 0 <= i < n]
        if hidden_hands(self.app):  # where a message goes must not tell who holds 3 of the kind produced (Q.7)
            seats = seats[:1]
        everyone = sorted(set(seats))  # every player who may act (Q.7: another's tokens), else the acting one
        for kept in ([everyone] if len(everyone) > 1 else []) + ([seats[:1]] if seats else []):
            gap = _tallest_gap(column, [rows[i] for i in kept], lay.gap)
            if gap is not None:
                places.append(gap)
        return places + [(column, False)]

    # ------------------------------------------------------------------ drawing
    def paint(self, ui: Ui) -> None:
        self._events_r = self._roll_r = None  # what happened this turn: where a message goes first (message_areas)
        lay = ui.layout
        app = self.app
        state = app.state
        left, right = _split(lay, len(app.game.seats(state)))
        players_r, area = left.inflate(-2 * lay.gap, -2 * lay.gap), right.inflate(-2 * lay.gap, -2 * lay.gap)
        # the Game Bank's cards, one line under the players (portrait: above the moves, the panels keep their room)
        line_h = text.font(lay.small).get_linesize()
        if lay.portrait:
            bank_r, area = L.take_top(area, line_h, lay.gap)
        else:
            bank_r, players_r = L.take_bottom(players_r, line_h, lay.gap)
        player_panels(ui, players_r, app, state)
        ui.label(bank_r, bank_text(app.view()), lay.small, FG)  # read at 1 m: the reading colour, not DIM
        turn = app.game.to_act(state)
        expect = app.expect()
        asked = prompt = _prompt(app, state, expect, turn)
        rolling = expect is not None and expect.kind == "roll"
        pad_h = lay.px(150 if app.face_labels() == NUMBER_FACES else 250) if rolling else 0
        recent = event_lines(app, [e for e in app.recent if e.kind not in ("undo", "redo")])
        extra = self.buttons(self.legal(), turn) if rolling else []  # the Productivity Mission, also before the roll
        head_h = len(text.wrap(prompt, area.w, lay.small, True)) * text.font(lay.small, True).get_linesize() \
            if prompt else 0
        if rolling:   # what happened whole, or the newest: the pad smaller, the heading into the pad (_roll_plan)
            said = text.wrap(f"Roll: {prompt}", area.w - 2 * lay.gap, lay.small, True) if prompt else []
            keep, pad_h, below = _roll_plan(lay, area, (head_h, len(said) * text.font(lay.small, True).get_linesize()),
                                            pad_h, face_pad_height(lay, area.w, app.face_labels()), recent,
                                            extra[0].title if extra else None)
            prompt = prompt if keep else ""
        if prompt:
            head, area = L.take_top(area, head_h, lay.gap)
            ui.block(head, prompt, lay.small, MARS, bold=True)
        if rolling:
            pad, area = L.take_bottom(area, pad_h, lay.gap)    # (4 players at 480x800: it covered the line)
            caption = face_pad(ui, pad, app, "" if prompt else asked)  # what the roll is for: the heading, or here
            if not extra:  # nothing between the events and the pad: a message may cover both, down to the faces
                self._roll_r = pygame.Rect(area.x, area.y, area.w, caption.bottom - area.y)
            if extra:
                if below:  # below what happened this turn
                    row, area = L.take_bottom(area, lay.touch, lay.gap)
                    cells = L.cols(row, 2, lay.gap)
                else:  # beside it, so that the newest event stays in sight, as narrow as its title allows: what
                    # happened this turn gets the rest (a tester's finding, 480x800: "Nothing yet this\u2026")
                    row, area = L.take_right(area, _beside_w(lay, area.w, extra[0].title), lay.gap)
                    cells = [pygame.Rect(row.x, row.bottom - min(lay.touch, row.h), row.w, min(lay.touch, row.h))]
                for cell, b in zip(cells, extra):
                    ui.button(cell, b.title, b.on_tap, sub=b.sub if b.sub and text.width(b.sub, lay.small)
                              <= cell.w - lay.px(16) else None, size=lay.body, name=b.name)
            self._events_r = pygame.Rect(area)
            _events(ui, area, recent, app)
            return
        legal = self.legal()
        done = any(a.kind == DONE for a in legal)
        nr = next_rect(lay, right)
        buttons = self.buttons(legal, turn)
        ev_r, cells, shown = _move_layout(lay, area, nr, buttons)
        self._events_r = pygame.Rect(ev_r)
        _events(ui, ev_r, recent, app)
        if len(shown) < len(buttons) or app.game.phase(state) == "main":  # More keeps its place
            rest = buttons[len(shown):]
            words = _more_words(rest)
            shown = shown + [Button("More", lambda: self.more(rest), sub=words[0], short=words[1] if len(words) > 1
                                    else None, shorter=tuple(words[2:]))]
        for cell, b in zip(cells, shown):
            room = cell.w - lay.px(16)
            sub = next((x for x in (b.sub, b.short, *b.shorter) if x and text.width(x, lay.small) <= room),
                       None)  # no room: the question says it
            # a disabled move is drawn so, yet its tap says why
            ui.button(cell, b.title, b.on_tap, "normal" if b.enabled else "disabled", sub=sub, size=lay.body,
                      name=b.name)
        if done:
            ui.button(nr, "I'm done!", self.on_next, "primary", size=lay.big, name="I'm done")
        else:
            ui.button(nr, "I'm done!", self.on_next, "disabled", size=lay.big, name="I'm done" + WHY)
        if not buttons and not done:
            ui.block(pygame.Rect(area.x, ev_r.bottom + lay.gap, area.w, max(0, nr.y - ev_r.bottom - 2 * lay.gap)),
                     "Waiting for the die or a choice above.", lay.body, DIM)


#: More's second line when none of the moves behind it can be made now: what its tap holds of use, the Game
#: Bank's cards (2.1) and the greyed moves' reasons
MORE_BANK = "Game Bank"


def _more_words(rest: list[Button]) -> list[str]:
    """More's second line for the buttons ``rest`` behind it, longest first (the first that fits is drawn):
    "Productivity: Blue" when the Productivity button is there; else the moves that can be made now by name,
    then their first words, as many as fit ("Trade, Buy, Play, Tokens", "Trade, Buy…"; a tester's finding: 4
    players in portrait); greyed ones are not named (a tester read "Play, Tokens" under More while both were
    greyed): with none to make, :data:`MORE_BANK`; nothing behind More, ``[""]``."""
    behind = next((b.sub for b in rest if b.title == PRODUCTIVITY), None)
    if behind:
        return [f"{PRODUCTIVITY}: {behind}", PRODUCTIVITY]
    usable = [b for b in rest if b.enabled]
    if not usable:
        return [MORE_BANK if rest else ""]
    first = [b.title.split()[0] for b in usable]
    return [", ".join(b.title for b in usable)] + [", ".join(first[:k]) + ("\u2026" if k < len(first) else "")
                                                   for k in range(len(first), 0, -1)]


def _cited(tip: str) -> tuple[str, str | None]:
    """``(words, rule)`` of a tip ending in its one section ("... better (6. Recommendations and tactics
    (Optional), 6.0.1)."): the words with their full stop, and the citation for the message's rulebook button
    (the rulebook's file name, then that section, as a refusal's ``rule``); ``(tip, None)`` for a tip
    citing several sections (";", or one in its words) or none. Without the section in its words a tip fits
    the box of what happened this turn at 800x480, over nobody's panel (a tester's finding: it hid Red's name
    and numbers)."""
    from companion.rules.mission_to_mars_2049.model import RULEBOOK
    m = re.fullmatch(r"(.*?) \(((?:[^();]|\([^();]*\))*)\)\.", tip, re.S)
    if m is None or "(" in m.group(1):
        return tip, None
    return m.group(1) + ".", f"{RULEBOOK}, {m.group(2)}"


def _every_kind(robberies: list[Action]) -> list[Action]:
    """``robberies`` (the legal blind draws) with every resource kind for each victim who holds a card: with
    hands hidden, the choices must not tell the table which kinds the victim holds, nor answer for the robber
    when it is one kind. The robber says the kind drawn; a kind the victim does not hold is refused by the
    rules, with their reason (3.8.2)."""
    from companion.rules.mission_to_mars_2049.model import RESOURCES
    out, seen = list(robberies), {(a.seat, a.args.get("victim"), a.args.get("resource")) for a in robberies}
    for a in robberies:
        if a.args.get("resource") is None:   # nothing to draw (MA-12): said as such
            continue
        for r in RESOURCES:
            if (a.seat, a.args.get("victim"), r) not in seen:
                seen.add((a.seat, a.args.get("victim"), r))
                out.append(Action(a.kind, {**a.args, "resource": r}, a.seat))
    return out


def _every_seat(state: Any, legal: list[Action]) -> list[Action]:
    """``legal`` with, in a turn's main phase after a roll that produced a resource, every other player's
    cards-into-token moves of that kind, (3) and (8), whether they hold the cards or not: with hands hidden the
    Tokens button and its "who?" must not tell the table who holds 3 or more (F.A.Q. Q.7: "change Resource Cards
    to Tokens but only if they are of the same kind as the resource produced on that turn"). The rules refuse
    one a player cannot make, with their reason."""
    from companion.rules.mission_to_mars_2049.model import RESOURCES
    produced = getattr(state, "produced", -1)
    if getattr(state, "phase", None) != "main" or not 0 <= produced < len(RESOURCES):
        return legal
    out, seen = list(legal), {(a.kind, a.seat, a.args.get("resource"), a.args.get("token")) for a in legal}
    for seat in range(len(state.seats)):
        for size in (3, 8):
            key = ("to_token", seat, RESOURCES[produced], size)
            if seat != state.current and key not in seen:
                out.append(Action("to_token", {"resource": RESOURCES[produced], "token": size}, seat))
    return out


def _samples(state: Any, kinds: tuple[str, ...], seat: int | None) -> list[Action]:
    """Moves of ``kinds`` to ask the rules about, for the reason one is not allowed."""
    from companion.rules.mission_to_mars_2049.model import DECKS, RESOURCES
    out = []
    for kind in kinds:
        if kind in ("build_base", "build_lab", "build_road", "build_h2o"):
            out.append(Action(kind, {}, seat))
        elif kind == "build_station":
            out += [Action(kind, {"resource": r}, seat) for r in RESOURCES]
        elif kind == "trade":  # the kind held most first: the refusal names the nearest trade, not "4 Air" to a
            held = state.colonies[seat].cards if seat is not None and 0 <= seat < len(state.colonies) else ()
            gives = sorted(RESOURCES, key=lambda g: -held[RESOURCES.index(g)] if held else 0)  # player of 3 Food
            out += [Action(kind, {"give": g, "get": "road" if g == "air" else "air"}, seat) for g in gives]
        elif kind == "buy":
            out += [Action(kind, {"deck": d, "immediate": False}, seat) for d in DECKS]
        elif kind == "play":
            others = [i for i in range(len(state.seats)) if i != seat] or [0]
            out += [Action(kind, {"card": "resource"}, seat), Action(kind, {"card": "capture", "target": others[0]},
                                                                     seat)]
        elif kind in ("to_token", "to_cards"):
            out += [Action(kind, {"resource": r, "token": 3}, seat) for r in RESOURCES]
    return out


def _move_layout(lay: Any, area: pygame.Rect, nr: pygame.Rect,
                 buttons: list[Button]) -> tuple[pygame.Rect, list[pygame.Rect], list[Button]]:
    """(events rectangle, button cells, the buttons shown) for the moves'
    ``area`` with NEXT at ``nr``: the buttons in rows above NEXT and beside it,
    never over it; the events get the rest, at least two lines, whatever the events say, so that the moves
    keep their places (:func:`_events` cuts a longer newest event; a tap shows it whole). Buttons that
    do not fit are left out (the caller puts them behind More, in the last cell)."""
    line_h = text.font(lay.small).get_linesize()
    min_ev = 2 * line_h + lay.px(8)  # the moves keep their places: a longer newest event is cut, a tap shows it
    ncols = 2 if area.w > lay.px(300) else 1
    col_w = (area.w - (ncols - 1) * lay.gap) // ncols
    beside = max(0, (nr.x - lay.gap - area.x + lay.gap) // (col_w + lay.gap))
    row = lay.touch + lay.gap
    n = len(buttons) + 1  # and More (or room for it)
    above = max(0, -(-(n - beside) // ncols))
    room = nr.y - lay.gap - area.y  # events and the rows above NEXT
    fit = max(0, (room - min_ev) // row)
    rows = min(above, fit)
    capacity = rows * ncols + beside
    shown = buttons if len(buttons) < capacity else buttons[:max(0, capacity - 1)]
    ev_h = min(room - rows * row, max(min_ev, lay.px(190)))
    ev_r = pygame.Rect(area.x, area.y, area.w, max(0, ev_h))
    cells = []
    top = ev_r.bottom + lay.gap
    for r in range(rows):
        for c in range(ncols):
            cells.append(pygame.Rect(area.x + c * (col_w + lay.gap), top + r * row, col_w, lay.touch))
    for c in range(beside):
        cells.append(pygame.Rect(area.x + c * (col_w + lay.gap), nr.y + (nr.h - lay.touch) // 2, col_w, lay.touch))
    return ev_r, cells, list(shown)


def _beside_w(lay: Any, width: int, title: str) -> int:
    """The width (pixels) of the button beside what happened this turn in an area ``width`` pixels wide, while a
    roll is awaited: as narrow as ``title`` allows, at most half."""
    return min((width - lay.gap) // 2, max(lay.touch, text.width(title, lay.body, True) + lay.px(24)))


def _events_h(lay: Any, lines: list[str], width: int) -> int:
    """The height (pixels) of a box of what happened this turn ``width`` pixels wide (:func:`_events`) that shows
    ``lines`` whole (none: "Nothing yet.", a line)."""
    line_h = text.font(lay.small).get_linesize()
    rows = sum(len(_event_rows(line, width - lay.px(12), lay.px(16), lay.small)) for line in lines) or 1
    return rows * line_h + lay.px(8)


def _roll_plan(lay: Any, area: pygame.Rect, heights: tuple[int, int], pad: int, pad_min: int, lines: list[str],
               title: str | None) -> tuple[bool, int, bool]:
    """``(heading kept, pad height, button below)`` while a roll is awaited, in the moves' ``area``: the heading
    ``heights[0]`` pixels tall (0: none) and ``heights[1]`` said in the pad's prompt ("Roll: ..."), the face pad
    ``pad`` pixels tall (at least ``pad_min``), the button ``title`` (the Productivity Mission; None: none) below
    what happened this turn (``lines``, oldest first) or beside it. The first of these that shows every line
    whole, then the newest whole: as before; the pad down towards ``pad_min`` and the heading into the pad where
    its prompt has the room to say it whole (the pad then says whose roll), the button where what happened needs
    the less room; for the newest, then the faces less than a finger high (:func:`_pad_floor`). So the newest is
    read whole at the reading size (a tester's finding: with 3 players at 800x480 an event was cut to "Green \u2026"
    beside the Productivity button; with 4 at 480x800 the box was 38 px, hardly a line). Where nothing lets it,
    as before (:func:`_events` cuts it, a tap shows it)."""
    line_h = text.font(lay.small).get_linesize()
    two_lines = 2 * line_h + lay.px(8) + 2 * lay.gap
    head_h, said_h = heights

    def said(keep: bool, tall: int) -> bool:   # the heading, or the pad's prompt ``tall - pad_min`` taller, whole
        return keep or not head_h or said_h <= lay.px(36) + max(0, tall - pad_min)

    def need(shown: list[str], below: bool) -> int:   # the height of ``shown`` whole (and of the button)
        if title is None:
            return _events_h(lay, shown, area.w)
        if below:
            return _events_h(lay, shown, area.w) + lay.gap + lay.touch
        return max(_reach(lay), _events_h(lay, shown, area.w - _beside_w(lay, area.w, title) - lay.gap))

    def room(keep: bool) -> int:   # the moves' height without the heading or with it
        return area.h - (head_h + lay.gap if keep else 0)

    keep = bool(head_h) and area.h - head_h - pad >= two_lines   # as before: the heading where two lines stay
    h = room(keep)
    if title is not None and h - pad - lay.gap < lay.touch:   # its button and the Game Bank's line both in sight
        pad = max(pad_min, h - lay.gap - lay.touch)
    before = keep, pad, title is not None and h - pad - lay.gap >= 2 * lay.touch + lay.gap
    floor = _pad_floor(lay, pad_min)
    for shown, least, heads in ((lines, pad_min, (True, False)), (lines[-1:], pad_min, (True, False)),
                                (lines[-1:], floor, (False,))):   # the faces a finger high, then less
        if need(shown, before[2]) <= room(before[0]) - before[1] - lay.gap:
            return before
        plans = []
        for keep in heads if head_h else (False,):
            for below in (True, False) if title is not None else (False,):
                tall = max(least, min(pad, room(keep) - lay.gap - need(shown, below)))
                if need(shown, below) <= room(keep) - tall - lay.gap and said(keep, tall):
                    plans.append((keep, tall, below))
        if plans:   # the heading kept if it may, then the tallest pad
            return max(plans, key=lambda p: (p[0], p[1]))
    return before


def _pad_floor(lay: Any, pad_min: int) -> int:
    """The least height (pixels) of the face pad whose least with faces a finger high (``lay.touch``) is ``pad_min``
    (:func:`..chrome.face_pad_height`: a line of prompt over rows of faces): its faces :func:`_reach` high."""
    rows = max(1, (pad_min - 2 * lay.gap - lay.px(36)) // (lay.touch + lay.gap))
    return pad_min - rows * (lay.touch - _reach(lay))


def _reach(lay: Any) -> int:
    """The least side (pixels) of a button kept in reach where room is short: 0.85 of a finger's (``lay.touch``),
    48 px at 800x480, about 9 mm on the 7" panel (DESIGN.md: "touch targets at least ~9 mm")."""
    return round(0.85 * lay.touch)


def _placed_title(summary: dict[str, Any], action: Action) -> str:
    """The 3.6.4 question's title in the rulebook's words, what goes where: "Mineral Station at Base 1
    (newest)?", "(3) Laboratory at Base 2 (newest)?", "Build Mission: Air Station at Base 2 (newest)?",
    "Crimean Mission: Blue's Air Station at Base 1 to your Base 2 (newest)?" (a tester read "Station: Minerals,
    Base 1 (newest)?")."""
    args, seat = action.args, action.seat
    if seat is None:
        return f"{action_text(summary, action)}?"
    p = summary["players"][seat]
    card = args.get("card") if action.kind == "play" else None
    base = value_label(summary, action, "base", args.get("base") or p["bases"])
    prefix = f"{MISSION_NAME[card]}: " if card in MISSION_NAME else ""
    if action.kind == "build_station" or card == "build":
        return f"{prefix}{STATION_LABEL[args['resource']]} Station at {base}?"
    if action.kind == "build_lab" or card == "laboratory":
        built = any(lab["lab"] == 3 for b in p["buildings"].values() for lab in b["laboratories"])
        return f"{prefix}({2 if built else 3}) Laboratory at {base}?"
    if card == "crimean" and "target" in args and "station" in args:
        victim = summary["players"][args["target"]]
        return f"{prefix}{victim['name']}'s {_station(victim, args['station'])} to your {base}?"
    return f"{action_text(summary, action)}?"


def _lab_title(summary: dict[str, Any], seat: int | None) -> str | None:
    """"(3) Laboratory: 4 Food, 3 Minerals", or the (2) once the (3) is built (3.9.2: "pay again")."""
    from companion.rules.mission_to_mars_2049.model import LAB_COST, price_text
    if seat is None:
        return None
    labs = [lab["lab"] for b in summary["players"][seat]["buildings"].values() for lab in b["laboratories"]]
    price = price_text(LAB_COST)
    return f"({2 if 3 in labs else 3}) Laboratory: {price}"


def _prompt(app: Any, state: Any, expect: Any, turn: Any) -> str:
    """What the table does now, in a few words (nothing in the main phase of a turn); in a Protection window
    also how to answer it, declining too, as the Protection button's choices say it: "Protection? Blue, Green:
    Play Protection or Let it be?" (4.1 Protection Mission; a tester's finding: nothing said how to decline, the
    greyed "I'm done!" only when tapped)."""
    if expect is not None:
        return expect.purpose
    if any(a.kind == DONE for a in app.legal()):
        return ""  # the top bar says whose turn it is, NEXT says "I'm done!": the room goes to the moves
    if app.game.phase(state) == "protect" and any(a.kind == "protect" for a in app.legal()):
        return f"{turn.label}: {USE_LABEL[True]} or {USE_LABEL[False]}?"   # the button says both too
    return turn.label


def _station_option(lay: Any, player: dict[str, Any], index: int, nth: bool = True) -> str:
    """A dialog's option for ``player``'s Station ``index`` (``labels._station``; without "(2nd)", "(5th)" unless
    ``nth``):
    where it is too wide for the dialog's button, another player's star after ": ", on a second line ("Food Station
    at Base 1" over "red star"; a table test's finding at 480x800: "Food Station at Base 1 (red st\u2026")."""
    def said(split: bool) -> str:
        return _station(player, index, split, nth)
    return said(False) if option_fits(lay, said(False)) else said(True)


def _split(lay: Any, players: int = 3) -> tuple[pygame.Rect, pygame.Rect]:
    """(players, moves): half and half, side by side (landscape) or stacked (portrait)."""
    b = lay.body_rect
    if lay.portrait:  # the moves get a little more than half: with up to 3 players, all 9 buttons fit
        top_h = int(b.h * (0.46 if players <= 3 else 0.5))
        return pygame.Rect(b.x, b.y, b.w, top_h), pygame.Rect(b.x, b.y + top_h, b.w, b.h - top_h)
    left_w = int(b.w * 0.48)
    return pygame.Rect(b.x, b.y, left_w, b.h), pygame.Rect(b.x + left_w, b.y, b.w - left_w, b.h)


def _tallest_gap(column: pygame.Rect, kept: list[pygame.Rect], gap: int) -> tuple[pygame.Rect, bool] | None:
    """``(area, at its bottom)``: the tallest run of ``column`` between the panels ``kept`` (top to bottom)
    and its ends, a run below a kept panel filled from its bottom; None when the kept panels leave none."""
    edges = [column.y] + [y for r in kept for y in (r.y - gap, r.bottom + gap)] + [column.bottom]
    runs = [(pygame.Rect(column.x, top, column.w, bottom - top), k > 0)
            for k, (top, bottom) in enumerate(zip(edges[::2], edges[1::2])) if bottom > top]
    return max(runs, key=lambda run: run[0].h) if runs else None


def _event_rows(line: str, width: int, indent: int, size: int) -> list[str]:
    """``line`` broken into the rows it takes at ``size`` (:func:`text.hang`): the first ``width`` pixels wide, the
    others ``indent`` pixels narrower (:func:`_draw_event` draws them in); a last row of one word takes the word
    before it along (a tester's finding: Grand Theft's "From Yellow: draw 3 Resource cards" over "blind" alone at
    800x480; a Robbery's victim alone: "Yellow draws 1 Minerals card from" over "Red"), where it can go down."""
    rows = text.hang(line, width, indent, size)
    if len(rows) < 2 or " " in rows[-1] or " " not in rows[-2]:
        return rows
    head, _, word = rows[-2].rpartition(" ")
    last = f"{word} {rows[-1]}"
    return rows if text.width(last, size) > width - indent else rows[:-2] + [head, last]


def _draw_event(ui: Ui, rect: pygame.Rect, rows: list[str], indent: int) -> int:
    """One event's ``rows`` from the top of ``rect``: the first at its left, the others ``indent`` pixels in, so
    that where one event ends and the next begins is seen (a table test read "cards blind", the end of Grand
    Theft's line, as an event of its own); returns the height used (pixels)."""
    lay = ui.layout
    line_h = text.font(lay.small).get_linesize()
    for k, row in enumerate(rows):
        x = rect.x + (indent if k else 0)
        ui.label(pygame.Rect(x, rect.y + k * line_h, rect.right - x, line_h), row, lay.small, FG, valign="top")
    return len(rows) * line_h


#: said after the start of an event too long for its box (the whole of it is a tap away)
MORE_ON_TAP = "\u2026 (tap for the rest)"


def _start_of(line: str, box: pygame.Rect, size: int) -> str:
    """The longest start of ``line`` in whole sentences or clauses (cut after ". ", "; ", ": ") that fits
    ``box`` with :data:`MORE_ON_TAP` after it, else with a bare "…" ("Red rolls Skip a turn …"); ``line``
    itself when even its first clause does not (cut then)."""
    lh = text.font(size).get_linesize()
    pieces = re.split(r"(?<=[.;:])\s+", line)
    for more in (MORE_ON_TAP, "\u2026"):  # a narrow box (portrait, beside Productivity): the bare "…"
        for n in range(len(pieces) - 1, 0, -1):
            start = " ".join(pieces[:n]).rstrip(";:") + " " + more
            if len(text.wrap(start, box.w, size)) * lh <= box.h:
                return start
    return line


def _events(ui: Ui, rect: pygame.Rect, lines: list[str], app: Any = None) -> None:
    """What happened this turn (the die's effect on every player, the moves):
    the newest first, each line whole; the first that does not fit whole starts in whole sentences or
    clauses where they fit, "… (tap for the rest)"; the rest are behind a tap, which shows them all. Every
    event is drawn in the reading colour (``FG``), read at 1 m like the rest of the screen's text (a tester's
    finding: the older ones, in ``DIM``, were hard to read)."""
    lay = ui.layout
    if rect.h <= 0:
        return
    ui.panel(rect, PANEL)
    inner = rect.inflate(-lay.px(12), -lay.px(8))
    newest = list(reversed(lines)) or [text.fitting(("Nothing yet this turn.", "Nothing yet."), inner.w, lay.small)]
    line_h = text.font(lay.small).get_linesize()
    indent = lay.px(16)   # an event's second row and after: where the next event begins is seen
    y = inner.y
    shown = 0
    for line in newest:
        rows = _event_rows(line, inner.w, indent, lay.small)
        h = len(rows) * line_h
        if y + h > inner.bottom:
            # the newest, too long for the box: its start, the rest a tap away; an older one: its start where it
            # fits whole (a tester's finding: Q.4's exchange, said before the roll's line, was not seen at all)
            room = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
            if room.h >= line_h:
                start = _start_of(line, pygame.Rect(room.x, room.y, room.w - indent, room.h), lay.small)
                if start != line:
                    _draw_event(ui, room, text.wrap(start, room.w - indent, lay.small), indent)
                elif shown == 0:   # not even its first clause: cut
                    ui.block(inner, line, lay.small, FG, min_size=lay.small)
            break
        y += _draw_event(ui, pygame.Rect(inner.x, y, inner.w, h), rows, indent)
        shown += 1
    if app is not None and lines:
        ui.hits.append(Hit(pygame.Rect(rect), "This turn", lambda: app.show_info("This turn, newest first",
                                                                                 newest)))

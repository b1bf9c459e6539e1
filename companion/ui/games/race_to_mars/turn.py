"""Race to Mars's Post-launch turn of one player, phases 2.2-2.5 (2.6 follows
the discard by itself): the players, then the step of the moment.

2.2 Advance rocket: the spaces ahead with what each costs and which are
hazards (shielded or not), the resources left this turn, how far they
reach; "Advance" pays the next space with the best source (the exact
resource, then a wild basic, then a Boost), "Advance N" goes as far as the
rules' plan goes in one touch (one commit, one logged move per space: Undo
takes back one space at a time) and stops before a hazard that asks which
card to jettison, "Pay with..." chooses, a free advance jettisons its
module; a hazard met is dealt with first.
2.3 Exchange cards for Experience, 2.4 Spend Experience (the Insights with
their cost), 2.5 Discard (how many cards Storage keeps). NEXT ends the
phase (and in 2.5 discards everything when nothing may be kept).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.race_to_mars import (ADVANCE, DISCARD, DONE, EXCHANGE, FREE_ADVANCE, INSIGHT, JETTISON_CREW,
                                          JETTISON_MODULE)
from companion.rules.race_to_mars.cards import PRINTED_INSIGHT_COSTS
from companion.rules.race_to_mars.model import ANY, BASIC, WILD
from companion.rules.race_to_mars.post import insight_cost

from ... import layout as L
from ... import text
from ...screens.chrome import next_rect
from ...widgets import BAD, FG, MARS, WARN, Greyed, Ui
from . import facts
from .moves import (ask_options, card_choices, describe, option_label, pick_action, rocket_moves, rocket_summary,
                    source_short, source_text)
from .panels import (TableScreen, panel_rects, player_panels, reminder_lines, resources_line, route_strip, split,
                     text_panel)
from .refuse import WHY, tap_or_why, why_not
from .words import INSIGHT_LABEL, INSIGHT_TINY, SHORT, count, fitting, insight_lines

PHASE_TITLES = {2: "2.2 Advance your rocket", 3: "2.3 Cards for Experience", 4: "2.4 Spend Experience",
                5: "2.5 Discard, 2.6 draw"}
HAZARD_WORDS = {"red": "Red hazard: jettison a module", "yellow": "Yellow hazard: jettison a Crew card"}
#: the longest line of resources left (:func:`.panels.resources_line`, short): the room kept for it
LONGEST_LEFT = "Left: " + ", ".join(f"{w}\u00a09" for k, w in SHORT.items() if k not in ("red", "yellow", "green"))
#: why a run of advances stops, in a button's second line, by the code of ``advance_run``'s "stop"
STOP_WORDS = {"nothing_left": "then all spent", "no_source": "then nothing pays", "pair_left": "then a pair (HQ 1)",
              "trajectory_card_first": "then Trajectory card"}


def _only_discard(legal: list[Action], sub: int) -> Action | None:
    """In phase 2.5, the one discard there is to make (no card kept by Storage, no HQ 7 choice), or None."""
    discards = [a for a in legal if a.kind == DISCARD]
    return discards[0] if sub == 5 and len(discards) == 1 and "top" not in discards[0].args else None


def _advance_sample(seat: int) -> list[Action]:
    """An Advance of ``seat`` for the log of a greyed Advance's refusal (which source matters not: the rocket's
    reason is the refusal)."""
    return [Action(ADVANCE, {"source": {"zone": "module", "index": 0, "slot": 0}}, seat)]


#: the last pair chosen by :func:`best_advance`: (state, seat, action), asked again at every frame
_PAIR_CHOSEN: list[Any] = [None, None, None]


def best_advance(actions: list[Action], app: Any) -> Action | None:
    """The source the engine's own plan would spend first: the exact resource,
    then a wild basic, then a Boost (a single source before a pair). With only pairs to pay with (Headquarters
    1), the pair after which the rest of what is in play goes furthest (a tester's finding: Fuel + Wild paid
    Engineering where Hull + Hull left Fuel and Wild for two more spaces); worked out once per state."""
    singles = [a for a in actions if a.kind == ADVANCE and "pair" not in a.args]
    if not singles:
        pairs = unique_pairs([a for a in actions if a.kind == ADVANCE])
        if len(pairs) <= 1:
            return pairs[0] if pairs else None
        state, seat = app.state, pairs[0].seat
        if _PAIR_CHOSEN[0] is not state or _PAIR_CHOSEN[1] != seat:
            def further(a: Action) -> int:
                after, _ = app.game.apply(state, a)
                return app.game.advance_run(after, seat)["spaces"]
            _PAIR_CHOSEN[:] = [state, seat, max(pairs, key=further)]
        return _PAIR_CHOSEN[2]
    state = app.state
    space = facts.next_space_of(state, singles[0].seat)
    from companion.rules.race_to_mars.rocket import source
    p = facts.player(state, singles[0].seat)

    def rank(a: Action) -> int:
        s = a.args["source"]
        r = source(p, s["zone"], s["index"], s["slot"])[0]
        return 0 if r == space else 1 if r == WILD and space in BASIC else 2 if r == ANY else 3
    return min(singles, key=rank)


def unique_pairs(actions: list[Action]) -> list[Action]:
    """``actions`` without a pair listed again the other way round ("Hull + Wild" and "Wild + Hull" are one
    payment: a tester's finding in Pay with...)."""
    seen, out = set(), []
    for a in actions:
        key = frozenset(repr(sorted(s.items())) for s in (a.args["source"], a.args.get("pair", {})))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def unique_ways(app: Any, actions: list[Action]) -> list[Action]:
    """``actions`` (ADVANCE) each once by what they spend (``describe``): a played card's two slots of one
    resource, two Boosts in play or a module used twice (Headquarters 2) are one payment to the table; "Pay
    with..." listed "wild basic from C28" twice and "a Boost" twice, side by side ("Phase 2.2: Advance")."""
    seen: dict[str, Action] = {}
    for a in actions:
        seen.setdefault(describe(app, a), a)
    return list(seen.values())


class TurnScreen(TableScreen):
    """See the module docstring."""

    name = "turn"
    panels_share = 0.40
    _notes_r: pygame.Rect | None = None  # where this frame shows its notes above NEXT (see message_areas)

    def seat(self) -> int:
        return self.app.game.to_act(self.app.state).seats[0]

    def message_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """A note or refusal goes over the players' panels (never the moves), but not over the moving
        player's own (what Advance N paid shows there): above it or below it where the box fits; in the
        portrait grid, the free cell beside the last panel, then the notes above NEXT; else over the panels
        from the end away from it."""
        lay = self.app.layout
        area = split(lay, self.panels_share)[0].inflate(-2 * lay.gap, -2 * lay.gap)
        seat = self.seat()
        rows = panel_rects(lay, area, len(self.app.game.seats(self.app.state)), (seat,))
        mine = rows[seat] if 0 <= seat < len(rows) else area
        above = pygame.Rect(area.x, area.y, area.w, mine.y - lay.gap - area.y)
        below = pygame.Rect(area.x, mine.bottom + lay.gap, area.w, area.bottom - mine.bottom - lay.gap)
        rows_across = mine.w == area.w  # not the portrait grid of two columns
        places = [(r, at_bottom) for r, at_bottom in ((above, False), (below, True)) if rows_across and r.h > 0]
        n = len(rows)
        if not rows_across and n % 2:  # the grid's free cell beside the last panel, then the notes above NEXT
            places.append((L.grid(area, n + 1, 2, lay.gap)[n], False))
        if not rows_across and self._notes_r is not None and self._notes_r.h > 0:
            places.append((pygame.Rect(self._notes_r), True))
        return places + [(area, mine.centery < area.centery)]

    def on_next(self) -> None:
        legal = self.app.legal()
        done = [a for a in legal if a.kind == DONE]
        if done:
            self.app.submit(done[0])
            return
        discards = [a for a in legal if a.kind == DISCARD]
        if len(discards) == 1:
            self.app.submit(discards[0])
            return
        if facts.hazards(self.app.state):  # the rules' own words: the hazard first
            why_not(self.app, [Action(DONE, {}, self.seat())], "Next phase")
        elif discards:  # the choices on the screen, by their words ("Discard all, or Card on top… (HQ 7)")
            tops = [a for a in discards if "top" in a.args]
            words = list(dict.fromkeys(describe(self.app, a) if "top" not in a.args else f"{top_words(tops)} (HQ 7)"
                                       for a in discards))
            self.app.say(f"Tap {', '.join(words[:-1])} or {words[-1]}: 2.5 Discard." if len(words) > 1
                         else f"Tap {words[0]}.", "info", 5)
        else:
            self.app.say("Tap how many cards to keep.", "info", 5)

    def paint(self, ui: Ui) -> None:
        self._notes_r = None
        lay = ui.layout
        app = self.app
        state = app.state
        seat = self.seat()
        view = app.view()
        me = view["players"][seat]
        left, right = split(lay, self.panels_share)
        player_panels(ui, left.inflate(-2 * lay.gap, -2 * lay.gap), app, state, (seat,))
        area = right.inflate(-2 * lay.gap, -2 * lay.gap)
        sub = facts.sub(state)
        hazards = facts.hazards(state)
        head, area = L.take_top(area, lay.px(34), lay.gap)
        title = HAZARD_WORDS.get(hazards[0], "Hazard") if hazards else PHASE_TITLES[sub]
        words = [title] if hazards else [f"{me['name']}: {title}", title, title.split(",")[0]]
        ui.label(head, fitting(words, head.w, lay.small, True), lay.body, BAD if hazards else MARS, bold=True,
                 min_size=lay.small)
        legal = app.legal()
        nr = next_rect(lay, right)
        done = any(a.kind == DONE for a in legal)
        only = _only_discard(legal, sub)
        if done:
            ui.button(nr, "Next phase" if sub < 4 else "To discard", self.on_next, "primary", size=lay.body,
                      name="Next phase")
        elif hazards:
            ui.button(nr, "Next phase", self.on_next, "disabled", size=lay.body, name="Next phase" + WHY)
        elif only is not None:  # 2.5 with one way on: in NEXT's place, what NEXT does
            label = describe(app, only)
            ui.button(nr, label, self.on_next, "primary", size=lay.body, sub="and draw", name=label)
        area = pygame.Rect(area.x, area.y, area.w, nr.y - lay.gap - area.y)
        if sub == 2 or hazards:
            route_r, area = L.take_top(area, lay.px(52), lay.gap)
            route_strip(ui, route_r, app, seat, 7 if lay.w < lay.px(1000) else 10)
            line = resources_line(app, seat)
            if text.width(line, lay.small) > area.w:
                line = resources_line(app, seat, short=True)
            # the room of the longest line there may be (every resource, with counts), whatever is left now:
            # the buttons under it never move when a space is paid and the line gets shorter
            res_r, area = L.take_top(area, lay.px(28) * min(2, len(text.wrap(LONGEST_LEFT, area.w, lay.small))),
                                     lay.gap)
            ui.block(res_r, line, lay.small, FG, min_size=lay.small)
        ncols = 2
        buttons = self.buttons(legal, seat, sub, bool(hazards), (area.w - lay.gap) // ncols - 2 * lay.px(8))
        row_h = lay.touch + lay.px(6)
        room = max(1, (area.h + lay.gap) // (row_h + lay.gap)) * ncols
        if len(buttons) > room:  # the rest one tap away
            rest = buttons[room - 1:]
            title = HAZARD_WORDS.get(hazards[0], "Hazard") if hazards else "More moves"
            buttons = buttons[:room - 1] + [("More\u2026", lambda: ask_options(
                app, title, [(b[0] + (f" ({b[3]})" if b[3] else "") + (WHY if b[2] == "disabled" else ""), b[1])
                             for b in rest if b[1]]), "normal", None, "More\u2026")]
        nrows = -(-len(buttons) // ncols)
        grid_r, area = L.take_top(area, nrows * (row_h + lay.gap), lay.gap)
        for cell, (label, cb, style, sub_text, name) in zip(L.grid(grid_r, len(buttons), ncols, lay.gap,
                                                                   row_h=row_h), buttons):
            ui.button(cell, label, cb, style, size=lay.body, sub=sub_text, name=name)
        lines = [x for x in reminder_lines(app, seat) if not x.startswith("Deal with")]
        if sub == 2 and not hazards:
            r = app.game.reach(state, seat)
            lines = [x for x in lines if not x.startswith("You can advance")]
            if not r["arrived"]:   # else the rules' reminder says the rocket has reached Mars (not "0 spaces")
                lines.insert(0, f"With what is in play: {count(r['spaces'], 'space')}"
                             + (", to Mars!" if r["mars"] else "")
                             + (f"; free advance {r['free_advance']}" if r["free_advance"] else ""))
        self._notes_r = pygame.Rect(area)  # a place for messages in portrait (see message_areas)
        text_panel(ui, pygame.Rect(area.x, area.y, area.w if not done else area.w, area.h), lines,
                   WARN if view["end_triggered"] else FG)

    def advance_run(self, seat: int) -> None:
        """"Advance N": the spaces of the rules' plan (:func:`advance_run`), each paid with :func:`best_advance`
        and each its own logged move (Undo takes back one space), submitted in one batch (one commit); then
        what was done and why it stopped, in the message bar (over the other players' panels: see
        :meth:`message_areas`)."""
        app = self.app
        plan = app.game.advance_run(app.state, seat)
        paid: list[str] = []
        since = app.session.seq
        with app.session.batch() as batch:   # the spaces: one commit
            for _ in range(plan["spaces"]):
                best = best_advance([a for a in app.legal() if a.kind == ADVANCE and a.seat == seat], app)
                if best is None:
                    break
                words = " + ".join(source_short(app, seat, best.args[k]).split(",")[0].replace("a Boost", "Boost")
                                   for k in ("source", "pair") if k in best.args)  # a pair: both (HQ 1)
                if not app.submit(best):
                    break
                paid.append(words)
                if facts.hazards(app.state) or app.state.step != "turn" or facts.sub(app.state) != 2:
                    break
        if batch.error is not None:
            app.say(batch.error, "error", 15)
            return
        if not paid:
            return   # refused: the refusal is on the screen
        state = app.state
        times = Counter(paid)  # "Fuel x3" as on the resources line: a note short enough to leave the panel be
        did = f"Advanced {count(len(paid), 'space')} with " + ", ".join(
            w if times[w] == 1 else f"{w} x{times[w]}" for w in times) + shielded_words(app, since)
        if facts.hazards(state):
            why = f"A {facts.hazards(state)[0]} hazard is met: deal with it first. (Hazards)"
        elif plan["mars"] and len(paid) == plan["spaces"]:
            why = "The rocket is on the final space, on Mars. (The Game Ends)"
        else:
            stop = app.game.advance_run(state, seat)["stop"]
            # the refusal's first clause: what is left unspent, its second, shows on the resources line; its
            # whole words and section are the greyed Advance's refusal (a tap): a note that fits beside the
            # mover's panel
            why = (f"{stop.message.split('; ', 1)[0].split(': ', 1)[0].rstrip('.')}." if stop is not None
                   else "Advance goes on.")  # a hazard ahead: "A red hazard lies right in front of the rocket."
        app.say(f"{did}. {why}", "note", 10)  # why it stopped, in the rules' words

    def advance_one(self, action: Action) -> None:
        """Advance one space (``action``, the best way to pay it); the hazards passed on the way with protection
        said in a note, as :meth:`advance_run` says them ("Hazards"): nothing else about it is on the screen."""
        app = self.app
        since = app.session.seq
        if app.submit(action):
            shielded = shielded_words(app, since)
            if shielded:
                app.say(f"Advanced 1 space{shielded}.", "note", 8)

    def free_advance(self, action: Action) -> None:
        """Advance for free: jettison a Free advance module (``action`` FREE_ADVANCE, "The Rocket") or buy an
        Insight that advances (INSIGHT, Starting card 4: "advance your rocket one space for free"), and say in a
        note what it did: the spaces advanced, how, and the hazards passed with protection, in the words of
        Advance's notes (:func:`shielded_words`, "Hazards"); a hazard that stops it asks first."""
        app = self.app
        seat = action.seat
        before = facts.player(app.state, seat)
        how = (f"jettisoning {before.modules[action.args['module']].name}" if action.kind == FREE_ADVANCE else
               f"with {app.state.insights[action.args['which']].name}'s Insight")
        since = app.session.seq
        if not app.submit(action):
            return
        state = app.state
        moved = facts.player(state, seat).steps - before.steps
        note = f"Advanced {count(moved, 'space')} for free, {how}" + shielded_words(app, since) + "."
        hazards = facts.hazards(state)
        if hazards:
            owed = facts.free_owed(state, seat)   # the space beyond the hazard, then the free ones left
            then = f" ({count(owed, 'free space')} after it)" if owed else ""
            note += f" A {hazards[0]} hazard is met: deal with it first{then}. (Hazards)"
        app.say(note, "note", 10)

    def run_button(self, seat: int, advances: list[Action], problem: Any, fit: Any) -> tuple:
        """"Advance N" (label, on_tap, style, sub-line, name "Advance all"): in its place whenever Advance is,
        greyed when the run would not move (the stop's refusal on a tap: a hazard right ahead, nothing
        to pay with), so that the buttons after it never move."""
        app = self.app
        plan = app.game.advance_run(app.state, seat)
        n = plan["spaces"]
        stop = plan["stop"]
        if plan["mars"]:
            why = ["to Mars!"]
        elif plan["hazard"]:
            why = ([f"then {plan['hazard']} hazard", f"then {plan['hazard']}"] if n else
                   [f"{plan['hazard']} hazard first", f"{plan['hazard']} first"])
        elif stop is not None and stop.code == "wrong_resource":
            why = [f"then needs {SHORT.get(plan['next'], plan['next'])}", "then stops"]
        else:
            why = [STOP_WORDS.get(stop.code if stop else "", "then stops")]
        spaces = [f"{count(n, 'space')}, {w}" for w in why] + why
        if n and advances:
            return (fit([f"Advance {n}"], True), lambda: self.advance_run(seat), "good", fit([*spaces, ""]) or None,
                    "Advance all")
        reason = problem if problem is not None else stop
        on_tap, style, name = tap_or_why(app, None, lambda: _advance_sample(seat), "Advance all",
                                         problem=lambda: reason)
        words = why if advances else [{"nothing_left": "all spent"}.get(getattr(problem, "code", ""), "")]
        return "Advance all", on_tap, style, fit([*words, ""]) or None, name

    def disabled(self, title: str, sub_text: str | None, samples: Any) -> tuple:
        """A greyed-out move (label, on_tap, style, sub-line, name): its tap
        shows the rules' refusal of ``samples()`` (:func:`.refuse.why_not`)."""
        on_tap, style, name = tap_or_why(self.app, None, samples, title)
        return title, on_tap, style, sub_text, name

    def insight_told(self, ins: Any, samples: list[Action]) -> None:
        """A greyed Insight whose words its button cuts (an "other" one, one not entered): a dialog with what it
        does (:func:`.words.insight_lines`) and the rules' refusal of ``samples`` (why it cannot be had now,
        "Phase 2.4: Spend Experience"), so that the table knows what the Experience it saves up would buy."""
        app = self.app
        refused = next(((a, r) for a, r in ((a, app.game.check(app.state, a)) for a in samples) if r is not None),
                       None)
        why = refused[1] if refused else None
        if refused:   # kept in the game's log of refusals, as a greyed move's tap is (:func:`.refuse.why_not`)
            app.reject(why, action=refused[0])
        app.ask(f"{ins.name}: its Insight", [], lines=insight_lines(ins) + (
            [f"Not now: {why.message}"] if why is not None else []), cancel_label="Close")

    def printed_cost(self, seat: int, which: int, ins: Any, acts: list[Action]) -> None:
        """The dialog asking the cost printed on Insight ``which`` (``ins``, not entered: an undescribed Starting
        card) as ``seat`` spends Experience on it: every cost the rulebook prints for an Insight
        (:func:`printed_costs`, least first), those ``seat`` cannot pay greyed in their places, a tap saying the
        rules' refusal (not enough Experience, "Phase 2.4: Spend Experience"). The cost tapped is kept for the
        rest of the game ("Starting Cards"), so the player sees every cost the card may print, not only those
        within reach (a tester's finding: with 1 Experience "Printed 1 XP" was the only choice)."""
        app = self.app
        mine = {a.args["cost"]: a for a in acts if "cost" in a.args}
        options: list[tuple[str, Any]] = []
        for c in printed_costs(acts):
            tried = mine.get(c) or Action(INSIGHT, {"which": which, "cost": c}, seat)
            label = option_label(app, tried)
            options.append((label, (lambda a=tried: app.submit(a)) if c in mine
                            else Greyed(lambda a=tried, label=label: why_not(app, [a], label))))
        lines = insight_lines(ins) + ["Said once: kept for the rest of the game (Starting Cards)."]
        ask_options(app, f"{ins.name}: the Insight's cost printed on the card?", options, lines=lines, dense=True)

    def jettison_choices(self, seat: int, args: dict[str, Any], key: str) -> list[Action]:
        """Every single card ``seat`` could jettison from the hand or the discard pile with an INSIGHT of
        ``args`` (its ``key`` naming the card), as the rules' ``check`` admits it: Crew cards too, which
        ``legal_actions`` leaves out of random playouts (race-to-mars.txt "Starting Cards", card 1: "jettison
        any card from your hand or from your personal discard pile")."""
        return card_choices(self.app, seat, lambda t: Action(INSIGHT, {**args, key: t}, seat))

    def hazard_words(self, a: Action) -> tuple[str, list[str]]:
        """(label, second lines, longest first) of a jettison the hazard demands:
        a module (red hazard, "Hazards") says what it does ("S018: Hull, red shield")."""
        if a.kind == JETTISON_MODULE:
            i = a.args["module"]
            name = facts.player(self.app.state, a.seat).modules[i].name
            what = facts.module_brief(self.app.state, a.seat, i)
            used = facts.module_resource_used(self.app.state, a.seat, i)   # a tester's finding: which to give up
            tag = "" if used is None else ", used" if used else ", unused"   # was not said (an unused one is lost)
            short = what.replace("free advance", "free adv.")
            bare = short.removeprefix("Copy: ")   # a Copy module by what it copies, before the tag is left out
            copy = [f"{bare} copy{tag}"] if bare != short else []
            return f"Module {i + 1}", [f"{name}: {what}{tag}", f"{what}{tag}", f"{short}{tag}", *copy, f"{bare}{tag}",
                                       what, short, name]
        if a.args["zone"] == "none":
            return "Nothing", ["no Crew card to lose"]
        return a.args["card"], [{"play": "play area"}.get(a.args["zone"], a.args["zone"])]

    def buttons(self, legal: list[Action], seat: int, sub: int, hazard: bool, width: int = 10 ** 6) -> list[tuple]:
        """(label, on_tap, style, sub-line, name) for the moves of the moment;
        the words chosen to fit ``width`` pixels (a button's inside). A move
        the rules do not allow now (an Insight too dear, nothing to exchange
        or pay with) is greyed out and its tap says why."""
        app = self.app
        lay = self.app.layout

        def fit(options: list[str], bold: bool = False) -> str:
            return fitting(options, width, lay.body if bold else lay.small, bold)
        out: list[tuple] = []
        if hazard:
            kind = JETTISON_MODULE if any(a.kind == JETTISON_MODULE for a in legal) else JETTISON_CREW
            options = [a for a in legal if a.kind == kind]
            for a in options:
                label, second = self.hazard_words(a)
                out.append((label, fit([*second, ""]) or None, a))
            return [(label, lambda a=a: app.submit(a), "danger", sub, label) for label, sub, a in out]
        state = app.state
        crew = facts.crew_names(state, seat) or ["Boost"]
        advances = [a for a in legal if a.kind == ADVANCE]
        space = facts.next_space_of(state, seat)
        problem = app.game.advance_problem(state, seat) if not advances and sub == 2 and space is not None else None
        if problem is not None:  # the whole rocket's reason, not one resource's
            short = SHORT.get(space, space)
            words = {"nothing_left": ["everything is spent", "all spent"], "no_source": ["nothing to pay with"],
                     "wrong_resource": [f"nothing left pays {short}", f"needs {short}"]}.get(problem.code, [""])
            on_tap, style, name = tap_or_why(app, None, lambda: _advance_sample(seat), "Advance",
                                             problem=lambda: problem)
            out.append(("Advance", on_tap, style, fit([*words, ""]) or None, name))
        if advances:
            best = best_advance(advances, app)
            paid = describe(app, best, short=True)  # "Hull, module 1 + Hull, module 2" for a pair
            out.append(("Advance", lambda: self.advance_one(best), "good",
                        fit([f"to {SHORT.get(space, space)}: {paid}", paid, paid.split(",")[0],
                             f"to {SHORT.get(space, space)}"])))
        if problem is not None or advances:   # as far as the plan goes, one touch; beside Advance
            out.append(self.run_button(seat, advances, problem, fit))
        ways = unique_ways(app, unique_pairs(advances))
        if len(ways) > 1:
            out.append(("Pay with\u2026", lambda: pick_action(app, "Pay the next space with", ways), "normal",
                        f"{len(ways)} ways"))
        elif problem is not None or advances:  # greyed, in its place: the buttons after it stay where they were
            def why_greyed() -> None:  # why there is nothing to choose now
                only = source_text(app, seat, advances[0].args["source"]) if advances else None
                app.say("Pay with... chooses how to pay the next space: " + (
                    f"only {only} can pay it now, so there is nothing to choose (Advance pays with it)." if only
                    else "nothing can pay it now (a tap on Advance says why)."), "info", 5)
            out.append(("Pay with\u2026", why_greyed, "disabled",
                        fit(["no other way to pay", "no choice", ""] if advances else ["nothing pays", ""]) or None,
                        "Pay with\u2026" + WHY))
        for a in [a for a in legal if a.kind == FREE_ADVANCE]:
            spaces = describe(app, a).split(": ")[-1].split()[0]
            out.append((fit([f"Free advance {spaces}", f"Free {spaces}"], True), lambda a=a: self.free_advance(a),
                        "normal", fit([f"jettison module {a.args['module'] + 1}", f"module {a.args['module'] + 1}"])))
        exchanges = [a for a in legal if a.kind == EXCHANGE and sub == 3]
        rank = {n: i for i, n in enumerate(facts.hand_order(state, seat, in_play_last=True))}
        exchanges.sort(key=lambda a: rank.get(a.args["card"], len(rank)))   # likely in hand first
        if exchanges:
            out.append(("Exchange a card", lambda: pick_action(app, "Exchange which card from hand?", exchanges),
                        "normal", "1 Experience each"))
        elif sub == 3:
            out.append(self.disabled("Exchange a card", "1 Experience each", lambda: [
                Action(EXCHANGE, {"card": c}, seat) for c in crew]))
        for which, ins in enumerate(state.insights if sub == 4 else ()):  # all of them, the unaffordable greyed
            acts = [a for a in legal if a.kind == INSIGHT and a.args["which"] == which]
            if ins.effect == "jettison":   # the rules list Asteroids and Boosts: ask for the rest
                acts = self.jettison_choices(seat, {"which": which}, "target")
            cost = insight_cost(facts.player(state, seat), ins)
            effect = (ins.text if ins.effect == "other" and ins.text   # the players' words for it
                      else INSIGHT_LABEL.get(ins.effect, ins.effect).lower())
            head = effect.split(":")[0] if ":" in effect else effect.split()[0]  # "not entered", not "not"
            tiny = INSIGHT_TINY.get(ins.effect, head).lower() if ins.effect != "other" else head  # "protection",
            colour = f" ({ins.colour})" if ins.colour else ""                                    # not "hazard"
            word = tiny.split()[-1] if ins.effect != "other" else tiny                         # "trajectory"
            sub_text = fit([f"{cost} XP: {effect}{colour}", f"{cost} XP: {tiny}{colour}", f"{cost} XP: {tiny}",
                            f"{cost} XP: {word}", f"{cost} XP"] if ins.cost
                           else ["cost asked: not entered", "cost asked", "? XP"])  # not entered: asked
            cut = not ins.cost or (ins.effect == "other" and sub_text != f"{cost} XP: {effect}{colour}")
            if not acts:
                def samples(w: int = which) -> list[Action]:
                    return [Action(INSIGHT, {"which": w, "target": {"zone": z, "card": c}}, seat)
                            for z in ("hand", "discard") for c in crew] + [Action(INSIGHT, {"which": w}, seat)]
                if cut:   # its words cut on the button: a tap says them whole, and why it cannot be had now
                    out.append((ins.name, lambda ins=ins, samples=samples: self.insight_told(ins, samples()),
                                "disabled", sub_text, ins.name + WHY))
                else:
                    out.append(self.disabled(ins.name, sub_text, samples))
                continue
            jettison = any("target" in a.args for a in acts)
            if not ins.cost:  # not entered (an undescribed Starting card): the cost printed on it, asked once
                out.append((ins.name, lambda acts=acts, ins=ins, w=which: self.printed_cost(seat, w, ins, acts),
                            "normal", sub_text))
                continue
            if cut:
                # the players' words (or "not entered") cut on the button: a tap shows them whole before paying
                # (a tester's finding: "2 XP: not entered", "2 XP: gain" said nothing of what it does)
                out.append((ins.name, lambda acts=acts, ins=ins: pick_action(
                    app, f"{ins.name}: spend Experience on its Insight?", acts, submit=app.submit,
                    lines=insight_lines(ins)), "normal", sub_text))
                continue
            if not jettison and len(acts) > 1:   # what the effect needs, asked: the new trajectory, the colour
                ask = ("change to which trajectory?" if any("lane" in a.args for a in acts)
                       else "protection from which hazard colour (as printed)?")
                out.append((ins.name, lambda acts=acts, ins=ins, ask=ask: pick_action(
                    app, f"{ins.name}: {ask}", acts, submit=app.submit), "normal", sub_text))
                continue
            out.append((ins.name, (lambda acts=acts, ins=ins: pick_action(
                app, f"{ins.name}: jettison which card?", acts, submit=app.submit)) if jettison
                        else (lambda a=acts[0]: self.free_advance(a)) if ins.effect == "advance"
                        else (lambda a=acts[0]: app.submit(a)), "normal", sub_text))
        discards = [a for a in legal if a.kind == DISCARD]
        if discards and sub == 5 and _only_discard(legal, sub) is None:  # else in NEXT's place
            for a in [a for a in discards if "top" not in a.args]:
                out.append((describe(app, a), lambda a=a: app.submit(a), "normal", "and draw"))  # none is NEXT's
            tops = [a for a in discards if "top" in a.args]
            if len(tops) == 1:   # one played card, one way: the button names it (no "…" that acts at once)
                name = tops[0].args["top"]
                label = fit([top_words(tops), "On top"], True)
                out.append((label, lambda a=tops[0]: app.submit(a), "normal",
                            fit(["of the draw pile (HQ 7)", "of draw pile, HQ 7", "HQ 7"] if label != "On top"
                                else [f"{name}, HQ 7", "HQ 7"]), "Card on top"))
            elif tops:
                out.append(("Card on top\u2026", lambda: pick_action(
                    app, "HQ 7: which played card goes on top of your draw pile?", tops), "normal", "HQ 7"))
        rest = [a for a in legal if a.kind in ("copy_module", "double_module", "jettison_storage")]
        if rest:
            out.append(("Rocket\u2026", lambda: rocket_moves(app, "Rocket modules", rest), "normal",
                        fit([rocket_summary(rest), ""]) or None))
        return [b if len(b) == 5 else (*b, b[0]) for b in out]


def printed_costs(acts: list[Action]) -> list[int]:
    """The costs to offer for the printed cost of an Insight not entered, least first: every cost the rulebook
    prints for an Insight (:data:`~companion.rules.race_to_mars.cards.PRINTED_INSIGHT_COSTS`, "Phase 2.4: Spend
    Experience", "Starting Cards") and any more the moves ``acts`` (INSIGHT with "cost") can pay."""
    return sorted(set(PRINTED_INSIGHT_COSTS) | {a.args["cost"] for a in acts if "cost" in a.args})


def top_words(tops: list[Action]) -> str:
    """The button of Headquarters 7's discards ``tops`` (DISCARD with "top"): "A1 on top" when there is one way
    (one played card, nothing kept by Storage), else "Card on top…", which asks which ("Headquarters": "Each turn
    you may return one of your played cards to the top of your personal draw pile")."""
    return f"{tops[0].args['top']} on top" if len(tops) == 1 else "Card on top\u2026"


def shielded_words(app: Any, since: int) -> str:
    """", past a red hazard and 2 yellow hazards with protection": the hazards the moves logged after ``since``
    (a log seq) passed with a module's or an Insight's protection (the rules' "protected" events; "Hazards":
    "If you have hazard protection of a specific colour, ignore effects of all hazards in that colour"), or ""
    for none: the table reads what the rocket went through in the advance's note, not only in the log."""
    seen = Counter((e.data or {}).get("hazard") for entry in app.session.log_tail(app.session.seq - since)
                   for e in entry.events if e.kind == "protected")
    seen.pop(None, None)
    if not seen:
        return ""
    return ", past " + " and ".join(f"a {c} hazard" if n == 1 else count(n, f"{c} hazard")
                                    for c, n in seen.items()) + " with protection"

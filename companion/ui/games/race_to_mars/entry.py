"""Identifying a card, and the card catalogue: search, pick, create, edit, delete.

A Space card is identified when it is used ("Anatomy of a Space Card"): the
players tap it in the catalogue, or create it there with only the part about
to be used (its Crew ability when recruited, its Rocket module when
attached, its trajectory spaces and hazards when it becomes a trajectory
card); a card known without that part gets only that part entered. The
same screen, opened from the top of a game screen ("Cards"), browses the
Space and Starting card catalogues: search by name or effect, tap a card to
see it, edit one part or delete it.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

import pygame

from companion.rules.contract import Action
from companion.rules.race_to_mars import (EXTRA_CARD, LEFTOVER, PICK, STARTING, TRAJECTORY, UNKNOWN_CARD,
                                         UNKNOWN_STARTING)
from companion.rules.race_to_mars.model import SLOTS
from companion.rules.race_to_mars.table import slot_side

from ... import layout as L
from ... import text
from ...screens.base import Screen
from ...screens.chrome import next_rect
from ...widgets import DIM, FG, INFO, MARS, PANEL, WARN, Hit, Ui
from . import facts
from .editor import KEYS_WIDE, CardEditor, fitting_block
from .refuse import tap_or_why
from .words import (SHORT, brief, count, crew_text, fitting, insight_text, module_text, part_lines,
                    trajectory_text)

SEARCH_KEYS = KEYS_WIDE.strip()   # the card editor's keys: a name typed there can be searched for
#: The end of the question which revealed place a Space card picked came from (:meth:`EntryScreen.ask_place`)
PLACE_ASKED = "which revealed card was it?"


def placeholder(name: str) -> bool:
    """True for the name a game gives a revealed Starting card the rulebook does not describe
    ("Unknown card 2": engine, "Starting Cards")."""
    return name.startswith(UNKNOWN_CARD + " ")


PART_WORDS = {"crew": "Crew ability", "module": "Rocket module", "trajectory": "trajectory spaces",
              "insight": "Insight", "both": "Crew ability and Rocket module",
              "starting": "Insight, Crew ability and Rocket module"}
#: The parts a catalogue card may hold ("Anatomy of a Space Card"; a Starting card's Insight).
CARD_PARTS = ("crew", "module", "trajectory", "insight")


def part_words(card: dict[str, Any], key: str) -> str:
    """One part of a catalogue card in words ("Resource: Navigation"; "lane 1: Fuel, \u26a0 red | lane 2: ...")."""
    return {"crew": crew_text, "module": module_text, "trajectory": trajectory_text,
            "insight": insight_text}[key](card.get(key))


def short_why(why: str) -> str:
    """The rules' reason for entering the Trajectory card in fewer words: "All 12 placed" for "All 12 trajectory
    cards are placed", else as it is (up to its colon)."""
    reason = why.split(":")[0]
    return "All 12 placed" if reason.startswith("All 12 trajectory cards are placed") else reason


@dataclass
class Request:
    """What the entry screen is for. ``purpose``: "pick" (1.1-1.2), "look" (a revealed
    Space card looked up: ``place`` is "k of n", the card revealed; nothing is played), "leftover"
    (a trajectory card), "starting" (a Starting card), "trajectory_card" (the
    Trajectory card's lanes, when a rocket reaches it) or "browse" (the
    catalogue); ``kind``: "space" | "starting"; ``part``: the part used
    ("crew", "module", "both", "trajectory", "insight"; None: asked after
    the tap); ``place``: the payload's place; ``seat``: who acts; ``state``:
    the state it was made for (it lapses when the state changes)."""

    purpose: str
    kind: str = "space"
    part: str | None = None
    place: str | None = None
    seat: int | None = None
    state: Any = None


def part_text(card: dict[str, Any], part: str | None) -> str:
    """What a list shows under a card's name: the part used, in a few words."""
    return brief(card, part)


def card_brief(card: dict[str, Any], part: str | None) -> list[str]:
    """Two short lines a picker shows under a card's name: its Crew ability
    and its Rocket module ("Crew: Fuel+Wild, draw 1" / "Module: Hull, red
    shield"), the part about to be used first (a Starting card's Insight
    and its cost, "Insight: 2 XP: Jettison a card", when it goes to the
    Insight row). A part the catalogue lacks says "not entered"; a card
    known only as a trajectory card shows its lanes."""
    def said(key: str, word: str) -> str:
        return f"{word}: {brief(card, key) if card.get(key) else 'not entered'}"
    crew, module = said("crew", "Crew"), said("module", "Module")
    lanes = ("Lanes: " + " | ".join(" ".join(SHORT.get(x, x) for x in lane) or "\u2014" for lane in card["trajectory"])
             if card.get("trajectory") else None)
    if part == "insight":
        return [said("insight", "Insight"), f"{crew} \u00b7 {module}"]
    if "insight" in card and part is None:
        return [f"{crew} \u00b7 {module}", said("insight", "Insight")]
    if part == "trajectory" or lanes and not card.get("crew") and not card.get("module"):
        return [lanes or brief(card, "trajectory"), "Crew, Module: not entered" if not card.get("crew")
                and not card.get("module") else f"{crew} \u00b7 {module}"]
    return [module, crew] if part == "module" else [crew, module]


def revealing(r: Request, place: str | None) -> bool:
    """True when a Starting card is being revealed (one of them is picked next)."""
    return r.purpose == "starting" and (place or r.place) == "revealed"


def fitting_words(line: str, width: int, size: int) -> str:
    """``line`` whole if it fits ``width`` px at ``size``, else its first
    comma- or dot-separated parts that do (never cut inside a word); the
    rest is in the card's details (its "i" mark)."""
    if text.width(line, size) <= width:
        return line
    parts = line.replace(" \u00b7 ", ", ").split(", ")
    for k in range(len(parts) - 1, 0, -1):
        s = ", ".join(parts[:k]) + " \u2026"
        if text.width(s, size) <= width:
            return s
    words = parts[0].split()
    for k in range(len(words), 0, -1):
        s = " ".join(words[:k]) + (" \u2026" if k < len(words) or len(parts) > 1 else "")
        if text.width(s, size) <= width:
            return s
        chain = words[k - 1].split("+")   # resources joined ("Fuel+Wild+Nav+Hull"): cut at a "+", never all
        for j in range(len(chain) - 1, 0, -1):   # of them ("Crew: \u2026": a tester's finding)
            s = " ".join([*words[:k - 1], "+".join(chain[:j]) + "+\u2026"])
            if text.width(s, size) <= width:
                return s
    return words[0] if words else line


#: What to do with a Space card the catalogue does not know yet ("Anatomy of a Space Card": only the part
#: used is entered, once).
NEW_CARD_STEPS = ["It is entered once, when it is used, with only the part used:",
                  "picked: Recruit or Attach, then New card, and its Crew ability or its Rocket module;",
                  "left over: its trajectory spaces and hazards, when it joins the trajectories.",
                  "Next time it is in the catalogue, one tap away."]


def shorter(sentence: str) -> list[str]:
    """``sentence``, then its shorter beginnings ended at a comma, colon or bracket (longest first):
    "Type what the Insight says (a few words), so ..." -> [..., "Type what the Insight says."]."""
    out = [sentence]
    for k in range(len(sentence) - 1, 0, -1):
        if sentence[k] in ",:(" and sentence[:k].strip():
            out.append(sentence[:k].rstrip() + ".")
    return out


def card_lines(card: dict[str, Any]) -> list[str]:
    """What the catalogue knows about a card, one line per part."""
    lines = part_lines(card.get("crew"), card.get("module"))
    if "insight" in card:
        lines.append(f"Insight: {insight_text(card.get('insight'))}")
    else:
        lines.append(trajectory_text(card.get("trajectory")))
    return lines


class EntryScreen(Screen):
    """List mode (search field, catalogue names, New card) or editor mode (:class:`CardEditor`)."""

    name = "entry"

    def __init__(self, app: Any, gui: Any) -> None:
        super().__init__(app)
        self.gui = gui
        self.editor: CardEditor | None = None
        self.editor_for: Any = None   # the state the editor was opened in (a move's card lapses with it)
        self.query = ""
        self.searching = False
        self.page_no = 0
        self.browse_kind = "space"
        self.new_for: tuple[str | None, str | None] | None = None   # (part, place) a New card is entered for

    def enter(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.editor = None
        self.editor_for = None
        self.query = ""
        self.searching = False
        self.page_no = 0

    # ------------------------------------------------------------------ what
    def request(self) -> Request:
        return self.gui.request()

    def stage(self) -> str:
        """:func:`.facts.starting_place`, asked of the app's rules (answered once per state)."""
        return self.app.game.starting_stage(self.app.state)

    def kind(self) -> str:
        r = self.request()
        return self.browse_kind if r.purpose == "browse" else r.kind

    def catalogue(self) -> Any:
        return self.app.catalogue(self.kind())

    def undescribed(self, name: str) -> bool:
        """True for the name this game gives a revealed Starting card the rulebook does not describe ("Unknown
        card 1", 2...: by the order revealed, so another physical card in another game): never kept in the
        catalogue nor taken from it."""
        return self.kind() == "starting" and placeholder(name)

    def card_of(self, name: str) -> dict[str, Any] | None:
        """The catalogue's card ``name``, None when it holds none; None too for the name this game gave a
        revealed Starting card the rulebook does not describe ("Unknown card 1", 2...: by the order revealed, so
        another physical card in another game), whatever a catalogue kept under it (a tester's finding: the
        next game's first undescribed card was attached with the module entered for another)."""
        if self.undescribed(name):
            return None
        return self.catalogue().get(name)

    def candidates(self) -> list[str]:
        """Catalogue names not yet on the table (all in browse), matching the search; for a pick, the leftover
        or a look, the revealed cards the table told (:meth:`.RaceToMarsUi.revealed_slots`) first."""
        r = self.request()
        cat = self.catalogue()
        names = cat.names()
        leftover = r.purpose == "starting" and self.app.game.starting_stage(self.app.state) == "leftover"
        if r.purpose == "starting" and (r.place not in ("insight", "revealed") or leftover):
            names = list(self.app.game.starting_choices(self.app.state))   # a pick, or the leftover: the revealed cards
        elif r.purpose != "browse":
            used = facts.seen(self.app.state) if self.kind() == "space" else facts.starting_seen(self.app.state)
            names = [n for n in names if n not in used and not self.undescribed(n)]
            if r.purpose == "starting":
                names.append(UNKNOWN_STARTING)
        if r.purpose in ("pick", "leftover", "look") and self.kind() == "space":   # the revealed cards told first
            told = [n for n, taken in self.gui.revealed_slots(self.app.state) if n and not taken and n in names]
            names = told + [n for n in names if n not in told]
        q = self.query.strip().casefold()
        if q:
            names = [n for n in names if q in n.casefold() or q in self._card_words(self.card_of(n))]
        return names

    @staticmethod
    def _card_words(card: dict[str, Any] | None) -> str:
        """A catalogue card's parts in a few words, for the search ("" for a card the
        catalogue does not hold: the unknown Starting card, a revealed one not entered)."""
        if card is None:
            return ""
        return " ".join(brief(card, p) for p in ("crew", "module", "trajectory", "insight")).casefold()

    def suggestion(self) -> str:
        """A name for a new card: the next free "S001"-style number (Starting cards 5-8 by number)."""
        cat = self.catalogue()
        taken = {n.casefold() for n in cat.names()}
        if self.app.state is not None and self.app.session.has_game:
            taken |= {n.casefold() for n in facts.seen(self.app.state) | set(facts.starting_seen(self.app.state))}
        if self.kind() == "starting":
            for k in range(5, 9):
                if f"starting card {k}" not in taken:
                    return f"Starting card {k}"
            return "Starting card"
        k = 1
        while f"s{k:03d}" in taken:
            k += 1
        return f"S{k:03d}"

    def name_problem(self, name: str) -> str | None:
        """Why a new card cannot be called ``name`` now: a card printed in the rulebook has it (its fields
        cannot be entered, they are the rulebook's), or that card is already on the table."""
        if self.catalogue().is_builtin(name):
            return f"{name} is printed in the rulebook: pick it from the list, or give this card another name."
        if self.request().purpose == "browse" or self.app.state is None:
            return None
        used = facts.seen(self.app.state) if self.kind() == "space" else facts.starting_seen(self.app.state)
        if name.casefold() in {n.casefold() for n in used}:
            return f"{name} is already on the table: type the name of the card in front of you."
        return None

    def lane_names(self) -> list[str]:
        names = [""] * 4
        for p in self.app.view()["players"]:
            names[p["launch_pad"] - 1] = p["name"]
        return names

    # ------------------------------------------------------------------ actions
    def tap_card(self, name: str) -> None:
        r = self.request()
        card = self.card_of(name)
        if card is None and r.purpose == "starting" and (
                name == UNKNOWN_STARTING or name in self.app.game.starting_choices(self.app.state)):
            card = {"name": name}   # an undescribed Starting card: its part is entered when it is used
        if card is None:
            self.app.say(f"{name} is no longer in the catalogue.", "error")
            return
        if r.purpose == "browse":
            self.show_card(name)
            return
        if r.purpose == "look":
            self.show_revealed(name)
            return
        if r.purpose == "starting" and r.part is None:
            places = [("Recruit to Crew deck", "crew"), ("Attach as module", "module")]
            if self.app.view()["players"][r.seat]["headquarters"] == 5:
                places.append(("Keep unplaced (HQ 5)", "unplaced"))
            self.app.ask(f"{name}: recruit it or attach it?",
                         [(label, lambda p=place: (self.app.close_dialog(),
                                                   self.with_part(card, "both" if p == "unplaced" else p, p)))
                          for label, place in places])
            return
        self.with_part(card, r.part, r.place)

    def with_part(self, card: dict[str, Any], part: str, place: str | None) -> None:
        """Use ``card``, entering ``part`` first if the catalogue lacks it."""
        builtin = self.catalogue().is_builtin(card["name"])
        if card["name"].startswith((UNKNOWN_STARTING, UNKNOWN_CARD)) and part == "insight":
            self.use(card, place)   # unknown: the table's word is taken when it is used as an Insight
            return
        if revealing(self.request(), place) and not builtin and not all(k in card for k in (
                "insight", "crew", "module")):   # revealed for the pick: all of it, as the table chooses by it
            self.edit("starting", card, lambda c: self.store(c, True) and self.use(c, place))
            return
        missing = (not builtin and (part == "insight" and "insight" not in card
                                    or part == "both" and ("crew" not in card or "module" not in card)
                                    or part in ("crew", "module", "trajectory") and part not in card))
        save = self.whole_lanes(part, lambda c: self.store(c, True) and self.use(c, place))
        if missing:
            self.edit(part, card, save)
            return
        gaps = self.lanes_missing(card) if part == "trajectory" and not builtin else []
        if gaps:  # entered at a smaller table: the lanes this table's pawns are on, before it is used
            names = self.lane_names()
            self.edit(part, card, save,
                      heading=f"{card['name']}: lane {gaps[0] + 1} ({names[gaps[0]]}'s) is not in the catalogue")
            self.editor.lane = gaps[0]
            return
        self.use(card, place)

    def whole_lanes(self, part: str, on_save: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], object]:
        """``on_save`` for a trajectory card (``part`` "trajectory") that first sends the editor to a lane a pawn
        of this table is on that has no space yet, saying so (a tester's finding: Save placed the card with
        lane 4 empty); any other part's ``on_save`` as it is."""
        if part != "trajectory":
            return on_save

        def save(card: dict[str, Any]) -> object:
            gaps = self.lanes_missing(card)
            if gaps and self.editor is not None:
                who = self.lane_names()[gaps[0]]
                self.editor.lane = gaps[0]
                self.app.say(f"Lane {gaps[0] + 1} ({who}'s) has no space yet: enter it, then Save.", "info", 6)
                return False
            return on_save(card)
        return save

    def lanes_missing(self, card: dict[str, Any]) -> list[int]:
        """The lanes (0-based) a pawn of this table is on that ``card``'s trajectory has no space or hazard on:
        a card entered at a table of fewer players (its other lanes left empty), which would give that player
        no space there (a tester's finding)."""
        lanes = card.get("trajectory") or []
        return sorted(i for i, who in enumerate(self.lane_names()) if who and (i >= len(lanes) or not lanes[i]))

    def edit(self, part: str, base: dict[str, Any] | None, on_save, heading: str | None = None) -> None:
        """Open the editor for ``part`` of ``base`` (None: a new card, name asked); ``heading``: its title
        when it has one page (else "1/3: Crew ability: resources"...)."""
        self.searching = False
        self.editor_for = self.app.state
        self.editor = CardEditor(part, on_save, self.close_editor, name=base["name"] if base else None,
                                 suggestion=self.suggestion(), base=base, lane_names=self.lane_names()
                                 if self.app.session.has_game and self.app.state is not None else None,
                                 name_problem=self.name_problem, say=lambda m: self.app.say(m, "info", 5),
                                 kind=self.kind(), heading=heading,
                                 green=self.request().purpose == "trajectory_card", known_name=self.known_name)

    def known_name(self, name: str) -> bool:
        """Next on a new card's name page with ``name`` (a card of the catalogue, not printed in the rulebook):
        True, and a dialog shows that card whole and offers to use it as it is (for a move: as a tap on it in
        the list would), to edit it (its parts loaded into the editor, the others kept) or to replace it (the
        editor goes on; Save says what it would lose, :meth:`ask_replace`); Cancel keeps the name page to type
        another name. False for a name the catalogue does not hold (a tester's finding: "Replace it" wiped the
        Rocket module and trajectory of a card whose name was typed again for its Crew ability)."""
        cat, editor = self.catalogue(), self.editor
        card = cat.get(name)
        if card is None or cat.is_builtin(name) or editor is None:
            return False
        r = self.request()
        part, place = self.new_for or (r.part, r.place)
        was = card["name"]

        def use() -> None:
            self.app.close_dialog()
            self.with_part(card, part or editor.part, place)

        def edit() -> None:
            self.app.close_dialog()
            self.edit(editor.part, card, self.whole_lanes(editor.part, lambda c: self.store(c, True)
                                                          and self.use(c, place)))

        def replace() -> None:
            self.app.close_dialog()
            editor.name_settled = name
            editor.next_said()
        options = ([] if r.purpose == "browse" else [(f"Use {was}", use)]) + [
            (f"Edit {was}", edit), ("Replace it", replace)]
        self.app.ask(f"{was} is already in the catalogue: use it, edit it or replace it?", options,
                     lines=card_lines(card), cancel_label="Another name")
        return True

    def close_editor(self) -> None:
        self.editor = None

    def new_card(self) -> None:
        r = self.request()
        self.new_for = (r.part, r.place)   # a card of a known name is used as a tap on it in the list would
        part = r.part or "both"
        if revealing(r, None):
            part = "starting"   # one of these is picked next: the table chooses by its Crew ability and module
        if r.purpose == "starting" and r.part is None:
            self.app.ask("A new Starting card: recruit it or attach it?",
                         [("Recruit to Crew deck", lambda: self._new_starting("crew")),
                          ("Attach as module", lambda: self._new_starting("module"))])
            return
        self.edit(part, None, self.whole_lanes(part, lambda c: self.store(c, False) and self.use(c, r.place)))

    def _new_starting(self, place: str) -> None:
        self.app.close_dialog()
        self.new_for = (place, place)
        self.edit(place, None, lambda c: self.store(c, False) and self.use(c, place))

    def store(self, card: dict[str, Any], replace: bool) -> bool:
        """Keep ``card`` in the catalogue; True to go on (also when the file
        cannot be written: the card is used anyway). A card of the same name
        is replaced only after the players say so, told exactly which of its parts it would lose
        (:meth:`ask_replace`)."""
        from companion.catalogue import CardExists
        cat = self.catalogue()
        if cat.is_builtin(card["name"]) or self.undescribed(card["name"]):
            return True   # the rulebook's, or this game's name for an undescribed card (:meth:`card_of`)
        if not replace and cat.get(card["name"]) == card:
            return True   # kept already, as it is (Save again after a question cancelled: which revealed card)
        try:
            cat.add(card, replace=replace)
        except CardExists:
            self.ask_replace(card)
            return False
        except ValueError as exc:
            self.app.say(f"This card cannot be saved: {exc}.", "error")
            return False
        except OSError as exc:  # used anyway, and said where nothing hides it
            self.app.card_not_kept(exc)
        return True

    def ask_replace(self, card: dict[str, Any]) -> None:
        """``card`` is new to the screen but the catalogue holds a card of its name: say what replacing it
        would lose (its parts not entered now, each in words) and what it would change, and offer to keep
        those parts (only the parts entered replace theirs) or to replace it all (a tester's finding: "Replace
        it" wiped a card's Rocket module and trajectory without a word)."""
        old = self.catalogue().get(card["name"]) or {"name": card["name"]}
        lost = [k for k in CARD_PARTS if old.get(k) and not card.get(k)]
        changed = [k for k in CARD_PARTS if old.get(k) and card.get(k) and old[k] != card[k]]
        place = self.new_for[1] if self.new_for else self.request().place

        def go(entry: dict[str, Any]) -> None:
            self.app.close_dialog()
            if self.store(entry, True):
                self.use(entry, place)
        lines = ([f"Replacing it loses its {PART_WORDS[k]}: {part_words(old, k)}." for k in lost]
                 + [f"Its {PART_WORDS[k]} becomes {part_words(card, k)} (now: {part_words(old, k)})."
                    for k in changed])
        if lost:
            merged = {**old, **{k: card[k] for k in CARD_PARTS if card.get(k)}, "name": old["name"]}
            options = [(f"Keep its {' and '.join(PART_WORDS[k] for k in lost)}" if len(lost) == 1 else
                        "Keep its other parts", lambda: go(merged)),
                       ("Replace it, losing " + ("it" if len(lost) == 1 else "them"), lambda: go(card))]
        else:
            lines.append("Nothing else of it is lost.")
            options = [("Replace it", lambda: go(card))]
        self.app.ask(f"{old['name']} is already in the catalogue: replace it with the card entered?", options,
                     lines=lines)

    def use(self, card: dict[str, Any], place: str | None) -> bool:
        """Submit the move the request is for with ``card``; True if accepted."""
        r = self.request()
        if r.purpose == "browse":
            self.reset()
            return True
        if r.purpose == "leftover":
            action = Action(LEFTOVER, {"card": card}, r.seat)
        elif r.purpose == "trajectory_card":
            action = Action(TRAJECTORY, {"lanes": card["trajectory"]}, r.seat)
        elif r.purpose == "starting":
            action = Action(STARTING, {"card": card, "place": place or r.place}, r.seat)
        else:
            action = Action(PICK, {"card": card, "place": place}, r.seat)
            places = self.places_for(card["name"])
            if len(places) > 1:   # which of the revealed places lies empty now: asked, not the first one
                self.ask_place(action, places)
                return False
        return self.submit_use(action)

    def submit_use(self, action: Action) -> bool:
        """Submit ``action``, the move the request is for; True if accepted (the request then ends)."""
        if self.app.submit(action):
            self.reset()
            self.gui.done_request()
            return True
        return False

    def places_for(self, name: str) -> list[int]:
        """The revealed places (1-based, left to right) the Space card ``name`` being picked may have come from:
        none when the table told where it lies (:meth:`.RaceToMarsUi.tell_revealed`), else every place still
        holding a card the table did not tell ("Phase 1.1: Pick a Card")."""
        slots = self.gui.revealed_slots(self.app.state)
        if any(told == name for told, _ in slots):
            return []
        return [k for k, (told, taken) in enumerate(slots, 1) if told is None and not taken]

    def ask_place(self, action: Action, places: list[int]) -> None:
        """Ask which of the revealed ``places`` the card of the pick ``action`` was taken from: a tester's finding,
        Recruit (or Attach), New card, with no place tapped first emptied place 1 whichever card the player took
        ("Phase 1.1: Pick a Card"). The answer goes with the pick (its ``slot``): that place shows empty."""
        name = action.args["card"]["name"]
        n = self.app.state.revealed

        def go(k: int) -> None:
            self.app.close_dialog()
            self.submit_use(Action(PICK, {**action.args, "slot": k}, action.seat))
        self.app.ask(f"{name}: {PLACE_ASKED}", [(f"Card {k} of {n}", lambda k=k: go(k))
                                                              for k in places],
                     lines=[f"The revealed Space cards lie left to right, 1 to {n}: the place the card was taken "
                            "from lies empty now."])

    # ------------------------------------------------------------------ a revealed card looked up
    def show_revealed(self, name: str) -> None:
        """A revealed Space card found in the catalogue: what it is (its Crew ability and Rocket module,
        as the catalogue knows them), and for the player picking, Recruit or Attach it at once."""
        r = self.request()
        card = self.catalogue().get(name) or {"name": name}
        self.gui.tell_revealed(int(str(r.place).split()[0]), name)   # this card lies there: the round shows it
        options = []
        if r.seat is not None and self.app.state is not None and self.app.state.step == "pre-launch":
            options = self.pick_options(name, r.seat)
        self.app.ask(f"Revealed Space card {r.place}: {name}", options, lines=card_lines(card)[:2],
                     cancel_label="Close")

    def pick_options(self, name: str, seat: int) -> list[tuple[str, Callable[[], None]]]:
        """The dialog's options for ``seat`` to take the revealed card ``name`` at once: "Anna recruits it",
        "Anna attaches it", and "Anna keeps it unplaced" where the rules allow it (Headquarters 5: "You don't have
        to place (phase 1.2) any of your cards until you launch your rocket"), as the round's Unplaced button."""
        who = self.app.view()["players"][seat]["name"]
        places = [("recruits it", "crew"), ("attaches it", "module")]
        if self.app.game.check(self.app.state, Action(PICK, {"card": {"name": name}, "place": "unplaced"},
                                                      seat)) is None:
            places.append(("keeps it unplaced", "unplaced"))
        return [(f"{who} {words}", lambda place=place: self.pick_revealed(name, place, seat))
                for words, place in places]

    def pick_revealed(self, name: str, place: str, seat: int) -> None:
        """``seat`` takes the revealed card ``name`` to ``place`` ("crew": recruits it; "module": attaches it;
        "unplaced": keeps it unplaced, Headquarters 5, the whole card asked), from the dialog showing it."""
        self.app.close_dialog()
        self.gui.open_pick("both" if place == "unplaced" else place, place, seat)
        self.tap_card(name)

    def not_in_catalogue(self) -> None:
        """The revealed card is not among the catalogue's: what to do (it is entered once, when used)."""
        self.app.show_info(f"Revealed Space card {self.request().place}: not in the catalogue yet", NEW_CARD_STEPS)

    # ------------------------------------------------------------------ browse
    def show_card(self, name: str) -> None:
        cat = self.catalogue()
        card = cat.get(name)
        if cat.is_builtin(name):
            self.app.show_info(f"{name} (printed in the rulebook)", card_lines(card))
            return
        parts = ["crew", "module", "insight"] if self.kind() == "starting" else ["crew", "module", "trajectory"]
        options = [(f"Edit {PART_WORDS[p]}", lambda p=p: self._edit_part(name, p)) for p in parts]
        options.append(("Delete", lambda: self.ask_delete(name)))
        self.app.ask(name, options, lines=card_lines(card), cancel_label="Close")

    def _edit_part(self, name: str, part: str) -> None:
        self.app.close_dialog()
        card = self.catalogue().get(name)
        self.edit(part, card, lambda c: self.store(c, True) and self.use(c, None))

    def ask_delete(self, name: str) -> None:
        def go() -> None:
            self.app.close_dialog()
            try:
                self.catalogue().delete(name)
            except (KeyError, OSError) as exc:
                self.app.say(f"{name} could not be deleted ({exc}).", "error")
                return
            self.app.say(f"{name} is deleted from the catalogue.", "note", 5)
        self.app.ask(f"Delete {name} from the catalogue? Games already played keep it.", [("Delete it", go)])

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.app.dialog is None:
            if self.editor is not None and self.editor.handle_key(event):
                return True
            if self.editor is None and event.type == pygame.TEXTINPUT:
                self.query += event.text
                self.page_no = 0
                return True
            if self.editor is None and event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE \
                    and self.query:
                self.query = self.query[:-1]
                return True
        return super().handle_event(event)

    def on_next(self) -> None:
        self.lapse()
        if self.editor is not None:
            self.editor.next_said()
            return
        if self.searching:
            self.searching = False
            return
        r = self.request()
        if r.purpose in ("browse", "look"):
            self.gui.done_request()
            return
        self.app.say("Tap the card in the list, or New card to enter it once.", "info", 5)

    def type_query(self, ch: str) -> None:
        self.query += ch
        self.page_no = 0

    # ------------------------------------------------------------------ drawing
    def headline(self) -> str:
        """What the list is for, in words; "|" separates shorter wordings (longest first)."""
        r = self.request()
        if r.purpose == "browse":
            return "Card catalogue: tap a card to see, edit or delete it"
        if r.purpose == "look":
            return (f"Revealed Space card {r.place}: which one is it? Tap it to see what it does"
                    f"|Revealed card {r.place}: which one is it?")
        expect = self.app.expect()
        who = self.app.view()["players"][r.seat]["name"] if r.seat is not None else ""
        if r.purpose == "pick":
            verb = {"crew": "recruits to the Crew deck", "module": "attaches to the rocket",
                    "unplaced": "keeps unplaced"}.get(r.place or "", "picks")
            return f"{who} {verb}: which Space card?"
        if r.purpose == "starting":
            state = self.app.state
            stage = self.stage()
            if stage == "insight":
                return "The Starting card beside the Insight card: which one?"
            if stage == "revealed":
                k = state.picked + len(self.app.game.starting_choices(state)) + 1
                return (f"Starting card {k} of {state.revealed} revealed (one more than the players): which one?"
                        f"|Starting card {k} of {state.revealed} revealed: which one?")
            if stage == "leftover":
                return (f"{who}: which leftover Starting card joins the Insight row? The other goes to the box."
                        f"|{who}: which leftover joins the Insight row? The other goes to the box."
                        f"|{who}: which leftover joins the Insight row?|Which leftover joins the Insight row?")
            # after the Insight card's and one pick a player, the picks of Headquarters 4 (engine: ``order``)
            extra = " (Headquarters 4)" if state.at > len(state.players) else ""
            return (f"{who} picks {'one more' if extra else 'a'} Starting card{extra}: recruit it or attach it"
                    f"|{who} picks {'one more' if extra else 'a'} Starting card{extra}"
                    + (f"|{who}: one more Starting card (HQ 4)|One more Starting card (HQ 4)" if extra else
                       f"|{who} picks a Starting card|Pick a Starting card"))
        if r.purpose == "leftover" and expect is not None:
            slot = len(self.app.state.slots) + 1
            side = slot_side(self.app.state, slot)
            return "|".join((expect.purpose, f"Leftover card: trajectory card {slot} of {SLOTS} ({side})",
                             f"Leftover: trajectory card {slot}/{SLOTS} ({side})",
                             f"Leftover: trajectory card {slot} of {SLOTS}"))
        return expect.purpose if expect is not None else ""

    def message_area(self) -> pygame.Rect | None:
        """While a name or an Insight's words are typed: a message goes over the keyboard, at its bottom
        (a tap closes it), never over the field being typed under the title. Over the card list: at its
        bottom, so that the heading and Search stay in sight (a refusal over Search took its tap); else
        (the editor's other pages) the shell's place."""
        if self.editor is not None and not self.editor.typing():
            return None
        lay = self.app.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        rest = L.take_top(body, lay.px(64 if lay.portrait else 40), lay.gap)[1]
        keys = L.take_top(rest, lay.px(40) if self.editor is not None else lay.touch, lay.gap)[1]  # under the
        # field (CardEditor.paint_name), or under Search
        return pygame.Rect(keys.x, keys.y, keys.w, next_rect(lay, lay.body_rect).y - lay.gap - keys.y)

    @property
    def message_at_bottom(self) -> bool:
        return self.editor is None or self.editor.typing()

    def lapse(self) -> None:
        """Forget a card being entered for a move when the game has moved on
        (an Undo, another screen's move): its part and its move are another's now."""
        if self.editor is not None and self.request().purpose != "browse" and self.editor_for is not self.app.state:
            self.reset()

    def paint(self, ui: Ui) -> None:
        self.lapse()
        if self.editor is None and self.request().purpose == "trajectory_card":   # straight to its lanes
            expect = self.app.expect()   # the rules say why it is asked now (all 12 placed, or a rocket reaches it)
            why = expect.purpose if expect is not None else "The Trajectory card: enter its spaces and hazards"
            self.edit("trajectory", {"name": "Trajectory card", "trajectory": [["green"] for _ in range(4)]},
                      lambda c: self.use(c, None),
                      heading=f"{why}|{why.split(':')[0]}: enter the Trajectory card|{short_why(why)}: enter the "
                      "Trajectory card|The Trajectory card: enter it")  # never the reason alone, nor "enter it"
        lay = ui.layout
        body = lay.body_rect.inflate(-2 * lay.gap, -2 * lay.gap)
        title_r, rest = L.take_top(body, lay.px(64 if lay.portrait else 40), lay.gap)
        nr = next_rect(lay, lay.body_rect)
        content = pygame.Rect(rest.x, rest.y, rest.w, nr.y - lay.gap - rest.y)
        bottom = pygame.Rect(rest.x, nr.y, nr.x - lay.gap - rest.x, nr.h)
        if self.editor is not None:
            problem = self.editor.problem
            ui.panel(title_r, PANEL, WARN if problem else MARS, width=2)
            inner = title_r.inflate(-lay.px(12), 0)
            if problem:   # why it cannot go on, over the field being typed (never over it: a message box would)
                ui.block(inner, fitting_block(shorter(problem), inner, lay.small, True), lay.small, WARN,
                         bold=True, min_size=lay.small)
            else:
                ui.block(inner, fitting_block(self.editor.title().split("|"), inner, lay.body, True), lay.body, FG,
                         bold=True, min_size=lay.small)
            full_bottom = pygame.Rect(rest.x, nr.y, rest.w, nr.h)
            self.editor.paint(ui, content, full_bottom)
            return
        head = f"Search: {self.query}\u258f" if self.searching else \
            fitting_block(self.headline().split("|"), title_r, lay.body, True)  # longest first
        ui.block(title_r, head, lay.body, INFO if self.searching else MARS, bold=True, min_size=lay.small)
        self.paint_list(ui, content, bottom, nr)

    def paint_list(self, ui: Ui, rect: pygame.Rect, bottom: pygame.Rect, nr: pygame.Rect) -> None:
        lay = ui.layout
        r = self.request()
        names = self.candidates()
        if self.searching:  # the keyboard takes the list's place; the title shows the query
            self.paint_keys(ui, rect)
            a, b = L.cols(pygame.Rect(bottom.x, bottom.y, min(bottom.w, lay.px(330)), bottom.h), 2, lay.gap)
            ui.button(a, "space", lambda: self.type_query(" "), name="key space")
            ui.button(b, "\u232b", lambda: setattr(self, "query", self.query[:-1]), size=lay.big, name="key delete")
            ui.button(nr, "Show cards", self.toggle_search, "primary", size=lay.body,
                      sub=count(len(names), "match", "matches"), name="Show cards")
            return
        search_r, rect = L.take_top(rect, lay.touch, lay.gap)
        if r.purpose == "browse":
            kind_r, search_r = L.take_right(search_r, lay.px(250), lay.gap)
            a, b = L.cols(kind_r, 2, lay.gap)
            for cell, kind, label in ((a, "space", "Space"), (b, "starting", "Starting")):
                ui.button(cell, label, lambda k=kind: self._set_kind(k), "selected" if self.browse_kind == kind
                          else "normal", size=lay.body, name=f"{label} cards")
        ui.button(search_r, ("Search: " + self.query) if self.query else fitting(
            ["Search by name or effect", "Search name, effect", "Search"], search_r.w - 2 * lay.px(8), lay.body, True),
                  self.toggle_search, "selected" if self.query else "normal", size=lay.body, name="Search")
        if lay.portrait:  # the page buttons over the bottom row, where there is room
            pages_r, rect = L.take_bottom(rect, lay.touch, lay.gap)
        self.paint_names(ui, rect, names, r)
        back_r, row = L.take_left(bottom, max(lay.px(150), text.width("Back to game", lay.small, True)
                                              + 2 * lay.px(8) + 2), lay.gap)
        if r.purpose in ("browse", "pick", "look"):
            ui.button(back_r, "Back to game", self.gui.done_request if r.purpose == "browse" else self.gui.cancel,
                      size=lay.small, name="Back to game")
        else:
            row = bottom
        if lay.portrait:
            row = pages_r
        extra = next((a for a in self.app.legal() if a.kind == EXTRA_CARD), None) if r.purpose == "starting" else None
        if extra is not None:  # Headquarters 8 at the Starting card pick: one more card to the selection
            add_r, row = L.take_right(row, max(lay.px(150), text.width("Add a card", lay.small, True) + lay.px(20)),
                                      lay.gap)
            ui.button(add_r, "Add a card", lambda: self.app.submit(extra), sub="HQ 8", size=lay.small,
                      name="Add a card")
        prev_r, row = L.take_left(row, lay.px(70), lay.gap)
        next_r, row = L.take_left(row, lay.px(70), lay.gap)
        ui.button(prev_r, "\u25c0", (lambda: self.turn(-1)) if self.page_no > 0 else None, name="Previous page")
        ui.button(next_r, "\u25b6", (lambda: self.turn(1)) if self.page_no < self.pages - 1 else None,
                  name="Next page")
        cards = len([n for n in names if n != UNKNOWN_STARTING])   # the entry for an undescribed card is no card,
        unknown = " + unknown" if len(names) > cards else ""          # but a tile: said, so no page seems to hold
        where = f"{count(cards, 'card')}{unknown}, page {self.page_no + 1}/{self.pages}"   # one more than counted
        if text.width(where, lay.small) > row.w:
            where = f"{self.page_no + 1}/{self.pages}"
        if row.w >= text.width(where, lay.small):
            ui.label(row, where, lay.small, FG, min_size=lay.small)
        if r.purpose == "look":   # not in the list: what to do with a card the catalogue does not know yet
            ui.button(nr, fitting(["Not in the list", "Not listed"], nr.w - 2 * lay.px(8), lay.body, True),
                      self.not_in_catalogue, "primary", size=lay.body, name="Not in the catalogue")
        else:  # at a pick of the revealed Starting cards, a new card would be refused: its tap says why
            # a pick, or the leftover of two (Headquarters 8) for the Insight row: one of the revealed cards
            picking = r.purpose == "starting" and (r.place not in ("insight", "revealed") or self.stage() == "leftover")
            on_tap, disabled, name = tap_or_why(
                self.app, None if picking else self.new_card,
                lambda: [Action(STARTING, {"card": {"name": self.suggestion()}, "place": r.place}, r.seat)], "New card")
            ui.button(nr, "New card", on_tap, disabled or "primary", size=lay.big, name=name)

    def _set_kind(self, kind: str) -> None:
        self.browse_kind = kind
        self.page_no = 0

    def toggle_search(self) -> None:
        self.searching = not self.searching

    def turn(self, delta: int) -> None:
        self.page_no += delta

    def paint_names(self, ui: Ui, rect: pygame.Rect, names: list[str], r: Request) -> None:
        """The catalogue's cards as tiles, as many as the screen holds (one
        column in portrait, two in landscape): the name beside two lines (over
        them when a name is long) of what the table needs to choose
        (:func:`card_brief`: the part about to be used first), paged. A tap on
        a tile picks the card; a tap on its "i" mark shows the whole card
        (:func:`card_lines`)."""
        lay = ui.layout
        # the name beside its two lines (over them when a name is long: the Starting cards);
        # one column in portrait, two in landscape
        ncols, nlines = (1, 2) if lay.portrait else (2, 2)
        name_w = max((text.width(n, lay.body, True) for n in names), default=0) + 2
        lh = text.font(lay.small).get_linesize()
        # portrait, more cards than fit with each name over its lines: the name beside them (a long one
        # wraps in its column), so that 7 cards or more fit a page
        over_h = max(lay.touch, text.font(lay.body, True).get_linesize() + nlines * lh)
        narrow = (lay.portrait and name_w > rect.w // ncols // 5
                  and len(names) > (rect.h + lay.gap) // (over_h + lay.gap))
        if narrow:
            name_w = int(rect.w * 0.3)
        side = narrow or name_w <= rect.w // ncols // 5
        pad = lay.px(4) if lay.portrait else lay.px(8)   # portrait: one column, at least 7 cards a page
        row_h = max(lay.touch, nlines * lh + pad if side else
                    text.font(lay.body, True).get_linesize() + nlines * lh)
        nrows = max(1, (rect.h + lay.gap) // (row_h + lay.gap))
        per_page = ncols * nrows
        self.pages = max(1, -(-len(names) // per_page))
        self.page_no = min(self.page_no, self.pages - 1)
        shown = names[self.page_no * per_page:(self.page_no + 1) * per_page]
        cat = self.catalogue()
        info_w = lay.touch
        for cell, name in zip(L.grid(rect, len(shown), ncols, lay.gap, row_h=row_h), shown):
            if name == UNKNOWN_STARTING:   # not a card: the entry for one the rulebook does not describe
                self.paint_unknown_entry(ui, cell)
                continue
            card = self.card_of(name) or {"name": name}   # not in the catalogue: an unknown Starting card
            part = r.part if r.purpose != "browse" else None
            known = (part is None or part in card or cat.is_builtin(name)
                     or part == "both" and "crew" in card and "module" in card)
            info_r, tile = L.take_right(cell, info_w, lay.px(2))
            ui.button(tile, "", (lambda n=name: self.tap_card(n)), "normal" if known else "quiet", name=name)
            ui.button(info_r, "i", (lambda n=name: self.show_whole(n)), size=lay.body, name=f"{name} info")
            inner = tile.inflate(-2 * lay.px(8), -min(lay.px(4), pad))
            if side:
                name_r, lines_r = L.take_left(inner, name_w, lay.px(8))
                lines_r = pygame.Rect(lines_r.x, lines_r.centery - nlines * lh // 2, lines_r.w, nlines * lh)
            else:
                name_r, lines_r = L.take_top(inner, inner.h - nlines * lh)
            if narrow and text.width(name, lay.body, True) > name_r.w:   # a long name: on two lines
                ui.block(name_r, name, lay.small, FG if known else DIM, bold=True, min_size=lay.small)
            else:
                ui.label(name_r, name, lay.body, FG if known else DIM, "left" if side else "center", bold=True,
                         min_size=lay.small)
            said = part
            if r.purpose == "starting":  # a pick: its Crew ability first; revealed: all of it; the Insight row
                said = {"pick": "crew", "revealed": None}.get(self.stage(), "insight")
            lines = card_brief(card, said) if known else [f"enter its {PART_WORDS[part]}"]
            if name.startswith((UNKNOWN_STARTING, UNKNOWN_CARD)) and not known:
                lines = [fitting(["not described: the table's word", "not in the rulebook: the table's word",
                                  "not in the rulebook"], lines_r.w, lay.small)]   # whole, never "the table's \u2026"
            y = lines_r.y
            for line in lines[:nlines]:
                ui.label(pygame.Rect(lines_r.x, y, lines_r.w, lh), fitting_words(line, lines_r.w, lay.small),
                         lay.small, FG, "left" if side else "center")
                y += lh
        if not names:
            ui.block(rect, self.empty_words(), lay.body, FG)

    def paint_unknown_entry(self, ui: Ui, cell: pygame.Rect) -> None:
        """The entry for a Starting card the rulebook does not describe (cards 5-8): drawn as an action
        to enter it, not as a card: an outlined box (no card face, no "i" mark), a "+", and what a tap
        does: beside the Insight card its Insight is taken at the table's word; revealed, it is taken as it is,
        each of its parts entered when it is used (picked: the part placed; left over: its Insight)."""
        lay = ui.layout
        ui.panel(cell, (14, 16, 30), INFO, width=2)
        ui.hits.append(Hit(pygame.Rect(cell), UNKNOWN_STARTING, lambda: self.tap_card(UNKNOWN_STARTING)))
        inner = cell.inflate(-2 * lay.px(8), -lay.px(4))
        plus_r, inner = L.take_left(inner, text.width("+", lay.big, True) + lay.px(4), lay.px(6))
        ui.label(plus_r, "+", lay.big, INFO, "center", bold=True)
        head = fitting(["Not described in the rulebook", "Not in the rulebook", "Undescribed"], inner.w,
                       lay.body, True)
        # revealed, a tap takes it as it is and enters nothing: each of its parts is asked when it is used (a
        # tester's finding: "tap to enter what the card shows" opened no entry, the list went on)
        what = (["its Insight: the table says what it does", "the table says its Insight", "the table's word"]
                if self.stage() == "insight" else ["tap: each part is entered when it is used",
                                                   "tap: entered when it is used", "entered when used"])
        lh = text.font(lay.small).get_linesize()
        head_r, line_r = L.take_top(inner, inner.h - lh)
        ui.label(head_r, head, lay.body, INFO, bold=True, min_size=lay.small)
        ui.label(line_r, fitting(what, line_r.w, lay.small), lay.small, FG)

    def empty_words(self) -> str:
        """Why the list is empty: no card matches the search, every card of
        the catalogue is already on the table, or the catalogue is empty."""
        what = "Space" if self.kind() == "space" else "Starting"
        known = len(self.catalogue().names())
        if self.query:
            why = f"No {what} card matches \u201c{self.query}\u201d."
        elif known:
            why = (f"The {count(known, what + ' card')} of the catalogue {'is' if known == 1 else 'are all'} "
                   "on the table already: this one is new to it.")
        else:
            why = f"No {what} card in the catalogue yet."
        return why + " Tap New card and enter only what is needed now; next time it is one tap away."

    def show_whole(self, name: str) -> None:
        """The whole card as the catalogue knows it (every part), in a dialog."""
        card = self.card_of(name) or {"name": name}
        self.app.show_info(name, card_lines(card))

    pages = 1

    def paint_keys(self, ui: Ui, rect: pygame.Rect) -> None:
        lay = ui.layout
        keys = SEARCH_KEYS
        ncols = 7 if lay.portrait else 10
        nrows = -(-len(keys) // ncols)
        key_h = min(lay.touch + lay.px(8), (rect.h - (nrows - 1) * lay.gap) // nrows)
        for cell, k in zip(L.grid(rect, len(keys), ncols, lay.gap, row_h=key_h), keys):
            ui.button(cell, k, (lambda k=k: self.type_query(k.lower())), size=lay.body, name=f"key {k}")


__all__ = ["EntryScreen", "Request", "card_lines", "part_text"]

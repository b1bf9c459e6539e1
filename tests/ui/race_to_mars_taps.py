"""Playing Race to Mars by taps through the app, as a table would: every
Space card is entered through the catalogue screens (its contents from the
engine's seeded generator of made-up cards, ``random_space_card``), every
move is a tap on a button the screen shows, every question a tap on one of
the dialog's buttons. Shared by the Race to Mars screen tests (not a test
module itself)."""
from __future__ import annotations

import random
from typing import Any

from companion.rules.race_to_mars import random_space_card
from companion.rules.race_to_mars.model import HAZARDS
from companion.ui.widgets import tappable
from companion.ui.games.race_to_mars.entry import PLACE_ASKED
from companion.ui.games.race_to_mars.refuse import WHY

GAME = "race-to-mars"


class Table:
    """The players at the table, tapping. ``d``: a :class:`~companion.ui.driver.Driver`;
    ``rng``: their whims (and the cards' contents); ``typed``: every how many
    new cards a name is typed on the keyboard rather than the number offered."""

    def __init__(self, d: Any, rng: random.Random, typed: int = 5) -> None:
        self.d = d
        self.rng = rng
        self.typed = typed
        self.new_cards = 0
        self.picked_from_catalogue = 0
        self.seen_screens: set[str] = set()
        self.taps = 0

    @property
    def app(self) -> Any:
        return self.d.app

    def names(self) -> list[str]:
        """The buttons that make a move (not the greyed-out ones, whose tap says why not)."""
        return [n for n in self.d.names() if not n.endswith(WHY)]

    def tap(self, name: str) -> None:
        self.taps += 1
        self.d.tap(name)

    # ------------------------------------------------------------------ one decision
    def step(self) -> None:
        app = self.app
        screen = app.current_screen()
        self.seen_screens.add(screen.name)
        if app.dialog is not None:
            self.answer()
            return
        getattr(self, f"on_{screen.name}")(screen)

    def answer(self) -> None:
        options = [label for label, on_tap in self.app.dialog.options if tappable(on_tap)]   # not the greyed
        if not options:
            self.tap(self.app.dialog.cancel_label)
            return
        if self.app.dialog.title.endswith(PLACE_ASKED):   # the card was taken from the first place still holding
            self.tap(options[0])                            # one: no draw from rng, the seeded games play as before
            return
        plain = [o for o in options if o != "More\u2026"] or options
        self.tap(self.rng.choice(plain))

    def on_headquarters(self, screen: Any) -> None:
        free = [n for n in self.names() if n.startswith("HQ ")]
        keep, back = self.rng.sample(free, 2)
        self.tap(keep)
        self.tap(back)
        self.tap("Keep")

    def on_entry(self, screen: Any) -> None:
        if screen.editor is not None:
            self.fill(screen)
            return
        r = screen.request()
        cards = [n for n in screen.candidates() if n in self.names()]
        use_old = cards and (r.kind == "starting" or self.rng.random() < 0.5)
        if use_old:
            self.picked_from_catalogue += 1
            self.tap(self.rng.choice(cards))
        else:
            self.tap("New card")

    def on_round(self, screen: Any) -> None:
        names = self.names()
        if "Launch!" in names and self.rng.random() < 0.7:
            self.tap("Launch!")
            return
        view = self.app.view()
        p = view["players"][screen.seat()]
        modules = len(p["rocket_modules"])
        crew = p["crew_deck"] - p["asteroids"]
        module = crew >= 2 * (modules + 1) and self.rng.random() < 0.6
        self.tap("Attach as module" if module else "Recruit to Crew deck")

    def on_play(self, screen: Any) -> None:
        names = self.names()
        seat = self.rng.choice(screen.playing())
        who = self.app.view()["players"][seat]["name"]
        r = self.rng.random()
        if f"{who}: play" in names and r < 0.75:
            self.tap(f"{who}: play")
        elif f"{who}: Boost" in names and r < 0.9:
            self.tap(f"{who}: Boost")
        elif f"{who}: rocket" in names and r < 0.92:
            self.tap(f"{who}: rocket")
        else:
            self.tap(f"{who}: done")

    def on_turn(self, screen: Any) -> None:
        names = self.names()
        advance = [n for n in names if n == "Advance"]
        if advance and self.rng.random() < 0.95:
            self.tap(advance[0])
            return
        if self.app.state.hazards:
            skip = {"Undo", "Redo", "New game"} | {p["name"] for p in self.app.view()["players"]}
            self.tap(self.rng.choice([n for n in names if n not in skip]))
            return
        extra = [n for n in names if n.startswith(("Exchange", "Insight card", "Starting card", "Discard all",
                                                   "Keep ", "Jettison"))]
        if extra and self.rng.random() < 0.4:
            self.tap(self.rng.choice(extra))
        elif "Next phase" in names:
            self.tap("Next phase")
        else:
            self.d.key("next")

    def on_over(self, screen: Any) -> None:
        raise AssertionError("the game is over")

    # ------------------------------------------------------------------ entering a card
    def plan(self, screen: Any) -> dict[str, Any]:
        """The card the table holds (made up by the engine's seeded generator), once per editor."""
        ed = screen.editor
        if not hasattr(ed, "table_plan"):
            part = ed.part if ed.part in ("crew", "module", "trajectory") else "both" if ed.part in (
                "both", "starting") else "crew"
            card = random_space_card(self.rng, part)
            insight = {"insight": {"cost": self.rng.randint(1, 4), "effect": self.rng.choice(
                ("boost", "draw", "store", "other"))}}
            if ed.part == "insight":
                card = insight
            elif ed.part == "starting":
                card.update(insight)
            ed.table_plan = card
            self.new_cards += 1
        return ed.table_plan

    def fill(self, screen: Any) -> None:
        """Enter the page of the editor shown, then Next (or Save)."""
        ed = screen.editor
        card = self.plan(screen)
        page = ed.current()
        if page == "name" and self.new_cards % self.typed == 0:
            for _ in range(len(ed.name)):
                self.tap("key delete")
            for ch in f"T{self.new_cards}":
                self.tap(f"key {ch}")
        elif page == "crew_res":
            for r in card.get("crew", {}).get("resources", []):
                self.tap(f"add {r}")
        elif page == "crew_fx":
            crew = card.get("crew", {})
            for key in ("draw", "look", "keep", "jettison", "boost", "xp", "return"):
                for _ in range(crew.get(key, 0)):
                    self.tap(f"{key} +")
            if crew.get("copy"):
                self.tap("copy")
            if crew.get("other"):
                self.tap("other")
        elif page == "module":
            m = card.get("module", {})
            for key in ("draw", "storage"):
                for _ in range(m.get(key, 0)):
                    self.tap(f"{key} +")
            if m.get("free_advance") and "free_advance +" in self.d.names():   # a Starting card: its length
                for _ in range(m["free_advance"]):
                    self.tap("free_advance +")
            elif m.get("free_advance"):
                self.tap("free_advance")
            for key in ("copy", "reveal_top"):
                if m.get(key):
                    self.tap(key)
            if m.get("resource"):
                self.tap(f"resource {m['resource']}")
            if m.get("protection"):
                self.tap(f"protection {m['protection']}")
        elif page == "trajectory":
            for i, lane in enumerate(card["trajectory"]):
                self.tap(f"lane {i + 1}")
                for x in lane:
                    self.tap(f"add {x}")
        elif page == "insight":
            ins = card["insight"]
            for _ in range(ins["cost"] - 1):
                self.tap("cost +")
            self.tap(f"effect {ins['effect']}")
        elif page == "insight_text":   # an "other" Insight: its words
            for ch in f"WORDS {self.new_cards}":
                self.tap(f"key {ch}" if ch != " " else "key space")
        self.tap("Save" if "Save" in self.names() else "Next")


def play_to_the_end(d: Any, seed: int, check: Any = None, every: int = 53, limit: int = 20000,
                    watch: Any = None) -> Table:
    """Tap until the game is over; ``check(d, where)`` on every ``every``-th
    frame, ``watch(d)`` on every frame without a dialog."""
    table = Table(d, random.Random(seed))
    s = d.app.session
    steps = 0
    while not s.game.is_over(s.state):
        steps += 1
        assert steps < limit, f"no end after {steps} decisions in phase {s.game.phase(s.state)}"
        table.step()
        if watch is not None and d.app.dialog is None and not s.game.is_over(s.state):
            watch(d)
        if check is not None and steps % every == 0 and d.app.dialog is None:
            check(d, f"step {steps} ({d.app.current_screen().name})")
    return table


__all__ = ["GAME", "HAZARDS", "Table", "play_to_the_end"]

"""Race to Mars's screens (no die): New game (players, the first-game
variant, the Start Player), Headquarters, Starting cards, the Pre-launch
round (the revealed cards, the 12 trajectory slots, launch readiness), the
identification of a Space card in the catalogue (or its entry, only the part
used), 2.1 for every Post-launch player at once, a player's 2.2-2.5 (the
spaces ahead, what they cost, the resources left, hazards), the end with
the ranking by Experience. Source: shared/rules/race-to-mars.txt."""
from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from companion.rules.contract import Action, Event
from companion.rules.race_to_mars import NAME_REVEALED

from .. import GameUi, Screens, made


class RaceToMarsUi(GameUi):
    """The round structure of Race to Mars on the shell (see :class:`GameUi`)."""

    catalogue_kinds = ("space", "starting", "headquarters")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.screens = Screens(new_game=made(f"{__name__}.newgame", "NewGameScreen", app),
                               headquarters=made(f"{__name__}.setup", "HeadquartersScreen", app),
                               entry=made(f"{__name__}.entry", "EntryScreen", app, self),
                               round=made(f"{__name__}.round", "RoundScreen", app, self),
                               play=made(f"{__name__}.play", "PlayScreen", app),
                               turn=made(f"{__name__}.turn", "TurnScreen", app),
                               over=made("companion.ui.screens.ranking", "RankingScreen", app))
        self._request: Any = None

    # ------------------------------------------------------------------ the entry screen's request
    def request(self) -> Any:
        """What the entry screen is for now (see :class:`.entry.Request`)."""
        from . import facts
        from .entry import Request
        r = self._request
        state = self.app.state
        if r is not None and (r.purpose == "browse" or r.state is state):
            return r
        self._request = None
        step = facts.step(state)
        expect = self.app.expect()
        if expect is not None and expect.action == "trajectory_card":
            return Request("trajectory_card", "space", "trajectory", None, expect.seat, state)
        if step == "leftover":
            return Request("leftover", "space", "trajectory", None, expect.seat, state)
        if step == "starting":
            stage = self.app.game.starting_stage(state)   # the app answers once per state
            if stage == "pick":
                return Request("starting", "starting", None, None, expect.seat, state)
            return Request("starting", "starting", "insight", "insight" if stage == "leftover" else stage,
                           expect.seat, state)
        return Request("pick", "space", "crew", "crew", expect.seat if expect else None, state)

    def open_pick(self, part: str, place: str, seat: int) -> None:
        """Show the catalogue to identify the Space card ``seat`` picks for ``place``. With Headquarters 5 the
        card is asked whole (its Crew ability and Rocket module, "both"), wherever it goes: the player may
        move it across until launch ("Headquarters"), and it takes there the part it lacks from the catalogue."""
        from companion.rules.race_to_mars.cards import HQ_FREE
        from .entry import Request
        if part in ("crew", "module") and self.app.view()["players"][seat]["headquarters"] == HQ_FREE:
            part = "both"
        self._request = Request("pick", "space", part, place, seat, self.app.state)
        self.screens["entry"].reset()
        self.app.dirty = True

    def open_look(self, k: int, revealed: int, seat: int) -> None:
        """Look up revealed Space card ``k`` (1-based) of ``revealed`` in the catalogue (nothing is played)."""
        from .entry import Request
        self._request = Request("look", "space", None, f"{k} of {revealed}", seat, self.app.state)
        self.screens["entry"].reset()
        self.app.dirty = True

    # ------------------------------------------------------------------ the revealed Space cards
    def tell_revealed(self, k: int, name: str) -> None:
        """The table says revealed Space card ``k`` (1-based, as the cards lie, left to right) is the catalogue's
        ``name`` (found with :meth:`open_look`): a logged move of the player picking (the rules'
        ``NAME_REVEALED``, kept in the state for the round: a restart keeps it, Undo takes it back; "Phase 1.1:
        Pick a Card"); nothing is logged when the card was named so already. The look in the catalogue goes on
        (the request is carried to the new state: the naming moved nothing)."""
        state = self.app.state
        turn = self.app.game.to_act(state)
        if not turn.seats or dict(state.named).get(k) == name:
            return
        r = self._request
        if self.app.submit(Action(NAME_REVEALED, {"slot": k, "name": name}, turn.seats[0])) \
                and r is not None and r.purpose == "look" and r.state is state:
            self._request = dataclasses.replace(r, state=self.app.state)

    def revealed_slots(self, state: Any) -> list[tuple[str | None, bool]]:
        """``(name, taken)`` for revealed Space cards 1..``state.revealed`` as they lie: ``name`` what the table
        told (:meth:`tell_revealed`, the rules' ``named``; None: not told); ``taken``: picked this round. A card
        told is taken once its name is on the table (the rules' Space cards seen); the other picks take the first
        untold cards (the app cannot see which: it counts them, ``state.picked``)."""
        from . import facts
        told = dict(state.named) if state.revealed else {}
        used = facts.seen(state)
        out = [(told.get(k), told.get(k) in used) for k in range(1, state.revealed + 1)]
        untold = max(0, state.picked - sum(1 for _, taken in out if taken))
        for k, (name, taken) in enumerate(out):
            if untold and name is None:
                out[k], untold = (None, True), untold - 1
        return out

    def open_catalogue(self) -> None:
        """Browse the card catalogues (search, edit, delete) over the game."""
        from .entry import Request
        self._request = Request("browse")
        self.screens["entry"].reset()
        self.app.dirty = True

    def done_request(self) -> None:
        self._request = None
        self.app.dirty = True

    cancel = done_request

    # ------------------------------------------------------------------ the seam
    def screen(self, state: Any) -> Any:
        from . import facts
        game = self.app.game
        if game.is_over(state):
            return self.screens["over"]
        r = self._request
        if r is not None and (r.purpose == "browse" or r.state is state):
            return self.screens["entry"]
        self._request = None
        step = facts.step(state)
        if step == "headquarters":
            return self.screens["headquarters"]
        expect = self.app.expect()
        if step in ("starting", "leftover") or expect is not None and expect.action == "trajectory_card":
            return self.screens["entry"]
        if step == "pre-launch":
            return self.screens["round"]
        if step == "play":
            return self.screens["play"]
        return self.screens["turn"]

    def new_game_screen(self) -> Any:
        return self.screens["new_game"]

    def top_bar(self, ui: Any, rect: pygame.Rect, state: Any) -> None:
        """Whose step it is (disc with mark, name, phase) and the round."""
        from .panels import turn_line
        turn_line(ui, rect, self.app, state)

    def top_bar_key(self, state: Any) -> Any:
        """What :meth:`top_bar` shows: whose step, the step, the round."""
        from .panels import turn_words
        return turn_words(self.app, state)

    def describe_action(self, state: Any, action: Any) -> str:
        """``action`` in words, who first: "Anna: ends phase 2.2",
        "Winston: Play a Boost" (the Post-launch moves as their buttons say
        them, :func:`.moves.describe`; the others by what they do)."""
        from .moves import describe
        who = state.names[action.seat] if action.seat is not None else "The table"
        a = action.args
        card = a.get("card", {})
        name = card.get("name", "") if isinstance(card, dict) else card
        words = {"next": "next step", "launch": "launches",
                 "headquarters": f"keeps Headquarters {a.get('keep', '?')}",
                 "pick": f"picks {name}" + (f" (revealed card {a['slot']})" if "slot" in a else ""),
                 "leftover": f"{name} to the trajectories",
                 "starting": {"insight": f"{name} joins the Insight row", "revealed": f"{name} revealed",
                              "crew": f"recruits {name}", "module": f"attaches {name}",
                              "unplaced": f"keeps {name} unplaced (Headquarters 5)"}.get(a.get("place"), name),
                 "extra_card": "adds a card to the selection (Headquarters 8)",
                 "trajectory_card": "enters the Trajectory card",
                 "name_revealed": f"names revealed Space card {a.get('slot', '?')}: {a.get('name', '?')}",
                 "done": "done playing cards (2.1)" if state.step == "play" else f"ends phase 2.{state.sub}"
                 }.get(action.kind)
        if words is None:
            try:
                words = describe(self.app, action, state=state)
            except (KeyError, IndexError, AttributeError):   # a move the state no longer explains
                words = action.kind.replace("_", " ")
        return f"{who}: {words}"

    def new_period(self, events: tuple[Event, ...]) -> bool:
        """A round begins when its Space cards are revealed (or 2.1 starts with nobody in Pre-launch)."""
        return any(e.kind in ("round", "forced_launch") for e in events)


def make(app: Any) -> RaceToMarsUi:
    return RaceToMarsUi(app)

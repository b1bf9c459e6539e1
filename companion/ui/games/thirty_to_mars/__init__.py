"""30 to Mars's screens: New game (crew and Roles), the setup rolls, the card
to draw, the day (placing, the check, what happened), the end."""
from __future__ import annotations

from typing import Any

import pygame

from companion.rules.contract import Event

from .. import GameUi, Screens, made

#: the Special Abilities that change a check's dice or difficulty (Marsonaut Profiles)
ROLL_ABILITIES = frozenset({"reduce_difficulty", "double_die", "add_die", "reroll"})


class ThirtyToMarsUi(GameUi):
    """The day structure of 30 to Mars on the shell (see :class:`GameUi`)."""

    catalogue_kinds = ("event",)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.screens = Screens(new_game=made(f"{__name__}.newgame", "NewGameScreen", app),
                               setup=made(f"{__name__}.setup", "SetupScreen", app),
                               card=made(f"{__name__}.card", "CardScreen", app),
                               day=made(f"{__name__}.day", "DayScreen", app),
                               over=made(f"{__name__}.over", "OverScreen", app))

    def screen(self, state: Any) -> Any:
        """The end, the setup rolls, the card to draw (when a card is expected), else the day."""
        game = self.app.game
        if game.is_over(state):
            return self.screens["over"]
        if state.step == "setup":
            return self.screens["setup"]
        expect = game.expects(state)
        if expect is not None and expect.kind == "card":
            return self.screens["card"]
        return self.screens["day"]

    def automatic(self, state: Any) -> bool:
        """Nothing to decide: the start of the day (dawn), the check once its
        dice are in and no Special Ability can change its result (see
        :meth:`ability_could_change`) nor Stan's ward spare a Sanity loss it takes
        (:meth:`ward_could_spare`), production (resolved, or the demanded
        card to draw) and the end of the day."""
        if state.pending or state.result or state.step == "setup":
            return False
        if state.step in ("dawn", "resolved", "produced"):
            return True
        if state.step == "check":
            return not self.ability_could_change(state) and not self.ward_could_spare(state)
        return False

    def ward_could_spare(self, state: Any) -> bool:
        """True when the check's dice are in, it will take Sanity (``sanity_losers``) and Stan's ward is
        allowed now for one of those it hits ("Anytime during the game you can use this ability to prevent
        Sanity loss for any team member", Marsonaut Profiles: Stan): the check waits for NEXT, as the table
        sees the dice before the loss (a tester's finding: it resolved at the last die, Stan's friend lost
        the Sanity, and only Undo gave the table its moment back)."""
        game = self.app.game
        hit = set(game.sanity_losers(state))
        return bool(hit) and any(a.kind == "ability" and a.args.get("target") in hit
                                 and state.crew[a.args["who"]].profile.ability == "prevent_sanity_loss"
                                 for a in game.legal_actions(state))

    def ability_could_change(self, state: Any) -> bool:
        """True when a Special Ability the rules allow now (``legal_actions``)
        acts on the check's dice or difficulty (Larisa, Jean-Louis, John,
        Maria; not Stan's ward nor Dieter's re-draw) and could still turn the
        result: the chance with abilities (``check_odds``) beats the dice as
        they are. A check already passed, or one no ability can save, waits
        for nobody."""
        game = self.app.game
        if not any(a.kind == "ability" and state.crew[a.args["who"]].profile.ability in ROLL_ABILITIES
                   for a in game.legal_actions(state)):
            return False
        odds = game.check_odds(state)
        return odds is None or odds[1] > odds[0]

    def new_game_screen(self) -> Any:
        return self.screens["new_game"]

    def top_bar(self, ui: Any, rect: pygame.Rect, state: Any) -> None:
        """Day N / 30 and the ship's progress with the Accident days; a tap says the days in words."""
        from ...widgets import Hit
        from .chips import day_progress, show_days
        day_progress(ui, rect, state)
        ui.hits.append(Hit(pygame.Rect(rect), "Days", lambda: show_days(self.app)))

    def top_bar_key(self, state: Any) -> Any:
        """What :func:`.chips.day_progress` shows: setup or the day, and the Accident days."""
        return state.step == "setup", state.day, state.accident_days

    def new_period(self, events: tuple[Event, ...]) -> bool:
        """A new day starts "what happened today"."""
        return any(e.kind == "day" for e in events)

    def describe_action(self, state: Any, action: Any) -> str | None:
        """A drawn card whose catalogue entry was changed since it was drawn, said so: Undo and Redo take back
        and make again the move as it was made, with the card as it was entered then (a tester corrected a
        card after an Undo, and Redo silently brought the old one back). Else None: the draw's own event."""
        from companion.rules.thirty_to_mars.actions import DRAW
        from companion.rules.thirty_to_mars.model import EventCard
        if action.kind != DRAW:
            return None
        try:
            drawn = EventCard.from_json(action.args["card"])
            entry = self.app.catalogue("event").get(drawn.name)
            if entry is None or EventCard.from_json(entry).to_json() == drawn.to_json():
                return None
        except (KeyError, TypeError, ValueError):   # a catalogue entry that is not a whole card: nothing to say
            return None
        return (f"{drawn.colour.capitalize()} event: {drawn.name}, as entered then (the catalogue's {drawn.name} "
                f"was changed since: Undo, then pick it again to play it as it is now)")

    def describe(self, state: Any) -> dict[str, Any]:
        """The day, the step, the pending rolls and choices, where the crew stands."""
        return {"step": state.step, "day": state.day, "result": state.result,
                "pending": [[p.kind, p.purpose] for p in state.pending], "location": state.location,
                "placement": list(state.placement), "active": [m.active for m in state.crew]}


def make(app: Any) -> ThirtyToMarsUi:
    return ThirtyToMarsUi(app)

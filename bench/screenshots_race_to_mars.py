"""Screenshots of Race to Mars's screens at 800x480, 1280x720 and 720x1280
(``python bench/screenshots_race_to_mars.py [OUT_DIR]``, default
``docs/screenshots/race-to-mars``): New game, Headquarters, the Starting
cards, a Pre-launch turn, a Space card picked in the catalogue, a new card's
Crew ability, Rocket module and trajectory pages, 2.1 for everyone and a
card played, 2.2 Advance, a hazard, 2.4 Experience, a player's details, the
ranking. The game between the pictures is played with the engine's seeded
random moves (made-up cards: the rulebook prints none of the 100)."""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.catalogue import Catalogues  # noqa: E402
from companion.rules.race_to_mars import random_space_card  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.ui.driver import Driver, Shots, shoot_all  # noqa: E402

SIZES = ((800, 480), (1280, 720), (720, 1280))
GAME = "race-to-mars"
#: A few Space cards the table entered in an earlier game (the catalogue is never empty at a table for long).
KNOWN = ("Flight Surgeon", "Cargo Pod", "Navigator", "Heat Shield", "Test Pilot", "Fuel Tank", "Radio Operator",
         "Solar Array")


def shoot(out: Path, size: tuple[int, int]) -> list[Path]:
    tmp = Path(tempfile.mkdtemp())
    session = Session.open(tmp / "db.sqlite3")
    catalogues = Catalogues(tmp)
    rng = random.Random(11)
    cat = catalogues.get(GAME, "space")
    for name in KNOWN:
        card = random_space_card(rng, "both", name)
        card["trajectory"] = random_space_card(rng, "trajectory")["trajectory"]
        cat.add(card)
    pygame.display.set_mode(size)
    d = Driver(session, catalogues, size)
    shot = Shots(d, out, size)

    def play_until(done: Callable[[Any], bool], limit: int = 3000) -> bool:
        """Random legal moves until ``done(state)``; False if the game ended first."""
        for _ in range(limit):
            if done(session.state):
                d.app.dialog = None
                d.frame()
                return True
            if game.is_over(session.state):
                return False
            session.submit(game.random_action(session.state, rng))
        return False

    def editor_page(page: str) -> None:
        ed = d.app.current_screen().editor
        while ed is not None and ed.current() != page:
            d.tap("Next")

    d.tap("Race to Mars")
    d.tap("3 players")
    shot("01-new-game")
    d.tap("Start")
    game = session.game
    d.tap("HQ 10")
    d.tap("HQ 3")
    shot("02-headquarters")
    d.key("next")
    play_until(lambda s: s.step == "starting" and 0 < s.at < len(s.order))
    shot("03-starting-cards")
    play_until(lambda s: s.step == "pre-launch" and s.round >= 3 and s.picked == 0)
    shot("04-pre-launch")
    d.tap("Recruit to Crew deck")
    shot("05-pick-in-catalogue")
    d.tap("New card")
    d.tap("Next")
    for r in ("velocity", "wild"):
        d.tap(f"add {r}")
    shot("06-new-card-crew")
    d.tap("Next")
    d.tap("draw +")
    d.tap("xp +")
    d.tap("xp +")
    shot("07-new-card-effects")
    d.app.ui_for(GAME).cancel()
    d.frame()
    d.tap("Attach as module")
    d.tap("New card")
    editor_page("module")
    d.tap("free_advance")
    d.tap("protection red")
    shot("08-new-card-module")
    d.app.ui_for(GAME).cancel()
    if play_until(lambda s: s.step == "leftover"):
        d.tap("New card")
        editor_page("trajectory")
        for lane, items in enumerate((("fuel", "hull", "red"), ("navigation", "any"), ("velocity", "yellow", "fuel"),
                                      ("communication",))):
            d.tap(f"lane {lane + 1}")
            for x in items:
                d.tap(f"add {x}")
        d.tap("lane 3")
        shot("09-new-card-trajectory")
    play_until(lambda s: s.step == "play" and len(game.to_act(s).done) == 1  # a player with a card to play
               and any(a.kind == "play" for a in game.legal_actions(s)))
    shot("10-play-cards")
    plays = [n for n in d.names() if n.endswith(": play")]
    if plays:
        d.tap(plays[0])
        shot("11-play-which-card")
        d.app.close_dialog()
    if play_until(lambda s: s.step == "turn" and s.sub == 2 and not s.hazards and any(
            a.kind == "advance" for a in game.legal_actions(s))):
        shot("12-advance")
    if play_until(lambda s: s.step == "turn" and bool(s.hazards)):
        shot("13-hazard")
    if play_until(lambda s: s.step == "turn" and s.sub == 4 and any(a.kind == "insight"
                                                                     for a in game.legal_actions(s))):
        shot("14-experience")
    if not game.is_over(session.state):
        d.tap(game.seats(session.state)[0].name)
        shot("15-player")
        d.app.close_dialog()
    play_until(lambda s: game.is_over(s), limit=20000)
    d.frame()
    shot("16-over")
    session.close()
    return shot.saved


def main(argv: list[str]) -> int:
    return shoot_all(shoot, argv, "docs/screenshots/race-to-mars", SIZES)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

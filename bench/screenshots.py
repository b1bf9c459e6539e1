"""Save a screenshot of every screen at 800x480, 1280x720, 480x800 and 720x1280.

Run: ``SDL_VIDEODRIVER=dummy python bench/screenshots.py [OUT_DIR]``
(default ``docs/screenshots``). A scripted game is played through the app's
own buttons (in-process driver), and each screen is saved as
``<screen>-<W>x<H>.png``.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.catalogue import Catalogues  # noqa: E402
from companion.rules.contract import Action  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.ui.driver import Driver, Shots, shoot_all
from companion.ui.games.thirty_to_mars.scenarios import play_a_hungry_day  # noqa: E402

CARDS = [
    {"name": "Broken Pipe", "colour": "green", "difficulty": 7, "location": 4,
     "success": {"spares": 1}, "failure": {"oxygen": -2, "sanity": -1}},
    {"name": "Solar Flare", "colour": "green", "difficulty": 9, "location": 6,
     "success": {"repair_kit": 1}, "failure": {"health": -2, "workspace_breaks": 1}},
    {"name": "Lost Signal", "colour": "green", "difficulty": None, "location": 1,
     "success": {"any_resource": 2}, "failure": {"fuel": -2}},
    {"name": "Hull Breach", "colour": "red", "difficulty": 12, "location": 3,
     "failure": {"oxygen": -3, "health": -2, "workspace_breaks": 2}},
    {"name": "Meteor Shower", "colour": "red", "difficulty": None, "location": None,
     "success": {"repair_kit": 1}, "failure": {"spares": -2, "workspace_breaks": 1},
     "inevitable_negative": {"sanity": -1}},
]


SIZES = ((800, 480), (1280, 720), (480, 800), (720, 1280))


def shoot(out: Path, size: tuple[int, int]) -> list[Path]:
    tmp = Path(tempfile.mkdtemp())
    session = Session.open(tmp / "db.sqlite3")
    catalogues = Catalogues(tmp)
    for c in CARDS:
        catalogues.get("thirty-to-mars", "event").add(c)
    pygame.display.set_mode(size)
    d = Driver(session, catalogues, size)
    shot = Shots(d, out, size)

    shot("00-picker")
    d.tap("30 to Mars")
    for n in ("Larisa", "Jean-Louis", "Maria"):
        d.tap(n)
    shot("01-new-game")
    d.tap("John")
    d.tap("Start")
    for f in (3, 5, 6, 2):
        d.roll(f)
    shot("02-setup")
    for f in (4, 6, 1, 3, 2, 3):
        d.roll(f)
    shot("04-card-list")  # the start of the day ran on its own
    d.tap("New card")
    for k in "SOLAR":
        d.tap(f"key {k}")
    d.tap("key space")
    for k in "WIND":
        d.tap(f"key {k}")
    shot("05-card-name")
    d.tap("NEXT")
    d.tap("difficulty +")
    for _ in range(7):
        d.tap("difficulty +")
    d.tap("location 5")
    shot("06-card-numbers")
    d.tap("NEXT")
    d.tap("food amount")
    d.tap("2")
    shot("23-number-pad")
    d.tap("Done")
    d.tap("repair_kit amount")
    d.tap("1")
    d.tap("Done")
    shot("07-card-result")
    d.tap("Back page")
    d.tap("Back page")
    d.tap("Back page")
    d.tap("Broken Pipe")
    d.tap("Maria")
    shot("08-place")
    d.tap("Card")
    shot("18-card-results")
    d.tap("Close")
    d.key("next")  # nobody in the event Bay yet: NEXT asks before skipping
    shot("19-skip-confirm")
    d.tap("Cancel")
    d.tap("bay 4")
    d.tap("bay 4")
    d.tap("bay 6")
    d.tap("bay 5")
    shot("09-place-done")
    d.tap("bay 4")  # John is selected again: Cargo full? shows a rejection or moves him
    d.key("next")
    d.roll(2)
    shot("10-check-rolling")
    d.tap("Fix roll")
    shot("20-fix-roll")
    d.tap("Cancel")
    d.roll(4)
    if session.state.step == "check":  # a Special Ability could still change it: the table decides
        shot("11-check-rolled")
        d.key("next")
    if session.state.pending:
        shot("14-choice")
        d.tap([n for n in d.names() if n.startswith("option ")][0])
    shot("12-next-day")  # resolved, produced, the day ended and the next began on their own
    d.tap("Yesterday")
    shot("13-yesterday")
    d.tap("Close")
    d.tap("Search")
    d.tap("key M")
    shot("24-search")
    d.tap("Search")  # day 2 is an Accident day
    d.tap("Meteor Shower")  # an Accident day card: its Bay and difficulty are rolled
    shot("22-accident-roll")
    d.key("back")  # back to the card of day 2
    play_a_hungry_day(session)
    d.key("next")
    shot("21-morning")
    d.tap("Solar Flare")
    d.app.message = None
    d.tap("Maria")  # Knocked Out this morning: refused, with the rule
    shot("25-place-refused")
    from companion.ui.screens.chrome import message_box
    if d.app.message is not None and message_box(d.app.layout, d.app)[2] is not None:
        d.app._tap(message_box(d.app.layout, d.app)[2].center)
        shot("26-rulebook")
        d.tap("Close")
    d.app.message = None
    d.frame()
    d.tap("Repair Kits")  # no Repair Kit: the rules' refusal, with its section
    shot("27-repair-refused")
    d.app.message = None
    d.frame()
    d.tap("Odds")
    shot("28-odds")
    d.tap("Close")
    d.key("back")
    # a rejection with its rule: Sanity 10 is needed for an ability
    r = session.game.check(session.state, Action("ability", {"who": 0}))
    d.app.reject(r)
    shot("15-rejection")
    d.app.say("The die shows 4, but no roll is expected now: ignored.", "note")
    d.app.close_dialog()
    d.tap("New game")
    shot("16-dialog")
    d.tap("Cancel")
    # play on to the end with the rules' random moves
    import random
    rng = random.Random(4)
    game = session.game
    while not game.is_over(session.state):
        session.submit(game.random_action(session.state, rng))
    d.app.message = None
    shot("17-over")
    session.close()
    return shot.saved


def main(argv: list[str]) -> int:
    return shoot_all(shoot, argv, "docs/screenshots", SIZES)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Screenshots of Mission to Mars 2049's screens at 800x480, 1280x720 and
720x1280 (``python bench/screenshots_mission_to_mars_2049.py [OUT_DIR]``,
default ``docs/screenshots/mission-to-mars-2049``): the game picker, New
game, the roll-off, a turn, a move's question, a player's details, the end,
a turn with every kind of move (the buttons beside "I'm done!"), the
Productivity Mission offered off turn before a roll, the Play Mission list
(paged) and the 3.6.4 warning before a Station at the newest Base."""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.catalogue import Catalogues  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.ui.driver import Driver, Shots, shoot_all  # noqa: E402

SIZES = ((800, 480), (1280, 720), (720, 1280))


def shoot(out: Path, size: tuple[int, int]) -> list[Path]:
    tmp = Path(tempfile.mkdtemp())
    session = Session.open(tmp / "db.sqlite3")
    pygame.display.set_mode(size)
    d = Driver(session, Catalogues(tmp), size)
    shot = Shots(d, out, size)

    d.tap("Mission to Mars 2049")
    shot("01-new-game")
    d.tap("Start")
    shot("02-roll-off")
    for face in (2, 1):
        d.roll(face)
    rng = random.Random(3)
    game = session.game
    while session.seq < 140 or game.phase(session.state) != "main":
        session.submit(game.random_action(session.state, rng))
    d.frame()
    shot("03-turn")
    moves = [n for n in d.names() if n in ("Station", "Trade", "Base", "Play Mission")]
    if moves:
        d.tap(moves[0])
        shot("04-question")
        d.app.close_dialog()
        d.frame()
    d.tap(game.seats(session.state)[0].name)
    shot("05-player")
    d.app.close_dialog()
    d.frame()
    session._states[-1] = _busy(session.state)  # a built state: every kind of move at once
    d.frame()
    shot("07-busiest-turn")
    d.tap("Base")
    shot("08-base-where")
    d.app.close_dialog()
    d.frame()
    if "Play Mission" not in d.names():
        d.tap("More")
    d.tap("Play Mission")  # a long list: paged with More..., Cancel on screen, the kinds in fixed places
    shot("10-play-mission")
    d.app.close_dialog()
    d.frame()
    d.tap("Station")  # at the newest Base: the 3.6.4 warning before the Station is built
    while d.app.dialog is not None and "Build anyway" not in [x for x, _ in d.app.dialog.options]:
        tappable = [x for x, cb in d.app.dialog.options if cb is not None]
        d.tap(next((x for x in tappable if "newest" in x), tappable[0]))
    shot("11-base-warning")
    d.app.close_dialog()
    d.frame()
    session._states[-1] = _before_the_roll(session.state)  # another player may play Productivity
    d.frame()
    shot("09-productivity-before-the-roll")
    while not game.is_over(session.state):
        session.submit(game.random_action(session.state, rng))
    d.frame()
    shot("06-over")
    session.close()
    return shot.saved


def _busy(state):
    """The current player's main phase after an Air roll, rich, with tokens, Mission Cards and a Station
    at the newest Base; the others holding Air to change off turn."""
    from companion.rules.mission_to_mars_2049.model import replace, set_colony, with_map
    cur = state.current
    c = state.colonies[cur]
    bases = min(4, max(2, c.bases))
    extra = c.stations + ((0, cur, bases),)  # a Station more than the First Base's three: Base asks where (Q.2)
    state = set_colony(state, cur, with_map(replace(c, cards=(20, 20, 20), tok3=(1, 1, 1), roads=3, peaceful=1,
                                                    aggressive=1, supply=(c.supply[0] - 1, *c.supply[1:])),
                                            bases=bases, stations=extra))
    for i, o in enumerate(state.colonies):
        if i != cur:
            state = set_colony(state, i, replace(o, cards=(9, 4, 4)))
    return replace(state, phase="main", produced=0, face=state.faces.index("air") + 1, bought=False,
                   played=False)


def _before_the_roll(state):
    """The current player's roll awaited, the next player holding a Peaceful card (Productivity,
    "Play at any time you wish")."""
    from companion.rules.mission_to_mars_2049.model import replace, set_colony
    nxt = (state.current + 1) % len(state.seats)
    state = set_colony(state, nxt, replace(state.colonies[nxt], peaceful=1))
    return replace(state, phase="roll", produced=-1, face=0, played=False)


def main(argv: list[str]) -> int:
    return shoot_all(shoot, argv, "docs/screenshots/mission-to-mars-2049", SIZES)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

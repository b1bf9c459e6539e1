"""Mission to Mars 2049 end to end through the running app (issue: "An
end-to-end test plays a whole 2-player game through the running app loop,
headless: die faces written to a pty, mock GPIO presses for NEXT, taps for
the rest, a kill -9 midway and a resume, to the H2O Station").

Source: shared/rules/mission-to-mars-2049.txt (3.4.1 Always start your game
turn with rolling the Die; 3.4.2 ... "I'm done!"; 1.2.5 H2O Station).
"""
from __future__ import annotations

import random

import pytest

from companion.rules import Action
from companion.ui.games.mission_to_mars_2049.labels import KINDS

from .apprun import RunningApp, names

GAME = "mission-to-mars-2049"
#: The move buttons in the order a player racing to the pole taps them.
EAGER = [KINDS[k][0] for k in ("build_h2o", "build_road", "build_base", "take", "rob", "protect", "build_lab",
                               "trade", "build_station", "buy", "play", "to_token", "to_cards")] + ["Grand Theft"]


def play(app: RunningApp, die, rng: random.Random, until_seq: int | None = None) -> dict:
    """Play by the screen until the game is over (or the log reaches ``until_seq``):
    rolls on the die, NEXT ("I'm done!") on the GPIO button, taps for the rest."""
    for _ in range(6000):
        s = app.state()
        if s["over"] or (until_seq is not None and s["seq"] >= until_seq and not s["dialog"]):
            return s
        seq = s["seq"]
        if s["dialog"]:
            app.tap(rng.choice([o for o in s["dialog_options"] if o != s["dialog_cancel"]]))
        elif s["expects"] == "roll":
            die.send_line(f"ROLL {rng.choice((1, 2, 3, 1, 2, 3, 4, 5, 6))}")
            app.wait(lambda t: t["seq"] != seq, "the roll to land")
        else:
            moves = [m for m in EAGER if m in names(s)]
            if moves and (rng.random() < 0.8 or "I'm done" not in names(s)):
                app.tap(moves[0] if rng.random() < 0.6 else rng.choice(moves))
            else:
                app.press("next")
                app.wait(lambda t: t["seq"] != seq or t["message"], "NEXT: I'm done")
    raise AssertionError("the game did not end")


@pytest.mark.timeout(240)
def test_a_whole_two_player_game_through_the_running_app(tmp_path):
    from hw.mock import DieSimulator

    from companion.session import Session
    rng = random.Random(49)
    with DieSimulator(seed=1) as die, RunningApp(tmp_path, die.path) as app:
        app.start("--game", GAME)
        s = app.state()
        assert s["screen"] == "new_game"
        app.tap("2 players")
        app.tap("Start")
        s = app.wait(lambda t: t["screen"] == "turn" and t["game"] == GAME, "the game to start")
        assert s["expects"] == "roll" and "face 1" in names(s)
        s = play(app, die, rng, until_seq=120)
        seq_before = s["seq"]
        app.kill()                               # kill -9 midway
        app.start()                              # no --game: resumes the game played last
        s = app.state()
        assert s["game"] == GAME and s["seq"] == seq_before and s["screen"] == "turn"
        s = play(app, die, rng)
        assert s["screen"] == "over" and "New game" in names(s)
        assert app.stop() == 0
    with Session.open(tmp_path / "db.sqlite3") as session:
        game, state = session.game, session.state
        result = game.result(state)
        assert session.game_id == GAME and game.is_over(state)
        assert len(result.winners) == 1 and result.ranking[0].seat == result.winners[0]
        log = [e for e in session.log() if not e.undone]
        kinds = [e.action.kind for e in log]
        assert kinds.count("roll") >= 10 and "done" in kinds and kinds[-1] == "build_h2o"  # 1.2.5: the win
        assert all(e.action.seat is not None or e.action.kind == "correct_roll" for e in log)
        assert game.check(state, Action("done", {}, 0)) is not None  # the game is over: nothing more


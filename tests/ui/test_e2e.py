"""End to end: a whole game of 30 to Mars through the running app (the real
loop, in a subprocess), with mock GPIO presses, rolls written to a pty die,
and taps as synthetic pygame events; killed with SIGKILL midway and
restarted, the game resumes; SIGTERM ends it cleanly; the final state and
the log are checked through a Session on the same database."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from companion.rules.contract import Action

from .apprun import KIOSK_ENV
from .conftest import CARDS

CREW = ("Larisa", "Stan", "John", "Maria")
ROLL_KINDS = ("roll", "correct_roll")  # the actions that carry a face of the die


class App:
    """The app in a subprocess with its control channel."""

    def __init__(self, tmp_path, die_path):
        self.tmp = tmp_path
        self.die_path = die_path
        self.proc = None
        self.client = None

    def start(self, game=None):
        """Start ``companion play`` (``--game game`` if given, else it resumes the open game)."""
        from companion.ui.control import Client
        sock = str(self.tmp / "control.sock")
        env = dict(os.environ, **KIOSK_ENV, COMPANION_CONTROL=sock, SDL_VIDEODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "--db", str(self.tmp / "db.sqlite3"), "--hw", "mock",
             "--die", self.die_path, "--size", "800x480", *(["--game", game] if game else [])],
            env=env, stderr=open(self.tmp / "stderr.txt", "ab"))
        self.client = Client(sock, timeout_s=20)
        self.wait(lambda s: s["die"]["connected"], "the die to connect")

    def call(self, **req):
        reply = self.client.call(**req)
        assert "error" not in reply, reply
        return reply

    def state(self):
        return self.call(cmd="state")

    def wait(self, cond, what, timeout=10.0):
        deadline = time.monotonic() + timeout
        while True:
            s = self.state()
            if cond(s):
                return s
            if time.monotonic() > deadline:
                shown = json.dumps({k: v for k, v in s.items() if k != 'buttons'})[:900]
                raise AssertionError(f"timed out waiting for {what}: {shown}")
            time.sleep(0.005)

    def tap(self, name):
        return self.call(cmd="tap", name=name)

    def press(self, button="next", hold_s=0.035):
        return self.call(cmd="press", button=button, hold_s=hold_s)


def names(s):
    return [b["name"] for b in s["buttons"]]


def play(app, die, rng, stop_day=None, extras=None):
    """Play until the game ends (or the card of day ``stop_day`` - 1); returns the last state."""
    placed_for = None
    while True:
        s = app.state()
        if s["screen"] == "over":
            return s
        if stop_day is not None and s.get("step") == "draw" and s.get("day") == stop_day - 1:
            return s
        if s["dialog"] and "Nobody works on the problem" in s["dialog"]:
            seq = s["seq"]
            app.press("next")  # NEXT again confirms skipping the event
            app.wait(lambda t: t["seq"] != seq, "the second NEXT to skip the event")
            continue
        if s["screen"] == "new_game":
            for n in CREW:
                app.tap(n)
            app.tap("Start")
            continue
        pending = s["pending"]
        if pending and pending[0][0] == "roll":
            seq = s["seq"]
            die.roll(rng.randint(1, 6))
            s = app.wait(lambda t: t["seq"] != seq, "the die roll to land")
            if extras is not None and "fix" not in extras and s["can_fix_roll"] and s["screen"] == "day":
                app.tap("Fix roll")
                app.tap("3")
                extras.add("fix")
            continue
        if pending and pending[0][0] == "choose":
            app.tap([n for n in names(s) if n.startswith("option ")][0])
            continue
        if s["screen"] == "card":
            chrome = {"Undo", "Redo", "New game", "Fix roll", "New card", "Previous page", "Next page", "Search",
                      "Edit cards", "Alerts"}
            app.tap(rng.choice([n for n in names(s) if n not in chrome]))
            continue
        if s["step"] == "place" and placed_for != (s["day"], s["seq"]) and all(b == 0 for b in s["placement"]):
            loc = s["location"]
            others = [b for b in (5, 6, 1, 4) if b != loc]
            active = [i for i, a in enumerate(s["active"]) if a]
            for k, i in enumerate(active):
                app.tap(CREW[i])
                app.tap(f"bay {loc if k < 2 else others[k - 2]}")
            placed_for = (s["day"], app.state()["seq"])
            continue
        if extras is not None and "undo" not in extras and s["step"] == "place" and s["seq"] > 12:
            seq = s["seq"]  # the last placement: BACK takes it back, holding BACK puts it back
            app.press("back")
            app.wait(lambda t: t["seq"] == seq - 1, "BACK to undo")
            app.press("back", hold_s=1.3)  # hold BACK: redo
            app.wait(lambda t: t["seq"] == seq, "hold BACK to redo")
            extras.add("undo")
        seq = s["seq"]
        app.press("next")
        app.wait(lambda t: t["seq"] != seq or t["message"] or t["dialog"], "NEXT")


@pytest.mark.timeout(120)
def test_whole_game_through_the_app(tmp_path):
    from companion.catalogue import Catalogues
    from companion.session import Session
    from hw.mock import DieSimulator

    cat = Catalogues(tmp_path).get("thirty-to-mars", "event")
    for c in CARDS:
        cat.add(c)
    rng = random.Random(30)
    extras: set[str] = set()
    with DieSimulator(seed=1) as die:
        app = App(tmp_path, die.path)
        try:
            app.start("thirty-to-mars")
            s = play(app, die, rng, stop_day=12, extras=extras)
            assert s["day"] == 11 and s["step"] == "draw"  # the start of the day ran on its own
            seq_before = s["seq"]
            app.proc.send_signal(signal.SIGKILL)
            app.proc.wait(10)
            app.client.close()
            app.start()  # resumes the open game
            s = app.state()
            assert (s["day"], s["step"], s["seq"]) == (11, "draw", seq_before)
            s = play(app, die, rng, extras=extras)
            assert s["screen"] == "over"
            app.proc.send_signal(signal.SIGTERM)
            assert app.proc.wait(10) == 0
        finally:
            if app.proc is not None and app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait(10)
            if app.client is not None:
                app.client.close()
    assert {"fix", "undo"} <= extras
    with Session.open(tmp_path / "db.sqlite3") as session:
        state = session.state
        print(f"result {state.result} on day {state.day}, {len(session.log())} logged actions")
        assert state.result in ("won", "lost")
        if state.result == "won":
            assert state.day == 30
        log = session.log()
        kinds = [e.action.kind for e in log if not e.undone]
        assert sum(kinds.count(k) for k in ROLL_KINDS) >= 10 + 1 and "correct_roll" in kinds
        assert "draw" in kinds and "place" in kinds
        # every day played: its start, the placement confirmed (or the event skipped), production and its end
        assert kinds.count("next") >= 3 * state.day, (kinds.count("next"), state.day)
        assert kinds.count("draw") >= state.day
        assert session.game.check(state, Action("next")) is not None  # the game is over

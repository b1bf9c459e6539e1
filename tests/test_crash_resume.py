"""A power cut in the middle of a game loses nothing that was shown.

A child process plays a seeded game through a Session, printing each seq
only after ``submit`` returned (i.e. what a screen could have shown). The test
SIGKILLs it mid-game, reopens the file and checks that the game resumes at
the last committed action, exactly, and can be played on to its end.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.rules import Action, get_game, replay
from companion.session import Session

pytestmark = pytest.mark.timeout(90)

GAME = "thirty-to-mars"
OPTIONS = {"crew": ["larisa", "stan", "john", "maria"],
           "roles": ["Navigator", "Administrator", "Operator", "Coordinator"], "tutorial": False}
REPO = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, random, sys, time
from companion.session import Session

db, seed, options = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
session = Session.open(db)
session.new_game("thirty-to-mars", options)
rng = random.Random(seed)
print("ready", flush=True)
while not session.game.is_over(session.state):
    outcome = session.submit(session.game.random_action(session.state, rng))
    assert outcome.accepted, outcome
    print(session.seq, flush=True)   # shown only after the commit
    time.sleep(0.002)
print("over", flush=True)
"""


def seeded_actions(seed: int, n: int) -> list[Action]:
    """The first ``n`` actions the child plays with ``seed`` (same generator, same states)."""
    game = get_game(GAME)
    rng = random.Random(seed)
    state = game.new_game(OPTIONS)
    out = []
    for _ in range(n):
        action = game.random_action(state, rng)
        out.append(action)
        state, _ = game.apply(state, action)
    return out


def game_length(seed: int) -> int:
    """How many actions the child's seeded game takes to its end."""
    game = get_game(GAME)
    rng = random.Random(seed)
    state, n = game.new_game(OPTIONS), 0
    while not game.is_over(state):
        state, _ = game.apply(state, game.random_action(state, rng))
        n += 1
    return n


def run_and_kill(db: Path, seed: int, kill_after: int) -> int:
    """Start the child, SIGKILL it once it has shown ``kill_after`` actions; returns the
    last seq it printed (read after the kill too: lines still in the pipe were shown)."""
    import json

    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(seed), json.dumps(OPTIONS)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    shown = 0
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        deadline = time.monotonic() + 60
        while shown < kill_after:
            line = child.stdout.readline().strip()
            assert line and line != "over", f"child ended before the kill: {line!r} {child.stderr.read()}"
            shown = int(line)
            assert time.monotonic() < deadline
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        for line in child.stdout.read().split():  # printed before the kill but not read yet (a busy machine)
            if line.isdigit():
                shown = int(line)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(10)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    return shown


@pytest.mark.parametrize("seed, fraction", [(1, 0.2), (2, 0.5), (3, 0.8)])
def test_sigkill_mid_game_resumes_at_last_commit(tmp_path, seed, fraction):
    db = tmp_path / "companion.sqlite3"
    length = game_length(seed)
    kill_after = max(1, int(length * fraction))
    assert kill_after < length - 1  # the kill lands in the middle of the game
    shown = run_and_kill(db, seed, kill_after)
    assert Path(f"{db}-wal").exists()  # killed with its WAL not checkpointed

    with Session.open(db) as session:
        assert session.notice is None and session.has_game and session.status == "open"
        logged = [entry.action for entry in session.log()]
        assert not any(entry.undone for entry in session.log())
        # nothing shown was lost; at most the action in flight was also committed
        assert shown <= len(logged) <= shown + 1
        assert session.seq == len(logged)
        # the log is exactly what the child played, and the state is its exact replay
        assert logged == seeded_actions(seed, len(logged))
        game = session.game
        assert session.state == replay(game, OPTIONS, logged)

        # and the table plays on to the end
        rng = random.Random(seed + 1000)
        while not game.is_over(session.state):
            outcome = session.submit(game.random_action(session.state, rng))
            assert outcome.accepted, outcome.rejection
        assert session.status == "over" and game.outcome(session.state) in ("won", "lost")
        final = session.state
        total = session.seq

    with Session.open(db) as again:
        assert again.state == final and again.seq == total and again.status == "over"

"""A move and the steps it sets off are one transaction (issue 13, item 5):
:meth:`Session.batch` commits once, tells the screen only after the commit,
and a crash or a failed commit in the middle leaves a consistent log: the
game as it was before the batch, which replays to the state resumed."""
from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from companion.rules import get_game
from companion.session import Session

GAME = "thirty-to-mars"


def commits(session: Session) -> list[str]:
    """The COMMIT statements the session's store runs from now on (SQLite's own trace)."""
    seen: list[str] = []
    session.store._conn.set_trace_callback(lambda sql: seen.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return seen


def started(path, n: int = 12, seed: int = 3) -> Session:
    """A session on ``path`` with a 30 to Mars game of ``n`` seeded random actions."""
    s = Session.open(path)
    game = get_game(GAME)
    s.new_game(GAME, game.default_options(None, seed))
    rng = random.Random(seed)
    while s.seq < n:
        assert s.submit(game.random_action(s.state, rng)).accepted
    return s


def test_a_batch_commits_once_and_tells_after_the_commit(tmp_path):
    s = started(tmp_path / "db.sqlite3")
    game, rng = s.game, random.Random(5)
    told: list[int] = []
    s.subscribe(lambda state, events: told.append(s.store._conn.in_transaction))
    seen = commits(s)
    with s.batch() as batch:
        for _ in range(4):
            assert s.submit(game.random_action(s.state, rng)).accepted
        assert s.undo().accepted and s.redo().accepted
        assert told == [], "the screen was told before the commit"
    assert batch.error is None
    assert len(seen) == 1, f"{len(seen)} commits for one batch"
    assert told == [False] * 6, "every change told once, after the commit"
    s.close()
    with Session.open(tmp_path / "db.sqlite3") as again:
        assert again.seq == 16


def test_a_failed_commit_keeps_the_game_as_it_was(tmp_path):
    s = started(tmp_path / "db.sqlite3")
    before, seq = s.state, s.seq
    told = []
    s.subscribe(lambda state, events: told.append(events))
    real = s.store._conn

    class CommitFails:  # the disk fails at the batch's commit
        def __getattr__(self, name):
            return getattr(real, name)

        def execute(self, sql, *args):
            if sql == "COMMIT":
                raise sqlite3.OperationalError("disk I/O error")
            return real.execute(sql, *args)

    s.store._conn = CommitFails()
    rng = random.Random(5)
    with s.batch() as batch:
        assert s.submit(s.game.random_action(s.state, rng)).accepted
        assert s.submit(s.game.random_action(s.state, rng)).accepted
    s.store._conn = real
    assert batch.error is not None and "disk I/O error" in batch.error
    assert (s.seq, s.state) == (seq, before) and told == []
    assert not real.in_transaction
    assert s.submit(s.game.random_action(s.state, random.Random(5))).accepted, "play goes on"
    s.close()


CHILD = textwrap.dedent("""
    import os, random, sys
    from companion.session import Session
    s = Session.open(sys.argv[1])
    rng = random.Random(11)
    with s.batch():
        for _ in range(5):
            assert s.submit(s.game.random_action(s.state, rng)).accepted
        assert s.undo().accepted
        s.store._conn.execute("PRAGMA cache_spill=1")  # what is written so far may reach the -wal file
        print(s.seq, flush=True)
        os.kill(os.getpid(), 9)  # a power cut in the middle of the batch
""")


@pytest.mark.timeout(60)
def test_a_crash_in_the_middle_of_a_batch_leaves_the_log_as_before(tmp_path):
    db = tmp_path / "db.sqlite3"
    s = started(db)
    seq, state = s.seq, s.state
    s.store.close()  # not Session.close: no snapshot taken at close, as after a crash
    out = subprocess.run([sys.executable, "-c", CHILD, str(db)], capture_output=True, text=True, timeout=60)
    assert out.returncode == -9, out.stderr
    assert int(out.stdout.split()[0]) == seq + 4, "the child got into the batch"
    with Session.open(db) as again:
        assert again.notice is None
        assert again.seq == seq and again.state == state, "the batch's half is not in the log"
        ok = again.store._conn.execute("PRAGMA quick_check").fetchall()
        assert ok == [("ok",)]
        from companion.rules.contract import replay
        actions = [e.action for e in again.log() if not e.undone]
        assert replay(again.game, again.options, actions) == again.state
        assert again.submit(again.game.random_action(again.state, random.Random(2))).accepted

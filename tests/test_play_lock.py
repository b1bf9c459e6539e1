"""One companion plays on a saved games file; a second one started on it only looks (a hostile tester's finding:
two ``companion play`` on one file each started their own game, and the second's moves were refused with
SQLite's "UNIQUE constraint failed: actions.game, actions.seq", words no table can act on). Real processes, real
files: the lock is a ``flock`` the kernel lets go when its process ends, a kill -9 too."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from companion.rules import GAMES
from companion.rules.contract import Action
from companion.session import Session
from companion.store import READ_ONLY_LEAD, claim_for_play

HOLD = "import sys, time; from companion.store import claim_for_play; fd, taken = claim_for_play(sys.argv[1]); " \
       "print('taken' if taken else 'held', flush=True); time.sleep(60)"


def holder(path):
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert proc.stdout.readline().strip() == "held"
    return proc


@pytest.mark.timeout(30)
def test_a_second_companion_on_one_file_only_looks_until_the_first_ends(tmp_path):
    path = tmp_path / "g.sqlite3"
    with Session.open(path) as s:
        s.new_game("mission-to-mars-2049", GAMES["mission-to-mars-2049"].default_options(3, 1))
    proc = holder(path)
    try:
        fd, taken = claim_for_play(path)
        assert fd is None and f"process {proc.pid}" in taken, taken
        with Session.open(path, taken=taken) as s:
            assert s.has_game and s.notice.startswith(READ_ONLY_LEAD) and f"process {proc.pid}" in s.notice
            out = s.submit(Action("roll", {"face": 3}, 0))
            assert not out.accepted and f"process {proc.pid}" in out.rejection.message, out
            assert not s.store.retry_writable(), "the file is the other companion's while it plays"
            assert s.seq == 0
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    fd, taken = claim_for_play(path)  # the kill -9 let it go
    try:
        assert fd is not None and taken is None
    finally:
        os.close(fd)


@pytest.mark.timeout(60)
def test_companion_play_on_a_file_another_companion_plays_on_says_so(tmp_path):
    from tests.ui.apprun import RunningApp
    proc = holder(tmp_path / "db.sqlite3")
    try:
        with RunningApp(tmp_path, "none") as app:
            app.start("--game", "mission-to-mars-2049", wait_die=False)
            s = app.state()
            assert s["dialog"] == "Before you play", s
            app.tap("Close")
            assert app.state()["screen"] == "new_game"
            app.tap("Start")
            s = app.state()
            assert not s["has_game"] and READ_ONLY_LEAD in s["message"] and f"process {proc.pid}" in s["message"], s
            assert app.stop() == 0
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)


def test_a_file_system_without_locks_is_not_another_companion(tmp_path, monkeypatch):
    """flock failing for another reason than a holder (ENOLCK on some network file systems) must not say that
    another companion plays: no lock, and the store opens as it would have."""
    import errno
    import fcntl

    def no_locks(fd, op):
        raise OSError(errno.ENOLCK, "No locks available")
    monkeypatch.setattr(fcntl, "flock", no_locks)
    assert claim_for_play(tmp_path / "g.sqlite3") == (None, None)

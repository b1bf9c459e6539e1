"""A look at the saved games file (``companion status``, ``log``, ``games``) leaves the folder as it found it (a
play tester's finding: each look left an empty ``-wal`` and a ``-shm`` beside a file that had none, which SQLite's
read-only connection makes and never removes). Real SQLite files, the real CLI entry point, a real second process
that plays on the file while it is looked at."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

from .test_faults_store import _digest, _played

pytestmark = pytest.mark.timeout(30)

LOOKS = (["status"], ["status", "--json"], ["log"], ["log", "--json"], ["games"], ["games", "--json"])

#: plays one move on the file argv[1] and keeps it open (its -wal and -shm beside it), as a running companion does
PLAYING = """
import random, sys, time
from companion.rules import GAMES
from companion.session import Session
from companion.store import claim_for_play
fd, taken = claim_for_play(sys.argv[1])
s = Session.open(sys.argv[1])
rng = random.Random(5)
for _ in range(50):
    action = s.game.random_action(s.state, rng)
    if s.game.apply(s.state, action)[0] != s.state and s.submit(action).accepted:
        break
print(s.seq, flush=True)
time.sleep(60)
"""


def _folder(path: Path) -> dict[str, str]:
    return {p.name: _digest(p) for p in sorted(path.iterdir())}


def test_status_log_and_games_leave_the_folder_as_they_found_it(tmp_path, capsys):
    """A file stopped cleanly (no -wal, no -shm beside it): every look reads it whole and leaves no file behind."""
    db = tmp_path / "companion.sqlite3"
    _, seq = _played(db, 8)
    before = _folder(tmp_path)
    assert list(before) == ["companion.sqlite3"]
    for look in LOOKS:
        assert main([*look, "--db", str(db)]) == 0, look
        out = capsys.readouterr().out
        if look == ["log", "--json"]:
            assert len(json.loads(out)["actions"]) == seq
        assert _folder(tmp_path) == before, look
    with pytest.raises(FileNotFoundError):  # and play goes on as before: its own -wal while it is open
        Path(f"{db}-wal").stat()


def test_a_look_while_another_companion_plays_reads_its_journal_and_leaves_its_files(tmp_path, capsys):
    """Another process plays on the file (its move only in the -wal, its -shm beside it): the look reads that move
    through SQLite's shared index, as before, and neither removes nor changes the player's files."""
    db = tmp_path / "companion.sqlite3"
    _, seq = _played(db, 8)
    proc = subprocess.Popen([sys.executable, "-c", PLAYING, str(db)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        assert int(proc.stdout.readline()) == seq + 1
        wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
        assert wal.stat().st_size > 0 and shm.exists()
        journal = _digest(wal)
        for look in LOOKS:
            assert main([*look, "--db", str(db)]) == 0, look
            out = capsys.readouterr().out
            if look == ["status", "--json"]:
                assert json.loads(out)["actions"] == seq + 1, out  # the move in the player's -wal is seen
            assert wal.exists() and shm.exists() and _digest(wal) == journal, look
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)

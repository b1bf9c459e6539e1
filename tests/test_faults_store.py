"""Faults of the saved games file (issue: the fault campaign on the session and the store).

Real parts: real SQLite files, real FIFOs (``os.mkfifo``), the real CLI entry
point. Two things cannot be had for real in a test run as root without
mounting anything, and are emulated as closely as SQLite allows:

- A read-only file: root writes through ``chmod``, so ``os.access`` (what the
  store asks, and what says False on a read-only mount too) is made to answer
  as it would for the kiosk's unprivileged user; the file itself is also
  ``chmod 444`` and must come out byte for byte the same. A second test runs
  the store as the user ``nobody`` where that is possible.
- A full disk: every connection the store makes gets ``PRAGMA max_page_count``
  set to the file's current page count, so any write that needs a new page
  fails inside SQLite with the very error a full disk gives (``SQLITE_FULL``,
  "database or disk is full"); "space is back" lifts the limit on every live
  connection. A second test makes ``os.statvfs`` report no free blocks, which
  is what the store looks at for a real disk.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import companion.store as store_mod
from companion.cli import main
from companion.rules import GAMES
from companion.session import Session
from companion.store import ReadOnlyError, StoreError
from companion.times import local_time

pytestmark = pytest.mark.timeout(20)

GAME_ID = sorted(GAMES)[0]  # any registered game: these faults are the store's, not a game's


def _legal(s: Session, rng: random.Random):
    """A legal move of the shown game that changes its state."""
    for _ in range(50):
        action = s.game.random_action(s.state, rng)
        if s.game.apply(s.state, action)[0] != s.state:
            return action
    raise AssertionError("no move that changes the state")


def _played(db: Path, n: int = 6, seed: int = 3) -> tuple[object, int]:
    """A game with ``n`` moves saved in ``db``; returns (state, seq)."""
    rng = random.Random(seed)
    with Session.open(db) as s:
        s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, seed))
        for _ in range(n):
            assert s.submit(_legal(s, rng)).accepted
        return s.state, s.seq


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------- not a regular file
def test_a_fifo_is_refused_at_once_by_status_log_and_games(tmp_path, capsys):
    fifo = tmp_path / "companion.sqlite3"
    os.mkfifo(fifo)
    for command in ("status", "log", "games"):
        assert main([command, "--db", str(fifo)]) == 1, command
        err = capsys.readouterr().err
        assert "not a regular file" in err and "FIFO" in err, err
    assert main(["status", "--db", str(fifo), "--json"]) == 1
    assert "FIFO" in json.loads(capsys.readouterr().out)["notice"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]  # nothing moved, nothing made


def test_play_with_a_fifo_starts_says_so_and_plays_without_saving(tmp_path):
    fifo = tmp_path / "companion.sqlite3"
    os.mkfifo(fifo)
    with Session.open(fifo) as s:
        assert "not a regular file" in s.notice and "will not be saved" in s.notice
        assert not s.store.persistent and s.writable
        s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, 1))
        assert s.submit(_legal(s, random.Random(1))).accepted  # moves are played, not refused
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]


def test_a_fifo_beside_the_file_is_refused_too(tmp_path):
    db = tmp_path / "companion.sqlite3"
    _played(db, 2)
    os.mkfifo(f"{db}-wal")  # SQLite would block writing its log into it
    with Session.open(db) as s:
        assert "-wal is not a regular file" in s.notice and not s.has_game
    assert main(["status", "--db", str(db)]) == 1


def test_a_device_node_is_refused_and_never_moved_aside(tmp_path, capsys):
    node = tmp_path / "companion.sqlite3"
    try:
        os.mknod(node, 0o600 | 0o020000, os.makedev(1, 3))  # a character device (what /dev/null is)
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    with Session.open(node) as s:
        assert "character device" in s.notice
    assert main(["status", "--db", str(node)]) == 1
    assert "character device" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]


# ---------------------------------------------------------------- status and log only read
def test_status_and_log_leave_a_damaged_file_where_it_is_and_play_moves_it(tmp_path, capsys):
    db = tmp_path / "companion.sqlite3"
    db.write_bytes(b"this is not sqlite at all" * 100)
    before = _digest(db)
    for command in ("status", "log", "games"):
        assert main([command, "--db", str(db)]) == 1, command
        err = capsys.readouterr().err
        assert "damaged" in err and "left where it is" in err and "companion play" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"] and _digest(db) == before
    with Session.open(db) as s:  # play: moves it aside, with its message
        assert "moved to" in s.notice
    assert any(p.name.startswith("companion.sqlite3.damaged-") for p in tmp_path.iterdir())


def test_status_and_log_leave_a_file_with_damaged_pages_where_it_is(tmp_path, capsys):
    db = tmp_path / "companion.sqlite3"
    _played(db, 30)
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for offset in range(page, len(data), page):  # scribble over every page but the first
        data[offset:offset + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
    before = _digest(db)
    assert main(["log", "--db", str(db)]) == 1
    assert "left where it is" in capsys.readouterr().err
    assert _digest(db) == before and not any("damaged-" in p.name for p in tmp_path.iterdir())


def test_a_damaged_page_the_checks_at_open_miss_is_moved_aside_by_play_and_said_by_status(tmp_path, capsys):
    """A good header and schema, a page of the log overwritten (4 KiB at 8192, after a clean stop, so no
    full check at open): resuming meets the damage. status and log say so and exit 1, leaving the file;
    play moves it aside with its message and plays on a fresh file (it had refused every move)."""
    db = tmp_path / "companion.sqlite3"
    _played(db, 60)
    data = bytearray(db.read_bytes())
    assert len(data) > 8192 + 4096
    data[8192:8192 + 4096] = bytes(random.Random(1).randrange(256) for _ in range(4096))
    db.write_bytes(bytes(data))
    before = _digest(db)
    for command in ("status", "log"):
        assert main([command, "--db", str(db)]) == 1, command
        assert "could not be resumed" in capsys.readouterr().err
        # as a user runs it (no test logging): the sentence alone, not the logger's raw line before it
        out = subprocess.run([sys.executable, "-m", "companion", command, "--db", str(db)], capture_output=True,
                             text=True, timeout=60, env={**os.environ, "PYTHONWARNINGS": "ignore"})
        assert out.returncode == 1 and out.stderr.splitlines()[0].startswith("companion: "), out.stderr
        assert "cannot resume game" not in out.stderr, out.stderr
    assert _digest(db) == before and not any("damaged-" in p.name for p in tmp_path.iterdir())
    with Session.open(db) as s:
        assert "moved to" in s.notice and "fresh one" in s.notice and not s.has_game
        s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, 2))
        assert s.submit(_legal(s, random.Random(2))).accepted
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("companion.sqlite3.damaged-")
             and not p.name.endswith(("-wal", "-shm"))]
    assert len(moved) == 1 and _digest(moved[0]) == before  # as it was: whatever it holds can be rescued
    with Session.open(db) as s:
        assert s.has_game and s.seq == 1 and not s.notice


def test_a_page_damaged_during_play_sets_the_file_aside_and_play_goes_on(tmp_path):
    """The file is damaged under a running game (its pages overwritten on the disk, SQLite's cache kept to
    a page so that the next write reads them): the move is refused with SQLite's reason, the file goes
    aside with its message, and the next move is saved in a fresh file, not refused for ever."""
    db = tmp_path / "companion.sqlite3"
    _played(db, 60)
    rng = random.Random(4)
    with Session.open(db) as s:
        s.store._conn.execute("PRAGMA cache_size = 1")
        s.store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = bytearray(db.read_bytes())
        page = int.from_bytes(data[16:18], "big")
        for offset in range(page, len(data), page):
            data[offset:offset + 64] = b"\xa5" * 64
        db.write_bytes(bytes(data))
        with s.batch() as batch:  # as the app makes every move
            outcome = s.submit(_legal(s, rng))
        assert not outcome.accepted or batch.error
        said = f"{outcome.rejection.message if outcome.rejection else ''} {batch.error or ''}"
        assert "malformed" in said and "moved to" in said, said
        s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, 5))
        assert s.submit(_legal(s, rng)).accepted
    assert any(p.name.startswith("companion.sqlite3.damaged-") for p in tmp_path.iterdir())
    with Session.open(db) as s:
        assert s.has_game and s.seq == 1


def test_a_game_whose_rows_can_still_be_read_is_carried_over_to_the_fresh_file(tmp_path, monkeypatch):
    """The damage is met by a write, and the game's own rows can still be read (emulated: SQLite's
    "malformed" error raised by the first write, through the store's own error path): the game goes on in
    the fresh file with every move before, and the move is made again."""
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 20)
    rng = random.Random(6)
    with Session.open(db) as s:
        real = s.store.append_action

        def damaged_once(*args, **kwargs):
            monkeypatch.setattr(s.store, "append_action", real)
            raise s.store._write_failed(sqlite3.DatabaseError("database disk image is malformed"))
        monkeypatch.setattr(s.store, "append_action", damaged_once)
        action = _legal(s, rng)
        with s.batch() as batch:
            outcome = s.submit(action)
        assert not outcome.accepted and "carried over" in outcome.rejection.message + (batch.error or "")
        assert s.state == state and s.seq == seq
        assert s.submit(action).accepted
        after = s.state
    with Session.open(db) as s:
        assert s.state == after and s.seq == seq + 1 and not s.notice
    assert any(p.name.startswith("companion.sqlite3.damaged-") for p in tmp_path.iterdir())


_KILLED_MID_GAME = """
import os, random, signal, sys
from companion.rules import GAMES
from companion.session import Session
game_id, db, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(3)
s = Session.open(db)
s.new_game(game_id, GAMES[game_id].default_options(None, 3))
while s.seq < n:
    s.submit(s.game.random_action(s.state, rng))
print(s.seq, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _killed_mid_game(db: Path, n: int) -> None:
    """A process that saves a game of ``n`` moves in ``db`` and is then killed (SIGKILL): its moves are in the
    ``-wal`` journal beside the file, not yet in the file (SQLite copies them there at a checkpoint)."""
    out = subprocess.run([sys.executable, "-c", _KILLED_MID_GAME, GAME_ID, str(db), str(n)], capture_output=True,
                         text=True, timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == str(n), out.stderr
    assert Path(f"{db}-wal").stat().st_size > 8192


def test_a_journal_damaged_in_its_middle_is_said_and_set_aside_not_read_up_to_the_damage(tmp_path):
    """A tester's finding: a game saved in the ``-wal`` journal (the app killed), the journal overwritten in its
    middle (a failing SD card): SQLite reads the frames up to the damage and drops the rest without a word,
    so the picker came up as if no game had been played. Play now says the file was damaged and moves it
    aside with its journal, as it is, for a rescue; the same journal cut short only in its last transaction
    (never acknowledged) or left whole resumes every move, with nothing said."""
    db = tmp_path / "companion.sqlite3"
    _killed_mid_game(db, 22)
    whole = tmp_path / "whole"
    whole.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{db}{suffix}", f"{whole / db.name}{suffix}")
    with Session.open(whole / db.name) as s:
        assert s.has_game and s.seq == 22 and not s.notice
    journal = Path(f"{db}-wal")
    data = bytearray(journal.read_bytes())
    data[5000:5300] = bytes(random.Random(7).randrange(256) for _ in range(300))
    journal.write_bytes(bytes(data))
    before = _digest(journal)
    with Session.open(db) as s:
        assert s.notice and "journal" in s.notice and "moved to" in s.notice, s.notice
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("companion.sqlite3.damaged-")]
    assert any(p.name.endswith("-wal") and _digest(p) == before for p in moved), moved


def test_status_and_log_write_nothing_to_a_good_file(tmp_path, capsys):
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 8)
    before = _digest(db)
    assert main(["status", "--db", str(db)]) == 0
    assert f"{seq} action{'' if seq == 1 else 's'}" in capsys.readouterr().out
    assert main(["log", "--db", str(db), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["actions"]) == seq
    assert _digest(db) == before


def test_status_reads_a_schema_1_file_without_migrating_it(tmp_path, capsys):
    from tests.test_store import V1_SCHEMA

    db = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(db)
    conn.executescript(V1_SCHEMA)
    options = GAMES[GAME_ID].default_options(None, 2)
    for id_, status in ((1, "abandoned"), (2, "open")):
        conn.execute("INSERT INTO games VALUES (?, ?, ?, '2026-11-01T10:00:00+00:00', ?)",
                     (id_, GAME_ID, json.dumps(options), status))
    conn.commit()
    conn.close()
    before = _digest(db)
    assert main(["status", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == 2 and data["game"] == GAME_ID and data["notice"] is None
    assert main(["games", "--db", str(db), "--json"]) == 0
    assert [g["status"] for g in json.loads(capsys.readouterr().out)["games"]] == ["abandoned", "open"]
    assert _digest(db) == before
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone() == (1,)


def test_status_of_an_empty_file_is_no_game(tmp_path, capsys):
    db = tmp_path / "companion.sqlite3"
    db.write_bytes(b"")
    assert main(["status", "--db", str(db)]) == 0
    assert "No game in progress." in capsys.readouterr().out
    assert db.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]


# ---------------------------------------------------------------- read-only file or folder
@pytest.fixture
def unwritable(monkeypatch):
    """``unwritable(path)``: ``os.access`` says ``path`` cannot be written (as it
    would to the kiosk's user after ``chmod 444``, or on a read-only mount)."""
    denied: set[str] = set()
    real = os.access

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and os.path.abspath(path) in denied:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    return lambda path: denied.add(os.path.abspath(path))


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_file_is_said_at_start_and_every_change_is_refused_with_it(tmp_path, unwritable, what):
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 5)
    db.chmod(0o444)
    before = _digest(db)
    unwritable(db if what == "file" else tmp_path)
    with Session.open(db) as s:
        assert s.notice.startswith("This game can be looked at but not played on: ")
        assert ("is read-only" if what == "file" else "is not writable") in s.notice
        assert not s.writable and s.has_game and s.state == state and s.seq == seq  # shown, as it was
        for outcome in (s.submit(_legal(s, random.Random(0))), s.undo()):
            assert not outcome.accepted and outcome.rejection.code == "read_only"
            assert outcome.rejection.message == s.store.read_only_message
        with pytest.raises(ReadOnlyError, match="not played on"):
            s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, 1))
        assert isinstance(ReadOnlyError("x"), (StoreError, ValueError))
        assert s.switch(GAME_ID)  # looking at games still works
        assert s.state == state and s.seq == seq
    assert _digest(db) == before


def test_a_read_only_file_as_another_user(tmp_path):
    """The same without emulation: the store run as ``nobody`` on a ``chmod 444`` file."""
    python = shutil.which("python3", path="/usr/bin:/bin")
    if os.geteuid() != 0 or python is None or shutil.which("setpriv") is None:
        pytest.skip("needs root, setpriv and a system python3 to run as another user")
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"companion-ro-{os.getpid()}"
    folder.mkdir(mode=0o755, exist_ok=True)
    try:
        folder.chmod(0o755)
        db = folder / "companion.sqlite3"
        state, seq = _played(db, 4)
        db.chmod(0o444)
        before = _digest(db)
        code = ("import sys; sys.path.insert(0, sys.argv[1]); from companion.session import Session\n"
                "s = Session.open(sys.argv[2]); print(s.writable, s.seq, s.notice)")
        root = str(Path(__file__).resolve().parent.parent)
        run = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", python, "-c", code,
                              root, str(db)], capture_output=True, text=True, timeout=60)
        if run.returncode != 0 and ("Permission denied" in run.stderr or "No module" in run.stderr):
            pytest.skip(f"the source is not readable as nobody here: {run.stderr.strip()[-200:]}")
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith(f"False {seq} This game can be looked at but not played on: "), run.stdout
        assert _digest(db) == before
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- full disk
class FullDisk:
    """Every connection the store opens to ``db`` cannot grow it (``max_page_count``
    = its page count now): SQLite fails such writes with ``SQLITE_FULL``."""

    def __init__(self, monkeypatch, db: Path):
        self.db, self.full, self.conns = db, False, []
        real = store_mod._sqlite_connect

        def connect(database, **kwargs):
            conn = real(database, **kwargs)
            self.conns.append(conn)
            if self.full:
                self._limit(conn)
            return conn

        monkeypatch.setattr(store_mod, "_sqlite_connect", connect)

    def _limit(self, conn):
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")

    def fill(self, conn=None):
        self.full = True
        for c in ([conn] if conn is not None else []) + self.conns:
            try:
                self._limit(c)
            except sqlite3.ProgrammingError:  # closed
                pass

    def free(self):
        self.full = False
        for c in self.conns:
            try:
                c.execute("PRAGMA max_page_count = 1073741823")
            except sqlite3.ProgrammingError:
                pass


def test_start_up_on_a_full_disk_resumes_the_game_read_only_and_play_goes_on_once_space_is_back(
        tmp_path, monkeypatch):
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 6)
    disk = FullDisk(monkeypatch, db)
    disk.fill()
    with Session.open(db) as s:
        assert s.has_game and s.state == state and s.seq == seq  # the open game, not a new-game screen
        assert not s.writable and s.notice == "This game can be looked at but not played on: the disk is full."
        move = _legal(s, random.Random(9))
        out = s.submit(move)
        assert not out.accepted and out.rejection.code == "read_only" and "disk is full" in out.rejection.message
        assert s.state == state and s.seq == seq
        disk.free()  # space is back
        out = s.submit(move)
        assert out.accepted, out.rejection
        assert s.writable and s.seq == seq + 1
    with Session.open(db) as again:
        assert again.seq == seq + 1 and again.notice is None


def test_the_disk_filling_during_play_keeps_the_game_and_play_goes_on_once_space_is_back(tmp_path, monkeypatch):
    db = tmp_path / "companion.sqlite3"
    disk = FullDisk(monkeypatch, db)
    rng = random.Random(4)
    with Session.open(db) as s:
        s.new_game(GAME_ID, GAMES[GAME_ID].default_options(None, 4))
        disk.fill(s.store._conn)
        refused = None
        for _ in range(300):  # moves that fit in the pages the file has still go in
            before, seq = s.state, s.seq
            out = s.submit(_legal(s, rng))
            if not out.accepted:
                refused = out
                break
        assert refused is not None and refused.rejection.code == "not_saved"
        assert "disk or" in refused.rejection.message or "full" in refused.rejection.message
        assert s.state == before and s.seq == seq and s.has_game
        assert not s.writable and s.store.read_only_message.endswith("the disk is full.")
        again = s.submit(_legal(s, rng))
        assert again.rejection.code == "read_only"
        disk.free()
        assert s.submit(_legal(s, rng)).accepted and s.writable
        final, n = s.state, s.seq
    with Session.open(db) as s:
        assert s.state == final and s.seq == n


def test_play_goes_on_once_space_is_back_when_moves_are_made_in_batches_as_the_app_does(tmp_path, monkeypatch):
    """The app makes every move in a batch (the move and the steps after it, one commit). A batch
    looks again whether the file can be written before it begins: a tester's full disk, freed, left
    the game refused ("the disk is full") until a restart."""
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 6)
    disk = FullDisk(monkeypatch, db)
    disk.fill()
    with Session.open(db) as s:
        move = _legal(s, random.Random(9))
        with s.batch():
            assert s.submit(move).rejection.code == "read_only"
        disk.free()
        with s.batch() as batch:
            out = s.submit(move)
        assert out.accepted and batch.error is None, out.rejection
        assert s.writable and s.seq == seq + 1
    with Session.open(db) as again:
        assert again.seq == seq + 1


def test_a_disk_with_no_free_blocks_is_full_at_start_up(tmp_path, monkeypatch):
    """The real-disk check: ``statvfs`` says no room for the kiosk's user."""
    db = tmp_path / "companion.sqlite3"
    state, seq = _played(db, 3)
    real = os.statvfs
    room = {"free": 0}

    class Stat:
        def __init__(self, st):
            self.f_frsize, self.f_bavail = st.f_frsize, room["free"] // st.f_frsize

    monkeypatch.setattr(store_mod.os, "statvfs", lambda p: Stat(real(p)) if room["free"] == 0 else real(p))
    with Session.open(db) as s:
        assert s.has_game and s.seq == seq and not s.writable and "disk is full" in s.notice
        move = _legal(s, random.Random(2))
        assert s.submit(move).rejection.code == "read_only"
        room["free"] = 10**9
        assert s.submit(move).accepted and s.writable


def test_a_junk_file_that_cannot_be_moved_aside_says_so_and_is_left_as_it_is(tmp_path, monkeypatch):
    """A fresh tester's finding: ``play --db /proc/version`` said "cannot be opened ([Errno 2] No such file
    or directory: '/proc/version' -> '/proc/version.damaged-...')": the rename's error, not the problem. A
    file that is no saved games file, in a folder that takes no new file, is said as such; the session is not
    saved and the file is left byte for byte as it was."""
    from companion import store as store_mod
    junk = tmp_path / "version"
    junk.write_bytes(b"Linux version 6.1 (not a database)\n" * 40)
    before = junk.read_bytes()

    def no_new_file(path, sidecars=()):
        raise FileNotFoundError(2, "No such file or directory")
    monkeypatch.setattr(store_mod, "move_aside", no_new_file)
    s = store_mod.Store.open(junk)
    try:
        assert not s.persistent
        assert s.notice.startswith(f"The saved games file {junk} is damaged or not a saved games file (")
        assert "cannot be moved aside (No such file or directory); this session will not be saved." in s.notice
        assert "->" not in s.notice
    finally:
        s.close()
    assert junk.read_bytes() == before


def _every_game(db: Path, seed: int, moves: int = 12) -> str:
    """An open game of every registered game in ``db``, in id order (store ids 1, 2, 3), ``moves`` moves
    each; returns the game id played last (the one resumed next)."""
    rng = random.Random(seed)
    with Session.open(db) as s:
        for game_id in sorted(GAMES):
            s.new_game(game_id, GAMES[game_id].default_options(None, 3))
            for _ in range(moves):
                assert s.submit(_legal(s, rng)).accepted
        return s.game_id


def _rows_damaged(monkeypatch, game: int, every_open: bool = False) -> None:
    """Store game ``game``'s rows unreadable in the file first opened from now on (SQLite's "malformed"
    error from its moves and its exports; no snapshot used): the fresh file that replaces it reads for real.
    ``every_open``: in every connection (looks that each open the file anew)."""
    from companion.store import Store
    damaged_file: list = []
    real_moves, real_export, real_rescue = Store.moves_between, Store.export, Store.rescue_export

    def malformed(store: Store, at: int) -> None:
        damaged_file[:] = damaged_file or [store._conn]
        if at == game and (every_open or store._conn is damaged_file[0]):
            raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(Store, "moves_between", lambda self, at, *a: malformed(self, at) or real_moves(self, at, *a))
    monkeypatch.setattr(Store, "export", lambda self, at: malformed(self, at) or real_export(self, at))
    monkeypatch.setattr(Store, "rescue_export", lambda self, at: malformed(self, at) or real_rescue(self, at))
    monkeypatch.setattr(Session, "_load_snapshot", lambda self, record, *a: (0, None))


def test_a_game_damaged_in_the_file_is_said_when_switched_to_and_the_others_are_carried_over(tmp_path, monkeypatch):
    """A tester's finding (a lost game): in a file damaged in one game's rows, going back to that game from
    the picker showed its New-game screen with no word said, the file was not set aside, and the next game
    was written into the damaged file. Now the file goes aside, every game that can still be read (the open
    ones and the game shown) is carried over to the fresh file, the game shown stays shown, and the notice
    says which game is left in the damaged copy (emulated: SQLite's "malformed" error for that game's rows)."""
    from companion.rules import get_game
    db = tmp_path / "companion.sqlite3"
    ids = sorted(GAMES)
    shown = _every_game(db, 8)
    with Session.open(db) as s:
        kept = {game_id: s.store.export(s.store.current_game(game_id).id) for game_id in ids}
        shown_state, shown_seq = s.state, s.seq
    damaged_id = ids[0]
    assert damaged_id != shown
    _rows_damaged(monkeypatch, 1)
    with Session.open(db) as s:
        damaged = s.store.current_game(damaged_id)
        assert not s.switch(damaged_id)
        title = get_game(damaged_id).TITLE
        assert s.notice.startswith(f"The {title} game started {local_time(damaged.created_at)} could not be resumed"), \
            s.notice
        assert "moved to" in s.notice and "was carried over to it" in s.notice, s.notice
        assert f"Left in the damaged copy, as it could not be read: the {title} game" in s.notice, s.notice
        assert (s.game_id, s.state, s.seq) == (shown, shown_state, shown_seq)  # the table goes on
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("companion.sqlite3.damaged-")]
    assert moved
    with Session.open(db) as s:
        assert (s.game_id, s.state, s.seq) == (shown, shown_state, shown_seq) and not s.notice
        assert set(s.open_games()) == set(ids) - {damaged_id}
        for game_id in set(ids) - {damaged_id, shown}:
            assert s.switch(game_id)
            carried = s.store.export(s.record.id)
            assert [a["action"] for a in carried["actions"]] == [
                a["action"] for a in kept[game_id]["actions"] if not a["undone"]]
            assert carried["created_at"] == kept[game_id]["created_at"]


def test_the_game_resumed_at_start_damaged_in_the_file_leaves_the_other_games_carried_over(tmp_path, monkeypatch):
    """The same damage met by the start's resume (the game played last): the file goes aside as before, and
    the other open games, which the table may go back to from the picker, are carried over, not left behind
    in the damaged copy (emulated as above)."""
    db = tmp_path / "companion.sqlite3"
    last = _every_game(db, 9)
    _rows_damaged(monkeypatch, 3)  # the game played last
    with Session.open(db) as s:
        assert not s.has_game and s.notice.startswith("The game started"), s.notice
        assert "could not be resumed" in s.notice and "was carried over to it" in s.notice, s.notice
        assert set(s.open_games()) == set(GAMES) - {last}


def test_status_and_log_of_a_game_damaged_in_the_file_say_so_and_exit_1(tmp_path, monkeypatch, capsys):
    """A tester's finding: `status --game G` of a game whose rows are damaged said "No game in progress." and
    exited 0, and `status --id N` said there is no such game (exit 2) or showed the game played last. Both say
    why it could not be resumed and exit 1, showing no other game; `--json` gives the sentence in "notice"."""
    db = tmp_path / "companion.sqlite3"
    _every_game(db, 10, moves=6)
    _rows_damaged(monkeypatch, 1, every_open=True)
    first = sorted(GAMES)[0]
    for command in ("status", "log"):
        for which in (["--game", first], ["--id", "1"]):
            assert main([command, "--db", str(db), *which]) == 1, (command, which)
            out, err = capsys.readouterr()
            assert "could not be resumed (database disk image is malformed)" in err and not out, (command, which, out)
    assert main(["status", "--db", str(db), "--game", first, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["game"] is None and "could not be resumed" in data["notice"]
    assert main(["status", "--db", str(db), "--id", "99"]) == 2


def _pages(db: Path, name: str) -> list[int]:
    """The page numbers of table or index ``name`` in ``db`` (SQLite's dbstat)."""
    with sqlite3.connect(db) as c:
        return [p for (p,) in c.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (name,))]


def _overwrite(db: Path, page: int, at: int, n: int, seed: int) -> None:
    """``n`` random bytes over ``db``'s page ``page`` (4 KiB pages) from byte ``at`` of it: real damage."""
    data = bytearray(db.read_bytes())
    start = (page - 1) * 4096 + at
    data[start:start + n] = bytes(random.Random(seed).randrange(256) for _ in range(n))
    db.write_bytes(bytes(data))


def _logs(db: Path) -> dict[str, tuple[str, list]]:
    """game id -> (started, active moves) of each open game in ``db``, read before it is damaged."""
    with Session.open(db, read_only=True) as s:
        return {g: (r.created_at, [a.action for a in s.store.actions(r.id, active_only=True)])
                for g, r in s.open_games().items()}


def _nothing_lost(before: dict[str, tuple[str, list]], s: Session, said: str) -> set[str]:
    """Every game of ``before`` is in ``s``'s file whole (its moves, its start date), or named in ``said`` as
    left in the damaged copy; returns the games that are whole."""
    from companion.rules import get_game
    whole = set()
    for game_id, rec in s.open_games().items():
        if game_id in before:
            moves = [a.action for a in s.store.actions(rec.id, active_only=True)]
            assert (rec.created_at, moves) == before[game_id], (game_id, len(moves), len(before[game_id][1]))
            whole.add(game_id)
    from companion.session import UNLISTED, UNLISTED_ALL
    for game_id in set(before) - whole:  # named, or the list of games said unreadable
        started = before[game_id][0]
        named = f"the {get_game(game_id).TITLE} game started {local_time(started)}" in \
            said.split("Left in the damaged copy")[-1]
        none_named = "game started" not in said
        assert named or (UNLISTED_ALL if none_named else UNLISTED) in said, (game_id, said)
    return whole


@pytest.mark.timeout(60)
def test_real_damage_to_the_list_of_games_or_the_moves_index_loses_no_game_silently(tmp_path):
    """A tester's findings with real damage (random bytes over a page): a damaged list of games ended
    `companion play` at start (a crash loop under systemd); a damaged index of the moves carried games over
    with moves missing or another game's moves mixed in, as if whole; an index that lost moves without SQLite
    seeing it resumed a game short. The app starts; a game resumed is never short (a snapshot newer than the
    log's end is damage); where the damage is found, a game carried over is whole, read past the index, and a
    game that cannot be read whole is named as left in the damaged copy."""
    base = tmp_path / "base.sqlite3"
    _every_game(base, 11)
    before = _logs(base)
    # over the ends of the pages, where SQLite keeps a page's rows (a games row whose options are left unreadable
    # while SQLite sees nothing wrong hides that game: not among these cases, said in the closing note)
    cases = [("games", p, at, n, seed) for p in _pages(base, "games")
             for at, n, seed in ((4096 - 2048, 2048, 0), (4096 - 300, 64, 39), (4096 - 600, 300, 3))]
    cases += [("sqlite_autoindex_actions_1", p, at, n, seed) for p in _pages(base, "sqlite_autoindex_actions_1")
              for at, n, seed in ((4096 - 2048, 2048, 0), (4096 - 300, 64, 39), (4096 - 120, 100, 2),
                                  (4096 - 600, 300, 3))]
    carried = 0
    for name, page, at, n, seed in cases:
        case = tmp_path / f"{name}-{page}-{at}-{seed}"
        case.mkdir()
        db = case / "companion.sqlite3"
        shutil.copyfile(base, db)
        _overwrite(db, page, at, n, seed)
        with Session.open(db) as s:  # never raises
            said = [s.notice or ""]
            for game_id in sorted(before):
                if s.switch(game_id):  # the picker's "Resume it": never a game short of its moves
                    assert s.seq == len(before[game_id][1]), (name, page, at, game_id, s.seq)
                said.append(s.notice or "")
            if any(p.name.startswith("companion.sqlite3.damaged-") for p in case.iterdir()):  # SQLite saw it
                carried += bool(_nothing_lost(before, s, " ".join(said)))
    assert carried, "no case carried a game over: the damage did not reach what it should"


@pytest.mark.timeout(60)
def test_damage_found_at_open_after_an_unclean_stop_carries_the_readable_games_over(tmp_path):
    """A tester's finding: after a power cut the full check at open found a damaged page and moved the file
    aside with every game in it, naming none, though two of the three still read. The games that read whole
    are carried over to the fresh file; the others are named as left in the damaged copy."""
    base = tmp_path / "base.sqlite3"
    _every_game(base, 12)
    child = ("import os, random, sys\nfrom companion.session import Session\ns = Session.open(sys.argv[1])\n"
             "rng = random.Random(7)\nfor _ in range(3):\n    s.submit(s.game.random_action(s.state, rng))\n"
             "os._exit(0)\n")  # a power cut: no close, the -wal left and the stop unclean
    subprocess.run([sys.executable, "-c", child, str(base)], check=True, timeout=60)
    before = _logs(base)
    carried = set()
    for page in _pages(base, "actions"):
        case = tmp_path / f"actions-{page}"
        case.mkdir()
        db = case / "companion.sqlite3"
        for suffix in ("", "-wal"):
            if Path(f"{base}{suffix}").exists():
                shutil.copyfile(f"{base}{suffix}", f"{db}{suffix}")
        _overwrite(db, page, 1500, 1024, 0)
        with Session.open(db) as s:
            carried |= _nothing_lost(before, s, s.notice or "")
    assert carried, "no game was carried over from a file damaged at open"


@pytest.mark.timeout(60)
def test_an_index_that_reads_as_a_log_with_a_gap_is_damage_and_the_game_is_carried_over_whole(tmp_path):
    """A tester's finding: 4 bytes over the moves' index made a game read as "the log has a gap": never
    resumable, the file not set aside, nothing carried. The store writes moves numbered 1 to N, so a gap is
    damage: the file goes aside and the game, whole past the index, is carried over and resumed."""
    db = tmp_path / "companion.sqlite3"
    _every_game(db, 1)
    before = _logs(db)
    _overwrite(db, _pages(db, "sqlite_autoindex_actions_1")[0], 8, 4, 6)
    with Session.open(db) as s:
        game_id = sorted(GAMES)[0]
        assert s.switch(game_id), s.notice
        assert s.seq == len(before[game_id][1]) and "carried over" in (s.notice or ""), (s.seq, s.notice)
        _nothing_lost(before, s, s.notice or "")


@pytest.mark.timeout(60)
def test_a_games_row_that_is_no_longer_text_hides_only_its_game(tmp_path, capsys):
    """A tester's finding: three bytes that are not UTF-8 in one game's options made the whole list of games
    unreadable: no game resumed, the picker empty, `companion games` a traceback. Only that game is hidden
    (logged); the others resume, and the commands list them."""
    db = tmp_path / "companion.sqlite3"
    last = _every_game(db, 1)
    _, hidden = _options_not_text(db)
    assert hidden != last
    with Session.open(db) as s:
        assert s.game_id == last
        assert hidden not in s.open_games() and len(s.open_games()) == len(GAMES) - 1
    assert main(["games", "--db", str(db)]) == 0
    listed = capsys.readouterr().out
    assert last in listed and hidden not in listed


def _options_not_text(db: Path) -> tuple[int, str]:
    """Three bytes that are not UTF-8 written into the first game's options found in ``db``; returns that
    game's ``(store id, game id)``, read with SQLite alone."""
    data = bytearray(db.read_bytes())
    at = data.find(b'"players"')
    assert at > 0
    data[at + 2:at + 5] = b"\xff\xfe\xfd"
    db.write_bytes(bytes(data))
    with sqlite3.connect(db) as c:
        c.text_factory = bytes
        rows = c.execute("SELECT id, game_id, options_json FROM games").fetchall()
    bad = [(i, g.decode("utf-8")) for i, g, options in rows if b"\xff\xfe\xfd" in options]
    assert len(bad) == 1, bad
    return bad[0]


def test_status_of_a_game_whose_row_is_no_longer_text_says_so(tmp_path, capsys):
    """`status --id N` of the game hidden above says it cannot be read and exits 1 (not a traceback)."""
    db = tmp_path / "companion.sqlite3"
    _every_game(db, 1)
    hidden, _ = _options_not_text(db)
    assert main(["status", "--db", str(db), "--id", str(hidden)]) == 1
    assert "cannot be read" in capsys.readouterr().err


@pytest.mark.timeout(60)
def test_a_look_reports_a_damaged_list_of_games_every_time_as_status_does(tmp_path, capsys):
    """A tester's finding: 64 bytes of 0xff over the list of games' page (the file closed cleanly) made
    `companion log` say "No game in progress." and exit 0 in some runs, the damage in others: SQLite took a row
    from where the damaged pointer led, past the page's end, whose bytes in memory differ from run to run.
    Pointers led elsewhere outside the rows (into the page's header, past its end, into its free space) did
    the same every run: the game played last hidden ("No game in progress.") or the one before shown in its
    place, exit 0. Now each of status, log and games says the file is damaged, exit 1, and leaves it as it is."""
    base = tmp_path / "base.sqlite3"
    _every_game(base, 5, moves=4)
    (page,) = _pages(base, "games")
    with sqlite3.connect(base) as c:
        rows = c.execute("SELECT count(*) FROM games").fetchone()[0]
    first = 8 + 2 * rows  # where the page's rows may begin: after its 8-byte header and their pointers
    cases = [(row, at) for row in range(rows) for at in (0, 1, 5, first - 1, first, first + 1, 4096, 0xFFFF)]
    cases.append(("all", None))
    for row, at in cases:
        db = tmp_path / f"case-{row}-{at}" / "companion.sqlite3"
        db.parent.mkdir()
        shutil.copyfile(base, db)
        data = bytearray(db.read_bytes())
        start = (page - 1) * 4096 + 8
        if at is None:  # the tester's own: 64 bytes of 0xff from byte 8 of the page, its row pointers
            data[start:start + 64] = b"\xff" * 64
        else:
            data[start + 2 * row:start + 2 * row + 2] = at.to_bytes(2, "big")
        db.write_bytes(bytes(data))
        before = _digest(db)
        for command in ("status", "log", "games"):
            assert main([command, "--db", str(db)]) == 1, (command, row, at)
            out, err = capsys.readouterr()
            assert not out and "damaged" in err and "left where it is" in err, (command, row, at, out, err)
        assert _digest(db) == before
        assert sorted(p.name for p in db.parent.iterdir() if "damaged-" in p.name) == []


@pytest.mark.timeout(60)
def test_a_look_reports_a_damaged_row_pointer_in_the_moves_of_the_game_shown(tmp_path, capsys):
    """The same damage (a page's pointer to its first row led outside its rows) in the index of the moves or
    in the page of the moves of the game shown: status and log showed the game as if whole, exit 0. Now SQLite
    checks where a page's rows lie when it reads the page: both say the file is damaged, exit 1."""
    base = tmp_path / "base.sqlite3"
    _every_game(base, 5, moves=4)
    with sqlite3.connect(base) as c:  # the leaf pages: the index's, and the last of the moves (the game shown)
        leaves = [(n, p) for n, p in c.execute("SELECT name, max(pageno) FROM dbstat WHERE pagetype = 'leaf' AND "
                                               "name IN ('actions', 'sqlite_autoindex_actions_1') GROUP BY name")]
    assert len(leaves) == 2
    for name, page in leaves:
        for at in (0, 5, 4096, 0xFFFF):
            db = tmp_path / f"case-{name}-{at}" / "companion.sqlite3"
            db.parent.mkdir()
            shutil.copyfile(base, db)
            data = bytearray(db.read_bytes())
            start = (page - 1) * 4096 + 8
            data[start:start + 2] = at.to_bytes(2, "big")
            db.write_bytes(bytes(data))
            for command in ("status", "log"):
                assert main([command, "--db", str(db)]) == 1, (command, name, at)
                out, err = capsys.readouterr()
                assert not out and "malformed" in err, (command, name, at, out, err)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("fill", [b"\xff", b"\x00"])
def test_log_reports_a_move_whose_text_no_longer_reads_as_damage(tmp_path, capsys, fill):
    """A tester's finding: bytes over the text of a move of the game shown (a page SQLite sees nothing wrong
    with: its text no longer UTF-8, or no longer JSON) ended `companion log` in a traceback (sqlite3's
    OperationalError "Could not decode to UTF-8", json's JSONDecodeError). It is damage: said, exit 1."""
    db = tmp_path / "companion.sqlite3"
    _every_game(db, 5, moves=4)
    with sqlite3.connect(db) as c:  # the text of the shown game's (the last played) second move, as stored
        (text,) = c.execute("SELECT events_json FROM actions WHERE game = (SELECT max(id) FROM games) "
                            "AND seq = 2").fetchone()
    data = bytearray(db.read_bytes())
    start = data.find(text.encode())
    assert start > 0 and len(text) > 40
    data[start + 20:start + 40] = fill * 20  # inside its text: the row's own lengths are left whole
    db.write_bytes(bytes(data))
    before = _digest(db)
    for json_out in ([], ["--json"]):
        assert main(["log", "--db", str(db), *json_out]) == 1, json_out
        err = capsys.readouterr().err
        assert "is damaged (database disk image is malformed: move " in err and "left where it is" in err, err
    assert _digest(db) == before


_THREE_MOVES_KILLED = """
import os, random, signal, sys
from companion.session import Session
s = Session.open(sys.argv[1])
rng = random.Random(5)
start = s.seq
while s.seq < start + 3:
    s.submit(s.game.random_action(s.state, rng))
print(s.seq, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.timeout(60)
def test_status_log_and_games_say_a_damaged_journal_and_leave_it_where_it_is(tmp_path, capsys):
    """A tester's finding: a game played, closed; 3 moves more and the app killed (they are in the -wal journal);
    the journal's second frame overwritten. `status` showed the game without the 3 moves ("N actions"), exit 0,
    nothing said; only play saw the damage. The looks now make play's check of the journal: each says the journal
    is damaged and what it means, exit 1, and changes nothing (the file and its journal stay as they are)."""
    db = tmp_path / "companion.sqlite3"
    _, seq = _played(db, 20)
    out = subprocess.run([sys.executable, "-c", _THREE_MOVES_KILLED, str(db)], capture_output=True, text=True,
                         timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == str(seq + 3), out.stderr
    journal = Path(f"{db}-wal")
    page = 4096
    assert journal.stat().st_size >= 32 + 3 * (24 + page)
    data = bytearray(journal.read_bytes())
    second = 32 + (24 + page)  # the second frame: its 24-byte header, then its page
    data[second + 24 + 1000:second + 24 + 1064] = b"\xff" * 64
    journal.write_bytes(bytes(data))
    before = {p.name: _digest(p) for p in tmp_path.iterdir()}
    for command in ("status", "log", "games"):
        assert main([command, "--db", str(db)]) == 1, command
        out, err = capsys.readouterr()
        assert not out and "journal" in err and "is damaged" in err and "moves saved after the damage" in err, err
        assert "companion play` moves it aside" in err, err
        assert main([command, "--db", str(db), "--json"]) == 1, command
        assert "journal" in json.loads(capsys.readouterr().out)["notice"]
    assert {p.name: _digest(p) for p in tmp_path.iterdir() if not p.name.endswith("-shm")} == \
        {k: v for k, v in before.items() if not k.endswith("-shm")}
    with Session.open(db) as s:  # play: the file goes aside with its journal, said
        assert s.notice and "journal" in s.notice and "moved to" in s.notice, s.notice


def test_the_damaged_journal_dialog_names_games_as_the_picker_does_and_the_moves_lost(tmp_path, capsys, berlin):
    """A tester's finding: the damaged-journal dialog play shows at start named the game carried over by its UTC ISO
    stamp ("started 2026-12-07T21:52:49+00:00") where the picker says the table's own "2026-12-07 22:52". It now
    uses the picker's form (:func:`companion.times.local_time`), and says how many moves the journal lost at most
    (its saves from the damage on: here the 3 moves made before the kill), as status does."""
    from companion.ui.screens.picker import local_time as pickers

    assert pickers is local_time
    db = tmp_path / "companion.sqlite3"
    _played(db, 20)
    with Session.open(db, read_only=True) as s:
        started, title = s.record.created_at, s.game.TITLE
    out = subprocess.run([sys.executable, "-c", _THREE_MOVES_KILLED, str(db)], capture_output=True, text=True,
                         timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == "23", out.stderr  # killed after its 3 moves
    journal = Path(f"{db}-wal")
    data = bytearray(journal.read_bytes())
    data[32 + 4120 + 1024:32 + 4120 + 1088] = b"\xff" * 64  # inside the second frame's page
    journal.write_bytes(bytes(data))
    assert main(["status", "--db", str(db)]) == 1
    assert "(up to 3 moves or undos)" in capsys.readouterr().err
    with Session.open(db) as s:
        said = s.notice
    assert local_time(started) != started[:16].replace("T", " ")  # Berlin is not UTC
    assert f"carried over to it: the {title} game started {local_time(started)}." in said, said
    assert started not in said and "+00:00" not in said, said
    assert "its journal, the -wal file beside it, is damaged: up to 3 moves or undos saved after the damage " \
           "could not be read" in said, said


def test_a_damaged_list_of_games_with_no_game_read_says_its_games_are_in_the_damaged_copy(tmp_path):
    """A tester's finding: a file whose list of games (page 2) is damaged is set aside with "every game not named
    here is in the damaged copy" although no game is named; with none read, the words say its games are there."""
    import random

    from companion.rules import get_game
    from companion.session import UNLISTED, UNLISTED_ALL
    db, game = tmp_path / "x.sqlite3", get_game("thirty-to-mars")
    with Session.open(db) as s:
        s.new_game("thirty-to-mars", game.default_options(None, 1))
        rng = random.Random(1)
        for _ in range(3):
            s.submit(game.random_action(s.state, rng))
    data = bytearray(db.read_bytes())
    data[4104:4168] = b"\xff" * 64  # inside page 2: the games table's row pointers
    db.write_bytes(bytes(data))
    with Session.open(db) as s:
        assert UNLISTED_ALL in s.notice and UNLISTED not in s.notice and "game started" not in s.notice, s.notice

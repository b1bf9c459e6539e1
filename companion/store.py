"""SQLite store: games, their action logs, undo marks, export.

One file (default :func:`companion.paths.default_db_path`), opened with
``journal_mode=WAL`` and ``synchronous=FULL``; every write is one transaction
that is committed before the method returns, so whatever the screen shows
has reached the disk (a power cut loses nothing that was shown). Inside
:meth:`Store.batch` the writes are one transaction instead, committed when the
block ends (a move and the steps that run on their own after it: one fsync).

Tables::

    games(id, game_id, options_json, created_at, status, touched)
                                                            status: open | over | abandoned
                                                            at most one open game per game_id
    actions(game, seq, action_json, events_json, undone, created_at)
                                                            seq: 1, 2, ... per game
                                                            undone: 0 | 1

    snapshots(game, seq, engine, format, state, created_at)
                                                            a cache: the pickled state after the
                                                            first ``seq`` actions (see below)
    drafts(game, name, seq, body, created_at)
                                                            what a screen was typing at the game's
                                                            action ``seq`` (see below); not a move

The active actions of a game are always the prefix ``seq = 1..n`` with
``undone = 0``; undone actions (the redo tail) follow it.

Snapshots are a cache that replay can always rebuild: the session stores the
state every :data:`companion.session.SNAPSHOT_EVERY` actions, so that resume
and undo read a bounded number of rows however long the log is. A trigger
deletes a game's snapshots from ``seq`` on whenever its action ``seq`` is
deleted (a new action after undo), in the same transaction, so a snapshot
always describes the actions stored before it. A partial index on the undone
actions finds the end of the active prefix without reading the log. Timestamps are
UTC ISO 8601 strings (``2025-03-01T20:15:02+00:00``).

Drafts keep what the table was typing on a screen (a new event card half entered) across a restart: one
row per game and ``name`` (the screen's own word), ``body`` a JSON text only that screen reads. They are
not part of a game: no export, replay or look reads them. Their table is made at the first draft written
(``CREATE TABLE IF NOT EXISTS``, as ``refusals`` and ``touches`` are), and ``user_version`` stays 2: a file
without it reads as having no draft, and an older companion still opens a file that has it (a schema
version it does not know would make it set the file aside as "written by a newer version").

At open (for play) a damaged file (``PRAGMA quick_check`` fails, not a
database, a schema from a newer version) is moved aside with its
``-wal``/``-shm`` files and a fresh database is created; :attr:`Store.notice`
then says so in a sentence the app can show. A path that is not a regular file
(a FIFO, a device, a folder) is never opened: the store runs in memory with a
notice. If no file can be opened at all, the store runs in memory with a
notice: the app never gets an exception at open.

A file that can be read but not written (the file or its folder is not
writable: WAL needs ``-wal``/``-shm`` files beside it; the disk is full) is
opened read-only: the games can be looked at, :attr:`Store.writable` is False
and :attr:`Store.read_only_message` says why in a sentence. A full disk is
looked at again by :meth:`Store.retry_writable` (the session calls it before a
move), so play goes on once there is space.

``Store.open(path, read_only=True)`` (``companion status``/``log``/``games``)
only reads: an SQLite read-only connection (``mode=ro``; ``immutable=1`` where
SQLite cannot make its ``-shm`` index beside the file and there is no ``-wal``
to read, and where no ``-wal`` nor ``-shm`` is beside the file: a look leaves the
folder as it found it), no migration, no WAL switch, no schema; a damaged file is reported
and left where it is (so is a ``-wal`` journal damaged before a later save, checked as
play checks it: :func:`journal_notice`); a schema 1 file is read as it is.

At open the full ``PRAGMA quick_check`` (whose cost grows with every game
ever stored) never runs for a look (``read_only=True``: the header, the schema
and the games list are checked, and a damaged page is reported when a read
meets it), and for play only when the last stop was not clean: SQLite left a
non-empty ``-wal`` or ``-journal`` file behind (a power cut, a kill, or
another process has the file open). After a clean stop the schema, the
header and the rows the session reads are checked (SQLite reports a damaged
page when it reads it); a damaged page met later, by a read while resuming or
by a write (:attr:`Store.damage`), is dealt with as at open: :meth:`Store.set_aside`
moves the file aside and goes on with a fresh one (the session carries the game
shown over to it when its rows can still be read).
"""
from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import stat
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote  # urllib.request's pathname2url on POSIX, without loading ssl and http

from companion.paths import default_db_path, move_aside, not_regular
from companion.rules.record import Record, fill

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2  # PRAGMA user_version of the layout below (1: no touched column; migrated on open)
EXPORT_FORMAT = "mars-companion-log"
EXPORT_VERSION = 1
STATUSES = ("open", "over", "abandoned")
_SIDECARS = ("-wal", "-shm", "-journal")
_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite 3 database

_SCHEMA = """
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    game_id      TEXT NOT NULL,
    options_json TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('open', 'over', 'abandoned')),
    touched      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE actions (
    game        INTEGER NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    action_json TEXT NOT NULL,
    events_json TEXT NOT NULL,
    undone      INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""
_COLUMNS = {
    "games": ["id", "game_id", "options_json", "created_at", "status", "touched"],
    "actions": ["game", "seq", "action_json", "events_json", "undone", "created_at"],
}


class StoreError(RuntimeError):
    """A write could not be committed (disk full, I/O error...); nothing was changed."""


class ReadOnlyError(StoreError, ValueError):
    """The store is read-only (see :attr:`Store.read_only_message`); nothing was
    changed. Also a ``ValueError``, so callers that show a refused new game's
    reason show this one."""


class _Damaged(Exception):
    """The file at hand is not a usable companion database (reason in ``args[0]``)."""


class GameRecord(Record):
    """One row of ``games``: ``id`` (store key), ``game_id`` (``"thirty-to-mars"``),
    ``options`` (the table's choices), ``created_at`` (UTC ISO), ``status``,
    ``touched`` (the order of the last move, undo, redo or resume: the largest
    is the game played last)."""

    __slots__ = ("id", "game_id", "options", "created_at", "status", "touched")

    def __init__(self, id: int, game_id: str, options: dict[str, Any], created_at: str, status: str,
                 touched: int = 0) -> None:
        fill(self, id, game_id, options, created_at, status, touched)


class ActionRecord(Record):
    """One row of ``actions``: ``action`` is ``Action.to_json()``, ``events`` a list
    of ``Event.to_json()``; ``undone`` True for the redo tail."""

    __slots__ = ("seq", "action", "events", "undone", "created_at")

    def __init__(self, seq: int, action: dict[str, Any], events: list[dict[str, Any]], undone: bool,
                 created_at: str) -> None:
        fill(self, seq, action, events, undone, created_at)

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "action": self.action, "events": self.events,
                "undone": self.undone, "created_at": self.created_at}


def utc_now() -> str:
    """Now, as a UTC ISO 8601 string with seconds."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _is_damage(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return True
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


#: SQLite's page cache per connection, KiB (its default is 2000): play reads a few rows by
#: their keys (an undo, a snapshot), so a long log would only fill memory (issue 13, peak RSS)
CACHE_KIB = 256
#: A disk with less room than this (bytes, for the unprivileged user) counts as full:
#: a move writes a few 4 KiB pages to the ``-wal`` file.
MIN_FREE_BYTES = 64 * 1024
DISK_FULL = "the disk is full"
#: The first words of every read-only sentence (the screen and the CLI show it whole).
READ_ONLY_LEAD = "This game can be looked at but not played on"


def _rollback(conn: sqlite3.Connection) -> None:
    """Roll back ``conn``'s open transaction, if any (SQLite may have rolled it back
    itself, on SQLITE_FULL or an I/O error; a failure here changes nothing more)."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def _sqlite_connect(database: str | Path, **kwargs: Any) -> sqlite3.Connection:
    """Every connection the store makes to a file comes from here (tests emulate a full
    disk by wrapping it: ``PRAGMA max_page_count``), with ``PRAGMA cell_size_check=ON``: SQLite then
    checks where each row of a page lies when it reads the page, so a page whose list of rows is damaged
    is "malformed" at every read (a tester's finding: without the check SQLite took a row from where a
    damaged pointer led, past the page's end, so that a look sometimes said "No game in progress." and
    sometimes the damage, as the bytes after the page in memory fell; or showed the game played before the
    last as the one played last). Costs a pass over a page's row pointers when the page is read."""
    conn = sqlite3.connect(database, **kwargs)
    conn.execute("PRAGMA cell_size_check=ON")
    return conn


class Store:
    """The game store. Build with :meth:`open`; use from one thread.

    Attributes: ``path`` (the file), ``notice`` (a sentence for the screen, or
    ``None``), ``persistent`` (False when running in memory after the file
    could not be opened at all), ``read_only_reason`` (why the file cannot be
    written: ``"the disk is full"``, ``"the saved games file ... is
    read-only"``; None when it can); see :attr:`writable`.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, notice: str | None = None,
                 persistent: bool = True, *, read_only_reason: str | None = None,
                 look_only: bool = False, version: int = SCHEMA_VERSION, ro_conn: bool = False):
        self._conn = conn
        self.path = path
        self.notice = notice
        self.persistent = persistent
        self.read_only_reason = read_only_reason
        self._look_only = look_only       # opened by status/log: never written
        self._ro_conn = ro_conn           # the connection is SQLite read-only
        self._taken = False               # another process plays on the file (:func:`claim_for_play`)
        self._batch = 0                   # depth of :meth:`batch` blocks
        self._batch_open = False          # the batch's transaction has begun (at its first write)
        self._batch_lost: str | None = None  # why SQLite rolled the batch's transaction back, if it did
        #: SQLite's words when a write met a damaged page (:meth:`set_aside` is the way on), else None
        self.damage: str | None = None
        #: where :meth:`open` moved a damaged file before starting this fresh one (its games may be read
        #: from there: :meth:`open_damaged`), else None
        self.moved_aside: Path | None = None
        self._set_version(version)

    def _set_version(self, version: int) -> None:
        touched = "touched" if version >= 2 else "id"  # schema 1 has no touched column: creation order
        self._touched = touched
        # the text read as bytes, decoded by _game: a row damaged into bytes that are not UTF-8 is that row's
        # error (skipped by _readable_games), not the whole query's (sqlite3 decodes every row it fetches)
        self._columns = ("id, CAST(game_id AS BLOB), CAST(options_json AS BLOB), CAST(created_at AS BLOB), "
                         f"CAST(status AS BLOB), {touched}")

    @property
    def writable(self) -> bool:
        """True when moves can be saved (always for the in-memory store)."""
        return self.read_only_reason is None

    @property
    def read_only_message(self) -> str | None:
        """``"This game can be looked at but not played on: <reason>."``, or None when writable."""
        if self.read_only_reason is None:
            return None
        return f"{READ_ONLY_LEAD}: {self.read_only_reason}."

    # ---------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: Path | str | None = None, *, create: bool = True, read_only: bool = False,
             taken: str | None = None) -> "Store":
        """Open (or create) the store at ``path`` (default: the data dir).

        ``taken``: why another process plays on the file (:func:`claim_for_play`'s clause): it is opened
        read-only for play, that clause the reason, and never moved aside (the other process uses it).

        Never raises for a bad file. For play (the default): a path that is not
        a regular file (FIFO, device, folder) is not touched and the store runs
        in memory; a damaged file is moved aside to ``<name>.damaged-<UTC
        stamp>`` and a fresh one created; a file that cannot be written (not
        writable, folder not writable, disk full) is opened read-only
        (:attr:`writable` False); if nothing can be opened, the store lives in
        memory. :attr:`notice` says what happened in a sentence.

        With ``create=False`` a missing file is not created (an empty store in
        memory, no notice). With ``read_only=True`` (``companion status``,
        ``log``, ``games``) nothing is written, created, migrated or moved: a
        missing or empty file is an empty store, a damaged or unreadable one an
        empty store whose :attr:`notice` says so (``persistent`` False).
        """
        path = Path(path) if path is not None else default_db_path()
        odd = _not_regular(path)
        if odd is not None:
            what = "cannot be read" if read_only else "was left alone and this session will not be saved"
            notice = f"The saved games file {odd}, so it {what}."
            return cls(_memory_connection(), path, notice, persistent=False, look_only=read_only)
        if read_only:
            return cls._open_to_look(path)
        if not create and not path.exists():
            return cls(_memory_connection(), path, None, persistent=False)
        notice: str | None = None
        moved: Path | None = None
        if taken is not None:
            return cls._open_taken(path, taken)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            problem = _write_problem(path) if path.exists() else None
            if problem is None and path.exists() and _disk_full(path):
                problem = DISK_FULL
            try:
                if problem is not None:
                    return cls._open_read_only_for_play(path, problem)
                try:
                    conn = _connect(path)
                except sqlite3.Error as exc:
                    if path.exists() and (_is_full(exc) or _disk_full(path)):
                        return cls._open_read_only_for_play(path, DISK_FULL)
                    raise
                full = _space_problem(conn, path)
                store = cls(conn, path, None, read_only_reason=full)
                store.notice = store.read_only_message
                return store
            except _Damaged as damaged:
                try:
                    moved = move_aside(path, _SIDECARS)
                except OSError as exc:  # a folder that takes no new file (/proc, a read-only mount)
                    return cls(_memory_connection(), path, (
                        f"The saved games file {path} is damaged or not a saved games file ({damaged.args[0]}), "
                        f"and it cannot be moved aside ({exc.strerror or exc}); this session will not be saved."),
                        persistent=False)
                notice = (f"The saved games file was damaged ({damaged.args[0]}). It was moved to "
                          f"{moved} and a fresh one was started.")
            try:
                store = cls(_connect(path), path, notice)
                store.moved_aside = moved
                return store
            except _Damaged as damaged:  # pragma: no cover - a fresh file that is damaged
                raise sqlite3.DatabaseError(str(damaged.args[0])) from None
        except (sqlite3.Error, OSError) as exc:
            notice = ((notice + " ") if notice else "") + (
                f"The saved games file {path} cannot be opened ({exc}); "
                "this session will not be saved.")
            return cls(_memory_connection(), path, notice, persistent=False)

    @classmethod
    def open_damaged(cls, path: Path) -> "Store":
        """A damaged file (one :meth:`open` moved aside) opened only to read what can still be read
        (:meth:`rescue_export`), with no check at open: SQLite's ``mode=ro``, its ``-wal`` read too.
        Raises ``sqlite3.Error`` or ``OSError`` when not even that opens."""
        conn = _connect_ro(Path(path))
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error:
            conn.close()
            raise
        return cls(conn, Path(path), None, persistent=False, look_only=True, version=version, ro_conn=True)

    @classmethod
    def in_memory(cls) -> "Store":
        """An empty store in memory (``persistent`` False; nothing reaches a disk):
        for simulations and tests."""
        return cls(_memory_connection(), Path(":memory:"), None, persistent=False)

    @classmethod
    def _open_read_only_for_play(cls, path: Path, reason: str) -> "Store":
        """``path`` opened read-only for play, with ``reason`` why it cannot be written.
        Raises ``_Damaged`` (play moves the file aside) or ``sqlite3.Error``."""
        conn, version = _connect_read_only(path)
        if conn is None:  # an empty file: nothing to look at
            conn, version = _memory_connection(), SCHEMA_VERSION
        store = cls(conn, path, None, read_only_reason=reason, version=version, ro_conn=True)
        store.notice = store.read_only_message
        return store

    @classmethod
    def _open_taken(cls, path: Path, taken: str) -> "Store":
        """``path``, which another process plays on, opened read-only for play with ``taken`` as the reason;
        a file that cannot be read now is not touched (an empty store in memory says so)."""
        store = None
        try:
            if path.exists():
                store = cls._open_read_only_for_play(path, taken)
        except (_Damaged, sqlite3.Error, OSError) as exc:
            log.info("cannot look at %s, taken by another process: %s", path, exc)
        if store is None:
            store = cls(_memory_connection(), path, None, persistent=False, read_only_reason=taken)
            store.notice = store.read_only_message
        store._taken = True
        return store

    @classmethod
    def _open_to_look(cls, path: Path) -> "Store":
        """``path`` opened by status/log: see :meth:`open` with ``read_only``."""
        if not path.exists():
            return cls(_memory_connection(), path, None, persistent=False, look_only=True)
        lost = _wal_lost(path) if _left_unclean(path) else None  # the check play makes; nothing moved here
        if lost is not None:
            return cls(_memory_connection(), path, journal_notice(path, lost), persistent=False, look_only=True)
        try:
            conn, version = _connect_read_only(path, look=True)
        except _Damaged as damaged:
            return cls(_memory_connection(), path, damaged_notice(path, damaged.args[0]), persistent=False,
                       look_only=True)
        except (sqlite3.Error, OSError) as exc:
            notice = f"The saved games file {path} cannot be read ({exc})."
            return cls(_memory_connection(), path, notice, persistent=False, look_only=True)
        if conn is None:  # an empty file: no game yet
            return cls(_memory_connection(), path, None, persistent=False, look_only=True)
        return cls(conn, path, None, look_only=True, version=version, ro_conn=True,
                   read_only_reason="it was opened only to look at it")

    def retry_writable(self) -> bool:
        """Look again whether the file can be written now (space freed, rights
        given back); if so, reopen it for writing (migrating a schema 1 file) and
        return True. False while it still cannot be, and always for a store
        opened with ``read_only=True``. Costs a ``statvfs`` and a rolled-back
        write; the session calls it only while :attr:`writable` is False."""
        if self.read_only_reason is None:
            return True
        if self._look_only or not self.persistent or self._batch or self._taken:
            return False  # (never in a batch: its transaction is open on this connection; never over another
            # process's play: it holds the file until it ends)
        problem = _write_problem(self.path) or (DISK_FULL if _disk_full(self.path) else None)
        if problem is not None:
            self.read_only_reason = problem
            return False
        if self._ro_conn:
            try:
                conn = _connect(self.path)
            except (sqlite3.Error, OSError, _Damaged) as exc:
                log.warning("the saved games file still cannot be written: %s", exc)
                return False
            self._conn.close()
            self._conn, self._ro_conn = conn, False
            self._set_version(SCHEMA_VERSION)
        self.read_only_reason = _space_problem(self._conn, self.path)
        return self.read_only_reason is None

    @property
    def looking(self) -> bool:
        """True for a store opened only to be looked at (``status``, ``log``): it says its problems, never logs them."""
        return self._look_only

    @property
    def can_set_aside(self) -> bool:
        """True when :meth:`set_aside` may move the file: a writable file of its own, no batch open."""
        return not (self._look_only or not self.persistent or self._ro_conn or self._batch)

    def set_aside(self, reason: str) -> bool:
        """A damage SQLite met after the open (a bad page the checks at open did not read): move the file
        aside with its ``-wal``/``-shm`` files, as :meth:`open` does, and go on with a fresh file; :attr:`notice`
        says so. Returns False (nothing done) for a store that is not a writable file of its own (a look,
        in memory, read-only) or when the move or the fresh file fails (the reason is logged)."""
        if not self.can_set_aside:
            return False
        try:
            moved = move_aside(self.path, _SIDECARS)  # renamed while open: the old connection keeps its files
        except OSError as exc:
            log.error("cannot move the damaged file %s aside: %s", self.path, exc)
            return False
        try:
            self._conn.close()  # before the fresh file exists: closing removes its own -wal by name
        except sqlite3.Error:
            pass
        try:
            self._conn = _connect(self.path)
        except (sqlite3.Error, OSError, _Damaged) as exc:
            log.error("cannot start a fresh saved games file at %s: %s", self.path, exc)
            self._conn, self.persistent = _memory_connection(), False
            self.notice = (f"The saved games file was damaged ({reason}). It was moved to {moved}; a fresh one "
                           f"cannot be made ({exc}), so this session will not be saved.")
            return True
        self._set_version(SCHEMA_VERSION)
        self.read_only_reason = self.damage = None
        self.notice = (f"The saved games file was damaged ({reason}). It was moved to {moved} and a fresh one "
                       "was started.")
        log.warning("%s", self.notice)
        return True

    def close(self) -> None:
        """Close the connection (all writes are already committed)."""
        self._conn.close()

    # ---------------------------------------------------------------- reading
    def current_game(self, game_id: str | None = None) -> GameRecord | None:
        """The game the table sees: the last touched game that is ``open`` or
        ``over`` (only of ``game_id`` if given), or None."""
        where = " AND game_id = ?" if game_id is not None else ""
        rows = self._conn.execute(
            f"SELECT {self._columns} FROM games WHERE status IN ('open', 'over'){where} "
            f"ORDER BY {self._touched} DESC, id DESC LIMIT 16", (game_id,) if game_id is not None else ()).fetchall()
        return next(_readable_games(rows), None)  # the newest whose row reads

    def open_games(self) -> dict[str, GameRecord]:
        """game id -> its open game (at most one each)."""
        rows = self._conn.execute(f"SELECT {self._columns} FROM games WHERE status = 'open' ORDER BY id").fetchall()
        return {r.game_id: r for r in _readable_games(rows)}

    def game(self, game: int) -> GameRecord | None:
        """The game with store key ``game``, or None."""
        row = self._conn.execute(f"SELECT {self._columns} FROM games WHERE id = ?", (game,)).fetchone()
        return _game(row) if row else None

    def games(self, game_id: str | None = None) -> list[GameRecord]:
        """Every game (only of ``game_id`` if given), oldest first."""
        where = " WHERE game_id = ?" if game_id is not None else ""
        rows = self._conn.execute(f"SELECT {self._columns} FROM games{where} ORDER BY id",
                                  (game_id,) if game_id is not None else ()).fetchall()
        return list(_readable_games(rows))

    def actions(self, game: int, *, active_only: bool = False) -> list[ActionRecord]:
        """The log of ``game`` by ``seq``; with ``active_only`` without the undone tail."""
        sql = (f"SELECT {_ACTION_COLUMNS} FROM actions "
               "WHERE game = ?" + (" AND undone = 0" if active_only else "") + " ORDER BY seq")
        return [_action(game, row) for row in self._conn.execute(sql, (game,))]

    def action(self, game: int, seq: int) -> ActionRecord | None:
        """One logged action of ``game`` (undone or not), or None."""
        row = self._conn.execute(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game = ? AND seq = ?", (game, seq)).fetchone()
        return None if row is None else _action(game, row)

    def export(self, game: int) -> dict[str, Any]:
        """The log of ``game`` as a JSON-able dict::

            {"format": "mars-companion-log", "version": 1, "game": "thirty-to-mars",
             "options": {...}, "status": "open", "created_at": "...",
             "actions": [{"seq": 1, "action": {"kind": "roll", "face": 3},
                          "events": [{"kind", "text", "data"?}], "undone": false,
                          "created_at": "..."}, ...]}

        Replaying the ``actions`` that are not ``undone``, in order, from
        ``new_game(options)`` gives the game's state. Raises ``KeyError`` for
        an unknown ``game``.
        """
        record = self.game(game)
        if record is None:
            raise KeyError(f"no game {game} in {self.path}")
        return _export(record, self.actions(game))

    def rescue_export(self, game: int) -> dict[str, Any]:
        """:meth:`export` of ``game`` from a damaged file, read past the indexes (a damaged index gives
        short or mixed lists without an error) and checked whole: its moves numbered 1 to N with no gap, no
        fewer than the index lists where it can still list them, the moves taken back a tail. Raises
        ``sqlite3.Error`` (SQLite met the damage), ``ValueError`` (a log that is not whole) or ``KeyError``."""
        row = self._conn.execute(f"SELECT {self._columns} FROM games NOT INDEXED WHERE id = ?", (game,)).fetchone()
        if row is None:
            raise KeyError(f"no game {game} in {self.path}")
        record = _game(row)
        columns = "seq, action_json, events_json, undone, created_at"
        try:  # every row of the table: a damaged index cannot hide or mix in a move
            rows = self._conn.execute(f"SELECT {columns} FROM actions NOT INDEXED WHERE game = ?", (game,)).fetchall()
            try:
                said = self._conn.execute("SELECT count(*) FROM actions WHERE game = ?", (game,)).fetchone()[0]
            except sqlite3.Error:  # the index itself is what is damaged: the table's own rows are the log
                said = None
        except sqlite3.DatabaseError:  # a damaged page elsewhere in the table: only this game's rowids
            lo, hi, said = self._conn.execute(
                "SELECT min(rowid), max(rowid), count(*) FROM actions WHERE game = ?", (game,)).fetchone()
            rows = self._conn.execute(f"SELECT {columns} FROM actions NOT INDEXED WHERE rowid BETWEEN ? AND ? "
                                      "AND game = ?", (lo or 0, hi or 0, game)).fetchall()
        rows.sort()
        if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
            raise ValueError(f"the log of game {game} has a gap")
        if said is not None and said > len(rows):  # the table lost rows the index still lists (more: the index lost)
            raise ValueError(f"the log of game {game} has {len(rows)} moves where its index has {said}")
        undone = [bool(r[3]) for r in rows]
        if undone != sorted(undone):
            raise ValueError(f"the log of game {game} has a move taken back before one still made")
        return _export(record, [ActionRecord(seq, json.loads(a), json.loads(e), bool(u), at)
                                for seq, a, e, u, at in rows])

    # ---------------------------------------------------------------- writing
    def create_game(self, game_id: str, options: dict[str, Any]) -> GameRecord:
        """Start a game (status ``open``); the previous ``open`` game of the same
        ``game_id`` becomes ``abandoned`` in the same transaction (other games'
        open games stay open). Raises :class:`StoreError` if it cannot be committed."""
        created = utc_now()
        with self._transaction() as conn:
            conn.execute("UPDATE games SET status = 'abandoned' WHERE status = 'open' AND game_id = ?", (game_id,))
            cur = conn.execute(
                f"INSERT INTO games (game_id, options_json, created_at, status, touched) "
                f"VALUES (?, ?, ?, 'open', {_NEXT_TOUCH})", (game_id, _dumps(options), created))
            game = int(cur.lastrowid)  # type: ignore[arg-type]
        return self.game(game)  # type: ignore[return-value]

    def touch(self, game: int) -> None:
        """Make ``game`` the one the table sees next time (a resume from the picker).
        Raises :class:`StoreError`."""
        with self._transaction() as conn:
            conn.execute(f"UPDATE games SET touched = {_NEXT_TOUCH} WHERE id = ?", (game,))

    def append_action(self, game: int, seq: int, action: dict[str, Any],
                      events: list[dict[str, Any]], status: str) -> None:
        """Log an accepted action as ``seq`` (one past the active actions) and set the
        game's ``status``, in one transaction. The undone tail from ``seq`` on is
        discarded (a new action after undo ends redo). Raises :class:`StoreError`."""
        _check_status(status)
        with self._transaction() as conn:
            conn.execute("DELETE FROM actions WHERE game = ? AND seq >= ? AND undone = 1", (game, seq))
            conn.execute(
                "INSERT INTO actions (game, seq, action_json, events_json, undone, created_at) "
                "VALUES (?, ?, ?, ?, 0, ?)", (game, seq, _dumps(action), _dumps(events), utc_now()))
            conn.execute(f"UPDATE games SET status = ?, touched = {_NEXT_TOUCH} WHERE id = ? AND {_TOUCH_NEEDED}",
                         (status, game, status))

    def set_undone(self, game: int, seq: int, undone: bool, status: str) -> None:
        """Mark action ``seq`` undone (undo) or active again (redo) and set the game's
        ``status``, in one transaction. Raises :class:`StoreError` (also if there is
        no such action)."""
        _check_status(status)
        with self._transaction() as conn:
            cur = conn.execute("UPDATE actions SET undone = ? WHERE game = ? AND seq = ?",
                               (int(undone), game, seq))
            if cur.rowcount != 1:
                raise StoreError(f"game {game} has no action {seq}")
            conn.execute(f"UPDATE games SET status = ?, touched = {_NEXT_TOUCH} WHERE id = ? AND {_TOUCH_NEEDED}",
                         (status, game, status))

    # -- refusals: moves the rules refused, kept beside the log (not replayed) --------------
    _REFUSALS = ("CREATE TABLE IF NOT EXISTS refusals (game INTEGER NOT NULL REFERENCES games(id), "
                 "after_seq INTEGER NOT NULL, action_json TEXT NOT NULL, code TEXT NOT NULL, "
                 "message TEXT NOT NULL, rule TEXT NOT NULL, created_at TEXT NOT NULL)")

    def add_refusal(self, game: int, after_seq: int, action: dict[str, Any], code: str, message: str,
                    rule: str) -> None:
        """Keep a move the rules refused, after action ``after_seq``. Raises :class:`StoreError`."""
        with self._transaction() as conn:
            conn.execute(self._REFUSALS)
            conn.execute("INSERT INTO refusals VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (game, after_seq, _dumps(action), code, message, rule, utc_now()))

    def refusals(self, game: int) -> list[dict[str, Any]]:
        """The refused moves of ``game``, oldest first: ``after_seq``, ``action``, ``code``,
        ``message``, ``rule``, ``created_at``."""
        if not self._conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'refusals'").fetchone():
            return []
        rows = self._conn.execute("SELECT after_seq, action_json, code, message, rule, created_at FROM refusals "
                                  "WHERE game = ? ORDER BY rowid", (game,)).fetchall()
        return [{"after_seq": r[0], "action": json.loads(r[1]), "code": r[2], "message": r[3], "rule": r[4],
                 "created_at": r[5]} for r in rows]

    # -- touches: the moves one touch made ("Same as yesterday"), undone and redone together -------------
    _TOUCHES = ("CREATE TABLE IF NOT EXISTS touches (game INTEGER NOT NULL REFERENCES games(id), "
                "start INTEGER NOT NULL, end_seq INTEGER NOT NULL, label TEXT NOT NULL, PRIMARY KEY (game, start))")
    # a new move over moves taken back deletes them: a touch that held one is no longer the log's
    _TOUCHES_STALE = ("CREATE TRIGGER IF NOT EXISTS touches_stale AFTER DELETE ON actions BEGIN "
                      "DELETE FROM touches WHERE game = OLD.game AND end_seq >= OLD.seq; END")

    def add_touch(self, game: int, start: int, end: int, label: str) -> None:
        """Keep that actions ``start + 1 .. end`` of ``game`` were made by one touch called ``label``
        (inside the :meth:`batch` that wrote them: the same commit). Raises :class:`StoreError`."""
        with self._transaction() as conn:
            conn.execute(self._TOUCHES)
            conn.execute(self._TOUCHES_STALE)
            # a touch over moves of an older one (made again, then touched again): the newer grouping only, so
            # that Undo and Redo walk the same steps (a tester's finding: Undo went 3 + 1 moves, Redo 4)
            conn.execute("DELETE FROM touches WHERE game = ? AND start < ? AND end_seq > ?", (game, end, start))
            conn.execute("INSERT INTO touches VALUES (?, ?, ?, ?)", (game, start, end, label))

    def touch_of(self, game: int, *, start: int | None = None, end: int | None = None) -> tuple[int, int, str] | None:
        """``(start, end, label)`` of the touch of ``game`` that begins after action ``start``, or
        that ends at action ``end`` (the newest such), or None (also in a file without touches)."""
        where, arg = ("start = ?", start) if start is not None else ("end_seq = ?", end)
        try:
            row = self._conn.execute(f"SELECT start, end_seq, label FROM touches WHERE game = ? AND {where} "
                                     "ORDER BY start DESC LIMIT 1", (game, arg)).fetchone()
        except sqlite3.Error as exc:
            log.debug("no touches: %s", exc)
            return None
        return (int(row[0]), int(row[1]), str(row[2])) if row else None

    # -- drafts: what a screen was typing (not a move; see the module docstring) ---------------------------
    _DRAFTS = ("CREATE TABLE IF NOT EXISTS drafts (game INTEGER NOT NULL REFERENCES games(id), name TEXT NOT NULL, "
               "seq INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (game, name))")

    def draft(self, game: int, name: str) -> tuple[int, str] | None:
        """``(seq, body)`` of ``game``'s draft called ``name``, or None (also in a file without drafts).
        Raises ``sqlite3.Error`` when the row cannot be read (a damaged page)."""
        if not self._conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'drafts'").fetchone():
            return None
        row = self._conn.execute("SELECT seq, CAST(body AS BLOB) FROM drafts WHERE game = ? AND name = ?",
                                 (game, name)).fetchone()
        if row is None:
            return None
        return int(row[0]), bytes(row[1]).decode("utf-8", "replace")  # a damaged body: the reader's to refuse

    def set_draft(self, game: int, name: str, seq: int, body: str | None) -> None:
        """Keep ``body`` as ``game``'s draft ``name``, typed at its action ``seq`` (replacing the one kept);
        ``body`` None forgets it. The drafts of games no longer open go in the same transaction. Committed
        as a move is (``synchronous=FULL``: a power cut loses nothing shown). Raises :class:`StoreError`."""
        with self._transaction() as conn:
            conn.execute(self._DRAFTS)
            conn.execute("DELETE FROM drafts WHERE game = ? AND name = ?", (game, name))
            conn.execute("DELETE FROM drafts WHERE game NOT IN (SELECT id FROM games WHERE status = 'open')")
            if body is not None:
                conn.execute("INSERT INTO drafts VALUES (?, ?, ?, ?, ?)", (game, name, seq, body, utc_now()))

    def set_status(self, game: int, status: str) -> None:
        """Set a game's ``status`` (open | over | abandoned). Raises :class:`StoreError`."""
        _check_status(status)
        with self._transaction() as conn:
            conn.execute("UPDATE games SET status = ? WHERE id = ?", (status, game))

    # ------------------------------------------- bounded reads and snapshots
    def log_extent(self, game: int) -> tuple[int, int]:
        """``(active, total)``: how many actions of ``game`` are active (the
        prefix ``1..active``) and how many are logged (with the undone tail),
        found through the primary key and the undone index, without reading the log. Raises
        ``sqlite3.DatabaseError`` (damage) when a snapshot of the game is newer than its log's end: the
        index lost moves SQLite does not see as damaged (a snapshot is dropped with the moves it was made of)."""
        total = self._conn.execute("SELECT max(seq) FROM actions WHERE game = ?", (game,)).fetchone()[0] or 0
        first_undone = self._conn.execute(
            "SELECT min(seq) FROM actions WHERE game = ? AND undone = 1", (game,)).fetchone()[0]
        try:
            newest = self._conn.execute("SELECT max(seq) FROM snapshots WHERE game = ?", (game,)).fetchone()[0]
        except sqlite3.OperationalError:  # a file without snapshots (opened read-only before they existed)
            newest = None
        if newest is not None and newest > total:
            raise sqlite3.DatabaseError(f"database disk image is malformed: the log of game {game} ends at move "
                                        f"{total}, its snapshot at move {newest}")
        return (total if first_undone is None else first_undone - 1), total

    def actions_between(self, game: int, first: int, last: int) -> list[ActionRecord]:
        """The logged actions ``first <= seq <= last`` of ``game`` by ``seq``
        (undone or not): reads only those rows."""
        rows = self._conn.execute(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game = ? AND seq BETWEEN ? AND ? ORDER BY seq",
            (game, first, last))
        return [_action(game, row) for row in rows]

    def moves_between(self, game: int, first: int, last: int) -> list[tuple[int, dict, bool]]:
        """``(seq, action, undone)`` of the logged actions ``first <= seq <= last`` of ``game`` by ``seq``:
        what a replay reads (not the events, which are most of a row's bytes)."""
        rows = self._conn.execute("SELECT seq, action_json, undone FROM actions "
                                  "WHERE game = ? AND seq BETWEEN ? AND ? ORDER BY seq", (game, first, last))
        return [(seq, json.loads(a), bool(u)) for seq, a, u in rows]

    def latest_snapshot(self, game: int, seq: int, engine: str) -> tuple[int, int, bytes] | None:
        """``(seq, format, blob)`` of the newest snapshot of ``game`` at or before
        ``seq`` made by ``engine`` (a fingerprint of the rules), or None (also
        when the file has no snapshots table, e.g. opened read-only before it existed)."""
        try:
            row = self._conn.execute(
                "SELECT seq, format, state FROM snapshots WHERE game = ? AND seq <= ? AND engine = ? "
                "ORDER BY seq DESC LIMIT 1", (game, seq, engine)).fetchone()
        except sqlite3.Error as exc:
            log.debug("no snapshot: %s", exc)
            return None
        return (int(row[0]), int(row[1]), bytes(row[2])) if row else None

    def save_snapshots(self, game: int, engine: str, fmt: int, items: list[tuple[int, bytes]]) -> bool:
        """Store the snapshots ``items`` = ``[(seq, blob)]`` of ``game`` in one
        transaction (replacing any at the same ``seq``). A snapshot is a cache,
        so this commits with ``synchronous=NORMAL`` (no fsync of its own: the
        next action's commit makes it durable; in a :meth:`batch`, the batch's
        commit) and never raises: returns False when it could not be written
        (read-only, full disk...)."""
        if not items:
            return True
        conn = self._conn
        own = not self._batch  # SQLite changes the safety level only between transactions
        try:
            if own:
                conn.execute("PRAGMA synchronous=NORMAL")
            try:
                with self._transaction():
                    now = utc_now()
                    conn.executemany(
                        "INSERT OR REPLACE INTO snapshots (game, seq, engine, format, state, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", [(game, seq, engine, fmt, blob, now) for seq, blob in items])
            finally:
                if own:
                    conn.execute("PRAGMA synchronous=FULL")
        except (StoreError, sqlite3.Error) as exc:
            log.info("snapshot of game %s not saved: %s", game, exc)
            return False
        return True

    def import_game(self, game_id: str, options: dict[str, Any],
                    actions: list[tuple[dict[str, Any], list[dict[str, Any]]]], status: str,
                    created_at: str | None = None) -> GameRecord:
        """Store a whole game at once, in one transaction: ``actions`` are
        ``[(Action.to_json(), [Event.to_json()...])]`` in order (all active), the
        game's ``status`` as given (an ``open`` one abandons the previous open game
        of ``game_id``, as :meth:`create_game` does), started ``created_at`` (UTC ISO;
        default now). For restoring an export, carrying games over from a damaged
        file and building benchmark databases. Raises :class:`StoreError`."""
        _check_status(status)
        now = utc_now()
        with self._transaction() as conn:
            if status == "open":
                conn.execute("UPDATE games SET status = 'abandoned' WHERE status = 'open' AND game_id = ?", (game_id,))
            cur = conn.execute(
                f"INSERT INTO games (game_id, options_json, created_at, status, touched) "
                f"VALUES (?, ?, ?, ?, {_NEXT_TOUCH})", (game_id, _dumps(options), created_at or now, status))
            game = int(cur.lastrowid)  # type: ignore[arg-type]
            conn.executemany(
                "INSERT INTO actions (game, seq, action_json, events_json, undone, created_at) "
                "VALUES (?, ?, ?, ?, 0, ?)",
                ((game, i, _dumps(a), _dumps(e), now) for i, (a, e) in enumerate(actions, 1)))
        return self.game(game)  # type: ignore[return-value]

    def drop_snapshots_between(self, game: int, keep: int, every: int) -> None:
        """Forget the snapshots of ``game`` whose ``seq`` is not a multiple of ``every``,
        except the one at ``keep`` (the one taken at close); never raises."""
        try:
            with self._transaction() as conn:
                conn.execute("DELETE FROM snapshots WHERE game = ? AND seq % ? != 0 AND seq != ?", (game, every, keep))
        except (StoreError, sqlite3.Error) as exc:
            log.info("snapshots of game %s not dropped: %s", game, exc)

    def drop_snapshot(self, game: int, seq: int) -> None:
        """Forget the snapshot of ``game`` at ``seq`` (one that would not load); never raises."""
        try:
            with self._transaction() as conn:
                conn.execute("DELETE FROM snapshots WHERE game = ? AND seq = ?", (game, seq))
        except (StoreError, sqlite3.Error) as exc:
            log.info("snapshot of game %s not dropped: %s", game, exc)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Every write made inside the block is one transaction: one ``COMMIT``
        (one fsync of the ``-wal``, as one write alone costs) when the block
        ends, begun at the first write (a block that writes nothing costs
        nothing). The writes after the first are savepoints, so a write that
        fails (and raises :class:`StoreError`) takes back only itself. A crash or power
        cut before the end leaves none of the block's writes: the log stays
        as it was before the block. When the block raises, the writes made
        before are committed, then the exception goes on. Nested blocks are
        part of the outer one.

        Raises :class:`StoreError` at the end of the block, with nothing of the
        block kept, when the commit fails or SQLite rolled the transaction
        back under a failing write (a full disk)."""
        if self._batch:
            self._batch += 1
            try:
                yield
            finally:
                self._batch -= 1
            return
        if self.read_only_reason is not None:  # space freed, rights given back: look before the block,
            self.retry_writable()              # as no transaction is open yet (inside it, no retry is made)
        self._batch, self._batch_open, self._batch_lost = 1, False, None
        try:
            yield
        finally:
            self._batch = 0
            self._end_batch()

    def _end_batch(self) -> None:
        opened, lost = self._batch_open, self._batch_lost
        self._batch_open, self._batch_lost = False, None
        conn = self._conn
        if lost is not None:
            raise StoreError(f"cannot write the saved games file: {lost}")
        if not opened:
            return
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            _rollback(conn)
            raise self._write_failed(exc) from exc

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write: its own transaction, or a savepoint inside a :meth:`batch`."""
        if self.read_only_reason is not None:
            raise ReadOnlyError(self.read_only_message)
        if self._batch:
            with self._savepoint() as conn:
                yield conn
            return
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._write_failed(exc) from exc
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            _rollback(conn)
            if isinstance(exc, sqlite3.Error):
                raise self._write_failed(exc) from exc
            raise

    @contextmanager
    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        """One write inside a batch: the first begins the batch's transaction (and
        a failure rolls it back), the next ones are savepoints released on success,
        rolled back to on failure."""
        conn = self._conn
        if self._batch_lost is not None:
            raise StoreError(f"cannot write the saved games file: {self._batch_lost}")
        first = not self._batch_open  # the first write needs no savepoint: undoing it is a rollback
        try:
            conn.execute("BEGIN IMMEDIATE" if first else "SAVEPOINT write")
            self._batch_open = True
        except sqlite3.Error as exc:
            raise self._write_failed(exc) from exc
        try:
            yield conn
            if not first:
                conn.execute("RELEASE write")
        except BaseException as exc:
            if first or not conn.in_transaction:
                _rollback(conn)
                if first:
                    self._batch_open = False
                else:  # SQLite rolled the whole transaction back (SQLITE_FULL, an I/O error)
                    self._batch_lost = str(exc)
            else:
                try:
                    conn.execute("ROLLBACK TO write")
                    conn.execute("RELEASE write")
                except sqlite3.Error:
                    pass
            if isinstance(exc, sqlite3.Error):
                raise self._write_failed(exc) from exc
            raise

    def _write_failed(self, exc: sqlite3.Error) -> StoreError:
        """The error to raise for a failed write (noted first: :meth:`_note_failure`)."""
        self._note_failure(exc)
        return StoreError(f"cannot write the saved games file: {exc}")

    def _note_failure(self, exc: sqlite3.Error) -> None:
        """A write failed: on a full disk (or a file made read-only under us) the
        store becomes read-only until :meth:`retry_writable` finds it writable."""
        if _is_damage(exc):
            self.damage = str(exc)
        elif _is_full(exc):
            self.read_only_reason = DISK_FULL
        elif (getattr(exc, "sqlite_errorname", "") or "").startswith("SQLITE_READONLY"):
            self.read_only_reason = _write_problem(self.path) or f"the saved games file {self.path} is read-only"


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")


_NEXT_TOUCH = "(SELECT coalesce(max(touched), 0) + 1 FROM games)"
#: the game's row changes only when it must: a new status, or another game touched since (the
#: order of the games is the same; the row's page is not written again at every move)
_TOUCH_NEEDED = "(status != ? OR touched < (SELECT max(touched) FROM games))"


def _not_regular(path: Path) -> str | None:
    """:func:`companion.paths.not_regular` of ``path`` or of one of SQLite's files beside it, the first found."""
    return next(filter(None, (not_regular(c) for c in (path, *(Path(f"{path}{s}") for s in _SIDECARS)))), None)


def claim_for_play(path: Path | str | None = None) -> tuple[int | None, str | None]:
    """Take the saved games file ``path`` (default: the data dir's) for this process's play: an exclusive
    ``flock`` on ``<path>.lock`` beside it, which the kernel lets go when the process ends (a kill -9 too), so
    that two companions never play on one file (the second's moves were refused with SQLite's "UNIQUE
    constraint failed", and each started its own game). Returns ``(fd, None)`` when taken (keep ``fd`` open
    while playing), ``(None, why)`` when another process holds it (``why``: a clause naming that process, for
    :meth:`Store.open`'s ``taken``), ``(None, None)`` when no lock can be had there (a folder that takes no
    file, a path that is not a regular file: the store says what it can). Never raises."""
    import fcntl
    path = Path(path) if path is not None else default_db_path()
    lock = path.with_name(path.name + ".lock")
    if _not_regular(path) is not None:
        return None, None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        log.info("no lock beside %s: %s", path, exc)
        return None, None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):  # no locks on this file system: nothing to say
            os.close(fd)
            log.info("no lock beside %s: %s", path, exc)
            return None, None
        try:
            pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        except OSError:
            pid = ""
        os.close(fd)
        who = f"another companion (process {pid})" if pid.isdigit() else "another companion"
        return None, f"{who} is playing on {path}; close it, then start this one again"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError:
        pass  # the lock is what counts; the process id only names the holder
    return fd, None


def _write_problem(path: Path) -> str | None:
    """Why the existing ``path`` cannot be written (the file, or its folder, where
    SQLite keeps the ``-wal``/``-shm`` files), or None. Uses ``os.access``, which
    also says False on a read-only mount."""
    if not os.access(path, os.W_OK):
        return f"the saved games file {path} is read-only"
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"its folder {folder} is not writable (SQLite keeps its -wal and -shm files "
                "beside the saved games file)")
    return None


def _disk_full(path: Path) -> bool:
    """True when the file system of ``path`` has less than :data:`MIN_FREE_BYTES`
    free for an unprivileged user (``statvfs``; False if it cannot be asked)."""
    try:
        st = os.statvfs(path.parent)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < MIN_FREE_BYTES


def _is_full(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_FULL") or "database or disk is full" in str(exc).lower()


def _space_problem(conn: sqlite3.Connection, path: Path) -> str | None:
    """:data:`DISK_FULL` when a move could not be saved for want of space, else None:
    the disk's free space (``statvfs``), then SQLite itself (a rolled-back insert
    that needs new pages fails with ``SQLITE_FULL`` when the file cannot grow)."""
    if _disk_full(path):
        return DISK_FULL
    try:
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("INSERT INTO games (game_id, options_json, created_at, status) "
                         "VALUES ('', zeroblob(?), '', 'abandoned')", (2 * page,))
        finally:
            if conn.in_transaction:  # SQLite rolls back by itself on SQLITE_FULL
                conn.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if _is_full(exc):
            return DISK_FULL
        log.warning("cannot probe the saved games file for space: %s", exc)
    return None


def _export(record: GameRecord, actions: list[ActionRecord]) -> dict[str, Any]:
    """The export of ``record`` with its log ``actions`` (the shape: :meth:`Store.export`)."""
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": record.game_id,
            "options": record.options, "status": record.status, "created_at": record.created_at,
            "actions": [a.to_json() for a in actions]}


#: a row of ``actions`` with its text read as bytes, decoded by :func:`_action` (sqlite3 raises a bare
#: OperationalError for text that is not UTF-8, which no caller takes for damage)
_ACTION_COLUMNS = ("seq, CAST(action_json AS BLOB), CAST(events_json AS BLOB), undone, CAST(created_at AS BLOB)")


def _action(game: int, row: tuple) -> ActionRecord:
    """A row of :data:`_ACTION_COLUMNS` of ``game``. Raises ``sqlite3.DatabaseError`` (damage, as
    :func:`is_damage` reads it) when its text no longer reads (not UTF-8, not JSON): a damaged page SQLite
    did not see (a tester's finding: ``companion log`` ended in a traceback)."""
    seq, a, e, u, at = row
    try:
        action, events = json.loads(a), json.loads(e)
        created = at.decode("utf-8") if isinstance(at, bytes) else at
    except (ValueError, TypeError) as exc:  # UnicodeDecodeError and json.JSONDecodeError are ValueErrors
        raise sqlite3.DatabaseError(f"database disk image is malformed: move {seq} of game {game} "
                                    f"cannot be read ({exc})") from exc
    return ActionRecord(seq, action, events, bool(u), created)


def _readable_games(rows: Any) -> Iterator[GameRecord]:
    """The games of ``rows`` whose own row reads (a damaged page SQLite cannot see may leave a row whose
    options are no longer JSON: that game is skipped, and logged, not the list with it)."""
    for row in rows:
        try:
            yield _game(row)
        except (ValueError, TypeError) as exc:  # json.JSONDecodeError is a ValueError
            log.error("game %s cannot be read from the saved games file: %s", row[0], exc)


def _game(row: tuple) -> GameRecord:
    """A games row (its text columns as bytes, see ``Store._columns``). Raises ``ValueError`` (a
    ``UnicodeDecodeError`` or ``json.JSONDecodeError``) for a row whose text no longer reads."""
    id_, game_id, options_json, created_at, status, touched = (
        v.decode("utf-8") if isinstance(v, bytes) else v for v in row)
    return GameRecord(int(id_), game_id, json.loads(options_json), created_at, status, int(touched))


def _memory_connection() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.executescript(_SCHEMA)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    _ensure_snapshots(conn)
    return conn


def _connect(path: Path) -> sqlite3.Connection:
    """A checked connection to ``path`` with the schema in place.

    Raises :class:`_Damaged` for a file that is not a usable companion
    database; other ``sqlite3.Error`` (locked, I/O) pass through.
    """
    _check_header(path)
    full_check = _left_unclean(path)
    if full_check:
        lost = _wal_damage(path)
        if lost is not None:  # SQLite would read the journal up to the damage, silently (a tester's finding)
            raise _Damaged(lost)
    conn = _sqlite_connect(path, timeout=10.0, isolation_level=None)
    try:
        try:
            if full_check:
                rows = conn.execute("PRAGMA quick_check").fetchall()
                if rows != [("ok",)]:
                    raise _Damaged("; ".join(str(r[0]) for r in rows[:3]) or "quick_check failed")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Damaged(f"it was written by a newer version of the companion (schema {version})")
            conn.execute("PRAGMA journal_mode=WAL").fetchone()  # stays 'delete' where WAL is impossible
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
            if version == 0:
                _create_schema(conn)
            elif version < SCHEMA_VERSION:
                _migrate(conn, version)
            _check_schema(conn)
            _ensure_snapshots(conn)
        except sqlite3.DatabaseError as exc:
            if _is_damage(exc):
                raise _Damaged(str(exc)) from exc
            raise
    except BaseException:
        conn.close()
        raise
    return conn


def _check_header(path: Path) -> None:
    """Raise :class:`_Damaged` if ``path`` exists, is not empty and lacks SQLite's magic
    header. Checked before SQLite opens it, because closing an SQLite connection
    deletes the ``-wal`` file, which must move aside with the damaged file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # never waits, even on a FIFO
    except FileNotFoundError:
        return
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _Damaged("it is not a regular file")
        head = os.read(fd, len(_MAGIC))
    finally:
        os.close(fd)
    if head and head != _MAGIC:
        raise _Damaged("it is not a database file")


def _create_schema(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise _Damaged("it is an SQLite file of some other program")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring a schema of ``version`` up to :data:`SCHEMA_VERSION` in one transaction.
    1 -> 2: ``games.touched`` (in the order the games were created), and at most one open
    game per game id (older open games of the same id become abandoned, as
    version 1 already did across all games)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if version < 2:
            conn.execute("ALTER TABLE games ADD COLUMN touched INTEGER NOT NULL DEFAULT 0")
            conn.execute("UPDATE games SET touched = id")
            conn.execute("UPDATE games SET status = 'abandoned' WHERE status = 'open' AND id NOT IN "
                         "(SELECT max(id) FROM games WHERE status = 'open' GROUP BY game_id)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _check_schema(conn: sqlite3.Connection, version: int = SCHEMA_VERSION) -> None:
    for table, columns in _COLUMNS.items():
        if version < 2 and table == "games":
            columns = [c for c in columns if c != "touched"]
        found = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        if found != columns:
            raise _Damaged(f"its table {table!r} is not the companion's")


def _connect_read_only(path: Path, look: bool = False) -> tuple[sqlite3.Connection | None, int]:
    """``(connection, schema version)`` to read ``path`` without writing anything
    (no migration, no WAL switch, no schema); ``(None, 0)`` for an empty file
    (no tables yet). Raises :class:`_Damaged` for a file that is not a readable
    companion database, ``sqlite3.Error``/``OSError`` if it cannot be read.

    SQLite's ``mode=ro``; where SQLite cannot create the ``-shm`` index beside
    the file (a folder that is not writable, a full disk) and there is no
    ``-wal`` to read, ``immutable=1`` (the main file then holds everything).
    ``look`` (status, log, games): a file in WAL mode with none of its ``-wal``, ``-shm``, ``-journal`` files
    beside it (stopped cleanly, and no process has it open now: each connection in WAL mode keeps its ``-wal``
    and ``-shm`` while it is open) is read with ``immutable=1`` too: ``mode=ro`` would create an empty
    ``-wal`` and a ``-shm`` that a read-only connection never removes, and a look leaves the folder as it found
    it. (A play started during such a look writes to its own ``-wal``: the look shows the games as they were
    when it began; only a checkpoint into the main file during the look, at a play's end or after 1000 pages,
    could be read half done, and a look then says the file cannot be read, changing nothing.)"""
    _check_header(path)
    uri = _uri(path)
    if look and _wal_mode(path) and not any(Path(f"{path}{s}").exists() for s in _SIDECARS):
        try:
            return _checked_read_only(_sqlite_connect(uri + "?mode=ro&immutable=1", uri=True,
                                                      isolation_level=None))
        except sqlite3.Error as exc:
            if _is_damage(exc):
                raise _Damaged(str(exc)) from exc
            raise
    try:
        return _checked_read_only(_connect_ro(path))
    except sqlite3.Error as exc:
        if _is_damage(exc):
            raise _Damaged(str(exc)) from exc
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        log.info("reading %s as immutable (%s)", path, exc)
    try:
        return _checked_read_only(_sqlite_connect(uri + "?mode=ro&immutable=1", uri=True, isolation_level=None))
    except sqlite3.Error as exc:
        if _is_damage(exc):
            raise _Damaged(str(exc)) from exc
        raise


def _wal_mode(path: Path) -> bool:
    """True when the header of the SQLite file ``path`` says WAL mode (its read and write versions, bytes 18
    and 19, are 2: sqlite.org/fileformat2.html#file_format_version_numbers); False otherwise or unreadable."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and head[18] == 2 and head[19] == 2


def _connect_ro(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path`` (SQLite's ``mode=ro``: its ``-wal`` is read too)."""
    return _sqlite_connect(_uri(path) + "?mode=ro", uri=True, timeout=10.0, isolation_level=None)


def _uri(path: Path) -> str:
    """``path`` as an SQLite URI (``file:``, quoted), for its ``mode=ro``/``immutable=1`` parameters."""
    return "file:" + quote(str(path.absolute()))


def damaged_notice(path: Path, reason: str) -> str:
    """The sentence for a damaged file that a look (status, log, games) leaves where it is."""
    return (f"The saved games file {path} is damaged ({reason}); it was left where it is "
            "(`companion play` moves it aside and starts a fresh one).")


def journal_notice(path: Path, lost: int) -> str:
    """The sentence for a file whose ``-wal`` journal is damaged before a later save (``lost`` saves from the
    damage on: :func:`_wal_lost`), which a look (status, log, games) leaves where it is: SQLite would read the
    journal up to the damage and show an older state of the games as the current one, so none is shown."""
    return (f"The journal of the saved games file {path} (the -wal file beside it) is damaged: the moves saved "
            f"after the damage cannot be read ({_up_to(lost)}), so no game is shown from it (what "
            "could be read is older than what was played). It was left where it is (`companion play` moves it "
            "aside with its journal, for a rescue, and starts a fresh one).")


def is_damage(exc: BaseException) -> bool:
    """True when ``exc`` is SQLite saying that the file is damaged (a read met a bad page)."""
    return isinstance(exc, sqlite3.DatabaseError) and _is_damage(exc)


def _checked_read_only(conn: sqlite3.Connection) -> tuple[sqlite3.Connection | None, int]:
    """The header, the schema and the list of games checked, not the whole file: a
    look reads a bounded number of rows whatever the file holds (the full
    ``PRAGMA quick_check``'s cost grows with every game ever stored), and SQLite
    reports a damaged page when a read meets it (:func:`is_damage`: the commands
    then say the file is damaged and leave it where it is)."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _Damaged(f"it was written by a newer version of the companion (schema {version})")
        if version == 0:
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Damaged("it is an SQLite file of some other program")
            conn.close()
            return None, 0
        _check_schema(conn, version)
        _check_games_rows(conn, version)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if _is_damage(exc):
            raise _Damaged(str(exc)) from exc
        raise
    except BaseException:
        conn.close()
        raise
    return conn, version


def _check_games_rows(conn: sqlite3.Connection, version: int) -> None:
    """Raise :class:`_Damaged` when a row of the list of games breaks what the store writes (an id from 1,
    every column set, a known status): a row SQLite took from a damaged page without seeing the damage (a
    pointer into the page's free space reads as a row of NULLs, which hid the game played last: "No game
    in progress.", exit 0). Reads the list once, as ``status`` and ``games`` do anyway (one row per game)."""
    touched = " OR touched IS NULL" if version >= 2 else ""
    bad = conn.execute(
        "SELECT count(*) FROM games WHERE id IS NULL OR id < 1 OR game_id IS NULL OR options_json IS NULL "
        f"OR created_at IS NULL OR coalesce(status, '') NOT IN ('open', 'over', 'abandoned'){touched}").fetchone()[0]
    if bad:
        raise _Damaged("database disk image is malformed: its list of games has a row that cannot be read")


_SNAPSHOTS = {
    "snapshots": """CREATE TABLE IF NOT EXISTS snapshots (
        game       INTEGER NOT NULL,
        seq        INTEGER NOT NULL CHECK (seq >= 0),
        engine     TEXT NOT NULL,
        format     INTEGER NOT NULL,
        state      BLOB NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game, seq))""",
    # a new action after undo deletes the undone tail: the snapshots from there on describe another past
    "snapshots_stale": """CREATE TRIGGER IF NOT EXISTS snapshots_stale AFTER DELETE ON actions BEGIN
        DELETE FROM snapshots WHERE game = OLD.game AND seq >= OLD.seq; END""",
    # the end of the active prefix, without reading the log (few rows: only the redo tails)
    "actions_undone": "CREATE INDEX IF NOT EXISTS actions_undone ON actions (game, seq) WHERE undone = 1",
}


def _ensure_snapshots(conn: sqlite3.Connection) -> None:
    """Create the snapshots table, its trigger and the undone index where missing
    (a cache and an index: a file where they cannot be made still works, slower)."""
    have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name IN (?, ?, ?)", tuple(_SNAPSHOTS))}
    missing = [sql for name, sql in _SNAPSHOTS.items() if name not in have]
    if not missing:
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for sql in missing:
                conn.execute(sql)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.OperationalError as exc:  # read-only file or folder, full disk: no cache
        log.info("no snapshots table: %s", exc)


#: a ``-wal`` journal's magic number -> the byte order of its checksums (sqlite.org/fileformat2.html#walformat)
_WAL_ORDER = {0x377F0682: "<", 0x377F0683: ">"}


def _wal_damage(path: Path) -> str | None:
    """Why the ``-wal`` journal beside ``path`` would lose moves that were saved (:func:`_wal_lost`), or None."""
    lost = _wal_lost(path)
    if lost is None:
        return None
    return (f"its journal, the -wal file beside it, is damaged: {_up_to(lost)} saved after the damage could not "
            "be read")


def _wal_lost(path: Path) -> int | None:
    """How many saves (transactions) the ``-wal`` journal beside ``path`` would lose, from its damage on, or None
    when it would lose none.

    SQLite reads a journal's frames in order and stops, without a word, at the first whose checksum
    fails: every move committed after it is dropped (a tester's finding: a journal damaged in its middle
    brought the picker up as if no game had been played). A frame that fails with a commit after it
    (same salts: the same generation of the journal) is that case; a last transaction cut short (a
    power cut while it was written, never acknowledged) has no commit after it and is not damage.
    Reads the whole journal (at most SQLite's 1000 pages before its checkpoint, about 4 MiB): only
    after a stop that was not clean (:func:`_left_unclean`). Format: sqlite.org/fileformat2.html#walformat."""
    import struct
    try:
        data = Path(f"{path}-wal").read_bytes()
    except OSError:
        return None  # SQLite says what it cannot read
    if len(data) < 32:
        return None
    magic, _version, page, _checkpoint, salt1, salt2, sum1, sum2 = struct.unpack_from(">8I", data, 0)
    order = _WAL_ORDER.get(magic)
    if order is None or page < 512 or page & (page - 1):
        return None  # not a journal SQLite would read at all

    def checksum(start: int, end: int, s: tuple[int, int]) -> tuple[int, int]:
        s0, s1 = s
        words = iter(struct.unpack_from(f"{order}{(end - start) // 4}I", data, start))
        for x0, x1 in zip(words, words):
            s0 = (s0 + x0 + s1) & 0xFFFFFFFF
            s1 = (s1 + x1 + s0) & 0xFFFFFFFF
        return s0, s1

    s = checksum(0, 24, (0, 0))
    damaged = s != (sum1, sum2)  # the journal's header: SQLite reads none of its frames
    size = 24 + page
    at = after = 0  # commits in the damaged frame, and in the frames after it
    for start in range(32, len(data) - size + 1, size):
        _page_no, commit, frame_salt1, frame_salt2, frame_sum1, frame_sum2 = struct.unpack_from(">6I", data, start)
        if (frame_salt1, frame_salt2) != (salt1, salt2):
            break  # an older generation's frames: already in the database
        if damaged:
            after += bool(commit)
            continue
        s = checksum(start + 24, start + size, checksum(start, start + 8, s))
        damaged = s != (frame_sum1, frame_sum2)
        at = int(damaged and bool(commit))
    return at + after if after else None


def _up_to(lost: int) -> str:
    """"up to 3 moves or undos": ``lost`` transactions of a journal, from its damage on. A move is one (with the
    steps it set off), so is an undo or a redo, and a snapshot saved on its own (rare): at most that many moves."""
    return f"up to {lost} move or undo" if lost == 1 else f"up to {lost} moves or undos"


def _left_unclean(path: Path) -> bool:
    """True when SQLite left a non-empty ``-wal`` or ``-journal`` beside ``path``:
    the last stop was not clean (or another process has the file open), so the
    full ``PRAGMA quick_check`` runs. A clean close removes both."""
    for suffix in ("-wal", "-journal"):
        try:
            if Path(str(path) + suffix).stat().st_size > 0:
                return True
        except OSError:
            continue
    return False

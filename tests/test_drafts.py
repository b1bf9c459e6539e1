"""Drafts in the saved games file: what a screen was typing, kept at the move it was typed at, read again
after a restart, never part of a game, never costing a move (companion/store.py, companion/session.py)."""
from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from companion.rules import get_game
from companion.rules.contract import Action
from companion.session import Session
from companion.store import SCHEMA_VERSION, Store
from tests.test_store import _rows

pytestmark = pytest.mark.timeout(30)

GAME = "thirty-to-mars"


def _started(path: Path) -> Session:
    """A session on ``path`` with a new game of 30 to Mars (no move yet)."""
    s = Session.open(path)
    s.new_game(GAME, get_game(GAME).default_options(None, 4))
    return s


def test_a_draft_comes_back_after_a_restart_at_its_move_only(tmp_path):
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    assert s.draft("card") is None  # a file with no drafts yet: read, nothing made
    assert not _rows(path, "SELECT 1 FROM sqlite_master WHERE name = 'drafts'")
    assert s.keep_draft("card", {"name": "Leak", "page": 2})
    again = Session.open(path)  # a restart: the first session was never closed (a kill)
    assert again.draft("card") == {"name": "Leak", "page": 2} and again.draft("other") is None
    assert _rows(path, "PRAGMA user_version") == [(2,)]  # not a newer schema: an older companion still opens it
    assert again.submit(Action("roll", {"face": 3})).accepted
    assert again.draft("card") is None  # kept at another move
    assert Session.open(path).draft("card") is None
    assert again.keep_draft("card", None) and _rows(path, "SELECT count(*) FROM drafts") == [(0,)]


def test_a_new_game_shows_no_draft_and_the_old_games_go(tmp_path):
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    old = s.record.id
    assert s.keep_draft("card", {"name": "Leak"})
    s.new_game(GAME, s.options)
    assert s.draft("card") is None and Session.open(path).draft("card") is None
    assert s.keep_draft("card", {"name": "Fire"})  # the abandoned game's draft goes with this write
    assert [r[0] for r in _rows(path, "SELECT game FROM drafts")] == [s.record.id] != [old]


def test_a_look_and_an_export_ignore_drafts(tmp_path):
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    assert s.keep_draft("card", {"name": "Leak"})
    looked = Session.open(path, read_only=True)
    assert looked.notice is None and looked.game_id == GAME and looked.draft("card") == {"name": "Leak"}
    assert not looked.keep_draft("card", None)  # a look writes nothing
    assert "drafts" not in str(looked.export())
    assert _rows(path, "SELECT count(*) FROM drafts") == [(1,)]


def test_a_draft_never_costs_a_move(tmp_path, caplog):
    """A write that fails only loses the draft (logged); inside a batch none is tried (a failing write could
    take the batch's moves back with it); a damaged draft reads as none."""
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    with s.batch() as batch:
        assert s.submit(Action("roll", {"face": 3})).accepted
        assert not s.keep_draft("card", {"name": "Leak"})
    assert batch.error is None and s.seq == 1
    conn = sqlite3.connect(path)  # a file whose drafts cannot be written: every draft write fails in SQLite
    conn.execute("CREATE VIEW drafts AS SELECT 1 AS game, 'card' AS name, 1 AS seq, '{}' AS body, '' AS created_at")
    conn.commit()
    conn.close()
    with caplog.at_level(logging.WARNING, "companion.session"):
        assert not s.keep_draft("card", {"name": "Leak"})
    assert "not kept" in caplog.text and s.writable
    assert s.submit(Action("roll", {"face": 4})).accepted and s.seq == 2
    assert Session.open(path).seq == 2


@pytest.mark.parametrize("body", [b"{not json", b"\xff\xfe\x00", b"[1, 2"])
def test_a_damaged_draft_is_ignored(tmp_path, caplog, body):
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    assert s.keep_draft("card", {"name": "Leak"})
    conn = sqlite3.connect(path)
    conn.execute("UPDATE drafts SET body = ?", (body,))
    conn.commit()
    conn.close()
    with caplog.at_level(logging.WARNING, "companion.session"):
        again = Session.open(path)
        assert again.draft("card") is None
    assert "ignored" in caplog.text and again.game_id == GAME


def test_a_schema_1_file_has_no_draft_until_one_is_kept(tmp_path):
    """The drafts table is made at the first draft written, as refusals and touches are: an old file reads as
    having none, and keeps its schema version."""
    import json

    from .test_store import OPTIONS, V1_SCHEMA
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.execute("INSERT INTO games VALUES (1, 'thirty-to-mars', ?, '2026-11-01T10:00:00+00:00', 'open')",
                 (json.dumps(OPTIONS),))
    conn.commit()
    conn.close()
    looked = Store.open(path, read_only=True)
    assert looked.draft(1, "card") is None
    looked.close()
    s = Session.open(path)
    assert s.draft("card") is None and s.keep_draft("card", [1])
    assert Session.open(path).draft("card") == [1]
    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_an_abandoned_game_looked_at_shows_no_draft(tmp_path):
    path = tmp_path / "db.sqlite3"
    s = _started(path)
    old = s.record.id
    assert s.keep_draft("card", {"name": "Leak"})
    s.new_game(GAME, s.options)  # the first game abandoned, its draft still in the file
    assert s.view(old) and s.record.status == "abandoned" and s.seq == 0
    assert s.draft("card") is None

"""companion.store: the SQLite file, its transactions, and damaged files."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, Store

pytestmark = pytest.mark.timeout(30)

OPTIONS = {"crew": ["larisa", "stan", "john", "maria"],
           "roles": ["Navigator", "Administrator", "Operator", "Coordinator"], "tutorial": False}


def _fill(store: Store, n: int = 5) -> int:
    game = store.create_game("thirty-to-mars", OPTIONS).id
    for seq in range(1, n + 1):
        store.append_action(game, seq, {"kind": "roll", "face": seq % 6 + 1},
                            [{"kind": "rolled", "text": f"rolled {seq}"}], "open")
    return game


def _rows(path: Path, sql: str) -> list[tuple]:
    """Read with a second, independent connection (what another process would see)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_fresh_store_is_wal_with_schema(tmp_path):
    path = tmp_path / "sub" / "c.sqlite3"
    store = Store.open(path)
    assert store.notice is None and store.persistent
    assert path.exists()
    assert _rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert store._conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert store.current_game() is None
    store.close()


def test_each_write_is_committed_at_once(tmp_path):
    path = tmp_path / "c.sqlite3"
    store = Store.open(path)
    game = store.create_game("thirty-to-mars", OPTIONS).id
    assert _rows(path, "SELECT status FROM games") == [("open",)]
    for seq in range(1, 4):
        store.append_action(game, seq, {"kind": "next"}, [], "open")
        assert _rows(path, "SELECT count(*) FROM actions") == [(seq,)]
    store.set_undone(game, 3, True, "open")
    assert _rows(path, "SELECT seq, undone FROM actions ORDER BY seq") == [(1, 0), (2, 0), (3, 1)]
    store.close()


def test_new_action_after_undo_discards_redo_tail(tmp_path):
    store = Store.open(tmp_path / "c.sqlite3")
    game = _fill(store, 5)
    store.set_undone(game, 5, True, "open")
    store.set_undone(game, 4, True, "open")
    store.append_action(game, 4, {"kind": "next"}, [], "over")
    rows = store.actions(game)
    assert [(r.seq, r.action["kind"], r.undone) for r in rows] == [
        (1, "roll", False), (2, "roll", False), (3, "roll", False), (4, "next", False)]
    assert store.game(game).status == "over"
    store.close()


def test_new_game_abandons_open_game_but_keeps_over_game(tmp_path):
    store = Store.open(tmp_path / "c.sqlite3")
    first = store.create_game("thirty-to-mars", OPTIONS).id
    store.set_status(first, "over")
    second = store.create_game("thirty-to-mars", OPTIONS).id
    assert store.current_game().id == second
    third = store.create_game("thirty-to-mars", OPTIONS).id
    assert [(g.id, g.status) for g in store.games()] == [
        (first, "over"), (second, "abandoned"), (third, "open")]
    store.close()


def test_export_shape(tmp_path):
    store = Store.open(tmp_path / "c.sqlite3")
    game = _fill(store, 2)
    store.set_undone(game, 2, True, "open")
    data = store.export(game)
    assert data["format"] == "mars-companion-log" and data["version"] == 1
    assert data["game"] == "thirty-to-mars" and data["options"] == OPTIONS
    assert [(a["seq"], a["action"], a["undone"]) for a in data["actions"]] == [
        (1, {"kind": "roll", "face": 2}, False), (2, {"kind": "roll", "face": 3}, True)]
    assert data["actions"][0]["events"] == [{"kind": "rolled", "text": "rolled 1"}]
    with pytest.raises(KeyError):
        store.export(999)
    store.close()


def test_reopen_keeps_everything(tmp_path):
    path = tmp_path / "c.sqlite3"
    store = Store.open(path)
    game = _fill(store, 3)
    store.close()
    again = Store.open(path)
    assert again.notice is None
    assert again.current_game().id == game
    assert [r.seq for r in again.actions(game)] == [1, 2, 3]
    again.close()


def _damaged_files(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if ".damaged-" in p.name)


def _assert_fresh_start(path: Path, store: Store) -> None:
    assert store.persistent
    assert store.notice and "damaged" in store.notice and "moved" in store.notice
    assert store.current_game() is None
    game = store.create_game("thirty-to-mars", OPTIONS).id  # the fresh file works
    store.append_action(game, 1, {"kind": "next"}, [], "open")
    store.close()
    again = Store.open(path)  # and stays healthy: no second move, no notice
    assert again.notice is None and again.current_game().id == game
    again.close()


def test_garbage_file_is_moved_aside(tmp_path):
    path = tmp_path / "c.sqlite3"
    path.write_bytes(os.urandom(8192))
    Path(f"{path}-wal").write_bytes(os.urandom(100))  # sidecars move along with it
    store = Store.open(path)
    moved = _damaged_files(path)
    assert len(moved) == 2 and moved[0].name.startswith("c.sqlite3.damaged-")
    assert moved[1].name == moved[0].name + "-wal"
    assert str(moved[0]) in store.notice
    _assert_fresh_start(path, store)


def test_truncated_file_is_moved_aside(tmp_path):
    path = tmp_path / "c.sqlite3"
    store = Store.open(path)
    game = store.create_game("thirty-to-mars", OPTIONS).id
    big = {"kind": "note", "text": "x" * 3000}
    for seq in range(1, 60):
        store.append_action(game, seq, big, [], "open")
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    size = path.stat().st_size
    assert size > 50_000
    with open(path, "r+b") as f:
        f.truncate(size // 3)
    store = Store.open(path)
    assert len(_damaged_files(path)) == 1
    _assert_fresh_start(path, store)


def test_schema_from_the_future_is_moved_aside(tmp_path):
    path = tmp_path / "c.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    store = Store.open(path)
    assert "newer version" in store.notice
    assert len(_damaged_files(path)) == 1
    _assert_fresh_start(path, store)


def test_other_programs_sqlite_file_is_moved_aside(tmp_path):
    path = tmp_path / "c.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    store = Store.open(path)
    assert "other program" in store.notice
    _assert_fresh_start(path, store)


def test_unopenable_path_runs_in_memory_with_notice(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where a directory should be")
    store = Store.open(blocker / "c.sqlite3")
    assert not store.persistent and "will not be saved" in store.notice
    game = store.create_game("thirty-to-mars", OPTIONS).id
    store.append_action(game, 1, {"kind": "next"}, [], "open")
    assert len(store.actions(game)) == 1
    store.close()


def test_create_false_does_not_make_a_file(tmp_path):
    path = tmp_path / "none.sqlite3"
    store = Store.open(path, create=False)
    assert store.current_game() is None and store.notice is None
    store.close()
    assert not path.exists()


def test_bad_status_is_refused(tmp_path):
    store = Store.open(tmp_path / "c.sqlite3")
    game = store.create_game("thirty-to-mars", OPTIONS).id
    with pytest.raises(ValueError):
        store.set_status(game, "paused")
    store.close()


def test_paths_follow_state_directory(monkeypatch, tmp_path):
    from companion import paths

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    assert paths.default_db_path() == tmp_path / "state" / "companion.sqlite3"
    assert paths.default_catalogue_path() == tmp_path / "state" / "cards.json"
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.default_db_path() == tmp_path / "xdg" / "mars-companion" / "companion.sqlite3"


def test_one_open_game_per_game_id_and_the_last_touched_is_current(tmp_path):
    store = Store.open(tmp_path / "c.sqlite3")
    a = store.create_game("thirty-to-mars", OPTIONS).id
    b = store.create_game("race-to-mars", {}).id  # another game's open game: a stays open
    assert {g: r.id for g, r in store.open_games().items()} == {"thirty-to-mars": a, "race-to-mars": b}
    assert store.current_game().id == b
    store.append_action(a, 1, {"kind": "next"}, [], "open")  # playing a makes it the current one
    assert store.current_game().id == a and store.current_game("race-to-mars").id == b
    c = store.create_game("thirty-to-mars", OPTIONS).id
    assert store.game(a).status == "abandoned" and store.game(b).status == "open"
    assert store.open_games()["thirty-to-mars"].id == c
    store.close()


def test_a_move_in_the_last_touched_game_writes_only_its_action(tmp_path):
    """Each move, undo and redo is one committed transaction; the game's row is written only when it
    changes (a new status, or another game was touched since): the order of the games is the same and
    the log grows by fewer pages (less to sync, less wear on the Pi's SD card)."""
    path = tmp_path / "c.sqlite3"
    store = Store.open(path)
    a = store.create_game("thirty-to-mars", OPTIONS).id
    b = store.create_game("race-to-mars", {}).id
    store.append_action(a, 1, {"kind": "next"}, [], "open")
    touched = store.game(a).touched
    changes = store._conn.total_changes
    store.append_action(a, 2, {"kind": "next"}, [], "open")
    store.set_undone(a, 2, True, "open")
    store.set_undone(a, 2, False, "open")
    assert store._conn.total_changes - changes == 3  # the three actions rows, not the game's row
    assert store.game(a).touched == touched and store.current_game().id == a
    store.append_action(b, 1, {"kind": "next"}, [], "open")  # another game touched: it comes first
    assert store.current_game().id == b and store.game(b).touched > touched
    store.set_undone(a, 2, True, "open")  # and back
    assert store.current_game().id == a and store.game(a).touched > store.game(b).touched
    store.append_action(a, 2, {"kind": "next"}, [], "over")  # a new status is written
    assert store.game(a).status == "over"
    store.close()


V1_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL, options_json TEXT NOT NULL,
    created_at TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN ('open', 'over', 'abandoned')));
CREATE TABLE actions (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL CHECK (seq >= 1),
    action_json TEXT NOT NULL, events_json TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    created_at TEXT NOT NULL, PRIMARY KEY (game, seq));
PRAGMA user_version = 1;
"""


def test_a_schema_1_database_is_migrated_and_its_game_resumes(tmp_path):
    """A database written before the game seam (schema 1) opens, migrates, and resumes as it was."""
    import json

    from companion.session import Session
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.execute("INSERT INTO games VALUES (1, 'thirty-to-mars', ?, '2026-11-01T10:00:00+00:00', 'abandoned')",
                 (json.dumps(OPTIONS),))
    conn.execute("INSERT INTO games VALUES (2, 'thirty-to-mars', ?, '2026-11-02T10:00:00+00:00', 'open')",
                 (json.dumps(OPTIONS),))
    for seq, face in enumerate((3, 4, 5), 1):
        conn.execute("INSERT INTO actions VALUES (2, ?, ?, '[]', 0, '2026-11-02T10:01:00+00:00')",
                     (seq, json.dumps({"kind": "roll", "face": face})))
    conn.commit()
    conn.close()
    with Session.open(path) as s:
        assert s.notice is None and s.game_id == "thirty-to-mars" and s.seq == 3
        assert s.record.id == 2 and s.record.touched == 2
    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert [r[0] for r in _rows(path, "SELECT status FROM games ORDER BY id")] == ["abandoned", "open"]


def test_the_page_cache_is_small_whatever_the_log_length(tmp_path):
    """Play reads rows by their keys; SQLite's default 2000 KiB page cache filled with a long log's pages
    (issue 13: peak RSS with 100,000 actions)."""
    from companion.store import CACHE_KIB
    store = Store.open(tmp_path / "g.sqlite3")
    try:
        assert store._conn.execute("PRAGMA cache_size").fetchone()[0] == -CACHE_KIB <= -1
        assert CACHE_KIB <= 512
    finally:
        store.close()

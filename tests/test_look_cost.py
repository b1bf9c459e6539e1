"""`companion status`, `log` and `games` cost the same however many games and
actions the file holds (issue 13, item 1): the look never runs the full
``PRAGMA quick_check`` (whose cost grows with every game ever stored), even
while the app holds the file open (a non-empty ``-wal``); `games` counts each
game's actions with two index lookups instead of reading its log; a damaged
page is still reported when a read meets it, and the file left where it is.
"""
from __future__ import annotations

import json
import random
import sqlite3

import pytest

import companion.store as store_mod
from companion.cli import main
from companion.rules import GAMES
from companion.session import Session

GAME_ID = "thirty-to-mars"


def _played(db, games: int = 3, moves: int = 20) -> list[int]:
    """``games`` games of ``moves`` random moves each (the last one open); their move counts."""
    game = GAMES[GAME_ID]
    counts = []
    with Session.open(db) as s:
        for i in range(games):
            rng = random.Random(i)
            s.new_game(GAME_ID, game.default_options(None, i))
            while s.seq < moves:
                assert s.submit(game.random_action(s.state, rng)).accepted
            counts.append(s.seq)
        assert s.undo().accepted  # an undone action is not counted
        counts[-1] -= 1
    return counts


def _hold_open(db) -> sqlite3.Connection:
    """Another connection that wrote and stays open, as the app's does: the ``-wal`` is not empty."""
    keep = sqlite3.connect(db)
    keep.execute("PRAGMA journal_mode=WAL")
    keep.execute("CREATE TABLE IF NOT EXISTS t (x)")
    keep.execute("INSERT INTO t VALUES (1)")
    keep.commit()
    assert (db.parent / (db.name + "-wal")).stat().st_size > 0
    return keep


@pytest.fixture
def traced(monkeypatch):
    """Every SQL statement the store's connections run, in order."""
    seen: list[str] = []
    real = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn
    monkeypatch.setattr(store_mod.sqlite3, "connect", connect)
    return seen


def test_games_lists_the_counts_without_reading_any_log_or_checking_the_whole_file(tmp_path, traced, capsys):
    db = tmp_path / "db.sqlite3"
    counts = _played(db)
    keep = _hold_open(db)
    traced.clear()
    assert main(["games", "--db", str(db), "--json"]) == 0
    keep.close()
    listed = json.loads(capsys.readouterr().out)["games"]
    assert [g["actions"] for g in listed] == counts
    assert not [q for q in traced if "quick_check" in q or "integrity_check" in q]
    assert not [q for q in traced if "action_json" in q or "events_json" in q]


def test_status_runs_no_full_check_while_the_app_has_the_file_open(tmp_path, traced, capsys):
    db = tmp_path / "db.sqlite3"
    _played(db, games=2)
    keep = _hold_open(db)
    traced.clear()
    assert main(["status", "--db", str(db), "--json"]) == 0
    keep.close()
    assert json.loads(capsys.readouterr().out)["actions"] == 19
    assert not [q for q in traced if "quick_check" in q or "integrity_check" in q]


@pytest.mark.parametrize("command", ["status", "log", "games"])
def test_a_damaged_page_met_while_looking_is_reported_and_left_where_it_is(tmp_path, capsys, command):
    db = tmp_path / "db.sqlite3"
    _played(db, games=2)
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for offset in range(page, len(data), page):  # every page but the first (the schema)
        data[offset:offset + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
    before = db.read_bytes()
    assert main([command, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "damaged" in err and "left where it is" in err
    assert db.read_bytes() == before

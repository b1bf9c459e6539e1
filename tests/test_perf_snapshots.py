"""Snapshots and the bounded window of states, for every registered game: a
snapshot equals the replay of the log, undo and redo across the window and the
snapshots give the very states of the replay (also after a resume), and a resume
of a game of 100,000 actions reads a bounded number of rows (the issue: cost
independent of the log's length). No timings here: ``companion bench`` measures."""
import random
import sqlite3

import pytest

from companion import session as session_mod
from companion import store as store_mod
from companion.rules import GAMES, Action
from companion.rules.contract import replay
from companion.session import SNAPSHOT_EVERY, WINDOW, Session
from companion.store import Store
from companion.ui.bench import build_database

GAME_IDS = sorted(GAMES)


def _play(s: Session, game, n: int, seed: int) -> list:
    """Submit up to ``n`` random actions (never one that ends the game); the states after each."""
    rng = random.Random(seed)
    states = [s.state]
    while len(states) <= n:
        for _ in range(40):
            action = Action.from_json(game.random_action(s.state, rng).to_json())
            if not game.is_over(game.apply(s.state, action)[0]):
                break
        else:
            break
        assert s.submit(action).accepted
        states.append(s.state)
    return states


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_snapshot_equals_the_replay(tmp_path, game_id):
    game = GAMES[game_id]
    with Session.open(tmp_path / "db.sqlite3") as s:
        options = game.default_options(None, 3)
        s.new_game(game_id, options)
        states = _play(s, game, 3 * SNAPSHOT_EVERY + 5, 3)
        assert len(states) > 2 * SNAPSHOT_EVERY, "the game ended too early for this test"
        actions = [e.action for e in s.log()]
        for at in range(SNAPSHOT_EVERY, len(states), SNAPSHOT_EVERY):
            snap = s.snapshot_state(at)
            assert snap is not None, f"no snapshot at {at}"
            replayed = replay(game, options, actions[:at])
            assert snap == replayed == states[at]
            assert game.summary(snap) == game.summary(replayed)
            assert game.last_roll(snap) == game.last_roll(replayed)  # kept outside == (Fix roll)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_and_redo_across_the_window_and_snapshots_give_the_replayed_states(tmp_path, game_id):
    game = GAMES[game_id]
    db = tmp_path / "db.sqlite3"
    with Session.open(db) as s:
        s.new_game(game_id, game.default_options(None, 6))  # a seed whose games are long enough
        states = _play(s, game, 2 * SNAPSHOT_EVERY + WINDOW // 2 + 7, 6)
        n = len(states) - 1
        assert n > SNAPSHOT_EVERY + WINDOW
        for k in range(n, 0, -1):  # all the way back: out of the window, through every snapshot
            assert s.undo().accepted
            assert s.seq == k - 1 and s.state == states[k - 1]
            assert len(s._states) <= WINDOW
        assert not s.undo().accepted
        for k in range(1, n - 20):
            assert s.redo().accepted and s.state == states[k]
        final = s.seq
    with Session.open(db) as again:  # resume from a snapshot; undo beyond the window again
        assert again.seq == final and again.state == states[final] and again.can_redo
        for k in range(final, max(final - WINDOW - SNAPSHOT_EVERY - 3, 0), -1):
            out = again.undo()
            assert out.accepted and again.state == states[k - 1], (k, again.seq, final, out)
        while again.can_redo:
            assert again.redo().accepted and again.state == states[again.seq]
        assert again.seq == n
        # a new action after undo: the snapshots of the discarded past go with it
        for _ in range(SNAPSHOT_EVERY + 2):
            again.undo()
        seq = again.seq
        fresh = _play(again, game, SNAPSHOT_EVERY + 4, 99)
        for at in range((seq // SNAPSHOT_EVERY + 1) * SNAPSHOT_EVERY, again.seq + 1, SNAPSHOT_EVERY):
            assert again.snapshot_state(at) == fresh[at - seq]
    with Session.open(db) as third:
        actions = [e.action for e in third.log() if not e.undone]
        assert third.state == replay(game, third.options, actions)


def test_a_snapshot_that_does_not_load_is_replayed(tmp_path):
    game_id = GAME_IDS[0]
    game = GAMES[game_id]
    db = tmp_path / "db.sqlite3"
    with Session.open(db) as s:
        s.new_game(game_id, game.default_options(None, 2))
        states = _play(s, game, SNAPSHOT_EVERY + 3, 2)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE snapshots SET state = x'00ff'")
    with Session.open(db) as again:
        assert again.state == states[-1] and again.notice is None
    with sqlite3.connect(db) as c:  # the bad one was dropped and stored again by the replay
        assert c.execute("SELECT count(*) FROM snapshots WHERE state = x'00ff'").fetchone()[0] == 0
    with sqlite3.connect(db) as c:  # other rules (an update): not used
        c.execute("UPDATE snapshots SET engine = 'other'")
    with Session.open(db) as third:
        assert third.state == states[-1]


@pytest.mark.timeout(120)
def test_a_replay_after_an_update_reads_moves_a_chunk_at_a_time_without_their_events(tmp_path, monkeypatch):
    """Snapshots of other rules (an update) are not used: the whole log is replayed. Its memory does not grow
    with the log: the moves are read REPLAY_CHUNK at a time, without the events (most of a row), and each
    chunk's snapshots are stored before the next is read (a game of 100,000 actions held 14 MiB more at its
    peak, 2 MiB now). The replay gives the same states and stores every snapshot again."""
    game_id = GAME_IDS[0]
    game = GAMES[game_id]
    db = tmp_path / "db.sqlite3"
    with Session.open(db) as s:
        s.new_game(game_id, game.default_options(None, 4))
        states = _play(s, game, 3 * SNAPSHOT_EVERY + 9, 4)
    assert len(states) > 3 * SNAPSHOT_EVERY, "the game ended too early for this test"
    with sqlite3.connect(db) as c:
        c.execute("UPDATE snapshots SET engine = 'other'")
        before = c.execute("SELECT count(*) FROM snapshots").fetchone()[0]
    chunk = SNAPSHOT_EVERY
    monkeypatch.setattr(session_mod, "REPLAY_CHUNK", chunk)
    spans, saved, whole = [], [], []
    real_moves, real_save = store_mod.Store.moves_between, store_mod.Store.save_snapshots
    monkeypatch.setattr(store_mod.Store, "moves_between",
                        lambda self, g, a, b: spans.append((a, b)) or real_moves(self, g, a, b))
    monkeypatch.setattr(store_mod.Store, "save_snapshots",
                        lambda self, g, e, f, items: saved.append(len(items)) or real_save(self, g, e, f, items))
    monkeypatch.setattr(store_mod.Store, "actions_between", lambda self, *a: whole.append(a) or [])
    with Session.open(db) as again:
        assert again.state == states[-1] and again.notice is None
    assert spans[0][0] == 1 and spans[-1][1] == len(states) - 1  # the whole log, from the first move
    assert all(b - a + 1 <= chunk for a, b in spans) and len(spans) >= 3
    assert whole == []  # no events read
    assert len(saved) >= 3 and max(saved) <= chunk // SNAPSHOT_EVERY
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT count(*) FROM snapshots WHERE engine != 'other'").fetchone()[0] == before


class _Counting:
    """An sqlite3 connection that counts the rows it returns."""

    def __init__(self, conn):
        self._conn, self.rows = conn, 0

    def execute(self, *args):
        return _Cursor(self, self._conn.execute(*args))

    def __getattr__(self, name):
        return getattr(self._conn, name)


class _Cursor:
    def __init__(self, owner, cur):
        self._owner, self._cur = owner, cur

    def __iter__(self):
        for row in self._cur:
            self._owner.rows += 1
            yield row

    def fetchone(self):
        row = self._cur.fetchone()
        self._owner.rows += row is not None
        return row

    def fetchall(self):
        rows = self._cur.fetchall()
        self._owner.rows += len(rows)
        return rows

    def __getattr__(self, name):
        return getattr(self._cur, name)


def _resume_cost(db) -> tuple[int, int, int]:
    """(rows returned, SQLite VM steps / 100, seq) of opening ``db`` and resuming its game."""
    store = Store.open(db)
    counting = _Counting(store._conn)
    steps = [0]
    store._conn.set_progress_handler(lambda: steps.__setitem__(0, steps[0] + 1) or 0, 100)
    store._conn = counting
    s = Session(store)
    s._resume(store.current_game())
    seq = s.seq
    assert s.undo().accepted and s.redo().accepted
    s.close()
    return counting.rows, steps[0], seq


@pytest.mark.timeout(600)
def test_resume_of_100k_actions_reads_a_bounded_number_of_rows(tmp_path):
    game_id = "thirty-to-mars" if "thirty-to-mars" in GAMES else GAME_IDS[0]
    base = tmp_path / "base.sqlite3"
    build_database(base, game_id, 0, finished=20)
    small, big = tmp_path / "small.sqlite3", tmp_path / "big.sqlite3"
    build_database(small, game_id, 100, base=base)
    info = build_database(big, game_id, 100_000, base=base)
    assert info["actions"] >= 100_000
    rows_small, steps_small, seq_small = _resume_cost(small)
    rows_big, steps_big, seq_big = _resume_cost(big)
    assert seq_big >= 100_000 and seq_small >= 100
    print(f"resume: {rows_small} rows, {steps_small}00 VM steps at {seq_small} actions; "
          f"{rows_big} rows, {steps_big}00 VM steps at {seq_big} actions")
    assert rows_big <= SNAPSHOT_EVERY + 10
    assert steps_big <= 3 * steps_small + 200


def test_quick_check_runs_only_after_an_unclean_stop(tmp_path, monkeypatch):
    db = tmp_path / "db.sqlite3"
    with Session.open(db) as s:
        s.new_game(GAME_IDS[0], GAMES[GAME_IDS[0]].default_options(None, 1))
    seen: list[str] = []
    real = sqlite3.connect

    def traced(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn
    monkeypatch.setattr(store_mod.sqlite3, "connect", traced)
    Store.open(db).close()  # clean: the -wal was removed at close
    assert not any("quick_check" in q for q in seen)
    keep = real(db)  # another connection that stays: the -wal stays, as after a power cut
    keep.execute("PRAGMA journal_mode=WAL")
    keep.execute("CREATE TABLE IF NOT EXISTS t (x)")
    keep.execute("INSERT INTO t VALUES (1)")
    keep.commit()
    assert (tmp_path / "db.sqlite3-wal").stat().st_size > 0
    Store.open(db).close()
    keep.close()
    assert any("quick_check" in q for q in seen)
    assert session_mod  # the module under test


@pytest.mark.timeout(120)
def test_a_short_game_never_loads_pickle_a_long_one_loads_it_for_its_snapshot(tmp_path):
    """The pickle functions are imported when a snapshot is made or read: a game of fewer than
    SNAPSHOT_EVERY actions, played, or resumed in a new process, never needs them. A long one takes
    them from CPython's accelerator ``_pickle``, never the Python module :mod:`pickle` (0.36 MiB
    resident against 0.13, issue 13's peak RSS)."""
    import subprocess
    import sys
    play = ("import random, sys\n"
            "from companion.session import Session\n"
            "from companion.rules import get_game\n"
            "n = int(sys.argv[2]); game = get_game('thirty-to-mars'); rng = random.Random(3)\n"
            "with Session.open(sys.argv[1]) as s:\n"
            "    s.new_game('thirty-to-mars', game.default_options(None, 3))\n"
            "    while s.seq < n and not game.is_over(s.state):\n"
            "        s.submit(game.random_action(s.state, rng))\n"
            "    print('_pickle' in sys.modules, 'pickle' in sys.modules, s.seq)\n")
    resume = ("import sys\n"
              "from companion.session import Session\n"
              "with Session.open(sys.argv[1]) as s:\n"
              "    print('_pickle' in sys.modules, 'pickle' in sys.modules, s.seq)\n")
    for n, loads in ((SNAPSHOT_EVERY - 10, False), (SNAPSHOT_EVERY + 10, True)):
        db = tmp_path / f"{n}.sqlite3"
        said = []
        for code in (play, resume):
            out = subprocess.run([sys.executable, "-c", code, str(db), str(n)], capture_output=True, text=True,
                                 timeout=100)
            assert out.returncode == 0, out.stderr
            said.append(out.stdout.split())
        assert said[0] == said[1] == [str(loads), "False", str(n)], (n, said)

"""companion.session: check, apply, commit, then notify; resume, undo/redo, export."""
from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion.rules import Action, get_game, replay
from companion.session import LogEntry, Outcome, Session, replay_export

pytestmark = pytest.mark.timeout(60)

GAME = "thirty-to-mars"
OPTIONS = {"crew": ["larisa", "stan", "john", "maria"],
           "roles": ["Navigator", "Administrator", "Operator", "Coordinator"], "tutorial": False}


def play(session: Session, n: int | None, seed: int = 1) -> list[Action]:
    """Submit ``n`` seeded random legal actions (all of them to the end with None)."""
    rng = random.Random(seed)
    done: list[Action] = []
    while (n is None or len(done) < n) and not session.game.is_over(session.state):
        action = session.game.random_action(session.state, rng)
        outcome = session.submit(action)
        assert outcome.accepted, (action, outcome.rejection)
        done.append(action)
    return done


def count_actions(path: Path) -> int:
    """Rows visible to a second, independent connection (i.e. committed)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT count(*) FROM actions WHERE undone = 0").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "companion.sqlite3"


@pytest.fixture
def session(db):
    s = Session.open(db)
    s.new_game(GAME, OPTIONS)
    yield s
    s.close()


def test_no_game_at_first(db):
    with Session.open(db) as s:
        assert not s.has_game and s.state is None and s.game_id is None and s.game is None
        assert s.notice is None and s.log() == [] and not s.can_undo and not s.can_redo
        out = s.submit(Action("roll", {"face": 3}))
        assert not out.accepted and out.rejection.code == "no_game"
        with pytest.raises(LookupError):
            s.export()


def test_new_game_starts_from_new_game(session):
    assert session.has_game and session.game_id == GAME and session.options == OPTIONS
    assert session.game is get_game(GAME)
    assert session.state == get_game(GAME).new_game(OPTIONS)
    assert session.status == "open" and session.seq == 0


def test_each_action_is_one_committed_transaction(session, db):
    rng = random.Random(7)
    for n in range(1, 31):
        assert session.submit(session.game.random_action(session.state, rng)).accepted
        assert count_actions(db) == n


def test_subscribers_hear_only_after_commit(session, db):
    heard: list[tuple[int, int]] = []

    def on_change(state, events):
        assert state == session.state
        heard.append((count_actions(db), len(events)))

    session.subscribe(on_change)
    out = session.submit(Action("roll", {"face": 4}))
    assert out.accepted and out.events
    assert heard == [(1, len(out.events))]


def test_a_failing_subscriber_does_not_break_the_table(session):
    def broken(state, events):
        raise RuntimeError("screen fell over")

    heard = []
    session.subscribe(broken)
    session.subscribe(lambda s, e: heard.append(e))
    assert session.submit(Action("roll", {"face": 2})).accepted
    assert len(heard) == 1


def test_unsubscribe(session):
    heard = []
    stop = session.subscribe(lambda s, e: heard.append(e))
    stop()
    session.submit(Action("roll", {"face": 2}))
    assert heard == []


def test_rejected_action_changes_nothing_and_is_not_logged(session, db):
    play(session, 3)
    before, log_before = session.state, session.log()
    heard = []
    session.subscribe(lambda s, e: heard.append(e))
    out = session.submit(Action("next"))  # setup still waits for a roll
    assert out == Outcome(False, out.rejection, ())
    assert out.rejection.code and out.rejection.message and out.rejection.rule
    for bad in (Action("roll", {"face": 7}), Action("fly", {}), Action("roll", {"face": object()})):
        assert not session.submit(bad).accepted
    assert session.state == before and session.log() == log_before and heard == []
    assert count_actions(db) == 3


def test_resume_after_reopen_gives_equal_state(session, db):
    play(session, 80, seed=3)
    state, log = session.state, session.log()
    session.close()
    with Session.open(db) as again:
        assert again.has_game and again.game_id == GAME and again.options == OPTIONS
        assert again.state == state and again.log() == log and again.seq == 80
        assert again.notice is None


def test_undo_redo_walk_the_log(session, db):
    actions = play(session, 25, seed=5)
    game = session.game
    states = [game.new_game(OPTIONS)]
    for a in actions:
        states.append(game.apply(states[-1], a)[0])
    assert session.state == states[-1]
    for n in range(24, 19, -1):
        out = session.undo()
        assert out.accepted and out.events[0].kind == "undo"
        assert session.state == states[n] and session.seq == n and session.can_redo
        assert count_actions(db) == n
    assert [e.undone for e in session.log()] == [False] * 20 + [True] * 5
    out = session.redo()
    assert out.accepted and out.events[0].kind == "redo" and session.state == states[21]
    # the undo marks survive a restart
    session.close()
    again = Session.open(db)
    assert again.state == states[21] and again.can_redo and again.seq == 21
    assert again.redo().accepted and again.state == states[22]
    # a new action after undo discards the redo tail, and says how many moves it threw away (for the screen)
    out = again.submit(game.random_action(again.state, random.Random(99)))
    assert out.accepted and out.discarded == 3
    assert not again.can_redo and len(again.log()) == 23
    assert all(not e.undone for e in again.log())
    out = again.submit(game.random_action(again.state, random.Random(98)))
    assert out.accepted and out.discarded == 0
    again.close()


def test_undo_everything_and_nothing_more(session):
    play(session, 4)
    for _ in range(4):
        assert session.undo().accepted
    assert session.state == session.game.new_game(OPTIONS) and not session.can_undo
    out = session.undo()
    assert not out.accepted and out.rejection.code == "nothing_to_undo"
    for _ in range(4):
        assert session.redo().accepted
    assert session.redo().rejection.code == "nothing_to_redo"


def test_undo_uses_the_state_cache(session, monkeypatch):
    play(session, 30)
    game = session.game
    calls = []
    real_apply = game.apply
    monkeypatch.setattr(game, "apply", lambda s, a: calls.append(a) or real_apply(s, a))
    monkeypatch.setattr(game, "new_game", lambda o: pytest.fail("undo must not replay"))
    for _ in range(10):
        assert session.undo().accepted
    assert calls == []


def test_log_entries_say_what_each_action_did(session):
    actions = play(session, 12)
    log = session.log()
    assert all(isinstance(e, LogEntry) for e in log)
    assert [e.seq for e in log] == list(range(1, 13))
    assert [e.action for e in log] == actions
    assert all(e.events and all(ev.text for ev in e.events) for e in log)
    assert all(e.created_at.endswith("+00:00") for e in log)


def test_export_round_trip_replays_to_the_same_state(session):
    play(session, 60, seed=11)
    session.undo()
    session.undo()
    data = json.loads(json.dumps(session.export()))
    assert data["game"] == GAME and data["options"] == OPTIONS
    assert len(data["actions"]) == 60 and sum(a["undone"] for a in data["actions"]) == 2
    assert replay_export(data) == session.state
    active = [Action.from_json(a["action"]) for a in data["actions"] if not a["undone"]]
    assert replay(get_game(GAME), data["options"], active) == session.state


def test_whole_game_ends_over_and_stays_viewable(session, db):
    play(session, None, seed=2)
    state = session.state
    assert session.game.is_over(state) and session.status == "over"
    assert session.store.current_game().status == "over"
    session.close()
    with Session.open(db) as again:  # still shown after a restart
        assert again.has_game and again.status == "over" and again.state == state
        assert again.game.outcome(again.state) in ("won", "lost")
        out = again.submit(Action("next"))
        assert not out.accepted
        # undoing the last action reopens the game
        assert again.undo().accepted and again.status == "open"
        assert again.store.current_game().status == "open"
        assert again.redo().accepted and again.status == "over"
        again.new_game(GAME, OPTIONS)
        assert again.status == "open" and again.seq == 0
        assert [g.status for g in again.store.games()] == ["over", "open"]


def test_new_game_abandons_the_open_one(session, db):
    play(session, 10)
    session.new_game(GAME, OPTIONS)
    assert session.seq == 0 and session.log() == []
    assert [g.status for g in session.store.games()] == ["abandoned", "open"]
    session.close()
    with Session.open(db) as again:
        assert again.seq == 0 and again.store.current_game().id == 2


def test_bad_new_game_changes_nothing(session):
    play(session, 5)
    state = session.state
    with pytest.raises(KeyError):
        session.new_game("chess", {})
    with pytest.raises(TypeError):
        session.new_game(GAME, {**OPTIONS, "when": object()})
    assert session.state == state and len(session.store.games()) == 1


def test_correct_roll_is_a_logged_action(session, db):
    assert session.submit(Action("roll", {"face": 2})).accepted
    out = session.submit(Action("correct_roll", {"face": 5}))
    assert out.accepted, out.rejection
    game = session.game
    expected = game.apply(game.new_game(OPTIONS), Action("roll", {"face": 5}))[0]
    assert session.state == expected
    assert [e.action.kind for e in session.log()] == ["roll", "correct_roll"]
    session.close()
    with Session.open(db) as again:
        assert again.state == expected
        # a correction may itself be undone
        assert again.undo().accepted
        assert again.state == game.apply(game.new_game(OPTIONS), Action("roll", {"face": 2}))[0]


def test_correct_roll_needs_a_roll_just_before(session):
    out = session.submit(Action("correct_roll", {"face": 5}))
    assert not out.accepted and session.log() == []


def test_log_that_no_longer_replays_gives_a_notice_not_a_crash(session, db):
    play(session, 5)
    session.close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE actions SET action_json = ? WHERE seq = 3", (json.dumps({"kind": "fly"}),))
    conn.commit()
    conn.close()
    with Session.open(db) as again:
        assert not again.has_game and again.state is None
        assert "could not be resumed" in again.notice
        again.new_game(GAME, OPTIONS)  # the table can go on
        assert again.has_game



def test_a_move_the_rules_refuse_since_it_was_made_is_kept_as_made(session, db, monkeypatch):
    """A game is never lost to a rule read more strictly later (a newer version refusing a move the table made:
    Mission to Mars 2049's 8 spots around a Base, 3.6.2, came after games were stored): a logged move ``check``
    refuses now, but ``apply`` still makes, is made as it was, and the notice says which and why."""
    from companion.rules.contract import Rejection
    made = play(session, 5)
    state = session.state
    session.close()
    game = get_game(GAME)
    check = game.check
    i = next(i for i, a in enumerate(made) if made.count(a) == 1)  # a move made once

    def stricter(s, a):
        if a == made[i]:
            return Rejection("no_room", "There is no room for this any more.", "30-to-mars.txt, Setup")
        return check(s, a)

    monkeypatch.setattr(game, "check", stricter)
    with Session.open(db) as again:
        assert again.has_game and again.seq == 5 and again.state == state
        assert f"Move {i + 1} of this game is not allowed by the rules as the companion reads them now (There is no " \
               "room for this any more (30-to-mars.txt, Setup)); it was kept as the table made it." == again.notice
        while again.seq > i:  # back over it: rebuilt from the log (the window of recent states holds fewer)
            assert again.undo().accepted
        assert again.seq == i

def test_damaged_database_gives_a_notice_and_a_fresh_start(db):
    db.write_bytes(b"\x00garbage" * 1000)
    with Session.open(db) as s:
        assert s.notice and "damaged" in s.notice and not s.has_game
        s.new_game(GAME, OPTIONS)
        play(s, 3)
    with Session.open(db) as s:
        assert s.notice is None and s.seq == 3


def test_unsaved_move_is_not_made(session, monkeypatch):
    from companion.store import StoreError

    play(session, 2)
    state = session.state

    def full_disk(*args, **kwargs):
        raise StoreError("database or disk is full")

    monkeypatch.setattr(session.store, "append_action", full_disk)
    out = session.submit(session.game.random_action(state, random.Random(0)))
    assert not out.accepted and out.rejection.code == "not_saved"
    assert session.state == state and session.seq == 2


def test_engine_failure_in_apply_changes_nothing(session, monkeypatch):
    play(session, 2)
    state = session.state

    def broken_apply(s, a):
        raise IndexError("engine bug")

    monkeypatch.setattr(session.game, "apply", broken_apply)
    out = session.submit(session.game.random_action(state, random.Random(0)))
    assert not out.accepted and out.rejection.code == "engine_error"
    assert session.state == state and len(session.log()) == 2


def test_engine_failure_on_resume_is_a_notice(session, db, monkeypatch):
    play(session, 3)
    session.close()

    def broken_apply(s, a):
        raise IndexError("engine bug")

    monkeypatch.setattr(get_game(GAME), "apply", broken_apply)
    with Session.open(db) as again:
        assert not again.has_game and "could not be resumed" in again.notice


def test_correct_roll_works_right_after_a_restart(session, db):
    assert session.submit(Action("roll", {"face": 1})).accepted
    session.close()
    with Session.open(db) as again:
        out = again.submit(Action("correct_roll", {"face": 6}))
        assert out.accepted, out.rejection
        game = again.game
        assert again.state == game.apply(game.new_game(OPTIONS), Action("roll", {"face": 6}))[0]


def test_undo_and_redo_say_what_they_took_back_in_a_players_words(session):
    from companion.rules import Action
    session.submit(Action("roll", {"face": 4}))
    out = session.undo()
    assert out.events[0].text == "Took back: Larisa starts with Sanity 8 (rolled 4 + 4)"
    out = session.redo()
    assert out.events[0].text == "Made again: Larisa starts with Sanity 8 (rolled 4 + 4)"


@pytest.mark.parametrize("card", [
    {"name": "Leak", "colour": "green", "difficulty": 4, "location": 4.0},
    {"name": "Leak", "colour": "green", "difficulty": 4, "location": True},
    {"name": "Leak", "colour": "green", "difficulty": 4.0, "location": 4},
    {"name": "Leak", "colour": "green", "difficulty": 4, "location": 4, "tutorial": 1},
    {"name": "Leak", "colour": "green", "difficulty": 4, "location": 4, "bonus": 2},
])
def test_a_card_with_a_float_or_bool_where_an_integer_goes_is_refused_and_the_game_goes_on(session, card):
    """Issue 11.1: a card with ``location: 4.0`` was accepted and left every NEXT failing."""
    session.new_game("thirty-to-mars", {})
    rng = random.Random(3)
    game = session.game
    while game.expects(session.state) is None or game.expects(session.state).kind != "card":
        assert session.submit(game.random_action(session.state, rng)).accepted
    seq = session.seq
    out = session.submit(Action("draw", {"card": {**card, "colour": game.required_colour(session.state)}}))
    assert not out.accepted and out.rejection.code == "malformed" and "card" in out.rejection.message
    assert session.seq == seq
    good = {"name": "Leak", "colour": game.required_colour(session.state), "difficulty": 4, "location": 4}
    assert session.submit(Action("draw", {"card": good})).accepted
    for _ in range(5):
        assert session.submit(game.random_action(session.state, rng)).accepted


def test_placing_a_marsonaut_where_it_already_is_is_refused_and_not_logged(session):
    """The issue's example: a second placement in the same Bay changes nothing."""
    rng = random.Random(1)
    while session.game.phase(session.state) != "place" or session.game.expects(session.state) is not None:
        assert session.submit(session.game.random_action(session.state, rng)).accepted
    where = session.state.placement[0]
    assert session.submit(Action("place", {"who": 0, "bay": (where + 1) % 7})).accepted
    assert session.submit(Action("place", {"who": 0, "bay": where})).accepted
    seq, logged = session.seq, len(session.log())
    out = session.submit(Action("place", {"who": 0, "bay": where}))
    assert not out.accepted and out.rejection.code == "already_there" and "Larisa" in out.rejection.message
    assert out.rejection.rule == "30-to-mars.txt, Turn Overview 5"  # the rules say it, not only the session
    assert session.seq == seq and len(session.log()) == logged


def test_the_move_taken_back_made_again_keeps_the_moves_after_it(tmp_path):
    """A tester's finding: BACK several times, then NEXT (the same move as the one taken back) threw away every
    move after it. Made again, the move undone first is a redo: the redo tail stays."""
    import random

    from companion.rules import GAMES
    game = GAMES["mission-to-mars-2049"]
    rng = random.Random(8)
    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game("mission-to-mars-2049", game.default_options(3, 8))
        for _ in range(30):
            assert s.submit(game.random_action(s.state, rng)).accepted
        end, seq = s.state, s.seq
        for _ in range(5):
            assert s.undo().accepted
        again = s._action_at(s.seq + 1)
        outcome = s.submit(again)
        assert outcome.accepted and s.seq == seq - 4 and s.can_redo
        for _ in range(4):
            assert s.redo().accepted
        assert s.state == end and s.seq == seq
        for _ in range(2):
            assert s.undo().accepted
        other = next(a for a in game.legal_actions(s.state) if a != s._action_at(s.seq + 1))
        assert s.submit(other).accepted and not s.can_redo  # another move: the tail goes, as before


def test_the_game_gone_back_to_from_the_picker_is_the_one_resumed_next(tmp_path):
    """A tester's finding: "Resume it" did not mark the game as played last (the store's touch was shadowed
    by the lookup of a touch's moves), so after a restart the app showed the game played before it."""
    import random as _random

    from companion.rules import GAMES
    db = tmp_path / "db.sqlite3"
    rng = _random.Random(3)
    with Session.open(db) as s:
        for game_id in sorted(GAMES):
            s.new_game(game_id, GAMES[game_id].default_options(None, 3))
            for _ in range(4):
                s.submit(s.game.random_action(s.state, rng))
        last = s.game_id
    first = sorted(GAMES)[0]
    assert first != last
    with Session.open(db) as s:
        assert s.game_id == last
        assert s.switch(first)
    with Session.open(db) as s:
        assert s.game_id == first

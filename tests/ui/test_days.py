"""The day before, read from the log (30 to Mars: the card screen's "Yesterday" strip, the
day screen's Same as yesterday): what a read of the whole log says, read once a day, and
bounded however long a day was (issue 13: cost and memory independent of the log's length;
a game stretched to 100,000 actions had days of thousands of actions, and each roll on the
card screen decoded and kept the whole of the day before: 2 MiB more at the peak)."""
from __future__ import annotations

import random

import pytest

from companion.rules import get_game
from companion.session import Session, event_from_json
from companion.ui.games import RECENT_EVENTS
from companion.ui.games.thirty_to_mars import days

from .helpers import start_game
from .test_card_screen import play_day

TTM = get_game("thirty-to-mars")


def _days_in_whole_log(session) -> dict[int, list]:
    """day -> its events, from a read of the whole active log (what the bounded read must equal)."""
    out: dict[int, list] = {}
    day = None
    for row in session.store.actions_between(session.record.id, 1, session.seq):
        for e in (event_from_json(x) for x in row.events):
            if e.kind == "day":
                day = e.data["day"]
                out[day] = []
            elif day is not None:
                out[day].append(e)
    return out


def _counting(session) -> list[int]:
    """The rows each read of the log returns, from now on."""
    real = session.store.actions_between
    read: list[int] = []

    def counted(game, first, last):
        rows = real(game, first, last)
        read.append(len(rows))
        return rows
    session.store.actions_between = counted
    return read


@pytest.mark.timeout(60)
def test_each_day_before_is_what_the_whole_log_says(tmp_path):
    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game("thirty-to-mars", TTM.default_options(None, 3))
        rng = random.Random(3)
        while s.state.day < 6 and not TTM.is_over(s.state):
            s.submit(TTM.random_action(s.state, rng))
        whole = _days_in_whole_log(s)
        assert s.state.day >= 5
        for day in range(1, s.state.day):
            events, complete = days.events_of_day(s, day)
            assert complete and events == whole[day], day
        assert days.events_of_day(s, s.state.day + 3) == ([], True)


@pytest.mark.timeout(120)
def test_a_long_day_is_read_and_kept_bounded(tmp_path, monkeypatch):
    """A day longer than the rows read (the bench's 100,000-action game has days of thousands
    of actions; here 4,000 actions and a bound of 100 rows): the day before's latest events,
    at most ``RECENT_EVENTS``, said to be only part of it, from at most ``DAY_MAX_ROWS`` rows;
    Same as yesterday's places read as boundedly."""
    monkeypatch.setattr(days, "DAY_MAX_ROWS", 100)
    from companion.store import Store
    from companion.ui.bench import play_long
    log, state = play_long(TTM, 4000, seed=2)
    db = tmp_path / "db.sqlite3"
    store = Store.open(db)
    try:
        store.import_game("thirty-to-mars", TTM.default_options(None, 2), log, "open")
    finally:
        store.close()
    with Session.open(db) as s:
        whole = _days_in_whole_log(s)
        today = s.state.day
        assert today >= 2 and len(whole[today - 1]) > RECENT_EVENTS, "the stretched day is not long"
        read = _counting(s)
        events, complete = days.events_of_day(s, today - 1)
        assert sum(read) <= days.DAY_MAX_ROWS
        assert not complete
        assert 0 < len(events) <= RECENT_EVENTS and events == whole[today - 1][-len(events):]
        read.clear()
        days.places_before(s, today)
        assert sum(read) <= days.DAY_MAX_ROWS


@pytest.mark.timeout(60)
def test_the_card_screen_reads_the_day_before_once_a_day(make_driver, monkeypatch):
    from companion.ui.games.thirty_to_mars import card
    calls: list[int] = []
    real = card.events_of_day
    monkeypatch.setattr(card, "events_of_day", lambda session, day: calls.append(day) or real(session, day))
    d = make_driver((800, 480))
    start_game(d)
    play_day(d, "Quiet Day", 2, (6, 6))
    assert d.app.state.day == 2 and "Yesterday" in d.names()
    assert calls == [1]
    d.tap("Broken Pipe")  # the day goes on (a move, an undo, a redo): the day before is not read again
    d.key("back")
    d.key("redo")
    d.key("back")
    d.frame()
    assert d.app.current_screen().name == "card" and "Yesterday" in d.names()
    assert calls == [1]


@pytest.mark.timeout(60)
def test_the_day_before_is_read_again_only_when_its_moves_changed(make_driver, monkeypatch):
    """The bench's die rolls took 6 to 11 ms in the 100,000-action game: each roll that began a new day,
    taken back and rolled again, read the day before again (400 rows). The same roll again is a Redo (the
    log unchanged): nothing is read; another face is a new move over the one taken back: read again."""
    from companion.ui.games.thirty_to_mars import card
    calls: list[int] = []
    real = card.events_of_day
    monkeypatch.setattr(card, "events_of_day", lambda session, day: calls.append(day) or real(session, day))
    d = make_driver((800, 480))
    start_game(d)
    play_day(d, "Broken Pipe", 4, (1, 6))  # 7 against 7: passed
    assert d.app.state.day == 2 and calls == [1]
    strip = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Check passed" in strip, strip
    for _ in range(3):
        d.key("back")
        assert d.app.state.day == 1
        d.roll(6)  # the same face: a Redo
        assert d.app.state.day == 2
    assert calls == [1]
    d.key("back")
    d.roll(5)  # 6 against 7: another move over the one taken back
    if d.app.state.step == "check":  # an ability could still save it: the table resolves
        d.key("next")
    assert d.app.state.day == 2 and calls == [1, 1]
    strip = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Check failed" in strip, strip


def _rewrite(s) -> None:
    """Undo, then a move other than the one taken back: the log written anew from there."""
    s.undo()
    taken_back = s.store.action(s.record.id, s.seq + 1).action
    for action in TTM.legal_actions(s.state):
        if action.to_json() != taken_back and s.submit(action).accepted:
            assert s.seq and not s.can_redo
            return
    raise AssertionError("no other move")


@pytest.mark.timeout(30)
def test_unchanged_since_says_whether_a_move_was_written_over_the_actions_read(tmp_path, monkeypatch):
    from collections import deque

    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game("thirty-to-mars", TTM.default_options(None, 5))
        rng = random.Random(5)
        while s.seq < 30:
            s.submit(TTM.random_action(s.state, rng))
        mark = s.log_mark()
        s.undo()
        s.undo()
        s.redo()
        s.redo()
        assert s.seq == 30 and s.unchanged_since(mark, 30), "an undo and a redo change no action"
        _rewrite(s)  # action 30 written anew
        assert s.unchanged_since(mark, 29) and not s.unchanged_since(mark, 30)
        monkeypatch.setattr(s, "_rewrites", deque(s._rewrites, maxlen=2))
        mark = s.log_mark()
        for _ in range(3):  # three rewrites, all above 10: more than are remembered
            _rewrite(s)
        assert not s.unchanged_since(mark, 10), "it cannot tell: not unchanged"
        assert s.unchanged_since(s.log_mark() - 2, 10)

"""Today's events after undo and redo come from the end of the log only (the
issue: the app read and decoded the whole log on every undo and redo), and
they are the same as a read of the whole log gives."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from companion.rules import GAMES, Action  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.ui.games import RECENT_EVENTS  # noqa: E402

GAME_IDS = sorted(GAMES)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_recent_after_undo_and_redo_reads_the_tail_and_equals_the_whole_log(tmp_path, game_id):
    from companion.ui.app import RECENT_MAX_ROWS
    with Session.open(tmp_path / "db.sqlite3") as s:
        app = _app_after_moves(tmp_path, s, game_id, 250, seed=4)
        read: list[int] = []
        real = s.store.actions_between

        def counted(game_key, first, last):
            rows = real(game_key, first, last)
            read.append(len(rows))
            return rows
        s.store.actions_between = counted
        s.store.actions = None  # the whole log must not be read
        for _ in range(40):
            app.undo()
            assert app.recent == _whole_log_recent_safe(app, real)
        for _ in range(20):
            app.redo()
            assert app.recent == _whole_log_recent_safe(app, real)
        assert max(read) <= RECENT_MAX_ROWS


def _app_after_moves(tmp_path, s, game_id: str, moves: int, seed: int):
    """A new game of ``game_id`` on session ``s``, up to ``moves`` random moves (stopping before
    the one that would end it), and the app showing it."""
    from companion.catalogue import Catalogues
    from companion.ui.app import App
    game = GAMES[game_id]
    rng = random.Random(seed)
    s.new_game(game_id, game.default_options(None, seed))
    for _ in range(moves):
        action = Action.from_json(game.random_action(s.state, rng).to_json())
        if game.is_over(game.apply(s.state, action)[0]):
            break
        assert s.submit(action).accepted
    return App(s, Catalogues(tmp_path), game_id)


def _whole_log_recent_safe(app, real):
    """What the app showed before: today's events from a read of the whole active log."""
    rows = real(app.session.record.id, 1, app.session.seq)
    from companion.session import event_from_json
    recent: list = []
    for row in rows:
        events = tuple(event_from_json(e) for e in row.events)
        if app.game_ui.new_period(events):
            recent = []
        recent += events
    return recent[-RECENT_EVENTS:]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_taken_back_and_made_again_reads_no_log(tmp_path, game_id):
    """Undo then Redo, as a table does when it changes its mind: the move made
    again brings its own events (as when it was first made), so neither frame
    reads the log, and today's events are still the whole log's."""
    with Session.open(tmp_path / "db.sqlite3") as s:
        app = _app_after_moves(tmp_path, s, game_id, 120, seed=5)
        real = s.store.actions_between
        app.undo()  # the first undo after a start may read the log: the state before was never shown
        assert app.recent == _whole_log_recent_safe(app, real)
        app.redo()
        assert app.recent == _whole_log_recent_safe(app, real)
        read: list[int] = []
        s.store.actions_between = lambda *a: read.append(1) or real(*a)
        for _ in range(15):
            app.undo()
            assert app.recent == _whole_log_recent_safe(app, real)
            app.redo()
            assert app.recent == _whole_log_recent_safe(app, real)
        assert read == [], f"the log was read {len(read)} times"

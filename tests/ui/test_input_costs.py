"""What one input costs, counted (issue 13, item 5: press and die line to frame
at most 1.5x the floor of one commit and one draw): a roll and the steps it
sets off are one commit; undo back over them is one commit."""
from __future__ import annotations

import pytest

from .test_check_waits import at_check


def commits(session) -> list[str]:
    """The COMMIT statements the session's store runs from now on (SQLite's own trace)."""
    seen: list[str] = []
    session.store._conn.set_trace_callback(lambda sql: seen.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return seen


@pytest.mark.timeout(30)
def test_a_roll_and_the_steps_it_sets_off_are_one_commit(make_driver):
    d = make_driver((800, 480))
    at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (4,))  # the first of the two dice
    s = d.app.session
    seq = s.seq
    seen = commits(s)
    d.roll(4)  # passes (7 of 7): the check, production and the end of the day run on their own
    assert s.seq >= seq + 4, f"the roll set off {s.seq - seq - 1} steps"
    assert len(seen) == 1, f"{len(seen)} commits for one roll and the {s.seq - seq - 1} steps it set off"
    seen.clear()
    d.key("back")  # undo: back over the steps to the roll's state
    assert s.seq < seq + 1 and len(seen) == 1, f"{len(seen)} commits for one BACK"


@pytest.mark.timeout(30)
def test_back_to_a_state_shown_before_reads_no_log(make_driver, monkeypatch):
    d = make_driver((800, 480))
    at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (4,))
    s = d.app.session
    shown = d.app.recent
    d.roll(1)  # fails: the steps run on their own to the next day's card (a new period of events)
    reads = []
    real = s.log_tail
    monkeypatch.setattr(s, "log_tail", lambda *a, **k: reads.append(a) or real(*a, **k))
    d.key("back")
    assert d.app.recent == shown and reads == [], f"undo read the log {len(reads)} times to rebuild today's events"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game_id", ["thirty-to-mars", "mission-to-mars-2049", "race-to-mars"])
def test_the_rules_are_asked_once_per_state_not_per_frame(session, catalogues, game_id, monkeypatch):
    """Issue 13, item 2: the screens ask the rules once per change. Every
    function of the rules module is counted; a frame of a state already drawn asks none."""
    import random

    import pygame

    from companion.rules import get_game
    from companion.ui.driver import Driver
    rules = get_game(game_id)
    session.new_game(game_id, rules.default_options(None, 4))
    rng = random.Random(4)
    pygame.display.init()
    d = Driver(session, catalogues, (800, 480))
    asked: list[str] = []
    for name in dir(rules):
        fn = getattr(rules, name)
        if callable(fn) and not name.startswith("_") and not isinstance(fn, type) and \
                getattr(fn, "__module__", "").startswith("companion.rules"):
            monkeypatch.setattr(rules, name, lambda *a, _fn=fn, _n=name, **k: asked.append(_n) or _fn(*a, **k))
    screens = set()
    for _ in range(25):
        if rules.is_over(session.state):
            break
        d.app.submit(rules.random_action(session.state, rng), quiet=True)
        d.frame()
        screens.add(d.app.screen.name)
        asked.clear()
        d.app.dirty = True
        d.frame()
        assert asked == [], f"a second frame of one state on {d.app.screen.name} asked {sorted(set(asked))}"
    assert screens
    pygame.display.quit()


@pytest.mark.timeout(30)
def test_the_top_bar_is_painted_again_only_when_what_it_shows_changes(make_driver):
    from companion.ui import retained
    d = make_driver((800, 480))
    at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (4,))
    before = dict(retained.STATS)
    d.tap("Odds")  # a dialog over the screen: the top bar under it is the same
    d.key("back")  # closes it
    assert retained.STATS["painted"] == before["painted"], "the top bar was painted again for a dialog"
    assert retained.STATS["reused"] >= before["reused"] + 2
    redo = [h for h in d.app.screen.ui.hits if h.label == "Redo"]
    assert not redo, "Redo is drawn disabled (not tappable) before any undo"
    d.key("back")  # an undo: Redo can now be tapped, and the roll taken back has no Fix roll
    assert retained.STATS["painted"] == before["painted"] + 2, "Undo and Redo, New game and Fix roll"
    assert "top bar: die" in d.app.regions  # the die and the day: under the message, not painted
    assert [h.label for h in d.app.screen.ui.hits].count("Redo") == 1, "the new top bar's Redo is tappable"


@pytest.mark.timeout(30)
def test_an_undo_and_a_redo_paint_only_undo_and_redo_again(make_driver):
    """Issue 13 (press -> frame): the top bar was one picture, painted again whole at every undo (Redo
    changes): the slowest part of the frame. Its parts are apart: New game, Fix roll and the day and
    die status are put back as they were."""
    from companion.ui import retained

    from .helpers import start_game
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Quiet Day")
    d.tap("bay 2")  # a Marsonaut placed: an undo and a redo change Undo and Redo, nothing else of the top bar
    d.key("back")
    d.key("redo")
    before = dict(retained.STATS)
    for _ in range(3):
        d.key("back")
        d.key("redo")
    assert retained.STATS["painted"] == before["painted"] + 6, "one part a frame: Undo and Redo"
    assert retained.STATS["reused"] >= before["reused"] + 6

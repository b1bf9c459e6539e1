"""The check waits for NEXT (Resolve) only while a Special Ability the rules
allow could still change its result, or Stan's ward could still prevent a Sanity
loss it takes; otherwise it resolves on its own."""
from __future__ import annotations

import dataclasses

import pytest

from .helpers import start_game


def at_check(d, crew, sanity, dice):
    """``crew`` with Sanity ``sanity`` (by name), the first two on Broken Pipe
    (difficulty 7), NEXT, then the check ``dice``."""
    start_game(d, crew=crew)
    d.tap("Broken Pipe")
    s = d.app.session
    members = [dataclasses.replace(m, sanity=sanity.get(m.profile.short, 5)) for m in s.state.crew]
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(members))
    d.frame()
    for who in crew[:2]:
        d.tap(who)
        d.tap("bay 4")
    d.key("next")
    for f in dice:
        d.roll(f)
    return s.state


@pytest.mark.timeout(30)
def test_a_passed_check_resolves_on_its_own_with_an_ability_ready(make_driver):
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {"Jean-Louis": 10}, (4, 4))
    assert state.step != "check", "a check already passed waited for Resolve"


@pytest.mark.timeout(30)
def test_stans_ward_holds_the_check_only_for_a_sanity_loss_it_can_prevent(make_driver):
    """Stan's ward changes no roll, but it prevents a friend's Sanity loss "Anytime during the game"
    (Marsonaut Profiles: Stan): Broken Pipe failed takes 1 Sanity from Larisa and Stan, so the check waits
    (a tester's finding: it resolved at the last die); passed, it takes none and resolves on its own."""
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Stan", "Maria", "Dieter"), {"Stan": 10}, (1, 1))
    assert state.step == "check", "Stan could still ward Larisa from the Check Negative's Sanity loss"
    d.key("next")
    assert d.app.state.step != "check" and d.app.state.crew[0].sanity == 4


@pytest.mark.timeout(30)
def test_stans_ward_does_not_hold_a_check_that_takes_no_sanity(make_driver):
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Stan", "Maria", "Dieter"), {"Stan": 10}, (4, 4))
    assert state.step != "check", "passed: no Sanity loss for the ward to prevent"


@pytest.mark.timeout(30)
def test_a_failed_check_an_ability_can_save_waits(make_driver):
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {"Jean-Louis": 10}, (3, 2))
    assert state.step == "check", "Jean-Louis doubling the 3 passes it: the table decides"
    assert "Ability" in d.names()
    d.key("next")
    assert d.app.state.step != "check"


@pytest.mark.timeout(30)
def test_a_failed_check_no_ability_can_save_resolves(make_driver):
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {"Jean-Louis": 10}, (1, 1))
    assert state.step != "check", "doubling a 1 cannot reach 7: nothing to wait for"


def results(d):
    return [e.text for row in d.app.session.log() if not row.undone for e in row.events if e.kind == "result"]


@pytest.mark.timeout(30)
def test_fix_roll_stays_after_the_steps_that_ran_on_their_own(make_driver):
    """The last die resolved the check, production and the end of the day on
    their own: Fix roll is still there and corrects that die, and the steps
    run again from the corrected roll."""
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (1, 1))
    assert state.step == "draw" and state.day == 2, (state.step, state.day)
    assert results(d)[-1] == "Check failed: 2 against 7"
    assert "Fix roll" in d.names(), "the last die can still be corrected"
    d.tap("Fix roll")
    assert "entered as 1" in d.app.dialog.title, d.app.dialog.title
    d.tap("6")
    s = d.app.state
    assert s.step == "draw" and s.day == 2, (s.step, s.day)
    assert results(d)[-1] == "Check passed: 7 against 7", results(d)
    d.tap("Broken Pipe")  # another move: that roll can no longer be fixed
    assert "Fix roll" not in d.names()


@pytest.mark.timeout(30)
def test_undo_and_redo_over_a_fixed_roll_say_the_face_it_was_fixed_to(make_driver):
    """A tester's finding: after Fix roll (1 to 6) BACK said "Took back: ... rolls 1 ..." and Redo "Made
    again: ... rolls 1 ...", while the screen showed the 6. They say the roll as fixed."""
    d = make_driver((800, 480))
    at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (1, 1))
    d.tap("Fix roll")
    d.tap("6")
    assert results(d)[-1] == "Check passed: 7 against 7"
    d.key("back")
    said = d.app.message.text
    assert said.startswith("Took back: ") and ", fixed to 6" in said, said
    assert "total" not in said, said  # the total said with the roll was the unfixed one (a tester's second finding)
    d.key("redo")
    said = d.app.message.text
    assert said.startswith("Made again: ") and ", fixed to 6" in said and "total" not in said, said
    assert results(d)[-1] == "Check passed: 7 against 7"


@pytest.mark.timeout(30)
def test_fixing_to_the_same_face_changes_nothing(make_driver):
    d = make_driver((800, 480))
    at_check(d, ("Larisa", "Jean-Louis", "Maria", "Dieter"), {}, (1, 1))
    seq, state = d.app.session.seq, d.app.state
    d.tap("Fix roll")
    d.tap("1")
    assert d.app.session.seq == seq and d.app.state.day == state.day and d.app.state.step == state.step
    assert "already" in d.app.message.text
    assert "Fix roll" in d.names()


@pytest.mark.timeout(30)
def test_fix_roll_behind_the_steps_is_still_there_after_a_restart(make_driver, session, catalogues, tmp_path):
    """The app stopped (a power cut) right after a die whose steps ran on their
    own: started again, Fix roll still corrects that die (issue 8's playtest:
    "Fix roll disappears after a restart")."""
    from companion.session import Session
    from companion.ui.driver import Driver
    d = make_driver((800, 480))
    # no ability ready
    start_game(d, crew=("Larisa", "Jean-Louis", "Maria", "Dieter"), faces=(1, 1, 1, 1, 1, 1, 1, 1, 3, 3))
    d.tap("Broken Pipe")
    for who in ("Larisa", "Jean-Louis"):
        d.tap(who)
        d.tap("bay 4")
    d.key("next")
    for f in (1, 1):
        d.roll(f)
    assert d.app.state.step == "draw" and "Fix roll" in d.names()
    seq = d.app.session.seq
    session.close()
    again = Session.open(tmp_path / "db.sqlite3")
    try:
        d2 = Driver(again, catalogues, (800, 480), game_id="thirty-to-mars")
        d2.frame()
        assert again.seq == seq
        assert "Fix roll" in d2.names(), "the last die can still be corrected after a restart"
        d2.tap("Fix roll")
        assert "entered as 1" in d2.app.dialog.title, d2.app.dialog.title
        d2.tap("6")
        assert results(d2)[-1] == "Check passed: 7 against 7", results(d2)
        d2.tap("Broken Pipe")  # another move: that roll can no longer be fixed
        assert "Fix roll" not in d2.names()
    finally:
        again.close()



@pytest.mark.timeout(30)
def test_undo_and_redo_of_one_move_read_no_other_rows(make_driver, session, monkeypatch):
    """A fix and the roll it fixed are two moves: BACK or Redo over one move reads no rows to look for them
    (issue 13: press -> frame); one over the roll and its fix still says the face it was fixed to (above)."""
    import random

    from companion.rules import get_game
    game = get_game("thirty-to-mars")
    session.new_game("thirty-to-mars", game.default_options(None, 1))
    rng = random.Random(1)
    while session.seq < 12:
        session.submit(game.random_action(session.state, rng))
    d = make_driver((800, 480))
    read = []
    monkeypatch.setattr(session.store, "moves_between", lambda *a: read.append(a) or [])
    one_move = 0
    for _ in range(6):
        seq = session.seq
        read.clear()
        d.key("back")
        if session.seq == seq - 1:
            one_move += 1
            assert d.app.message.text.startswith("Took back: "), d.app.message.text
            d.key("redo")
            assert session.seq == seq and d.app.message.text.startswith("Made again: "), d.app.message.text
            assert read == []
            d.key("back")
    assert one_move

"""A plain day of 30 to Mars at the table costs at most 5 touches and 1 NEXT
press beyond the physical dice: a green card already in the catalogue, no
ability used. The steps with nothing to decide (production, the end and the
start of the day, the check once its dice are in) run on their own, and
Undo steps back over them to the last decision."""
from __future__ import annotations

import pytest

from .helpers import CREW

# Sanity 9, 8, 7, 6 (no Special Ability ready), Health 8..5, Accident days 4 and 26
FACES = (5, 4, 4, 3, 3, 2, 2, 1, 4, 4)


class Counting:
    """Counts the table's inputs given through a driver: taps and NEXT presses (die rolls are free)."""

    def __init__(self, d):
        self.d = d
        self.taps: list[str] = []
        self.nexts = 0

    def tap(self, name):
        self.taps.append(name)
        self.d.tap(name)

    def next(self):
        self.nexts += 1
        self.d.key("next")


def start_day_1(d) -> None:
    """The crew of :data:`CREW` chosen and the setup rolled (:data:`FACES`): day 1's card is to be drawn."""
    for n in CREW:
        d.tap(n)
    d.tap("Start")
    for f in FACES:
        d.roll(f)


def play_day_1(d) -> None:
    """Day 1: Broken Pipe (Cargo Bay 4), Larisa and Jean-Louis on the problem, Maria and Dieter at work; the
    check rolled 6 and 5: day 2's card is to be drawn."""
    d.tap("Broken Pipe")
    for who, bay in (("Larisa", 4), ("Jean-Louis", 4), ("Maria", 5), ("Dieter", 6)):
        d.tap(who)
        d.tap(f"bay {bay}")
    d.key("next")
    d.roll(6)
    d.roll(5)


@pytest.mark.timeout(60)
def test_a_plain_day_costs_five_touches_and_one_next(make_driver):
    d = make_driver((800, 480))
    start_day_1(d)
    s = d.app.session
    assert s.state.step == "draw" and s.state.day == 1, "the start of day 1 runs on its own"
    play_day_1(d)
    assert s.state.step == "draw" and s.state.day == 2, (s.state.step, s.state.day)
    # day 2, the plain day: Quiet Day (Recreation Bay 2)
    t = Counting(d)
    names = d.names()
    assert names.index("Quiet Day") < names.index("Broken Pipe"), "cards not drawn yet come first"
    t.tap("Quiet Day")
    t.tap("Same as yesterday")
    assert s.state.placement == (4, 4, 5, 6)
    assert d.app.screen.selected == 0  # Larisa is selected: the next Bay tapped is hers
    t.tap("bay 2")
    assert s.state.placement == (2, 4, 5, 6) and d.app.screen.selected == 1
    t.tap("bay 2")
    assert s.state.placement == (2, 2, 5, 6)
    t.next()
    assert s.state.step == "check"
    d.roll(2)
    d.roll(3)  # the last die: resolve, production, the end and the start of the day run on their own
    assert s.state.step == "draw" and s.state.day == 3, (s.state.step, s.state.day)
    print(f"plain day: {len(t.taps)} touches {t.taps}, {t.nexts} NEXT")
    assert len(t.taps) <= 5 and t.nexts <= 1, (t.taps, t.nexts)
    # Undo goes back over the automatic steps to the last thing the table did: the last die
    seq = s.seq
    d.key("back")
    assert s.state.step == "check" and s.state.day == 2 and len(s.state.dice) == 1, (s.state.step, s.state.dice)
    assert s.seq < seq - 1
    d.key("redo")
    assert s.state.step == "draw" and s.state.day == 3 and s.seq == seq


@pytest.mark.timeout(60)
def test_a_restart_selects_the_next_marsonaut(make_driver, session, catalogues):
    """After a restart (and after the Bay of a card is rolled) the next Marsonaut to place is selected."""
    from companion.ui.driver import Driver
    d = make_driver((800, 480))
    start_day_1(d)
    d.tap("Lost Signal")  # its Bay and difficulty are rolled
    d.roll(4)
    d.roll(5)
    assert d.app.screen.selected == 0
    d.tap("bay 4")
    assert d.app.state.placement[0] == 4 and d.app.screen.selected == 1
    again = Driver(session, catalogues, (800, 480), game_id="thirty-to-mars")  # the app starts again
    assert again.app.current_screen().name == "day" and again.app.screen.selected == 1
    again.tap("bay 5")
    assert again.app.state.placement[1] == 5


@pytest.mark.timeout(60)
def test_a_demanded_card_says_why_the_crew_places_again(make_driver):
    """A result demands a yellow card the same day: the card screen says so, and
    the placing screen says why the crew places again and that the places for
    the first card produce nothing today (the rule as decided)."""
    from companion.rules.contract import Action
    d = make_driver((800, 480))
    start_day_1(d)
    card = {"name": "Sensor Glitch", "colour": "green", "difficulty": 12, "location": 1,
            "failure": {"draw_yellow": 1}}
    assert d.app.submit(Action("draw", {"card": card}))
    d.frame()
    d.tap("bay 1")  # Larisa on the problem
    d.tap("bay 5")  # Jean-Louis in the Green House
    d.key("next")
    d.roll(1)  # failed: a yellow card must be drawn this same day
    assert d.app.state.step == "draw" and d.app.game.required_colour(d.app.state) == "yellow"
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "yellow" in shown and "a result demands it" in shown, shown
    # what demanded it, today's failed check, is said (a tester saw only the day before's strip)
    assert "Today" in shown and "Check failed" in shown, shown
    d.tap("Loose Panel")
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    # the sentence, or (no room for it beside Bays of two readable lines) "Placing again: why? ›", a tap away
    assert "Placing again: the first card's places produce nothing today" in shown or \
        "Placing again: why?" in shown, shown
    d.tap("Why again")
    assert any("place the crew again" in line for line in d.app.dialog.lines)
    assert any("no Bay that had a problem" in line for line in d.app.dialog.lines)


@pytest.mark.timeout(60)
def test_same_as_yesterday_is_one_touch_one_commit_and_one_undo(make_driver):
    """Same as yesterday places the crew in one touch: it is one commit, one Undo takes all of it back
    (not one Marsonaut per Undo: four Undos for one touch), and one Redo puts all of it back. A move made
    after taking it back ends that: Undo and Redo go one move at a time again."""
    from .test_input_costs import commits
    d = make_driver((800, 480))
    start_day_1(d)
    s = d.app.session
    play_day_1(d)
    d.tap("Quiet Day")
    before, seq = s.state.placement, s.seq
    seen = commits(s)
    d.tap("Same as yesterday")
    assert s.state.placement == (4, 4, 5, 6) and s.seq == seq + 4
    assert len(seen) == 1, f"{len(seen)} commits for one touch"
    d.tap("Undo")
    assert s.state.placement == before and s.seq == seq
    assert d.app.message.text == "Took back: Same as yesterday (4 moves)", d.app.message.text
    d.tap("Redo")
    assert s.state.placement == (4, 4, 5, 6) and s.seq == seq + 4
    assert d.app.message.text == "Made again: Same as yesterday (4 moves)", d.app.message.text
    d.tap("Undo")
    d.tap("Larisa")
    d.tap("bay 2")  # a move of its own over the moves taken back
    assert s.seq == seq + 1
    d.tap("Undo")
    assert s.seq == seq and s.state.placement == before  # that one move only
    d.tap("Redo")
    assert s.seq == seq + 1 and s.state.placement[0] == 2


@pytest.mark.timeout(60)
def test_same_as_yesterday_is_one_undo_and_one_redo_after_a_restart_too(make_driver, session, catalogues, tmp_path):
    """A tester's finding: the grouping was kept in memory only, so after a restart Undo took back
    "Same as yesterday" one Marsonaut at a time. It is kept in the log file, in the same commit."""
    from companion.session import Session
    from companion.ui.driver import Driver
    d = make_driver((800, 480))
    start_day_1(d)
    play_day_1(d)
    d.tap("Quiet Day")
    before, seq = session.state.placement, session.seq
    d.tap("Same as yesterday")
    session.close()

    def restart():
        s = Session.open(tmp_path / "db.sqlite3")
        d2 = Driver(s, catalogues, (800, 480), game_id="thirty-to-mars")
        d2.frame()
        return s, d2
    s, d2 = restart()
    try:
        d2.tap("Undo")
        assert s.state.placement == before and s.seq == seq
        assert d2.app.message.text == "Took back: Same as yesterday (4 moves)", d2.app.message.text
    finally:
        s.close()
    s, d2 = restart()  # taken back before the restart: one Redo puts it all back
    try:
        d2.tap("Redo")
        assert s.state.placement == (4, 4, 5, 6) and s.seq == seq + 4
        d2.tap("Undo")
        d2.tap("Larisa")
        d2.tap("bay 2")  # a move of its own over the moves taken back: the touch is gone from the file
    finally:
        s.close()
    s, d2 = restart()
    try:
        d2.tap("Undo")
        assert s.seq == seq and s.state.placement == before
        d2.tap("Redo")
        assert s.seq == seq + 1 and s.state.placement[0] == 2
    finally:
        s.close()


@pytest.mark.timeout(60)
def test_same_as_yesterday_again_over_moves_made_again_walks_the_same_steps_both_ways(make_driver):
    """A tester's finding: Same as yesterday, Undo, Larisa placed by hand as yesterday (a Redo of that move: the
    moves after it are kept), Same as yesterday again: Undo went 3 moves then 1, but Redo put back all 4 at once
    (the first touch was still kept). The newer touch replaces the older one it overlaps."""
    d = make_driver((800, 480))
    start_day_1(d)
    play_day_1(d)
    d.tap("Quiet Day")
    s = d.app.session
    seq = s.seq
    d.tap("Same as yesterday")
    d.tap("Undo")
    d.tap("Larisa")
    d.tap("bay 4")
    d.tap("Same as yesterday")
    walked = []
    for button in ("Undo", "Undo", "Redo", "Redo"):
        before = s.seq
        d.tap(button)
        walked.append(s.seq - before)
    assert walked == [-3, -1, 1, 3], walked
    assert s.seq == seq + 4


@pytest.mark.timeout(30)
def test_the_odds_say_nobody_is_on_the_problem_not_that_nobody_is_placed(make_driver):
    """A tester's finding: with three Marsonauts placed, none on the problem, the odds read "Odds 0% · none
    placed", as if nobody were placed. They say nobody is on the problem."""
    d = make_driver((800, 480))
    start_day_1(d)
    d.tap("Broken Pipe")  # the Cargo Bay (4)
    for who, bay in (("Larisa", 5), ("Jean-Louis", 6), ("Maria", 2)):
        d.tap(who)
        d.tap(f"bay {bay}")
    d.frame()
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "Odds 0%" in shown and ("none on the problem" in shown or "none on it" in shown), shown
    assert "none placed" not in shown


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_check_says_dice_to_come_not_short_before_the_last_die(make_driver, size):
    """A fresh user's finding: with one of two dice in (5 against 7) the check already read "Total 5 of 7: short by
    2" in red. Until the last die it says what is to come; then it passes or fails."""
    d = make_driver(size)
    start_day_1(d)
    d.tap("Broken Pipe")  # difficulty 7 in the Cargo Bay (4)
    for who in ("Larisa", "Jean-Louis"):
        d.tap(who)
        d.tap("bay 4")
    d.key("next")
    d.roll(5)
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert ("1 die to come" in shown or "Dice 5 ?" in shown) and "short by" not in shown, shown
    d.roll(1)
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "to come" not in shown


def test_dice_to_come_are_counted_in_words():
    """Two dice still to roll (John's extra die) read "2 dice to come", not "2 dies"."""
    from companion.ui.games.thirty_to_mars.day import _total
    assert _total(5, 9, 2) == "Total 5 of 9 so far: 2 dice to come"
    assert _total(5, 9, 1) == "Total 5 of 9 so far: 1 die to come"


@pytest.mark.timeout(60)
def test_redo_counts_the_automatic_steps_it_makes_again_as_undo_does(make_driver):
    """A table tester's finding: Undo of the last die said "Took back: ... (and 4 automatic steps)", and hold
    BACK, which made them all again (the screen jumped to the next day), said only "Made again: ...". Redo
    says the same count."""
    d = make_driver((800, 480))
    start_day_1(d)
    play_day_1(d)
    d.tap("Quiet Day")
    d.tap("Same as yesterday")
    d.tap("bay 2")
    d.tap("bay 2")
    d.key("next")
    d.roll(2)
    d.roll(3)
    d.key("back")
    took = d.app.message.text
    assert took.startswith("Took back: ") and "automatic step" in took, took
    d.key("redo")
    made = d.app.message.text
    assert made == took.replace("Took back: ", "Made again: ", 1), (took, made)

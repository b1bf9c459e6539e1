"""Words on the screen: "1 day", what Fix roll corrects, a chance that means something."""
from __future__ import annotations

import dataclasses

import pytest

from companion.rules.thirty_to_mars.model import Pending

from companion.ui.app import TAP

from .helpers import start_game


def section_rect(d):
    from companion.ui.screens.chrome import message_box
    return message_box(d.app.layout, d.app)[2]


def texts(d):
    return [t for t, _, _ in d.app.screen.ui.texts]


def built(d, monkeypatch, **fields):
    """Show a state built from the current one (``fields`` replaced)."""
    state = dataclasses.replace(d.app.state, **fields)
    monkeypatch.setattr(type(d.app.session), "state", property(lambda self: state))
    d.frame()
    return state


@pytest.mark.timeout(30)
def test_one_day_is_singular(make_driver, monkeypatch):
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Quiet Day")
    built(d, monkeypatch, resources=(1, 2, 1, 0))
    d.tap("Resources")  # the days each lasts: one tap away (the numbers are on the dashboard)
    shown = " | ".join(d.app.dialog.lines)
    assert "lasts 1 day" in shown and "lasts 2 days" in shown and "lasts 0 days" in shown, shown
    assert "1 days" not in shown


@pytest.mark.timeout(30)
def test_fix_roll_says_which_roll_and_its_face(make_driver):
    d = make_driver((800, 480))
    start_game(d, faces=(5,))  # the first setup roll only
    d.tap("Fix roll")
    title = d.app.dialog.title
    assert "Starting Sanity of Larisa" in title and "entered as 5" in title, title
    d.tap("2")
    assert d.app.state.crew[0].sanity == 6
    d.tap("Fix roll")
    assert "entered as 2" in d.app.dialog.title


@pytest.mark.timeout(30)
def test_chance_counts_a_pending_reroll(make_driver, monkeypatch):
    d = make_driver((800, 480))
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")  # Cargo Bay, difficulty 7
    state = built(d, monkeypatch, step="check", placement=(4, 4, 0, 0), dice=(1, 1), rerolls_left=1,
                  pending=(Pending("roll", "reroll", who=2, index=0),))
    plain, _ = d.app.game.check_odds(state)
    assert plain == pytest.approx(1 / 6)  # 1 + the re-rolled die >= 7
    assert "Odds 17%" in texts(d)
    extra = dataclasses.replace(state, pending=(Pending("roll", "extra_die", who=3),))
    assert d.app.game.check_odds(extra)[0] == pytest.approx(2 / 6)  # 1 + 1 + d6 >= 7
    reduce = dataclasses.replace(state, dice=(3, 3), pending=(Pending("roll", "reduce", who=0),))
    assert d.app.game.check_odds(reduce)[0] == pytest.approx(1.0)  # 6 >= 7 - (1..6)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_reduction_awaited_is_no_die_of_the_check(make_driver, monkeypatch, size):
    """A fresh tester's finding: while Larisa's roll to lower the Difficulty was awaited the check read
    "Dice 3 2 ? \u00b7 need 7", a third check die. It reads "need 7 \u2212 Larisa's roll"; a check die
    still to come is the "?" (John's extra die too)."""
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")  # Cargo Bay, difficulty 7
    state = built(d, monkeypatch, step="check", placement=(4, 4, 0, 0), dice=(3, 2),
                  pending=(Pending("roll", "reduce", who=0),))
    shown = " ".join(texts(d))
    assert "?" not in shown, shown
    assert "need 7 \u2212 Larisa's roll" in shown or "Larisa's difficulty reduction" in shown, shown
    assert "7 \u2212 Larisa's roll" in shown, shown  # in the check's own line too, where it is one line (portrait)
    built(d, monkeypatch, pending=(Pending("roll", "extra_die", who=3),), dice=state.dice, step="check",
          placement=state.placement)
    shown = " ".join(texts(d))
    assert ("Dice 3 2 ?" in shown or "?" in texts(d)) and "Larisa's roll" not in shown, shown


@pytest.mark.timeout(30)
def test_tapping_a_knocked_out_marsonaut_names_the_rule(make_driver):
    from companion.ui.games.thirty_to_mars.scenarios import play_a_hungry_day
    d = make_driver((800, 480))
    start_game(d)
    play_a_hungry_day(d.app.session, take=("food",))  # Maria on 1 Health, then out of Food: Knocked Out
    d.key("next")
    d.tap("Quiet Day")
    assert not d.app.state.crew[2].active
    d.tap("Larisa")
    d.tap("Maria")
    msg = d.app.message
    assert "Knocked Out" in msg.text and msg.rule == "30-to-mars.txt, Knocked Out", msg
    from companion.ui.screens.chrome import section_labels
    assert set(section_labels(msg.rule)) & set(texts(d)), texts(d)  # the section, shown until the next action
    d.app.handle(__import__("pygame").event.Event(TAP, pos=section_rect(d).center))
    d.frame()
    assert d.app.dialog is not None and "Knocked Out" in d.app.dialog.title
    assert any("Knocked Out" in line or "lying" in line for line in d.app.dialog.lines), d.app.dialog.lines
    d.tap("Close")
    assert d.app.screen.selected in (None, -1)
    d.tap("bay 5")  # nobody selected: Larisa stays where she was
    assert d.app.state.placement[0] == 0


@pytest.mark.timeout(30)
def test_a_fixed_roll_is_confirmed(make_driver):
    d = make_driver((800, 480))
    start_game(d, faces=(5,))  # the first setup roll only
    d.tap("Fix roll")
    d.tap("2")
    assert d.app.message.text.startswith("Roll corrected to 2 · Larisa starts with Sanity 6"), d.app.message


@pytest.mark.timeout(30)
def test_a_greyed_bay_and_same_as_yesterday_say_why_when_tapped(make_driver, monkeypatch):
    """A tester's finding: a greyed Bay (every Workspace broken, or the day's earlier problem) and the greyed
    Same as yesterday did nothing when tapped. Their tap says why, a Bay with the rule that greys it."""
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    built(d, monkeypatch, broken=(0, 0, 0, 0, 0, 4))
    d.tap("bay 6 (why not?)")
    m = d.app.message
    assert m.rule == "30-to-mars.txt, Reminder" and "Every Workspace of the Laboratory is broken" in m.text, m
    d.tap("Same as yesterday (why not?)")
    assert "on day 1 there is none" in d.app.message.text

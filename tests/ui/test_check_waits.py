"""The check waits for NEXT (Resolve) only while a Special Ability the rules
allow could still change its result; otherwise it resolves on its own."""
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
def test_stans_ward_does_not_hold_the_check(make_driver):
    d = make_driver((800, 480))
    state = at_check(d, ("Larisa", "Stan", "Maria", "Dieter"), {"Stan": 10}, (1, 1))
    assert state.step != "check", "only Stan at Sanity 10: his ward changes no roll"


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

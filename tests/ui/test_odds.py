"""The odds box says what its numbers mean: the dice placed now, with
abilities only when they change it, and a tap explains them, with the chance
of every Marsonaut who fits in the event Bay."""
from __future__ import annotations

import dataclasses

import pytest

from .helpers import start_game


@pytest.mark.timeout(30)
def test_one_marsonaut_placed_says_one_die_and_the_tap_gives_the_full_bay(make_driver):
    d = make_driver((800, 480))
    start_game(d, crew=("Larisa", "Stan", "Maria", "Dieter"))
    d.tap("Broken Pipe")  # Cargo Bay 4, need 7
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(dataclasses.replace(m, sanity=5) for m in s.state.crew))
    d.frame()
    d.tap("Stan")
    d.tap("bay 4")
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "1 die" in shown and not any(t.startswith("best") for t in shown), shown
    d.tap("Odds")
    lines = d.app.dialog.lines
    assert any("the 1 die" in line and "reach 7" in line for line in lines), lines
    assert any(line.startswith("With every Marsonaut who fits there (4): 99%") for line in lines), lines


@pytest.mark.timeout(30)
def test_abilities_are_named_when_they_change_the_chance(make_driver):
    d = make_driver((800, 480))
    start_game(d, crew=("Larisa", "Stan", "Maria", "Dieter"))
    d.tap("Broken Pipe")
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(
        dataclasses.replace(m, sanity=10 if m.profile.short == "Larisa" else 5) for m in s.state.crew))
    d.frame()
    d.tap("Stan")
    d.tap("bay 4")
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert any(t.startswith("abilities ") for t in shown), shown

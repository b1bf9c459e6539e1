"""Texts that used to be cut or to overlap: the Setup screen's names and
Roles, a Knocked Out Marsonaut's line in the crew panel."""
from __future__ import annotations

import dataclasses

import pytest

from companion.ui import text

from .helpers import CREW, assert_no_overlaps
from .test_screens import SIZES, check_frame


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_setup_names_and_roles_do_not_overlap(make_driver, size):
    d = make_driver(size)
    for n in ("Larisa", "Jean-Louis", "Maria", "John"):
        d.tap(n)
    d.tap("Start")
    d.roll(3)
    check_frame(d, f"setup {size}")
    assert_no_overlaps(d, f"setup {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(30)
def test_knocked_out_marsonaut_fits(make_driver, size, monkeypatch):
    d = make_driver(size)
    for n in CREW:
        d.tap(n)
    d.tap("Start")
    for f in (6, 1, 3, 2, 3, 4, 5, 3, 3, 3):
        d.roll(f)
    d.tap("Broken Pipe")  # the day screen with the dashboard
    state = d.app.state
    crew = list(state.crew)
    crew[1] = dataclasses.replace(crew[1], health=0, knocked_out_day=28)
    ko_state = dataclasses.replace(state, crew=tuple(crew), day=28)
    monkeypatch.setattr(type(d.app.session), "state", property(lambda self: ko_state))
    cuts = text.STATS["cut"]
    d.frame()
    check_frame(d, f"KO {size}")
    assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-3:]}"
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "KO day 28" in shown

"""``companion log`` names an action's seat as the players know it (the screen
numbers players 1..N and shows their names; the log printed "seat 0")."""
from __future__ import annotations

import random

import pytest

from companion.cli import main
from companion.rules.contract import Action
from companion.session import Session

pytestmark = pytest.mark.timeout(60)


def test_the_log_prints_seat_names_not_indexes(tmp_path, capsys):
    db = tmp_path / "companion.sqlite3"
    players = [{"name": n, "colour": c} for n, c in (("Anna", "red"), ("Ben", "blue"), ("Cleo", "green"))]
    with Session.open(db) as s:
        s.new_game("mission-to-mars-2049", {"players": players})
        rng = random.Random(5)
        for _ in range(40):
            assert s.submit(s.game.random_action(s.state, rng)).accepted
        action = Action("build_h2o", {}, 1)
        s.log_refusal(action, s.game.check(s.state, action))  # as the screen keeps a refused tap
    assert main(["log", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "seat 0" not in out and "seat 1" not in out
    assert "Anna: roll(face=" in out
    assert "Ben: build_h2o()  [refused]" in out

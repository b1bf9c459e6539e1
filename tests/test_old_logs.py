"""Games logged by an earlier version still replay: a table's open game survives an update.

``tests/data/logs-d9be008.json.gz`` holds games played by the rules at commit d9be008 (each game's own
seeded random player: 3 games each, 2 to 4 players, up to 600 moves; a Race to Mars game among them buys an
Insight of a Starting card not entered, whose move then had no cost). Every logged move must be accepted
again, in order, by today's rules, leaving a state that keeps each game's invariants: a rule made stricter
without a way for the old moves is a game lost at resume ("cannot resume game 1", a tester's finding when the
Insight's cost came to be asked). A list of ``{"game", "options", "actions": [Action.to_json()]}``.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from companion.rules import get_game
from companion.rules.contract import Action

LOGS = Path(__file__).parent / "data" / "logs-d9be008.json.gz"


def _logs() -> list[dict]:
    with gzip.open(LOGS, "rt", encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("k", range(len(_logs())))
def test_a_game_logged_before_replays_move_by_move(k):
    log = _logs()[k]
    game = get_game(log["game"])
    state = game.new_game(log["options"])
    for seq, data in enumerate(log["actions"], 1):
        action = Action.from_json(data)
        rejection = game.check(state, action)
        assert rejection is None, f"{log['game']} move {seq} {data} refused on replay: {rejection}"
        state, _ = game.apply(state, action)
        assert not game.invariants(state), (seq, game.invariants(state))
    assert len(log["actions"]) > 200


def test_the_logs_hold_the_case_that_was_lost():
    """The Race to Mars move that replay had refused: an Insight not entered, bought without a cost."""
    found = []
    for log in _logs():
        if log["game"] != "race-to-mars":
            continue
        game = get_game("race-to-mars")
        state = game.new_game(log["options"])
        for data in log["actions"]:
            action = Action.from_json(data)
            if action.kind == "insight" and not state.insights[action.args["which"]].cost:
                found.append(data)
            state, _ = game.apply(state, action)
    assert found and all("cost" not in d for d in found)

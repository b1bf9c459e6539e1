"""``companion simulate`` (issue: N seeded games with random legal choices)."""
import json

import pytest

from companion.cli import main


@pytest.mark.timeout(60)
def test_simulate_json_reports_the_figures_and_is_deterministic(capsys):
    assert main(["simulate", "--game", "thirty-to-mars", "--games", "20", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert {"game", "games", "wins", "losses", "actions", "seconds", "actions_per_s"} <= first.keys()
    assert first["game"] == "thirty-to-mars" and first["games"] == 20
    assert first["wins"] + first["losses"] == 20 and first["actions"] > 20 * 100
    assert main(["simulate", "--games", "20", "--seed", "3", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["wins"], again["actions"]) == (first["wins"], first["actions"])


def test_simulate_unknown_game_is_a_clear_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "monopoly", "--games", "1"])
    assert exc.value.code == 2
    assert "invalid choice: 'monopoly'" in capsys.readouterr().err

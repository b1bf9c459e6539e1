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


@pytest.mark.parametrize("games", ["100000000000000000000", "1000001", "0", "-5"])
def test_simulate_refuses_a_count_of_games_out_of_range_before_playing(capsys, monkeypatch, games):
    """A tester's finding: `companion simulate --games 100000000000000000000` was taken and ran until killed, and
    --games 0 or -5 was said on standard output. 1 to 1,000,000 games (said in --help), else exit 2 at once."""
    from companion import cmd_simulate
    monkeypatch.setattr(cmd_simulate, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", games])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert "argument --games: the number of games is from 1 to 1,000,000" in captured.err and not captured.out


def test_simulate_says_its_ranges_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1 to 1,000,000" in out and "2 to 4 for race-to-mars" in out and "1 to 4 for thirty-to-mars" in out


@pytest.mark.parametrize("game,players,says", [("thirty-to-mars", "9", "30 to Mars is for 1 to 4 players, not 9"),
                                               ("race-to-mars", "1", "Race to Mars is for 2 to 4 players, not 1"),
                                               ("mission-to-mars-2049", "-1", "is for 2 to 4 players, not -1")])
def test_simulate_refuses_a_table_the_game_is_not_for_on_standard_error(capsys, monkeypatch, game, players, says):
    """--players out of the game's range was printed on standard output: standard error, exit 2, no game played."""
    from companion import cmd_simulate
    monkeypatch.setattr(cmd_simulate, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["simulate", "--game", game, "--players", players]) == 2
    captured = capsys.readouterr()
    assert "companion simulate: error: argument --players: " in captured.err and says in captured.err
    assert not captured.out

"""``companion status`` and ``companion log`` through the real CLI entry point."""
from __future__ import annotations

import json
import random

import pytest

from companion.cli import main
from companion.session import Session, replay_export

pytestmark = pytest.mark.timeout(60)

OPTIONS = {"crew": ["larisa", "stan", "john", "maria"],
           "roles": ["Navigator", "Administrator", "Operator", "Coordinator"], "tutorial": False}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.sqlite3"


def _game(db, n: int | None, seed: int = 4, undo: int = 0):
    with Session.open(db) as s:
        s.new_game("thirty-to-mars", OPTIONS)
        rng = random.Random(seed)
        done = 0
        while (n is None or done < n) and not s.game.is_over(s.state):
            assert s.submit(s.game.random_action(s.state, rng)).accepted
            done += 1
        for _ in range(undo):
            assert s.undo().accepted
        return s.state


def test_status_without_a_game(db, capsys):
    assert main(["status", "--db", str(db)]) == 0
    assert "No game in progress." in capsys.readouterr().out
    assert not db.exists()  # looking does not create the file
    assert main(["status", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"game": None, "notice": None}


def test_log_without_a_game(db, capsys):
    assert main(["log", "--db", str(db)]) == 0
    assert "No game in progress." in capsys.readouterr().out
    assert main(["log", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == []


def test_status_human(db, capsys):
    _game(db, 15)
    assert main(["status", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("30 to Mars (game 1): in progress, 15 actions since ")
    assert "Phase: " in out and "resources:" in out and "Larisa" in out


def test_status_json(db, capsys):
    state = _game(db, 10)
    assert main(["status", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    with Session.open(db) as s:
        game = s.game
        assert data["game"] == "thirty-to-mars" and data["title"] == "30 to Mars"
        assert data["status"] == "open" and data["actions"] == 10 and data["result"] is None
        assert data["phase"] == game.phase(state)
        assert data["summary"] == json.loads(json.dumps(game.summary(state)))
        expect = game.expects(state)
        assert data["expects"] == (None if expect is None else
                                   {"kind": expect.kind, "purpose": expect.purpose, "detail": expect.detail,
                                    "faces": list(expect.faces)})
        assert data["to_act"] == {"seats": ["The crew"], "mode": "table", "label": game.to_act(state).label}
        assert data["options"] == OPTIONS and data["can_undo"] and not data["can_redo"]


def test_status_of_a_finished_game(db, capsys):
    _game(db, None)
    assert main(["status", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "over" and data["result"]["code"] in ("won", "lost")
    assert data["result"]["winners"] == (["The crew"] if data["result"]["code"] == "won" else [])
    assert main(["status", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert ": over, " in out and data["result"]["sentence"] in out


def test_log_human_marks_undone_and_shows_events(db, capsys):
    _game(db, 12, undo=2)
    assert main(["log", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "30 to Mars: 10 actions, 2 undone (can be redone)"  # as status counts them
    action_lines = [line for line in lines[1:] if not line.startswith("        ")]
    assert len(action_lines) == 12
    assert action_lines[0].split()[0] == "1" and action_lines[0].split()[1].startswith("roll(face=")
    assert [line.endswith("[undone]") for line in action_lines] == [False] * 10 + [True] * 2
    assert "starts with Sanity" in lines[2]  # the first setup roll's event text


def test_log_json_is_the_export(db, capsys):
    state = _game(db, 40, undo=3)
    assert main(["log", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "thirty-to-mars" and len(data["actions"]) == 40
    assert replay_export(data) == state


@pytest.mark.parametrize("command", ["status", "log", "games"])
def test_damaged_file_is_reported_and_left_where_it_is(db, capsys, command):
    """Only the damage is said: not "No game in progress.", which a file that cannot be read may not mean."""
    db.write_bytes(b"this is not sqlite at all" * 100)
    assert main([command, "--db", str(db)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "damaged" in captured.err, captured
    assert not any(p.name.startswith("companion.sqlite3.damaged-") for p in db.parent.iterdir())


def test_games_lists_every_stored_game_and_log_reopens_any_by_id(db, capsys):
    _game(db, 6, seed=1)       # abandoned by the next one
    _game(db, 4, seed=2)
    assert main(["games", "--db", str(db), "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [(g["id"], g["status"], g["actions"]) for g in games] == [(1, "abandoned", 6), (2, "open", 4)]
    assert main(["log", "--db", str(db), "--id", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "abandoned" and len(data["actions"]) == 6
    assert main(["status", "--db", str(db), "--id", "1"]) == 0
    assert "(game 1): abandoned, 6 actions" in capsys.readouterr().out
    assert main(["status", "--db", str(db), "--id", "9"]) == 2
    assert main(["status", "--db", str(db), "--game", "thirty-to-mars", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == 2
    with Session.open(db) as s:  # looking did not change which game is resumed
        assert s.record.id == 2


@pytest.mark.parametrize("game_id", ["0", "-1", "99999999999999999999999"])
def test_an_id_that_names_no_game_is_said_not_raised(db, capsys, game_id):
    """A tester's finding: a 23-digit id ended in an OverflowError traceback."""
    _game(db, 3)
    assert main(["status", "--db", str(db), "--id", game_id]) == 2
    assert f"there is no stored game {game_id}" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["status", "log", "games"])
def test_a_db_path_that_names_no_file_is_said(tmp_path, capsys, command):
    """A mistyped --db printed only "No game in progress.", as for a machine with no game yet: still no
    game (exit 0), and standard error says there is no such file."""
    missing = tmp_path / "missing.sqlite3"
    assert main([command, "--db", str(missing)]) == 0
    captured = capsys.readouterr()
    assert f"there is no saved games file {missing} (yet)" in captured.err and "No " in captured.out
    assert not missing.exists()


@pytest.mark.parametrize("game_id,players", [("mission-to-mars-2049", 3), ("race-to-mars", 3)])
def test_status_of_a_game_in_play_is_read_a_fact_a_line(tmp_path, capsys, game_id, players):
    """A tester's finding: Mission to Mars 2049's ``status`` printed each player on one line of about 900
    characters, and Race to Mars's said its phase twice ("Phase: 2.3 Exchange ... - Player 3: 2.3 Exchange
    ..."), and again in the body with the game and the seat to act as a number. A player too long for a line is
    a block, a fact a line; the phase is said once; ``--json`` keeps the whole summary."""
    import random

    from companion.rules import get_game
    from companion.session import Session
    path = tmp_path / "g.sqlite3"
    game = get_game(game_id)
    with Session.open(path) as s:
        s.new_game(game_id, game.default_options(players, 1))
        rng = random.Random(1)
        while s.seq < 150 and not game.is_over(s.state):
            assert s.submit(game.random_action(s.state, rng)).accepted
        phase = game.phase(s.state)
    assert main(["status", "--db", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in out) <= 120, max(out, key=len)
    assert out[1].count(str(phase)) == 1, out[1]
    assert sum(str(phase) in line for line in out) == 1, "the phase said again in the body (\"phase: ...\")"
    assert not any(line.startswith(("game:", "to act:", "step:", "current:")) for line in out), "the header said them"
    if game_id == "race-to-mars":  # counted as the table counts them (a tester's finding: "pad: 0")
        assert "    launch pad: 1" in out and not any(line.strip().startswith("pad:") for line in out)
    if game_id == "mission-to-mars-2049":  # its own words (test_status_of_mission_to_mars_2049_is_a_summary)
        return
    first = out.index("  - name: Player 1")
    assert out[first + 1].startswith("    ") and ": " in out[first + 1]  # its facts below it, indented


def test_status_of_mission_to_mars_2049_is_a_summary_of_where_the_game_stands(tmp_path, capsys):
    """A tester's finding: Mission to Mars 2049's ``status`` printed the rules' summary a key a line, about
    45 lines a player ("tokens3: air: 0, food: 0, minerals: 0", each of the five Bases "standing: no" with
    "stations: none"). It says where the game stands in a few lines a player, in the rulebook's words: points
    and trade rate, cards and tokens, each Base that stands with what is built at it, the Road, the H2O
    Station and the Mission Cards; then the Game Bank and the Mission Card piles. ``--json`` keeps the
    summary whole."""
    from companion.rules import get_game
    from companion.rules.contract import Action
    path = tmp_path / "g.sqlite3"
    game = get_game("mission-to-mars-2049")
    with Session.open(path) as s:
        s.new_game("mission-to-mars-2049", game.default_options(3, 1))
        for face in (1, 2):  # Player 1 rolls Air and starts, then Food: 2 Air, 3 Food, 2 Minerals
            assert s.submit(Action("roll", {"face": face}, 0)).accepted
        assert s.submit(Action("build_station", {"resource": "air", "base": 1}, 0)).accepted
    assert main(["status", "--db", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) <= 4 + 2 + 3 * 4 + 2, "\n".join(out)
    assert max(len(line) for line in out) <= 100, max(out, key=len)
    assert "Player 1 (starting point 1): 7 tournament points, trades 4:1" in out, out
    assert "  cards: 2 Air, 1 Food, 0 Minerals; tokens: none; Road cards: 0" in out, out
    assert "  Base 1: 2 Air Stations, Food Station, Mineral Station" in out, out
    assert "  Road: not built; H2O Station: not built; Mission Cards held: 0 Peaceful, 0 Aggressive (0 bought)" \
        in out, out
    assert any(line.startswith("Game Bank: ") for line in out) and any(line.startswith("Mission Card piles: 15 "
                                                                                      "Peaceful, 15 Aggressive")
                                                                      for line in out), out
    assert not any(x in line for line in out for x in ("tokens3", "standing", "stations: none")), out
    assert main(["status", "--db", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["players"][0]["buildings"]["1"]["standing"] is True


def test_status_of_30_to_mars_says_its_step_once(tmp_path, capsys):
    """A tester's finding: the header's step was said again in the body ("step: place")."""
    import random

    from companion.rules import get_game
    from companion.session import Session
    path = tmp_path / "g.sqlite3"
    game = get_game("thirty-to-mars")
    with Session.open(path) as s:
        s.new_game("thirty-to-mars", game.default_options(None, 1))
        rng = random.Random(3)
        while s.seq < 60:
            assert s.submit(game.random_action(s.state, rng)).accepted
    assert main(["status", "--db", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("Phase: ") and not any(line.startswith("step:") for line in out), out[:4]


def test_status_of_30_to_mars_says_the_choice_the_table_must_make(tmp_path, capsys):
    """A tester's finding: with a choice to make (a card's "lose 2 of any resource"), ``companion status`` said
    only "pending: lose". It says the choice in words, as the screen asks it."""
    from companion.rules import get_game
    path = tmp_path / "g.sqlite3"
    game = get_game("thirty-to-mars")
    with Session.open(path) as s:
        s.new_game("thirty-to-mars", game.default_options(None, 1))
        rng = random.Random(5)
        while not (s.state.pending and s.state.pending[0].kind == "choose"):
            assert s.submit(game.random_action(s.state, rng)).accepted
            assert s.seq < 3000
        words = game.choice_text(s.state)
    assert words and main(["status", "--db", str(path)]) == 0
    assert f"choice: {words}" in capsys.readouterr().out.splitlines()


def test_status_of_30_to_mars_says_the_demanded_cards_still_to_draw(tmp_path, capsys):
    """A play tester's finding: ``companion status`` said "pending: none" while a card's failure still demanded
    cards (the log: "Draw a red card now (8 more demanded cards after it)"). "pending" says them, by colour, in
    the order they come (30-to-mars.txt, Event Cards 8: "Must Draw Red Card same turn"; Other symbols: Must Draw
    Yellow Card), after the rolls and choices still to make. A seeded game played with the rules' own moves."""
    from companion.rules import get_game
    from companion.rules.thirty_to_mars.queries import roll_purpose
    path = tmp_path / "g.sqlite3"
    game = get_game("thirty-to-mars")
    with Session.open(path) as s:
        s.new_game("thirty-to-mars", game.default_options(None, 0))
        rng = random.Random(0)
        while not (len(s.state.demand) > 1 and s.state.step == "draw" and not s.state.pending):
            assert s.submit(game.random_action(s.state, rng)).accepted
            assert s.seq < 3000
        demand = s.state.demand
    assert demand == ("yellow", "red")  # the seeded game: a green card's failure demands a yellow and a red card
    assert main(["status", "--db", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "pending: draw 1 yellow card now (demanded: Must Draw Yellow Card), then 1 red card (demanded: Must " \
           "Draw Red Card)" in lines, lines
    with Session.open(path) as s:  # the yellow card drawn: a roll for it to come, then the red card
        while not (s.state.pending and s.state.pending[0].kind == "roll" and s.state.demand == ("red",)):
            assert s.submit(game.random_action(s.state, rng)).accepted
            assert s.state.demand, "the red card was drawn before any roll of the yellow one"
        first = roll_purpose(s.state, s.state.pending[0])
    assert main(["status", "--db", str(path), "--json"]) == 0
    pending = json.loads(capsys.readouterr().out)["summary"]["pending"]
    assert pending[-1] == "then 1 red card (demanded: Must Draw Red Card)" and pending[0].startswith("roll: "), pending
    assert pending[0] == f"roll: {first}", pending


def test_status_during_the_setup_says_what_is_set_so_far(db, capsys):
    """A tester's finding: ``companion status`` before Day 1 said "day: 0" and every Marsonaut at Health 0
    and Sanity 0. The rules' summary says the setup (before Day 1, how many of its 10 rolls are in) and
    what is set so far, "not rolled yet" for the rest (30-to-mars.txt, Setup 5 and 6)."""
    from companion.rules.contract import Action
    with Session.open(db) as s:
        s.new_game("thirty-to-mars", OPTIONS)
        for face in (6, 1, 3):  # Larisa Sanity 10, Health 5; Stan Sanity 7
            assert s.submit(Action("roll", {"face": face})).accepted
    assert main(["status", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "setup: before Day 1: 3 of 10 rolls made" in out, out
    assert not any(x in out for x in ("day: 0", "health: 0", "sanity: 0", "dice:", "event:")), out
    assert "  - name: Larisa, role: Navigator, sanity: 10, health: 5" in lines, out
    assert "  - name: Stan, role: Administrator, sanity: 7, health: not rolled yet" in lines, out
    assert "accident days: not rolled yet (Setup 6)" in lines, out
    assert max(len(line) for line in lines) <= 120, max(lines, key=len)
    assert main(["status", "--db", str(db), "--json"]) == 0
    crew = json.loads(capsys.readouterr().out)["summary"]["crew"]
    assert [m["health"] for m in crew] == [5, "not rolled yet", "not rolled yet", "not rolled yet"]
    with Session.open(db) as s:
        for face in (2, 3, 4, 5, 3, 3, 3):  # the rest of Setup 5, then the Accident days 3 and 27
            assert s.submit(Action("roll", {"face": face})).accepted
    assert main(["status", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "setup:" not in out and "accident days: 3, 15, 27" in out, out

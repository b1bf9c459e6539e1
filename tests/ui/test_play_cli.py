"""``companion play`` without a display says how to run it in one sentence and exits 1."""
import os
import subprocess
import sys

import pytest


@pytest.mark.timeout(30)
def test_no_display_one_sentence(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3")],
                       env=env, capture_output=True, text=True, timeout=25)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    assert "SDL_VIDEODRIVER" in r.stderr and "display" in r.stderr


@pytest.mark.timeout(30)
def test_set_mode_failure_is_one_sentence(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="no-such-driver")
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                        "--hw", "none", "--die", "none"], env=env, capture_output=True, text=True, timeout=25)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and "needs a display" in r.stderr


@pytest.mark.parametrize("game,says", [("monopoly", "unknown game 'monopoly'"), ("Race-To-Mars", "unknown game")])
def test_a_game_that_cannot_be_played_is_refused_at_start(game, says, capsys, tmp_path):
    from companion.cli import main
    assert main(["play", "--game", game, "--db", str(tmp_path / "never-created.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert says in err and "thirty-to-mars" in err


@pytest.mark.timeout(30)
def test_a_display_that_is_not_there_is_said_not_run_unseen(tmp_path):
    """A tester's finding: with ``DISPLAY`` naming no X server (a stale one in a terminal), SDL fell back to its
    ``offscreen`` driver and the companion ran unseen for ever, saying nothing. It says which display to check and
    exits 1."""
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["DISPLAY"] = ":4711"  # no X server there
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"), "--hw", "none",
                        "--die", "none"], env=env, capture_output=True, text=True, timeout=25)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert "DISPLAY=':4711'" in r.stderr and "offscreen" in r.stderr, r.stderr

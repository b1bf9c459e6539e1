"""companion die / die-sim / buttons, run as a user would (subprocesses on real ptys)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from companion import cmd_hw

CMD = [sys.executable, "-m", "companion"]
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def test_register_adds_the_three_subcommands():
    parser = argparse.ArgumentParser()
    cmd_hw.register(parser.add_subparsers(dest="command"))
    for argv in (["die", "--port", "auto", "--count", "2", "--json"], ["die-sim", "--interval", "0.5", "--noise"],
                 ["buttons", "--config", "x.toml"]):
        args = parser.parse_args(argv)
        assert callable(args.func)
    assert parser.parse_args(["die"]).port == "auto"


@pytest.mark.timeout(15)
def test_die_sim_path_on_first_line_and_die_json_reads_its_rolls():
    sim = subprocess.Popen([*CMD, "die-sim", "--interval", "0.05", "--seed", "7", "--noise", "--checksum"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=ENV)
    try:
        path = sim.stdout.readline().strip()
        assert path.startswith("/dev/pts/") and os.path.exists(path)
        out = subprocess.run([*CMD, "die", "--port", path, "--count", "3", "--json"],
                             capture_output=True, text=True, timeout=10, env=ENV)
        assert out.returncode == 0, out.stderr
        lines = [json.loads(x) for x in out.stdout.splitlines()]
        assert lines[0]["event"] == "connected"
        rolls = [x for x in lines if x["event"] == "roll"]
        assert len(rolls) == 3 and all(1 <= x["face"] <= 6 for x in rolls)
        summary = lines[-1]
        assert summary["event"] == "summary" and summary["rolls"] == 3
        assert sum(summary["errors"].values()) >= 1  # --noise: a burst before every roll
        sim.stdin.write("4\n")  # Enter with a face rolls that face
        sim.stdin.flush()
        seen = []
        while "ROLL 4" not in seen and len(seen) < 100:  # auto-rolls may come first
            seen.append(sim.stdout.readline().strip())
        assert seen[-1] == "ROLL 4"
    finally:
        sim.terminate()
        sim.wait(5)


@pytest.mark.timeout(10)
def test_buttons_without_gpio_says_so_and_points_to_mock():
    env = {**ENV, "GPIOZERO_PIN_FACTORY": "no-such-factory"}
    out = subprocess.run([*CMD, "buttons"], capture_output=True, text=True, timeout=8, env=env)
    assert out.returncode == 1
    assert "no usable GPIO" in out.stderr and "--mock" in out.stderr


@pytest.mark.timeout(10)
def test_buttons_mock_from_the_keyboard(tmp_path):
    cfg = tmp_path / "b.toml"
    cfg.write_text("hold_time = 0.1\n")
    out = subprocess.run([*CMD, "buttons", "--mock", "--config", str(cfg)], input="nB\nb\n",
                         capture_output=True, text=True, timeout=8, env=ENV)
    assert out.returncode == 0, out.stderr
    rows = [line.split()[1:] for line in out.stdout.splitlines()]
    assert rows == [["next", "press", "->", "next"], ["next", "release"], ["back", "press"],
                    ["back", "hold", "->", "redo"], ["back", "release"], ["back", "press"],
                    ["back", "release", "->", "back"]]


@pytest.mark.timeout(10)
def test_buttons_with_a_pin_that_is_no_pin_is_a_bad_config_not_no_gpio(tmp_path):
    """A tester's finding: next = -5 ended in a traceback saying "no GPIO here ... use GPIOZERO_PIN_FACTORY=mock"
    although --mock was in use. It is the file's fault: "bad config", exit 2, as for the other bad values."""
    cfg = tmp_path / "b.toml"
    cfg.write_text("[pins]\nnext = -5\n")
    out = subprocess.run([*CMD, "buttons", "--mock", "--config", str(cfg)], input="q\n",
                         capture_output=True, text=True, timeout=8, env=ENV)
    assert out.returncode == 2 and "bad config: pins.next" in out.stderr and "Traceback" not in out.stderr, out


@pytest.mark.timeout(15)
def test_die_says_another_program_holds_the_die_not_plug_it_in():
    """A hostile tester's finding: ``companion die`` on a die the companion held said "waiting - plug it in"."""
    from hw.die import DieReader
    from hw.mock import DieSimulator
    with DieSimulator(seed=1) as die:
        holder = DieReader(lambda e: None, port=die.path)
        holder.start()
        proc = None
        try:
            while not holder.status().connected:
                pass
            proc = subprocess.Popen([*CMD, "die", "--port", die.path], stderr=subprocess.PIPE, text=True, env=ENV)
            line = proc.stderr.readline()
            assert "another program has it open" in line and "plug it in" not in line, line
        finally:
            holder.stop()
            if proc is not None:
                proc.terminate()
                proc.wait(5)


@pytest.mark.timeout(15)
def test_die_sim_link_at_a_file_leaves_it_alone(tmp_path):
    """A hostile tester's finding: ``die-sim --link`` at a file that was there (a typo: the saved games file)
    replaced the file with the pty's symlink. It is left alone, and said."""
    kept = tmp_path / "precious.sqlite3"
    kept.write_text("precious")
    out = subprocess.run([*CMD, "die-sim", "--interval", "0", "--link", str(kept)], capture_output=True, text=True,
                         timeout=10, env=ENV, stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and "not a symlink" in out.stderr, (out.returncode, out.stderr)
    assert kept.read_text() == "precious" and not kept.is_symlink()

"""companion die / die-sim / buttons, run as a user would (subprocesses on real ptys)."""
from __future__ import annotations

import argparse
import json
import os
import select
import signal
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



def _end(sim: subprocess.Popen) -> None:
    """Kill die-sim where a test left it running (a failed assertion)."""
    if sim.poll() is None:
        sim.kill()
        sim.wait(5)


def _typed(sim: subprocess.Popen, keys: str, lines: int) -> bytes:
    """``keys`` written to die-sim's standard input in one write (it stays open), then what its pty sent, read
    while it runs (its pty's input goes when it quits) until ``lines`` lines came."""
    pty = os.open(sim.stdout.readline().strip(), os.O_RDONLY | os.O_NOCTTY)
    try:
        sim.stdin.write(keys)
        sim.stdin.flush()
        wire = b""
        while wire.count(b"\n") < lines:
            assert select.select([pty], [], [], 5)[0], f"only {wire!r} on the pty"
            wire += os.read(pty, 100)
        return wire
    finally:
        os.close(pty)

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
def test_die_on_a_path_that_is_no_serial_port_says_so_not_plug_it_in():
    """A play tester's finding: ``companion die --port /dev/null`` said "no die on /dev/null yet (Could not
    configure port: (25, ...)); waiting - plug it in". It says the path is not a serial port, with the system's
    words (ENOTTY), and keeps trying it."""
    proc = subprocess.Popen([*CMD, "die", "--port", "/dev/null"], stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        line = proc.stderr.readline()
        assert "/dev/null is not a serial port" in line and "Inappropriate ioctl for device" in line, line
        assert "plug it in" not in line and "Could not configure" not in line, line
    finally:
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


def _die_sim_with_link(link, stdout=subprocess.PIPE):
    """``die-sim --interval 0 --link LINK`` running, its pty made and linked; returns (process, pty path)."""
    sim = subprocess.Popen([*CMD, "die-sim", "--interval", "0", "--link", str(link)], stdin=subprocess.PIPE,
                           stdout=stdout, stderr=subprocess.PIPE, text=True, env=ENV)
    path = sim.stdout.readline().strip()
    assert path.startswith("/dev/pts/") and os.readlink(link) == path, (path, sim.stderr)
    return sim, path


@pytest.mark.timeout(20)
@pytest.mark.parametrize("way_out", ["q", "end of input", "SIGTERM", "SIGINT", "SIGHUP", "an error"])
def test_die_sim_takes_its_link_away_on_every_way_out(tmp_path, way_out):
    """A first-time tester's finding: the ``--link`` symlink stayed after die-sim quit, pointing at a pty that was
    gone; pty numbers are reused, so a later ``--die LINK`` opened another program's terminal (it happened: a
    test's die was taken by another app through a stale link). It goes on every way out."""
    link = tmp_path / "mars-die"
    sim, _path = _die_sim_with_link(link)
    try:
        if way_out == "q":
            sim.stdin.write("q\n")
            sim.stdin.close()
        elif way_out == "end of input":
            sim.stdin.close()
        elif way_out == "an error":  # nobody reads its output any more: the next roll's line fails (EPIPE)
            sim.stdout.close()
            sim.stdin.write("\n")  # stdin stays open: only the error ends it
            sim.stdin.flush()
        else:
            sim.send_signal(getattr(signal, way_out))
        sim.wait(10)
        assert not os.path.lexists(link), (way_out, sim.returncode, sim.stderr.read())
        assert sim.returncode == 0  # a broken pipe too: companion's main says 0, as for `| head`
    finally:
        _end(sim)
        if os.path.lexists(link):
            os.unlink(link)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("replacement", ["file", "symlink"])
def test_die_sim_leaves_what_replaced_its_link_alone(tmp_path, replacement):
    """die-sim takes away only the link it made: a file or another symlink put at its place stays."""
    link = tmp_path / "mars-die"
    sim, path = _die_sim_with_link(link)
    try:
        tmp = tmp_path / "new"
        if replacement == "file":
            tmp.write_text("someone else's")
        else:
            os.symlink("/dev/null", tmp)
        os.replace(tmp, link)
        sim.send_signal(signal.SIGTERM)
        assert sim.wait(10) == 0
        if replacement == "file":
            assert not link.is_symlink() and link.read_text() == "someone else's"
        else:
            assert os.readlink(link) == "/dev/null"
    finally:
        _end(sim)


@pytest.mark.timeout(20)
def test_die_sim_acts_on_every_line_given_at_once():
    """A tester's finding: lines pasted or piped at once ("3", "5", Enter) waited; only the first was acted on
    until more input came, since sys.stdin's buffer had taken them all and select saw nothing left to read."""
    sim = subprocess.Popen([*CMD, "die-sim", "--interval", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, env=ENV)
    try:
        wire = _typed(sim, "3\n5\n6\n", 3)  # one write; stdin stays open
        assert wire == b"ROLL 3\nROLL 5\nROLL 6\n"
        assert [sim.stdout.readline().strip() for _ in range(3)] == ["ROLL 3", "ROLL 5", "ROLL 6"]
        sim.stdin.write("q")  # the last line needs no newline
        sim.stdin.close()
        assert sim.wait(10) == 0
    finally:
        _end(sim)


@pytest.mark.timeout(20)
def test_die_sim_refuses_a_line_its_help_does_not_name_and_rolls_nothing():
    """A first-time tester's finding: ``9`` or ``ROLL 7`` then Enter rolled a random face into a game. Only
    what the help names rolls (Enter alone, 1..6); any other line is one line on stderr and nothing on the pty."""
    helps = subprocess.run([*CMD, "die-sim", "--help"], capture_output=True, text=True, timeout=10, env=ENV)
    assert "any other line is refused on stderr and rolls nothing" in " ".join(helps.stdout.split())
    sim = subprocess.Popen([*CMD, "die-sim", "--interval", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        wire = _typed(sim, "9\nROLL 7\n0\nrol\n4\n\n", 2)  # a roll of a refused line would come before the 4
        sim.stdin.write("q\n")
        sim.stdin.close()
        assert sim.wait(10) == 0
        face = int(wire.split(b"\n")[1].removeprefix(b"ROLL "))
        assert wire == b"ROLL 4\nROLL %d\n" % face and 1 <= face <= 6, wire  # the 4, then Enter alone: no more
        assert sim.stdout.read().splitlines() == ["ROLL 4", f"ROLL {face}"]
        refused = [x for x in sim.stderr.read().splitlines() if "is not a command" in x]
        assert [x.split("'")[1] for x in refused] == ["9", "roll 7", "0", "rol"], refused
        assert all("nothing rolled" in x for x in refused)
    finally:
        _end(sim)

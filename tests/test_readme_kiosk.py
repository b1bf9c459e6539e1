"""What the README says about the Pi kiosk agrees with systemd/INSTALL.md (checked on a Pi), the unit and the code."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.test_systemd_unit import UNIT, needs_analyze, unit_settings

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
INSTALL = REPO / "systemd" / "INSTALL.md"
UNIT_PROGRAM = unit_settings(UNIT.read_text(encoding="utf-8"))["Service.ExecStart"][0].split()[0]


def section(title: str) -> str:
    """The README's text under the heading ``title`` (any level) to the next heading, whitespace made single."""
    text = README.read_text(encoding="utf-8")
    start = re.search(rf"^#+ {re.escape(title)}$", text, re.M)
    assert start, f"no section {title!r} in the README"
    end = re.search(r"^#+ ", text[start.end():], re.M)
    return " ".join((text[start.end():start.end() + end.start()] if end else text[start.end():]).split())


def hand_checks(doc: Path) -> set[str]:
    """The shell lines of ``doc`` that run ``companion buttons`` or ``companion die`` as the user mars."""
    lines = (line.split("#")[0].strip() for line in doc.read_text(encoding="utf-8").splitlines())
    return {x for x in lines if "sudo -u mars" in x and re.search(r"companion (buttons|die)$", x)}


def test_the_hand_checks_run_as_the_service_would():
    """A first-time tester's finding: the README's "Check the result" ran ``sudo -u mars .../companion buttons``
    from the caller's folder (lgpio makes its FIFO in the working directory) and without the service's
    ``XDG_CONFIG_HOME=/etc`` (its buttons.toml), unlike INSTALL.md, which was checked on a Pi."""
    env = dict(v.split("=", 1) for v in unit_settings(UNIT.read_text(encoding="utf-8"))["Service.Environment"])
    assert env["XDG_CONFIG_HOME"] == "/etc"
    readme, install = hand_checks(README), hand_checks(INSTALL)
    assert len(readme) == 2 and readme == install, (readme, install)
    assert all(x.startswith("cd /tmp && sudo -u mars env XDG_CONFIG_HOME=/etc ") for x in readme), readme


def test_the_buttons_file_is_named_where_each_applies(monkeypatch):
    """The README's Buttons named only ``~/.config/mars-companion/buttons.toml``; under the service (whose unit
    sets ``XDG_CONFIG_HOME=/etc``) the app reads ``/etc/mars-companion/buttons.toml``. Both are named."""
    from hw.buttons import default_config_path
    buttons = section("Buttons")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/etc")
    assert f"`{default_config_path()}`" in buttons
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", "/home/pi")
    assert default_config_path() == Path("/home/pi/.config/mars-companion/buttons.toml")
    assert "`~/.config/mars-companion/buttons.toml`" in buttons


def test_what_the_readme_says_of_the_json_log_is_what_the_commands_do():
    """A first-time tester's finding: the README called ``companion log --json`` "an export that replays", but no
    command reads it back. It says what the export is for, what replays it, and how to restore games instead."""
    from companion import session
    from companion.cli import COMMANDS
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "an export that replays" not in text
    assert "`companion.session.replay_export` replays it" in text and callable(session.replay_export)
    assert not {"import", "restore", "load"} & set(COMMANDS), "a command loads exports now: say so in the README"
    assert "no `companion` command loads it back into a database" in text
    assert 'sqlite3 companion.sqlite3 ".backup copy.sqlite3"' in text and "To restore, stop the app" in text


def test_the_readme_says_how_to_look_at_the_kiosks_game():
    """A first-time tester's finding: on the Pi, ``companion status`` and ``log`` read the caller's own database,
    and the kiosk's games are in the unit's StateDirectory (user mars, 0700): the README gives the command."""
    from companion.paths import DB_NAME
    unit = unit_settings(UNIT.read_text(encoding="utf-8"))
    program = unit["Service.ExecStart"][0].split()[0]
    state = Path("/var/lib") / unit["Service.StateDirectory"][0]
    assert unit["Service.User"] == ["mars"] and unit["Service.StateDirectoryMode"] == ["0700"]
    command = f"sudo -u mars {program} status --db {state / DB_NAME}"
    assert command in README.read_text(encoding="utf-8").splitlines(), command


def _block_after(marker: str) -> str:
    """The first fenced ``sh`` block of the README after the text ``marker``."""
    text = README.read_text(encoding="utf-8")
    start = text.index(marker)
    return re.search(r"```sh\n(.*?)```", text[start:], re.S).group(1)


@needs_analyze
@pytest.mark.timeout(60)
def test_the_readmes_way_to_verify_the_unit_off_a_pi_works(tmp_path):
    """A first-time tester's finding: ``systemd-analyze verify systemd/companion.service`` exits 1 off a Pi (the
    program in ExecStart= is not there), and the README did not say how to verify the unit there. Its recipe,
    run as written, says nothing and exits 0; the plain command fails as the README says."""
    script = _block_after("systemd-analyze verify` also checks")
    env = dict(os.environ, TMPDIR=str(tmp_path))
    out = subprocess.run(["bash", "-c", script], cwd=REPO, env=env, capture_output=True, text=True, timeout=50)
    assert out.returncode == 0 and out.stderr == "" and out.stdout == "exit 0\n", out
    assert list(tmp_path.iterdir()) == []  # the throw-away root is gone
    if not Path(UNIT_PROGRAM).exists():  # off a Pi
        plain = subprocess.run(["systemd-analyze", "verify", "systemd/companion.service"], cwd=REPO,
                               capture_output=True, text=True, timeout=50)
        assert plain.returncode == 1 and f"Command {UNIT_PROGRAM} is not executable" in plain.stderr, plain
        assert f'("Command {UNIT_PROGRAM} is not executable")' in section("On a Raspberry Pi (kiosk)")


def test_the_quick_starts_unseen_run_turns_the_control_channel_on():
    """A first-time tester's finding: the Quick start said ``SDL_VIDEODRIVER=dummy ./run.sh play`` runs "driven by
    the control channel", which is off unless COMPANION_CONTROL names its socket, said only under Tests."""
    from companion.ui import control
    quick = section("Quick start")
    assert f"`SDL_VIDEODRIVER=dummy {control.ENV}=/tmp/companion.sock ./run.sh play --hw mock`" in quick
    assert f"the channel is off unless `{control.ENV}` names its socket" in quick

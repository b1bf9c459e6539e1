"""systemd/companion.service: systemd accepts it, and its sandbox scores as safe.

Needs ``systemd-analyze`` (Debian package ``systemd``; present on this CI
machine and on Raspberry Pi OS). It runs offline: no running systemd, no
``mars`` user and no /opt/mars-companion are needed.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
UNIT = REPO / "systemd" / "companion.service"
UDEV_RULE = REPO / "systemd" / "99-mars-die.rules"
INSTALL_SH = REPO / "systemd" / "install.sh"
MAX_EXPOSURE = 2.0

pytestmark = pytest.mark.timeout(60)

SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    SYSTEMD_ANALYZE is None,
    reason="systemd-analyze not installed (apt-get install -y systemd)")


def unit_settings(text: str) -> dict[str, list[str]]:
    """``"Section.Key" -> [values in order]`` (keys may repeat in unit files)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


@pytest.fixture(scope="module")
def unit() -> dict[str, list[str]]:
    return unit_settings(UNIT.read_text(encoding="utf-8"))


def one(unit: dict[str, list[str]], key: str) -> str:
    values = unit.get(key, [])
    assert len(values) == 1, f"{key}: expected exactly one value, got {values}"
    return values[0]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SYSTEMD_ANALYZE, *args], capture_output=True, text=True, timeout=50)


# --- what systemd says -------------------------------------------------------

@needs_analyze
@pytest.mark.timeout(60)
def test_security_exposure_is_at_most_2():
    out = _run("security", "--offline=true", f"--threshold={int(MAX_EXPOSURE * 10)}", str(UNIT))
    text = out.stdout + out.stderr
    match = re.search(r"Overall exposure level for companion\.service:\s*([0-9]+(?:\.[0-9]+)?)", text)
    assert match, f"no overall exposure in systemd-analyze output:\n{text}"
    score = float(match.group(1))
    assert score <= MAX_EXPOSURE, f"exposure {score} > {MAX_EXPOSURE}:\n{text}"
    assert out.returncode == 0, text  # --threshold: non-zero above 2.0


def _verify_root(tmp_path: Path, unit_text: str) -> Path:
    """A throw-away root for ``systemd-analyze verify --root``.

    It holds the distribution's unit files (targets the unit hooks into), the
    unit under test in /etc/systemd/system, and a stub for the ExecStart
    binary so that verify can check it is executable. The unit file itself
    is copied unchanged.
    """
    root = tmp_path / "root"
    for candidate in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")):
        if (candidate / "multi-user.target").exists():
            shutil.copytree(candidate, root / "usr/lib/systemd/system", symlinks=True)
            break
    else:
        raise AssertionError("systemd's own unit files (multi-user.target) are missing: apt-get install systemd")
    etc = root / "etc/systemd/system"
    etc.mkdir(parents=True)
    (etc / "companion.service").write_text(unit_text, encoding="utf-8")
    for line in unit_text.splitlines():
        if line.startswith(("ExecStart=", "ExecStartPre=", "ExecStop=")):
            binary = line.split("=", 1)[1].split()[0].lstrip("-@:+!")
            stub = root / binary.lstrip("/")
            stub.parent.mkdir(parents=True, exist_ok=True)
            stub.write_text("#!/bin/sh\nexit 0\n")
            stub.chmod(0o755)
    return root


@needs_analyze
@pytest.mark.timeout(60)
def test_verify_is_clean(tmp_path):
    root = _verify_root(tmp_path, UNIT.read_text(encoding="utf-8"))
    out = _run("verify", f"--root={root}", str(root / "etc/systemd/system/companion.service"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout + out.stderr == "", "systemd-analyze verify printed warnings:\n" + out.stdout + out.stderr


@needs_analyze
@pytest.mark.timeout(60)
def test_verify_harness_does_see_mistakes(tmp_path):
    """The check above is not vacuous: the same harness reports a bad key."""
    broken = UNIT.read_text(encoding="utf-8").replace("[Service]\n", "[Service]\nWatchdogSeconds=15\n", 1)
    root = _verify_root(tmp_path, broken)
    out = _run("verify", f"--root={root}", str(root / "etc/systemd/system/companion.service"))
    assert "WatchdogSeconds" in out.stdout + out.stderr


# --- what the design asks of the unit -----------------------------------------

def test_notify_with_watchdog_and_restart(unit):
    assert one(unit, "Service.Type") == "notify"
    assert one(unit, "Service.NotifyAccess") == "main"
    assert one(unit, "Service.WatchdogSec")
    assert one(unit, "Service.Restart") == "always"
    assert one(unit, "Service.KillSignal") == "SIGTERM"
    assert int(one(unit, "Unit.StartLimitBurst")) >= 1  # crash loops give up
    assert one(unit, "Service.ExecStart") == (
        "/opt/mars-companion/venv/bin/companion play --hw auto --die auto --fullscreen")


def test_unprivileged_user_in_the_device_groups(unit):
    assert one(unit, "Service.User") not in ("", "root", "0")
    groups = set(" ".join(unit["Service.SupplementaryGroups"]).split())
    assert {"video", "render", "input", "dialout", "gpio"} <= groups
    assert unit.get("Service.PrivateUsers", ["no"]) == ["no"], "PrivateUsers= unmaps the device groups"


def test_devices_stay_reachable(unit):
    assert one(unit, "Service.DevicePolicy") == "closed"
    allowed = {v.split()[0] for v in unit["Service.DeviceAllow"]}
    assert {"char-drm", "char-input", "char-ttyACM", "char-ttyUSB", "char-gpiochip"} <= allowed
    assert unit.get("Service.PrivateDevices", ["no"]) == ["no"], "PrivateDevices= hides /dev/dri, /dev/input, ..."


def test_state_directory_matches_the_app(unit, monkeypatch):
    from companion import paths

    assert one(unit, "Service.StateDirectory") == "mars-companion"
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/mars-companion")
    assert paths.default_db_path() == Path("/var/lib/mars-companion") / paths.DB_NAME


def test_lgpio_notification_fifo_has_a_writable_home(unit):
    """lgpio's C side makes .lgd-nfy<N> in $LG_WD, its Python side opens it in the cwd."""
    env = dict(v.split("=", 1) for v in unit["Service.Environment"])
    workdir = one(unit, "Service.WorkingDirectory")
    assert env["LG_WD"] == workdir
    assert workdir == "/run/" + one(unit, "Service.RuntimeDirectory")


def test_bytecode_as_the_bench_measures_it_in_a_writable_cache(unit):
    """The kiosk runs -OO (issue 13, peak RSS), as ``companion bench`` measures the app and the
    end-to-end tests play it; its bytecode goes to the cache directory, the one place it may write."""
    from companion.ui.bench import KIOSK_ENV

    env = dict(v.split("=", 1) for v in unit["Service.Environment"])
    assert {k: env.get(k) for k in KIOSK_ENV} == KIOSK_ENV
    assert "PYTHONDONTWRITEBYTECODE" not in env
    cache = "/var/cache/" + one(unit, "Service.CacheDirectory")
    assert env["PYTHONPYCACHEPREFIX"].startswith(cache + "/")


def test_netlink_allowed_for_sdl_udev_input(unit):
    """SDL's evdev input needs libudev's netlink monitor; no IP families at all."""
    families = " ".join(unit["Service.RestrictAddressFamilies"]).split()
    assert set(families) == {"AF_UNIX", "AF_NETLINK"}
    assert one(unit, "Service.IPAddressDeny") == "any"
    # udev's hotplug broadcasts stay in the host network namespace
    assert unit.get("Service.PrivateNetwork", ["no"]) == ["no"]


def test_udev_rule_group_is_one_of_ours(unit):
    groups = set(" ".join(unit["Service.SupplementaryGroups"]).split())
    found = re.findall(r'GROUP\s*:?=\s*"([^"]+)"', UDEV_RULE.read_text(encoding="utf-8"))
    assert found and set(found) <= groups, f"udev rule groups {found} not in SupplementaryGroups {groups}"


@pytest.mark.timeout(60)
def test_install_script_parses():
    subprocess.run(["bash", "-n", str(INSTALL_SH)], check=True, timeout=30)
    if shutil.which("shellcheck"):
        subprocess.run(["shellcheck", str(INSTALL_SH)], check=True, timeout=50)

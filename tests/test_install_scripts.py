"""run.sh and systemd/install.sh take the install path that works on each
Raspberry Pi OS: the userland's architecture (``dpkg``, not ``uname``) and
the Python version pick pygame-ce's wheels or Debian's pygame, and lgpio
from a wheel, apt, or a sentence naming what to install; install.sh works
with no running systemd (an image build). Both scripts run for real in their
``--dry-run`` mode, with ``dpkg``, ``python3``, ``uname``, ``apt-cache``,
``ischroot`` and ``systemctl`` stubbed on PATH.

Also here: a failing pip shows pip's own error, the app runs on upstream
pygame 2.1 (Debian's python3-pygame, the armhf path), and a display SDL
cannot open is reported with SDL's reason and the one thing to check.

Needs, where present: ``shellcheck`` (Debian package ``shellcheck``) and
Debian's ``python3-pygame``; each test that needs one is skipped, saying
which package to install, when it is missing.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RUN_SH = REPO / "run.sh"
INSTALL_SH = REPO / "systemd" / "install.sh"
PLATFORM_SH = REPO / "systemd" / "platform.sh"

pytestmark = pytest.mark.timeout(60)


# --------------------------------------------------------------- the stubs
def _stub(bindir: Path, name: str, body: str) -> None:
    path = bindir / name
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(0o755)


def machine(tmp_path: Path, arch: str, pyver: str, kernel: str = "aarch64", apt_has: tuple[str, ...] = (),
            chroot: bool = False) -> dict[str, str]:
    """The environment of a machine whose userland is ``arch`` and whose
    ``python3`` says it is ``pyver`` (other calls run the real Python)."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    _stub(bindir, "dpkg", f'[ "$1" = --print-architecture ] && echo {arch} && exit 0; exit 1')
    _stub(bindir, "uname", f'[ "$1" = -m ] && echo {kernel} && exit 0; exec /bin/uname "$@"')
    _stub(bindir, "python3", f'case "$*" in *version_info*) echo {pyver}; exit 0;; esac\n'
                             f'exec "{sys.executable}" "$@"')
    cands = " ".join(apt_has)
    _stub(bindir, "apt-cache", f'for p in {cands or "-"}; do [ "$2" = "$p" ] && '
                               'printf "%s:\\n  Installed: (none)\\n  Candidate: 2.2-1\\n" "$p" && exit 0; done\n'
                               'printf "%s:\\n  Installed: (none)\\n  Candidate: (none)\\n" "$2"')
    _stub(bindir, "ischroot", "exit 0" if chroot else "exit 1")
    _stub(bindir, "systemctl", '[ "$1" = get-default ] && echo multi-user.target; exit 0')
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "COMPANION_PYGAME", "SYSTEMD_RUN_DIR")}
    env["PATH"] = f"{bindir}:{env.get('PATH', '/usr/bin:/bin')}"
    env["COMPANION_VENV"] = str(tmp_path / "venv")  # run.sh: a venv yet to be made
    return env


def run(cmd: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=50, cwd=REPO)


def install_dry(tmp_path: Path, *args: str, running: bool = False, **kw) -> subprocess.CompletedProcess[str]:
    env = machine(tmp_path, **kw)
    run_dir = tmp_path / "run-systemd-system"
    if running:
        run_dir.mkdir(exist_ok=True)
    env["SYSTEMD_RUN_DIR"] = str(run_dir)
    r = run(["bash", str(INSTALL_SH), "--dry-run", *args], env)
    assert r.returncode == 0, r.stderr + r.stdout
    return r


def pip_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if " -m pip install " in line and "--upgrade pip" not in line]


def apt_line(out: str) -> str:
    lines = [line for line in out.splitlines() if "apt-get install" in line]
    return lines[0] if lines else ""


# ------------------------------------------------------------------ run.sh
@pytest.mark.parametrize("arch", ["amd64", "arm64"])
def test_run_sh_takes_the_wheels_on_amd64_and_arm64(tmp_path, arch):
    r = run(["bash", str(RUN_SH), "--dry-run", "test"], machine(tmp_path, arch, "3.11"))
    assert r.returncode == 0, r.stderr
    assert f"{arch} userland, Python 3.11, pygame from pypi" in r.stderr
    assert "python3-pygame" not in r.stdout + r.stderr and "--system-site-packages" not in r.stdout
    assert [line.split("/venv/bin/")[-1] for line in pip_lines(r.stdout)] == ["python -m pip install -e .[test]"]


def test_run_sh_on_32_bit_pi_os_uses_debians_pygame_whatever_the_kernel(tmp_path):
    """32-bit Raspberry Pi OS on a 64-bit kernel: uname says aarch64, dpkg says armhf."""
    r = run(["bash", str(RUN_SH), "--dry-run", "test"], machine(tmp_path, "armhf", "3.11", kernel="aarch64"))
    assert r.returncode == 0, r.stderr
    assert "armhf userland, Python 3.11, pygame from debian" in r.stderr
    said = [line for line in r.stderr.splitlines() if "no pygame-ce wheel for armhf" in line]
    assert len(said) == 1 and "python3-pygame" in said[0]
    assert "python3-pygame" in apt_line(r.stdout)
    assert "+ python3 -m venv --system-site-packages " in r.stdout
    first, deps = pip_lines(r.stdout)
    assert first.endswith("pip install --no-deps -e .")
    assert "pygame" not in deps and "gpiozero>=2.0" in deps and "pyserial" in deps and "pytest>=8" in deps


def test_run_sh_refuses_a_python_older_than_3_11_in_one_sentence(tmp_path):
    r = run(["bash", str(RUN_SH), "--dry-run", "test"], machine(tmp_path, "arm64", "3.9"))
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "needs Python 3.11 or newer" in r.stderr and "3.9" in r.stderr


def test_run_sh_lets_the_user_force_debians_pygame(tmp_path):
    env = dict(machine(tmp_path, "amd64", "3.11"), COMPANION_PYGAME="debian")
    r = run(["bash", str(RUN_SH), "--dry-run", "test"], env)
    assert r.returncode == 0 and "pygame from debian" in r.stderr


# -------------------------------------------------------------- install.sh
def test_install_sh_help():
    r = subprocess.run(["bash", str(INSTALL_SH), "--help"], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0
    for flag in ("--no-start", "--pi", "--no-pi", "--image", "--dry-run"):
        assert flag in r.stdout
    assert "set -euo" not in r.stdout


@pytest.mark.parametrize("arch,pyver", [("amd64", "3.11"), ("arm64", "3.11"), ("arm64", "3.12")])
def test_install_sh_wheels_and_lgpio_wheel(tmp_path, arch, pyver):
    r = install_dry(tmp_path, "--pi", arch=arch, pyver=pyver)
    assert f"{arch} userland, Python {pyver}, pygame from pypi, lgpio from pypi" in r.stdout
    assert "python3-pygame" not in apt_line(r.stdout) and "python3-lgpio" not in apt_line(r.stdout)
    assert "--system-site-packages" not in r.stdout
    ours, again = pip_lines(r.stdout)
    assert ours.endswith(">[pi]") and again.endswith(">") and "--force-reinstall --no-deps" in again


def test_install_sh_on_armhf_debians_pygame_and_the_lgpio_wheel(tmp_path):
    r = install_dry(tmp_path, "--pi", arch="armhf", pyver="3.11")
    assert "armhf userland, Python 3.11, pygame from debian, lgpio from pypi" in r.stdout
    assert "python3-pygame" in apt_line(r.stdout)
    assert "venv --system-site-packages /opt/mars-companion/venv" in r.stdout
    deps, ours = pip_lines(r.stdout)
    assert "pygame" not in deps and "lgpio>=0.2" in deps and "gpiozero>=2.0" in deps
    assert "--force-reinstall --no-deps" in ours


def test_install_sh_python_3_13_takes_lgpio_from_apt_when_the_archive_has_it(tmp_path):
    """Raspberry Pi OS's own archive has python3-lgpio; lgpio has no 3.13 wheel."""
    r = install_dry(tmp_path, "--pi", arch="arm64", pyver="3.13", apt_has=("python3-lgpio",))
    assert "lgpio from debian" in r.stdout
    assert "python3-lgpio" in apt_line(r.stdout)
    assert "--system-site-packages" in r.stdout
    assert not any("[pi]" in line for line in pip_lines(r.stdout))


def test_install_sh_python_3_13_without_lgpio_anywhere_names_what_to_install(tmp_path):
    if shutil.which("swig") and Path("/usr/include/lgpio.h").exists():
        pytest.skip("this machine can build lgpio (swig and liblgpio-dev are installed)")
    r = install_dry(tmp_path, "--pi", arch="arm64", pyver="3.13")
    assert "lgpio from none" in r.stdout
    said = [line for line in r.stderr.splitlines() if "lgpio" in line]
    assert len(said) == 1 and "swig" in said[0] and "liblgpio-dev" in said[0] and "python3-lgpio" in said[0]
    assert not any("[pi]" in line for line in pip_lines(r.stdout))


def test_install_sh_no_pi_no_lgpio(tmp_path):
    r = install_dry(tmp_path, "--no-pi", arch="arm64", pyver="3.11")
    assert "lgpio not needed" in r.stdout and not any("[pi]" in line for line in pip_lines(r.stdout))


@pytest.mark.parametrize("chroot", [False, True])
def test_install_sh_without_running_systemd_only_enables(tmp_path, chroot):
    """An image build or a chroot: install and enable; reload, restart and udevadm only what runs."""
    r = install_dry(tmp_path, arch="arm64", pyver="3.11", running=chroot, chroot=chroot)
    assert "no running systemd" in r.stdout
    assert "+ systemctl enable companion.service" in r.stdout
    for absent in ("daemon-reload", "restart", "udevadm", "reset-failed"):
        assert absent not in r.stdout
    assert "+ install -D -m 0644" in r.stdout and "companion.service /etc/systemd/system/" in r.stdout


def test_install_sh_with_systemd_running_reloads_and_restarts(tmp_path):
    r = install_dry(tmp_path, arch="arm64", pyver="3.11", running=True)
    out = r.stdout
    assert "no running systemd" not in out
    for step in ("+ udevadm control --reload", "+ systemctl daemon-reload", "+ systemctl enable companion.service",
                 "+ systemctl restart companion.service"):
        assert step in out
    assert out.index("daemon-reload") < out.index("enable companion") < out.index("restart companion")
    r = install_dry(tmp_path, "--no-start", arch="arm64", pyver="3.11", running=True)
    assert "+ systemctl enable companion.service" in r.stdout and "restart" not in r.stdout


def test_install_sh_image_flag(tmp_path):
    r = install_dry(tmp_path, "--image", arch="armhf", pyver="3.11", running=True)
    assert "no running systemd" in r.stdout and "daemon-reload" not in r.stdout


def test_install_sh_refuses_old_python(tmp_path):
    env = machine(tmp_path, "armhf", "3.9")
    r = run(["bash", str(INSTALL_SH), "--dry-run"], env)
    assert r.returncode == 1 and "needs Python 3.11 or newer" in r.stderr


SHELLCHECK = shutil.which("shellcheck")


@pytest.mark.skipif(SHELLCHECK is None, reason="shellcheck not installed (apt-get install -y shellcheck)")
def test_scripts_pass_shellcheck():
    r = subprocess.run([SHELLCHECK, "-x", "run.sh", "systemd/install.sh", "systemd/platform.sh"],
                       cwd=REPO, capture_output=True, text=True, timeout=50)
    assert r.returncode == 0, r.stdout + r.stderr


# ------------------------------------------------------------------ pip's own error
def test_a_failing_install_shows_pips_own_error(tmp_path):
    """A package whose build fails (as pygame-ce's does on armhf without a
    compiler): the user sees the build's own words, not only the summary."""
    pkg = tmp_path / "needs-a-compiler"
    pkg.mkdir()
    (pkg / "setup.py").write_text("raise SystemExit('error: command \"cc\" failed: No such file or directory')\n")
    log = tmp_path / "pip.log"
    r = subprocess.run(["bash", "-c", f'. "{PLATFORM_SH}"; pip_logged "$@"', "-",
                        str(log), sys.executable, "--no-build-isolation", "--no-index", "--no-deps", str(pkg)],
                       capture_output=True, text=True, timeout=50)
    assert r.returncode == 1
    assert 'command "cc" failed' in r.stderr      # the reason, from inside pip's output
    assert "pip install" in r.stderr and str(log) in r.stderr
    assert 'command "cc" failed' in log.read_text()


# ------------------------------------------------------------ upstream pygame 2.1
def _debian_pygame() -> str | None:
    """A Python with Debian's (upstream, not -ce) pygame 2, or None."""
    for py in ("/usr/bin/python3",):
        if not os.path.exists(py):
            continue
        r = subprocess.run([py, "-c", "import pygame, json; print(json.dumps([pygame.version.ver, "
                                      "getattr(pygame, 'IS_CE', False)]))"],
                           capture_output=True, text=True, timeout=30,
                           env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=""))
        if r.returncode == 0:
            ver, ce = json.loads(r.stdout.strip().splitlines()[-1])
            if not ce and ver.startswith("2."):
                return py
    return None


DEBIAN_PY = _debian_pygame()
needs_debian_pygame = pytest.mark.skipif(
    DEBIAN_PY is None, reason="Debian's python3-pygame not installed (apt-get install -y python3-pygame)")


def pygame_names_used() -> set[str]:
    """Every ``pygame.a.b`` the app's code names (attribute chains off the module)."""
    names: set[str] = set()
    for path in (REPO / "companion").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                chain, cur = [], node
                while isinstance(cur, ast.Attribute):
                    chain.append(cur.attr)
                    cur = cur.value
                if isinstance(cur, ast.Name) and cur.id == "pygame":
                    names.add(".".join(reversed(chain)))
    return names


def upstream_env(tmp_path: Path) -> dict[str, str]:
    """PYTHONPATH for Debian's Python: the checkout and the pure-Python
    dependencies (as pip installs them beside Debian's pygame), no pygame-ce."""
    libs = tmp_path / "libs"
    libs.mkdir()
    for mod in ("platformdirs", "gpiozero", "colorzero", "serial"):
        spec = importlib.util.find_spec(mod)
        assert spec and spec.submodule_search_locations, mod
        (libs / mod).symlink_to(list(spec.submodule_search_locations)[0])
    return dict(os.environ, PYTHONPATH=f"{REPO}:{libs}", PYGAME_HIDE_SUPPORT_PROMPT="1",
                SDL_VIDEODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")


@needs_debian_pygame
def test_every_pygame_name_the_app_uses_exists_in_upstream_pygame_2(tmp_path):
    used = sorted(pygame_names_used())
    assert "event.custom_type" in used and "FINGERDOWN" in used  # the scan sees the code
    probe = ("import json, sys, pygame\nmissing = []\nfor name in json.loads(sys.argv[1]):\n"
             "    obj = pygame\n    for part in name.split('.'):\n"
             "        if not hasattr(obj, part):\n            missing.append(name)\n            break\n"
             "        obj = getattr(obj, part)\nprint(json.dumps(missing))")
    r = subprocess.run([DEBIAN_PY, "-c", probe, json.dumps(used)], env=upstream_env(tmp_path),
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1]) == [], "pygame-ce-only names: guard them or use upstream's"


@needs_debian_pygame
@pytest.mark.timeout(90)
def test_the_app_plays_on_upstream_pygame_2(tmp_path):
    """The real app under Debian's Python and pygame: opens, takes taps, starts a
    game, reaches the day, and SIGTERM ends it cleanly."""
    from companion.ui.control import Client
    env = upstream_env(tmp_path)
    env["COMPANION_CONTROL"] = sock = str(tmp_path / "control.sock")
    r = subprocess.run([DEBIAN_PY, "-c", "import pygame; print(pygame.__file__, pygame.version.ver, "
                                         "getattr(pygame, 'IS_CE', False))"],
                       env=env, capture_output=True, text=True, timeout=30)
    where, ver, ce = r.stdout.split()[-3:]
    assert ce == "False" and ver.startswith("2.") and not where.startswith(str(REPO))
    proc = client = None
    try:
        proc = subprocess.Popen([DEBIAN_PY, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                                 "--hw", "mock", "--die", "none", "--size", "800x480", "--game", "thirty-to-mars"],
                                env=env, cwd=tmp_path, stderr=open(tmp_path / "stderr.txt", "wb"))
        client = Client(sock, timeout_s=30)
        s = client.call(cmd="state")
        assert s["screen"] == "new_game", s
        for name in ("Larisa", "Stan", "John", "Maria", "Start"):
            assert "error" not in client.call(cmd="tap", name=name)
        deadline = time.monotonic() + 20
        while (s := client.call(cmd="state"))["screen"] == "new_game":
            assert time.monotonic() < deadline, s
            time.sleep(0.02)
        assert s["has_game"], s
        assert "error" not in client.call(cmd="press", button="next", hold_s=0.035)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0, (tmp_path / "stderr.txt").read_text()
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(10)
        if client is not None:
            client.close()


# ------------------------------------------------------------ a display SDL cannot open
def test_display_error_names_sdls_reason_and_the_one_thing_to_check(tmp_path, monkeypatch):
    from companion.cmd_play import display_error
    dri = tmp_path / "dri"
    dri.mkdir()
    kms = {"SDL_VIDEODRIVER": "kmsdrm"}
    said = display_error("kmsdrm not available", kms, dri)
    assert "kmsdrm not available" in said and "Check the DRM device" in said and "vc4-kms-v3d" in said
    said = display_error("kmsdrm not available", {"SDL_VIDEODRIVER": "kmsdrn"}, dri)
    assert "Check SDL_VIDEODRIVER" in said and "'kmsdrn'" in said
    (dri / "card0").write_text("")
    said = display_error("Could not initialize EGL", kms, dri)
    assert "Could not initialize EGL" in said and "another program may hold the display" in said
    monkeypatch.setattr(os, "access", lambda *a, **k: False)  # the kernel refuses /dev/dri/card0
    said = display_error("kmsdrm not available", kms, dri)
    assert "Check the user's groups" in said and "usermod -aG video,render" in said
    for said in (display_error("x", kms, tmp_path / "none"), display_error("x", {"DISPLAY": ":0"}, dri)):
        assert said.count("\n") == 0 and said.count("Check") == 1


@pytest.mark.timeout(30)
def test_play_on_kmsdrm_without_a_drm_device_says_sdls_reason(tmp_path):
    if list(Path("/dev/dri").glob("card*")):
        pytest.skip("this machine has a DRM device; the message would name another check")
    env = dict(os.environ, SDL_VIDEODRIVER="kmsdrm")
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                        "--hw", "none", "--die", "none"], env=env, capture_output=True, text=True, timeout=25)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    line = r.stderr.strip()
    assert "\n" not in line and "needs a display" in line
    assert "kmsdrm not available" in line and "Check the DRM device" in line

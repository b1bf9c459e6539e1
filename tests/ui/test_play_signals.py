"""Signals of ``companion play`` (issue 11, item 11), on the real app in a subprocess:
SIGHUP does not end it; SIGTERM and SIGINT end it cleanly (exit status 0) even
in the first moments of start-up, before its loop runs."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

#: runs ``companion play`` and sends itself ``SIG`` when ``MODULE`` is first imported:
#: a signal that comes while the app is starting, at a point the test chooses exactly
EARLY = textwrap.dedent("""
    import os, signal, sys
    SIG, MODULE = getattr(signal, sys.argv[1]), sys.argv[2]

    class SignalOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == MODULE:
                sys.meta_path.remove(self)
                os.kill(os.getpid(), SIG)
            return None

    sys.meta_path.insert(0, SignalOnImport())
    from companion.cli import main
    sys.exit(main(["play", "--db", sys.argv[3], "--hw", "none", "--die", "none"]))
""")


def env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("module", ["pygame", "companion.ui.app"])
def test_a_stop_signal_during_start_up_ends_the_app_cleanly(tmp_path, sig, module):
    r = subprocess.run([sys.executable, "-c", EARLY, sig, module, str(tmp_path / "db.sqlite3")], env=env(),
                       capture_output=True, text=True, timeout=50)
    assert (r.returncode, r.stderr) == (0, "")  # the loop ended at once: it never waited for input


@pytest.mark.timeout(60)
def test_sighup_does_not_end_the_app_and_sigterm_then_does(tmp_path):
    with running([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                  "--hw", "none", "--die", "none"], tmp_path) as (proc, client):
        frames = client.call(cmd="sync")["frames"]
        assert frames >= 1
        proc.send_signal(signal.SIGHUP)
        time.sleep(0.1)
        assert proc.poll() is None
        assert client.call(cmd="sync")["frames"] > frames  # the loop still runs


@contextlib.contextmanager
def running(argv: list[str], tmp_path):
    """The app of ``argv`` with its control channel: ``(proc, client)``; after the block, a SIGTERM must end
    it at once with exit status 0 and no traceback (else it is killed)."""
    from companion.ui.control import Client
    sock = str(tmp_path / "control.sock")
    proc = subprocess.Popen(argv, env=dict(env(), COMPANION_CONTROL=sock), stderr=subprocess.PIPE, text=True)
    try:
        client = Client(sock, timeout_s=30)
        yield proc, client
        client.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
        assert "Traceback" not in proc.stderr.read()
        assert not os.path.exists(sock), "the control socket is removed when the app ends"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


#: ``companion play`` with the loop that sleeps in ``pygame.event.wait`` (as on X11 and Wayland, where
#: SDL really sleeps there) under the dummy driver, which has no X server to need
BLOCKING = textwrap.dedent("""
    import sys
    import companion.ui.app as app
    app.BLOCKING_DRIVERS = (*app.BLOCKING_DRIVERS, "dummy")
    from companion.cli import main
    sys.exit(main(["play", "--db", sys.argv[1], "--hw", "none", "--die", "none"]))
""")


@pytest.mark.timeout(60)
def test_sigterm_ends_an_idle_app_that_sleeps_in_sdls_event_wait(tmp_path):
    """systemd stops the kiosk with SIGTERM while nobody touches it: SDL's wait does not return for a
    signal, so the app must wake itself (README, At the table: SIGTERM commits and exits 0)."""
    with running([sys.executable, "-c", BLOCKING, str(tmp_path / "db.sqlite3")], tmp_path) as (proc, client):
        assert client.call(cmd="sync")["frames"] >= 1
        time.sleep(0.5)  # idle: asleep in event.wait

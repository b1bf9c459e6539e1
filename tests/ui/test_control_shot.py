"""The control channel's ``shot`` with a relative path: whose working directory, and what the answer says."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from companion.ui import control


@pytest.mark.timeout(60)
def test_a_relative_shot_path_is_the_callers_through_the_client_and_the_answer_names_the_file(tmp_path,
                                                                                             monkeypatch):
    """A first-time tester's finding: ``{"cmd": "shot", "path": "shots/75.png"}`` failed with "Couldn't open
    shots/75.png": the app took the path in its own working directory (run.sh's is the checkout), not the
    caller's, and the answer did not say where it had looked. ``Client.call`` sends the caller's absolute path;
    a raw request's relative path is the app's, and the answer names the absolute path written or tried."""
    app_cwd, caller_cwd = tmp_path / "app", tmp_path / "caller"
    for d in (app_cwd / "there", caller_cwd / "shots"):
        d.mkdir(parents=True)
    sock = str(tmp_path / "c.sock")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", COMPANION_CONTROL=sock)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                             "--hw", "none", "--die", "none"], cwd=app_cwd, env=env, stderr=subprocess.DEVNULL)
    try:
        client = control.Client(sock, timeout_s=30, call_timeout_s=20)
        monkeypatch.chdir(caller_cwd)
        answer = client.call(cmd="shot", path="shots/75.png")  # the caller's shots/, not the app's (it has none)
        assert answer == {"ok": True, "path": str(caller_cwd / "shots" / "75.png")}, answer
        assert (caller_cwd / "shots" / "75.png").stat().st_size > 0
        client.close()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:  # a raw request: the app's directory
            s.settimeout(20)
            s.connect(sock)
            with s.makefile("rwb") as f:
                f.write(b'{"cmd": "shot", "path": "shots/76.png"}\n{"cmd": "shot", "path": "there/77.png"}\n')
                f.flush()
                tried, wrote = (json.loads(f.readline()) for _ in range(2))
        assert tried["path"] == str(app_cwd / "shots" / "76.png"), tried
        assert f"cannot save the screenshot at {app_cwd / 'shots' / '76.png'}: " in tried["error"], tried
        assert wrote == {"ok": True, "path": str(app_cwd / "there" / "77.png")}, wrote
        assert (app_cwd / "there" / "77.png").stat().st_size > 0
    finally:
        proc.terminate()
        try:
            assert proc.wait(10) == 0
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
            raise

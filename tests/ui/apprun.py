"""The real app in a subprocess for end-to-end tests: ``companion play`` with
SDL's dummy driver, mock GPIO pins and a die on a pty, driven through the
test control channel. Used as a context manager, it never leaves a process
behind, also when the test fails."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from companion.ui.bench import KIOSK_ENV  # the interpreter as systemd starts the kiosk (-OO)


class RunningApp:
    """``companion play`` on ``db`` with ``die_path``; :meth:`start`, :meth:`kill`,
    :meth:`stop`; every process it started is killed on exit."""

    def __init__(self, tmp: Path, die_path: str) -> None:
        self.tmp = tmp
        self.die_path = die_path
        self.proc: subprocess.Popen | None = None
        self.client: Any = None

    def __enter__(self) -> "RunningApp":
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def start(self, *args: str, wait_die: bool = True) -> None:
        """Start the app (extra ``args`` such as ``--game ID``) and wait for its
        die (``wait_die`` False: do not, e.g. a game without dice on ``--die none``)."""
        from companion.ui.control import Client
        sock = str(self.tmp / "control.sock")
        env = dict(os.environ, **KIOSK_ENV, COMPANION_CONTROL=sock, SDL_VIDEODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "--db", str(self.tmp / "db.sqlite3"), "--hw", "mock",
             "--die", self.die_path, "--size", "800x480", *args],
            env=env, stderr=open(self.tmp / "stderr.txt", "ab"))
        try:
            self.client = Client(sock, timeout_s=20)
            if wait_die:
                self.wait(lambda s: s["die"]["connected"], "the die to connect", 20)
            else:
                self.wait(lambda s: True, "the first frame", 20)
        except BaseException:
            self.kill()
            raise

    def kill(self) -> None:
        """SIGKILL the app (a power cut, as far as the app knows) and close the channel."""
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> int:
        """SIGTERM; returns the exit status."""
        import signal
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(10)
        self.kill()
        return code

    def call(self, **req: Any) -> dict[str, Any]:
        reply = self.client.call(**req)
        assert "error" not in reply, reply
        return reply

    def state(self) -> dict[str, Any]:
        return self.call(cmd="state")

    def wait(self, cond: Callable[[dict[str, Any]], bool], what: str, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            s = self.state()
            if cond(s):
                return s
            if time.monotonic() > deadline:
                shown = {k: v for k, v in s.items() if k != "buttons"}
                raise AssertionError(f"timed out waiting for {what}: {json.dumps(shown)[:900]}")
            time.sleep(0.01)

    def tap(self, name: str) -> None:
        self.call(cmd="tap", name=name)
        self.call(cmd="sync")

    def press(self, button: str, hold_s: float | None = None) -> None:
        """Drive the mock GPIO pin of ``button`` (next | back) low, then high."""
        self.call(cmd="press", button=button, **({"hold_s": hold_s} if hold_s is not None else {}))
        self.call(cmd="sync")


def names(s: dict[str, Any]) -> list[str]:
    """The labels of the buttons on screen."""
    return [b["name"] for b in s["buttons"]]

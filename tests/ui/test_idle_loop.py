"""The idle app sleeps (issue 13, item 3): with nothing scheduled (no message
to take down, no systemd watchdog) the main loop blocks until woken; it does
not wake on a timer. Counted by the kernel: a thread that sleeps, is woken and
sleeps again adds one to ``voluntary_ctxt_switches``."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from .apprun import RunningApp

IDLE_S = 2.5


def switches(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    raise AssertionError("no voluntary_ctxt_switches")


@pytest.mark.timeout(60)
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_the_idle_main_loop_does_not_wake(tmp_path):
    with RunningApp(tmp_path, "none") as app:
        app.start(wait_die=False)
        app.call(cmd="sync")  # the first frames are drawn, start-up is over
        time.sleep(0.5)
        pid = app.proc.pid
        before = switches(pid)
        time.sleep(IDLE_S)
        woke = switches(pid) - before
        assert app.stop() == 0
    assert woke == 0, f"the main loop woke {woke} times in {IDLE_S} s of idle"


@pytest.mark.timeout(60)
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_message_goes_when_due_without_input(tmp_path):
    """The one thing scheduled: the die's "connected" note (4 s) is taken down
    on time by an idle app, which wakes for it and not otherwise."""
    from hw.mock import DieSimulator
    with DieSimulator(seed=1) as die, RunningApp(tmp_path, die.path) as app:
        app.start()
        s = app.state()
        assert s["message"] and "connected" in s["message"]
        time.sleep(0.3)  # the answer's own work is over (a busy machine finishes it late); the note has 3.5 s left
        pid = app.proc.pid
        before, t0 = switches(pid), time.monotonic()
        time.sleep(4.5)
        woke = switches(pid) - before
        assert app.state()["message"] is None, "the note stayed after its time"
        assert woke <= 2, f"the main loop woke {woke} times in {time.monotonic() - t0:.1f} s for one note"
        assert app.stop() == 0


@pytest.mark.timeout(60)
def test_a_screenshot_that_cannot_be_saved_is_an_answer_not_the_end_of_the_app(tmp_path):
    """A tester's finding: a control channel "shot" to a folder that does not exist raised pygame.error
    out of the main loop, and the app ended mid-game saying it needed a display."""
    with RunningApp(tmp_path, "none") as app:
        app.start(wait_die=False)
        answer = app.client.call(cmd="shot", path=str(tmp_path / "no-such-folder" / "x.png"))
        assert "cannot save the screenshot" in answer.get("error", ""), answer
        app.call(cmd="sync")  # still answering
        assert app.proc.poll() is None
        assert app.stop() == 0

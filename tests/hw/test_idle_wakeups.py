"""The idle hardware layer sleeps: no thread it starts wakes more than about once a second.

Issue 13, item 3. Wake-ups are counted by the kernel: a thread that blocks,
is woken and blocks again adds one to ``voluntary_ctxt_switches`` in
``/proc/self/task/<tid>/status``, whatever library's loop it runs (gpiozero's
hold thread, pyserial's reader, our supervisor).
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from hw.buttons import ButtonConfig
from hw.die import DieReader
from hw.mock import mock_buttons

IDLE_S = 1.5
MAX_PER_S = 1.0


def switches(threads: list[threading.Thread]) -> dict[str, int]:
    """Thread name -> voluntary context switches so far (threads that ended are left out)."""
    out = {}
    for t in threads:
        try:
            status = Path(f"/proc/self/task/{t.native_id}/status").read_text()
        except FileNotFoundError:
            continue
        for line in status.splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                out[f"{t.name} ({t.native_id})"] = int(line.split()[1])
    return out


@pytest.mark.timeout(10)
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_buttons_and_a_connected_die_do_not_wake_while_idle(sim, events):
    before = set(threading.enumerate())
    buttons = mock_buttons(events.post, ButtonConfig())
    reader = DieReader(events.post, port=sim.path)
    reader.start()
    try:
        events.wait(lambda e: e.kind == "connected")
        sim.roll(4)  # the die works: a line goes through the reader
        events.wait(lambda e: e.kind == "roll")
        buttons.pins["next"].drive_low()  # and so do the buttons; then the hand goes away
        time.sleep(0.04)
        buttons.pins["next"].drive_high()
        assert [e.action for e in events.drain(0.1)] == ["press", "release"]
        ours = [t for t in threading.enumerate() if t not in before]
        assert {t.name for t in ours} >= {"die-supervisor"}
        s0 = switches(ours)
        time.sleep(IDLE_S)
        s1 = switches(ours)
        woke = {name: s1[name] - n for name, n in s0.items() if name in s1}
        assert woke and all(n <= MAX_PER_S * IDLE_S + 0.5 for n in woke.values()), \
            f"wake-ups over {IDLE_S} s of idle: {woke}"
        assert events.drain() == []
    finally:
        reader.stop()
        buttons.close()

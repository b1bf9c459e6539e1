"""Fixtures for hw tests: a simulated die on a real pty, an event queue with deadlines."""
from __future__ import annotations

import queue
import time

import pytest

from hw.mock import DieSimulator


class Events:
    """A thread-safe queue the hardware posts to, with ``wait(pred, timeout_s)``."""

    def __init__(self) -> None:
        self.q: queue.Queue = queue.Queue()
        self.seen: list = []

    def post(self, ev) -> None:
        self.q.put(ev)

    def wait(self, pred=lambda e: True, timeout_s: float = 2.0):
        """The first new event matching ``pred``; AssertionError after ``timeout_s`` seconds."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching event within {timeout_s} s; seen {self.seen}")
            try:
                ev = self.q.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(ev)
            if pred(ev):
                return ev

    def drain(self, quiet_s: float = 0.05) -> list:
        """Everything posted until nothing arrives for ``quiet_s`` seconds."""
        out = []
        while True:
            try:
                ev = self.q.get(timeout=quiet_s)
            except queue.Empty:
                self.seen.extend(out)
                return out
            out.append(ev)


@pytest.fixture
def events() -> Events:
    return Events()


@pytest.fixture
def sim(tmp_path):
    """A plugged-in DieSimulator whose current pty is also at ``tmp_path/mars-die``."""
    s = DieSimulator(seed=1234, link=tmp_path / "mars-die")
    s.plug()
    yield s
    s.stop_auto()
    s.unplug()


@pytest.fixture(autouse=True)
def _reset_gpiozero():
    """Each test starts without a global pin factory and leaves none behind."""
    yield
    try:
        from gpiozero import Device
    except ImportError:
        return
    if Device.pin_factory is not None:
        Device.pin_factory.close()
        Device.pin_factory = None

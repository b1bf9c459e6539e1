"""Sleeping until something happens, without polling where possible.

The main loop sleeps in :meth:`Waiter.wait`; hardware and control threads
call :meth:`Waiter.set` (a byte on a self-pipe) after posting their pygame
event. Input that SDL reads itself (touch, keys) must wake the loop too:

- ``x11``/``wayland``...: the app uses ``pygame.event.wait`` instead (SDL
  really sleeps there and is woken by posted events);
- ``dummy``/``offscreen``: SDL has no input of its own, every event is
  posted by our threads, so waiting on the pipe alone is exact;
- others (``kmsdrm`` on the Pi's console): the readable ``/dev/input/event*``
  devices are watched with ``select`` beside the pipe (SDL reads them when
  the loop pumps); without any, the loop polls every ``poll_s`` seconds.
"""
from __future__ import annotations

import glob
import logging
import os
import select

log = logging.getLogger(__name__)

NO_INPUT_DRIVERS = ("dummy", "offscreen")


class Waiter:
    """A wake-up pipe plus (optionally) input devices to watch.
    ``driver``: SDL video driver name; ``poll_s``: seconds between polls when
    input cannot be watched."""

    def __init__(self, driver: str = "dummy", poll_s: float = 0.05) -> None:
        self._r, self._w = os.pipe()
        os.set_blocking(self._r, False)
        os.set_blocking(self._w, False)
        self.inputs: list[int] = []
        self.poll_s: float | None = None
        if driver not in NO_INPUT_DRIVERS:
            for path in sorted(glob.glob("/dev/input/event*")):
                try:
                    self.inputs.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
                except OSError:
                    continue
            if not self.inputs:
                self.poll_s = poll_s
        self._quiet: dict[int, int] = {}

    def set(self) -> None:
        """Wake the loop (thread-safe)."""
        try:
            os.write(self._w, b"!")
        except (BlockingIOError, OSError):
            pass  # the pipe is full: the loop is awake anyway

    def clear(self) -> None:
        """Forget earlier wake-ups."""
        try:
            while os.read(self._r, 512):
                pass
        except (BlockingIOError, OSError):
            pass

    def wait(self, timeout_s: float | None) -> list[int]:
        """Sleep up to ``timeout_s`` seconds (None: until woken; less when
        polling); returns the readable input devices (empty when woken by the
        pipe or the clock)."""
        t = timeout_s if self.poll_s is None else self.poll_s if timeout_s is None else min(timeout_s, self.poll_s)
        try:
            ready, _, _ = select.select([self._r, *self.inputs], [], [], t)
        except (OSError, ValueError):
            return []
        return [fd for fd in ready if fd != self._r]

    def unused(self, fds: list[int]) -> None:
        """Input devices that were readable but gave SDL no events: after a few
        times they are not SDL's (or not input), so stop watching them."""
        for fd in fds:
            self._quiet[fd] = self._quiet.get(fd, 0) + 1
            if self._quiet[fd] >= 3 and fd in self.inputs:
                self.inputs.remove(fd)
                os.close(fd)
                if not self.inputs:
                    self.poll_s = 0.05

    def close(self) -> None:
        for fd in (self._r, self._w, *self.inputs):
            try:
                os.close(fd)
            except OSError:
                pass
        self.inputs = []

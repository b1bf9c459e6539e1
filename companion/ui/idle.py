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

A signal (systemd's SIGTERM) does not end SDL's ``event.wait``: SDL retries
its sleep, and Python runs the handler only when the wait returns. A
:class:`SignalWake` turns a signal into a posted event that ends it.
"""
from __future__ import annotations

import glob
import logging
import os
import select
import signal
import threading
from collections.abc import Callable

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


class SignalWake:
    """Calls ``post()`` from a thread whenever a signal with a Python handler arrives, so that a loop
    asleep in C (SDL's ``event.wait``) returns and lets Python run the handler.

    Uses :func:`signal.set_wakeup_fd` (CPython writes the signal number to it); the thread blocks on the
    pipe without a timeout, so it never wakes while nothing happens. Make it in the main thread (the only
    one that may set the wakeup fd); :meth:`close` puts the previous wakeup fd back. ``active`` is False
    when it could not be set up (another thread, or no pipe), and the loop then sleeps as before."""

    def __init__(self, post: Callable[[], object]) -> None:
        self._post = post
        self._previous = -1
        self._closing = False
        self.active = False
        try:
            self._r, self._w = os.pipe()
        except OSError:
            return
        os.set_blocking(self._w, False)
        try:
            self._previous = signal.set_wakeup_fd(self._w, warn_on_full_buffer=False)
        except ValueError:  # not the main thread
            os.close(self._r)
            os.close(self._w)
            return
        self.active = True
        self._thread = threading.Thread(target=self._run, name="signal-wake", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                data = os.read(self._r, 64)
            except OSError:
                return
            if not data or self._closing:
                return
            try:
                self._post()
            except Exception:  # noqa: BLE001 - pygame already quit: nothing left to wake
                log.debug("signal wake: could not post", exc_info=True)

    def close(self) -> None:
        """Stop the thread and put the previous wakeup fd back (main thread)."""
        if not self.active:
            return
        self.active = False
        try:
            signal.set_wakeup_fd(self._previous)
        except ValueError:
            pass
        self._closing = True
        try:
            os.write(self._w, b"\0")
        except OSError:
            pass
        self._thread.join(1)
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass

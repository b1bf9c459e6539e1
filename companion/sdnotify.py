"""Tell systemd how the companion is doing: the ``sd_notify`` protocol.

The kiosk unit (``systemd/companion.service``) is ``Type=notify`` with a
watchdog. systemd passes ``$NOTIFY_SOCKET`` (an ``AF_UNIX`` datagram socket:
a path, or ``@name`` for the abstract namespace) and, with ``WatchdogSec=``,
``$WATCHDOG_USEC`` and ``$WATCHDOG_PID``. Each message is one datagram of
``KEY=value`` lines (``man 3 sd_notify``).

The UI's ``App`` takes a ``notify(kind)`` callback: pass :func:`notify_kind`
(``App(..., notify=sdnotify.notify_kind)``); it sends READY after the first
frame, WATCHDOG every few seconds and STOPPING on the way out. A loop of
one's own would look like this::

    from companion import sdnotify
    feeder = sdnotify.WatchdogFeeder()        # once, before the loop
    ...first frame drawn and flipped...
    sdnotify.notify_ready()
    while running:
        event = pygame.event.wait(feeder.wait_ms(idle_ms))  # idle loop still wakes up
        ...
        feeder.feed()                         # cheap: sends at most every interval
    sdnotify.notify_stopping()                # on SIGTERM, before the final commit

Our own ~40 lines rather than the ``sdnotify`` package from PyPI: the protocol
is one ``sendto``, and the package (last release 2017) adds a dependency
without adding anything (it has no watchdog-interval helper either).

Every function is a no-op off systemd (no ``$NOTIFY_SOCKET``: a laptop, CI,
``./run.sh play``) and never raises: a kiosk must not die because its
supervisor could not be told something. The ``notify_*`` functions return
``True`` if the datagram was sent, ``False`` otherwise.
"""
from __future__ import annotations

import os
import socket
import time

__all__ = [
    "notify",
    "notify_ready",
    "notify_watchdog",
    "notify_stopping",
    "notify_status",
    "notify_kind",
    "watchdog_interval_s",
    "WatchdogFeeder",
]

#: Seconds a send may block if systemd is slow to drain its queue.
_SEND_TIMEOUT_S = 1.0


def notify(message: str) -> bool:
    """Send one ``sd_notify`` datagram, e.g. ``"READY=1\\nSTATUS=Day 3"``.

    In: the message text (``KEY=value`` lines; encoded as UTF-8, unencodable
    characters replaced). Out: ``True`` if sent, ``False`` if not under
    systemd, the socket address is unusable, or the send failed. Never raises.
    """
    try:
        address = os.environ.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):  # abstract namespace: leading NUL byte
            address = "\0" + address[1:]
        elif not address.startswith("/"):  # unset, empty, or vsock: (not used here)
            return False
        data = message.encode("utf-8", errors="replace")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.settimeout(_SEND_TIMEOUT_S)
            sock.sendto(data, address)
        return True
    except Exception:  # noqa: BLE001 - by contract: never raise into the UI loop
        return False


def notify_ready() -> bool:
    """``READY=1``: start-up is done (call after the first frame is on screen)."""
    return notify("READY=1")


def notify_watchdog() -> bool:
    """``WATCHDOG=1``: the main loop is alive. Call at least every ``watchdog_interval_s()`` seconds."""
    return notify("WATCHDOG=1")


def notify_stopping() -> bool:
    """``STOPPING=1``: shutting down on purpose (e.g. on SIGTERM), before the last commit."""
    return notify("STOPPING=1")


def notify_status(text: str) -> bool:
    """``STATUS=<text>``: one line shown by ``systemctl status companion``.

    Newlines in ``text`` become spaces (a newline would start a new key).
    """
    try:
        line = " ".join(str(text).splitlines())
    except Exception:  # noqa: BLE001 - a str() that raises
        return False
    return notify("STATUS=" + line)


_KINDS = {"ready": notify_ready, "watchdog": notify_watchdog, "stopping": notify_stopping}


def notify_kind(kind: str) -> bool:
    """``"ready"``, ``"watchdog"`` or ``"stopping"`` -> the matching ``notify_*``.

    For callers that take a ``notify(kind)`` callback (``companion.ui.app.App``):
    ``App(..., notify=sdnotify.notify_kind)``. An unknown kind sends nothing and
    returns ``False``. Never raises.
    """
    send = _KINDS.get(kind) if isinstance(kind, str) else None
    return send() if send is not None else False


def watchdog_interval_s() -> float | None:
    """How often to send ``WATCHDOG=1``, in seconds: half of ``WatchdogSec=``.

    Out: ``$WATCHDOG_USEC / 2`` in seconds (7.5 for ``WatchdogSec=15s``), or
    ``None`` when no watchdog is armed for this process: ``$WATCHDOG_USEC``
    unset, not a positive integer, or ``$WATCHDOG_PID`` set to another
    process's PID (the variable was inherited, it is not ours). Never raises.
    """
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", ""))
        if usec <= 0:
            return None
        pid = os.environ.get("WATCHDOG_PID")
        if pid is not None and int(pid) != os.getpid():
            return None
        return usec / 2_000_000
    except Exception:  # noqa: BLE001 - malformed environment: no watchdog
        return None


class WatchdogFeeder:
    """Rate-limited watchdog pings for a loop that runs many times a second.

    ``feed()`` may be called every frame; it sends ``WATCHDOG=1`` only when
    ``interval_s`` seconds (default: ``watchdog_interval_s()``) have passed
    since the last ping. Without a watchdog (``interval_s`` is ``None``) it
    does nothing. ``clock`` is a monotonic clock in seconds (for tests).
    """

    def __init__(self, interval_s: float | None = None, clock=time.monotonic) -> None:
        self.interval_s = watchdog_interval_s() if interval_s is None else interval_s
        self._clock = clock
        self._last: float | None = None

    def feed(self) -> bool:
        """Send ``WATCHDOG=1`` if one is due; ``True`` if a ping was sent."""
        if not self.interval_s:
            return False
        now = self._clock()
        if self._last is not None and now - self._last < self.interval_s:
            return False
        self._last = now
        return notify_watchdog()

    def wait_ms(self, idle_ms: int) -> int:
        """The longest an idle loop may sleep (``pygame.event.wait`` timeout, ms).

        In: the loop's own idle timeout in milliseconds (0 = no limit of its
        own, as in ``pygame.event.wait``). Out: that, capped at the time left
        until the next ping is due (at least 1 ms, because 0 means "forever"
        to pygame); unchanged without a watchdog.
        """
        if not self.interval_s:
            return idle_ms
        if self._last is None:
            due_ms = 1
        else:
            due_ms = max(1, int((self.interval_s - (self._clock() - self._last)) * 1000))
        return due_ms if idle_ms <= 0 else min(idle_ms, due_ms)

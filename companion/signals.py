"""The signals of ``companion play``: SIGTERM and SIGINT end it cleanly, SIGHUP does not end it.

systemd stops the kiosk with SIGTERM (``KillSignal=SIGTERM``) and may do so
at any moment, also while the app is still starting; Ctrl-C in a terminal is
SIGINT; closing that terminal, or a session ending, sends SIGHUP. The
defaults would kill the app at once (SIGTERM before a handler is set: exit
-15; SIGHUP: exit 129) or raise ``KeyboardInterrupt`` in the middle of an
import (SIGINT). So :func:`install` is the first thing ``companion play``
does, before pygame is imported:

- SIGTERM, SIGINT: remember that a stop was asked for and call the
  callbacks registered with :func:`on_stop` (the main loop's "stop" and
  "wake up"). A loop that registers after the signal came is stopped at once,
  so a SIGTERM during start-up ends the app as soon as its loop would start,
  with exit status 0. The game is committed action by action: nothing is lost.
- SIGHUP: ignored (counted in :data:`hangups`); the kiosk has no terminal to lose.

Handlers installed first also keep SDL from installing its own SIGINT/SIGTERM
handlers (it only replaces ``SIG_DFL``). Python runs them in the main thread,
between bytecodes: they only set a flag and call the callbacks.
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)

#: the signal number that asked the app to stop, or None
stop_signal: int | None = None
#: SIGHUPs received (and ignored)
hangups = 0
_installed = False
_callbacks: list[Callable[[int, Any], object]] = []


def install() -> bool:
    """Set the handlers (SIGTERM, SIGINT: stop; SIGHUP: ignore) for the rest of the process.

    Call from the main thread, as early as possible; idempotent. Returns
    ``False`` (and changes nothing) when called from another thread, where
    Python cannot set handlers.
    """
    global _installed
    if threading.current_thread() is not threading.main_thread():
        return False
    for sig in STOP_SIGNALS:
        signal.signal(sig, _on_stop)
    signal.signal(signal.SIGHUP, _on_hangup)
    _installed = True
    return True


def stop_requested() -> bool:
    """True once SIGTERM or SIGINT has arrived (since :func:`install` or :func:`reset`)."""
    return stop_signal is not None


def on_stop(callback: Callable[[int, Any], object]) -> Callable[[], None]:
    """Call ``callback(signum, frame)`` (a signal handler's arguments; ``frame`` is None when
    it is called late) when SIGTERM or SIGINT arrives, or now if one already has.

    Returns a function that unregisters it. Without :func:`install` (the app
    run by other code, e.g. in a test) a SIGTERM handler is set for as long
    as the callback is registered and the previous one is put back after,
    when called in the main thread; SIGINT then keeps its default.
    """
    previous: Any = None
    if not _installed and threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_stop)
    _callbacks.append(callback)
    if stop_signal is not None:
        callback(stop_signal, None)

    def forget() -> None:
        if callback in _callbacks:
            _callbacks.remove(callback)
        if previous is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)
    return forget


def reset() -> None:
    """Forget a stop that was asked for (for tests running several apps in one process)."""
    global stop_signal
    stop_signal = None


def _on_stop(signum: int, frame: Any) -> None:
    global stop_signal
    stop_signal = signum
    for callback in list(_callbacks):
        callback(signum, frame)


def _on_hangup(_signum: int, _frame: object) -> None:
    global hangups
    hangups += 1

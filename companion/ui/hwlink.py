"""Wiring the table's hardware (hw/) to the main loop.

Hardware callbacks run on other threads; they only call :meth:`HwLink.post`,
which puts a ``HW_EVENT`` on pygame's queue (thread-safe) and wakes the
main loop. ``hw`` itself never imports pygame or ``companion``.
"""
from __future__ import annotations

import glob
import logging
import os
import threading
from typing import Any

import pygame

log = logging.getLogger(__name__)

#: Where a machine with GPIO has its pin controllers (``--hw auto`` loads gpiozero only if one is there).
GPIO_CHIPS = "/dev/gpiochip*"

#: pygame event type carrying ``source`` ("button" | "die") and ``event``
#: (a ``hw.buttons.ButtonEvent`` or ``hw.die.DieEvent``).
HW_EVENT = pygame.event.custom_type()


class HwLink:
    """Starts the buttons (``hw_mode`` auto|pi|mock|none) and the die
    (``die`` a device path, "auto" or "none"); ``wake`` (anything with
    ``set()``: the app's :class:`~companion.ui.idle.Waiter`) is set on every post.
    ``notice`` collects sentences for the screen (e.g. "no GPIO here")."""

    def __init__(self, hw_mode: str, die: str, wake: Any = None) -> None:
        self.hw_mode = hw_mode
        self.die_port = die
        self.wake = wake if wake is not None else threading.Event()
        self.buttons: Any = None
        self.die: Any = None
        self.notices: list[str] = []

    def post(self, source: str, event: object) -> None:
        """Thread-safe: queue a hardware event for the main loop and wake it."""
        try:
            pygame.event.post(pygame.event.Event(HW_EVENT, source=source, event=event))
        except pygame.error:  # display closed while a thread still runs
            return
        self.wake.set()

    def start(self) -> None:
        """Start what is configured; never raises (problems become notices)."""
        self._start_buttons()
        self._start_die()

    def _start_buttons(self) -> None:
        if self.hw_mode == "none":
            return
        if self.hw_mode == "auto" and not os.environ.get("GPIOZERO_PIN_FACTORY") and not glob.glob(GPIO_CHIPS):
            log.info("buttons off: no GPIO here (no %s)", GPIO_CHIPS)  # gpiozero (3-4 MiB) not even imported
            return
        try:
            if self.hw_mode == "mock":
                from hw.mock import mock_buttons
                self.buttons = mock_buttons(lambda e: self.post("button", e))
            else:
                from hw.buttons import Buttons
                self.buttons = Buttons(lambda e: self.post("button", e)).start()
        except Exception as exc:  # GpioUnavailable, config errors, pins in use
            self.buttons = None
            log.warning("buttons unavailable: %s", exc)
            if self.hw_mode in ("pi", "auto"):  # auto got here only with GPIO present: the table expects them
                self.notices.append(f"The GPIO buttons are not working ({exc}); use the screen.")

    def _start_die(self) -> None:
        if self.die_port in (None, "", "none"):
            return
        try:
            from hw.die import DieReader
            self.die = DieReader(lambda e: self.post("die", e), port=self.die_port)
            self.die.start()
        except Exception as exc:
            self.die = None
            log.warning("die unavailable: %s", exc)
            self.notices.append(f"The electronic die cannot be used ({exc}); tap the faces instead.")

    def die_status(self) -> dict[str, Any]:
        """``{"mode": "none"|"die", "connected": bool, "port": path | None, "last_roll": face 1..6 | None,
        "rolls": int, "lines": int, "ignored": int, "errors": {reason: int}, "open_failures": int,
        "callback_errors": int, "last_error": str | None, "open_problem": "busy" | "denied" |
        "not_a_port" | None}``: counts since start (:class:`hw.die.DieStatus`; ``open_problem``: why the last open
        failed, when another program holds the port, this user may not open it or the path is no serial port):
        ``lines`` read whole (ignored ones too), ``errors`` the lines ignored by reason (garbled, not of the
        protocol, cut off by an unplug: every one of ``hw.die.REASONS``; ``{}`` without a die, whose module is
        not loaded then), ``ignored`` their sum, ``callback_errors`` the die's events that could not be posted
        to the main loop (each one lost: a roll among them is not seen)."""
        if self.die is None:
            return {"mode": "none", "connected": False, "port": None, "last_roll": None, "rolls": 0, "lines": 0,
                    "ignored": 0, "errors": {}, "open_failures": 0, "callback_errors": 0, "last_error": None,
                    "open_problem": None}
        s = self.die.status()
        return {"mode": "die", "connected": s.connected, "port": s.port, "last_roll": s.last_roll,
                "rolls": s.rolls, "lines": s.lines, "ignored": sum(s.errors.values()), "errors": s.errors,
                "open_failures": s.open_failures, "callback_errors": s.callback_errors, "last_error": s.last_error,
                "open_problem": s.open_problem}

    def pins(self) -> dict[str, Any]:
        """Button name -> gpiozero pin (MockPin under --hw mock); {} without buttons."""
        return dict(self.buttons.pins) if self.buttons is not None else {}

    def stop(self) -> None:
        """Close the pins and the die; never raises."""
        for thing, close in ((self.buttons, "close"), (self.die, "stop")):
            if thing is not None:
                try:
                    getattr(thing, close)()
                except Exception:
                    log.debug("hw stop failed", exc_info=True)
        self.buttons = self.die = None


def key_command(key_name: str) -> str | None:
    """Keyboard stand-ins for the buttons (``hw.mock.KEYMAP``): n/space/return
    NEXT, b/backspace BACK (undo), r REDO; imported on first use so that
    start-up does not load gpiozero."""
    from hw.mock import key_command as command
    return command(key_name)

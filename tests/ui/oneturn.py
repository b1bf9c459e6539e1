"""The real main loop (:meth:`App.run`, SDL's dummy driver) fed one batch of inputs: the GPIO buttons on
gpiozero's ``MockFactory`` (``--hw mock``: :class:`HwLink` starts them after the first frame) and taps as SDL
gives them, all read by the loop in one turn, which then ends (a QUIT after them)."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from companion.ui.app import App
from companion.ui.hwlink import HwLink


def finger(pos: tuple[int, int], size: tuple[int, int] = (800, 480)) -> pygame.event.Event:
    """A finger down at logical ``pos`` (no rotation), as SDL posts it: x, y in 0..1."""
    return pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / size[0], y=pos[1] / size[1], touch_id=1, finger_id=0)


def press(app: App, button: str) -> None:
    """Press (and hold down) GPIO button ``button`` ("next" | "back") on its mock pin; returns once gpiozero's
    callback has queued what the button posts."""
    _drive(app, button, low=True)


def release(app: App, button: str) -> None:
    """Let GPIO button ``button`` go; returns once its release is queued."""
    _drive(app, button, low=False)


def _drive(app: App, button: str, low: bool) -> None:
    before = len(app.hw.posted)
    pin = app.hw.pins()[button]
    pin.drive_low() if low else pin.drive_high()
    deadline = time.monotonic() + 2
    while len(app.hw.posted) == before:
        assert time.monotonic() < deadline, f"nothing posted by the {button} pin"
        time.sleep(0.002)


def one_turn(app: App, inputs: Callable[[App], Any]) -> None:
    """Run ``app``'s real loop: its first frame is shown, the mock buttons start, then ``inputs(app)`` presses
    buttons and posts taps (:func:`press`, :func:`finger`), which the loop reads in one batch, with a QUIT
    after them; the loop ends there, without drawing their answer (see :func:`shown`)."""
    def notify(kind: str) -> None:
        if kind == "ready":
            inputs(app)
            pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.notify = notify
    app.hw = HwLink("mock", "none")
    app.hw.wake = app.wake
    app.hw.posted = []
    post = app.hw.post

    def counted(source: str, event: object) -> None:
        post(source, event)
        app.hw.posted.append(event)
    app.hw.post = counted
    try:
        app.run()
    finally:
        from gpiozero import Device
        if Device.pin_factory is not None:
            Device.pin_factory.close()
            Device.pin_factory = None


def shown(app: App) -> App:
    """Draw the frame the loop would show next (the inputs' answer); returns ``app``."""
    app.present()
    return app

"""The screen base class: taps go to the buttons drawn last frame."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import pygame

from companion.rules.contract import Action

from ..widgets import BG, WHY, Ui
from . import chrome


class Screen(ABC):
    """Base: ``draw`` paints the screen (:meth:`paint`) then the chrome
    (dialog, message bar); ``handle_event`` gives a TAP to the button under
    it. Subclasses implement :meth:`paint` and may override :meth:`on_next`."""

    name = "screen"
    top_bar = True

    def __init__(self, app: Any) -> None:
        self.app = app
        self.ui: Ui | None = None

    # three-call pattern
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True if the event was used. TAP events carry ``pos`` (logical pixels); a greyed button
        without words of its own (``Hit.on_tap`` None) says that it is not possible now, but for a dialog's
        greyed \u25b2 \u25bc at the end of its lines (its greyed options say why themselves, the dialog closed:
        :func:`chrome.draw_dialog`): there is nothing to say, and a message would be drawn under the dialog."""
        from ..app import TAP
        if event.type == TAP and self.ui is not None:
            hit = self.ui.hit(event.pos)
            if hit is not None:
                if hit.on_tap is not None:
                    hit.on_tap()
                elif self.app.dialog is None:
                    name = hit.label.removesuffix(WHY)
                    self.app.say(f"{name[:1].upper() + name[1:]}: not possible now.", "info", 5)
                return True
        return False

    def update(self, dt_s: float) -> None:
        """Advance timers by ``dt_s`` seconds (nothing by default)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole logical ``surface``."""
        ui = Ui(surface, self.app.layout)
        surface.fill(BG)
        if self.top_bar:
            chrome.top_bar(ui, self.app)
        self.paint(ui)
        memo = getattr(self.app, "frame_memo", None)
        if memo is not None:  # where the message goes: asked again, the screen's places may be what it just painted
            memo.pop("message_box", None)
        chrome.draw_dialog(ui, self.app)
        chrome.draw_message(ui, self.app)
        self.ui = ui

    # hooks
    @abstractmethod
    def paint(self, ui: Ui) -> None:
        """Paint this screen's body and register its buttons on ``ui``."""

    def on_next(self) -> None:
        """NEXT: submit NEXT; a rejection says what is expected first."""
        self.app.submit(Action("next"), quiet=True)

    def unsaved(self) -> str | None:
        """What the table entered on this screen that leaving it loses, as a sentence ("The 2 Marsonauts
        chosen here are not kept."), or None (the default: nothing); asked before BACK leaves a New-game screen."""
        return None

    def enter(self) -> None:
        """Called when the screen becomes the current one."""

    def leave(self) -> None:
        """Called when another screen takes over."""

"""A dialog dims the screen under it in place (widgets.Ui.modal): no veil surface the size of the
screen (1.5 MiB at 800x480, made at every frame a dialog shows, and counted in the peak memory that
issue 13 bounds), the same picture within one level of rounding."""
from __future__ import annotations

import pygame

from companion.ui import widgets


def test_a_dialog_dims_the_screen_to_a_third_without_a_screen_sized_surface(make_driver, monkeypatch):
    d = make_driver((800, 480))
    under = d.frame().copy()  # the game, no dialog
    made = []
    real = pygame.Surface

    def counting(size, *args, **kwargs):
        made.append(tuple(size))
        return real(size, *args, **kwargs)

    monkeypatch.setattr(pygame, "Surface", counting)
    d.tap("New game")
    shown = d.frame()
    assert d.app.dialog is not None
    assert (800, 480) not in made and len(made) < 3, made
    for x, y in ((5, 470), (790, 470), (400, 2), (2, 240)):  # corners and edges: under the dialog's veil only
        before, after = under.get_at((x, y)), shown.get_at((x, y))
        for c in range(3):
            assert abs(after[c] - before[c] * widgets.VEIL[c] / 255) <= 1, ((x, y), before, after)


def test_a_dialogs_cancel_is_framed_as_a_button(make_driver):
    """A tester's finding: the number pad's Cancel had no frame (a quiet button: its border in its fill's
    colour), so it read as a caption, not as a key. It is framed in the buttons' line colour, its words dim."""
    d = make_driver((800, 480))
    d.tap("New game")
    shown = d.frame()
    cancel = next(h.rect for h in d.app.screen.ui.hits if h.label == "Cancel")
    edge = shown.get_at((cancel.x + 1, cancel.centery))[:3]
    inside = shown.get_at((cancel.x + 12, cancel.y + 6))[:3]
    assert edge == widgets.LINE and inside == widgets.PANEL, (edge, inside)

"""Touch de-dup: one tap is one press whatever SDL sends."""
import pygame
import pytest

from companion.ui.touch import TapFilter


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def finger(x, y):
    return pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, touch_id=1, finger_id=0)


def mouse(x, y, touch=False, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=button, touch=touch)


@pytest.mark.timeout(10)
def test_finger_plus_marked_mouse_is_one_press():
    f = TapFilter((800, 480), clock=Clock())
    taps = [f.tap(finger(400, 240)), f.tap(mouse(400, 240, touch=True))]
    assert [t for t in taps if t] == [(400, 240)]


@pytest.mark.timeout(10)
def test_finger_plus_unmarked_mouse_within_window_is_one_press():
    c = Clock()
    f = TapFilter((800, 480), clock=c)
    assert f.tap(finger(100, 100)) == (100, 100)
    c.t += 0.05
    assert f.tap(mouse(102, 99)) is None
    # mouse first, then the finger copy
    c.t += 1
    assert f.tap(mouse(300, 300)) == (300, 300)
    c.t += 0.02
    assert f.tap(finger(300, 300)) is None


@pytest.mark.timeout(10)
def test_separate_taps_count():
    c = Clock()
    f = TapFilter((800, 480), clock=c)
    assert f.tap(finger(100, 100)) == (100, 100)
    c.t += 0.05
    assert f.tap(mouse(600, 400)) == (600, 400)  # somewhere else: a second finger/person
    c.t += 1.0
    assert f.tap(mouse(600, 400)) == (600, 400)  # later: a new tap
    c.t += 0.1
    assert f.tap(finger(50, 50)) == (50, 50)
    assert f.tap(mouse(50, 50, button=3)) is None  # right button is no tap


@pytest.mark.timeout(20)
def test_app_counts_one_press_for_finger_and_mouse(make_driver):
    """Through the app: FINGERDOWN + its synthesised mouse press toggle a Marsonaut once."""
    d = make_driver((800, 480))
    hit = [h for h in d.app.screen.ui.hits if h.label == "Stan"][0]
    x, y = hit.rect.center
    d.app.handle(finger(x, y))
    d.app.handle(mouse(x, y, touch=True))
    d.app.handle(mouse(x, y))  # a driver that does not mark it
    d.frame()
    assert d.app.ui_for("thirty-to-mars").screens["new_game"].crew == ["stan"]

"""Readable at 1 m on the 7" panel: every screen at 800x480, the height of a
capital letter of each text against its class (16 px for what is read
during play, 24 px for the key numbers, 12 px at least for anything)."""
from __future__ import annotations

import pytest

from companion.ui import text

from . import test_screens
from .readable import check_sizes, smallest_cap


@pytest.mark.timeout(60)
def test_every_screen_at_800x480_is_readable(make_driver, monkeypatch):
    d = make_driver((800, 480))
    smallest: dict[str, tuple[int, str]] = {}
    check = test_screens.check_frame

    def recording(drv, where):
        check(drv, where)  # sizes by class, nothing cut, nothing overlapping
        sizes = drv.app.screen.ui.text_sizes
        cap, s = min(((text.cap_height(sz, b), s) for s, sz, b, _ in sizes), default=(99, ""))
        smallest[where.rsplit(" (", 1)[0]] = (cap, s)
    monkeypatch.setattr(test_screens, "check_frame", recording)
    test_screens.walk(d, (800, 480), set())
    print("\nsmallest capital height per screen at 800x480:")
    for where, (cap, s) in smallest.items():
        print(f"  {where:<24} {cap:>3} px  {s!r}")
    assert len(smallest) >= 15
    assert min(cap for cap, _ in smallest.values()) >= 12


@pytest.mark.timeout(30)
def test_the_key_numbers_are_key_sized(make_driver):
    from .helpers import start_game
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    state = d.app.state
    key = {s for s, sz, b, cls in d.app.screen.ui.text_sizes if cls == "key" and text.cap_height(sz, b) >= 24}
    assert {str(n) for n in state.resources} <= key, key
    assert {f"H {m.health}" for m in state.crew} <= key and {f"S {m.sanity}" for m in state.crew} <= key
    assert f"Day {state.day} / 30" in key
    assert smallest_cap(d) >= 12


def test_the_check_fails_on_small_text(make_driver):
    """The check itself can fail: a playing text drawn at fine print, a key number at reading size."""
    d = make_driver((800, 480))
    ui = d.app.screen.ui
    lay = d.app.layout
    ui.text_sizes.append(("Larisa's Special Ability needs Sanity 10", lay.fine, False, "read"))
    with pytest.raises(AssertionError, match="capitals 12px < 16px"):
        check_sizes(d, "small text")
    ui.text_sizes[-1] = ("H 7", lay.small, True, "read")
    with pytest.raises(AssertionError, match="key number"):
        check_sizes(d, "small number")
    ui.text_sizes[-1] = ("Larisa", 15, True, "fine")
    with pytest.raises(AssertionError):
        check_sizes(d, "fine print that is read")

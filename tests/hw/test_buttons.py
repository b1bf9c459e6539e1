"""hw.buttons on gpiozero's MockFactory: our debouncer, press/hold/release, commands, config."""
from __future__ import annotations

import time

import pytest

from hw.buttons import (
    ButtonConfig,
    ButtonEvent,
    Buttons,
    ConfigError,
    Debouncer,
    GpioUnavailable,
    load_config,
)
from hw.mock import KEYMAP, key_command, lost_edges, mock_buttons


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def actions(evs):
    return [(e.button, e.action, e.command) for e in evs]


def test_debouncer_is_a_lockout_on_the_first_edge():
    d = Debouncer(0.03)
    assert d.edge(True, 0.000) is True  # accepted at once
    assert [d.edge(lvl, t) for lvl, t in [(False, 0.002), (True, 0.004), (False, 0.006)]] == [None] * 3
    assert d.in_window(0.029) and not d.in_window(0.031)
    assert d.settle(False, 0.031) is False  # the final level wins after the window
    assert d.edge(True, 0.040) is None  # still inside the window of that change
    assert d.edge(True, 0.070) is True


@pytest.mark.timeout(5)
def test_chatter_of_five_toggles_in_ten_ms_gives_one_press_then_one_release(events):
    clock = FakeClock()
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=5.0), clock=clock)
    try:
        pin = b.pins["next"]
        for i in range(5):  # low high low high low, 2 ms apart: ends pressed
            clock.t += 0.002
            pin.drive_low() if i % 2 == 0 else pin.drive_high()
        time.sleep(0.1)  # let the settle timer (30 ms) run
        assert actions(events.drain()) == [("next", "press", "next")]
        clock.t += 0.5
        for i in range(5):  # high low high low high: ends released
            clock.t += 0.002
            pin.drive_high() if i % 2 == 0 else pin.drive_low()
        time.sleep(0.1)
        got = events.drain()
        assert actions(got) == [("next", "release", None)]
        assert got[0].t == pytest.approx(100.512)
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_bounce_that_ends_released_gives_press_then_release(events):
    clock = FakeClock()
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=5.0), clock=clock)
    try:
        b.pins["back"].drive_low()
        clock.t += 0.002
        b.pins["back"].drive_high()  # ignored as bounce, but it is the final level
        events.wait(lambda e: e.action == "release", timeout_s=1.0)
        assert actions(events.seen) == [("back", "press", None), ("back", "release", "back")]
        assert events.seen[1].t == 100.002  # released when the settle timer looked again
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_press_hold_release_of_next(events):
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.15))
    try:
        t0 = time.monotonic()
        b.pins["next"].drive_low()
        assert actions([events.wait()]) == [("next", "press", "next")]
        hold = events.wait()
        assert (hold.button, hold.action, hold.command) == ("next", "hold", None)
        assert 0.14 <= hold.t - t0 < 1.0
        time.sleep(0.05)
        b.pins["next"].drive_high()
        assert actions(events.drain()) == [("next", "release", None)]
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_tap_back_is_undo_and_hold_back_is_redo_without_undo(events):
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.15))
    try:
        pin = b.pins["back"]
        pin.drive_low()
        time.sleep(0.05)
        pin.drive_high()
        assert actions(events.drain()) == [("back", "press", None), ("back", "release", "back")]
        time.sleep(0.05)  # past the debounce window
        pin.drive_low()
        events.wait(lambda e: e.action == "hold")
        pin.drive_high()
        got = events.seen[-1:] + events.drain()
        assert actions(got) == [("back", "hold", "redo"), ("back", "release", None)]
        commands = [e.command for e in events.seen if e.command]
        assert commands == ["back", "redo"]
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_a_short_press_never_holds(events):
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.1))
    try:
        b.pins["next"].drive_low()
        time.sleep(0.04)
        b.pins["next"].drive_high()
        time.sleep(0.15)
        assert actions(events.drain()) == [("next", "press", "next"), ("next", "release", None)]
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_a_raising_post_never_reaches_gpiozero(events):
    def post(ev: ButtonEvent):
        events.post(ev)
        raise RuntimeError("screen bug")

    b = mock_buttons(post, ButtonConfig(hold_time_s=5.0))
    try:
        b.pins["next"].drive_low()  # would raise here if the callback leaked the error
        time.sleep(0.05)
        b.pins["next"].drive_high()
        assert actions(events.drain()) == [("next", "press", "next"), ("next", "release", None)]
        assert b.callback_errors == 2
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_close_stops_events_and_pending_holds(events):
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.05))
    b.pins["next"].drive_low()
    b.close()
    b.close()
    time.sleep(0.1)
    assert actions(events.drain()) == [("next", "press", "next")]


@pytest.mark.timeout(5)
def test_back_held_while_starting_then_released_does_nothing(events):
    """Issue 11, item 9: a hand resting on BACK while the app starts must not undo a move."""
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.1), held=("back",))
    try:
        pin = b.pins["back"]
        assert pin.state is False  # held down: the contact pulls the pin to ground
        time.sleep(0.15)  # longer than the hold time: no REDO either
        pin.drive_high()
        got = events.drain()
        assert [e.command for e in got if e.command] == []
        time.sleep(0.04)  # past the debounce window: the next tap is an undo as usual
        pin.drive_low()
        time.sleep(0.04)
        pin.drive_high()
        assert [e.command for e in events.drain() if e.command] == ["back"]
    finally:
        b.close()


@pytest.mark.timeout(5)
@pytest.mark.parametrize("button", ["next", "back"])
def test_a_missed_release_edge_does_not_swallow_the_next_press(events, button):
    """Issue 11, item 10: two presses are two presses even when one release edge was lost."""
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=5.0))
    try:
        pin = b.pins[button]
        pin.drive_low()
        time.sleep(0.04)
        with lost_edges(pin):  # the release happens, but no interrupt reports it
            pin.drive_high()
        time.sleep(0.04)
        pin.drive_low()  # the second press
        time.sleep(0.04)
        pin.drive_high()
        got = events.drain()
        assert actions(got) == [(button, "press", "next" if button == "next" else None),
                                (button, "release", None if button == "next" else "back")] * 2
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_a_missed_press_edge_still_counts_the_press(events):
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=5.0))
    try:
        pin = b.pins["next"]
        with lost_edges(pin):
            pin.drive_low()
        time.sleep(0.04)
        pin.drive_high()  # only the release is reported: the press happened before it
        assert actions(events.drain()) == [("next", "press", "next"), ("next", "release", None)]
    finally:
        b.close()


@pytest.mark.timeout(5)
def test_no_thread_is_left_running_between_presses(events):
    """The hold timer exists only while a button is down (nothing polls while idle)."""
    import threading
    before = set(threading.enumerate())
    b = mock_buttons(events.post, ButtonConfig(hold_time_s=0.5))
    try:
        assert set(threading.enumerate()) == before  # DigitalInputDevice: no hold thread
        b.pins["back"].drive_low()
        assert len(set(threading.enumerate()) - before) == 1  # the hold timer
        time.sleep(0.04)
        b.pins["back"].drive_high()
        deadline = time.monotonic() + 1
        while set(threading.enumerate()) - before and time.monotonic() < deadline:
            time.sleep(0.005)
        assert set(threading.enumerate()) - before == set()
    finally:
        b.close()


def test_no_gpio_is_a_clear_error(monkeypatch, events):
    from gpiozero import Device
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    with pytest.raises(GpioUnavailable, match="no GPIO here"):
        Buttons(events.post, ButtonConfig()).start()


def test_config_overrides_pins_and_timing(tmp_path, events):
    path = tmp_path / "buttons.toml"
    path.write_text('hold_time = 0.5\ndebounce = 0.01\n[pins]\nnext = 5\nback = "GPIO6"\n')
    cfg = load_config(path)
    assert cfg == ButtonConfig(pins={"next": 5, "back": "GPIO6"}, hold_time_s=0.5, debounce_s=0.01)
    b = mock_buttons(events.post, cfg)
    try:
        assert {n: p.info.name for n, p in b.pins.items()} == {"next": "GPIO5", "back": "GPIO6"}
    finally:
        b.close()


@pytest.mark.parametrize("text", [
    "hold_time = ", "colour = 1", "[pins]\nroll = 22", "[pins]\nnext = 27", "hold_time = -1",
    "pull_up = 1", "[pins]\nnext = true", "hold_time = " + "[" * 50_000 + "]" * 50_000,
])
def test_bad_config_is_a_config_error(tmp_path, text):
    """Also a file nested too deep for the TOML parser (a hostile tester's finding: its RecursionError was a
    traceback from ``companion buttons``, and the app said "maximum recursion depth exceeded")."""
    path = tmp_path / "buttons.toml"
    path.write_text(text)
    with pytest.raises(ConfigError):
        load_config(path)


def test_config_file_defaults(tmp_path, monkeypatch):
    import hw.buttons
    monkeypatch.setattr(hw.buttons, "default_config_path", lambda: tmp_path / "absent.toml")
    assert load_config() == ButtonConfig()
    with pytest.raises(FileNotFoundError):
        load_config(tmp_path / "absent.toml")


def test_keyboard_map_uses_pygame_key_names():
    assert key_command("n") == key_command("space") == key_command("return") == "next"
    assert key_command("b") == key_command("backspace") == "back"
    assert key_command("r") == "redo" and key_command("x") is None
    assert set(KEYMAP.values()) == {"next", "back", "redo"}


def test_hw_imports_neither_pygame_nor_rules():
    import subprocess
    import sys
    code = ("import sys, hw.buttons, hw.die, hw.mock; "
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('companion')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.timeout(10)
def test_a_config_that_is_no_regular_file_is_a_config_error(tmp_path):
    """A hostile tester's finding: a FIFO in place of buttons.toml held ``companion buttons``, and the app's loop
    (which starts the buttons after its first frame), in read() for ever."""
    import os
    path = tmp_path / "buttons.toml"
    os.mkfifo(path)
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config(path)

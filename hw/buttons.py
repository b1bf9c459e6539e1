"""GPIO buttons -> semantic button events (NEXT, BACK, REDO = hold BACK).

Two momentary push buttons wired between a GPIO pin and ground, read with
``gpiozero.DigitalInputDevice`` and the internal pull-up (not ``Button``: its
hold thread polls ten times a second; our own timer times the hold). The pin factory is chosen the
gpiozero way (``GPIOZERO_PIN_FACTORY``, ``lgpio`` on a Pi 5, ``mock`` in
tests); nothing here names a factory.

Each physical button gives ``press``, ``hold`` (after ``hold_time_s``, once)
and ``release`` events, debounced by :class:`Debouncer` (ours: gpiozero's
``MockFactory`` ignores ``bounce_time``, so the debouncing must live, and be
tested, here). The event that means something carries a ``command``:

=========  =======  ==========  =================================
button     action   command     why
=========  =======  ==========  =================================
next       press    ``next``    advance / confirm at once: the common case
back       hold     ``redo``    redo is undo's inverse: same button
back       release  ``back``    only if the press did not become a hold
=========  =======  ==========  =================================

BACK acts on release so that holding it for REDO never undoes first; NEXT
acts on press so that the most used control feels immediate, and a hand
resting on NEXT never triggers anything else. No third (ROLL) button: a
roll can always be entered by touch, and the die simulator covers testing.

Callbacks run on gpiozero's and timer threads: they only call ``post(event)``,
which must be thread-safe (``queue.Queue.put``, ``pygame.event.post``).
"""
from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .deferred import import_gpiozero

log = logging.getLogger(__name__)

NEXT = "next"  #: button name and command: advance to the next phase / confirm
BACK = "back"  #: button name and command: undo the last action
REDO = "redo"  #: command: redo the last undone action (hold BACK)
BUTTONS = (NEXT, BACK)
PRESS, HOLD, RELEASE = "press", "hold", "release"
#: (button, action) -> command; every other combination has command None
COMMANDS: Mapping[tuple[str, str], str] = {(NEXT, PRESS): NEXT, (BACK, HOLD): REDO}


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """``button`` (``"next"``/``"back"``) did ``action`` (``"press"``/``"hold"``/``"release"``).

    ``t`` is the clock's seconds (``time.monotonic()`` unless injected);
    ``command`` is ``"next"``, ``"back"``, ``"redo"`` or ``None`` (see module doc).
    """

    button: str
    action: str
    t: float
    command: str | None = None


class ConfigError(ValueError):
    """The buttons TOML file is not valid TOML or has a bad value."""


class GpioUnavailable(RuntimeError):
    """No GPIO pin factory works here (not a Pi, no lgpio, no rights to /dev/gpiochip*)."""


@dataclass(frozen=True)
class ButtonConfig:
    """Pins and timing. ``pins``: button name -> gpiozero pin (``17`` = BCM GPIO17,
    ``"GPIO17"``, ``"BOARD11"``); ``pull_up``: True when the button connects the
    pin to ground; ``hold_time_s`` and ``debounce_s`` in seconds."""

    pins: Mapping[str, int | str] = field(default_factory=lambda: {NEXT: 17, BACK: 27})
    pull_up: bool = True
    hold_time_s: float = 1.0
    debounce_s: float = 0.03


def default_config_path() -> Path:
    """``<user_config_dir("mars-companion")>/buttons.toml`` (e.g. ``~/.config/mars-companion/``)."""
    from platformdirs import user_config_dir
    return Path(user_config_dir("mars-companion")) / "buttons.toml"


def load_config(path: str | Path | None = None) -> ButtonConfig:
    """Read a buttons TOML file over the defaults.

    Format (every key optional)::

        hold_time = 1.0     # seconds until a press becomes a hold
        debounce = 0.03     # seconds
        pull_up = true      # button wired to ground
        [pins]
        next = 17           # BCM number, or "GPIO17", "BOARD11"
        back = 27

    ``path=None`` reads :func:`default_config_path` if it exists, else returns
    the defaults. Raises ``FileNotFoundError`` for an explicit missing path and
    :class:`ConfigError` for bad TOML, unknown keys or bad values.
    """
    if path is None:
        path = default_config_path()
        if not path.exists():
            return ButtonConfig()
    import tomllib  # only where a file is read: the built-in pin map needs no parser
    path = Path(path)
    if path.exists() and not path.is_file():  # a FIFO would hold the caller (the app's loop) in read()
        raise ConfigError(f"{path}: not a regular file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: {e}") from e
    except RecursionError:  # "[[[[..." thousands deep: the parser's recursion, not the caller's end
        raise ConfigError(f"{path}: its arrays or tables are nested too deep to be the buttons' settings") from None
    unknown = set(data) - {"hold_time", "debounce", "pull_up", "pins"}
    if unknown:
        raise ConfigError(f"{path}: unknown keys {sorted(unknown)}")
    pins = dict(ButtonConfig().pins)
    extra = data.get("pins", {})
    if not isinstance(extra, dict) or set(extra) - set(BUTTONS):
        raise ConfigError(f"{path}: [pins] may only set {list(BUTTONS)}")
    for name, pin in extra.items():
        if isinstance(pin, bool) or not isinstance(pin, int | str):
            raise ConfigError(f"{path}: pins.{name} must be a number or a pin name")
        pins[name] = pin
    if len(set(map(str, pins.values()))) != len(pins):
        raise ConfigError(f"{path}: two buttons on one pin: {pins}")
    cfg = ButtonConfig(pins=pins, pull_up=data.get("pull_up", True),
                       hold_time_s=data.get("hold_time", 1.0), debounce_s=data.get("debounce", 0.03))
    if not isinstance(cfg.pull_up, bool):
        raise ConfigError(f"{path}: pull_up must be true or false")
    for key, v in (("hold_time", cfg.hold_time_s), ("debounce", cfg.debounce_s)):
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 10:
            raise ConfigError(f"{path}: {key} must be seconds between 0 and 10")
    return cfg


class Debouncer:
    """Lock-out debouncer for one contact; pure, times in seconds from any clock.

    The first edge that changes the level is accepted at once (no added
    latency); edges within ``window_s`` after an accepted change are ignored
    as bounce. After such ignored edges the caller must call :meth:`settle`
    with the raw level once the window has passed, so the final level wins.
    """

    def __init__(self, window_s: float, pressed: bool = False) -> None:
        self.window_s = window_s
        self.pressed = pressed
        self._t = float("-inf")

    def edge(self, pressed: bool, t: float) -> bool | None:
        """A raw level at time ``t``; the new debounced level, or None if ignored/unchanged."""
        if pressed == self.pressed or t - self._t < self.window_s:
            return None
        self.pressed, self._t = pressed, t
        return pressed

    def in_window(self, t: float) -> bool:
        """True while ``t`` is within the lock-out after the last accepted change."""
        return t - self._t < self.window_s

    def settle(self, pressed: bool, t: float) -> bool | None:
        """The raw level after the window; the new debounced level, or None if unchanged."""
        if pressed == self.pressed:
            return None
        self.pressed, self._t = pressed, t
        return pressed

    def forget_window(self) -> None:
        """End the lock-out now: the next edge is accepted at once (used after a
        change we inferred rather than saw, so the edge that revealed it counts)."""
        self._t = float("-inf")


class _Channel:
    def __init__(self, name: str, window_s: float) -> None:
        self.name = name
        self.debouncer = Debouncer(window_s)
        self.held = False
        self.seen_press = False  # the press of this contact was ours (not one held since start-up)
        self.generation = 0
        self.hold_timer: threading.Timer | None = None
        self.settle_timer: threading.Timer | None = None
        self.device = None


def _contact_class() -> type:
    """``gpiozero.DigitalInputDevice`` that also reports every pin edge to ``on_edge(active)``.

    Not ``gpiozero.Button``: its hold thread wakes ten times a second for ever,
    and our own timer times the hold. Not ``when_activated``: gpiozero fires it
    only when the level differs from the last one it saw, so after a missed
    release edge the next press would be swallowed; every edge the pin reports
    reaches ``on_edge`` (``True`` = active, i.e. pressed).
    """
    from gpiozero.input_devices import DigitalInputDevice  # its package is import_gpiozero's (Buttons.start)

    class Contact(DigitalInputDevice):
        on_edge: Callable[[bool], object] | None = None

        def _pin_changed(self, ticks: int, state: int) -> None:
            super()._pin_changed(ticks, state)
            on_edge = self.on_edge
            if on_edge is not None:
                on_edge(bool(self._state_to_value(state)))

    return Contact


class Buttons:
    """The table's buttons, posting :class:`ButtonEvent` objects.

    ``post(event)`` must be thread-safe; an exception it raises is logged and
    counted in :attr:`callback_errors`, never propagated. ``config`` defaults
    to :func:`load_config` ``()``. ``pin_factory`` is for tests (a gpiozero
    ``MockFactory``); ``None`` uses gpiozero's default. ``clock`` gives the
    event times (seconds).

    Idle, nothing runs: edges arrive as gpiozero pin callbacks, and the only
    threads of ours are a hold timer while a button is down and a settle
    timer for ``debounce_s`` after a bounce. A button already held down at
    :meth:`start` gives no command when it is let go (a hand resting on
    BACK while the app starts does not undo). An edge whose opposite edge
    was missed (the pin reports "pressed" while we think it is pressed) is
    taken as the missed release followed by a new press, so no press is lost.
    """

    def __init__(self, post: Callable[[ButtonEvent], object], config: ButtonConfig | None = None, *,
                 pin_factory: object | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.post = post
        self.config = config if config is not None else load_config()
        self.pin_factory = pin_factory
        self.clock = clock
        self.callback_errors = 0
        self._lock = threading.RLock()
        self._channels = {n: _Channel(n, self.config.debounce_s) for n in self.config.pins}
        self._closed = True

    def start(self) -> Buttons:
        """Claim the pins and start posting events; returns self.

        Raises :class:`GpioUnavailable` when no GPIO is usable here (message
        says why), :class:`ConfigError` for a pin that is no pin here (``next = -5``),
        and gpiozero's ``GPIOPinInUse`` for a pin already claimed.
        """
        import_gpiozero()
        from gpiozero.exc import BadPinFactory, GPIOPinInUse, GPIOZeroError, PinInvalidPin
        self._closed = False
        name = ""
        try:
            contact = _contact_class()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # PinFactoryFallback chatter
                for name, ch in self._channels.items():
                    ch.device = contact(self.config.pins[name], pull_up=self.config.pull_up,
                                        bounce_time=None, pin_factory=self.pin_factory)
                    with self._lock:
                        ch.debouncer.pressed = ch.device.is_active
                        ch.seen_press = False  # held since before start: its release means nothing
                        ch.device.on_edge = lambda active, n=name: self._edge(n, active)
        except GPIOPinInUse:
            self.close()
            raise
        except PinInvalidPin as e:  # the pin map's fault, not the machine's
            self.close()
            raise ConfigError(f"pins.{name}: {e}") from e
        except (BadPinFactory, GPIOZeroError, ImportError, OSError, RuntimeError) as e:
            self.close()
            raise GpioUnavailable(f"no GPIO here ({type(e).__name__}: {e}); on a laptop use the "
                                  "keyboard, or GPIOZERO_PIN_FACTORY=mock") from e
        return self

    def close(self) -> None:
        """Release the pins and cancel pending timers (idempotent)."""
        with self._lock:
            self._closed = True
            for ch in self._channels.values():
                for timer in (ch.hold_timer, ch.settle_timer):
                    if timer:
                        timer.cancel()
                ch.hold_timer = ch.settle_timer = None
                if ch.device is not None:
                    ch.device.on_edge = None
                    try:
                        ch.device.close()
                    except Exception:
                        log.debug("buttons: close failed", exc_info=True)
                    ch.device = None

    def __enter__(self) -> Buttons:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pins(self) -> dict[str, object]:
        """Button name -> the gpiozero pin object (a ``MockPin`` in tests)."""
        return {n: ch.device.pin for n, ch in self._channels.items() if ch.device is not None}

    # -- internals (gpiozero and timer threads) -----------------------------------------
    def _emit(self, ch: _Channel, action: str) -> None:
        command = COMMANDS.get((ch.name, action))
        if (ch.name, action) == (BACK, RELEASE) and ch.seen_press and not ch.held:
            command = BACK
        try:
            self.post(ButtonEvent(ch.name, action, self.clock(), command))
        except Exception:
            self.callback_errors += 1
            log.exception("buttons: post raised")

    def _edge(self, name: str, pressed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            ch = self._channels[name]
            now = self.clock()
            if ch.debouncer.in_window(now):
                if ch.settle_timer is None:  # bounce: look again when the window is over
                    ch.settle_timer = self._timer(self.config.debounce_s, self._settle, name)
                return
            if pressed == ch.debouncer.pressed:
                # An edge to the level we already have: the edge the other way was
                # missed (an overrun interrupt queue). It happened in between: take it now.
                self._apply(ch, ch.debouncer.settle(not pressed, now))
                ch.debouncer.forget_window()
            self._apply(ch, ch.debouncer.edge(pressed, now))

    def _settle(self, name: str) -> None:
        with self._lock:
            ch = self._channels[name]
            ch.settle_timer = None
            if self._closed or ch.device is None:
                return
            try:
                raw = ch.device.is_active
            except Exception:
                return
            self._apply(ch, ch.debouncer.settle(raw, self.clock()))

    def _timer(self, delay_s: float, fn: Callable[..., None], *args: object) -> threading.Timer:
        timer = threading.Timer(delay_s, fn, args)
        timer.daemon = True
        timer.start()
        return timer

    def _apply(self, ch: _Channel, level: bool | None) -> None:
        if level is None:
            return
        ch.generation += 1
        if ch.hold_timer:
            ch.hold_timer.cancel()
            ch.hold_timer = None
        if level:
            ch.held = False
            ch.seen_press = True
            self._emit(ch, PRESS)
            ch.hold_timer = self._timer(self.config.hold_time_s, self._hold, ch.name, ch.generation)
        else:
            self._emit(ch, RELEASE)
            ch.held = ch.seen_press = False

    def _hold(self, name: str, generation: int) -> None:
        with self._lock:
            ch = self._channels[name]
            if self._closed or generation != ch.generation or not ch.debouncer.pressed:
                return
            ch.hold_timer = None
            ch.held = True
            self._emit(ch, HOLD)

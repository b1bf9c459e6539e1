"""Hardware without hardware: mock GPIO pins, keyboard buttons, a simulated die on a pty.

- :func:`mock_buttons` -- :class:`hw.buttons.Buttons` on gpiozero's ``MockFactory``;
  drive them with ``pins["next"].drive_low()`` (press) / ``drive_high()`` (release);
  ``held=("back",)`` starts with a button already held down; :func:`lost_edges`
  changes a pin's level without reporting the edge (a missed interrupt).
- :data:`KEYMAP` / :func:`key_command` -- pygame key *names* (``pygame.key.name``)
  to commands, as plain strings so ``hw`` never imports pygame.
- :class:`DieSimulator` -- writes the die protocol (``hw/PROTOCOL.md``) to the
  master end of a pseudo-terminal; :attr:`DieSimulator.path` is the slave end
  a :class:`hw.die.DieReader` opens. :meth:`DieSimulator.unplug` closes the
  master end, which the reader sees exactly like a USB unplug.
"""
from __future__ import annotations

import contextlib
import errno
import os
import random
import threading
import tty
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from hw.buttons import BACK, NEXT, REDO, ButtonConfig, ButtonEvent, Buttons
from hw.deferred import import_gpiozero
from hw.die import MAX_LINE, checksum

#: pygame key name -> command ("next", "back", "redo")
KEYMAP: dict[str, str] = {
    "n": NEXT, "space": NEXT, "return": NEXT, "enter": NEXT,
    "b": BACK, "backspace": BACK,
    "r": REDO,
}


def key_command(key_name: str) -> str | None:
    """The command for a pygame key name (``pygame.key.name(event.key)``), or None."""
    return KEYMAP.get(key_name.lower())


def mock_buttons(post: Callable[[ButtonEvent], object], config: ButtonConfig | None = None,
                 held: Iterable[str] = (), **kw: object) -> Buttons:
    """Started :class:`Buttons` on a fresh gpiozero ``MockFactory`` (also made the default).

    ``config`` defaults to the built-in pin map (no config file is read);
    ``held``: names of buttons already held down when the pins are claimed
    (a hand on BACK while the app starts); ``kw`` goes to :class:`Buttons`
    (e.g. ``clock``). The pins are in ``buttons.pins``; close with
    ``buttons.close()``.
    """
    import_gpiozero()
    from gpiozero.devices import Device
    from gpiozero.pins.mock import MockFactory
    config = config or ButtonConfig()
    Device.pin_factory = factory = MockFactory()
    for name in held:
        factory.pin(config.pins[name], pin_class=_held_pin_class())
    return Buttons(post, config, pin_factory=factory, **kw).start()


def _held_pin_class() -> type:
    from gpiozero.pins.mock import MockPin  # imported by mock_buttons (import_gpiozero)

    class HeldMockPin(MockPin):
        """A MockPin whose button is down when it is claimed: the contact beats the pull resistor."""

        def _set_pull(self, value: str) -> None:
            super()._set_pull(value)  # drives the pin to the pull's level...
            if value == "up":  # ...which the closed contact overrides
                self.drive_low()
            elif value == "down":
                self.drive_high()

    return HeldMockPin


@contextlib.contextmanager
def lost_edges(pin: object) -> Iterator[None]:
    """Within the ``with`` block, ``pin.drive_low()``/``drive_high()`` change the level but
    report no edge: the interrupt was missed (an overrun alert queue, a busy kernel)."""
    edges = pin.edges
    pin.edges = "none"
    try:
        yield
    finally:
        pin.edges = edges


NOISE_KINDS = ("random", "partial", "overlong", "utf8", "checksum")


class DieSimulator:
    """A simulated electronic die on a pseudo-terminal.

    ``seed`` seeds its ``random.Random`` (faces and noise). ``use_checksum``
    appends ``*XX`` to every line it writes. ``link``, if given, is a symlink
    kept pointing at the current slave path (like udev's ``/dev/mars-die``);
    :meth:`remove_link` (also on leaving a ``with`` block) takes it away.
    Writes never block: when the slave's input buffer is full (nobody
    reading) the bytes are dropped and counted in :attr:`dropped`.
    """

    def __init__(self, seed: int | None = None, *, use_checksum: bool = False,
                 link: str | os.PathLike | None = None) -> None:
        self.rng = random.Random(seed)
        self.use_checksum = use_checksum
        self.link = Path(link) if link else None
        self.master: int | None = None
        self.path: str | None = None
        self.dropped = 0
        self._lock = threading.Lock()
        self._auto: threading.Thread | None = None
        self._auto_stop = threading.Event()
        self._made_link: tuple[int, int, str] | None = None  # (st_dev, st_ino, target) of the link we made

    def plug(self) -> str:
        """Open a new pty (raw mode, so no echo or line editing); return its slave path. Raises
        ``FileExistsError`` (nothing opened) when ``link`` names something that is not a symlink: it is left
        alone (a hostile tester's finding: ``--link`` at a file replaced the file with the symlink)."""
        if self.link is not None and self.link.exists() and not self.link.is_symlink():
            raise FileExistsError(errno.EEXIST, "it is there and is not a symlink: left alone", str(self.link))
        with self._lock:
            self._close_fds()
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            self.master, self._slave = master, slave  # keep the slave open: no hang-up before the reader opens
            self.path = os.ttyname(slave)
            if self.link:
                tmp = self.link.with_name(self.link.name + ".tmp")
                tmp.unlink(missing_ok=True)
                os.symlink(self.path, tmp)
                os.replace(tmp, self.link)
                st = os.lstat(self.link)
                self._made_link = (st.st_dev, st.st_ino, self.path)
            return self.path

    open = plug

    def unplug(self) -> None:
        """Close the master end: the reader's next read fails like a pulled USB cable."""
        with self._lock:
            self._close_fds()

    close = unplug

    def remove_link(self) -> bool:
        """Remove ``link`` if it is still the symlink this simulator made (same inode, same target); returns
        whether it did. Left behind, it points at a pty that is gone, and pty numbers are reused: a later
        reader through it would open another program's terminal. Anything put in its place is left alone."""
        with self._lock:
            made, self._made_link = self._made_link, None
            if self.link is None or made is None:
                return False
            try:
                st = os.lstat(self.link)
                if (st.st_dev, st.st_ino) != made[:2] or os.readlink(self.link) != made[2]:
                    return False
                os.unlink(self.link)
            except OSError:  # gone already, or replaced by something that is not a symlink
                return False
            return True

    def _close_fds(self) -> None:
        for fd in (self.master, getattr(self, "_slave", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.master = self._slave = None

    def __enter__(self) -> DieSimulator:
        self.plug()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_auto()
        self.unplug()
        self.remove_link()

    # -- writing --------------------------------------------------------------------------
    def send_raw(self, data: bytes) -> int:
        """Write bytes as they are; returns how many were written (0 if unplugged)."""
        with self._lock:
            if self.master is None:
                return 0
            try:
                n = os.write(self.master, data)
            except (BlockingIOError, OSError):
                n = 0
            self.dropped += len(data) - n
            return n

    def send_line(self, text: str, use_checksum: bool | None = None) -> bytes:
        """Write one protocol line (``\\n`` added, ``*XX`` if checksums are on); returns the bytes."""
        body = text.encode("ascii")
        if self.use_checksum if use_checksum is None else use_checksum:
            body += b"*" + checksum(body).encode()
        line = body + b"\n"
        self.send_raw(line)
        return line

    def roll(self, face: int | None = None, *, keyword: bool = True) -> int:
        """Write a roll (``ROLL n``, or bare ``n`` with ``keyword=False``); returns the face 1..6."""
        face = self.rng.randint(1, 6) if face is None else face
        self.send_line(f"ROLL {face}" if keyword else str(face))
        return face

    def rolling(self) -> None:
        """Write ``ROLLING``."""
        self.send_line("ROLLING")

    def identity(self, name: str = "MarsDie", firmware: str = "1.2") -> None:
        """Write ``ID <name> <firmware>``."""
        self.send_line(f"ID {name} {firmware}")

    def battery(self, percent: int) -> None:
        """Write ``BAT <percent>``."""
        self.send_line(f"BAT {percent}")

    def noise_bytes(self, kind: str | None = None) -> bytes:
        """Bytes of one kind of noise (:data:`NOISE_KINDS`), each ending in ``\\n``, never a valid line."""
        rng = self.rng
        kind = kind or rng.choice(NOISE_KINDS)
        if kind == "random":  # line noise: always at least one non-ASCII byte
            data = bytes(rng.choice([*range(0x80, 0x100), *range(0x20, 0x7F), 0]) for _ in range(rng.randint(0, 20)))
            return data + bytes([rng.randint(0x80, 0xFF)]) + b"\n"
        if kind == "partial":  # a roll line cut before its face
            return b"ROLL"[: rng.randint(1, 4)] + b"\n"
        if kind == "overlong":
            return b"ROLL " + b"4" * rng.randint(MAX_LINE, 3 * MAX_LINE) + b"\n"
        if kind == "utf8":  # invalid UTF-8 inside a roll line
            return b"ROLL \xc3\x28" + str(rng.randint(1, 6)).encode() + b"\n"
        if kind == "checksum":
            body = f"ROLL {rng.randint(1, 6)}".encode()
            good = int(checksum(body), 16)
            return body + b"*" + f"{good ^ rng.randint(1, 255):02X}".encode() + b"\n"
        raise ValueError(f"unknown noise kind {kind!r}; one of {NOISE_KINDS}")

    def noise(self, kind: str | None = None) -> bytes:
        """Write one burst of noise (see :meth:`noise_bytes`); returns it."""
        data = self.noise_bytes(kind)
        self.send_raw(data)
        return data

    # -- automatic rolling ----------------------------------------------------------------
    def start_auto(self, interval_s: float, noise: bool = False,
                   on_roll: Callable[[int], object] | None = None) -> None:
        """Roll every ``interval_s`` seconds in a thread (with a noise burst first if ``noise``)."""
        self.stop_auto()
        self._auto_stop.clear()

        def loop() -> None:
            while not self._auto_stop.wait(interval_s):
                if noise:
                    self.noise()
                face = self.roll()
                if on_roll:
                    on_roll(face)

        self._auto = threading.Thread(target=loop, name="die-sim", daemon=True)
        self._auto.start()

    def stop_auto(self) -> None:
        """Stop automatic rolling (idempotent)."""
        self._auto_stop.set()
        if self._auto and self._auto is not threading.current_thread():
            self._auto.join(1.0)
        self._auto = None

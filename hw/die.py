"""The electronic die on a USB serial port: wire protocol parser, reader, reconnect.

The wire protocol is described in ``hw/PROTOCOL.md``: line-based ASCII at
115200 baud 8N1, a roll is ``4`` or ``ROLL 4`` (faces 1..6), with optional
``ID``, ``ROLLING`` and ``BAT`` lines and an optional NMEA-style checksum
suffix ``*XX``.

Three layers, each usable alone:

- :func:`parse_line` / :func:`decode_line` -- pure: one line of bytes (without
  its terminator) to a :class:`DieEvent`, or a :class:`Rejected` with the
  reason it was ignored.
- :class:`LineSplitter` -- pure: a stream of byte chunks to complete lines,
  with a size limit (an overlong line is dropped and the stream resyncs at the
  next line terminator).
- :class:`DieReader` -- threads: finds the port (USB VID/PID or the udev
  symlink ``/dev/mars-die``), reads it with ``serial.threaded.ReaderThread``,
  posts events to the caller, reconnects with exponential backoff after an
  unplug, and keeps a :meth:`DieReader.status` snapshot for the screen.

Nothing here imports ``companion`` or ``pygame``.
"""
from __future__ import annotations

import dataclasses
import errno
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import serial
import serial.threaded

log = logging.getLogger(__name__)

BAUDRATE = 115200  #: baud, 8 data bits, no parity, 1 stop bit
MAX_LINE = 80  #: bytes per line without its terminator; longer lines are dropped
UDEV_SYMLINK = "/dev/mars-die"  #: made by systemd/99-mars-die.rules
#: (USB vendor id, product id or None for any) of boards the die firmware runs on
USB_IDS: tuple[tuple[int, int | None], ...] = (
    (0x2E8A, 0x000A),  # Raspberry Pi Pico, Pico SDK / arduino-pico USB CDC
    (0x2E8A, 0x0005),  # Raspberry Pi Pico, MicroPython
)

# Event kinds (DieEvent.kind)
ROLL = "roll"  # face: 1..6
ROLLING = "rolling"  # the die is tumbling; a roll line follows
IDENTITY = "identity"  # name, firmware
BATTERY = "battery"  # battery: percent 0..100
CONNECTED = "connected"  # port
DISCONNECTED = "disconnected"  # port
IGNORED = "ignored"  # reason: a damaged line (one of DAMAGED), ignored and counted

# Reasons a line is ignored (keys of DieStatus.errors)
OVERLONG = "overlong"  # more than MAX_LINE bytes before the terminator
NON_ASCII = "non_ascii"  # a byte outside printable ASCII 0x20..0x7E (or tab)
BAD_CHECKSUM = "bad_checksum"  # '*' suffix not two hex digits, or not the XOR
UNKNOWN = "unknown"  # not a message of the protocol
OUT_OF_RANGE = "out_of_range"  # face not 1..6, battery not 0..100
PARTIAL = "partial"  # line cut off by a disconnect (no terminator)
STALE = "stale"  # an unfinished line got no byte for more than STALE_S: its terminator was lost
REASONS = (OVERLONG, NON_ASCII, BAD_CHECKSUM, UNKNOWN, OUT_OF_RANGE, PARTIAL, STALE)
#: the reasons of a line that was a damaged message, posted as an ``ignored`` event (a roll may
#: have been lost in it: the table can roll again): all but ``partial`` (the disconnect is posted
#: itself). ``unknown`` is one: "ROLL" without its digit, "R0LL 4"; the protocol has no other messages
DAMAGED = (OVERLONG, NON_ASCII, BAD_CHECKSUM, UNKNOWN, OUT_OF_RANGE, STALE)
#: seconds an unfinished line may wait for its next bytes: the die sends a line in one burst (about 1 ms
#: at 115200 baud), so bytes left waiting lost their terminator and would join the next line ("4" + "ROLL 3")
STALE_S = 1.0


@dataclass(frozen=True, slots=True)
class DieEvent:
    """One thing the die said, or a change of its connection.

    ``kind`` is one of ``roll`` (``face`` 1..6), ``rolling``, ``identity``
    (``name``, ``firmware``), ``battery`` (``battery`` percent 0..100),
    ``connected`` / ``disconnected`` (``port``), ``ignored`` (``reason``, one of
    :data:`DAMAGED`: the reader's, never the pure parser's). ``t`` is
    ``time.monotonic()`` seconds when the line was read (0.0 from the pure
    parser). Fields that do not apply to the kind are ``None``.
    """

    kind: str
    face: int | None = None
    name: str | None = None
    firmware: str | None = None
    battery: int | None = None
    port: str | None = None
    reason: str | None = None
    t: float = 0.0

    def as_dict(self) -> dict:
        """``{"event": kind, <fields that are set>..., "t": seconds}``, for JSON."""
        d: dict = {"event": self.kind}
        for f in ("face", "name", "firmware", "battery", "port", "reason"):
            v = getattr(self, f)
            if v is not None:
                d[f] = v
        d["t"] = round(self.t, 6)
        return d


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line the parser ignored; ``reason`` is one of :data:`REASONS`."""

    reason: str


def checksum(body: bytes) -> str:
    """NMEA-style checksum: XOR of all bytes of ``body``, as two upper-case hex digits."""
    x = 0
    for b in body:
        x ^= b
    return f"{x:02X}"


_HEX = frozenset(b"0123456789abcdefABCDEF")


def decode_line(line: bytes) -> DieEvent | Rejected | None:
    """Decode one line of the die protocol (a trailing ``\\r``/``\\n`` is allowed).

    Returns a :class:`DieEvent` (with ``t`` 0.0), a :class:`Rejected` saying
    why the line is ignored, or ``None`` for a blank line (not an error).
    Never raises for any input bytes.
    """
    line = line.rstrip(b"\r\n")
    if len(line) > MAX_LINE:
        return Rejected(OVERLONG)
    for b in line:
        if not (0x20 <= b <= 0x7E or b == 0x09):
            return Rejected(NON_ASCII)
    line = line.strip()
    if not line:
        return None
    star = line.rfind(b"*")
    if star >= 0:
        suffix = line[star + 1:]
        if len(suffix) != 2 or not all(c in _HEX for c in suffix):
            return Rejected(BAD_CHECKSUM)
        if checksum(line[:star]) != suffix.decode().upper():
            return Rejected(BAD_CHECKSUM)
        line = line[:star]
    words = line.decode("ascii").split()
    if not words:
        return Rejected(UNKNOWN)
    head, args = words[0], words[1:]
    if head.isdigit() and not args:
        return _roll(head)
    if head == "ROLL" and len(args) == 1 and args[0].isdigit():
        return _roll(args[0])
    if head == "ROLLING" and not args:
        return DieEvent(ROLLING)
    if head == "ID" and args:
        return DieEvent(IDENTITY, name=args[0], firmware=" ".join(args[1:]) or None)
    if head == "BAT" and len(args) == 1 and args[0].isdigit():
        pct = int(args[0]) if len(args[0]) <= 3 else 999
        return DieEvent(BATTERY, battery=pct) if pct <= 100 else Rejected(OUT_OF_RANGE)
    return Rejected(UNKNOWN)


def _roll(digits: str) -> DieEvent | Rejected:
    if len(digits) == 1 and "1" <= digits <= "6":
        return DieEvent(ROLL, face=int(digits))
    return Rejected(OUT_OF_RANGE)


def parse_line(line: bytes) -> DieEvent | None:
    """The :class:`DieEvent` one line (terminator optional) stands for, or ``None``.

    ``None`` for blank lines and for every line :func:`decode_line` rejects
    (overlong, non-ASCII, bad checksum, unknown, out of range). Pure.
    """
    ev = decode_line(line)
    return ev if isinstance(ev, DieEvent) else None


class LineSplitter:
    """Cuts a byte stream into lines at ``\\n`` or ``\\r``, at most ``max_line`` bytes each.

    :meth:`feed` returns the complete lines in a chunk (terminators removed);
    an overlong line is returned once as ``None`` and the rest of it is
    skipped up to the next terminator (resync). Blank lines are returned as
    ``b""``. Memory is bounded by ``max_line`` bytes.
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._buf = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        """Append a chunk; return the lines it completes (``None`` = an overlong line)."""
        out: list[bytes | None] = []
        parts = data.replace(b"\r", b"\n").split(b"\n")
        for part in parts[:-1]:  # each of these ends at a terminator
            if self._skipping:
                self._skipping = False
            elif len(self._buf) + len(part) > self.max_line:
                out.append(None)
            elif self._buf:
                self._buf += part
                out.append(bytes(self._buf))
            else:
                out.append(part)
            self._buf.clear()
        tail = parts[-1]
        if not self._skipping and tail:
            if len(self._buf) + len(tail) > self.max_line:
                out.append(None)
                self._buf.clear()
                self._skipping = True
            else:
                self._buf += tail
        return out

    @property
    def pending(self) -> bool:
        """True while an unfinished line is kept (bytes without their terminator yet)."""
        return bool(self._buf) and not self._skipping

    def reset(self) -> bool:
        """Forget the unfinished line; return True if one was pending (a partial line)."""
        pending = bool(self._buf) and not self._skipping
        self._buf.clear()
        self._skipping = False
        return pending


def find_die_port(usb_ids: Iterable[tuple[int, int | None]] = USB_IDS,
                  symlink: str = UDEV_SYMLINK) -> str | None:
    """The device path of the die, or ``None`` if none is plugged in.

    The udev symlink (``/dev/mars-die``) wins if it exists; otherwise the first
    port from ``serial.tools.list_ports.comports()`` whose USB VID matches and
    whose PID matches (or the PID in ``usb_ids`` is ``None``). Never raises.
    """
    try:
        if symlink and os.path.exists(symlink):
            return symlink
        import serial.tools.list_ports  # only to look for the die: a port given by name needs none
        ids = list(usb_ids)
        for p in sorted(serial.tools.list_ports.comports(), key=lambda p: p.device):
            if p.vid is None:
                continue
            if any(p.vid == v and (pid is None or p.pid == pid) for v, pid in ids):
                return p.device
    except Exception:  # a broken sysfs must not crash the caller
        log.exception("die: port search failed")
    return None


#: why the port could not be opened (:attr:`DieStatus.open_problem`): another program holds it (a ``companion die``
#: left running, a modem manager probing it), this user may not open it (not in the ``dialout`` group), or the path
#: is no serial port at all (``--die /dev/null``, a regular file, a folder: the terminal settings cannot be read,
#: ``ENOTTY`` "Inappropriate ioctl for device"; it is still tried again, as for an unplugged die: the path, a
#: udev symlink, may name the die later)
BUSY, DENIED, NOT_A_PORT = "busy", "denied", "not_a_port"
_OPEN_PROBLEMS = {errno.EAGAIN: BUSY, errno.EBUSY: BUSY, errno.EACCES: DENIED, errno.EPERM: DENIED,
                  errno.ENOTTY: NOT_A_PORT, errno.EISDIR: NOT_A_PORT}


def _errno(exc: BaseException | None) -> int | None:
    """The errno of ``exc`` or of the error it was raised from: pyserial's "Could not configure port" carries
    none itself, the ``termios.error`` (``(25, 'Inappropriate ioctl for device')``) in its context does."""
    seen = 0
    while exc is not None and seen < 5:
        err = getattr(exc, "errno", None)
        if err is None and exc.args and isinstance(exc.args[0], int) and not isinstance(exc, serial.SerialException):
            err = exc.args[0]  # termios.error has no errno attribute, only args (errno, text)
        if isinstance(err, int):
            return err
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def open_problem(exc: BaseException) -> str | None:
    """:data:`BUSY`, :data:`DENIED`, :data:`NOT_A_PORT`, or None (not there, or another error) for an exception
    raised opening a port (pyserial's ``SerialException`` carries the ``OSError``'s errno, or was raised from a
    ``termios.error`` that does)."""
    return _OPEN_PROBLEMS.get(_errno(exc))


def open_error(exc: BaseException) -> str:
    """The words of a failed open, for :attr:`DieStatus.last_error`: the system's own ("Inappropriate ioctl for
    device (ENOTTY)") where pyserial hid them in "Could not configure port: (25, '...')"; else ``str(exc)``."""
    inner = exc.__cause__ or exc.__context__
    if _errno(exc) == errno.ENOTTY and inner is not None and len(inner.args) >= 2 and isinstance(inner.args[1], str):
        return f"{inner.args[1]} (ENOTTY)"
    return str(exc)


@dataclass(frozen=True)
class DieStatus:
    """A snapshot for the screen (all times ``time.monotonic()`` seconds).

    ``connected``: a port is open; ``port``: its path (or the last one tried);
    ``last_roll``: face 1..6 or None, read at ``last_roll_t``; ``rolls``,
    ``lines``: counts since start; ``errors``: ignored lines by reason (keys of
    :data:`REASONS`, all present); ``identity``: ``(name, firmware)`` or None;
    ``battery``: percent or None; ``connects``: successful opens;
    ``open_failures``: failed opens; ``callback_errors``: exceptions raised by
    ``post``; ``last_error``: text of the last I/O error while no port is open (a failed open, the lost
    connection), or None since the last successful open; ``open_problem``: :func:`open_problem` of the last
    failed open (:data:`BUSY`: the die is plugged in but another program has it; :data:`NOT_A_PORT`: the path is
    no serial port), None since a successful one.
    """

    connected: bool = False
    port: str | None = None
    last_roll: int | None = None
    last_roll_t: float | None = None
    rolls: int = 0
    lines: int = 0
    errors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(REASONS, 0))
    identity: tuple[str, str | None] | None = None
    battery: int | None = None
    connects: int = 0
    open_failures: int = 0
    callback_errors: int = 0
    last_error: str | None = None
    open_problem: str | None = None


class _Reader(serial.threaded.ReaderThread):
    """``ReaderThread`` whose loop also survives ``OSError`` (an ioctl on an unplugged tty),
    and which says when it has ended: :attr:`finished` becomes True, then ``on_exit()`` is called.

    It blocks in ``read`` (no timeout) until bytes arrive or the port fails: no wake-ups while idle.
    """

    def __init__(self, ser: serial.Serial, protocol_factory: Callable[[], serial.threaded.Protocol],
                 on_exit: Callable[[], object]) -> None:
        super().__init__(ser, protocol_factory)
        self.on_exit = on_exit
        self.finished = False

    def run(self) -> None:
        try:
            self._read_until_lost()
        finally:
            self.alive = False
            self.finished = True
            self.on_exit()

    def _read_until_lost(self) -> None:
        self.protocol = self.protocol_factory()
        self.protocol.connection_made(self)
        self._connection_made.set()
        error: BaseException | None = None
        while self.alive and self.serial.is_open:
            try:
                data = self.serial.read(self.serial.in_waiting or 1)
            except Exception as e:  # SerialException, OSError, TypeError on close
                error = e
                break
            if data:
                try:
                    self.protocol.data_received(data)
                except Exception:  # a bug of ours must not end the connection
                    log.exception("die: data_received failed")
        self.alive = False
        self.protocol.connection_lost(error)


class _LineProtocol(serial.threaded.Protocol):
    """Feeds chunks through a :class:`LineSplitter` into the owning :class:`DieReader`; an unfinished
    line whose last bytes came more than the owner's ``stale_s`` before the next ones is dropped as
    :data:`STALE` first, and the next bytes start a line of their own (looked at when bytes come, so the
    reader still sleeps in ``read`` while the die is quiet; a line whose bytes keep coming is not stale)."""

    def __init__(self, owner: DieReader) -> None:
        self.owner = owner
        self.splitter = LineSplitter(owner.max_line)
        self.last: float | None = None  # when the unfinished line's last bytes came

    def data_received(self, data: bytes) -> None:
        now = self.owner.clock()
        if self.last is not None and now - self.last > self.owner.stale_s and self.splitter.reset():
            self.owner._rejected(STALE, now)
        for line in self.splitter.feed(data):
            self.owner._line(line, now)
        self.last = now if self.splitter.pending else None

    def connection_lost(self, exc: BaseException | None) -> None:
        self.owner._lost(exc, self.splitter.reset())


class DieReader:
    """Reads the die in the background and posts :class:`DieEvent` objects.

    ``post(event)`` is called from the reader's threads, so it must be
    thread-safe (``queue.Queue.put``, ``pygame.event.post``); an exception it
    raises is logged and counted, never propagated. ``port`` is a device path,
    ``"auto"`` (:func:`find_die_port`), or a callable returning a path or
    ``None``; it is looked up again before every reconnect. ``baudrate`` in
    baud; ``backoff_s`` = (first, max) seconds between attempts, doubled
    after each failure and reset by a valid line; ``max_line`` in bytes; ``stale_s``: seconds an
    unfinished line may wait for its next bytes before it is dropped as :data:`STALE`.

    :meth:`start` and :meth:`stop` never raise for I/O problems and never
    block for long (stop returns within about 0.5 s).
    """

    def __init__(self, post: Callable[[DieEvent], object], port: str | Callable[[], str | None] = "auto",
                 *, baudrate: int = BAUDRATE, backoff_s: tuple[float, float] = (0.1, 2.0),
                 max_line: int = MAX_LINE, clock: Callable[[], float] = time.monotonic,
                 stale_s: float = STALE_S) -> None:
        self.post = post
        self.stale_s = stale_s
        self.port = port
        self.baudrate = baudrate
        self.backoff_s = backoff_s
        self.max_line = max_line
        self.clock = clock
        self._lock = threading.Lock()
        self._status = DieStatus()
        self._errors = dict.fromkeys(REASONS, 0)
        self._said: str | None = None  # the reason of the last failed open logged at info (see _session)
        self._stop = threading.Event()
        self._changed = threading.Condition()  # notified by stop() and when a reader ends
        self._thread: threading.Thread | None = None
        self._good_line = False

    # -- public ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the background connect/read/reconnect loop (idempotent)."""
        if self._thread and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._supervise, name="die-supervisor", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 0.5) -> None:
        """Close the port and end the threads; waits at most about ``timeout_s`` seconds."""
        self._stop.set()
        self._notify()
        if self._thread and self._thread is not threading.current_thread():
            self._thread.join(timeout_s)
        self._thread = None

    def status(self) -> DieStatus:
        """A consistent snapshot of the connection and counters (see :class:`DieStatus`)."""
        with self._lock:
            return dataclasses.replace(self._status, errors=dict(self._errors))

    def __enter__(self) -> DieReader:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals ------------------------------------------------------------------------
    def _emit(self, ev: DieEvent) -> None:
        try:
            self.post(ev)
        except Exception:
            with self._lock:
                self._status = dataclasses.replace(
                    self._status, callback_errors=self._status.callback_errors + 1)
            log.exception("die: post(%r) raised", ev)

    def _set(self, **changes: object) -> None:
        with self._lock:
            self._status = dataclasses.replace(self._status, **changes)

    def _rejected(self, reason: str, now: float) -> None:
        """A line ignored for ``reason``: counted; posted as ``ignored`` when it is a damaged message."""
        with self._lock:
            self._errors[reason] += 1
            self._status = dataclasses.replace(self._status, lines=self._status.lines + 1)
        if reason in DAMAGED:  # a roll may be lost in it: the table is told (the app says so)
            self._emit(DieEvent(IGNORED, reason=reason, t=now))

    def _line(self, line: bytes | None, now: float) -> None:
        ev = Rejected(OVERLONG) if line is None else decode_line(line)
        if ev is None:
            return
        if isinstance(ev, Rejected):
            self._rejected(ev.reason, now)
            return
        with self._lock:
            s = self._status
            self._good_line = True
            ev = dataclasses.replace(ev, t=now)
            if ev.kind == ROLL:
                self._status = dataclasses.replace(s, lines=s.lines + 1, rolls=s.rolls + 1,
                                                   last_roll=ev.face, last_roll_t=now)
            elif ev.kind == IDENTITY:
                self._status = dataclasses.replace(s, lines=s.lines + 1, identity=(ev.name, ev.firmware))
            elif ev.kind == BATTERY:
                self._status = dataclasses.replace(s, lines=s.lines + 1, battery=ev.battery)
            else:
                self._status = dataclasses.replace(s, lines=s.lines + 1)
        self._emit(ev)

    def _lost(self, exc: BaseException | None, partial: bool) -> None:
        with self._lock:
            if partial:
                self._errors[PARTIAL] += 1
            if exc is not None:
                self._status = dataclasses.replace(self._status, last_error=str(exc))

    def _notify(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def _resolve_port(self) -> str | None:
        try:
            if callable(self.port):
                return self.port()
            if self.port in (None, "", "auto"):
                return find_die_port()
            return self.port
        except Exception:
            log.exception("die: port finder raised")
            return None

    def _supervise(self) -> None:
        """Connect, sleep while connected, reconnect with backoff: the only timed waits
        are the backoff between attempts while there is no die."""
        first, most = self.backoff_s
        delay = first
        while not self._stop.is_set():
            port = self._resolve_port()
            if port is not None:
                self._good_line = False
                self._session(port)
                if self._good_line:
                    delay = first
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, most)

    def _session(self, port: str) -> None:
        """Open ``port``, read until it fails or stop() is called, then close it."""
        try:
            ser = serial.Serial(port, self.baudrate, timeout=None, exclusive=True)
            ser.reset_input_buffer()  # bytes from before the open may start mid-line
        except Exception as e:  # SerialException, OSError, ValueError: not there, busy, no rights
            with self._lock:
                self._status = dataclasses.replace(self._status, port=port, last_error=open_error(e),
                                                   open_problem=open_problem(e),
                                                   open_failures=self._status.open_failures + 1)
            said, self._said = self._said == str(e), str(e)  # the same reason again: logged once, not every retry
            (log.debug if said else log.info)("die: cannot open %s (%s); trying again", port, e)
            return
        with self._lock:
            self._status = dataclasses.replace(self._status, connected=True, port=port, last_error=None,
                                               open_problem=None,
                                               connects=self._status.connects + 1)  # the error is over
        self._said = None
        log.info("die: connected on %s", port)
        self._emit(DieEvent(CONNECTED, port=port, t=self.clock()))
        reader = _Reader(ser, lambda: _LineProtocol(self), on_exit=self._notify)
        reader.start()
        with self._changed:  # untimed: nothing to do until the die goes away or stop() is called
            while not self._stop.is_set() and not reader.finished:
                self._changed.wait()
        try:
            reader.alive = False
            ser.cancel_read()
            reader.join(0.3)
            ser.close()
        except Exception:
            log.debug("die: close failed", exc_info=True)
        self._set(connected=False)
        if not self._stop.is_set():
            log.info("die: disconnected from %s", port)
            self._emit(DieEvent(DISCONNECTED, port=port, t=self.clock()))

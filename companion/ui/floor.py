"""The floors of ``companion bench`` (:mod:`.bench`): minimal programs measured beside the app.

Run as ``python -m companion.ui.floor KIND TMP SAMPLES [FONT FONT]``. This module
imports nothing at its top but ``os``, ``sys`` and ``time``, and no module of the app,
so that the floor is what the issue names (a bare pygame-ce window; the window
and the fonts; an input committed and drawn), not the bench's own imports
(``statistics``, ``subprocess``, ``tempfile``, ``json``: about 1.3 MiB and a seventh
of a bare window's start, which made the ratios look better than they were).
"""
from __future__ import annotations

import os
import sys
import time

KINDS = ("window", "font", "press", "die")


def main(argv: list[str]) -> int:
    """``python -m companion.ui.floor KIND TMP SAMPLES [FONT FONT]``: run floor program
    ``KIND``; the fonts (regular and bold: a file, or ``-`` for pygame's own) are the
    app's, passed by the bench so that this program imports no module of the app.
    Returns the exit status (2: a usage error)."""
    if len(argv) < 3 or argv[0] not in KINDS:
        print("usage: python -m companion.ui.floor window|font|press|die TMP SAMPLES [FONT FONT]", file=sys.stderr)
        return 2
    fonts = [None if f == "-" else f for f in argv[3:5]] or [None, None]
    run(argv[0], argv[1], int(argv[2]), fonts)
    return 0


def run(kind: str, tmp: str, samples: int, fonts: list) -> None:
    """The floor program ``kind``: ``window``: import pygame-ce, open an 800x480
    window, flip; ``font``: the same plus ``fonts`` (regular, bold) rendering a line;
    ``press``/``die``: the font floor, then ``samples`` inputs (a mock GPIO pin edge
    posted to the loop; a line written on a pty and read by a thread) each committed
    as one row (WAL, ``synchronous=FULL``) and drawn as a full frame (``samples`` < 0:
    one input per line read on standard input, each sample printed as it is taken).
    Prints one JSON line: ``frame_t`` (``time.monotonic()`` of the first flip),
    ``maxrss_kb`` (``VmHWM``), ``latency_ms`` (one per input, ms)."""
    import pygame
    pygame.display.init()
    display = pygame.display.set_mode((800, 480))
    display.fill((10, 12, 24))
    font = None
    if kind != "window":
        pygame.font.init()
        for bold, path in enumerate(fonts[:2]):
            f = pygame.font.Font(path, 28)
            display.blit(f.render("Mars Table Companion: day 1 of 30", True, (230, 230, 230)), (20, 20 + 40 * bold))
            font = font or f
    pygame.display.flip()
    frame_t = time.monotonic()
    latency: list[float] = []
    if kind in ("press", "die"):
        latency = _floor_loop(kind, tmp, samples, display, font)
    print(_line(frame_t=frame_t, maxrss_kb=hwm_kb(os.getpid()), latency_ms=latency))


def _line(**values: object) -> str:
    """One JSON object of numbers and lists of numbers, written without the json module
    (which the bare window does not import)."""
    def show(v: object) -> str:
        return "[" + ", ".join(map(show, v)) + "]" if isinstance(v, list) else repr(v)
    return "{" + ", ".join(f'"{k}": {show(v)}' for k, v in values.items()) + "}"


def hwm_kb(pid: int) -> int:
    """Peak resident memory of process ``pid`` (``VmHWM``), KiB. Not ``ru_maxrss``: a child
    started by a large parent inherits the parent's figure across fork and exec."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmHWM for process {pid}")


def _floor_loop(kind: str, tmp: str, samples: int, display, font) -> list[float]:
    import queue
    import select
    import sqlite3
    import threading

    import pygame

    db = sqlite3.connect(os.path.join(tmp, f"floor-{kind}.sqlite3"), isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL").fetchone()
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, what TEXT, at REAL)")
    backdrop = display.copy()
    wake_r, wake_w = os.pipe()
    posted: queue.Queue = queue.Queue()
    done = threading.Event()

    def post(t0: float) -> None:
        posted.put(t0)
        os.write(wake_w, b"x")

    if kind == "press":
        from gpiozero import Button, Device
        from gpiozero.pins.mock import MockFactory
        Device.pin_factory = MockFactory()
        button = Button(27, pull_up=True)
        pin = button.pin
        stamps: queue.Queue = queue.Queue()
        button.when_pressed = lambda: post(stamps.get())

        def inputs() -> None:  # the press time is taken just before the edge, as the app's bench does
            for _ in _triggers(samples):
                stamps.put(time.monotonic())
                pin.drive_low()
                time.sleep(0.035)
                pin.drive_high()
                time.sleep(0.04)
            done.set()
    else:
        master, slave = os.openpty()
        sent: queue.Queue = queue.Queue()

        def reader() -> None:
            buf = b""
            while True:
                try:
                    chunk = os.read(slave, 256)
                except OSError:
                    return
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    if line.strip().startswith(b"ROLL"):
                        post(sent.get())
        threading.Thread(target=reader, daemon=True).start()

        def inputs() -> None:
            for i in _triggers(samples):
                sent.put(time.monotonic())
                os.write(master, f"ROLL {i % 6 + 1}\n".encode())
                time.sleep(0.04)
            done.set()

    threading.Thread(target=inputs, daemon=True).start()
    out: list[float] = []
    seq = 0
    if samples < 0:
        print('{"ready": true}', flush=True)
    while len(out) < samples or (samples < 0 and not done.is_set()):
        select.select([wake_r], [], [], 1.0)
        try:
            os.read(wake_r, 64)
        except BlockingIOError:
            pass
        while True:
            try:
                t0 = posted.get_nowait()
            except queue.Empty:
                break
            pygame.event.pump()
            seq += 1
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO log (what, at) VALUES (?, ?)", (kind, t0))
            db.execute("COMMIT")
            display.blit(backdrop, (0, 0))
            display.blit(font.render(f"{kind} {seq}", True, (230, 230, 230)), (20, 120))
            pygame.display.flip()
            out.append((time.monotonic() - t0) * 1000)
            if samples < 0:  # serving: each sample as soon as it is taken
                print(_line(latency_ms=out[-1]), flush=True)
    db.close()
    return out


def _triggers(samples: int):
    """``range(samples)``, or with ``samples < 0`` one input per line read on stdin
    until it closes (a floor served sample by sample, interleaved with the app)."""
    if samples >= 0:
        yield from range(samples)
        return
    i = 0
    for _ in sys.stdin:
        yield i
        i += 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``companion play`` (the touchscreen app) and ``companion bench`` (its figures).

``play``: ``[--game ID] [--hw auto|pi|mock|none] [--die PORT|auto|none]
[--db PATH] [--catalogue DIR] [--size WxH] [--rotate 0|90|180|270] [--fullscreen]``.
Without ``--game`` it resumes the open game (the last one played), or shows
the game picker; ``--game ID`` resumes that game's open game or starts one. Without a
display it prints one sentence saying how to run it and exits 1.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.arguments import bounded
from companion.paths import catalogue_argument, db_argument

NO_DISPLAY = ("companion play needs a display: run it on the touchscreen's desktop, under a virtual X "
              "server (xvfb-run ./run.sh play, from the project's folder), or set SDL_VIDEODRIVER (kmsdrm on a bare "
              "console, dummy for a headless test).")


#: the --size sides accepted, pixels: a 480x320 panel to a 4K screen (each frame's surface is w*h*4 bytes)
MIN_SIDE, MAX_SIDE = 320, 3840


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size is WIDTHxHEIGHT in pixels, e.g. 800x480") from None
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):  # a 4K screen at most: 8000x8000 was 244 MiB
        raise argparse.ArgumentTypeError(f"size must be between {MIN_SIDE} and {MAX_SIDE} pixels each way "
                                         "(the screens are made for 800x480, 480x800, 1280x720 and 720x1280)")
    return w, h


#: ``companion bench``'s numeric options: (least, most), each said in ``--help``; outside it argparse refuses it
#: before anything is measured (``--samples -1`` or ``--idle-s nan`` were taken, ``--log-size 10**12`` built for
#: ever)
BENCH_RANGES: dict[str, tuple[float, float]] = {
    "idle_s": (1, 600), "samples": (1, 10_000), "log_size": (0, 100_000), "finished": (0, 10_000),
    "starts": (1, 100)}


def _in_range(name: str, kind: type) -> Callable[[str], Any]:
    """An argparse ``type`` taking ``kind`` (int or float) within ``BENCH_RANGES[name]``."""
    return bounded(kind, *BENCH_RANGES[name])


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``play`` and ``bench`` subcommands."""
    p = subparsers.add_parser("play", help="run the touchscreen companion (the default command)")
    p.add_argument("--game", default=None,
                   help="game to resume or start (default: the open game, else the game picker)")
    p.add_argument("--hw", default="auto", choices=("auto", "pi", "mock", "none"),
                   help="GPIO buttons: auto (if present), pi (expected), mock (gpiozero MockFactory), none")
    p.add_argument("--die", default="auto", help="electronic die: a serial device path, auto, or none")
    p.add_argument("--db", type=db_argument, default=None, metavar="PATH",
                   help="game database, in a folder that exists (default: the data directory, made if missing)")
    p.add_argument("--catalogue", type=catalogue_argument, default=None, metavar="DIR",
                   help="folder of the card catalogues, one that exists (default: beside --db, else the data "
                        "directory); a .json file names the folder it is in")
    p.add_argument("--size", type=_size, default=None, help="window size WxH before rotation (default 800x480)")
    p.add_argument("--rotate", type=int, default=0, choices=(0, 90, 180, 270),
                   help="rotate the picture counter-clockwise by this many degrees")
    p.add_argument("--fullscreen", action="store_true", help="fill the display")
    p.add_argument("-v", "--verbose", action="store_true", help="log more")
    p.set_defaults(func=run_play)
    b = subparsers.add_parser("bench", help="measure the real app headless (start, idle CPU, latency, memory)")
    b.add_argument("--json", action="store_true", help="print JSON")
    b.add_argument("--idle-s", type=_in_range("idle_s", float), default=10.0,
                   help="seconds of idle measured, 1 to 600 (default 10)")
    b.add_argument("--samples", type=_in_range("samples", int), default=300,
                   help="presses and die rolls measured each, each paired with a floor sample, 1 to 10,000 "
                        "(default 300)")
    b.add_argument("--game", default=None, help="the game to measure (default: every registered game)")
    b.add_argument("--log-size", type=_in_range("log_size", int), default=0, metavar="N",
                   help="build an open game of N actions (at most 100,000) and a database of --finished finished "
                        "games first, and compare with a game of 100 actions (default 0: a new game)")
    b.add_argument("--finished", type=_in_range("finished", int), default=300, metavar="N",
                   help="finished games in the database built for --log-size, 0 to 10,000 (default 300)")
    b.add_argument("--starts", type=_in_range("starts", int), default=5,
                   help="app starts (and floor starts) timed, 1 to 100 (default 5)")
    b.set_defaults(func=run_bench)


def _unplayable(game_id: str) -> str | None:
    """Why ``game_id`` cannot be played, or None."""
    from companion.rules import GAMES
    if game_id in GAMES:
        return None
    return f"unknown game {game_id!r}; playable: {', '.join(GAMES)}"


def has_display() -> bool:
    """True when SDL can be expected to find a display (X11, Wayland, or an explicit SDL driver)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("SDL_VIDEODRIVER"))


SDL_VIDEO_DRIVERS = ("kmsdrm", "x11", "wayland", "dummy", "offscreen", "evdev")


def display_error(reason: str, env: dict[str, str] | None = None, dri: Path = Path("/dev/dri")) -> str:
    """One line for a display that SDL could not open: SDL's ``reason`` and
    the one thing to check (the video driver, the DRM device, or the user's groups)."""
    env = dict(os.environ if env is None else env)
    driver = env.get("SDL_VIDEODRIVER", "")
    said = f"companion play needs a display, and SDL could not open one: {reason or 'no reason given'}"
    said += f" (SDL_VIDEODRIVER={driver})" if driver else ""
    if driver and not set(driver.lower().split(",")) & set(SDL_VIDEO_DRIVERS):
        return (f"{said}. Check SDL_VIDEODRIVER: {driver!r} is no video driver SDL knows; "
                "on the Pi's console it is kmsdrm.")
    if driver.lower() in ("", "x11", "wayland") and (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return (f"{said}. Check that the desktop (DISPLAY={env.get('DISPLAY', '')!r}, "
                f"WAYLAND_DISPLAY={env.get('WAYLAND_DISPLAY', '')!r}) is running and this user may use it.")
    cards = sorted(dri.glob("card*"))
    if not cards:
        return (f"{said}. Check the DRM device: there is no {dri}/card*, so the KMS driver is off "
                "(dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt, then reboot).")
    if not any(os.access(c, os.R_OK | os.W_OK) for c in cards):
        import getpass
        user = getpass.getuser()
        return (f"{said}. Check the user's groups: {user} cannot open {cards[0]}; "
                f"add it to video and render (sudo usermod -aG video,render {user}) and log in again.")
    return (f"{said}. Check the DRM device: {', '.join(map(str, cards))} can be opened, so another program may "
            "hold the display (the desktop: boot to the console), or SDL_KMSDRM_DEVICE_INDEX names the wrong card.")


def run_play(args: argparse.Namespace) -> int:
    """Run the app until closed or SIGTERM; returns the exit status."""
    from companion import signals
    signals.install()  # first: a SIGTERM/SIGINT from now on ends the app cleanly, SIGHUP is ignored
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    problem = _unplayable(args.game) if args.game is not None else None
    if problem:
        print(f"companion play: {problem}", file=sys.stderr)
        return 2
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.catalogue import Catalogues
    from companion.session import Session
    from companion.ui.app import App
    from companion.ui.hwlink import HwLink

    from companion.store import claim_for_play
    lock_fd, taken = claim_for_play(args.db)  # one companion plays on a file; a second only looks at it
    session = Session.open(args.db, taken=taken)
    if session.notice:  # shown on the screen at start-up too; here for the journal
        logging.getLogger(__name__).warning("%s", session.notice)
    folder = args.catalogue or (args.db.parent if args.db else None)
    if folder is not None and folder.suffix == ".json":
        folder = folder.parent
    hw = HwLink(args.hw, args.die)
    app = App(session, Catalogues(folder), args.game, args.size or (800, 480), args.rotate, hw, _notify)
    if args.fullscreen and args.size is None:
        app.fit_display = True
    control = os.environ.get("COMPANION_CONTROL")
    if control:
        from companion.ui import control as ctl
        try:
            ctl.start(app, control)
        except OSError as exc:  # a test channel that cannot be: the table plays on all the same
            logging.getLogger(__name__).warning("no control channel at %s (%s); playing without it", control,
                                                exc.strerror or exc)
    try:
        return app.run(fullscreen=args.fullscreen)
    except pygame.error as exc:
        if app.frames:  # the display was up: not a set-up problem (the game is saved; systemd starts it again)
            logging.getLogger(__name__).exception("the display failed during play")
            print(f"companion play: the display failed during play ({exc}); the game is saved.", file=sys.stderr)
        else:
            print(display_error(str(exc) or pygame.get_error()), file=sys.stderr)
        return 1
    finally:  # App.run stops the hardware it started
        session.close()
        pygame.quit()
        if lock_fd is not None:  # after the last write: the file is free for the next companion
            os.close(lock_fd)


def _notify(kind: str) -> None:
    """systemd's notification ``kind`` (``companion.sdnotify.notify_kind``), its module
    (and ``socket``) imported at the first one: "ready", after the first frame."""
    from companion import sdnotify
    sdnotify.notify_kind(kind)


def run_bench(args: argparse.Namespace) -> int:
    """Measure the app in subprocesses (SDL dummy driver); print the figures."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.ui.bench import main
    if args.game is not None and _unplayable(args.game):
        print(f"companion bench: {_unplayable(args.game)}", file=sys.stderr)
        return 2
    return main(json_out=args.json, idle_s=args.idle_s, samples=args.samples, game_id=args.game,
                log_size=args.log_size, finished=args.finished, starts=args.starts)

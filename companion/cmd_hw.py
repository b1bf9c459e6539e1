"""``companion die``, ``companion die-sim``, ``companion buttons``: look at the table hardware.

- ``die [--port PORT|auto] [--count N] [--json]``: print every event the die
  sends as it arrives, reconnecting after an unplug; the ignored-line counts
  at the end (also on Ctrl-C).
- ``die-sim [--interval S] [--noise] [--seed N] [--checksum] [--link PATH]``:
  a simulated die on a pseudo-terminal; its path is the first line printed.
- ``buttons [--config PATH] [--mock]``: show presses, holds and releases live.

Only ``hw`` is imported (lazily); never pygame or the rules.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import select
import signal
import sys
import time


def _positive(text: str) -> int:
    """``--count``'s N: a whole number of 1 or more (argparse says the error and exits 2)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n}: count 1 or more rolls")
    return n


#: the shortest ``--interval`` between rolls, seconds: a real die takes longer to settle
MIN_INTERVAL_S = 0.01


def _seconds(text: str) -> float:
    """``--interval``'s S: 0 (roll on Enter) or :data:`MIN_INTERVAL_S` seconds or more (argparse says the
    error and exits 2)."""
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (s == 0 or MIN_INTERVAL_S <= s < float("inf")):
        raise argparse.ArgumentTypeError(f"{text}: 0 (roll on Enter) or {MIN_INTERVAL_S:g} seconds or more")
    return s


def _sigterm_as_interrupt(*signums: int) -> None:
    """Let SIGTERM (systemd, ``timeout``), or the signals named, end a command like Ctrl-C, so summaries still
    print and ``finally`` blocks run."""
    def handler(_sig: int, _frame: object) -> None:
        raise KeyboardInterrupt
    try:
        for signum in signums or (signal.SIGTERM,):
            signal.signal(signum, handler)
    except ValueError:  # not the main thread (e.g. called from a test runner thread)
        pass


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``die``, ``die-sim`` and ``buttons`` subcommands; each sets ``func(args) -> int``."""
    p = subparsers.add_parser("die", help="show the events the electronic die sends",
                              description="Print every event read from the die as it arrives "
                                          "(reconnects after an unplug), and the ignored-line counts at the end.")
    p.add_argument("--port", default="auto",
                   help="serial device, or 'auto': /dev/mars-die, else a USB port with the die's VID/PID")
    p.add_argument("--count", type=_positive, metavar="N", help="stop after N rolls (1 or more)")
    p.add_argument("--json", action="store_true", help='one JSON object a line: {"event": "roll", "face": 4, ...}')
    p.set_defaults(func=run_die)

    p = subparsers.add_parser("die-sim", help="simulate the electronic die on a pseudo-terminal; it rolls by "
                                              "itself every 3 s (--interval 0: only when you press Enter)",
                              description="Start a simulated die; its pty path is printed on the first line. "
                                          "It rolls by itself every 3 seconds; --interval 0 rolls only on Enter. "
                                          "Enter alone rolls a random face, '1'..'6' Enter rolls that face, "
                                          "'n' Enter sends noise, 'u' Enter unplugs and plugs in again, 'q' Enter "
                                          "quits (so does the end of input); any other line is refused on stderr "
                                          "and rolls nothing.")
    p.add_argument("--interval", type=_seconds, default=3.0, metavar="S",
                   help="roll by itself every S seconds (default 3, at least 0.01); 0: roll only when Enter is pressed")
    p.add_argument("--noise", action="store_true", help="send a noise burst before every roll")
    p.add_argument("--seed", type=int, help="seed of the faces and the noise")
    p.add_argument("--checksum", action="store_true", help="append *XX checksums")
    p.add_argument("--link", metavar="PATH", help="also keep a symlink at PATH pointing at the pty (an unplug and "
                        "replug gets a new pty: read the die through PATH to see it reconnect); removed on quitting")
    p.set_defaults(func=run_die_sim)

    p = subparsers.add_parser("buttons", help="show GPIO button presses, holds and releases live",
                              description="Show the table buttons' events (NEXT press = next, "
                                          "BACK release = back, BACK hold = redo).")
    p.add_argument("--config", metavar="PATH", help="buttons TOML file (default: the user config dir)")
    p.add_argument("--mock", action="store_true",
                   help="no GPIO: drive mock pins from the keyboard (n/b tap, N/B hold, then Enter)")
    p.set_defaults(func=run_buttons)


# -- die ------------------------------------------------------------------------------------

def _say(text: str, as_json: bool, **fields: object) -> None:
    print(json.dumps(fields) if as_json else text, flush=True)


def _describe(ev) -> str:
    return {
        "roll": f"roll {ev.face}",
        "rolling": "rolling...",
        "identity": f"die {ev.name} firmware {ev.firmware or '?'}",
        "battery": f"battery {ev.battery}%",
        "connected": f"connected {ev.port}",
        "disconnected": f"disconnected {ev.port} (unplugged?) - waiting for it to come back",
        "ignored": f"a damaged line ignored ({ev.reason})",
    }.get(ev.kind, ev.kind)


def run_die(args: argparse.Namespace) -> int:
    """Read the die until ``--count`` rolls or Ctrl-C; exit status 0."""
    from companion.rules.words import count
    from hw.die import DieReader
    events: queue.Queue = queue.Queue()
    reader = DieReader(events.put, port=args.port)
    _sigterm_as_interrupt()
    reader.start()
    rolls, told_waiting, started = 0, False, time.monotonic()
    try:
        while args.count is None or rolls < args.count:
            try:
                ev = events.get(timeout=0.25)
            except queue.Empty:
                if not told_waiting and time.monotonic() - started > 1.0 and not reader.status().connected:
                    st = reader.status()
                    where = "auto (/dev/mars-die or the die's USB id)" if args.port == "auto" else args.port
                    todo = {"busy": "another program has it open (the companion? sudo systemctl stop companion)",
                            "denied": "this user may not open it (sudo usermod -aG dialout $USER, log in again)"}
                    if st.open_problem == "not_a_port":  # a tester's finding: /dev/null said "plug it in"
                        print(f"companion die: {where} is not a serial port ({st.last_error}); trying it again in "
                              "case it becomes one - give the die's port (--port /dev/ttyACM0, /dev/mars-die or "
                              "auto), or Ctrl-C", file=sys.stderr, flush=True)
                    else:
                        print(f"companion die: no die on {where} yet ({st.last_error or 'not found'}); waiting - "
                              f"{todo.get(st.open_problem, 'plug it in')}, or Ctrl-C", file=sys.stderr, flush=True)
                    told_waiting = True
                continue
            told_waiting = False
            _say(_describe(ev), args.json, **ev.as_dict())
            rolls += ev.kind == "roll"
    except KeyboardInterrupt:
        pass
    finally:
        reader.stop()
        st = reader.status()
        errors = {k: v for k, v in st.errors.items() if v}
        if args.json:
            _say("", True, event="summary", rolls=st.rolls, lines=st.lines, errors=st.errors,
                 connects=st.connects, open_failures=st.open_failures)
        else:
            ignored = ", ".join(f"{k} {v}" for k, v in errors.items()) or "none"
            opens = f"; could not open the port {count(st.open_failures, 'time')}" if st.open_failures else ""
            print(f"{st.rolls} rolls, {st.lines} lines read; ignored: {ignored}{opens}", flush=True)
    return 0


# -- die-sim --------------------------------------------------------------------------------

#: what die-sim reads on stdin, each line then Enter; any other line is refused and rolls nothing
DIE_SIM_KEYS = "Enter rolls, 1..6 Enter rolls that face, n noise, u unplug+replug, q quit"

def run_die_sim(args: argparse.Namespace) -> int:
    """Run the simulated die until 'q', Ctrl-C, SIGTERM, SIGHUP or (with no interval) end of input. On every way
    out (an error too) the ``--link`` symlink goes, if it is still the one made here: left behind it would point
    at a pty that is gone, whose number the next terminal opened gets."""
    from hw.mock import DieSimulator
    sim = DieSimulator(seed=args.seed, use_checksum=args.checksum, link=args.link)
    _sigterm_as_interrupt(signal.SIGTERM, signal.SIGHUP)  # a closed terminal window sends SIGHUP
    try:
        try:
            path = sim.plug()
        except OSError as exc:  # --link at a file, or a folder that takes no symlink
            print(f"companion die-sim: --link {args.link}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(path, flush=True)
        return _die_sim_loop(sim, args)
    except KeyboardInterrupt:
        return 0
    finally:
        sim.remove_link()  # first: no moment where the link names a closed pty
        sim.unplug()


def _die_sim_loop(sim, args: argparse.Namespace) -> int:
    """Read commands from stdin and roll every ``args.interval`` seconds (0: never by itself); returns 0."""
    print(f"die-sim: {DIE_SIM_KEYS}" + (f"; rolling every {args.interval:g} s" if args.interval > 0 else ""),
          file=sys.stderr, flush=True)

    def roll(face: int | None = None) -> None:
        if args.noise:
            sim.noise()
        print(f"ROLL {sim.roll(face)}", flush=True)

    fd, pending, stdin_open = sys.stdin.fileno(), b"", True
    next_roll = time.monotonic() + args.interval
    while True:
        if b"\n" in pending or (pending and not stdin_open):  # the last line may have no newline
            line, _, pending = pending.partition(b"\n")
            if _die_sim_command(sim, line.decode(errors="replace").strip().lower(), roll):
                return 0
            continue
        wait = max(0.0, next_roll - time.monotonic()) if args.interval > 0 else None
        if not stdin_open and wait is None:
            return 0
        # the file descriptor, not sys.stdin: lines pasted or piped at once are all read (a tester's finding:
        # sys.stdin's buffer took them all, select saw nothing more, and only the first was acted on)
        ready = select.select([fd], [], [], wait)[0] if stdin_open else (time.sleep(wait), [])[1]
        if not ready:
            roll()
            next_roll = time.monotonic() + args.interval
            continue
        data = os.read(fd, 4096)
        stdin_open = bool(data)
        pending += data


def _die_sim_command(sim, cmd: str, roll) -> bool:
    """Act on one line typed to die-sim (stripped, lower case); returns True for 'q' (quit). Only what the help
    names acts; any other line is said on stderr and rolls nothing."""
    if cmd == "q":
        return True
    if cmd == "n":
        print(f"noise {sim.noise()!r}", flush=True)
    elif cmd == "u":
        sim.unplug()
        print(f"unplugged; plugged in again at {sim.plug()}", flush=True)
    elif cmd in {"1", "2", "3", "4", "5", "6"}:
        roll(int(cmd))
    elif cmd == "":
        roll()
    else:  # a first-time tester's finding: "9" or "ROLL 7" rolled a random face into the game
        print(f"die-sim: {cmd[:40]!r} is not a command, nothing rolled ({DIE_SIM_KEYS})", file=sys.stderr, flush=True)
    return False


# -- buttons --------------------------------------------------------------------------------

def _show(ev) -> None:
    print(f"{ev.t:12.3f}  {ev.button:<4}  {ev.action:<7}  {('-> ' + ev.command) if ev.command else ''}",
          flush=True)


def run_buttons(args: argparse.Namespace) -> int:
    """Show button events live; exit 1 when there is no GPIO (and no ``--mock``), 2 on a bad config."""
    from hw.buttons import Buttons, ConfigError, GpioUnavailable, load_config
    try:
        cfg = load_config(args.config)
    except (ConfigError, OSError) as e:
        print(f"companion buttons: bad config: {e}", file=sys.stderr)
        return 2
    events: queue.Queue = queue.Queue()
    try:
        if args.mock:
            return _run_mock_buttons(cfg, events)
        buttons = Buttons(events.put, cfg).start()
    except ConfigError as e:  # a pin that is no pin here
        print(f"companion buttons: bad config: {e}", file=sys.stderr)
        return 2
    except GpioUnavailable as e:
        print(f"companion buttons: {e}\n"
              "This machine has no usable GPIO (not a Raspberry Pi, or no access to /dev/gpiochip*).\n"
              "  companion buttons --mock    drive mock pins from the keyboard instead\n"
              "In the app, keys stand in for the buttons: n/space/return = NEXT, b/backspace = BACK, r = REDO.",
              file=sys.stderr)
        return 1
    pins = ", ".join(f"{n.upper()} on {p}" for n, p in cfg.pins.items())
    print(f"buttons: {pins} (to ground, pull-up {'on' if cfg.pull_up else 'off'}); "
          f"hold {cfg.hold_time_s:g} s; Ctrl-C to stop", file=sys.stderr, flush=True)
    try:
        while True:
            try:
                _show(events.get(timeout=0.5))
            except queue.Empty:
                pass
    except KeyboardInterrupt:
        return 0
    finally:
        buttons.close()


def _run_mock_buttons(cfg, events: queue.Queue) -> int:
    from hw.mock import mock_buttons
    buttons = mock_buttons(events.put, cfg)
    print("buttons --mock: type n (tap NEXT), b (tap BACK), N or B (hold), several per line, then Enter; "
          "q quits", file=sys.stderr, flush=True)
    gap = max(cfg.debounce_s * 2, 0.05)
    try:
        for line in sys.stdin:
            for ch in line.strip():
                if ch == "q":
                    return 0
                name = {"n": "next", "b": "back"}.get(ch.lower())
                if name is None:
                    print(f"? {ch!r}: use n, b, N, B, q", file=sys.stderr)
                    continue
                pin = buttons.pins[name]
                pin.drive_low()
                time.sleep(cfg.hold_time_s + 0.1 if ch.isupper() else gap)
                pin.drive_high()
                time.sleep(gap)
                while not events.empty():
                    _show(events.get())
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        buttons.close()

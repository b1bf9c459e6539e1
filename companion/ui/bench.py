"""``companion bench``: the real app measured headless, each figure beside its floor.

Every figure comes from ``companion play`` running in a subprocess with SDL's
dummy video driver, ``--hw mock`` (gpiozero MockFactory pins) and a die
simulator on a pty, observed through the test control channel
(``COMPANION_CONTROL``); each floor is measured in the same run, interleaved
with the app, by a minimal program (:mod:`.floor`, which imports no module of the app).
The programs run with their bytecode compiled once beforehand (in the bench's
temporary folder), as the kiosk's first start leaves it, not compiled again at
every start, and with the interpreter set as ``systemd/companion.service`` sets it
(:data:`KIOSK_ENV`: ``-OO``, the floors too):

- ``first_frame_s``: process start (before ``Popen``) to the first frame shown,
  seconds, median of the starts; floor: a bare pygame-ce window (import, open
  800x480, flip), started right before each app start.
- ``peak_rss_mb``: the app's peak resident memory at the end
  MiB (``VmHWM``); floor: the window plus the app's fonts (DejaVu Sans, regular and bold)
  rendering a line.
- ``idle_cpu_pct``: CPU time (the scheduler's, ``/proc/<pid>/task/*/schedstat``) of the app over
  ``idle_s`` seconds of idle, percent of one core (no floor: the target is absolute,
  :data:`ABSOLUTE_TARGETS`); the window starts 1 s after the die is connected and the
  start-up messages are gone.
- ``press_to_frame_ms_p99``: the mock GPIO BACK pin's release (BACK acts on its
  release) -> the frame showing the committed undo, ms, 99th percentile (BACK is
  generic: every game has undo); floor: a pin press posted to a loop that commits
  one row (same pragmas, same folder) and draws a full frame.
- ``die_to_frame_ms_p99``: a roll line written on the pty -> the frame showing
  the committed roll (and the steps that run on their own after it), ms, p99
  (only for a game whose ``die_faces`` is not empty and that waits for a roll);
  floor: a thread reading the pty, the same commit and draw.

The latency floors run beside the app for the whole measurement and take one
sample right before or after each app sample (the order alternating), so that
a slow moment of the machine (a busy disk) falls on both; the ratio is that of
the p99s of these ``--samples`` pairs.

With ``--log-size N`` the app runs on a database of ``--finished`` (300)
finished games and an open game of N actions built with the game's
``random_action`` (:func:`play_long`), and the same figures are taken on a
reference database (the same finished games, an open game of 100 actions):
``resume_ms`` (``Session.open``), ``undo_ms`` and ``redo_ms`` (session calls,
across the window of states and the snapshots), ``status_s`` (``companion
status --json`` as a process), ``first_frame_s``, ``undo_to_frame_ms_p50`` and
``peak_rss_mb`` are printed against that reference (target: the same cost,
ratio at most 1.5, 1.2 for memory).

All times are ``time.monotonic()`` (one clock for all processes on Linux).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from .floor import hwm_kb

#: figure -> the target ratio to its floor (issue 13, items 4 and 5)
RATIO_TARGETS = {"first_frame_s": 2.0, "peak_rss_mb": 1.35, "press_to_frame_ms_p99": 1.5,
                 "die_to_frame_ms_p99": 1.5}
#: figure -> the absolute target of a figure without a floor: idle CPU at most 0.05 % of a core (issue 13, item 3)
ABSOLUTE_TARGETS = {"idle_cpu_pct": 0.05}
#: figures compared between the long game and the reference game of 100 actions
SAME_COST_TARGETS = {"resume_ms": 1.5, "undo_ms": 1.5, "redo_ms": 1.5, "status_s": 1.5, "first_frame_s": 1.5,
                     "undo_to_frame_ms_p50": 1.5, "peak_rss_mb": 1.2}
REFERENCE_LOG = 100
#: what ``systemd/companion.service`` sets for the interpreter: the app is measured as the kiosk runs it
#: (bytecode without docstrings and asserts); the floors run the same
KIOSK_ENV = {"PYTHONOPTIMIZE": "2"}
_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", **KIOSK_ENV}


# --------------------------------------------------------------------------- building games

def play_finished(game: Any, seed: int, max_actions: int = 20_000) -> list[tuple[dict, list[dict]]]:
    """A whole game of ``game`` played by its ``random_action`` from
    ``default_options(None, seed)``: ``[(action json, [event json])]`` until it is over."""
    import random

    from companion.rules.contract import Action
    rng = random.Random(seed)
    state = game.new_game(game.default_options(None, seed))
    out = []
    while not game.is_over(state) and len(out) < max_actions:
        action = Action.from_json(json.loads(json.dumps(game.random_action(state, rng).to_json())))
        state, events = game.apply(state, action)
        out.append((action.to_json(), [e.to_json() for e in events]))
    return out


def play_long(game: Any, n: int, seed: int, want_roll: bool = False) -> tuple[list[tuple[dict, list[dict]]], Any]:
    """An open game of ``game`` stretched to about ``n`` actions, generic over the
    contract: ``random_action`` from ``default_options(None, seed)``, never taking an
    action that ends the game, and paced so that it goes through its phases over the
    ``n`` actions: a game played to its end first counts its changes of ``phase``;
    an action that changes the phase ahead of that pace is set aside while another
    random action (up to 12 drawn) keeps the phase. With ``want_roll`` it goes on (at
    most ``n // 10 + 500`` more actions, at the natural pace) until the game waits for
    a die roll. Returns the log and the final state; the log is shorter than ``n``
    only if every action drawn would end the game."""
    import random

    from companion.rules.contract import Action
    probe = game.new_game(game.default_options(None, seed))
    changes = 0
    for action, _ in play_finished(game, seed):
        new, _ = game.apply(probe, Action.from_json(action))
        changes += game.phase(new) != game.phase(probe)
        probe = new
    rng = random.Random(seed)
    state = game.new_game(game.default_options(None, seed))
    out: list[tuple[dict, list[dict]]] = []
    limit = n + (n // 10 + 500 if want_roll else 0)
    done = 0
    while len(out) < limit:
        if len(out) >= n:
            expect = game.expects(state)
            if not want_roll or (expect is not None and expect.kind == "roll"):
                break
        ahead = len(out) < n and done >= 0.9 * changes * len(out) / max(n, 1)
        chosen = None
        for attempt in range(40):
            action = Action.from_json(json.loads(json.dumps(game.random_action(state, rng).to_json())))
            new, events = game.apply(state, action)
            if game.is_over(new):
                continue
            if ahead and attempt < 12 and game.phase(new) != game.phase(state):
                chosen = chosen or (action, new, events)
                continue
            chosen = (action, new, events)
            break
        if chosen is None:
            break  # every action drawn ends the game
        action, new, events = chosen
        done += game.phase(new) != game.phase(state)
        state = new
        out.append((action.to_json(), [e.to_json() for e in events]))
    return out, state


def build_database(path: Path, game_id: str, n: int, finished: int = 300, seed: int = 1,
                   want_roll: bool = False, base: Path | None = None) -> dict[str, Any]:
    """Make the SQLite file ``path``: ``finished`` finished games of ``game_id``
    (seeds ``seed+1..``; copied from ``base`` when given, a file built before by
    this function with ``n=0``) and, with ``n > 0``, an open game of about ``n``
    actions (:func:`play_long`), then opened once by a :class:`Session` so that its
    snapshots are stored as play would have stored them. Returns
    ``{"actions", "finished", "build_s", "first_resume_s", "roll_expected"}``."""
    import shutil

    from companion.rules import get_game
    from companion.session import Session
    from companion.store import Store
    game = get_game(game_id)
    t0 = time.perf_counter()
    if base is not None:
        shutil.copyfile(base, path)
    store = Store.open(path)
    try:
        if base is None:
            for i in range(finished):
                log_ = play_finished(game, seed + 1 + i)
                store.import_game(game_id, game.default_options(None, seed + 1 + i), log_, "over")
        info: dict[str, Any] = {"finished": finished, "actions": 0, "roll_expected": False}
        if n > 0:
            log_, state = play_long(game, n, seed, want_roll=want_roll)
            store.import_game(game_id, game.default_options(None, seed), log_, "open")
            expect = game.expects(state)
            info.update(actions=len(log_), roll_expected=expect is not None and expect.kind == "roll")
    finally:
        store.close()
    info["build_s"] = round(time.perf_counter() - t0, 2)
    t1 = time.perf_counter()
    with Session.open(path) as s:  # first resume: replays the log once, stores the snapshots
        if n > 0 and s.seq != info["actions"]:
            raise RuntimeError(f"bench: the game built resumes at {s.seq} actions, not {info['actions']}: {s.notice}")
    info["first_resume_s"] = round(time.perf_counter() - t1, 2)
    return info


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q / 100 * (len(v) - 1))))]


#: where the measured programs keep their bytecode (set by :func:`measure`): the app is
#: measured as installed (pip compiles it), not compiling its modules at every start
_PYCACHE: dict[str, str] = {}


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, **_ENV, **_PYCACHE, **extra)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if _PYCACHE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _warm_bytecode(tmp: Path, db: Path, die: Any) -> None:
    """Bytecode for everything the measured programs import, in ``tmp`` (not in the
    checkout): one start of the app and of each floor program, not measured. The kiosk
    writes its bytecode once, on its first start (``PYTHONPYCACHEPREFIX``): without this
    a checkout run with ``PYTHONDONTWRITEBYTECODE`` would compile every module at every start."""
    _PYCACHE["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    here = Path(__file__).resolve().parents[2]  # the checkout (or site-packages) holding companion and hw
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(here / "companion"), str(here / "hw")],
                   env=_env(), capture_output=True, timeout=300)
    for kind in ("window", "font", "press"):
        _floor(kind, tmp, 1)
    run = _Run(tmp, db, die.path, 0xFFFF + 1)
    try:
        run.first_frame_s()
        run.wait(lambda s: s["die"]["connected"])
        run.call(cmd="tap", name="Redo")  # the screens' modules
    finally:
        run.stop()


class _Run:
    """``companion play`` on ``db`` in a subprocess, with its control channel."""

    def __init__(self, tmp: Path, db: Path, die_path: str, n: int) -> None:
        from .control import Client
        sock = self.sock = str(tmp / f"control{n}.sock")
        self._client_class = Client
        self.t_start = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(db),
                                      "--hw", "mock", "--die", die_path, "--size", "800x480", "-v"],
                                     env=_env(COMPANION_CONTROL=sock), stderr=open(tmp / f"app{n}.log", "wb"))
        self.client = Client(sock, timeout_s=30)

    def call(self, **req: Any) -> dict[str, Any]:
        """One request; a request the app lost (its control thread posted it before
        the display was up: "video system not initialized") is sent again on a new connection."""
        for attempt in range(4):
            self.client.sock.settimeout(20 if attempt < 3 else None)
            try:
                return self.client.call(**req)
            except (TimeoutError, OSError):
                self.client.close()
                if self.proc.poll() is not None:
                    raise RuntimeError("bench: the app stopped") from None
                self.client = self._client_class(self.sock, timeout_s=30)
        raise RuntimeError("bench: the app does not answer")

    def first_frame_s(self) -> float:
        st = self.call(cmd="stats")
        while not st["first_frame_t"]:
            time.sleep(0.005)
            st = self.call(cmd="stats")
        return st["first_frame_t"] - self.t_start

    def wait(self, cond, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            s = self.call(cmd="state")
            if cond(s):
                return s
            if time.monotonic() > deadline:
                shown = {k: v for k, v in s.items() if k != "buttons"}
                raise RuntimeError(f"bench: the app did not get there: {json.dumps(shown)[:600]}")
            time.sleep(0.002)

    def cpu_s(self) -> float:
        """CPU seconds the app's threads have run so far: the scheduler's own
        nanoseconds (``/proc/<pid>/task/*/schedstat``; ``/proc/<pid>/stat`` counts
        in 10 ms ticks, too coarse for 0.05 % of a core over seconds)."""
        total = 0
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                continue  # a thread that ended meanwhile
        if total:
            return total / 1e9
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> int:
        self.proc.terminate()
        try:
            return self.proc.wait(10)
        finally:
            self.client.close()


def _latency(run: _Run, source: str, t0: float) -> float:
    """ms from ``t0`` to the first frame after an input of ``source`` that arrived after ``t0``."""
    deadline = time.monotonic() + 10
    time.sleep(0.02)  # the frame's time is the app's own: asking later changes nothing but the load on its loop
    reply: dict[str, Any] = {}
    while time.monotonic() < deadline:
        reply = run.call(cmd="stats", since=t0)  # an {"error": ...} (the loop slow to answer, under load): again
        for t_in, t_frame in reply.get("latency", {}).get(source, ()):
            if t_in >= t0:
                return (t_frame - t0) * 1000
        time.sleep(0.01)
    raise RuntimeError(f"bench: no frame after the {source} input (last answer: {str(reply)[:200]})")


# --------------------------------------------------------------------------- floors

def _floor_argv(kind: str, tmp: Path, samples: int) -> list[str]:
    """The command line of floor program ``kind`` (:mod:`.floor`), with the app's fonts."""
    from companion.ui import text
    fonts = [text._font_path(False) or "-", text._font_path(True) or "-"]
    return [sys.executable, "-m", "companion.ui.floor", kind, str(tmp), str(samples), *fonts]


def _floor(kind: str, tmp: Path, samples: int = 0) -> dict[str, Any]:
    """Run a floor program (``window``, ``font``, ``press``, ``die``) in a subprocess;
    returns its JSON, with ``first_frame_s`` measured from before ``Popen``."""
    t0 = time.monotonic()
    out = subprocess.run(_floor_argv(kind, tmp, samples), env=_env(), capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"bench: the {kind} floor failed: {out.stderr.strip()[-300:]}")
    data = json.loads(out.stdout.strip().splitlines()[-1])
    if "frame_t" in data:
        data["first_frame_s"] = data["frame_t"] - t0
    return data


class _Floor:
    """A floor program (``press`` or ``die``) running beside the app, one input per
    :meth:`sample`, so that the app's and the floor's samples are taken in pairs under the same load."""

    def __init__(self, kind: str, tmp: Path) -> None:
        self.proc = subprocess.Popen(_floor_argv(kind, tmp, -1), env=_env(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self._expect("ready")

    def _expect(self, key: str) -> Any:
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise RuntimeError(f"bench: a floor program stopped (status {self.proc.wait()})")
        return json.loads(line)[key]

    def sample(self) -> float:
        """ms from one input to its frame."""
        self.proc.stdin.write("go\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        return self._expect("latency_ms")

    def close(self) -> None:
        try:
            self.proc.stdin.close()  # type: ignore[union-attr]
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


# --------------------------------------------------------------------------- in-process costs

def _resume_ms(db: Path) -> float:
    """ms of one ``Session.open`` of ``db`` (the store opened, the game resumed)."""
    from companion.session import Session
    t = time.perf_counter()
    s = Session.open(db)
    ms = (time.perf_counter() - t) * 1000
    s.close()
    return ms


def _session_costs(db: Path, undos: int = 100) -> dict[str, float]:
    """``undo_ms``/``redo_ms``: median of ``undos`` session undos, then as many redos
    (across the window of states and the snapshots), each with its commit."""
    from companion.session import Session
    undo_ms, redo_ms = [], []
    def timed(step: Callable[[], Any], n: int, into: list[float]) -> None:
        for _ in range(n):
            t = time.perf_counter()
            outcome = step()
            into.append((time.perf_counter() - t) * 1000)
            if not outcome.accepted:  # an error, not an assert: asserts go under -OO
                raise RuntimeError(f"bench: {step.__name__} refused: {outcome.rejection}")

    with Session.open(db) as s:
        timed(s.undo, min(undos, s.seq), undo_ms)
        timed(s.redo, len(undo_ms), redo_ms)
    return {"undo_ms": statistics.median(undo_ms or [0.0]), "redo_ms": statistics.median(redo_ms or [0.0]),
            "undo_ms_max": max(undo_ms or [0.0])}


def _status_s(db: Path) -> float:
    t = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "companion", "status", "--db", str(db), "--json"],
                         env=_env(), capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"bench: companion status failed: {out.stderr.strip()[-300:]}")
    return time.monotonic() - t


# --------------------------------------------------------------------------- the app

def _app_figures(tmp: Path, db: Path, die: Any, samples: int, idle_s: float, starts: int,
                 with_die: bool, tag: str, floors: dict[str, Any] | None = None) -> dict[str, Any]:
    """First frames (``starts`` starts), idle CPU, undo (BACK) and redo (tap) latency,
    die latency, peak RSS of the app on ``db``. With ``floors`` (``{"press": _Floor,
    "die": _Floor}``) each app sample is paired with a floor sample taken right before or
    after it (the order alternates), in ``press_floor``/``die_floor``."""
    floors = floors or {}
    out: dict[str, Any] = {"first_frames": [], "press_floor": [], "die_floor": []}
    run = None
    for n in range(starts):
        if run is not None:
            run.stop()
        if "window" in floors:  # a bare window started right before each app start: pairs under the same load
            out.setdefault("window_first_frames", []).append(floors["window"]()["first_frame_s"])
        run = _Run(tmp, db, die.path, hash((tag, n)) & 0xFFFF)
        out["first_frames"].append(run.first_frame_s())
    if run is None:
        raise RuntimeError("bench: no start of the app was asked for (starts < 1)")

    def paired(i: int, kind: str, app_sample: Callable[[], float], into: list[float]) -> None:
        floor = floors.get(kind)
        if floor is not None and i % 2:
            out[f"{kind}_floor"].append(floor.sample())
        into.append(app_sample())
        if floor is not None and not i % 2:
            out[f"{kind}_floor"].append(floor.sample())

    try:
        run.wait(lambda s: s["die"]["connected"])
        # let start-up settle: its messages ("Electronic die connected.", 4 s) gone, so that the idle window
        # holds no frame the app had timed before it (a message's end is a frame, not idling)
        run.wait(lambda s: s["message"] is None)
        time.sleep(1.0)
        if idle_s > 0:
            c0, t0 = run.cpu_s(), time.monotonic()
            time.sleep(idle_s)
            c1, t1 = run.cpu_s(), time.monotonic()
            out["idle_cpu_pct"] = 100 * (c1 - c0) / (t1 - t0)
        press: list[float] = []
        tap: list[float] = []
        die_ms: list[float] = []

        def back() -> float:  # BACK acts on its release (a hold is REDO): from that edge to the frame
            r = run.call(cmd="press", button="back")
            return _latency(run, "button", r.get("t_release", r["t0"]))

        for i in range(samples):  # BACK (undo) -> frame, then Redo tapped on the top bar -> frame
            seq = run.call(cmd="state")["seq"]
            if seq == 0:
                break
            paired(i, "press", back, press)
            run.wait(lambda s: s["seq"] < seq)
            t = time.monotonic()
            run.call(cmd="tap", name="Redo")
            tap.append(_latency(run, "tap", t))
            run.wait(lambda s: s["seq"] == seq)

        def roll() -> float:
            t = time.monotonic()
            die.send_line("ROLL 3")
            return _latency(run, "die", t)

        if with_die:
            for i in range(samples):  # a roll -> frame, then BACK undoes it
                seq = run.call(cmd="state")["seq"]
                paired(i, "die", roll, die_ms)
                run.wait(lambda s: s["seq"] > seq)  # the roll, and the steps that ran on their own after it
                run.call(cmd="press", button="back")
                run.wait(lambda s: s["seq"] == seq)
        out.update(press=press, tap=tap, die=die_ms)
        out["maxrss_kb"] = hwm_kb(run.proc.pid)
    finally:
        out["exit_status_on_sigterm"] = run.stop()
    return out


def _row(figure: str, measured: float, floor: float | None, target: float, floor_what: str,
         absolute: bool = False) -> dict[str, Any]:
    ratio = None if floor in (None, 0) or absolute else measured / floor
    met = (measured <= target) if absolute else (ratio is not None and ratio <= target)
    return {"figure": figure, "measured": round(measured, 4), "floor": None if floor is None else round(floor, 4),
            "floor_is": floor_what, "ratio": None if ratio is None else round(ratio, 3),
            "target": target, "target_is": "absolute" if absolute else "ratio", "met": met}


def measure(game_id: str = "thirty-to-mars", log_size: int = 0, finished: int = 300, idle_s: float = 10.0,
            samples: int = 300, starts: int = 5, seed: int = 1) -> dict[str, Any]:
    """Build the databases, measure the floors and the app in the same run; returns
    ``{"game", "log_size", "build", "rows": [{figure, measured, floor, ratio, target, met}], "raw"}``."""
    from hw.mock import DieSimulator

    from companion.rules import get_game
    game = get_game(game_id)
    probe = game.new_game(game.default_options(None, seed))
    has_die = bool(game.die_faces(probe))
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as d, DieSimulator(seed=5) as die:
        try:
            return _measure(game_id, game, has_die, log_size, finished, idle_s, samples, starts, seed, Path(d), die)
        finally:
            _PYCACHE.clear()


def _measure(game_id: str, game: Any, has_die: bool, log_size: int, finished: int, idle_s: float, samples: int,
             starts: int, seed: int, tmp: Path, die: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    build: dict[str, Any] = {}
    db = tmp / "db.sqlite3"
    ref: Path | None = None
    if log_size > 0:
        base = tmp / "base.sqlite3"
        build["base"] = build_database(base, game_id, 0, finished=finished, seed=seed)
        ref = tmp / "ref.sqlite3"
        build["reference"] = build_database(ref, game_id, REFERENCE_LOG, base=base, seed=seed, want_roll=has_die)
        build["long"] = build_database(db, game_id, log_size, base=base, seed=seed, want_roll=has_die)
        roll_ready = build["long"]["roll_expected"]
    else:
        from companion.session import Session
        with Session.open(db) as s:  # a new game (30 to Mars: waiting for its first setup roll)
            s.new_game(game_id, game.default_options(None, seed))
            expect = game.expects(s.state)
            roll_ready = expect is not None and expect.kind == "roll"
            rng = __import__("random").Random(seed)
            while s.seq < 12 and not game.is_over(s.state):  # something to undo
                s.submit(game.random_action(s.state, rng))
                expect = game.expects(s.state)
            roll_ready = expect is not None and expect.kind == "roll"
    with_die = has_die and roll_ready
    # floors and the app, interleaved: starts before and after, latency sample by sample
    _warm_bytecode(tmp, db, die)
    floor_font = []
    for _ in range(starts):
        floor_font.append(_floor("font", tmp)["maxrss_kb"])
    floors: dict[str, Any] = {"press": _Floor("press", tmp), "window": lambda: _floor("window", tmp)}
    try:
        if with_die:
            floors["die"] = _Floor("die", tmp)
        app = _app_figures(tmp, db, die, samples, idle_s, starts, with_die, "long", floors)
    finally:
        for f in floors.values():
            if isinstance(f, _Floor):
                f.close()
    press_floor, die_floor = app["press_floor"], app["die_floor"]
    floor_first = app["window_first_frames"]
    for _ in range(starts):
        floor_font.append(_floor("font", tmp)["maxrss_kb"])
    raw.update(app=app, floor_first_frames=floor_first, floor_font_rss_kb=floor_font,
               press_floor_ms=press_floor, die_floor_ms=die_floor)
    rows = [
        _row("first_frame_s", statistics.median(app["first_frames"]), statistics.median(floor_first),
             RATIO_TARGETS["first_frame_s"], "bare pygame-ce window"),
        _row("peak_rss_mb", app["maxrss_kb"] / 1024, statistics.median(floor_font) / 1024,
             RATIO_TARGETS["peak_rss_mb"], "window + fonts"),
        _row("idle_cpu_pct", app.get("idle_cpu_pct", float("nan")), None, ABSOLUTE_TARGETS["idle_cpu_pct"],
             "none (absolute)", absolute=True),
        _row("press_to_frame_ms_p99", _p(app["press"], 99), _p(press_floor, 99),
             RATIO_TARGETS["press_to_frame_ms_p99"], "pin edge + commit + draw (p99)"),
    ]
    if with_die:
        rows.append(_row("die_to_frame_ms_p99", _p(app["die"], 99), _p(die_floor, 99),
                         RATIO_TARGETS["die_to_frame_ms_p99"], "pty line read + commit + draw (p99)"))
    rows.append({"figure": "press_to_frame_ms_p50", "measured": round(_p(app["press"], 50), 3),
                 "floor": round(_p(press_floor, 50), 3), "floor_is": "pin edge + commit + draw (p50)",
                 "ratio": round(_p(app["press"], 50) / _p(press_floor, 50), 3), "target": None, "met": None})
    rows.append({"figure": "redo_tap_to_frame_ms_p99", "measured": round(_p(app["tap"], 99), 3),
                 "floor": None, "floor_is": "", "ratio": None, "target": None, "met": None})
    if ref is not None:  # the long game against the reference game of 100 actions
        ref_app = _app_figures(tmp, ref, die, min(samples, 30), 0, starts, False, "ref")
        raw["reference_app"] = ref_app
        costs = {"long": _session_costs(db), "reference": _session_costs(ref)}
        status: dict[str, list[float]] = {"long": [], "reference": []}
        resume: dict[str, list[float]] = {"long": [], "reference": []}
        for i in range(9):  # interleaved, so that the machine's load falls on both alike
            for name, path in (("long", db), ("reference", ref))[::1 if i % 2 else -1]:
                resume[name].append(_resume_ms(path))
                if i < 3:
                    status[name].append(_status_s(path))
        raw.update(session_costs=costs, status_s=status, resume_ms=resume)
        pairs = {
            "resume_ms": (statistics.median(resume["long"]), statistics.median(resume["reference"])),
            "undo_ms": (costs["long"]["undo_ms"], costs["reference"]["undo_ms"]),
            "redo_ms": (costs["long"]["redo_ms"], costs["reference"]["redo_ms"]),
            "status_s": (statistics.median(status["long"]), statistics.median(status["reference"])),
            "first_frame_s": (statistics.median(app["first_frames"]), statistics.median(ref_app["first_frames"])),
            "undo_to_frame_ms_p50": (_p(app["press"], 50), _p(ref_app["press"], 50)),
            "peak_rss_mb": (app["maxrss_kb"] / 1024, ref_app["maxrss_kb"] / 1024),
        }
        for name, (long_v, ref_v) in pairs.items():
            rows.append(_row(f"{name} @{build['long']['actions']} vs @{REFERENCE_LOG}", long_v, ref_v,
                             SAME_COST_TARGETS[name], f"the same with {REFERENCE_LOG} actions"))
    return {"game": game_id, "log_size": log_size, "finished_games": finished if log_size > 0 else 0,
            "die_measured": with_die, "samples": samples, "build": build, "rows": rows,
            "exit_status_on_sigterm": app["exit_status_on_sigterm"], "raw": raw}


def main(json_out: bool = False, idle_s: float = 10.0, samples: int = 300, game_id: str | None = None,
         log_size: int = 0, finished: int = 300, starts: int = 5) -> int:
    """Print the figures (a table, or JSON); exit status 0 if every target is met, else 1."""
    from companion.rules import GAMES
    games = [game_id] if game_id else list(GAMES)
    results = []
    for gid in games:
        try:
            results.append(measure(gid, log_size, finished, idle_s, samples, starts))
        except Exception as exc:  # a bench that cannot run says why in one line
            print(f"companion bench: could not measure {gid}: {exc!r}", file=sys.stderr)
            return 2
    met = all(r["met"] is not False for res in results for r in res["rows"])
    if json_out:
        print(json.dumps(results[0] if len(results) == 1 else results, indent=2))
    else:
        for res in results:
            print(f"{res['game']}: log of {res['log_size']} actions, {res['finished_games']} finished games, "
                  f"die {'measured' if res['die_measured'] else 'not measured'}")
            print(f"  {'figure':44s} {'measured':>10s} {'floor':>10s} {'ratio':>7s} {'target':>8s}  met")
            for r in res["rows"]:
                floor = "" if r["floor"] is None else f"{r['floor']:.4g}"
                ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
                target = "" if r["target"] is None else (f"<={r['target']}" + ("" if r.get("target_is") == "ratio"
                                                                                else " abs"))
                ok = {True: "ok", False: "MISSED", None: ""}[r["met"]]
                print(f"  {r['figure']:44s} {r['measured']:>10.4g} {floor:>10s} {ratio:>7s} {target:>8s}  {ok}")
    return 0 if met else 1

"""``companion bench``: the real app measured headless, in subprocesses.

Each figure comes from ``companion play`` running with SDL's dummy video
driver, ``--hw mock`` (gpiozero MockFactory pins) and a die simulator on a
pty, observed through the test control channel (``COMPANION_CONTROL``):

- ``first_frame_s``: process start (before ``Popen``) to the first frame
  shown, seconds (median of 3 starts; ``first_frame_s_max`` the worst);
- ``idle_cpu_pct``: CPU time of the app process (user + system, from
  ``/proc``) over ``idle_s`` seconds of idle, as percent of one core;
- ``press_to_frame_ms_p99``: mock GPIO NEXT pin driven low -> the frame
  showing the committed step is flipped, milliseconds, 99th percentile;
- ``die_to_frame_ms_p99``: a roll line written on the pty -> the frame
  showing the committed roll, milliseconds, 99th percentile;
- ``peak_rss_mb``: the app's peak resident memory (``ru_maxrss``), MiB.

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
from typing import Any

TARGETS = {"first_frame_s": 0.5, "idle_cpu_pct": 0.5, "press_to_frame_ms_p99": 10.0,
           "die_to_frame_ms_p99": 10.0, "peak_rss_mb": 80.0}


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
        assert n <= 0 or s.seq == info["actions"], (s.seq, info, s.notice)
    info["first_resume_s"] = round(time.perf_counter() - t1, 2)
    return info


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q / 100 * (len(v) - 1))))]


class _Run:
    def __init__(self, tmp: Path, die_path: str, n: int) -> None:
        from .control import Client
        sock = str(tmp / f"control{n}.sock")
        env = dict(os.environ, COMPANION_CONTROL=sock, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.t_start = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp / "db.sqlite3"),
                                      "--hw", "mock", "--die", die_path, "--size", "800x480"], env=env,
                                     stderr=subprocess.DEVNULL)
        self.client = Client(sock, timeout_s=20)

    def call(self, **req: Any) -> dict[str, Any]:
        return self.client.call(**req)

    def wait(self, cond, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            s = self.call(cmd="state")
            if cond(s):
                return s
            if time.monotonic() > deadline:
                raise RuntimeError(f"bench: the app did not get there: {json.dumps(s)[:300]}")
            time.sleep(0.002)

    def cpu_s(self) -> float:
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
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for t_in, t_frame in run.call(cmd="stats")["latency"][source]:
            if t_in >= t0:
                return (t_frame - t0) * 1000
        time.sleep(0.002)
    raise RuntimeError(f"bench: no frame after the {source} input")


def measure(idle_s: float = 10.0, samples: int = 100) -> dict[str, Any]:
    """Run the measurements; returns the figures (see the module docstring)."""
    from hw.mock import DieSimulator

    from companion.rules.contract import Action
    from companion.session import Session
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d, DieSimulator(seed=5) as die:
        tmp = Path(d)
        with Session.open(tmp / "db.sqlite3") as s:  # a game waiting for its first setup roll
            s.new_game("thirty-to-mars", {})
        firsts = []
        for n in range(3):
            run = _Run(tmp, die.path, n)
            st = run.call(cmd="stats")
            while not st["first_frame_t"]:
                time.sleep(0.005)
                st = run.call(cmd="stats")
            firsts.append(st["first_frame_t"] - run.t_start)
            if n < 2:
                run.stop()
        out["first_frame_s"] = round(statistics.median(firsts), 3)
        out["first_frame_s_max"] = round(max(firsts), 3)
        run.wait(lambda s: s["die"]["connected"])
        time.sleep(1.0)  # let start-up settle
        c0, t0 = run.cpu_s(), time.monotonic()
        time.sleep(idle_s)
        c1, t1 = run.cpu_s(), time.monotonic()
        out["idle_cpu_pct"] = round(100 * (c1 - c0) / (t1 - t0), 3)
        out["idle_s"] = idle_s
        # die -> frame: a setup roll lands (committed), then BACK undoes it
        die_ms = []
        for _ in range(samples):
            seq = run.call(cmd="state")["seq"]
            t = time.monotonic()
            die.send_line("ROLL 3")
            die_ms.append(_latency(run, "die", t))
            run.wait(lambda s: s["seq"] == seq + 1)
            run.call(cmd="press", button="back")
            run.wait(lambda s: s["seq"] == seq)
        # press -> frame: NEXT starts the day (committed), then BACK undoes it
        for f in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4):
            die.send_line(f"ROLL {f}")
        run.wait(lambda s: s["step"] == "dawn")
        press_ms = []
        for _ in range(samples):
            seq = run.call(cmd="state")["seq"]
            r = run.call(cmd="press", button="next")
            press_ms.append(_latency(run, "button", r["t0"]))
            run.wait(lambda s: s["seq"] == seq + 1)
            run.call(cmd="press", button="back")
            run.wait(lambda s: s["seq"] == seq)
        for name, values in (("press_to_frame_ms", press_ms), ("die_to_frame_ms", die_ms)):
            out[f"{name}_p50"] = round(_p(values, 50), 2)
            out[f"{name}_p99"] = round(_p(values, 99), 2)
            out[f"{name}_max"] = round(max(values), 2)
        out["samples"] = samples
        stats = run.call(cmd="stats")
        out["peak_rss_mb"] = round(stats["maxrss_kb"] / 1024, 1)
        out["exit_status_on_sigterm"] = run.stop()
    Action  # noqa: B018 (imported for the session's game registry)
    return out


def main(json_out: bool = False, idle_s: float = 10.0, samples: int = 100) -> int:
    """Print the figures (text or JSON); exit status 0 if every target is met, else 1."""
    try:
        figures = measure(idle_s, samples)
    except Exception as exc:  # a bench that cannot run says why in one line
        print(f"companion bench: could not measure: {exc}", file=sys.stderr)
        return 2
    met = {k: figures[k] <= v for k, v in TARGETS.items()}
    if json_out:
        print(json.dumps({"figures": figures, "targets": TARGETS, "met": met}, indent=2))
    else:
        for k, v in figures.items():
            target = f"  (target <= {TARGETS[k]}: {'ok' if met[k] else 'MISSED'})" if k in TARGETS else ""
            print(f"{k:28s} {v}{target}")
    return 0 if all(met.values()) else 1

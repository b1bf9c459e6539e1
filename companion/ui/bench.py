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

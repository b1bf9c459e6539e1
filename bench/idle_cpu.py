"""CPU of an idle companion: ``companion play --hw mock --die <pty>`` doing nothing.

Starts the real app in a subprocess the way ``companion bench`` does (its
``_Run`` helper: SDL dummy video driver, ``--hw mock`` gpiozero MockFactory
pins, the test control channel) with the die simulator's pty as ``--die``,
waits until the die is connected and start-up has settled, then reads the
app's CPU time (``/proc/<pid>/task/*/schedstat``, nanoseconds) before and after ``--idle-s`` seconds
of idle. Also counts the wake-ups of each of the app's threads over that time
(``voluntary_ctxt_switches`` in ``/proc/<pid>/task/<tid>/status``: a thread
that sleeps, wakes and sleeps again adds one).

    python bench/idle_cpu.py [--idle-s 10] [--json]

Prints the CPU as percent of one core (target <= 0.05) and the wake-ups per
second of each thread. A figure, not a test: the machine's load shows in it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from companion.ui.bench import ABSOLUTE_TARGETS  # the one target (issue 13, item 3)

TARGET_CPU_PCT = ABSOLUTE_TARGETS["idle_cpu_pct"]


def thread_switches(pid: int) -> dict[int, tuple[str, int]]:
    """tid -> (thread name, voluntary context switches so far) of process ``pid``."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    out[int(task.name)] = (name, int(line.split()[1]))
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
    return out


def measure(idle_s: float = 10.0, settle_s: float = 1.0) -> dict:
    """Figures of one idle run: ``cpu_pct`` (of one core), ``cpu_s``, ``idle_s``, ``wakeups_per_s``
    (tid -> per second, main thread first)."""
    from hw.mock import DieSimulator

    from companion.session import Session
    from companion.ui.bench import _Run

    with tempfile.TemporaryDirectory() as d, DieSimulator(seed=5) as die:
        tmp = Path(d)
        with Session.open(tmp / "db.sqlite3") as s:  # a game waiting for its first setup roll
            s.new_game("thirty-to-mars", {})
        run = _Run(tmp, tmp / "db.sqlite3", die.path, 0)
        try:
            run.wait(lambda s: s["die"]["connected"])
            time.sleep(settle_s)  # let start-up settle (messages, first frames)
            sw0 = thread_switches(run.proc.pid)
            c0, t0 = run.cpu_s(), time.monotonic()
            time.sleep(idle_s)
            c1, t1 = run.cpu_s(), time.monotonic()
            sw1 = thread_switches(run.proc.pid)
        finally:
            status = run.stop()
    dt = t1 - t0
    wakeups = {f"{tid} {name}" + (" (main)" if tid == run.proc.pid else ""): round((n - sw0[tid][1]) / dt, 2)
               for tid, (name, n) in sorted(sw1.items()) if tid in sw0}
    return {"cpu_pct": round(100 * (c1 - c0) / dt, 4), "cpu_s": round(c1 - c0, 6), "idle_s": round(dt, 2),
            "wakeups_per_s": wakeups,
            "exit_status_on_sigterm": status}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--idle-s", type=float, default=10.0, help="seconds of idle measured (default 10)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    f = measure(args.idle_s)
    if args.json:
        print(json.dumps(dict(f, target_cpu_pct=TARGET_CPU_PCT), indent=2))
    else:
        ok = "ok" if f["cpu_pct"] <= TARGET_CPU_PCT else "MISSED"
        print(f"idle CPU  {f['cpu_pct']:.4f} % of a core  ({f['cpu_s']} s over {f['idle_s']} s)  "
              f"target <= {TARGET_CPU_PCT}: {ok}")
        print("wake-ups per second, by thread:")
        for tid, n in f["wakeups_per_s"].items():
            print(f"  {tid:32s} {n}")
        print(f"exit status on SIGTERM: {f['exit_status_on_sigterm']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

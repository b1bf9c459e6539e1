"""Latency of the die path: a line written on a pty -> a roll event taken off the main loop's queue.

Writes ``ROLL n`` lines one at a time to a :class:`hw.mock.DieSimulator` pty
read by a :class:`hw.die.DieReader` whose ``post`` is ``queue.Queue.put``,
and times each with ``time.perf_counter`` from just before the write to the
main thread's ``get``. Prints median, p90, p99 and max in milliseconds.

    python bench/die_latency.py [--rolls 2000] [--json]
"""
from __future__ import annotations

import argparse
import json
import queue
import statistics
import sys
import time

from hw.die import DieReader
from hw.mock import DieSimulator

TARGET_P99_MS = 2.0


def measure(rolls: int, warmup: int = 50) -> list[float]:
    """Seconds from write to delivery, one per roll (after ``warmup`` unmeasured rolls)."""
    sim = DieSimulator(seed=1)
    sim.plug()
    events: queue.Queue = queue.Queue()
    reader = DieReader(events.put, port=sim.path)
    reader.start()
    try:
        if events.get(timeout=5).kind != "connected":
            raise RuntimeError("reader did not connect")
        out = []
        for i in range(warmup + rolls):
            face = i % 6 + 1
            t0 = time.perf_counter()
            sim.roll(face)
            ev = events.get(timeout=2)
            dt = time.perf_counter() - t0
            if ev.kind != "roll" or ev.face != face:
                raise RuntimeError(f"expected roll {face}, got {ev}")
            if i >= warmup:
                out.append(dt)
        return out
    finally:
        reader.stop()
        sim.unplug()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=2000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ms = sorted(x * 1000 for x in measure(args.rolls))
    q = statistics.quantiles(ms, n=100, method="inclusive")
    figures = {"rolls": len(ms), "median_ms": round(statistics.median(ms), 4), "p90_ms": round(q[89], 4),
               "p99_ms": round(q[98], 4), "max_ms": round(ms[-1], 4), "target_p99_ms": TARGET_P99_MS,
               "ok": q[98] < TARGET_P99_MS}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"die latency, pty write -> main-loop queue, {len(ms)} rolls: median {figures['median_ms']:.3f} ms, "
              f"p90 {figures['p90_ms']:.3f} ms, p99 {figures['p99_ms']:.3f} ms, max {figures['max_ms']:.3f} ms "
              f"(target p99 < {TARGET_P99_MS} ms: {'met' if figures['ok'] else 'MISSED'})")
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())

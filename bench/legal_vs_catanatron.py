"""``companion simulate --player legal`` and ``--player random`` against catanatron's random player.

``--player legal`` and catanatron's random player both choose uniformly among
the legal actions at every step; ``--player random`` is the game's own
``random_action`` (the playout player). This prints, for every registered
game and both players, the companion's decisions (actions) per second beside
catanatron's, measured in the same run, interleaved in rounds of about
``--round-s`` seconds each, and their ratio (the targets: at least 2 for
``legal``, at least 3 for ``random``).

The rates are decisions per second of the process's own CPU time
(``time.process_time``, both sides alike): what one core gives each engine,
unmoved by other programs taking the machine's cores in turn (this is a shared
2-core machine; a Pi core runs one engine at a time). The wall-clock ratio is
printed beside it; on a quiet machine the two agree.

catanatron is not a dependency of the project: the script makes a separate
virtual environment (``--venv``, default ``/tmp/catan-venv``) and installs it
there from PyPI with pip the first time.

    .venv/bin/python bench/legal_vs_catanatron.py [--rounds 3] [--round-s 4] [--players N]
        [--player legal|random|both] [--game ID] [--json]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import venv
from pathlib import Path

TARGET_RATIO = 2.0          # --player legal
TARGETS = {"legal": TARGET_RATIO, "random": 3.0}

# Runs in catanatron's environment: plays 4 random players until the time is up;
# prints {"decisions", "seconds", "cpu_seconds", "games"}.
CATAN = r"""
import json, sys, time
from catanatron import Color, Game, RandomPlayer
budget = float(sys.argv[1]); seed = int(sys.argv[2])
decisions = games = 0
start, cpu = time.perf_counter(), time.process_time()
while time.perf_counter() - start < budget:
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    game = Game(players, seed=seed + games)
    game.play()
    decisions += len(game.state.actions)
    games += 1
print(json.dumps({"decisions": decisions, "seconds": time.perf_counter() - start,
                  "cpu_seconds": time.process_time() - cpu, "games": games}))
"""

# Runs in the project's environment: companion simulate --player PLAYER until the time is up
# (players "" : the game's default).
COMPANION = r"""
import json, sys, time
from companion.cmd_simulate import simulate
game_id, budget, seed, player = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
players = int(sys.argv[5]) if sys.argv[5] else None
actions = games = 0
seconds = cpu = 0.0
while seconds < budget:
    c0 = time.process_time()
    r = simulate(game_id, 1, seed + games, players, player)
    cpu += time.process_time() - c0
    actions += r["actions"]; seconds += r["seconds"]; games += 1
print(json.dumps({"decisions": actions, "seconds": seconds, "cpu_seconds": cpu, "games": games}))
"""


def catan_python(where: Path) -> Path:
    """The venv's python with catanatron installed (made and installed on first use)."""
    py = where / "bin" / "python"
    if not py.exists():
        venv.EnvBuilder(with_pip=True).create(where)
    if subprocess.run([py, "-c", "import catanatron"], capture_output=True).returncode != 0:
        print(f"installing catanatron into {where} ...", file=sys.stderr)
        subprocess.run([py, "-m", "pip", "install", "-q", "catanatron"], check=True)
    return py


def _run(cmd: list[str]) -> dict:
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip()[-500:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--venv", type=Path, default=Path("/tmp/catan-venv"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--round-s", type=float, default=4.0, help="seconds of play per side and round")
    ap.add_argument("--game", default=None, help="one game id (default: every registered game)")
    ap.add_argument("--player", choices=("legal", "random", "both"), default="both")
    ap.add_argument("--players", type=int, default=None,
                    help="players at the table where the game allows it (default: the game's default)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from companion.rules import GAMES, get_game
    games = [args.game] if args.game else list(GAMES)
    modes = ["legal", "random"] if args.player == "both" else [args.player]
    table = {}
    for g in games:
        lo, hi = get_game(g).PLAYERS
        table[g] = str(args.players) if args.players is not None and lo <= args.players <= hi else ""
    catan = catan_python(args.venv)
    version = subprocess.run([catan, "-m", "pip", "show", "catanatron"], capture_output=True,
                             text=True).stdout.split("Version:")[-1].split()[0]
    runs = [(g, m) for g in games for m in modes]
    totals = {"catanatron": [0, 0.0, 0.0], **{run: [0, 0.0, 0.0] for run in runs}}
    for r in range(args.rounds):  # interleaved: the machine's load falls on both alike
        for name in ["catanatron", *runs]:
            if name == "catanatron":
                res = _run([str(catan), "-c", CATAN, str(args.round_s), str(100 * r)])
            else:
                g, m = name
                res = _run([sys.executable, "-c", COMPANION, g, str(args.round_s), str(100 * r), m, table[g]])
            totals[name][0] += res["decisions"]
            totals[name][1] += res["cpu_seconds"]
            totals[name][2] += res["seconds"]
    catan_rate = totals["catanatron"][0] / totals["catanatron"][1]
    catan_wall = totals["catanatron"][0] / totals["catanatron"][2]
    rows = []
    for g, m in runs:
        rate = totals[(g, m)][0] / totals[(g, m)][1]
        wall = totals[(g, m)][0] / totals[(g, m)][2]
        target = TARGETS[m]
        rows.append({"game": g, "player": m, "players": int(table[g]) if table[g] else None,
                     "decisions_per_s": round(rate), f"{m}_decisions_per_s": round(rate),
                     "catanatron_decisions_per_s": round(catan_rate),
                     "ratio": round(rate / catan_rate, 2), "wall_ratio": round(wall / catan_wall, 2),
                     "target": target, "met": rate / catan_rate >= target})
    if args.json:
        print(json.dumps({"catanatron_version": version, "rounds": args.rounds, "round_s": args.round_s,
                          "rows": rows}, indent=2))
    else:
        print(f"catanatron {version} random players: {catan_rate:.0f} decisions per CPU second, "
              f"{catan_wall:.0f} per wall second ({args.rounds} rounds of {args.round_s} s, interleaved)")
        for row in rows:
            seats = f" --players {row['players']}" if row["players"] else ""
            print(f"{row['game']:24s} --player {row['player']:6s}{seats:12s} {row['decisions_per_s']:>7d} decisions/s  "
                  f"ratio {row['ratio']:.2f} (target >= {row['target']}: {'ok' if row['met'] else 'MISSED'}; "
                  f"wall {row['wall_ratio']:.2f})")
    return 0 if all(r["met"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

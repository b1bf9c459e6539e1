"""``companion simulate``: many seeded games with random legal choices.

Each game starts from ``new_game`` with a seeded ``random.Random`` that plays
the table: it rolls a virtual die, draws random cards and picks random legal
moves (``game.random_action``). The figures measure the pure rules engine.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from companion.rules import get_game


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play N seeded games with random legal choices (engine benchmark)")
    p.add_argument("--game", default="thirty-to-mars", help="game id (default thirty-to-mars)")
    p.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def simulate(game_id: str, games: int, seed: int = 0) -> dict:
    """Play ``games`` games; returns ``{"game", "games", "wins", "losses",
    "actions", "seconds", "actions_per_s", "mean_actions_per_game"}``.

    Raises ``KeyError`` for an unknown game id.
    """
    game = get_game(game_id)
    wins = losses = actions = 0
    apply, random_action, is_over = game.apply, game.random_action, game.is_over
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.new_game({})
        while not is_over(state):
            state, _ = apply(state, random_action(state, rng))
            actions += 1
        if game.outcome(state) == "won":
            wins += 1
        else:
            losses += 1
    seconds = time.perf_counter() - start
    return {"game": game_id, "games": games, "seed": seed, "wins": wins, "losses": losses, "actions": actions,
            "seconds": round(seconds, 4), "actions_per_s": round(actions / seconds) if seconds else None,
            "mean_actions_per_game": round(actions / games, 1) if games else 0}


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("companion simulate: --games must be at least 1")
        return 2
    try:
        result = simulate(args.game, args.games, args.seed)
    except KeyError as exc:
        print(f"companion simulate: {exc.args[0]}")
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games of {result['game']}: {result['wins']} won, {result['losses']} lost; "
              f"{result['actions']} actions in {result['seconds']} s = {result['actions_per_s']} actions/s")
    return 0

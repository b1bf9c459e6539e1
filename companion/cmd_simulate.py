"""``companion simulate``: many seeded games with random choices (engine benchmark).

Each game starts from ``new_game(default_options(players, seed))`` with a
seeded ``random.Random`` that plays the whole table: it rolls a virtual die,
makes up cards and picks moves. ``--player random`` (default) uses the game's
own ``random_action``; ``--player legal`` chooses uniformly from
``legal_actions`` at every step (as catanatron's random player does), falling
back to ``random_action`` only where the game waits for a value that cannot be
listed (a card's printed fields). The figures measure the pure rules engine.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from companion.arguments import bounded
from companion.rules import GAMES, get_game

#: A game that does not end after this many actions is reported, not looped forever.
MAX_ACTIONS_PER_GAME = 200_000

#: ``--games`` is from 1 to this many: a million games of 30 to Mars is hours of the engine; more is no figure
#: anyone waits for (``--games 100000000000000000000`` was taken and ran until killed).
MAX_GAMES = 1_000_000


#: ``--games N``'s type: 1 to :data:`MAX_GAMES`
_games = bounded(int, 1, MAX_GAMES, "the number of games ")


def _players_said() -> str:
    """``"1 to 4 for thirty-to-mars, 2 to 4 for ..."``: each game's ``PLAYERS`` range, for ``--help``."""
    return ", ".join(f"{lo} to {hi} for {gid}" for gid in sorted(GAMES) for lo, hi in [get_game(gid).PLAYERS])


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play N seeded games with random choices (engine benchmark)")
    p.add_argument("--game", default="thirty-to-mars", choices=sorted(GAMES), help="game id (default thirty-to-mars)")
    p.add_argument("--games", type=_games, default=100, metavar="N",
                   help=f"number of games, 1 to {MAX_GAMES:,} (default 100)")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=f"players at the table: {_players_said()} (default: the game's default)")
    p.add_argument("--player", default="random", choices=("random", "legal"),
                   help="random: the game's random_action; legal: uniform over legal_actions")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def simulate(game_id: str, games: int, seed: int = 0, players: int | None = None,
             player: str = "random") -> dict[str, Any]:
    """Play ``games`` games; returns ``{"game", "games", "players", "player", "seed",
    "actions", "seconds", "actions_per_s", "mean_actions_per_game"}`` plus the
    result shape of the game: ``"wins"`` and ``"losses"`` for a co-op game (one
    seat); ``"wins_per_seat"`` (list by seat), ``"ties"`` (shared wins) and
    ``"no_winner"`` for a race.

    Raises ``KeyError`` for an unknown game id, ``ValueError`` for a player
    count the game does not allow, ``RuntimeError`` if a game does not end.
    """
    game = get_game(game_id)
    lo, hi = game.PLAYERS
    if players is not None and not lo <= players <= hi:
        raise ValueError(f"{game.TITLE} is for {lo} to {hi} players")
    apply, is_over = game.apply, game.is_over
    choose = game.random_action if player == "random" else _legal_chooser(game)
    actions = 0
    results = []
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.new_game(game.default_options(players, seed + i))
        n = 0
        while not is_over(state):
            state, _ = apply(state, choose(state, rng))
            n += 1
            if n > MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game {seed + i} of {game_id} did not end after {n} actions")
        actions += n
        results.append((len(game.seats(state)), game.result(state)))
    seconds = time.perf_counter() - start
    out: dict[str, Any] = {
        "game": game_id, "games": games, "players": players, "player": player, "seed": seed, "actions": actions,
        "seconds": round(seconds, 4), "actions_per_s": round(actions / seconds) if seconds else None,
        "mean_actions_per_game": round(actions / games, 1) if games else 0}
    out.update(_tally(results))
    return out


def _legal_chooser(game: Any) -> Any:
    legal_actions, random_action = game.legal_actions, game.random_action

    def choose(state: Any, rng: random.Random) -> Any:
        legal = legal_actions(state)
        expect = game.expects(state)
        if not legal or (expect is not None and expect.kind == "card"):
            return random_action(state, rng)
        return legal[int(rng.random() * len(legal))]
    return choose


def _tally(results: list[tuple[int, Any]]) -> dict[str, Any]:
    """The result shape: wins/losses when every game had one seat (co-op), else per seat."""
    if all(n == 1 for n, _ in results):
        wins = sum(1 for _, r in results if r.winners)
        return {"wins": wins, "losses": len(results) - wins}
    seats = max(n for n, _ in results)
    per_seat = [0] * seats
    ties = none = 0
    for _, r in results:
        for w in r.winners:
            per_seat[w] += 1
        ties += len(r.winners) > 1
        none += not r.winners
    return {"wins_per_seat": per_seat, "ties": ties, "no_winner": none}


def run(args: argparse.Namespace) -> int:
    """``companion simulate``: a count out of range is said on standard error, exit 2, before any game is played."""
    lo, hi = get_game(args.game).PLAYERS
    if args.players is not None and not lo <= args.players <= hi:
        print(f"companion simulate: error: argument --players: {get_game(args.game).TITLE} is for {lo} to {hi} "
              f"players, not {args.players}", file=sys.stderr)
        return 2
    try:
        result = simulate(args.game, args.games, args.seed, args.players, args.player)
    except (KeyError, ValueError) as exc:
        print(f"companion simulate: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    if "wins" in result:
        shape = f"{result['wins']} won, {result['losses']} lost"
    else:
        shape = (f"wins by seat {result['wins_per_seat']}, {result['ties']} shared, "
                 f"{result['no_winner']} without a winner")
    print(f"{result['games']} games of {result['game']} ({result['player']} player): {shape}; "
          f"{result['actions']} actions in {result['seconds']} s = {result['actions_per_s']} actions/s")
    return 0

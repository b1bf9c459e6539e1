"""Race to Mars end to end through the running app: a whole 2-player game
(Headquarters, Starting cards, the Pre-launch picks and the trajectory
cards identified in the card catalogue, the launches, 2.1 for everyone,
2.2-2.5, to the ranking) by taps and mock GPIO NEXT presses, headless, with
no die (``--die none``: the game has none), a kill -9 midway and a resume
with no ``--game`` (the game played last comes back).

The table's Space cards are in the catalogue beforehand (made up by the
engine's seeded ``random_space_card``; the rulebook prints none), so every
pick is one tap on the card's name, as at a table that has entered its deck.

Source: shared/rules/race-to-mars.txt ("Setup", "Headquarters", "Starting
Cards", "Playing the Game 1: Pre-Launch", "Launching the Rocket", "Phase
2.1: Play Cards" ... "The Game Ends").
"""
from __future__ import annotations

import json
import random

import pytest

from companion.rules.race_to_mars import random_space_card
from companion.ui.widgets import WHY

from .apprun import RunningApp, names

GAME = "race-to-mars"
#: Buttons that are not moves (the top bar, the players' panels, paging, the catalogue).
CHROME = {"Undo", "Redo", "New game", "Cards", "Back to game", "Search", "Previous page", "Next page", "New card",
          "Space cards", "Starting cards", "Anna", "Winston", "Rocket\u2026", "More\u2026"}


def deck(n: int, seed: int) -> list[dict]:
    """``n`` Space cards with all three parts (Crew ability, Rocket module, trajectory)."""
    rng = random.Random(seed)
    cards = []
    for k in range(1, n + 1):
        card = random_space_card(rng, "both", f"D{k:03d}")
        card["trajectory"] = random_space_card(rng, "trajectory")["trajectory"]
        cards.append(card)
    return cards


def starting_cards() -> list[dict]:
    """Starting cards 5-8 (the rulebook prints 1-4): entered once, like the Space cards."""
    effects = ("boost", "draw", "store", "advance")
    return [{"name": f"Starting card {k}", "crew": {"resources": ["wild"], "draw": 1},
             "module": {"resource": "fuel"}, "insight": {"cost": k - 3, "effect": effects[k - 5]}}
            for k in range(5, 9)]


class Players:
    """Two players at the table: they tap what the screen offers and press NEXT."""

    def __init__(self, app: RunningApp, cards: set[str], rng: random.Random) -> None:
        self.app = app
        self.cards = cards
        self.rng = rng
        self.presses = 0
        self.screens: set[str] = set()

    def press_next(self, s: dict) -> None:
        self.presses += 1
        self.app.press("next")

    def step(self, s: dict) -> None:
        app, rng = self.app, self.rng
        shown = names(s)
        self.screens.add(s["screen"])
        if s["dialog"]:
            chosen = [o for o in s["dialog_options"] if o != s["dialog_cancel"] and not o.endswith(WHY)]  # a move
            options = [o for o in chosen if o != "More\u2026"] or chosen
            app.tap(rng.choice(options) if options else s["dialog_cancel"])
        elif s["screen"] == "headquarters":
            free = [n for n in shown if n.startswith("HQ ") and not n.endswith(" text")]
            for n in rng.sample(free, 2):
                app.tap(n)
            self.press_next(s)                                  # NEXT is Keep
        elif s["screen"] == "entry" and "Save" in shown:        # the Trajectory card's lanes: as offered
            app.tap("Save")
        elif s["screen"] == "entry":
            cards = [n for n in shown if n in self.cards or n.startswith("Starting card ")]
            app.tap(rng.choice(cards) if cards else "Next page")
        elif s["screen"] == "round":
            if "Launch!" in shown and rng.random() < 0.8:
                app.tap("Launch!")
            else:
                app.tap("Attach as module" if rng.random() < 0.3 else "Recruit to Crew deck")
        elif s["screen"] == "play":                             # 2.1: everyone at once
            plays = [n for n in shown if n.endswith(": play")]
            if plays and rng.random() < 0.7:
                app.tap(rng.choice(plays))
            else:
                self.press_next(s)                              # NEXT: the first player still playing is done
        elif s["screen"] == "turn":
            if "Advance" in shown and rng.random() < 0.95:
                app.tap("Advance")
            elif "Next phase" in shown:
                self.press_next(s)
            else:                                               # a hazard, or how many cards Storage keeps
                moves = [n for n in shown if n not in CHROME]
                app.tap(rng.choice(moves))
        else:
            raise AssertionError(f"unexpected screen {s['screen']}")

    def play(self, until_seq: int | None = None, limit: int = 5000) -> dict:
        """Play until the game is over (or the log reaches ``until_seq`` with no dialog open)."""
        for _ in range(limit):
            s = self.app.state()
            if s["over"] or (until_seq is not None and s["seq"] >= until_seq and not s["dialog"]):
                return s
            self.step(s)
        raise AssertionError(f"the game did not end: {json.dumps({k: v for k, v in s.items() if k != 'buttons'})}")


@pytest.mark.timeout(120)
def test_a_whole_two_player_game_through_the_running_app(tmp_path):
    from companion.session import Session
    cards = deck(160, seed=7)
    (tmp_path / f"{GAME}.space.json").write_text(json.dumps(cards, indent=2))
    (tmp_path / f"{GAME}.starting.json").write_text(json.dumps(starting_cards(), indent=2))
    with RunningApp(tmp_path, "none") as app:
        app.start("--game", GAME, wait_die=False)
        s = app.state()
        assert s["screen"] == "new_game" and s["die"]["connected"] is False
        app.tap("2 players")
        app.tap("Start")
        s = app.wait(lambda t: t["screen"] == "headquarters" and t["game"] == GAME, "the game to start")
        players = Players(app, {c["name"] for c in cards}, random.Random(2))
        s = players.play(until_seq=60)
        seq_before, screen_before = s["seq"], s["screen"]
        app.kill()                                              # kill -9 midway
        app.start(wait_die=False)                               # no --game: resumes the game played last
        s = app.state()
        assert s["game"] == GAME and s["seq"] == seq_before and s["screen"] == screen_before
        s = players.play()
        assert s["screen"] == "over" and "New game" in names(s)
        assert app.stop() == 0
    assert {"headquarters", "entry", "round", "play", "turn"} <= players.screens
    assert players.presses >= 10
    with Session.open(tmp_path / "db.sqlite3") as session:
        game, state = session.game, session.state
        result = game.result(state)
        assert session.game_id == GAME and game.is_over(state)
        assert result.winners and result.ranking[0].seat in result.winners
        assert [r.seat for r in result.ranking] and sorted(r.seat for r in result.ranking) == [0, 1]
        log = [e for e in session.log() if not e.undone]
        kinds = {e.action.kind for e in log}
        assert {"headquarters", "starting", "pick", "leftover", "launch", "done", "advance", "discard",
                "trajectory_card"} <= kinds
        assert all(e.action.seat is not None for e in log if e.action.kind != "round")
        summary = game.summary(state)
        assert any(p["spaces_to_mars"] == 0 for p in summary["players"])  # a rocket reached Mars

"""30 to Mars at the table: the contract's seats, turn, result and invariants.

A co-op game: "4 Marsonauts must work as a team ... You either win together or
lose together" (30-to-mars.txt, Game Overview). The crew is the one seat, and
every action is the table's.
"""
from __future__ import annotations

from typing import Any

from ..contract import NUMBER_FACES, Result, Seat, Standing, Turn
from ..words import count
from .model import (COLOURS, DECK_SIZES, GREEN, MAX_REPAIR_KITS, MAX_RESOURCE, MAX_STAT, MIN_STAT, DAYS,
                    TUTORIAL_CARDS, TUTORIAL_GREEN_CARDS, WORKSPACES_PER_BAY, State)
from .queries import capacity

CREW = Seat(0, "The crew", "orange", "C")


def default_options(players: int | None = None, seed: int = 0) -> dict[str, Any]:
    """The default crew (Larisa, Stan, John, Maria) whatever the number of
    players: fewer players "play several crew members at once" (Number of Players)."""
    return {}


def seats(state: State) -> tuple[Seat, ...]:
    """One seat: the crew."""
    return (CREW,)


def to_act(state: State) -> Turn:
    """The table acts together (a co-op game)."""
    return Turn((0,), "table", label=f"Day {state.day} of {DAYS}" if state.day else "Setup")


def die_faces(state: State) -> tuple[str, ...]:
    """Ordinary six-sided dice (Game Components: "4 Six-sided Dice")."""
    return NUMBER_FACES


def result(state: State) -> Result | None:
    """Won together (the ship reached Mars with a Marsonaut standing) or lost
    together (all four Knocked Out): You Win / You Lose."""
    if state.result is None:
        return None
    if state.result == "won":
        standing = sum(1 for m in state.crew if m.active)
        crew = f"{count(standing, 'Marsonaut')} standing"
        return Result((0,), (Standing(0, 1, standing, crew),),
                      f"The ship reached Mars on day {DAYS} with {crew}: you win together.",
                      "won")
    return Result((), (Standing(0, 1, 0, f"lost on day {state.day}"),),
                  f"Mission failed on day {state.day}: all four Marsonauts are Knocked Out.", "lost")


def invariants(state: State) -> list[str]:
    """What is wrong with ``state`` (empty when all is well): resources within
    their tokens, Workspaces 0..4 broken per Bay, kits 0..4, Health and Sanity
    1..10 for Active Marsonauts, Knocked Out ones in the Sleeping Bay, nobody
    beyond a Bay's working Workspaces, the result matching the crew."""
    bad: list[str] = []
    if not all(0 <= r <= MAX_RESOURCE for r in state.resources):
        bad.append(f"resources out of range: {state.resources}")
    if not all(0 <= b <= WORKSPACES_PER_BAY for b in state.broken):
        bad.append(f"broken Workspaces out of range: {state.broken}")
    if not 0 <= state.repair_kits <= MAX_REPAIR_KITS:
        bad.append(f"repair kits {state.repair_kits}")
    if not 0 <= state.day <= DAYS:
        bad.append(f"day {state.day}")
    if state.step != "setup":
        for m, bay in zip(state.crew, state.placement):
            if not MIN_STAT <= m.sanity <= MAX_STAT:
                bad.append(f"{m.key} Sanity {m.sanity}")
            if m.active and not MIN_STAT <= m.health <= MAX_STAT:
                bad.append(f"{m.key} Health {m.health}")
            if not m.active and (m.health != 0 or bay != 0):
                bad.append(f"{m.key} is Knocked Out but not lying in the Sleeping Bay")
    if state.step == "place":
        for bay in range(1, 7):
            if sum(1 for m, b in zip(state.crew, state.placement) if m.active and b == bay) > capacity(state, bay):
                bad.append(f"Bay {bay} holds more Marsonauts than its working Workspaces")
    for colour, left in zip(COLOURS, state.deck_left):
        size = TUTORIAL_GREEN_CARDS if colour == GREEN and state.tutorial else DECK_SIZES[colour]
        out = sum(1 for t in state.terminal if t.startswith(colour + ":"))
        resolving = int(state.step in ("place", "check") and state.event is not None and state.event.colour == colour)
        if left < 0 or left + out + resolving != size:
            bad.append(f"{colour} cards: {left} in the deck, {out} on the Event Terminal, {resolving} being "
                       f"resolved; the game has {size}")
    if not 0 <= state.tutorial_left <= (min(TUTORIAL_CARDS, state.deck_left[0]) if state.tutorial else 0):
        bad.append(f"{state.tutorial_left} tutorial cards in a green deck of {state.deck_left[0]}")
    if (state.result is None) != (state.step != "over"):
        bad.append(f"result {state.result} in step {state.step}")
    if state.result == "lost" and any(m.active for m in state.crew):
        bad.append("lost with a Marsonaut standing")
    if state.result == "won" and (state.day != DAYS or not any(m.active for m in state.crew)):
        bad.append("won before day 30 or with nobody standing")
    return bad

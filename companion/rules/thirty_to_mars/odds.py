"""30 to Mars: the exact probability that a check succeeds (pure).

Source: ``30-to-mars.txt``, Resolving the Problem ("If the result of the dice
rolled is equal to or greater than the Event Card difficulty the roll is
considered successful") and the Special Abilities of Larisa (lower the
difficulty by a die), Jean-Louis (double one die), John (add one die) and
Maria (re-roll any die, up to two times). With abilities, the probability
assumes each available ability is used only when, and as, it helps most
(optimal play, computed exactly by recursion over the die faces).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from .queries import effective_difficulty, participants
from .model import MAX_STAT, State

FACES = range(1, 7)


def check_odds(state: State) -> tuple[float, float] | None:
    """``(plain, with_abilities)``: probabilities 0..1 that the current check
    (or, while placing, the current placement) succeeds; None while the
    difficulty is unknown. With nobody in the event Bay both are 0.0.

    A roll still pending counts as the die it will be: a check die, John's
    extra die, the die Maria re-rolls (replacing the old face), or Larisa's
    reduction (averaged over its six faces).
    """
    need = effective_difficulty(state)
    if need is None or state.step not in ("place", "check"):
        return None
    dice = list(state.dice)
    to_roll = len(participants(state)) if state.step == "place" else 0
    reductions = (0,)
    for p in state.pending:
        if p.purpose in ("check", "extra_die"):
            to_roll += 1
        elif p.purpose == "reroll":
            del dice[p.index]
            to_roll += 1
        elif p.purpose == "reduce":
            reductions = tuple(FACES)
    if not dice and not to_roll:
        return (0.0, 0.0)
    usable = frozenset(m.profile.ability for m in state.crew if m.active and m.sanity >= MAX_STAT)
    abilities = tuple(sorted(a for a in usable if a in ("reduce_difficulty", "double_die", "add_die", "reroll")))
    start = tuple(sorted(dice))
    plain = best = 0.0
    for r in reductions:
        plain += _roll_then(start, to_roll, max(0, need - r), (), 0)
        best += _roll_then(start, to_roll, max(0, need - r), abilities, state.rerolls_left)
    return plain / len(reductions), best / len(reductions)


@lru_cache(maxsize=4096)
def _roll_then(dice: tuple[int, ...], to_roll: int, need: int, abilities: tuple[str, ...], rerolls: int) -> float:
    if to_roll == 0:
        return _best(dice, need, abilities, rerolls)
    total = 0.0
    for faces in product(FACES, repeat=to_roll):
        total += _best(tuple(sorted(dice + faces)), need, abilities, rerolls)
    return total / 6 ** to_roll


@lru_cache(maxsize=65536)
def _best(dice: tuple[int, ...], need: int, abilities: tuple[str, ...], rerolls: int) -> float:
    """Best chance of success from sorted ``dice`` with the abilities left."""
    if sum(dice) >= need:
        return 1.0
    best = 0.0
    for a in abilities:
        rest = tuple(x for x in abilities if x != a)
        if a == "double_die":
            d = list(dice)
            d[-1] *= 2
            p = _best(tuple(sorted(d)), need, rest, rerolls)
        elif a == "add_die":
            p = sum(_best(tuple(sorted(dice + (f,))), need, rest, rerolls) for f in FACES) / 6
        elif a == "reduce_difficulty":
            p = sum(_best(dice, max(0, need - f), rest, rerolls) for f in FACES) / 6
        else:  # Maria: activating gives two re-rolls
            p = _reroll(dice, need, rest, 2)
        best = max(best, p)
    if rerolls:
        best = max(best, _reroll(dice, need, abilities, rerolls))
    return best


def _reroll(dice: tuple[int, ...], need: int, abilities: tuple[str, ...], rerolls: int) -> float:
    best = 0.0
    for i in sorted(set(range(len(dice))), key=lambda j: dice[j])[:1] if dice else []:
        # re-rolling the lowest die is never worse than another one
        rest = dice[:i] + dice[i + 1:]
        p = sum(_best(tuple(sorted(rest + (f,))), need, abilities, rerolls - 1) for f in FACES) / 6
        best = max(best, p)
    return best

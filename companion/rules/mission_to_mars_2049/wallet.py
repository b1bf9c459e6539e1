"""Mission to Mars 2049: paying and receiving resources (pure helpers on a Colony).

Decision (3.8.1 "Resource Tokens are similar to Resource cards, only they have
bigger value"): payment is by value. Cards pay first, then (3) tokens, then
(8) tokens, and the bank gives change in cards, so a (3) token can pay 2 Food.
"""
from __future__ import annotations

from .model import Colony, replace


def gain(c: Colony, r: int, n: int) -> Colony:
    """``c`` with ``n`` more cards of resource ``r``."""
    cards = list(c.cards)
    cards[r] += n
    return replace(c, cards=tuple(cards))


def gain3(c: Colony, add: tuple[int, int, int]) -> Colony:
    """``c`` with ``add`` (Air, Food, Minerals) more cards."""
    a = c.cards
    return replace(c, cards=(a[0] + add[0], a[1] + add[1], a[2] + add[2]))


def pay(c: Colony, cost: tuple[int, int, int]) -> Colony:
    """``c`` after paying ``cost`` (Air, Food, Minerals); the caller checked
    that it can (:func:`..model.affords`)."""
    cards, t3, t8 = list(c.cards), list(c.tok3), list(c.tok8)
    for r in (0, 1, 2):
        need = cost[r]
        if not need:
            continue
        if cards[r] >= need:
            cards[r] -= need
            continue
        need -= cards[r]
        cards[r] = 0
        n3 = min(t3[r], -(-need // 3))
        t3[r] -= n3
        need -= 3 * n3
        if need > 0:
            n8 = -(-need // 8)
            t8[r] -= n8
            need -= 8 * n8
        cards[r] = -need  # change from the bank
    return replace(c, cards=tuple(cards), tok3=tuple(t3), tok8=tuple(t8))


def pay_one(c: Colony, r: int, n: int) -> Colony:
    """``c`` after paying ``n`` of resource ``r`` (a bank trade)."""
    cost = [0, 0, 0]
    cost[r] = n
    return pay(c, (cost[0], cost[1], cost[2]))


def forced_exchange(n: int) -> tuple[int, int]:
    """Q.4 and decision MA-06: a player holding ``n`` >= 3 cards of the type
    the bank ran out of changes the smallest sum of 3s and 8s that is at least
    half of them. Returns (number of (3) tokens, number of (8) tokens);
    (0, 0) below 3 cards."""
    if n < 3:
        return 0, 0
    half = -(-n // 2)
    best = None
    for b in range(n // 8 + 1):
        a = max(0, -(-(half - 8 * b) // 3))
        total = 3 * a + 8 * b
        if total <= n and (best is None or total < best[0]):
            best = (total, a, b)
    assert best is not None
    return best[1], best[2]

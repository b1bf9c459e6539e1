"""Words the rules' texts share (standard library only): a number with its noun."""
from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"0 spaces"``: ``n`` with ``noun``, or with
    ``plural`` (default ``noun + "s"``) when ``n`` is not 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


__all__ = ["count"]

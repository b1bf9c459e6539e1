"""Words the rules' texts share (standard library only): a number with its noun, a noun with its article,
an ordinal."""
from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"0 spaces"``: ``n`` with ``noun``, or with
    ``plural`` (default ``noun + "s"``) when ``n`` is not 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def a(noun: str) -> str:
    """``"A Food Station"``, ``"An Air Station"``, ``"An Aggressive Mission"``: ``noun`` with its article,
    capitalised (the start of a sentence), by its first letter's sound as a vowel."""
    return f"{'An' if noun[:1].lower() in 'aeiou' else 'A'} {noun}"


def ordinal(n: int) -> str:
    """``"1st"``, ``"2nd"``, ``"3rd"``, ``"4th"``, ... ``"11th"``, ``"21st"``: ``n`` as a place in a row."""
    last = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th") if n % 100 not in (11, 12, 13) else "th"
    return f"{n}{last}"


__all__ = ["a", "count", "ordinal"]

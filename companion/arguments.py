"""argparse ``type`` helpers shared by the subcommands (no game, no I/O)."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any


def bounded(kind: type, lo: float, hi: float, what: str = "") -> Callable[[str], Any]:
    """An argparse ``type`` taking ``kind`` (int or float) from ``lo`` to ``hi``; anything else (NaN too) is
    refused by argparse, exit 2, before any work: "``what``is from 1 to 10,000, not -1" (``what``: the words
    before, e.g. "the number of games "). Raises ``argparse.ArgumentTypeError``."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
        if not lo <= value <= hi:  # NaN too
            raise argparse.ArgumentTypeError(f"{what}is from {lo:,} to {hi:,}, not {text}")
        return value
    return parse

"""The rulebooks beside the repository (``../shared/rules/``, or ``$COMPANION_RULES``), for tests that
check citations: a player who looks a cited section up must find it."""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

#: where the rulebooks are: ``$COMPANION_RULES`` (as the app reads it), else ``../shared/rules`` beside the repository
RULEBOOKS = Path(os.environ.get("COMPANION_RULES") or Path(__file__).resolve().parents[1].parent / "shared" / "rules")
#: the specs of issues 8 and 9: ``$COMPANION_SPECS``, else ``specs`` beside the rulebooks
SPECS = Path(os.environ.get("COMPANION_SPECS") or RULEBOOKS.parent / "specs")


@lru_cache(maxsize=None)
def _book(path: Path) -> tuple[frozenset[str], str]:
    text = path.read_text()
    return frozenset(line.strip().lstrip("\u2022-* ").strip() for line in text.splitlines()), text


def cites_a_heading(book: Path, citation: str) -> bool:
    """True when every part of ``citation`` ("Turn Overview 4 NB", "Marsonaut
    Profiles: Dieter", "3.3 Who starts the game?, Q.7", parts joined by " / ")
    starts with a line of ``book`` (bullets stripped), and any words after a
    colon are in its text."""
    lines, text = _book(book)
    for part in citation.split(" / "):
        main, _, who = part.partition(":")
        main = re.sub(r"(\s+\d+)?(\s+NB)?$", "", main.strip())
        heads = [main, main.split(", ")[0]]
        if not any(line.startswith(h) for h in heads for line in lines if h):
            return False
        if who.strip() and who.replace("NB", "").strip() not in text:
            return False
    return True

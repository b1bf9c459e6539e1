"""Times as the table reads them: the store keeps UTC ISO stamps, the people at the table read their own clock."""
from __future__ import annotations

from datetime import datetime


def local_time(stamp: str) -> str:
    """"2026-12-07 17:25": the store's ISO ``stamp`` (UTC, with its offset) in the machine's own time zone, to the
    minute (a tester's finding: the picker showed the UTC time as if it were the table's, an hour off in
    Berlin); a stamp that cannot be read, as it is written. The one form every sentence naming a game by its
    start uses (the picker, the messages about a damaged file)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(stamp)[:16].replace("T", " ")

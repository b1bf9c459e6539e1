"""The day before, read from the log: its events (the card screen's "Yesterday"
strip) and where the Marsonauts were placed (the day screen's Same as yesterday).

Both read the log backwards from today (:meth:`Session.log_back`), at most
:data:`DAY_MAX_ROWS` rows, and keep at most ``RECENT_EVENTS`` events, as today's
strip does: the cost is that of the last two days (a few tens of actions each in a
game at the table), and stays bounded however long a day was. Both are read once
a day (:class:`ByDay`), not again when the move that began the day is taken back and
made again.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.rules.thirty_to_mars.model import CREW_SIZE

from .. import RECENT_EVENTS

#: log rows read at most for the day before (today's and the day before's actions), and at a time:
#: a day at the table is a few tens of actions; a read of 50 rows holds about 150 KiB of decoded events
DAY_MAX_ROWS = 400
DAY_CHUNK = 50


def events_of_day(session: Any, day: int) -> tuple[list[Any], bool]:
    """``(events, whole)``: the events logged on ``day`` (after its "day" event, up to
    the next one), oldest first, at most ``RECENT_EVENTS`` of them (its latest); ``whole``
    is False when the day had more, or began beyond the rows read. ``([], True)`` when
    the log has no such day."""
    seen: list[Any] = []  # the events since the last "day" event passed, latest first
    whole, inside = True, False
    for row in session.log_back(DAY_MAX_ROWS, max_chunk=DAY_CHUNK):
        for e in reversed(row.events):
            if e.kind != "day":
                if len(seen) < RECENT_EVENTS:
                    seen.append(e)
                else:
                    whole = False
                continue
            number = e.data.get("day")
            if number == day:
                return seen[::-1], whole
            if number is not None and number < day:
                return [], True
            seen, whole = [], True
            inside = number is not None and number - 1 == day  # the events read next are the day's
    return (seen[::-1], False) if inside else ([], True)


def places_before(session: Any, today: int) -> tuple[int, ...] | None:
    """The Bay of each Marsonaut at their last ``place`` on the last day before
    ``today`` that had places (0 for one not placed that day), or None when no
    earlier day had any within the rows read."""
    pending: dict[int, int] = {}  # who -> bay, the latest place first, since the last "day" event passed
    for row in session.log_back(DAY_MAX_ROWS, max_chunk=DAY_CHUNK):
        for e in reversed(row.events):
            if e.kind == "place":
                pending.setdefault(e.data["who"], e.data["bay"])
            elif e.kind == "day":
                if e.data.get("day", today) < today and pending:
                    return tuple(pending.get(i, 0) for i in range(CREW_SIZE))
                pending = {}
    return None


class ByDay:
    """What ``read(session, today)`` says of the days before today, worked out once a
    day: kept under the day and the first action of today among the states the session
    keeps (``session.window``), and used again while the log up to it is unchanged
    (:meth:`Session.unchanged_since`: a move, an undo or a redo within the day, or the
    move that began the day taken back and made again, reads nothing; a different move
    made over it reads again). ``get(app)`` gives it for the state shown."""

    def __init__(self, read: Callable[[Any, int], Any], days: int = 8) -> None:
        self._read, self._days = read, days
        self._kept: dict[tuple, tuple[int, Any]] = {}  # (game, day, seq) -> (the log's mark when read, value)

    def get(self, app: Any) -> Any:
        session, state = app.session, app.state
        window = session.window()
        first = len(window) - 1
        while first > 0 and window[first - 1].day == state.day:
            first -= 1
        upto = session.seq - (len(window) - 1 - first)  # the action after which today's first kept state is
        key = (session.record.id if session.record is not None else None, state.day, upto)
        kept = self._kept.pop(key, None)
        if kept is None or not session.unchanged_since(kept[0], upto):
            kept = (session.log_mark(), self._read(session, state.day))
        self._kept[key] = kept
        while len(self._kept) > self._days:
            del self._kept[next(iter(self._kept))]
        return kept[1]


__all__ = ["DAY_CHUNK", "DAY_MAX_ROWS", "ByDay", "events_of_day", "places_before"]

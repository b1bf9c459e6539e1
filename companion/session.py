"""The session: one table, one game at a time, every move through one door.

``submit`` validates an action once (its declared shape, then the game's
``check``), applies it, commits it to the :class:`~companion.store.Store` (one
transaction), and only then tells the subscribers (the screen). A rejected
action changes nothing and is not logged; nor is an action that changes
nothing (code ``"no_change"``), so the log holds only moves that did
something. Nothing a caller submits makes ``submit`` raise. When the saved
games file can be read but not written (read-only, full disk),
:attr:`Session.writable` is False and every change is refused with
:attr:`Store.read_only_message`; a full disk is looked at again before each
change, so play goes on once there is space. Undo and redo walk the log; a restart resumes the open game by
replaying its active actions exactly.

Cost and memory do not grow with the length of the log: the session keeps
the last :data:`WINDOW` states in memory and stores a snapshot (a versioned,
compressed pickle of the frozen state) every :data:`SNAPSHOT_EVERY` actions.
Resume loads the newest snapshot and replays (each action checked) the few
actions after it; undo beyond the window rebuilds from the nearest snapshot
the same way. Replay stays the ground truth: a snapshot is used only if it
was made by the same rules (a fingerprint of the engine's source), by the
same snapshot format, and it loads; otherwise the log is replayed from the
start (and snapshots are written again on the way). A logged action that the
rules refuse since it was made (a rule enforced by a later version) but that the
engine still makes is kept as it was made, and :attr:`Session.notice` says so: a
stored game is never lost to a rule read more strictly later.

Use a session from one thread (the UI main loop); hardware callbacks post
events to that loop instead of calling in.
"""
from __future__ import annotations

import json
import logging
import zlib
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from companion.rules import entry, get_game
from companion.rules.contract import Action, Event, Game, Rejection, RuleError, validate
from companion.rules.record import Fields, Record, fill
from companion.store import GameRecord, ReadOnlyError, Store, StoreError, is_damage
from companion.times import local_time

log = logging.getLogger(__name__)

#: Where the session's own rejections come from (they are not rulebook rules).
SESSION_RULE = "companion"

#: A snapshot of the state is stored after every this many actions (seq 64, 128, ...).
SNAPSHOT_EVERY = 64
#: A replay (a log whose snapshots an update of the rules made unusable) reads this many moves at a time,
#: without their events, and stores their snapshots: its memory does not grow with the log (issue 13)
REPLAY_CHUNK = 1024
#: How many recent states the session keeps in memory (undo within it costs no replay).
WINDOW = 64
#: the moves written over undone ones that :meth:`Session.unchanged_since` remembers (older marks: "cannot tell")
REWRITES_KEPT = 256
#: A resume replays at least this many of the last actions (from an older
#: snapshot), so that the window holds the states they went through: the shell
#: finds there the roll behind the steps that ran on their own (Fix roll after a
#: restart). Bounded: a resume still replays at most SNAPSHOT_EVERY + RESUME_BACK actions.
RESUME_BACK = 16
#: The snapshot format: a zlib-compressed pickle of the state; bump it when that changes.
SNAPSHOT_FORMAT = 1

Subscriber = Callable[[Any, tuple[Event, ...]], None]


class Outcome(Record):
    """What became of a submit, undo or redo.

    ``accepted``: the change was made and committed; ``rejection``: why not
    (``None`` when accepted); ``events``: what happened, for the screen;
    ``discarded``: how many moves taken back (the redo tail) this new move
    threw away, 0 when none could have been redone (see :meth:`Session.submit`).
    """

    __slots__ = ("accepted", "rejection", "events", "discarded")

    def __init__(self, accepted: bool, rejection: Rejection | None = None, events: tuple[Event, ...] = (),
                 discarded: int = 0) -> None:
        fill(self, accepted, rejection, events, discarded)


class LogEntry(Record):
    """One logged action: ``seq`` 1, 2, ...; ``events`` what it did; ``undone``
    True for actions taken back (the redo tail); ``created_at`` UTC ISO."""

    __slots__ = ("seq", "action", "events", "undone", "created_at")

    def __init__(self, seq: int, action: Action, events: tuple[Event, ...], undone: bool, created_at: str) -> None:
        fill(self, seq, action, events, undone, created_at)


class Batch(Fields):
    """What became of a :meth:`Session.batch`: ``error`` is None when its changes
    were committed (or there were none), else the sentence saying why none of them
    was kept (the game is then as it was before the batch)."""

    __slots__ = ("error",)

    def __init__(self, error: str | None = None) -> None:
        self.error = error


def _rejected(code: str, message: str) -> Outcome:
    return Outcome(False, Rejection(code, message, SESSION_RULE), ())


def _normalised(value: Any) -> Any:
    """``value`` as it comes back from the log (tuples become lists...);
    raises ``TypeError``/``ValueError`` if it is not JSON-able."""
    return json.loads(json.dumps(value, allow_nan=False))


class LogGap(ValueError):
    """A game's log skips moves. The store writes them numbered 1 to N in one transaction each, so only a
    damaged file (an index that lost entries SQLite does not see as damaged) reads so: damage."""


def _damage(exc: BaseException) -> str | None:
    """SQLite's words when ``exc`` (or what caused it) says the file is damaged (a :class:`LogGap` too),
    else None."""
    seen: BaseException | None = exc
    while seen is not None:
        if is_damage(seen) or isinstance(seen, LogGap):
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def _title(game_id: str) -> str:
    """The game's own name ("30 to Mars", from the catalogue of games: no rules package loaded), or its id
    when no game has it."""
    try:
        return entry(game_id).title
    except KeyError:
        return game_id


def _games(records: list[GameRecord]) -> str:
    """"the 30 to Mars game started 2026-12-07 03:44; ..." for a sentence (the start in the table's own time, as
    the picker names it: :func:`companion.times.local_time`)."""
    return "; ".join(f"the {_title(r.game_id)} game started {local_time(r.created_at)}" for r in records)


#: said when a damaged file's list of games could not be read at all
UNLISTED = "Its list of games could not be read: every game not named here is in the damaged copy."
#: the same, when no game could be named (a tester read "every game not named here" with none named)
UNLISTED_ALL = "Its list of games could not be read: its games are in the damaged copy."


def _readable(store: Store, show: GameRecord | None) -> tuple[list[tuple[GameRecord, dict[str, Any]]],
                                                               list[GameRecord], bool]:
    """``(read, lost, listed)``: the open games of the damaged ``store`` and ``show`` (the game shown), each
    read whole (:meth:`Store.rescue_export`) or not, ``show`` last, the others in the order they were played;
    ``listed`` False when the list of games itself could not be read."""
    listed = True
    try:
        records = list(store.open_games().values())
    except Exception as exc:  # the list itself is damaged: only the game shown, if it reads
        log.error("cannot list the open games of the damaged file: %s", exc)
        records, listed = [], False
    if show is not None and all(r.id != show.id for r in records):
        records.append(show)
    records.sort(key=lambda r: (show is not None and r.id == show.id, r.touched))
    read, lost = [], []
    for r in records:
        try:
            read.append((r, store.rescue_export(r.id)))
        except Exception as exc:  # the damage is in this game's own rows
            log.error("cannot read game %s from the damaged file: %s", r.id, exc)
            lost.append(r)
    return read, lost, listed


def event_from_json(data: dict[str, Any]) -> Event:
    """Inverse of ``Event.to_json()``."""
    return Event(data["kind"], data.get("text", ""), dict(data.get("data") or {}))


class Session:
    """One table's game. Build with :meth:`open`.

    Attributes: ``store`` (:class:`Store`), ``notice`` (a sentence for the
    screen about the saved games file, or ``None``; also set when the open
    game could not be resumed, and when the file can be looked at but not
    played on: see :attr:`writable`).
    """

    def __init__(self, store: Store, notice: str | None = None):
        self.store = store
        self.notice = notice
        self._record: GameRecord | None = None
        self._game: Game | None = None
        self._states: deque[Any] = deque(maxlen=WINDOW)  # the states after actions seq-len+1 .. seq
        self._seq = 0                    # how many actions are active
        self._undone = 0                 # actions after the active ones (the redo tail)
        #: (game record id, seq) of each move written over undone ones (the log rewritten from seq on), oldest first
        self._rewrites: deque[tuple[int, int]] = deque(maxlen=REWRITES_KEPT)
        self._rewrites_total = 0
        self._engine = ""                # fingerprint of the rules engine (for snapshots)
        self._worked = False             # the state shown took work since it was stored (see close)
        self._subscribers: list[Subscriber] = []
        self._held: list[tuple[Any, tuple[Event, ...]]] | None = None  # notifications held by a batch
        self._batch: Batch | None = None
        #: why the file is damaged, when resuming met a damaged page (SQLite's words), else None
        self.damaged: str | None = None

    # ---------------------------------------------------------------- opening
    @classmethod
    def open(cls, db_path: Path | str | None = None, *, create: bool = True,
             read_only: bool = False, taken: str | None = None) -> "Session":
        """Open the store at ``db_path`` (default: the data dir) and resume its current game.

        The current game is the newest one ``open`` or ``over``; its active
        actions are replayed (each checked) to rebuild the state exactly. Never
        raises for a bad file or a log that no longer replays: ``notice`` says
        what happened and the session starts without a game (the log stays in
        the store). A file that cannot be written (read-only, full disk) is
        resumed to be looked at, with ``notice`` saying so. ``create=False``
        does not create a missing file; ``read_only=True`` only reads (see
        :meth:`Store.open`: ``companion status`` and ``log``); ``taken``: why another process plays on the file
        (:func:`companion.store.claim_for_play`): it is looked at, not played on.
        """
        store = Store.open(db_path, create=create, read_only=read_only, taken=taken)
        session = cls(store, store.notice)
        if store.moved_aside is not None and store.can_set_aside:  # damaged at open: its readable games come too
            session._salvage(store.moved_aside)
        try:
            record = store.current_game()
        except Exception as exc:  # the list of games is damaged: the app must start all the same
            record = None
            session._unlisted(exc)
        if record is not None:
            try:
                session._resume(record)
            except Exception as exc:  # whatever it is, the app must start (no crash loop)
                session.show_nothing()
                carried = session._met_damage(exc, record)
                started = local_time(record.created_at)
                if carried is not None:  # play: the file, not the log, is at fault
                    message = carried[1] if carried[0] else (f"The game started {started} could not be resumed. "
                                                             f"{carried[1]}")
                else:
                    message = (f"The game started {started} could not be resumed ({exc}); "
                               "its log is kept in the saved games file.")
                    if session.notice:
                        message = f"{session.notice} {message}"
                session.notice = message
                # a look (status, log) says it in ``notice``, its own sentence; play logs it for the journal
                (log.info if read_only else log.error)("cannot resume game %s: %s", record.id, exc)
        return session

    def _unlisted(self, exc: Exception) -> None:
        """The store's list of games could not be read (``exc``): a damaged file is set aside with the games
        that can still be read (:meth:`_carry_over`; a look only says it); ``notice`` says what happened."""
        carried = self._met_damage(exc)
        if carried is not None:
            self.notice = carried[1]
        else:
            self.notice = (f"The saved games file {self.store.path} cannot be read ({exc}); it was left where it "
                           "is." + (f" {self.notice}" if self.notice else ""))
        (log.info if self.store.looking else log.error)("cannot list the games: %s", exc)

    def _resume(self, record: GameRecord) -> None:
        """Show ``record``: its newest snapshot plus the actions after it, each
        checked (see the module docstring); reads a bounded number of rows."""
        game = get_game(record.game_id)
        self._worked = False
        active, total = self.store.log_extent(record.id)
        engine = engine_fingerprint(game)
        states = self._rebuild(record, game, engine, active, back=RESUME_BACK)
        self._record, self._game, self._engine = record, game, engine
        self._states, self._seq, self._undone = states, active, total - active

    def _rebuild(self, record: GameRecord, game: Any, engine: str, seq: int, back: int = 0) -> deque:
        """The window of states ending with the state after ``seq`` active actions
        of ``record``: from the newest usable snapshot at or before ``seq - back`` (else
        ``new_game``), replaying the actions after it, each checked. Snapshots
        missing on the way are stored. An action the rules refuse now but the engine still makes is kept as
        it was made (:meth:`_kept_as_made`). Raises ``ValueError`` for a log with a gap, :class:`RuleError`
        for an action that is no longer legal and that the engine cannot make."""
        start, state = self._load_snapshot(record, game, engine, max(0, seq - back))
        if state is None:
            start, state = 0, game.new_game(record.options)
        states: deque[Any] = deque([state], maxlen=WINDOW)
        n = start
        for first in range(start + 1, seq + 1, REPLAY_CHUNK):  # a long replay holds a chunk of moves at a time
            fresh: list[tuple[int, bytes]] = []
            for at, move, undone in self.store.moves_between(record.id, first, min(first + REPLAY_CHUNK - 1, seq)):
                n += 1
                if at != n or undone:
                    raise LogGap("the log has a gap")
                action = Action.from_json(move)
                rejection = game.check(state, action)
                if rejection is None:
                    state, _ = game.apply(state, action)
                else:
                    state = self._kept_as_made(game, state, action, n, rejection)
                states.append(state)
                if n % SNAPSHOT_EVERY == 0:
                    fresh.append((n, _dump_state(state)))
            self.store.save_snapshots(record.id, engine, SNAPSHOT_FORMAT, fresh)  # a cache of checked states
        if n != seq:
            raise LogGap("the log has a gap")
        self._worked = self._worked or n > start
        return states

    def _kept_as_made(self, game: Any, state: Any, action: Action, seq: int, rejection: Rejection) -> Any:
        """The state after logged action ``seq``, which the rules refuse now (``rejection``): a rule the companion
        enforces since the move was made (a newer version reads the rulebook more closely). The table made it and
        played on from it, so it is made as it was (``apply``), and :attr:`notice` says so once; a game is never
        lost to a rule read more strictly later. Raises :class:`RuleError` when the engine cannot make it (an
        action it does not know, a log that was changed)."""
        try:
            new_state, _ = game.apply(state, action)
        except Exception as exc:
            raise RuleError(rejection) from exc
        log.warning("action %s is refused by the rules now (%s); kept as it was made", seq, rejection)
        why = rejection.message.rstrip(".") + (f" ({rejection.rule})" if rejection.rule else "")
        said = (f"Move {seq} of this game is not allowed by the rules as the companion reads them now ({why}); "
                "it was kept as the table made it.")
        if not self.notice or said not in self.notice:
            self.notice = f"{self.notice} {said}" if self.notice else said
        return new_state

    def _load_snapshot(self, record: GameRecord, game: Any, engine: str, seq: int) -> tuple[int, Any]:
        """``(seq, state)`` of the newest snapshot usable for ``record`` at or before
        ``seq``, or ``(0, None)``. One that does not load is dropped (replay rebuilds it)."""
        if seq < SNAPSHOT_EVERY:
            return 0, None
        found = self.store.latest_snapshot(record.id, seq, engine)
        if found is None:
            return 0, None
        at, fmt, blob = found
        try:
            if fmt != SNAPSHOT_FORMAT:
                raise ValueError(f"snapshot format {fmt}")
            state = _load_state(blob)
            if type(state).__module__.split(".")[:3] != game.__name__.split(".")[:3]:
                raise TypeError(f"a {type(state).__qualname__} is not a state of {record.game_id}")
        except Exception as exc:  # a cache: replay is the ground truth
            log.warning("snapshot %s of game %s does not load (%s): replaying", at, record.id, exc)
            self.store.drop_snapshot(record.id, at)
            return 0, None
        return at, state

    def snapshot_state(self, seq: int | None = None) -> Any:
        """The state stored in the current game's newest snapshot at or before
        ``seq`` (default: now), or None; for tests that compare it with a replay."""
        if self._record is None:
            return None
        found = self._load_snapshot(self._record, self._game, self._engine, self.seq if seq is None else seq)
        return found[1]

    def switch(self, game_id: str, touch: bool = True) -> bool:
        """Show ``game_id``'s open (or last finished, not abandoned) game instead of
        the current one, which stays in the store as it is; with ``touch`` it is
        also the one resumed next time. Returns False (nothing changes) when
        ``game_id`` has none or it cannot be resumed (``notice`` says why)."""
        record = self.store.current_game(game_id)
        return record is not None and self._show(record, touch)

    def view(self, record_id: int) -> bool:
        """Show the stored game ``record_id`` (any status, abandoned ones too) to
        read its log; nothing is written. False if there is no such game or it
        cannot be replayed (``notice`` says why)."""
        if not 0 < record_id < 2 ** 63:  # SQLite's ids; a bigger number is no id (nor an OverflowError)
            return False
        try:
            record = self.store.game(record_id)
        except ValueError as exc:  # its row's text no longer reads (a damaged file)
            self.notice = f"Game {record_id} cannot be read from the saved games file ({exc})."
            return False
        return record is not None and self._show(record, False)

    def _show(self, record: GameRecord, touch: bool) -> bool:
        if self._record is not None and record.id == self._record.id:
            return True
        previous = (self._record, self._game, self._engine, self._states, self._seq, self._undone)
        try:
            self._resume(record)
        except Exception as exc:
            self._record, self._game, self._engine, self._states, self._seq, self._undone = previous
            said = (f"The {_title(record.game_id)} game started {local_time(record.created_at)} could not be resumed "
                    f"({exc}).")
            (log.info if self.store.looking else log.error)("cannot resume game %s: %s", record.id, exc)
            carried = self._met_damage(exc)
            # the file set aside: the table is told, and goes on with what could be read
            self.notice = said if carried is None else f"{said} {carried[1]}"
            again = self.store.current_game(record.game_id) if carried is not None else None
            if again is None:
                return False
            try:  # carried over whole: the game asked for, from the fresh file
                self._resume(again)
            except Exception as exc2:
                log.error("cannot resume game %s carried over: %s", again.id, exc2)
                return False
            self.notice = carried[1]
            record = again
        if touch and self.store.writable:  # only which game comes back next time: not worth failing for
            try:
                self.store.touch(record.id)
            except StoreError as exc:
                log.warning("cannot mark game %s as played last: %s", record.id, exc)
        self._notify(self.state, (Event("resumed", f"Back to the game started {local_time(record.created_at)}.",
                                        {"game": record.game_id}),))
        return True

    @property
    def record(self) -> GameRecord | None:
        """The store's row of the game shown (id, game id, status, dates), or None."""
        return self._record

    def open_games(self) -> dict[str, Any]:
        """game id -> its open :class:`GameRecord` in the store."""
        return self.store.open_games()

    def show_nothing(self) -> None:
        """Show no game (the store is unchanged)."""
        self._reset()

    def _reset(self) -> None:
        self._record, self._game, self._engine = None, None, ""
        self._states, self._seq, self._undone = deque(maxlen=WINDOW), 0, 0

    def close(self) -> None:
        """Close the store; everything is already committed. The state shown is
        stored as a snapshot first when it is not one already and it took work
        (a move, undo or redo, or a replay): the next resume then replays nothing."""
        self._snapshot_now()
        self.store.close()

    def _snapshot_now(self) -> None:
        """Store the current state as a snapshot if it is worth it (see :meth:`close`);
        other snapshots of the game between the regular ones go (one is enough). Never raises."""
        if self._record is None or not self._worked or self._seq % SNAPSHOT_EVERY == 0:
            return
        try:
            blob = _dump_state(self.state)
        except Exception as exc:
            log.info("no snapshot at close: %s", exc)
            return
        if self.store.save_snapshots(self._record.id, self._engine, SNAPSHOT_FORMAT, [(self._seq, blob)]):
            self.store.drop_snapshots_between(self._record.id, self._seq, SNAPSHOT_EVERY)
        self._worked = False

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- looking
    @property
    def has_game(self) -> bool:
        """True while there is a game to show (open, or over until the next one starts)."""
        return self._record is not None

    @property
    def game_id(self) -> str | None:
        """The current game's id (``"thirty-to-mars"``), or None."""
        return self._record.game_id if self._record else None

    @property
    def game(self) -> Game | ModuleType | None:
        """The current game's rules module, or None."""
        return self._game

    @property
    def options(self) -> dict[str, Any] | None:
        """The current game's options (a copy), or None."""
        return json.loads(json.dumps(self._record.options)) if self._record else None

    @property
    def state(self) -> Any:
        """The current game's state (a frozen dataclass), or None without a game."""
        return self._states[-1] if self._states else None

    def window(self) -> tuple[Any, ...]:
        """The states the session keeps of the current game's active log, oldest
        first, ending with :attr:`state` (at most :data:`WINDOW`): the states
        after the last active actions, the path to :attr:`state`."""
        return tuple(self._states)

    @property
    def status(self) -> str | None:
        """``"open"``, ``"over"`` or None without a game."""
        if self._record is None:
            return None
        return "over" if self._game.is_over(self.state) else "open"  # type: ignore[union-attr]

    @property
    def seq(self) -> int:
        """How many actions are active (the seq of the last one; 0 at the start)."""
        return self._seq

    @property
    def writable(self) -> bool:
        """False when the saved games file can be looked at but not played on
        (read-only file or folder, full disk): changes are then refused with
        :attr:`Store.read_only_message` (also in :attr:`notice` from the start)."""
        return self.store.writable

    @property
    def can_undo(self) -> bool:
        return self.seq > 0

    @property
    def can_redo(self) -> bool:
        return self._undone > 0

    def log(self) -> list[LogEntry]:
        """The current game's log by ``seq``, undone actions included (marked); [] without a game."""
        if self._record is None:
            return []
        return [LogEntry(r.seq, Action.from_json(r.action),
                         tuple(event_from_json(e) for e in r.events), r.undone, r.created_at)
                for r in self.store.actions(self._record.id)]

    def log_refusal(self, action: Action, rejection: Rejection) -> None:
        """Keep a move the rules refused in the log (after the current ``seq``;
        ``companion log`` shows it marked refused; never replayed)."""
        if self._record is not None:
            self.store.add_refusal(self._record.id, self.seq, action.to_json(), rejection.code,
                                   rejection.message, rejection.rule)

    def refusals(self) -> list[dict[str, Any]]:
        """The current game's refused moves (see :meth:`Store.refusals`); [] without a game."""
        return self.store.refusals(self._record.id) if self._record is not None else []

    # ---------------------------------------------------------------- drafts
    def draft(self, name: str) -> Any:
        """The JSON value a screen kept as its draft ``name`` (:meth:`keep_draft`) for the game shown, when it
        was kept at this very move (:attr:`seq`); else None: no draft, one kept at another move (an undo or a
        move since), one that does not read (damaged: logged), a game abandoned (looked at), or no game. Never
        raises."""
        if self._record is None or self._record.status == "abandoned":
            return None
        try:
            kept = self.store.draft(self._record.id, name)
            if kept is None or kept[0] != self._seq:
                return None
            return json.loads(kept[1])
        except Exception as exc:  # a draft never stops a game: it is only lost
            log.warning("draft %r of game %s ignored: %s", name, self._record.id, exc)
            return None

    def keep_draft(self, name: str, value: Any) -> bool:
        """Keep ``value`` (JSON-able; None forgets the draft) as the game shown's draft ``name``, at its
        current move (:attr:`seq`), in a transaction of its own committed at once (a restart shows it again:
        :meth:`draft`). A draft never costs a move: never inside a :meth:`batch` (whose moves a failing write
        could take back with it: returns False), and a write that fails (read-only, full disk...) only loses
        the draft (logged). Returns True when kept. Never raises."""
        if self._record is None or self._batch is not None or not self.store.writable:
            return False
        try:
            body = None if value is None else json.dumps(value, separators=(",", ":"), allow_nan=False)
            self.store.set_draft(self._record.id, name, self._seq, body)
        except Exception as exc:
            log.warning("draft %r of game %s not kept: %s", name, self._record.id, exc)
            return False
        return True

    def log_tail(self, limit: int, before: int | None = None) -> list[LogEntry]:
        """The last ``limit`` active log entries up to ``before`` (default: the
        current ``seq``), oldest first; reads only those rows. [] without a game."""
        if self._record is None or limit <= 0:
            return []
        last = self.seq if before is None else min(before, self.seq)
        rows = self.store.actions_between(self._record.id, max(1, last - limit + 1), last)
        return [LogEntry(r.seq, Action.from_json(r.action), tuple(event_from_json(e) for e in r.events),
                         r.undone, r.created_at) for r in rows if not r.undone]

    def one_touch(self, start: int, label: str) -> None:
        """Keep that the moves after action ``start`` up to now were made by one touch (``label``:
        "Same as yesterday"), in the log file beside them (inside the :meth:`batch` that made them, the
        same commit): :meth:`touch_walk` then finds them, also after a restart. Nothing for fewer than two
        moves; a file that cannot keep it only loses the grouping (logged), never a move."""
        if self._record is None or self.seq <= start + 1:
            return
        try:
            self.store.add_touch(self._record.id, start, self.seq, label)
        except StoreError as exc:
            log.info("the moves of %r are not kept as one touch: %s", label, exc)

    def touch_walk(self, which: str) -> tuple[int, str] | None:
        """``(seq, label)``: the action Undo ("undo") or Redo ("redo") walks to when it meets the moves of
        one touch (:meth:`one_touch`), taken back or made again together; else None. A move made over them
        once taken back ends the touch (the log file forgets it with the moves it held)."""
        if self._record is None:
            return None
        if which == "undo":
            found = self.store.touch_of(self._record.id, end=self.seq)
            return None if found is None or found[0] >= self.seq else (found[0], found[2])
        found = self.store.touch_of(self._record.id, start=self.seq) if self.can_redo else None
        return None if found is None or found[1] > self.seq + self._undone else (found[1], found[2])

    def log_mark(self) -> int:
        """A mark for :meth:`unchanged_since`, taken when something is read from the log."""
        return self._rewrites_total

    def unchanged_since(self, mark: int, upto: int) -> bool:
        """True when no action 1..``upto`` of the current game was written anew (a move made
        after an undo, over the moves taken back; an undo or a redo changes none) since
        :meth:`log_mark` gave ``mark``: what was read of them then still holds. False when
        it cannot tell (more than :data:`REWRITES_KEPT` rewrites since)."""
        n = self._rewrites_total - mark
        if n == 0:  # the common case, asked at every frame: nothing was written anew
            return True
        if n < 0 or n > len(self._rewrites):
            return False
        game = self._record.id if self._record is not None else None
        return not any(g == game and k <= upto for g, k in islice(reversed(self._rewrites), n))

    def log_back(self, max_rows: int, chunk: int = 25, max_chunk: int = 200) -> Iterator[LogEntry]:
        """The active log entries from the newest (:attr:`seq`) back, newest first,
        at most ``max_rows`` of them, read ``chunk`` rows at a time, each read twice
        the last, up to ``max_chunk``: a reader that stops at the start of a period
        (a day, a turn: a few tens of rows) reads little, and one that does not find
        it reads ``max_rows`` rows at most, however long the game. Nothing without a game."""
        before, read = self.seq, 0
        while before > 0 and read < max_rows:
            rows = self.log_tail(min(chunk, max_rows - read), before)
            if not rows:
                return
            read += len(rows)
            before = rows[0].seq - 1
            chunk = min(2 * chunk, max_chunk)
            yield from reversed(rows)

    def export(self) -> dict[str, Any]:
        """The current game's log as JSON-able data (shape: :meth:`Store.export`);
        replay it with :func:`replay_export`. Raises ``LookupError`` without a game."""
        if self._record is None:
            raise LookupError("there is no game to export")
        return self.store.export(self._record.id)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(state, events)`` after every committed change (submit,
        undo, redo, new game). Returns a function that unsubscribes. A callback
        that raises is logged and does not stop the others."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    @contextmanager
    def batch(self) -> Iterator[Batch]:
        """The changes made inside the block (submits, undos, redos) are committed
        together, as one transaction (:meth:`Store.batch`: one fsync), when the
        block ends, and only then are the subscribers told, in order: a move and
        the steps that run on their own after it cost one commit, and a crash
        before the end leaves the log as it was before the block (consistent:
        the game resumes from there). Inside the block, :attr:`state` and
        :attr:`seq` follow the changes as usual. Nested blocks are part of the outer one.

        Yields a :class:`Batch`: when the commit fails its ``error`` says why,
        and the game is back as it was before the block (nothing shown, nothing
        told). When the block raises, what it did before is committed and told,
        then the exception goes on."""
        if self._batch is not None:
            yield self._batch
            return
        before = (self._record, self._game, self._engine, self._states.copy(), self._seq, self._undone,
                  self._worked)
        self._held, self._batch = [], Batch()
        result = self._batch
        raised: BaseException | None = None
        try:
            with self.store.batch():
                try:
                    yield result
                except BaseException as exc:
                    raised = exc
                    raise
        except StoreError as exc:
            if exc is raised:  # the block's own error: what it did before is committed
                raise
            (self._record, self._game, self._engine, self._states, self._seq, self._undone,
             self._worked) = before
            self._held = []
            result.error = f"The change could not be saved, so it was not made: {exc}."
            log.error("batch not committed: %s", exc)
        finally:
            held, self._held, self._batch = self._held or [], None, None
            for state, events in held:
                self._notify(state, events)
            if self.store.damage is not None:
                note = self._rescue()
                if note is not None:
                    result.error = f"{result.error or 'The change could not be saved.'} {note}"

    # ---------------------------------------------------------------- changing
    def new_game(self, game_id: str, options: dict[str, Any]) -> None:
        """Start ``game_id`` with ``options``; the previous open game becomes abandoned.

        Raises ``KeyError`` for an unknown game id, whatever the game's
        ``new_game`` raises for bad options (``ValueError``), ``TypeError`` for
        options that are not JSON-able, :class:`~companion.store.ReadOnlyError`
        (a ``StoreError`` and a ``ValueError``) when the file cannot be written
        (see :attr:`writable`), :class:`StoreError` if the new game cannot be
        saved. On any error the current game is unchanged.
        """
        if self._read_only() is not None:
            raise ReadOnlyError(self.store.read_only_message)
        game = get_game(game_id)
        options = _normalised(options)
        state = game.new_game(options)
        record = self.store.create_game(game_id, options)
        self._record, self._game, self._engine = record, game, engine_fingerprint(game)
        self._states, self._seq, self._undone = deque([state], maxlen=WINDOW), 0, 0
        title = getattr(game, "TITLE", game_id)
        self._notify(state, (Event("new_game", f"New game of {title}.", {"game": game_id}),))

    def submit(self, action: Action) -> Outcome:
        """Check ``action``, apply it, commit it, then notify; see :class:`Outcome`.

        Rejected (nothing changes, nothing is logged) when there is no game
        (code ``"no_game"``), the file cannot be written (``"read_only"``, with
        :attr:`Store.read_only_message`), ``action`` is not an :class:`Action`
        or does not fit the game's declared shapes (``"unknown_action"``,
        ``"malformed"``: see :func:`companion.rules.contract.validate`; an
        unhashable kind or seat, a payload nested too deep), the payload is not
        JSON-able or the engine's ``check`` raises (``"malformed"``), the rules
        say no (the game's own :class:`Rejection`), the engine's ``apply``
        raises (``"engine_error"``, logged), the move leaves the state exactly
        as it was (``"no_change"``), or the log cannot be written
        (``"not_saved"``). Never raises. A new action after undo discards the
        redo tail (counted in :attr:`Outcome.discarded`: the screen says so, a
        stray die roll must not erase moves without a word); the very action
        undone first, made again, is a :meth:`redo` (the tail after it is kept).
        """
        if self._record is None:
            return _rejected("no_game", "Start a game first.")
        read_only = self._read_only()
        if read_only is not None:
            return read_only
        if not isinstance(action, Action):
            return _rejected("malformed", f"This is not a move: {type(action).__name__}.")
        try:
            form = validate(self._game, action)  # type: ignore[arg-type]
        except Exception as exc:  # a payload so odd that even measuring it fails
            return _rejected("malformed", f"This move cannot be read ({type(exc).__name__}).")
        if form is not None:
            return Outcome(False, form, ())
        try:  # exactly what a replay of the log will see
            action = Action.from_json(_normalised(action.to_json()))
        except RecursionError:
            return _rejected("malformed", "This move cannot be recorded: it is nested too deep.")
        except Exception as exc:
            return _rejected("malformed", f"This move cannot be recorded: {exc}.")
        if self._undone and self._same_as_next_undone(action):  # the move taken back, made again: a redo,
            return self.redo()                                   # so the moves after it are not thrown away
        state = self.state
        try:
            rejection = self._game.check(state, action)  # type: ignore[union-attr]
        except Exception as exc:  # a payload the rules engine could not even read
            log.exception("check raised for %s", action)
            return _rejected("malformed", f"The rules could not read this action ({exc!r}).")
        if rejection is not None:
            return Outcome(False, rejection, ())
        try:
            new_state, events = self._game.apply(state, action)  # type: ignore[union-attr]
        except Exception as exc:  # a rules engine bug: keep the table going, change nothing
            log.exception("apply raised for %s after check accepted it", action)
            return _rejected("engine_error", f"The rules engine failed on this move ({exc!r}); "
                             "nothing was changed.")
        events = tuple(events)
        if new_state == state:  # nothing happened: keep it out of the log (a few microseconds)
            return _rejected("no_change", "That changes nothing, so it was not recorded"
                             + (f" ({events[0].text})." if events else "."))
        seq = self.seq + 1
        if self._undone:  # the moves taken back are thrown away: the log is written anew from seq
            self._rewrites.append((self._record.id, seq))  # type: ignore[union-attr]
            self._rewrites_total += 1
        try:
            self.store.append_action(self._record.id, seq, action.to_json(),
                                     [e.to_json() for e in events], self._status_of(new_state))
        except (StoreError, TypeError, ValueError) as exc:
            log.error("cannot log %s: %s", action, exc)
            return self._not_saved("move", exc)
        self._advance(new_state)
        discarded, self._undone = self._undone, 0
        self._notify(new_state, events)
        return Outcome(True, None, events, discarded)

    def undo(self) -> Outcome:
        """Take back the last active action (it stays in the log, marked undone).

        The state before it comes from the window of recent states; beyond the
        window it is rebuilt from the nearest snapshot (at most
        :data:`SNAPSHOT_EVERY` actions replayed), never from the whole log.
        Rejected with ``"nothing_to_undo"``, ``"read_only"`` (see
        :attr:`writable`), ``"not_saved"`` if the mark cannot be written, or
        ``"engine_error"`` if the earlier state cannot be rebuilt.
        """
        if not self.can_undo:
            return _rejected("nothing_to_undo", "There is nothing to undo.")
        read_only = self._read_only()
        if read_only is not None:
            return read_only
        seq = self.seq
        if len(self._states) >= 2:
            window = None
            previous = self._states[-2]
        else:
            try:
                window = self._rebuild(self._record, self._game, self._engine, seq - 1)  # type: ignore[arg-type]
            except Exception as exc:  # a log the engine no longer replays
                log.exception("cannot rebuild the state before action %s", seq)
                return _rejected("engine_error", f"The state before this move cannot be rebuilt ({exc}); "
                                 "nothing was changed.")
            previous = window[-1]
        try:
            self.store.set_undone(self._record.id, seq, True, self._status_of(previous))  # type: ignore[union-attr]
        except StoreError as exc:
            return self._not_saved("undo", exc)
        if window is None:
            self._states.pop()
        else:
            self._states = window
        self._seq -= 1
        self._undone += 1
        self._worked = True
        events = (Event("undo", f"Took back: {self._describe(seq)}", {"seq": seq}),)
        self._notify(previous, events)
        return Outcome(True, None, events)

    def redo(self) -> Outcome:
        """Apply again the first undone action; its events are returned after a
        ``"redo"`` event. Rejected with ``"nothing_to_redo"``, ``"read_only"``,
        ``"not_saved"``, the game's rejection if the action no longer fits
        (engine changed), or ``"engine_error"`` if the engine fails on it."""
        if not self.can_redo:
            return _rejected("nothing_to_redo", "There is nothing to redo.")
        read_only = self._read_only()
        if read_only is not None:
            return read_only
        seq = self.seq + 1
        try:
            action = self._action_at(seq)
            rejection = self._game.check(self.state, action)  # type: ignore[union-attr]
            if rejection is not None:
                return Outcome(False, rejection, ())
            new_state, events = self._game.apply(self.state, action)  # type: ignore[union-attr]
        except Exception as exc:  # a log or an engine that changed under us: keep the table going
            log.exception("redo of action %s failed", seq)
            return _rejected("engine_error", f"This move cannot be made again ({exc!r}); nothing was changed.")
        try:
            self.store.set_undone(self._record.id, seq, False, self._status_of(new_state))  # type: ignore[union-attr]
        except StoreError as exc:
            return self._not_saved("redo", exc)
        self._advance(new_state)
        self._undone -= 1
        what = events[0].text if events else str(action)
        events = (Event("redo", f"Made again: {what}", {"seq": seq}), *events)
        self._notify(new_state, events)
        return Outcome(True, None, events)

    # ---------------------------------------------------------------- helpers
    def _same_as_next_undone(self, action: Action) -> bool:
        """True when ``action`` is the first undone action (what :meth:`redo` would make again)."""
        try:
            return self._action_at(self.seq + 1) == action
        except Exception:  # a log row that cannot be read: a new move, as before
            return False

    def _not_saved(self, what: str, exc: Exception) -> Outcome:
        """The ``"not_saved"`` refusal of a ``what`` (move, undo, redo) whose write failed; a damaged file
        is set aside first (outside a batch: a batch does it when it ends, see :meth:`_rescue`)."""
        message = f"The {what} could not be saved, so it was not made: {exc}."
        if self._batch is None and self.store.damage is not None:
            note = self._rescue()
            message = f"{message} {note}" if note else message
        return _rejected("not_saved", message)

    def _rescue(self) -> str | None:
        """A write met a damaged page (:attr:`Store.damage`): the file goes aside and the games are carried
        over (:meth:`_carry_over`). Returns the sentence to show, or None when the file could not be set
        aside (the table keeps being refused with SQLite's reason)."""
        shown = self._record is not None
        carried = self._carry_over(self.store.damage or "damaged")
        if carried is None:
            return None
        if not shown:
            return carried[1]
        if not carried[0]:
            return f"{carried[1]} The game shown could not be carried over: its log is in the damaged copy."
        return f"{carried[1]} Make the change again."

    def _met_damage(self, exc: BaseException, show: GameRecord | None = None) -> tuple[bool, str] | None:
        """``exc`` met while reading the file: when it says the file is damaged (:func:`_damage`), the file is
        set aside with the games that still read (:meth:`_carry_over`; ``show``: the game to show after), and
        where it cannot be (a look, a batch) :attr:`damaged` keeps why. Returns what :meth:`_carry_over`
        returns: None when nothing was set aside."""
        damage = _damage(exc)
        if damage is None:
            return None
        carried = self._carry_over(damage, show) if self._batch is None else None
        if carried is None:
            self.damaged = damage
        return carried

    def _carry_over(self, reason: str, show: GameRecord | None = None) -> tuple[bool, str] | None:
        """The saved games file is damaged (SQLite's ``reason``): read every open game that can still be read,
        and the game shown (or ``show``), set the file aside (:meth:`Store.set_aside`: it keeps them all), and
        store what was read in the fresh file (:meth:`_carried`). Returns ``(shown, sentence)`` (see there);
        None when the file could not be set aside (a look, a batch, the move failed: nothing changed)."""
        if not self.store.can_set_aside:
            return None
        show = show or self._record
        read, lost, listed = _readable(self.store, show)
        if not self.store.set_aside(reason):
            return None
        return self._carried(read, lost, show, listed)

    def _salvage(self, moved: Path) -> None:
        """The store moved a damaged file aside when it opened (the full check after an unclean stop found the
        damage): the open games that can still be read there are carried over to the fresh file
        (:meth:`_carried`), and ``notice`` says which."""
        try:
            old = Store.open_damaged(moved)
        except Exception as exc:  # not even that: its games stay in the damaged copy
            log.error("cannot read the damaged file %s: %s", moved, exc)
            return
        try:
            read, lost, listed = _readable(old, None)
        finally:
            old.close()
        if read or lost or not listed:
            self.notice = self._carried(read, lost, None, listed)[1]

    def _carried(self, read: list[tuple[GameRecord, dict[str, Any]]], lost: list[GameRecord],
                 show: GameRecord | None, listed: bool = True) -> tuple[bool, str]:
        """Store the games ``read`` from a damaged file in the fresh one (active moves, replayed at their
        resume; the moves taken back are not carried; their start dates kept), ``show`` last, so that it is
        the one resumed next, and show it. Returns ``(shown, sentence)``: whether ``show`` is shown again, and
        the store's notice with what was carried over and what could not be (``lost``: their logs stay in
        the damaged copy), and :data:`UNLISTED` (:data:`UNLISTED_ALL` with no game named) when the list of games could
        not be read (not ``listed``)."""
        self.notice = self.store.notice
        self.show_nothing()
        lost = list(lost)
        carried: dict[int, GameRecord] = {}
        for r, data in read:
            active = [(a["action"], a["events"]) for a in data["actions"] if not a["undone"]]
            try:
                carried[r.id] = self.store.import_game(data["game"], data["options"], active, data["status"],
                                                       data.get("created_at"))
            except Exception as exc:
                log.error("cannot carry game %s over to the fresh file: %s", r.id, exc)
                lost.append(r)
        shown = False
        if show is not None and show.id in carried:
            try:
                self._resume(carried[show.id])
                shown = True
            except Exception as exc:  # its moves no longer replay: it stays in the fresh file, as any such log
                log.error("cannot resume game %s carried over: %s", show.id, exc)
                self.show_nothing()
        if shown:
            self._notify(self.state, (Event("resumed", "The game was carried over to a fresh saved games file.",
                                            {"game": show.game_id}),))  # type: ignore[union-attr]
        words = [self.store.notice or "The saved games file was damaged and set aside."]
        if carried:
            words.append(f"What could be read was carried over to it: {_games(list(carried.values()))}.")
        if lost:
            words.append(f"Left in the damaged copy, as it could not be read: {_games(lost)}.")
        if not listed:
            words.append(UNLISTED if carried or lost else UNLISTED_ALL)
        return shown, " ".join(words)

    def _read_only(self) -> Outcome | None:
        """None when changes can be saved (a full disk is looked at again first);
        else the ``"read_only"`` refusal with the store's sentence."""
        if self.store.writable or self.store.retry_writable():
            return None
        return _rejected("read_only", self.store.read_only_message or "The saved games file cannot be written.")

    def _advance(self, state: Any) -> None:
        """``state`` is now the state after one more active action: into the
        window, and into a snapshot every :data:`SNAPSHOT_EVERY` actions."""
        self._states.append(state)
        self._seq += 1
        self._worked = True
        if self._seq % SNAPSHOT_EVERY == 0:
            try:
                blob = _dump_state(state)
            except Exception as exc:  # a state that does not pickle: no cache, replay still works
                log.warning("cannot snapshot game %s at %s: %s", self._record.id, self._seq, exc)  # type: ignore
                return
            self.store.save_snapshots(self._record.id, self._engine, SNAPSHOT_FORMAT,  # type: ignore[union-attr]
                                      [(self._seq, blob)])

    def _status_of(self, state: Any) -> str:
        return "over" if self._game.is_over(state) else "open"  # type: ignore[union-attr]

    def _describe(self, seq: int) -> str:
        """What logged action ``seq`` did, in a player's words: its first event's text."""
        row = self.store.action(self._record.id, seq)  # type: ignore[union-attr]
        if row is not None and row.events:
            return str(row.events[0].get("text") or Action.from_json(row.action))
        return str(Action.from_json(row.action)) if row is not None else f"action {seq}"

    def _action_at(self, seq: int) -> Action:
        row = self.store.action(self._record.id, seq)  # type: ignore[union-attr]
        if row is None:
            raise LookupError(f"no action {seq} in the log")
        return Action.from_json(row.action)

    def _notify(self, state: Any, events: tuple[Event, ...]) -> None:
        if self._held is not None:  # in a batch: told once it is committed
            self._held.append((state, events))
            return
        for callback in list(self._subscribers):
            try:
                callback(state, events)
            except Exception:
                log.exception("session subscriber %r failed", callback)


#: the pickle protocol of the snapshots (in :func:`engine_fingerprint`: another one is another format)
PICKLE_PROTOCOL = 5


def _pickle() -> Any:
    """The pickle functions (``dumps``, ``loads``), imported on first use, not with the module: a game of fewer
    than :data:`SNAPSHOT_EVERY` actions never needs them. CPython's own accelerator ``_pickle``, whose functions
    :mod:`pickle` re-exports: the same format, without the Python module's classes and tables (0.36 -> 0.13 MiB
    resident; issue 13, peak RSS of a long game, which loads a snapshot at start). :mod:`pickle` where there is
    no ``_pickle``."""
    try:
        import _pickle as pickle
    except ImportError:  # an interpreter without CPython's accelerator
        import pickle  # type: ignore[no-redef]
    return pickle


def _dump_state(state: Any) -> bytes:
    """A snapshot's blob: the state pickled (:data:`PICKLE_PROTOCOL`) and compressed."""
    return zlib.compress(_pickle().dumps(state, protocol=PICKLE_PROTOCOL), 1)


def _load_state(blob: bytes) -> Any:
    """The state in a snapshot's blob (:func:`_dump_state`)."""
    return _pickle().loads(zlib.decompress(blob))


_FINGERPRINTS: dict[str, str] = {}


def engine_fingerprint(game: Any) -> str:
    """A fingerprint of ``game``'s rules: CRC-32 and Adler-32 of its package's
    source files and the snapshot format (zlib's checksums: hashlib would load
    OpenSSL, 3 MiB, before the first frame), so a snapshot made by other rules (an
    update) is not used. Falls back to the module name where the sources cannot be read."""
    name = getattr(game, "__name__", type(game).__name__)
    found = _FINGERPRINTS.get(name)
    if found is not None:
        return found
    data = [f"{name}\0{SNAPSHOT_FORMAT}\0{PICKLE_PROTOCOL}".encode()]
    files = getattr(game, "__file__", None)
    if files:
        from pathlib import Path as _Path
        folder = _Path(files).parent
        paths = sorted(folder.rglob("*.py")) if _Path(files).name == "__init__.py" else [_Path(files)]
        for path in paths:
            try:
                data.append(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
            except OSError:
                data.append(b"?")
    blob = b"\0".join(data)
    found = _FINGERPRINTS[name] = f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}{len(blob):x}"
    return found


def replay_export(data: dict[str, Any]) -> Any:
    """The state an export (:meth:`Session.export`) describes: its active actions
    replayed, each checked, from ``new_game(options)``.

    Raises ``KeyError`` (unknown game, missing field) or
    :class:`~companion.rules.contract.RuleError` (an action no longer legal).
    """
    from companion.rules.contract import replay

    game = get_game(data["game"])
    actions = [Action.from_json(a["action"]) for a in data["actions"] if not a.get("undone")]
    return replay(game, data["options"], actions)

"""The main loop: session + hardware + screens, drawn only when something changed.

``App(...).run()`` opens the display, shows the screen that fits the game's
step, and loops: take the queued events (touch, mouse, keys, ``HW_EVENT``
from the buttons and the die), hand them to the screen, redraw only when
something changed (``dirty``), and otherwise sleep until woken (hardware
threads wake it, see :mod:`.idle`) or until something scheduled is due (the
message bar's end, systemd's watchdog ping): an idle companion does not wake.
A screen that raises is caught, logged and shown as a message bar; the game
is committed move by move, so SIGTERM just ends the loop (exit status 0).
"""
from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from typing import Any

import pygame

from companion import signals
from companion.rules import entry
from companion.rules.contract import CORRECT_ROLL, NUMBER_FACES, ROLL, Action, Event, Rejection
from companion.rules.record import Fields
from companion.rules.words import count

from . import rotation, text
from .hwlink import HW_EVENT, HwLink, key_command
from .idle import SignalWake, Waiter
from .games import RECENT_EVENTS
from .layout import Layout
from .touch import BounceGuard, TapFilter, same_button

log = logging.getLogger(__name__)

#: pygame event type for a tap, in logical pixels: ``pos``.
TAP = pygame.event.custom_type()
#: pygame event type the control channel uses: ``request`` (see control.py).
CONTROL = pygame.event.custom_type()
#: pygame event type that only ends ``pygame.event.wait`` (a signal arrived; see idle.SignalWake).
WAKE = pygame.event.custom_type()

IDLE_POLL_S = 0.05         # poll interval where input cannot be watched (see idle.Waiter); else no polling
#: event kinds that a message confirms (a Repair Kit used, a roll fixed, a card re-drawn, a ward set, the setup
#: done with its Accident days)
CONFIRMED = ("repair", "corrected", "redraw", "ward", "setup_done")
#: a rulebook section cited at the end of a sentence: "... (race-to-mars.txt, Setup)"
CITED = re.compile(r" \(([\w.-]+\.txt, [^()]+)\)$")
AT_START = "Before you play"  # the title of the start-up problems' dialog (see App._say_catalogue_notices)
NOT_KEPT = "This card is not kept"  # the title of the dialog that says a card was not written (App.card_not_kept)
#: the titles of the dialogs in which the app itself tells the table something: a roll leaves them open
NOTICES = (AT_START, NOT_KEPT)
BLOCKING_DRIVERS = ("x11", "wayland", "windows", "cocoa")  # SDL really sleeps in event.wait() on these
RECENT_MAX_ROWS = 400      # at most this many log rows are read for them, however long the game
RECENT_STATES = 8          # the states shown lately whose events of the period are kept (undo back to one)


class Regions(dict):
    """name -> :class:`~companion.ui.retained.Region`, made on first use (``regions.get(name)``)."""

    def get(self, name: str) -> Any:  # type: ignore[override]
        region = dict.get(self, name)
        if region is None:
            from .retained import Region
            region = self[name] = Region()
        return region


class AskedOnce:
    """The rules module ``rules`` of ``session``'s game, with every question
    about the state shown (``session.state``, by identity) answered once: the
    rules are pure, so a screen that asks ``legal_actions``, ``check`` or
    ``capacity`` at every frame costs one call per state. A question about
    another state (an intermediate one, a "what if") goes to the rules as it
    is; so does ``apply``. A list or dict answer is given as a copy (a caller
    may change it). Anything that is not a function (a constant) is the module's."""

    UNCACHED = frozenset({"apply", "new_game", "default_options", "random_action"})

    def __init__(self, rules: Any, session: Any) -> None:
        self.rules = rules
        self._session = session
        self._state: Any = None
        self._answers: dict[Any, Any] = {}
        self.asked = 0  # questions that went to the rules (for tests)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.rules, name)
        if not callable(value) or name in self.UNCACHED or name.startswith("_") or isinstance(value, type):
            return value

        def ask(*args: Any, **kwargs: Any) -> Any:
            state = self._session.state
            if not args or args[0] is not state or state is None:
                self.asked += 1
                return value(*args, **kwargs)
            if self._state is not state:
                self._state, self._answers = state, {}
            key: Any = name  # the common question: about the state alone
            if len(args) > 1 or kwargs:
                key = (name, args[1:], tuple(sorted(kwargs.items())))
                try:
                    hash(key)
                except TypeError:  # an Action with a dict payload, a list
                    key = (name, repr(args[1:]), repr(sorted(kwargs.items())))
            try:
                answer = self._answers[key]
            except KeyError:
                self.asked += 1
                answer = self._answers[key] = value(*args, **kwargs)
            return list(answer) if type(answer) is list else dict(answer) if type(answer) is dict else answer
        ask.__name__ = name
        self.__dict__[name] = ask  # asked for by name once: later lookups find it without __getattr__
        return ask


def _joined(first: str, then: str) -> str:
    """Two things said at once in the message bar: a sentence and the next one, else " · " between them."""
    return f"{first} {then}" if first.rstrip().endswith((".", "!", "?")) else f"{first} · {then}"


class Message(Fields):
    """The message bar: ``text``, ``kind`` info|error|note, ``until`` monotonic
    seconds; ``screen``: the name of the screen it was said on (it goes when
    that screen does), or None for a message about the table (die, database); ``seen``: drawn on a frame
    shown, not under a dialog (only then can a tap close it: :meth:`App._tap`); ``flash``: monotonic seconds
    until which its box is drawn lit (the same words said again by a button: :meth:`App._command`), 0 none."""

    __slots__ = ("text", "kind", "until", "screen", "rule", "seen", "flash")

    def __init__(self, text: str, kind: str, until: float, screen: str | None = None, rule: str | None = None) -> None:
        self.text = text
        self.kind = kind
        self.until = until
        self.screen = screen
        self.rule = rule   # the rulebook section a refusal cites ("30-to-mars.txt, Setup 5")
        self.seen = False
        self.flash = 0.0


#: what a dialog says inside itself when NEXT is pressed on it and NEXT gives none of its answers
#: (``Dialog.on_next`` None: "Back to the game? ... / Stay", "Play another game ...?"): a message would be
#: drawn under the dialog, unseen (a tester's finding: NEXT did nothing and said nothing)
NEXT_NO_ANSWER = "NEXT does not answer this: tap one of the buttons below."
#: what a dialog says inside itself when BACK is held on it (Redo): BACK itself closes it, as Cancel does
REDO_NO_ANSWER = "Holding BACK does not answer this: tap one of the buttons below, or press BACK to close it."
#: what NEXT says where it changed nothing and said nothing (the message shown before was about something else)
NEXT_DID_NOTHING = "NEXT has nothing to do on this screen now: tap what you want to do."
FLASH_S = 0.4  # seconds a message said again in the same words by a button is drawn lit: the press was heard


class Dialog(Fields):
    """A modal choice: ``title`` and ``options`` [(label, callback)]; Cancel
    (``cancel_label``) closes it. ``lines``: text shown under the title;
    ``on_next``: what the NEXT button does while it is open (None: it answers nothing, and ``note`` says so);
    ``note``: a line the dialog shows above its buttons ("" none), set by NEXT (:data:`NEXT_NO_ANSWER`);
    ``hang``: each of ``lines`` is an item of a list (what happened): its second row and after are drawn in."""

    __slots__ = ("title", "options", "cancel", "lines", "on_next", "cancel_label", "scroll", "note", "dense", "hang")

    def __init__(self, title: str, options: list[tuple[str, Callable[[], object]]], cancel: bool = True,
                 lines: list[str] | None = None, on_next: Callable[[], object] | None = None,
                 cancel_label: str = "Cancel", scroll: int = 0, dense: bool = False, hang: bool = False) -> None:
        self.title = title
        self.options = options
        self.cancel = cancel
        self.lines = [] if lines is None else lines
        self.on_next = on_next
        self.cancel_label = cancel_label
        self.scroll = scroll   # the first of ``lines`` (wrapped) shown, when they do not all fit
        self.note = ""
        self.dense = dense     # more columns of labels shrunk or on two lines (chrome.dialog_columns)
        self.hang = hang       # lines are items: a line's second row and after drawn in (chrome.draw_dialog)


class App:
    """The companion's app. ``session``: a :class:`companion.session.Session`;
    ``catalogues``: a :class:`companion.catalogue.Catalogues`; ``game_id``: the
    game to resume or start (None: the open game, else the game picker);
    ``size``: the logical (width, height)
    in pixels before rotation; ``rotate``: 0|90|180|270 degrees
    counter-clockwise; ``hw``: a :class:`HwLink` or None; ``notify``:
    ``notify(kind)`` with kind "ready"|"watchdog"|"stopping" (systemd);
    ``watchdog_s``: seconds between "watchdog" notifications (default: half
    of systemd's ``WatchdogSec=``, none off systemd)."""

    def __init__(self, session: Any, catalogues: Any, game_id: str | None = None,
                 size: tuple[int, int] = (800, 480), rotate: int = 0, hw: HwLink | None = None,
                 notify: Callable[[str], None] | None = None, watchdog_s: float | None = None) -> None:
        self.session = session
        self.catalogues = catalogues
        self.setup_game_id: str | None = None  # the game whose New-game screen is shown
        self._die_games: dict[str, bool] = {}   # game id -> whether it is played with a die
        self._game_uis: dict[str, Any] = {}
        self._asked: AskedOnce | None = None  # the rules, asked once per state (see :attr:`game`)
        self.frame_memo: dict[str, Any] | None = None  # set while a frame is drawn (see render)
        #: parts of the screen painted again only when what they show changed (name -> Region)
        self.regions = Regions()
        self.size = size
        self.rotate = rotate
        self.wake = Waiter()
        if hw is not None:
            hw.wake = self.wake
        self.hw = hw
        self.notify = notify or (lambda kind: None)
        self.watchdog_s = watchdog_s  # seconds between "watchdog" notifications; None: systemd's (or none)
        self.layout = Layout(size)
        self.fit_display = False            # True: take the display's own size (fullscreen)
        self.dirty = True
        self.running = False
        self.message: Message | None = None
        self.dialog: Dialog | None = None
        #: what happened this period for the state shown (see :attr:`recent`): the list, and the
        #: state it is for (None: not known, read from the log when asked); by ``id`` of the states
        #: shown lately, so that undo back to one costs no read of the log
        self._recent: list[Event] = []
        self._recent_for: Any = None
        self._recents: dict[int, tuple[Any, list[Event], int | None]] = {}
        #: (state, (seq of the state after a roll, that roll's ``last_roll``) or None): the roll
        #: behind the steps that ran on their own to ``state`` (:meth:`_roll_behind`), looked for once per state
        self._roll_behind_for: tuple[Any, tuple[int, tuple[str, int]] | None] = (None, None)
        #: (the die's count of rolls read, the face the table fixed its last reading to) or None
        self._die_fix: tuple[int, int] | None = None
        self._die_note: Message | None = None  # "the die sent a damaged line: roll it again", while shown
        #: (the message saying that a new move threw away the moves taken back, its words) until it is drawn: a
        #: tip said after it in the same handling keeps them (:meth:`say`), a refusal replaces them
        self._discard_note: tuple[Message, str] | None = None
        #: (the game's store id, the log position before each Undo of the table still taken back, oldest first): the
        #: moves the table took back, as it counts them (an Undo walks back over the steps that ran on their own)
        self._taken_back: tuple[int | None, list[int]] = (None, [])
        #: (the game shown (its store id), "die" | "tap"): where the last roll came from, the die's reading or a face
        #: tapped (after a tap the die's older reading is not shown as the game's roll), or None
        self._last_roll_from: tuple[int | None, str] | None = None
        #: (the die's count of rolls read, the face) of the die's last reading a game took as its roll, or None: a
        #: reading no game waited for (ignored) is not shown as the game's roll
        self._die_taken: tuple[int | None, int] | None = None
        #: ((game id, seq, log mark), the face of its last roll in the log or None): see :meth:`_logged_roll`
        self._logged_roll_for: tuple[Any, int | None] = (None, None)
        self._notices_told: set[str] = set()  # the games whose catalogue problems were said in a dialog
        self.wants_new_game = False
        self.keys_seen = False              # a key was pressed: a keyboard is in use
        self.windowed = False               # run() in a window (a desktop), not fullscreen
        self.frames = 0
        self.frame_t = 0.0                  # monotonic time of the last flip
        self.first_frame_t = 0.0            # monotonic time of the first flip
        self.input_t: dict[str, float] = {}  # source -> monotonic time the last input arrived
        self.latency: dict[str, list[tuple[float, float]]] = {"button": [], "die": [], "tap": []}
        self._pending_latency: list[tuple[str, float]] = []
        self._after_frame: list[Callable[[], None]] = []
        self._surface: pygame.Surface | None = None  # made on first use (see :attr:`surface`)
        self.display: pygame.Surface | None = None
        self.taps: TapFilter | None = None
        self.bounces = BounceGuard()  # a double tap's second tap on what the first one brought
        self._tap_unanswered = False  # a tap was handled whose answer is not on the screen yet (bounces)
        self._shown_ui: Any = None  # the buttons of the frame on the screen (what a finger aims at)
        self.stale_taps = 0  # taps dropped: the tap before them in their batch moved their button (journal, tests)
        from .screens.picker import PickerScreen
        self.picker = PickerScreen(self)
        self.screen = None
        session.subscribe(self._on_change)
        if game_id is not None and session.game_id != game_id and not session.switch(game_id):
            self.setup_game_id = game_id  # its New-game screen, over another game's open one (Back to game)
            self.wants_new_game = session.has_game
        self.advance()  # a game left on a step with nothing to decide goes on
        self._say_catalogue_notices(getattr(session, "notice", None), at_start=True)

    @property
    def layout(self) -> Layout:
        """Sizes and rectangles for :attr:`size`; setting it also fits the text to it
        (:func:`.text.use_screen`: the sizes a line shrinks through, the line cache's bytes)."""
        return self._layout

    @layout.setter
    def layout(self, layout: Layout) -> None:
        self._layout = layout
        text.use_screen(layout.text_sizes, layout.size)

    @property
    def surface(self) -> pygame.Surface:
        """The logical surface the screens draw on: the display itself when the
        picture is not rotated (no second 800x480 surface), else a surface of
        :attr:`size` made on first use."""
        if self._surface is None:
            self._surface = pygame.Surface(self.size)
        return self._surface

    @surface.setter
    def surface(self, surface: pygame.Surface | None) -> None:
        self._surface = surface

    # ------------------------------------------------------------------ game access
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def game(self) -> Any:
        """The open game's rules (None without a game), as the screens ask them:
        each question about the shown state is answered once per state
        (:class:`AskedOnce`), however many frames show it."""
        rules = self.session.game
        if rules is None:
            return None
        if self._asked is None or self._asked.rules is not rules:
            self._asked = AskedOnce(rules, self.session)
        return self._asked

    @property
    def game_ui(self) -> Any:
        """The open game's screen package (:class:`companion.ui.games.GameUi`), or None."""
        game_id = self.session.game_id
        return self.ui_for(game_id) if game_id is not None else None

    def ui_for(self, game_id: str) -> Any:
        """The screen package of ``game_id``, loaded once."""
        ui = self._game_uis.get(game_id)
        if ui is None:
            from .games import load
            ui = self._game_uis[game_id] = load(game_id, self)
        return ui

    def view(self) -> dict[str, Any]:
        """The rules' ``summary(state)`` of the shown state (computed once per state)."""
        return self.game.summary(self.state)

    def legal(self) -> list[Action]:
        """The rules' ``legal_actions(state)`` of the shown state (computed once per state)."""
        return self.game.legal_actions(self.state)

    def catalogue(self, kind: str) -> Any:
        """The open (or being set up) game's card catalogue of ``kind``
        (:class:`companion.catalogue.Catalogue`)."""
        game_id = self.setup_game_id if self.wants_new_game or not self.session.has_game else self.session.game_id
        return self.catalogues.get(game_id or self.session.game_id, kind)

    def _say_catalogue_notices(self, first: str | None = None, at_start: bool = False) -> None:
        """Say the card catalogue problems of the game shown (the one being set up, else the open one),
        after ``first`` (the saved games file's start-up warning, which they must not hide) in one message;
        ``at_start``, or the first time a game's catalogue problems are said in this run (a game picked after
        starting on the picker): in a dialog titled :data:`AT_START` (Close or NEXT), each in its own paragraph,
        so that it is read before the first move and covers nothing of the screen once closed (a message box
        over the New-game screen hid the crew's first row for 30 seconds); later, in the message bar."""
        game_id = (self.wants_new_game and self.setup_game_id) or self.session.game_id or self.setup_game_id
        said = [] if game_id is None or self.catalogues is None else [
            c for c in (self.catalogues.get(game_id, kind) for kind in self.ui_for(game_id).catalogue_kinds)
            if c.notice]
        if len(said) == 1 and not first:
            parts = [said[0].notice]
        else:  # each in a clause: one notice would hide the others
            parts = [first] if first else []
            if said:
                parts.append("Card catalogues: " + "; ".join(c.summary or c.notice for c in said)
                             + ". Every problem is in the log (journalctl).")
        first_time = bool(said) and game_id not in self._notices_told  # a game's catalogues: a dialog once a run
        if said:
            self._notices_told.add(game_id)
        if parts and (at_start or first_time):
            self.show_info(AT_START, parts)
        elif parts:
            self.say(" ".join(parts), "error", 30 if len(parts) > 1 or len(said) > 1 else 20, everywhere=True)

    def title(self) -> str:
        """The title of the game being set up, else of the open game, else the app's name."""
        game_id = (self.wants_new_game and self.setup_game_id) or self.session.game_id or self.setup_game_id
        return entry(game_id).title if game_id else "Mars Table Companion"

    def expect(self) -> Any:
        """What the open game waits for (:class:`Expect`), or None."""
        state = self.state
        return self.game.expects(state) if state is not None and self.game is not None else None

    def face_labels(self) -> tuple[str, ...]:
        """The labels of die faces 1..6 in the open game (symbols or numbers)."""
        state = self.state
        if state is None or self.game is None:
            return NUMBER_FACES
        return self.game.die_faces(state) or NUMBER_FACES

    def uses_die(self) -> bool:
        """False when the game shown has no die (the die status says "not used
        in this game"): the open game, or on its New-game screen the game
        being set up (asked of its rules: ``die_faces`` of a game with its
        default options). True on the game picker (the die serves the others)."""
        if self.wants_new_game or not self.session.has_game:
            game_id = self.setup_game_id
            if game_id is None:
                return True
            if game_id not in self._die_games:
                from companion.rules import get_game
                game = get_game(game_id)
                self._die_games[game_id] = bool(game.die_faces(game.new_game(game.default_options())))
            return self._die_games[game_id]
        state = self.state
        return state is None or self.game is None or bool(self.game.die_faces(state))

    def fixable_roll(self) -> tuple[str, int] | None:
        """``(purpose, face)`` of the roll Fix roll would replace, or None: the
        rules' ``last_roll``, also after the steps that ran on their own right
        after that roll (nothing else happened since; :meth:`correct_roll`
        takes them back first)."""
        state = self.state
        if state is None or self.game is None or not self.session.has_game:
            return None
        last = self.game.last_roll(state)
        if last is not None:
            return last
        behind = self._roll_behind(state)
        return behind[1] if behind is not None else None

    def die_last_roll(self, status: dict[str, Any]) -> str | None:
        """What the die status shows as the last roll (``status``: :meth:`HwLink.die_status`): the
        open game's roll while Fix roll could still change it, else the die's last reading the game took, as the
        table fixed it (not after a face tapped: :meth:`last_roll_tapped`; not a later reading no roll was
        awaited for, which was ignored: a tester read "rolled Food" in a turn whose roll was Discovery); named
        as the game's faces are (Mission to Mars 2049: "Discovery"), or None."""
        shown = self._game_shown()
        fixable = self.fixable_roll() if shown is not None else None
        if shown is None or fixable is None and self._last_roll_from != (shown, "die"):
            return None  # no game on the screen, or the die's last reading came before this game
        taken = self._die_taken
        face = fixable[1] if fixable is not None else taken[1] if taken is not None else None
        if fixable is None and self._die_fix is not None and taken is not None and self._die_fix[0] == taken[0]:
            face = self._die_fix[1]
        if not face:
            return None
        labels = self.face_labels()
        return labels[face - 1] if 1 <= face <= len(labels) else str(face)

    def die_roll_line(self, status: dict[str, Any]) -> str:
        """The die status's second line while the die is connected (``status``: :meth:`HwLink.die_status`), true
        of the game shown whatever it is: "waiting for a roll" while its next roll is awaited (the roll before,
        another player's, is not this one: a tester read Red's "rolled Air" as Blue's), unless the last move was
        a roll (Fix roll's, still open to change: the roll-off's, a check's first die); else "rolled <face>"
        (:meth:`die_last_roll`), "last roll tapped", the game's last roll in its log (after a restart the die
        has read nothing yet: a tester saw "no roll yet" in a turn whose roll was made), "no roll yet"."""
        shown = self._game_shown()
        if shown is not None and self.fixable_roll() is None:
            expect = self.expect()
            if expect is not None and expect.kind == "roll":
                return "waiting for a roll"
        last = self.die_last_roll(status)
        if last:
            return f"rolled {last}"
        if self.last_roll_tapped():
            return "last roll tapped"
        logged = self._logged_roll() if shown is not None else None
        if logged is not None:
            labels = self.face_labels()
            return f"rolled {labels[logged - 1] if 1 <= logged <= len(labels) else logged}"
        return "no roll yet"

    def _logged_roll(self) -> int | None:
        """The face (1..6) of the open game's last roll in its log (a roll, or the Fix roll that replaced it),
        looked for among the last :data:`RECENT_MAX_ROWS` actions, once per game and move; None if none."""
        key = (self.session.record.id if self.session.record is not None else None, self.session.seq,
               self.session.log_mark())
        if self._logged_roll_for[0] != key:
            face = None
            try:
                # a few rows first (the last roll is most often among the last moves): this runs once per move,
                # on the way from a press to its frame, while the die has read nothing
                for row in self.session.log_back(RECENT_MAX_ROWS, chunk=4):
                    if row.action.kind in (ROLL, CORRECT_ROLL):
                        face = row.action.args.get("face")
                        break
            except Exception:  # a log that cannot be read: the status says no roll, the table goes on
                log.exception("looking for the last roll in the log failed")
            self._logged_roll_for = (key, face if isinstance(face, int) else None)
        return self._logged_roll_for[1]

    def _game_shown(self) -> int | None:
        """The store id of the game on the screen; None on the picker or a New-game screen."""
        record = self.session.record
        return None if record is None or self.on_picker() or self.wants_new_game else record.id

    def _roll_behind(self, state: Any) -> tuple[int, tuple[str, int]] | None:
        """``(seq, last_roll)`` of the roll from which only steps that ran on
        their own led to ``state`` (found in the session's window, so also
        after a restart; looked for once per state), or None."""
        if self._roll_behind_for[0] is state:
            return self._roll_behind_for[1]
        found = None
        window = self.session.window()
        game_ui = self.game_ui
        if game_ui is not None and len(window) >= 2 and window[-1] is state:
            for back, before in enumerate(reversed(window[:-1]), start=1):
                try:
                    if not (game_ui.automatic(before) and self.game.check(before, Action("next")) is None):
                        break
                    roll = self.game.last_roll(before)
                except Exception:
                    log.exception("looking for the roll behind the steps failed")
                    break
                if roll is not None:
                    found = (self.session.seq - back, roll)
                    break
        self._roll_behind_for = (state, found)
        return found

    def correct_roll(self, face: int) -> bool:
        """Fix roll: the last roll was really ``face`` (1..6). When steps ran
        on their own after it, they are taken back first, the roll corrected,
        and they run again from the corrected roll; a refusal (the same face)
        puts them back as they were. Returns True when corrected."""
        behind = self._roll_behind(self.state) if self.game.last_roll(self.state) is None else None
        steps = 0
        with self.session.batch():  # taking the steps back, the fix, the steps again: one commit
            if behind is not None:
                while self.session.seq > behind[0] and self.session.undo().accepted:
                    steps += 1
            if self.submit(Action(CORRECT_ROLL, {"face": face})):
                st = self.hw.die_status() if self.hw is not None else {"mode": "none"}
                taken = self._die_taken[0] if self._die_taken is not None else None
                self._die_fix = (taken, face) if st.get("mode") == "die" else None
                return True
            for _ in range(steps):  # refused: the table's game as it was
                if not self.session.redo().accepted:
                    break
        return False

    @property
    def keyboard(self) -> bool:
        """True when a keyboard is probably at hand (keys 1-6 enter rolls): the
        buttons are mocked by keys (``--hw mock``), a key was pressed, or the
        app runs in a window on a desktop."""
        return self.keys_seen or self.windowed or getattr(self.hw, "hw_mode", None) == "mock"

    def submit(self, action: Action, quiet: bool = False) -> bool:
        """Submit ``action`` to the session; a rejection is shown with its rule
        (and kept in the log, marked refused). Returns True when accepted and
        committed; the steps with nothing to decide run on their own after it
        (:meth:`advance`), committed with it as one transaction
        (:meth:`Session.batch`): False, with nothing changed, when that commit fails."""
        after: list[Any] = []   # the events of the steps it sets off
        seq = self.session.seq
        with self.session.batch() as batch:  # the move and the steps it sets off: one commit
            outcome = self.session.submit(action)
            if outcome.accepted:
                after = self.advance()
        if batch.error is not None:
            self.say(batch.error, "error", 15)
            return False
        if not outcome.accepted:
            self.reject(outcome.rejection, quiet, action)
            return False
        if self.message and (self.message.kind != "note" or self.message.screen is not None):
            self.message = None  # said about the screen (a Repair Kit used...): the next move answers it
        first = next((i for i, e in enumerate(outcome.events) if e.kind in CONFIRMED), None)
        if first is not None:  # effects not on the next screen: confirm (from the first such event)
            said = list(outcome.events[first:first + 2])
            # and what the steps it set off made of it (a ward set, then used up by the check it waited for: not
            # said "will be prevented" alone on the next day's screen, as if it still held: found playing)
            said += [e for e in after if e.kind == said[0].kind][:1]
            self.say(" · ".join(e.text for e in said), "note", 6)
        if outcome.discarded:
            self._say_discarded(self._table_moves(seq, seq + outcome.discarded), first is not None)
        return True

    def _table_moves(self, after: int, upto: int) -> int:
        """How many moves the table took back among logged actions ``after`` + 1 .. ``upto`` (the redo tail a new
        move threw away): its Undos (:attr:`_taken_back`), when they account for that whole tail (not so after a
        restart); else the logged actions. Forgets the Undos."""
        game, walks = self._taken_back
        self._taken_back = (None, [])
        mine = [w for w in walks if after < w <= upto]
        record = self.session.record
        return len(mine) if mine and max(mine) == upto and record is not None and record.id == game else upto - after

    def _say_discarded(self, moves: int, after_confirm: bool) -> None:
        """Say once that the move just made threw away ``moves`` moves taken back (``Outcome.discarded``): Redo
        cannot put them back any more (a play tester's finding: a die bumped after six Undos erased them without a
        word). After the move's own confirmation ("Repair Kit used") in the same message; a tip the screen says
        next keeps these words after its own, a refusal replaces them (:meth:`say`)."""
        words = ("The move taken back can no longer be redone." if moves == 1 else
                 f"The {count(moves, 'move')} taken back can no longer be redone.")
        m = self.message
        if after_confirm and m is not None:
            self.say(_joined(m.text, words), m.kind, 8)
        else:
            self.say(words, "note", 8)
        self._discard_note = (self.message, words)  # type: ignore[assignment]

    def automatic(self) -> bool:
        """True when the open game's state has nothing for the players to
        decide (``GameUi.automatic``): NEXT is submitted for them."""
        game_ui = self.game_ui
        state = self.state
        if game_ui is None or state is None or not self.session.has_game or self.wants_new_game:
            return False
        try:
            return bool(game_ui.automatic(state)) and self.game.check(state, Action("next")) is None
        except Exception:
            log.exception("automatic() failed")
            return False

    def advance(self, limit: int = 20) -> list[Any]:
        """Run the steps with nothing to decide (NEXT for the players), at most
        ``limit``, as one transaction (after a roll, :meth:`fixable_roll` still
        finds that roll behind them); returns their events, in order."""
        events: list[Any] = []
        with self.session.batch() as batch:  # one commit (part of the move's when it set them off)
            for _ in range(limit):
                if not self.automatic():
                    break
                outcome = self.session.submit(Action("next"))
                if not outcome.accepted:
                    break
                events += outcome.events
        if batch.error is not None:
            self.say(batch.error, "error", 15)
        return events

    def reject(self, rejection: Rejection | None, quiet: bool = False, action: Action | None = None) -> None:
        """Show why a move is not allowed: the rule's message and its rulebook
        section (a refusal stays until the next action). A refused ``action``
        (not ``quiet``) is kept in the game's log of refusals."""
        if rejection is None:
            return
        if action is not None and not quiet:
            from companion.store import StoreError
            try:
                self.session.log_refusal(action, rejection)
            except StoreError as exc:  # read-only, a full disk: said on the screen already
                log.info("refusal not logged: %s", exc)
            except Exception:  # the table goes on without it
                log.exception("cannot log a refusal")
        kind = "info" if quiet or rejection.code in ("roll_expected", "choice_expected", "card_expected") \
            else "error"
        self._discard_note = None  # a refusal is said alone: its rule is what the table reads
        self.dialog = None  # a move chosen in a dialog (a greyed one under More...): its reason is seen at once
        from .screens.chrome import cites_rulebook
        cites = cites_rulebook(rejection.rule)  # its § button; not for the companion's own refusals
        self.say(str(rejection) if cites else rejection.message, kind, float("inf") if kind == "error" else 8.0,
                 rule=rejection.rule)

    def say(self, s: str, kind: str = "info", seconds: float = 8.0, everywhere: bool = False,
            rule: str | None = None) -> None:
        """Show ``s`` in the message bar for ``seconds`` (kind info|error|note).
        The message goes when the screen changes, unless ``everywhere``. ``rule``: the rulebook section
        it cites ("race-to-mars.txt, Setup"), a § button beside it; none for the companion's own words."""
        from .screens.chrome import cites_rulebook
        note, self._discard_note = self._discard_note, None
        if note is not None and note[0] is self.message and not note[0].seen and kind != "error":
            s = _joined(s, note[1])  # said in the same handling as the move that threw moves away: both are read
            seconds = max(seconds, 8.0)
        screen = None if everywhere else self._screen_name()
        self.message = Message(s, kind, time.monotonic() + seconds, screen, rule if cites_rulebook(rule) else None)
        self.dirty = True

    def _screen_name(self) -> str | None:
        try:
            return self.current_screen().name
        except Exception:  # no game yet, a broken state: keep the message everywhere
            return None

    def showing_new_game_over_a_game(self) -> bool:
        """True while the game picker or a New-game screen hides a game the players could go back to."""
        return self.wants_new_game and self.state is not None and self.session.has_game

    def cancel_new_game(self) -> None:
        """Leave the game picker or New-game screen and show the game again."""
        self.wants_new_game = False
        self.setup_game_id = None
        self.dirty = True

    def pick_game(self) -> None:
        """Show the game picker (over the open game, which stays in the store)."""
        self.wants_new_game = True
        self.setup_game_id = None
        self.dirty = True

    def choose_game(self, game_id: str) -> None:
        """Show ``game_id``'s New-game screen (from the picker)."""
        self.wants_new_game = True
        self.setup_game_id = game_id
        self._say_catalogue_notices()
        self.dirty = True

    def resume_game(self, game_id: str) -> None:
        """Go back to ``game_id``'s open game (from the picker); one that cannot be resumed
        shows its New-game screen with the session's reason (a damaged file: what was carried over)."""
        notice = self.session.notice
        if self.session.switch(game_id):
            self.wants_new_game = False
            self.setup_game_id = None
            self.advance()
            self._say_catalogue_notices()
        else:
            self.choose_game(game_id)
        if self.session.notice and self.session.notice is not notice:  # said anew by this switch (a damaged file)
            self.say(self.session.notice, "error", 30, everywhere=True)
        self.dirty = True

    def undo(self) -> None:
        """BACK / Undo: close a dialog; on a New-game screen the players asked
        for, go back to the game first (:meth:`back_to_the_game`; a second BACK takes back a move);
        otherwise take back the last move."""
        if self.dialog is not None:
            self.dialog = None
            self.dirty = True
            return
        self._die_fix = None  # a Fix roll taken back: the die's own reading again
        self._walk_log("undo", "Undo again takes back its last move")

    def redo(self) -> None:
        """Redo (hold BACK): on a New-game screen the players asked for, go back to the
        game first (:meth:`back_to_the_game`); otherwise redo the move last taken back."""
        if self.dialog is None:
            self._walk_log("redo", "Redo again puts back the move taken back")
        else:  # it answers no dialog: said in the dialog, where it is seen (a message would be under it)
            self.dialog.note = REDO_NO_ANSWER
            self.dirty = True

    def _walk_log(self, which: str, again: str) -> None:
        """``session.undo`` or ``session.redo`` ("undo" | "redo"), said in the
        message bar; first back to a game hidden by the New-game screen (:meth:`back_to_the_game`).
        The moves of one touch (:meth:`Session.one_touch`) are taken back, or made again, together."""
        if self.showing_new_game_over_a_game():
            self.back_to_the_game(which, again)
            return
        touch = self.session.touch_walk(which)
        seq_before = self.session.seq
        with self.session.batch() as batch:  # with the steps that ran on their own: one commit
            out, said = self._step_log(which)
            steps = 0  # the steps that ran on their own, walked over with the move said
            if out.accepted and touch is not None:  # the rest of that touch's moves
                to, label = touch
                step = self.session.undo if which == "undo" else self.session.redo
                while self.session.seq != to and step().accepted:
                    pass
                verb = "Took back" if which == "undo" else "Made again"
                said = f"{verb}: {label} ({count(abs(self.session.seq - seq_before), 'move')})"
                if which == "redo":
                    self.advance()
            elif out.accepted and which == "undo":  # back over the steps that ran on their own, to the last decision
                while self.automatic() and self.session.can_undo:
                    more, words = self._step_log("undo")
                    if not more.accepted:
                        break
                    said, steps = words, steps + 1  # the decision taken back last is the one said
            elif out.accepted:   # with the steps that ran on their own after it, counted as Undo counts them
                while self.automatic() and self.session.can_redo:
                    if not self.session.redo().accepted:
                        break
                    steps += 1   # the move made again first is the one said
                self.advance()
        if batch.error is not None:
            self.say(batch.error, "error", 15)
            return
        if not out.accepted:
            self.reject(out.rejection, quiet=True)
            return
        self._walked(which, seq_before)
        fixed = self._fixed_face(min(seq_before, self.session.seq), max(seq_before, self.session.seq))
        if fixed is not None:  # the roll as the screen shows it: "Took back: Maria rolls 1, fixed to 6", no stale total
            verb, _, words = said.partition(": ")
            said = f"{verb}: {words.split(': ')[0]}, fixed to {fixed}"
        self.say(f"{said} (and {count(steps, 'automatic step')})" if steps else said, "note", 4)

    def _walked(self, which: str, seq_before: int) -> None:
        """Keep in :attr:`_taken_back` that an Undo walked back from ``seq_before``, or that a Redo made moves again
        (those Undos are no longer taken back)."""
        record = self.session.record
        game, walks = self._taken_back
        if record is None or game != record.id:
            game, walks = (record.id if record is not None else None), []
        if which == "undo":
            walks = [w for w in walks if w > seq_before] + [seq_before]
        else:
            walks = [w for w in walks if w > self.session.seq]
        self._taken_back = (game, walks)

    def _fixed_face(self, after: int, upto: int) -> int | None:
        """The face of the last Fix roll (``correct_roll``) among logged actions ``after`` + 1 .. ``upto``
        when the roll it fixed is among them too, or None: an Undo or Redo that walks over both says the roll
        as fixed ("Maria rolls 1, fixed to 6"), not only as first entered (a tester's finding: the screen
        showed the 6); one that walks over the fix alone says the fix, in its own words."""
        s = self.session
        if s.record is None or upto - after > 50 or upto - after < 2:  # a fix and its roll are two moves: a walk
            return None                                                  # over one reads no row (issue 13, latency)
        kinds = [(a.get("kind"), a.get("face")) for _, a, _ in s.store.moves_between(s.record.id, after + 1, upto)]
        fixes = [i for i, (kind, _) in enumerate(kinds) if kind == CORRECT_ROLL]  # the action's JSON: its arguments
        if not fixes or not any(kind == ROLL for kind, _ in kinds[:fixes[-1]]):   # beside its kind
            return None
        return kinds[fixes[-1]][1]

    def back_to_the_game(self, which: str, again: str) -> None:
        """BACK or hold BACK (``which``: "undo" | "redo") on the game picker or a New-game screen over the
        open game: back to that game, nothing taken back or redone (the top bar's Undo and Redo are greyed
        there: the buttons are the table's way back without touching the screen). What the New-game screen
        holds (``screen.unsaved()``, a sentence) is lost by leaving it, so that is asked first ("Back to the
        game" or "Stay"; BACK again stays). Then says what ``again`` does, or that the game has no move for it."""
        def go() -> None:
            self.close_dialog()
            self.cancel_new_game()
            can = self.session.can_undo if which == "undo" else self.session.can_redo
            then = again if can else f"it has no move to {'take back' if which == 'undo' else 'redo'}"
            self.say(f"Back to the game; {then}.", "note", 5)
        lost = self._guard("reading the New-game screen", lambda: self.current_screen().unsaved())
        if lost:
            self.ask(f"Back to the game? {lost}", [("Back to the game", go)], cancel_label="Stay")
        else:
            go()

    def _step_log(self, which: str) -> tuple[Any, str]:
        """``session.undo()`` or ``session.redo()`` and the move it took back
        or made again in the game's words ("Took back: Anna: Done"):
        ``GameUi.describe_action`` in the state the move was made in, else the
        move's first event, else whose move it was (never an action's repr)."""
        s = self.session
        seq = s.seq if which == "undo" else s.seq + 1
        row = s.store.action(s.record.id, seq) if s.record is not None else None   # that one row only
        before = s.state
        out = getattr(s, which)()
        if not out.accepted:
            return out, ""
        verb = "Took back" if which == "undo" else "Made again"
        if row is None:
            return out, f"{verb}: a move"
        state = s.state if which == "undo" else before
        action = Action.from_json(row.action)
        what = self.game_ui.describe_action(state, action) if self.game_ui is not None else None
        if what is None and row.events and row.events[0].get("text"):
            what = row.events[0]["text"]
        if what is None:
            seats = self.game.seats(state)
            what = (f"{seats[action.seat].name}'s move" if action.seat is not None and 0 <= action.seat < len(seats)
                    else "the table's move")
        return out, f"{verb}: {what}"

    def next(self) -> None:
        """The NEXT button: the screen decides (usually: submit NEXT). Over a dialog, its ``on_next``; a dialog
        without one says in itself that NEXT answers nothing there (:data:`NEXT_NO_ANSWER`)."""
        if self.dialog is not None:
            if self.dialog.on_next is not None:
                self.dialog.on_next()
            else:
                self.dialog.note = NEXT_NO_ANSWER
            self.dirty = True
            return
        self.current_screen().on_next()

    def roll(self, face: int, source: str) -> None:
        """A die face 1..6 from the die or a tap: lands where a roll is expected. It closes the dialog shown (the
        roll answers the game instead), but not the app's own notices (:data:`NOTICES`: "Before you play"...),
        which stay until read (a hostile tester's finding: a die rolled at start took the damaged file's notice
        away unread)."""
        expect = self.expect()
        if expect is None or expect.kind != "roll" or self.wants_new_game:
            why = "this game is played without a die" if not self.uses_die() else "no roll is expected now"
            self.say(f"The die shows {face}, but {why}: ignored.", "note", 5)
            return  # not the game's roll: the die status keeps the one it took
        if source == "die":
            self._last_roll_from = (self._game_shown(), "die")
            st = self.hw.die_status() if self.hw is not None else {}
            self._die_taken = (st.get("rolls"), face)
        if self.dialog is not None and self.dialog.title not in NOTICES:
            self.dialog = None
        if self.message is not None and self.message is self._die_note:  # "roll it again": this is that roll
            self.message = None
        if self.submit(Action(ROLL, {"face": face}, expect.seat)) and source != "die":
            self._last_roll_from = (self._game_shown(), "tap")  # (a tester's finding: "rolled Food" after a tapped
                                                                # Robbery: the die's older reading)

    def last_roll_tapped(self) -> bool:
        """The game shown took its last roll from a tapped face, not from the die (the die status says so,
        not the die's older reading)."""
        shown = self._game_shown()
        return shown is not None and self._last_roll_from == (shown, "tap")

    def ask(self, title: str, options: list[tuple[str, Callable[[], object]]], lines: list[str] | None = None,
            on_next: Callable[[], object] | None = None, cancel_label: str = "Cancel", dense: bool = False) -> None:
        """Open a modal choice (see :class:`Dialog`); options that do not all fit the screen with Cancel
        come a page at a time (:func:`.chooser.ask_paged`: "More..."), so that Cancel is never off the screen.
        ``dense``: more columns where the labels fit them shrunk or on two lines
        (:func:`.screens.chrome.dialog_columns`)."""
        from .chooser import FIRST_PAGE, MORE, ask_paged
        from .screens.chrome import dialog_room
        paged = any(label in (MORE, FIRST_PAGE) for label, _ in options)
        if not paged and len(options) > dialog_room(self.layout, title, [label for label, _ in options], lines,
                                                     dense=dense):
            ask_paged(self, title, options, lines, on_next=on_next, cancel_label=cancel_label)
            return
        self.dialog = Dialog(title, options, lines=list(lines or ()), on_next=on_next, cancel_label=cancel_label,
                             dense=dense)
        self.dirty = True

    def show_info(self, title: str, lines: list[str], hang: bool = False) -> None:
        """Open a dialog that only shows ``lines`` under ``title``; Close (or NEXT) closes it. ``hang``: the lines
        are the items of a list (what happened), each one's second row and after drawn in (:class:`Dialog`)."""
        self.ask(title, [], lines=lines, on_next=self.close_dialog, cancel_label="Close")
        if hang and self.dialog is not None:
            self.dialog.hang = True

    def card_not_kept(self, exc: OSError) -> None:
        """A card entered for a move that the catalogue file could not keep (``exc``): used anyway, and said in
        a dialog, seen after the move that uses it (every game's card entry)."""
        self.show_info(NOT_KEPT, [
            f"The catalogue file could not be written ({exc}).",
            "The card is used in this game, but it will not be in the catalogue at the next start."])

    def close_dialog(self) -> None:
        self.dialog = None
        self.dirty = True

    def start_new_game(self, options: dict[str, Any]) -> None:
        """Start the game of the New-game screen with the table's ``options``;
        a refusal (bad options) is shown and nothing changes."""
        game_id = self.setup_game_id or self.session.game_id
        from companion.store import StoreError
        try:
            self.session.new_game(game_id, options)
        except (ValueError, KeyError, TypeError, StoreError) as exc:
            words = str(exc)
            cited = CITED.search(words)  # "... (race-to-mars.txt, Setup)": its section is a button, as a refusal's
            self.say(words[:1].upper() + words[1:], "error", rule=cited.group(1) if cited is not None else None)
            return
        self.wants_new_game = False
        self.setup_game_id = None
        self.advance()

    def _on_change(self, state: Any, events: tuple[Event, ...]) -> None:
        """Session subscriber: keep this period's events for ``state``, redraw."""
        kinds = {e.kind for e in events}
        game_ui = self.game_ui
        if "redo" in kinds and game_ui is not None and self._recent_for is not None:
            events = tuple(e for e in events if e.kind != "redo")  # the move made again: its events, as the first time
            kinds = {e.kind for e in events}
        if kinds & {"undo", "redo", "new_game", "resumed"} or game_ui is None:
            kept = self._recents.get(id(state))  # a state shown lately (undo back to it), else the log when asked
            after = self._recents.get(id(self._recent_for))  # the state this undo takes back
            if kept is not None and kept[0] is state:
                self._keep_recent(state, kept[1], kept[2])
            elif "undo" in kinds and after is not None and after[0] is self._recent_for and after[2] is not None:
                self._keep_recent(state, after[1][:after[2]])  # without the events of the move taken back
            else:
                self._recent_for = None
        elif game_ui.new_period(events):
            self._keep_recent(state, list(events))
        elif self._recent_for is not None:  # the events of the state before, and these
            base = self._recent
            both = base + list(events)
            self._keep_recent(state, both[-RECENT_EVENTS:], len(base) if len(both) <= RECENT_EVENTS else None)
        self.dirty = True

    @property
    def recent(self) -> list[Event]:
        """What happened this period (at most ``RECENT_EVENTS``, oldest first), for the
        state shown: kept as moves are made, and for the states shown lately (an
        undo back to one reads nothing); otherwise read backwards from the end
        of the log in small chunks, so that its cost does not grow with the
        game (at most ``RECENT_MAX_ROWS`` rows)."""
        state = self.state
        if self._recent_for is not state or state is None:
            kept = self._recents.get(id(state))
            if kept is not None and kept[0] is state:
                self._keep_recent(state, kept[1], kept[2])
            else:
                self._keep_recent(state, self._read_recent())
        return self._recent

    @recent.setter
    def recent(self, events: list[Event]) -> None:
        self._keep_recent(self.state, list(events))

    def _keep_recent(self, state: Any, events: list[Event], before: int | None = None) -> None:
        """``events`` are this period's for ``state``; ``before``: how many of them
        the state before had (the rest came with the move), when known."""
        self._recent, self._recent_for = events, state
        if state is None:
            return
        self._recents.pop(id(state), None)  # the newest last: the oldest goes first
        self._recents[id(state)] = (state, events, before)
        while len(self._recents) > RECENT_STATES:
            del self._recents[next(iter(self._recents))]

    def _read_recent(self) -> list[Event]:
        """The events since the last new period (at most ``RECENT_EVENTS``), read backwards
        from the end of the log (:meth:`Session.log_back`, at most ``RECENT_MAX_ROWS`` rows)."""
        game_ui = self.game_ui
        if game_ui is None or self.state is None:
            return []
        recent: list[Event] = []
        try:  # backwards from the end, to the start of the period (bounded)
            for row in self.session.log_back(RECENT_MAX_ROWS):
                recent[:0] = row.events
                if game_ui.new_period(row.events) or len(recent) >= RECENT_EVENTS:
                    break
        except Exception:
            log.exception("cannot read the log")
        return recent[-RECENT_EVENTS:]

    # ------------------------------------------------------------------ screens
    def on_picker(self) -> bool:
        """True while the game picker is shown (no game on screen: nothing to
        undo there, no die faces to tap)."""
        return (self.wants_new_game or self.state is None or not self.session.has_game) \
            and self.setup_game_id is None

    def current_screen(self):
        """The screen to show: the game picker, a game's New-game screen, or
        the screen the open game's package chooses for its state."""
        if self.wants_new_game or self.state is None or not self.session.has_game:
            if self.setup_game_id is not None:
                return self.ui_for(self.setup_game_id).new_game_screen()
            return self.picker
        return self.game_ui.screen(self.state)

    def _guard(self, what: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except Exception as exc:  # never crash in front of the players
            log.exception("screen failed while %s", what)
            from companion.store import is_damage
            after = ("the saved games file is damaged: what is on the screen is saved; if it goes on, turn the "
                     "companion off and on: its start then checks the whole file and sets a damaged one aside "
                     "with the games it can read" if is_damage(exc) else "the game is saved, carry on")
            self.say(f"Something went wrong while {what} ({type(exc).__name__}: {exc}); {after}.", "error", 12,
                     everywhere=True)
            return None

    # ------------------------------------------------------------------ events
    def handle(self, ev: pygame.event.Event) -> None:
        """One pygame event, already taken from the queue."""
        t = ev.type
        if t == pygame.QUIT:
            self.running = False
        elif t in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN):
            pos = self.taps.tap(ev) if self.taps else None
            if pos is not None:
                lp = rotation.to_logical(pos, self.size, self.rotate)
                if not self.bounces.accept(lp, self._under(), answered=not self._tap_unanswered):
                    log.info("a double tap's second tap at %s dropped: the first changed the button there", lp)
                    return
                t0 = time.monotonic()
                if self._tap_now(lp):
                    self.input_t["tap"] = t0
                    self._pending_latency.append(("tap", t0))
                    self.bounces.restart()  # a slow move (a new game on a slow SD card) still guards its place
        elif t == TAP:
            self._tap_now(ev.pos)
        elif t == HW_EVENT:
            self._hw(ev.source, ev.event)
        elif t == CONTROL:
            from .control import handle_request
            self._guard("answering the test channel", lambda: handle_request(self, ev.request))
        elif t == pygame.KEYDOWN or t == pygame.TEXTINPUT:
            if not self.keys_seen:
                self.keys_seen = True
                self.dirty = True
            screen = self.current_screen()
            if self.dialog is None and self._guard("reading a key", lambda: screen.handle_event(ev)):
                self.dirty = True
                return
            if t == pygame.KEYDOWN:
                self._key(ev)
        elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE):
            self.dirty = True

    def _under(self) -> Callable[[tuple[int, int]], str | None]:
        """``under(pos)``: the label of the button a tap at logical ``pos`` finds on the frame shown now (kept
        with that frame's buttons), or None."""
        ui = self._shown_ui if self._shown_ui is not None else getattr(self.screen, "ui", None)

        def under(pos: tuple[int, int]) -> str | None:
            hit = ui.hit(pos) if ui is not None else None
            return None if hit is None else hit.label
        return under

    def _tap_now(self, pos: tuple[int, int]) -> bool:
        """A tap at logical ``pos`` acts on the screen as it is now. A tap that came in one batch of events after
        another tap whose answer is not on the screen yet (two fingers, two players) was aimed at the frame shown:
        the screen is drawn again first (not shown) and the tap goes on only if the button it finds there is the
        one the frame shown had (same label, same place: :func:`touch.same_button`); else it is dropped with no
        effect (a button that moved never presses another). Returns False when dropped."""
        if self._tap_unanswered:
            shown = self._shown_ui
            seen = shown.hit(pos) if shown is not None else None
            self.render()  # the screen as the first tap left it: its buttons, drawn but not shown
            ui = getattr(self.screen, "ui", None)
            if not same_button(seen, ui.hit(pos) if ui is not None else None):
                self.stale_taps += 1
                log.info("a tap at %s dropped: the tap before it in its batch changed the button there", pos)
                return False
        self._tap(pos)
        self._tap_unanswered = True
        return True

    def _tap(self, pos: tuple[int, int]) -> None:
        """A tap on the message closes it (a control under its box is not reached); any other tap goes to the
        screen. A tap that a control handles answers the message shown before it (:meth:`_answered_by_a_tap`):
        a refusal never outlives the situation it was about (a tester's findings: "Choose 4 more Marsonauts"
        stayed over the names once the crew was chosen). Only a message drawn on a frame shown (``seen``) is
        closed or answered by a tap: one said by an input of the same batch (NEXT, then a tap read in the same
        loop turn) was not on the screen the finger aimed at, so the tap goes to the control there and the
        message is drawn."""
        self.dirty = True
        from .screens.chrome import message_tap
        seen = self.dialog is None and self.message is not None and self.message.seen
        if seen and message_tap(self, pos):
            return
        said = self.message if seen else None  # under a dialog it is not seen: it shows again after
        goes = said is not None and self._answered_by_a_tap(said)
        screen = self.current_screen()
        handled = self._guard("handling a tap", lambda: screen.handle_event(pygame.event.Event(TAP, pos=pos)))
        if goes and handled and self.message is said:  # nothing new said by the tap: the old words go
            self.message = None

    def _answered_by_a_tap(self, message: Message) -> bool:
        """Whether ``message`` (the one shown) goes when the next tap reaches a control (which then says what it
        has to say): a refusal or a hint about the screen (kind "error" or "info", not ``everywhere``), or any
        message whose box covers the screen's controls (:func:`..screens.chrome.message_covers`, placed only when
        the kind does not tell). A note in the top bar's strip (the die connected, a move taken back) and a
        warning about the table there (a damaged file) stay until their time is up."""
        if message.screen is not None and message.kind != "note":
            return True
        from .screens.chrome import message_covers
        return message_covers(self)

    def layout_message_rect(self) -> pygame.Rect:
        """Where the message bar is (logical pixels): the top bar's status strip."""
        from .screens.chrome import message_rect
        return message_rect(self.layout, self)

    def _key(self, ev: pygame.event.Event) -> None:
        name = pygame.key.name(ev.key)
        if name in ("1", "2", "3", "4", "5", "6"):
            self._guard("entering a roll", lambda: self.roll(int(name), "key"))
        elif name == "escape" and self.dialog is not None:
            self.close_dialog()
        else:
            self._command(key_command(name))
        self.dirty = True

    def _command(self, command: str | None) -> None:
        """NEXT, BACK or hold BACK (``command`` "next" | "back" | "redo", from the GPIO buttons or their keys).
        A message shown before it (drawn, not under a dialog) that a tap would answer (:meth:`_answered_by_a_tap`:
        a refusal, a hint about the screen) is answered by the press as by a tap, so that an old refusal never
        stays as if it were the press's answer: one that says something new shows that; one that acts without
        words (a move, a dialog opened, the screen's own change: typing ended, a panel closed) takes the old
        words away; a NEXT that changes nothing says so (:data:`NEXT_DID_NOTHING`). An answer in the very words
        shown (the same refusal again) is drawn lit for :data:`FLASH_S` seconds: the press was heard."""
        what = {"next": ("going to the next step", self.next), "back": ("undoing", self.undo),
                "redo": ("redoing", self.redo)}.get(command or "")
        if what is None:
            return
        m = self.message
        said = m if m is not None and m.seen and self.dialog is None else None
        answered = False
        if said is not None:
            answered = self._answered_by_a_tap(said)
        before = self._where()
        self._guard(*what)
        self.dirty = True
        now = self.message
        if said is None or now is None:
            return
        if now is not said:
            if (now.text, now.kind, now.rule) == (said.text, said.kind, said.rule):
                now.flash = time.monotonic() + FLASH_S
            return
        if not answered:
            return
        if any(a is not b for a, b in zip(before, self._where())) or self._drawn_otherwise():
            self.message = None  # it acted without words: the old ones were about the screen before
        elif command == "next":
            self.say(NEXT_DID_NOTHING, "info", 5)

    def _where(self) -> tuple[Any, ...]:
        """What a button press may change besides the screen's own drawing, compared by identity: the game's
        state and its record, the dialog, the screen shown (the picker, a New-game screen)."""
        return (self.session.state, self.session.record, self.dialog, self.wants_new_game, self.setup_game_id)

    def _drawn_otherwise(self) -> bool:
        """The screen, drawn now (not shown), has other buttons or words than the frame shown (a screen's own
        change: typing ended, a panel closed, a line of its own)."""
        def drawn(ui: Any) -> tuple[list[Any], list[Any]]:
            return [(h.label, tuple(h.rect)) for h in ui.hits], [(t, tuple(r)) for t, r, _ in ui.texts]
        shown = self._shown_ui
        if shown is None:
            return True
        was = drawn(shown)
        self.render()  # (the frame the press brings, drawn again when shown)
        ui = getattr(self.screen, "ui", None)
        return ui is None or drawn(ui) != was

    def _hw(self, source: str, event: Any) -> None:
        if source == "button" and getattr(event, "command", None) is None:
            return  # an edge that means nothing (BACK pressed: it acts on release): no frame to draw
        now = time.monotonic()
        self.input_t[source] = now
        self._pending_latency.append((source, now))
        self.dirty = True
        if source == "button":
            self._command(getattr(event, "command", None))
        elif source == "die":
            kind = getattr(event, "kind", "")
            if kind == "roll":
                self._guard("entering the die's roll", lambda: self.roll(event.face, "die"))
            elif kind in ("connected", "disconnected") and not self.uses_die():
                pass  # a game played without a die: its top bar says "Die not used", and nothing more is said
            elif kind == "connected" and not self._warning_shown():
                # in the top bar's strip, over nothing of the game (the port is in the journal and `companion hw`)
                self.say("Electronic die connected.", "note", 4, everywhere=True)
            elif kind == "ignored":
                self._damaged_die_line(getattr(event, "reason", ""))
            elif kind == "disconnected" and not self._warning_shown():
                self.say("Electronic die disconnected: tap the faces on the screen meanwhile.", "note", 8,
                         everywhere=True)

    def _damaged_die_line(self, reason: str) -> None:
        """The die sent a damaged line (``hw.die.DAMAGED``: noise, a bad checksum, a face
        out of 1..6), ignored: where a roll is awaited the roll may be in it, so the table
        is asked to roll again or tap the face; else nothing is said (nothing was lost)."""
        expect = self.expect()
        if expect is None or expect.kind != "roll" or self.wants_new_game or self._warning_shown():
            return
        words = {"out_of_range": "a face that is not 1 to 6", "bad_checksum": "a line that failed its check",
                 "stale": "a line cut short",
                 "unknown": "a line that is not a die message"}.get(reason, "a garbled line")
        self.say(f"The die sent {words}, ignored: roll it again, or tap the face.", "note", 6, everywhere=True)
        self._die_note = self.message  # gone with the next roll taken

    def _warning_shown(self) -> bool:
        """A warning (a damaged file, a full disk) is on the screen: a note never hides it (the top bar
        shows the die's state anyway)."""
        return self.message is not None and self.message.kind == "error"

    # ------------------------------------------------------------------ drawing
    def render(self) -> pygame.Surface:
        """Draw the current screen on the logical surface and return it."""
        self.frame_memo = {}  # what the chrome works out once a frame (see chrome._once_a_frame)
        if self.session.has_game:
            self.recent  # noqa: B018 - known for every state shown: the next move only adds its events
        try:
            return self._render()
        finally:
            self.frame_memo = None

    def _render(self) -> pygame.Surface:
        screen = self.current_screen()
        if screen is not self.screen:
            if self.screen is not None:
                self._guard("leaving a screen", self.screen.leave)
            m = self.message
            if m is not None and m.screen is not None and m.screen != screen.name:
                self.message = None  # it was about the screen that just went
            self.screen = screen
            self._guard("opening a screen", screen.enter)
        ok = self._guard("drawing the screen", lambda: screen.draw(self.surface) or True)
        if not ok:
            self._draw_fallback(screen)
        return self.surface

    def _draw_fallback(self, screen: Any) -> None:
        """A screen that failed to draw: the top bar (Undo and Redo lead out of the state
        it cannot show) and the message on a blank screen; only these answer taps, not the
        buttons of the last frame drawn, which are no longer on the screen."""
        from .screens.chrome import draw_message, top_bar
        from .widgets import BG, Ui
        ui = Ui(self.surface, self.layout)
        self.surface.fill(BG)
        if getattr(screen, "top_bar", False):
            try:
                top_bar(ui, self)
            except Exception:
                log.exception("the top bar failed too")
                ui = Ui(self.surface, self.layout)
                self.surface.fill(BG)
        self._guard("drawing the message", lambda: draw_message(ui, self))
        screen.ui = ui

    def present(self) -> None:
        """Render and show on the display (rotated), then flip."""
        surf = self.render()
        self._shown_ui = getattr(self.screen, "ui", None)
        if self.message is not None and self.dialog is None:  # drawn on this frame: a tap may close it now
            self.message.seen = True
        if self.display is not None:
            if self.rotate:
                self.display.blit(pygame.transform.rotate(surf, self.rotate), (0, 0))
            elif surf is not self.display:
                self.display.blit(surf, (0, 0))
            pygame.display.flip()
        self.frames += 1
        self.frame_t = time.monotonic()
        if self._tap_unanswered:  # the tap's answer is on the screen: a bounce is measured from now
            self._tap_unanswered = False
            self.bounces.restart()
        if self.frames == 1:
            self.first_frame_t = self.frame_t
        self.dirty = False
        for source, t0 in self._pending_latency:
            lst = self.latency[source]
            lst.append((t0, self.frame_t))
            del lst[:-2000]
        self._pending_latency.clear()
        callbacks, self._after_frame = self._after_frame, []
        for cb in callbacks:
            self._guard("answering after a frame", cb)

    def after_frame(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after the next frame is shown (control channel)."""
        self._after_frame.append(callback)
        self.dirty = True

    def update(self, dt_s: float) -> None:
        m = self.message
        if m is not None and time.monotonic() > m.until:
            self.message = None
            self.dirty = True
        elif m is not None and m.flash and time.monotonic() >= m.flash:
            m.flash = 0.0  # drawn as before from now
            self.dirty = True
        screen = self.current_screen()
        self._guard("updating the screen", lambda: screen.update(dt_s))

    # ------------------------------------------------------------------ loop
    def open_display(self, fullscreen: bool = False) -> None:
        """Open the window/display; raises ``pygame.error`` without a display, also when SDL, finding none,
        falls back to a driver that shows nothing (``offscreen``) that ``SDL_VIDEODRIVER`` did not ask for (a
        tester's finding: with a stale ``DISPLAY`` the companion ran unseen, saying nothing)."""
        pygame.display.init()
        driver = pygame.display.get_driver()
        asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
        if driver in ("offscreen", "dummy") and driver not in asked:
            pygame.display.quit()
            raise pygame.error(f"none of its drivers found a display, so it fell back to '{driver}', which shows "
                               "nothing")
        pygame.font.init()
        w, h = self.size
        phys = (h, w) if self.rotate in (90, 270) else (w, h)
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.display = pygame.display.set_mode((0, 0) if self.fit_display else phys, flags)
        pygame.display.set_caption("Mars Table Companion")
        phys = self.display.get_size()
        self.taps = TapFilter(phys)
        if tuple(phys) != ((h, w) if self.rotate in (90, 270) else (w, h)):
            self.size = rotation.logical_size(phys, self.rotate)
            self.layout = Layout(self.size)
            self.surface = None  # made again at the new size
        if self.rotate == 0:  # draw straight on the display: no second surface to copy
            self.surface = self.display
        try:
            pygame.mouse.set_visible(not fullscreen)
        except pygame.error:
            pass
        pygame.event.set_blocked([pygame.MOUSEMOTION, pygame.FINGERMOTION, pygame.JOYAXISMOTION])

    def run(self, fullscreen: bool = False) -> int:
        """Open the display, start the hardware, loop until QUIT or SIGTERM.
        Returns the exit status (0). Raises ``pygame.error`` if no display opens."""
        self.open_display(fullscreen)
        self.windowed = not fullscreen
        self.wake.close()
        self.wake = Waiter(pygame.display.get_driver(), IDLE_POLL_S)
        if self.hw is not None:
            self.hw.wake = self.wake
        self.running = True
        forget_stop = signals.on_stop(self._sigterm)  # a SIGTERM/SIGINT already received: stop at once
        blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
        signal_wake = SignalWake(lambda: pygame.event.post(pygame.event.Event(WAKE))) if blocking else None
        try:
            self.present()
            if self.hw is not None:  # after the first frame: gpiozero and pyserial load while it shows
                self.hw.start()
                for n in self.hw.notices:
                    self.say(n, "error", 15, everywhere=True)
            self.notify("ready")
            watchdog_s = self.watchdog_s if self.watchdog_s is not None else _watchdog_s()
            last_wd = last = time.monotonic()
            readable: list[int] = []
            while self.running:
                self.wake.clear()
                events = pygame.event.get()
                now = time.monotonic()
                for ev in events:  # an input no handler foresaw is said, not the end of the app
                    self._guard("handling an input", lambda: self.handle(ev))  # noqa: B023 (called at once)
                m = self.message
                if events or self.dirty or (m and (now > m.until or m.flash and now >= m.flash)):
                    self.update(now - last)
                    last = now
                if self.dirty and self.running:
                    self.present()
                if watchdog_s and now - last_wd >= watchdog_s:
                    self.notify("watchdog")
                    last_wd = now
                if not events and not self.dirty and self.running:
                    timeout_s = self._next_wake_s(time.monotonic(), last_wd, watchdog_s)
                    if blocking:  # 0: no timeout (SDL sleeps until an event)
                        ev = pygame.event.wait(0 if timeout_s is None else max(1, int(timeout_s * 1000)))
                        if ev.type != pygame.NOEVENT:
                            pygame.event.post(ev)
                    else:
                        if readable:
                            self.wake.unused(readable)  # woke for input SDL did not turn into events
                        readable = self.wake.wait(timeout_s)
                else:
                    readable = []
        finally:
            self.notify("stopping")
            forget_stop()
            if signal_wake is not None:
                signal_wake.close()
            if self.hw is not None:
                self.hw.stop()
            self.wake.close()
        return 0

    def _next_wake_s(self, now: float, last_wd: float, watchdog_s: float | None) -> float | None:
        """Seconds until something is scheduled (the message bar's end, the next
        systemd watchdog ping), or None: the loop then sleeps until woken by
        input (SDL's events, the hardware and control threads' wake-up)."""
        due = [last_wd + watchdog_s - now] if watchdog_s else []
        if self.message is not None and self.message.until != float("inf"):
            due.append(self.message.until - now + 0.001)
        if self.message is not None and self.message.flash:
            due.append(self.message.flash - now + 0.001)
        return max(0.0, min(due)) if due else None

    def _sigterm(self, signum: int, frame: Any) -> None:
        self.running = False
        self.wake.set()


def _watchdog_s() -> float | None:
    """Seconds between systemd watchdog pings (``WatchdogSec=`` / 2), None off systemd."""
    from companion.sdnotify import watchdog_interval_s
    return watchdog_interval_s()


def text_stats() -> dict[str, int]:
    """The text cache's counters (for the bench)."""
    return dict(text.STATS, cached=len(text.CACHE))


__all__ = ["App", "CONTROL", "Dialog", "HW_EVENT", "Message", "TAP", "text_stats"]

"""A small test/bench control channel into a running app (off by default).

Enabled only when ``COMPANION_CONTROL`` names a UNIX socket path. Each
connection sends JSON lines ``{"cmd": ...}`` and gets one JSON line back per
request. Requests are executed on the main loop (as ``CONTROL`` pygame
events), so the app's single thread owns the session and the screen; a tap
is injected as synthetic FINGERDOWN + mouse events into pygame's queue, a
button press as a mock GPIO pin edge (``--hw mock``), exactly like the real
inputs.

Commands: ``state``; ``tap`` {name} (a button by its label) or {x, y}
(physical pixels); ``press`` {button next|back, hold_s}; ``shot`` {path} (a relative path is the app's
working directory's; the answer names the file: ``{"ok": true, "path": "/abs/s.png"}``);
``stats`` {since}; ``sync`` (answer after the next frame); ``quit``.
"""
from __future__ import annotations

import atexit
import errno
import json
import logging
import os
import queue
import socket
import threading
import time
from typing import Any

import pygame

from companion.paths import not_regular

from . import rotation

log = logging.getLogger(__name__)
ENV = "COMPANION_CONTROL"


#: seconds a request made while the app starts waits for its loop to run
START_WAIT_S = 30.0
#: seconds a request waits for the main loop's answer
ANSWER_WAIT_S = 15.0


class _Gate:
    """Whether the app's loop takes requests: "starting" until the first frame is on
    the screen (``notify("ready")``), "ready", then "stopped" (``notify("stopping")``).

    Requests are posted to pygame's queue only while "ready": before the display
    is open ``pygame.event.post`` fails, and nothing would read the queue anyway.
    A request made while starting waits (woken, not polling) for the loop; one
    that is waiting for an answer when the app stops is answered with an error.
    """

    def __init__(self) -> None:
        self.state = "starting"
        self._cond = threading.Condition()
        self._waiting: set[queue.Queue] = set()

    def set(self, state: str) -> None:
        with self._cond:
            self.state = state
            self._cond.notify_all()
            if state == "stopped":
                for answer in self._waiting:
                    answer.put({"error": "the app is stopping"})

    def wait_ready(self, timeout_s: float) -> bool:
        with self._cond:
            self._cond.wait_for(lambda: self.state != "starting", timeout_s)
            return self.state == "ready"

    def post(self, app: Any, req: dict[str, Any], answer: queue.Queue) -> bool:
        """Post ``req`` to the main loop if it is running; False if not."""
        from .app import CONTROL
        with self._cond:
            if self.state != "ready":
                return False
            self._waiting.add(answer)
        try:
            pygame.event.post(pygame.event.Event(CONTROL, request=req))
        except pygame.error:  # the display closed meanwhile
            return False
        app.wake.set()
        return True

    def done(self, answer: queue.Queue) -> None:
        with self._cond:
            self._waiting.discard(answer)


def start(app: Any, path: str) -> threading.Thread:
    """Listen on UNIX socket ``path`` in a daemon thread.

    Call before ``app.run()`` (or while it runs): ``app.notify`` is wrapped to
    learn when the loop is running ("ready") and when it ends ("stopping"). A
    client may connect at any time; its requests are answered once the loop
    runs, or with ``{"error": ...}`` if the app stops or does not start within
    :data:`START_WAIT_S` seconds. Never a request left without an answer.

    A socket left at ``path`` (by an app that ended) is replaced; anything else there is left alone. Raises
    ``OSError`` (nothing started, the app not touched) when ``path`` cannot be a socket: a file or a folder
    is there (``FileExistsError``), its folder is missing, the path is too long.
    """
    import stat
    try:
        if not stat.S_ISSOCK(os.lstat(path).st_mode):  # a hostile tester's finding: any file there was deleted
            raise FileExistsError(errno.EEXIST, "something that is not a socket is there, left alone", path)
        os.unlink(path)
    except FileNotFoundError:
        pass
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        srv.bind(path)
        srv.listen(4)
    except OSError:
        srv.close()
        raise
    gate = _Gate()
    if getattr(app, "running", False) and getattr(app, "frames", 0):
        gate.set("ready")  # started while the app already runs
    inner = app.notify

    def notify(kind: str) -> object:
        result = inner(kind)
        if kind == "ready":
            gate.set("ready")
        elif kind == "stopping":
            gate.set("stopped")
        return result
    app.notify = notify
    _remove_at_exit(path)

    def serve() -> None:
        while True:
            conn, _ = srv.accept()
            threading.Thread(target=_client, args=(app, gate, conn), name="control-client", daemon=True).start()

    t = threading.Thread(target=serve, name="control", daemon=True)
    t.start()
    return t


def _remove_at_exit(path: str) -> None:
    """The socket file ``path`` is removed when the process ends (a stop leaves none behind); a file
    another process has put there since stays."""
    ino = os.stat(path).st_ino

    def remove() -> None:
        try:
            if os.stat(path).st_ino == ino:
                os.unlink(path)
        except OSError:
            pass
    atexit.register(remove)


#: the longest request line read, bytes (a request is a few dozen bytes; a longer line is answered with an
#: error, and read no further than this a piece: a line of gigabytes would hold them all in memory)
MAX_REQUEST = 64 * 1024


def _client(app: Any, gate: _Gate, conn: socket.socket) -> None:
    """Answer one connection's requests, one JSON line each (at most :data:`MAX_REQUEST` bytes), until it
    closes."""
    with conn, conn.makefile("rwb") as f:
        while raw := _read(f):
            req: Any = None
            if len(raw) > MAX_REQUEST:  # the rest of the line is skipped, a piece at a time
                while raw and not raw.endswith(b"\n"):
                    raw = _read(f)
                reply: dict[str, Any] = {"error": f"a request is one line of at most {MAX_REQUEST} bytes"}
            else:
                try:
                    req = json.loads(raw)
                except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
                    req = None
                reply = {"error": 'a request is one JSON object a line, e.g. {"cmd": "state"}'}
            if isinstance(req, dict):  # else answered too: a client never waits for a line that was not a request
                reply = _attempt(app, gate, req)
            try:
                f.write((json.dumps(reply) + "\n").encode())
                f.flush()
            except OSError:
                return
            if gate.state == "stopped":
                return


def _read(f: Any) -> bytes:
    """The next line of a connection, at most :data:`MAX_REQUEST` + 1 bytes of it; b"" at its end (also when
    the client went away mid-line)."""
    try:
        return f.readline(MAX_REQUEST + 1)
    except OSError:
        return b""


def _attempt(app: Any, gate: _Gate, req: dict[str, Any]) -> dict[str, Any]:
    """:func:`_ask`, a failure answered as ``{"error": ...}``."""
    try:
        return _ask(app, gate, req)
    except Exception as exc:  # a bug here must not leave the client waiting
        log.exception("control: request %r failed", req)
        return {"error": f"{type(exc).__name__}: {exc}"}


def _ask(app: Any, gate: _Gate, req: dict[str, Any]) -> dict[str, Any]:
    """One request through the main loop; its answer, or ``{"error": ...}`` (also for the loop's own
    ``_after``, which is no client's command)."""
    cmd = req.get("cmd")
    if isinstance(cmd, str) and cmd.startswith("_"):
        return {"error": f"unknown command {cmd!r}"}
    if not gate.wait_ready(START_WAIT_S):
        return {"error": "the app is not running" + (" (it is stopping)" if gate.state == "stopped" else
                                                     f" (not started within {START_WAIT_S:g} s)")}
    extra: dict[str, Any] = {}
    if req.get("cmd") == "press":
        extra = _press(app, req)
        if "error" in extra:  # nothing pressed: nothing to wait for
            return extra
        req = {"cmd": "sync"}
    answer: queue.Queue = queue.Queue()
    req["_reply"] = answer.put
    try:
        if not gate.post(app, req, answer):
            return {"error": "the app is stopping"}
        try:
            reply = answer.get(timeout=ANSWER_WAIT_S)
        except queue.Empty:
            reply = {"error": "timeout"}
    finally:
        gate.done(answer)
    reply.update(extra)
    return reply


#: the longest ``hold_s`` of a press, seconds: a hold is 1 s by default (buttons.toml)
MAX_HOLD_S = 10.0


def _press(app: Any, req: dict[str, Any]) -> dict[str, Any]:
    """Drive the mock GPIO pin of ``button`` low for ``hold_s`` seconds (0 to :data:`MAX_HOLD_S`), then high
    (control thread); ``{"error": ...}`` before touching the pin when either cannot be used."""
    pins = app.hw.pins() if app.hw is not None else {}
    name = req.get("button", "next")
    pin = pins.get(name) if isinstance(name, str) else None
    if pin is None:
        return {"error": f"no button {name!r}: " + (", ".join(sorted(pins)) if pins else "run with --hw mock")}
    hold = req.get("hold_s", 0.035)
    if type(hold) not in (int, float) or not 0 <= hold <= MAX_HOLD_S:
        return {"error": f"hold_s is seconds, 0 to {MAX_HOLD_S:g}, not {hold!r}"}
    t0 = time.monotonic()
    pin.drive_low()
    time.sleep(hold)
    t_release = time.monotonic()
    pin.drive_high()
    time.sleep(0.035)  # past the debounce window: the release is settled
    return {"t0": t0, "t_release": t_release}


def hits(app: Any) -> list[dict[str, Any]]:
    """Every button of the last frame in sight, a greyed one too (its name ends in " (why not?)": a tap says
    why), as ``[{"name", "x", "y", "w", "h"}]``: physical centre, logical size (pixels); the message's rulebook
    button last, named by its label ("§ 3.2 ›"). A button the message's box is drawn over in part is given by
    the part in sight (where a finger reaches it); one it hides (:func:`covered`) is not listed."""
    return _buttons(app)[0]


def covered(app: Any) -> list[str]:
    """The names of the buttons of the last frame that the message's box hides (all of it but a sliver
    narrower than :data:`SLIVER_PX`): a tap there closes the message and reaches no button (a tester's
    finding: ``state`` listed Bay 4 under a refusal, and its ``tap`` by name answered ok, only closing it)."""
    return _buttons(app)[1]


#: logical pixels (at 800x480) that a button's part in sight beside the message's box must have each way
SLIVER_PX = 12


def _buttons(app: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """(:func:`hits`, :func:`covered`) of the last frame."""
    from .screens.chrome import message_box, message_covers, rule_button
    ui = getattr(app.screen, "ui", None)
    rects = [(h.rect, h.label) for h in (ui.hits if ui else [])]
    box = message_box(app.layout, app)[0] if ui and message_covers(app) else None
    button = rule_button(app) if ui else None
    shown, hidden = [], []
    for rect, name in rects:
        if box is not None and box.colliderect(rect):
            rect = _in_sight(rect, box, app.layout.px(SLIVER_PX))
            if rect is None:
                hidden.append(name)
                continue
        shown.append((rect, name))
    if button is not None:  # on the message itself: never under it
        shown.append(button)
    out = []
    for rect, name in shown:
        x, y = rotation.to_physical(rect.center, app.size, app.rotate)
        out.append({"name": name, "x": x, "y": y, "w": rect.w, "h": rect.h})
    return out, hidden


def _in_sight(rect: Any, box: Any, least: int) -> Any:
    """The largest part of ``rect`` outside ``box`` (pygame Rects, logical pixels) that is a rectangle at least
    ``least`` pixels each way: above, below, left or right of the box; None when there is none."""
    parts = [pygame.Rect(rect.x, rect.y, rect.w, box.top - rect.y),
             pygame.Rect(rect.x, box.bottom, rect.w, rect.bottom - box.bottom),
             pygame.Rect(rect.x, rect.y, box.left - rect.x, rect.h),
             pygame.Rect(box.right, rect.y, rect.right - box.right, rect.h)]
    parts = [p for p in parts if p.w >= least and p.h >= least]
    return max(parts, key=lambda p: p.w * p.h, default=None)


def handle_request(app: Any, req: dict[str, Any]) -> None:
    """Run one request on the main loop; answers through ``req["_reply"]``, also when it cannot be read
    (``{"error": ...}``: a tap with neither a ``name`` nor whole ``x`` and ``y``, a shot without a ``path``)."""
    reply = req.pop("_reply")
    try:
        _handle(app, req, reply)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        reply({"error": f"the {req.get('cmd')!r} request cannot be read ({type(exc).__name__}: {exc}); see the "
                        "README's control channel"})


def _handle(app: Any, req: dict[str, Any], reply: Any) -> None:
    cmd = req.get("cmd")
    if cmd == "state":
        reply(describe(app))
    elif cmd == "tap":
        if "name" in req:
            shown, hidden = _buttons(app)
            match = [h for h in shown if h["name"] == req["name"]]
            if not match and req["name"] in hidden:  # as at the table: a tap there only closes the message
                reply({"error": f"{req['name']!r} is under the message ({app.message.text!r}): a tap there would "
                                "only close it; tap the message, or another button, first",
                       "buttons": [h["name"] for h in shown]})
                return
            if not match:
                reply({"error": f"no button {req['name']!r}", "buttons": [h["name"] for h in shown]})
                return
            x, y = match[-1]["x"], match[-1]["y"]
        else:
            if "x" not in req or "y" not in req:
                raise ValueError("a tap names a button (\"name\") or gives the pixels \"x\" and \"y\"")
            x, y = req["x"], req["y"]
            if type(x) not in (int, float) or type(y) not in (int, float):  # not "12", not true
                raise TypeError(f"x and y are numbers of pixels, not {x!r} and {y!r}")
        w, h = app.display.get_size() if app.display is not None else app.size
        if not (0 <= x < w and 0 <= y < h):  # NaN too
            reply({"error": f"a tap at {x:g}, {y:g} is off the display: x is 0 to {w - 1}, y 0 to {h - 1}"})
            return
        x, y = int(x), int(y)
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0.0, dy=0.0,
                                             touch_id=1, finger_id=0, pressure=1.0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
        _sync_later(app, reply)
    elif cmd == "_after":
        reply(None)
    elif cmd == "sync":
        _sync_later(app, reply)
    elif cmd == "shot":
        path = req["path"]  # asked now: a shot without one is answered at once
        if not isinstance(path, str) or not path or "\0" in path:
            raise TypeError(f"path is a file name, not {path!r}")
        # the app's working directory, not the caller's (a tester's "shots/75.png": "Couldn't open shots/75.png"
        # named no folder): the answer says the file it wrote or tried
        path = os.path.abspath(path)
        odd = not_regular(path)  # a FIFO would hold the main loop in open()
        if odd is not None:
            reply({"error": f"cannot save the screenshot: {odd}", "path": path})
            return

        def shot() -> None:
            try:
                pygame.image.save(app.surface, path)
            except (pygame.error, OSError, KeyError, TypeError) as exc:  # a bad path: its answer, not the app's end
                reply({"error": f"cannot save the screenshot at {path}: {exc}", "path": path})
                return
            reply({"ok": True, "path": path})
        app.after_frame(shot)
        app.dirty = True  # a frame is drawn for it, also in an idle app
    elif cmd == "stats":
        since = req.get("since")
        if since is not None and type(since) not in (int, float):  # not "12", not true
            raise TypeError(f"since is a time.monotonic() in seconds, not {since!r}")
        reply(stats(app, since))
    elif cmd == "quit":
        app.running = False
        reply({"ok": True})
    else:
        reply({"error": f"unknown command {cmd!r}"})


def _sync_later(app: Any, reply: Any) -> None:
    """Answer after everything queued so far is handled and drawn."""
    from .app import CONTROL

    def after_queue(_req: Any = None) -> None:
        app.after_frame(lambda: reply(describe(app)))
    pygame.event.post(pygame.event.Event(CONTROL, request={"cmd": "_after", "_reply": after_queue}))


def describe(app: Any) -> dict[str, Any]:
    """The app as the tests see it: the screen, the game's phase, who may act,
    what it waits for, the buttons in sight (:func:`hits`) and ``covered``: the names of those the message's
    box hides (:func:`covered`), plus the open game's own fields (``GameUi.describe``). ``message``: the
    message bar's text as drawn (None while a dialog covers it: it shows again when the dialog closes);
    ``dialog``: the open dialog's title or None; ``dialog_options``: the names of every choice it draws, as
    ``tap`` takes them, in order, a greyed one ending in " (why not?)", its Cancel last (``[]`` without a
    dialog); ``dialog_cancel``: that Cancel's name ("Cancel", "Close"...) or None. ``die``:
    :meth:`HwLink.die_status` (its counts too: the lines it ignored, by reason), None without hardware."""
    from .screens.chrome import dialog_names
    s = app.session
    state = s.state
    screen = app.current_screen()
    d = app.dialog
    shown, hidden = _buttons(app)
    out: dict[str, Any] = {
        "screen": screen.name, "has_game": s.has_game, "game": s.game_id, "seq": s.seq,
        "message": app.message.text if app.message and d is None else None,  # as drawn: never under a dialog
        "dialog": d.title if d else None,
        "dialog_options": dialog_names(d) if d else [],
        "dialog_cancel": d.cancel_label if d and d.cancel else None,
        "buttons": shown, "covered": hidden, "die": app.hw.die_status() if app.hw else None, "frames": app.frames}
    if state is not None and s.game is not None:
        game = s.game
        turn = game.to_act(state)
        expect = game.expects(state)
        out.update({"phase": game.phase(state), "over": game.is_over(state),
                    "to_act": list(turn.seats), "turn_label": turn.label,
                    "expects": expect.kind if expect else None,
                    "expect_seat": expect.seat if expect else None,
                    "can_fix_roll": app.fixable_roll() is not None})
        if app.game_ui is not None:
            out.update(app.game_ui.describe(state))
    return out


def stats(app: Any, since: float | None = None) -> dict[str, Any]:
    """Frame counts and times, ``latency`` {source: [(input time, frame time), ...]} (``time.monotonic()``
    seconds; the newest 500 of each source, or with ``since`` only those whose input came at or after it:
    a bench that asks after every sample gets one pair, not a reply that grows with every sample, whose
    building raised the peak memory it measures), ``maxrss_kb`` and the text cache's counters."""
    import resource
    from .app import text_stats
    latency = {k: v[-500:] if since is None else [pair for pair in v[-500:] if pair[0] >= since]
               for k, v in app.latency.items()}
    return {"frames": app.frames, "frame_t": app.frame_t, "first_frame_t": app.first_frame_t,
            "latency": latency,
            "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "text": text_stats()}


class Client:
    """The other end, for tests and the bench: ``Client(path).call(cmd=..., **args) -> dict``.
    Waits up to ``timeout_s`` seconds for the socket to appear; a call waits up to
    ``call_timeout_s`` seconds for its answer, then raises ``TimeoutError``."""

    def __init__(self, path: str, timeout_s: float = 10.0, call_timeout_s: float = 60.0) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        self.sock.settimeout(call_timeout_s)
        self.file = self.sock.makefile("rwb")

    def call(self, **req: Any) -> dict[str, Any]:
        """Send ``req`` as one JSON line; return the app's answer. A ``shot``'s relative ``path`` is made
        absolute here, in the caller's working directory (the app would take it as its own)."""
        if req.get("cmd") == "shot" and isinstance(req.get("path"), str) and req["path"]:
            req["path"] = os.path.abspath(req["path"])
        self.file.write((json.dumps(req) + "\n").encode())
        self.file.flush()
        line = self.file.readline()
        if not line:
            raise ConnectionError("the app closed the control channel")
        return json.loads(line)

    def close(self) -> None:
        try:
            self.file.close()
            self.sock.close()
        except OSError:
            pass

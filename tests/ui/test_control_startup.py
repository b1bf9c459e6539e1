"""The test control channel during start-up (issue 11, item 12): a client that connects
before the app's loop runs is answered once it runs, or refused with an error if the app
stops first; never left hanging."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time

import pygame
import pytest

from companion.ui import control


class StartingApp:
    """What the control channel sees of an App that has not shown its first frame yet."""

    def __init__(self) -> None:
        self.running = False
        self.frames = 0
        self.hw = None
        self.wake = threading.Event()
        self.kinds: list[str] = []
        self.notify = self.kinds.append


def call_in_background(client, **req):
    out: list = []
    t = threading.Thread(target=lambda: out.append(client.call(**req)), daemon=True)
    t.start()
    return t, out


def run_loop_until(app, done, timeout_s=5.0):
    """The main loop's share: take CONTROL events off pygame's queue and answer them."""
    from companion.ui.app import CONTROL
    deadline = time.monotonic() + timeout_s
    while not done() and time.monotonic() < deadline:
        for ev in pygame.event.get(CONTROL):
            control.handle_request(app, ev.request)
        time.sleep(0.002)


@pytest.mark.timeout(20)
def test_a_request_made_before_the_display_opens_is_answered_when_the_loop_runs(tmp_path):
    pygame.display.quit()  # start-up: no display yet, so pygame's event queue does not work
    app = StartingApp()
    control.start(app, str(tmp_path / "c.sock"))
    client = control.Client(str(tmp_path / "c.sock"), call_timeout_s=5)
    try:
        t, out = call_in_background(client, cmd="quit")
        time.sleep(0.1)  # the channel has read the request while the app is still starting
        assert out == []
        pygame.display.init()  # App.run: open the display, draw the first frame, then say so
        try:
            app.running = True
            app.notify("ready")
            assert app.kinds == ["ready"]  # the app's own notify (systemd) still gets it
            run_loop_until(app, lambda: out)
            t.join(5)
            assert out == [{"ok": True}] and app.running is False
        finally:
            pygame.display.quit()
    finally:
        client.close()


@pytest.mark.timeout(20)
def test_a_request_made_while_starting_is_refused_when_the_app_stops_instead(tmp_path):
    pygame.display.quit()
    app = StartingApp()
    control.start(app, str(tmp_path / "c.sock"))
    client = control.Client(str(tmp_path / "c.sock"), call_timeout_s=5)
    try:
        t, out = call_in_background(client, cmd="state")
        time.sleep(0.1)
        app.notify("stopping")  # e.g. SIGTERM during start-up
        t.join(5)
        assert len(out) == 1 and "stopping" in out[0]["error"]
    finally:
        client.close()


@pytest.mark.timeout(120)
def test_the_real_app_answers_a_client_that_connects_at_once(tmp_path):
    """Connect as soon as the socket exists, several starts in a row: every one is answered."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for n in range(4):
        sock = str(tmp_path / f"c{n}.sock")
        proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                                 "--hw", "none", "--die", "none"], env=dict(env, COMPANION_CONTROL=sock),
                                stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:  # no Client: it retries every 20 ms, we want the very first moment
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    s.connect(sock)
                    break
                except OSError:
                    s.close()
                    assert time.monotonic() < deadline and proc.poll() is None
                    time.sleep(0.0005)
            s.settimeout(20)
            with s, s.makefile("rwb") as f:
                f.write(b'{"cmd": "state"}\n')
                f.flush()
                assert b'"screen"' in f.readline()
        finally:
            proc.terminate()
            assert proc.wait(10) == 0


@pytest.mark.timeout(60)
def test_a_request_that_cannot_be_read_is_answered_with_an_error(tmp_path):
    """A fresh user's finding: a line that is not JSON, a JSON list, a tap with neither a name nor x and y, x not
    a number, a shot without a path: each left the client waiting (the last also in an idle app, whose shot waited
    for a frame). Each is answered, and the app goes on answering."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sock = str(tmp_path / "c.sock")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                             "--hw", "none", "--die", "none"], env=dict(env, COMPANION_CONTROL=sock),
                            stderr=subprocess.DEVNULL)
    try:
        client = control.Client(sock, timeout_s=30)
        assert "screen" in client.call(cmd="state")
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(20)
            s.connect(sock)
            with s.makefile("rwb") as f:
                for line in (b"not json", b"[1, 2]", b'{"cmd": "tap"}', b'{"cmd": "tap", "x": "a", "y": 1}',
                             b'{"cmd": "shot"}'):
                    f.write(line + b"\n")
                    f.flush()
                    answer = f.readline()
                    assert b'"error"' in answer, (line, answer)
                    if line == b'{"cmd": "tap"}':  # what a tap needs, not "KeyError: 'x'" (a fresh user's finding)
                        assert b'names a button' in answer and b'KeyError' not in answer, answer
                time.sleep(0.5)  # idle now: a shot still gets its frame
                f.write(b'{"cmd": "shot", "path": "%s"}\n' % str(tmp_path / "s.png").encode())
                f.flush()
                assert b'"ok"' in f.readline()
        assert "screen" in client.call(cmd="state")
        client.close()
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


@pytest.mark.timeout(60)
def test_requests_out_of_range_are_refused_before_they_touch_the_app(tmp_path):
    """A fresh user's findings: a tap at x=1e308 ended the app (pygame's collidepoint raised); a press with
    hold_s -3 or "x" drove the mock BACK pin low and left it there, so it later fired as a hold (a Redo); a
    press of an unknown button answered with the whole state; a shot at path 123 wrote a file named 123; a tap
    at x "12" (a string) or true was taken; a path with a NUL byte was cut short. Each
    is answered with an error before anything is done, the pin is released, and the app goes on."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sock = str(tmp_path / "c.sock")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                             "--hw", "mock", "--die", "none", "--size", "800x480"],
                            env=dict(env, COMPANION_CONTROL=sock), stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        client = control.Client(sock, timeout_s=30)
        assert "screen" in client.call(cmd="state")
        for req in ({"cmd": "tap", "x": 1e308, "y": -1e308}, {"cmd": "tap", "x": 800, "y": 10},
                    {"cmd": "tap", "x": -1, "y": 10}, {"cmd": "press", "button": "back", "hold_s": -3},
                    {"cmd": "press", "button": "back", "hold_s": "x"}, {"cmd": "press", "button": "sideways"},
                    {"cmd": "press", "button": ["back"]}, {"cmd": "shot", "path": 123},
                    {"cmd": "tap", "x": "12", "y": "13"}, {"cmd": "tap", "x": True, "y": 1},
                    {"cmd": "shot", "path": str(tmp_path / "a\0b.png")}):
            answer = client.call(**req)
            assert set(answer) == {"error"}, (req, answer)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:  # JSON's Infinity, which json.loads takes
            s.settimeout(20)
            s.connect(sock)
            with s.makefile("rwb") as f:
                f.write(b'{"cmd": "tap", "x": Infinity, "y": 1}\n')
                f.flush()
                assert b'"error"' in f.readline()
        time.sleep(1.5)  # longer than a hold: a BACK pin left low would have fired as Redo by now
        state = client.call(cmd="state")
        assert state["message"] is None, state["message"]
        assert not (tmp_path / "123").exists() and not (tmp_path / "a").exists()
        client.close()
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


@pytest.mark.timeout(20)
def test_a_request_nested_too_deep_is_answered_and_the_connection_goes_on(tmp_path):
    """A hostile tester's finding: a line of 50,000 nested arrays (``{"cmd": [[[...``) raised RecursionError in
    the JSON decoder, which ended the client's thread with a traceback: no answer, the connection dropped. It is
    answered as any line that is not a request, and the next line is read."""
    sock = str(tmp_path / "c.sock")
    control.start(StartingApp(), sock)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(10)
        s.connect(sock)
        with s.makefile("rwb") as f:
            for line in (b'{"cmd": ' + b"[" * 50_000, b"not json"):
                f.write(line + b"\n")
                f.flush()
                answer = f.readline()
                assert b"one JSON object a line" in answer, (line[:20], answer)


@pytest.mark.timeout(30)
def test_a_huge_request_line_is_refused_without_holding_it_in_memory(tmp_path):
    """A hostile tester's finding: a request line of 300 MB grew the app by 300 MB before it was answered (a
    line of a gigabyte would have ended the app on a Pi). A line longer than ``MAX_REQUEST`` is answered with
    an error, read a piece at a time, and the next line is read."""
    import tracemalloc
    sock = str(tmp_path / "c.sock")
    control.start(StartingApp(), sock)
    mib = b"a" * (1 << 20)
    tracemalloc.start()  # the app's allocations (its threads too), not the line's, made before
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(20)
            s.connect(sock)
            with s.makefile("rb") as f:
                s.sendall(b'{"cmd": "state", "pad": "')
                for _ in range(20):
                    s.sendall(mib)
                s.sendall(b'"}\n')
                assert f"at most {control.MAX_REQUEST} bytes".encode() in f.readline()
                s.sendall(b"not json\n")
                assert b"one JSON object a line" in f.readline()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20, f"{peak / 2**20:.1f} MiB held for one line"


@pytest.mark.timeout(20)
def test_the_loops_own_after_is_no_clients_command():
    """A hostile tester's finding: ``{"cmd": "_after"}`` (the loop's own step of ``sync``) was answered
    "AttributeError: 'NoneType' object has no attribute 'update'"; it is an unknown command, as any other."""
    app = StartingApp()
    app.kinds = []
    gate = control._Gate()
    gate.set("ready")
    answer = control._attempt(app, gate, {"cmd": "_after"})
    assert answer == {"error": "unknown command '_after'"}, answer


@pytest.mark.timeout(60)
def test_a_control_path_that_is_no_socket_is_left_alone_and_the_app_plays(tmp_path):
    """A hostile tester's findings: ``COMPANION_CONTROL`` naming a file that is there (a typo: the saved games
    file) deleted it, and one in a missing folder, or a folder, ended ``companion play`` with a traceback. The
    file is left alone, the app plays without the channel and says why in its log; a socket left by an app
    that ended is still replaced."""
    kept = tmp_path / "precious.txt"
    kept.write_text("precious")
    with pytest.raises(FileExistsError):
        control.start(StartingApp(), str(kept))
    assert kept.read_text() == "precious"
    stale = tmp_path / "stale.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.bind(str(stale))
    control.start(StartingApp(), str(stale))  # replaced: no error
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for where in (str(kept), str(tmp_path / "no-such-folder" / "c.sock")):
        proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                                 "--hw", "none", "--die", "none"], env=dict(env, COMPANION_CONTROL=where),
                                stderr=subprocess.PIPE, text=True)
        try:
            line = proc.stderr.readline()
            assert "no control channel at" in line and "playing without it" in line, line
            time.sleep(1)
            assert proc.poll() is None, "the app ended"
        finally:
            proc.terminate()
            assert proc.wait(10) == 0
        assert kept.read_text() == "precious"


@pytest.mark.timeout(60)
def test_a_shot_at_a_fifo_is_refused_and_the_app_goes_on(tmp_path):
    """A hostile tester's finding: ``{"cmd": "shot", "path": <a FIFO>}`` froze the whole app: the main loop waited in
    open() for a reader that never came (the GPIO buttons, the die and every later request with it). A path that
    is there and is not a regular file is refused, and the app answers the next request."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sock = str(tmp_path / "c.sock")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "db.sqlite3"),
                             "--hw", "none", "--die", "none"], env=dict(env, COMPANION_CONTROL=sock),
                            stderr=subprocess.DEVNULL)
    try:
        client = control.Client(sock, timeout_s=30, call_timeout_s=10)
        for path in (str(fifo), str(tmp_path)):
            answer = client.call(cmd="shot", path=path)
            assert set(answer) == {"error", "path"} and "not a regular file" in answer["error"], answer
        assert "screen" in client.call(cmd="state")
        assert client.call(cmd="shot", path=str(tmp_path / "s.png")) == {"ok": True, "path": str(tmp_path / "s.png")}
        client.close()
    finally:
        proc.terminate()
        try:
            assert proc.wait(10) == 0
        except subprocess.TimeoutExpired:  # a frozen app: never left behind
            proc.kill()
            proc.wait(5)
            raise


@pytest.mark.timeout(30)
def test_the_client_prints_nothing_but_its_answers():
    """A tester's finding: the README's one-line client printed pygame's "pygame-ce 2.5.8 (SDL ...)" line before
    its answer, so a script reading its output as JSON failed on the first line."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run([sys.executable, "-c", "from companion.ui.control import Client"], capture_output=True,
                         text=True, timeout=20, env=env)
    assert out.returncode == 0 and out.stdout == "", out.stdout

"""companion.sdnotify against a real AF_UNIX datagram socket, as systemd has."""
from __future__ import annotations

import os
import socket
import tempfile
import uuid
from pathlib import Path

import pytest

from companion import sdnotify

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)


def _short_dir(tmp_path: Path) -> Path:
    """A directory whose socket path fits sun_path (108 bytes)."""
    if len(str(tmp_path / "notify.sock")) < 100:
        return tmp_path
    return Path(tempfile.mkdtemp(prefix="sdn-"))


@pytest.fixture
def notify_socket(tmp_path, monkeypatch):
    """A bound datagram socket standing in for systemd; NOTIFY_SOCKET points at it."""
    path = _short_dir(tmp_path) / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    yield sock
    sock.close()
    path.unlink(missing_ok=True)


def _recv(sock: socket.socket) -> str:
    return sock.recv(4096).decode("utf-8")


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (sdnotify.notify_ready, "READY=1"),
        (sdnotify.notify_watchdog, "WATCHDOG=1"),
        (sdnotify.notify_stopping, "STOPPING=1"),
        (lambda: sdnotify.notify_status("Day 3 of 30"), "STATUS=Day 3 of 30"),
    ],
)
def test_each_message_arrives_as_one_datagram(notify_socket, call, expected):
    assert call() is True
    assert _recv(notify_socket) == expected


def test_messages_arrive_in_order(notify_socket):
    sdnotify.notify_ready()
    sdnotify.notify_watchdog()
    sdnotify.notify_stopping()
    assert [_recv(notify_socket) for _ in range(3)] == ["READY=1", "WATCHDOG=1", "STOPPING=1"]


def test_status_is_one_line_and_utf8(notify_socket):
    assert sdnotify.notify_status("Tag 3\nMarsonaut ✓")
    assert _recv(notify_socket) == "STATUS=Tag 3 Marsonaut ✓"


def test_notify_kind_for_the_app_callback(notify_socket):
    for kind, expected in (("ready", "READY=1"), ("watchdog", "WATCHDOG=1"), ("stopping", "STOPPING=1")):
        assert sdnotify.notify_kind(kind) is True
        assert _recv(notify_socket) == expected
    assert sdnotify.notify_kind("reboot") is False
    assert sdnotify.notify_kind(None) is False  # type: ignore[arg-type]


def test_abstract_namespace_socket(monkeypatch):
    name = f"mars-companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert sdnotify.notify_ready() is True
        assert _recv(sock) == "READY=1"


@pytest.mark.parametrize(
    "call",
    [sdnotify.notify_ready, sdnotify.notify_watchdog, sdnotify.notify_stopping,
     lambda: sdnotify.notify_status("x")],
)
def test_no_socket_is_a_quiet_no_op(call):
    assert "NOTIFY_SOCKET" not in os.environ
    assert call() is False


@pytest.mark.parametrize("value", ["", "relative/path", "vsock:2:1234"])
def test_unusable_address_is_a_no_op(monkeypatch, value):
    monkeypatch.setenv("NOTIFY_SOCKET", value)
    assert sdnotify.notify_ready() is False


def test_socket_gone_is_not_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTIFY_SOCKET", str(_short_dir(tmp_path) / "nobody-listens.sock"))
    assert sdnotify.notify_watchdog() is False


def test_never_raises_even_if_the_socket_layer_does(notify_socket, monkeypatch):
    def broken(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(sdnotify.socket, "socket", broken)
    assert sdnotify.notify_ready() is False

    class Unprintable:
        def __str__(self):
            raise ValueError("no")

    assert sdnotify.notify_status(Unprintable()) is False


def test_watchdog_interval_is_half_the_period(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "15000000")  # WatchdogSec=15s
    assert sdnotify.watchdog_interval_s() == pytest.approx(7.5)
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert sdnotify.watchdog_interval_s() == pytest.approx(7.5)


@pytest.mark.parametrize(
    ("usec", "pid"),
    [(None, None), ("0", None), ("-5", None), ("soon", None), ("15000000", "1"), ("15000000", "x")],
)
def test_no_watchdog_for_us(monkeypatch, usec, pid):
    if usec is not None:
        monkeypatch.setenv("WATCHDOG_USEC", usec)
    if pid is not None:
        monkeypatch.setenv("WATCHDOG_PID", pid)
    assert sdnotify.watchdog_interval_s() is None


def test_feeder_pings_at_most_once_per_interval(notify_socket):
    now = [100.0]
    feeder = sdnotify.WatchdogFeeder(interval_s=7.5, clock=lambda: now[0])
    assert feeder.wait_ms(0) == 1  # first ping is due at once
    assert feeder.feed() is True
    assert _recv(notify_socket) == "WATCHDOG=1"
    now[0] += 1.0
    assert feeder.feed() is False  # every frame calls feed(); only due pings are sent
    assert feeder.wait_ms(0) == 6500  # an idle loop wakes up in time
    assert feeder.wait_ms(250) == 250
    now[0] += 6.5
    assert feeder.feed() is True
    assert _recv(notify_socket) == "WATCHDOG=1"
    notify_socket.settimeout(0.05)
    with pytest.raises(socket.timeout):
        notify_socket.recv(4096)  # nothing else was sent


def test_feeder_without_watchdog_does_nothing(notify_socket):
    feeder = sdnotify.WatchdogFeeder()  # no WATCHDOG_USEC in the environment
    assert feeder.interval_s is None
    assert feeder.feed() is False
    assert feeder.wait_ms(0) == 0
    assert feeder.wait_ms(500) == 500


def test_feeder_reads_the_environment(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "15000000")
    assert sdnotify.WatchdogFeeder().interval_s == pytest.approx(7.5)


def test_importing_sdnotify_loads_no_heavy_modules():
    import subprocess
    import sys

    code = ("import sys, companion.sdnotify; "
            "print(sorted(m for m in ('pygame', 'gpiozero', 'serial') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

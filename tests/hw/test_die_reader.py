"""hw.die.DieReader on real pseudo-terminals: rolls, noise, unplug and reconnect."""
from __future__ import annotations

import os
import time

import pytest

from hw.die import DieReader
from hw.mock import DieSimulator


def is_roll(e):
    return e.kind == "roll"


def start_reader(events, port, **kw):
    reader = DieReader(events.post, port=port, backoff_s=(0.01, 0.05), **kw)
    reader.start()
    events.wait(lambda e: e.kind == "connected")
    return reader


@pytest.mark.timeout(5)
def test_rolls_and_other_messages_arrive_in_order(sim, events):
    reader = start_reader(events, sim.path)
    try:
        sim.identity("MarsDie", "1.2")
        sim.battery(87)
        sim.rolling()
        sim.roll(3)
        sim.roll(5, keyword=False)
        got = [events.wait() for _ in range(5)]
        assert [(e.kind, e.face) for e in got] == [
            ("identity", None), ("battery", None), ("rolling", None), ("roll", 3), ("roll", 5)]
        assert got[0].name == "MarsDie" and got[0].firmware == "1.2" and got[1].battery == 87
        assert all(e.t > 0 for e in got)
        st = reader.status()
        assert st.connected and st.port == sim.path
        assert (st.last_roll, st.rolls, st.lines, st.battery) == (5, 2, 5, 87)
        assert st.identity == ("MarsDie", "1.2") and sum(st.errors.values()) == 0
    finally:
        reader.stop()


@pytest.mark.timeout(5)
def test_a_damaged_line_is_posted_as_ignored_with_its_reason(sim, events):
    """A tester's finding: a garbled line gave the table no sign (a roll may be lost in it). A damaged
    line (hw/PROTOCOL.md, "What is ignored"), "ROLL" without its digit and "R0LL 4" among them, is posted
    as an ``ignored`` event with its reason, still counted and never a roll."""
    reader = start_reader(events, sim.path)
    try:
        sim.send_line("ROLL 9")
        sim.send_line("RL 4")
        sim.send_raw(b"ROLL 4*00\n")
        sim.send_raw(b"\xff3\n")
        sim.send_raw(b"R" * 100 + b"\n")
        sim.send_line("ROLL")
        sim.roll(2)
        got = []
        while not got or got[-1].kind != "roll":
            got.append(events.wait())
        assert [(e.kind, e.reason, e.face) for e in got] == [
            ("ignored", "out_of_range", None), ("ignored", "unknown", None), ("ignored", "bad_checksum", None),
            ("ignored", "non_ascii", None), ("ignored", "overlong", None), ("ignored", "unknown", None),
            ("roll", None, 2)]
        assert all(e.t > 0 for e in got) and got[0].as_dict()["reason"] == "out_of_range"
        st = reader.status()
        assert st.rolls == 1 and st.lines == 7 and st.errors["unknown"] == 2
        assert sum(st.errors.values()) == 6
    finally:
        reader.stop()


@pytest.mark.timeout(10)
def test_noise_stream_yields_exactly_the_valid_rolls(sim, events):
    sim.use_checksum = True  # valid lines carry a checksum; noise includes bad ones
    reader = start_reader(events, sim.path)
    try:
        expected, noise_kinds = [], {}
        for i in range(300):
            if sim.rng.random() < 0.5:
                data = sim.noise()
                kind = "overlong" if len(data) > 80 else None
                noise_kinds[kind] = noise_kinds.get(kind, 0) + 1
            else:
                expected.append(sim.roll(keyword=bool(i % 2)))
        sim.roll(6)
        expected.append(6)
        got = []
        while len(got) < len(expected):
            got.append(events.wait(is_roll).face)
        assert got == expected
        assert events.drain() == []
        st = reader.status()
        assert st.rolls == len(expected)
        assert st.errors["overlong"] == noise_kinds.get("overlong", 0)
        assert st.errors["non_ascii"] > 0 and st.errors["bad_checksum"] > 0 and st.errors["unknown"] > 0
        assert st.lines == len(expected) + sum(noise_kinds.values())
    finally:
        reader.stop()


@pytest.mark.timeout(10)
def test_unplug_then_new_device_on_the_udev_symlink_reconnects(sim, events, tmp_path):
    link = str(tmp_path / "mars-die")
    reader = start_reader(events, link)
    try:
        sim.roll(2)
        assert events.wait(is_roll).face == 2
        first_path = sim.path
        # the reader opened the udev symlink, not the device it points at
        assert os.path.realpath(link) == first_path and reader.status().port == link
        sim.send_raw(b"ROLL 4")  # cut off by the unplug: must not become a roll
        time.sleep(0.02)
        sim.unplug()
        gone = events.wait()
        assert gone.kind == "disconnected" and gone.port == link
        assert not reader.status().connected
        sim.plug()  # a new pty, the symlink re-pointed (as udev does)
        events.wait(lambda e: e.kind == "connected")
        sim.roll(1)
        sim.roll(6)
        assert [events.wait(is_roll).face, events.wait(is_roll).face] == [1, 6]
        st = reader.status()
        assert st.connected and st.connects == 2 and st.errors["partial"] == 1
        assert os.path.realpath(link) == sim.path and st.rolls == 3
        # reconnected through the symlink (the kernel may reuse first_path for the new pty, so
        # comparing the two device paths proves nothing; the port the reader holds is what counts)
        assert st.port == link
    finally:
        reader.stop()


@pytest.mark.timeout(10)
def test_port_finder_callable_finds_the_new_path_after_unplug(events):
    a, b = DieSimulator(seed=1), DieSimulator(seed=2)
    a.plug()
    current = {"path": a.path}
    reader = start_reader(events, lambda: current["path"])
    try:
        a.roll(4)
        assert events.wait(is_roll).face == 4
        a.unplug()
        events.wait(lambda e: e.kind == "disconnected")
        current["path"] = None  # nothing plugged in for a moment
        time.sleep(0.05)
        b.plug()
        current["path"] = b.path
        assert events.wait(lambda e: e.kind == "connected").port == b.path
        b.roll(5)
        assert events.wait(is_roll).face == 5
    finally:
        reader.stop()
        b.unplug()


@pytest.mark.timeout(5)
def test_missing_port_neither_blocks_nor_raises(events, tmp_path):
    reader = DieReader(events.post, port=str(tmp_path / "no-such-tty"), backoff_s=(0.01, 0.02))
    t0 = time.monotonic()
    reader.start()
    time.sleep(0.1)
    st = reader.status()
    t1 = time.monotonic()
    reader.stop()
    assert time.monotonic() - t1 < 0.6 and t1 - t0 < 0.5
    assert not st.connected and st.open_failures >= 2 and "no-such-tty" in st.last_error
    assert events.drain(0.02) == []


@pytest.mark.timeout(5)
def test_auto_port_with_no_die_waits_quietly(events, monkeypatch):
    import hw.die
    monkeypatch.setattr(hw.die, "find_die_port", lambda *a, **k: None)
    reader = DieReader(events.post, port="auto", backoff_s=(0.01, 0.02))
    reader.start()
    time.sleep(0.05)
    t0 = time.monotonic()
    reader.stop()
    assert time.monotonic() - t0 < 0.6
    assert reader.status() == hw.die.DieStatus()


@pytest.mark.timeout(5)
def test_a_raising_callback_is_counted_and_reading_goes_on(sim, events):
    calls = []

    def post(ev):
        calls.append(ev)
        if ev.kind == "roll" and ev.face == 1:
            raise RuntimeError("screen bug")
        events.post(ev)

    reader = DieReader(post, port=sim.path, backoff_s=(0.01, 0.05))
    reader.start()
    try:
        events.wait(lambda e: e.kind == "connected")
        sim.roll(1)
        sim.roll(2)
        assert events.wait(is_roll).face == 2
        st = reader.status()
        assert st.callback_errors == 1 and st.connected and st.rolls == 2
    finally:
        reader.stop()


@pytest.mark.timeout(5)
def test_stop_is_prompt_while_connected_and_idempotent(sim, events):
    reader = start_reader(events, sim.path)
    t0 = time.monotonic()
    reader.stop()
    reader.stop()
    assert time.monotonic() - t0 < 1.0
    assert not reader.status().connected
    sim.roll(3)  # nobody reading: must not block the simulator either
    assert events.drain(0.05) == []


def test_find_die_port_prefers_the_udev_symlink_then_usb_ids(tmp_path, monkeypatch):
    from types import SimpleNamespace

    import serial.tools.list_ports

    from hw.die import find_die_port
    ports = [SimpleNamespace(device="/dev/ttyUSB0", vid=0x0403, pid=0x6001),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None),
             SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x000A)]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)
    absent = str(tmp_path / "mars-die")
    assert find_die_port(symlink=absent) == "/dev/ttyACM1"
    assert find_die_port(usb_ids=[(0x0403, None)], symlink=absent) == "/dev/ttyUSB0"
    assert find_die_port(usb_ids=[(0x1234, 1)], symlink=absent) is None
    os.symlink("/dev/null", absent)
    assert find_die_port(symlink=absent) == absent
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: 1 / 0)
    assert find_die_port(symlink=str(tmp_path / "nope")) is None  # never raises


@pytest.mark.timeout(5)
def test_a_line_whose_terminator_was_lost_is_dropped_not_joined_to_the_next(sim, events):
    """A fresh tester's finding: "4" sent without its newline stayed in the reader, and a newline 1.5 s
    later made it a roll of 4 (it would also have joined the next line: "4ROLL 3"). Bytes that waited longer
    than ``stale_s`` for their terminator are dropped when more bytes come, counted as ``stale`` and posted as
    ``ignored`` (the table is asked to roll again); the next line is read whole."""
    reader = start_reader(events, sim.path, stale_s=0.2)
    try:
        sim.send_raw(b"4")
        time.sleep(0.4)
        sim.send_raw(b"\n")
        sim.roll(3)
        got = events.wait(lambda e: e.kind in ("ignored", "roll"))
        assert (got.kind, got.reason) == ("ignored", "stale"), got
        roll = events.wait(is_roll)
        assert roll.face == 3
        sim.send_raw(b"ROL")  # a line in two bursts close together is one line
        time.sleep(0.05)
        sim.send_raw(b"L 5\n")
        assert events.wait(is_roll).face == 5
        st = reader.status()
        assert st.errors["stale"] == 1 and st.rolls == 2 and st.last_roll == 5
    finally:
        reader.stop()



def _failed(reader: DieReader, n: int, seconds: float = 2.0) -> None:
    """Wait (at most ``seconds``) until ``reader`` has failed to open its port ``n`` times."""
    deadline = time.monotonic() + seconds
    while reader.status().open_failures < n and time.monotonic() < deadline:
        time.sleep(0.01)

@pytest.mark.timeout(5)
def test_a_missing_port_connecting_and_unplugging_are_logged_once_each(sim, events, caplog):
    """A fresh tester's finding: a die port that is not there was logged only at debug level, at every retry, and
    a connect or an unplug not at all (the screen says them; the journal did not). The first failure for a reason,
    the connect and the disconnect are logged at info with the port; the same failure again only at debug."""
    import logging
    missing = sim.path + ".missing"
    with caplog.at_level(logging.INFO, logger="hw.die"):
        reader = DieReader(events.post, port=missing, backoff_s=(0.01, 0.02))
        reader.start()
        try:
            _failed(reader, 4)
        finally:
            reader.stop()
        infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
        assert reader.status().open_failures >= 4
        assert sum(missing in m and "cannot open" in m for m in infos) == 1, infos
        caplog.clear()
        reader = start_reader(events, sim.path)
        try:
            sim.unplug()
            events.wait(lambda e: e.kind == "disconnected")
        finally:
            reader.stop()
        infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
        assert any("connected on" in m and sim.path in m for m in infos), infos
        assert any("disconnected from" in m for m in infos), infos


@pytest.mark.timeout(5)
def test_after_a_line_cut_short_the_next_roll_is_read_and_a_slow_line_is_one_line(sim, events):
    """A tester's finding: after a line dropped as stale, the next good roll was dropped too (its first byte
    comes alone after a quiet die: the old start time made it stale again), so the table was asked twice to
    roll again for a roll sent right. The next bytes start a line of their own; and a line whose bytes keep
    coming (gaps under ``stale_s``) is read whole, once."""
    reader = start_reader(events, sim.path, stale_s=0.2)
    try:
        sim.send_raw(b"ROLL 4")  # its newline lost
        time.sleep(0.35)
        sim.send_raw(b"R")  # the next roll, its first byte alone
        time.sleep(0.02)
        sim.send_raw(b"OLL 6\n")
        got = events.wait(lambda e: e.kind in ("ignored", "roll"))
        assert (got.kind, got.reason) == ("ignored", "stale"), got
        assert events.wait(lambda e: e.kind in ("ignored", "roll")).face == 6
        for part in (b"RO", b"LL", b" 3\n"):  # slowly, but never stopping for stale_s
            sim.send_raw(part)
            time.sleep(0.12)
        assert events.wait(lambda e: e.kind in ("ignored", "roll")).face == 3
        st = reader.status()
        assert st.errors["stale"] == 1 and st.rolls == 2, st
    finally:
        reader.stop()


@pytest.mark.timeout(10)
def test_last_error_goes_once_the_die_is_plugged_in_again(events, tmp_path):
    """A reviewer's finding: after the die had reported an error (not plugged in, then pulled out) and came
    back, the die status still showed the old ``last_error`` beside ``connected``."""
    link = tmp_path / "mars-die"
    sim = DieSimulator(seed=3, link=link)
    reader = DieReader(events.post, port=str(link), backoff_s=(0.01, 0.02))
    reader.start()
    try:
        _failed(reader, 1)
        assert "mars-die" in reader.status().last_error  # not plugged in yet: said
        sim.plug()
        events.wait(lambda e: e.kind == "connected")
        st = reader.status()
        assert st.connected and st.last_error is None, st
        sim.roll(4)
        assert events.wait(is_roll).face == 4
        sim.unplug()
        events.wait(lambda e: e.kind == "disconnected")
        sim.plug()
        events.wait(lambda e: e.kind == "connected")
        assert reader.status().last_error is None and reader.status().connects == 2
    finally:
        reader.stop()
        sim.unplug()


@pytest.mark.timeout(10)
def test_a_die_another_program_holds_is_busy_not_unplugged(sim, events):
    """A hostile tester's finding: with the die plugged in but held by another program (a ``companion die`` left
    running, a modem manager probing the port), the status said only that it could not be opened, and the screen
    said "Unplugged": the table re-plugged a cable that was fine. The failed open says why (``open_problem``
    "busy"), and the reason goes once the die is opened."""
    from hw.die import BUSY
    holder = start_reader(events, sim.path)  # opens the pty exclusively, as the companion does
    second = DieReader(lambda e: None, port=sim.path, backoff_s=(0.01, 0.02))
    second.start()
    try:
        deadline = time.monotonic() + 2
        while second.status().open_failures == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        st = second.status()
        assert not st.connected and st.open_problem == BUSY, st
        assert holder.status().open_problem is None
        holder.stop()
        while not second.status().connected and time.monotonic() < deadline + 2:
            time.sleep(0.01)
        st = second.status()
        assert st.connected and st.open_problem is None and st.last_error is None, st
    finally:
        holder.stop()
        second.stop()


@pytest.mark.timeout(10)
def test_a_path_that_is_no_serial_port_says_so_and_is_tried_again_until_it_names_the_die(events, tmp_path):
    """A play tester's finding: ``--die /dev/null`` (and ``companion die --port /dev/null``) said the die was
    unplugged, where the path is no serial port at all: opening it fails with ENOTTY ("Inappropriate ioctl for
    device"), which pyserial hides in "Could not configure port: (25, ...)". The status says ``not_a_port`` with the
    system's words, for /dev/null, a regular file and a folder, and the path is still tried (as for an unplugged
    die): a link that names a file now and the die later connects, and the reason goes."""
    from hw.die import NOT_A_PORT
    plain = tmp_path / "plain"
    plain.write_text("")
    for path in ("/dev/null", str(plain), str(tmp_path)):
        reader = DieReader(events.post, port=path, backoff_s=(0.01, 0.02))
        reader.start()
        try:
            _failed(reader, 3)
            st = reader.status()
            assert not st.connected and st.open_problem == NOT_A_PORT and st.open_failures >= 3, (path, st)
        finally:
            reader.stop()
    link = tmp_path / "mars-die"
    os.symlink(plain, link)
    with DieSimulator(seed=3) as die:
        reader = DieReader(events.post, port=str(link), backoff_s=(0.01, 0.02))
        reader.start()
        try:
            _failed(reader, 1)
            st = reader.status()
            assert st.open_problem == NOT_A_PORT and st.last_error == "Inappropriate ioctl for device (ENOTTY)", st
            os.replace(_symlink_beside(link, die.path), link)  # the link now names the die (as udev would)
            events.wait(lambda e: e.kind == "connected")
            st = reader.status()
            assert st.connected and st.open_problem is None and st.last_error is None, st
        finally:
            reader.stop()


def _symlink_beside(link, target):
    """A new symlink to ``target`` next to ``link`` (to be renamed over it atomically)."""
    tmp = f"{link}.new"
    os.symlink(target, tmp)
    return tmp

"""hw.die: the pure wire-protocol parser and line splitter (hw/PROTOCOL.md)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hw import die
from hw.die import DieEvent, LineSplitter, Rejected, checksum, decode_line, parse_line

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None, database=None)


@pytest.mark.parametrize("line, face", [
    (b"4", 4), (b"ROLL 4", 4), (b"  ROLL   6 ", 6), (b"1", 1), (b"ROLL 4*09", 4), (b"ROLL 4*09\r", 4),
    (b"6*" + checksum(b"6").encode(), 6), (b"ROLL 2*" + checksum(b"ROLL 2").lower().encode(), 2),
])
def test_roll_lines(line, face):
    assert parse_line(line) == DieEvent("roll", face=face)


def test_other_messages():
    assert parse_line(b"ROLLING") == DieEvent("rolling")
    assert parse_line(b"ID MarsDie 1.2") == DieEvent("identity", name="MarsDie", firmware="1.2")
    assert parse_line(b"ID MarsDie") == DieEvent("identity", name="MarsDie")
    assert parse_line(b"BAT 87") == DieEvent("battery", battery=87)
    assert parse_line(b"ID MarsDie 1.2*45") == DieEvent("identity", name="MarsDie", firmware="1.2")
    assert decode_line(b"") is None and decode_line(b"   ") is None


@pytest.mark.parametrize("line, reason", [
    (b"0", die.OUT_OF_RANGE), (b"7", die.OUT_OF_RANGE), (b"04", die.OUT_OF_RANGE),
    (b"ROLL 9", die.OUT_OF_RANGE), (b"BAT 101", die.OUT_OF_RANGE), (b"BAT 99999999", die.OUT_OF_RANGE),
    (b"ROLL", die.UNKNOWN), (b"ROLL 4 5", die.UNKNOWN), (b"roll 4", die.UNKNOWN), (b"RL 4", die.UNKNOWN),
    (b"ROLL x", die.UNKNOWN), (b"BAT", die.UNKNOWN), (b"-3", die.UNKNOWN), (b"*00", die.UNKNOWN),
    (b"ROLL 4*08", die.BAD_CHECKSUM), (b"ROLL 4*9", die.BAD_CHECKSUM), (b"ROLL 4*", die.BAD_CHECKSUM),
    (b"ROLL 4*0G", die.BAD_CHECKSUM), (b"ROLL 4*099", die.BAD_CHECKSUM),
    (b"ROLL \xc3\x284", die.NON_ASCII), (b"ROLL 4\x00", die.NON_ASCII), (b"\xff4", die.NON_ASCII),
    (b"ROLL " + b"4" * 200, die.OVERLONG),
])
def test_rejected_lines(line, reason):
    assert decode_line(line) == Rejected(reason)
    assert parse_line(line) is None


def _roll_line(face: int, keyword: bool, with_checksum: bool) -> bytes:
    body = (b"ROLL %d" if keyword else b"%d") % face
    return body + (b"*" + checksum(body).encode() if with_checksum else b"")


@SETTINGS
@given(st.integers(1, 6), st.booleans(), st.booleans())
def test_every_roll_form_parses(face, keyword, with_checksum):
    assert parse_line(_roll_line(face, keyword, with_checksum)) == DieEvent("roll", face=face)


@SETTINGS
@given(st.binary(max_size=120))
def test_arbitrary_bytes_never_raise_and_rolls_are_well_formed(data):
    ev = decode_line(data)
    assert ev is None or isinstance(ev, (DieEvent, Rejected))
    if isinstance(ev, DieEvent) and ev.kind == "roll":
        assert 1 <= ev.face <= 6
        body = data.strip().split(b"*")[0].split()
        assert body in ([str(ev.face).encode()], [b"ROLL", str(ev.face).encode()])


@SETTINGS
@given(st.integers(1, 6), st.booleans(), st.data())
def test_one_corrupted_byte_in_a_checksummed_line_never_gives_another_face(face, keyword, data):
    line = bytearray(_roll_line(face, keyword, True))
    i = data.draw(st.integers(0, len(line) - 1))
    line[i] = data.draw(st.integers(0, 255).filter(lambda b: b != line[i]))
    ev = parse_line(bytes(line))
    assert ev is None or ev == DieEvent("roll", face=face)


# -- LineSplitter ----------------------------------------------------------------------

def test_splitter_joins_chunks_and_handles_terminators():
    s = LineSplitter(max_line=10)
    assert s.feed(b"RO") == []
    assert s.feed(b"LL 4\r\n5\n") == [b"ROLL 4", b"", b"5"]
    assert s.feed(b"6\r") == [b"6"]
    assert s.reset() is False


def test_splitter_drops_overlong_once_and_resyncs():
    s = LineSplitter(max_line=8)
    assert s.feed(b"ROLL 4444") == [None]  # counted as soon as it is too long
    assert s.feed(b"44444444444") == []
    assert s.feed(b"44\nROLL 3\n") == [b"ROLL 3"]
    assert s.feed(b"123456789\n") == [None]
    assert s.reset() is False


def test_splitter_reports_partial_line_at_reset():
    s = LineSplitter()
    assert s.feed(b"ROLL 3") == []
    assert s.reset() is True
    assert s.feed(b"\n") == [b""]


@SETTINGS
@given(st.lists(st.binary(max_size=30), max_size=20), st.lists(st.integers(0, 400), max_size=10))
def test_splitter_result_does_not_depend_on_chunking(pieces, cuts):
    stream = b"".join(pieces)
    whole = LineSplitter(16).feed(stream)
    s = LineSplitter(16)
    chunked, start = [], 0
    for cut in sorted(c % (len(stream) + 1) for c in cuts) + [len(stream)]:
        chunked += s.feed(stream[start:cut])
        start = cut
    # an overlong line may be reported in a different chunk, but the same number of times
    assert chunked == whole

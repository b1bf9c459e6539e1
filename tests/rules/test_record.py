"""Records (companion/rules/record.py): the contract's values, the session's and the store's rows and the
screens' plumbing behave as the frozen dataclasses they replace (issue 13, item 4: no code compiled at import)."""
from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from companion.rules import ENTRIES, Entry
from companion.rules.contract import Action, CardKind, Expect, Rejection, Result, Seat, Standing, Turn
from companion.rules.record import Fields, Record
from companion.session import Batch, LogEntry, Outcome
from companion.store import ActionRecord, GameRecord

#: ``pickle.dumps(Seat(0, "Anna", "red", "1"), protocol=5)`` as written when Seat was
#: ``@dataclass(frozen=True, slots=True)``: Mission to Mars 2049's snapshots hold Seats
DATACLASS_SEAT = bytes.fromhex(
    "80059540000000000000008c18636f6d70616e696f6e2e72756c65732e636f6e7472616374948c04536561749493942981945d94"
    "284b008c04416e6e61948c03726564948c01319465622e")

FROZEN = [Action("roll", {"face": 3}, 1), Rejection("a", "b", "c"), Expect("roll", "Check die"), Seat(0, "A", "red"),
          Turn((0, 1), "several"), Standing(0, 1, 5), Result((0,), (Standing(0, 1),), "won", "won"), ENTRIES[0],
          Outcome(True), LogEntry(1, Action("next"), (), False, "t"), GameRecord(1, "g", {}, "t", "open"),
          ActionRecord(1, {"kind": "next"}, [], False, "t")]


def test_a_snapshot_written_by_the_dataclass_reads_the_same_and_is_written_the_same():
    assert pickle.loads(DATACLASS_SEAT) == Seat(0, "Anna", "red", "1")
    assert pickle.dumps(Seat(0, "Anna", "red", "1"), protocol=5) == DATACLASS_SEAT


@pytest.mark.parametrize("record", FROZEN, ids=lambda r: type(r).__name__)
def test_a_frozen_record_is_fixed_equal_by_fields_and_copies(record):
    assert isinstance(record, Record)
    with pytest.raises(FrozenInstanceError):
        setattr(record, record.__slots__[0], None)
    with pytest.raises(FrozenInstanceError):
        delattr(record, record.__slots__[0])
    assert copy.deepcopy(record) == record and pickle.loads(pickle.dumps(record)) == record
    fields = [getattr(record, name) for name in record.__slots__]
    other = type(record)(*fields[:-1], "changed")
    assert other != record and record != tuple(fields)
    assert repr(record).startswith(f"{type(record).__name__}({record.__slots__[0]}=")


def test_defaults_hash_and_repr_are_the_dataclasses():
    assert Action("next").args == {} and Action("next").seat is None
    assert Action("next").args is not Action("next").args  # a new dict each, as field(default_factory=dict)
    assert Expect("roll", "p") == Expect("roll", "p", "", ("1", "2", "3", "4", "5", "6"), "", None, "roll")
    assert hash(Seat(0, "A", "red")) == hash((0, "A", "red", ""))
    with pytest.raises(TypeError):  # a dict field: unhashable, as the frozen dataclass
        hash(Action("next"))
    assert repr(Rejection("bay_full", "Full.", "r")) == "Rejection(code='bay_full', message='Full.', rule='r')"
    assert CardKind("event", "Event card", dict).group({"name": "x"}) == ""
    assert Entry("g", "p", "T", (2, 4), "r.txt", "k").players == (2, 4)


def test_a_changeable_record_changes_and_is_not_hashed():
    batch = Batch()
    assert isinstance(batch, Fields) and not isinstance(batch, Record)
    batch.error = "why"
    assert batch == Batch("why") and batch != Batch()
    with pytest.raises(TypeError):
        hash(batch)


def test_the_modules_before_the_first_frame_make_no_dataclass():
    """Each frozen dataclass costs about 1 ms at import; these are all imported before the first frame."""
    from companion.ui.app import Dialog, Message
    from companion.ui.layout import Layout
    from companion.ui.widgets import Hit
    for cls in [type(r) for r in FROZEN] + [Batch, Dialog, Message, Layout, Hit]:
        assert not hasattr(cls, "__dataclass_fields__"), cls

"""Records: small values with named fields, made without compiling code at import.

A ``@dataclass`` writes its ``__init__``, ``__eq__``, ``__repr__`` (and, frozen,
``__setattr__``, ``__hash__``, ``__getstate__``...) as source text and compiles
it when its module is imported: about 1 ms a frozen class on this machine, and
the contract, the session, the store and the screens' plumbing were eighteen of
them before the first frame (issue 13, item 4: the start). A :class:`Record`
names its fields in ``__slots__`` and writes its own ``__init__`` (its values stored
with :func:`fill`, or each with :data:`put` where it is made very often); the rest is
shared here, once.

- :class:`Record`: frozen, as ``@dataclass(frozen=True, slots=True)``: equal to
  a record of the same class with equal fields, hashed by its fields (a
  ``TypeError`` when one of them is a dict or a list), ``repr`` as
  ``Name(field=value, ...)``, setting or deleting a field raises
  ``dataclasses.FrozenInstanceError``; pickled as that dataclass was (its fields
  in a list), so a snapshot written before reads the same.
- :class:`Fields`: the same, changeable and unhashable, as ``@dataclass(slots=True)``.

Standard library only; pure.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

#: ``put(record, "field", value)``: how an ``__init__`` stores a field of a frozen record
put = object.__setattr__


def fill(record: Fields, *values: Any) -> None:
    """Store ``values`` in ``record``'s fields, in the order of its ``__slots__`` (an ``__init__``'s one line)."""
    for name, value in zip(record.__slots__, values):
        put(record, name, value)


class Fields:
    """Base of a changeable record; see the module docstring."""

    __slots__: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]  # changeable: unhashable, as a dataclass

    def _fields(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self.__slots__, self._fields()))
        return f"{type(self).__qualname__}({shown})"

    def __getstate__(self) -> list[Any]:
        return list(self._fields())

    def __setstate__(self, state: list[Any]) -> None:
        fill(self, *state)


class Record(Fields):
    """Base of a frozen record; see the module docstring."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._fields())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


__all__ = ["Fields", "Record", "fill", "put"]

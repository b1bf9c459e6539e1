"""Payload shapes: what an action's fields (and a catalogue card's) must look like.

A game declares, next to each action kind, the shape of its payload
(``ACTIONS = {ROLL: Obj(face=Int(1, 6)), ...}``). The session checks every
action against its shape before the rules see it (shared/DESIGN.md, "Validate
once, at the session boundary"), so a rules engine never meets a JSON ``4.0``
or ``true`` where an integer goes, an unknown or missing field, or a payload
nested a thousand deep. Standard library only; pure.

Each shape has ``problem(value, path) -> str | None``: None when ``value`` fits,
else one sentence naming the field (``"face must be a whole number from 1 to 6,
not 4.0"``).
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any

from .record import Record, put

#: Payloads larger than this (JSON characters) are refused outright.
MAX_PAYLOAD_CHARS = 20_000
#: Lists and objects nested deeper than this are refused outright.
MAX_DEPTH = 8


#: what a whole value is called in a sentence (an action's payload; :meth:`Shape.problem_of` names another)
WHOLE = "the move"


def _name(path: str) -> str:
    return path or WHOLE


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Shape(Record, ABC):
    """Base class; see the module docstring. A shape is a :class:`~.record.Record`: fixed once made (its
    fields, ``__slots__``, cannot be set again), equal to another of its kind with the same fields; hashed by
    its kind and field names (its fields may hold dicts)."""

    __slots__: tuple[str, ...] = ()

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            put(self, name, value)

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self.__slots__))

    @abstractmethod
    def problem(self, value: Any, path: str = "") -> str | None:
        """None when ``value`` fits, else a sentence naming the field (``path``)."""

    def problem_of(self, value: Any, whole: str) -> str | None:
        """:meth:`problem` of ``value`` as a whole called ``whole`` ("the card") rather than "the move"."""
        p = self.problem(value)
        return whole + p[len(WHOLE):] if p is not None and p.startswith(WHOLE) else p


class Int(Shape):
    """A whole number ``lo..hi`` (inclusive); a bool or a float is refused."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo: int = -10**9, hi: int = 10**9) -> None:
        self._set(lo=lo, hi=hi)

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not int or not self.lo <= value <= self.hi:
            return f"{_name(path)} must be a whole number from {self.lo} to {self.hi}, not {_show(value)}"
        return None


class Bool(Shape):
    """``true`` or ``false`` (not 0 or 1)."""

    __slots__ = ()

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not bool:
            return f"{_name(path)} must be true or false, not {_show(value)}"
        return None


class Str(Shape):
    """Text of 1..``max_len`` characters (``min_len`` 0 allows empty text)."""

    __slots__ = ("max_len", "min_len")

    def __init__(self, max_len: int = 200, min_len: int = 1) -> None:
        self._set(max_len=max_len, min_len=min_len)

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not str or not self.min_len <= len(value) <= self.max_len:
            return f"{_name(path)} must be text of {self.min_len} to {self.max_len} characters, not {_show(value)}"
        if has_control(value):
            return f"{_name(path)} must be one line of printable text, not {_show(value)}"
        return None


def has_control(text: str) -> bool:
    """True when ``text`` holds a control character (NUL, a line break, a tab, DEL, C1): text shown on one
    line of the screen never does (pygame cannot draw a NUL)."""
    return any(c < " " or "\x7f" <= c <= "\x9f" for c in text)


class OneOf(Shape):
    """One of the listed values, compared with their exact types (``1`` is not ``True``)."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[Any, ...]) -> None:
        self._set(values=values)

    def problem(self, value: Any, path: str = "") -> str | None:
        if not any(type(value) is type(v) and value == v for v in self.values):
            shown = ", ".join(str(v) for v in self.values[:12]) + (", ..." if len(self.values) > 12 else "")
            return f"{_name(path)} must be one of {shown}, not {_show(value)}"
        return None


class Maybe(Shape):
    """``null`` or ``inner``."""

    __slots__ = ("inner",)

    def __init__(self, inner: Shape) -> None:
        self._set(inner=inner)

    def problem(self, value: Any, path: str = "") -> str | None:
        return None if value is None else self.inner.problem(value, path)


class AnyOf(Shape):
    """A value of any one of ``shapes`` (``AnyOf(Int(1, 6), Str())``)."""

    __slots__ = ("shapes",)

    def __init__(self, *shapes: Shape) -> None:
        self._set(shapes=tuple(shapes))

    def problem(self, value: Any, path: str = "") -> str | None:
        problems = [s.problem(value, path) for s in self.shapes]
        if all(problems):
            return " or ".join(p for p in problems if p)
        return None


class ListOf(Shape):
    """A list of ``min_len..max_len`` items, each of shape ``item``."""

    __slots__ = ("item", "max_len", "min_len")

    def __init__(self, item: Shape, max_len: int = 50, min_len: int = 0) -> None:
        self._set(item=item, max_len=max_len, min_len=min_len)

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not list or not self.min_len <= len(value) <= self.max_len:
            return f"{_name(path)} must be a list of {self.min_len} to {self.max_len} items, not {_show(value)}"
        for i, item in enumerate(value):
            p = self.item.problem(item, f"{path}[{i}]")
            if p:
                return p
        return None


class MapOf(Shape):
    """An object whose keys are among ``keys`` and whose values are of shape ``value``."""

    __slots__ = ("keys", "value", "max_len")

    def __init__(self, keys: tuple[str, ...], value: Shape, max_len: int = 20) -> None:
        self._set(keys=keys, value=value, max_len=max_len)

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not dict or len(value) > self.max_len:
            return f"{_name(path)} must be an object, not {_show(value)}"
        for k, v in value.items():
            if k not in self.keys:
                return f"{_name(path)} has an unknown field {_show(k)}; known: {', '.join(self.keys)}"
            p = self.value.problem(v, f"{path}.{k}" if path else k)
            if p:
                return p
        return None


class Obj(Shape):
    """An object with exactly the ``fields`` (name -> shape); names in ``optional``
    may be left out; any other field is refused."""

    __slots__ = ("fields", "optional")

    def __init__(self, _optional: tuple[str, ...] | frozenset[str] = (), **fields: Shape) -> None:
        self._set(fields=dict(fields), optional=frozenset(_optional))

    def problem(self, value: Any, path: str = "") -> str | None:
        if type(value) is not dict:
            return f"{_name(path)} must be an object, not {_show(value)}"
        for key in value:
            if key not in self.fields:
                known = ", ".join(self.fields) or "none"
                return f"{_name(path)} has an unknown field {_show(key)} (fields: {known})"
        for key, shape in self.fields.items():
            sub = f"{path}.{key}" if path else key
            if key not in value:
                if key in self.optional:
                    continue
                return f"{sub} is missing"
            p = shape.problem(value[key], sub)
            if p:
                return p
        return None


class Custom(Shape):
    """A shape checked by a function ``fn(value) -> str | None`` (a game's card parser)."""

    __slots__ = ("fn", "what")

    def __init__(self, fn: Any, what: str = "value") -> None:
        self._set(fn=fn, what=what)

    def problem(self, value: Any, path: str = "") -> str | None:
        try:
            p = self.fn(value)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            p = str(exc) or type(exc).__name__
        return f"{_name(path)}: {p}" if p else None


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of lists and dicts in ``value`` (1 for a scalar), counted
    without recursion and stopping once past ``limit``; a value of more than
    :data:`MAX_PAYLOAD_CHARS` items counts as too deep (it is too long anyway)."""
    deepest, stack, seen = 0, [(value, 1)], 0
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        seen += 1
        if deepest > limit or seen > MAX_PAYLOAD_CHARS:  # each item is at least one character of JSON
            return deepest if deepest > limit else limit + 1
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend((v, d + 1) for v in item)
    return deepest


def size_problem(value: Any) -> str | None:
    """Why ``value`` is too deep or too large to be a payload, or None.
    Checked before anything recursive looks at it."""
    if depth(value) > MAX_DEPTH:
        return f"it is nested more than {MAX_DEPTH} deep or longer than {MAX_PAYLOAD_CHARS} characters"
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        return f"it is not plain data ({exc})"
    if len(text) > MAX_PAYLOAD_CHARS:
        return f"it is longer than {MAX_PAYLOAD_CHARS} characters"
    return None


__all__ = ["AnyOf", "Bool", "Custom", "Int", "ListOf", "MapOf", "MAX_DEPTH", "MAX_PAYLOAD_CHARS", "Maybe", "Obj",
           "OneOf", "Shape", "Str", "depth", "size_problem"]

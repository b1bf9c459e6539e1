"""Choosing one of several legal actions, one question at a time (knows no game).

A game's screen hands :func:`choose` the candidate actions of one kind (from
``legal_actions``, so every option offered is legal) and a ``label(arg,
value)`` function. While the candidates differ, the app asks about the first
argument (in ``order``) whose values differ, with one button per value; once
one action is left it is submitted. A Mission Card with its target, station
and resource therefore costs one tap per real decision, and nothing is asked
twice.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rules.contract import Action

#: How many options one dialog shows before a "More..." button.
PAGE = 9


def next_question(actions: Sequence[Action], order: Sequence[str] = ()) -> str | None:
    """The argument to ask about next: the first in ``order`` (then the others,
    sorted) whose values differ among ``actions``; None when they do not
    differ (one action, or equal ones)."""
    keys = list(order) + sorted({k for a in actions for k in a.args} - set(order))
    for key in keys:
        values = {_freeze(a.args.get(key, _MISSING)) for a in actions}
        if len(values) > 1:
            return key
    return None


def choose(app: Any, title: str, actions: Sequence[Action], label: Callable[[str, Any, Action], str],
           ask: Callable[[str], str], order: Sequence[str] = (), page: int = 0,
           submit: Callable[[Action], object] | None = None) -> None:
    """Ask (in the app's dialogs) until one of ``actions`` is chosen, then submit it.

    ``title``: the question's first words ("Build"); ``label(arg, value,
    action) -> str``: the words for one value of an argument (``label("resource",
    "air", a) -> "Air"``; ``action`` is one candidate with that value, for
    context such as its target); a value an action leaves out is labelled with
    ``label(arg, None, action)``; ``ask(arg) -> str``: the question about it
    ("which resource?"); ``submit(action)``: what is done with the chosen
    action (default ``app.submit``). Nothing is submitted if ``actions`` is empty.
    """
    actions = list(actions)
    if not actions:
        return
    key = next_question(actions, order)
    if key is None:
        app.close_dialog()
        (submit or app.submit)(actions[0])
        return
    groups: dict[Any, list[Action]] = {}
    for a in actions:
        groups.setdefault(_freeze(a.args.get(key, _MISSING)), []).append(a)
    items = list(groups.items())
    shown = items[page * PAGE:(page + 1) * PAGE]
    fixed = [label(k, actions[0].args[k], actions[0]) for k in order
             if k in actions[0].args and k != key and all(a.args.get(k, _MISSING) == actions[0].args[k]
                                                           for a in actions)]
    heading = f"{title} ({', '.join(fixed)})" if fixed else title
    options = [(label(key, _thaw(value), group[0]),
                (lambda g=group: choose(app, title, g, label, ask, order, 0, submit)))
               for value, group in shown]
    if len(items) > (page + 1) * PAGE:
        options.append(("More\u2026", lambda: choose(app, title, actions, label, ask, order, page + 1, submit)))
    app.ask(f"{heading}: {ask(key)}", options)


class _Missing:
    def __repr__(self) -> str:
        return "missing"


_MISSING = _Missing()


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return ("__list__", *(_freeze(v) for v in value))
    if isinstance(value, dict):
        return ("__dict__", *sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if value is _MISSING:
        return None
    if isinstance(value, tuple) and value and value[0] == "__list__":
        return [_thaw(v) for v in value[1:]]
    if isinstance(value, tuple) and value and value[0] == "__dict__":
        return {k: _thaw(v) for k, v in value[1:]}
    return value


__all__ = ["PAGE", "choose", "next_question"]

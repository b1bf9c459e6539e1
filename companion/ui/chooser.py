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

from collections.abc import Callable, Collection, Sequence
from typing import Any

from companion.rules.contract import Action

from .widgets import Greyed, tappable

#: How many options one dialog shows at most before a "More..." button
#: (fewer when the screen has no room for them: :func:`page_size`).
PAGE = 9
MORE = "More\u2026"
FIRST_PAGE = "First page"  # on the last page of a paged question


def page_size(app: Any, title: str, labels: Sequence[str], lines: Sequence[str] | None = None) -> int:
    """How many of ``labels`` (the options from this page on) one page of the
    app's dialog titled ``title`` (with its ``lines`` of text) shows whole, with "More..." and Cancel on
    screen too (:func:`companion.ui.screens.chrome.dialog_room` for the app's
    ``layout``; :data:`PAGE` for an app without one). 1 to :data:`PAGE`."""
    lay = getattr(app, "layout", None)
    if lay is None:
        return PAGE
    from .screens.chrome import dialog_room
    return max(1, min(PAGE, dialog_room(lay, title, list(labels), list(lines or ()), more=MORE)))


def next_question(actions: Sequence[Action], order: Sequence[str] = (), unordered: Collection[str] = ()) -> str | None:
    """The argument to ask about next: the first in ``order`` (then the others,
    sorted) whose values differ among ``actions``; None when they do not
    differ (one action, or equal ones). List values of the arguments in
    ``unordered`` are compared as multisets (their order does not count)."""
    keys = list(order) + sorted({k for a in actions for k in a.args} - set(order))
    for key in keys:
        values = {_freeze(_canon(a.args.get(key, _MISSING), key in unordered)) for a in actions}
        if len(values) > 1:
            return key
    return None


def choose(app: Any, title: str, actions: Sequence[Action], label: Callable[[str, Any, Action], str],
           ask: Callable[[str], str], order: Sequence[str] = (), page: int | None = None,
           submit: Callable[[Action], object] | None = None, rank: Callable[[str, Any], Any] | None = None,
           unordered: Collection[str] = (), picked: dict[str, list[Any]] | None = None,
           greyed: Callable[[str, list[Action]], dict[Any, str]] | None = None,
           why: Callable[[str, Any, list[Action]], object] | None = None, keep: Collection[str] = ()) -> None:
    """Ask (in the app's dialogs) until one of ``actions`` is chosen, then submit it.

    ``title``: the question's first words ("Build"); ``label(arg, value,
    action) -> str``: the words for one value of an argument (``label("resource",
    "air", a) -> "Air"``; ``action`` is one candidate with that value, for
    context such as its target); a value an action leaves out is labelled with
    ``label(arg, None, action)``; ``ask(arg) -> str``: the question about it
    ("which resource?"); ``submit(action)``: what is done with the chosen
    action (default ``app.submit``). Nothing is submitted if ``actions`` is empty.

    ``rank(arg, value)``: a sort key, so that the options of a question come in
    a fixed order whatever the order of ``actions`` (default: as they come).
    ``greyed(arg, actions) -> {value: words}``: values of ``arg`` that no
    candidate has, shown anyway in their places (by ``rank``) as greyed
    buttons labelled ``words`` (the value and why not, short: the dialog's
    columns follow its widest label), so that the other options do not move
    as these come and go; a tap on one is ``why(arg, value, actions)`` (which
    says why it cannot be chosen: a greyed move says why, README), or, without
    ``why``, the screen's plain "not possible now".
    ``keep``: arguments asked even when the candidates agree on them, once, if ``greyed`` shows other values
    of them (the one choice left beside those that cannot be chosen: the table sees why, not a choice made for
    it in silence).
    ``unordered``: arguments whose values are lists taken as multisets (four
    cards of any kinds): asked one element at a time ("(2 of 4)"), each
    option labelled ``label(arg, [element], action)``; ``picked`` holds the
    elements chosen so far (internal); ``page``: the index of the first
    option shown (internal: "More..." shows the next ones, as many as the
    screen has room for, with Cancel always on screen; None: the first page
    with an option to tap, see :func:`ask_paged`).
    """
    actions = list(actions)
    if not actions:
        return
    picked = dict(picked or {})
    key = _kept_question(actions, order, next_question(actions, order, unordered), keep, greyed, picked)
    if key is None:
        app.close_dialog()
        (submit or app.submit)(actions[0])
        return

    def again(group: list[Action], pg: int | None = None, chosen: dict[str, list[Any]] = picked) -> None:
        choose(app, title, group, label, ask, order, pg, submit, rank, unordered, chosen, greyed, why, keep)

    fixed = [label(k, actions[0].args[k], actions[0]) for k in order
             if k in actions[0].args and k != key and all(a.args.get(k, _MISSING) == actions[0].args[k]
                                                           for a in actions)]
    question = ask(key)
    if key in unordered and all(isinstance(a.args.get(key), list) for a in actions):
        so_far = picked.get(key, [])
        rest = [_rest(a.args[key], so_far) for a in actions]
        elements = list(dict.fromkeys(x for r in rest for x in r))
        if rank is not None:
            elements.sort(key=lambda x: rank(key, x))
        items = [(x, [a for a, r in zip(actions, rest) if x in r]) for x in elements]
        options = [(label(key, [x], group[0]), (lambda x=x, g=group: again(g, None, {**picked, key: so_far + [x]})))
                   for x, group in items]
        size = len(actions[0].args[key])
        if so_far:
            fixed.append(label(key, so_far, actions[0]) + " so far")
        question += f" ({len(so_far) + 1} of {size})"
    else:
        groups: dict[Any, list[Action]] = {}
        for a in actions:
            groups.setdefault(_freeze(a.args.get(key, _MISSING)), []).append(a)
        absent = {v: why for v, why in (greyed(key, actions) if greyed else {}).items() if _freeze(v) not in groups}
        items = list(groups.items()) + [(_freeze(v), []) for v in absent]
        if rank is not None:
            items.sort(key=lambda item: rank(key, _thaw(item[0])))
        done = {**picked, key: [key]} if key in keep else picked   # a kept question is asked once
        options = [(label(key, _thaw(value), group[0]), (lambda g=group: again(g, None, done))) if group else
                   (absent[_thaw(value)], None if why is None else Greyed(lambda v=_thaw(value): why(key, v, actions)))
                   for value, group in items]
    heading = f"{title} ({', '.join(fixed)})" if fixed else title
    ask_paged(app, f"{heading}: {question}", options, start=page,
              more=lambda start: again(actions, start, picked))


def _kept_question(actions: list[Action], order: Sequence[str], key: str | None, keep: Collection[str],
                   greyed: Callable[[str, list[Action]], dict[Any, str]] | None,
                   picked: dict[str, list[Any]]) -> str | None:
    """The argument to ask about: ``key`` (:func:`next_question`), or an argument of ``keep`` before it in
    ``order`` that the candidates agree on, not asked yet, for which ``greyed`` shows other values."""
    if not keep or greyed is None:
        return key
    for arg in order:
        if arg == key:
            break
        if arg not in keep or arg in picked or arg not in actions[0].args:
            continue
        value = _freeze(actions[0].args[arg])
        if all(_freeze(a.args.get(arg, _MISSING)) == value for a in actions) and \
                any(_freeze(v) != value for v in greyed(arg, actions)):
            return arg
    return key


def ask_paged(app: Any, title: str, options: list[tuple[str, Callable[[], object] | None]],
              lines: list[str] | None = None, start: int | None = None, more: Callable[[int], object] | None = None,
              **kwargs: Any) -> None:
    """``app.ask(title, options, lines)`` one page at a time: the options from
    index ``start`` that fit whole (:func:`page_size`), then "More..." when
    some that can be tapped are left (greyed ones, ``None`` callbacks, alone
    are not worth a page), which asks again from the first one not shown
    (``more(start)``, default: the same options); the last page offers
    "First page" instead. Cancel stays on screen
    (the app's dialog adds it); ``kwargs`` go to ``app.ask``. ``start`` None (a question just asked):
    the first page with an option to tap, so that greyed ones, kept in their places, never cost pages
    of "More..." (the one card that could be played was on page 3); "First page" still shows page 1."""
    if start is None:
        start = _first_tappable_page(app, title, options, lines)
    start = start if 0 <= start < len(options) else 0
    per = page_size(app, title, [x for x, _ in options[start:]], lines)
    shown = list(options[start:start + per])
    if any(tappable(cb) is not None for _, cb in options[start + per:]):  # no page of greyed options only
        nxt = start + per
        shown.append((MORE, (lambda: more(nxt)) if more is not None
                      else (lambda: ask_paged(app, title, options, lines, nxt, None, **kwargs))))
    elif start > 0:  # the last page: back to the first without Cancel and starting again
        shown.append((FIRST_PAGE, (lambda: more(0)) if more is not None
                      else (lambda: ask_paged(app, title, options, lines, 0, None, **kwargs))))
    if lines is not None or kwargs:
        app.ask(title, shown, lines=lines, **kwargs)
    else:
        app.ask(title, shown)


def _first_tappable_page(app: Any, title: str, options: list[tuple[str, Callable[[], object] | None]],
                         lines: list[str] | None) -> int:
    """The index of the first option of the first page (as :func:`ask_paged` cuts them) that holds an
    option to tap; 0 when none does."""
    start = 0
    while start < len(options):
        per = max(1, page_size(app, title, [x for x, _ in options[start:]], lines))
        if any(tappable(cb) is not None for _, cb in options[start:start + per]):
            return start
        start += per
    return 0


def _rest(values: list[Any], taken: list[Any]) -> list[Any]:
    """``values`` less one of each element of ``taken`` (a multiset difference)."""
    rest = list(values)
    for x in taken:
        if x in rest:
            rest.remove(x)
    return rest


def _canon(value: Any, unordered: bool) -> Any:
    return sorted(value, key=repr) if unordered and isinstance(value, list) else value


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


__all__ = ["MORE", "PAGE", "ask_paged", "choose", "next_question", "page_size"]

"""Race to Mars: why a greyed-out move is not allowed now.

A move the rules do not allow is drawn disabled, yet a tap on it shows the
rules' own refusal (``check``'s :class:`Rejection`: the rule, and the
rulebook section as a button that shows the paragraph) and keeps it in the
game's log, as the other games' screens do (:meth:`App.reject`). The
screens name such a button ``<title> (why not?)`` so that tests and the
control channel find it."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rules.contract import Action, Rejection

from ...widgets import WHY


def why_not(app: Any, samples: Sequence[Action], title: str) -> None:
    """Show the rules' refusal of the first of ``samples`` (representative
    moves of the greyed-out button ``title``) that ``check`` refuses, and log
    it; when the rules refuse none of them, say that ``title`` is not
    possible now (a plain note, nothing logged)."""
    state = app.state
    for action in samples:
        rejection = app.game.check(state, action)
        if rejection is not None:
            app.reject(rejection, action=action)
            return
    app.say(f"{title}: not possible now.", "info", 5)


def tap_or_why(app: Any, on_tap: Callable[[], object] | None, samples: Callable[[], Sequence[Action]],
               title: str, problem: Callable[[], Rejection | None] | None = None
               ) -> tuple[Callable[[], object], str, str]:
    """``(on_tap, style, name)`` of a move button: ``on_tap`` itself when the
    move is allowed, else a tap that says why, drawn "disabled" and named
    ``title + WHY``: :func:`why_not` of ``samples()``, or, given ``problem``
    (the rules' reason for the move as a whole, e.g. ``advance_problem``),
    that refusal, logged with the first of ``samples()``."""
    if on_tap is not None:
        return on_tap, "", title
    if problem is not None:
        return (lambda: app.reject(problem(), action=samples()[0])), "disabled", title + WHY
    return (lambda: why_not(app, samples(), title)), "disabled", title + WHY


__all__ = ["WHY", "tap_or_why", "why_not"]

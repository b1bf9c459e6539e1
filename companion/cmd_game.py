"""``companion status`` and ``companion log``: look at the saved game from a shell.

Both open the store without creating it (a missing file means "no game"),
print any notice about a damaged file to standard error (and in ``--json``
output as ``"notice"``), and exit 0; 1 if an existing file cannot be opened.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.paths import default_db_path


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``status`` and ``log`` subcommands to ``sub``."""
    p = sub.add_parser("status", help="show the saved game: phase, what it waits for, summary")
    _common(p)
    p.set_defaults(func=run_status)
    p = sub.add_parser("log", help="show the saved game's action log and what each action did")
    _common(p)
    p.set_defaults(func=run_log)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", type=Path, default=None, metavar="PATH",
                   help=f"the saved games file (default {default_db_path()})")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _open(args: argparse.Namespace):
    from companion.session import Session  # lazily: keeps `companion --help` light

    session = Session.open(args.db, create=False)
    if session.notice and not args.json:
        print(f"companion: {session.notice}", file=sys.stderr)
    path = args.db if args.db is not None else default_db_path()
    failed = not session.store.persistent and Path(path).exists()
    return session, (1 if failed else 0)


def status_data(session) -> dict[str, Any]:
    """The open game as one JSON-able object::

        {"game": "thirty-to-mars" | None, "title", "status": "open" | "over",
         "outcome": "won" | "lost" | None, "phase", "expects": {"kind", "purpose", "detail"} | None,
         "actions": int, "can_undo", "can_redo", "started": UTC ISO, "options", "summary": {...},
         "notice": str | None}

    Without a game only ``game`` (None) and ``notice``.
    """
    if not session.has_game:
        return {"game": None, "notice": session.notice}
    game, state = session.game, session.state
    expect = game.expects(state)
    record = session.store.current_game()
    return {
        "game": session.game_id, "title": getattr(game, "TITLE", session.game_id),
        "status": session.status, "outcome": game.outcome(state), "phase": game.phase(state),
        "expects": ({"kind": expect.kind, "purpose": expect.purpose, "detail": expect.detail}
                    if expect else None),
        "actions": session.seq, "can_undo": session.can_undo, "can_redo": session.can_redo,
        "started": record.created_at if record else None, "options": session.options,
        "summary": game.summary(state), "notice": session.notice,
    }


def run_status(args: argparse.Namespace) -> int:
    """``companion status [--db PATH] [--json]``."""
    session, code = _open(args)
    try:
        data = status_data(session)
    finally:
        session.close()
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return code
    if data["game"] is None:
        print("No game in progress.")
        return code
    state_line = "over" + (f" ({data['outcome']})" if data["outcome"] else "") \
        if data["status"] == "over" else "in progress"
    print(f"{data['title']}: {state_line}, {data['actions']} action(s) since {data['started']}")
    print(f"Phase: {data['phase']}")
    if data["expects"]:
        e = data["expects"]
        detail = f" ({e['detail']})" if e["detail"] else ""
        print(f"Waiting for: {e['kind']} - {e['purpose']}{detail}")
    print("\n".join(_lines(data["summary"])))
    return code


def run_log(args: argparse.Namespace) -> int:
    """``companion log [--db PATH] [--json]``: JSON is :meth:`Session.export`."""
    session, code = _open(args)
    try:
        if args.json:
            data = session.export() if session.has_game else {"game": None, "actions": []}
            data["notice"] = session.notice
            print(json.dumps(data, indent=2, ensure_ascii=False))
            return code
        if not session.has_game:
            print("No game in progress.")
            return code
        entries = session.log()
        undone = sum(1 for e in entries if e.undone)
        print(f"{getattr(session.game, 'TITLE', session.game_id)}: {len(entries) - undone} action(s)"
              + (f", {undone} undone (can be redone)" if undone else ""))
        for entry in entries:
            mark = "  [undone]" if entry.undone else ""
            print(f"{entry.seq:>4}  {entry.action}{mark}")
            for event in entry.events:
                print(f"        {event.text}")
        return code
    finally:
        session.close()


def _lines(value: Any, indent: int = 0) -> list[str]:
    """A summary dict as readable indented lines (nested dicts indent, lists of
    scalars join with commas, lists of dicts become one line per item)."""
    pad = "  " * indent
    out: list[str] = []
    for key, item in value.items():
        label = str(key).replace("_", " ")
        if isinstance(item, dict):
            out.append(f"{pad}{label}:" + ("" if item else " none"))
            out.extend(_lines(item, indent + 1))
        elif isinstance(item, list) and any(isinstance(i, dict) for i in item):
            out.append(f"{pad}{label}:")
            for i in item:
                out.append(f"{pad}  - " + (", ".join(f"{k}: {_scalar(v)}" for k, v in i.items())
                                           if isinstance(i, dict) else _scalar(i)))
        else:
            out.append(f"{pad}{label}: {_scalar(item)}")
    return out


def _scalar(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return ", ".join(_scalar(i) for i in v) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_scalar(x)}" for k, x in v.items()) if v else "none"
    return str(v)

"""``companion status``, ``companion log`` and ``companion games``: look at the
saved games from a shell.

They only read: the store is opened read-only (a missing file means "no
game"; nothing is created, migrated or moved; a damaged file is reported and
left where it is: moving it aside is ``companion play``'s job). They print any
notice about the file to standard error (and in ``--json`` output as
``"notice"``), and exit 0; 1 if an existing file cannot be read (damaged, not
a regular file such as a FIFO: said at once, never waited on), 2 for an
unknown ``--game`` or ``--id``. ``--game ID`` looks at that game's
open (or last finished) game, ``--id N`` at any stored game (``companion
games`` lists them), read-only.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from companion.paths import db_argument, default_db_path
from companion.rules.words import count


def _looking(run):
    """``run(args)`` with a damaged page met while reading (the open checks only the
    header, the schema and the games list) said as a damaged file, exit status 1."""
    def wrapper(args: argparse.Namespace) -> int:
        import sqlite3

        from companion.store import damaged_notice, is_damage
        try:
            return run(args)
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise
            notice = damaged_notice(args.db if args.db is not None else default_db_path(), str(exc))
            if args.json:
                print(json.dumps({"game": None, "notice": notice}, indent=2, ensure_ascii=False))
            print(f"companion: {notice}", file=sys.stderr)
            return 1
    wrapper.__doc__ = run.__doc__
    return wrapper


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``status`` and ``log`` subcommands to ``sub``."""
    p = sub.add_parser("status", help="show the saved game: phase, what it waits for, summary")
    _common(p)
    p.set_defaults(func=_looking(run_status))
    p = sub.add_parser("log", help="show the saved game's action log and what each action did")
    _common(p)
    p.set_defaults(func=_looking(run_log))
    p = sub.add_parser("games", help="list every stored game (open, over, abandoned) with its id")
    _common(p, pick=False)
    p.set_defaults(func=_looking(run_games))


def _common(p: argparse.ArgumentParser, pick: bool = True) -> None:
    p.add_argument("--db", type=db_argument, default=None, metavar="PATH",
                   help=f"the saved games file (default {default_db_path()})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    if pick:
        from companion.rules import GAMES
        which = p.add_mutually_exclusive_group()  # one or the other: --id was ignored beside --game
        which.add_argument("--game", default=None, choices=sorted(GAMES),
                           help="that game's open (or last finished) game (default: the last one played)")
        which.add_argument("--id", type=int, default=None, metavar="N",
                           help="any stored game by its id (see `companion games`), read-only")


def _open(args: argparse.Namespace):
    """(session, exit status so far): the store opened read-only, the game asked for shown."""
    from companion.session import Session  # lazily: keeps `companion --help` light

    session = Session.open(args.db, read_only=True)
    if session.notice and not args.json:
        print(f"companion: {session.notice}", file=sys.stderr)
    code = 1 if _unreadable(args, session.store) or session.damaged else 0
    said = session.notice
    shown = True
    if getattr(args, "id", None) is not None:
        shown = session.view(args.id)
        if not shown and session.notice is said:
            print(f"companion: there is no stored game {args.id} that can be read (see `companion games`).",
                  file=sys.stderr)
            return session, 2
    elif getattr(args, "game", None) is not None and session.game_id != args.game:
        shown = session.switch(args.game, touch=False)
    if not shown:
        session.show_nothing()  # nothing of that game to show, nor the game played last in its place
        if session.notice is not said:  # stored, but it could not be replayed (a damaged file): why, exit 1
            print(f"companion: {session.notice}", file=sys.stderr)
            code = 1
    return session, code


def _unreadable(args: argparse.Namespace, store) -> bool:
    """True when the file exists but could not be read (the store fell back to memory with a notice). A
    ``--db`` that names no file is no game, as on a machine that has none yet, said on standard error (a
    mistyped path shows)."""
    if args.db is not None and not os.path.lexists(args.db):
        print(f"companion: there is no saved games file {args.db} (yet).", file=sys.stderr)
    path = args.db if args.db is not None else default_db_path()
    return not store.persistent and store.notice is not None and os.path.lexists(path)


def status_data(session) -> dict[str, Any]:
    """The open game as one JSON-able object::

        {"game": "thirty-to-mars" | None, "title", "id": int, "status": "open" | "over" | "abandoned",
         "result": {"code", "sentence", "winners": [seat names], "ranking": [{"seat", "place", "score",
                    "detail"}]} | None,
         "phase", "to_act": {"seats": [names], "mode", "label"},
         "expects": {"kind", "purpose", "detail", "faces"} | None,
         "actions": int, "can_undo", "can_redo", "started": UTC ISO, "options", "summary": {...},
         "notice": str | None}

    Without a game only ``game`` (None) and ``notice``.
    """
    if not session.has_game:
        return {"game": None, "notice": session.notice}
    game, state = session.game, session.state
    expect = game.expects(state)
    record = session.record
    names = {s.index: s.name for s in game.seats(state)}
    result = game.result(state)
    turn = game.to_act(state)
    return {
        "game": session.game_id, "title": game.TITLE, "id": record.id,
        "status": "abandoned" if record.status == "abandoned" else session.status,
        "result": None if result is None else {
            "code": result.code, "sentence": result.sentence, "winners": [names[w] for w in result.winners],
            "ranking": [{"seat": names[r.seat], "place": r.place, "score": r.score, "detail": r.detail}
                        for r in result.ranking]},
        "phase": game.phase(state),
        "to_act": {"seats": [names[i] for i in turn.seats], "mode": turn.mode, "label": turn.label},
        "expects": ({"kind": expect.kind, "purpose": expect.purpose, "detail": expect.detail,
                     "faces": list(expect.faces)} if expect else None),
        "actions": session.seq, "can_undo": session.can_undo, "can_redo": session.can_redo,
        "started": record.created_at, "options": session.options,
        "summary": game.summary(state), "notice": session.notice,
    }


def run_status(args: argparse.Namespace) -> int:
    """``companion status [--game ID | --id N] [--db PATH] [--json]``."""
    session, code = _open(args)
    if code == 2:
        session.close()
        return code
    try:
        data = status_data(session)
        words = getattr(session.game, "status_lines", None) if session.has_game and not args.json else None
        body = words(session.state) if words is not None else None  # the game's own words for its overview
    finally:
        session.close()
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return code
    if data["game"] is None:
        if code == 0:  # an unreadable file was said on standard error: it may well hold games
            print("No game in progress.")
        return code
    state_line = {"over": "over", "abandoned": "abandoned"}.get(data["status"], "in progress")
    print(f"{data['title']} (game {data['id']}): {state_line}, {count(data['actions'], 'action')} "
          f"since {data['started']}")
    if data["result"]:
        print(data["result"]["sentence"])
        for r in data["result"]["ranking"]:
            print(f"  {r['place']}. {r['seat']}" + (f" - {r['detail']}" if r["detail"] else ""))
    else:
        who = data["to_act"]["label"] or ", ".join(data["to_act"]["seats"])
        phase = str(data["phase"])  # said once: a label that names the phase already ("Player 3: 2.3 Exchange ...")
        print(f"Phase: {who}" if phase and phase in who else f"Phase: {phase} - {who}")
    if data["expects"]:
        e = data["expects"]
        detail = f" ({e['detail']})" if e["detail"] else ""
        print(f"Waiting for: {e['kind']} - {e['purpose']}{detail}")
    print("\n".join(body if body is not None else _lines(_not_said(data))))
    return code


#: summary keys that the header already says (the game, its phase or step, who acts or whose turn it is): left
#: out of ``status``'s text
HEADER_KEYS = ("game", "phase", "step", "to_act", "current")


def _not_said(data: dict[str, Any]) -> Any:
    """``data["summary"]`` without what ``status``'s header lines said (:data:`HEADER_KEYS`); ``--json`` keeps all."""
    summary = data["summary"]
    if not isinstance(summary, dict):
        return summary
    return {k: v for k, v in summary.items() if k not in HEADER_KEYS}


def run_log(args: argparse.Namespace) -> int:
    """``companion log [--game ID | --id N] [--db PATH] [--json]``: JSON is :meth:`Session.export`."""
    session, code = _open(args)
    if code == 2:
        session.close()
        return code
    try:
        if args.json:
            data = session.export() if session.has_game else {"game": None, "actions": []}
            data["refusals"] = session.refusals()
            data["notice"] = session.notice
            print(json.dumps(data, indent=2, ensure_ascii=False))
            return code
        if not session.has_game:
            if code == 0:
                print("No game in progress.")
            return code
        entries = session.log()
        undone = sum(1 for e in entries if e.undone)
        print(f"{getattr(session.game, 'TITLE', session.game_id)}: {count(len(entries) - undone, 'action')}"
              + (f", {undone} undone (can be redone)" if undone else ""))
        from companion.rules.contract import Action
        refused = session.refusals()

        def show_refused(seq: int) -> None:
            for r in refused:
                if r["after_seq"] == seq:
                    print(f"   -  {shown(Action.from_json(r['action']))}  [refused]\n        {r['message']} "
                          f"({r['rule']})")
        names = {seat.index: seat.name for seat in session.game.seats(session.state)}

        def shown(action: Action) -> str:
            """``Action.__str__`` with the seat's name for "seat N" (the screen numbers players 1..N)."""
            text = str(action)
            return text.replace(f"seat {action.seat}: ", f"{names[action.seat]}: ", 1) \
                if action.seat in names else text
        show_refused(0)
        for entry in entries:
            mark = "  [undone]" if entry.undone else ""
            print(f"{entry.seq:>4}  {shown(entry.action)}{mark}")
            for event in entry.events:
                print(f"        {event.text}")
            show_refused(entry.seq)
        return code
    finally:
        session.close()


def run_games(args: argparse.Namespace) -> int:
    """``companion games [--db PATH] [--json]``: every stored game, oldest first.
    Each game's count of actions comes from :meth:`Store.log_extent` (two index
    lookups), so the listing costs the same however long the logs are."""
    from companion.store import Store

    store = Store.open(args.db, read_only=True)  # no game resumed: nothing of any log is read
    if store.notice and not args.json:
        print(f"companion: {store.notice}", file=sys.stderr)
    code = 1 if _unreadable(args, store) else 0
    try:
        games = [{"id": g.id, "game": g.game_id, "status": g.status, "started": g.created_at,
                  "actions": store.log_extent(g.id)[0]} for g in store.games()]
    finally:
        store.close()
    if args.json:
        print(json.dumps({"games": games, "notice": store.notice}, indent=2, ensure_ascii=False))
        return code
    if not games and code == 0:
        print("No stored games.")
    for g in games:
        print(f"{g['id']:>4}  {g['game']:<22} {g['status']:<10} started {g['started']}  "
              f"{count(g['actions'], 'action')}")
    return code


#: the longest line ``status`` prints for an item of a list (a player): a longer one is a key a line
LINE_WIDTH = 100


def _lines(value: Any, indent: int = 0) -> list[str]:
    """A summary dict as readable indented lines (nested dicts indent, a dict of
    scalars short enough on one line, lists of scalars join with commas, lists of
    dicts become one line per item, or an indented block, a key a line, for an
    item longer than :data:`LINE_WIDTH`)."""
    pad = "  " * indent
    out: list[str] = []
    for key, item in value.items():
        label = str(key).replace("_", " ")
        flat = isinstance(item, dict) and all(not isinstance(v, (dict, list)) for v in item.values())
        if flat and item and len(f"{pad}{label}: {_scalar(item)}") <= LINE_WIDTH:  # "cards: air: 4, food: 4"
            out.append(f"{pad}{label}: {_scalar(item)}")
        elif isinstance(item, dict):
            out.append(f"{pad}{label}:" + ("" if item else " none"))
            out.extend(_lines(item, indent + 1))
        elif isinstance(item, list) and any(isinstance(i, dict) for i in item):
            out.append(f"{pad}{label}:")
            for i in item:
                line = f"{pad}  - " + (", ".join(f"{k}: {_scalar(v)}" for k, v in i.items())
                                       if isinstance(i, dict) else _scalar(i))
                if isinstance(i, dict) and len(line) > LINE_WIDTH:  # a player of many facts: a key a line
                    block = _lines(i, indent + 2)
                    out.append(f"{pad}  - " + block[0].lstrip())
                    out.extend(block[1:])
                else:
                    out.append(line)
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

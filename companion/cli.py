"""``companion ...``: the command line.

Each subcommand lives in a small module that exports ``register(subparsers)``;
that function adds its parser and sets ``func`` to a callable
``func(args) -> int`` (the exit status). Modules are imported lazily so that
``companion status`` never loads pygame.
"""
from __future__ import annotations

import argparse
import importlib
import sys

#: subcommand name -> module that registers it
COMMANDS: dict[str, str] = {
    "play": "companion.cmd_play",
    "bench": "companion.cmd_play",
    "status": "companion.cmd_game",
    "log": "companion.cmd_game",
    "games": "companion.cmd_game",
    "simulate": "companion.cmd_simulate",
    "die": "companion.cmd_hw",
    "die-sim": "companion.cmd_hw",
    "buttons": "companion.cmd_hw",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) just the module that owns one subcommand."""
    return _build(only)[0]


def _build(only: str | None) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """(:func:`build_parser`'s parser, its subcommands' parsers by name)."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Mars Table Companion: keeps the books beside a real Mars board game.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    seen: set[str] = set()
    for name, module in COMMANDS.items():
        if module in seen or (only is not None and name != only):
            continue
        seen.add(module)
        try:
            importlib.import_module(module).register(sub)
        except ImportError as exc:  # a module still missing must not break the others
            p = sub.add_parser(name, help=f"(unavailable: {exc})")
            p.set_defaults(func=lambda _a, _e=exc: _unavailable(_e))
    return parser, dict(sub.choices)


def _unavailable(exc: Exception) -> int:
    print(f"companion: this command is unavailable: {exc}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``companion`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # `companion` alone (and `python -m companion`) starts the app
    only = argv[0] if argv[0] in COMMANDS else None
    parser, commands = _build(only)
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the subcommand's own parser, with its usage (argparse's top-level one has only COMMAND)
        commands.get(args.command, parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    if getattr(args, "func", None) is None:
        build_parser().print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

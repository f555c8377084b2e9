"""The ``pond-companion`` command line.

Subcommands are plugins declared in pyproject under the entry-point group
``pond_companion.commands``; each names a ``register(subparsers)`` function.
That keeps this pure core free of imports of vision, hardware and ui while one
console script serves them all. A ``register`` module must be light: heavy
imports (cv2, kivy) belong inside the command's handler.

A handler takes the parsed ``argparse.Namespace`` and returns the exit code.
Any ``CompanionError`` becomes one line on stderr and exit code 2: no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points
from pathlib import Path

from companion import __version__
from companion.errors import CompanionError
from companion.files import text_problem

GROUP = "pond_companion.commands"


def _unavailable(name: str, reason: str) -> object:
    def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        p = sub.add_parser(name, help=f"(unavailable: {reason})")

        def fail(args: argparse.Namespace) -> int:
            print(f"pond-companion {name}: unavailable here: {reason}", file=sys.stderr)
            return 2

        p.set_defaults(func=fail)

    return register


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pond-companion",
        description="Touchscreen companion for Pond, Pondscape, Ponder, BOG and Croak.",
    )
    parser.add_argument("--version", action="version", version=f"pond-companion {__version__}")
    parser.add_argument(
        "--config",
        type=Path,
        metavar="PATH",
        help="config file (default: $POND_COMPANION_CONFIG, /etc/pond-companion/config.toml, "
        "then the user config dir)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            register = ep.load()
        except ImportError as exc:
            register = _unavailable(ep.name, str(exc))
        register(sub)
    for child in _subparsers(parser):
        _accept_config_anywhere(child)
    return parser


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every parser below ``parser`` (subcommands, their actions, ...), depth first."""
    out: list[argparse.ArgumentParser] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                out.append(child)
                out.extend(_subparsers(child))
    return out


def _accept_config_anywhere(parser: argparse.ArgumentParser) -> None:
    """``--config`` after the subcommand too (``pond-companion sessions list --config X``).

    SUPPRESS keeps a value given before the subcommand when none is given after.
    """
    if any("--config" in a.option_strings for a in parser._actions):
        return
    parser.add_argument(
        "--config", type=Path, metavar="PATH", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        code = func(args)
    except CompanionError as exc:
        print(f"pond-companion: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return int(code or 0)


def one_line(text: str) -> str:
    """``text`` as one printable line: newlines, control characters and surrogates escaped."""
    text = " ".join(text.splitlines())
    if text_problem(text) is None:
        return text
    return text.encode("unicode_escape", "backslashreplace").decode("ascii")


if __name__ == "__main__":
    sys.exit(main())

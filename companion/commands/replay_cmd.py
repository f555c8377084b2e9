"""``pond-companion replay FILE [--json]``: replay a session file of any game with an engine.

The command reads the ``session/1`` file, replays it through its game (dispatching on the
file's ``game``) and prints what that game's ``report(live)`` says, as text
(``format_report``) or as one JSON object. A game with an engine provides both methods on its
``GAME`` object; the score pad has none. Exit 0 for a valid file (even with rules violations);
a malformed file is one line naming the file, the event index and the field, and exit 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="replay a session file: where the game stands, the winner, rules violations",
        description="Replay a session file (session/1) of any game with an engine and print "
        "where the game stands.",
    )
    p.add_argument("file", type=Path, metavar="FILE", help="a session/1 JSON file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.set_defaults(func=run)


def replayable_games() -> list[str]:
    """The registered games whose ``GAME`` can report a replay."""
    from companion.games import game_names, get_game

    return [n for n in game_names() if hasattr(get_game(n), "report")]


def replay_report(path: Path) -> tuple[Any, dict[str, Any]]:
    """Replay ``path``; the game object and its report as JSON data (what ``--json`` prints)."""
    from companion.errors import BadFileError
    from companion.games import get_game
    from companion.session import read_session_file, replay

    try:
        info, events = read_session_file(path)
        game = get_game(info.game, f"{path}: field 'game'")
        if not hasattr(game, "report"):
            known = ", ".join(replayable_games())
            raise BadFileError(
                f"field 'game' is {info.game!r}; replay reads sessions of the games with an "
                f"engine ({known})"
            )
        live = replay(info, events, str(path))
        report = game.report(live)  # a game may refuse a count no table can have (Croak)
    except BadFileError as exc:
        message = str(exc)
        if not message.startswith(str(path)):
            message = f"{path}: {message}"  # setup errors name the option, not the file
        raise BadFileError(message) from None
    return game, {"file": str(path), "game": info.game, **report}


def run(args: argparse.Namespace) -> int:
    game, report = replay_report(args.file)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(game.format_report(report))
    return 0

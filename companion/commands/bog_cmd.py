"""``pond-companion bog``: the legal actions of a BOG session, and typing an action into one.

``bog actions FILE [--json]`` replays a BOG session file and lists every legal action of
the player to move. ``bog play ID ACTION...`` types one action of the player to move into
stored session ``ID``: ``play CARD``, ``advance CARD PAD [fly PAD draw SLOT [refill CARD]]``
(SLOT 1 to 3, left to right), ``complete CARD``, ``score CARD``, ``cannot-act``, ``undo``,
``redo``. An impossible action is one line and exit 2 and nothing is stored; a legal one, or
one the table chose despite the rules, is stored with what the checker says.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.errors import BadFileError

ACTIONS = (
    "play CARD | advance CARD PAD [fly PAD draw SLOT [refill CARD]] | complete CARD | "
    "score CARD | cannot-act | undo | redo"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bog", help="BOG: list the legal actions, type an action into a session")
    bsub = p.add_subparsers(dest="bog_command", metavar="ACTION", required=True)
    actions = bsub.add_parser("actions", help="every legal action now in a BOG session file")
    actions.add_argument("file", type=Path, help="a session/1 JSON file of game bog")
    actions.add_argument("--json", action="store_true", help="one JSON list of events")
    actions.set_defaults(func=cmd_actions)
    play = bsub.add_parser("play", help="type one action into a stored BOG session")
    play.add_argument("--data", type=Path, metavar="FOLDER", help="data folder (default: config)")
    play.add_argument("id", type=int, help="the session id (pond-companion sessions list)")
    play.add_argument("action", nargs="+", help=ACTIONS)
    play.set_defaults(func=cmd_play)


def cmd_actions(args: argparse.Namespace) -> int:
    from companion.commands.typed_action import list_legal_actions
    from companion.games.bog.rules import legal_actions

    return list_legal_actions(args.file, "bog", args.json, legal_actions)


def _number(word: str, what: str, words: list[str]) -> int:
    if not word.isdigit():
        raise BadFileError(f"action {' '.join(words)!r}: {what} must be a number, found {word!r}")
    return int(word)


def parse_action(words: list[str], player: str) -> dict[str, Any]:
    """Typed words -> the event's JSON for ``player`` (the game's parser checks every field)."""
    kind, rest = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(rest) != n:
            raise BadFileError(f"action {' '.join(words)!r}: expected `{usage}`")

    if kind in ("undo", "redo"):
        need(0, kind)
        return {"type": kind}
    if kind == "cannot-act":
        need(0, "cannot-act")
        return {"type": "cannot_act", "player": player}
    if kind in ("play", "complete", "score"):
        need(1, f"{kind} CARD")
        return {"type": kind, "player": player, "card": rest[0].upper()}
    if kind == "advance":
        usage = "advance CARD PAD [fly PAD draw SLOT [refill CARD]]"
        if len(rest) not in (2, 4, 6, 8):
            need(2, usage)
        data: dict[str, Any] = {
            "type": "advance",
            "player": player,
            "card": rest[0].upper(),
            "to": _number(rest[1], "PAD", words),
        }
        pairs = dict(zip(rest[2::2], rest[3::2], strict=True))
        unknown = sorted(set(pairs) - {"fly", "draw", "refill"})
        if unknown:
            raise BadFileError(f"action {' '.join(words)!r}: expected `{usage}`")
        if "fly" in pairs:
            data["fly_to"] = _number(pairs["fly"], "the Fly's PAD", words)
        if "draw" in pairs:
            slot = _number(pairs["draw"], "SLOT", words)
            if slot < 1:
                raise BadFileError(f"action {' '.join(words)!r}: SLOT is 1 to 3, left to right")
            data["draw"] = slot - 1
        if "refill" in pairs:
            data["refill"] = pairs["refill"].upper()
        return data
    raise BadFileError(f"action {kind!r}: unknown (known: {ACTIONS})")


def cmd_play(args: argparse.Namespace) -> int:
    from companion.commands.typed_action import play_typed_action

    return play_typed_action(
        args, "bog", "BOG", lambda st: parse_action(list(args.action), st.names[st.to_move])
    )

"""``pond-companion ponder``: Ponder's board, its legal moves, and typing a move into a session.

``ponder board [FILE] [--json]`` checks a ``ponder-board/1`` file (default: this product's
drawing) and draws it. ``ponder moves FILE [--json]`` replays a session file and lists every
legal action now. ``ponder play ID ACTION...`` types one action into stored session ``ID``
(``throw C3 D4``, ``move bank C1``, ``move D6 D7 arrive``, ``combat D4 E5 side F5``,
``reveal blue punch straight``, ``roll blue 2``, ``pass``, ``stay``, ``paddle D4 E5``,
``undo``): an impossible action is one line and exit 2 and nothing is stored; a legal one
or one the table chose despite the rules is stored, with what the checker says.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from companion.errors import BadFileError

ACTIONS = (
    "throw FROM TO | paddle FROM TO | pass | move FROM|bank TO [arrive] | stay | "
    "combat ATTACKER DEFENDER LANDING [PUSH] | reveal TEAM CARD [MOVEMENT] | "
    "roll TEAM SEATED | undo"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("ponder", help="Ponder: check a board file, list legal moves, type a move")
    psub = p.add_subparsers(dest="ponder_command", metavar="ACTION", required=True)
    board = psub.add_parser("board", help="check and draw a ponder-board/1 file")
    board.add_argument("file", type=Path, nargs="?", help="default: this product's drawing")
    board.add_argument("--json", action="store_true", help="print the board as JSON")
    board.set_defaults(func=cmd_board)
    moves = psub.add_parser("moves", help="every legal action now in a Ponder session file")
    moves.add_argument("file", type=Path, help="a session/1 JSON file of game ponder")
    moves.add_argument("--json", action="store_true", help="one JSON list of events")
    moves.set_defaults(func=cmd_moves)
    play = psub.add_parser("play", help="type one action into a stored Ponder session")
    play.add_argument("--data", type=Path, metavar="FOLDER", help="data folder (default: config)")
    play.add_argument("id", type=int, help="the session id (pond-companion sessions list)")
    play.add_argument("action", nargs="+", help=ACTIONS)
    play.set_defaults(func=cmd_play)


def cmd_board(args: argparse.Namespace) -> int:
    from companion.games.ponder.board import (
        board_text,
        board_to_json,
        cell_name,
        default_board,
        read_board_file,
    )

    board = read_board_file(args.file) if args.file else default_board()
    if args.json:
        print(json.dumps(board_to_json(board), indent=2))
        return 0
    print(f"{board.name}: {board.columns} x {board.rows} spaces, {len(board.dots)} green dots")
    for colour, bank in board.banks.items():
        print(f"  {colour}: {bank.side} bank, {' '.join(cell_name(c) for c in bank.spaces)}")
    print(board_text(board))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    from companion.commands.typed_action import list_legal_actions
    from companion.games.ponder.report import position_text
    from companion.games.ponder.rules import legal_actions

    return list_legal_actions(args.file, "ponder", args.json, legal_actions, position_text)


def parse_action(words: list[str]) -> dict[str, Any]:
    """Typed words -> the event's JSON (the game's parser then checks every field)."""
    kind, rest = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(rest) != n:
            raise BadFileError(f"action {' '.join(words)!r}: expected `{usage}`")

    if kind in ("throw", "paddle"):
        need(2, f"{kind} FROM TO")
        return {"type": kind, "from": rest[0].upper(), "to": rest[1].upper()}
    if kind in ("pass", "stay", "undo", "redo"):
        need(0, kind)
        return {"type": kind}
    if kind == "move":
        arrive = bool(rest) and rest[-1].lower() == "arrive"
        need(3 if arrive else 2, "move FROM|bank TO [arrive]")
        source = "bank" if rest[0].lower() == "bank" else rest[0].upper()
        return {"type": "move", "from": source, "to": rest[1].upper(), "arrive": arrive}
    if kind == "combat":
        if len(rest) not in (3, 4):
            need(4, "combat ATTACKER DEFENDER LANDING [PUSH]")
        push = rest[3].upper() if len(rest) == 4 else None
        return {
            "type": "combat",
            "attacker": rest[0].upper(),
            "defender": rest[1].upper(),
            "landing": rest[2].lower(),
            "push": push,
        }
    if kind == "reveal":
        if len(rest) not in (2, 3):
            need(2, "reveal TEAM CARD [MOVEMENT]")
        data: dict[str, Any] = {"type": "reveal", "team": rest[0], "card": rest[1].lower()}
        if len(rest) == 3:
            data["movement"] = rest[2].lower()
        return data
    if kind == "roll":
        need(2, "roll TEAM SEATED")
        if not rest[1].isdigit():
            raise BadFileError(f"action {' '.join(words)!r}: SEATED must be 0 to 3")
        return {"type": "roll", "team": rest[0], "seated": int(rest[1])}
    raise BadFileError(f"action {kind!r}: unknown (known: {ACTIONS})")


def cmd_play(args: argparse.Namespace) -> int:
    from companion.commands.typed_action import play_typed_action

    data = parse_action(list(args.action))  # a malformed action is refused before the store
    return play_typed_action(args, "ponder", "Ponder", lambda _st: data)

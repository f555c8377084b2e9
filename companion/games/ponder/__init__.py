"""Ponder: the live rules engine (board, setup, the three actions of a turn, combat, finish).

Game object
    ``GAME``: follows ``companion.games.base.Game``; the registry finds it as "ponder".

Board (``ponder-board/1``, ``docs/formats/ponder-board.md``)
    ``PonderBoard`` (``columns``, ``rows``, ``dots``, ``banks``: colour -> ``Bank(side,
    spaces)``), ``load_board(data, where)``, ``read_board_file(path)``, ``board_to_json``,
    ``default_board()`` (this product's drawing), ``cell_name`` / ``parse_cell``.

Events (``docs/formats/ponder-session.md``; frozen, exact JSON round trip)
    ``Reveal(team, Card)``, ``Roll(team, seated)``, ``Throw(source, target)``,
    ``Paddle(source, target)``, ``Pass()``, ``Move(source | None, target, arrive)``,
    ``Stay()``, ``Combat(attacker, defender, landing, push)``.

Rules
    ``legal_actions(state)``: every legal event now; ``frog_moves(state, source, card)``;
    ``recoverable(state)``; ``push_spaces``; ``check`` (via ``GAME.check``) names what is
    wrong and never raises.

Demo
    ``companion.games.ponder.demo``: seeded random play through legal moves only.
"""

from __future__ import annotations

from companion.games.ponder.board import (
    Bank,
    PonderBoard,
    board_to_json,
    cell_name,
    default_board,
    load_board,
    parse_cell,
    read_board_file,
)
from companion.games.ponder.checker import RULES
from companion.games.ponder.events import (
    ALL_CARDS,
    BANK,
    CARD_TITLES,
    CARD_TYPES,
    LANDINGS,
    MOVEMENTS,
    Card,
    Combat,
    Move,
    Paddle,
    Pass,
    Reveal,
    Roll,
    Stay,
    Throw,
    parse_event,
)
from companion.games.ponder.game import GAME, Ponder
from companion.games.ponder.rules import (
    all_frog_moves,
    combats,
    frog_moves,
    legal_actions,
    push_spaces,
    recoverable,
)
from companion.games.ponder.state import FROGS, PHASE_TITLES, PHASES, PonderState, Team

__all__ = [
    "ALL_CARDS",
    "BANK",
    "CARD_TITLES",
    "CARD_TYPES",
    "FROGS",
    "GAME",
    "LANDINGS",
    "MOVEMENTS",
    "PHASES",
    "PHASE_TITLES",
    "RULES",
    "Bank",
    "Card",
    "Combat",
    "Move",
    "Paddle",
    "Pass",
    "Ponder",
    "PonderBoard",
    "PonderState",
    "Reveal",
    "Roll",
    "Stay",
    "Team",
    "Throw",
    "all_frog_moves",
    "board_to_json",
    "cell_name",
    "combats",
    "default_board",
    "frog_moves",
    "legal_actions",
    "load_board",
    "parse_cell",
    "parse_event",
    "push_spaces",
    "read_board_file",
    "recoverable",
]

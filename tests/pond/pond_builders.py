"""Small builders for Pond tests: players, sessions and boards written the way a table sees them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.base import Player
from companion.games.pond import Board, PondContent
from companion.session import LiveSession, SessionInfo

NAMES = ("Ana", "Ben", "Cy", "Dee")
FACTIONS = ("wizard", "pumpkin", "banana", "cowboy")


def players(count: int) -> tuple[Player, ...]:
    return tuple(Player(NAMES[i], {"faction": FACTIONS[i]}) for i in range(count))


def info(count: int, **options: Any) -> SessionInfo:
    return SessionInfo("pond", players(count), options)


def session(count: int, **options: Any) -> LiveSession:
    return LiveSession(info(count, **options))


def pond(
    frogs: Mapping[str, int] | None = None,
    fwooogs: Iterable[str] = (),
    lilypad: str | None = None,
    lilypad_fwooog: str | None = None,
) -> PondContent:
    kept = sorted((f, n) for f, n in (frogs or {}).items() if n)
    return PondContent(tuple(kept), tuple(sorted(fwooogs)), lilypad, lilypad_fwooog)


def board(**ponds: PondContent) -> Board:
    return Board(tuple(ponds.items()))


def setup_board_4(**changes: PondContent) -> Board:
    """The 13-pond setup for 4 players (a Long Fwooog in N, E, S, W; a free lilypad in F),
    with some ponds replaced."""
    base = {
        "F": pond(lilypad="free"),
        "N": pond(fwooogs=["wizard"]),
        "E": pond(fwooogs=["pumpkin"]),
        "S": pond(fwooogs=["banana"]),
        "W": pond(fwooogs=["cowboy"]),
    }
    base.update(changes)
    return Board(tuple(base.items()))


def advance(live: LiveSession, phases: int) -> None:
    from companion.games.pond import NextPhase

    for _ in range(phases):
        live.play(NextPhase())

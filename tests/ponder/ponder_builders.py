"""Build Ponder positions from a few words: pads, frogs and cards by space name."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.base import Player
from companion.games.ponder import (
    PHASES,
    Card,
    PonderState,
    default_board,
    parse_cell,
)
from companion.games.ponder.board import Cell
from companion.games.ponder.state import initial_state
from companion.turns import TurnFlow

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def cells(text: str) -> list[Cell]:
    found = [parse_cell(word) for word in text.split()]
    assert all(c is not None for c in found), text
    return [c for c in found if c is not None]


def c(name: str) -> Cell:
    cell = parse_cell(name)
    assert cell is not None
    return cell


def card(text: str) -> Card:
    """ "straight", "punch any" ..."""
    kind, *movement = text.split()
    return Card(kind, movement[0] if movement else None)


def players(*colours: str) -> list[Player]:
    return [Player(NAMES[i], {"colour": col}) for i, col in enumerate(colours)]


def position(
    teams: tuple[str, ...] = ("orange", "blue"),
    pads: str | None = None,
    frogs: dict[str, str] | None = None,
    arrived: dict[str, str] | None = None,
    cards: dict[str, str] | None = None,
    seat: int = 0,
    phase: str = "throw",
    deck: dict[str, int] | None = None,
    **fields: Any,
) -> PonderState:
    """A started game: ``pads`` (default: the green dots), frogs in the Marsh per colour
    (the rest on the bank), arrived frogs by the space they left from, face-up cards."""
    st = initial_state(default_board(), players(*teams), list(teams), deck)
    frogs = frogs or {}
    arrived = arrived or {}
    cards = cards or {}
    new_teams = []
    for team in st.teams:
        marsh = tuple(sorted(cells(frogs.get(team.colour, ""))))
        gone = tuple(cells(arrived.get(team.colour, "")))
        new_teams.append(
            replace(
                team,
                frogs=marsh,
                on_bank=3 - len(marsh) - len(gone),
                arrived=gone,
                card=card(cards.get(team.colour, "straight")),
            )
        )
    flow = TurnFlow(PHASES, len(teams), seat=seat, phase_index=PHASES.index(phase))
    return replace(
        st,
        teams=tuple(new_teams),
        pads=frozenset(cells(pads)) if pads is not None else st.pads,
        flow=flow,
        started=True,
        rolling=(),
        first=seat,
        **fields,
    )


def messages(violations: list[Any]) -> list[str]:
    return [v.message for v in violations]

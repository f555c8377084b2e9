"""Turn flow, kept apart from each game's own data (as boardgame.io does).

A game declares its phases as data (``("start", "main", "end")``); ``TurnFlow``
says whose turn and which phase it is and what comes next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class TurnFlow:
    """Whose turn (seat index in turn order), which phase, and the turn number (from 1)."""

    phases: tuple[str, ...]
    players: int
    seat: int = 0
    phase_index: int = 0
    turn: int = 1

    @property
    def phase(self) -> str:
        return self.phases[self.phase_index]

    def next_phase(self) -> TurnFlow:
        """The next phase; after the last one, the first phase of the next player clockwise."""
        if self.phase_index + 1 < len(self.phases):
            return replace(self, phase_index=self.phase_index + 1)
        return replace(self, seat=(self.seat + 1) % self.players, phase_index=0, turn=self.turn + 1)


@dataclass(frozen=True)
class NextTurn:
    """``{"type": "next_turn"}``: the seat to play has finished their turn (any game)."""

    type: str = "next_turn"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}

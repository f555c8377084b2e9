"""The coach (an option, off by default): what a card in hand would add in each free cell.

A learning aid, not a rule: for a card the player holds, the points each free cell of
their pond would add to the score **now** (the end-game score of the pond with the card
minus without it), face up and face down. Later cards change every number.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.tableau import Card, PlayerPond, WaterCard


@dataclass(frozen=True)
class CellGain:
    """What placing the card at (row, column) would add now; None: that side was not given."""

    row: int
    column: int
    face_up: int | None
    face_down: int | None


def _with(pond: PlayerPond, row: int, column: int, card: Card) -> PlayerPond:
    rows = [list(cells) for cells in pond.pond]
    rows[row][column] = card
    return replace(pond, pond=(tuple(rows[0]), tuple(rows[1]), tuple(rows[2])))


def coach(pond: PlayerPond, front: Card | None, back: WaterCard | None) -> list[CellGain]:
    """The gain of ``front`` (face up) and ``back`` (face down) in every free cell, in
    reading order. The hand loses the card either way, so the tie-break is left alone."""
    now = score_player(pond).total
    gains: list[CellGain] = []
    for row, column in pond.empty_cells():
        up = score_player(_with(pond, row, column, front)).total - now if front else None
        down = score_player(_with(pond, row, column, back)).total - now if back else None
        gains.append(CellGain(row, column, up, down))
    return gains


def best(gains: list[CellGain]) -> CellGain | None:
    """The cell with the largest gain on either side (the first in reading order on a tie)."""
    scored = [(max(g.face_up or 0, g.face_down or 0), -i, g) for i, g in enumerate(gains)]
    return max(scored)[2] if scored else None

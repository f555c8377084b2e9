"""Who controls each pond and each lilypad on a board.

Rulebook, End Phase: "You control a Pond if you have the most pieces, which
counts both Frogs and Long Fwooogs, in that Pond. No one controls a Pond in
case of a tie." and "You control a Lilypad if you have a Frog on that Lilypad.
You do not need to control a Pond to control a Lilypad in that Pond."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.pond.events import FACTIONS, LILYPAD_FREE, Board, PondContent


@dataclass(frozen=True)
class BoardControl:
    """The controller (a faction, or None) of each pond and of each pond's lilypad.

    ``lilypads`` only lists the ponds that hold a lilypad.
    """

    ponds: Mapping[str, str | None]
    lilypads: Mapping[str, str | None]

    def count(self, faction: str) -> tuple[int, int]:
        """How many ponds and how many lilypads ``faction`` controls."""
        ponds = sum(1 for owner in self.ponds.values() if owner == faction)
        lilypads = sum(1 for owner in self.lilypads.values() if owner == faction)
        return ponds, lilypads


def pond_controller(content: PondContent) -> str | None:
    """The faction with strictly the most pieces (frogs and Long Fwooogs) in the pond, or None."""
    best: str | None = None
    best_count = 0
    tied = False
    for faction in FACTIONS:
        n = content.pieces_of(faction)
        if n > best_count:
            best, best_count, tied = faction, n, False
        elif n == best_count and n > 0:
            tied = True
    return None if tied else best


def lilypad_controller(content: PondContent) -> str | None:
    """The faction whose frog is on the pond's lilypad (a Long Fwooog there controls nothing).

    A board naming a lilypad holder with no frog of theirs in the pond contradicts
    itself ("You control a Lilypad if you have a Frog on that Lilypad"): nobody
    controls that lilypad, and the checker flags the board (``lilypad-without-frog``).
    """
    if content.lilypad is None or content.lilypad == LILYPAD_FREE:
        return None
    if content.frogs_of(content.lilypad) == 0:
        return None
    return content.lilypad


def control_of(board: Board, pond_ids: tuple[str, ...] | None = None) -> BoardControl:
    """The controller of every pond and lilypad on ``board``.

    ``pond_ids`` (for example ``layout.pond_ids``) lists every pond of the map so
    that empty ponds appear with controller None; by default only the ponds the
    board names are listed.
    """
    ids = pond_ids if pond_ids is not None else tuple(pid for pid, _ in board.ponds)
    ponds: dict[str, str | None] = {}
    lilypads: dict[str, str | None] = {}
    for pond_id in ids:
        content = board.pond(pond_id)
        ponds[pond_id] = pond_controller(content)
        if content.lilypad is not None:
            lilypads[pond_id] = lilypad_controller(content)
    return BoardControl(ponds, lilypads)

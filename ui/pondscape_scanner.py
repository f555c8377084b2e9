"""One step of a Pondscape pond scan, run on a worker for each new camera frame.

Reads the tags (``vision.tags.read_tags``), fits the 3x5 grid from the food
row (``vision.pondscape_grid``) for the overlay the preview draws, and adds the
frame's reading to the vote (``vision.pondscape_scan``); once enough frames
agree the voted ``PlayerPond`` is ready. Everything here is pure on arrays and
returns plain data: the screen draws it on the main thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.games.pondscape.tableau import PlayerPond

if TYPE_CHECKING:
    from vision.tags import Decoder

Point = tuple[float, float]


@dataclass
class ScanStep:
    """What one frame gave: overlay shapes (frame pixels), vote progress, and the pond when done."""

    tags: list[tuple[tuple[Point, ...], str]] = field(default_factory=list)  # (corners, kind)
    grid: list[list[Point]] = field(default_factory=list)  # polylines
    votes: int = 0
    needed: int = 1
    pond: PlayerPond | None = None
    message: str = ""
    warnings: list[str] = field(default_factory=list)


class PondscapeScanner:
    """Scans one player's pond frame by frame and votes across frames (``PondVoter``).

    A frame counts as a vote when the grid could be fitted on it; once
    ``votes_needed`` frames voted, the voted pond is the result.
    """

    def __init__(
        self,
        catalog: Any,
        player: str,
        *,
        tucked: dict[str, int] | None = None,
        hand: int = 0,
        votes_needed: int = 5,
        decoder: Decoder = "zxing",
        second_opinion: bool = True,
    ) -> None:
        import cv2

        from vision.pondscape_scan import PondVoter

        # One thread: the scan shares the Pi with the preview, and OpenCV's
        # threads do not make the small crops of a scan faster.
        cv2.setNumThreads(1)

        self.catalog = catalog
        self.player = player
        self.tucked = dict(tucked or {})
        self.hand = hand
        self.needed = max(1, votes_needed)
        self.decoder = decoder
        self.second_opinion = second_opinion
        self.voter = PondVoter(catalog, n=self.needed)
        self.votes = 0
        self.errors: list[str] = []

    def step(self, frame: Any) -> ScanStep:
        from vision.pondscape_scan import scan_frame

        # Cells the vote has decided are not looked for again: only open ones are.
        scan = scan_frame(
            frame,
            self.catalog,
            decoder=self.decoder,
            second_opinion=self.second_opinion,
            settled=self.voter.settled(),
        )
        out = ScanStep(needed=self.needed)
        placed = {id(p.tag) for cell in scan.placements.values() for p in cell if p.tag is not None}
        unplaced = {id(t) for t in scan.unplaced}
        food_cards = set(scan.food.values())
        for r in scan.reads:
            if not r.ours:
                continue
            if r.card is not None and r.card in food_cards:
                kind = "food"
            elif id(r) in placed:
                kind = "pond"
            elif id(r) in unplaced:
                kind = "stray"
            else:
                kind = "pond" if scan.grid is not None else "stray"
            out.tags.append((tuple(r.corners), kind))
        if scan.grid is not None:
            out.grid = grid_lines(scan.grid)
            self.voter.add(scan)
            self.votes += 1
        out.votes = self.votes
        out.warnings = list(scan.warnings)
        if scan.grid is None:
            out.message = "Looking for the food row..."
        elif self.votes < self.needed:
            out.message = f"{len(scan.placements)} cards seen: voting {self.votes}/{self.needed}"
        else:
            result = self.voter.result(player=self.player, tucked=self.tucked, hand=self.hand)
            out.pond = result.player
            out.warnings = list(result.warnings)
            self.errors = list(result.errors)
            out.message = "Scanned" if result.player is not None else "; ".join(result.errors)
        return out


def grid_lines(fit: Any) -> list[list[Point]]:
    """The cell borders of the 3x5 pond and the food row, as polylines in frame pixels."""
    lines: list[list[Point]] = []
    for r in range(5):  # borders between rows -0.5 .. 3.5
        y = r - 0.5
        lines.append([fit.to_image(c - 0.5, y) for c in range(6)])
    for c in range(6):
        x = c - 0.5
        lines.append([fit.to_image(x, r - 0.5) for r in range(5)])
    return lines

"""Scanning one player's Pondscape pond: tags -> grid -> cells -> votes -> tableau.

Stages (each a function on plain data; drawing is ``vision.annotate``):

- ``place_tags(reads, catalog) -> FrameScan``: which of a frame's tags are the
  food row, fit the grid (``vision.pondscape_grid``) and put every pond tag in
  its cell, with warnings for what does not fit.
- ``scan_frame(frame, catalog)``: ``read_tags`` + ``place_tags``, then a second
  look at full resolution where the grid says a tag should be but none was read.
- ``PondVoter``: temporal voting over the last N frames: a card's cell and side
  are what most frames agree on, so one bad frame changes nothing.
- ``scan_frames(frames, catalog, player=..., tucked=..., hand=...) -> PondScan``:
  all of the above over several frames of the same pond; ``PondScan.player`` is
  the tableau's ``PlayerPond`` ready for the Pondscape scorer.

Frames are ``vision.frames.Frame``: uint8 (H, W, 3) BGR.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.games.pondscape.tableau import (
    COLUMNS,
    FORMAT,
    ROWS,
    Card,
    PlayerPond,
    Row,
    player_to_json,
)
from vision.catalog import Catalog
from vision.pondscape_grid import FIT_TOLERANCE, FOOD_ROW, GridFit, fit_grid, order_food_row
from vision.tags import (
    Decoder,
    TagRead,
    dominant_angle,
    our_tags,
    read_crop,
    read_tags,
    to_grey,
)

Cell = tuple[int, int]  # (row, column)


@dataclass(frozen=True)
class Placement:
    """A card seen in a cell: catalog ``number``, ``side`` ("F" face up, "B" face down)."""

    row: int
    column: int
    number: str
    side: str
    card: Card | None  # None when the catalog does not know the number
    votes: int = 1
    tag: TagRead | None = None


@dataclass
class FrameScan:
    """What one frame shows of the pond."""

    reads: list[TagRead]
    grid: GridFit | None
    placements: dict[Cell, list[Placement]] = field(default_factory=dict)
    food: dict[int, str] = field(default_factory=dict)  # column -> food card number
    unplaced: list[TagRead] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def foreign(self) -> list[TagRead]:
        return [r for r in self.reads if not r.ours]


def _cell_name(cell: Cell) -> str:
    return f"cell (row {cell[0]}, column {cell[1]})"


def place_tags(reads: Sequence[TagRead], catalog: Catalog) -> FrameScan:
    """Fit the grid to one frame's tags and put each pond tag in its cell."""
    ps = our_tags(reads, "PS")
    scan = FrameScan(list(reads), None)
    food_tags: list[TagRead] = []
    seen_food: set[str] = set()
    pond_tags: list[TagRead] = []
    for t in ps:
        assert t.card is not None
        if catalog.food(t.card) is not None:
            if t.card not in seen_food:
                seen_food.add(t.card)
                food_tags.append(t)
        else:
            pond_tags.append(t)
    if len(food_tags) < 2:
        scan.warnings.append(
            f"no food row in view: {len(food_tags)} of the 5 food card tags read "
            "(the pond is placed from the food row)"
        )
        scan.unplaced = pond_tags
        return scan
    food = order_food_row(food_tags)
    columns = _catalog_columns(food, catalog)
    if columns is not None:
        # The catalog fixes each food card's column: no guessing from the gaps.
        food = list(zip(columns, (t for _, t in food), strict=True))
        grid = fit_grid(food, pond_tags, offsets=(0,))
    else:
        grid = fit_grid(food, pond_tags)
    if grid is None:
        scan.warnings.append("the food row's tags do not give a usable grid")
        scan.unplaced = pond_tags
        return scan
    scan.grid = grid
    for t in food_tags:
        r, c, d = grid.cell_of(t.centre)
        if r == FOOD_ROW and 0 <= c < COLUMNS and d < FIT_TOLERANCE:
            assert t.card is not None
            scan.food[c] = t.card
    for t in pond_tags:
        assert t.card is not None and t.side is not None
        r, c, d = grid.cell_of(t.centre)
        if not (0 <= r < ROWS and 0 <= c < COLUMNS) or d >= FIT_TOLERANCE:
            scan.unplaced.append(t)
            continue
        card = catalog.side(t.card, t.side)
        scan.placements.setdefault((r, c), []).append(Placement(r, c, t.card, t.side, card, 1, t))
    for t in scan.unplaced:
        scan.warnings.append(f"tag {t.payload} at pixel {_px(t)} does not fit the grid: not placed")
    return scan


def _catalog_columns(food: Sequence[tuple[int, TagRead]], catalog: Catalog) -> list[int] | None:
    """The food tags' columns from the catalog, when it lists them in table order.

    The rulebook gives the five food cards a strict order; a catalog lists each
    player's set of five in that order, so a number's place in its set is its
    column. Used only when it agrees with the left-to-right order in the image.
    """
    numbers = list(catalog.food_cards)
    if len(numbers) % 5:
        return None
    columns = []
    for _, tag in food:
        key = Catalog.key(tag.card or "", catalog.food_cards)
        if key is None:
            return None
        columns.append(numbers.index(key) % 5)
    if any(b <= a for a, b in itertools.pairwise(columns)):
        return None
    return columns


def _px(t: TagRead) -> str:
    return f"({t.centre[0]:.0f}, {t.centre[1]:.0f})"


def expected_tag_boxes(scan: FrameScan) -> list[tuple[float, float, float, float]]:
    """Frame-pixel boxes where the grid expects a tag that was not read."""
    if scan.grid is None:
        return []
    boxes = []
    cells = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if (r, c) not in scan.placements]
    cells += [(FOOD_ROW, c) for c in range(COLUMNS) if c not in scan.food]
    for r, c in cells:
        x, y = scan.grid.to_image(c, r)
        half = 0.42 * scan.grid.pitch_px(c, r)
        boxes.append((x - half, y - half, x + half, y + half))
    return boxes


def scan_frame(
    frame: npt.NDArray[np.uint8],
    catalog: Catalog,
    *,
    decoder: Decoder = "zxing",
    second_opinion: bool = True,
) -> FrameScan:
    """Read and place one frame (uint8 (H, W, 3) BGR), looking twice where tags are missing."""
    grey = to_grey(frame)
    reads = read_tags(grey, decoder, second_opinion=second_opinion)
    scan = place_tags(reads, catalog)
    boxes = expected_tag_boxes(scan)
    if boxes:
        known = {r.payload for r in reads}
        angle = dominant_angle(reads)
        more = []
        for box in boxes:
            found = read_crop(
                grey,
                box,
                decoder=decoder,
                second_opinion=second_opinion,
                expected=True,
                angle=angle,
            )
            more += [r for r in found if r.payload not in known]
        if more:
            scan = place_tags(reads + more, catalog)
    return scan


# --- voting over frames ---------------------------------------------------------------


@dataclass
class PondScan:
    """The scan result: per-cell placements, the food row, warnings and errors.

    ``errors`` are reasons the scan is unusable (no food row in any frame, an
    incomplete food row); ``warnings`` are what it could not fill or place.
    ``player`` is the tableau player (None when there are errors).
    """

    placements: dict[Cell, Placement]
    food: dict[int, str]
    food_row: tuple[str, ...] | None
    warnings: list[str]
    errors: list[str]
    grid: GridFit | None
    frames: list[FrameScan]
    player: PlayerPond | None = None

    def tableau_json(self) -> dict[str, Any]:
        """A one-player ``pondscape-tableau/1`` document (needs ``player``)."""
        if self.player is None:
            raise ValueError("the scan has no player: " + "; ".join(self.errors))
        return {"format": FORMAT, "solo": False, "players": [player_to_json(self.player)]}

    @property
    def foreign(self) -> int:
        """Codes read that are not our tags (ignored), in the frame that showed most."""
        return max((len(f.foreign) for f in self.frames), default=0)

    def report_json(self) -> dict[str, Any]:
        return {
            "cells": [
                {"row": r, "column": c, "card": p.number, "side": p.side, "votes": p.votes}
                for (r, c), p in sorted(self.placements.items())
            ],
            "food": {str(c): n for c, n in sorted(self.food.items())},
            "warnings": self.warnings,
            "errors": self.errors,
            "foreign": self.foreign,
            "frames": len(self.frames),
            "frames_with_grid": sum(1 for f in self.frames if f.grid is not None),
        }


class PondVoter:
    """Temporal voting across the last ``n`` frames of one pond.

    ``add(frame_reads)`` takes a ``FrameScan`` (or a frame's ``TagRead`` list,
    placed with the catalog); ``result()`` gives the ``PondScan`` most frames
    agree on: a card counts when it was seen in more than a third of the frames
    that showed the grid, in the cell and side most of those frames saw.
    """

    def __init__(self, catalog: Catalog, n: int = 5) -> None:
        if n < 1:
            raise ValueError("PondVoter needs n >= 1")
        self.catalog = catalog
        self.frames: deque[FrameScan] = deque(maxlen=n)

    def add(self, frame_reads: FrameScan | Sequence[TagRead]) -> FrameScan:
        scan = (
            frame_reads
            if isinstance(frame_reads, FrameScan)
            else place_tags(frame_reads, self.catalog)
        )
        self.frames.append(scan)
        return scan

    def clear(self) -> None:
        self.frames.clear()

    def result(self, **player: Any) -> PondScan:
        return vote(list(self.frames), self.catalog, **player)


def _mode(values: list[Any]) -> tuple[Any, int]:
    """Most common value and its count; a tie goes to the value seen last (newest frame)."""
    counts = Counter(values)
    last = {v: i for i, v in enumerate(values)}
    return max(counts.items(), key=lambda kv: (kv[1], last[kv[0]]))


def vote(
    frames: Sequence[FrameScan],
    catalog: Catalog,
    *,
    player: str = "Player",
    tucked: Mapping[str, int] | None = None,
    hand: int = 0,
) -> PondScan:
    """Combine frames of the same pond into one ``PondScan`` (see ``PondVoter``)."""
    gridded = [f for f in frames if f.grid is not None]
    warnings: list[str] = []
    errors: list[str] = []
    m = len(gridded)
    if m == 0:
        reason = frames[-1].warnings[0] if frames and frames[-1].warnings else "no frames"
        errors.append(reason)
    # Per card: every (cell, side) it was seen at, one vote per frame.
    seen: dict[str, list[tuple[Cell, str]]] = {}
    for f in gridded:
        in_frame: dict[str, tuple[Cell, str]] = {}
        for cell, ps in f.placements.items():
            for p in ps:
                in_frame.setdefault(p.number, (cell, p.side))
        for number, seen_at in in_frame.items():
            seen.setdefault(number, []).append(seen_at)
    claims: dict[Cell, list[Placement]] = {}
    for number, obs in seen.items():
        if len(obs) * 3 <= m:
            continue  # seen in too few frames: a misread, not a card
        cell, votes = _mode([o[0] for o in obs])
        side, _ = _mode([o[1] for o in obs if o[0] == cell])
        card = catalog.side(number, side)
        claims.setdefault(cell, []).append(Placement(cell[0], cell[1], number, side, card, votes))
    placements: dict[Cell, Placement] = {}
    for cell, ps in sorted(claims.items()):
        ps.sort(key=lambda p: -p.votes)
        if len(ps) > 1 and ps[0].votes == ps[1].votes:
            names = " and ".join(p.number for p in ps)
            warnings.append(f"{_cell_name(cell)}: two cards claim it ({names}): left empty")
            continue
        p = ps[0]
        if p.card is None:
            warnings.append(
                f"{_cell_name(cell)}: card {p.number} is not in the catalog "
                f"{catalog.source}: left empty"
            )
            continue
        placements[cell] = p
    # Food row: per column, the number most frames read there.
    food: dict[int, str] = {}
    for c in range(COLUMNS):
        numbers = [f.food[c] for f in gridded if c in f.food]
        if numbers:
            food[c] = _mode(numbers)[0]
    for f in gridded:
        for w in f.warnings:
            if w not in warnings:
                warnings.append(w)
    food_row = _food_row(food, catalog, warnings, errors) if m else None
    for r in range(ROWS):
        for c in range(COLUMNS):
            if (
                m
                and (r, c) not in placements
                and not any(_cell_name((r, c)) in w for w in warnings)
            ):
                warnings.append(f"{_cell_name((r, c))}: no card read: left empty")
    scan = PondScan(
        placements,
        food,
        food_row,
        warnings,
        errors,
        gridded[-1].grid if gridded else None,
        list(frames),
    )
    for food_type, count in (tucked or {}).items():
        if food_row is not None and food_type not in food_row:
            errors.append(
                f"tucked food {food_type!r} is not in the food row ({', '.join(food_row)})"
            )
        if count < 0:
            errors.append(f"tucked[{food_type!r}] must be 0 or more, found {count}")
    if food_row is not None and not errors:
        pond = tuple(
            tuple(placements[(r, c)].card if (r, c) in placements else None for c in range(COLUMNS))
            for r in range(ROWS)
        )
        rows: tuple[Row, Row, Row] = (pond[0], pond[1], pond[2])
        scan.player = PlayerPond(player, food_row, dict(tucked or {}), hand, rows)
    return scan


def _food_row(
    food: dict[int, str], catalog: Catalog, warnings: list[str], errors: list[str]
) -> tuple[str, ...] | None:
    names = {c: catalog.food(n) for c, n in food.items()}
    missing = [c for c in range(COLUMNS) if names.get(c) is None]
    used = [n for n in names.values() if n is not None]
    if len(set(used)) != len(used):
        errors.append(f"food row: a food type appears twice ({', '.join(used)})")
        return None
    if missing:
        kinds = list(dict.fromkeys(catalog.food_cards.values()))
        left = [k for k in kinds if k not in used]
        if len(missing) == 1 and len(left) == 1:
            names[missing[0]] = left[0]
            warnings.append(
                f"food row column {missing[0]}: tag not read; "
                f"it must be {left[0]} (the one food left)"
            )
        else:
            errors.append(
                f"food row: only {COLUMNS - len(missing)} of the 5 food cards read "
                f"(columns {', '.join(map(str, missing))} missing)"
            )
            return None
    return tuple(str(names[c]) for c in range(COLUMNS))


def scan_frames(
    frames: Iterable[npt.NDArray[np.uint8]],
    catalog: Catalog,
    *,
    player: str = "Player",
    tucked: Mapping[str, int] | None = None,
    hand: int = 0,
    decoder: Decoder = "zxing",
    second_opinion: bool = True,
) -> PondScan:
    """Scan several frames (uint8 (H, W, 3) BGR) of one pond and vote them into one pond."""
    scans = [scan_frame(f, catalog, decoder=decoder, second_opinion=second_opinion) for f in frames]
    return vote(scans, catalog, player=player, tucked=tucked, hand=hand)

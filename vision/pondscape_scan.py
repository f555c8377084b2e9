"""Scanning one player's Pondscape pond: tags -> grid -> cells -> votes -> tableau.

Stages (each a function on plain data; drawing is ``vision.annotate``):

- ``place_tags(reads, catalog) -> FrameScan`` (``vision.pondscape_place``):
  which of a frame's tags are our food row, fit the grid
  (``vision.pondscape_grid``) and put every pond tag in its cell, with
  warnings for what does not fit.
- ``scan_frame(frame, catalog)``: one fast pass + ``place_tags``, then a look
  at full resolution only where the grid says a tag should be but none was
  read (and the crop looks like a code).
- ``PondVoter``: temporal voting over the last N frames: a card's cell and side
  are what most frames agree on, so one bad frame changes nothing.
- ``scan_frames(frames, catalog, player=..., tucked=..., hand=...) -> PondScan``:
  all of the above over several frames of the same pond; ``PondScan.player`` is
  the tableau's ``PlayerPond`` ready for the Pondscape scorer.

Frames are ``vision.frames.Frame``: uint8 (H, W, 3) BGR.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.games.pondscape.tableau import (
    COLUMNS,
    FORMAT,
    ROWS,
    PlayerPond,
    Row,
    player_to_json,
)
from vision.catalog import Catalog
from vision.frames import MIN_IMAGE_SIDE
from vision.grey_frame import GreyFrame, likely_codes
from vision.pondscape_grid import FOOD_ROW, GridFit, is_food_row
from vision.pondscape_place import (
    Cell,
    FrameScan,
    Placement,
    _cell_name,
    food_row_boxes,
    place_tags,
)
from vision.tags import (
    COARSE_MAX_SIDE,
    Decoder,
    TagRead,
    already_read,
    decode,
    dominant_angle,
    looks_like_code,
    offset_reads,
    our_tags,
    read_crop,
    read_tags,
)

__all__ = [
    "Cell",
    "FrameScan",
    "Placement",
    "PondScan",
    "PondVoter",
    "expected_tag_boxes",
    "first_pass",
    "place_tags",
    "scan_frame",
    "scan_frames",
    "vote",
]


def expected_tag_boxes(
    scan: FrameScan, settled: Iterable[Cell] = ()
) -> list[tuple[Cell, tuple[float, float, float, float]]]:
    """(cell, frame-pixel box) where the grid expects a tag that was not read.

    Cells in ``settled`` (the vote over earlier frames has decided them) are
    not looked at again. The box is about two tags wide round the grid point:
    the grid is fitted to the tags themselves, so a missing tag is there.
    """
    if scan.grid is None:
        return []
    skip = set(settled)
    cells = [
        (r, c)
        for r in range(ROWS)
        for c in range(COLUMNS)
        if (r, c) not in scan.placements and (r, c) not in skip
    ]
    cells += [(FOOD_ROW, c) for c in range(COLUMNS) if c not in scan.food]
    sides = [t.side_length for t in our_tags(scan.reads, "PS")]
    out = []
    for r, c in cells:
        x, y = scan.grid.to_image(c, r)
        pitch = scan.grid.pitch_px(c, r)
        # A tag is about 0.2-0.4 of the column pitch; without reads, assume the larger.
        tag = float(np.median(sides)) if sides else 0.4 * pitch
        half = min(0.45 * pitch, max(1.2 * tag, 0.22 * pitch))
        out.append(((r, c), (x - half, y - half, x + half, y + half)))
    return out


def first_pass(grey: GreyFrame, decoder: Decoder = "zxing") -> list[TagRead]:
    """The frame decoded once at full resolution, fast settings.

    zxing-cpp reads a 12 MP frame whole in about 22 ms on one core and reads
    more of the small tags at full resolution than on a reduced copy. Frames
    over ``COARSE_MAX_SIDE`` pixels long are read only over the part where
    anything looks like a code (``likely_codes``: the bare table is skipped,
    and so is its grey conversion). zbar is too slow for a full-resolution
    pass (about 0.5 s), so with zbar primary this is the two-pass reader's
    coarse pass and its candidate regions.
    """
    if decoder != "zxing":
        return read_tags(grey.whole(), decoder, second_opinion=False)
    box = likely_codes(grey.frame) if max(grey.shape) > COARSE_MAX_SIDE else None
    if box is None:
        return decode(grey.whole(), "zxing", thorough=False)
    x0, y0, x1, y1 = box
    part = grey.region(box)[y0:y1, x0:x1]
    return offset_reads(decode(part, "zxing", thorough=False), x0, y0)


def scan_frame(
    frame: npt.NDArray[np.uint8],
    catalog: Catalog,
    *,
    decoder: Decoder = "zxing",
    second_opinion: bool = True,
    settled: Iterable[Cell] = (),
) -> FrameScan:
    """Read and place one frame (uint8 (H, W, 3) BGR, or grey (H, W)).

    Decode effort goes only where it is needed: one fast pass over the frame
    (``first_pass``: a large frame only where codes are likely, converted to grey
    only where it is looked at); then, only where the fitted grid expects a tag that is still
    missing (and not ``settled`` by earlier frames' votes) and the crop looks
    like a code, a full-resolution look with every try (enlarged, the other
    decoder, turned square). When the fast pass gives no grid, the two-pass
    reader's candidate regions (only those about the size of the tags read)
    are decoded, stopping once every cell and the food row are read.
    """
    if min(frame.shape[:2]) < MIN_IMAGE_SIDE:
        h, w = frame.shape[:2]
        scan = place_tags([], catalog)
        scan.warnings.insert(0, f"the frame is {w}x{h} pixels: too small to hold a tag")
        return scan
    grey = GreyFrame(frame)
    # The camera is aimed at our pond: which of two food rows is ours.
    centre = (frame.shape[1] / 2, frame.shape[0] / 2)
    reads = first_pass(grey, decoder)
    scan = place_tags(reads, catalog, centre)
    searched = False
    if scan.grid is None or (scan.other_food and len(scan.food) < COLUMNS):
        # No grid, or two food rows in view and ours not whole: read more before choosing.
        reads = _search(grey, reads, catalog, decoder, second_opinion)
        searched = True
        scan = place_tags(reads, catalog, centre)
    if scan.grid is None:
        # Still no food row: look where the pond tags say it lies (small, far tags).
        more = _look_for_food(grey, reads, catalog, decoder, second_opinion)
        if more:
            reads = reads + more
            scan = place_tags(reads, catalog, centre)
    for _round in range(2):
        missing = expected_tag_boxes(scan, settled)
        if not missing:
            break
        more, unexplained = _look_again(grey, reads, missing, decoder, second_opinion)
        if more:
            reads = reads + more
            scan = place_tags(reads, catalog, centre)
        if (not unexplained and scan.grid is not None) or searched:
            break
        # Code-like places the grid points at hold no readable tag: the grid itself may
        # be off there (a whole row never read gives it no hold); or what was read there
        # undid the grid (a food tag out of the catalog's order). Look where codes are.
        reads = _search(grey, reads, catalog, decoder, second_opinion)
        searched = True
        scan = place_tags(reads, catalog, centre)
    return scan


def _search(
    grey: GreyFrame,
    reads: list[TagRead],
    catalog: Catalog,
    decoder: Decoder,
    second_opinion: bool,
) -> list[TagRead]:
    """The two-pass reader's candidate regions, keeping ``reads``, until a full pond is read."""
    return read_tags(
        grey.whole(),
        decoder,
        second_opinion=second_opinion,
        enough=lambda found: _all_read(found, catalog),
        seed=reads,
    )


def _look_again(
    grey: GreyFrame,
    reads: Sequence[TagRead],
    missing: Sequence[tuple[Cell, tuple[float, float, float, float]]],
    decoder: Decoder,
    second_opinion: bool,
) -> tuple[list[TagRead], list[Cell]]:
    """Every try at each expected box that looks like a code: (new reads, cells still unread)."""
    ours = our_tags(reads, "PS")
    angle = dominant_angle(ours)
    side = float(np.median([t.side_length for t in ours])) if ours else None
    more: list[TagRead] = []
    unexplained: list[Cell] = []
    for cell, box in missing:
        near = grey.around(box)
        if side is not None and not looks_like_code(near, box, side):
            continue  # nothing code-like there: an empty cell, not a missed tag
        found = read_crop(
            near, box, decoder=decoder, second_opinion=second_opinion, expected=True, angle=angle
        )
        new = [r for r in found if not already_read(r, [*reads, *more])]
        more += new
        if not new:
            unexplained.append(cell)
    return more, unexplained


def _look_for_food(
    grey: GreyFrame,
    reads: Sequence[TagRead],
    catalog: Catalog,
    decoder: Decoder,
    second_opinion: bool,
) -> list[TagRead]:
    """Every try at the boxes where the pond tags put the food row; new reads."""
    angle = dominant_angle(our_tags(reads, "PS"))
    more: list[TagRead] = []
    for box in food_row_boxes(reads, catalog):
        near = grey.around(box)
        found = read_crop(
            near, box, decoder=decoder, second_opinion=second_opinion, expected=True, angle=angle
        )
        more += [r for r in found if not already_read(r, [*reads, *more])]
    return more


def _all_read(reads: Sequence[TagRead], catalog: Catalog) -> bool:
    """Every cell and food card has a tag read (a full pond: nothing left to look for).

    Never true while a food type is read twice: another player's food row is in
    view, and ours may still be missing tags that decide which row is ours.
    """
    food: list[TagRead] = []
    pond: set[str | None] = set()
    for t in our_tags(reads, "PS"):
        if catalog.food(t.card or "") is None:
            pond.add(t.card)
        else:
            food.append(t)
    if len(pond) < ROWS * COLUMNS or len(food) != COLUMNS:
        return False
    # Five food types read once each, and in one row (not two players' halves).
    return is_food_row(food, lambda t: catalog.food(t.card or ""))


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

    def settled(self) -> set[Cell]:
        """Cells the vote has decided: the same card and side seen there in more than
        half of the window's frames. A new frame need not look for their tags again
        (``scan_frame(..., settled=voter.settled())``); only open cells are looked at."""
        gridded = [f for f in self.frames if f.grid is not None]
        need = self.frames.maxlen // 2 + 1 if self.frames.maxlen else 1
        if len(gridded) < need:
            return set()
        seen: Counter[tuple[Cell, str, str]] = Counter()
        for f in gridded:
            for cell, ps in f.placements.items():
                if len(ps) == 1:
                    seen[(cell, ps[0].number, ps[0].side)] += 1
        return {cell for (cell, _n, _s), k in seen.items() if k >= need}

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
        # Every warning of the last frame: the reason it was not placed comes last, after
        # what it set aside ("another player's food row: ...").
        reason = "; ".join(frames[-1].warnings) if frames and frames[-1].warnings else "no frames"
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

"""Placing one frame's Pondscape tags in the grid (a stage of ``vision.pondscape_scan``).

``place_tags(reads, catalog) -> FrameScan``: pick our food row among the food
tags read (another player's is set aside with a warning), fit the grid
(``vision.pondscape_grid``) to the upright tags, put each pond tag in its cell,
place upside-down cards only where one cell can hold them, and warn about what
does not fit: never a silent guess.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from companion.games.pondscape.tableau import COLUMNS, ROWS, Card
from vision.catalog import Catalog
from vision.pondscape_grid import (
    FIT_TOLERANCE,
    FOOD_ROW,
    ROW_PITCH_PRIOR,
    ROW_PITCH_RANGE,
    SIDEWAYS_DEG,
    UPSIDE_DOWN_DEG,
    GridFit,
    aimed_at,
    beside_its_pond,
    column_pitch_tags,
    fit_grid,
    food_up,
    order_food_row,
    pick_food_row,
    pitch_ratio,
    turn_from,
    upside_down_cells,
)
from vision.tags import TagRead, our_tags

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
    other_food: list[TagRead] = field(default_factory=list)  # another player's food row

    @property
    def foreign(self) -> list[TagRead]:
        return [r for r in self.reads if not r.ours]


def _not_placed(scan: FrameScan, pond_tags: list[TagRead], why: str) -> FrameScan:
    """``scan`` with no grid: every pond tag unplaced, ``why`` its last warning."""
    scan.warnings.append(why)
    scan.unplaced = pond_tags
    return scan


def _cell_name(cell: Cell) -> str:
    return f"cell (row {cell[0]}, column {cell[1]})"


def place_tags(
    reads: Sequence[TagRead], catalog: Catalog, centre: tuple[float, float] | None = None
) -> FrameScan:
    """Fit the grid to one frame's tags and put each pond tag in its cell.

    Never a silent guess: another player's food row, an upside-down or
    sideways card and a grid whose row pitch cards cannot have are warned
    about, naming the tag or the cell. ``centre``, the frame's centre (pixels),
    says which of two food rows is ours: the camera is aimed at our pond.
    """
    ps = our_tags(reads, "PS")
    scan = FrameScan(list(reads), None)
    all_food: list[TagRead] = []
    pond_tags: list[TagRead] = []
    for t in ps:
        assert t.card is not None
        if catalog.food(t.card) is not None:
            all_food.append(t)
        else:
            pond_tags.append(t)
    column = strict_column(catalog)
    food_tags, others = pick_food_row(
        all_food, pond_tags, lambda t: catalog.food(t.card or ""), column, centre
    )
    scan.other_food = list(others)
    if others:
        scan.warnings.append(
            f"another player's food row: {len(others)} food tag(s) at pixel "
            + ", ".join(_px(t) for t in others)
            + ": ignored"
        )
    if centre is not None and not aimed_at(food_tags, centre):
        # The row read is not the one the camera is aimed at. With another pond in view,
        # ours was read too little to be a row (a lone tag), or not at all.
        beside = beside_its_pond(food_tags, pond_tags)
        if others or beside:
            seen = "other food cards were read" if others else f"{beside} pond cards lie beside it"
            return _not_placed(
                scan,
                pond_tags,
                f"food row: the {len(food_tags)} food cards read in a row do not have the "
                f"middle of the photo over their pond, and {seen}: another player's row? "
                "Not placed (aim the camera at your own pond)",
            )
    if len(food_tags) < 2:
        return _not_placed(
            scan,
            pond_tags,
            f"no food row read: {len(food_tags)} of the 5 food card tags read "
            "(the pond is placed from the food row: are the food cards in view, and the "
            "photo sharp?)",
        )
    up = food_up(food_tags)
    upright = [t for t in pond_tags if turn_from(t, up) <= SIDEWAYS_DEG]
    turned = [t for t in pond_tags if turn_from(t, up) > SIDEWAYS_DEG]
    food = order_food_row(food_tags)
    columns = _catalog_columns(food, column)
    if columns is None and len(food) < COLUMNS and column is not None:
        # Part of a row out of the rulebook's order: two players' rows in line, ours
        # mostly unread, or a catalog in another order. Spacing alone would guess.
        return _not_placed(
            scan,
            pond_tags,
            f"food row: the {len(food)} food cards read ("
            + ", ".join(f"{catalog.food(t.card or '')} at pixel {_px(t)}" for _, t in food)
            + ") are not in the order the catalog lists them: another player's food row "
            "in line with ours, or a catalog listing them in another order? Not placed",
        )
    if columns is not None:
        # The catalog fixes each food card's column: no guessing from the gaps.
        food = list(zip(columns, (t for _, t in food), strict=True))
        grid = fit_grid(food, upright, offsets=(0,))
    else:
        grid = fit_grid(food, upright)
    if grid is None:
        return _not_placed(scan, pond_tags, "the food row's tags do not give a usable grid")
    scan.grid = grid
    for t in food_tags:
        r, c, d = grid.cell_of(t.centre)
        if r == FOOD_ROW and 0 <= c < COLUMNS and d < FIT_TOLERANCE:
            assert t.card is not None
            scan.food[c] = t.card
    for t in upright:
        assert t.card is not None and t.side is not None
        r, c, d = grid.cell_of(t.centre)
        if not (0 <= r < ROWS and 0 <= c < COLUMNS) or d >= FIT_TOLERANCE:
            scan.unplaced.append(t)
            continue
        card = catalog.side(t.card, t.side)
        scan.placements.setdefault((r, c), []).append(Placement(r, c, t.card, t.side, card, 1, t))
    for t in scan.unplaced:
        scan.warnings.append(_unplaced_warning(grid, t))
    _check_columns(scan)
    _check_pitch(scan, up)
    if others and len(scan.unplaced) > sum(len(v) for v in scan.placements.values()):
        # Most pond tags fit no cell of this food row's grid: it may be the other one's.
        for cell in sorted(scan.placements):
            scan.warnings.append(
                f"{_cell_name(cell)}: {len(scan.unplaced)} pond tags in view fit no cell: "
                "the food row taken as ours may be another player's"
            )
    _place_turned(scan, turned, food, up, catalog)
    return scan


def _unplaced_warning(grid: GridFit, t: TagRead) -> str:
    """What a player is told about a pond tag that fits no cell of this grid.

    A tag beside the pond, left of column 0 or right of column 4 by more than
    half a card, is on a card no pond of 5 columns can hold: another player's
    (their pond is often in view beside ours). Anything else is near our cells
    but off them, which may be a card of ours laid askew.
    """
    gx, _gy = grid.to_grid(*t.centre)
    if gx < -0.6 or gx > COLUMNS - 0.4:
        return (
            f"card {t.card} looks like part of another player's pond "
            f"(outside this grid, at pixel {_px(t)}): ignored"
        )
    return f"tag {t.payload} at pixel {_px(t)} does not fit the grid: not placed"


def _check_columns(scan: FrameScan) -> None:
    """A pond tag inside a column that fits none of its rows means the rows may be
    wrong there: every card placed in that column is warned about."""
    assert scan.grid is not None
    for t in scan.unplaced:
        gx, gy = scan.grid.to_grid(*t.centre)
        c = round(gx)
        if not (0 <= c < COLUMNS and abs(gx - c) < 0.35 and -1.5 <= gy <= FOOD_ROW - 0.5):
            continue
        for r in range(ROWS):
            if (r, c) in scan.placements:
                scan.warnings.append(
                    f"{_cell_name((r, c))}: tag {t.payload} in this column fits none of its "
                    "rows: the rows may be wrong"
                )


def _check_pitch(scan: FrameScan, up: tuple[float, float]) -> None:
    """Warn on every placed cell where the grid's row pitch is not what cards allow."""
    assert scan.grid is not None
    lo, hi = ROW_PITCH_RANGE
    for cell, ps in sorted(scan.placements.items()):
        tag = ps[0].tag
        if tag is None:
            continue
        ratio = pitch_ratio(scan.grid, tag, cell, up)
        if not lo <= ratio <= hi:
            scan.warnings.append(
                f"{_cell_name(cell)}: the grid's rows are {ratio:.2f} column pitches apart "
                f"here, where cards allow {lo:g} to {hi:g}: its row may be wrong"
            )


def _place_turned(
    scan: FrameScan,
    turned: Sequence[TagRead],
    food: Sequence[tuple[int, TagRead]],
    up: tuple[float, float],
    catalog: Catalog,
) -> None:
    """Upside-down cards: placed when only one cell they can lie in is free, else warned."""
    assert scan.grid is not None
    col_pitch = column_pitch_tags(food) or 2.5
    taken = set(scan.placements) | {(FOOD_ROW, c) for c in range(COLUMNS)}
    for t in turned:
        assert t.card is not None and t.side is not None
        if turn_from(t, up) <= UPSIDE_DOWN_DEG:
            r, c, _ = scan.grid.cell_of(t.centre)
            scan.warnings.append(
                f"card {t.card} lies sideways near {_cell_name((r, c))}: not placed; "
                "lay it square with the food row"
            )
            continue
        cells = upside_down_cells(scan.grid, t, col_pitch)
        free = [cell for cell in cells if cell not in taken]
        if len(free) == 1 and free[0][0] < ROWS:
            cell = free[0]
            card = catalog.side(t.card, t.side)
            scan.placements.setdefault(cell, []).append(
                Placement(cell[0], cell[1], t.card, t.side, card, 1, t)
            )
            taken.add(cell)
            others = [x for x in cells if x != cell]
            why = (
                " (the only cell its tag allows)"
                if not others
                else f" (the other cell its tag allows, {_cell_name(others[0])}, is taken)"
                if len(others) == 1
                else " (the other cells its tag allows are taken)"
            )
            scan.warnings.append(f"card {t.card} is upside down: placed in {_cell_name(cell)}{why}")
            continue
        near = " or ".join(_cell_name(x) for x in cells if x[0] < ROWS) or "the pond"
        scan.warnings.append(f"card {t.card} is upside down near {near}: not placed; turn it round")


def strict_column(catalog: Catalog) -> Callable[[TagRead], int] | None:
    """Each food tag's column from the catalog (-1 for a number it does not list), when
    the catalog lists the food cards in sets of five.

    The rulebook gives the five food cards a strict order; a catalog lists each
    player's set of five in that order, so a number's place in its set is its column.
    """
    numbers = list(catalog.food_cards)
    if not numbers or len(numbers) % 5:
        return None

    def column(tag: TagRead) -> int:
        key = Catalog.key(tag.card or "", catalog.food_cards)
        return -1 if key is None else numbers.index(key) % 5

    return column


def _catalog_columns(
    food: Sequence[tuple[int, TagRead]], column: Callable[[TagRead], int] | None
) -> list[int] | None:
    """The food tags' columns from the catalog (``column``, ``strict_column``'s). Used only
    when they agree with the left-to-right order in the image."""
    if column is None:
        return None
    columns = [column(tag) for _, tag in food]
    if min(columns) < 0 or any(b <= a for a, b in itertools.pairwise(columns)):
        return None
    return columns


def food_row_boxes(
    reads: Sequence[TagRead], catalog: Catalog
) -> list[tuple[float, float, float, float]]:
    """Where the food row's tags should be, from the pond tags alone: frame-pixel boxes.

    For a frame whose food row was not read (fewer than 2 food tags: no grid), as at
    a steep tilt, where the food tags on the far side are small. The pond tags show
    "up" (their own orientation), the column and row pitch (the spacing of tags one
    column or one row apart; a lone row gives the row pitch from the card's aspect),
    and each column's lowest tag; the food row is 1 to 3 rows below it.
    """
    pond = [t for t in our_tags(reads, "PS") if catalog.food(t.card or "") is None]
    if len(pond) < 2:
        return []
    up = food_up(pond)
    pond = [t for t in pond if turn_from(t, up) <= SIDEWAYS_DEG]
    if len(pond) < 2:
        return []
    ux, uy = up
    rx, ry = -uy, ux  # "right" on the card, in image axes (y down)
    side = float(np.median([t.side_length for t in pond]))
    along = [
        (t.centre[0] * ux + t.centre[1] * uy, t.centre[0] * rx + t.centre[1] * ry, t) for t in pond
    ]
    row_steps = [
        abs(a1 - a2)
        for (a1, b1, _), (a2, b2, _) in itertools.combinations(along, 2)
        if abs(b1 - b2) < 0.6 * side and abs(a1 - a2) > 1.5 * side
    ]
    col_steps = [
        abs(b1 - b2)
        for (a1, b1, _), (a2, b2, _) in itertools.combinations(along, 2)
        if abs(a1 - a2) < 0.6 * side and abs(b1 - b2) > 1.2 * side
    ]
    if row_steps:
        row = min(row_steps)
    elif col_steps:
        row = ROW_PITCH_PRIOR * min(col_steps)
    else:
        return []
    columns: list[list[tuple[float, float, TagRead]]] = []
    for a, b, t in sorted(along, key=lambda x: x[1]):
        if columns and b - columns[-1][-1][1] < 0.6 * side:
            columns[-1].append((a, b, t))
        else:
            columns.append([(a, b, t)])
    half = 0.4 * row
    boxes = []
    for col in columns:
        _a, _b, low = min(col, key=lambda x: x[0])
        for k in (1, 2, 3):
            x = low.centre[0] - k * row * ux
            y = low.centre[1] - k * row * uy
            if math.isfinite(x) and math.isfinite(y):
                boxes.append((x - half, y - half, x + half, y + half))
    return boxes


def _px(t: TagRead) -> str:
    return f"({t.centre[0]:.0f}, {t.centre[1]:.0f})"

"""Fitting a Pondscape pond's 3x5 grid (plus the food row) to tag positions.

Grid coordinates: ``(x, y) = (column, row)`` where a card's tag sits at
integer coordinates; columns 0-4 run left to right as the player sees them,
rows 0-2 are the pond (row 0 farthest from the food row) and row 3 is the food
row. Tags sit at the same spot on every card, so the tags themselves form the
grid and the fit does not need the card size, the gaps or the tag size.

The fit starts from the food row (its 5 tags fix the columns and the
direction "up" from their orientation), takes the nearest tag above each food
card as row 2 to learn the row pitch, then alternates: assign tags to the
nearest cell, refit (affine, then a homography once rows are known, which
absorbs the camera's perspective), until nothing changes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.tags import Point, TagRead

FOOD_ROW = 3
#: A tag further than this from its nearest cell (in cell units) does not fit the grid.
FIT_TOLERANCE = 0.3


@dataclass(frozen=True)
class GridFit:
    """A fitted grid: ``homography`` maps grid (column, row) to frame pixels."""

    homography: npt.NDArray[np.float64]

    def to_image(self, column: float, row: float) -> Point:
        p = self.homography @ np.array([column, row, 1.0])
        return (float(p[0] / p[2]), float(p[1] / p[2]))

    def to_grid(self, x: float, y: float) -> tuple[float, float]:
        p = np.linalg.solve(self.homography, np.array([x, y, 1.0]))
        return (float(p[0] / p[2]), float(p[1] / p[2]))

    def cell_of(self, point: Point) -> tuple[int, int, float]:
        """(row, column, distance in cell units) of the nearest grid point."""
        gx, gy = self.to_grid(*point)
        c, r = round(gx), round(gy)
        return r, c, math.hypot(gx - c, gy - r)

    def pitch_px(self, column: float, row: float) -> float:
        """About how many pixels one column step is at a grid position."""
        a = self.to_image(column - 0.5, row)
        b = self.to_image(column + 0.5, row)
        return math.dist(a, b)


def _unit(v: Point) -> npt.NDArray[np.float64]:
    a = np.array(v, dtype=np.float64)
    n = float(np.linalg.norm(a))
    return a / n if n > 0 else a


def _affine_h(src: Sequence[Point], dst: Sequence[Point]) -> npt.NDArray[np.float64] | None:
    """Least-squares affine map grid -> image as a 3x3 matrix (None if degenerate)."""
    if len(src) < 3:
        return None
    a = np.array([[x, y, 1.0] for x, y in src])
    if np.linalg.matrix_rank(a) < 3:
        return None
    b = np.array(dst, dtype=np.float64)
    m, *_ = np.linalg.lstsq(a, b, rcond=None)
    h = np.eye(3)
    h[:2, :] = m.T
    return h


def _fit(src: Sequence[Point], dst: Sequence[Point]) -> npt.NDArray[np.float64] | None:
    """A homography when the points span enough rows, else an affine map."""
    rows = {round(p[1]) for p in src}
    if len(src) >= 8 and len(rows) >= 3:
        h, _ = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), 0)
        if h is not None and abs(np.linalg.det(h)) > 1e-12:
            return np.asarray(h / h[2, 2], dtype=np.float64)
    return _affine_h(src, dst)


def order_food_row(food: Sequence[TagRead]) -> list[tuple[int, TagRead]]:
    """The food tags with their columns (0-4), left to right as the player sees them.

    With all five in view the order is the image order along the tags' own
    "right" direction; with fewer, columns follow from the smallest spacing.
    """
    if not food:
        return []
    right = _unit(tuple(np.mean([r.right for r in food], axis=0)))
    ordered = sorted(food, key=lambda r: float(np.dot(r.centre, right)))
    t = [float(np.dot(r.centre, right)) for r in ordered]
    if len(ordered) == 5 or len(ordered) == 1:
        return list(enumerate(ordered))
    gaps = [b - a for a, b in itertools.pairwise(t)]
    unit = min(gaps)
    cols = [0]
    for g in gaps:
        cols.append(cols[-1] + max(1, round(g / unit)))
    return list(zip(cols, ordered, strict=True))


def fit_grid(
    food: Sequence[tuple[int, TagRead]],
    pond: Sequence[TagRead],
    *,
    offsets: Sequence[int] | None = None,
) -> GridFit | None:
    """Fit the grid to food tags (with columns) and pond tags; None if impossible.

    Needs at least two food tags. The column offset of a partial food row is
    chosen among ``offsets`` (default: every one that keeps the row in the 5
    columns) so that the most pond tags fit.
    """
    if len(food) < 2:
        return None
    max_col = max(c for c, _ in food)
    best: tuple[int, float, GridFit] | None = None
    for offset in range(0, 5 - max_col) if offsets is None else offsets:
        fit = _fit_with(food, pond, offset)
        if fit is None:
            continue
        fitted = 0
        err = 0.0
        for t in pond:
            r, c, d = fit.cell_of(t.centre)
            if 0 <= r <= 2 and 0 <= c <= 4 and d < FIT_TOLERANCE:
                fitted += 1
                err += d
        if best is None or (fitted, -err) > (best[0], -best[1]):
            best = (fitted, err, fit)
    return None if best is None else best[2]


def _fit_with(
    food: Sequence[tuple[int, TagRead]], pond: Sequence[TagRead], offset: int
) -> GridFit | None:
    src: list[Point] = [(float(c + offset), float(FOOD_ROW)) for c, _ in food]
    dst: list[Point] = [t.centre for _, t in food]
    # Column pitch in pixels near each food tag, from its neighbours in the row.
    cols = np.array([c for c, _ in food], dtype=np.float64)
    pts = np.array(dst)
    span = (pts[-1] - pts[0]) / max(cols[-1] - cols[0], 1)
    pitch = float(np.linalg.norm(span))
    up = _unit(tuple(np.mean([t.up for _, t in food], axis=0)))
    # Row 2: the nearest pond tag "above" each food tag, within a cone.
    ratios: list[tuple[float, int, TagRead]] = []
    for c, t in food:
        best: tuple[float, TagRead] | None = None
        for p in pond:
            v = np.array(p.centre) - np.array(t.centre)
            along = float(np.dot(v, up))
            if along <= 0:
                continue
            across = abs(float(up[0] * v[1] - up[1] * v[0]))
            if across > 0.45 * pitch:
                continue
            if best is None or along < best[0]:
                best = (along, p)
        if best is not None:
            ratios.append((best[0] / pitch, c, best[1]))
    row_pitch = 1.35 * pitch
    row2: list[tuple[int, TagRead]] = []
    if ratios:
        smallest = min(r for r, _, _ in ratios)
        # A whole empty row 2 would make the nearest tags row 1: twice as far.
        rows_away = 2 if smallest > 2.3 else 1
        row_pitch = smallest / rows_away * pitch
        for r, c, p in ratios:
            if r < smallest * 1.3:
                row2.append((c, p))
        if rows_away == 2:
            row2 = []
    for c, p in row2:
        src.append((float(c + offset), 2.0))
        dst.append(p.centre)
    if len(row2) < 2:
        # Not enough of row 2: make it up from the food tags' "up" direction.
        for c, t in food:
            src.append((float(c + offset), 2.0))
            dst.append(tuple(np.array(t.centre) + up * row_pitch))
    h = _fit(src, dst)
    if h is None:
        return None
    fit = GridFit(h)
    food_src = [(float(c + offset), float(FOOD_ROW)) for c, _ in food]
    food_dst = [t.centre for _, t in food]
    assigned: dict[int, tuple[int, int]] = {}
    for _ in range(6):
        new: dict[int, tuple[int, int]] = {}
        for i, p in enumerate(pond):
            r, c, d = fit.cell_of(p.centre)
            if 0 <= r <= 2 and 0 <= c <= 4 and d < FIT_TOLERANCE + 0.15:
                new[i] = (r, c)
        if new == assigned:
            break
        assigned = new
        s = food_src + [(float(c), float(r)) for r, c in assigned.values()]
        d_ = food_dst + [pond[i].centre for i in assigned]
        h2 = _fit(s, d_)
        if h2 is None:
            break
        fit = GridFit(h2)
    return fit

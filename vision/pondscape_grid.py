"""Fitting a Pondscape pond's 3x5 grid (plus the food row) to tag positions.

Grid coordinates: ``(x, y) = (column, row)`` where a card's tag sits at
integer coordinates; columns 0-4 run left to right as the player sees them,
rows 0-2 are the pond (row 0 farthest from the food row) and row 3 is the food
row. Tags sit at the same spot on every card, so the tags themselves form the
grid and the fit does not need the card size, the gaps or the tag size.

The fit starts from the food row (its 5 tags fix the columns and the
direction "up" from their orientation). Each pond tag's row comes from a
prior, never from "the nearest tag is one or two rows away": distances are
measured in the tags' own size (a tag is a square, so its sides undo the
camera's foreshortening where it lies), and a card's row pitch is its column
pitch times the card's aspect (63 x 88 mm cards with the gaps players leave:
``ROW_PITCH_PRIOR``). Then it alternates: assign tags to the nearest cell, refit
(affine, then a homography once rows are known, which absorbs the camera's
perspective), until nothing changes. ``pitch_ratio`` says what a fit implies
at a tag, so a scan can warn when that is outside what cards allow.

Only upright tags (their "up" within ``UPSIDE_DOWN_DEG`` of the food row's)
are fitted; an upside-down card's tag is mirrored about the card's centre, so
it is placed by ``upside_down_cells`` or warned about, never silently.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from vision.tags import Point, TagRead

FOOD_ROW = 3
#: A tag further than this from its nearest cell (in cell units) does not fit the grid.
FIT_TOLERANCE = 0.3
#: Row pitch over column pitch on the table: 88 mm over 63 mm cards with 0-10 mm gaps.
ROW_PITCH_PRIOR = 1.37
#: What cards allow for that ratio (tight or loose gaps, one card a little off).
ROW_PITCH_RANGE = (1.2, 1.6)
#: A tag whose "up" differs from the food row's by more than this is on an upside-down card.
UPSIDE_DOWN_DEG = 120.0
#: Between 60 degrees and UPSIDE_DOWN_DEG the card lies sideways.
SIDEWAYS_DEG = 60.0
#: How far (in columns, per column stepped) a food tag may lie from where the row's own
#: spacing puts it: cards laid by hand sit a few mm off their spot and a few degrees turned,
#: which moves a tag up to about a fifth of a column; the same bar as ``is_food_row``'s.
REACH = 0.25
#: The camera is aimed at our pond: the frame's centre lies over the food row's pond (its
#: columns and rows, this many cells' margin round them; ``aimed_at``).
AIM_MARGIN = 0.5
#: A column pitch (a card and its gap) is at most this many tag widths: 63 mm cards with a
#: 10 mm gap hold tags of 9 mm or more (smaller ones are not read at a table's distance).
MAX_COLUMN_TAGS = 8.0


@dataclass(frozen=True)
class GridFit:
    """A fitted grid: ``homography`` maps grid (column, row) to frame pixels."""

    homography: npt.NDArray[np.float64]
    # Plain-float copies of the matrix and its inverse: a scan maps points often.
    _h: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _inv: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_h", tuple(float(v) for v in self.homography.ravel()))
        inv = np.linalg.inv(self.homography)
        object.__setattr__(self, "_inv", tuple(float(v) for v in inv.ravel()))

    def to_image(self, column: float, row: float) -> Point:
        return _apply(self._h, column, row)

    def to_grid(self, x: float, y: float) -> tuple[float, float]:
        return _apply(self._inv, x, y)

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


def _apply(m: tuple[float, ...], x: float, y: float) -> Point:
    w = m[6] * x + m[7] * y + m[8]
    return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)


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


Axes = tuple[float, float, float, float]  # right (x, y), then up (x, y), in pixels


def tag_axes(t: TagRead) -> Axes:
    """The tag's right and up vectors (pixels per tag side): its local frame."""
    (rx, ry), (ux, uy) = t.right, t.up
    return (rx, ry, ux, uy)


def _mean_axes(a: Axes, b: Axes) -> Axes:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2)


def in_tag_units(v: Sequence[float], axes: Axes) -> tuple[float, float]:
    """A pixel vector as (tag widths along "right", tag heights along "up")."""
    rx, ry, ux, uy = axes
    det = rx * uy - ux * ry
    if abs(det) < 1e-9:
        return (math.nan, math.nan)
    vx, vy = float(v[0]), float(v[1])
    return ((vx * uy - ux * vy) / det, (rx * vy - vx * ry) / det)


def turn_from(t: TagRead, up: Point) -> float:
    """Degrees (0-180) between the tag's "up" and ``up``."""
    (ax, ay), (bx, by) = t.up, up
    n = math.hypot(ax, ay) * math.hypot(bx, by)
    if n == 0:
        return 0.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (ax * bx + ay * by) / n))))


def upright_axes(t: TagRead, up: Point) -> Axes:
    """The tag's axes turned to agree with ``up`` (an upside-down tag's are negated)."""
    rx, ry, ux, uy = tag_axes(t)
    return (-rx, -ry, -ux, -uy) if turn_from(t, up) > 90 else (rx, ry, ux, uy)


def column_pitch_tags(food: Sequence[tuple[int, TagRead]]) -> float | None:
    """The food row's column pitch in tag widths (median over pairs), None with one tag."""
    steps = []
    for (ci, ti), (cj, tj) in itertools.combinations(food, 2):
        if ci == cj:
            continue
        v = (tj.centre[0] - ti.centre[0], tj.centre[1] - ti.centre[1])
        a, _ = in_tag_units(v, _mean_axes(tag_axes(ti), tag_axes(tj)))
        if math.isfinite(a):
            steps.append(a / (cj - ci))
    if not steps:
        return None
    pitch = float(np.median(steps))
    return pitch if pitch > 1.0 else None


def pitch_ratio(fit: GridFit, t: TagRead, cell: tuple[int, int], up: Point) -> float:
    """Row pitch over column pitch that ``fit`` implies at tag ``t`` in ``cell`` (row, column).

    Both pitches are measured in ``t``'s own size, so perspective cancels; a
    grid fitted with a row missed or doubled shows here as about 0.7 or 2.7.
    """
    r, c = cell
    axes = upright_axes(t, up)
    (ax, ay), (bx, by) = fit.to_image(c, r - 0.5), fit.to_image(c, r + 0.5)
    (cx, cy), (dx, dy) = fit.to_image(c + 0.5, r), fit.to_image(c - 0.5, r)
    row_step, col_step = (ax - bx, ay - by), (cx - dx, cy - dy)
    _, rows = in_tag_units(row_step, axes)
    cols, _ = in_tag_units(col_step, axes)
    if not (math.isfinite(rows) and math.isfinite(cols)) or abs(cols) < 1e-9:
        return math.nan
    return abs(rows) / abs(cols)


def food_up(food: Sequence[TagRead]) -> Point:
    """The food row's "up": the mean of its tags' up vectors (unit)."""
    u = _unit(tuple(np.mean([_unit(t.up) for t in food], axis=0)))
    return (float(u[0]), float(u[1]))


def pick_food_row(
    food: Sequence[TagRead],
    pond: Sequence[TagRead],
    food_type: Callable[[TagRead], str | None],
    column: Callable[[TagRead], int] | None = None,
    centre: Point | None = None,
) -> tuple[list[TagRead], list[TagRead]]:
    """Our food row among every food tag read, and the rest (another player's).

    The rulebook's food row is five cards side by side: the chosen tags are
    collinear, evenly spaced, turned alike and of different food types. When
    more than one such row is in view, ours is the one whose pond the frame's
    ``centre`` lies over (the camera is aimed at our pond; ``aimed_at``), then
    the longest (another player's row is the one cut by the frame's edge), then
    the one with most pond tags above it, then the one with the larger tags
    (nearer the camera).

    ``column``, when the catalog gives it, is each food card's place in the
    rulebook's strict order. It is used only when the tags read show two rows
    (more than five, or a food type twice): another player's row may then lie
    in line with ours, a column or two further on, where the walk along the
    row, stepping over our unread tags, would join the two. So each of the five
    columns a row is taken to span must hold the card of its own place.
    """
    if len(food) <= 1:
        return list(food), []
    if len(food) <= 5 and is_food_row(food, food_type):
        return list(food), []
    two_rows = len(food) > 5 or len({food_type(t) for t in food}) < len(food)
    strict = column if two_rows else None
    best: tuple[tuple[bool, int, int, float], list[TagRead]] | None = None
    seen: set[frozenset[int]] = set()
    for i, j in itertools.permutations(range(len(food)), 2):
        ti, tj = food[i], food[j]
        if turn_from(tj, ti.up) > 30:
            continue
        v = np.array(tj.centre) - np.array(ti.centre)
        a, b = in_tag_units(v, _mean_axes(tag_axes(ti), tag_axes(tj)))
        if not (a > 1.2 and abs(b) < 0.35 * a):
            continue  # j must lie to i's right, along the row
        for k in (1, 2, 3, 4):
            step = v / k
            if a / k < 1.2:
                break
            if a / k > MAX_COLUMN_TAGS:
                continue  # no card is so wide against its tag
            chain = _chain(food, i, step, food_type, strict)
            key = frozenset(chain)
            if len(chain) < 2 or key in seen:
                continue
            seen.add(key)
            tags = [food[n] for n in chain]
            score = (
                centre is None or _aimed(tags, step, centre),
                len(tags),
                _pond_support(tags, step, pond),
                float(np.mean([t.side_length for t in tags])),
            )
            if best is None or score > best[0]:
                best = (score, tags)
    if best is None:
        return list(food[:1]), list(food[1:])
    chosen = best[1]
    return chosen, [t for t in food if t not in chosen]


def aimed_at(chosen: Sequence[TagRead], centre: Point) -> bool:
    """The frame's ``centre`` lies over this food row's pond (``AIM_MARGIN`` round its
    columns and rows); True for a lone tag, whose columns are not known."""
    step = _row_step(chosen)
    return step is None or _aimed(chosen, step, centre)


def beside_its_pond(chosen: Sequence[TagRead], pond: Sequence[TagRead]) -> int:
    """How many of the pond tags read lie beside this food row's pond (another pond's?);
    0 for a lone tag."""
    step = _row_step(chosen)
    return 0 if step is None else len(pond) - _pond_support(chosen, step, pond)


def _row_step(chosen: Sequence[TagRead]) -> npt.NDArray[np.float64] | None:
    """One column along a food row of two tags or more, in frame pixels."""
    if len(chosen) < 2:
        return None
    ordered = order_food_row(chosen)
    (c0, t0), (c1, t1) = ordered[0], ordered[-1]
    step: npt.NDArray[np.float64] = (np.array(t1.centre) - np.array(t0.centre)) / (c1 - c0)
    return step


def is_food_row(food: Sequence[TagRead], food_type: Callable[[TagRead], str | None]) -> bool:
    """True when these tags alone make one food row (different foods, in a line, spaced evenly)."""
    types = [food_type(t) for t in food]
    if len(set(types)) != len(types):
        return False
    up = food_up(food)
    if any(turn_from(t, up) > 30 for t in food):
        return False
    ordered = order_food_row(food)
    cols = [c for c, _ in ordered]
    if cols[-1] > 4:
        return False
    pitch = column_pitch_tags(ordered)
    if pitch is None:
        return False
    base = ordered[0][1]
    for c, t in ordered[1:]:
        v = (t.centre[0] - base.centre[0], t.centre[1] - base.centre[1])
        a, b = in_tag_units(v, _mean_axes(tag_axes(base), tag_axes(t)))
        if abs(a / pitch - c) > 0.25 or abs(b) > 0.25 * pitch * max(c, 1):
            return False
    return True


def _chain(
    food: Sequence[TagRead],
    start: int,
    step: npt.NDArray[np.float64],
    food_type: Callable[[TagRead], str | None],
    column: Callable[[TagRead], int] | None = None,
) -> list[int]:
    """Food tags in a row with ``start``, one column ``step`` apart: one per food type, 5 columns.

    The row is walked one column at a time each way, the step updated from the
    last two tags found (perspective changes it along the row), so a tag must lie
    within ``REACH`` (a quarter) of a column, per column stepped, of where the row's
    own spacing puts it: another player's row in line with ours, a card or more
    further on, does not join it.
    """
    at: dict[int, int] = {0: start}
    for d in (1, -1):
        last_m, last_p, s = 0, np.array(food[start].centre), step.copy()
        for m in range(d, 5 * d, d):
            if abs(m - last_m) > 2:
                break  # two columns missing in a row: stop
            pred = last_p + s * (m - last_m)
            reach = REACH * float(np.linalg.norm(s)) * abs(m - last_m)
            near = [
                (math.dist(pred, food[n].centre), n)
                for n in range(len(food))
                if n not in at.values()
                and math.dist(pred, food[n].centre) < reach
                and turn_from(food[n], food[start].up) <= 30
            ]
            if not near:
                continue
            n = min(near)[1]
            p = np.array(food[n].centre)
            s = (p - last_p) / (m - last_m)
            last_m, last_p = m, p
            at[m] = n
    # The longest run of 5 columns with different food types, around start (with
    # ``column``: each tag in the column of its place in the strict order).
    best: list[int] = []
    for lo in range(-4, 1):
        run: list[int] = []
        types: set[str | None] = set()
        for m in range(lo, lo + 5):
            k = at.get(m)
            if k is None or (column is not None and column(food[k]) != m - lo):
                continue
            ft = food_type(food[k])
            if ft in types:
                run = []
                break
            types.add(ft)
            run.append(k)
        if start in run and len(run) > len(best):
            best = run
    return best


def _row_coords(
    food: Sequence[TagRead], step: npt.NDArray[np.float64]
) -> tuple[Callable[[Point], tuple[float, float]], float] | None:
    """Columns along the row and rows up from its left end, for a frame point; and the
    row's own span in columns. None when the row gives no frame."""
    up = food_up(food)
    pts = np.array([t.centre for t in food])
    left = pts[int(np.argmin(pts @ step))]
    right = pts[int(np.argmax(pts @ step))]
    pitch = float(np.linalg.norm(step))
    u = np.array(up) * pitch * ROW_PITCH_PRIOR
    m = np.column_stack([step, u])
    if abs(float(np.linalg.det(m))) < 1e-9:
        return None

    def coords(p: Point) -> tuple[float, float]:
        cx, ry = np.linalg.solve(m, np.array(p) - left)
        return float(cx), float(ry)

    return coords, float(np.dot(right - left, step) / (pitch * pitch))


def _pond_support(
    food: Sequence[TagRead], step: npt.NDArray[np.float64], pond: Sequence[TagRead]
) -> int:
    """How many pond tags lie where this food row's three pond rows would be."""
    frame = _row_coords(food, step)
    if frame is None:
        return 0
    coords, span = frame
    n = 0
    for p in pond:
        cx, ry = coords(p.centre)
        if span - 4.5 <= cx <= 4.5 and 0.5 <= ry <= 3.5:
            n += 1
    return n


def _aimed(food: Sequence[TagRead], step: npt.NDArray[np.float64], centre: Point) -> bool:
    """``centre`` lies over this food row's pond: within its five columns, wherever along
    them the tags read are, and from the food row to the farthest pond row
    (``AIM_MARGIN`` round them)."""
    frame = _row_coords(food, step)
    if frame is None:
        return False
    coords, span = frame
    cx, ry = coords(centre)
    return (
        span - 4.5 - AIM_MARGIN <= cx <= 4.5 + AIM_MARGIN
        and -0.5 - AIM_MARGIN <= ry <= 3.5 + AIM_MARGIN
    )


def fit_grid(
    food: Sequence[tuple[int, TagRead]],
    pond: Sequence[TagRead],
    *,
    offsets: Sequence[int] | None = None,
) -> GridFit | None:
    """Fit the grid to food tags (with columns) and upright pond tags; None if impossible.

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


def _first_cells(
    food: Sequence[tuple[int, TagRead]], pond: Sequence[TagRead], offset: int, col_pitch: float
) -> dict[int, tuple[int, int]]:
    """Each pond tag's (row, column) from the prior: its distance from the food tag
    below it, in tag sizes, over the column pitch times the card's aspect."""
    out: dict[int, tuple[int, int]] = {}
    row_pitch = col_pitch * ROW_PITCH_PRIOR
    for i, p in enumerate(pond):
        best: tuple[float, float, float, int] | None = None
        for c, f in food:
            v = (p.centre[0] - f.centre[0], p.centre[1] - f.centre[1])
            a, b = in_tag_units(v, _mean_axes(tag_axes(f), tag_axes(p)))
            if not math.isfinite(a):
                continue
            cols = a / col_pitch
            if best is None or abs(cols) < abs(best[0]):
                best = (cols, b / row_pitch, 0.0, c)
        if best is None:
            continue
        cols, rows_up, _, c = best
        col = c + offset + cols
        row = FOOD_ROW - rows_up
        r, k = round(row), round(col)
        if 0 <= r <= 2 and 0 <= k <= 4 and abs(row - r) < 0.3 and abs(col - k) < 0.3:
            out[i] = (r, k)
    return out


def _fit_with(
    food: Sequence[tuple[int, TagRead]], pond: Sequence[TagRead], offset: int
) -> GridFit | None:
    src: list[Point] = [(float(c + offset), float(FOOD_ROW)) for c, _ in food]
    dst: list[Point] = [t.centre for _, t in food]
    col_pitch = column_pitch_tags(food)
    if col_pitch is None:
        return None
    assigned = _first_cells(food, pond, offset, col_pitch)
    s = list(src) + [(float(c), float(r)) for r, c in assigned.values()]
    d_ = list(dst) + [pond[i].centre for i in assigned]
    if len({r for r, _ in assigned.values()}) == 0 or len(assigned) < 2:
        # Too little of the pond: make row 2 up from the food tags and the prior.
        for c, t in food:
            s.append((float(c + offset), 2.0))
            _, _, ux, uy = tag_axes(t)
            k = col_pitch * ROW_PITCH_PRIOR
            d_.append((t.centre[0] + ux * k, t.centre[1] + uy * k))
    h = _fit(s, d_)
    if h is None:
        return None
    fit = GridFit(h)
    for _ in range(6):
        new: dict[int, tuple[int, int]] = {}
        for i, p in enumerate(pond):
            r, c, d = fit.cell_of(p.centre)
            if 0 <= r <= 2 and 0 <= c <= 4 and d < FIT_TOLERANCE + 0.15:
                new[i] = (r, c)
        if new == assigned:
            break
        assigned = new
        s = src + [(float(c), float(r)) for r, c in assigned.values()]
        d_ = dst + [pond[i].centre for i in assigned]
        if len(assigned) < 2:
            break
        h2 = _fit(s, d_)
        if h2 is None:
            break
        fit = GridFit(h2)
    return fit


def upside_down_cells(
    fit: GridFit, t: TagRead, col_pitch: float, *, card_half: tuple[float, float] = (0.46, 0.48)
) -> list[tuple[int, int]]:
    """The pond cells an upside-down card whose tag is ``t`` can lie in.

    Turning a card round mirrors its tag about the card's centre: a tag ``o``
    from the centre of an upright card shows ``-o`` from it, so its grid
    position is the cell minus ``2o``. ``o`` is at most half a card less half a
    tag (``card_half`` is half a card in cell units, columns then rows), which
    leaves one or two cells on each axis.
    """
    gx, gy = fit.to_grid(*t.centre)
    half_tag_cols = 0.5 / col_pitch
    half_tag_rows = 0.5 / (col_pitch * ROW_PITCH_PRIOR)
    reach_c = 2 * max(0.0, card_half[0] - half_tag_cols) + 0.05
    reach_r = 2 * max(0.0, card_half[1] - half_tag_rows) + 0.05
    cols = [c for c in range(math.floor(gx - reach_c), math.ceil(gx + reach_c) + 1)]
    rows = [r for r in range(math.floor(gy - reach_r), math.ceil(gy + reach_r) + 1)]
    return [
        (r, c)
        for r in rows
        for c in cols
        if abs(gx - c) <= reach_c and abs(gy - r) <= reach_r and 0 <= c <= 4 and 0 <= r <= FOOD_ROW
    ]

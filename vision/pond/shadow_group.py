"""A group's shadow: is a frog stacked somewhere in a group counted by area?

Frogs packed together, or pressed on a Long Fwooog, are counted by area at one place
(``vision.pond.split``); a frog on one of them adds only a lean's strip of area. Its shadow
tells more: where it stands, the group's shadow runs about twice as far beyond the group
(``vision.pond.shadow`` finds where shadows fall and one frog's shadow).

Lines along where shadows fall are walked across the group's whole width, each from the
back of the group's changed pixels: how far its shadow runs beyond them. For each lone frog
the same (the median of its lines) gives one frog's. Where the group's third-longest line
(a stacked frog is several lines wide; one line may be noise) runs ``TALL`` times one
frog's, and ``MIN_MORE_MM`` further, the group is named: a frog on a frog? The count is not
changed. Lines that meet another piece, its shadow, a lilypad or glare tell nothing.

A Long Fwooog counted alone is judged the same way. It stands a little lower than a frog
(10 mm against 11 for the shipped pieces), so its shadow is about one frog's; frogs end to
end with one of them on another can be read as one Long Fwooog (their base is as long and
as wide), and then part of its shadow runs about twice as far. Such a Long Fwooog's pond
is named: frogs on frogs, read as a Long Fwooog? The count is not changed.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.counted import Counted
from vision.pond.found import CountedPiece
from vision.pond.reach import GAP_MM, others_mask, walk_lines

#: A group's shadow this many times one frog's beyond the pieces...
TALL = 1.6
#: ...and at least this much (mm) further, is a stack's.
MIN_MORE_MM = 4.0
#: One frog's shadow (beyond its base in ``vision.pond.shadow``, beyond its changed pixels
#: here) must be at least this long (mm) to judge.
MIN_ONE_MM = 3.0
#: The line whose run is judged: the third longest (a stacked frog is several lines wide).
KTH = 3
#: Window half-size (mm) around a group's place.
WINDOW_MM = 45.0


def group_doubts(
    d: npt.NDArray[np.float64],
    masks: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
    lone: list[int],
    counted: Counted,
    casts_px: Sequence[tuple[float, float]],
) -> list[tuple[str, str]]:
    """(pond, warning) for each group counted by area whose shadow runs too far.

    ``masks``: (changed, shadow, blocked) as ``vision.pond.shadow.shadow_doubts`` takes
    them; ``d``: where shadows fall; ``casts_px``: one frog's shadow from each lamp (other
    pieces' shadows are swept by them)."""
    found, model = counted.found, counted.model
    b = counted.pieces.frog_mm[1] / 2 * model.ppm
    ones = []
    for i in lone:
        runs = _runs([i], d, np.linspace(-0.3 * b, 0.3 * b, 5), masks, counted, casts_px)
        if runs is not None and len(runs) >= 3:
            ones.append(float(np.median(runs)))
    if len(ones) < 5:
        return []
    one = float(np.median(ones))
    if one < MIN_ONE_MM * model.ppm:
        return []
    out = []
    for members in _groups(found):
        p = found[members[0]]
        if p.pond is None:
            continue
        runs = _runs(members, d, None, masks, counted, casts_px)
        if runs is None or len(runs) < KTH:
            continue
        far = float(np.sort(runs)[-KTH])
        if far < TALL * one or (far - one) / model.ppm < MIN_MORE_MM:
            continue
        out.append((p.pond, _warning(members, far / one, found)))
    return out


def _warning(members: list[int], times: float, found: list[CountedPiece]) -> str:
    p = found[members[0]]
    where = f"({p.x_mm:.0f}, {p.y_mm:.0f}) mm"
    if len(members) == 1 and p.kind == "fwooog":
        return (
            f"pond {p.pond}: the {p.faction} Long Fwooog at {where} casts a shadow "
            f"{times:.1f} times as long as one frog's in part: frogs on frogs, read as a "
            "Long Fwooog? (counted as a Long Fwooog)"
        )
    n = sum(found[j].frogs for j in members)
    return (
        f"pond {p.pond}: the {n} pieces counted together at {where} cast a shadow "
        f"{times:.1f} times as long as one frog's in part: a frog on a frog? (not counted)"
    )


def _groups(found: list[CountedPiece]) -> list[list[int]]:
    """Pieces counted together (frogs counted by area, and whatever shares a Long
    Fwooog's place) and each Long Fwooog counted alone: the indices at each such place."""
    places: dict[tuple[float, float], list[int]] = {}
    for i, p in enumerate(found):
        places.setdefault((p.x_mm, p.y_mm), []).append(i)
    return [
        members
        for members in places.values()
        if len(members) > 1 or found[members[0]].kind == "fwooog" or found[members[0]].frogs > 1
    ]


def _runs(
    members: list[int],
    d: npt.NDArray[np.float64],
    offsets: npt.NDArray[np.float64] | None,
    masks: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
    counted: Counted,
    casts_px: Sequence[tuple[float, float]],
) -> npt.NDArray[np.float64] | None:
    """For lines along ``d`` at ``offsets`` (px across; None: every pixel across the group),
    each from the group's changed pixel farthest back: how far (px) the changed pixels and
    shadow run beyond the group's farthest changed pixel on that line, on the lines that
    meet nothing else. None: the group is not in the window."""
    changed, shadow, blocked = masks
    model = counted.model
    p = counted.found[members[0]]
    half = round(WINDOW_MM * model.ppm)
    cx, cy = round(p.x_mm * model.ppm), round(p.y_mm * model.ppm)
    x0, y0 = cx - half, cy - half
    h, w = changed.shape
    if x0 < 0 or y0 < 0 or x0 + 2 * half > w or y0 + 2 * half > h:
        return None
    sl = np.s_[y0 : y0 + 2 * half, x0 : x0 + 2 * half]
    n, lab = cv2.connectedComponents(changed[sl].astype(np.uint8), connectivity=8)
    mine = lab[half, half] if n > 1 else 0
    if mine == 0:
        return None
    patch = lab == mine
    ys, xs = np.nonzero(patch)
    rel = np.c_[xs - half, ys - half].astype(np.float64)
    across = np.array([-d[1], d[0]])
    a_of, d_of = rel @ across, rel @ d
    if offsets is None:
        lo, hi = float(a_of.min()) + 2, float(a_of.max()) - 2
        offsets = np.arange(lo, hi + 0.5, 1.0) if hi > lo else np.array([])
    starts, depth = [], []
    for off in offsets:
        on = np.abs(a_of - off) < 0.5
        if on.any():
            k = int(np.argmin(np.where(on, d_of, np.inf)))
            starts.append([xs[k], ys[k]])
            depth.append(float(d_of[on].max() - d_of[k]))
    if not starts:
        return None
    others = others_mask(members, counted, (x0, y0), 2 * half, casts_px)
    others |= blocked[sl]
    others &= ~patch
    gap = max(1, round(GAP_MM * model.ppm))
    pts = np.array(starts, np.float64)
    every, stopped = walk_lines(changed[sl] | shadow[sl] | blocked[sl], others, pts, d, gap)
    left: npt.NDArray[np.float64] = (every - np.array(depth))[~stopped].astype(np.float64)
    return left

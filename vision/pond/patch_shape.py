"""The shape of a patch of anything changed, for the check by synthesis (``vision.pond.explain``).

Measures, each for one way frogs pressed together are read as a Long Fwooog:

- ``notch_depth_mm``: a Long Fwooog alone in its patch is convex (a rounded bar and its top
  swept along the lean); frogs side by side leave a notch between them.
- ``notches``: how many such notches (``vision.pond.split`` counts them on a base read as a
  Long Fwooog: three frogs end to end leave four).
- ``row_room``: a row one piece wide holding a Long Fwooog has a stretch without a neck at
  least a Long Fwooog long; frogs end to end have a neck every frog's length.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond.model import BoardModel
from vision.pond.pieces import Pieces


def notch_depth_mm(mask: npt.NDArray[np.bool_], model: BoardModel) -> float:
    """How deep (mm) the deepest notch in a patch's outline reaches in from its convex hull."""
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return 0.0
    outline = max(contours, key=cv2.contourArea)
    if len(outline) < 4:
        return 0.0
    # The hull's indices in the outline's order (convexityDefects wants them monotonic).
    hull = np.sort(cv2.convexHull(outline, returnPoints=False), axis=0)
    if len(hull) < 3:
        return 0.0
    defects = cv2.convexityDefects(outline, hull)
    if defects is None:
        return 0.0
    return float(np.asarray(defects).reshape(-1, 4)[:, 3].max()) / 256.0 / model.ppm


def notches(mask: npt.NDArray[np.bool_], model: BoardModel, deeper_than_mm: float) -> int:
    """How many notches deeper than ``deeper_than_mm`` a mask's outline has: the bays between
    it and its convex hull, each as deep as its furthest point from the hull's edge (a neck
    between two pieces leaves one on each side)."""
    m = mask.astype(np.uint8)
    points = cv2.findNonZero(m)
    if points is None or len(points) < 3:
        return 0
    hull = np.zeros_like(m)
    cv2.fillConvexPoly(hull, cv2.convexHull(points), 1)
    framed = u8(cv2.copyMakeBorder(hull, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0))
    depth = cv2.distanceTransform(framed, cv2.DIST_L2, 5)[1:-1, 1:-1]
    n, bays = cv2.connectedComponents(((hull > 0) & (m == 0)).astype(np.uint8), connectivity=4)
    if n <= 1:
        return 0
    deepest = np.zeros(n, np.float32)
    np.maximum.at(deepest, bays.ravel(), depth.ravel())
    return int(np.count_nonzero(deepest[1:] / model.ppm > deeper_than_mm))


#: A patch whose width (its 90th percentile across its long axis, mm) is at most this is
#: one piece wide: a row (a frog is 14 mm wide, a lean at 30 degrees adds about 8).
ROW_WIDTH_MM = 24.0
#: A dip in a row's width this deep (mm, below the widest within ``NECK_SPAN_MM`` on each
#: side) is a neck between two pieces.
NECK_MM = 3.0
NECK_SPAN_MM = 8.0


def row_room(mask: npt.NDArray[np.bool_], model: BoardModel, pieces: Pieces) -> float | None:
    """A patch one piece wide (a row): its longest stretch between necks (or its ends), in
    Long Fwooog lengths. A Long Fwooog in the row is one stretch at least its own length (its
    base, and its top swept along the lean); frogs in a row have a neck every frog's length.
    None: the patch is wider than one piece, so its width says nothing of necks."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 10:
        return None
    pts = np.c_[xs, ys].astype(np.float64)
    pts -= pts.mean(axis=0)
    axis = np.linalg.svd(pts, full_matrices=False)[2][0]
    # Each pixel split between the two slices it falls between (rounding to the nearer one
    # makes a comb of the profile along a slanting axis).
    t = pts @ axis
    t -= t.min()
    lo, frac = np.floor(t).astype(np.int64), t - np.floor(t)
    # Weighted, bincount sums float64 (numpy's stub says intp whatever the weights).
    width = np.asarray(np.bincount(lo, 1 - frac, int(lo.max()) + 2), np.float64)
    width += np.bincount(lo + 1, frac, len(width))
    k = max(1, round(model.ppm))
    width = np.convolve(width, np.ones(2 * k + 1) / (2 * k + 1), mode="same")
    if np.percentile(width, 90) > ROW_WIDTH_MM * model.ppm:
        return None
    span, n = round(NECK_SPAN_MM * model.ppm), len(width)
    mid, before, after = width[1:-1], width[:-2], width[2:]
    low = (mid <= before) & (mid <= after) & ((mid < before) | (mid < after))
    cuts = [0, n]
    for i in np.flatnonzero(low) + 1:
        left, right = width[max(0, i - span) : i].max(), width[i + 1 : i + 1 + span].max()
        if min(left, right) - width[i] >= NECK_MM * model.ppm:
            cuts.append(int(i))
    longest = int(np.diff(sorted(cuts)).max())
    return longest / model.ppm / pieces.fwooog_mm[0]

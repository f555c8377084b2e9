"""A faction's colour beside the pieces counted in its patch, under a piece of another faction:
the side of a frog hidden under that piece (``vision.pond.explain``).

A frog under a frog of another faction shows its near sides as a crescent of its colour
(``vision.pond.blobs``' side check). When the lower frog stands against a frog of its own
colour, the crescent joins that frog's patch: it has a base there, so the side check does
not judge it, and it adds only about a quarter of a frog's area to the patch, within what
one frog's colour may differ by. But it lies outside the outline the counted frog's colour
covers (its footprint swept along its lean, ``explain.swept_outline``), against the upper
frog, which stands beyond it away from the camera.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond.model import BoardModel, fill_outline

#: Another faction's counted piece near a patch: (faction, x_px, y_px, its swept outline),
#: raster pixels.
Other = tuple[str, float, float, npt.NDArray[np.float64]]

_K3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
_K5 = np.ones((5, 5), np.uint8)


@dataclass(frozen=True)
class LeftUnder:
    """The largest part of a patch's colour outside its pieces' outlines, against a piece of
    another faction standing beyond it along the lean."""

    area: float  # frog areas
    x_mm: float
    y_mm: float
    under: str  # the other piece's faction


def left_under(
    mask: npt.NDArray[np.bool_],
    origin: tuple[int, int],
    outlines: list[npt.NDArray[np.float64]],
    others: list[Other],
    shift: tuple[float, float],
    growth_px: float,
    model: BoardModel,
) -> LeftUnder | None:
    """``mask``: a patch of one faction's colour (a crop at ``origin`` of the board raster);
    ``outlines``: the swept outlines (raster px) of the pieces counted in it; ``others``:
    other factions' counted pieces near it. The outlines are grown by the rim
    (``growth_px``) and a pixel; what is left is opened (3 px), and its largest part is
    returned if it touches a piece of ``others`` whose place lies beyond it along the lean
    ``shift`` (px)."""
    h, w = mask.shape
    x0, y0 = origin
    covered = np.zeros((h, w), np.uint8)
    for outline in outlines:
        fill_outline(covered, outline, origin)
    k = 2 * max(1, round(growth_px + 1)) + 1
    covered = u8(cv2.dilate(covered, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))))
    left = cv2.morphologyEx(
        np.where(mask & (covered == 0), np.uint8(255), np.uint8(0)), cv2.MORPH_OPEN, _K3
    )
    n, lab, stats, cents = cv2.connectedComponentsWithStats(left)
    if n <= 1:
        return None
    j = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    part = u8(cv2.dilate(np.where(lab == j, np.uint8(255), np.uint8(0)), _K5))
    cx, cy = cents[j]
    for faction, ox, oy, outline in others:
        if (ox - x0 - cx) * shift[0] + (oy - y0 - cy) * shift[1] <= 0:
            continue  # on the camera's side of it: not over it
        drawn = np.zeros((h, w), np.uint8)
        fill_outline(drawn, outline, origin)
        if np.count_nonzero(drawn & part) >= 5:
            area = float(stats[j, cv2.CC_STAT_AREA]) / model.frog_area
            return LeftUnder(area, float(x0 + cx) / model.ppm, float(y0 + cy) / model.ppm, faction)
    return None

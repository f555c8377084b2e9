"""A frog's side in the glare: the glare may have tinted the piece above, so it is not counted.

A frog seen only by its side under another piece (``vision.pond.blobs.SIDE_DOUBT``) is
counted from a crescent of its colour beside the upper piece. A lamp's glare whitens a
piece's edge unevenly and clips its strongest channel at the sensor, which moves a red
piece's rim towards orange and an orange one's towards yellow: a crescent of "another
faction" on a piece with nothing under it. On the honest generator's glare boards
(tuning seeds 100-129) every side-only frog near the glare was such a tint, none a stack.

So near the glare (``TINT_REACH_MM`` of it), in a pond the glare warning already names,
such a frog is not counted, and a warning names it. The pond was named already, so this
can make a count wrong only where a player is told to look.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.blobs import SIDE_DOUBT
from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel

#: A side-only frog whose centre lies this close (mm) to the glare is in its tint.
TINT_REACH_MM = 15.0


def glare_tinted(
    found: list[CountedPiece],
    glare: npt.NDArray[np.bool_],
    glare_named: set[str],
    model: BoardModel,
) -> tuple[list[CountedPiece], list[tuple[str, str]]]:
    """``found`` without the side-only frogs the glare may have made, and a (pond, warning)
    for each one left out."""
    sides = [p for p in found if p.doubt == SIDE_DOUBT and p.pond in glare_named]
    if not sides or not glare.any():
        return found, []
    away = cv2.distanceTransform(
        np.where(glare, np.uint8(0), np.uint8(255)), cv2.DIST_L2, cv2.DIST_MASK_PRECISE
    )
    h, w = glare.shape
    dropped: set[int] = set()
    notes: list[tuple[str, str]] = []
    for p in sides:
        x = min(w - 1, max(0, round(p.x_mm * model.ppm)))
        y = min(h - 1, max(0, round(p.y_mm * model.ppm)))
        if float(away[y, x]) / model.ppm > TINT_REACH_MM:
            continue
        dropped.add(id(p))
        assert p.pond is not None
        notes.append(
            (
                p.pond,
                f"pond {p.pond}: {p.faction} colour at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm in the "
                "glare: a frog under another piece, or the glare tinting that piece's edge? "
                "(not counted)",
            )
        )
    return [p for p in found if id(p) not in dropped], notes

"""A frame's grey image, converted only where it is looked at.

Converting a 12 MP BGR frame to grey costs about as much as reading every tag in it
(10 ms of a Pondscape scan's 33 ms on one core), yet a pond fills only part of the
frame. ``GreyFrame`` converts tiles on demand; ``likely_codes(frame)`` says, from a
quarter-size copy taken by nearest-neighbour sampling (no full-frame pass), which
part of the frame holds anything code-like, so the first full-resolution read can
skip the bare table.

A pixel's grey value is the same whether converted alone or with the whole frame
(``cv2.COLOR_BGR2GRAY`` is per pixel), so a region read through ``GreyFrame`` reads
exactly as through ``vision.tags.to_grey``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.tags import DETECT_SIDE, candidate_boxes

Box = tuple[float, float, float, float]

TILE = 64
# zxing's local-average binarizer thresholds 8x8 blocks counted from the image's corner:
# a region starting on that grid binarizes its inside exactly as the whole frame does.
ALIGN = 8


class GreyFrame:
    """The grey (H, W) of a BGR (H, W, 3) frame, converted a tile at a time.

    ``around(box)`` and ``whole()`` return the full-size grey array with (at least)
    the asked-for pixels converted; pixels never asked for hold nothing meaningful,
    so a caller reads only inside what it asked for. A grey frame is used as is.
    """

    def __init__(self, frame: npt.NDArray[np.uint8]) -> None:
        self.shape: tuple[int, int] = (int(frame.shape[0]), int(frame.shape[1]))
        h, w = self.shape
        self.frame = frame
        if frame.ndim == 2:
            self._grey = frame
            self._done = np.ones((1, 1), bool)
        else:
            self._grey = np.empty((h, w), np.uint8)
            self._done = np.zeros((math.ceil(h / TILE), math.ceil(w / TILE)), bool)

    @property
    def converted(self) -> float:
        """Share of the frame converted so far (0 to 1)."""
        return float(self._done.mean())

    def whole(self) -> npt.NDArray[np.uint8]:
        """The grey array with every pixel converted."""
        return self.region((0, 0, self.shape[1], self.shape[0]))

    def around(self, box: Box, grow: float = 0.5) -> npt.NDArray[np.uint8]:
        """The grey array converted over ``box`` (x0, y0, x1, y1 pixels) grown on
        every side by ``grow`` times its larger side (room for turning a crop)."""
        m = grow * max(box[2] - box[0], box[3] - box[1], 0.0)
        return self.region((box[0] - m, box[1] - m, box[2] + m, box[3] + m))

    def region(self, box: Box) -> npt.NDArray[np.uint8]:
        """The grey array converted at least over ``box`` (clipped to the frame)."""
        if self.frame.ndim == 2:
            return self._grey
        h, w = self.shape
        tx0 = max(0, int(box[0]) // TILE)
        ty0 = max(0, int(box[1]) // TILE)
        tx1 = min(self._done.shape[1], math.ceil(box[2] / TILE))
        ty1 = min(self._done.shape[0], math.ceil(box[3] / TILE))
        if tx1 <= tx0 or ty1 <= ty0 or self._done[ty0:ty1, tx0:tx1].all():
            return self._grey
        x0, y0 = tx0 * TILE, ty0 * TILE
        x1, y1 = min(w, tx1 * TILE), min(h, ty1 * TILE)
        cv2.cvtColor(self.frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY, dst=self._grey[y0:y1, x0:x1])
        self._done[ty0:ty1, tx0:tx1] = True
        return self._grey


def likely_codes(frame: npt.NDArray[np.uint8]) -> tuple[int, int, int, int] | None:
    """The part of ``frame`` (x0, y0, x1, y1 pixels) holding every code-like patch.

    The texture detector of the two-pass reader (``vision.tags.candidate_boxes``)
    runs on a copy about ``DETECT_SIDE`` pixels long, sampled nearest-neighbour so
    it costs a sixteenth of a full-frame pass. The region is the patches' bounding
    box grown by two patches (at least 128 pixels) each way, its corner on zxing's
    8-pixel block grid (one patch left 2 of 2633 tags partly outside on 150 scenes).
    ``None`` when nothing looks like a code (read the whole frame).
    """
    h, w = frame.shape[:2]
    f = max(1, round(max(h, w) / DETECT_SIDE))
    small = u8(cv2.resize(frame, (w // f, h // f), interpolation=cv2.INTER_NEAREST))
    if small.ndim == 3:
        small = u8(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY))
    boxes = np.array(candidate_boxes(small), dtype=np.int64).reshape(-1, 4) * f
    if not len(boxes):
        return None
    patch = float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
    m = int(max(128.0, 2 * patch))
    x0 = max(0, int(boxes[:, 0].min()) - m) // ALIGN * ALIGN
    y0 = max(0, int(boxes[:, 1].min()) - m) // ALIGN * ALIGN
    x1 = min(w, int(boxes[:, 2].max()) + m)
    y1 = min(h, int(boxes[:, 3].max()) + m)
    return x0, y0, x1, y1

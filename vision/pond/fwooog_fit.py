"""Does a Long Fwooog fit inside a base read as one? (``vision.pond.split``)

Frogs of one faction pressed together (three in a Y, four in a block, three in a bent row)
can leave a single erosion core, whose area reads as a Long Fwooog with a frog or two
pressed on it. Were a Long Fwooog there, its own footprint would lie inside the base;
frogs' necks and bends leave no straight stretch that long and that wide. The footprint is
shrunk a little first (the outline's noise), then slid over the base at every angle: the
best place's share inside is the measure.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.model import BoardModel, bar_mask

#: mm taken off each side of a Long Fwooog's footprint before it is fitted.
FIT_SHRINK_MM = 1.0
#: Below this share of the shrunk footprint inside the base (best place and angle), no Long
#: Fwooog fits. On the tuning seeds it alone named 1 of 758 right ponds at 30 degrees and 1
#: of 765 with frogs straddling the edges, none elsewhere; the six misses it was made for
#: reach 0.94-0.98 (fresh figures in docs/pond-camera.md).
FIT_SHARE = 0.99
ANGLE_STEP = 5

_KERNELS: dict[tuple[float, float, float], list[npt.NDArray[np.float32]]] = {}


def fwooog_fit(
    region: npt.NDArray[np.bool_],
    model: BoardModel,
    enough: float = 1.0,
    axis: float = 0.0,
    short: float = 0.0,
) -> float:
    """The largest share of a (shrunk) Long Fwooog's outline lying inside ``region``, over
    every place and every ``ANGLE_STEP`` degrees; the search stops at the first angle where
    the share reaches ``enough``, trying first the angles nearest ``axis`` (degrees: the
    base's long axis, where a Long Fwooog most likely lies; only the order depends on it).
    ``short``: mm off the outline's length (a Long Fwooog the cut shortened, ``split``).

    (Places are tried only over the base's own box: a bar centred outside it has at least
    half of itself outside.)"""
    base = region.astype(np.float32)
    best = 0.0
    for k in _by_nearness(_kernels(model, short), axis):
        best = max(best, float(cv2.filter2D(base, -1, k, borderType=cv2.BORDER_CONSTANT).max()))
        if best >= enough:
            break
    return best


def _by_nearness(
    kernels: list[npt.NDArray[np.float32]], axis: float
) -> list[npt.NDArray[np.float32]]:
    """The kernels (one every ``ANGLE_STEP`` degrees from 0) nearest ``axis`` first."""

    def off(i: int) -> float:
        d = abs(i * ANGLE_STEP - axis) % 180.0
        return min(d, 180.0 - d)

    return [kernels[i] for i in sorted(range(len(kernels)), key=off)]


def _kernels(model: BoardModel, short: float = 0.0) -> list[npt.NDArray[np.float32]]:
    """The shrunk footprint at every angle, each summing to 1 (cached per scale and size)."""
    length, width = model.fwooog_mm
    length = max(width, length - round(short * 2) / 2)  # half-mm steps: a small cache
    key = (model.ppm, length, width)
    if key not in _KERNELS:
        size = (length - 2 * FIT_SHRINK_MM, width - 2 * FIT_SHRINK_MM)
        out = []
        for angle in range(0, 180, ANGLE_STEP):
            bar = (bar_mask(size, model.ppm, angle) > 0).astype(np.float32)
            out.append(bar / float(bar.sum()))
        if len(_KERNELS) > 8:
            _KERNELS.clear()
        _KERNELS[key] = out
    return _KERNELS[key]

"""Does a Long Fwooog fit inside a base read as one? (``vision.pond.split``)

Frogs of one faction pressed together (three in a Y, four in a block, three in a bent row)
can leave a single erosion core, whose area reads as a Long Fwooog with a frog or two
pressed on it. A Long Fwooog's own footprint then lies inside the base; frogs' necks and
bends leave no straight stretch that long and that wide. The footprint is shrunk a little
first (the outline's noise), then slid over the base at every angle: the best place's
share inside is the measure.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.model import BoardModel, bar_mask

#: mm taken off each side of a Long Fwooog's footprint before it is fitted.
FIT_SHRINK_MM = 1.0
#: Below this share of the shrunk footprint inside the base (best place and angle), no Long
#: Fwooog fits: on the tuning seeds every right Long Fwooog read with frogs in its core
#: reached it but one in about 700 ponds at 30 degrees; the six misses it was made for
#: reached 0.94-0.98.
FIT_SHARE = 0.99
ANGLE_STEP = 5

_KERNELS: dict[tuple[float, float, float], list[npt.NDArray[np.float32]]] = {}


def fwooog_fit(region: npt.NDArray[np.bool_], model: BoardModel) -> float:
    """The largest share of a (shrunk) Long Fwooog's footprint lying inside ``region``, over
    every place and every ``ANGLE_STEP`` degrees."""
    kernels = _kernels(model)
    pad = kernels[0].shape[0]
    base = cv2.copyMakeBorder(
        region.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0.0
    )
    return max(
        float(cv2.filter2D(base, -1, k, borderType=cv2.BORDER_CONSTANT).max()) for k in kernels
    )


def _kernels(model: BoardModel) -> list[npt.NDArray[np.float32]]:
    """The shrunk footprint at every angle, each summing to 1 (cached per scale and size)."""
    length, width = model.fwooog_mm
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

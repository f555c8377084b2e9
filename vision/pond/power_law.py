"""Picture levels to linear light and back, by the power law the Pi camera is given
(``vision.picamera_source.TONE_GAMMA``): where a lamp's reflection adds, and is undone."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vision.picamera_source import TONE_GAMMA


def linear(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Picture levels (0-255; brighter kept) to linear light (0-255) by the power law."""
    out: npt.NDArray[np.float32] = (255 * (np.maximum(f, 0) / 255) ** TONE_GAMMA).astype(np.float32)
    return out


def encoded(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Linear light (0-255) back to picture levels."""
    out: npt.NDArray[np.float32] = (255 * (np.maximum(f, 0) / 255) ** (1 / TONE_GAMMA)).astype(
        np.float32
    )
    return out

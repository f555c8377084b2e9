"""Each pixel's darkest or brightest channel, taken channel by channel.

numpy's reduction over a last axis of three (``f.min(axis=2)``) walks it with a stride and
took 20 times as long as three whole-channel ``np.minimum`` calls: 25 ms against 1.3 ms on a
760x900 raster, and the Pond counter takes such a reduction a dozen times a frame. The
values are the same.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

T = TypeVar("T", bound=np.generic)


def darkest(f: npt.NDArray[T], per: npt.NDArray[np.float32] | None = None) -> npt.NDArray[T]:
    """The least of ``f``'s channels (its last axis, three long) per pixel; ``per``: each
    channel divided by its entry first (``f`` float)."""
    if per is None:
        out: npt.NDArray[T] = np.minimum(np.minimum(f[..., 0], f[..., 1]), f[..., 2])
        return out
    scaled: npt.NDArray[T] = np.minimum(
        np.minimum(f[..., 0] / per[0], f[..., 1] / per[1]), f[..., 2] / per[2]
    )
    return scaled


def brightest(f: npt.NDArray[T]) -> npt.NDArray[T]:
    """The greatest of ``f``'s channels (its last axis, three long) per pixel."""
    out: npt.NDArray[T] = np.maximum(np.maximum(f[..., 0], f[..., 1]), f[..., 2])
    return out

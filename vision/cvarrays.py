"""OpenCV's results typed as the numpy arrays they are.

cv2's stubs give every result as ``cv2.typing.MatLike`` (a ``cv2.Mat`` or a numpy array
of any integer or float dtype), though the call fixes the dtype: resizing, blurring,
warping, eroding or converting a uint8 image gives a uint8 image; the labels and stats of
``connectedComponentsWithStats`` are int32 (``CV_32S``) and its centroids float64. These
functions name that dtype for mypy; they neither copy nor check the array.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt
from cv2.typing import MatLike


def u8(image: MatLike) -> npt.NDArray[np.uint8]:
    """A cv2 result computed from uint8 input (or made 0/255 by ``threshold``)."""
    return cast("npt.NDArray[np.uint8]", image)


def i32(array: MatLike) -> npt.NDArray[np.int32]:
    """A cv2 result that is int32 (``CV_32S`` labels and stats)."""
    return cast("npt.NDArray[np.int32]", array)


def f32(array: MatLike) -> npt.NDArray[np.float32]:
    """A cv2 result computed from float32 input (blurring or resizing a float32 raster)."""
    return cast("npt.NDArray[np.float32]", array)


def f64(array: MatLike) -> npt.NDArray[np.float64]:
    """A cv2 result that is float64 (centroids, homographies, ``CV_64F`` output)."""
    return cast("npt.NDArray[np.float64]", array)

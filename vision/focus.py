"""How sharp a photo is, read off the board's corner markers (a pure stage).

Each marker found is a known picture: its id's black and white cells, on white paper. The
frame around it is warped to a square of ``CELL_PX`` pixels a cell, and compared with that
picture blurred by each of ``SIGMAS_CELLS`` (after a gain and an offset, fitted by least
squares): the blur that fits best, converted to board millimetres with the marker's size,
says how far defocus or a shaken camera spreads everything in the board picture the
counter reads, whatever the camera's distance and resolution. A sharp photo's pixels
alone give a few tenths of a millimetre.

- ``blur_mm(frame, found, size_mm) -> float | None``: the median over the markers (None
  when none could be measured: too small, or partly out of the frame).
- ``out_of_focus(frame, found, size_mm) -> str | None``: the refusal's reason when the
  blur is over ``FOCUS_MM``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.frames import Frame

#: Pixels a marker cell (1/6 of its side) takes in the square it is compared in.
CELL_PX = 8
#: Paper around the marker taken into the square, in cells (the sheet leaves more).
MARGIN_CELLS = 0.5
#: The blurs tried, Gaussian sigma in cells (0.05 cell is sharp; 0.6 has smeared every
#: single cell into its neighbours).
STEP_CELLS = 0.03
SIGMAS_CELLS = tuple(float(s) for s in np.round(np.arange(0.03, 0.9, STEP_CELLS), 2))
#: A photo blurred more than this (Gaussian sigma, board mm) is not counted: pieces smear
#: into each other and the board, and the counter's checks can no longer name all it gets
#: wrong. Set on the tuning boards (seeds 300-319, 20 and 30 degrees, blur 3-5 times the
#: lens's): none of the boards left a wrong pond unnamed below 2.0 mm; sharp photos measure
#: 0.6-1.0 mm, twice the lens's blur up to 1.4.
FOCUS_MM = 1.6
#: Markers smaller than this many frame pixels a side are not judged.
MIN_SIDE_PX = 18


def blur_mm(
    frame: Frame, found: Mapping[int, npt.NDArray[np.float32]], size_mm: float
) -> float | None:
    """The blur (Gaussian sigma, board mm) that best explains the markers ``found``."""
    h, w = frame.shape[:2]
    blurs: list[float] = []
    for marker_id, corners in found.items():
        c = np.asarray(corners, np.float32).reshape(4, 2)
        side_px = float(np.mean(np.linalg.norm(c - np.roll(c, 1, axis=0), axis=1)))
        reach = side_px * (0.5 + MARGIN_CELLS / 6) * 1.5
        centre = c.mean(axis=0)
        if side_px < MIN_SIDE_PX:
            continue
        if not (reach <= centre[0] < w - reach and reach <= centre[1] < h - reach):
            continue
        # Only the window round the marker is made grey (a 12 MP frame is not converted).
        x0, y0 = int(centre[0] - reach), int(centre[1] - reach)
        x1, y1 = int(centre[0] + reach) + 1, int(centre[1] + reach) + 1
        window = frame[y0:y1, x0:x1]
        grey = u8(cv2.cvtColor(window, cv2.COLOR_BGR2GRAY)) if window.ndim == 3 else u8(window)
        sigma = _fit_sigma_cells(grey, c - np.array([x0, y0], np.float32), marker_id)
        if sigma is not None:
            blurs.append(sigma * size_mm / 6)
    return float(np.median(blurs)) if blurs else None


@lru_cache(maxsize=8)
def _ideals(marker_id: int) -> npt.NDArray[np.float64]:
    """The marker's picture in the comparison square (cells black 0 or white 1, paper white
    around), blurred by each of ``SIGMAS_CELLS``: (len(SIGMAS_CELLS), pixels)."""
    side = 6 * CELL_PX
    m = round(MARGIN_CELLS * CELL_PX)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    marker = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
    # Blurred on wider paper, then cut to the square: the blur sees white beyond its edge.
    pad = m + 4 * CELL_PX
    ideal = np.ones((side + 2 * pad, side + 2 * pad), np.float32)
    ideal[pad : pad + side, pad : pad + side] = marker.astype(np.float32) / 255
    cut = slice(pad - m, pad + side + m)
    return np.stack(
        [cv2.GaussianBlur(ideal, (0, 0), s * CELL_PX)[cut, cut].ravel() for s in SIGMAS_CELLS]
    ).astype(np.float64)


def _fit_sigma_cells(
    grey: npt.NDArray[np.uint8], corners: npt.NDArray[np.float32], marker_id: int
) -> float | None:
    side = 6 * CELL_PX
    m = round(MARGIN_CELLS * CELL_PX)
    n = side + 2 * m
    # The corners are the marker's outer corners, in its own order (its top-left first).
    square = np.array([[m, m], [m + side, m], [m + side, m + side], [m, m + side]], np.float32)
    warp = cv2.getPerspectiveTransform(corners, square - 0.5)
    seen = cv2.warpPerspective(grey.astype(np.float32), warp, (n, n), flags=cv2.INTER_LINEAR)
    y = seen.ravel().astype(np.float64)
    x = _ideals(marker_id)
    # Least squares y ~ gain * x + offset for every blur at once.
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean()
    gain = (xc @ yc) / np.maximum(np.sum(xc * xc, axis=1), 1e-12)
    errs = np.sum(yc * yc) - gain * (xc @ yc)
    errs[gain < 20] = np.inf  # no black-and-white marker there (covered, or not one)
    k = int(np.argmin(errs))
    if not np.isfinite(errs[k]):
        return None
    if 0 < k < len(errs) - 1 and np.isfinite(errs[k - 1]) and np.isfinite(errs[k + 1]):
        # The parabola through the best and its neighbours: between the steps tried.
        e0, e1, e2 = errs[k - 1], errs[k], errs[k + 1]
        shift = 0.5 * (e0 - e2) / max(e0 - 2 * e1 + e2, 1e-12)
        return SIGMAS_CELLS[k] + float(np.clip(shift, -0.5, 0.5)) * STEP_CELLS
    return SIGMAS_CELLS[k]


def out_of_focus(
    frame: Frame, found: Mapping[int, npt.NDArray[np.float32]], size_mm: float
) -> str | None:
    """The reason to refuse a photo too blurred to count (``blur_mm`` over ``FOCUS_MM``),
    else None."""
    blur = blur_mm(frame, found, size_mm)
    if blur is None or blur <= FOCUS_MM:
        return None
    shown = math.ceil(blur * 10) / 10  # over the bar, never shown as the bar itself
    return (
        f"the photo is out of focus: the markers are blurred by about {shown:.1f} mm "
        f"(at most {FOCUS_MM:g} mm counts): focus the camera or hold it still"
    )

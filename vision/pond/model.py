"""The board model: what a (layout, pieces) pair fixes once for every frame.

Board raster geometry (``RASTER_PPM`` pixels per board millimetre), the pond-id
raster, and the pieces' ideal footprints, areas and erosion cores at that scale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond.geometry import (
    board_size_mm,
    fountain_ids,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.pieces import Pieces

#: Board raster resolution, pixels per millimetre: a frog is about 30 px long.
RASTER_PPM = 2.0


@dataclass
class BoardModel:
    """Everything about a (layout, pieces) pair that does not change between frames."""

    ppm: float
    size: tuple[int, int]  # raster (w, h)
    ids: list[str]
    polygons: dict[str, list[tuple[float, float]]]
    pond_map: npt.NDArray[np.uint8]  # 0 land, i + 1 pond ids[i]
    land: npt.NDArray[np.bool_]  # land pixels to sample the board's colour (not markers)
    marker_zone: npt.NDArray[np.bool_]  # the markers and their paper
    frog_area: float  # px
    fwooog_area: float
    frog_core: float
    fwooog_core: float
    fwooog_core_len: float  # mm: a core at least this long is a Long Fwooog
    fwooog_core_max: float  # mm: a core longer than this holds frogs too
    frogs_core_len: float  # mm: a core at most this long is frogs
    frog_mm: tuple[float, float]  # a frog's footprint, length x width
    fwooog_mm: tuple[float, float]  # a Long Fwooog's
    frog_perimeter: float  # px
    fwooog_perimeter: float
    kernel: npt.NDArray[np.uint8]  # the erosion disc
    pad_r: float  # px
    fountains: set[str]


_MODELS: dict[tuple[int, int], tuple[Any, Any, BoardModel]] = {}


def footprint_mask(
    kind: str, pieces: Pieces, ppm: float, angle: float = 0.0
) -> npt.NDArray[np.uint8]:
    """A piece's ideal footprint at ``ppm`` (frog: ellipse; Long Fwooog: rounded bar), 0/255."""
    if kind != "frog":
        return bar_mask(pieces.fwooog_mm, ppm, angle)
    length, width = pieces.frog_mm
    n = math.ceil(length * ppm) + 6
    img = np.zeros((n, n), np.uint8)
    c = (n - 1) / 2
    cv2.ellipse(
        img,
        (round(c * 16), round(c * 16)),
        (round(length / 2 * ppm * 16), round(width / 2 * ppm * 16)),
        angle,
        0,
        360,
        255,
        -1,
        cv2.LINE_8,
        4,
    )
    return img


def bar_mask(size_mm: tuple[float, float], ppm: float, angle: float = 0.0) -> npt.NDArray[np.uint8]:
    """A rounded bar ``size_mm`` (length, width) at ``ppm``, centred in a square, 0/255."""
    length, width = size_mm
    n = math.ceil(length * ppm) + 6
    img = np.zeros((n, n), np.uint8)
    c = (n - 1) / 2
    k = 16
    half = (length - width) / 2 * ppm
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    p1 = (round((c - ux * half) * k), round((c - uy * half) * k))
    p2 = (round((c + ux * half) * k), round((c + uy * half) * k))
    cv2.line(img, p1, p2, 255, max(1, round(width * ppm)), cv2.LINE_8, 4)
    r = round(width / 2 * ppm * k)
    cv2.circle(img, p1, r, 255, -1, cv2.LINE_8, 4)
    cv2.circle(img, p2, r, 255, -1, cv2.LINE_8, 4)
    return img


def fill_outline(
    canvas: npt.NDArray[np.uint8],
    outline: npt.NDArray[np.float64],
    origin: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Fill a convex outline (raster px, e.g. ``explain.swept_outline``) with 255 on a crop
    of the raster at ``origin``, to a sixteenth of a pixel."""
    pts = np.round((outline - np.asarray(origin, np.float64)) * 16).astype(np.int32)
    cv2.fillConvexPoly(canvas, pts, 255, cv2.LINE_8, 4)


def _perimeter(mask: npt.NDArray[np.uint8]) -> float:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return float(sum(cv2.arcLength(c, True) for c in contours))


def board_model(layout: Any, pieces: Pieces) -> BoardModel:
    key = (id(layout), id(pieces))
    hit = _MODELS.get(key)
    if hit is not None and hit[0] is layout and hit[1] is pieces:
        return hit[2]
    ppm = RASTER_PPM
    w_mm, h_mm = board_size_mm(layout)
    size = (round(w_mm * ppm), round(h_mm * ppm))
    polygons = pond_polygons(layout)
    ids = list(polygons)
    pond_map = np.zeros((size[1], size[0]), np.uint8)
    for i, pid in enumerate(ids, 1):
        pts = np.round(np.asarray(polygons[pid]) * ppm).astype(np.int32)
        cv2.fillPoly(pond_map, [pts], i)
    marker_zone = np.zeros_like(pond_map, dtype=bool)
    paper = marker_size_mm(layout) * 0.9
    for mx, my in marker_centres_mm(layout).values():
        x0, y0 = int((mx - paper) * ppm), int((my - paper) * ppm)
        marker_zone[max(0, y0) : int((my + paper) * ppm), max(0, x0) : int((mx + paper) * ppm)] = 1
    land = (pond_map == 0) & ~marker_zone
    radius = max(1, round(0.32 * pieces.frog_mm[1] * ppm))
    kernel = u8(cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1)))
    frog = footprint_mask("frog", pieces, ppm)
    fwooog = footprint_mask("fwooog", pieces, ppm)
    model = BoardModel(
        ppm=ppm,
        size=size,
        ids=ids,
        polygons=polygons,
        pond_map=pond_map,
        land=land,
        marker_zone=marker_zone,
        frog_area=float(np.count_nonzero(frog)),
        fwooog_area=float(np.count_nonzero(fwooog)),
        frog_core=float(np.count_nonzero(cv2.erode(frog, kernel))),
        fwooog_core=float(np.count_nonzero(cv2.erode(fwooog, kernel))),
        # Blur and colour bleeding shrink the cores by about 3 mm from the ideal shapes.
        fwooog_core_len=pieces.fwooog_mm[0] - 2 * radius / ppm - 3,
        fwooog_core_max=pieces.fwooog_mm[0] - 2 * radius / ppm + 3.5,
        frogs_core_len=2 * pieces.frog_mm[0] - 2 * radius / ppm - 3,
        frog_mm=pieces.frog_mm,
        fwooog_mm=pieces.fwooog_mm,
        frog_perimeter=_perimeter(frog),
        fwooog_perimeter=_perimeter(fwooog),
        kernel=kernel,
        pad_r=pieces.lilypad_diameter_mm / 2 * ppm,
        fountains=set(fountain_ids(layout)),
    )
    if len(_MODELS) > 8:
        _MODELS.clear()
    _MODELS[key] = (layout, pieces, model)
    return model

"""What the Pond counter finds (pieces, lilypads), and the mask helpers its stages share.

Works in the board raster of ``vision.pond.model`` (``RASTER_PPM`` px/mm). Finding the
pieces is ``vision.pond.blobs`` (blobs, bases, sides seen under another piece) and
``vision.pond.split`` (one blob into pieces); see ``vision.pond.count`` for the pipeline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import f64, i32, u8
from vision.pond.model import BoardModel


@dataclass(frozen=True)
class CountedPiece:
    """One piece found on the board (board millimetres).

    ``kind`` is "frog" or "fwooog"; ``frogs`` is how many frogs this mark stands for
    (more than 1 only when frogs were packed too tightly to see apart, counted by area);
    ``pond`` is None for a piece lying on land, counted nowhere.
    """

    kind: str
    faction: str
    x_mm: float
    y_mm: float
    pond: str | None
    share: float
    frogs: int = 1
    doubt: str | None = None  # why this mark may be wrong ("possible stack", ...)
    #: Direction (degrees, raster x right, y down) of its base's long axis, when measured.
    angle_deg: float | None = None


#: A piece whose centre lies within this share of a lilypad's radius from the lilypad's middle
#: stands on it.
ON_PAD = 0.75


@dataclass(frozen=True)
class Hidden:
    """A faction's colour in a pond that no counted piece explains (board mm): a frog of that
    faction hidden under another piece?"""

    pond: str
    faction: str
    x_mm: float
    y_mm: float
    #: How much of it no counted piece explains, in frog areas.
    area: float
    #: Seen in a band at a counted frog's foot (``vision.pond.underfoot``): the place is that
    #: frog's own.
    at_foot: bool = False


@dataclass(frozen=True)
class CountedLilypad:
    """A lilypad found on the board: its pond, centre (mm), and who is on it."""

    pond: str
    x_mm: float
    y_mm: float
    holder: str | None = None  # faction of the frog on it
    fwooog: str | None = None  # faction of a Long Fwooog on it (illegal, reported)


def on_pad(
    found: list[CountedPiece], x_mm: float, y_mm: float, model: BoardModel, kind: str = "frog"
) -> list[CountedPiece]:
    """The pieces of ``kind`` standing on the lilypad whose middle is at (``x_mm``, ``y_mm``),
    nearest first (``stands_on``): the first frog holds it."""
    on = (p for p in found if p.kind == kind and stands_on(p, x_mm, y_mm, model))
    return sorted(on, key=lambda p: math.hypot(p.x_mm - x_mm, p.y_mm - y_mm))


def stands_on(p: CountedPiece, x_mm: float, y_mm: float, model: BoardModel) -> bool:
    """Does ``p`` stand on the lilypad whose middle is at (``x_mm``, ``y_mm``)? Its centre
    lies within ``ON_PAD`` of the lilypad's radius from it."""
    return math.hypot(p.x_mm - x_mm, p.y_mm - y_mm) < ON_PAD * model.pad_r / model.ppm


def components(
    mask: npt.NDArray[np.uint8],
) -> tuple[int, npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.float64]]:
    """8-connected components with stats (Grana's algorithm: 4x faster here than the default)."""
    n, lab, stats, cents = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, cv2.CCL_GRANA
    )
    return int(n), i32(lab), i32(stats), f64(cents)


def fill_holes(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Fill the holes of a 0/255 mask (eyes, highlights), keeping its outline."""
    padded = u8(cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0))
    flood = padded.copy()
    ff = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(flood, ff, (0, 0), 255)
    holes = u8(cv2.bitwise_not(flood))[1:-1, 1:-1]
    return mask | holes


def pond_of(
    region: npt.NDArray[np.bool_], x0: int, y0: int, model: BoardModel
) -> tuple[str | None, float]:
    """The pond holding most of a region (a crop at (x0, y0)) and the share it holds."""
    ponds_crop = model.pond_map[y0 : y0 + region.shape[0], x0 : x0 + region.shape[1]]
    sh = np.bincount(ponds_crop[region], minlength=len(model.ids) + 1)
    total = max(1, int(sh.sum()))
    best = int(np.argmax(sh[1:])) + 1
    return (model.ids[best - 1] if sh[best] > 0 else None), float(sh[best]) / total

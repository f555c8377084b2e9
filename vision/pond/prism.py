"""Pieces as prisms seen from the camera: where the camera is, and how far a piece leans.

A piece of height ``h`` seen by a camera at height ``H`` above the board, whose foot (the
nadir) is at ``N``: in the board raster (the photo warped to the board's plane) its top
lands shifted from its base by ``h * (P - N) / (H - h)``, about ``h * tan(view angle)``,
away from the nadir, and its near sides fill the gap. So a piece's blob in the raster is
its base footprint swept along that shift. ``unsmear`` undoes the sweep (an erosion by the
segment), leaving the base, on which areas, lengths and pond membership are judged.

The camera's place comes from the board homography the markers give and the lens's field
of view (``HFOV_DEG``, the Camera Module 3's; principal point at the image centre, square
pixels): ``K^-1 H = s [r1 r2 t]``, camera centre ``-R^T t``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8

#: Horizontal field of view of the Camera Module 3's standard lens, degrees.
HFOV_DEG = 66.0


@dataclass(frozen=True)
class CameraPlace:
    """The camera's centre over the board: nadir (board mm) and height (mm)."""

    nadir_mm: tuple[float, float]
    height_mm: float

    def shift_mm(self, x_mm: float, y_mm: float, h_mm: float) -> tuple[float, float]:
        """Where the top of a piece ``h_mm`` tall standing at (x, y) lands, relative to its base."""
        k = h_mm / max(self.height_mm - h_mm, 1.0)
        return (x_mm - self.nadir_mm[0]) * k, (y_mm - self.nadir_mm[1]) * k

    def view_angle_deg(self, x_mm: float, y_mm: float) -> float:
        d = math.hypot(x_mm - self.nadir_mm[0], y_mm - self.nadir_mm[1])
        return math.degrees(math.atan2(d, self.height_mm))


def camera_place(
    mm_to_image: npt.NDArray[np.float64], image_size: tuple[int, int], hfov_deg: float = HFOV_DEG
) -> CameraPlace:
    """The camera's nadir and height from the board -> image homography of one frame."""
    w, h = image_size
    f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
    k_inv = np.linalg.inv(np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64))
    m = k_inv @ np.asarray(mm_to_image, np.float64)
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    if m[2, 2] < 0:
        scale = -scale  # the board lies in front of the camera
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    r3 = np.cross(r1, r2)
    rot = np.column_stack([r1, r2, r3])
    # Nearest true rotation (the fit is not exactly orthonormal).
    u, _, vt = np.linalg.svd(rot)
    rot = u @ vt
    centre = -rot.T @ t
    return CameraPlace((float(centre[0]), float(centre[1])), float(abs(centre[2])))


def frustum_lean(
    shift: tuple[float, float], top_ratio: float, half_mm: float
) -> tuple[float, float]:
    """The lean a piece whose sides slope in seems to have: its top ``top_ratio`` of its base,
    shifted by ``shift`` (any unit; ``half_mm`` in the same unit, half the base's mean size).

    Its blob is the hull of the base and the shrunk top. Along the lean it reaches past the
    base by the shift less what the top lost at its front, ``(1 - top_ratio) * half``: so the
    blob is that much shorter than a prism's, and cutting it back by a prism's whole lean
    would eat into the base. Near the nadir the top lies within the base: no lean at all.
    """
    dx, dy = shift
    lean = math.hypot(dx, dy)
    if top_ratio >= 1 or lean < 1e-9:
        return shift
    k = max(0.0, lean - (1 - top_ratio) * half_mm) / lean
    return dx * k, dy * k


def fwooog_shortfall(
    cut_mm: float, top_ratio: float, frog_half_mm: float, fwooog_half_mm: float, ratio: float
) -> float:
    """How much shorter than its bar (mm) a Long Fwooog lying along the lean comes out of a
    cut made for frogs (``frustum_lean``, ``cut_mm`` long), when its sides slope in.

    The cut fits a frog: its top lost ``(1 - top_ratio)`` of a frog's half size at the front.
    A Long Fwooog's top lost that share of its own half length, so its blob reaches past its
    bar by less (``ratio``: its height against a frog's) and the cut eats into the bar. Prisms
    (``top_ratio`` 1) are judged as before: 0.
    """
    if top_ratio >= 1 or cut_mm <= 0:
        return 0.0
    lean = cut_mm + (1 - top_ratio) * frog_half_mm
    past = max(0.0, lean * ratio - (1 - top_ratio) * fwooog_half_mm)
    return max(0.0, cut_mm - past)


def unsmear(mask: npt.NDArray[np.uint8], shift_px: tuple[float, float]) -> npt.NDArray[np.uint8]:
    """The base of a swept blob: the pixels from which the whole shift stays in the blob.

    ``mask`` is 0/255; ``shift_px`` is the top's offset from the base in raster pixels.
    """
    dx, dy = shift_px
    n = round(math.hypot(dx, dy))
    if n < 1:
        return mask
    r = max(abs(round(dx)), abs(round(dy)))
    kernel = np.zeros((2 * r + 1, 2 * r + 1), np.uint8)
    cv2.line(kernel, (r, r), (r + round(dx), r + round(dy)), 1, 1)
    return u8(cv2.erode(mask, kernel, anchor=(r, r), borderType=cv2.BORDER_CONSTANT, borderValue=0))

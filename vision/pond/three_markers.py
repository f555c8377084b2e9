"""The board placed by three of its four corner markers, when the fourth is not read.

A lamp's glare on a corner marker whitens its black cells, and something lying on it (a
card, the box lid) hides it; the other three still give the board's pose: their twelve
corners fit the homography (``markers.board_homography(..., at_least=3)``). The board is
counted that way only where the whole board, the unread marker's place included, lies
inside the frame: a marker out of view means part of the board may be too, and a pond out
of view would read as empty. The count then says which marker was not read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from vision.markers import BoardPose, Corners, apply_homography, board_homography


class ThreeMarkers(NamedTuple):
    """The board's pose from three markers, the one not read, and the count's warning."""

    pose: BoardPose
    unread: int
    warning: str


#: How far inside the frame's edge (pixels) the board's corners must lie.
EDGE_PX = 2.0


def pose_from_three(
    found: Mapping[int, Corners],
    centres_mm: Mapping[int, tuple[float, float]],
    marker_mm: float,
    board_mm: tuple[float, float],
    frame_size: tuple[int, int],
) -> ThreeMarkers | None:
    """The pose from the three markers ``found``, and the warning to give with the count; or
    None when it may not be used: not exactly one of the layout's markers missing, or the
    board (its four corners, ``board_mm`` wide and high) not wholly inside the frame
    (``frame_size``: width, height) by that pose."""
    missing = [i for i in sorted(centres_mm) if i not in found]
    if len(missing) != 1 or len(centres_mm) != 4:
        return None
    pose = board_homography(found, centres_mm, marker_mm, at_least=3)
    w_mm, h_mm = board_mm
    corners = np.array([[0, 0], [w_mm, 0], [w_mm, h_mm], [0, h_mm]], np.float64)
    px = apply_homography(pose.mm_to_image, corners)
    w, h = frame_size
    inside = (px[:, 0] >= EDGE_PX) & (px[:, 0] <= w - 1 - EDGE_PX)
    inside &= (px[:, 1] >= EDGE_PX) & (px[:, 1] <= h - 1 - EDGE_PX)
    if not bool(inside.all()):
        return None
    seen = ", ".join(map(str, sorted(i for i in centres_mm if i in found)))
    return ThreeMarkers(
        pose,
        missing[0],
        f"marker {missing[0]} not read (glare on it, or something lying on it?): the board "
        f"was placed by markers {seen}",
    )

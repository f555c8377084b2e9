"""The board placed by three of its four corner markers, when the fourth is not read.

A lamp's glare on a corner marker whitens its black cells, and something lying on it (a
card, the box lid) hides it; the other three still give the board's pose: their twelve
corners fit the homography (``markers.board_homography(..., at_least=3)``). The board is
counted that way only where the whole board, the unread marker's place included, lies
inside the frame: a marker out of view means part of the board may be too, and a pond out
of view would read as empty. The count then says which marker was not read.

A glared marker can also be read out of shape: found where it lies, but with corners the
glare moved, so the four markers' fit is off by 2-4 mm (a good frame fits to a few tenths),
and over ``FIT_BAR_MM`` the board was refused as "the markers do not fit the layout". When
leaving one marker out then makes the other three fit and that marker still lies where they
put it, ``pose_without_misread`` places the board by those three, and the count says so. A
marker lying away from its place while the other three fit is named (``out_of_place``).
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


#: The four markers' fit (rms over the sixteen corners, board mm) over this does not place the
#: board ("the markers do not fit the layout"): good frames fit to 0.2-0.6 mm (0-30 degrees, a
#: folded board and a barrel lens included, tuning seeds). Over it, the board is placed by
#: three markers if they fit (``pose_without_misread``): a marker whose corners a lamp's glare
#: moved gave 2.1-3.7 mm (the realistic generator's glare worked in linear light, 36000-36029).
#: Under it the four's pose stands, as before: placing such a board by three instead (from 1
#: mm) moved a frog across a pond's edge on fresh 36207.
FIT_BAR_MM = 3.0
#: A four-marker fit off by more than this is looked at for a marker out of place
#: (``out_of_place``): a homography bends to take in a marker 30 mm off at 1.5 mm.
REFIT_FROM_MM = 1.0
#: ... and the other three are taken when they fit within this and within half the four's
#: error (0.55-0.76 mm on those boards) ...
REFIT_MM = 1.0
#: ... and the marker left out lies where they put it, its centre within this share of its
#: size (1.2-1.7 mm of 40 there): read out of shape, not out of place (``out_of_place``).
IN_PLACE = 0.25


def misfit(pose: BoardPose) -> str | None:
    """Why a board placed by ``pose`` is not counted when its markers fit worse than
    ``FIT_BAR_MM``; None when they fit."""
    if pose.rms_mm <= FIT_BAR_MM:
        return None
    return (
        f"the markers do not fit the layout (error {pose.rms_mm:.1f} mm): is this the right layout?"
    )


def _left_out(
    found: Mapping[int, Corners],
    centres_mm: Mapping[int, tuple[float, float]],
    marker_mm: float,
    four: BoardPose,
) -> tuple[BoardPose, int, float] | None:
    """When the four markers' fit (``four``) is off by more than ``REFIT_FROM_MM``: the best
    fit of three that is within ``REFIT_MM`` and half the four's error, the marker it left
    out, and how far (mm) that marker's centre lies from where the three put it. None when
    the four fit, or no three fit so."""
    if four.rms_mm <= REFIT_FROM_MM or len(found) != 4 or len(centres_mm) != 4:
        return None
    best: tuple[BoardPose, int, float] | None = None
    for left in sorted(found):
        rest = {k: v for k, v in found.items() if k != left}
        pose = board_homography(rest, centres_mm, marker_mm, at_least=3)
        if pose.rms_mm > min(REFIT_MM, four.rms_mm / 2):
            continue
        at = np.asarray(found[left], np.float64).reshape(-1, 2).mean(axis=0)
        mm = apply_homography(pose.image_to_mm, at[None])[0]
        off = float(np.hypot(*(mm - np.asarray(centres_mm[left]))))
        if best is None or pose.rms_mm < best[0].rms_mm:
            best = (pose, left, off)
    return best


def pose_without_misread(
    found: Mapping[int, Corners],
    centres_mm: Mapping[int, tuple[float, float]],
    marker_mm: float,
    board_mm: tuple[float, float],
    frame_size: tuple[int, int],
    four: BoardPose,
) -> ThreeMarkers | None:
    """The pose from three of four markers ``found`` when the four's (``four``) is over
    ``FIT_BAR_MM`` and leaving one out fits, that one still in its place (``_left_out``,
    ``IN_PLACE``), with the count's warning. None when the four fit, when none fits so, when
    the one left out lies elsewhere (``out_of_place``), or when the board by that pose is not
    wholly inside the frame."""
    if four.rms_mm <= FIT_BAR_MM:
        return None
    fit = _left_out(found, centres_mm, marker_mm, four)
    if fit is None or fit[2] > IN_PLACE * marker_mm:
        return None
    left = fit[1]
    three = pose_from_three(
        {k: v for k, v in found.items() if k != left}, centres_mm, marker_mm, board_mm, frame_size
    )
    if three is None:
        return None
    seen = ", ".join(map(str, sorted(k for k in found if k != left)))
    return three._replace(
        warning=f"marker {left} read out of shape (glare on it?): the board was placed by "
        f"markers {seen}"
    )


def out_of_place(
    found: Mapping[int, Corners],
    centres_mm: Mapping[int, tuple[float, float]],
    marker_mm: float,
    four: BoardPose,
) -> str | None:
    """Why the board is not counted when one marker lies away from where the layout puts it
    while the other three fit (``_left_out``): a homography bends to take it in (a marker 30
    mm off fits the four to 1.5 mm), and every pond would be placed askew. None otherwise."""
    fit = _left_out(found, centres_mm, marker_mm, four)
    if fit is None or fit[2] <= IN_PLACE * marker_mm:
        return None
    return (
        f"marker {fit[1]} lies {fit[2]:.0f} mm from where the layout puts it, by the other "
        "three: lay it in its place (or is this the right layout?)"
    )


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

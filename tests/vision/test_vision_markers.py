"""The corner markers' second look (vision/markers.py): a blurred marker the first pass
cannot read is read where the other markers say it must be, and nowhere else."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.markers import detect_markers

#: A 600 mm board's markers (as the 13-pond layout) and where a drawing puts their centres.
CENTRES_MM = {0: (30.0, 30.0), 1: (570.0, 30.0), 2: (570.0, 570.0), 3: (30.0, 570.0)}
SIDE = 48


def _at(x_mm: float, y_mm: float) -> tuple[int, int]:
    return round(150 + (x_mm - 30) * 600 / 540), round(150 + (y_mm - 30) * 400 / 540)


def _frame(blurred_at: tuple[int, int] | None) -> np.ndarray:
    """Markers 1-3 sharp at their places; marker 0 blurred (Gaussian, 2.5 px) at
    ``blurred_at`` (its centre), or nowhere."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    grey = np.full((700, 900), 235, np.uint8)
    for i in (1, 2, 3):
        x, y = _at(*CENTRES_MM[i])
        grey[y - SIDE // 2 : y + SIDE // 2, x - SIDE // 2 : x + SIDE // 2] = (
            cv2.aruco.generateImageMarker(dictionary, i, SIDE)
        )
    if blurred_at is not None:
        patch = np.full((SIDE * 3, SIDE * 3), 235, np.uint8)
        patch[SIDE : 2 * SIDE, SIDE : 2 * SIDE] = cv2.aruco.generateImageMarker(dictionary, 0, SIDE)
        patch = cv2.GaussianBlur(patch, (0, 0), 2.5)
        x, y = blurred_at
        grey[y - 3 * SIDE // 2 : y + 3 * SIDE // 2, x - 3 * SIDE // 2 : x + 3 * SIDE // 2] = patch
    return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)


def test_markers_a_blurred_marker_is_read_where_the_others_put_it() -> None:
    frame = _frame(_at(*CENTRES_MM[0]))
    assert sorted(detect_markers(frame)) == [1, 2, 3]  # the first pass cannot read it
    found = detect_markers(frame, centres_mm=CENTRES_MM)
    assert sorted(found) == [0, 1, 2, 3]
    x, y = _at(*CENTRES_MM[0])
    want = np.array([[x, y], [x + SIDE, y], [x + SIDE, y + SIDE], [x, y + SIDE]]) - SIDE / 2 - 0.5
    assert found[0] == pytest.approx(want, abs=1.5)


def test_markers_a_blurred_marker_elsewhere_is_not_taken() -> None:
    # The same blurred marker 0, but in the board's middle: not where markers 1-3 put it.
    frame = _frame(_at(300.0, 300.0))
    assert sorted(detect_markers(frame, centres_mm=CENTRES_MM)) == [1, 2, 3]


def test_markers_the_second_look_needs_two_found_markers_whose_places_it_knows() -> None:
    # Only marker 1's place is given besides marker 0's: one known marker cannot say where
    # marker 0 must be, so there is no second look.
    frame = _frame(_at(*CENTRES_MM[0]))
    found = detect_markers(frame, centres_mm={0: CENTRES_MM[0], 1: CENTRES_MM[1]})
    assert sorted(found) == [1, 2, 3]

"""How blurred a photo is, read off a marker (vision/focus.py): known blurs, exact answers."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.focus import FOCUS_MM, blur_mm, out_of_focus

SIDE = 96  # px: 16 a cell
SIZE_MM = 40.0


def _marker_frame(sigma_px: float, cover: bool = False) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """Marker 2, SIDE px square on white paper, blurred by a Gaussian of ``sigma_px``; its
    corners in ArUco's order. ``cover``: a grey card over it."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    grey = np.full((300, 300), 230, np.float32)
    grey[100 : 100 + SIDE, 100 : 100 + SIDE] = (
        cv2.aruco.generateImageMarker(dictionary, 2, SIDE).astype(np.float32) * (200 / 255) + 25
    )
    if cover:
        grey[80:220, 80:220] = 128
    if sigma_px:
        grey = cv2.GaussianBlur(grey, (0, 0), sigma_px)
    corners = np.array(
        [[100, 100], [100 + SIDE, 100], [100 + SIDE, 100 + SIDE], [100, 100 + SIDE]], np.float32
    )
    frame = cv2.cvtColor(np.clip(grey, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
    return frame, {2: corners - 0.5}


@pytest.mark.parametrize("sigma_px", [2.0, 4.0, 6.0, 9.0])
def test_focus_a_known_blur_is_measured_in_board_millimetres(sigma_px: float) -> None:
    frame, found = _marker_frame(sigma_px)
    want = sigma_px * SIZE_MM / SIDE  # 0.83, 1.67, 2.5 and 3.75 mm
    assert blur_mm(frame, found, SIZE_MM) == pytest.approx(want, rel=0.08)


def test_focus_a_sharp_marker_measures_under_a_fifth_of_a_millimetre() -> None:
    frame, found = _marker_frame(0.0)
    blur = blur_mm(frame, found, SIZE_MM)
    assert blur is not None and blur < 0.2
    assert out_of_focus(frame, found, SIZE_MM) is None


def test_focus_a_covered_marker_is_not_judged() -> None:
    frame, found = _marker_frame(2.0, cover=True)
    assert blur_mm(frame, found, SIZE_MM) is None


def test_focus_over_the_bar_gives_the_reason_with_the_blur() -> None:
    frame, found = _marker_frame(6.0)  # 2.55 mm measured (2.5 drawn), shown rounded up
    assert FOCUS_MM < 2.3
    assert out_of_focus(frame, found, SIZE_MM) == (
        "the photo is out of focus: the markers are blurred by about 2.6 mm "
        f"(at most {FOCUS_MM:g} mm counts): focus the camera or hold it still"
    )

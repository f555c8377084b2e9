"""Three markers place the board when the fourth is read out of shape (a lamp's glare moved its
corners): ``three_markers.pose_without_misread``, on marker corners made from a known pose."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from vision.markers import apply_homography, board_homography
from vision.pond.geometry import board_size_mm, marker_centres_mm, marker_size_mm
from vision.pond.three_markers import FIT_BAR_MM, REFIT_FROM_MM, out_of_place, pose_without_misread

#: Board mm to image px: 2 px a mm, a little perspective, 100 px in from the frame's corner.
H = np.array([[2.0, 0.1, 100.0], [0.05, 2.1, 100.0], [1e-5, 2e-5, 1.0]])
FRAME = (1600, 1600)


def _found(layout: Any, moved: dict[int, Any] | None = None) -> dict[int, Any]:
    """Each marker's four corners in the image; ``moved``: id -> a function of its corners'
    board mm (4, 2) giving the board mm where they are read instead."""
    half = marker_size_mm(layout) / 2
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    out = {}
    for mid, (x, y) in marker_centres_mm(layout).items():
        mm = square + np.array([x, y])
        if moved and mid in moved:
            mm = moved[mid](mm)
        out[mid] = apply_homography(H, mm).astype(np.float32)
    return out


def _refit(layout: Any, found: dict[int, Any]) -> Any:
    centres, size = marker_centres_mm(layout), marker_size_mm(layout)
    four = board_homography(found, centres, size)
    return four, pose_without_misread(found, centres, size, board_size_mm(layout), FRAME, four)


def test_a_marker_read_out_of_shape_is_left_out(layout13: Any) -> None:
    """Marker 2's corners read 6 mm in towards its centre (its black border whitened): the
    four fit to over the 3 mm that refused the board; the other three fit exactly and place
    it where it lies."""
    shrunk = {2: lambda mm: mm.mean(axis=0) + (mm - mm.mean(axis=0)) * 0.7}
    four, three = _refit(layout13, _found(layout13, shrunk))
    assert four.rms_mm > FIT_BAR_MM
    assert three is not None and three.unread == 2 and three.pose.rms_mm < 0.01
    assert three.warning.startswith("marker 2 read out of shape (glare on it?)")
    assert np.allclose(
        apply_homography(three.pose.mm_to_image, np.array([[300.0, 300.0]])),
        apply_homography(H, np.array([[300.0, 300.0]])),
        atol=0.05,
    )


@pytest.mark.parametrize("shift_mm", [30.0, 60.0])
def test_a_marker_out_of_place_is_named_not_left_out(layout13: Any, shift_mm: float) -> None:
    """A marker laid 30 or 60 mm from its place: the four markers' homography bends to take it
    in (1.5 and 2.9 mm, under the 3 mm that refused a board before, so every pond was placed
    askew); now the board is not counted, and the marker is named."""
    moved = {2: lambda mm: mm + np.array([shift_mm, 0.0])}
    found = _found(layout13, moved)
    four, three = _refit(layout13, found)
    assert 1.0 < four.rms_mm < 3.0 and three is None
    why = out_of_place(found, marker_centres_mm(layout13), marker_size_mm(layout13), four)
    assert why == (
        f"marker 2 lies {shift_mm:.0f} mm from where the layout puts it, by the other three: "
        "lay it in its place (or is this the right layout?)"
    )


def test_four_markers_that_fit_are_kept(layout13: Any) -> None:
    found = _found(layout13)
    four, three = _refit(layout13, found)
    assert four.rms_mm < 0.01 and three is None
    assert out_of_place(found, marker_centres_mm(layout13), marker_size_mm(layout13), four) is None


def test_a_marker_read_out_of_shape_is_not_out_of_place(layout13: Any) -> None:
    shrunk = {1: lambda mm: mm.mean(axis=0) + (mm - mm.mean(axis=0)) * 0.7}
    found = _found(layout13, shrunk)
    four, _ = _refit(layout13, found)
    assert out_of_place(found, marker_centres_mm(layout13), marker_size_mm(layout13), four) is None


def test_a_marker_a_little_out_of_shape_keeps_the_four_markers_pose(layout13: Any) -> None:
    """Under the 3 mm bar the four markers' pose stands, as before (from 1 mm, placing such a
    board by three moved a frog across a pond's edge on a fresh board)."""
    shrunk = {2: lambda mm: mm.mean(axis=0) + (mm - mm.mean(axis=0)) * 0.85}
    four, three = _refit(layout13, _found(layout13, shrunk))
    assert REFIT_FROM_MM < four.rms_mm < FIT_BAR_MM and three is None


def test_a_photo_for_calibration_with_a_marker_out_of_place_is_refused(
    layout13: Any, pieces: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The empty-board photo and the colour samples are placed by four markers only; one laid
    30 mm away bends every pond of the reference askew, so the photo is refused, named."""
    import vision.pond.calibrate as calibrate
    from companion.errors import BadFileError

    found = _found(layout13, {2: lambda mm: mm + np.array([30.0, 0.0])})
    monkeypatch.setattr(calibrate, "detect_markers", lambda *a, **k: found)
    monkeypatch.setattr(calibrate, "out_of_focus", lambda *a, **k: None)
    frame = np.zeros((FRAME[1], FRAME[0], 3), np.uint8)
    with pytest.raises(BadFileError, match=r"^empty\.jpg: marker 2 lies 30 mm from where"):
        calibrate.board_raster(frame, layout13, pieces, "empty.jpg")
    monkeypatch.setattr(calibrate, "detect_markers", lambda *a, **k: _found(layout13))
    raster, _, pose = calibrate.board_raster(frame, layout13, pieces, "empty.jpg")
    assert pose.rms_mm < 0.01 and raster.shape[2] == 3


def test_an_empty_board_photo_with_a_marker_out_of_shape_is_taken_again(
    layout13: Any, pieces: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reference is placed by four markers only: over the 3 mm bar it is refused, naming
    the file, with the count's own words (``misfit``); under it, kept."""
    import vision.pond.calibrate as calibrate
    from companion.errors import BadFileError
    from vision.pond.reference import make_empty_board
    from vision.pond.three_markers import misfit

    shrunk = {2: lambda mm: mm.mean(axis=0) + (mm - mm.mean(axis=0)) * 0.7}
    found = _found(layout13, shrunk)
    monkeypatch.setattr(calibrate, "detect_markers", lambda *a, **k: found)
    monkeypatch.setattr(calibrate, "out_of_focus", lambda *a, **k: None)
    frame = np.full((FRAME[1], FRAME[0], 3), 120, np.uint8)
    four, _ = _refit(layout13, found)
    why = misfit(four)
    assert why == (
        f"the markers do not fit the layout (error {four.rms_mm:.1f} mm): is this the right layout?"
    )
    with pytest.raises(BadFileError) as err:
        make_empty_board(frame, layout13, pieces, "empty.jpg")
    assert str(err.value) == f"empty.jpg: {why}"
    monkeypatch.setattr(calibrate, "detect_markers", lambda *a, **k: _found(layout13))
    empty, _ = make_empty_board(frame, layout13, pieces, "empty.jpg")
    size = marker_size_mm(layout13)
    assert misfit(board_homography(_found(layout13), marker_centres_mm(layout13), size)) is None
    assert empty.raster.shape[2] == 3

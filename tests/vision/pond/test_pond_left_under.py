"""``vision.pond.left_under`` and its warning (``vision.pond.unexplained``): a frog's side
under a frog of another faction, joined to a frog of its own colour. Exact answers on drawn
masks: pieces seen as prisms (a footprint swept along its lean), board raster 2 px/mm."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from vision.pond import read_pieces_file
from vision.pond.explain import Explained, swept_outline
from vision.pond.left_under import LeftUnder, left_under
from vision.pond.model import BoardModel, board_model
from vision.pond.unexplained import UNDER_SIDE, doubts

LEAN = (8.0, 0.0)  # px: one frog's lean, 4 mm along +x
ORIGIN = (0, 0)


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _outline(model: BoardModel, x: float, y: float, lean: tuple[float, float]) -> Any:
    return swept_outline("frog", x, y, 90.0, lean, model, read_pieces_file())


def _fill(mask: npt.NDArray[np.uint8], outline: Any) -> None:
    cv2.fillConvexPoly(mask, np.round(outline * 16).astype(np.int32), 255, cv2.LINE_8, 4)


def _scene(model: BoardModel) -> tuple[Any, Any, Any]:
    """A banana frog at (40, 40) mm; beside it, 14 mm across the lean, a banana frog with a
    wizard frog on it. The banana patch: the first frog's colour and the lower frog's near
    side (its own colour swept by one lean, less what the wizard frog, one lean further on,
    covers). Returns the patch, the first frog's outline and the wizard frog's."""
    first = _outline(model, 40.0, 40.0, LEAN)
    lower = _outline(model, 40.0, 54.0, LEAN)
    upper = _outline(model, 40.0 + LEAN[0] / model.ppm, 54.0, LEAN)
    patch = np.zeros((160, 200), np.uint8)
    _fill(patch, first)
    _fill(patch, lower)
    wizard = np.zeros_like(patch)
    _fill(wizard, upper)
    patch[wizard > 0] = 0
    return patch > 0, first, upper


def test_a_side_joined_to_a_frog_of_its_colour_under_another_faction(model: BoardModel) -> None:
    patch, first, upper = _scene(model)
    x, y = 40.0 * model.ppm + LEAN[0], 54.0 * model.ppm
    got = left_under(patch, ORIGIN, [first], [("wizard", x, y, upper)], LEAN, 0.0, model)
    assert isinstance(got, LeftUnder)
    assert got.under == "wizard"
    assert got.area == pytest.approx(0.298, abs=0.002)
    assert got.x_mm == pytest.approx(35.8, abs=0.1)
    assert got.y_mm == pytest.approx(55.1, abs=0.1)


def test_no_side_is_left_when_the_other_piece_stands_on_the_cameras_side(
    model: BoardModel,
) -> None:
    """The same colour left over, but the wizard piece lies towards the camera from it: it
    cannot stand on that frog."""
    patch, first, upper = _scene(model)
    x, y = 26.0 * model.ppm, 54.0 * model.ppm
    before = upper - np.array([18.0 * model.ppm, 0.0])  # touching the side, nearer the camera
    assert left_under(patch, ORIGIN, [first], [("wizard", x, y, before)], LEAN, 0.0, model) is None
    flipped = (-LEAN[0], -LEAN[1])  # seen from the other side, it would stand beyond the side
    got = left_under(patch, ORIGIN, [first], [("wizard", x, y, before)], flipped, 0.0, model)
    assert got is not None and got.under == "wizard"


def test_nothing_is_left_of_a_frog_its_outline_explains(model: BoardModel) -> None:
    first = _outline(model, 40.0, 40.0, LEAN)
    patch = np.zeros((160, 200), np.uint8)
    _fill(patch, first)
    upper = _outline(model, 54.0, 40.0, LEAN)
    x, y = 54.0 * model.ppm, 40.0 * model.ppm
    assert (
        left_under(patch > 0, ORIGIN, [first], [("wizard", x, y, upper)], LEAN, 0.0, model) is None
    )


def _explained(excess: float, area: float) -> Explained:
    under = LeftUnder(area, 49.0, 40.0, "wizard")
    return Explained("banana", "SE", 1.0 + excess, 1.0, 1, 45.0, 40.0, under=under)


def test_the_side_left_under_another_piece_names_its_pond() -> None:
    ((pond, words),) = doubts([_explained(0.25, UNDER_SIDE)])
    assert pond == "SE"
    assert words == (
        "pond SE: banana colour at (49, 40) mm beside the piece counted there, under a wizard "
        "piece (0.15 of a frog's area): a frog hidden under it? (not counted)"
    )


def test_no_name_without_more_colour_than_counted_or_for_a_smaller_part() -> None:
    """A counted frog's outline placed a little off leaves colour outside it too, but no
    more colour than the frog explains; and a part under ``UNDER_SIDE`` is the outline's
    noise."""
    assert doubts([_explained(-0.1, 0.3)]) == []
    assert doubts([_explained(0.25, UNDER_SIDE - 0.01)]) == []

"""vision.pond.split and patch_shape.notches: a base read as a Long Fwooog but notched where
three frogs end to end meet is doubted (exact answers on drawn footprints, the board
raster's 2 px/mm)."""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np
import pytest

from vision.pond import read_pieces_file
from vision.pond.model import BoardModel, bar_mask, board_model, footprint_mask
from vision.pond.patch_shape import notches
from vision.pond.split import NECK_MM, NECKS


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _row(model: BoardModel, angle: float, pitch_mm: float) -> np.ndarray:
    """Three frogs end to end along ``angle``, their centres ``pitch_mm`` apart (touching
    side to side: the frog is 14 mm wide), on a canvas."""
    frog = footprint_mask("frog", read_pieces_file(), model.ppm, angle + 90.0)
    canvas = np.zeros((200, 200), np.uint8)
    n = frog.shape[0]
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for k in (-1, 0, 1):
        x = round(100 + k * pitch_mm * model.ppm * ux - n / 2)
        y = round(100 + k * pitch_mm * model.ppm * uy - n / 2)
        canvas[y : y + n, x : x + n] |= frog
    return canvas > 0


@pytest.mark.parametrize("angle", [0.0, 30.0, 77.0, 135.0])
def test_a_long_fwooogs_base_has_no_necks(model: BoardModel, angle: float) -> None:
    bar = bar_mask(read_pieces_file().fwooog_mm, model.ppm, angle) > 0
    assert notches(bar, model, NECK_MM) == 0


@pytest.mark.parametrize("angle", [0.0, 30.0, 77.0, 135.0])
@pytest.mark.parametrize("pitch", [12.5, 13.7])
def test_three_frogs_end_to_end_leave_their_necks(
    model: BoardModel, angle: float, pitch: float
) -> None:
    """Pressed together (12.5 mm apart) or just touching (13.7 mm, as on board 40425, where
    the row was read as a Long Fwooog and named by no warning): two necks, a notch on each
    side of each."""
    row = _row(model, angle, pitch)
    assert cv2.connectedComponents(row.astype(np.uint8))[0] == 2  # one blob
    assert notches(row, model, NECK_MM) >= NECKS


def test_an_empty_or_tiny_base_has_no_necks(model: BoardModel) -> None:
    assert notches(np.zeros((20, 20), bool), model, NECK_MM) == 0
    tiny = np.zeros((20, 20), bool)
    tiny[5:7, 5:8] = True
    assert notches(tiny, model, NECK_MM) == 0

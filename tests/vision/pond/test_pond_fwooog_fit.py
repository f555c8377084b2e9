"""``vision.pond.fwooog_fit``: how much of a Long Fwooog's outline (shrunk 1 mm a side) fits
inside a base, at its best place and angle. Bases drawn from the shipped pieces' ideal
footprints (frog 16 x 14 mm, Long Fwooog 38 x 14 mm) at the raster's 2 px/mm."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from vision.pond import read_pieces_file
from vision.pond.fwooog_fit import BESIDE_SHARE, FIT_SHARE, frogs_beside, fwooog_fit
from vision.pond.model import BoardModel, bar_mask, board_model, footprint_mask


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _base(model: BoardModel, solids: list[tuple[str, float, float, float]]) -> npt.NDArray[Any]:
    """A base: each (kind, x mm, y mm, angle) footprint stamped on a 120 mm square."""
    pieces = read_pieces_file()
    canvas = np.zeros((240, 240), bool)
    for kind, x, y, angle in solids:
        foot = footprint_mask(kind, pieces, model.ppm, angle) > 0
        n = foot.shape[0]
        x0, y0 = round(x * model.ppm - (n - 1) / 2), round(y * model.ppm - (n - 1) / 2)
        canvas[y0 : y0 + n, x0 : x0 + n] |= foot
    return canvas


@pytest.mark.parametrize("angle", [0.0, 22.0, 47.0, 90.0, 133.0])
def test_a_long_fwooog_fits_its_own_base_at_any_angle(model: BoardModel, angle: float) -> None:
    """Between two of the angles tried (every 5 degrees) the shrunk outline still fits."""
    assert fwooog_fit(_base(model, [("fwooog", 60.0, 60.0, angle)]), model) == 1.0


def test_a_long_fwooog_with_frogs_pressed_on_its_side_still_fits(model: BoardModel) -> None:
    one = [("fwooog", 60.0, 60.0, 0.0), ("frog", 60.0, 73.5, 90.0)]
    assert fwooog_fit(_base(model, one), model) == 1.0
    two = [("fwooog", 60.0, 60.0, 90.0), ("frog", 73.5, 52.0, 0.0), ("frog", 46.5, 68.0, 0.0)]
    assert fwooog_fit(_base(model, two), model) == 1.0


def _y(r: float) -> list[tuple[str, float, float, float]]:
    """Three frogs whose heads meet, 120 degrees apart, ``r`` mm from the middle."""
    return [
        ("frog", 60 + r * math.cos(math.radians(t)), 60 + r * math.sin(math.radians(t)), t)
        for t in (90.0, 210.0, 330.0)
    ]


def test_frogs_pressed_together_leave_no_room_for_a_long_fwooog(model: BoardModel) -> None:
    """The shapes the six misses it was made for took: three frogs in a Y, four in a block,
    three in a row (end to end, or side by side): no straight stretch 36 x 12 mm."""
    assert fwooog_fit(_base(model, _y(8.0)), model) == pytest.approx(0.80, abs=0.01)
    block = [("frog", 60.0 + dx, 60.0 + dy, 0.0) for dx in (0.0, 16.0) for dy in (0.0, 14.0)]
    assert fwooog_fit(_base(model, block), model) == pytest.approx(0.91, abs=0.01)
    ends = [("frog", 60.0 + 16.0 * k, 60.0, 0.0) for k in range(3)]
    assert fwooog_fit(_base(model, ends), model) == pytest.approx(0.90, abs=0.01)
    sides = [("frog", 60.0 + 14.0 * k, 60.0, 90.0) for k in range(3)]
    assert fwooog_fit(_base(model, sides), model) == pytest.approx(0.93, abs=0.01)
    for base in (_y(8.0), block, ends, sides):
        assert fwooog_fit(_base(model, base), model) < FIT_SHARE


def test_frogs_pressed_on_a_long_fwooog_fit_beside_it(model: BoardModel) -> None:
    """A frog on its side, two on opposite sides, a frog at its end: with the Long Fwooog's
    outline placed, each frog's disc (its area's radius less 0.5 mm) lies in what is left."""
    one = [("fwooog", 60.0, 60.0, 0.0), ("frog", 60.0, 73.5, 90.0)]
    assert frogs_beside(_base(model, one), model, 1) == pytest.approx(0.998, abs=0.002)
    two = [("fwooog", 60.0, 60.0, 90.0), ("frog", 73.5, 52.0, 0.0), ("frog", 46.5, 68.0, 0.0)]
    assert frogs_beside(_base(model, two), model, 2) == pytest.approx(0.997, abs=0.002)
    end = [("fwooog", 60.0, 60.0, 0.0), ("frog", 86.5, 60.0, 0.0)]
    assert frogs_beside(_base(model, end), model, 1) == 1.0


def test_a_row_of_frogs_a_fwooog_fits_in_leaves_no_room_for_a_frog_beside_it(
    model: BoardModel,
) -> None:
    """Three frogs side by side with a fourth on one of them, as a photo rounds them: one
    base 44 x 16 mm, a Long Fwooog's and a frog's area or more. A Long Fwooog fits in it,
    but beside it only slivers are left, too thin for a frog's disc. (Where no Long Fwooog
    fits at all: 0.)"""
    bar = bar_mask((44.0, 16.0), model.ppm, 30.0) > 0
    base = np.zeros((240, 240), bool)
    n = bar.shape[0]
    base[120 - n // 2 : 120 - n // 2 + n, 120 - n // 2 : 120 - n // 2 + n] = bar
    assert fwooog_fit(base, model) == 1.0
    assert frogs_beside(base, model, 1) == pytest.approx(0.64, abs=0.01)
    assert frogs_beside(base, model, 1) < BESIDE_SHARE
    assert frogs_beside(_base(model, _y(8.0)), model, 1) == 0.0

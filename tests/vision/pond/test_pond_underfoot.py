"""Another faction's colour at a lone frog's foot (vision.pond.underfoot): exact answers on
drawn rasters.

A banana frog stands in pond NW, its lean straight along the raster's x (8 px: 4 mm at 2 px/mm),
so its near side is exactly the half left of its centre. What the comparison calls changed is
its footprint swept along its lean. A frog under it would show its near side as a band: the
footprint swept one lean the other way, outside what is changed.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest
from conftest import inside_pond

from vision.pond import colours, read_pieces_file
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel, board_model
from vision.pond.underfoot import FOOT_MM2, foot_colours, underfoot_doubts

LEAN = (8.0, 0.0)
WATER = (190, 100, 30)  # BGR: blue water


def _bgr(faction: str) -> np.ndarray:
    return np.array(read_pieces_file().factions[faction][::-1], np.float64)


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _fill(model: BoardModel, x: float, y: float, sweep: tuple[float, float]) -> Any:
    canvas = np.zeros(model.pond_map.shape, np.uint8)
    poly = swept_outline("frog", x, y, 0.0, sweep, model, read_pieces_file())
    cv2.fillConvexPoly(canvas, np.round(poly * 16).astype(np.int32), 255, cv2.LINE_8, 4)
    return canvas > 0


def _board(model: BoardModel, band_bgr: Any, faction: str = "banana", art: bool = False) -> Any:
    """(frame, empty, colour table, changed, counted, band): a ``faction`` frog with a band
    of ``band_bgr`` at its foot (``art``: the empty board has that colour there too)."""
    pieces = read_pieces_file()
    x, y = inside_pond(model, "NW")
    changed = _fill(model, x, y, LEAN)
    band = _fill(model, x, y, (-LEAN[0], -LEAN[1])) & ~changed
    empty = np.zeros((*model.pond_map.shape, 3), np.uint8)
    empty[:] = WATER
    frame = empty.copy()
    frame[changed] = _bgr(faction)
    frame[band] = band_bgr
    if art:
        empty[band] = band_bgr
    lut = colours.build_lut(pieces, [WATER])
    frog = CountedPiece("frog", faction, x, y, "NW", 1.0, 1, None, 0.0)
    counted = Counted([frog], model, pieces, [LEAN])
    return frame, empty, lut, changed, counted, band


def test_off_segment_is_the_distance_to_the_segment() -> None:
    f = np.array([0.3, 0.3])
    c = np.array([[0.5, 0.3], [0.5, 0.4], [0.9, 0.3], [0.2, 0.3]])
    b = np.array([[0.7, 0.3]] * 4)
    assert colours.off_segment(c, f, b) == pytest.approx([0.0, 0.1, 0.2, 0.1])
    assert colours.off_segment(c, f, b[0]) == pytest.approx([0.0, 0.1, 0.2, 0.1])


def test_wizard_colour_in_shade_at_a_banana_frogs_foot_names_its_pond(model: BoardModel) -> None:
    """The lower frog's near side, in shade (0.6 of the wizard colour): every pixel of the
    band counts, and the pond is named with the colour and the frog."""
    *args, band = _board(model, _bgr("wizard") * 0.6)
    assert np.count_nonzero(band) > FOOT_MM2 * model.ppm**2
    assert foot_colours(*args) == [(0, np.count_nonzero(band), "wizard")]
    counted = args[-1]
    p = counted.found[0]
    assert underfoot_doubts(*args) == [
        (
            "NW",
            f"pond NW: wizard colour at the foot of the banana frog at ({p.x_mm:.0f}, "
            f"{p.y_mm:.0f}) mm: a frog hidden under it? (not counted)",
        )
    ]


def test_a_blend_of_the_frogs_colour_with_the_water_is_not_another_piece(
    model: BoardModel,
) -> None:
    """A cowboy frog's rim blurred half into blue water reads as wizard, but its colour lies
    on the line between the two: nothing is named."""
    blend = (_bgr("cowboy") + np.array(WATER)) / 2
    *args, band = _board(model, blend, faction="cowboy")
    frame, _, lut, *_ = args
    wizard = list(read_pieces_file().factions).index("wizard") + 1
    assert np.all(colours.classify(frame, lut)[band] == wizard)
    assert foot_colours(*args) == []
    assert underfoot_doubts(*args) == []


def test_a_frogs_own_colour_or_the_boards_art_at_its_foot_names_nothing(
    model: BoardModel,
) -> None:
    """Its own faction's colour (its own side), or art of a faction's colour on the empty
    board, is not a frog under it."""
    *args, _ = _board(model, _bgr("banana") * 0.6)
    assert foot_colours(*args) == []
    *args, _ = _board(model, _bgr("wizard") * 0.6, art=True)
    assert foot_colours(*args) == []


def test_less_than_foot_mm2_is_measured_but_names_nothing(model: BoardModel) -> None:
    frame, empty, lut, changed, counted, band = _board(model, _bgr("wizard") * 0.6)
    keep = np.argwhere(band)[: int(FOOT_MM2 * model.ppm**2) - 1]
    small = np.zeros_like(band)
    small[keep[:, 0], keep[:, 1]] = True
    frame[band & ~small] = WATER
    args = (frame, empty, lut, changed, counted)
    assert foot_colours(*args) == [(0, len(keep), "wizard")]
    assert underfoot_doubts(*args) == []

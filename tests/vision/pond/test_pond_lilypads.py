"""Lilypads read from drawn labels (vision.pond.blobs.find_lilypads): exact answers.

"You control a Lilypad if you have a Frog on that Lilypad." A frog standing on a lilypad
hides part of it, and seen at an angle its side and its shadow hide more: the lilypad's
centre, taken from the green that shows, moves away from the frog. When most of it is
hidden and no frog is found within reach of that centre, the pond is named (a confident
"free" would be a wrong answer nobody is told about).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from vision.pond import colours, read_pieces_file
from vision.pond.blobs import HIDDEN_PAD, find_lilypads
from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel, board_model


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _centre(model: BoardModel, pond: str) -> tuple[float, float]:
    """A pond's centre (mm): the mean of its raster pixels."""
    ys, xs = np.nonzero(model.pond_map == model.ids.index(pond) + 1)
    return float(xs.mean()) / model.ppm, float(ys.mean()) / model.ppm


def _labels(model: BoardModel, x: float, y: float, below: float) -> np.ndarray:
    """A lilypad at (x, y) mm of which only the part more than ``below`` radii under its
    centre shows (0: the lower half; -1: all of it)."""
    labels = np.zeros(model.pond_map.shape, np.uint8)
    yy, xx = np.mgrid[0 : labels.shape[0], 0 : labels.shape[1]]
    cx, cy, r = x * model.ppm, y * model.ppm, model.pad_r
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= r**2
    labels[disc & (yy - cy >= below * r)] = colours.LILYPAD
    return labels


def _frog(model: BoardModel, x: float, y: float, pond: str) -> CountedPiece:
    return CountedPiece("frog", "banana", x, y, pond, 1.0, angle_deg=0.0)


def test_a_frog_beyond_reach_of_a_mostly_hidden_lilypad_names_its_pond(
    model: BoardModel,
) -> None:
    x, y = _centre(model, "N")
    r_mm = model.pad_r / model.ppm
    # The lower 0.2 of its height shows: the circle round it is 0.8 of a radius and its
    # centre 0.6 of a radius under the lilypad's; the frog stands 0.4 of a radius above
    # the lilypad's centre, a radius from that circle's.
    labels = _labels(model, x, y, 0.6)
    pads, warnings = find_lilypads(labels, model, [_frog(model, x, y - 0.4 * r_mm, "N")])
    assert [(p.pond, p.holder) for p in pads] == [("N", None)]
    assert HIDDEN_PAD > 0.8
    (at,) = [(p.x_mm, p.y_mm) for p in pads]
    assert abs(at[0] - x) < 0.5 and abs(at[1] - (y + 0.6 * r_mm)) < 1.0
    assert warnings == [
        (
            "N",
            f"pond N: the lilypad at ({at[0]:.0f}, {at[1]:.0f}) mm is mostly hidden and no "
            "frog was found on it: is one standing on it? look",
        )
    ]


def test_a_frog_within_reach_of_a_mostly_hidden_lilypad_holds_it(model: BoardModel) -> None:
    x, y = _centre(model, "N")
    labels = _labels(model, x, y, 0.6)
    pads, warnings = find_lilypads(labels, model, [_frog(model, x, y, "N")])
    assert [(p.pond, p.holder) for p in pads] == [("N", "banana")]
    assert warnings == []


def test_a_lilypad_half_hidden_or_free_says_nothing(model: BoardModel) -> None:
    x, y = _centre(model, "N")
    for below in (-1.0, 0.0):  # all of it shows; its lower half shows
        pads, warnings = find_lilypads(_labels(model, x, y, below), model, [])
        assert [(p.pond, p.holder) for p in pads] == [("N", None)]
        assert warnings == []

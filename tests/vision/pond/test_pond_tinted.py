"""A frog seen only by its side in the glare is not counted (vision.pond.tinted)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from conftest import scene3d
from test_pond_reach import _inside

from vision.pond import count_board, read_pieces_file
from vision.pond.blobs import SIDE_DOUBT
from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel, board_model
from vision.pond.reference import make_empty_board
from vision.pond.tinted import TINT_REACH_MM, glare_tinted


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _side(x: float, y: float, pond: str, faction: str = "pumpkin") -> CountedPiece:
    return CountedPiece("frog", faction, x, y, pond, 1.0, 1, SIDE_DOUBT)


def _glare_at(model: BoardModel, x: float, y: float, r_mm: float = 5.0) -> Any:
    """A round patch of glare of radius ``r_mm``, centred at (x, y) mm."""
    yy, xx = np.mgrid[0 : model.pond_map.shape[0], 0 : model.pond_map.shape[1]]
    return np.hypot(xx / model.ppm - x, yy / model.ppm - y) <= r_mm


def test_a_side_only_frog_near_the_glare_is_left_out_and_named(model: BoardModel) -> None:
    x, y = _inside(model, "W")
    glare = _glare_at(model, x + 10.0, y)  # its edge 5 mm from the frog's centre
    upper = CountedPiece("frog", "cowboy", x + 2.0, y, "W", 1.0)
    side = _side(x, y, "W")
    kept, notes = glare_tinted([upper, side], glare, {"W"}, model)
    assert kept == [upper]
    assert notes == [
        (
            "W",
            f"pond W: pumpkin colour at ({x:.0f}, {y:.0f}) mm in the glare: a frog under "
            "another piece, or the glare tinting that piece's edge? (not counted)",
        )
    ]


def test_a_side_only_frog_beyond_the_reach_or_in_a_pond_not_named_is_kept(
    model: BoardModel,
) -> None:
    x, y = _inside(model, "W")
    far = _glare_at(model, x + TINT_REACH_MM + 6.0, y)  # its edge 1 mm beyond the reach
    side = _side(x, y, "W")
    assert glare_tinted([side], far, {"W"}, model) == ([side], [])
    near = _glare_at(model, x + 6.0, y)
    assert glare_tinted([side], near, {"F"}, model) == ([side], [])
    assert glare_tinted([side], np.zeros_like(near), {"W"}, model) == ([side], [])


def test_a_frog_standing_on_its_base_in_the_glare_is_kept(model: BoardModel) -> None:
    x, y = _inside(model, "W")
    frog = CountedPiece("frog", "pumpkin", x, y, "W", 1.0)
    doubted = dataclasses.replace(frog, doubt="seen only in part")
    glare = _glare_at(model, x, y)
    assert glare_tinted([frog, doubted], glare, {"W"}, model) == ([frog, doubted], [])


def test_pond3d_glare_tinting_a_red_frog_is_not_a_pumpkin_frog_under_it(
    layout13: Any, tall: Any
) -> None:
    """Seed 106 of the honest generator's glare boards (85% white, 15 degrees): the glare
    turned a cowboy frog's rim in pond W orange, and that crescent was counted as a pumpkin
    frog under it ("possible stack (its side shows under another piece): counted"), where
    none stands. Now it is left out, and pond W is named by both warnings. (Since the glare's
    washed pieces are looked for again in linear light, ``vision.pond.glare_out``, the
    crescent is left out by the check of colour no counted piece explains instead, which
    names it too. Since colours under glare are read by their hue, ``vision.pond.glare_hue``,
    the crescent is read as the cowboy frog's own rim: no pumpkin colour is left there.)"""
    size = (2304, 1296)
    scene = scene3d.make_scene3d(layout13, tall, 106, size=size, tilt=15.0, glare=0.85)
    photo = scene3d.empty_board(layout13, tall, 106, size=size)
    empty, _ = make_empty_board(photo, layout13, tall, "empty board")
    count = count_board(scene.image, layout13, tall, empty)
    assert count.ok, count.reason
    assert "pumpkin" not in scene.answer["W"]["frogs"]
    assert count.ponds["W"]["frogs"] == scene.answer["W"]["frogs"]
    assert count.ponds["W"]["fwooogs"] == scene.answer["W"]["fwooogs"]
    assert "glare near pond W: move the lamp" in count.warnings
    tinted = [w for w in count.warnings if w.startswith("pond W: pumpkin colour at (")]
    assert not any(w.endswith(": counted") for w in tinted), tinted

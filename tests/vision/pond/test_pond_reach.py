"""How far a lone frog reaches along its lean (vision.pond.reach): exact answers on drawn masks.

The changed pixels are drawn as the camera sees a prism: a frog's footprint swept along its
lean (one frog tall) or along twice its lean (a frog on a frog). Board millimetres, the
board raster of ``vision.pond.model``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import cv2
import numpy as np
import pytest
from conftest import inside_pond as _inside

from vision.pond import read_pieces_file
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel, board_model
from vision.pond.reach import MIN_LEAN_MM, reach_doubts


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _draw(model: BoardModel, solids: list[tuple[float, float, float, float, float]]) -> Any:
    """The changed mask: each (x, y, angle, dx, dy) a frog footprint swept by (dx, dy) px."""
    pieces = read_pieces_file()
    canvas = np.zeros(model.pond_map.shape, np.uint8)
    for x, y, angle, dx, dy in solids:
        poly = swept_outline("frog", x, y, angle, (dx, dy), model, pieces)
        cv2.fillConvexPoly(canvas, np.round(poly * 16).astype(np.int32), 255, cv2.LINE_8, 4)
    return canvas > 0


def _frog(model: BoardModel, x: float, y: float, angle: float, faction: str = "wizard") -> Any:
    pond = model.ids[int(model.pond_map[round(y * model.ppm), round(x * model.ppm)]) - 1]
    return CountedPiece("frog", faction, x, y, pond, 1.0, 1, None, angle)


LEAN = (8.0, 3.0)  # px: 4.3 mm at 2 px/mm, a frog 11 mm tall seen about 21 degrees off


def test_one_frog_tall_is_not_doubted(model: BoardModel) -> None:
    x, y = _inside(model, "F")
    changed = _draw(model, [(x, y, 30.0, *LEAN)])
    found = [_frog(model, x, y, 30.0)]
    assert reach_doubts(changed, Counted(found, model, read_pieces_file(), [LEAN]), 0.0) == []


@pytest.mark.parametrize("angle", [0.0, 45.0, 90.0, 150.0])
def test_a_frog_on_a_frog_reaches_one_lean_further_and_names_its_pond(
    model: BoardModel, angle: float
) -> None:
    """The pair stands twice as tall: its changed pixels run one lean further, whichever
    way the frog points (the footprint's chord along the lean is taken into account)."""
    x, y = _inside(model, "NW")
    changed = _draw(model, [(x, y, angle, 2 * LEAN[0], 2 * LEAN[1])])
    found = [_frog(model, x + LEAN[0] / 2 / model.ppm, y + LEAN[1] / 2 / model.ppm, angle)]
    out = reach_doubts(changed, Counted(found, model, read_pieces_file(), [LEAN]), 0.0)
    assert len(out) == 1
    pond, text = out[0]
    assert pond == "NW"
    assert text.startswith("pond NW: the wizard frog at (")
    assert text.endswith("of a lean further than one frog can: a frog on a frog? (not counted)")
    # One lean more, to the pixel: the lean is 8.5 px, so 0.1 of it is under a pixel.
    reach = float(re.search(r"reaches ([0-9.]+) of a lean", text).group(1))  # type: ignore[union-attr]
    assert 0.85 <= reach <= 1.15


def test_a_neighbour_along_the_lean_tells_nothing(model: BoardModel) -> None:
    """A frog pressed against another along the line of sight: their runs join, so the
    lines through it meet the other piece and are dropped (no doubt, not a false one)."""
    x, y = _inside(model, "F")
    ux, uy = np.array(LEAN) / np.hypot(*LEAN)
    x2, y2 = x + ux * 15.5, y + uy * 15.5
    changed = _draw(model, [(x, y, 0.0, *LEAN), (x2, y2, 0.0, *LEAN)])
    found = [_frog(model, x, y, 0.0), _frog(model, x2, y2, 0.0, "banana")]
    assert reach_doubts(changed, Counted(found, model, read_pieces_file(), [LEAN, LEAN]), 0.0) == []


def test_a_frog_seen_shorter_than_itself_is_not_judged(model: BoardModel) -> None:
    """Board 41013, pond NE (0.4 EV brighter, 3 stacks): a banana frog on a banana frog, its
    top cut at white and read as the board, ran 1.2 leans short of one frog, and the check
    judged it one frog. In a photo cut at white a run so short has not seen the frog: not
    judged (so ``vision.pond.unchecked`` names it when the shadow has not judged it either).
    In a photo not cut at white it is judged as before."""
    x, y = _inside(model, "F")
    changed = _draw(model, [(x, y, 30.0, *LEAN)])
    ys, xs = np.mgrid[: changed.shape[0], : changed.shape[1]]
    ahead = (xs - x * model.ppm) * LEAN[0] + (ys - y * model.ppm) * LEAN[1] > 0
    changed &= ~ahead  # the far half and the top not seen
    counted = Counted([_frog(model, x, y, 30.0)], model, read_pieces_file(), [LEAN])
    judged: set[int] = set()
    assert reach_doubts(changed, counted, 0.0, judged, cut_at_white=True) == []
    assert judged == set()
    seen = _draw(model, [(x, y, 30.0, *LEAN)])
    assert reach_doubts(seen, counted, 0.0, judged, cut_at_white=True) == []
    assert judged == {0}  # seen whole
    judged.clear()
    assert reach_doubts(changed, counted, 0.0, judged) == [] and judged == {0}


def test_seen_too_straight_from_above_is_not_judged(model: BoardModel) -> None:
    x, y = _inside(model, "F")
    small = (MIN_LEAN_MM * model.ppm * 0.8, 0.0)
    changed = _draw(model, [(x, y, 0.0, 2 * small[0], 0.0)])
    found = [_frog(model, x, y, 0.0)]
    assert reach_doubts(changed, Counted(found, model, read_pieces_file(), [small]), 0.0) == []


def test_a_frog_already_doubted_or_counted_by_area_is_left_to_its_own_doubt(
    model: BoardModel,
) -> None:
    x, y = _inside(model, "F")
    changed = _draw(model, [(x, y, 0.0, 2 * LEAN[0], 2 * LEAN[1])])
    doubted = dataclasses.replace(_frog(model, x, y, 0.0), doubt="possible stack")
    by_area = dataclasses.replace(_frog(model, x, y, 0.0), frogs=2)
    for p in (doubted, by_area):
        assert reach_doubts(changed, Counted([p], model, read_pieces_file(), [LEAN]), 0.0) == []


def _ellipse_base(
    model: BoardModel, centres: list[tuple[float, float]], stretch_px: float = 0.0
) -> Any:
    """A base region (px): frog footprints at ``centres`` (px), the last one ``stretch_px``
    longer along x (a frog on a frog, cut back by one lean, is one lean too long)."""
    a, b = (
        read_pieces_file().frog_mm[0] / 2 * model.ppm,
        read_pieces_file().frog_mm[1] / 2 * model.ppm,
    )
    mask = np.zeros((120, 160), np.uint8)
    for k, (x, y) in enumerate(centres):
        extra = stretch_px if k == len(centres) - 1 else 0.0
        cv2.ellipse(mask, (round(x), round(y)), (round(a + extra / 2), round(b)), 0, 0, 360, 1, -1)
        if extra:
            cv2.ellipse(
                mask, (round(x + extra / 2), round(y)), (round(a), round(b)), 0, 0, 360, 1, -1
            )
            cv2.ellipse(
                mask, (round(x - extra / 2), round(y)), (round(a), round(b)), 0, 0, 360, 1, -1
            )
    return mask > 0


@pytest.mark.parametrize(("stretch_mm", "flagged"), [(0.0, False), (5.0, True)])
def test_frogs_counted_by_area_leave_room_for_a_stack(
    model: BoardModel, stretch_mm: float, flagged: bool
) -> None:
    """Two frogs pressed side by side (split.py counts them by area): their two footprints
    cover the base; with a frog on one of them, its base is a lean (5 mm) too long and the
    strip left over names the group."""
    from vision.pond.split import Blob, _room_for_a_stack

    region = _ellipse_base(model, [(50.0, 60.0), (50.0 + 28.0, 60.0)], stretch_mm * model.ppm)
    empty = np.zeros((1, 1), np.int32)
    blob = Blob(
        "pumpkin",
        region.astype(np.uint8) * 255,
        0,
        0,
        empty,
        empty,
        np.zeros((1, 2)),
        [],
        (10.0, 0.0),
    )
    assert _room_for_a_stack(region, 2, blob, model, model.frog_area) is flagged

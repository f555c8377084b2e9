"""The check by synthesis (vision.pond.explain, .patch_shape, .unexplained): exact answers on
drawn masks.

The changed pixels are drawn as the camera sees prisms: a footprint swept along its lean.
Board millimetres, the board raster of ``vision.pond.model`` (2 px/mm).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import cv2
import numpy as np
import pytest

from vision.pond import read_pieces_file
from vision.pond.explain import (
    Explained,
    SeenColour,
    explain,
    swept_outline,
)
from vision.pond.model import BoardModel, board_model
from vision.pond.patch_shape import notch_depth_mm, row_room
from vision.pond.unexplained import (
    MANY_SHORT,
    MANY_TALLER,
    NOTCH_MM,
    ONE_TALLER,
    ROW_ROOM,
    TALLER_FLOOR,
    TALLER_SHARE,
    doubts,
)

LEAN = (8.0, 3.0)  # px: 4.3 mm at 2 px/mm, a frog 11 mm tall seen about 21 degrees off


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _patch(model: BoardModel, solids: list[tuple[str, float, float, float]]) -> SeenColour:
    """A patch of anything changed: each (kind, x, y, angle) swept by ``LEAN``, cropped."""
    pieces = read_pieces_file()
    canvas = np.zeros(model.pond_map.shape, np.uint8)
    for kind, x, y, angle in solids:
        poly = swept_outline(kind, x, y, angle, LEAN, model, pieces)
        cv2.fillConvexPoly(canvas, np.round(poly * 16).astype(np.int32), 255, cv2.LINE_8, 4)
    ys, xs = np.nonzero(canvas)
    x0, y0 = int(xs.min()), int(ys.min())
    crop = canvas[y0 : ys.max() + 1, x0 : xs.max() + 1] > 0
    return SeenColour("", crop, x0, y0, LEAN)


def test_a_long_fwooog_alone_has_no_notch(model: BoardModel) -> None:
    for angle in (0.0, 35.0, 90.0, 140.0):
        seen = _patch(model, [("fwooog", 300.0, 300.0, angle)])
        assert notch_depth_mm(seen.mask, model) < 1.0, angle


def test_two_frogs_side_by_side_have_a_notch(model: BoardModel) -> None:
    """Two frogs touching side by side across the lean: the waist between them is a notch
    6 mm deep, which no Long Fwooog's outline has. Along the lean, the sweep fills most of
    the waist (3 mm: not flagged)."""
    across = _patch(model, [("frog", 300.0, 293.0, 0.0), ("frog", 300.0, 307.0, 0.0)])
    assert notch_depth_mm(across.mask, model) == pytest.approx(6.0, abs=0.5)
    along = _patch(model, [("frog", 293.0, 300.0, 90.0), ("frog", 307.0, 300.0, 90.0)])
    assert notch_depth_mm(along.mask, model) == pytest.approx(3.0, abs=0.5)
    assert notch_depth_mm(along.mask, model) < NOTCH_MM < notch_depth_mm(across.mask, model)


def test_a_notched_patch_counted_as_one_long_fwooog_names_its_pond(model: BoardModel) -> None:
    x, y = 300.0, 300.0
    pid = model.ids[int(model.pond_map[round(y * model.ppm), round(x * model.ppm)]) - 1]
    pieces = read_pieces_file()
    frogs = _patch(model, [("frog", x, y - 7.0, 0.0), ("frog", x, y + 7.0, 0.0)])
    fwooog = _patch(model, [("fwooog", x, y, 90.0)])
    counted = [("fwooog", "pumpkin", x, y, 90.0, 1)]
    [as_frogs] = explain([frogs], counted, {"": 0.0}, model, pieces)
    [alone] = explain([fwooog], counted, {"": 0.0}, model, pieces)
    assert as_frogs.notch_mm > NOTCH_MM
    assert alone.notch_mm < 1.0
    assert [p for p, w in doubts([as_frogs]) if "notch" in w] == [pid]
    assert [w for _, w in doubts([alone]) if "notch" in w] == []


def test_only_a_lone_long_fwooog_is_judged_by_its_notch(model: BoardModel) -> None:
    """Frogs counted as frogs, or a Long Fwooog with a frog pressed on it, have notches by
    nature: the notch is not measured for them."""
    x, y = 300.0, 300.0
    pieces = read_pieces_file()
    two = _patch(model, [("frog", x, y - 7.0, 0.0), ("frog", x, y + 7.0, 0.0)])
    as_frogs = [("frog", "pumpkin", x, y - 7.0, 0.0, 1), ("frog", "pumpkin", x, y + 7.0, 0.0, 1)]
    [e] = explain([two], as_frogs, {"": 0.0}, model, pieces)
    assert e.notch_mm == 0.0 and e.pieces == 2
    with_frog = [("fwooog", "pumpkin", x, y, 0.0, 1), ("frog", "pumpkin", x, y + 14.0, 0.0, 1)]
    both = _patch(model, [("fwooog", x, y, 0.0), ("frog", x, y + 14.0, 0.0)])
    assert notch_depth_mm(both.mask, model) > NOTCH_MM
    [e] = explain([both], with_frog, {"": 0.0}, model, pieces)
    assert e.notch_mm == 0.0 and e.pieces == 2
    assert [w for _, w in doubts([e]) if "notch" in w] == []


def _explained(pieces: int, seen: float, predicted: float) -> Explained:
    return Explained("", "F", seen, predicted, pieces, 300.0, 300.0)


def test_several_pieces_covering_less_than_they_should_name_their_pond() -> None:
    """Anything changed, several pieces counted: a shortfall over ``MANY_SHORT`` of a frog's
    area names the pond (an overcount); one piece, or a smaller shortfall, does not."""
    short = MANY_SHORT + 0.1
    assert [p for p, w in doubts([_explained(4, 5.0, 5.0 + short)]) if "less" in w] == ["F"]
    assert next(w for _, w in doubts([_explained(4, 5.0, 5.0 + short)])).startswith(
        "pond F: the 4 pieces at (300, 300) mm cover less of the board than they should"
    )
    assert doubts([_explained(4, 5.0, 5.0 + MANY_SHORT - 0.1)]) == []
    assert doubts([_explained(1, 1.0, 1.0 + short)]) == []


SMALL = (5.0, 2.0)  # px: a lean of 2.7 mm, a frog 11 mm tall seen about 14 degrees off


def test_a_frog_on_a_frog_seen_at_a_small_lean_names_its_pond(model: BoardModel) -> None:
    """Two frogs pressed side by side, one carrying a third, seen at a lean of 2.7 mm: the
    upper top leans twice as far, and the pair covers about 0.21 of a frog's area more than
    two frogs. That is under ``MANY_TALLER`` (the fixed bar missed it), but most of what one
    more frog adds at this lean (``one_more``, 0.22): the pond is named. Two frogs alone,
    or less excess than the bar, are not."""
    x, y = 300.0, 300.0
    pid = model.ids[int(model.pond_map[round(y * model.ppm), round(x * model.ppm)]) - 1]
    pieces = read_pieces_file()
    counted = [("frog", "pumpkin", x, y - 7.0, 0.0, 1), ("frog", "pumpkin", x, y + 7.0, 0.0, 1)]

    def seen(second_lean: tuple[float, float]) -> SeenColour:
        canvas = np.zeros(model.pond_map.shape, np.uint8)
        for yy, lean in ((y - 7.0, SMALL), (y + 7.0, second_lean)):
            poly = swept_outline("frog", x, yy, 0.0, lean, model, pieces)
            cv2.fillConvexPoly(canvas, np.round(poly * 16).astype(np.int32), 255, cv2.LINE_8, 4)
        ys, xs = np.nonzero(canvas)
        crop = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1] > 0
        return SeenColour("", crop, int(xs.min()), int(ys.min()), SMALL)

    [alone] = explain([seen(SMALL)], counted, {"": 0.0}, model, pieces)
    [stack] = explain([seen((2 * SMALL[0], 2 * SMALL[1]))], counted, {"": 0.0}, model, pieces)
    frog_area_mm2 = model.frog_area / model.ppm**2
    one_more = math.hypot(*SMALL) / model.ppm * sum(pieces.frog_mm) / 2 / frog_area_mm2
    assert stack.one_more == pytest.approx(one_more) and alone.one_more == stack.one_more
    bar = max(TALLER_FLOOR, TALLER_SHARE * one_more)
    assert bar < stack.excess < MANY_TALLER
    assert abs(alone.excess) < 0.02
    assert [p for p, w in doubts([stack]) if "more of the board than they should" in w] == [pid]
    assert doubts([alone]) == []
    under = dataclasses.replace(stack, seen=stack.predicted + 0.95 * bar)
    assert doubts([under]) == []


def test_the_bar_for_a_group_reaching_further_stays_between_its_floor_and_its_ceiling() -> None:
    """A large lean keeps ``MANY_TALLER``; a tiny one (straight down, where a frog on a frog
    adds nothing) never goes under ``TALLER_FLOOR`` (the outline's own noise); one piece
    keeps ``ONE_TALLER``."""

    def named(pieces: int, excess: float, one_more: float) -> bool:
        e = Explained("", "F", 1.0 + excess, 1.0, pieces, 300.0, 300.0, one_more=one_more)
        return any("more of the board" in w for _, w in doubts([e]))

    assert not named(3, MANY_TALLER - 0.01, one_more=0.6)
    assert named(3, MANY_TALLER + 0.01, one_more=0.6)
    assert not named(3, TALLER_FLOOR - 0.01, one_more=0.05)
    assert named(3, TALLER_FLOOR + 0.01, one_more=0.05)
    assert not named(1, ONE_TALLER - 0.01, one_more=0.24)


def test_frogs_in_a_row_counted_with_a_long_fwooog_name_their_pond(model: BoardModel) -> None:
    """Five frogs touching end to end, a neck between each two: no stretch of the row is as
    long as a Long Fwooog (about 0.4 of one). Counted as a Long Fwooog and three frogs, the
    pond is named; counted as five frogs, or with pieces of two factions, the row is not
    judged. A Long Fwooog with a frog end to end, or alone, has a stretch at least its own
    length: not named."""
    x, y = 300.0, 300.0
    pid = model.ids[int(model.pond_map[round(y * model.ppm), round(x * model.ppm)]) - 1]
    pieces = read_pieces_file()
    row = _patch(model, [("frog", x + 15.0 * k, y, 0.0) for k in range(5)])
    mixed = [("fwooog", "banana", x + 30.0, y, 0.0, 1), ("frog", "banana", x + 30.0, y, None, 3)]
    [e] = explain([row], mixed, {"": 0.0}, model, pieces)
    assert e.room == pytest.approx(15.0 / pieces.fwooog_mm[0], abs=0.1)
    assert [p for p, w in doubts([e]) if "frogs in a row?" in w] == [pid]
    frogs = [("frog", "banana", x + 15.0 * k, y, 0.0, 1) for k in range(5)]
    [f] = explain([row], frogs, {"": 0.0}, model, pieces)
    assert f.room is None
    # Frogs read as a Long Fwooog are one colour's: a row of two factions is not judged.
    two = [("fwooog", "banana", x + 30.0, y, 0.0, 1), ("frog", "cowboy", x + 30.0, y, None, 3)]
    [m] = explain([row], two, {"": 0.0}, model, pieces)
    assert m.room is None
    end_to_end = _patch(model, [("fwooog", x, y, 0.0), ("frog", x + 27.0, y, 0.0)])
    both = [("fwooog", "banana", x, y, 0.0, 1), ("frog", "banana", x + 27.0, y, 0.0, 1)]
    [g] = explain([end_to_end], both, {"": 0.0}, model, pieces)
    assert g.room is not None and g.room >= 1.0
    alone = _patch(model, [("fwooog", x, y, 35.0)])
    [h] = explain([alone], [("fwooog", "banana", x, y, 35.0, 1)], {"": 0.0}, model, pieces)
    assert h.room is not None and h.room >= 1.0
    assert [w for _, w in doubts([g, h]) if "frogs in a row?" in w] == []


def test_a_patch_wider_than_one_piece_is_not_judged_as_a_row(model: BoardModel) -> None:
    """A frog beside a Long Fwooog, or two rows side by side: necks along the long axis say
    nothing there (``row_room`` is None); a row one frog wide is judged, whichever way its
    frogs are turned (here across the row, which runs across the lean)."""
    pieces = read_pieces_file()
    beside = _patch(model, [("fwooog", 300.0, 300.0, 0.0), ("frog", 300.0, 314.0, 0.0)])
    assert row_room(beside.mask, model, pieces) is None
    rows = [("frog", 300.0 + 15.0 * k, 300.0 + 14.0 * j, 0.0) for k in range(3) for j in (0, 1)]
    assert row_room(_patch(model, rows).mask, model, pieces) is None
    across = _patch(model, [("frog", 300.0, 300.0 + 14.0 * k, 0.0) for k in range(4)])
    room = row_room(across.mask, model, pieces)
    assert room is not None and room < ROW_ROOM

"""A lone frog neither stack check could judge names its pond (vision.pond.unchecked).

The changed pixels are drawn as in ``test_pond_reach.py``: each frog's footprint swept along
its lean. Only the reach check runs here (no shadow), so what it judges is what is judged.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from test_pond_reach import LEAN, _draw, _frog, _inside

from vision.pond import read_pieces_file
from vision.pond.counted import Counted
from vision.pond.model import BoardModel, board_model
from vision.pond.reach import MIN_LEAN_MM, reach_doubts
from vision.pond.unchecked import unchecked_doubts


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _pressed(model: BoardModel, lean: tuple[float, float]) -> tuple[Any, Counted]:
    """Two frogs pressed together along the line of sight in pond F: every line through
    each runs into the other, so the reach check judges neither."""
    x, y = _inside(model, "F")
    ux, uy = np.array(lean) / np.hypot(*lean)
    x2, y2 = x + ux * 15.5, y + uy * 15.5
    changed = _draw(model, [(x, y, 0.0, *lean), (x2, y2, 0.0, *lean)])
    found = [_frog(model, x, y, 0.0), _frog(model, x2, y2, 0.0, "banana")]
    return changed, Counted(found, model, read_pieces_file(), [lean, lean])


def test_frogs_no_check_could_judge_name_their_pond_once(model: BoardModel) -> None:
    changed, counted = _pressed(model, LEAN)
    judged: set[int] = set()
    assert reach_doubts(changed, counted, 0.0, judged) == []
    assert judged == set()
    out = unchecked_doubts(counted, judged)
    assert len(out) == 1  # two frogs, one pond: one warning
    pond, text = out[0]
    assert pond == "F"
    assert text.startswith("pond F: the wizard frog at (")
    assert text.endswith(
        "could not be checked for a frog under it (its sides and its shadow are hidden): look"
    )


def test_a_frog_the_reach_check_judged_is_not_named(model: BoardModel) -> None:
    x, y = _inside(model, "F")
    changed = _draw(model, [(x, y, 30.0, *LEAN)])
    counted = Counted([_frog(model, x, y, 30.0)], model, read_pieces_file(), [LEAN])
    judged: set[int] = set()
    assert reach_doubts(changed, counted, 0.0, judged) == []
    assert judged == {0}
    assert unchecked_doubts(counted, judged) == []


def test_a_pond_another_warning_names_is_not_named_again(model: BoardModel) -> None:
    _, counted = _pressed(model, LEAN)
    assert unchecked_doubts(counted, set(), {"F"}) == []
    assert [p for p, _ in unchecked_doubts(counted, set(), {"NW"})] == ["F"]


def test_seen_too_straight_from_above_is_left_to_the_shadow_check(model: BoardModel) -> None:
    small = (MIN_LEAN_MM * model.ppm * 0.8, 0.0)
    _, counted = _pressed(model, small)
    assert unchecked_doubts(counted, set()) == []


def test_frogs_doubted_or_counted_by_area_are_left_to_their_own_doubt(model: BoardModel) -> None:
    _, counted = _pressed(model, LEAN)
    doubted = [dataclasses.replace(p, doubt="possible stack") for p in counted.found]
    by_area = [dataclasses.replace(p, frogs=2) for p in counted.found]
    for found in (doubted, by_area):
        assert unchecked_doubts(dataclasses.replace(counted, found=found), set()) == []

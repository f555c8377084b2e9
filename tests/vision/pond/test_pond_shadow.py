"""How far a lone frog's shadow reaches (vision.pond.shadow): exact answers on drawn masks.

Each frog is drawn as the camera sees it (its footprint swept along its lean: the changed
pixels) and its shadow as a lamp casts it (the footprint swept away from the lamp by one
frog's shadow length, twice that for a frog on a frog; minus the changed pixels, which hide
it). Board millimetres, the board raster of ``vision.pond.model`` (2 px/mm).
"""

from __future__ import annotations

import math
import re
from typing import Any

import cv2
import numpy as np
import pytest
from conftest import inside_pond

from vision.pond import read_pieces_file
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import CountedPiece
from vision.pond.lamps import two_lamps
from vision.pond.model import BoardModel, board_model
from vision.pond.shadow import MIN_FROGS, NEAR_MM, lamp_direction, shadow_doubts, shadow_mask

LEAN = (8.0, 3.0)  # px: the camera's lean of a frog 11 mm tall
FALL = np.array([0.6, 0.8])  # where shadows fall (unit, raster)
ONE = 16.0  # px: one frog's shadow beyond its base (8 mm: a lamp about 54 degrees up)


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _places(model: BoardModel) -> list[tuple[float, float, str]]:
    """A point well inside each of eight ponds (mm)."""
    return [(*inside_pond(model, pid), pid) for pid in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")]


def _fill(canvas: np.ndarray, poly: np.ndarray) -> None:
    cv2.fillConvexPoly(canvas, np.round(poly * 16).astype(np.int32), 255, cv2.LINE_8, 4)


def _board(
    model: BoardModel,
    frogs: list[tuple[float, float, float, float]],
    falls: tuple[np.ndarray, ...] = (FALL,),
) -> tuple[np.ndarray, np.ndarray, list[CountedPiece]]:
    """(changed, shadow, found) for frogs (x, y, angle, shadow length px); a shadow along
    each of ``falls`` (one per lamp)."""
    pieces = read_pieces_file()
    changed = np.zeros(model.pond_map.shape, np.uint8)
    shadow = np.zeros(model.pond_map.shape, np.uint8)
    found = []
    for x, y, angle, length in frogs:
        _fill(changed, swept_outline("frog", x, y, angle, LEAN, model, pieces))
        for fall in falls:
            cast = (float(fall[0] * length), float(fall[1] * length))
            _fill(shadow, swept_outline("frog", x, y, angle, cast, model, pieces))
        pond = model.ids[int(model.pond_map[round(y * model.ppm), round(x * model.ppm)]) - 1]
        found.append(CountedPiece("frog", "wizard", x, y, pond, 1.0, 1, None, angle))
    return changed > 0, (shadow > 0) & ~(changed > 0), found


def _doubts(model: BoardModel, frogs: list[tuple[float, float, float, float]]) -> Any:
    changed, shadow, found = _board(model, frogs)
    none = np.zeros_like(changed)
    return shadow_doubts(
        shadow, changed, none, Counted(found, model, read_pieces_file(), [LEAN] * len(found))
    )


def test_where_shadows_fall_is_found(model: BoardModel) -> None:
    """Within 10 degrees: the frog's own lean hides the shadow's near part unevenly."""
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(_places(model))]
    _, shadow, found = _board(model, frogs)
    d = lamp_direction(shadow, found, list(range(len(found))), model)
    assert d is not None
    assert math.degrees(math.acos(float(d @ FALL))) < 10


def test_frogs_one_tall_are_not_doubted(model: BoardModel) -> None:
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(_places(model))]
    assert _doubts(model, frogs) == []


def test_a_frog_on_a_frog_casts_twice_the_shadow_and_names_its_pond(model: BoardModel) -> None:
    places = _places(model)
    frogs = [
        (x, y, 25.0 * k, ONE * (2 if pid == "E" else 1)) for k, (x, y, pid) in enumerate(places)
    ]
    got = _doubts(model, frogs)
    assert [pid for pid, _ in got] == ["E"]
    text = got[0][1]
    assert text.startswith("pond E: the wizard frog at (")
    times = float(re.search(r"a shadow ([\d.]+) times as long as one frog's", text).group(1))  # type: ignore[union-attr]
    assert times == pytest.approx(2.0, abs=0.2)


def test_a_shadow_that_falls_on_another_piece_tells_nothing(model: BoardModel) -> None:
    """The tall frog's shadow runs into a frog standing where it falls: the lines meet
    another piece, so its reach is not judged."""
    places = _places(model)
    frogs = [
        (x, y, 25.0 * k, ONE * (2 if pid == "E" else 1)) for k, (x, y, pid) in enumerate(places)
    ]
    x, y, _ = next(p for p in places if p[2] == "E")
    frogs.append((x + FALL[0] * 16, y + FALL[1] * 16, 0.0, ONE))
    assert [pid for pid, _ in _doubts(model, frogs)] == []


def test_judged_holds_the_lone_frogs_whose_shadow_was_seen(model: BoardModel) -> None:
    """What ``vision.pond.unchecked`` reads: every lone frog whose shadow the lines saw,
    not the one whose shadow runs into another frog; under diffuse light, none."""
    places = _places(model)
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(places)]
    x, y, _ = next(p for p in places if p[2] == "E")
    frogs.append((x + FALL[0] * 16, y + FALL[1] * 16, 0.0, ONE))
    changed, shadow, found = _board(model, frogs)
    none = np.zeros_like(changed)
    counted = Counted(found, model, read_pieces_file(), [LEAN] * len(found))
    judged: set[int] = set()
    assert shadow_doubts(shadow, changed, none, counted, judged=judged) == []
    hidden = [k for k, (_, _, pid) in enumerate(places) if pid == "E"]
    assert judged == set(range(len(found))) - set(hidden)
    flat = [(x, y, a, 0.0) for x, y, a, _ in frogs]
    changed, shadow, found = _board(model, flat)
    judged = set()
    assert shadow_doubts(shadow, changed, none, counted, judged=judged) == []
    assert judged == set()


def test_a_frog_leaning_along_its_shadow_is_not_judged(model: BoardModel) -> None:
    """A stack's base is found one lean too far along its lean. The frog in pond E is seen
    leaning 10 px along where shadows fall: a stack there would cast a shadow only
    ``2 * 16 - 10 = 22`` px beyond the base found, under ``TALL`` (1.5) times one frog's
    16, so its shadow cannot tell: it is not judged (``vision.pond.unchecked`` names it).
    The others lean 7.2 px along it (a stack's 24.8 px would be named): judged. Before,
    every frog whose shadow was seen was judged (a stack in 28102 SW passed unnamed)."""
    places = _places(model)
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(places)]
    changed, shadow, found = _board(model, frogs)
    along = (float(FALL[0] * 10), float(FALL[1] * 10))
    leans = [along if pid == "E" else LEAN for _, _, pid in places]
    counted = Counted(found, model, read_pieces_file(), leans)
    judged: set[int] = set()
    assert shadow_doubts(shadow, changed, np.zeros_like(changed), counted, judged=judged) == []
    assert judged == {k for k, (_, _, pid) in enumerate(places) if pid != "E"}


def test_too_few_shadows_or_no_lamp_judge_nothing(model: BoardModel) -> None:
    """Under diffuse light (no shadows), or with fewer than MIN_FROGS lone frogs, nothing
    is judged, not even a frog whose shadow is long."""
    places = _places(model)
    flat = [(x, y, 0.0, 0.0) for x, y, _ in places]
    assert _doubts(model, flat) == []
    few = [(x, y, 0.0, ONE * (2 if k == 0 else 1)) for k, (x, y, _) in enumerate(places)]
    assert _doubts(model, few[: MIN_FROGS - 1]) == []


#: Where a second lamp's shadows fall: 130 degrees round from the first's.
FALL2 = np.array(
    [
        FALL[0] * math.cos(2.27) - FALL[1] * math.sin(2.27),
        FALL[0] * math.sin(2.27) + FALL[1] * math.cos(2.27),
    ]
)


def _two_lamps(model: BoardModel, tall: str | None) -> tuple[Any, Any, Any]:
    """Eight frogs under two lamps (a shadow along ``FALL`` and one along ``FALL2``, each
    half as deep, so the shadow at ``SHADE`` sees neither); the frog in pond ``tall``
    stands on another. (shadow at SHADE, the faint shadow, Counted)."""
    frogs = [
        (x, y, 25.0 * k, ONE * (2 if pid == tall else 1))
        for k, (x, y, pid) in enumerate(_places(model))
    ]
    changed, faint, found = _board(model, frogs, (FALL, FALL2))
    counted = Counted(found, model, read_pieces_file(), [LEAN] * len(found))
    return changed, faint, counted


def test_two_lamps_are_found_where_each_ones_shadows_fall(model: BoardModel) -> None:
    """Each frog casts two shadows, 130 degrees apart: both directions are found (within
    10 degrees); with one shadow each, two lamps are not seen."""
    _, faint, counted = _two_lamps(model, None)
    lone = list(range(len(counted.found)))
    got = two_lamps(faint, counted.found, lone, model, NEAR_MM, MIN_FROGS)
    assert got is not None and len(got) == 2
    for want in (FALL, FALL2):
        assert min(math.degrees(math.acos(min(1.0, float(d @ want)))) for d in got) < 10
    _, one, found = _board(
        model, [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(_places(model))]
    )
    assert two_lamps(one, found, lone, model, NEAR_MM, MIN_FROGS) is None


def test_a_frog_on_a_frog_under_two_lamps_is_named_by_its_faint_shadow(model: BoardModel) -> None:
    """Under two lamps the shadow at ``SHADE`` shows nothing, so before, nothing was judged;
    the faint shadow shows two lamps, and the frog on a frog in pond E casts both its
    shadows twice as far: it is named once. Frogs one tall are named by neither lamp."""
    changed, faint, counted = _two_lamps(model, "E")
    none = np.zeros_like(changed)
    assert shadow_doubts(none, changed, none, counted) == []
    got = shadow_doubts(none, changed, none, counted, faint=faint)
    assert [pid for pid, _ in got] == ["E"]
    assert "times as long as one frog's: a frog on a frog?" in got[0][1]
    changed, faint, counted = _two_lamps(model, None)
    assert shadow_doubts(none, changed, none, counted, faint=faint) == []


def test_shadow_is_board_darker_than_the_light_around(model: BoardModel) -> None:
    """A shadow (the board 38% darker) in a light falling off 30% across the board: the
    shadow's core is found, the rest of the board (its darker side too) is not shadow."""
    h, w = model.pond_map.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    art = np.where(
        (np.sin(xx / 7.0) * np.sin(yy / 5.0) > 0)[..., None], [150, 120, 60], [70, 160, 90]
    )
    reference = art.astype(np.float32)
    falloff = (1 - 0.3 * xx / w)[..., None]
    dark = np.zeros((h, w), np.uint8)
    cv2.circle(dark, (w // 2, h // 2), 30, 255, -1)
    frame = reference * falloff * (1 - 0.38 * (dark[..., None] > 0))
    changed = np.zeros((h, w), bool)
    got = shadow_mask(frame.astype(np.uint8), reference.astype(np.uint8), changed, model)
    core = cv2.erode(dark, np.ones((5, 5), np.uint8)) > 0
    around = cv2.dilate(dark, np.ones((5, 5), np.uint8)) == 0
    assert got[core].all()
    assert not got[around].any()


def _group_board(model: BoardModel, stacked: bool) -> Any:
    """Six lone frogs (one frog's shadow each) and, in pond E, two frogs side by side across
    where shadows fall, counted by area at one place; ``stacked``: the second one is a frog
    on a frog (its shadow twice as long)."""
    pieces = read_pieces_file()
    places = [p for p in _places(model) if p[2] != "E"][:6]
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(places)]
    changed, shadow, found = _board(model, frogs)
    ex, ey, _ = next(p for p in _places(model) if p[2] == "E")
    across = np.array([-FALL[1], FALL[0]]) * 7.5  # mm: two frogs 15 mm apart, touching
    extra_c = np.zeros(changed.shape, np.uint8)
    extra_s = np.zeros(changed.shape, np.uint8)
    for k, sign in enumerate((-1, 1)):
        x, y = ex + sign * across[0], ey + sign * across[1]
        angle = math.degrees(math.atan2(across[1], across[0]))
        _fill(extra_c, swept_outline("frog", x, y, angle, LEAN, model, pieces))
        length = ONE * (2 if stacked and k == 1 else 1)
        cast = (float(FALL[0] * length), float(FALL[1] * length))
        _fill(extra_s, swept_outline("frog", x, y, angle, cast, model, pieces))
    group = CountedPiece("frog", "cowboy", ex, ey, "E", 1.0, 2, None, None)
    return _doubts_with(model, pieces, (changed, shadow, found), (extra_c, extra_s), group)


def _doubts_with(
    model: BoardModel,
    pieces: Any,
    board: tuple[np.ndarray, np.ndarray, list[CountedPiece]],
    extra: tuple[np.ndarray, np.ndarray],
    piece: CountedPiece,
) -> Any:
    """The shadow doubts of ``board`` (changed, shadow, found: the lone frogs) with one
    more counted ``piece``, drawn as ``extra`` (its changed pixels and its shadow, 0/255)."""
    changed, shadow, found = board
    changed = changed | (extra[0] > 0)
    shadow = (shadow | (extra[1] > 0)) & ~changed
    found = [*found, piece]
    none = np.zeros_like(changed)
    return shadow_doubts(shadow, changed, none, Counted(found, model, pieces, [LEAN] * len(found)))


def test_a_group_counted_by_area_with_a_stack_in_it_is_named(model: BoardModel) -> None:
    """Two frogs counted by area: where one of them is a frog on a frog, the group's shadow
    runs about twice as far beyond it there; the group's pond is named. Without the stack,
    nothing is."""
    assert _group_board(model, stacked=False) == []
    got = _group_board(model, stacked=True)
    assert [pid for pid, _ in got] == ["E"]
    assert "the 2 pieces counted together at (" in got[0][1]
    assert "a frog on a frog? (not counted)" in got[0][1]


def _row_board(model: BoardModel, stacked: bool) -> Any:
    """Six lone frogs and, in pond E, one piece counted as a lone banana Long Fwooog lying
    across where shadows fall. ``stacked``: it is three frogs end to end (as long and as wide
    as a Long Fwooog), the middle one a frog on a frog (twice as tall: twice the lean and
    the shadow); otherwise a Long Fwooog, 10 mm tall against a frog's 11."""
    pieces = read_pieces_file()
    places = [p for p in _places(model) if p[2] != "E"][:6]
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, _) in enumerate(places)]
    changed, shadow, found = _board(model, frogs)
    ex, ey, _ = next(p for p in _places(model) if p[2] == "E")
    across = np.array([-FALL[1], FALL[0]])
    row_angle = math.degrees(math.atan2(across[1], across[0]))
    extra_c = np.zeros(changed.shape, np.uint8)
    extra_s = np.zeros(changed.shape, np.uint8)
    if stacked:
        frog_angle = math.degrees(math.atan2(FALL[1], FALL[0]))  # long axis along the fall
        for k in (-1, 0, 1):
            x, y = ex + k * pieces.frog_mm[1] * across[0], ey + k * pieces.frog_mm[1] * across[1]
            tall = 2.0 if k == 0 else 1.0
            lean = (LEAN[0] * tall, LEAN[1] * tall)
            cast = (float(FALL[0] * ONE * tall), float(FALL[1] * ONE * tall))
            _fill(extra_c, swept_outline("frog", x, y, frog_angle, lean, model, pieces))
            _fill(extra_s, swept_outline("frog", x, y, frog_angle, cast, model, pieces))
    else:
        low = 10.0 / 11.0
        lean = (LEAN[0] * low, LEAN[1] * low)
        cast = (float(FALL[0] * ONE * low), float(FALL[1] * ONE * low))
        _fill(extra_c, swept_outline("fwooog", ex, ey, row_angle, lean, model, pieces))
        _fill(extra_s, swept_outline("fwooog", ex, ey, row_angle, cast, model, pieces))
    row = CountedPiece("fwooog", "banana", ex, ey, "E", 1.0, 1, None, row_angle)
    return _doubts_with(model, pieces, (changed, shadow, found), (extra_c, extra_s), row)


def test_a_lone_long_fwooog_whose_shadow_runs_twice_as_far_in_part_is_named(
    model: BoardModel,
) -> None:
    """Three frogs end to end, the middle one on another frog, read as one Long Fwooog
    (the issue's stacks; 4911 NE and 5205 IW on the 3D generator): part of its shadow runs
    twice as far, and its pond is named. A Long Fwooog, a little lower than a frog, is not."""
    assert _row_board(model, stacked=False) == []
    got = _row_board(model, stacked=True)
    assert [pid for pid, _ in got] == ["E"]
    text = got[0][1]
    assert text.startswith("pond E: the banana Long Fwooog at (")
    assert text.endswith("frogs on frogs, read as a Long Fwooog? (counted as a Long Fwooog)")
    times = float(re.search(r"a shadow ([\d.]+) times as long as one frog's", text).group(1))  # type: ignore[union-attr]
    # Twice beyond the middle frog; more on the lines beside it, where the side frogs' lean
    # is short but the middle one's shadow runs on (2.6 here; 1.9 and 3.1 on 5205 IW, 4911 NE).
    assert 2.0 <= times <= 3.0


def _pad_board(
    model: BoardModel,
    stacked: bool,
    offset_mm: float = 0.0,
    ring_px: int = 3,
    pads: bool = True,
    judged: set[int] | None = None,
) -> Any:
    """Seven lone frogs (one frog's shadow each) and, in pond E, a frog on a lilypad, moved
    ``offset_mm`` from its middle towards where shadows fall; ``stacked``: a frog on a frog
    (its shadow twice as long). The lilypad hides the shadows on it (it is not the empty
    board's art, so no shadow is read there: it is where a shadow cannot be seen) and casts
    a thin one of its own, ``ring_px`` wide, all round (the worst case)."""
    pieces = read_pieces_file()
    places = _places(model)
    frogs = [(x, y, 25.0 * k, ONE) for k, (x, y, pid) in enumerate(places) if pid != "E"]
    changed, shadow, found = _board(model, frogs)
    ex, ey, _ = next(p for p in places if p[2] == "E")
    fx, fy = ex + FALL[0] * offset_mm, ey + FALL[1] * offset_mm
    frog = np.zeros(changed.shape, np.uint8)
    _fill(frog, swept_outline("frog", fx, fy, 0.0, LEAN, model, pieces))
    length = ONE * (2 if stacked else 1)
    cast = np.zeros(changed.shape, np.uint8)
    _fill(
        cast,
        swept_outline("frog", fx, fy, 0.0, (FALL[0] * length, FALL[1] * length), model, pieces),
    )
    centre = (round(ex * model.ppm), round(ey * model.ppm))
    r = round(model.pad_r)
    disc = np.zeros(changed.shape, np.uint8)
    cv2.circle(disc, centre, r, 255, -1)
    ring = np.zeros(changed.shape, np.uint8)
    cv2.circle(ring, centre, r + ring_px, 255, -1)
    changed |= frog > 0
    shadow = (shadow | (cast > 0) | (ring > 0)) & ~changed & (disc == 0)
    blocked = (disc > 0) & ~changed
    found.append(CountedPiece("frog", "wizard", fx, fy, "E", 1.0, 1, None, 0.0))
    counted = Counted(found, model, pieces, [LEAN] * len(found))
    return shadow_doubts(shadow, changed, blocked, counted, [centre] if pads else [], judged=judged)


def test_a_frog_on_a_frog_on_a_lilypad_is_named_by_its_shadow_beyond_the_lilypad(
    model: BoardModel,
) -> None:
    """No shadow is seen on a lilypad, so lines walk over it: a frog on a frog standing on
    one casts its shadow on past the lilypad's edge, twice as far as one frog's. Without the
    lilypads the lines run into what hides a shadow and tell nothing (as before)."""
    got = _pad_board(model, stacked=True)
    assert [pid for pid, _ in got] == ["E"]
    assert got[0][1].startswith("pond E: the wizard frog at (")
    assert "a frog on a frog? (not counted)" in got[0][1]
    assert _pad_board(model, stacked=True, pads=False) == []


def test_a_frog_on_a_lilypad_is_judged_only_by_the_lines_past_the_lilypad(
    model: BoardModel,
) -> None:
    """Its shadow is not seen on the lilypad: without the lilypads (lines that meet what
    hides a shadow tell nothing) it is not judged; with them, it is."""
    for pads, want in ((False, False), (True, True)):
        judged: set[int] = set()
        _pad_board(model, stacked=True, pads=pads, judged=judged)
        assert judged >= set(range(7))
        assert (7 in judged) == want


@pytest.mark.parametrize("offset_mm", [-6.0, 0.0, 6.0])
def test_one_frog_on_a_lilypad_is_not_named_wherever_it_stands_on_it(
    model: BoardModel, offset_mm: float
) -> None:
    """One frog on a lilypad: in the middle or on the side away from the lamp, its shadow
    ends on the lilypad, where it cannot be seen, and the lilypad's own thin shadow beyond
    the edge is too short to tell (the lines walked over the lilypad are not judged); on
    the side towards where shadows fall, its shadow runs past the edge and is one frog's."""
    assert _pad_board(model, stacked=False, offset_mm=offset_mm) == []

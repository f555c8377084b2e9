"""Camera III, Pond: counting on the realistic generator (pond_scene3d.py), each failure mode.

Every scene is rendered by a pinhole camera (Camera Module 3 field of view) with a Bayer
sensor, textured board art with a stone-ring Fountain and faction-coloured flowers and logs,
pieces as prisms (frog 11 mm, Long Fwooog 10 mm tall) with sides and cast shadows. The known
answer is kept beside each scene. Today's main has no empty-board reference: these tests
call ``count_board(..., empty)``, which it does not accept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import scene3d

from vision.focus import FOCUS_MM
from vision.markers import detect_markers
from vision.pond import count_board
from vision.pond.annotate import FLAG, annotate_board
from vision.pond.geometry import board_size_mm
from vision.pond.reference import EmptyBoard, make_empty_board

SIZE = (2304, 1296)


_EMPTY: dict[int, EmptyBoard] = {}


@pytest.fixture(scope="module")
def empty_of(layout13: Any, tall: Any) -> Callable[[int], EmptyBoard]:
    """The empty-board reference of scene ``seed``'s board (its own photo, its own pose)."""

    def get(seed: int) -> EmptyBoard:
        if seed not in _EMPTY:
            photo = scene3d.empty_board(layout13, tall, seed, size=SIZE)
            _EMPTY[seed], _ = make_empty_board(photo, layout13, tall, "empty board")
        return _EMPTY[seed]

    return get


_SCENES: dict[tuple[Any, ...], Any] = {}


def _scene(layout: Any, pieces: Any, seed: int, **kw: Any) -> Any:
    key = (seed, *sorted((k, repr(v)) for k, v in kw.items()))
    if key not in _SCENES:
        _SCENES[key] = scene3d.make_scene3d(layout, pieces, seed, size=SIZE, **kw)
    return _SCENES[key]


def _wrong(scene: Any, count: Any) -> set[str]:
    """The ponds a count read otherwise than the scene's answer."""
    return {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}


def _named_wrong(scene: Any, count: Any) -> set[str]:
    """The ponds a count read wrong (``_wrong``), each of them named by a warning."""
    wrong = _wrong(scene, count)
    assert wrong <= set(count.flagged), (wrong, count.warnings)
    return wrong


def _exact(scene: Any, count: Any) -> None:
    """The board was counted, every pond as the scene's answer."""
    assert count.ok, count.reason
    wrong = _wrong(scene, count)
    assert not wrong, (wrong, count.warnings)


def _doubted(count: Any, pid: str, start: str, end: str) -> None:
    """The board was counted, pond ``pid`` flagged, by a warning from ``start`` to ``end``."""
    assert count.ok, count.reason
    assert pid in count.flagged, count.warnings
    assert any(w.startswith(start) and w.endswith(end) for w in count.warnings), count.warnings


def test_pond3d_empty_stone_ring_board_is_counted_empty_with_a_reference(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """The decorated Fountain and the flowers are the board's art, never a hand or a piece
    (without a reference, today's counter refuses this board as "a hand or an arm?")."""
    photo = scene3d.empty_board(layout13, tall, 1, size=SIZE)  # the same board, another pose
    count = count_board(photo, layout13, tall, empty_of(1))
    assert count.ok, count.reason
    assert all(
        not e["frogs"] and not e["fwooogs"] and e["lilypad"] is None for e in count.ponds.values()
    ), count.ponds
    assert not count.warnings


def test_pond3d_tall_pieces_at_30_degrees_are_counted_exactly(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Touching frogs and Long Fwooogs, 11 and 10 mm tall, seen at 30 degrees; busy art; frogs
    straddling pond edges. Seed 1's known answer."""
    scene = _scene(layout13, tall, 1, tilt=30.0, edge=3, n_pieces=36)
    count = count_board(scene.image, layout13, tall, empty_of(1))
    assert count.ok, count.reason
    assert count.ponds == scene.answer


def test_pond3d_every_wrong_pond_is_named_by_a_warning(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """ "Flag what cannot be resolved, never guess silently": on a hard board (30 degrees,
    a stack, edge-straddling frogs) the ponds read wrong are all named (seed 3)."""
    scene = _scene(layout13, tall, 3, tilt=30.0, stacks=1, edge=3, n_pieces=36)
    count = count_board(scene.image, layout13, tall, empty_of(3))
    assert count.ok, count.reason
    _named_wrong(scene, count)
    for pid in count.flagged:
        assert any(f"pond {pid}" in w for w in count.warnings)


def test_pond3d_glare_is_not_a_hand_and_warm_light_is_corrected(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Lamp glare on the semi-gloss board is reported ("glare near pond X: move the lamp")
    and the board still counted; a light 0.15 warmer than at calibration is measured against
    the board's land and water and corrected."""
    scene = _scene(layout13, tall, 2, tilt=15.0, glare=0.8, warm=0.15)
    count = count_board(scene.image, layout13, tall, empty_of(2))
    assert count.ok, count.reason
    glare = [w for w in count.warnings if w.startswith("glare near pond ")]
    assert glare, count.warnings
    assert any("warmer" in w for w in count.warnings), count.warnings
    wrong = _named_wrong(scene, count)
    assert len(wrong) <= 1
    # The annotated photo marks the flagged ponds (thick orange outline).
    picture = annotate_board(scene.image, count)
    assert np.count_nonzero(np.all(picture == np.array(FLAG, np.uint8), axis=2)) > 500


def test_pond3d_a_hand_is_still_refused(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    scene = _scene(layout13, tall, 2, tilt=15.0, hand=True)
    count = count_board(scene.image, layout13, tall, empty_of(2))
    assert not count.ok
    assert "a hand or an arm" in (count.reason or "")


def test_pond3d_a_piece_counts_where_half_its_base_is(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """ "A piece counts in a pond when at least half its base lies inside it. Otherwise it is
    on land, with a warning naming the nearest pond." Two frogs straddle pond N's lowest
    edge: the banana one mostly inside, the wizard one mostly outside."""
    from conftest import synth

    from vision.pond.geometry import pond_polygons

    poly = np.asarray(pond_polygons(layout13)["N"])
    c = poly.mean(axis=0)
    k = int(np.argmax(poly[:, 1] + np.roll(poly[:, 1], -1)))
    a, b = poly[k], poly[(k + 1) % len(poly)]
    out = (a + b) / 2 - c
    out /= np.linalg.norm(out)
    inside = a + (b - a) * 0.3 - out * 3.0
    outside = a + (b - a) * 0.75 + out * 3.5
    given = [
        ("frog", "banana", *map(float, inside), 0.0),
        ("frog", "wizard", *map(float, outside), 0.0),
    ]
    placer = synth._Placer(layout13, tall, __import__("random").Random(0))
    shares = [placer.share("frog", x, y, ang) for _, _, x, y, ang in given]
    assert shares[0][0] == "N" and shares[0][1] >= 0.6, shares
    assert shares[1][0] == "N" and shares[1][1] <= 0.4, shares
    scene = _scene(layout13, tall, 4, tilt=10.0, given=given, edge=0)
    count = count_board(scene.image, layout13, tall, empty_of(4))
    assert count.ok, count.reason
    assert count.ponds == scene.answer
    assert count.ponds["N"]["frogs"] == {"banana": 1}
    assert any("wizard frog stands mostly on land beside pond N" in w for w in count.warnings)
    assert "N" in count.flagged


def _row(faction: str, x: float, y: float, heading: float, n: int = 3) -> list[Any]:
    """``n`` frogs end to end along ``heading`` (degrees), touching side to side (a frog's
    width, 14 mm, apart), centred on (x, y)."""
    ux, uy = np.cos(np.radians(heading)), np.sin(np.radians(heading))
    step = 14.0
    return [
        (
            "frog",
            faction,
            x + (k - (n - 1) / 2) * step * ux,
            y + (k - (n - 1) / 2) * step * uy,
            heading + 90.0,
        )
        for k in range(n)
    ]


def test_pond3d_three_frogs_end_to_end_are_not_a_long_fwooog(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Three frogs end to end have a Long Fwooog's area (3 x 176 mm² against 511): before
    length was judged they were read as one Long Fwooog, with no warning. Rows of three in
    the outer ponds, lone Long Fwooogs in the inner ones, at 20 degrees."""
    given = [
        *_row("banana", 300, 72, 10.0),
        *_row("cowboy", 528, 300, 75.0),
        *_row("pumpkin", 300, 528, 140.0),
        *_row("wizard", 72, 300, 100.0),
        ("fwooog", "banana", 300.0, 182.0, 20.0),
        ("fwooog", "cowboy", 418.0, 300.0, 80.0),
        ("fwooog", "pumpkin", 300.0, 418.0, 135.0),
        ("fwooog", "wizard", 182.0, 300.0, 170.0),
    ]
    scene = _scene(layout13, tall, 5, tilt=20.0, given=given, edge=0)
    count = count_board(scene.image, layout13, tall, empty_of(5))
    assert count.ok, count.reason
    assert count.ponds == scene.answer, count.warnings
    for pid in ("N", "E", "S", "W"):
        assert sum(count.ponds[pid]["frogs"].values()) == 3
    # The lone Long Fwooogs carry no doubt: a flag on every Long Fwooog would be useless.
    assert not {"IN", "IE", "IS", "IW"} & set(count.flagged), count.warnings


def test_pond3d_a_frog_under_another_faction_is_counted_from_its_side(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """A frog on a frog of another faction, at 25 degrees: the lower frog's near side shows
    in its colour as a crescent with no base of its own. Before, it was lost (silently), and
    a frog taller than one was counted as two of the top one's faction. Now the crescent is
    counted as a frog, the tall frog is flagged (not counted twice), and the pond is named.
    Seed 6 puts a frog on each of these eight (banana, cowboy, pumpkin or wizard on top)."""
    given = [
        ("frog", "banana", 528.0, 300.0, 30.0),
        ("frog", "cowboy", 72.0, 300.0, 80.0),
        ("frog", "pumpkin", 300.0, 72.0, 120.0),
        ("frog", "wizard", 300.0, 528.0, 0.0),
        ("frog", "banana", 418.0, 300.0, 30.0),
        ("frog", "cowboy", 182.0, 300.0, 80.0),
        ("frog", "pumpkin", 300.0, 182.0, 120.0),
        ("frog", "wizard", 300.0, 418.0, 0.0),
    ]
    scene = _scene(layout13, tall, 6, tilt=25.0, given=given, edge=0, stacks=8)
    count = count_board(scene.image, layout13, tall, empty_of(6))
    assert count.ok, count.reason
    for pid in ("E", "IN", "N", "IW"):  # another faction underneath, its side in view
        assert sum(scene.answer[pid]["frogs"].values()) == 2
        assert count.ponds[pid] == scene.answer[pid], (pid, count.warnings)
        assert pid in count.flagged
    assert any("its side shows under another piece" in w for w in count.warnings)
    # A cowboy frog under a banana one, its side not told apart: the banana frog is taller
    # than one, and cowboy colour shows on its near side: counted under it, and named.
    assert scene.answer["W"]["frogs"] == {"banana": 1, "cowboy": 1}
    assert count.ponds["W"]["frogs"] == {"banana": 1, "cowboy": 1}
    assert _named_by(count, "hidden under the banana frog there, counted") == ["W"]


def _named_by(count: Any, words: str) -> list[str]:
    """The ponds named by the warnings that say ``words``, in the order given."""
    return [w.split(":")[0].removeprefix("pond ") for w in count.warnings if words in w]


def test_pond3d_colour_under_a_taller_frog_counts_the_frog_under_it(
    layout13: Any, tall: Any
) -> None:
    """ "Flag what cannot be resolved, never guess silently": a wizard frog under a cowboy
    frog (25 degrees, seed 119, the stacks condition of the benchmark) whose side shows as a
    crescent too thin to be counted. Pond F was read with one wizard frog and named by no
    warning; then the wizard colour no counted piece explains named it. That colour lies on
    the cowboy frog's near side, and the cowboy frog stands taller than one: now the wizard
    frog is counted under it, and the pond is named by what was counted (so is pond IW, a
    banana frog under a wizard frog)."""
    scene = _scene(layout13, tall, 119, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 119))
    assert count.ok, count.reason
    assert scene.answer["F"]["frogs"] == {"cowboy": 4, "wizard": 2}
    assert count.ponds["F"]["frogs"] == {"cowboy": 4, "wizard": 2}
    assert count.ponds["IW"] == scene.answer["IW"]
    assert _named_by(count, "hidden under the cowboy frog there, counted") == ["F"]
    assert _named_by(count, "hidden under the wizard frog there, counted") == ["IW"]
    assert _named_by(count, "belongs to no counted piece") == []
    wrong = _named_wrong(scene, count)
    assert wrong == {"N", "S"}


def test_pond3d_a_frog_on_a_frog_of_its_own_colour_covering_a_lean_more_is_counted(
    layout13: Any, tall: Any
) -> None:
    """A banana frog on a banana frog in pond F (seed 41416, 25 degrees): no other colour
    shows, so it was read as one banana frog taller than one, its colour and all that changed
    there covering 0.54 and 0.62 of a frog's area more than one frog: named, not counted.
    Those three signs together are a frog of its own colour under it: now it is counted,
    and the pond is named by what was counted."""
    scene = _scene(layout13, tall, 41416, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 41416))
    assert count.ok, count.reason
    assert count.ponds["F"] == scene.answer["F"]
    assert _named_by(count, "one on the other, counted") == ["F"]
    _named_wrong(scene, count)


def test_pond3d_a_thin_side_on_a_lilypad_counts_the_frog_under_and_its_lilypad(
    layout13: Any, tall: Any
) -> None:
    """A banana frog on a wizard frog standing on a lilypad (seed 311, 25 degrees): the
    wizard side shows as a sliver a tenth of a frog's area, the rest of it dark against the
    pad. The pond was read with the banana frog alone (and the lilypad as banana's), named by
    no warning; then the wizard colour no counted piece explains named pond IW. The sliver
    lies on the banana frog's near side and the banana frog stands taller than one: now the
    wizard frog is counted under it, and holds the lilypad it stands on. (Pond NW, also
    wrong and named so, is counted right since the light's colour cast is measured with each
    pixel's own shade taken out, ``vision.pond.reference._cast``. Pond F, a pumpkin frog on a
    pumpkin frog standing alone, is counted right since its colour and all that changed
    there, each covering a lean more than one frog, count it.)"""
    scene = _scene(layout13, tall, 311, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 311))
    assert count.ok, count.reason
    assert scene.answer["IW"]["frogs"] == {"banana": 1, "cowboy": 1, "wizard": 1}
    assert scene.answer["IW"]["lilypad"] == "wizard"
    assert count.ponds["IW"] == scene.answer["IW"]
    assert _named_by(count, "hidden under the banana frog there, counted") == ["IW"]
    assert _named_by(count, "one on the other, counted") == ["F"]
    assert _wrong(scene, count) == set()


def test_pond3d_less_colour_than_the_count_explains_names_its_pond(
    layout13: Any, tall: Any
) -> None:
    """Three cowboy pieces counted where two stand (30 degrees, seed 112):
    their colour covers less than three pieces would. Before, pond E was named by no
    warning; now the shortfall of their colour names it, and so does the shortfall of
    anything changed there."""
    scene = _scene(layout13, tall, 112, tilt=30.0)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 112))
    assert count.ok, count.reason
    assert scene.answer["E"]["frogs"] == {"cowboy": 1}
    assert count.ponds["E"]["frogs"] == {"cowboy": 2}
    assert _named_by(count, "fewer pieces?") == ["E", "E"]
    assert _named_by(count, "cover less of the board than they should") == ["E"]
    assert any(
        w.startswith("pond E: cowboy colour at") and "fewer pieces?" in w for w in count.warnings
    )
    assert "E" in count.flagged


def test_pond3d_a_group_reaching_one_more_lean_names_its_pond(layout13: Any, tall: Any) -> None:
    """A frog on a frog of another faction whose side is too thin to show its colour looks
    like one frog standing a lean further on: only its reach tells, the pair stands twice as
    tall. Seed 104 at 25 degrees: a banana frog on a pumpkin one in pond IS and a cowboy frog
    on a pumpkin one in pond S, each counted as the top frog alone. Before, neither pond was
    named; now the changed area the counted piece does not explain names both (and pond NE,
    a lone frog that reaches as far: a false alarm, the price of the rule). In pond IS a
    sliver of pumpkin colour shows on the banana frog's near side too, and the banana frog
    stands taller than one: the pumpkin frog is counted under it."""
    scene = _scene(layout13, tall, 104, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 104))
    assert count.ok, count.reason
    assert scene.answer["IS"]["frogs"] == {"banana": 1, "pumpkin": 1, "wizard": 1}
    assert count.ponds["IS"]["frogs"] == {"banana": 1, "pumpkin": 1, "wizard": 1}
    assert _named_by(count, "hidden under the banana frog there, counted") == ["IS"]
    assert scene.answer["S"]["frogs"] == {"cowboy": 1, "pumpkin": 1, "wizard": 1}
    assert count.ponds["S"]["frogs"] == {"cowboy": 1, "wizard": 1}
    assert _named_by(count, "more of the board than one should") == ["NE", "IS", "S"]
    wrong = _named_wrong(scene, count)
    assert wrong == {"S"}


def _empty(layout: Any, pieces: Any, seed: int) -> EmptyBoard:
    """The empty-board reference of scene ``seed``'s board, as the benchmark makes it."""
    if seed not in _EMPTY:
        photo = scene3d.empty_board(layout, pieces, seed, size=SIZE)
        _EMPTY[seed], _ = make_empty_board(photo, layout, pieces, "empty board")
    return _EMPTY[seed]


_TOLD: dict[str, Any] = {}


def _through(layout: Any, pieces: Any, seed: int, tone: str) -> tuple[Any, EmptyBoard]:
    """The pieces' colours calibrated through a camera's tone curve, as the owner would
    (``calibrate colours``), and the empty-board reference of scene ``seed``'s board
    photographed through it."""
    from vision.pond.calibrate import calibrate_colours

    if tone not in _TOLD:
        photo, points = scene3d.calibration_photo(layout, pieces, size=SIZE, tone=tone)
        _TOLD[tone], _, _ = calibrate_colours(photo, layout, points, pieces, "calibration photo")
    told = _TOLD[tone]
    board = scene3d.empty_board(layout, pieces, seed, size=SIZE, tone=tone)
    empty, _ = make_empty_board(board, layout, told, "empty board")
    return told, empty


def test_pond3d_a_lone_frog_reaching_a_lean_too_far_names_its_pond(
    layout13: Any, tall: Any
) -> None:
    """A cowboy frog on a banana frog, alone in pond S (seed 109, 25 degrees; the lean there
    is 2.8 mm): the banana side under it is too thin and too dark to be read as banana, and
    the pair's extra area (0.2 of a frog's) is within the noise. Only how far the pair
    reaches along the line of sight tells: one lean more than a frog can. Before, pond S was
    read with the cowboy frog alone and named by no warning; now its reach names it."""
    scene = _scene(layout13, tall, 109, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 109))
    assert count.ok, count.reason
    assert scene.answer["S"]["frogs"] == {"banana": 1, "cowboy": 1, "wizard": 1}
    assert count.ponds["S"]["frogs"] == {"cowboy": 1, "wizard": 1}
    reached = _named_by(count, "further than one frog can: a frog on a frog?")
    assert "S" in reached
    assert "the cowboy frog at (287, 559) mm" in next(
        w for w in count.warnings if "pond S:" in w and "reaches" in w
    )
    _named_wrong(scene, count)


def test_pond3d_frogs_counted_by_area_leaving_room_for_a_stack_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """Two pumpkin frogs pressed together with a third on one of them (seed 929, 25 degrees;
    lean 4.9 mm): no neck between them, so they are counted by area, and the stacked frog's
    strip (0.3 of a frog's area) rounds away. Two frogs' footprints fitted to the base
    leave that strip uncovered. Before, pond SE was read with two pumpkin frogs and named
    by no warning; now the strip names it."""
    scene = _scene(layout13, tall, 929, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 929))
    assert count.ok, count.reason
    assert scene.answer["SE"]["frogs"] == {"cowboy": 1, "pumpkin": 3}
    assert count.ponds["SE"]["frogs"] == {"cowboy": 1, "pumpkin": 2}
    assert _named_by(count, "leave part of the base uncovered: a frog on a frog?") == ["SE"]
    assert "SE" in count.flagged


def test_pond3d_two_frogs_and_a_stack_read_as_a_long_fwooog_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """Two pumpkin frogs side by side, a third on one of them (seed 1115, 25 degrees): no
    neck between their tops, and the stack's extra lean makes up a Long Fwooog's area, so
    the three are read as one Long Fwooog. The waist between the two frogs is a notch
    5.5 mm deep that no Long Fwooog (a convex bar, convex seen as a prism) has. Before,
    pond IW was read so and named by no warning; now the notch names it."""
    scene = _scene(layout13, tall, 1115, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 1115))
    assert count.ok, count.reason
    assert scene.answer["IW"]["frogs"] == {"cowboy": 1, "pumpkin": 4}
    assert count.ponds["IW"]["fwooogs"] == ["pumpkin"]
    assert _named_by(count, "that no Long Fwooog has: frogs side by side?") == ["IW"]
    _named_wrong(scene, count)


def test_pond3d_a_row_of_frogs_with_a_stack_read_as_a_long_fwooog_and_a_frog_names_its_pond(
    layout13: Any, tall: Any
) -> None:
    """Three pumpkin frogs side by side, a fourth on the end one (seed 40807, 25 degrees):
    their base has a Long Fwooog's and a frog's area, and a Long Fwooog's outline fits in
    it, so they were read as a Long Fwooog and a frog and named by no warning. With the
    Long Fwooog's outline placed, only slivers are left beside it: no frog's outline fits
    there (0.80 of its disc at best), and that names pond F."""
    scene = _scene(layout13, tall, 40807, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 40807))
    assert count.ok, count.reason
    assert scene.answer["F"]["frogs"] == {"cowboy": 1, "pumpkin": 4}
    assert count.ponds["F"]["fwooogs"] == ["pumpkin"]
    assert _named_by(count, "No frog's outline fits beside the Long Fwooog") == ["F", "F"]
    _named_wrong(scene, count)


def test_pond3d_a_side_joined_to_a_frog_of_its_colour_names_its_pond(
    layout13: Any, tall: Any
) -> None:
    """A banana frog under a wizard frog, beside another banana frog (seed 41518, 25
    degrees): the lower frog's near side joins its neighbour's colour, so it has a base and
    the side check does not judge it, and it adds 0.25 of a frog's area, under the 0.3 one
    frog's colour may differ by. It lies outside the counted frog's swept outline, under the
    wizard frog. Before, pond SE was read with one banana frog and named by no warning; now
    that colour names it."""
    scene = _scene(layout13, tall, 41518, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 41518))
    assert count.ok, count.reason
    assert scene.answer["SE"]["frogs"]["banana"] == 2
    assert count.ponds["SE"]["frogs"]["banana"] == 1
    assert _named_by(count, "under a wizard piece") == ["SE"]
    _named_wrong(scene, count)


def test_pond3d_pieces_covering_less_than_they_should_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """A wizard Long Fwooog with two wizard frogs pressed on it (seed 118, 25 degrees) is
    read as a Long Fwooog and three frogs: their colour's shortfall (0.6 of a frog's area)
    is within what nearer pieces may hide, but anything changed there (every colour, the
    shaded sides) falls 1.4 frogs' area short of what four pieces cover. Before, pond W
    was named by no warning; now the shortfall names it."""
    scene = _scene(layout13, tall, 118, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 118))
    assert count.ok, count.reason
    assert scene.answer["W"]["frogs"]["wizard"] == 2
    assert count.ponds["W"]["frogs"]["wizard"] == 3
    assert "W" in _named_by(count, "cover less of the board than they should")
    _named_wrong(scene, count)


def test_pond3d_a_stack_hidden_between_neighbours_is_named_by_its_shadow(
    layout13: Any, tall: Any
) -> None:
    """A wizard frog on a banana frog in pond IW (seed 114, 25 degrees), pressed between a
    cowboy frog and a wizard frog: the banana side hides behind them and the pair's reach
    runs into them, so it was read as one wizard frog and named by no warning. Its shadow
    runs about 2.3 times as far beyond its base as a lone frog's: now that names it. The
    count is not changed (the lower frog's faction cannot be seen)."""
    scene = _scene(layout13, tall, 114, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 114))
    assert count.ok, count.reason
    assert scene.answer["IW"]["frogs"] == {"banana": 1, "cowboy": 1, "wizard": 2}
    assert count.ponds["IW"]["frogs"] == {"cowboy": 1, "wizard": 2}
    assert "IW" in _named_by(count, "as long as one frog's: a frog on a frog?")
    assert "the wizard frog at (167, 296) mm" in next(
        w for w in count.warnings if "pond IW:" in w and "casts a shadow" in w
    )


def test_pond3d_a_stack_seen_straight_down_is_named_by_its_shadow(layout13: Any, tall: Any) -> None:
    """A banana frog on a wizard frog in pond N (seed 1214, 25 degrees), near the camera's
    nadir: its extra lean is under 2.5 mm, too short to judge, and no wizard shows beside
    it. Before, pond N was read with the banana frog alone and named by no warning; its
    shadow, about twice a lone frog's, now names it."""
    scene = _scene(layout13, tall, 1214, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 1214))
    assert count.ok, count.reason
    assert scene.answer["N"]["frogs"]["wizard"] == 1
    assert "wizard" not in count.ponds["N"]["frogs"]
    assert "N" in _named_by(count, "as long as one frog's: a frog on a frog?")


def test_pond3d_no_stack_no_shadow_doubt(layout13: Any, tall: Any) -> None:
    """Boards with no stacks (seeds 101-103, busy art, 10 degrees): no frog's shadow is
    taken for a stack's."""
    for seed in (101, 102, 103):
        scene = _scene(layout13, tall, seed, tilt=10.0)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        assert _named_by(count, "casts a shadow") == [], seed


def test_pond3d_red_frogs_under_glare_keep_their_colour(layout13: Any, tall: Any) -> None:
    """Lamp glare peaking at 85% white (seeds 123 and 126, 15 degrees): glare dims what it
    covers as well as whitening it, so taking out only the darkest channel's rise left white
    in the cowboy frogs under it: in pond F one was read as pumpkin, and pond IW's two were
    lost. Taking out the white the fit measures on the board around reads them as cowboy.

    Washed pieces are looked for again in the glare undone in linear light
    (``vision.pond.glare_out``; pond F's board is nearer the reference so undone, though
    this generator added its glare in the picture's levels). What only that second look
    finds is read in its colours, and what the first look found keeps the colours read
    before. (With every colour read in the picture's levels, pond F had one banana frog too
    many.) Since colours under glare are read by their hue (``vision.pond.glare_hue``),
    pond F's banana frog on a lilypad the glare washed is counted as two again, and named
    ("its base is too short for 2 frogs"); its cowboy frog is cowboy, and pond IW exact."""
    for seed, pid in ((123, "F"), (126, "IW")):
        scene = _scene(layout13, tall, seed, tilt=15.0, glare=0.85)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        assert f"glare near pond {pid}: move the lamp" in count.warnings
        assert "pumpkin" not in count.ponds[pid]["frogs"]
        want = scene.answer[pid]["frogs"]
        assert count.ponds[pid]["frogs"]["cowboy"] == want["cowboy"], (seed, pid)
        if count.ponds[pid] != scene.answer[pid]:
            assert pid in count.flagged, (seed, pid, count.warnings)
    assert count.ponds["IW"] == scene.answer["IW"]


def test_pond3d_a_stack_in_a_group_counted_by_area_is_named_by_its_shadow(
    layout13: Any, tall: Any
) -> None:
    """A banana frog on a banana frog pressed on a banana Long Fwooog in pond SE (seed 1406,
    25 degrees): one faction, so no side of another colour shows, and the group is counted
    by area as a Long Fwooog and two frogs, where three stand. Before, pond SE was named by
    no warning; the group's shadow, about twice one frog's where the stack stands, now
    names it (the count is not changed)."""
    scene = _scene(layout13, tall, 1406, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 1406))
    assert count.ok, count.reason
    assert scene.answer["SE"]["frogs"]["banana"] == 3
    assert count.ponds["SE"]["frogs"]["banana"] == 2
    assert "SE" in _named_by(count, "counted together at")


def test_pond3d_a_stack_seen_at_a_small_lean_is_named_by_its_group(
    layout13: Any, tall: Any
) -> None:
    """A frog on a frog pressed against another piece, where the camera sees a lean under
    3.5 mm (25 degrees, near its nadir): a pumpkin frog on a banana frog pressed on a banana
    frog in pond S (seed 721), a banana frog on a cowboy frog pressed on a banana Long Fwooog
    in pond SE (seed 1203). The lower frog's side hides behind its neighbour, so the pond was
    read one frog short and named by no warning. The group covers about 0.22 of a frog's
    area more than its pieces: under the fixed bar (0.25), but most of what one more frog
    adds at that lean. Now that names the pond (the count is not changed)."""
    for seed, pid, faction in ((721, "S", "banana"), (1203, "SE", "cowboy")):
        scene = _scene(layout13, tall, seed, tilt=25.0, stacks=3)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        have = count.ponds[pid]["frogs"].get(faction, 0)
        assert have == scene.answer[pid]["frogs"][faction] - 1, (seed, pid)
        assert pid in _named_by(count, "cover more of the board than they should"), (seed, pid)


def test_pond3d_a_long_fwooog_and_three_frogs_mistaken_for_each_other_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """Three wizard frogs pressed in a row with no neck between them, read as a Long Fwooog
    and a frog (pond SW, seed 1927), and a banana Long Fwooog read as three banana frogs
    (pond IE, seed 2005), 25 degrees: no stack in either pond. Each group covers about 0.65
    of a frog's area less than the pieces counted there would, and no warning named the
    pond; now the shortfall names it (the count is not changed)."""
    for seed, pid in ((1927, "SW"), (2005, "IE")):
        scene = _scene(layout13, tall, seed, tilt=25.0, stacks=3)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        assert count.ponds[pid]["fwooogs"] != scene.answer[pid]["fwooogs"], (seed, pid)
        assert pid in _named_by(count, "cover less of the board than they should"), (seed, pid)


def test_pond3d_a_stack_on_a_lilypad_is_named_by_its_shadow_or_counted_by_its_colour(
    layout13: Any, tall: Any
) -> None:
    """A frog on a frog standing on a lilypad, 25 degrees: a cowboy frog on a banana frog in
    pond W (seed 2422, seen almost straight down: the banana frog does not show at all), a
    banana frog on a wizard frog in pond SE (seed 2423). The checks that read changed pixels
    leave the lilypads out, and no shadow is seen on a lilypad, so the pond was read one frog
    short and named by no warning. The stack's shadow runs on past the lilypad, twice as far
    as one frog's; that names pond W (the count is not changed). In pond SE wizard colour
    shows at the banana frog's foot too: the wizard frog is counted under it, and holds the
    lilypad. In pond IN, cowboy colour no counted piece explains (0.7 of a frog's area) lies
    by no taller frog: it names the pond, and is not counted."""
    scene = _scene(layout13, tall, 2422, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 2422))
    assert count.ok, count.reason
    assert count.ponds["W"]["frogs"].get("banana", 0) == 0
    assert scene.answer["W"]["frogs"]["banana"] == 1
    assert "W" in _named_by(count, "casts a shadow")
    scene = _scene(layout13, tall, 2423, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 2423))
    assert count.ok, count.reason
    assert scene.answer["SE"]["lilypad"] == "wizard"
    assert count.ponds["SE"] == scene.answer["SE"]
    assert _named_by(count, "hidden under the banana frog there, counted") == ["IN", "SE"]
    assert count.ponds["IN"]["frogs"]["cowboy"] == scene.answer["IN"]["frogs"]["cowboy"] - 1
    assert _named_by(count, "belongs to no counted piece") == ["IN"]
    wrong = _named_wrong(scene, count)
    assert wrong == {"IN"}


def test_pond3d_five_frogs_in_a_row_read_as_a_long_fwooog_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """Five banana frogs touching end to end in pond W (seed 2508, light 0.15 warmer, 15
    degrees), a neck between each two, were read as a Long Fwooog and three frogs: their
    area fits both, and the group covered only 0.5 of a frog's area less than the pieces
    counted there would (the overcount bar is 0.6). No warning named the pond. The row is
    one piece wide, and no part of it between necks is as long as a Long Fwooog; now that
    names the pond (the count is not changed)."""
    scene = _scene(layout13, tall, 2508, tilt=15.0, warm=0.15)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 2508))
    assert count.ok, count.reason
    assert scene.answer["W"]["frogs"]["banana"] == 5
    assert "banana" in count.ponds["W"]["fwooogs"]
    assert "W" in _named_by(count, "frogs in a row?")


def test_pond3d_a_lilypad_in_a_frogs_shadow_is_still_read(layout13: Any, tall: Any) -> None:
    """On a real board a piece's shadow falls on a lilypad beside it. The generator drew the
    lilypads over the shadows, so no photo ever showed a shaded lilypad; now it shades them
    (the pad's side towards the frog reads about 0.6 of its lit side). A cowboy frog stands
    2 mm from a lilypad in pond N, its shadow across the lilypad, and a wizard frog on the
    lilypad holds it: the lilypad is still found and its holder read (straight down and at
    20 degrees)."""
    pond = np.asarray(scene3d.pond_polygons(layout13)["N"]).mean(axis=0)
    r = tall.lilypad_diameter_mm / 2
    for seed, tilt in ((100, 0.0), (101, 0.0), (102, 20.0), (103, 20.0)):
        lamp = scene3d.lamp_for(seed)
        d = lamp[:2] / np.linalg.norm(lamp[:2])  # the shadow falls along -d
        beside = pond + d * (r + 2 + tall.frog_mm[0] / 2)
        ang = float(np.degrees(np.arctan2(d[1], d[0])))
        frog = ("frog", "cowboy", float(beside[0]), float(beside[1]), ang)
        pad = [(float(pond[0]), float(pond[1]))]
        alone = _scene(layout13, tall, seed, tilt=tilt, given=[frog], given_pads=pad)
        grey = alone.image.astype(np.float64).mean(axis=2)

        def seen(p: Any, grey: Any = grey, cam: Any = alone.camera) -> float:
            u, v = (round(c) for c in cam.project([[p[0], p[1], 1.5]])[0])
            return float(np.median(grey[v - 3 : v + 4, u - 3 : u + 4]))

        # 3 mm inside the lilypad's edge, on the frog's side and on the far side.
        assert seen(pond + d * (r - 3)) < 0.8 * seen(pond - d * (r - 3)), seed
        holder = ("frog", "wizard", float(pond[0] - 4 * d[0]), float(pond[1] - 4 * d[1]), ang + 90)
        scene = _scene(layout13, tall, seed, tilt=tilt, given=[frog, holder], given_pads=pad)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        assert scene.answer["N"]["lilypad"] == "wizard"
        assert count.ponds["N"]["lilypad"] == "wizard", seed
        assert count.ponds["N"]["frogs"] == {"cowboy": 1, "wizard": 1}, seed


def test_pond3d_two_lamps_cast_two_shadows_half_as_deep_and_the_count_holds(
    layout13: Any, tall: Any
) -> None:
    """A second lamp on the other side of the table (``lamps=2``): each gives half the direct
    light, so each piece casts two shadows, each half as deep as one lamp's. A lone cowboy
    frog in pond N (seeds 100 and 101, 20 degrees): in the first lamp's shadow the board is
    lighter than under one lamp (0.81 of the light against 0.62: measured 1.21-1.29 times),
    in the second lamp's it is darker (the one lamp lit it fully: measured 0.82 times). The
    boards of seeds 100 and 101 with their 40 pieces are still counted exactly."""
    pond = np.asarray(scene3d.pond_polygons(layout13)["N"]).mean(axis=0)
    frog = [("frog", "cowboy", float(pond[0]), float(pond[1]), 0.0)]
    for seed in (100, 101):
        one = _scene(layout13, tall, seed, tilt=20.0, given=frog)
        two = _scene(layout13, tall, seed, tilt=20.0, given=frog, lamps=2)
        first = scene3d.lamp_for(seed)
        second = scene3d.second_lamp(seed, first)
        grey1 = one.image.astype(np.float64).mean(axis=2)
        grey2 = two.image.astype(np.float64).mean(axis=2)

        def ratio(lamp: Any, g1: Any = grey1, g2: Any = grey2, cam: Any = one.camera) -> float:
            d = lamp[:2] / np.linalg.norm(lamp[:2])  # the shadow falls along -d
            # Three quarters of the way along the shadow beyond the base (past the frog's
            # own lean, which may cover the near part).
            a, b = tall.frog_mm[0] / 2, tall.frog_mm[1] / 2
            edge = float(np.hypot(a * d[0], b * d[1]))
            beyond = 11.0 * float(np.linalg.norm(lamp[:2])) / float(lamp[2])
            p = pond - d * (edge + 0.75 * beyond)
            u, v = (round(c) for c in cam.project([[p[0], p[1], 0.0]])[0])
            return float(np.median(g2[v - 2 : v + 3, u - 2 : u + 3])) / float(
                np.median(g1[v - 2 : v + 3, u - 2 : u + 3])
            )

        assert ratio(first) > 1.15, seed
        assert ratio(second) < 0.9, seed
        scene = _scene(layout13, tall, seed, tilt=20.0, lamps=2)
        count = count_board(scene.image, layout13, tall, _empty(layout13, tall, seed))
        assert count.ok, count.reason
        assert count.ponds == scene.answer, seed


def test_pond3d_a_stack_under_two_lamps_is_named_by_its_faint_shadow(
    layout13: Any, tall: Any
) -> None:
    """Two lamps on two sides of the table (seed 3614, 25 degrees, three stacks): every
    shadow is half as deep, too faint for the shadow one lamp casts, so no shadow was judged.
    A cowboy frog on a banana frog in pond W, read as one cowboy frog, was named by no
    warning. Now the faint shadow shows both lamps, and along one of them the pair's shadow
    runs about twice as far as one frog's: that names pond W. The count is not changed."""
    scene = _scene(layout13, tall, 3614, tilt=25.0, stacks=3, lamps=2)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 3614))
    assert count.ok, count.reason
    assert scene.answer["W"]["frogs"] == {"banana": 3, "cowboy": 3}
    assert count.ponds["W"]["frogs"] == {"banana": 2, "cowboy": 3}
    assert _named_by(count, "as long as one frog's: a frog on a frog?").count("W") == 1
    assert "the cowboy frog at (45, 288) mm" in next(
        w for w in count.warnings if "pond W:" in w and "casts a shadow" in w
    )


def test_pond3d_a_stack_neither_check_could_judge_names_its_pond(
    layout13: Any, tall: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 3607, 25 degrees, three stacks: a banana frog on a wizard frog in pond S, pressed
    among a Long Fwooog and three frogs, is read as one banana frog. Every line of the reach
    check and of the shadow check runs into a neighbour or its shadow, so neither judged it,
    and pond S, one wizard frog short, was named by no warning. The frog neither check could
    judge names it (shown with the foot colour's check left out); the wizard colour at its
    foot, which says more, now names it first, and the pond is named once. The count is not
    changed."""
    scene = _scene(layout13, tall, 3607, tilt=25.0, stacks=3)
    empty = _empty(layout13, tall, 3607)
    count = count_board(scene.image, layout13, tall, empty)
    assert count.ok, count.reason
    assert scene.answer["S"]["frogs"]["wizard"] == 3
    assert count.ponds["S"]["frogs"]["wizard"] == 2
    mine = [w for w in count.warnings if w.startswith("pond S:")]
    assert mine == [
        "pond S: wizard colour at the foot of the banana frog at (327, 501) mm: "
        "a frog hidden under it? (not counted)"
    ]
    monkeypatch.setattr("vision.pond.count.underfoot_doubts", lambda *args: [])
    count = count_board(scene.image, layout13, tall, empty)
    mine = [w for w in count.warnings if w.startswith("pond S:")]
    assert len(mine) == 1, mine
    assert mine[0].startswith("pond S: the banana frog at (327, 501) mm could not be checked")


def test_pond3d_a_stack_leaning_along_its_shadow_names_its_pond(layout13: Any, tall: Any) -> None:
    """Seed 28102, 25 degrees, three stacks: a cowboy frog on a pumpkin frog in pond SW,
    pressed against a pumpkin Long Fwooog, is read as one cowboy frog. The reach check's
    lines all run into the Long Fwooog; the frog leans 7 mm along where shadows fall, so its
    base is found that far off and a stack's shadow reaches only 1.2 times one frog's
    beyond it. Before, that passed as judged and pond SW, a pumpkin frog short, was named
    by no warning; now the frog could not be checked and names it. The count is not
    changed."""
    scene = _scene(layout13, tall, 28102, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 28102))
    assert count.ok, count.reason
    assert scene.answer["SW"]["frogs"] == {"cowboy": 1, "pumpkin": 2}
    assert count.ponds["SW"]["frogs"] == {"cowboy": 1, "pumpkin": 1}
    mine = [w for w in count.warnings if w.startswith("pond SW:")]
    assert len(mine) == 1, mine
    assert mine[0].startswith("pond SW: the cowboy frog at (156, 449) mm could not be checked")


def test_pond3d_a_frog_on_a_mostly_hidden_lilypad_names_its_pond(layout13: Any, tall: Any) -> None:
    """Seed 4711, 25 degrees, three stacks: a banana frog stands on the lilypad of pond NE.
    The frog, its side and its shadow hide about four fifths of the lilypad, so the circle
    round the green that shows sits 9 mm from the lilypad's centre and the frog, 12 mm
    from it, is not found on it: the lilypad was read as free and nothing said so. Now the
    mostly hidden lilypad names its pond, and the annotated photo marks it. (Its holder is
    still not worked out.)"""
    scene = _scene(layout13, tall, 4711, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 4711))
    assert count.ok, count.reason
    assert scene.answer["NE"]["lilypad"] == "banana"
    assert count.ponds["NE"]["frogs"] == scene.answer["NE"]["frogs"]
    assert count.ponds["NE"]["lilypad"] == "free"
    mine = [w for w in count.warnings if w.startswith("pond NE:")]
    assert len(mine) == 1 and "is mostly hidden and no frog was found on it" in mine[0], mine
    assert "NE" in count.flagged


def test_pond3d_frogs_on_frogs_read_as_a_lone_long_fwooog_are_named_by_its_shadow(
    layout13: Any, tall: Any
) -> None:
    """Seed 5205, 25 degrees, three stacks: in pond IW a banana frog on a banana frog, end
    to end with a third, is as long and as wide as a Long Fwooog and read as one banana
    Long Fwooog: pond IW, three banana frogs short, was named by no warning (a Long Fwooog
    counted alone was left out of the group shadow check). Part of its shadow runs about
    twice as far as one frog's: now that names it. The count is not changed."""
    scene = _scene(layout13, tall, 5205, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 5205))
    assert count.ok, count.reason
    assert scene.answer["IW"]["frogs"].get("banana") == 3
    assert "banana" not in count.ponds["IW"]["frogs"]
    assert count.ponds["IW"]["fwooogs"] == ["banana", "cowboy"]
    assert _named_by(count, "frogs on frogs, read as a Long Fwooog?") == ["IW"]
    assert "IW" in count.flagged


def test_pond3d_two_frogs_read_as_a_long_fwooog_name_their_pond(layout13: Any, tall: Any) -> None:
    """Seed 5403, 30 degrees: two wizard frogs end to end beside two Long Fwooogs in pond
    IE, seen steeply, cover about two and a half frogs' area, and their core is nearer a
    Long Fwooog's than three frogs': they were read as a wizard Long Fwooog with no
    warning. Their base is 30 mm long against a Long Fwooog's 38 (true Long Fwooogs read
    this way measure 36-41 mm on the tuning seeds): now that names the pond."""
    scene = _scene(layout13, tall, 5403, tilt=30.0)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 5403))
    assert count.ok, count.reason
    assert scene.answer["IE"]["frogs"] == {"wizard": 2}
    assert count.ponds["IE"]["fwooogs"] == ["cowboy", "pumpkin", "wizard"]
    assert _named_by(count, "a Long Fwooog's 38 mm: a Long Fwooog, or frogs?") == ["IE"]
    assert "IE" in count.flagged


def test_pond3d_frogs_pressed_together_read_as_a_long_fwooog_and_frogs_name_their_pond(
    layout13: Any, tall: Any
) -> None:
    """Seed 14228, busy art straight down: four pumpkin frogs pressed together in pond IN
    (three side by side, a fourth against them) leave one erosion core with four and a half
    frogs' area, read as a pumpkin Long Fwooog with two frogs pressed on it: pond IN, two
    frogs short and a Long Fwooog too many, was named by no warning. No Long Fwooog's
    outline (shrunk 1 mm a side) fits in that base: now that names the pond. The count is
    not changed, and no right pond on the board is named by it."""
    scene = _scene(layout13, tall, 14228, tilt=0.0)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 14228))
    assert count.ok, count.reason
    assert scene.answer["IN"]["frogs"] == {"banana": 1, "pumpkin": 5}
    assert scene.answer["IN"]["fwooogs"] == []
    assert count.ponds["IN"]["frogs"] == {"banana": 1, "pumpkin": 3}
    assert count.ponds["IN"]["fwooogs"] == ["pumpkin"]
    assert _named_by(count, "no Long Fwooog's outline fits in its base") == ["IN", "IN"]
    assert "IN" in count.flagged


def test_pond3d_another_factions_colour_at_a_lone_frogs_foot_names_its_pond(
    layout13: Any, tall: Any
) -> None:
    """Seed 17129, the stacks condition (25 degrees): a banana frog on a wizard frog, alone in
    pond IE, read as one banana frog. The wizard near side, in shade, is dark enough over the
    blue water for the comparison to call its lower part unchanged, so the pair reaches no
    further than one frog (0.09 of a lean) and no wizard patch is seen: pond IE, a wizard frog
    short, was named by no warning. The wizard colour at the banana frog's foot, off the line
    of blends of banana with the water, names it now. The count is not changed, and no other
    pond on the board is named by it."""
    scene = _scene(layout13, tall, 17129, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 17129))
    assert count.ok, count.reason
    assert scene.answer["IE"]["frogs"] == {"banana": 1, "wizard": 2}
    assert count.ponds["IE"]["frogs"] == {"banana": 1, "wizard": 1}
    assert _named_by(count, "colour at the foot of the") == ["IE"]
    assert "pond IE: wizard colour at the foot of the banana frog at (" in next(
        w for w in count.warnings if "at the foot of" in w
    )


def test_pond3d_the_folded_board_stands_off_the_table_at_its_folds(layout13: Any) -> None:
    """The generator's folded board: corners on the table, the folds 3 and 2 mm up, adding
    at the centre, flat panels between."""
    w, h = board_size_mm(layout13)
    lift = scene3d.board_lift
    assert lift(layout13, (3.0, 2.0), 0.0, 0.0) == 0.0
    assert lift(layout13, (3.0, 2.0), w, h) == 0.0
    assert lift(layout13, (3.0, 2.0), w / 2, h / 2) == pytest.approx(5.0)
    assert lift(layout13, (3.0, 2.0), w / 2, 0.0) == pytest.approx(3.0)
    assert lift(layout13, (3.0, 2.0), w / 4, h / 2) == pytest.approx(1.5 + 2.0)


def test_pond3d_a_folded_board_through_a_barrel_lens_is_counted_exactly(
    layout13: Any, tall: Any
) -> None:
    """Two things a plane fitted to four markers does not model: the board's folds standing
    3 and 2 mm off the table (the empty board's photo taken with them lower), and a lens
    pulling the frame's corners in by 2.8% (Brown's k1 = -0.05). Seed 1 at 30 degrees, as
    in the test of tall pieces: the same known answer."""
    bent: dict[str, Any] = {"fold_mm": (3.0, 2.0), "lens_k1": -0.05}
    scene = _scene(layout13, tall, 1, tilt=30.0, edge=3, n_pieces=36, **bent)
    photo = scene3d.empty_board(layout13, tall, 1, size=SIZE, **bent)
    empty, _ = make_empty_board(photo, layout13, tall, "empty board")
    count = count_board(scene.image, layout13, tall, empty)
    assert count.ok, count.reason
    assert count.ponds == scene.answer
    assert not scene.stack_ponds


def test_pond3d_a_soft_photo_gets_a_second_look_at_its_blurred_marker(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """The lens blur 2.5 times the generator's (a camera a little out of focus): marker 0's
    one-cell bits smear and the first pass cannot read it ("marker 0 hidden" before). Where
    markers 1-3 put it, the second look reads it, and the board is counted exactly."""
    scene = _scene(layout13, tall, 321, tilt=20.0, defocus=2.5)
    assert sorted(detect_markers(scene.image)) == [1, 2, 3]
    count = count_board(scene.image, layout13, tall, empty_of(321))
    assert count.ok, count.reason
    assert count.ponds == scene.answer


def test_pond3d_a_photo_out_of_focus_is_refused_saying_so(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Four times the lens blur: the pieces smear into each other, and the checks no
    longer name every pond they get wrong. The photo is refused, saying what to do
    (before, "marker 0 hidden or out of view": the player looked for a hand)."""
    scene = _scene(layout13, tall, 304, tilt=20.0, defocus=4.0)
    count = count_board(scene.image, layout13, tall, empty_of(304))
    assert not count.ok and count.ponds == {}
    assert count.reason == (
        "the photo is out of focus: the markers are blurred by about 2.4 mm "
        f"(at most {FOCUS_MM:g} mm counts): focus the camera or hold it still"
    )


def test_pond3d_a_lamps_glare_on_a_corner_marker_is_not_a_refused_board(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Seed 101 at 20 degrees, the lamp's glare (0.85) on marker 2: its black cells whitened,
    it is not read. Before, the board was refused ("marker 2 hidden or out of view"); the
    other three markers place it, every pond is counted exactly, and the count says which
    marker was not read."""
    scene = _scene(layout13, tall, 101, tilt=20.0, glare=0.85, glare_on_marker=True)
    assert sorted(detect_markers(scene.image)) == [0, 1, 3]
    count = count_board(scene.image, layout13, tall, empty_of(101))
    assert count.ok, count.reason
    assert count.ponds == scene.answer
    assert count.warnings[0] == (
        "marker 2 not read (glare on it, or something lying on it?): the board was placed by "
        "markers 0, 1, 3"
    )


def test_pond3d_a_card_lying_on_a_corner_marker_at_30_degrees(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Seed 103 at 30 degrees, a card's white back over marker 3, hidden whole: the pose from
    three markers' twelve corners reaches the far corner well enough to count every pond."""
    scene = _scene(layout13, tall, 103, tilt=30.0, card_on_marker=3)
    count = count_board(scene.image, layout13, tall, empty_of(103))
    assert count.ok, count.reason
    assert count.ponds == scene.answer
    assert count.warnings[0].startswith("marker 3 not read")


def test_pond3d_glare_on_a_read_marker_is_not_a_brighter_photo(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Seed 100 at 20 degrees, the lamp's glare on a marker still read: its paper is cut at
    white, the rest of the photo is not. Before, the count said "the photo is brighter than
    usual" and judged colours cut at white all over the board; every pond is counted
    exactly, without that warning."""
    scene = _scene(layout13, tall, 100, tilt=20.0, glare=0.85, glare_on_marker=True)
    count = count_board(scene.image, layout13, tall, empty_of(100))
    assert count.ok, count.reason
    assert count.ponds == scene.answer
    assert not [w for w in count.warnings if "brighter than usual" in w], count.warnings
    assert not [w for w in count.warnings if "not read" in w]  # all four markers read


@pytest.mark.parametrize("tone", ["power", "pi"])
def test_pond3d_through_a_cameras_tone_curve(layout13: Any, tall: Any, tone: str) -> None:
    """The light worked in linear light and the picture made by a camera's tone curve, the
    pieces' colours calibrated through it as the owner would (``calibrate colours``). Through
    the power law the Pi camera source now sets, seed 100 at 20 degrees is counted exactly.
    Through the Pi camera's default curve (what the app got before) a pumpkin frog's shaded
    side reads as a cowboy piece; the ponds it gets wrong are named."""
    told, empty = _through(layout13, tall, 100, tone)
    scene = _scene(layout13, tall, 100, tilt=20.0, tone=tone)
    count = count_board(scene.image, layout13, told, empty)
    assert count.ok, count.reason
    wrong = _named_wrong(scene, count)
    if tone == "power":
        assert not wrong, (wrong, count.warnings)


def test_pond3d_an_empty_board_photo_through_another_tone_curve_is_matched(
    layout13: Any, tall: Any
) -> None:
    """Frames and the pieces' colours through the power law, the empty-board photo through
    the Pi camera's default curve (its tuning file not read on that boot). No light's gain
    explains the other contrast: seed 100 at 20 degrees read 3 ponds wrong, every pond warned
    and no warning saying why. The reference is now matched to the frame's contrast, the
    board counted exactly, and the owner told to photograph the empty board (and the colours)
    again."""
    told, _ = _through(layout13, tall, 100, "power")
    board = scene3d.empty_board(layout13, tall, 100, size=SIZE, tone="pi")
    empty, _ = make_empty_board(board, layout13, told, "empty.png")
    scene = _scene(layout13, tall, 100, tilt=20.0, tone="power")
    count = count_board(scene.image, layout13, told, empty)
    _exact(scene, count)
    assert any(
        w.startswith("this photo's contrast is 0.6")
        and "photograph the empty board and the colours again" in w
        for w in count.warnings
    ), count.warnings


def test_pond3d_a_veiled_photo_is_cleared_not_matched_as_another_curve(
    layout13: Any, tall: Any
) -> None:
    """A smudged lens: light 0.1 of white's added evenly over the game's photo (seed 100, 20
    degrees, the power law). It flattens the contrast as another tone curve does, and matched
    as one it left wrong ponds no warning named. Taken out as light, the board is counted
    exactly, and the owner told to clean the lens."""
    told, empty = _through(layout13, tall, 100, "power")
    scene = _scene(layout13, tall, 100, tilt=20.0, tone="power", haze=0.1)
    count = count_board(scene.image, layout13, told, empty)
    _exact(scene, count)
    assert any(w.startswith("the photo is veiled by stray light") for w in count.warnings)
    assert not any("contrast is" in w for w in count.warnings), count.warnings


def test_pond3d_a_colour_matrix_moved_is_taken_out_not_matched_as_another_curve(
    layout13: Any, tall: Any
) -> None:
    """The Pi camera's white balance judged the light at 3610 K for the game's photo and at
    2964 K for the owner's (seed 100, 20 degrees): its colour matrix mixes the channels
    otherwise, and one channel's contrast moves (blue 0.62) while green's does not. Matched as
    another tone curve it read 6 ponds wrong; the mixing measured on the board and taken out,
    at most one, named, and the owner is told why."""
    told, empty = _through(layout13, tall, 100, "ccm")
    scene = _scene(layout13, tall, 100, tilt=20.0, tone="ccm36")
    count = count_board(scene.image, layout13, told, empty)
    assert count.ok, count.reason
    wrong = _wrong(scene, count)
    assert len(wrong) <= 1 and wrong <= set(count.flagged), (wrong, count.warnings)
    assert any(
        w.startswith("this photo's colours are mixed otherwise") and "taken out" in w
        for w in count.warnings
    ), count.warnings
    assert not any("contrast is" in w for w in count.warnings), count.warnings


def _the_other_way_round(layout: Any, pieces: Any, seed: int) -> tuple[Any, Any]:
    """Board ``seed`` at 20 degrees, the owner's photos through the Pi camera's matrix at
    3610 K and the game's at 2964 K (the bench's ``ccmshiftback20``): the scene and its
    count."""
    told, empty = _through(layout, pieces, seed, "ccm36")
    scene = _scene(layout, pieces, seed, tilt=20.0, tone="ccm")
    return scene, count_board(scene.image, layout, told, empty)


def test_pond3d_a_saturating_mixing_is_compared_in_the_frames_colours(
    layout13: Any, tall: Any
) -> None:
    """The other way round: the owner's photos through the Pi camera's matrix at 3610 K, the
    game's at 2964 K (seed 40202, 20 degrees). With the frame's mixing taken out, a red
    frog's green came back at 15 (the colours' photo: 26) and pieces' rims and sides read as
    another faction: a wizard frog in pond S and a pumpkin frog in pond SE that are not
    there, each counted as a stacked frog's side. Compared in the frame's colours (the
    reference and the pieces' colours mixed into them), every pond is right."""
    scene, count = _the_other_way_round(layout13, tall, 40202)
    _exact(scene, count)
    assert any(w.startswith("this photo's colours are mixed otherwise") for w in count.warnings)


def test_pond3d_a_shaded_side_between_two_colours_is_not_a_stacked_frog(
    layout13: Any, tall: Any
) -> None:
    """The other way round again (seed 40015, 20 degrees): the pumpkin pieces' shaded sides
    came back between pumpkin and cowboy, mostly no faction's colour with a few cowboy
    pixels. Grown into the unlabelled pixels beside them, those read as a cowboy frog's
    side under the pumpkin frog, and a cowboy frog that is not there was counted in ponds E
    and NE. A stacked frog's side is labelled in its own colour; these are not counted, and
    the colour left over is still named."""
    scene, count = _the_other_way_round(layout13, tall, 40015)
    _exact(scene, count)
    assert any(w.startswith("pond E: cowboy colour at") for w in count.warnings)


def test_pond3d_with_calibrated_colours_a_side_little_of_its_own_colour_still_counts(
    layout13: Any, tall: Any, empty_of: Callable[[int], EmptyBoard]
) -> None:
    """Board 41225 (3 stacks, 25 degrees, the colours as calibrated): a pumpkin frog under
    another in pond S and a cowboy frog under another in pond W show crescents with little
    of their own colour labelled. Asking that of every side (not only where the pieces'
    colours are put through the camera's mixing) lost both frogs."""
    scene = _scene(layout13, tall, 41225, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, empty_of(41225))
    assert count.ok, count.reason
    for pid in ("S", "W"):
        assert count.ponds[pid] == scene.answer[pid], (pid, count.warnings)


def test_pond3d_three_frogs_end_to_end_read_as_a_long_fwooog_are_named(
    layout13: Any, tall: Any
) -> None:
    """Three wizard frogs end to end, touching (seed 40425, pond NE, 20 degrees, the game's
    photo through the matrix at 3610 K, the owner's at 2964 K): as long as a Long Fwooog
    there, read as one, and no warning named the pond. The base's notches where the frogs
    meet name it now."""
    told, empty = _through(layout13, tall, 40425, "ccm")
    scene = _scene(layout13, tall, 40425, tilt=20.0, tone="ccm36")
    count = count_board(scene.image, layout13, told, empty)
    end = "a Long Fwooog, or three frogs end to end?"
    _doubted(count, "NE", "pond NE: a wizard Long Fwooog", end)


def test_pond3d_a_long_fwooog_split_by_misread_notches_is_named(layout13: Any, tall: Any) -> None:
    """A cowboy Long Fwooog under a warmer lamp than the held white balance's, with glare
    (seed 40226, pond N, 15 degrees): parts of its edge read as no faction's colour, the
    notches split its core in two, and it was counted as a frog and 2 frogs, named by no
    warning. Three frogs end to end would leave two necks (four notches); this row has
    two notches, so the pond is named."""
    from vision.pond.split import ROW_WITHOUT_NECKS

    told, empty = _through(layout13, tall, 40226, "ccm")
    held = {"tone": "ccm", "warm": 0.15, "warm_in_sensor": True}
    scene = _scene(layout13, tall, 40226, tilt=15.0, glare=0.85, **held)
    count = count_board(scene.image, layout13, told, empty)
    _doubted(count, "N", "pond N: ", ROW_WITHOUT_NECKS)


def test_pond3d_frogs_read_as_a_lone_long_fwooog_with_no_room_for_one_are_named(
    layout13: Any, tall: Any
) -> None:
    """Three wizard frogs, one on another (seed 40619, pond W, 25 degrees, 3 stacks): their
    base, 32 mm long and 22 wide, read as a Long Fwooog alone, and no warning named the
    pond. No Long Fwooog's outline fits in that base, so it is named now (the check was
    only made for a Long Fwooog read with frogs in its core)."""
    scene = _scene(layout13, tall, 40619, tilt=25.0, stacks=3)
    count = count_board(scene.image, layout13, tall, _empty(layout13, tall, 40619))
    end = "no Long Fwooog's outline fits in its base: frogs pressed together?"
    _doubted(count, "W", "pond W: a wizard Long Fwooog", end)
    assert count.ponds["W"]["fwooogs"] == ["wizard"] != scene.answer["W"]["fwooogs"]


def test_pond3d_a_lamp_changed_under_a_held_white_balance_is_taken_out_and_a_hand_refused(
    layout13: Any, tall: Any
) -> None:
    """The Pi camera holding the owner's photos' white balance and matrix, a warmer lamp
    since (``camera_model.sensor_light``: blue takes -0.12 of green): the channels' contrasts
    move apart (blue 1.5, red 0.7) with their mean near 1, which the mixing check missed.
    Seed 103 at 20 degrees read 5 ponds wrong (every one warned); the mixing taken out, none.
    Seed 102 with a hand over the map at 15 degrees was counted, 6 ponds wrong; it is
    refused as a hand now."""
    told, empty = _through(layout13, tall, 103, "ccm")
    held = {"tone": "ccm", "warm": 0.15, "warm_in_sensor": True}
    scene = _scene(layout13, tall, 103, tilt=20.0, **held)
    count = count_board(scene.image, layout13, told, empty)
    _exact(scene, count)
    assert any(
        w.startswith("this photo's colours are mixed otherwise")
        and "white balance or the lamp has changed" in w
        for w in count.warnings
    ), count.warnings
    _, empty = _through(layout13, tall, 102, "ccm")
    scene = _scene(layout13, tall, 102, tilt=15.0, hand=True, **held)
    count = count_board(scene.image, layout13, told, empty)
    assert not count.ok and "(a hand or an arm?)" in (count.reason or ""), count.reason


def test_pond3d_a_marker_glare_read_out_of_shape_is_not_a_refused_board(
    layout13: Any, tall: Any
) -> None:
    """Glare worked in linear light on a corner marker (seed 36001, 20 degrees, the power-law
    curve) leaves the marker read but out of shape: the four markers fit to 3.7 mm, and the
    board was refused as "the markers do not fit the layout". The other three place it now,
    and the count names the marker."""
    told, empty = _through(layout13, tall, 36001, "power")
    scene = _scene(layout13, tall, 36001, tilt=20.0, glare=0.85, glare_on_marker=True, tone="power")
    count = count_board(scene.image, layout13, told, empty)
    assert count.ok, count.reason
    assert count.warnings[0].startswith("marker "), count.warnings
    assert "read out of shape (glare on it?)" in count.warnings[0]
    _named_wrong(scene, count)


def test_pond3d_pieces_washed_by_glare_in_linear_light_are_read(layout13: Any, tall: Any) -> None:
    """A lamp's glare added in linear light, the picture made through the power-law curve
    (seeds 106 and 113, 15 degrees, glare 0.85). A frog under it is near the glare's white,
    and the fit ``a * reference + b`` explained it as the water, dimmed, plus white: pond W's
    second cowboy frog and pond IE's wizard frog were lost. With the glare undone in linear
    light, and changes looked for again there, they are counted."""
    for seed, pid in ((106, "W"), (113, "IE")):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, tilt=15.0, glare=0.85, tone="power")
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, count.reason
        assert f"glare near pond {pid}: move the lamp" in count.warnings
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_washed_pieces_are_read_under_the_evenings_glare_too(
    layout13: Any, tall: Any
) -> None:
    """The evening (a warmer light, gain 4, 20 degrees) with the lamp's glare, through the
    power-law curve: the lamp's cast divided out, its glare is white again. Looked for again
    in the glare undone in linear light only without a cast, pond W's second cowboy frog
    (seed 106), pond IW's wizard frog (111) and pond NE's banana and cowboy frogs (112) were
    lost. And another light's glare (seed 37027), where neither white nor that light's
    colour leaves the board clearly nearer the reference's colours: looked for again in the
    light's colour with no margin (``glare_out.CAST_MARGIN``), its washed pieces came out in
    colours no piece has, and the board was refused as a hand. Now the board under the
    glare says it is that light's (``vision.pond.glare_colour``), it is looked for again in
    that colour, and the board is counted."""
    evening = {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85, "tone": "power"}
    for seed, pid, other in (
        (106, "W", False),
        (111, "IW", False),
        (112, "NE", False),
        (37027, "IW", True),
    ):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, glare_other_light=other, **evening)
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        if not other:
            assert f"glare near pond {pid}: move the lamp" in count.warnings
            assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_a_hand_under_the_glare_is_refused(layout13: Any, tall: Any) -> None:
    """A hand over the map with the lamp's glare centred under it, through the power-law
    curve (seed 103, 15 degrees): the glare lies on the board around the hand, which hides
    it. The board is refused as a hand, not counted with the glare taken out. (A guard: the
    code before this session refuses it too; drawn washed by the board's glare, which is not
    physical, this hand was counted.)"""
    told, empty = _through(layout13, tall, 103, "power")
    scene = _scene(
        layout13, tall, 103, tilt=15.0, glare=0.85, tone="power", hand=True, glare_on_hand=True
    )
    count = count_board(scene.image, layout13, told, empty)
    assert not count.ok
    assert "a hand or an arm?" in (count.reason or ""), count.reason


def test_pond3d_cowboy_frogs_under_glare_keep_their_hue(layout13: Any, tall: Any) -> None:
    """The lamp's glare 0.85 through the power-law curve (15 degrees): the white taken out in
    the picture's levels leaves some behind on a red frog's dark channels, which moves its
    colour towards grey, nearer pumpkin's than its own. Pond IW's two cowboy frogs (seed
    126) were read as pumpkin and pond SE's second cowboy frog (114) as pumpkin; read by
    their hue (``vision.pond.glare_hue``), both ponds are exact."""
    for seed, pid in ((126, "IW"), (114, "SE")):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, tilt=15.0, glare=0.85, tone="power")
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert f"glare near pond {pid}: move the lamp" in count.warnings
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_colours_under_another_lights_glare_keep_their_hue_about_its_tint(
    layout13: Any, tall: Any
) -> None:
    """The evening (a warmer light, gain 4, 20 degrees) with another light's glare, through
    the power-law curve: once the cast is divided out that glare is bluish, and what it
    leaves moves colours towards that tint, not towards grey. Read by their hue about grey
    alone, pond IW (seed 106) had a pumpkin Long Fwooog read as two pumpkin frogs, and pond
    NW (111) one cowboy frog and two pumpkin frogs too many; about the tint too, both are
    exact."""
    evening = {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85, "tone": "power"}
    for seed, pid in ((106, "IW"), (111, "NW")):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, glare_other_light=True, **evening)
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_pieces_under_another_lights_glare_are_looked_for_in_its_colour(
    layout13: Any, tall: Any
) -> None:
    """The evening with another light's glare: undone in linear light in that light's
    colour, the board under the glare was not clearly nearer the reference's colours than
    in the picture's levels (``glare_out.CAST_MARGIN``), so the pieces the glare washed out
    were never looked for again: pond F's cowboy frog (seed 38211, the glare in the
    picture's levels) and pond F's banana and pumpkin frogs (38219, through the power-law
    curve) were lost. The board under the glare says whose it is
    (``vision.pond.glare_colour``): looked for again in its colour, both ponds' frogs and
    Long Fwooogs are counted exactly (38219 F's lilypad is given to its pumpkin frog, not
    its banana one; the glare's warning names the pond)."""
    evening = {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85}
    for seed, pid, tone in ((38211, "F", ""), (38219, "F", "power")):
        if tone:
            told, empty = _through(layout13, tall, seed, tone)
        else:
            told, empty = tall, _empty(layout13, tall, seed)
        scene = _scene(layout13, tall, seed, glare_other_light=True, tone=tone, **evening)
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert f"glare near pond {pid}: move the lamp" in count.warnings
        for kind in ("frogs", "fwooogs"):
            assert count.ponds[pid][kind] == scene.answer[pid][kind], (seed, count.ponds[pid])


def test_pond3d_pumpkin_frogs_under_another_lights_glare_keep_their_colour(
    layout13: Any, tall: Any
) -> None:
    """The evening with another light's glare through the power-law curve: the white that
    light's glare added was measured, where a washed frog stands on blue water, in the
    water's darkest channel against the glare's colour, the frog's red, and read about twice
    the glare's; and the frog's colours were read with the board's white taken out in the
    picture's levels. Either way its green and blue were crushed, and a pumpkin frog read
    as cowboy: pond F (seed 107) and pond E (124). Measured in the frame's darkest channel,
    and read in that light's colour where the glare was undone so, both ponds are exact."""
    evening = {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85}
    for seed, pid in ((107, "F"), (124, "E")):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, glare_other_light=True, tone="power", **evening)
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert "pumpkin" in scene.answer[pid]["frogs"]
        assert f"glare near pond {pid}: move the lamp" in count.warnings
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_a_windows_glare_with_no_cast_is_not_a_hand(layout13: Any, tall: Any) -> None:
    """A window's daylight reflected on a board lit, and photographed empty, under the
    calibration's light: the glare is bluish and there is no cast to give its colour, so
    white was taken out and its blue left over, read as a hand (tuning boards 103 and 111
    refused). The glare's own colour is found from it (``glare_tint.own_colour``): both are
    counted, the glare named. A hand under that glare is still refused (102, 114 and 121:
    taken for the glare's colour when the colours tried reached past a light's)."""
    day = {"tilt": 20.0, "glare": 0.85, "glare_tint": (255.0, 236.0, 208.0), "tone": "power"}
    for seed in (103, 111):
        told, empty = _through(layout13, tall, seed, "power")
        count = count_board(_scene(layout13, tall, seed, **day).image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert any(w.startswith("glare near pond") for w in count.warnings), seed
    for seed in (102, 114, 121):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, hand=True, glare_on_hand=True, **day)
        count = count_board(scene.image, layout13, told, empty)
        assert not count.ok and "a hand or an arm?" in (count.reason or ""), seed


def test_pond3d_cowboy_frogs_under_a_windows_glare_keep_their_colour(
    layout13: Any, tall: Any
) -> None:
    """The window's glare's colour fitted in the picture's levels, (1.08, 1, 0.93) for a
    glare of (1.08, 1, 0.88) in linear light, was too blue once taken out in linear light:
    cowboy frogs under it kept no blue and were read as pumpkin (pond IW of board 126: 2
    pumpkin frogs for 2 cowboy; SE of 114: a pumpkin frog for a cowboy one). Fitted in linear
    light, blue and red each free (``glare_tint._in_linear_light``), both ponds are exact."""
    day = {"tilt": 20.0, "glare": 0.85, "glare_tint": (255.0, 236.0, 208.0), "tone": "power"}
    _cowboy_frogs_exact(layout13, tall, ((126, "IW"), (114, "SE")), day)


def _cowboy_frogs_exact(
    layout13: Any, tall: Any, places: tuple[tuple[int, str], ...], kw: dict[str, Any]
) -> None:
    """Each (board, pond) of ``places``, through the power law under ``kw``: counted, holding
    cowboy frogs, and exact."""
    for seed, pid in places:
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, **kw)
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert "cowboy" in scene.answer[pid]["frogs"]
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])


def test_pond3d_a_warm_lamps_glare_is_found_in_linear_light(layout13: Any, tall: Any) -> None:
    """A warm lamp's glare with no cast: its colour in the picture's levels is nearly white
    (u = -0.025), so white was taken out and its red left over, and cowboy frogs under it were
    read as pumpkin (pond IW of board 126: 1 pumpkin frog for 2 cowboy; SW of 108: a pumpkin
    frog for a cowboy one). Found in linear light (``glare_tint.own_colour``), both ponds are
    exact; a hand under that glare is still refused (board 104, given the glare's colour)."""
    warm = {"tilt": 20.0, "glare": 0.85, "glare_tint": (208.0, 236.0, 255.0), "tone": "power"}
    _cowboy_frogs_exact(layout13, tall, ((126, "IW"), (108, "SW")), warm)
    told, empty = _through(layout13, tall, 104, "power")
    scene = _scene(layout13, tall, 104, hand=True, glare_on_hand=True, **warm)
    count = count_board(scene.image, layout13, told, empty)
    assert not count.ok and "a hand or an arm?" in (count.reason or "")


def test_pond3d_a_long_fwooog_under_glare_keeps_its_middle(layout13: Any, tall: Any) -> None:
    """A cowboy Long Fwooog under a warm lamp's glare (board 102, pond NW): its middle, with
    no board within the whitening's average, kept its glare and was read as grey, its rim as
    cowboy, and it was counted as 2 cowboy frogs. The whitening inside a piece is now the
    board's around it, averaged further out (``reference._whitening``): the pond is exact."""
    warm = {"tilt": 20.0, "glare": 0.85, "glare_tint": (208.0, 236.0, 255.0), "tone": "power"}
    told, empty = _through(layout13, tall, 102, "power")
    scene = _scene(layout13, tall, 102, **warm)
    count = count_board(scene.image, layout13, told, empty)
    assert count.ok, count.reason
    assert scene.answer["NW"]["fwooogs"] == ["cowboy"]
    assert count.ponds["NW"] == scene.answer["NW"], count.ponds["NW"]


def test_pond3d_cowboy_frogs_in_the_glares_skirt_keep_their_hue(layout13: Any, tall: Any) -> None:
    """The lamp's glare 0.85 through the power-law curve (15 degrees): around each glare
    patch the board is whitened less than glare (a rise of 12 levels or more), and white is
    taken out there too. Read by their hue within the glare patches alone, a cowboy frog's
    lit side there was read as a pumpkin frog under it: one pumpkin frog too many in pond SW
    (seed 106), pond IS (108) and pond F (118). Read by their hue over the glare's whole
    whitening (``Comparison.glare_whitening``), the three ponds are exact."""
    for seed, pid in ((106, "SW"), (108, "IS"), (118, "F")):
        told, empty = _through(layout13, tall, seed, "power")
        scene = _scene(layout13, tall, seed, tilt=15.0, glare=0.85, tone="power")
        count = count_board(scene.image, layout13, told, empty)
        assert count.ok, (seed, count.reason)
        assert "pumpkin" not in scene.answer[pid]["frogs"]
        assert count.ponds[pid] == scene.answer[pid], (seed, pid, count.ponds[pid])

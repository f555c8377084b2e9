"""A frog counted under a taller frog where its colour shows too (``vision.pond.stacked``).

Every frog here leans along +y (the camera's nadir lies towards -y): the near side of a frog
is towards smaller y. The shipped frogs are 16 x 14 mm.
"""

from __future__ import annotations

from typing import Any

import pytest

from vision.pond import read_pieces_file
from vision.pond.blobs import HIDDEN_SIDE, SIDE_DOUBT
from vision.pond.counted import Counted
from vision.pond.explain import Explained
from vision.pond.found import CountedLilypad, CountedPiece, Hidden
from vision.pond.model import BoardModel, board_model
from vision.pond.reach import MIN_LEAN_MM
from vision.pond.split import TALLER_DOUBT
from vision.pond.stacked import (
    ACROSS,
    FAR_SIDE,
    NEAR_SIDE,
    OWN_COVERS,
    count_own_under,
    count_under,
    hold_lilypads,
    taller,
)
from vision.pond.unexplained import ONE_EXCESS, colour_doubt, covers_words

LEAN_MM = 5.0


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _counted(model: BoardModel, found: list[CountedPiece], lean_mm: float = LEAN_MM) -> Counted:
    lean = (0.0, lean_mm * model.ppm)
    return Counted(found, model, read_pieces_file(), [lean] * len(found))


def _frog(
    faction: str, x: float, y: float, frogs: int = 1, doubt: str | None = None
) -> CountedPiece:
    return CountedPiece("frog", faction, x, y, "F", 1.0, frogs, doubt, 30.0)


def _colour(
    faction: str, x: float, y: float, pond: str = "F", area: float = 0.1
) -> tuple[Hidden, str]:
    words = f"pond {pond}: {faction} colour at ({x:.0f}, {y:.0f}) mm ({area} of a frog's area)"
    return Hidden(pond, faction, x, y, area), words


def _counts(found: list[CountedPiece]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in found:
        out[p.faction] = out.get(p.faction, 0) + p.frogs
    return out


def test_another_factions_colour_on_a_taller_frogs_near_side_is_counted_under_it(
    model: BoardModel,
) -> None:
    found = [_frog("wizard", 100, 100), _frog("banana", 160, 100)]
    tall = {0: ["pond F: the wizard frog at (100, 100) mm casts a shadow 2.0 times"]}
    cue = _colour("pumpkin", 101, 91)
    got = count_under(_counted(model, found), tall, [cue])
    assert _counts(got.found) == {"wizard": 1, "banana": 1, "pumpkin": 1}
    (new,) = got.found[2:]
    assert (new.kind, new.pond, new.x_mm, new.y_mm) == ("frog", "F", 100, 100)
    assert new.doubt is not None and "hidden under the wizard frog" in new.doubt
    assert got.replaced == {cue[1], *tall[0]}
    assert got.found[:2] == found


def test_without_both_signs_nothing_is_counted(model: BoardModel) -> None:
    found = [_frog("wizard", 100, 100)]
    counted = _counted(model, found)
    assert count_under(counted, {}, [_colour("pumpkin", 100, 91)]).found == found
    assert count_under(counted, {0: ["x"]}, []).found == found


def test_colour_only_where_the_frog_under_would_show_is_taken(model: BoardModel) -> None:
    """On the near side, between NEAR_SIDE and FAR_SIDE frog lengths along the lean and
    within ACROSS frog widths of its line; not of its own faction, not in another pond."""
    length, width = read_pieces_file().frog_mm
    found = [_frog("wizard", 100, 100)]
    counted = _counted(model, found)

    def taken(cue: tuple[Hidden, str]) -> bool:
        got = count_under(counted, {0: ["x"]}, [cue])
        assert len(got.found) == 1 + (got.replaced == {"x", cue[1]})
        return len(got.found) == 2

    inside = [(0, -NEAR_SIDE * length - 0.1), (0, -FAR_SIDE * length + 0.1)]
    inside += [(ACROSS * width - 0.1, -10), (-ACROSS * width + 0.1, -10)]
    assert all(taken(_colour("pumpkin", 100 + dx, 100 + dy)) for dx, dy in inside)
    outside = [(0, -NEAR_SIDE * length + 0.1), (0, -FAR_SIDE * length - 0.1), (0, 10)]
    outside += [(ACROSS * width + 0.1, -10)]
    assert not any(taken(_colour("pumpkin", 100 + dx, 100 + dy)) for dx, dy in outside)
    assert not taken(_colour("wizard", 100, 91))
    assert not taken(_colour("pumpkin", 100, 91, pond="NE"))


def test_at_a_small_lean_only_a_band_at_the_foot_is_taken(model: BoardModel) -> None:
    found = [_frog("banana", 100, 100)]
    steep = _counted(model, found, MIN_LEAN_MM - 0.1)
    assert len(count_under(steep, {0: []}, [_colour("wizard", 100, 91)]).found) == 1
    foot = (
        Hidden("F", "wizard", 100, 100, 0.05, at_foot=True),
        "pond F: wizard colour at the foot",
    )
    assert _counts(count_under(steep, {0: []}, [foot]).found) == {"banana": 1, "wizard": 1}
    beside = (Hidden("F", "wizard", 130, 100, 0.05, at_foot=True), "another frog's foot")
    assert len(count_under(steep, {0: []}, [beside]).found) == 1


def test_a_piece_counted_from_its_side_under_the_taller_frog_explains_it(
    model: BoardModel,
) -> None:
    """A banana frog counted from its side beside the taller cowboy frog: what the cowboy frog
    stands on is counted already, and pumpkin colour there (a shaded banana side) is not a
    frog (41922 IS)."""
    found = [
        _frog("cowboy", 273, 422, doubt=TALLER_DOUBT),
        _frog("banana", 278, 418, doubt=SIDE_DOUBT),
    ]
    got = count_under(_counted(model, found), taller(found), [_colour("pumpkin", 274, 414)])
    assert (got.found, got.replaced) == (found, set())


def test_a_taller_mark_read_as_two_frogs_is_one_frog_on_another_only_with_colour_enough(
    model: BoardModel,
) -> None:
    """Two banana frogs of one core, taller than one: one banana frog on a cowboy frog when
    the cowboy colour covers the side check's bar; a sliver less than that is not enough to
    take one banana frog off (two frogs pressed along the line of sight show such slivers)."""
    found = [_frog("banana", 55, 263, frogs=2, doubt=TALLER_DOUBT)]
    assert taller(found) == {0: []}
    side = _colour("cowboy", 56, 255, area=HIDDEN_SIDE)
    got = count_under(_counted(model, found), taller(found), [side])
    assert _counts(got.found) == {"banana": 1, "cowboy": 1}
    assert got.found[0].doubt is None  # the frog counted under it names the pond
    sliver = _colour("cowboy", 56, 255, area=HIDDEN_SIDE - 0.01)
    got = count_under(_counted(model, found), taller(found), [sliver])
    assert (got.found, got.replaced) == (found, set())
    one = [_frog("banana", 55, 263, doubt=TALLER_DOUBT)]  # one frog: a sliver is enough
    assert len(count_under(_counted(model, one), taller(one), [sliver]).found) == 2


def test_each_colour_is_taken_once_and_each_taller_frog_gains_one_frog(
    model: BoardModel,
) -> None:
    found = [_frog("wizard", 100, 100), _frog("banana", 103, 101)]
    one = [_colour("pumpkin", 101, 91)]
    assert _counts(count_under(_counted(model, found), {0: [], 1: []}, one).found) == {
        "wizard": 1,
        "banana": 1,
        "pumpkin": 1,
    }
    # two colours by one frog: the nearer one's faction, and each patch of it is replaced
    cues = [_colour("pumpkin", 100, 94), _colour("cowboy", 100, 90), _colour("pumpkin", 100, 88)]
    got = count_under(_counted(model, found[:1]), {0: []}, cues)
    assert _counts(got.found) == {"wizard": 1, "pumpkin": 1}
    assert got.replaced == {cues[0][1], cues[2][1]}


def test_the_frog_counted_under_a_frog_on_a_lilypad_holds_it(model: BoardModel) -> None:
    """The frog below stands on the lilypad: it holds it. A lilypad another frog holds, or
    one by a taller frog with nothing counted under it, keeps its holder."""
    found = [_frog("banana", 100, 100), _frog("cowboy", 200, 100)]
    counted = _counted(model, found)
    got = count_under(counted, {0: [], 1: []}, [_colour("wizard", 100, 91)])
    assert got.under == [(0, "wizard")]
    pads = [
        CountedLilypad("F", 101, 100, holder="banana"),
        CountedLilypad("F", 200, 101, holder="cowboy"),
        CountedLilypad("F", 300, 100),
    ]
    held = hold_lilypads(pads, got, model)
    assert [p.holder for p in held] == ["wizard", "cowboy", None]
    assert hold_lilypads(pads, count_under(counted, {}, []), model) == pads


def _patch(faction: str, excess: float, pieces: int = 1, pond: str = "F") -> Explained:
    """A patch around (100, 100) holding ``pieces`` pieces, ``excess`` frog areas over them."""
    return Explained(faction, pond, 1.5 + excess, 1.5, pieces, 100, 103, (90, 90, 110, 118))


def test_a_frog_of_its_own_colour_is_counted_under_a_taller_frog_covering_a_lean_more(
    model: BoardModel,
) -> None:
    """A wizard frog on a wizard frog: taller than one, its colour and all that changed
    there each cover a lean more than one frog (the bars: ``ONE_EXCESS`` for its colour,
    ``OWN_COVERS`` for all that changed), each patch holding it alone."""
    found = [_frog("wizard", 100, 100, doubt=TALLER_DOUBT)]
    counted = _counted(model, found)
    first = count_under(counted, taller(found), [])
    both = [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS)]
    got = count_own_under(first, counted, taller(found), both)
    assert _counts(got.found) == {"wizard": 2}
    assert got.found[0].doubt is not None and got.found[0].doubt.startswith("one on the other")
    assert got.under == [(0, "wizard")]
    assert got.replaced == {colour_doubt(both[0])[1], covers_words(both[1])}
    for patches in (
        [_patch("wizard", ONE_EXCESS - 0.01), _patch("", OWN_COVERS)],  # its colour: no more
        [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS - 0.01)],
        [_patch("wizard", ONE_EXCESS + 0.05, pieces=2), _patch("", OWN_COVERS)],
        [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS, pieces=2)],
        [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS, pond="NE")],
    ):
        got = count_own_under(first, counted, taller(found), patches)
        assert (got.found, got.replaced) == (found, set())
    # not taller: nothing counted
    plain = [_frog("wizard", 100, 100)]
    got = count_own_under(count_under(_counted(model, plain), {}, []), counted, {}, both)
    assert got.found == plain


def test_a_frog_paired_with_another_factions_colour_is_not_counted_twice(
    model: BoardModel,
) -> None:
    found = [_frog("wizard", 100, 100, doubt=TALLER_DOUBT)]
    counted = _counted(model, found)
    first = count_under(counted, taller(found), [_colour("pumpkin", 100, 91)])
    both = [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS)]
    got = count_own_under(first, counted, taller(found), both)
    assert _counts(got.found) == {"wizard": 1, "pumpkin": 1}


def test_colour_taken_for_a_frog_under_another_faction_is_not_taken_again(
    model: BoardModel,
) -> None:
    """A wizard patch's extra colour counted as a wizard frog under a taller banana frog
    beside it is not also a wizard frog under the taller wizard frog it holds."""
    found = [_frog("wizard", 100, 100, doubt=TALLER_DOUBT), _frog("banana", 100, 112)]
    counted = _counted(model, found)
    both = [_patch("wizard", ONE_EXCESS + 0.05), _patch("", OWN_COVERS)]
    words = colour_doubt(both[0])[1]
    assert words is not None
    cue = (Hidden("F", "wizard", 100, 103, 0.35), words)
    first = count_under(counted, {0: [], 1: []}, [cue])
    assert first.under == [(1, "wizard")]
    got = count_own_under(first, counted, {0: [], 1: []}, both)
    assert _counts(got.found) == {"wizard": 2, "banana": 1}

"""Camera III, Pond: a camera shaken during the exposure (a bump to its stand), on the
realistic generator (pond_scene3d.py): the photo is smeared along a straight line."""

from __future__ import annotations

from typing import Any

from conftest import scene3d

from vision.pond import count_board
from vision.pond.reference import make_empty_board

SIZE = (2304, 1296)


def _count(layout: Any, pieces: Any, seed: int, **kw: Any) -> tuple[Any, Any]:
    scene = scene3d.make_scene3d(layout, pieces, seed, size=SIZE, **kw)
    empty, _ = make_empty_board(
        scene3d.empty_board(layout, pieces, seed, size=SIZE), layout, pieces, "empty board"
    )
    return scene, count_board(scene.image, layout, pieces, empty)


def test_pond3d_a_photo_shaken_4_mm_is_counted_exactly(layout13: Any, tall: Any) -> None:
    """Seed 302 at 20 degrees, smeared 4 mm on the board: the markers measure it as a blur
    under the focus bar, and every pond is counted exactly."""
    scene, count = _count(layout13, tall, 302, tilt=20.0, shake_mm=4.0)
    assert count.ok, count.reason
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()


def test_pond3d_a_photo_shaken_7_mm_is_refused_as_out_of_focus(layout13: Any, tall: Any) -> None:
    """Seed 302 at 20 degrees, smeared 7 mm (a straight smear L long blurs as a Gaussian of
    sigma L / sqrt(12), 2.0 mm): refused, saying to hold the camera still, not counted."""
    _, count = _count(layout13, tall, 302, tilt=20.0, shake_mm=7.0)
    assert not count.ok
    assert "out of focus" in count.reason and "hold it still" in count.reason, count.reason

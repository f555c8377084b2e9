"""Camera III, Pond, on the realistic generator (pond_scene3d.py): a camera shaken during the
exposure (a bump to its stand; the photo is smeared along a straight line), and a photo in
dim light (the sensor's gain raised, so more noise)."""

from __future__ import annotations

from typing import Any

from conftest import count_scene3d


def test_pond3d_a_photo_shaken_4_mm_is_counted_exactly(layout13: Any, tall: Any) -> None:
    """Seed 302 at 20 degrees, smeared 4 mm on the board: the markers measure it as a blur
    under the focus bar, and every pond is counted exactly."""
    scene, count = count_scene3d(layout13, tall, 302, tilt=20.0, shake_mm=4.0)
    assert count.ok, count.reason
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()


def test_pond3d_a_photo_shaken_7_mm_is_refused_as_out_of_focus(layout13: Any, tall: Any) -> None:
    """Seed 302 at 20 degrees, smeared 7 mm (a straight smear L long blurs as a Gaussian of
    sigma L / sqrt(12), 2.0 mm): refused, saying to hold the camera still, not counted."""
    _, count = count_scene3d(layout13, tall, 302, tilt=20.0, shake_mm=7.0)
    assert not count.ok
    assert "out of focus" in count.reason and "hold it still" in count.reason, count.reason


def test_pond3d_a_dim_photo_is_counted_as_the_lit_one(layout13: Any, tall: Any) -> None:
    """Seed 302 at 20 degrees in dim light: the sensor at four times its gain, so four times
    the noise (the empty-board photo in the usual light). Every pond is counted exactly, with
    the same ponds in doubt as in the usual light."""
    scene, count = count_scene3d(layout13, tall, 302, tilt=20.0, gain=4.0)
    _, lit = count_scene3d(layout13, tall, 302, tilt=20.0)
    assert count.ok, count.reason
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()
    assert sorted(count.flagged) == sorted(lit.flagged)

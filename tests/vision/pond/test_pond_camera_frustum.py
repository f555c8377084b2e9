"""Camera III, Pond, on the realistic generator (pond_scene3d.py): pieces whose sides slope
in (each frog and Long Fwooog a frustum, its top 0.7 of its base's size), and a pieces file
that says so (``top_ratio``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from conftest import count_scene3d


def test_pond3d_pieces_that_slope_in_are_counted_when_the_file_gives_their_top(
    layout13: Any, tall: Any
) -> None:
    """Seed 4 at 30 degrees: counted as prisms, three ponds come out wrong (bases cut short);
    told the top, every pond is counted exactly. (One board: on seed 1 five ponds are wrong
    as prisms and one, W, still is when told; the sets' figures are in docs/pond-camera.md.)"""
    told = dataclasses.replace(tall, top_ratio=0.7)
    scene, count = count_scene3d(layout13, told, 4, tilt=30.0, taper=0.7)
    assert count.ok, count.reason
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()

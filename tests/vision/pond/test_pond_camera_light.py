"""Camera III, Pond: the table's light, on the realistic generator (pond_scene3d.py).

Someone leaning over the table casts a broad, soft shadow across part of the board; a room
lit by a warm lamp on one side and daylight on the other gives the board two colours of
light. The empty-board photo is taken in the calibration light, without either.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from conftest import count_scene3d, scene3d

SIZE = (2304, 1296)


def test_pond3d_a_shadow_of_someone_leaning_over_loses_no_frog(layout13: Any, tall: Any) -> None:
    """Seed 306 at 20 degrees, a shadow half as bright over part of the board: every pond
    counted exactly, with no glare reported. Before, the shadowed wizard frogs (the darkest
    faction) fell under the counter's dark level and were lost: 6 ponds wrong."""
    scene, count = count_scene3d(layout13, tall, 306, tilt=20.0, leaning=0.5)
    assert count.ok, count.reason
    assert (
        scene.image.mean()
        < 0.9 * scene3d.make_scene3d(layout13, tall, 306, size=SIZE, tilt=20.0).image.mean()
    )  # the shadow is there
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()
    assert not [w for w in count.warnings if "glare" in w], count.warnings


def test_pond3d_two_lights_of_different_colour_are_counted(layout13: Any, tall: Any) -> None:
    """Seed 303 at 20 degrees, a warm lamp's light at one side of the board and daylight at
    the other (``warm_gains`` +-0.1): every pond counted exactly."""
    scene, count = count_scene3d(layout13, tall, 303, tilt=20.0, mixed=0.1)
    assert count.ok, count.reason
    plain = scene3d.make_scene3d(layout13, tall, 303, size=SIZE, tilt=20.0).image
    # The light's red/blue against the plain photo's, from one side of the frame to the other.
    rb = [
        np.log((img[..., 2].astype(np.float64) + 8) / (img[..., 0] + 8))
        for img in (scene.image, plain)
    ]
    shift = cv2.blur(rb[0] - rb[1], (65, 65))  # the sensor's noise out, the light's slope kept
    assert np.percentile(shift, 95) - np.percentile(shift, 5) > 0.2
    wrong = {pid for pid, want in scene.answer.items() if count.ponds[pid] != want}
    assert wrong == set()

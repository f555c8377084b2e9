"""The realistic generator itself (pond_scene3d.py): pieces that slope in, and whose light
the glare is. The counter is measured against these scenes, so their geometry and light are
checked here, apart from it."""

from __future__ import annotations

import random
from typing import Any

import cv2
import numpy as np
from conftest import scene3d

cm = scene3d.cm


def _silhouette(pieces: Any, taper: float) -> tuple[np.ndarray, np.ndarray]:
    """A frog 11 mm tall drawn by a camera 400 mm away at 30 degrees, and its base's
    projection: two boolean masks."""
    cam = cm.camera_pose((640, 480), 400.0, 30.0, target_mm=(0.0, 0.0))
    base = scene3d.outline("frog", 0.0, 0.0, 20.0, pieces)
    lamp = np.array([0.5, 0.3, 0.81])
    img = np.zeros((480, 640, 3), np.float32)
    colour = np.array([40.0, 180.0, 220.0])
    scene3d._draw_solid(img, cam, base, 0.0, 11.0, colour, lamp, random.Random(1), None, taper)
    foot = np.zeros((480, 640), np.uint8)
    pts = np.round(cam.project(np.c_[base, np.zeros(len(base))]) * 16).astype(np.int32)
    cv2.fillConvexPoly(foot, pts, 255, cv2.LINE_8, 4)
    return img.sum(axis=2) > 0, foot > 0


def test_a_piece_that_slopes_in_is_drawn_inside_the_prism_and_over_its_base(tall: Any) -> None:
    """A frustum whose top is 0.7 of its base: its picture lies inside the prism's (the
    same base, a smaller top), covers clearly less, and still covers the base's picture
    (its sides rise from the whole base)."""
    prism, foot = _silhouette(tall, 1.0)
    frustum, _ = _silhouette(tall, 0.7)
    assert np.count_nonzero(frustum & ~prism) <= 0.01 * np.count_nonzero(prism)
    assert np.count_nonzero(frustum) < 0.95 * np.count_nonzero(prism)
    assert np.count_nonzero(foot & ~frustum) <= 0.02 * np.count_nonzero(foot)


def test_the_lamps_glare_is_tinted_by_a_warmer_light_and_another_lights_is_not(
    layout13: Any, tall: Any
) -> None:
    """Seed 302 at 15 degrees under a warmer light, with glare: the glare is the lamp's
    light, so it is as warm as the board (red well above blue, beyond what the board's own
    colour gives); glare from another light (``glare_other_light``) stays white in the
    camera."""

    def photo(**kw: Any) -> np.ndarray:
        image = scene3d.make_scene3d(layout13, tall, 302, tilt=15.0, warm=0.15, **kw).image
        return np.asarray(image, np.float32)

    plain = photo()
    lamp = photo(glare=0.85)
    other = photo(glare=0.85, glare_other_light=True)
    spot = (other.mean(axis=2) - plain.mean(axis=2)) > 40
    assert np.count_nonzero(spot) > 2000
    warm_lamp = float((lamp[spot][:, 2] - lamp[spot][:, 0]).mean())
    warm_other = float((other[spot][:, 2] - other[spot][:, 0]).mean())
    assert warm_lamp > warm_other + 10


def test_a_shorter_exposure_darkens_the_photo_and_clips_less_glare(
    layout13: Any, tall: Any
) -> None:
    """Seed 302 at 15 degrees with glare, at the usual exposure and at 0.7 of it (about
    -0.5 EV, the empty-board photo too): the same scene (the same answer), about 0.7 as
    bright where nothing is clipped, and fewer clipped pixels in the glare."""
    usual = scene3d.make_scene3d(layout13, tall, 302, tilt=15.0, glare=0.85)
    short = scene3d.make_scene3d(layout13, tall, 302, tilt=15.0, glare=0.85, exposure=0.7)
    assert short.answer == usual.answer
    a, b = (np.asarray(s.image, np.float32) for s in (usual, short))
    mid = (a.max(axis=2) < 200) & (a.min(axis=2) > 40)
    assert abs(float(b[mid].mean() / a[mid].mean()) - 0.7) < 0.02
    assert np.count_nonzero(b.max(axis=2) >= 254) < 0.2 * np.count_nonzero(a.max(axis=2) >= 254)
    empty = [
        scene3d.empty_board(layout13, tall, 302, size=(2304, 1296), exposure=e) for e in (1.0, 0.7)
    ]
    assert abs(float(empty[1].mean() / empty[0].mean()) - 0.7) < 0.02

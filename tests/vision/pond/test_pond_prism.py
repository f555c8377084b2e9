"""Pieces whose sides slope in (a frustum): the lean the cut takes, and what it leaves."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.pond.prism import frustum_lean, fwooog_shortfall, unsmear


def test_a_frustum_seems_to_lean_by_its_shift_less_what_its_top_lost_at_the_front() -> None:
    assert frustum_lean((3.0, 4.0), 1.0, 7.5) == (3.0, 4.0)  # a prism: its whole lean
    dx, dy = frustum_lean((3.0, 4.0), 0.6, 7.5)  # 5 long, less 0.4 * 7.5 = 3: 2 long
    assert (round(dx, 9), round(dy, 9)) == (1.2, 1.6)
    assert frustum_lean((0.6, 0.8), 0.6, 7.5) == (0.0, 0.0)  # the top within the base


def _frustum_blob(lean: float, top: float) -> tuple[np.ndarray, int]:
    """A frog 16 x 14 mm at 4 px/mm seen leaning ``lean`` mm along x: the hull of its base
    and its top (``top`` of the base's size); and the base's own area in px."""
    ppm, c = 4.0, np.array([100.0, 100.0])
    t = np.linspace(0, 2 * math.pi, 64, endpoint=False)
    base = c + np.c_[8 * ppm * np.cos(t), 7 * ppm * np.sin(t)]
    up = c + (base - c) * top + [lean * ppm, 0.0]
    img = np.zeros((200, 260), np.uint8)
    hull = cv2.convexHull(np.vstack([base, up]).astype(np.float32)).astype(np.int32)
    cv2.fillConvexPoly(img, hull, 255)
    alone = np.zeros_like(img)
    cv2.fillConvexPoly(alone, base.astype(np.int32), 255)
    return img, int(np.count_nonzero(alone))


def test_cutting_a_frustum_by_the_lean_it_seems_to_have_leaves_its_base() -> None:
    """Cut by the prism's whole lean, a frustum at 30 degrees loses over a quarter of its base
    (its sides, as well as its top); cut by ``frustum_lean``, about a tenth (the front of its
    sides still narrows to the top's width), and never more than the base."""
    blob, base = _frustum_blob(6.4, 0.7)
    prism_cut = np.count_nonzero(unsmear(blob, (6.4 * 4, 0.0)))
    dx, dy = frustum_lean((6.4, 0.0), 0.7, 7.5)
    frustum_cut = np.count_nonzero(unsmear(blob, (dx * 4, dy * 4)))
    assert prism_cut < 0.75 * base
    assert 0.85 * base < frustum_cut <= base


def test_a_long_fwooog_along_the_lean_comes_out_of_a_frogs_cut_short_by_its_shortfall() -> None:
    """A Long Fwooog 38 x 14 mm, 10 mm tall, top 0.7, lying along the lean of a frog 11 mm
    tall leaning 6.4 mm (30 degrees): its own lean is 5.82 mm, and its top lost 5.7 mm at
    the front, so its blob reaches 0.12 mm past its bar. A frog's cut (6.4 - 2.25 mm) leaves
    it ``fwooog_shortfall`` short (4.03 mm), to within a pixel (0.25 mm)."""
    ppm, c = 4.0, np.array([150.0, 100.0])
    t = np.linspace(0, 2 * math.pi, 128, endpoint=False)
    u = 12 * np.sign(np.cos(t)) + 7 * np.cos(t)  # a stadium: half length 19, half width 7
    base = c + np.c_[u, 7 * np.sin(t)] * ppm
    lean_fw = 6.4 * 10 / 11
    top = c + (base - c) * 0.7 + [lean_fw * ppm, 0.0]
    img = np.zeros((200, 320), np.uint8)
    hull = cv2.convexHull(np.vstack([base, top]).astype(np.float32))
    cv2.fillConvexPoly(img, np.round(hull).astype(np.int32), 255)
    cut, _ = frustum_lean((6.4, 0.0), 0.7, 7.5)
    xs = np.nonzero(unsmear(img, (cut * ppm, 0.0)).any(axis=0))[0]
    length = (xs.max() - xs.min() + 1) / ppm
    short = fwooog_shortfall(cut, 0.7, 7.5, 19.0, 10 / 11)
    assert math.isclose(short, cut - (lean_fw - 0.3 * 19), abs_tol=1e-9)
    assert abs((38 - length) - short) <= 0.25
    assert fwooog_shortfall(cut, 1.0, 7.5, 19.0, 10 / 11) == 0.0  # prisms: as before
    assert fwooog_shortfall(0.0, 0.7, 7.5, 19.0, 10 / 11) == 0.0  # near the nadir

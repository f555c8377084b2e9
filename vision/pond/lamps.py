"""Two lamps: where each one's shadows fall.

Under one lamp every piece's shadow falls the same way (``vision.pond.shadow``). Under two
lamps of about equal strength, on two sides of the table, each piece casts two shadows, and
each is only about half as deep (the other lamp still lights it): too faint for the shadow
``vision.pond.shadow`` looks for, and the mean pull of a frog's shadow points between them.

So the shadow is looked for again, fainter (``FAINT``). Around each lone frog, the directions
from its centre to its shadow pixels (those nearer it than any other piece) go into a
histogram, each frog's scaled to weigh the same. Two clear peaks, the second at least
``SECOND`` of the first, at least ``APART_DEG`` away from it, and a valley between them
(``VALLEY``), are two lamps. Each peak's
direction is the mean of each frog's pull towards its shadow pixels within ``PEAK_DEG`` of
it (weighted by their number). Under one
lamp the second peak is at most about 0.2 of the first (measured), and nothing changes.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel

#: A pixel this much darker than the light around it (ratio) may be one of two lamps' shadow.
FAINT = 0.9
#: The histogram of shadow directions: bins around the circle.
BINS = 36
#: The second peak must hold this share of the first...
SECOND = 0.4
#: ...and lie at least this far (degrees) from it.
APART_DEG = 60.0
#: ...with a valley between them at most this share of the second (a single lamp's shadows
#: can spread in a broad shoulder: no valley).
VALLEY = 0.6
#: A peak's direction: each frog's pull towards its shadow pixels within this (degrees) of
#: the peak, as ``vision.pond.shadow.lamp_direction`` finds one lamp's.
PEAK_DEG = 45.0


def own_shadow(
    shadow: npt.NDArray[np.bool_], centres: npt.NDArray[np.float64], i: int, r: int
) -> npt.NDArray[np.float64] | None:
    """Frog ``i``'s shadow pixels (x, y raster px): within ``r`` of its centre and nearer it
    than any other piece's centre. None: fewer than 20."""
    h, w = shadow.shape
    cx, cy = (int(v) for v in centres[i])
    x0, y0, x1, y1 = max(cx - r, 0), max(cy - r, 0), min(cx + r + 1, w), min(cy + r + 1, h)
    ys, xs = np.nonzero(shadow[y0:y1, x0:x1])
    if len(xs) < 20:
        return None
    pts = np.c_[xs + x0, ys + y0].astype(np.float64)
    near = np.flatnonzero(np.abs(centres - centres[i]).max(axis=1) <= 2 * r)
    dist = np.linalg.norm(pts[:, None, :] - centres[None, near, :], axis=2)
    me = int(np.flatnonzero(near == i)[0])
    mine = pts[(dist.argmin(axis=1) == me) & (dist[:, me] <= r)]
    return mine if len(mine) >= 20 else None


def two_lamps(
    faint: npt.NDArray[np.bool_],
    found: list[CountedPiece],
    lone: list[int],
    model: BoardModel,
    near_mm: float,
    min_frogs: int,
) -> list[npt.NDArray[np.float64]] | None:
    """Where each of two lamps' shadows fall (two unit vectors in the raster, the stronger
    peak first), or None (one lamp, or too few shadows to tell). ``faint``: the shadow
    looked for at ``FAINT``; ``lone``: the lone frogs (``vision.pond.reach.lone_frogs``),
    of which at least ``min_frogs`` must show shadow (20 pixels) within ``near_mm``."""
    centres = np.array([[q.x_mm, q.y_mm] for q in found], np.float64) * model.ppm
    r = round(near_mm * model.ppm)
    offsets = []
    for i in lone:
        mine = own_shadow(faint, centres, i, r)
        if mine is not None:
            offsets.append(mine - centres[i])
    if len(offsets) < min_frogs:
        return None
    angles = [np.arctan2(v[:, 1], v[:, 0]) for v in offsets]
    a = np.concatenate(angles)
    wt = np.concatenate([np.full(len(v), 1.0 / len(v)) for v in offsets])
    k = ((a + math.pi) / (2 * math.pi) * BINS).astype(np.int64) % BINS
    raw = np.bincount(k, wt, BINS).astype(np.float64)
    hist = (np.roll(raw, 1) + raw + np.roll(raw, -1)) / 3
    first = int(np.argmax(hist))
    apart = np.abs((np.arange(BINS) - first + BINS // 2) % BINS - BINS // 2) * 360 / BINS
    peak = (hist >= np.roll(hist, 1)) & (hist >= np.roll(hist, -1)) & (apart >= APART_DEG)
    if not peak.any():
        return None
    second = int(np.argmax(np.where(peak, hist, -1.0)))
    if hist[second] < SECOND * hist[first]:
        return None
    # The bins strictly between the two peaks, the short way round.
    step = 1 if (second - first) % BINS <= BINS // 2 else -1
    between = [(first + step * j) % BINS for j in range(1, (step * (second - first)) % BINS)]
    if not between or hist[between].min() > VALLEY * hist[second]:
        return None  # one broad spread of shadow, not two lamps
    out = []
    for b in (first, second):
        # Each frog's pull towards its shadow pixels near the peak, as ``lamp_direction``.
        centre = (b + 0.5) * 2 * math.pi / BINS - math.pi
        pulls = np.zeros(2)
        for v, ang in zip(offsets, angles, strict=True):
            near = np.abs((ang - centre + math.pi) % (2 * math.pi) - math.pi)
            mine = v[near <= math.radians(PEAK_DEG)]
            if len(mine):
                pull = mine.mean(axis=0)
                pulls += pull / max(float(np.hypot(*pull)), 1e-9) * len(mine)
        size = float(np.hypot(*pulls))
        if size == 0:
            return None
        out.append(np.asarray(pulls / size, np.float64))
    return out

"""Does a Long Fwooog fit inside a base read as one? (``vision.pond.split``)

Frogs of one faction pressed together (three in a Y, four in a block, three in a bent row)
can leave a single erosion core, whose area reads as a Long Fwooog with a frog or two
pressed on it. Were a Long Fwooog there, its own footprint would lie inside the base;
frogs' necks and bends leave no straight stretch that long and that wide. The footprint is
shrunk a little first (the outline's noise), then slid over the base at every angle: the
best place's share inside is the measure.

A base read as a Long Fwooog and k frogs is also asked where the frogs are
(``frogs_beside``): with the Long Fwooog's outline placed where it fits, each frog's footprint
must lie in what is left. A row of frogs of one colour with a frog on one of them has a Long
Fwooog's and a frog's area, but leaves only slivers beside any Long Fwooog placed in it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.model import BoardModel, bar_mask

#: mm taken off each side of a Long Fwooog's footprint before it is fitted.
FIT_SHRINK_MM = 1.0
#: Below this share of the shrunk footprint inside the base (best place and angle), no Long
#: Fwooog fits. On the tuning seeds it alone named 1 of 758 right ponds at 30 degrees and 1
#: of 765 with frogs straddling the edges, none elsewhere; the six misses it was made for
#: reach 0.94-0.98 (fresh figures in docs/pond-camera.md).
FIT_SHARE = 0.99
ANGLE_STEP = 5
#: The Long Fwooog's (shrunk) outline is placed, for ``frogs_beside``, at each angle where
#: this share of it fits (a little under ``FIT_SHARE``: the best angle for the frogs may
#: not be the outline's very best).
PLACE_SHARE = 0.97
#: mm off the radius of a disc of a frog's area before it is fitted beside a Long Fwooog.
BESIDE_SHRINK_MM = 0.5
#: Below this share of that disc inside what the Long Fwooog's outline leaves of the base, a
#: frog read beside it has no room there (``frogs_beside``). On 40800-40829 with three stacks
#: at 25 degrees, two rows of frogs with a frog on one read as a Long Fwooog and a frog
#: reached 0.80 and 0.85. Right readings with no other doubt, there and on 41400-41429 with
#: stacks and at 30 degrees: a Long Fwooog and a frog 0.90 or more; with two frogs, two at
#: 30 degrees reached 0.88 and 0.89 (so are named). Fresh figures in docs/pond-camera.md.
BESIDE_SHARE = 0.9

_KERNELS: dict[tuple[float, float, float], list[npt.NDArray[np.float32]]] = {}


def fwooog_fit(
    region: npt.NDArray[np.bool_],
    model: BoardModel,
    enough: float = 1.0,
    axis: float = 0.0,
    short: float = 0.0,
) -> float:
    """The largest share of a (shrunk) Long Fwooog's outline lying inside ``region``, over
    every place and every ``ANGLE_STEP`` degrees; the search stops at the first angle where
    the share reaches ``enough``, trying first the angles nearest ``axis`` (degrees: the
    base's long axis, where a Long Fwooog most likely lies; only the order depends on it).
    ``short``: mm off the outline's length (a Long Fwooog the cut shortened, ``split``).

    (Places are tried only over the base's own box: a bar centred outside it has at least
    half of itself outside.)"""
    base = region.astype(np.float32)
    best = 0.0
    for k in _by_nearness(_kernels(model, short), axis):
        best = max(best, float(cv2.filter2D(base, -1, k, borderType=cv2.BORDER_CONSTANT).max()))
        if best >= enough:
            break
    return best


def _by_nearness(
    kernels: list[npt.NDArray[np.float32]], axis: float
) -> list[npt.NDArray[np.float32]]:
    """The kernels (one every ``ANGLE_STEP`` degrees from 0) nearest ``axis`` first."""

    def off(i: int) -> float:
        d = abs(i * ANGLE_STEP - axis) % 180.0
        return min(d, 180.0 - d)

    return [kernels[i] for i in sorted(range(len(kernels)), key=off)]


def _kernels(model: BoardModel, short: float = 0.0) -> list[npt.NDArray[np.float32]]:
    """The shrunk footprint at every angle, each summing to 1 (cached per scale and size)."""
    length, width = _fwooog_size(model, short)
    key = (model.ppm, length, width)
    if key not in _KERNELS:
        size = (length - 2 * FIT_SHRINK_MM, width - 2 * FIT_SHRINK_MM)
        out = []
        for angle in range(0, 180, ANGLE_STEP):
            bar = (bar_mask(size, model.ppm, angle) > 0).astype(np.float32)
            out.append(bar / float(bar.sum()))
        if len(_KERNELS) > 8:
            _KERNELS.clear()
        _KERNELS[key] = out
    return _KERNELS[key]


def _fwooog_size(model: BoardModel, short: float) -> tuple[float, float]:
    """A Long Fwooog's length ``short`` mm less (in half-mm steps: a small kernel cache, never
    under its width) and its width."""
    length, width = model.fwooog_mm
    return max(width, length - round(short * 2) / 2), width


def frogs_beside(
    region: npt.NDArray[np.bool_], model: BoardModel, frogs: int, short: float = 0.0
) -> float:
    """How well ``frogs`` frogs fit beside a Long Fwooog in ``region``: the Long Fwooog's
    outline (``short`` mm shorter) is placed at each angle where its shrunk footprint fits
    (share ``PLACE_SHARE`` or more, at its best place), then discs of a frog's area less
    ``BESIDE_SHRINK_MM`` are fitted one by one in what is left; the smallest disc's share
    inside, at the best of those places (0 when no Long Fwooog fits at all)."""
    base = region.astype(np.float32)
    outline = _fwooog_size(model, short)
    disc = _frog_disc(model)
    r = disc.shape[0] // 2
    best = 0.0
    for i, k in enumerate(_kernels(model, short)):
        fit = cv2.filter2D(base, -1, k, borderType=cv2.BORDER_CONSTANT)
        if float(fit.max()) < PLACE_SHARE:
            continue
        y, x = np.unravel_index(int(np.argmax(fit)), fit.shape)
        left = base.copy()
        _paste_off(left, bar_mask(outline, model.ppm, i * ANGLE_STEP), int(x), int(y))
        worst = 1.0
        for _ in range(frogs):
            share = cv2.filter2D(left, -1, disc, borderType=cv2.BORDER_CONSTANT)
            worst = min(worst, float(share.max()))
            fy, fx = np.unravel_index(int(np.argmax(share)), share.shape)
            cv2.circle(left, (int(fx), int(fy)), r, 0.0, -1)  # the disc's own pixels
        best = max(best, worst)
        if best >= BESIDE_SHARE:
            break
    return best


def _frog_disc(model: BoardModel) -> npt.NDArray[np.float32]:
    """A disc of a frog's area, ``BESIDE_SHRINK_MM`` less in radius, summing to 1."""
    r_mm = math.sqrt(model.frog_mm[0] * model.frog_mm[1]) / 2 - BESIDE_SHRINK_MM
    r = max(1, round(r_mm * model.ppm))
    disc = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    cv2.circle(disc, (r, r), r, 1.0, -1)
    return disc / float(disc.sum())


def _paste_off(img: npt.NDArray[np.float32], shape: npt.NDArray[np.uint8], x: int, y: int) -> None:
    """Clear ``img`` under ``shape`` (0/255, square: a Long Fwooog's outline) centred at
    (``x``, ``y``), clipped."""
    h = shape.shape[0] // 2
    y0, x0 = y - h, x - h
    sy0, sx0 = max(0, -y0), max(0, -x0)
    y1 = min(img.shape[0], y0 + shape.shape[0])
    x1 = min(img.shape[1], x0 + shape.shape[1])
    if y1 <= max(0, y0) or x1 <= max(0, x0):
        return
    part = shape[sy0 : sy0 + y1 - max(0, y0), sx0 : sx0 + x1 - max(0, x0)] > 0
    img[max(0, y0) : y1, max(0, x0) : x1][part] = 0.0

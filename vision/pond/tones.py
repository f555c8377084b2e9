"""The frame's contrast against the empty-board photo's: another tone curve, or a veil of light.

The comparison (``vision.pond.reference``) explains each frame pixel as the reference's times
a light's gain (and a glare's white). That holds when both photos went through the same tone
curve. An empty-board photo taken through another one (the camera's own default curve on a
boot where its tuning file could not be read, an older version of the app, another camera
given to ``scan pond --empty-board``) has another contrast at every level, which no gain
explains: the board's art itself is left over as change. Through the Pi camera's default
curve against frames through the power law, tuning boards 100-129 at 20 degrees read 1,398
exact pairs of 1,560 (89.6%), every pond warned, not one warning saying why.

The contrast is measured where the light is the same in both photos: within windows of
``WINDOW_MM`` of textured board (both rasters smoothed over ``SMOOTH_MM`` first, so the two
photos' different sharpness and noise do not count), the spread of the frame's log levels
over the reference's, per channel; its median over the board. A light's gain, its fall-off,
a shadow over part of the board or a warmer lamp leave it at 1: the three channels'
geometric mean read 0.94-1.02 over 840 fresh photos (boards 39600-39629) of 28 conditions
whose two photos share a curve (tilts to 30 degrees, glare of four colours, lens shading, a
flickering lamp, hands). The Pi camera's default curve for the empty-board photo against the
power law for the frame gave 0.62-0.68, the other way round 1.46-1.54.

Light added evenly over the frame (veiling glare: a smudged lens, a lamp shining into it)
flattens the frame's contrast too, most in the dark channels. Matched as another curve, the
pieces' colours stayed veiled and were misread with no warning naming their ponds (tuning
100-129 under a veil of 0.1 of white's: 71.7% exact, 23 wrong ponds unnamed; 53.2%, every
pond warned, before any of this). So where the frame is the flatter, the veil is looked for
first (``cleared``): in linear light, within each window, the frame as ``a x reference +
b``, the least channel's median ``b``, refined by halving to where the contrast with it
taken out is 1. Where every channel then lies within ``VEIL_FIT`` of 1, it was a veil: it is
taken out of the frame, pieces and board alike, and the owner told to clean the lens
(tuning: 99.62% under a veil of 0.1). Another curve leaves the channels apart (the Pi's
curve against the power law: 0.82 and 1.27 at best), and is matched as below.

Where it is further from 1 than ``MISMATCH`` and no colour mixing explains it (below), the
reference's levels are mapped to the frame's contrast (``matched``: a power per channel
about the markers' paper, which keeps its level, so the exposure's gains are the same), and
the owner is told to photograph the empty board and the colours again. Which of the photos
changed is not known: the pieces' colours, calibrated through one curve or the other, are
left as they are (the game through the Pi's curve with the colours and the empty board
through the power law: tuning 100-129 at 20 degrees read 92.8%, against 96.2% with all three
through the Pi's curve, every board warned).

Where the channels' contrasts lie further apart than any curve's (``channels_apart``,
``CURVE_SPREAD``), whatever their mean, the colours are mixed otherwise: the camera's colour
matrix moved with its white balance (one channel's contrast moved, the others hardly), or a
lamp changed while the camera held its white balance (blue's and red's moved apart, their
mean near 1: 1.46-1.52, 0.95-0.97 and 0.67-0.69 on boards 40000-40003, which the mean alone
missed). The mixing is measured on the board and taken out of the frame
(``vision.pond.mixing``, in ``reference.compare``); matched as a curve it had cost 7 points
(boards 39700-39729 at 20 degrees, 92.1% exact). Only where the mixing cannot be measured,
or taking it out does not bring the contrast nearer, is the frame matched as a curve when
its mean is off, as before. The channels of photos through one camera, its white balance
unmoved, lay within 0.03 of each other (63 photos of 21 conditions, boards 40050-40052:
tilts, glare, casts, stacks, hands, the colour matrix, dim light), another curve's within
0.10, a veil's within 0.29 (it is taken out first).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest, darkest
from vision.cvarrays import f32
from vision.pond.model import BoardModel
from vision.pond.power_law import encoded, linear

#: Both rasters smoothed over this (mm, the Gaussian's sigma) before the contrast is measured.
SMOOTH_MM = 1.5
#: The contrast is measured in windows this wide (mm)...
WINDOW_MM = 15.0
#: ...of board with at least this much texture (variance of the reference's log level).
TEXTURE = 0.01
#: ...and told only where at least this many such windows (each a pixel of the sample) are seen.
LEAST_WINDOWS = 2000
#: A contrast this far from 1 (log, the three channels' mean) is another tone curve.
MISMATCH = 0.2
#: Three channels' contrasts this far apart (log), whatever their mean, are no tone curve but
#: a colour mixing (``channels_apart``): a curve works on each channel alike (the Pi camera's
#: default curve against the power law: 0.62-0.70, or 1.39-1.59, a spread of at most 0.14).
#: The camera's colour matrix moved (its white balance judged the light otherwise) changes one
#: channel's contrast and hardly another's (2964 K against 3610 K: blue 0.61-0.63, green
#: 1.01-1.05, red 0.73-0.75; a spread of 0.5 and more), and matched as a curve it cost 7 points.
CURVE_SPREAD = 0.3
#: The level kept where the layout has no markers' paper to keep.
ANCHOR = 230.0
#: The sample's step (raster px), as in ``reference.compare``.
STEP = 3
#: Veiling light (linear levels, 0-255) under this is not looked at...
LEAST_VEIL = 3.0
#: ...and over it, taken for the veil only where taking it out leaves every channel's
#: contrast within this (log) of the reference's.
VEIL_FIT = 0.1
#: The veil is measured in windows of reference light varied at least this much (linear
#: levels, variance)...
VEIL_TEXTURE = 4.0
#: ...then refined, within twice that first measure, by this many halvings to where the
#: contrast, taken out, is the reference's.
VEIL_STEPS = 6

#: A raster's levels: as taken (uint8), or as numbers to work on (float32).
Levels = npt.NDArray[np.uint8] | npt.NDArray[np.float32]


def contrast(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], model: BoardModel
) -> npt.NDArray[np.float64] | None:
    """The frame's contrast over the reference's (B, G, R; 1: the same tone curve): the
    module docstring. None where too little textured board is seen to tell."""
    return _contrast(shrunk(f), shrunk(r), model)


def shrunk(f: Levels) -> npt.NDArray[np.float32]:
    """``f`` averaged over STEP x STEP px: the size the contrast and the veil are judged at."""
    h, w = f.shape[:2]
    out: npt.NDArray[np.float32] = cv2.resize(
        f.astype(np.float32, copy=False), (w // STEP, h // STEP), interpolation=cv2.INTER_AREA
    ).astype(np.float32)
    return out


def _contrast(
    fs: npt.NDArray[np.float32], rs: npt.NDArray[np.float32], model: BoardModel
) -> npt.NDArray[np.float64] | None:
    """``contrast`` of the two rasters ``shrunk``."""
    fb, rb = smoothed(fs, model), smoothed(rs, model)
    ok = (darkest(fb) > 12) & (darkest(rb) > 12) & (brightest(fb) < 250) & (brightest(rb) < 250)
    ok &= off_markers(fs, model)
    mean, full = windows(ok, model)
    out = np.ones(3)
    for c in range(3):
        x = np.where(ok, np.log(rb[..., c] + 4.0), 0.0).astype(np.float32)
        y = np.where(ok, np.log(fb[..., c] + 4.0), 0.0).astype(np.float32)
        mx, my = mean(x), mean(y)
        vx = mean(x * x) - mx * mx
        vy = mean(y * y) - my * my
        use = full & (vx > TEXTURE)
        if np.count_nonzero(use) < LEAST_WINDOWS:
            return None
        out[c] = float(np.median(np.sqrt(np.maximum(vy[use], 0.0) / vx[use])))
    return out


def smoothed(fs: npt.NDArray[np.float32], model: BoardModel) -> npt.NDArray[np.float32]:
    """A ``shrunk`` raster smoothed over ``SMOOTH_MM`` in all (the two photos' own noise and
    sharpness do not count). The average over STEP x STEP px is about STEP / 3.5 px of a
    Gaussian's sigma; the rest is smoothed at this size: a tenth of the time of a blur at
    full size."""
    sigma = float(np.sqrt(max((SMOOTH_MM * model.ppm) ** 2 - STEP**2 / 12, 0.25))) / STEP
    return f32(cv2.GaussianBlur(fs, (0, 0), sigma))


def off_markers(fs: npt.NDArray[np.float32], model: BoardModel) -> npt.NDArray[np.bool_]:
    """The pixels of a ``shrunk`` raster outside the marker zones."""
    h, w = fs.shape[:2]
    zone = cv2.resize(model.marker_zone.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    out: npt.NDArray[np.bool_] = zone == 0
    return out


def windows(
    ok: npt.NDArray[np.bool_], model: BoardModel
) -> tuple[Callable[[npt.NDArray[np.float32]], npt.NDArray[np.float32]], npt.NDArray[np.bool_]]:
    """Over each ``WINDOW_MM`` window of a ``shrunk`` raster: the mean of a value over its
    ``ok`` pixels (the value 0 elsewhere), and whether 0.8 of the window is ``ok``."""
    k = max(3, round(WINDOW_MM * model.ppm / STEP)) | 1
    share = cv2.blur(ok.astype(np.float32), (k, k))
    n = np.maximum(share, 1e-6)

    def mean(v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = (cv2.blur(v, (k, k)) / n).astype(np.float32, copy=False)
        return out

    return mean, share > 0.8


def log_mean(ratio: npt.NDArray[np.float64]) -> float:
    """``contrast``'s answer as one figure: the mean of its three channels' logs."""
    return float(np.log(ratio).mean())


def mismatched(ratio: npt.NDArray[np.float64] | None) -> bool:
    """Is ``contrast``'s answer further from 1 than the same camera's (``MISMATCH``)?"""
    return ratio is not None and abs(log_mean(ratio)) > MISMATCH


def channels_apart(ratio: npt.NDArray[np.float64] | None) -> bool:
    """Do ``contrast``'s three channels lie further apart than another tone curve's
    (``CURVE_SPREAD``), whatever their mean: the colours mixed otherwise (the camera's colour
    matrix moved, or a lamp changed while the camera held its white balance)?"""
    return ratio is not None and float(np.ptp(np.log(ratio))) >= CURVE_SPREAD


def matched(
    r: npt.NDArray[np.float32], ratio: npt.NDArray[np.float64], anchor: float
) -> npt.NDArray[np.float32]:
    """The reference ``r`` with each channel's contrast scaled by ``ratio`` (a power of its
    level plus 4), ``anchor`` (the markers' paper, grey) kept where it is."""
    a = np.log(anchor + 4.0)
    out = np.exp(a + ratio.astype(np.float32) * (np.log(r + 4.0) - a)) - 4.0
    res: npt.NDArray[np.float32] = np.clip(out, 0.0, 255.0).astype(np.float32)
    return res


def veil(fs: npt.NDArray[np.float32], rs: npt.NDArray[np.float32], model: BoardModel) -> float:
    """Light added evenly over the frame (linear levels, 0-255), from the frame and the
    reference ``shrunk``: a smudged lens or a lamp shining into it. In linear light (the
    power law undone) each window of ``WINDOW_MM`` is fitted as ``a x reference + b``; ``b``
    is 0 where only the light's gain differs, and the veil where light is added everywhere
    alike. Its median over the windows, the least of the three channels' (a veil is white)."""
    fl, rl = linear(fs), linear(rs)
    ok = off_markers(fs, model) & (brightest(fl) < 240) & (brightest(rl) < 240)
    mean, full = windows(ok, model)
    least = float("inf")
    for c in range(3):
        x = np.where(ok, rl[..., c], 0.0).astype(np.float32)
        y = np.where(ok, fl[..., c], 0.0).astype(np.float32)
        mx, my = mean(x), mean(y)
        vx = mean(x * x) - mx * mx
        cxy = mean(x * y) - mx * my
        use = full & (vx > VEIL_TEXTURE)
        if np.count_nonzero(use) < LEAST_WINDOWS:
            return 0.0
        a = cxy[use] / vx[use]
        least = min(least, float(np.median(my[use] - a * mx[use])))
    return least


def unveiled(f: Levels, amount: float) -> npt.NDArray[np.float32]:
    """The frame ``f`` with ``amount`` (linear levels) of light taken out evenly. A frame as
    taken (uint8) goes through a table of its 256 levels: the same values, in about a
    hundredth of the time of the powers over every pixel."""
    if f.dtype == np.uint8:
        table = unveiled(np.arange(256, dtype=np.float32), amount)
        return f32(cv2.LUT(f, table))
    return _unveiled(linear(np.minimum(f, 255.0)), amount)


def _unveiled(lin: npt.NDArray[np.float32], amount: float) -> npt.NDArray[np.float32]:
    """``unveiled`` of a frame already in linear light."""
    out: npt.NDArray[np.float32] = encoded(lin - np.float32(amount))
    return out


def cleared(
    f: Levels, r: npt.NDArray[np.float32], model: BoardModel
) -> tuple[float, npt.NDArray[np.float32], npt.NDArray[np.float64]] | None:
    """The veil over ``f`` (``veil``), refined so that the frame with it taken out has the
    reference's contrast (the three channels' geometric mean, halving between none and twice
    the first measure), with that frame and its contrast; None where there is too little
    veil to look at, or the contrast cannot be told. ``f`` as taken (uint8) is quickest."""
    fs, rs = shrunk(f), shrunk(r)
    first = veil(fs, rs, model)
    if first <= LEAST_VEIL:
        return None
    lin = linear(np.minimum(fs, 255.0))
    low, high = 0.0, 2.0 * first
    best: tuple[float, npt.NDArray[np.float64]] | None = None
    for _ in range(VEIL_STEPS):
        mid = (low + high) / 2
        ratio = _contrast(_unveiled(lin, mid), rs, model)  # judged at the shrunk size
        if ratio is None:
            return None
        if best is None or abs(log_mean(ratio)) < abs(log_mean(best[1])):
            best = (mid, ratio)
        if log_mean(ratio) < 0:
            low = mid
        else:
            high = mid
    assert best is not None  # VEIL_STEPS > 0
    return best[0], unveiled(f, best[0]), best[1]

"""The empty-board photo's tones against the frame's: the same camera settings, or not.

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

Where it is further from 1 than ``MISMATCH``, the reference's levels are mapped to the
frame's contrast (``matched``: a power per channel about the markers' paper, which keeps its
level, so the exposure's gains are the same), and the owner is told to photograph the empty
board and the colours again. Which of the photos changed is not known: the pieces' colours,
calibrated through one curve or the other, are left as they are (the game through the Pi's
curve with the colours and the empty board through the power law: tuning 100-129 at 20
degrees read 92.8%, against 96.2% with all three through the Pi's curve, every board warned).
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest, darkest
from vision.pond.model import BoardModel

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
#: The level kept where the layout has no markers' paper to keep.
ANCHOR = 230.0
#: The sample's step (raster px), as in ``reference.compare``.
STEP = 3


def contrast(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], model: BoardModel
) -> npt.NDArray[np.float64] | None:
    """The frame's contrast over the reference's (B, G, R; 1: the same tone curve): the
    module docstring. None where too little textured board is seen to tell."""
    # Averaged over STEP x STEP px (about STEP / 3.5 px of a Gaussian's sigma), then smoothed
    # by the rest of SMOOTH_MM at that size: a tenth of the time of a blur at full size.
    h, w = f.shape[:2]
    small = (w // STEP, h // STEP)
    sigma = float(np.sqrt(max((SMOOTH_MM * model.ppm) ** 2 - STEP**2 / 12, 0.25))) / STEP
    fb = cv2.GaussianBlur(cv2.resize(f, small, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    rb = cv2.GaussianBlur(cv2.resize(r, small, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    zone = cv2.resize(model.marker_zone.astype(np.uint8), small, interpolation=cv2.INTER_NEAREST)
    ok = (darkest(fb) > 12) & (darkest(rb) > 12) & (brightest(fb) < 250) & (brightest(rb) < 250)
    ok &= zone == 0
    k = max(3, round(WINDOW_MM * model.ppm / STEP)) | 1
    share = cv2.blur(ok.astype(np.float32), (k, k))
    full = share > 0.8
    out = np.ones(3)
    for c in range(3):
        x = np.where(ok, np.log(rb[..., c] + 4.0), 0.0).astype(np.float32)
        y = np.where(ok, np.log(fb[..., c] + 4.0), 0.0).astype(np.float32)
        n = np.maximum(share, 1e-6)
        mx, my = cv2.blur(x, (k, k)) / n, cv2.blur(y, (k, k)) / n
        vx = cv2.blur(x * x, (k, k)) / n - mx * mx
        vy = cv2.blur(y * y, (k, k)) / n - my * my
        use = full & (vx > TEXTURE)
        if np.count_nonzero(use) < LEAST_WINDOWS:
            return None
        out[c] = float(np.median(np.sqrt(np.maximum(vy[use], 0.0) / vx[use])))
    return out


def mismatched(ratio: npt.NDArray[np.float64] | None) -> bool:
    """Is ``contrast``'s answer another tone curve's (``MISMATCH``)?"""
    return ratio is not None and abs(float(np.log(ratio).mean())) > MISMATCH


def matched(
    r: npt.NDArray[np.float32], ratio: npt.NDArray[np.float64], anchor: float
) -> npt.NDArray[np.float32]:
    """The reference ``r`` with each channel's contrast scaled by ``ratio`` (a power of its
    level plus 4), ``anchor`` (the markers' paper, grey) kept where it is."""
    a = np.log(anchor + 4.0)
    out = np.exp(a + ratio.astype(np.float32) * (np.log(r + 4.0) - a)) - 4.0
    res: npt.NDArray[np.float32] = np.clip(out, 0.0, 255.0).astype(np.float32)
    return res

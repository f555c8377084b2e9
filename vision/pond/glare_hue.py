"""Colours under glare read by their hue: what the white left behind moves a colour towards
grey, not round it.

The white a lamp's glare added is taken out of the frame (``vision.pond.glare_out``), but
never exactly: through the camera's tone curve the white lifts a piece's dark channels more
than the board's, in the picture's levels, and the white is measured on the board. What is
left is a little white, the same in every channel of a piece's dark side: it moves the
pixel's chromaticity along the line from the piece's colour to grey. A cowboy frog (red,
its green and blue alike) moved so lies nearer pumpkin's colour than its own, and is read
as pumpkin; its hue, the direction from grey, is still cowboy's.

So within glare and the whitening around it (``Comparison.glare_whitening``: white was
taken out of all of it), and ``NEAR_MM`` around that, a changed pixel labelled
a piece colour, grey (``NEUTRAL``) or ``FOREIGN`` takes the piece colour whose hue it has,
within ``HUE_DEGREES``, when it keeps at least ``LEAST_SATURATION`` of that colour's
distance from grey (nearer grey, every hue is close to every other) and at most
``MOST_SATURATION`` of it (more saturated than the piece: not the piece). Any other pixel
keeps its label. Outside glare nothing changes. (Within the glare patches and 2 mm alone,
fresh boards 37800-37829 read 7 pairs fewer through the power law and 5 fewer in the
evening with it; wherever white was taken out, glare or not, tuning boards read 1 and 2
fewer at 20 degrees and at +0.4 EV, where there is no glare.)

Under a light's cast (``reference.TINT_CAST``) the glare may be another light's, bluish once
the cast is divided out (``Comparison.tint``): what it leaves moves a colour towards that
tint, not towards grey. So there the hue is also measured about the tint's chromaticity,
and each pixel takes the piece colour, about either, whose hue it has most nearly.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.frames import Frame
from vision.pond import colours
from vision.pond.pieces import Pieces

#: A pixel's hue (its chromaticity's direction from grey) within this of a piece colour's...
HUE_DEGREES = 8.0
#: ...and its distance from grey between these shares of that colour's takes its label.
LEAST_SATURATION = 0.3
MOST_SATURATION = 1.4
#: Beyond the whitening's edge: the white taken out there is small but not nothing.
NEAR_MM = 2.0

_GREY = np.array([1 / 3, 1 / 3])


def relabel_under_glare(
    labels: colours.Labels,
    normalised: Frame,
    changed: npt.NDArray[np.bool_],
    glare: npt.NDArray[np.bool_],
    pieces: Pieces,
    ppm: float,
    tint: npt.NDArray[np.float32] | None = None,
) -> int:
    """Relabel, in place, the changed pixels under ``glare`` (the glare and the whitening
    around it) by their hue (the module docstring). ``normalised``: the raster ``labels``
    were read from, its glare taken out; ``ppm``: its pixels per millimetre; ``tint``: under
    a light's cast, the colour another light's glare takes (BGR; None: no cast). Returns how
    many pixels changed label."""
    if not glare.any():
        return 0
    r = max(1, round(NEAR_MM * ppm))
    near = cv2.dilate(
        glare.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    )
    lab = labels
    judged = colours.piece_labelled(lab, pieces)
    judged |= (lab == colours.NEUTRAL) | (lab == colours.FOREIGN)
    judged &= changed & (near > 0)
    ys, xs = np.nonzero(judged)
    if not len(ys):
        return 0
    p = normalised[ys, xs].astype(np.float64)
    bgr, ids = colours.piece_colours(pieces)
    centres = [_GREY] if tint is None else [_GREY, colours.chroma(tint)]
    take = np.zeros(len(p), bool)
    best = np.zeros(len(p), np.intp)
    least = np.full(len(p), np.inf)
    seen, wanted = colours.chroma(p), colours.chroma(bgr)
    for centre in centres:
        own = wanted - centre
        own_hue = np.arctan2(own[:, 1], own[:, 0])
        own_sat = np.linalg.norm(own, axis=1)
        c = seen - centre
        hue = np.arctan2(c[:, 1], c[:, 0])
        sat = np.linalg.norm(c, axis=1)
        apart = np.abs((hue[:, None] - own_hue[None] + np.pi) % (2 * np.pi) - np.pi)
        here = np.argmin(apart, axis=1)
        off = apart[np.arange(len(p)), here]
        share = sat / own_sat[here]
        fits = (off < np.radians(HUE_DEGREES)) & (share >= LEAST_SATURATION)
        fits &= (share <= MOST_SATURATION) & (off < least)
        best = np.where(fits, here, best)
        least = np.where(fits, off, least)
        take |= fits
    take &= p.mean(axis=1) >= colours.DARK_LEVEL
    new = ids[best]
    move = take & (new != lab[ys, xs])
    lab[ys[move], xs[move]] = new[move]
    return int(np.count_nonzero(move))

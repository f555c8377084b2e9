"""Whose glare is it? The colour of a glare patch's light, told by the board under it.

Under a light's cast (``reference.TINT_CAST``) a glare patch may be the lamp's reflection,
white once the cast is divided out, or another light's, that light's ``tint``
(``Comparison.tint``). ``vision.pond.glare_out`` undoes it in linear light either way,
and takes a way only where it leaves the board clearly nearer the reference's colours
(``glare_out.CAST_MARGIN``); under another light's glare neither way often does, and the
pieces it washed out are never looked for again (tuning seed 126 pond IW: two cowboy frogs
lost whole).

Glare adds light of its own colour, and may dim the art under it (a blend towards white
does; a reflection that only adds dims it little). So in linear light (the picture decoded
by the camera's power law, ``vision.picamera_source.TONE_GAMMA``) each unchanged board pixel
under the patch lies in the plane its reference pixel spans with the glare's colour: some
of the board, plus some of that colour. Per glare patch, white and the tint are each judged
by how far the pixels lie from those planes, on the whole (the share of their light neither
explains); the patch is another light's where the tint's planes fit clearly better
(``TINT_MARGIN``). Nothing is fitted to the glare's amount or the art's dimming, so neither
can tip the choice. Over art of one colour the two planes are one and nothing is told: the
patch is left to ``CAST_MARGIN``. Pixels with a channel at ``CUT`` or over are only a lower
bound of their light, and are left out.

Tuning boards 100-129, the evening (a warmer light, gain 4, 20 degrees) with glare through
the power law, the tint's misfit as a share of white's, patches of ``LEAST_PX`` or more:
another light's glare 0.14-0.50, the lamp's 1.7-5.7. (Measured as the chromaticity of what
the board under a patch has beyond the board around it, the generator's blend towards white,
which dims the art, made the lamp's glare look red, and another light's nearer grey than its
tint on tuning seed 107.)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vision.channels import brightest
from vision.picamera_source import TONE_GAMMA

#: Pixels with a channel at or above this level (the picture's levels, the cast divided out)
#: may be cut at white: left out.
CUT = 250.0
#: Fewest unchanged board pixels under a patch to judge it. On tuning boards 100-129 in the
#: evening, a patch of 79 px fitted the tint better under the lamp's glare (0.73 of white's
#: misfit); every patch of 500 px or more was told right by far.
LEAST_PX = 500
#: A patch is another light's only where the tint's misfit is under this share of white's
#: (the lamp's glare is the usual case at a table).
TINT_MARGIN = 0.8


def another_lights(
    fl: npt.NDArray[np.float32],
    rl: npt.NDArray[np.float32],
    board: npt.NDArray[np.bool_],
    patches: tuple[int, npt.NDArray[np.int32]],
    tint: npt.NDArray[np.float32],
) -> npt.NDArray[np.bool_]:
    """The glare patches (``patches``: ``cv2.connectedComponents`` of the glare) whose
    unchanged ``board`` is explained clearly better by the reference ``rl`` plus ``tint``
    (another light's glare) than by the reference plus white (the lamp's). ``fl``: the frame,
    the cast divided out; all three in linear light (0-255, as ``glare_out`` decodes the
    picture)."""
    n, lab = patches
    out = np.zeros(lab.shape, bool)
    usable = board & (brightest(fl) < 255 * (CUT / 255) ** TONE_GAMMA)
    colour = tint.astype(np.float64)
    for i in range(1, n):
        patch = lab == i
        sel = patch & usable
        if np.count_nonzero(sel) < LEAST_PX:
            continue
        f, r = fl[sel].astype(np.float64), rl[sel].astype(np.float64)
        if _off_plane(f, r, colour) < TINT_MARGIN * _off_plane(f, r, np.ones(3)):
            out |= patch
    return out


def _off_plane(
    f: npt.NDArray[np.float64], r: npt.NDArray[np.float64], colour: npt.NDArray[np.float64]
) -> float:
    """How far the pixels ``f`` (N x 3, linear light) lie, on the whole, from the planes each
    reference pixel ``r`` spans with ``colour``: the share of their light that neither the
    board, dimmed or not, nor any amount of that colour explains."""
    normal = np.cross(r, colour)
    along = np.einsum("ij,ij->i", f, normal) ** 2 / np.maximum((normal**2).sum(axis=1), 1e-12)
    return float(along.sum() / max(float((f**2).sum()), 1e-12))

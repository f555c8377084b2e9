"""Taking a lamp's white back out of a frame's board raster, so the pieces under it keep their
colours (``vision.pond.reference``, step 5).

A lamp's reflection adds to the light the sensor gathers: it adds in **linear light**. The
camera then makes the picture through its tone curve, which the Pi camera source sets to a
power law (``vision.picamera_source.TONE_GAMMA``; a phone's sRGB photo is close to it). So:

- **Mild whitening** (under ``GLARE_LEVEL``: a light a little brighter than the board's
  median) is taken out of the picture's own levels, ``(f - w) / (1 - w / 255)``, with ``w``
  the whitening (``Whitening.white_added``).
- **Within glare** the same blend may be undone in linear light: the picture is decoded by
  the power law, the white added there is the darkest channel's rise over the reference
  (averaged over about 9 mm of unchanged board: ``k``; the art's darkest channel is dim in
  linear light, so what glare dimmed there is small against what it added), and the result
  is encoded again. Undone in the picture's levels instead, the strong glare's white left a
  red piece orange or hid it (the tone curve presses the highlights together, so the white
  there is far from a blend in those levels).
- **Which way, per glare patch** (``_nearer``): the one that leaves the patch's unchanged
  board nearer the reference's colours (mean chromaticity distance), each judged with the
  darkest channel's rise alone (the fitted white of ``Whitening.white_added`` was fitted to
  the board in the picture's levels, so judged with it those nearly always won). Glare that a
  camera whose curve is not the power law made, or a photo edited after, is undone as
  before, in the picture's levels with the fitted white.
- **Under a light's cast** (``reference.TINT_CAST``) the glare may be another light's, not
  white: undone as white in linear light, it left that light's colour and noise, read as a
  hand (2 of 20 tuning boards); there it is undone as before.

What glare washed out can fall under the change level before the white is taken out (a red
frog under strong glare is close to the glare's white, and the fit ``a * reference + b``
explains it as the water, dimmed, plus white); ``reference.compare`` looks for changes again
within the patches undone in linear light, where the white leaves a fifth of the light
(``SEEN_THROUGH``). Measured: docs/pond-camera.md, "Glare undone in linear light".
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.picamera_source import TONE_GAMMA

#: At most this much white (0-255 levels) is taken out: past it a pixel is all glare.
MOST_WHITE = 230.0
#: Within glare, changes are looked for again only where the white taken out (linear light,
#: 0-255) leaves this much of the pixel's own light (a fifth): nearer white (around a lamp's
#: reflection cut at white) taking the white out magnifies the sensor's noise five times and
#: more, and that noise was read as a hand.
SEEN_THROUGH = 200.0


def _blend_out(f: npt.NDArray[np.float32], w: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """``f`` with a white blend of ``w`` (per pixel, 0-255) undone."""
    wv = np.minimum(w, MOST_WHITE)[..., None]
    out: npt.NDArray[np.float32] = (np.maximum(f - wv, 0) / (1 - wv / 255)).astype(np.float32)
    return out


def take_out(
    f: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    *,
    white: npt.NDArray[np.float32],
    rise: npt.NDArray[np.float32],
    lifted: npt.NDArray[np.bool_],
    glare: npt.NDArray[np.bool_] | None,
    board: npt.NDArray[np.float32],
    level: float,
    k: int,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
    """The frame's raster ``f`` (float32 BGR, its cast and broad shadow divided out) with the
    white taken out: where ``lifted``, ``white`` (the whitening, in the picture's levels);
    within the patches of ``glare`` (None: nowhere) that ``_nearer`` finds better undone so,
    in linear light (the module docstring); ``rise``: the darkest channel's rise alone (the
    picture's levels), to judge the two ways by. ``r``: the reference raster; ``board``: the
    unchanged board (0 or 1); ``level``: the board's light against the reference's (in the
    picture's levels); ``k``: the averaging length (odd, px). Also: the part of those
    patches whose white leaves enough light to read what lies under it (``SEEN_THROUGH``)."""
    out = np.where(lifted[..., None], _blend_out(f, white), f).astype(np.float32)
    seen = np.zeros(lifted.shape, bool)
    if glare is None:
        return out, out, seen
    ys, xs = np.nonzero(glare)
    if not len(ys):
        return out, out, seen
    h, w = glare.shape
    y0, y1 = max(int(ys.min()) - k, 0), min(int(ys.max()) + k + 1, h)
    x0, x1 = max(int(xs.min()) - k, 0), min(int(xs.max()) + k + 1, w)
    box = np.s_[y0:y1, x0:x1]
    fl = _linear(f[box])
    rl = _linear(r[box])
    risen = np.clip(fl.min(axis=2) - level**TONE_GAMMA * rl.min(axis=2), 0, 255)
    b = board[box]
    wl = cv2.blur(risen * b, (k, k)) / np.maximum(cv2.blur(b, (k, k)), 0.05)
    undone = _encoded(_blend_out(fl, wl.astype(np.float32)))
    levels = _blend_out(f[box], rise[box])
    linear = _nearer(undone, levels, r[box], glare[box], b)
    probe = out.copy()
    probe[box] = np.where(linear[..., None], undone, out[box])
    seen[box] = linear & (wl < SEEN_THROUGH)
    return out, probe, seen


def _nearer(
    linear: npt.NDArray[np.float32],
    levels: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    glare: npt.NDArray[np.bool_],
    board: npt.NDArray[np.float32],
) -> npt.NDArray[np.bool_]:
    """The glare patches where the white undone in linear light leaves the unchanged board
    nearer the reference's colours (chromaticity, mean distance) than undone in the
    picture's levels: a camera whose curve is not the power law, or a photo whose glare
    was not added in linear light, is left as before."""
    out = np.zeros(glare.shape, bool)
    n, lab = cv2.connectedComponents(glare.astype(np.uint8), connectivity=8)
    use = board > 0
    for i in range(1, n):
        sel = (lab == i) & use
        if not np.count_nonzero(sel):
            continue
        want = _chroma(r[sel])
        if _off(_chroma(linear[sel]), want) < _off(_chroma(levels[sel]), want):
            out |= lab == i
    return out


def _chroma(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """(N, 3) BGR to (N, 3) chromaticity (each channel's share)."""
    out: npt.NDArray[np.float32] = f / (f.sum(axis=1, keepdims=True) + 1.0)
    return out


def _off(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    """Mean distance between two lists of chromaticities."""
    return float(np.linalg.norm(a - b, axis=1).mean())


def _linear(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Picture levels (0-255; brighter kept) to linear light (0-255) by the power law."""
    out: npt.NDArray[np.float32] = (255 * (np.maximum(f, 0) / 255) ** TONE_GAMMA).astype(np.float32)
    return out


def _encoded(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Linear light (0-255) back to picture levels."""
    out: npt.NDArray[np.float32] = (255 * (np.maximum(f, 0) / 255) ** (1 / TONE_GAMMA)).astype(
        np.float32
    )
    return out

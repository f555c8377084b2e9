"""Taking a lamp's white back out of a frame's board raster (``vision.pond.reference``, step
5), and looking again for what it washed out.

- **The colours read** are the frame with the white undone in the picture's own levels,
  ``(f - w) / (1 - w / 255)``, with ``w`` the whitening (``Whitening.white_added``: within
  glare, the white the fit measures on the board around). A red piece under glare keeps
  its red so.
- **Washed pieces.** A lamp's reflection adds in linear light, and the power law the Pi
  camera is given (``vision.picamera_source.TONE_GAMMA``; a phone's sRGB photo is close to
  it) presses it together in the picture's levels: a red frog under strong glare comes close
  to the glare's white, and the fit ``a * reference + b`` explains it as the water, dimmed,
  plus white, so it is not changed and not counted. So within glare the white is also
  undone in linear light (the picture decoded by the power law; the white the darkest
  channel's rise over the reference, averaged over about 9 mm of unchanged board: ``k``;
  the blend undone; encoded again), and ``reference.compare`` looks for changes again in
  that picture (``probe``), where the white leaves a fifth of the light
  (``SEEN_THROUGH``). Its colours are read only where that second look alone finds a
  change (``reference.compare``): where the glare is slightly warmer than the board's
  light, what is left of it lands in a red piece's dark channels, which decoding expands,
  and a red disc under glare 0.6 that the first look finds read nearer pumpkin than cowboy
  in them.
- **Which glare patches** (``_nearer``): those where undoing in linear light leaves the
  patch's unchanged board nearer the reference's colours (mean chromaticity distance, both
  ways judged with the darkest channel's rise alone: judged with the fitted white, the
  picture's levels nearly always won).
- **Under a light's cast** (``reference.TINT_CAST``) the glare may be the lamp's, white
  once the cast is divided out, or another light's, the cast's ``tint``: both are tried,
  the tint's white measured as white's, each channel divided by its share of the tint, and a
  way is taken only where it fits the board clearly better than the picture's levels
  (``CAST_MARGIN``). Undone as white with no such choice, another light's glare left that
  light's colour and the noise, read as a hand on 2 of 20 tuning boards. And the tint's
  way is taken wherever the board under a patch says the glare is another light's
  (``vision.pond.glare_colour``): there neither way often fits clearly (the art under it
  dimmed as well as whitened), and the pieces it washed out were never looked for again.
  Where the glare is undone in the tint's way, everything that changed there is read in
  that picture (``reference.compare``), not only what the second look alone finds: with
  the board's white taken out in the picture's levels, a pumpkin frog under another
  light's glare lost its green and was read as cowboy.
- **Not in a photo cut at white** (a cut channel is only a lower bound of its light;
  decoded as the light, pieces cut there were read as a hand).

Measured: docs/pond-camera.md, "Washed pieces under glare, looked for in linear light" and
"Under a light's cast, and the colours of what only the second look finds".
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import darkest
from vision.cvarrays import i32
from vision.picamera_source import TONE_GAMMA
from vision.pond.glare_colour import another_lights
from vision.pond.power_law import encoded, linear
from vision.pond.whitening import board_average, box_around

#: At most this much white (0-255 levels) is taken out: past it a pixel is all glare.
MOST_WHITE = 230.0
#: Within glare, changes are looked for again only where the white taken out (linear light,
#: 0-255) leaves this much of the pixel's own light (a fifth): nearer white (around a lamp's
#: reflection cut at white) taking the white out magnifies the sensor's noise five times and
#: more, and that noise was read as a hand.
SEEN_THROUGH = 200.0
#: Under a light's cast, a way in linear light is taken only where it leaves the board's
#: colours at most this share of the distance the picture's levels leave: the glare may be
#: the lamp's (white once the cast is divided out) or another light's (the cast's tint), and
#: where neither fits clearly, pieces found again under it were read in colours no piece
#: has, as a hand (fresh 37027, the tint's way 0.93 of the levels'; the lamp's glare through
#: the power law 0.55-0.73 on tuning boards 100-114). The tint's way is also taken where
#: ``glare_colour.another_lights`` says the glare is the tint's (37027 among them, counted
#: now).
CAST_MARGIN = 0.8


def _blend_out(
    f: npt.NDArray[np.float32],
    w: npt.NDArray[np.float32],
    hue: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """``f`` with a white blend of ``w`` (per pixel, 0-255) undone; ``hue``: the white's
    colour (per BGR channel, at most 1; None: white)."""
    wv = np.minimum(w, MOST_WHITE)[..., None]
    if hue is not None:
        wv = wv * hue
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
    tint: npt.NDArray[np.float32] | None = None,
) -> tuple[
    npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """The frame's raster ``f`` (float32 BGR, its cast and broad shadow divided out) with the
    white ``white`` (the whitening, in the picture's levels) taken out where ``lifted``: the
    colours to read. Then the picture to look for washed pieces in (``probe``): the same,
    but within the patches of ``glare`` (None: nowhere) that ``_nearer`` finds better undone
    so, undone in linear light (the module docstring); and the part of those patches whose
    white leaves enough light to read what lies under it (``SEEN_THROUGH``); and the part of
    those patches undone in another light's colour (``tint``'s way), where the colours are
    read in ``probe``, not in the first picture (``reference.compare``). ``rise``: the
    darkest channel's rise alone (the picture's levels), to judge the two ways by; ``r``: the
    reference raster; ``board``: the unchanged board (0 or 1); ``level``: the board's light
    against the reference's (in the picture's levels); ``k``: the averaging length (odd,
    px); ``tint``: under a light's cast, its tint (``reference.compare``; None: no cast):
    the glare is tried as white and in that colour, and a way in linear light is taken only
    where it fits the board clearly better (``CAST_MARGIN``), or, the tint's, where the
    board under a patch says the glare is another light's (``glare_colour``)."""
    out = np.where(lifted[..., None], _blend_out(f, white), f).astype(np.float32)
    seen = np.zeros(lifted.shape, bool)
    tinted = np.zeros(lifted.shape, bool)
    box = None if glare is None else box_around(glare, k)
    if glare is None or box is None:
        return out, out, seen, tinted
    fl = linear(f[box])
    rl = linear(r[box])
    b = board[box]
    n, lab = cv2.connectedComponents(glare[box].astype(np.uint8), connectivity=8)
    patches = (int(n), i32(lab))  # judged by both ways of telling below
    ways = [_white_in_linear(fl, rl, b, level, k, None)]
    hue = None if tint is None else (tint**TONE_GAMMA).astype(np.float32)
    if hue is not None:  # the glare of another light: that light's colour, not white
        ways.append(_white_in_linear(fl, rl, b, level, k, hue))
    levels = _blend_out(f[box], rise[box])
    margin = 1.0 if tint is None else CAST_MARGIN
    way = _nearer([u for u, _ in ways], levels, r[box], patches, b, margin)
    if hue is not None:  # where the board says it is another light's glare, its way
        way[another_lights(fl, rl, b > 0, patches, hue)] = 2
    if not way.any():  # every patch read as before: nothing to look at again
        return out, out, seen, tinted
    probe = out.copy()
    part = probe[box]
    for i, (undone, wl) in enumerate(ways, 1):
        here = way == i
        part[here] = undone[here]
        seen[box] |= here & (wl < SEEN_THROUGH)
    tinted[box] = way == 2
    return out, probe, seen, tinted


def _white_in_linear(
    fl: npt.NDArray[np.float32],
    rl: npt.NDArray[np.float32],
    board: npt.NDArray[np.float32],
    level: float,
    k: int,
    hue: npt.NDArray[np.float32] | None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The frame ``fl`` (linear light) with a white blend undone and encoded again, and the
    white (linear light, 0-255) taken: the darkest channel's rise over the reference ``rl``'s
    darkest (dimmed by ``level``), averaged over ``k`` px of unchanged ``board``. ``hue``: the
    glare's colour (linear light, per BGR channel; None: white), each channel of both divided
    by its share of that colour first.

    Both darkest channels, not the frame's rise in the channel where the reference is
    darkest: where the first look calls a washed piece the board, that channel may be the
    piece's brightest (a pumpkin frog on blue water: its red), and measured there the white
    read 169 against 80 (tuning board 124, pond E), crushing the frog's green and blue to
    cowboy's."""
    lv = level**TONE_GAMMA
    h = None if hue is None else hue / float(hue.max())
    risen = np.clip(darkest(fl, h) - lv * darkest(rl, h), 0, 255)
    wl, _ = board_average(risen, board, k)
    return encoded(_blend_out(fl, wl, h)), wl


def _nearer(
    linear: list[npt.NDArray[np.float32]],
    levels: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    patches: tuple[int, npt.NDArray[np.int32]],
    board: npt.NDArray[np.float32],
    margin: float = 1.0,
) -> npt.NDArray[np.int32]:
    """Per glare patch (``patches``: ``cv2.connectedComponents`` of the glare), which way
    of undoing the white leaves the unchanged board nearest the reference's colours
    (chromaticity, mean distance): 0, in the picture's levels (a
    camera whose curve is not the power law, or a photo whose glare was not added in linear
    light, is left as before), or i, the i-th of ``linear`` (undone in linear light), taken
    only where its distance is under ``margin`` times the picture's levels'."""
    n, lab = patches
    out = np.zeros(lab.shape, np.int32)
    use = board > 0
    for i in range(1, n):
        sel = (lab == i) & use
        if not np.count_nonzero(sel):
            continue
        want = _chroma(r[sel])
        offs = [_off(_chroma(x[sel]), want) for x in [levels, *linear]]
        best = int(np.argmin(offs))
        if best and offs[best] < margin * offs[0]:
            out[lab == i] = best
    return out


def _chroma(f: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """(N, 3) BGR to (N, 3) chromaticity (each channel's share)."""
    out: npt.NDArray[np.float32] = f / (f.sum(axis=1, keepdims=True) + 1.0)
    return out


def _off(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    """Mean distance between two lists of chromaticities."""
    return float(np.linalg.norm(a - b, axis=1).mean())

"""The empty-board reference: what the board's own art looks like, so that only pieces differ.

The owner photographs the board once with nothing on it (``calibrate board``). Its board
raster (the photo warped to board millimetres by the markers, ``RASTER_PPM`` px/mm) is the
reference. Each frame's raster is then compared with it, pixel by pixel:

0. **Exposure.** The levels below are set for the usual photo. Where the markers' white
   paper is darker than ``EXPOSURE_WHITE`` in both photos (the camera's auto exposure set
   darker), both rasters are brightened by the same gain (``exposure_gain``), and a pixel
   brightened past white keeps its colour (scaled down whole, not clipped channel by
   channel). A frame darker than the reference by ``FRAME_DARKER`` or more (the auto
   exposure set lower for it) is brightened to the reference's level, alone
   (``frame_gain``). At the usual exposure nothing changes.
1. **Light's colour.** The frame's colour cast against the reference is measured over the
   whole board (the median per-channel log ratio; pieces, hands and glare cover too little
   of it to move a median) and divided out, so piece colours calibrated under the reference
   light hold under a warmer or colder lamp. Each pond's own cast (its water and the land
   around it) is re-checked against that correction. Each pixel's own shade is taken out
   before the medians, so a shadow over part of the board does not split them.
2. **Broad shadows** (someone leaning over the table): where the board's light, smoothed
   over about 60 mm without the pieces, is more than 25% dimmer than the reference's, the
   frame is brightened back to 75% of it (``_shade``), so the darkest faction stays above
   the dark level and its changes above ``CHANGE_LEVEL``; brighter parts are left alone.
3. **Light's level and glare.** Each pixel is explained as ``a * reference + b * white``
   (``a``: shade, light falling off; ``b >= 0``: glare, a lamp's reflection whitening the
   board). What that explains is the board; what it leaves (the residual) is something on
   the board. Under a light's cast (over ``TINT_CAST``), a pixel that fit leaves is also
   fitted with a white of the cast's inverse colour: glare from another light, white in
   the camera, is bluish once a warmer light's cast is divided out, and is not a hand.
   Comparing with the reference's neighbours one pixel away forgives small registration
   errors at the art's sharp edges.
4. **Changed** pixels (residual above ``CHANGE_LEVEL``, thin lines removed) are the only
   place pieces, lilypads and hands are looked for. Broad whitening (the darkest channel
   risen ``GLARE_LEVEL`` above the board's light level, averaged over about 9 mm) over a pond is
   reported as glare; it is not a hand, and the rest of the board is still counted.
   Whitening that scales every channel alike (the fit's ``b`` about 0: more light than in
   the empty-board photo, the owner's shadow on it) is not glare (``vision.pond.whitening``);
   it is reported (``brighter``) where that part is lit ``1 / SHADE_FROM`` times the rest.
5. **Glare taken back out.** Where the board is whitened, the lamp's white is subtracted
   from the frame (pieces and board alike), so a piece under it keeps its colour: the
   whitening itself, and within glare the fit's ``b`` on the unchanged board around
   (averaged over about 9 mm where the reference has enough colour for ``a`` and ``b`` to
   be told apart; inside a piece wider than that, such as a Long Fwooog, over three times as
   far: ``INSIDE_SHARE``). Glare also dims what it covers, so the darkest channel's rise alone is
   short of the white it added, and a red piece kept some of it, to be read as orange.
   A lamp's reflection adds in linear light, and the camera's tone curve (the power law the
   Pi camera is set to) presses it together in the picture's levels, so a piece under strong
   glare can fall under the change level: within each glare patch where undoing it in
   linear light leaves the board nearer the reference's colours, changes are looked for
   again in the picture undone so (``vision.pond.glare_out``; under a light's cast, the
   glare undone as white or as that light's colour, and only where one of them fits the
   board clearly better). What only that second look finds is read in its colours; what
   the first look found keeps the colours read in the picture's levels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import BadFileError
from vision.channels import brightest, darkest
from vision.frames import Frame
from vision.pond.exposure import (
    brighter_than_usual,
    exposure_gain,
    frame_gain,
    kept_past_white,
    paper_level,
)
from vision.pond.glare_out import take_out
from vision.pond.glare_tint import fit_tinted, own_colour
from vision.pond.mixing import into_frame, mixing, unmixed
from vision.pond.model import BoardModel, board_model
from vision.pond.pieces import Pieces
from vision.pond.three_markers import misfit
from vision.pond.tones import (
    ANCHOR,
    VEIL_FIT,
    channels_apart,
    cleared,
    contrast,
    log_mean,
    matched,
    mismatched,
)
from vision.pond.whitening import (
    CLIPPED,
    GLARE_LEVEL,
    Whitening,
    board_average,
    box_around,
    parts_of,
    shade_fit,
)

#: RMS difference (0-255 levels) a pixel must keep after the light is explained to be "changed".
CHANGE_LEVEL = 15.0
#: A broad shadow's level is the board's light averaged over this many mm...
SHADE_MM = 60.0
#: ...without the pixels this far (a ratio) off it: pieces, their own shadows.
SHADE_OUTLIER = 0.12
#: Only light this much dimmer than the reference's is a shadow to divide out (the lamp's
#: light falling off differently across the table in the two photos, up to about 30% in the
#: scenes, is left alone; at 0.85 a group of pieces with its shadows dented the level
#: enough on 14 of 20 tuning boards for a division to weaken the shadow check).
SHADE_FROM = 0.75
#: A pond whose own colour cast differs from the board's by more than this (log gain) is named.
CAST_DRIFT = 0.06
#: A whole-board cast this strong (log red/blue gain) is reported.
CAST_REPORT = 0.08
#: Glare covering this much of a pond or its rim (mm²) is named ("glare near pond X"), and a
#: glare patch this big carries the whitening around it into ``Comparison.glare_whitening``.
GLARE_MM2 = 150.0
#: Under a light's cast this strong (log gain of a channel), the board is also explained with
#: a white of the cast's inverse colour: glare of another light, white in the camera.
TINT_CAST = 0.03


#: Where less than this share of the ``k`` px around is unchanged board (inside a piece), the
#: whitening is also averaged over three times that, and the larger taken: the middle of a
#: Long Fwooog under glare kept it whole, read as grey, its rim as its colour, 2 frogs
#: (tuning 100-129 under a warm lamp's glare: 1,554 exact of 1,560 before, 1,557 after).
INSIDE_SHARE = 0.2

_ROUND5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
_ROUND9 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))


@dataclass(frozen=True)
class EmptyBoard:
    """The rectified empty-board photo (uint8 (H, W, 3) BGR board raster) and where it came from."""

    raster: Frame
    source: str = "<empty board>"


@dataclass
class Comparison:
    """One frame against the reference (all rasters at the board model's size)."""

    normalised: Frame  # the frame's raster with the light's cast divided out
    changed: npt.NDArray[np.bool_]
    glare: npt.NDArray[np.bool_]
    gains_bgr: tuple[float, float, float]
    #: The empty board's raster, brightened by the gain both photos share (``exposure_gain``;
    #: a frame darker than it is brightened further, ``frame_gain``).
    reference: Frame
    #: The frame's markers' white paper as taken (``exposure.paper_level``; None when the
    #: layout has no marker zone).
    paper: float | None
    warnings: list[str] = field(default_factory=list)
    #: Where the board is whiter only by more light than in the empty-board photo, lit at
    #: least ``1 / SHADE_FROM`` times the rest of the board (the owner's shadow on that
    #: photo?): not glare (``vision.pond.whitening``). None: nowhere.
    brighter: npt.NDArray[np.bool_] | None = None
    #: Whitening that hides the board's art: something white lying on the board (a die, a
    #: card), not glare (``vision.pond.whitening``). None: nowhere.
    white_thing: npt.NDArray[np.bool_] | None = None
    #: Under a light's cast (over ``TINT_CAST``), the colour another light's glare takes
    #: once the cast is divided out (BGR, ``1 / gains``); None: no such cast.
    tint: npt.NDArray[np.float32] | None = None
    #: The glare and the whitening around it: the parts of the board whitened at all (the
    #: darkest channel risen 12 levels, averaged over about 9 mm) that hold a glare patch of
    #: ``GLARE_MM2`` or more, all of which white was taken out of. None: no glare.
    glare_whitening: npt.NDArray[np.bool_] | None = None
    #: The camera's colour mixing the reference was put through (``vision.pond.mixing``: the
    #: frame's colours the more saturated): the pieces' colours go through it too. None: the
    #: reference's colours as taken (or the frame's mixing taken out instead).
    mixed_by: npt.NDArray[np.float64] | None = None


def _cast(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], sel: npt.NDArray[np.bool_]
) -> npt.NDArray[np.float64]:
    lr = np.log((f[sel] + 4.0) / (r[sel] + 4.0))
    # Each pixel's own shade taken out first: a shadow over part of the board (someone leaning
    # over it) dims all three channels alike, and must not split the channels' medians.
    lr -= lr.mean(axis=1, keepdims=True)
    med: npt.NDArray[np.float64] = np.median(lr, axis=0).astype(np.float64)
    return med - float(med.mean())


def _unmix(
    f: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    model: BoardModel,
    ratio: npt.NDArray[np.float64],
) -> (
    tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.float64] | None,
    ]
    | None
):
    """The camera's colour mixing (``vision.pond.mixing``) taken out: the frame and the
    reference in the more saturated one's colours (``into_frame``), their contrast then, and
    the mixing the pieces' colours are to go through too (None: the frame's taken out), where
    that brings the channel furthest from the reference's contrast (``ratio``) nearer; else
    None."""
    a = mixing(f, r, model)
    if a is None:
        return None
    towards = into_frame(r, a)
    if towards is not None:
        r = towards
    else:
        f = unmixed(f, a)
    again = contrast(f, r, model)
    if again is None or np.abs(np.log(again)).max() >= np.abs(np.log(ratio)).max():
        return None
    return f, r, again, None if towards is None else a


def compare(raster: Frame, empty: EmptyBoard, model: BoardModel) -> Comparison:
    """Compare a frame's board raster with the empty board (see the module docstring)."""
    if empty.raster.shape != raster.shape:
        raise ValueError(
            f"{empty.source}: the empty board's raster has another size than the layout's"
        )
    f = raster.astype(np.float32)
    r = empty.raster.astype(np.float32)
    warnings: list[str] = []
    # Light added evenly over the frame (a smudged lens), or the empty-board photo through
    # another tone curve: both flatten the frame's contrast against the reference's.
    ratio = contrast(f, r, model)
    if mismatched(ratio) and ratio is not None and log_mean(ratio) < 0:
        veiled = cleared(raster, r, model)  # as taken: the veil comes out by a table
        if veiled is not None and np.abs(np.log(veiled[2])).max() < VEIL_FIT:
            veiling, f, ratio = veiled
            warnings.append(
                f"the photo is veiled by stray light ({veiling / 255:.0%} of white's; a "
                "smudged lens, or a lamp shining into it?): it was taken out, but clean the "
                "lens and keep lamps out of its view"
            )
    mixed_by = None
    if ratio is not None and channels_apart(ratio):
        # One channel's contrast moved, the others less or the other way: a colour mixing.
        unmixing = _unmix(f, r, model, ratio)
        if unmixing is not None:
            blue, green, red = (float(v) for v in ratio)
            f, r, ratio, mixed_by = unmixing
            warnings.append(
                f"this photo's colours are mixed otherwise than the empty-board photo's "
                f"(contrast red {red:.2f}, green {green:.2f}, blue {blue:.2f} of its): the "
                "camera's white balance or the lamp has changed since, or another camera took "
                "one of them. The mixing was taken out, but photograph the empty board and the "
                "colours again (Settings: Pond map, Colours)"
            )
    papers = paper_level(f, model), paper_level(r, model)  # the markers' paper, as taken
    # Another tone curve; or a mixing that could not be taken out, matched as one.
    retoned = mismatched(ratio)
    if retoned and ratio is not None:
        r = matched(r, ratio, ANCHOR if papers[1] is None else papers[1])
        warnings.append(
            f"this photo's contrast is {np.exp(log_mean(ratio)):.2f} of the "
            "empty-board photo's: the camera's settings have changed since, or another camera "
            "took one of them. The empty-board photo was matched to this one, but photograph "
            "the empty board and the colours again (Settings: Pond map, Colours)"
        )
    rgain = exposure_gain(*papers)  # both photos darker than usual
    gain = rgain * frame_gain(*papers)  # the frame's: darker than the reference too
    if rgain > 1:
        f *= rgain
        r *= rgain
    if gain > rgain:
        f *= gain / rgain
    step = 3
    fs, rs = f[::step, ::step], r[::step, ::step]
    # Too dark for a colour, or clipped: levels of the photos as taken (before their gains).
    ok = (darkest(fs) > 12 * gain) & (darkest(rs) > 12 * rgain)
    ok &= brightest(fs) < 250 * gain
    ok &= ~model.marker_zone[::step, ::step]
    cast = _cast(fs, rs, ok) if np.count_nonzero(ok) > 100 else np.zeros(3)
    gains = np.exp(cast).astype(np.float32)
    fn = f / gains
    # Each pond's own cast: its water and a ring of land around it.
    if abs(cast[2] - cast[0]) > CAST_REPORT:
        kind = "warmer" if cast[2] > cast[0] else "colder"
        warnings.append(
            f"the light is {kind} than in the empty-board photo (red/blue "
            f"{float(np.exp(cast[2] - cast[0])):.2f}): colours corrected against the board"
        )
    shade = _shade(fn, r, model, gain, rgain)
    if shade is not None:
        fn /= shade[..., None]
    # Glare of another light than the one that casts the board's colour (white in the camera,
    # not in the light's colour) is the board plus a tinted white once the cast is divided out.
    tint = (1 / gains).astype(np.float32) if float(np.abs(cast).max()) > TINT_CAST else None
    resid, added = _explain(fn, r, tint)
    changed = _thin_lines_out(resid > CHANGE_LEVEL)
    # Whitening: how much the darkest channel rose beyond the board's overall light level
    # (a brighter or dimmer light scales it, a lamp's reflection adds to it). Glare is broad
    # and smooth: the whitening is averaged over about 9 mm of unchanged board, so the art's
    # sharp edges (a little off between the two photos) and the pieces do not count.
    # (A broad shadow's dimming is already divided out of ``fn``, so out of the level too.)
    shaded = None if shade is None else shade[::step, ::step][ok]  # the sample's divisors
    lit = fs[ok] if shaded is None else fs[ok] / shaded[:, None]
    ratio = lit.mean(axis=1) / (rs[ok].mean(axis=1) + 1)
    level = float(np.median(ratio)) if ok.any() else 1.0
    white = np.clip(darkest(fn) - level * darkest(r), 0, 255).astype(np.float32, copy=False)
    k = max(3, round(9 * model.ppm)) | 1
    board, smooth = _whitening(white, changed, k)
    own = None if tint is not None else own_colour(fn, r, smooth > GLARE_LEVEL)
    if own is not None:  # no cast, but a glare of its own colour (a window's daylight)
        tint = own
        resid, added = _explain(fn, r, tint)
        changed = _thin_lines_out(resid > CHANGE_LEVEL)
        board, smooth = _whitening(white, changed, k)
    glare = smooth > GLARE_LEVEL
    lifted = smooth > 12
    # Whitening that is only more light than in the empty-board photo (the fit's white about
    # 0) is not glare, and no white is taken out of it.
    whitening = Whitening(added, r, board, smooth, k, fn, CLIPPED * gain)
    light = whitening.more_light(lifted)
    # Whitening that hides the art under it is something white lying on the board.
    white_thing = whitening.opaque()
    if white_thing is not None:
        glare &= ~white_thing
        lifted &= ~parts_of(lifted, white_thing)
    brighter = None
    if light is not None:
        glare &= ~light
        lifted &= ~light
        # Named only where that light is more than the rest of the board's by as much as a
        # broad shadow divided out: beside a shadow on the frame (someone leaning over), the
        # board in full light only stands above the level the shadow pulled down.
        inside = light[::step, ::step][ok]
        rest = ~inside if shaded is None else ~inside & (shaded >= 1)
        enough = inside.any() and np.count_nonzero(rest) > 100
        if enough and np.median(ratio[inside]) * SHADE_FROM >= np.median(ratio[rest]):
            brighter = light
    # Take the glare back out (the lamp's white added over the board and the pieces alike),
    # so a piece under it keeps its colour.
    if lifted.any():
        white_in = whitening.white_added()
        # Under a light's cast the glare may be the lamp's (white once the cast is divided
        # out) or another light's (``tint``): ``take_out`` tries both. In a photo cut at
        # white a cut channel is only a lower bound of its light: decoded as the light
        # itself, the pieces cut there were read as a hand (1 of 30 boards).
        cut = brighter_than_usual(papers[0])
        linear = None if cut else glare
        fn, probe, seen, tinted = take_out(
            fn,
            r,
            white=white_in,
            rise=smooth,
            lifted=lifted,
            glare=linear,
            board=board,
            level=level,
            k=k,
            tint=tint,
        )
        if seen.any():  # what the glare washed under the change level, looked for again
            again = _changed_again(probe, r, seen) & ~changed
            # Read in that picture's colours too: the picture's levels explained them as the
            # board (tuning 100-129 through the power law: 1,521 exact of 1,560, against
            # 1,517 with them read in the picture's levels).
            fn = np.where(again[..., None], probe, fn)
            changed |= again
        # Undone in another light's colour, all that changed there is read so: in the
        # picture's levels the white taken out is the board's, which crushes a bright piece's
        # dark channels (a pumpkin frog's green and blue: read cowboy). Tuning 100-129, that
        # light's glare in the evening through the power law: 1,554 exact of 1,560, against
        # 1,536 with only what the second look alone found read so.
        fn = np.where((tinted & changed)[..., None], probe, fn)
    glare_at = set(glare_ponds(glare, model))
    pm = model.pond_map[::step, ::step]
    grown = cv2.dilate(pm, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (13, 13)))
    fns = fn[::step, ::step]
    for i, pid in enumerate(model.ids, 1):
        sel = ok & (grown == i)
        if pid in glare_at or np.count_nonzero(sel) < 200:
            continue
        local = _cast(fns, rs, sel)
        drift = float(np.abs(local).max())
        if drift > CAST_DRIFT:
            warnings.append(
                f"the light's colour near pond {pid} differs from the rest of the board "
                f"(cast {drift:.2f}): its colours may be misread"
            )
    normalised = np.clip(kept_past_white(fn) if gain > 1 else fn, 0, 255).astype(np.uint8)
    as_taken = empty.raster if rgain <= 1 and not retoned and mixed_by is None else None
    return Comparison(
        normalised,
        changed,
        glare,
        (float(gains[0]), float(gains[1]), float(gains[2])),
        as_taken if as_taken is not None else np.clip(r, 0, 255).astype(np.uint8),
        papers[0],
        warnings,
        brighter,
        white_thing,
        tint,
        _glare_whitening(glare, lifted, model) if glare.any() else None,
        mixed_by,
    )


def _glare_whitening(
    glare: npt.NDArray[np.bool_], lifted: npt.NDArray[np.bool_], model: BoardModel
) -> npt.NDArray[np.bool_]:
    """The glare, and the parts of ``lifted`` (whitened at all) that hold a glare patch of
    at least ``GLARE_MM2``: a few pixels of noise over the glare level on a board
    with no glare (24 px on seed 104) would otherwise reach over a pond's worth of faint
    whitening."""
    _, lab, stats, _ = cv2.connectedComponentsWithStats(glare.astype(np.uint8), connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] >= GLARE_MM2 * model.ppm**2
    big[0] = False
    out: npt.NDArray[np.bool_] = glare | parts_of(lifted, big[lab])
    return out


def _shade(
    f: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    model: BoardModel,
    gain: float = 1.0,
    rgain: float = 1.0,
) -> npt.NDArray[np.float32] | None:
    """What to divide the frame's raster by where the board lies in a broad shadow (someone
    leaning over the table): the board's light against the reference's, over ``SHADE_FROM``,
    at most 1 (brighter parts are left alone, so glare stays glare); None where no part of
    the board is that dim. The light is the grey ratio to the reference, smoothed over about
    ``SHADE_MM``, twice: the second time without the pixels more than ``SHADE_OUTLIER`` off
    the first level (pieces, their own shadows, the art's edges a little off), at a quarter
    of the raster's size. ``gain`` and ``rgain``: how much the frame and the reference were
    brightened (``compare``), so the dark and clipped levels stay those of the photos."""
    h, w = f.shape[:2]
    small = (max(1, w // 4), max(1, h // 4))
    fg = cv2.resize(f, small, interpolation=cv2.INTER_AREA).mean(axis=2)
    rg = cv2.resize(r, small, interpolation=cv2.INTER_AREA).mean(axis=2)
    ratio = (fg + 4) / (rg + 4)
    use = (rg > 12 * rgain) & (fg < 250 * gain)  # (levels as taken: see ``compare``)
    use &= ~cv2.resize(
        model.marker_zone.astype(np.uint8), small, interpolation=cv2.INTER_NEAREST
    ).astype(bool)
    if np.count_nonzero(use) < 100:
        return None
    overall = float(np.median(ratio[use]))
    k = max(3, round(SHADE_MM * model.ppm / 4)) | 1
    wgt = use.astype(np.float32)
    for _ in range(2):
        num = cv2.blur(ratio * wgt, (k, k))
        den = cv2.blur(wgt, (k, k))
        level = np.where(den > 0.05, num / np.maximum(den, 0.05), overall).astype(np.float32)
        wgt = (use & (np.abs(ratio / level - 1) < SHADE_OUTLIER)).astype(np.float32)
    shade = np.minimum(level / SHADE_FROM, 1.0).astype(np.float32)
    if float(shade.min()) >= 1.0:
        return None
    out: npt.NDArray[np.float32] = cv2.resize(shade, (w, h), interpolation=cv2.INTER_LINEAR)
    return out


def _changed_again(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], seen: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_]:
    """Within ``seen`` (the glare seen through: ``glare_out.take_out``) and 4 px around it,
    what the frame ``f``, its glare undone in linear light, leaves changed against the
    reference ``r`` (``CHANGE_LEVEL``, thin lines removed)."""
    near = cv2.dilate(seen.astype(np.uint8), _ROUND9) > 0
    box = box_around(near, 0)
    assert box is not None  # ``seen`` holds a pixel
    res, _ = _explain(f[box], r[box])
    out = np.zeros(seen.shape, bool)
    out[box] = (res > CHANGE_LEVEL) & near[box]
    return _thin_lines_out(out)


def _thin_lines_out(changed: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """``changed`` opened by a 5 px disc: the art's edges a little off between the two photos
    leave thin lines, not pieces."""
    opened: npt.NDArray[np.bool_] = cv2.morphologyEx(
        changed.astype(np.uint8), cv2.MORPH_OPEN, _ROUND5
    ).astype(bool)
    return opened


def _whitening(
    white: npt.NDArray[np.float32], changed: npt.NDArray[np.bool_], k: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The unchanged board (0 or 1), and the whitening ``white`` averaged over ``k`` px of
    it; where less than ``INSIDE_SHARE`` of those ``k`` px is board (inside a piece), the
    larger of that and the average over ``3 k`` px."""
    board = (~changed).astype(np.float32)
    smooth, near = board_average(white, board, k)
    few = near < INSIDE_SHARE
    if few.any():  # inside a piece: the board around it, further out
        far, _ = board_average(white, board, 3 * k)
        smooth = np.where(few, np.maximum(smooth, far), smooth).astype(np.float32)
    return board, smooth


def _explain(
    f: npt.NDArray[np.float32],
    r: npt.NDArray[np.float32],
    tint: npt.NDArray[np.float32] | None = None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Per pixel, the least residual of ``f ~ a r + b`` (a >= 0, b >= 0) over the reference and
    its four neighbours one pixel away; and the whitening ``b`` of the unshifted fit. With a
    ``tint`` (BGR), also of ``f ~ a r + b tint`` (a white of that colour), where less.

    The neighbours are tried only where the unshifted fit leaves a difference.
    """
    res, white = _fit(f, r)
    if tint is not None:
        ys, xs = np.nonzero(res > CHANGE_LEVEL)
        res[ys, xs] = np.minimum(res[ys, xs], fit_tinted(f[ys, xs], r[ys, xs], tint))
    ys, xs = np.nonzero(res > CHANGE_LEVEL)
    if len(ys):
        h, w = res.shape
        fp = f[ys, xs][:, None, :]
        for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rp = r[np.clip(ys - dy, 0, h - 1), np.clip(xs - dx, 0, w - 1)][:, None, :]
            alt, _ = _fit(fp, rp)
            res[ys, xs] = np.minimum(res[ys, xs], alt[:, 0])
            if tint is not None:
                res[ys, xs] = np.minimum(res[ys, xs], fit_tinted(fp[:, 0], rp[:, 0], tint))
    return res, white


def _fit(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Least squares ``f ~ a r + b`` per pixel (channel planes, for speed): residual RMS, b."""
    f0, f1, f2 = f[..., 0], f[..., 1], f[..., 2]
    r0, r1, r2 = r[..., 0], r[..., 1], r[..., 2]
    fm = (f0 + f1 + f2) / 3
    rm = (r0 + r1 + r2) / 3
    a = shade_fit(f, r)
    np.clip(a, 0.0, 4.0, out=a)
    b = fm - a * rm
    neg = b < 0
    if np.any(neg):
        a2 = (f0 * r0 + f1 * r1 + f2 * r2) / (r0 * r0 + r1 * r1 + r2 * r2 + 1.0)
        a = np.where(neg, a2, a)
        b = np.where(neg, np.float32(0.0), b)
    e0, e1, e2 = f0 - a * r0 - b, f1 - a * r1 - b, f2 - a * r2 - b
    res = np.sqrt((e0 * e0 + e1 * e1 + e2 * e2) / 3)
    return res.astype(np.float32), b.astype(np.float32)


def glare_ponds(glare: npt.NDArray[np.bool_], model: BoardModel) -> list[str]:
    """Ponds that glare covers a noticeable part of (at least ``GLARE_MM2`` of the pond or its
    rim)."""
    m = cv2.morphologyEx(
        glare.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    )
    hit = np.bincount(model.pond_map[m > 0], minlength=len(model.ids) + 1)
    limit = GLARE_MM2 * model.ppm**2
    return [pid for i, pid in enumerate(model.ids, 1) if hit[i] >= limit]


# ---------------------------------------------------------------- files


def make_empty_board(
    frame: Frame, layout: Any, pieces: Pieces, where: str = "image"
) -> tuple[EmptyBoard, list[str]]:
    """The reference from a photo of the empty board (markers in view); notes for the owner.

    ``BadFileError`` naming ``where`` when a marker is missing, away from its place, or the
    four do not fit the layout (a marker read out of shape too: the owner takes the photo
    again; the three-marker pose is for the game's frames only).
    """
    from vision.pond.calibrate import board_raster

    raster, _, pose = board_raster(frame, layout, pieces, where)
    notes = []
    unfit = misfit(pose)
    if unfit is not None:
        raise BadFileError(f"{where}: {unfit}")
    dark = float(raster.mean())
    if dark < 40:
        notes.append(f"{where}: the photo is very dark (mean level {dark:.0f}): more light?")
    return EmptyBoard(raster, where), notes


def write_empty_board(empty: EmptyBoard, path: str | Path) -> None:
    """Write the reference raster as a lossless image (PNG)."""
    out = Path(path)
    if out.suffix.lower() != ".png":
        raise BadFileError(f"{out}: the reference must be a lossless image (.png)")
    from vision.frames import write_image  # written whole, never through a symlink

    write_image(out, empty.raster)


def read_empty_board(path: str | Path, layout: Any, pieces: Pieces) -> EmptyBoard:
    """The reference from a file: the rectified PNG ``calibrate board`` writes, or a raw photo
    of the empty board (warped here). ``BadFileError`` naming the file otherwise."""
    from vision.frames import read_image

    frame = read_image(path)
    model = board_model(layout, pieces)
    if frame.shape[:2] == (model.size[1], model.size[0]):
        return EmptyBoard(frame, str(path))
    empty, _ = make_empty_board(frame, layout, pieces, where=str(path))
    return empty

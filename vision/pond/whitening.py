"""Whitening over the board, against the empty-board photo: a lamp's glare, or only more light?

``vision.pond.reference`` measures how much each part of the board is whiter than in the
empty-board photo (its darkest channel risen beyond the board's overall light level,
averaged over about 9 mm: ``smooth``). Two things do that:

- **Glare**, a lamp's reflection, adds white: the per-pixel fit ``frame ~ a * reference +
  b * white`` gives it a ``b`` as large as the whitening or larger (glare also dims what it
  covers, so the darkest channel's rise alone is short of the white it added).
- **More light than in the empty-board photo** there (the owner's shadow on that photo, a
  lamp moved nearer) scales every channel alike: ``a`` is large and ``b`` about 0. Reported
  as glare, it sent the player to move a lamp that is not there; taken out as white, it
  tinted the pieces under it ("the light's colour near pond N differs...").

- **Something white lying on the board** (one of the game's dice, a card): the art under
  it is hidden, so the fit gives it ``a`` about 0, its white all ``b``. It is not a lamp's
  glare: glare adds light to the board, whose art still shows through it (``a`` 0.56-0.70
  over the scenes' glare patches, at 0.85 strength; a real lamp's reflection adds to the
  board, so more), unless the sensor clips.

Only the reference's coloured pixels tell ``a`` from ``b`` (``FIT_COLOUR``); a patch of
whitening with enough of them, whose ``b`` there is under ``NEUTRAL`` times its whitening,
is more light, not glare; one whose unclipped ``a`` there is under ``OPAQUE`` is something
white, not glare.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest
from vision.cvarrays import f32

#: Whitening (0-255 levels) that counts as glare.
GLARE_LEVEL = 45.0
#: Reference pixels whose channels spread this much (sum of squares about their mean) tell the
#: fit's shade from its white; only they measure how much white glare added.
FIT_COLOUR = 300.0
#: ...and are believed up to this many times the whitening: shadows and the art's edges give
#: the fit a ``b`` where no glare is, and glare that dims a board adds at most about 1.5
#: times the white its darkest channel shows.
FIT_AT_MOST = 1.5
#: Whitening whose fitted white is under this share of it is more light, not glare (the
#: scenes' glare: 1.2-1.3 at the tenth percentile of eight tuning boards; the owner's shadow
#: on the empty-board photo: 0.13-0.43 but for one small patch at 0.82).
NEUTRAL = 0.6
#: ...judged on at least this many coloured reference pixels (px) of the patch.
NEUTRAL_MIN_PX = 200
#: Whitening whose fit shows this little of the board's art (``a``, median over the patch's
#: unclipped coloured reference pixels; at least ``NEUTRAL_MIN_PX`` of them) hides the board:
#: something white lies on it (a white die: -0.05 to -0.03), not glare (0.56 and more).
OPAQUE = 0.25
#: Frame pixels this bright in any channel are clipped: their ``a`` says nothing.
CLIPPED = 250.0


@dataclass(frozen=True)
class Whitening:
    """One frame's whitening against the reference (board raster, float32): the fit's white
    ``added`` per pixel, the reference ``r``, the unchanged board ``board`` (0 or 1), the
    whitening ``smooth`` (averaged over ``k`` px), the frame ``f`` (its light's cast and
    broad shadow divided out)."""

    added: npt.NDArray[np.float32]
    r: npt.NDArray[np.float32]
    board: npt.NDArray[np.float32]
    smooth: npt.NDArray[np.float32]
    k: int
    f: npt.NDArray[np.float32]
    #: The level at which a frame pixel is clipped (``CLIPPED``, times the exposure's gain).
    clipped: float = CLIPPED

    @cached_property
    def _over(self) -> npt.NDArray[np.bool_]:
        """Where the whitening is over ``GLARE_LEVEL``."""
        over: npt.NDArray[np.bool_] = self.smooth > GLARE_LEVEL
        return over

    @cached_property
    def _glare_box(self) -> tuple[slice, slice] | None:
        """The box around ``_over``, with a margin of ``k``."""
        return box_around(self._over, self.k)

    @cached_property
    def _patches(self) -> tuple[int, npt.NDArray[np.int32]]:
        """The connected patches of ``_over`` within ``_glare_box``: their number plus one, and
        their labels (0: none)."""
        box = self._glare_box
        assert box is not None
        n, lab = cv2.connectedComponents(self._over[box].astype(np.uint8), connectivity=8)
        return n, np.asarray(lab, np.int32)

    @cached_property
    def _coloured(self) -> npt.NDArray[np.bool_]:
        """Within ``_glare_box``: the unchanged board whose reference channels spread over
        ``FIT_COLOUR`` (it tells the fit's shade from its white)."""
        box = self._glare_box
        assert box is not None
        r = self.r[box]
        rc = r - r.mean(axis=2, keepdims=True)
        spread = (rc * rc).sum(axis=2)
        coloured: npt.NDArray[np.bool_] = (self.board[box] > 0) & (spread > FIT_COLOUR)
        return coloured

    @cached_property
    def _fitted_white(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Within ``_glare_box``: the fit's ``b`` averaged over ``k`` px of unchanged,
        coloured reference, and how much of those ``k`` px were (0-1)."""
        box, k = self._glare_box, self.k
        assert box is not None
        wgt = self._coloured.astype(np.float32)
        den = np.asarray(cv2.blur(wgt, (k, k)), np.float32)
        fit = cv2.blur(self.added[box] * wgt, (k, k)) / np.maximum(den, 1e-3)
        return fit.astype(np.float32, copy=False), den

    def white_added(self) -> npt.NDArray[np.float32]:
        """The white glare added at each pixel. Within glare (``smooth`` above
        ``GLARE_LEVEL``): the fit's ``b`` averaged over ``k`` px of unchanged, coloured
        reference (``FIT_COLOUR``), kept between the whitening ``smooth`` and ``FIT_AT_MOST``
        times it. Elsewhere, or where too little of the board around has colour: ``smooth``
        (a light a little brighter than the board's median whitens bright art too, and the
        fit there is not glare's)."""
        smooth, box = self.smooth, self._glare_box
        if box is None:
            return smooth
        fit, den = self._fitted_white
        near = smooth[box]
        sure = (den > 0.1) & (near > GLARE_LEVEL)
        out = smooth.astype(np.float32)
        out[box] = np.where(sure, np.clip(fit, near, near * FIT_AT_MOST), near)
        return out

    def more_light(self, lifted: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_] | None:
        """The parts of ``lifted`` (whitened at all) whose whitening is only more light than
        in the empty-board photo: each holds a patch over ``GLARE_LEVEL`` whose fitted white
        is under ``NEUTRAL`` times its whitening, and none that is glare. None: no such
        part."""
        box = self._glare_box
        if box is None:
            return None
        fit, den = self._fitted_white
        n, lab = self._patches
        near = self.smooth[box]
        light: list[int] = []
        lamp: list[int] = []
        for i in range(1, n):
            sure = (lab == i) & (den > 0.1)
            if np.count_nonzero(sure) < NEUTRAL_MIN_PX:
                continue
            share = float(np.median(fit[sure] / near[sure]))
            (light if share < NEUTRAL else lamp).append(i)
        if not light:
            return None
        # Glare in the same part: left as glare.
        out = parts_of(lifted, self._mask(light), unless=self._mask(lamp))
        return out if out.any() else None

    def opaque(self) -> npt.NDArray[np.bool_] | None:
        """The patches over ``GLARE_LEVEL`` where the board's art does not show through the
        white: something white lies there (``OPAQUE``). None: no such patch."""
        box = self._glare_box
        if box is None:
            return None
        n, lab = self._patches
        f, r = self.f[box], self.r[box]
        use = self._coloured & (brightest(f) < self.clipped)
        hidden: list[int] = []
        for i in range(1, n):
            sel = (lab == i) & use
            if np.count_nonzero(sel) < NEUTRAL_MIN_PX:
                continue
            if float(np.median(shade_fit(f[sel], r[sel]))) < OPAQUE:
                hidden.append(i)
        return self._mask(hidden) if hidden else None

    def _mask(self, patches: list[int]) -> npt.NDArray[np.bool_]:
        """The board-sized mask of the numbered ``_patches``."""
        box = self._glare_box
        assert box is not None
        out = np.zeros(self._over.shape, bool)
        out[box] = np.isin(self._patches[1], patches)
        return out


def shade_fit(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32]
) -> npt.NDArray[np.floating[Any]]:
    """The shade ``a`` of the least-squares fit ``f ~ a r + b`` per pixel (channels last),
    unclipped: how much of the reference's art shows in ``f``."""
    f0, f1, f2 = f[..., 0], f[..., 1], f[..., 2]
    r0, r1, r2 = r[..., 0], r[..., 1], r[..., 2]
    fm = (f0 + f1 + f2) / 3
    rm = (r0 + r1 + r2) / 3
    c0, c1, c2 = r0 - rm, r1 - rm, r2 - rm
    a = ((f0 - fm) * c0 + (f1 - fm) * c1 + (f2 - fm) * c2) / (c0 * c0 + c1 * c1 + c2 * c2 + 30.0)
    return a


def parts_of(
    mask: npt.NDArray[np.bool_],
    seeds: npt.NDArray[np.bool_],
    unless: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.bool_]:
    """The connected parts of ``mask`` that hold a pixel of ``seeds`` (and none of
    ``unless``)."""
    n, parts = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
    keep = np.zeros(n, bool)
    keep[parts[seeds & mask]] = True
    if unless is not None:
        keep[parts[unless & mask]] = False
    keep[0] = False
    out: npt.NDArray[np.bool_] = keep[parts]
    return out


def board_average(
    values: npt.NDArray[np.float32], board: npt.NDArray[np.float32], k: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """``values`` averaged over the unchanged ``board`` (0 or 1) within ``k`` px (a box), and
    the share of those ``k`` px that is board; where almost none is (under 0.05), the sum
    over 0.05."""
    share = f32(cv2.blur(board, (k, k)))
    out = f32(cv2.blur(values * board, (k, k)) / np.maximum(share, 0.05))
    return out, share


def box_around(mask: npt.NDArray[np.bool_], k: int) -> tuple[slice, slice] | None:
    """The box around ``mask``'s pixels with a margin of ``k`` (a ``k`` box blur inside it
    is exact there), or None."""
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return None
    h, w = mask.shape
    y0, y1 = max(int(ys.min()) - k, 0), min(int(ys.max()) + k + 1, h)
    x0, x1 = max(int(xs.min()) - k, 0), min(int(xs.max()) + k + 1, w)
    return np.s_[y0:y1, x0:x1]

"""The camera's colours mixed otherwise than in the empty-board photo: its colour matrix moved.

A camera gives each colour back through a colour matrix, in linear light, before its tone
curve. The Pi camera's is chosen by the temperature its auto white balance judges the light
at (``rpi.ccm`` in its tuning file: five matrices from 2964 K to 7590 K), and that judgement
can move between the owner's photos and the game's. The matrices differ by more than a gain
per channel: from 2964 K to 3610 K the blue that comes back takes 0.28 of the green. A gain
per channel is what ``reference.compare`` divides out; a mixing is not. Its mark is the
contrast (``tones.contrast``): the channels' move apart, where another tone curve moves all
three alike (``tones.channels_apart``). A lamp changed while the camera holds the white
balance of the owner's photos (``vision.white_balance``) mixes them too: the lamp's colour is
a gain per channel in the sensor's colours, which the matrix gives back mixed.

There ``mixing`` measures it over the board, in linear light, where the light is the same in
both photos: both rasters smoothed as for the contrast (``tones.SMOOTH_MM``), within each
``tones.WINDOW_MM`` window of board whose colours vary in every direction (``TEXTURE``), the
frame's deviations from its mean as a matrix times the reference's (``f - mean f = A (r -
mean r)``: a lamp's fall-off, a shadow or a glare's white, even over the window, do not
count), the windows' covariances pooled in one least-squares fit; then fitted again, each
window weighed down where its residual through the fit is over ``OUTLIER`` times the
windows' median (a piece or its shadow, in the frame and not in the reference), ``ROUNDS``
times. The two photos are then compared in the more saturated one's colours
(``into_frame``): either the reference is put through the mixing (``mixed``, its rows over
their diagonal; the pieces' colours too, ``mixed_pieces``), or ``unmixed`` takes it out of
the frame, ``D A^-1`` with ``D`` its diagonal. Either way the cast is left, which
``compare`` goes on to measure and divide out as before.

Measured on the realistic generator's boards (seeds 39700-39701; rows over their diagonal):
the matrix at 3610 K over the one at 2964 K (blue takes 0.276 of green, red 0.070, blue
-0.044 of red) read 0.32 and 0.31, 0.07 and 0.05, -0.06 and -0.06; the other way round
(-0.215) -0.20 and -0.21. The median of each window's own fit (rows over their diagonal),
the rasters unsmoothed, had read 0.29 and 0.31, 0.13 and 0.12, -0.11 and -0.10; -0.25 and
-0.24. Over 62 boards of five conditions (those and 39800-39809: 20 and 30 degrees, glare,
4640 K, the other way round) the share furthest from the truth's was 0.022 off on average,
0.044 at worst (0.062 and 0.114 before); the realistic generator's empty boards 100-102,
two poses through the two matrices and no pieces, read 0.013-0.026 off: so much is the
photos' own (their noise, their sharpness). The truth's shares put in its place did no
better: boards 39800-39829 98.7% exact the other way round (98.2% as measured), 98.1% under
glare (98.5%). Taken out (with the median), the three channels' contrast came back to
0.91-1.07 of the reference's (0.62-1.61 before).

Fresh boards 40200-40229, 30 a condition, exact (pond, faction) counts of 1560, against the
median of each window's fit: 3610 K at 20 degrees 1556 (99.7%; 1543, 98.9%), at 30 degrees
1546 (99.1%; 1521, 97.5%), under glare 1545 (99.0%; 1530, 98.1%), 4640 K 1556 (99.7%; 1541,
98.8%), the other way round 1532 (98.2%; 1442, 92.4%), a third of the way 1558 (99.9%, the
same: on boards 39800-39809 its contrast was never far enough from the same camera's for
the mixing to be looked at); no board refused but under a hand (all 30, as before), every
wrong pond named by a warning.

The other way round, compared in the frame's colours (``into_frame``) rather than in the
reference's: the frame's mixing taken out brought a red frog's green back at 15 levels
against the colours' photo's 26, and pieces' rims and shaded sides read as another faction
(a wizard or pumpkin frog counted as a stacked frog's side). Fresh boards, 30 each, exact
counts of 1560: 40200 1553 (99.6%; 1532, 98.2%), 40400 1546 (99.1%; 1541, 98.8%), and on
sets looked at before, 40000 1538 (98.6%; 98.1%) and 40300 1545 (99.0%; 98.0%). Compared
so under every mixing that saturates, the held lamp's changes fell (a colder lamp on 40200:
93.8%, the board read as glare): ``MOST_CUT`` keeps those in the reference's colours, and
they and the matrix moved the other way (3610 K, 4640 K, a third of the way: the frame's
colours the less saturated) print the same lines as before on 40400 (ten conditions, a hand
over the map among them).
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest, darkest
from vision.cvarrays import f32
from vision.pond.model import BoardModel
from vision.pond.pieces import RGB, Pieces
from vision.pond.power_law import encoded, linear
from vision.pond.tones import off_markers, shrunk, smoothed, windows

#: A window is used where the reference's colours vary in every direction by at least this
#: (the least eigenvalue of their covariance, linear levels squared): on plain paint the
#: matrix is not told.
TEXTURE = 10.0
#: ...and the mixing is told only where at least this many such windows are seen...
LEAST_WINDOWS = 100
#: ...of the windows centred every this many pixels of the ``shrunk`` rasters (4.5 mm).
STRIDE = 3
#: A mixing further from a gain per channel than this (its condition number) is not taken
#: out (the Pi camera's matrices at 2964 K and 3610 K, one over the other: 1.4).
MOST_SKEW = 10.0
#: The windows are pooled, each weighed down where the frame is not the reference through
#: the pooled matrix (a piece, its shadow: its residual over this many times the windows'
#: median residual, weighed by how many times), in this many rounds.
OUTLIER = 2.0
ROUNDS = 5
#: The reference is mixed into the frame's colours only where that takes at most this share
#: of the board under 0 in any channel (``into_frame``).
MOST_CUT = 0.01


def mixing(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], model: BoardModel
) -> npt.NDArray[np.float64] | None:
    """The frame's colours against the reference's, ``A`` (3x3, BGR, linear light, ``f = A
    r``; green's gain 1), over the board; None where too few textured windows are seen."""
    fs, rs = shrunk(f), shrunk(r)
    # Both smoothed as for the contrast: the two photos' own noise and sharpness, left in,
    # read as a mixing of their own.
    fb, rb = smoothed(fs, model), smoothed(rs, model)
    fl, rl = linear(fb), linear(rb)
    ok = off_markers(fs, model) & (darkest(fb) > 12) & (darkest(rb) > 12)
    ok &= (brightest(fb) < 250) & (brightest(rb) < 250)
    mean, full = windows(ok, model)
    x = [np.where(ok, rl[..., k], 0.0).astype(np.float32) for k in range(3)]
    y = [np.where(ok, fl[..., k], 0.0).astype(np.float32) for k in range(3)]
    mx, my = [mean(v) for v in x], [mean(v) for v in y]
    crr = np.empty((*ok.shape, 3, 3), np.float32)  # each window's covariances
    cfr = np.empty((*ok.shape, 3, 3), np.float32)
    cff = np.empty((*ok.shape, 3, 3), np.float32)
    for k in range(3):
        for j in range(k, 3):
            crr[..., k, j] = crr[..., j, k] = mean(x[k] * x[j]) - mx[k] * mx[j]
            cff[..., k, j] = cff[..., j, k] = mean(y[k] * y[j]) - my[k] * my[j]
        for c in range(3):
            cfr[..., c, k] = mean(y[c] * x[k]) - my[c] * mx[k]
    grid = np.zeros_like(full)
    grid[::STRIDE, ::STRIDE] = True  # windows overlap: every third tells as much, in a ninth
    full &= grid
    c_rr = crr[full].astype(np.float64)
    use = np.linalg.eigvalsh(c_rr)[:, 0] > TEXTURE
    if np.count_nonzero(use) < LEAST_WINDOWS:
        return None
    c_rr, c_fr, c_ff = (c[full][use].astype(np.float64) for c in (crr, cfr, cff))
    texture = np.trace(c_rr, axis1=1, axis2=2)
    weight = np.ones(len(c_rr))
    for _ in range(ROUNDS):
        a = np.einsum("n,nij->ij", weight, c_fr) @ np.linalg.inv(
            np.einsum("n,nij->ij", weight, c_rr)
        )
        # Each window's residual, f - A r: its covariance's trace, over its texture's.
        rest = c_ff - a @ c_fr.transpose(0, 2, 1) - c_fr @ a.T + a @ c_rr @ a.T
        e = np.trace(rest, axis1=1, axis2=2) / texture
        weight = 1.0 / np.maximum(1.0, e / (OUTLIER * max(float(np.median(e)), 1e-12)))
    out: npt.NDArray[np.float64] = a / a[1, 1]
    if not np.all(np.isfinite(out)) or np.any(np.diag(out) <= 0):
        return None
    if np.linalg.cond(out) > MOST_SKEW:
        return None  # no camera's matrices differ so: nothing to take out
    return out


def off_diagonal(a: npt.NDArray[np.float64]) -> float:
    """The largest share of another channel in one (``A``'s rows divided by their diagonal)."""
    return float(np.abs(shares(a) - np.eye(3)).max())


def shares(a: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``A``'s rows divided by their diagonal: each channel's share of the others (``A`` less
    its diagonal, a gain per channel: the cast, which ``reference.compare`` divides out)."""
    out: npt.NDArray[np.float64] = a / np.diag(a)[:, None]
    return out


def into_frame(
    r: npt.NDArray[np.float32], a: npt.NDArray[np.float64]
) -> npt.NDArray[np.float32] | None:
    """The reference ``r`` in the frame's colours (``mixed``), where the two photos are best
    compared there; None where they are best compared in the reference's (the frame's mixing
    taken out, ``unmixed``).

    They are compared in the more saturated photo's colours: there the pieces' colours lie
    furthest apart, and a piece's weakest channel (the green of a red piece: 2.7 of 255 in
    linear light through the Pi camera's matrix at 3610 K, 6.4 at 2964 K) is furthest above
    the noise. A mixing whose shares of other channels add up to less than its inverse's
    takes channels away from each other: it saturates (the matrix at 2964 K over the one at
    3610 K: -0.20 against 0.27 on board 40201). But not where it would take more than
    ``MOST_CUT`` of the board under 0 in a channel: the reference's colours cut at 0 are lost.
    A lamp changed while the camera holds its white balance mixes so (board 40201: a
    colder lamp -0.05 against -0.02, 24% of the board's red under 0; the matrix moved, at
    most 0.1%), and mixed into the frame's colours its board read as glare.
    """
    inverse: npt.NDArray[np.float64] = np.linalg.inv(a).astype(np.float64)
    mix = shares(a)
    if float(mix.sum()) >= float(shares(inverse).sum()):
        return None
    lin = _linear_through(r, mix)
    if float((lin < 0).mean(axis=(0, 1)).max()) > MOST_CUT:
        return None
    return encoded(np.clip(lin, 0.0, 255.0))


def _linear_through(
    f: npt.NDArray[np.float32], t: npt.NDArray[np.float64]
) -> npt.NDArray[np.float32]:
    """Picture levels ``f`` through the matrix ``t`` in linear light, not yet cut to 0-255."""
    return f32(cv2.transform(linear(np.minimum(f, 255.0)), t.astype(np.float32)))


def _through(f: npt.NDArray[np.float32], t: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    return encoded(np.clip(_linear_through(f, t), 0.0, 255.0))


def unmixed(f: npt.NDArray[np.float32], a: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    """The frame ``f`` (picture levels, BGR) with the mixing ``a`` taken out in linear light
    (``D A^-1``, D its diagonal), the cast left; a colour taken under 0 is 0."""
    return _through(f, np.diag(np.diag(a)) @ np.linalg.inv(a))


def mixed(r: npt.NDArray[np.float32], a: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    """The reference ``r`` (picture levels, BGR) through the mixing ``a`` in linear light, its
    cast left out (``shares``): the frame's colours but for the cast; a colour taken under 0
    is 0, one over 255 is 255."""
    return _through(r, shares(a))


def mixed_pieces(pieces: Pieces, a: npt.NDArray[np.float64]) -> Pieces:
    """``pieces`` with their colours as ``mixed`` gives them back."""

    def one(rgb: RGB) -> RGB:
        px = np.array([[rgb[::-1]]], np.float32)
        b, g, r = (round(float(v)) for v in mixed(px, a)[0, 0])
        return (r, g, b)

    factions = {name: one(rgb) for name, rgb in pieces.factions.items()}
    return dataclasses.replace(pieces, factions=factions, lilypad_rgb=one(pieces.lilypad_rgb))

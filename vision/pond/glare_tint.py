"""The colour of another light's glare: a white of that colour over the board, once the
light's cast is divided out.

Under a cast the colour is the cast's inverse (``reference.compare``'s ``tint``: another
light, white in the camera). With no cast a glare can still have a colour of its own: a
window's daylight reflected on a board lit, and photographed empty, under a warmer lamp.
Explained with a white one, its colour is left over, which no piece has, and the board was
refused as a hand (tuning boards 100-129 under such a glare, bluish: 6 of 30).

``own_colour`` looks for it along the line from blue to red, the colours of lights: over the
glare's pixels (a sample), each colour's fit ``f ~ a r + b colour`` (``fit_tinted``) leaves a
median misfit, and the best is taken where it fits the glare well (``MOST_MISFIT``), clearly
better than white (``TINT_SHARE``), is not white (``LEAST_SHIFT``) nor at the end of the
colours tried, and white itself does not fit far worse (``WHITE_MISFIT``). On tuning boards 103
and 111: a window's glare, best 0.075 (blue over red, log), 0.19 and 0.27 of white's misfit;
the lamp's glare, through the power law or in the picture's levels, 0.0 and -0.025 (1.00,
0.99 and 0.76); no glare but a few pieces' pixels, misfits of 40 levels and more.

The colour taken is then fitted again where a reflection adds, in linear light, blue and red
each free (``_in_linear_light``): it is undone in linear light (``glare_out``), where the
levels' colour was too blue (a window's glare of (1.08, 1, 0.88) read (1.08, 1, 0.93) in the
levels, about (1.18, 1, 0.85) in linear light) and left cowboy frogs under it with no blue,
read as pumpkin (tuning 100-129: 1,538 exact of 1,560 with the levels' colour, 1,556 with
the linear one; fresh 39200: 1,537 and 1,549).

Where the levels take no colour, the linear one is still taken when it is far from white
there and explains the glare, measured in the levels, clearly better than any levels colour
(``LINEAR_SHARE``): a warm lamp's glare of (0.88, 1, 1.08) in linear light read u = -0.025
in the levels, under ``LEAST_SHIFT``, and its red, left over, turned cowboy frogs pumpkin
and washed pieces banana (tuning 100-129 under it: 1,533 exact of 1,560 without its colour,
1,554 with it). A glare added in the levels (a camera with a linear response) is explained
worse in linear light than in the levels, and keeps white; 3 of 330 such tuning boards under
the strongest glare took a colour (glare 0.95, or 0.85 and 0.95 on a corner marker) and
counted the same pairs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vision.picamera_source import TONE_GAMMA
from vision.pond.power_law import encoded, linear

#: Glare pixels (of the board raster) needed to judge its colour: a patch, not a piece.
LEAST_PX = 5000
#: The glare judged on at most about this many of its pixels.
SAMPLE = 4000
#: The best colour's median misfit (levels, RMS) at most this: the glare explained by it.
MOST_MISFIT = 3.0
#: ...and under this share of white's...
TINT_SHARE = 0.5
#: ...and at least this far from white (blue over red, log, each way from green).
LEAST_SHIFT = 0.05
#: ...and white's own misfit at most this: the glare nearly white still (a lamp's or a
#: window's), not something of a colour far from any light's (a hand under the glare fitted
#: red at the end of ``SHIFTS``, white's misfit 13-24 levels, on tuning boards 102, 114, 121).
WHITE_MISFIT = 10.0
#: The colours tried: blue and red scaled by exp(+-u), green kept; one at either end is not
#: taken (a colour further off, not a light's).
SHIFTS = np.arange(-8, 9) * 0.025
#: The colour taken is then fitted again in linear light (``_in_linear_light``): the steps of
#: its search (log blue and log red over green)...
LINEAR_STEPS = (0.1, 0.05, 0.025)
#: ...and how far from white it may go (log, each).
LINEAR_MOST = 0.5
#: Where the picture's levels take no colour, one at least ``LEAST_SHIFT * TONE_GAMMA`` from
#: white in linear light (short of ``LINEAR_MOST``) is taken where its misfit, measured in the
#: levels, is under this share of the best levels colour's: a warm lamp's glare of (0.88, 1,
#: 1.08) in linear light read u = -0.025 in the levels, 0.64-0.78 against 0.90-1.13 levels
#: (tuning boards 100-103), where a glare added in the levels (a camera with a linear
#: response) fits worse in linear light (1.11-1.43 against 1.05-1.25).
LINEAR_SHARE = 0.9


def own_colour(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], glare: npt.NDArray[np.bool_]
) -> npt.NDArray[np.float32] | None:
    """The colour (BGR) of the glare over ``glare``'s pixels of the frame ``f`` against the
    reference ``r``, where it is clearly not white (the module docstring); None: white, or
    too little glare to tell."""
    ys, xs = np.nonzero(glare)
    if len(ys) < LEAST_PX:
        return None
    step = max(1, len(ys) // SAMPLE)
    fs, rs = f[ys[::step], xs[::step]], r[ys[::step], xs[::step]]
    colours = [np.array([np.exp(u), 1.0, np.exp(-u)], np.float32) for u in SHIFTS]
    misfit = [float(np.median(fit_tinted(fs, rs, c))) for c in colours]
    best = int(np.argmin(misfit))
    white = misfit[int(np.argmin(np.abs(SHIFTS)))]
    if misfit[best] > MOST_MISFIT or white > WHITE_MISFIT:
        return None
    in_levels = misfit[best] < TINT_SHARE * white
    in_levels &= LEAST_SHIFT <= abs(float(SHIFTS[best])) < float(SHIFTS[-1])
    colour, shift, its_misfit = _in_linear_light(fs, rs)
    if in_levels:
        return colour
    # Declined in the levels: a glare far from white in linear light that explains the glare,
    # in the levels, clearly better than any colour fitted there (a warm lamp's).
    far = LEAST_SHIFT * TONE_GAMMA <= shift < LINEAR_MOST
    if far and its_misfit <= MOST_MISFIT and its_misfit < LINEAR_SHARE * misfit[best]:
        return colour
    return None


def _in_linear_light(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32]
) -> tuple[npt.NDArray[np.float32], float, float]:
    """The glare's colour (BGR, green 1, in the picture's levels) fitted where it adds: in
    linear light (the camera's power law undone), blue and red each free, by a pattern search
    from white (steps ``LINEAR_STEPS``, within ``LINEAR_MOST``); with how far it is from
    white in linear light (the larger of log blue and log red over green) and its median
    misfit in the picture's levels. Fitted in the picture's levels, a window's glare of
    (1.08, 1, 0.88) in linear light read (1.08, 1, 0.93), which is (1.18, 1, 0.85) in linear
    light: too blue, it left washed red pieces with no blue, read as pumpkin or as no faction
    (boards 39100-39129 under a window's glare: 1,528 exact of 1,560 with the levels' colour,
    1,542 with the linear one)."""
    fl, rl = linear(np.minimum(f, 255.0)), linear(np.minimum(r, 255.0))

    def misfit(b: float, red: float) -> float:
        c = np.array([np.exp(b), 1.0, np.exp(red)], np.float32)
        return float(np.median(fit_tinted(fl, rl, c)))

    at, best = (0.0, 0.0), misfit(0.0, 0.0)
    for step in LINEAR_STEPS:
        moved = True
        while moved:
            moved = False
            for db in (-step, 0.0, step):
                for dr in (-step, 0.0, step):
                    b, red = at[0] + db, at[1] + dr
                    if (db or dr) and max(abs(b), abs(red)) <= LINEAR_MOST:
                        m = misfit(b, red)
                        if m < best:
                            at, best, moved = (b, red), m, True
    colour = np.array([np.exp(at[0]), 1.0, np.exp(at[1])], np.float32)
    e = f - encoded(np.minimum(fitted(fl, rl, colour), 255.0))
    in_levels = float(np.median(np.sqrt((e * e).mean(axis=1))))
    in_picture = (colour ** (1.0 / TONE_GAMMA)).astype(np.float32)
    return in_picture, max(abs(at[0]), abs(at[1])), in_levels


def fit_tinted(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], tint: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """Residual RMS of the least-squares ``f ~ a r + b tint`` ((N, 3) pixels; ``tint`` a BGR
    colour scaled to mean 1; a in 0-4, b >= 0): ``reference._fit`` with a white of that colour."""
    e = f - fitted(f, r, tint)
    out: npt.NDArray[np.float32] = np.sqrt((e * e).mean(axis=1)).astype(np.float32)
    return out


def fitted(
    f: npt.NDArray[np.float32], r: npt.NDArray[np.float32], tint: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """``fit_tinted``'s fit: ``a r + b tint`` for each pixel."""
    t = (tint / tint.mean()).astype(np.float32)
    u = t / np.linalg.norm(t)
    pf = f - (f @ u)[:, None] * u
    pr = r - (r @ u)[:, None] * u
    a = np.clip((pf * pr).sum(axis=1) / ((pr * pr).sum(axis=1) + 30.0), 0.0, 4.0)
    b = ((f - a[:, None] * r) @ t) / float(t @ t)
    neg = b < 0
    a = np.where(neg, (f * r).sum(axis=1) / ((r * r).sum(axis=1) + 1.0), a)
    b = np.maximum(b, 0.0)
    out: npt.NDArray[np.float32] = (a[:, None] * r + b[:, None] * t).astype(np.float32)
    return out

"""A photo's exposure against the usual one, for the empty-board comparison
(``vision.pond.reference``).

The comparison's levels (a change of 15, the dark level, the glare's whitening) are set for
the usual photo. A camera whose auto exposure is set darker gives a darker frame and a darker
empty-board photo: its pieces' colours fall towards the dark level and their differences from
the board towards the change level (0.7 of the light read 96.4% at 30 degrees, 0.5 of it
88.9% at 20, on fresh boards of the realistic generator). The markers' white paper tells the
exposure apart from the board's art: both photos are brightened by the same gain to put it
at ``EXPOSURE_WHITE``. A frame darker than its empty-board photo (the auto exposure set
lower for it alone) is then brightened to the reference's level (``frame_gain``). A brighter
photo is not darkened (what the sensor cut at white is
lost); the paper cut at white marks it (``brighter_than_usual``), and ``vision.pond.clipped``
then judges the colours the camera cut. A camera with an exposure control is steered away
from both (``next_exposure_value``, from ``marker_paper``): half a stop less while the
paper is cut at white, more when it is very dark.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest
from vision.pond.model import BoardModel

#: The levels here and in the counter are set for a photo in which the markers' white paper
#: (the marker zones' 90th percentile, grey) reaches about this level; the usual exposure
#: puts it at 226-235. A darker photo (the camera's auto exposure set lower) is brightened to
#: it, the frame and the reference alike. The paper, not the board's art, measures the
#: exposure: a board with darker art is not a darker photo.
EXPOSURE_WHITE = 215.0
#: ... by at most this much.
EXPOSURE_MAX_GAIN = 4.0
#: A gain under this is the usual exposure's own spread (the paper at 205-215; its lowest
#: on 540 boards of the usual exposure: 211.7), and is not applied: at the usual exposure
#: nothing changes.
EXPOSURE_MIN_GAIN = 1.05
#: A photo whose markers' paper reads this or more is brighter than the usual one (the
#: camera's auto exposure set higher): at 1.3 times the usual light the paper is cut at 255.
#: Only then are colours cut at white judged (``vision.pond.clipped``): at the usual exposure
#: that judging cost the glare conditions 3-10 exact counts on the tuning boards (stop 49).
PAPER_CUT = 245.0


def kept_past_white(fn: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Each pixel with a channel over 255 (brightened past white), its three channels scaled
    down together to bring that channel to 255, so it keeps its colour: clipped alone, a
    pumpkin frog's red would be cut and the rest read as banana. Used where a dark photo was
    brightened (``exposure_gain``). At the usual exposure channels are clipped alone, as
    they were measured: scaling them there too changed no count and no warning on 270
    fresh boards of the ten default conditions (stop 48)."""
    peak = brightest(fn)[..., None]
    out: npt.NDArray[np.float32] = np.where(peak > 255, fn * (255 / np.maximum(peak, 1)), fn)
    return out


def exposure_gain(frame_paper: float | None, ref_paper: float | None) -> float:
    """How much to brighten a dark photo, from the two photos' papers (``paper_level``):
    ``EXPOSURE_WHITE`` over the frame's or the reference's, whichever is brighter (a shadow
    over one photo's markers leaves the other's level); at most ``EXPOSURE_MAX_GAIN``. 1
    under ``EXPOSURE_MIN_GAIN``, and when the layout has no marker zone (None)."""
    if frame_paper is None or ref_paper is None:
        return 1.0
    gain = EXPOSURE_WHITE / max(frame_paper, ref_paper, 1.0)
    return 1.0 if gain < EXPOSURE_MIN_GAIN else min(gain, EXPOSURE_MAX_GAIN)


def paper_level(raster: npt.NDArray[Any], model: BoardModel) -> float | None:
    """The markers' white paper in a board raster: the marker zones' 90th percentile, grey
    (None when the layout has no marker zone)."""
    zone = model.marker_zone[::3, ::3]
    if not zone.any():
        return None
    return float(np.percentile(raster[::3, ::3][zone].astype(np.float32).mean(axis=1), 90))


#: A marker whose black cells (its zone's 10th percentile) read more than this share of its
#: paper (the 90th) is under a lamp's glare: printed black reads under a fifth of the paper
#: at the usual exposure, and stays under half in a photo bright enough to cut the paper at
#: white up to about +1.5 EV (the steering measured there); a lamp's glare takes it over.
GLARED_MARKER = 0.5


def marker_paper(raster: npt.NDArray[Any], model: BoardModel) -> float | None:
    """The markers' white paper for the camera's exposure (``next_exposure_value``): each
    marker's own level (its zone's 90th percentile, grey), the brightest of them, leaving
    out a marker under a lamp's glare (``GLARED_MARKER``): the glare, not the exposure, cuts
    its paper at white. None when the layout has no marker zone or every marker is glared."""
    zone = model.marker_zone[::3, ::3]
    n, labels = cv2.connectedComponents(zone.astype(np.uint8))
    grey = raster[::3, ::3][zone].astype(np.float32).mean(axis=1)  # the zones' pixels only
    which = labels[zone]
    levels = []
    for k in range(1, n):
        dark, paper = np.percentile(grey[which == k], [10, 90])
        if dark <= GLARED_MARKER * paper:
            levels.append(float(paper))
    return max(levels) if levels else None


def brighter_than_usual(frame_paper: float | None) -> bool:
    """Whether a photo is brighter than the usual one: its markers' paper (``paper_level``, or
    ``marker_paper``) is cut at white (``PAPER_CUT``). Only when both say so does the counter
    have ``vision.pond.clipped`` judge the colours cut at white; ``marker_paper`` alone steers
    the camera (``next_exposure_value``)."""
    return frame_paper is not None and frame_paper >= PAPER_CUT


#: A frame darker than the empty-board photo by this much or more (the reference's paper over
#: the frame's, after ``exposure_gain``) is brightened to it, alone: the camera's auto
#: exposure set lower for a game's photo than for the empty board's (0.7 of the light in the
#: frame alone read 99.2-99.4% at 20 degrees on fresh boards, 99.7% with both photos alike).
#: Under it the two photos' own spread (the paper at 207-237 at the usual exposure) is left
#: to the comparison's light level.
FRAME_DARKER = 1.15


def frame_gain(frame_paper: float | None, ref_paper: float | None) -> float:
    """How much more to brighten the frame alone, from the two photos' papers
    (``paper_level``, as taken: a shared gain scales both alike): the reference's over the
    frame's when that is ``FRAME_DARKER`` or more (at most ``EXPOSURE_MAX_GAIN``); else 1,
    and when the layout has no marker zone (None)."""
    if frame_paper is None or ref_paper is None:
        return 1.0
    rel = ref_paper / max(frame_paper, 1.0)
    return 1.0 if rel < FRAME_DARKER else min(rel, EXPOSURE_MAX_GAIN)


#: The camera's exposure value (EV, picamera2's ``ExposureValue``: the auto exposure's bias in
#: stops) is moved by this much a frame when the markers' paper says the photo is too bright or
#: too dark (``next_exposure_value``).
EV_STEP = 0.5
#: ... and kept within this range: two stops either way of the auto exposure's own choice.
EV_LIMITS = (-2.0, 2.0)
#: A photo whose markers' paper reads under this is darker than any measured (0.5 of the usual
#: light puts it at about 115 and still counts as the usual photo does, after
#: ``exposure_gain``): the camera is asked for more light.
PAPER_DARK = 90.0


def next_exposure_value(frame_paper: float | None, ev: float) -> float | None:
    """The camera's exposure value for the next frames, from this frame's markers' paper
    (``marker_paper``) and the EV it was taken at: ``EV_STEP`` lower when the paper is cut at
    white (``brighter_than_usual``: colours cut at white are only judged, and past about
    +0.7 EV no longer told apart), ``EV_STEP`` higher under ``PAPER_DARK``. None to keep it:
    the paper unseen, between the two, or the EV at its limit (``EV_LIMITS``)."""
    if frame_paper is None:
        return None
    lo, hi = EV_LIMITS
    if brighter_than_usual(frame_paper):
        step = max(lo, ev - EV_STEP)
    elif frame_paper < PAPER_DARK:
        step = min(hi, ev + EV_STEP)
    else:
        return None
    return None if abs(step - ev) < 1e-9 else step

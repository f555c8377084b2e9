"""Another faction's colour at a lone frog's foot: a frog hidden under it?

Seen at a slant, a frog standing on a frog of another faction hides the lower frog's top
whole, but not the lower frog's near side (the side facing the camera): a band of the lower
frog's colour shows at the upper frog's foot. The count takes the upper frog for one frog
standing on the board, its base placed about a lean too far from the camera, so the band
lies within a lean of the counted base, on its near side (towards the camera's nadir).

The comparison with the empty board often calls that band unchanged: a side in shade is
dark, and ``a * reference + b`` explains a dark purple over dark blue water (or a thin band
is lost when thin lines are removed), so neither the colour patches nor the reach of the
changed pixels (``vision.pond.reach``) show it. Its colour still shows.

So for each lone frog seen at a lean, the pixels within a lean of its base on its near side
(grown by ``GROW_MM``) are looked at, and counted when:

- the comparison calls them unchanged (changed pixels are the counted pieces' own);
- the empty board there reads as the board (water or land: not art of a faction's colour);
- the frame reads another faction's colour there;
- that colour is not a blend of the frog's colour with the board's there: its
  chromaticity lies more than ``BLEND`` off the line between the two (a rim blurred into
  the board, in light or in shade, lies on that line);
- no other counted piece stands there (its swept outline, grown).

``FOOT_MM2`` or more of them name the frog's pond. The count is not changed here: the lower
frog's faction is seen, but not whether it is a frog or a Long Fwooog's end (where the frog
stands taller than one too, ``vision.pond.stacked`` counts a frog under it).
"""

from __future__ import annotations

import math
from collections import Counter

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.frames import Frame
from vision.pond import colours
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import Hidden
from vision.pond.model import fill_outline
from vision.pond.reach import leans_enough, lone_frogs, others_mask

#: Pixels within this much (mm) outside the base swept a lean towards the camera are looked at.
GROW_MM = 2.0
#: A colour this far (rg chromaticity) off the line of blends of the frog's colour with the
#: board's is another piece's own: on ten boards at 30 degrees with no stack, 95% of the
#: other factions' pixels at lone frogs' feet lay within 0.03 of it (90% within 0.024); the
#: lower frog's band at 17129 IE's banana frog lies 0.10-0.17 off.
BLEND = 0.03
#: This much (mm^2) of another faction's colour at a frog's foot names its pond.
FOOT_MM2 = 6.0


def underfoot_doubts(
    frame: Frame,
    empty: Frame,
    lut: colours.Labels,
    changed: npt.NDArray[np.bool_],
    counted: Counted,
    hidden: list[tuple[Hidden, str]] | None = None,
) -> list[tuple[str, str]]:
    """(pond, warning) for each lone frog with another faction's colour at its foot.

    ``frame`` and ``empty``: the frame's board raster (its light matched to the empty
    board's) and the empty board's (BGR); ``lut``: the colour table both are labelled with
    (``colours.build_lut``: only the windows at the frogs' feet are labelled); ``changed``:
    what the comparison with the empty board calls changed. ``hidden``, when given, gains
    each colour named (at the frog's place) and its warning (``vision.pond.stacked``).
    """
    model = counted.model
    out = []
    for i, n, colour in foot_colours(frame, empty, lut, changed, counted):
        if n < FOOT_MM2 * model.ppm**2:
            continue
        p = counted.found[i]
        assert p.pond is not None  # lone_frogs keeps only the frogs in a pond
        text = (
            f"pond {p.pond}: {colour} colour at the foot of the {p.faction} frog at "
            f"({p.x_mm:.0f}, {p.y_mm:.0f}) mm: a frog hidden under it? (not counted)"
        )
        out.append((p.pond, text))
        if hidden is not None:
            area = n / model.frog_area
            hidden.append((Hidden(p.pond, colour, p.x_mm, p.y_mm, area, at_foot=True), text))
    return out


def foot_colours(
    frame: Frame,
    empty: Frame,
    lut: colours.Labels,
    changed: npt.NDArray[np.bool_],
    counted: Counted,
) -> list[tuple[int, int, str]]:
    """(index into ``counted.found``, pixels, the commonest faction) of another faction's
    colour at the foot of each lone frog seen at a lean that has any (see the module)."""
    model, pieces = counted.model, counted.pieces
    names = list(pieces.factions)
    grow = max(1, round(GROW_MM * model.ppm))
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1))
    out = []
    for i in lone_frogs(counted.found):
        if not leans_enough(counted, i):
            continue
        p = counted.found[i]
        v = np.array(counted.shift_at_px[i], np.float64)
        half = math.ceil(pieces.frog_mm[0] / 2 * model.ppm + float(np.hypot(*v)) + grow + 2)
        x0, y0 = round(p.x_mm * model.ppm) - half, round(p.y_mm * model.ppm) - half
        h, w = changed.shape
        if x0 < 0 or y0 < 0 or x0 + 2 * half > w or y0 + 2 * half > h:
            continue
        window = (slice(y0, y0 + 2 * half), slice(x0, x0 + 2 * half))
        zone = np.zeros((2 * half, 2 * half), np.uint8)
        poly = swept_outline(
            "frog", p.x_mm, p.y_mm, p.angle_deg or 0.0, (-v[0], -v[1]), model, pieces
        )
        fill_outline(zone, poly, (x0, y0))
        zone = u8(cv2.dilate(zone, k))
        ys, xs = np.mgrid[0 : 2 * half, 0 : 2 * half]
        near = (xs + x0 - p.x_mm * model.ppm) * v[0] + (ys + y0 - p.y_mm * model.ppm) * v[1] < 0
        lab = colours.classify(frame[window], lut)
        board = colours.classify(empty[window], lut)
        own = names.index(p.faction) + 1
        other = (lab >= 1) & (lab <= len(names)) & (lab != own)
        look = (zone > 0) & near & other & ~changed[window] & (board == colours.BACKGROUND)
        look &= ~others_mask([i], counted, (x0, y0), 2 * half)
        py, px = np.nonzero(look)
        if not len(py):
            continue
        c = colours.chroma(frame[window][py, px])
        b = colours.chroma(empty[window][py, px])
        f = colours.chroma(np.array(pieces.factions[p.faction][::-1], np.float64))
        off = colours.off_segment(c, f, b) > BLEND
        if off.any():
            colour = Counter(lab[py[off], px[off]].tolist()).most_common(1)[0][0]
            out.append((i, int(np.count_nonzero(off)), names[colour - 1]))
    return out

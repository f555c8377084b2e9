"""A frog hidden under a frog of another faction: counted where two kinds of sign agree.

A frog standing on a frog of another faction hides the lower frog's top. Two kinds of check
see a sign of it, and each alone is too weak to change the count (each names the pond and
says "not counted"):

- **the lower frog's colour**: a patch of it that no counted piece explains
  (``unexplained.hidden_colours``: no piece counted in the patch, more colour than its
  pieces explain, or a part beside them under another faction's piece), or a band of it at
  a lone frog's foot (``vision.pond.underfoot``);
- **the upper frog stands taller than one frog**: its base reaches too far along the lean
  (``split.TALLER_DOUBT``), its changed pixels do (``vision.pond.reach``), or its shadow does
  (``vision.pond.shadow``).

Where both show at one frog, one frog of that colour is counted under it. The warnings of
both signs are replaced by one naming the pond and saying what was counted. A mark the split
read as 2 frogs of one core and taller is one frog on another (the stack's longer lean covers
a second frog's area, ``split._taller``), or two frogs pressed together along the line of
sight. It is counted as one frog with one of that colour under it only when the colour
covers at least ``blobs.HIDDEN_SIDE`` of a frog's area (the side check's own bar): that
changes two factions' counts, and two frogs pressed so (41912 N at 30 degrees, 40202 S in
another camera's colours) showed a sliver of another faction's colour, 0.07-0.08 of a frog's
area, where the frog under it would; the colour under the six such marks that were one frog
on another covered 0.17-0.3.

Where the colour must lie: the upper frog's base is found about a lean too far from the
camera (its top leans twice as far as one frog's), and the lower frog's near side shows
below it, towards the camera. So a patch of colour is taken for the frog under a taller frog
when it lies on the camera's side of that frog's base, between ``NEAR_SIDE`` and ``FAR_SIDE``
frog lengths from its centre along the lean, and within ``ACROSS`` frog widths of the lean's
line through it. A band at the foot is that frog's own. A frog seen at a lean under
``reach.MIN_LEAN_MM`` has no near side to tell: only a band at its foot is taken.

A frog of its own faction under a taller frog shows no colour apart from it. It is counted
(``count_own_under``, after the pairings above) when three signs agree: the frog is a lone
frog and stands taller; the patch of its own colour holding it alone holds more than one
frog explains (``unexplained.ONE_EXCESS``, the "more" warning); and the patch of anything
changed holding it alone covers at least ``OWN_COVERS`` of a frog's area more than one frog.
The frog above reaches one lean further, so both patches grow by about a lean's strip
(``Explained.one_more``, 0.26-0.59 there). On 41400-41429 and 41900-41929 with 3 stacks,
the taller frogs standing on one of their own with both signs covered 0.31-0.62 more (the
seven whose patches held them alone are counted); the three with their colour's "more" that
stood on another faction's frog (a cowboy frog's side read as wizard colour) covered 0.23
more, or had no such sign.

Not counted:

- colour of the taller frog's own faction (a frog of its own colour under it does not show
  apart from it);
- under a taller frog with a piece of another faction counted from its side within
  ``FAR_SIDE`` frog lengths (``blobs.SIDE_DOUBT``): what it stands on is counted already.

On boards 41400-41429, 41500-41529 and 41900-41929 with 3 stacks, 41600-41629 with two
lamps and with dim light, and 41900-41929 at 30 degrees, the patches that were the frog under
a taller frog lay 6-11 mm on its near side and 0-6 mm across (frogs 16 x 14 mm). The patches
a pairing would have taken wrongly lay 4 mm or less on the near side (each with a piece
counted from its side there: a banana frog's shaded side read as pumpkin), 18 mm on the far
side, or 20 mm across. The measured trade-off is in ``docs/pond-camera.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from vision.pond.blobs import HIDDEN_SIDE, SIDE_DOUBT
from vision.pond.counted import Counted
from vision.pond.explain import Explained
from vision.pond.found import CountedLilypad, CountedPiece, Hidden, on_pad
from vision.pond.model import BoardModel
from vision.pond.reach import MIN_LEAN_MM
from vision.pond.split import TALLER_DOUBT
from vision.pond.unexplained import colour_doubt, covers_more, covers_words

#: Where another faction's colour is taken for the frog under a taller frog (see the
#: module): from ``NEAR_SIDE`` to ``FAR_SIDE`` frog lengths on the camera's side of its centre
#: along the lean, and at most ``ACROSS`` frog widths off the lean's line through it.
NEAR_SIDE = 0.3
FAR_SIDE = 1.0
ACROSS = 0.5
#: A frog of its own faction is counted under a taller lone frog when the patch of anything
#: changed holding it alone covers at least this much (frog areas) more than one frog, its
#: own colour more than one frog explains too (see the module).
OWN_COVERS = 0.3


@dataclass(frozen=True)
class Stacked:
    """The pieces with the frogs counted under taller frogs, and the warnings they replace."""

    found: list[CountedPiece]
    replaced: set[str]
    #: (index into the pieces of the taller frog, the faction of the frog counted under it)
    under: list[tuple[int, str]] = field(default_factory=list)


def taller(found: list[CountedPiece]) -> dict[int, list[str]]:
    """The marks the split read as taller than one frog (index: no warning of their own;
    their doubt is the piece's)."""
    return {i: [] for i, p in enumerate(found) if p.doubt == TALLER_DOUBT}


def count_under(
    counted: Counted, tall: dict[int, list[str]], hidden: list[tuple[Hidden, str]]
) -> Stacked:
    """Count a frog under each taller frog with another faction's colour where the frog
    under it would show (see the module).

    ``tall``: index into ``counted.found`` of each frog some check says stands taller, and
    the warnings that said so; ``hidden``: each faction's colour no counted piece explains,
    and its warning. Each colour is taken once, for the taller frogs in order; by one frog,
    the nearest colour's faction, and every patch of it there is taken."""
    found = counted.found
    length, width = counted.pieces.frog_mm
    out = list(found)
    replaced: set[str] = set()
    used: set[int] = set()
    under: list[tuple[int, str]] = []
    for i in sorted(tall):
        p = found[i]
        if p.kind != "frog" or p.pond is None or p.frogs > 2:
            continue
        if any(
            q.doubt == SIDE_DOUBT and q.faction != p.faction and _apart(p, q) <= FAR_SIDE * length
            for q in found
        ):
            continue
        lean = np.array(counted.shift_at_px[i], np.float64) / counted.model.ppm
        cues = sorted(
            (_apart(p, h), k)
            for k, (h, _) in enumerate(hidden)
            if k not in used and h.pond == p.pond and h.faction != p.faction
            if (p.frogs == 1 or h.area >= HIDDEN_SIDE) and _below(p, h, lean, length, width)
        )
        if not cues:
            continue
        faction = hidden[cues[0][1]][0].faction
        same = [k for _, k in cues if hidden[k][0].faction == faction]
        used.update(same)
        replaced.update(hidden[k][1] for k in same)
        replaced.update(tall[i])
        under.append((i, faction))
        out[i] = replace(p, frogs=1, doubt=None)
        out.append(
            CountedPiece(
                "frog",
                faction,
                p.x_mm,
                p.y_mm,
                p.pond,
                p.share,
                doubt=(
                    f"hidden under the {p.faction} frog there, counted: {faction} colour shows "
                    f"beside it and the {p.faction} frog stands taller than one frog (look)"
                ),
            )
        )
    return Stacked(out, replaced, under)


def count_own_under(
    stacked: Stacked, counted: Counted, tall: dict[int, list[str]], explained: list[Explained]
) -> Stacked:
    """Count a frog of its own faction under each taller lone frog not paired yet whose own
    patch of colour holds more than one frog explains ("more" in ``unexplained``) and whose
    patch of anything changed, holding it alone, covers at least ``OWN_COVERS`` of a frog's
    area more than one frog (see the module)."""
    out = list(stacked.found)
    replaced = set(stacked.replaced)
    under = list(stacked.under)
    paired = {i for i, _ in under}
    for i in sorted(tall):
        p = out[i]
        if i in paired or p.kind != "frog" or p.frogs != 1 or p.pond is None:
            continue
        colour = _alone(p, explained, p.faction)
        changed = _alone(p, explained, "")
        if colour is None or changed is None:
            continue
        kind, words = colour_doubt(colour)
        if kind != "more" or words is None or not covers_more(changed):
            continue
        if words in replaced:  # that colour is a frog counted under another faction's
            continue
        if changed.excess < OWN_COVERS:
            continue
        replaced.update([words, covers_words(changed), *tall[i]])
        under.append((i, p.faction))
        out[i] = replace(
            p,
            frogs=2,
            doubt=(
                "one on the other, counted: their colour and all that changed there cover a "
                "lean more than one frog's, and the frog stands taller than one (look)"
            ),
        )
    return Stacked(out, replaced, under)


def _alone(p: CountedPiece, explained: list[Explained], faction: str) -> Explained | None:
    """The patch of ``faction``'s colour ("": of anything changed) holding ``p`` alone."""
    for e in explained:
        x0, y0, x1, y1 = e.box_mm
        mine = e.faction == faction and e.pond == p.pond and e.pieces == 1
        if mine and x0 <= p.x_mm <= x1 and y0 <= p.y_mm <= y1:
            return e
    return None


def hold_lilypads(
    pads: list[CountedLilypad], stacked: Stacked, model: BoardModel
) -> list[CountedLilypad]:
    """The lilypads with their holders: a frog counted under a taller frog that held a
    lilypad stands on it, and holds it (the Pond rulebook: "You control a Lilypad if you have
    a Frog on that Lilypad"; one frog stands on it, the one below)."""
    below = {(stacked.found[i].x_mm, stacked.found[i].y_mm): f for i, f in stacked.under}
    out = []
    for pad in pads:
        frogs = on_pad(stacked.found, pad.x_mm, pad.y_mm, model)  # as ``find_lilypads`` does
        holder = frogs[0] if frogs else None
        if holder is not None and pad.holder == holder.faction:
            pad = replace(pad, holder=below.get((holder.x_mm, holder.y_mm), pad.holder))
        out.append(pad)
    return out


def _below(
    p: CountedPiece, h: Hidden, lean: npt.NDArray[np.float64], length: float, width: float
) -> bool:
    """Does colour ``h`` lie where the near side of a frog under ``p`` shows?"""
    if h.at_foot:
        return _apart(p, h) < 1.0
    size = float(np.hypot(*lean))
    if size < MIN_LEAN_MM:
        return False
    ux, uy = float(lean[0]) / size, float(lean[1]) / size
    dx, dy = h.x_mm - p.x_mm, h.y_mm - p.y_mm
    along = dx * ux + dy * uy
    across = abs(dx * uy - dy * ux)
    return -FAR_SIDE * length <= along <= -NEAR_SIDE * length and across <= ACROSS * width


def _apart(p: CountedPiece, q: CountedPiece | Hidden) -> float:
    return math.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm)

"""Does the count explain the colour the camera sees? A check by synthesis, per group of pieces.

Every counted piece is a prism of known footprint and height. Seen from the camera's place
(``vision.pond.prism``), its colour covers in the board raster its base swept along its lean
``v``: an area of ``A + |v| w`` (``A`` the footprint's area, ``w`` its width across the lean),
plus the rim every outline gains in the photo (measured per faction from lone frogs,
``blobs._rim_growth``). Summed over the pieces counted in one connected patch of a faction's
colour, that is the area the count predicts; the patch's own area is what was seen.

More colour than the count explains is the sign of a piece the count missed:

- a frog on a frog of the same faction: the pair stands twice as tall, so the upper top
  leans twice as far and the patch is longer by one more lean (``|v| w``, about 0.4 of a
  frog's area at 25 degrees);
- a frog under a frog of another faction: its near sides show as a crescent of its colour
  that no base of its own explains;
- a piece hidden in part behind another.

Less colour than the count explains (beyond what nearer pieces may hide) is the sign of an
overcount. Both are reported naming the pond; the count is not changed (the area alone does
not say which piece it is).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond.model import BoardModel
from vision.pond.pieces import Pieces


@dataclass(frozen=True)
class SeenColour:
    """One connected patch of a faction's colour (a crop of the board raster, holes filled)."""

    faction: str
    mask: npt.NDArray[np.bool_]
    x0: int
    y0: int
    shift: tuple[float, float]  # px: a frog's top relative to its base here


@dataclass(frozen=True)
class Explained:
    """A patch against the count: areas in frog areas; ``pond`` holds most of the patch."""

    faction: str
    pond: str | None
    seen: float
    predicted: float
    pieces: int
    x_mm: float
    y_mm: float

    @property
    def excess(self) -> float:
        return self.seen - self.predicted


def _width_across(kind: str, angle_deg: float, lean_dir: float, pieces: Pieces) -> float:
    """A footprint's width (mm) across a lean pointing at ``lean_dir`` radians."""
    length, width = pieces.frog_mm if kind == "frog" else pieces.fwooog_mm
    t = math.radians(angle_deg) - lean_dir  # the piece's long axis against the lean
    if kind == "frog":  # an ellipse: its extent along the normal of the lean
        a, b = length / 2, width / 2
        return 2 * math.sqrt((a * math.sin(t)) ** 2 + (b * math.cos(t)) ** 2)
    return width + (length - width) * abs(math.sin(t))


def predicted_area(
    kind: str,
    angle_deg: float | None,
    shift_px: tuple[float, float],
    growth_px: float,
    model: BoardModel,
    pieces: Pieces,
) -> float:
    """The raster area (px) one piece's colour covers: its base swept along its lean, plus
    the rim. ``angle_deg`` None (frogs packed too close to see apart): the mean width."""
    ratio = pieces.height_mm("fwooog") / max(pieces.height_mm("frog"), 1e-6)
    dx, dy = shift_px
    if kind == "fwooog":
        dx, dy = dx * ratio, dy * ratio
    lean = math.hypot(dx, dy)
    if angle_deg is None or lean < 1e-6:
        length, width = pieces.frog_mm if kind == "frog" else pieces.fwooog_mm
        across = (length + width) / 2
    else:
        across = _width_across(kind, angle_deg, math.atan2(dy, dx), pieces)
    base, perim = (
        (model.frog_area, model.frog_perimeter)
        if kind == "frog"
        else (model.fwooog_area, model.fwooog_perimeter)
    )
    return base + lean * across * model.ppm + growth_px * (perim + 2 * lean)


def explain(
    seen: list[SeenColour],
    found: list[tuple[str, str, float, float, float | None, int]],
    growth: dict[str, float],
    model: BoardModel,
    pieces: Pieces,
) -> list[Explained]:
    """Each patch of colour against the pieces counted in it.

    ``found``: (kind, faction, x_mm, y_mm, angle_deg or None, frogs) of each counted piece;
    kind "side" is a frog seen only by its side under another piece (it explains its patch).
    """
    out = []
    reach = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    for s in seen:
        near = cv2.dilate(s.mask.astype(np.uint8), reach) > 0
        h, w = s.mask.shape
        g = growth.get(s.faction, growth.get("", 0.0))
        predicted, n = 0.0, 0
        side = False
        for kind, faction, x_mm, y_mm, angle, frogs in found:
            if faction != s.faction:
                continue
            ix, iy = round(x_mm * model.ppm) - s.x0, round(y_mm * model.ppm) - s.y0
            if not (0 <= ix < w and 0 <= iy < h and near[iy, ix]):
                continue
            if kind == "side":  # a frog seen only by its side under another: its patch
                side = True
                n += 1
                continue
            one = predicted_area(kind, angle if frogs == 1 else None, s.shift, g, model, pieces)
            predicted += frogs * one if kind == "frog" else one
            n += frogs if kind == "frog" else 1
        ys, xs = np.nonzero(s.mask)
        if side:
            predicted = max(predicted, float(len(xs)))
        ponds = model.pond_map[ys + s.y0, xs + s.x0]
        counts = np.bincount(ponds, minlength=len(model.ids) + 1)
        best = int(np.argmax(counts[1:])) + 1
        pond = model.ids[best - 1] if counts[best] > 0 else None
        out.append(
            Explained(
                s.faction,
                pond,
                len(xs) / model.frog_area,
                predicted / model.frog_area,
                n,
                (s.x0 + float(xs.mean())) / model.ppm,
                (s.y0 + float(ys.mean())) / model.ppm,
            )
        )
    return out


#: A patch holding one counted piece with this much more colour (in frog areas) than the
#: piece explains is flagged (a frog on it?); one holding several pieces, with ``MANY_EXCESS``.
ONE_EXCESS = 0.3
MANY_EXCESS = 0.4
#: A patch with this much less colour than its pieces explain is flagged (an overcount?):
#: one piece, or several (nearer pieces of other colours hide more of a group).
ONE_DEFICIT = 0.5
MANY_DEFICIT = 1.0


def doubts(explained: list[Explained]) -> list[tuple[str, str]]:
    """(pond, warning) for each patch of colour the count does not explain."""
    out = []
    for e in explained:
        if e.pond is None:
            continue
        where = f"pond {e.pond}: {e.faction} colour at ({e.x_mm:.0f}, {e.y_mm:.0f}) mm"
        if e.pieces == 0:
            out.append(
                (
                    e.pond,
                    f"{where} ({e.seen:.1f} of a frog's area) belongs to no counted piece: "
                    "a frog hidden under another? (not counted)",
                )
            )
        elif e.excess > (ONE_EXCESS if e.pieces == 1 else MANY_EXCESS):
            out.append(
                (
                    e.pond,
                    f"{where}: more than the {_pieces(e.pieces)} counted there "
                    f"{_explain(e.pieces)} "
                    f"({e.excess:.1f} of a frog's area): a frog on a frog, or a hidden piece?",
                )
            )
        elif -e.excess > (ONE_DEFICIT if e.pieces == 1 else MANY_DEFICIT):
            out.append(
                (
                    e.pond,
                    f"{where}: less than the {_pieces(e.pieces)} counted there "
                    f"{_explain(e.pieces)} "
                    f"({-e.excess:.1f} of a frog's area short): fewer pieces?",
                )
            )
    return out


def _pieces(n: int) -> str:
    return "piece" if n == 1 else f"{n} pieces"


def _explain(n: int) -> str:
    return "explains" if n == 1 else "explain"

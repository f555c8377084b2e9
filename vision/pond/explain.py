"""Does the count explain the colour the camera sees? A check by synthesis, per group of pieces.

Every counted piece is a prism of known footprint and height (pieces whose sides slope in,
the pieces file's ``top_ratio``, are drawn as prisms leaning as far as they seem to:
``prism.frustum_lean``). Seen from the camera's place (``vision.pond.prism``), its colour
covers in the board raster its base swept along its lean ``v``: an area of ``A + |v| w``
(``A`` the footprint's area, ``w`` its width across the lean), plus the rim every outline
gains in the photo (measured per faction from lone frogs, ``split.rim_growth``). Summed over
the pieces counted in one connected patch of a faction's colour, that is the area the count
predicts; the patch's own area is what was seen.

More colour than the count explains is the sign of a piece the count missed:

- a frog on a frog of the same faction: the pair stands twice as tall, so the upper top
  leans twice as far and the patch is longer by one more lean (``|v| w``, about 0.4 of a
  frog's area at 25 degrees);
- a frog under a frog of another faction: its near sides show as a crescent of its colour
  that no base of its own explains;
- a piece hidden in part behind another.

Less colour than the count explains (beyond what nearer pieces may hide) is the sign of an
overcount; so is less of anything changed than several counted pieces cover (nearer pieces
hide farther ones' colour, not their changed pixels). Both are reported naming the pond
(``vision.pond.unexplained`` holds the bars and words the warnings); the count is not
changed (the area alone does not say which piece it is).

The same check runs on the patches of anything changed from the empty board (pieces of every
colour together with their shaded sides, highlights and eyes; the lilypads and a rim around
them left out, where a piece's edge blends with their green), against the union of the
counted pieces' swept outlines. A frog under a frog of another faction whose side is too thin
to show its colour still makes the pair reach one lean further than the top frog alone.

A patch whose one counted piece is a Long Fwooog should be convex: a rounded bar and its top
swept along the lean. A deep notch in its outline says frogs side by side were read as one
(two frogs with a third on one of them have about a Long Fwooog's area).

A patch one piece wide (a row) holding a counted Long Fwooog should have a stretch without a
neck at least a Long Fwooog long; frogs end to end have a neck every frog's length. Both shape
measures are in ``vision.pond.patch_shape`` (``notch_depth_mm``, ``row_room``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond.left_under import LeftUnder, Other, left_under
from vision.pond.model import BoardModel, fill_outline
from vision.pond.patch_shape import notch_depth_mm, row_room
from vision.pond.pieces import Pieces

#: mm around a patch of a faction's colour where another faction's piece may stand over it.
UNDER_NEAR_MM = 20.0


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
    #: The patch's bounding box (x0, y0, x1, y1), board mm.
    box_mm: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    #: A patch of anything changed whose one counted piece is a Long Fwooog: how deep (mm)
    #: its outline's deepest notch is (a Long Fwooog seen as a prism is convex).
    notch_mm: float = 0.0
    #: How much more colour (frog areas) a frog on a frog adds here: one more lean swept
    #: across a frog's mean width (``one_more_area``).
    one_more: float = 0.0
    #: A patch of anything changed holding a counted Long Fwooog, one piece wide (a row):
    #: its longest stretch without a neck, in Long Fwooog lengths (``row_room``); None when
    #: the patch is not such a row.
    room: float | None = None
    #: A patch of a faction's colour: its largest part outside its pieces' outlines, under
    #: a piece of another faction (``vision.pond.left_under``); None when there is none or
    #: the outlines are unknown.
    under: LeftUnder | None = None

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
    ratio = pieces.fwooog_lean_ratio
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


def one_more_area(shift_px: tuple[float, float], model: BoardModel, pieces: Pieces) -> float:
    """How much more a group's outline covers (frog areas) when one of its frogs carries
    another: the upper top leans one lean further, sweeping a frog's mean width along it."""
    across = sum(pieces.frog_mm) / 2 * model.ppm
    return math.hypot(*shift_px) * across / model.frog_area


def swept_outline(
    kind: str,
    x_mm: float,
    y_mm: float,
    angle_deg: float,
    shift_px: tuple[float, float],
    model: BoardModel,
    pieces: Pieces,
) -> npt.NDArray[np.float64]:
    """The outline (raster px) of a piece's colour as the camera sees it: the convex hull of
    its footprint at (x, y) and the footprint shifted by its lean."""
    length, width = pieces.frog_mm if kind == "frog" else pieces.fwooog_mm
    a, b = length / 2 * model.ppm, width / 2 * model.ppm
    t = np.linspace(0, 2 * math.pi, 32, endpoint=False)
    if kind == "frog":
        u, v = a * np.cos(t), b * np.sin(t)
    else:  # a rounded bar: a stadium
        u = (a - b) * np.sign(np.cos(t)) + b * np.cos(t)
        v = b * np.sin(t)
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    pts = np.c_[x_mm * model.ppm + u * c - v * s, y_mm * model.ppm + u * s + v * c]
    dx, dy = shift_px
    if kind == "fwooog":
        ratio = pieces.fwooog_lean_ratio
        dx, dy = dx * ratio, dy * ratio
    both = np.vstack([pts, pts + np.array([dx, dy])]).astype(np.float32)
    return cv2.convexHull(both).reshape(-1, 2).astype(np.float64)


def _union_area(
    outlines: list[npt.NDArray[np.float64]], growth_px: float, model: BoardModel
) -> float:
    """The area (px) of the union of outlines, its rim grown by ``growth_px``."""
    allp = np.vstack(outlines)
    x0, y0 = np.floor(allp.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(allp.max(axis=0)).astype(int) + 3
    canvas = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for o in outlines:
        fill_outline(canvas, o, (x0, y0))
    contours, _ = cv2.findContours(canvas, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    perim = float(sum(cv2.arcLength(c, True) for c in contours))
    return float(np.count_nonzero(canvas)) + growth_px * perim


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
    # Frogs pressed on a Long Fwooog are marked at its place: their own place is unknown.
    at_fwooog = {(x, y) for k, _, x, y, _, _ in found if k == "fwooog"}
    for s in seen:
        near = cv2.dilate(s.mask.astype(np.uint8), reach) > 0
        h, w = s.mask.shape
        g = growth.get(s.faction, growth.get("", 0.0))
        predicted, n = 0.0, 0
        side = False
        kinds: list[str] = []
        factions: set[str] = set()
        drawn: list[npt.NDArray[np.float64]] = []
        mine: list[npt.NDArray[np.float64]] | None = [] if s.faction else None
        for kind, faction, x_mm, y_mm, angle, frogs in found:
            if s.faction and faction != s.faction:
                continue
            ix, iy = round(x_mm * model.ppm) - s.x0, round(y_mm * model.ppm) - s.y0
            if not (0 <= ix < w and 0 <= iy < h and near[iy, ix]):
                continue
            if kind == "side":  # a frog seen only by its side under another: its patch
                side = True
                n += 1
                mine = None
                continue
            n += frogs if kind == "frog" else 1
            kinds.append(kind)
            factions.add(faction)
            own_place = kind == "fwooog" or (frogs == 1 and (x_mm, y_mm) not in at_fwooog)
            if mine is not None:
                if angle is None or not own_place:
                    mine = None
                else:
                    mine.append(swept_outline(kind, x_mm, y_mm, angle, s.shift, model, pieces))
            if not s.faction and angle is not None and own_place:
                drawn.append(swept_outline(kind, x_mm, y_mm, angle, s.shift, model, pieces))
                continue
            one = predicted_area(kind, angle if frogs == 1 else None, s.shift, g, model, pieces)
            predicted += frogs * one if kind == "frog" else one
        if drawn:
            predicted += _union_area(drawn, g, model)
        ys, xs = np.nonzero(s.mask)
        if side:
            predicted = max(predicted, float(len(xs)))
        ponds = model.pond_map[ys + s.y0, xs + s.x0]
        counts = np.bincount(ponds, minlength=len(model.ids) + 1)
        best = int(np.argmax(counts[1:])) + 1
        pond = model.ids[best - 1] if counts[best] > 0 else None
        lone_fwooog = not s.faction and kinds == ["fwooog"] and not side
        # Frogs read as a Long Fwooog are one faction's (one colour's blob was split).
        one_row = not s.faction and "fwooog" in kinds and len(factions) == 1 and not side
        out.append(
            Explained(
                s.faction,
                pond,
                len(xs) / model.frog_area,
                predicted / model.frog_area,
                n,
                (s.x0 + float(xs.mean())) / model.ppm,
                (s.y0 + float(ys.mean())) / model.ppm,
                (
                    s.x0 / model.ppm,
                    s.y0 / model.ppm,
                    (s.x0 + w) / model.ppm,
                    (s.y0 + h) / model.ppm,
                ),
                notch_depth_mm(s.mask, model) if lone_fwooog else 0.0,
                one_more_area(s.shift, model, pieces),
                row_room(s.mask, model, pieces) if one_row else None,
                _under(s, mine, found, g, model, pieces) if mine else None,
            )
        )
    return out


def _under(
    s: SeenColour,
    mine: list[npt.NDArray[np.float64]],
    found: list[tuple[str, str, float, float, float | None, int]],
    growth_px: float,
    model: BoardModel,
    pieces: Pieces,
) -> LeftUnder | None:
    """``left_under`` for a patch of a faction's colour whose pieces' outlines are ``mine``,
    against the other factions' pieces near it (within ``UNDER_NEAR_MM``)."""
    h, w = s.mask.shape
    near = UNDER_NEAR_MM * model.ppm
    others: list[Other] = []
    for kind, faction, x_mm, y_mm, angle, _ in found:
        if faction == s.faction or angle is None or kind == "side":
            continue
        x, y = x_mm * model.ppm, y_mm * model.ppm
        if s.x0 - near <= x < s.x0 + w + near and s.y0 - near <= y < s.y0 + h + near:
            outline = swept_outline(kind, x_mm, y_mm, angle, s.shift, model, pieces)
            others.append((faction, x, y, outline))
    return left_under(s.mask, (s.x0, s.y0), mine, others, s.shift, growth_px, model)


def changed_patches(
    changed: npt.NDArray[np.bool_],
    model: BoardModel,
    shift_at: Callable[[float, float], tuple[float, float]],
) -> list[SeenColour]:
    """The patches of anything changed from the empty board that is not a lilypad (faction "":
    pieces of every colour, their highlights, eyes and shaded sides together).
    ``changed``: ``changed_mask`` of the board's labels."""
    mask = changed.astype(np.uint8)
    n, lab, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for j in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[j])
        if area < 0.15 * model.frog_area or area > 40 * model.frog_area:
            continue
        crop = (lab[y : y + h, x : x + w] == j).astype(np.uint8) * 255
        cx, cy = cents[j]
        filled = _fill(crop)
        out.append(SeenColour("", filled > 0, x, y, shift_at(cx / model.ppm, cy / model.ppm)))
    return out


def changed_mask(labels: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """What differs from the empty board, lilypads and a rim around them left out (a piece's
    rim blended with a lilypad's green takes other colours)."""
    from vision.pond import colours

    pad = (labels == colours.LILYPAD).astype(np.uint8)
    near_pad = u8(cv2.dilate(pad, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))) > 0
    changed: npt.NDArray[np.bool_] = (labels != colours.BACKGROUND) & ~near_pad
    return changed


def _fill(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    padded = u8(cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0))
    flood = padded.copy()
    ff = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(flood, ff, (0, 0), 255)
    return mask | u8(cv2.bitwise_not(flood))[1:-1, 1:-1]


def changed_growth(
    seen: list[SeenColour],
    found: list[tuple[str, str, float, float, float | None, int]],
    model: BoardModel,
    pieces: Pieces,
) -> float:
    """How far (px) outside the swept footprints the changed pixels reach: the median over
    the patches holding one counted frog alone."""
    first = explain(seen, found, {"": 0.0}, model, pieces)
    ratios = []
    for s, e in zip(seen, first, strict=True):
        if e.pieces != 1:
            continue
        lean = math.hypot(*s.shift)
        ratios.append((e.seen - e.predicted) * model.frog_area / (model.frog_perimeter + 2 * lean))
    return float(np.median(ratios)) if len(ratios) >= 3 else 0.0

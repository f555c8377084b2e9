"""Finding the pieces and the lilypads in a labelled board raster, and what covers the map.

Works in the board raster of ``vision.pond.model`` (``RASTER_PPM`` px/mm) on the labels
of ``vision.pond.colours``. See ``vision.pond.count`` for the whole pipeline.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.pond import colours
from vision.pond.explain import Explained, SeenColour, explain
from vision.pond.model import BoardModel
from vision.pond.pieces import Pieces
from vision.pond.prism import unsmear

#: (x_mm, y_mm) -> where a frog's top lands relative to its base, in raster pixels.
ShiftAt = Callable[[float, float], tuple[float, float]]

#: Raster pixels a piece's colour may grow into highlights, eyes and blended rims.
GROW_STEPS = 6
#: A foreign blob this large (mm²) over the map is a hand or an arm, not noise.
OCCLUSION_MM2 = 1500.0
#: mm: how near the halfway length a Long Fwooog / three frogs end to end reading is flagged.
ROW_DOUBT_MM = 1.0
#: Two readings of a large core (a Long Fwooog and k frogs, or n frogs) whose unexplained
#: areas (in frog areas, length taken into account) differ by less than this are flagged.
FWOOOG_MARGIN = 0.15
#: A faction's colour this large (in frog areas) with no base of its own is a frog's side
#: seen under another piece (a stack).
HIDDEN_SIDE = 0.15
#: A patch of a faction's colour this large (in frog areas) is checked against the count
#: (``vision.pond.explain``): a thinner side than one counted is still flagged.
SIDE_PATCH = 0.07
#: The doubt of a frog counted from its side alone.
SIDE_DOUBT = "possible stack (its side shows under another piece): counted"


@dataclass(frozen=True)
class CountedPiece:
    """One piece found on the board (board millimetres).

    ``kind`` is "frog" or "fwooog"; ``frogs`` is how many frogs this mark stands for
    (more than 1 only when frogs were packed too tightly to see apart, counted by area);
    ``pond`` is None for a piece lying on land, counted nowhere.
    """

    kind: str
    faction: str
    x_mm: float
    y_mm: float
    pond: str | None
    share: float
    frogs: int = 1
    doubt: str | None = None  # why this mark may be wrong ("possible stack", ...)
    #: Direction (degrees, raster x right, y down) of its base's long axis, when measured.
    angle_deg: float | None = None


@dataclass(frozen=True)
class CountedLilypad:
    """A lilypad found on the board: its pond, centre (mm), and who is on it."""

    pond: str
    x_mm: float
    y_mm: float
    holder: str | None = None  # faction of the frog on it
    fwooog: str | None = None  # faction of a Long Fwooog on it (illegal, reported)


def components(
    mask: npt.NDArray[np.uint8],
) -> tuple[int, npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.float64]]:
    """8-connected components with stats (Grana's algorithm: 4x faster here than the default)."""
    n, lab, stats, cents = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, cv2.CCL_GRANA
    )
    return int(n), lab, stats, cents


_K3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
_K5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def fill_holes(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Fill the holes of a 0/255 mask (eyes, highlights), keeping its outline."""
    padded = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    flood = padded.copy()
    ff = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(flood, ff, (0, 0), 255)
    holes = cv2.bitwise_not(flood)[1:-1, 1:-1]
    return mask | holes


def piece_mask(
    own: npt.NDArray[np.uint8], absorbable: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]:
    """One colour's pixels (0/255), grown into the highlights, eyes and blended rims next to them.

    A highlight or an eye at a piece's edge would otherwise bite a notch that the
    erosion of ``_split_blob`` widens into a false split.
    """
    mask = own
    for _ in range(GROW_STEPS):
        mask = cv2.dilate(mask, _K3) & (mask | absorbable)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5)


@dataclass
class _Blob:
    faction: str
    mask: npt.NDArray[np.uint8]  # 0/255, holes filled, cropped
    x0: int
    y0: int
    cores: npt.NDArray[np.int32]  # labelled erosion cores
    core_stats: npt.NDArray[np.int32]
    core_cents: npt.NDArray[np.float64]
    keep: list[int]  # cores large enough to be a piece's
    shift: tuple[float, float] = (0.0, 0.0)  # px: a frog's top relative to its base here


def _blobs(
    labels: colours.Labels, model: BoardModel, pieces: Pieces, shift_at: ShiftAt | None = None
) -> tuple[
    list[_Blob], list[tuple[str, float, float, float]], list[CountedPiece], list[SeenColour]
]:
    """Each faction's connected blobs, holes filled, with their erosion cores; also the frogs
    seen only by their side under another piece, and (with ``shift_at``) each faction's
    patches of colour before they are cut back to bases (``vision.pond.explain``).

    With ``shift_at`` (pieces with a height, seen from a known camera place) each blob is
    first cut back to its base (``prism.unsmear``): its top and sides are swept away from
    the camera's nadir, and the base is what areas and ponds are judged on.

    Pieces cover a few percent of the board: one pass over the whole raster finds where
    any piece colour is, and the per-faction work runs on crops around those places.
    """
    out: list[_Blob] = []
    too_big: list[tuple[str, float, float, float]] = []
    hidden: list[CountedPiece] = []
    seen: list[SeenColour] = []
    nf = len(pieces.factions)
    reach = GROW_STEPS + 2
    anyp = np.where((labels >= 1) & (labels <= nf), np.uint8(255), np.uint8(0))
    anyp = cv2.dilate(anyp, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * reach + 1,) * 2))
    n, region_lab, stats, _ = components(anyp)
    rad = model.kernel.shape[0] // 2 + 1
    hgt, wid = labels.shape
    for r in range(1, n):
        x, y, w, h, _ = (int(v) for v in stats[r])
        x0, y0 = max(0, x - rad), max(0, y - rad)
        x1, y1 = min(wid, x + w + rad), min(hgt, y + h + rad)
        lab_c = labels[y0:y1, x0:x1]
        mine = region_lab[y0:y1, x0:x1] == r
        absorbable = np.where((lab_c >= colours.NEUTRAL) & mine, np.uint8(255), np.uint8(0))
        factions = [int(k) for k in np.unique(lab_c[mine]) if 1 <= k <= nf]
        grown = {
            k: piece_mask(np.where((lab_c == k) & mine, np.uint8(255), np.uint8(0)), absorbable)
            for k in factions
        }
        shift = (0.0, 0.0)
        if shift_at is not None and factions:
            shift = shift_at((x + w / 2) / model.ppm, (y + h / 2) / model.ppm)
            colour = grown
            grown = _bases(grown, lab_c, mine, absorbable, shift)
            for k in factions:
                faction = list(pieces.factions)[k - 1]
                others = [colour[m] for m in factions if m != k]
                hidden += _hidden_under(faction, colour[k], grown[k], others, shift, x0, y0, model)
                seen += _patches(faction, colour[k], shift, x0, y0, model)
        for k in factions:
            faction = list(pieces.factions)[k - 1]
            mask = grown[k]
            m, lab, bstats, cents = components(mask)
            for j in range(1, m):
                area = int(bstats[j, 4])
                if area < 0.35 * model.frog_area:
                    continue  # a sliver where two colours blend, or noise
                blob = fill_holes(np.where(lab == j, np.uint8(255), np.uint8(0)))
                if np.count_nonzero(blob) > 12 * model.frog_area + 2 * model.fwooog_area:
                    cx, cy = cents[j]
                    too_big.append(
                        (faction, (x0 + cx) / model.ppm, (y0 + cy) / model.ppm, area / model.ppm**2)
                    )
                    continue
                core = cv2.erode(blob, model.kernel)
                cm, clab, cstats, ccents = components(core)
                keep = [i for i in range(1, cm) if cstats[i, 4] >= 0.3 * model.frog_core]
                out.append(_Blob(faction, blob, x0, y0, clab, cstats, ccents, keep, shift))
    return out, too_big, hidden, seen


def _patches(
    faction: str,
    colour: npt.NDArray[np.uint8],
    shift: tuple[float, float],
    x0: int,
    y0: int,
    model: BoardModel,
) -> list[SeenColour]:
    """The patches of one faction's colour (holes filled) large enough to hold a piece's side."""
    n, lab, stats, _ = components(colour)
    out = []
    for j in range(1, n):
        if stats[j, 4] < SIDE_PATCH * model.frog_area:
            continue
        x, y, w, h = (int(v) for v in stats[j, :4])
        comp = fill_holes(np.where(lab[y : y + h, x : x + w] == j, np.uint8(255), np.uint8(0)))
        out.append(SeenColour(faction, comp > 0, x0 + x, y0 + y, shift))
    return out


def _hidden_under(
    faction: str,
    colour: npt.NDArray[np.uint8],
    base: npt.NDArray[np.uint8],
    others: list[npt.NDArray[np.uint8]],
    shift: tuple[float, float],
    x0: int,
    y0: int,
    model: BoardModel,
) -> list[CountedPiece]:
    """Frogs of ``faction`` whose colour shows but whose base does not: stacked under another.

    A frog on a frog hides the lower one's top and far sides; the camera still sees the
    lower one's near sides, a crescent about a frog wide and one lean deep between the base
    and the upper frog's sides. Cut back along the lean, such a crescent leaves no base of
    its own (a tenth of a frog at most; a piece standing on the board leaves its whole base).
    The crescent touches the upper frog's colour on the side towards the camera (the upper
    frog leans away from it); a fragment elsewhere (a highlight's tint, glare on a piece) is
    not one. Each is counted as a frog, flagged.
    """
    out: list[CountedPiece] = []
    lean = math.hypot(*shift)
    if lean < 1.0:
        return out  # seen straight down: no side shows
    n, lab, stats, cents = components(colour)
    for j in range(1, n):
        if stats[j, 4] < HIDDEN_SIDE * model.frog_area:
            continue
        comp = np.where(lab == j, np.uint8(255), np.uint8(0))
        if np.count_nonzero(base & comp) >= 0.35 * model.frog_area:
            continue  # it has a base: counted as a piece
        if np.count_nonzero(unsmear(fill_holes(comp), shift)) >= 0.1 * model.frog_area:
            continue
        cx, cy = cents[j]
        if not _below_another(comp, (cx, cy), others, shift):
            continue
        pond, share = _pond_of(comp > 0, x0, y0, model)
        doubt = SIDE_DOUBT
        out.append(
            CountedPiece(
                "frog", faction, (x0 + cx) / model.ppm, (y0 + cy) / model.ppm, pond, share, 1, doubt
            )
        )
    return out


def _below_another(
    comp: npt.NDArray[np.uint8],
    centre: tuple[float, float],
    others: list[npt.NDArray[np.uint8]],
    shift: tuple[float, float],
) -> bool:
    """Does another faction's colour touch this crescent, leaning away from it (the crescent
    on its side towards the camera's nadir)?"""
    ring = cv2.dilate(comp, _K5) > 0
    for other in others:
        touch = ring & (other > 0)
        if np.count_nonzero(touch) < 5:
            continue
        _, lab, _, cents = components(other)
        for j in {int(v) for v in np.unique(lab[touch])} - {0}:
            dx, dy = cents[j][0] - centre[0], cents[j][1] - centre[1]
            if dx * shift[0] + dy * shift[1] > 0:
                return True
    return False


def _pond_of(
    region: npt.NDArray[np.bool_], x0: int, y0: int, model: BoardModel
) -> tuple[str | None, float]:
    """The pond holding most of a region (a crop at (x0, y0)) and the share it holds."""
    ponds_crop = model.pond_map[y0 : y0 + region.shape[0], x0 : x0 + region.shape[1]]
    sh = np.bincount(ponds_crop[region], minlength=len(model.ids) + 1)
    total = max(1, int(sh.sum()))
    best = int(np.argmax(sh[1:])) + 1
    return (model.ids[best - 1] if sh[best] > 0 else None), float(sh[best]) / total


def _bases(
    grown: dict[int, npt.NDArray[np.uint8]],
    lab_c: colours.Labels,
    mine: npt.NDArray[np.bool_],
    absorbable: npt.NDArray[np.uint8],
    shift: tuple[float, float],
) -> dict[int, npt.NDArray[np.uint8]]:
    """Each faction's pieces cut back to their bases (``prism.unsmear``) in one group.

    Where pieces stand close, a nearer piece's top and sides hide part of the piece behind
    it. So the group is cut back as a whole (anything that may be a piece, of any colour),
    each faction keeps the base pixels it surely owns (its own colour, cut back alone), and
    the rest of the group's base goes to the nearest of those.
    """
    anyf = (lab_c >= 1) & (lab_c < colours.LILYPAD)  # pieces, not the flat lilypads
    support = np.where(anyf & mine, np.uint8(255), np.uint8(0)) | absorbable
    for g in grown.values():
        support |= g
    base_all = unsmear(fill_holes(support), shift)
    sure = np.zeros(support.shape, np.int32)
    for k, g in grown.items():
        sure[(unsmear(fill_holes(g), shift) > 0) & (sure == 0)] = k
    if not sure.any():
        return {k: np.zeros_like(g) for k, g in grown.items()}
    _, nearest = cv2.distanceTransformWithLabels(
        np.where(sure > 0, np.uint8(0), np.uint8(255)),
        cv2.DIST_L2,
        3,
        labelType=cv2.DIST_LABEL_PIXEL,
    )
    ys, xs = np.nonzero(sure)
    owner_of = np.zeros(int(nearest.max()) + 1, np.int32)
    owner_of[nearest[ys, xs]] = sure[ys, xs]
    owner = owner_of[nearest]
    out = {}
    for k in grown:
        out[k] = np.where((base_all > 0) & (owner == k), np.uint8(255), np.uint8(0))
    return out


def _rim_growth(blobs: list[_Blob], model: BoardModel) -> dict[str, float]:
    """How far (px) outside the ideal footprint each faction's measured outline lies.

    Blur, colour bleeding and the growth into rims widen every outline a little, more
    for some colours than others: area grows with the perimeter. Measuring lone frogs
    (one small core, nothing touching) calibrates that away for every footprint.
    """
    samples: dict[str, list[float]] = {}
    for b in blobs:
        if len(b.keep) == 1 and b.core_stats[b.keep[0], 4] < 1.6 * model.frog_core:
            area = float(np.count_nonzero(b.mask))
            if 0.6 * model.frog_area < area < 1.5 * model.frog_area:
                samples.setdefault(b.faction, []).append(area)
    every = [a for values in samples.values() for a in values]
    default = float(np.median(every)) if len(every) >= 3 else model.frog_area
    growth = {}
    for faction, values in samples.items():
        median = float(np.median(values)) if len(values) >= 3 else default
        growth[faction] = float(np.clip((median - model.frog_area) / model.frog_perimeter, -2, 2))
    growth[""] = float(np.clip((default - model.frog_area) / model.frog_perimeter, -2, 2))
    return growth


def find_pieces(
    labels: colours.Labels, model: BoardModel, pieces: Pieces, shift_at: ShiftAt | None = None
) -> tuple[list[CountedPiece], list[tuple[str, float, float, float]], list[Explained]]:
    """Every piece of every faction; also faction blobs far too big to be pieces, and each
    patch of colour against the pieces counted in it (``vision.pond.explain``; with
    ``shift_at`` only).

    ``shift_at``: see ``_blobs`` (None: pieces seen as flat).
    """
    blobs, too_big, hidden, seen = _blobs(labels, model, pieces, shift_at)
    growth = _rim_growth(blobs, model)
    found: list[CountedPiece] = []
    for b in blobs:
        g = growth.get(b.faction, growth[""])
        areas = (
            model.frog_area + g * model.frog_perimeter,
            model.fwooog_area + g * model.fwooog_perimeter,
        )
        found.extend(_split_blob(b, model, areas))
    counted = [(p.kind, p.faction, p.x_mm, p.y_mm, p.angle_deg, p.frogs) for p in found]
    counted += [("side", p.faction, p.x_mm, p.y_mm, None, 1) for p in hidden]
    return found + hidden, too_big, explain(seen, counted, growth, model, pieces)


def _split_blob(b: _Blob, model: BoardModel, areas_px: tuple[float, float]) -> list[CountedPiece]:
    """The pieces in one blob of one faction's colour (see ``vision.pond.count``, stage 4).

    Each core owns the part of the blob nearer to it than to any other core; that part's
    area says whether the core stands for more than one piece (frogs packed without a
    neck, or a frog pressed so hard against a Long Fwooog that their cores joined).
    """
    a_frog, a_fw = areas_px
    thr_fw = 1.8 * model.frog_core  # smaller cores are one frog's
    owner = _nearest_core(b)
    areas = np.bincount(owner.ravel(), minlength=len(b.core_stats))
    marks: list[tuple[str, int, float, float, npt.NDArray[np.bool_], str | None]] = []
    for i in b.keep:
        cx, cy = b.core_cents[i]
        region = owner == i
        area = float(areas[i])
        n_frogs = max(1, round(area / a_frog))
        if b.core_stats[i, 4] > thr_fw and n_frogs == 3 and _single_file(region, model):
            kind, doubt = _fwooog_or_row(b.cores == i, region, b.shift, model)
            marks.append((kind, 1 if kind == "fwooog" else 3, cx, cy, region, doubt))
            continue
        big = b.core_stats[i, 4] > thr_fw
        is_fw, margin = (
            _is_fwooog(b.cores == i, area, n_frogs, model, areas_px) if big else (False, 9.0)
        )
        extra = max(0, round((area - a_fw) / a_frog))
        as_fw = "a Long Fwooog" + (f" and {_frogs(extra)}" if extra else "")
        if is_fw:
            miss = abs(area - a_fw - extra * a_frog) / a_frog
            doubt = "its size fits no number of pieces" if miss > 0.45 else None
            if doubt is None and margin < FWOOOG_MARGIN:
                doubt = f"{as_fw}, or {_frogs(n_frogs)}?"
            if doubt is None and _along_lean(b.cores == i, b.shift, model):
                doubt = "lies along the line of sight: a Long Fwooog, or frogs on frogs?"
            marks.append(("fwooog", 1, cx, cy, region, doubt))
            if extra > 0:
                marks.append(("frog", extra, cx, cy, region, doubt))
            continue
        doubt = f"{_frogs(n_frogs)}, or {as_fw}?" if margin < FWOOOG_MARGIN else None
        if len(b.keep) == 1 and n_frogs <= 2 and _taller(region, b.shift, model):
            doubt = "possible stack: taller than one frog, another may be under it (not counted)"
        elif abs(area / a_frog - n_frogs) > 0.4:
            doubt = "its size fits no number of pieces"
        marks.append(("frog", n_frogs, cx, cy, region, doubt))
    unowned = int(np.count_nonzero(b.mask)) - int(areas[1:].sum())
    rest = round(unowned / a_frog)
    if rest > 0:
        # A piece seen only in part, or frogs no core could tell apart: counted by area.
        loose = (b.mask > 0) & (owner == 0)
        ys, xs = np.nonzero(loose)
        marks.append(("frog", rest, float(xs.mean()), float(ys.mean()), loose, "seen only in part"))
    out = []
    for kind, count, cx, cy, region, doubt in marks:
        pond, share = _pond_of(region, b.x0, b.y0, model)
        out.append(
            CountedPiece(
                kind,
                b.faction,
                (b.x0 + cx) / model.ppm,
                (b.y0 + cy) / model.ppm,
                pond,
                share,
                count,
                doubt,
                _axis_deg(region),
            )
        )
    return out


def _axis_deg(mask: npt.NDArray[np.bool_]) -> float | None:
    """The direction (degrees, raster x right, y down) of a mask's long axis."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 5:
        return None
    (_, _), (w, h), ang = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return float(ang if w >= h else ang + 90)


def _lengths_mm(mask: npt.NDArray[np.bool_], model: BoardModel) -> tuple[float, float]:
    """Length and width (mm) of the smallest rectangle around a mask's pixels."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 5:
        return 0.0, 0.0
    (_, _), (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return max(w, h) / model.ppm, min(w, h) / model.ppm


def _single_file(region: npt.NDArray[np.bool_], model: BoardModel) -> bool:
    """Is this base one piece wide (a Long Fwooog alone, or frogs end to end), with no piece
    pressed on its side (which would widen it by a frog's width)?"""
    _, width = _lengths_mm(region, model)
    return width < 1.4 * model.frog_mm[1]


def _fwooog_or_row(
    core: npt.NDArray[np.bool_],
    region: npt.NDArray[np.bool_],
    shift: tuple[float, float],
    model: BoardModel,
) -> tuple[str, str | None]:
    """One piece wide, three frogs' area: a Long Fwooog, three frogs end to end, or (lying
    along the line of sight) two frogs end to end with a third on one of them?

    Their areas are about the same (3 x 176 mm² against 511 for the shipped drawing), so the
    length tells. The core (the base less the erosion disc) of each reading has an ideal
    length: a Long Fwooog's bar less the disc; three frogs' widths less the disc; two frogs'
    widths plus the extra lean of the stacked one (the base is cut back by one frog's lean
    only) less the disc. The nearest reading wins; a core within ``ROW_DOUBT_MM`` of halfway
    to the next reading, or a Long Fwooog whose base is longer than the bar by more than
    twice that, is flagged.
    """
    disc = (model.kernel.shape[0] - 1) / model.ppm
    width = model.frog_mm[1]
    readings = [
        (model.fwooog_mm[0] - disc, "fwooog", "a Long Fwooog"),
        (3 * width - disc, "frog", "three frogs end to end"),
    ]
    length, _ = _lengths_mm(core, model)
    readings.sort(key=lambda r: abs(r[0] - length))
    (best, kind, name), (other, _, other_name) = readings
    close = abs(length - (best + other) / 2) < ROW_DOUBT_MM
    base_length, _ = _lengths_mm(region, model)
    if kind == "fwooog" and base_length > model.fwooog_mm[0] + 2 * ROW_DOUBT_MM:
        close = True
    if _along_lean(core, shift, model):
        # Two frogs end to end with a third on one: the base is cut back by one frog's lean
        # only, so the stacked one adds its lean. Seen steeply this nears a Long Fwooog's
        # length; it is never taken on the lean alone, but flagged when it fits as well.
        stack = 2 * width + math.hypot(*shift) / model.ppm - disc
        if abs(length - stack) < abs(length - best) + ROW_DOUBT_MM:
            return kind, f"along the line of sight: {name}, or frogs on frogs?"
    return kind, f"{name}, or {other_name}?" if close else None


def _along_lean(core: npt.NDArray[np.bool_], shift: tuple[float, float], model: BoardModel) -> bool:
    """Does this long core point where the camera looks (within 25 degrees), seen steeply
    enough that a frog on a frog would stretch that way too?"""
    lean = math.hypot(*shift)
    if lean < 5.0 * model.ppm:
        return False
    ys, xs = np.nonzero(core)
    if len(xs) < 5:
        return False
    (_, _), (w, h), ang = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    axis = math.radians(ang if w >= h else ang + 90)
    cos = abs(math.cos(axis) * shift[0] + math.sin(axis) * shift[1]) / lean
    return cos > math.cos(math.radians(25))


def _taller(region: npt.NDArray[np.bool_], shift: tuple[float, float], model: BoardModel) -> bool:
    """Is this lone piece's base longer along the lean than across it by most of a frog's lean?

    A second frog on top adds its own lean: what is left after cutting one frog's lean away
    is still stretched along it.
    """
    lean = math.hypot(*shift)
    if lean < 3.5 * model.ppm:
        return False  # seen too straight from above to tell
    ys, xs = np.nonzero(region)
    if len(xs) < 10:
        return False
    u = np.array(shift) / lean
    along = xs * u[0] + ys * u[1]
    across = -xs * u[1] + ys * u[0]
    extent = float(np.ptp(along) - np.ptp(across))
    return extent > max(0.7 * lean, 3.0 * model.ppm)


def _nearest_core(b: _Blob) -> npt.NDArray[np.int32]:
    """Each blob pixel labelled with the nearest kept core (0 off the blob, or no core)."""
    kept = np.isin(b.cores, b.keep)
    owner = np.zeros(b.mask.shape, np.int32)
    if not b.keep:
        return owner
    free = np.where(kept, np.uint8(0), np.uint8(255))
    _, nearest = cv2.distanceTransformWithLabels(
        free, cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_CCOMP
    )
    mapping = np.zeros(int(nearest.max()) + 1, np.int32)
    for i in b.keep:
        ys, xs = np.nonzero(b.cores == i)
        mapping[nearest[ys[0], xs[0]]] = i
    owner = mapping[nearest]
    owner[b.mask == 0] = 0
    return owner


def _is_fwooog(
    core: npt.NDArray[np.bool_],
    area: float,
    n_frogs: int,
    model: BoardModel,
    areas_px: tuple[float, float],
) -> tuple[bool, float]:
    """A large core: one Long Fwooog (maybe with frogs pressed on it), or only frogs?
    Also how far apart the two readings' scores are (a close call is flagged).

    The owned area decides: which reading, "a Long Fwooog and k frogs" or "n frogs",
    leaves less area unexplained (in frog areas). The core's length tips the balance: a
    Long Fwooog's core is long, two frogs' joined core shorter (on synthetic boards
    16-22 mm against 23-32 mm for the default pieces), and a core longer than a Long
    Fwooog's could be holds frogs.
    """
    ys, xs = np.nonzero(core)
    (_, _), (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    length = max(w, h) / model.ppm
    a_frog, a_fw = areas_px
    extra = max(0, round((area - a_fw) / a_frog))
    miss_fw = abs(area - a_fw - extra * a_frog) / a_frog
    miss_frogs = abs(area - n_frogs * a_frog) / a_frog
    # Three or more frogs rarely press so close that they leave one core; a Long Fwooog
    # with a frog on its flat side often does.
    miss_frogs += 0.15 * max(0, n_frogs - 2)
    if length <= model.frogs_core_len:
        miss_fw += 0.25
    elif length > model.fwooog_core_max:
        miss_fw += 0.15
    elif length >= model.fwooog_core_len:
        miss_fw -= 0.15
    return miss_fw <= miss_frogs, abs(miss_fw - miss_frogs)


def _frogs(n: int) -> str:
    return "a frog" if n == 1 else f"{n} frogs"


def find_lilypads(
    labels: colours.Labels, model: BoardModel, pieces_found: list[CountedPiece]
) -> tuple[list[CountedLilypad], list[str]]:
    """The lilypads in the ponds and the piece on each."""
    mask = np.where(labels == colours.LILYPAD, np.uint8(255), np.uint8(0))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K3)
    n, lab, stats, cents = components(mask)
    pad_area = math.pi * model.pad_r**2
    comps = [j for j in range(1, n) if stats[j, 4] >= 0.08 * pad_area]
    # A Long Fwooog lying across a lilypad cuts it in two: join parts closer than a diameter.
    groups: list[list[int]] = []
    for j in comps:
        for g in groups:
            if any(np.hypot(*(cents[j] - cents[i])) < 1.6 * model.pad_r for i in g):
                g.append(j)
                break
        else:
            groups.append([j])
    pads: list[CountedLilypad] = []
    warnings: list[str] = []
    for g in groups:
        pts = np.concatenate([np.argwhere(lab == j)[:, ::-1] for j in g]).astype(np.float32)
        (cx, cy), r = cv2.minEnclosingCircle(pts)
        if not 0.6 * model.pad_r <= r <= 1.4 * model.pad_r:
            continue  # green, but not the size of a lilypad
        ix, iy = round(cx), round(cy)
        inside = 0 <= iy < model.pond_map.shape[0] and 0 <= ix < model.pond_map.shape[1]
        pond_idx = int(model.pond_map[iy, ix]) if inside else 0
        x_mm, y_mm = cx / model.ppm, cy / model.ppm
        if pond_idx == 0:
            warnings.append(f"a lilypad at ({x_mm:.0f}, {y_mm:.0f}) mm is in no pond: not counted")
            continue
        pond = model.ids[pond_idx - 1]

        def dist(p: CountedPiece, x: float = x_mm, y: float = y_mm) -> float:
            return math.hypot(p.x_mm - x, p.y_mm - y)

        reach = 0.75 * model.pad_r / model.ppm
        frogs = sorted((p for p in pieces_found if p.kind == "frog" and dist(p) < reach), key=dist)
        fwooogs = sorted(
            (p for p in pieces_found if p.kind == "fwooog" and dist(p) < reach), key=dist
        )
        pads.append(
            CountedLilypad(
                pond,
                x_mm,
                y_mm,
                frogs[0].faction if frogs else None,
                fwooogs[0].faction if fwooogs else None,
            )
        )
    return pads, warnings


def find_occlusions(
    labels: colours.Labels, model: BoardModel
) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, w, h mm) of large foreign areas over the map: hands, arms, sleeves.

    Skin and cloth come out as a speckle of foreign and grey pixels (their colour is
    near nothing calibrated, and some of it near grey): what counts is the density of
    such pixels over a few millimetres, away from the markers' paper.
    """
    odd = (labels == colours.FOREIGN) | (labels == colours.NEUTRAL)
    odd &= ~model.marker_zone
    density = cv2.blur(odd.astype(np.float32), (9, 9))
    mask = np.where(density > 0.5, np.uint8(255), np.uint8(0))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5)
    n, _, stats, _ = components(mask)
    limit = OCCLUSION_MM2 * model.ppm**2
    return [
        (
            float(stats[j, 0]) / model.ppm,
            float(stats[j, 1]) / model.ppm,
            float(stats[j, 2]) / model.ppm,
            float(stats[j, 3]) / model.ppm,
        )
        for j in range(1, n)
        if stats[j, 4] >= limit
    ]

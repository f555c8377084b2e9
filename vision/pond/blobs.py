"""Finding the pieces and the lilypads in a labelled board raster, and what covers the map.

Works in the board raster of ``vision.pond.model`` (``RASTER_PPM`` px/mm) on the labels
of ``vision.pond.colours``: each faction's blobs cut back to their bases, the frogs seen
only by their side under another piece, and the patches of colour for the check by
synthesis (``vision.pond.explain``); ``vision.pond.split`` splits each blob into pieces.
See ``vision.pond.count`` for the whole pipeline.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond import colours
from vision.pond.explain import Explained, SeenColour, explain
from vision.pond.found import (
    CountedLilypad,
    CountedPiece,
    components,
    fill_holes,
    on_pad,
    pond_of,
)
from vision.pond.model import BoardModel
from vision.pond.pieces import Pieces
from vision.pond.prism import fwooog_shortfall, unsmear
from vision.pond.split import Blob, rim_growth, split_blob

#: (x_mm, y_mm) -> where a frog's top lands relative to its base, in raster pixels.
ShiftAt = Callable[[float, float], tuple[float, float]]

#: Raster pixels a piece's colour may grow into highlights, eyes and blended rims.
GROW_STEPS = 6
#: A foreign blob this large (mm²) over the map is a hand or an arm, not noise.
OCCLUSION_MM2 = 1500.0
#: A faction's colour this large (in frog areas) with no base of its own is a frog's side
#: seen under another piece (a stack).
HIDDEN_SIDE = 0.15
#: ...of which at least this much is labelled in its own colour (not grown into the
#: highlights, rims and unlabelled pixels beside it) where the pieces' colours are put
#: through the camera's mixing (``find_pieces``' ``mixed``): a piece's shaded side whose
#: colour lies between two factions' is mostly unlabelled, with a few pixels of the other's.
OWN_SIDE = 0.07
#: A patch of a faction's colour this large (in frog areas) is checked against the count
#: (``vision.pond.explain``): a thinner side than one counted is still flagged.
SIDE_PATCH = 0.07
#: The doubt of a frog counted from its side alone.
SIDE_DOUBT = "possible stack (its side shows under another piece): counted"

#: A lilypad whose visible green fits in a circle smaller than this share of its radius is
#: mostly hidden (what shows lies within less than half of it; a neighbouring piece over its
#: edge leaves more than half showing).
HIDDEN_PAD = 0.85

_K3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
_K5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def piece_mask(
    own: npt.NDArray[np.uint8], absorbable: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]:
    """One colour's pixels (0/255), grown into the highlights, eyes and blended rims next to them.

    A highlight or an eye at a piece's edge would otherwise bite a notch that the
    erosion of ``split.split_blob`` widens into a false split.
    """
    mask = own
    for _ in range(GROW_STEPS):
        mask = u8(cv2.dilate(mask, _K3)) & (mask | absorbable)
    return u8(cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5))


def _blobs(
    labels: colours.Labels,
    model: BoardModel,
    pieces: Pieces,
    shift_at: ShiftAt | None = None,
    own_side: float = 0.0,
) -> tuple[list[Blob], list[tuple[str, float, float, float]], list[CountedPiece], list[SeenColour]]:
    """Each faction's connected blobs, holes filled, with their erosion cores; also the frogs
    seen only by their side under another piece, and (with ``shift_at``) each faction's
    patches of colour before they are cut back to bases (``vision.pond.explain``).

    With ``shift_at`` (pieces with a height, seen from a known camera place) each blob is
    first cut back to its base (``prism.unsmear``): its top and sides are swept away from
    the camera's nadir, and the base is what areas and ponds are judged on.

    Pieces cover a few percent of the board: one pass over the whole raster finds where
    any piece colour is, and the per-faction work runs on crops around those places.
    """
    out: list[Blob] = []
    too_big: list[tuple[str, float, float, float]] = []
    hidden: list[CountedPiece] = []
    seen: list[SeenColour] = []
    nf = len(pieces.factions)
    reach = GROW_STEPS + 2
    anyp = np.where((labels >= 1) & (labels <= nf), np.uint8(255), np.uint8(0))
    anyp = u8(cv2.dilate(anyp, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * reach + 1,) * 2)))
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
        own = {k: np.where((lab_c == k) & mine, np.uint8(255), np.uint8(0)) for k in factions}
        grown = {k: piece_mask(own[k], absorbable) for k in factions}
        shift = (0.0, 0.0)
        fw_short = 0.0
        if shift_at is not None and factions:
            shift = shift_at((x + w / 2) / model.ppm, (y + h / 2) / model.ppm)
            fw_short = _fwooog_short(shift, pieces, model)
            colour = grown
            grown = _bases(grown, lab_c, mine, absorbable, shift)
            for k in factions:
                faction = list(pieces.factions)[k - 1]
                others = [colour[m] for m in factions if m != k]
                hidden += _hidden_under(
                    faction, (colour[k], own[k]), grown[k], others, shift, (x0, y0), model, own_side
                )
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
                core = u8(cv2.erode(blob, model.kernel))
                cm, clab, cstats, ccents = components(core)
                keep = [i for i in range(1, cm) if cstats[i, 4] >= 0.3 * model.frog_core]
                out.append(Blob(faction, blob, x0, y0, clab, cstats, ccents, keep, shift, fw_short))
    return out, too_big, hidden, seen


def _fwooog_short(shift: tuple[float, float], pieces: Pieces, model: BoardModel) -> float:
    """``prism.fwooog_shortfall`` for a blob cut back by ``shift`` (px)."""
    if pieces.top_ratio is None:
        return 0.0
    return fwooog_shortfall(
        math.hypot(*shift) / model.ppm,
        pieces.top_ratio,
        pieces.frog_half_mm,
        pieces.fwooog_mm[0] / 2,
        pieces.fwooog_lean_ratio,
    )


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
    seen: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]],
    base: npt.NDArray[np.uint8],
    others: list[npt.NDArray[np.uint8]],
    shift: tuple[float, float],
    origin: tuple[int, int],
    model: BoardModel,
    own_side: float = 0.0,
) -> list[CountedPiece]:
    """Frogs of ``faction`` whose colour shows but whose base does not: stacked under another.

    A frog on a frog hides the lower one's top and far sides; the camera still sees the
    lower one's near sides, a crescent about a frog wide and one lean deep between the base
    and the upper frog's sides. Cut back along the lean, such a crescent leaves no base of
    its own (a tenth of a frog at most; a piece standing on the board leaves its whole base).
    The crescent touches the upper frog's colour on the side towards the camera (the upper
    frog leans away from it); a fragment elsewhere (a highlight's tint, glare on a piece) is
    not one. ``seen``: the faction's colour grown into the pixels beside it, and as
    labelled. With ``own_side`` (where the pieces' colours are a prediction through the
    camera's mixing, ``OWN_SIDE``), at least that share of a frog's area of the crescent is
    labelled in its own colour: under the Pi camera's matrix at 2964 K for the game's photo
    and 3610 K for the owner's, pumpkin pieces' shaded sides came back between pumpkin and
    cowboy, and 14 crescents of cowboy colour with no frog under them (boards 40000-40029)
    had grown from at most 0.034 of a frog's area of it. With the calibrated colours a
    true crescent can be as little of its own colour (0.031 on fresh 41200; 5 of its 41
    under 0.07), so there the rule is not applied. Each crescent left is counted as a frog,
    flagged; the colour of one not counted is still checked against the count
    (``vision.pond.explain``).
    """
    colour, own = seen
    x0, y0 = origin
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
        if np.count_nonzero(own & comp) < own_side * model.frog_area:
            continue  # grown from a few pixels: another piece's side, not this colour's
        if np.count_nonzero(unsmear(fill_holes(comp), shift)) >= 0.1 * model.frog_area:
            continue
        cx, cy = cents[j]
        if not _below_another(comp, (cx, cy), others, shift):
            continue
        pond, share = pond_of(comp > 0, x0, y0, model)
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


def find_pieces(
    labels: colours.Labels,
    model: BoardModel,
    pieces: Pieces,
    shift_at: ShiftAt | None = None,
    mixed: bool = False,
) -> tuple[list[CountedPiece], list[tuple[str, float, float, float]], list[Explained]]:
    """Every piece of every faction; also faction blobs far too big to be pieces, and each
    patch of colour against the pieces counted in it (``vision.pond.explain``; with
    ``shift_at`` only).

    ``shift_at``: see ``_blobs`` (None: pieces seen as flat). ``mixed``: the pieces' colours
    were put through the camera's mixing (``vision.pond.mixing.mixed_pieces``), so a frog's
    side under another must be seen in its own colour (``OWN_SIDE``).
    """
    own_side = OWN_SIDE if mixed else 0.0
    blobs, too_big, hidden, seen = _blobs(labels, model, pieces, shift_at, own_side)
    growth = rim_growth(blobs, model)
    found: list[CountedPiece] = []
    for b in blobs:
        g = growth.get(b.faction, growth[""])
        areas = (
            model.frog_area + g * model.frog_perimeter,
            model.fwooog_area + g * model.fwooog_perimeter,
        )
        found.extend(split_blob(b, model, areas))
    counted = [(p.kind, p.faction, p.x_mm, p.y_mm, p.angle_deg, p.frogs) for p in found]
    counted += [("side", p.faction, p.x_mm, p.y_mm, None, 1) for p in hidden]
    return found + hidden, too_big, explain(seen, counted, growth, model, pieces)


def find_lilypads(
    labels: colours.Labels, model: BoardModel, pieces_found: list[CountedPiece]
) -> tuple[list[CountedLilypad], list[tuple[str | None, str]]]:
    """The lilypads in the ponds and the piece on each, and (pond or None, warning) for a
    lilypad in no pond (None) and for one mostly hidden (``HIDDEN_PAD``) with no piece found
    on it, which names its pond (its holder is left free: the frog that hides it may hold
    it)."""
    mask = np.where(labels == colours.LILYPAD, np.uint8(255), np.uint8(0))
    mask = u8(cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K3))
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
    warnings: list[tuple[str | None, str]] = []
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
            warnings.append(
                (None, f"a lilypad at ({x_mm:.0f}, {y_mm:.0f}) mm is in no pond: not counted")
            )
            continue
        pond = model.ids[pond_idx - 1]

        frogs = on_pad(pieces_found, x_mm, y_mm, model)
        fwooogs = on_pad(pieces_found, x_mm, y_mm, model, "fwooog")
        if not frogs and not fwooogs and r < HIDDEN_PAD * model.pad_r:
            # Something hides most of it, yet nothing counted stands on it: its centre, taken
            # from the part that shows, may lie too far from a frog that holds it.
            warnings.append(
                (
                    pond,
                    f"pond {pond}: the lilypad at ({x_mm:.0f}, {y_mm:.0f}) mm is mostly hidden "
                    "and no frog was found on it: is one standing on it? look",
                )
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
    mask = u8(cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5))
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

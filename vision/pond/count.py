"""Counting the pieces in every pond of the Pond map board from one camera frame.

Stages (each a function on arrays; drawing is ``vision.pond.annotate``'s job):

1. ``vision.markers``: the four corner markers -> the image -> board-mm homography.
2. The frame is warped to a board raster of ``RASTER_PPM`` pixels per millimetre (after
   an area-averaging reduction, so the warp reads no more pixels than it writes): every
   later stage works in board millimetres, whatever the camera's angle and distance.
3. ``vision.pond.colours``: each raster pixel is labelled faction / lilypad / board /
   foreign by its chromaticity (robust to light falling off across the table).
4. Pieces: each faction's touching pieces form one blob. Eroding the blob by a disc of
   about a third of a piece's width cuts the narrow necks where rounded pieces touch,
   leaving one core per piece; a Long Fwooog's core is long, a frog's small. The blob's
   area then checks the count (frogs packed without a neck). Each piece goes to the pond
   holding most of its footprint; a piece across an edge is listed in the warnings.
5. Lilypads: green discs; the frog whose centre lies on a lilypad holds it.
6. A large foreign blob (a hand, an arm) or a hidden marker makes the frame unusable:
   ``ok`` is False and ``reason`` says why.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.frames import Frame
from vision.markers import BoardPose, board_homography, detect_markers
from vision.pond import colours
from vision.pond.geometry import (
    board_size_mm,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.pieces import Pieces

#: Board raster resolution, pixels per millimetre: a frog is about 30 px long.
RASTER_PPM = 2.0
#: A foreign blob this large (mm²) over the map is a hand or an arm, not noise.
OCCLUSION_MM2 = 1500.0
#: Raster pixels a piece's colour may grow into highlights, eyes and blended rims.
GROW_STEPS = 6
#: A piece with less than this share of its footprint in its pond is "across the edge".
EDGE_SHARE = 0.95


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


@dataclass(frozen=True)
class CountedLilypad:
    """A lilypad found on the board: its pond, centre (mm), and who is on it."""

    pond: str
    x_mm: float
    y_mm: float
    holder: str | None = None  # faction of the frog on it
    fwooog: str | None = None  # faction of a Long Fwooog on it (illegal, reported)


@dataclass
class BoardCount:
    """What one frame shows.

    ``ponds`` is exactly the ``ponds`` of the Pond engine's ``board`` event: every pond of
    the layout, ``{"frogs": {FACTION: N}, "fwooogs": [FACTION...], "lilypad": null |
    "free" | FACTION}`` plus ``"lilypad_fwooog": FACTION`` when a Long Fwooog sits on the
    lilypad. When ``ok`` is False (marker hidden, hand over the map) ``ponds`` is empty
    and ``reason`` says why; such a frame is never a board.
    """

    ok: bool
    ponds: dict[str, dict[str, Any]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    reason: str | None = None
    pieces: list[CountedPiece] = field(default_factory=list)
    lilypads: list[CountedLilypad] = field(default_factory=list)
    pose: BoardPose | None = None
    polygons_mm: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    occluded_mm: list[tuple[float, float, float, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``{"ponds": ..., "warnings": [...]}``; a frame that waits gives its ``reason``."""
        if not self.ok:
            return {"ok": False, "reason": self.reason, "warnings": list(self.warnings)}
        return {"ponds": self.ponds, "warnings": list(self.warnings)}

    def key(self) -> str:
        """A canonical text of ``ponds``: two frames agree when their keys are equal."""
        return json.dumps(self.ponds, sort_keys=True)


def _waits(reason: str, **extra: Any) -> BoardCount:
    return BoardCount(ok=False, reason=reason, **extra)


# ---------------------------------------------------------------- the board model


@dataclass
class _Model:
    """Everything about a (layout, pieces) pair that does not change between frames."""

    ppm: float
    size: tuple[int, int]  # raster (w, h)
    ids: list[str]
    polygons: dict[str, list[tuple[float, float]]]
    pond_map: npt.NDArray[np.uint8]  # 0 land, i + 1 pond ids[i]
    land: npt.NDArray[np.bool_]  # land pixels to sample the board's colour (not markers)
    frog_area: float  # px
    fwooog_area: float
    frog_core: float
    fwooog_core: float
    kernel: npt.NDArray[np.uint8]  # the erosion disc
    pad_r: float  # px
    fountains: set[str]


_MODELS: dict[tuple[int, int], tuple[Any, Any, _Model]] = {}


def footprint_mask(kind: str, pieces: Pieces, ppm: float, angle: float = 0.0) -> npt.NDArray[
    np.uint8
]:
    """A piece's ideal footprint at ``ppm`` (frog: ellipse; Long Fwooog: rounded bar), 0/255."""
    length, width = pieces.frog_mm if kind == "frog" else pieces.fwooog_mm
    n = int(math.ceil(length * ppm)) + 6
    img = np.zeros((n, n), np.uint8)
    c = ((n - 1) / 2, (n - 1) / 2)
    k = 16
    if kind == "frog":
        cv2.ellipse(img, (round(c[0] * k), round(c[1] * k)),
                    (round(length / 2 * ppm * k), round(width / 2 * ppm * k)), angle, 0, 360, 255,
                    -1, cv2.LINE_8, 4)
    else:
        half = (length - width) / 2 * ppm
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        p1 = (round((c[0] - ux * half) * k), round((c[1] - uy * half) * k))
        p2 = (round((c[0] + ux * half) * k), round((c[1] + uy * half) * k))
        cv2.line(img, p1, p2, 255, max(1, round(width * ppm)), cv2.LINE_8, 4)
        r = round(width / 2 * ppm * k)
        cv2.circle(img, p1, r, 255, -1, cv2.LINE_8, 4)
        cv2.circle(img, p2, r, 255, -1, cv2.LINE_8, 4)
    return img


def _model(layout: Any, pieces: Pieces) -> _Model:
    key = (id(layout), id(pieces))
    hit = _MODELS.get(key)
    if hit is not None and hit[0] is layout and hit[1] is pieces:
        return hit[2]
    ppm = RASTER_PPM
    w_mm, h_mm = board_size_mm(layout)
    size = (round(w_mm * ppm), round(h_mm * ppm))
    polygons = pond_polygons(layout)
    ids = list(polygons)
    pond_map = np.zeros((size[1], size[0]), np.uint8)
    for i, pid in enumerate(ids, 1):
        pts = np.round(np.asarray(polygons[pid]) * ppm).astype(np.int32)
        cv2.fillPoly(pond_map, [pts], i)
    land = pond_map == 0
    paper = marker_size_mm(layout) * 0.9
    for mx, my in marker_centres_mm(layout).values():
        x0, y0 = int((mx - paper) * ppm), int((my - paper) * ppm)
        land[max(0, y0) : int((my + paper) * ppm), max(0, x0) : int((mx + paper) * ppm)] = False
    radius = max(1, round(0.32 * pieces.frog_mm[1] * ppm))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    frog = footprint_mask("frog", pieces, ppm)
    fwooog = footprint_mask("fwooog", pieces, ppm)
    model = _Model(
        ppm=ppm,
        size=size,
        ids=ids,
        polygons=polygons,
        pond_map=pond_map,
        land=land,
        frog_area=float(np.count_nonzero(frog)),
        fwooog_area=float(np.count_nonzero(fwooog)),
        frog_core=float(np.count_nonzero(cv2.erode(frog, kernel))),
        fwooog_core=float(np.count_nonzero(cv2.erode(fwooog, kernel))),
        kernel=kernel,
        pad_r=pieces.lilypad_diameter_mm / 2 * ppm,
        fountains={str(pid) for pid, p in _ponds(layout).items() if _fountain(p)},
    )
    if len(_MODELS) > 8:
        _MODELS.clear()
    _MODELS[key] = (layout, pieces, model)
    return model


def _ponds(layout: Any) -> dict[Any, Any]:
    return dict(layout["ponds"] if isinstance(layout, dict) else layout.ponds)


def _fountain(p: Any) -> bool:
    return bool(p["fountain"] if isinstance(p, dict) else p.fountain)


# ---------------------------------------------------------------- stages


def warp_board(frame: Frame, pose: BoardPose, model: _Model) -> Frame:
    """The board raster: ``frame`` seen from straight above at ``model.ppm`` px/mm."""
    h, w = frame.shape[:2]
    bw, bh = board_size_mm_from(model)
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0], [bw, 0], [bw, bh], [0, bh]]], np.float64), pose.mm_to_image
    )[0]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 3
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    src_ppm = pose.px_per_mm(bw / 2, bh / 2)
    f = max(1, round(src_ppm / model.ppm))
    crop = frame[y0:y1, x0:x1]
    if f > 1:
        crop = cv2.resize(crop, ((x1 - x0) // f, (y1 - y0) // f), interpolation=cv2.INTER_AREA)
    # raster px -> mm -> image px -> reduced crop px
    to_crop = np.array([[1 / f, 0, -x0 / f + (1 / f - 1) / 2], [0, 1 / f, -y0 / f + (1 / f - 1) / 2],
                        [0, 0, 1]])
    m = to_crop @ pose.mm_to_image @ np.diag([1 / model.ppm, 1 / model.ppm, 1.0])
    return cv2.warpPerspective(crop, m, model.size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def board_size_mm_from(model: _Model) -> tuple[float, float]:
    return model.size[0] / model.ppm, model.size[1] / model.ppm


def board_colours(raster: Frame, model: _Model) -> list[npt.NDArray[np.float64]]:
    """The water's and the land's colour in this frame (medians of a sparse sample)."""
    step = 5
    sub = raster[::step, ::step].reshape(-1, 3)
    ponds = model.pond_map[::step, ::step].ravel() > 0
    land = model.land[::step, ::step].ravel()
    bright = sub.astype(np.int32).sum(axis=1) > 3 * colours.DARK_LEVEL * 2
    out = []
    for sel in (ponds & bright, land & bright):
        if np.count_nonzero(sel) > 20:
            out.append(np.median(sub[sel], axis=0).astype(np.float64))
    return out


_K3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
_K5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def _fill_holes(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Fill the holes of a 0/255 mask (eyes, highlights), keeping its outline."""
    padded = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    flood = padded.copy()
    ff = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(flood, ff, (0, 0), 255)
    holes = cv2.bitwise_not(flood)[1:-1, 1:-1]
    return mask | holes


def piece_mask(labels: colours.Labels, k: int, absorbable: npt.NDArray[np.uint8]) -> npt.NDArray[
    np.uint8
]:
    """Class ``k``'s pixels, grown into the glossy highlights, eyes and blended rims next to them.

    A highlight or an eye at a piece's edge would otherwise bite a notch that the
    erosion of ``_split_blob`` widens into a false split.
    """
    mask = np.where(labels == k, np.uint8(255), np.uint8(0))
    for _ in range(GROW_STEPS):
        mask = cv2.dilate(mask, _K3) & (mask | absorbable)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5)
    return mask


def find_pieces(labels: colours.Labels, model: _Model, pieces: Pieces) -> tuple[
    list[CountedPiece], list[tuple[str, float, float, float]]
]:
    """Every piece of every faction; also faction blobs far too big to be pieces."""
    found: list[CountedPiece] = []
    too_big: list[tuple[str, float, float, float]] = []
    names = list(pieces.factions)
    rad = model.kernel.shape[0] // 2 + 1
    thr_fw = math.sqrt(2 * model.frog_core * model.fwooog_core)
    absorbable = np.where(labels >= colours.NEUTRAL, np.uint8(255), np.uint8(0))
    for k, faction in enumerate(names, 1):
        mask = piece_mask(labels, k, absorbable)
        n, lab, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for j in range(1, n):
            x, y, w, h, area = (int(v) for v in stats[j])
            if area < 0.35 * model.frog_area:
                continue  # a sliver where two colours blend, or noise
            x0, y0 = max(0, x - rad), max(0, y - rad)
            x1, y1 = min(lab.shape[1], x + w + rad), min(lab.shape[0], y + h + rad)
            blob = np.where(lab[y0:y1, x0:x1] == j, np.uint8(255), np.uint8(0))
            blob = _fill_holes(blob)
            area = int(np.count_nonzero(blob))
            if area > 12 * model.frog_area + 2 * model.fwooog_area:
                cx, cy = cents[j]
                too_big.append((faction, cx / model.ppm, cy / model.ppm, area / model.ppm**2))
                continue
            found.extend(_split_blob(blob, x0, y0, faction, model, thr_fw))
    return found, too_big


def _split_blob(blob: npt.NDArray[np.uint8], x0: int, y0: int, faction: str, model: _Model,
                thr_fw: float) -> list[CountedPiece]:
    """The pieces in one blob of one faction's colour (see the module docstring, stage 4).

    Each core owns the part of the blob within the erosion radius of it; that part's
    area says whether the core stands for more than one piece (frogs packed without a
    neck, or a frog pressed so hard against a Long Fwooog that their cores joined).
    """
    core = cv2.erode(blob, model.kernel)
    n, clab, cstats, ccents = cv2.connectedComponentsWithStats(core, connectivity=8)
    keep = [i for i in range(1, n) if cstats[i, 4] >= 0.3 * model.frog_core]
    kept = np.where(np.isin(clab, keep), clab, 0).astype(np.uint16)
    owner = cv2.dilate(kept, model.kernel)
    owner[blob == 0] = 0
    areas = np.bincount(owner.ravel(), minlength=n)
    marks: list[tuple[str, int, float, float, npt.NDArray[np.bool_]]] = []
    for i in keep:
        cx, cy = ccents[i]
        region = owner == i
        if cstats[i, 4] > thr_fw:
            marks.append(("fwooog", 1, cx, cy, region))
            extra = round((areas[i] - model.fwooog_area) / model.frog_area)
            if extra > 0:
                marks.append(("frog", extra, cx, cy, region))
        else:
            marks.append(("frog", max(1, round(areas[i] / model.frog_area)), cx, cy, region))
    unowned = int(np.count_nonzero(blob)) - int(areas[1:].sum())
    rest = round(unowned / model.frog_area)
    if rest > 0:
        # A piece seen only in part, or frogs no core could tell apart: counted by area.
        loose = (blob > 0) & (owner == 0)
        ys, xs = np.nonzero(loose)
        marks.append(("frog", rest, float(xs.mean()), float(ys.mean()), loose))
    ponds_crop = model.pond_map[y0 : y0 + blob.shape[0], x0 : x0 + blob.shape[1]]
    out = []
    for kind, count, cx, cy, region in marks:
        sh = np.bincount(ponds_crop[region], minlength=len(model.ids) + 1)
        total = max(1, int(sh.sum()))
        best = int(np.argmax(sh[1:])) + 1
        pond = model.ids[best - 1] if sh[best] > 0 else None
        out.append(
            CountedPiece(kind, faction, (x0 + cx) / model.ppm, (y0 + cy) / model.ppm, pond,
                         float(sh[best]) / total, count)
        )
    return out


def find_lilypads(labels: colours.Labels, model: _Model,
                  pieces_found: list[CountedPiece]) -> tuple[list[CountedLilypad], list[str]]:
    """The lilypads in the ponds and the piece on each."""
    mask = np.where(labels == colours.LILYPAD, np.uint8(255), np.uint8(0))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K3)
    n, lab, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
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
        ix, iy = int(round(cx)), int(round(cy))
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
        fwooogs = sorted((p for p in pieces_found if p.kind == "fwooog" and dist(p) < reach),
                         key=dist)
        pads.append(CountedLilypad(pond, x_mm, y_mm, frogs[0].faction if frogs else None,
                                   fwooogs[0].faction if fwooogs else None))
    return pads, warnings


def find_occlusions(labels: colours.Labels, model: _Model) -> list[tuple[float, float, float,
                                                                        float]]:
    """Boxes (x, y, w, h mm) of large foreign blobs over the map: hands, arms, sleeves."""
    mask = np.where(labels == colours.FOREIGN, np.uint8(255), np.uint8(0))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _K5)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    limit = OCCLUSION_MM2 * model.ppm**2
    return [
        tuple(float(v) / model.ppm for v in stats[j, :4])  # type: ignore[misc]
        for j in range(1, n)
        if stats[j, 4] >= limit
    ]


def _nearest_pond(model: _Model, x_mm: float, y_mm: float) -> str:
    def d(pid: str) -> float:
        pts = np.asarray(model.polygons[pid], np.float32)
        return -cv2.pointPolygonTest(pts, (x_mm, y_mm), True)

    return min(model.ids, key=d)


# ---------------------------------------------------------------- the whole count


def count_board(frame: Frame, layout: Any, pieces: Pieces) -> BoardCount:
    """Count every pond's pieces in one frame (see the module docstring).

    ``frame``: uint8 (H, W, 3) BGR. ``layout``: a ``pond-layout/1`` ``Layout`` (the Pond
    engine's ``load_layout``). ``pieces``: a ``Pieces`` (``load_pieces``).
    """
    model = _model(layout, pieces)
    polygons = model.polygons
    found = detect_markers(frame, wanted=tuple(sorted(marker_centres_mm(layout))))
    missing = [i for i in sorted(marker_centres_mm(layout)) if i not in found]
    if missing:
        seen = ", ".join(map(str, sorted(found))) or "none"
        which = ", ".join(map(str, missing))
        return _waits(f"marker {which} hidden or out of view (seen: {seen})",
                      polygons_mm=polygons)
    pose = board_homography(found, marker_centres_mm(layout), marker_size_mm(layout))
    if pose.rms_mm > 3.0:
        return _waits(f"the markers do not fit the layout (error {pose.rms_mm:.1f} mm): "
                      "is this the right layout?", pose=pose, polygons_mm=polygons)
    raster = warp_board(frame, pose, model)
    lut = colours.build_lut(pieces, board_colours(raster, model))
    labels = colours.classify(raster, lut)
    occluded = find_occlusions(labels, model)
    found_pieces, too_big = find_pieces(labels, model, pieces)
    occluded += [(x - 20, y - 20, 40, 40) for _, x, y, _ in too_big]
    if occluded:
        x, y, w, h = max(occluded, key=lambda b: b[2] * b[3])
        near = _nearest_pond(model, x + w / 2, y + h / 2)
        return _waits(f"something covers the map near pond {near} (a hand or an arm?)",
                      pose=pose, polygons_mm=polygons, occluded_mm=occluded)
    pads, warnings = find_lilypads(labels, model, found_pieces)
    return _assemble(found_pieces, pads, warnings, model, pose)


def _assemble(found: list[CountedPiece], pads: list[CountedLilypad], warnings: list[str],
              model: _Model, pose: BoardPose) -> BoardCount:
    ponds: dict[str, dict[str, Any]] = {
        pid: {"frogs": {}, "fwooogs": [], "lilypad": None} for pid in model.ids
    }
    warnings = list(warnings)
    for p in found:
        what = "Long Fwooog" if p.kind == "fwooog" else ("frog" if p.frogs == 1 else
                                                        f"{p.frogs} frogs")
        if p.pond is None:
            warnings.append(f"a {p.faction} {what} at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm is in no "
                            "pond: not counted")
            continue
        entry = ponds[p.pond]
        if p.kind == "fwooog":
            entry["fwooogs"].append(p.faction)
        else:
            entry["frogs"][p.faction] = entry["frogs"].get(p.faction, 0) + p.frogs
        if p.share < EDGE_SHARE:
            warnings.append(f"a {p.faction} {what} stands across the edge of pond {p.pond}: "
                            f"counted there ({p.share:.0%} of it inside)")
    for pad in pads:
        entry = ponds[pad.pond]
        if entry["lilypad"] is not None:
            warnings.append(f"pond {pad.pond} shows two lilypads: only one counted")
            if pad.holder is None:
                continue
        entry["lilypad"] = pad.holder or "free"
        if pad.fwooog is not None:
            entry["lilypad_fwooog"] = pad.fwooog
            warnings.append(f"a {pad.fwooog} Long Fwooog is on the lilypad in pond {pad.pond}")
    for entry in ponds.values():
        entry["fwooogs"].sort()
        entry["frogs"] = dict(sorted(entry["frogs"].items()))
    return BoardCount(ok=True, ponds=ponds, warnings=warnings, pieces=found, lilypads=pads,
                      pose=pose, polygons_mm=model.polygons)

"""Counting the pieces in every pond of the Pond map board from one camera frame.

Stages (each a function on arrays; drawing is ``vision.pond.annotate``'s job):

1. ``vision.markers``: the four corner markers -> the image -> board-mm homography (a
   marker the first pass cannot read gets a second look where the others put it).
   ``vision.focus``: a photo whose markers are blurred by more than ``FOCUS_MM`` is not
   counted ("out of focus").
2. The frame is warped to a board raster of ``RASTER_PPM`` pixels per millimetre (after
   an area-averaging reduction, so the warp reads no more pixels than it writes): every
   later stage works in board millimetres, whatever the camera's angle and distance.
3. ``vision.pond.colours``: each raster pixel is labelled faction / lilypad / board /
   foreign by its chromaticity (robust to light falling off across the table); under
   glare, by its hue (``vision.pond.glare_hue``).
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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.channels import brightest, darkest
from vision.cvarrays import u8
from vision.focus import out_of_focus
from vision.frames import MIN_IMAGE_SIDE, Frame, as_frame
from vision.markers import BoardPose, board_homography, detect_markers, halve
from vision.pond import colours
from vision.pond.blobs import SIDE_DOUBT, find_lilypads, find_occlusions, find_pieces
from vision.pond.clipped import relabel_clipped
from vision.pond.counted import Counted
from vision.pond.explain import (
    Explained,
    changed_growth,
    changed_mask,
    changed_patches,
    explain,
)
from vision.pond.exposure import brighter_than_usual, marker_paper
from vision.pond.found import CountedLilypad, CountedPiece, Hidden
from vision.pond.geometry import board_size_mm, marker_centres_mm, marker_size_mm
from vision.pond.glare_hue import relabel_under_glare
from vision.pond.lamps import FAINT
from vision.pond.mixing import mixed_pieces
from vision.pond.model import BoardModel, board_model
from vision.pond.pieces import Pieces
from vision.pond.prism import HFOV_DEG, CameraPlace, camera_place, frustum_lean
from vision.pond.reach import reach_doubts
from vision.pond.reference import EmptyBoard, compare, glare_ponds
from vision.pond.shadow import shadow_doubts, shadow_mask
from vision.pond.stacked import count_own_under, count_under, hold_lilypads, taller
from vision.pond.three_markers import (
    misfit,
    out_of_place,
    pose_from_three,
    pose_without_misread,
)
from vision.pond.tinted import glare_tinted
from vision.pond.unchecked import unchecked_doubts
from vision.pond.underfoot import underfoot_doubts
from vision.pond.unexplained import doubts, hidden_colours

#: A piece with less than this share of its footprint in its pond is "across the edge".
EDGE_SHARE = 0.95
#: A piece counts in a pond when at least this share of its base lies inside it.
MEMBER_SHARE = 0.5


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
    #: Ponds a warning names (the annotated photo marks them).
    flagged: list[str] = field(default_factory=list)
    #: Glare areas (x, y, w, h board mm), reported, not refused.
    glare_mm: list[tuple[float, float, float, float]] = field(default_factory=list)
    camera: CameraPlace | None = None
    #: Each patch of a faction's colour against the pieces counted in it (``explain``).
    explained: list[Explained] = field(default_factory=list)
    #: True when the photo waits for being out of focus (``vision.focus``): a camera with
    #: autofocus is asked to focus again.
    blurred: bool = False
    #: The markers' white paper as taken (``exposure.marker_paper``: the brightest marker's
    #: own level, a marker whitened by glare left out): how bright the photo is, for the
    #: camera's exposure (``exposure.next_exposure_value``). None before the markers are
    #: placed.
    paper: float | None = None

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


def _nearest_pond(model: BoardModel, x_mm: float, y_mm: float) -> str:
    def d(pid: str) -> float:
        pts = np.asarray(model.polygons[pid], np.float32)
        return -cv2.pointPolygonTest(pts, (x_mm, y_mm), True)

    return min(model.ids, key=d)


def warp_board(frame: Frame, pose: BoardPose, model: BoardModel) -> Frame:
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
    crop = frame[y0:y1, x0:x1]
    # Halve (2x2 averaging, fast) while the image stays finer than the raster: the warp
    # then reads about one pixel per raster pixel, with the noise averaged, not aliased.
    f = 1
    while src_ppm / (2 * f) >= model.ppm * 0.9:
        crop = halve(crop)
        f *= 2
    # raster px -> mm -> image px -> reduced crop px
    to_crop = np.array(
        [[1 / f, 0, -x0 / f + (1 / f - 1) / 2], [0, 1 / f, -y0 / f + (1 / f - 1) / 2], [0, 0, 1]]
    )
    m = to_crop @ pose.mm_to_image @ np.diag([1 / model.ppm, 1 / model.ppm, 1.0])
    return u8(
        cv2.warpPerspective(
            crop,
            m,
            model.size,
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )
    )


def board_size_mm_from(model: BoardModel) -> tuple[float, float]:
    return model.size[0] / model.ppm, model.size[1] / model.ppm


def board_colours(raster: Frame, model: BoardModel) -> list[npt.NDArray[np.float64]]:
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


# ---------------------------------------------------------------- the whole count


def count_board(
    frame: Frame,
    layout: Any,
    pieces: Pieces,
    empty: EmptyBoard | None = None,
    *,
    hfov_deg: float = HFOV_DEG,
) -> BoardCount:
    """Count every pond's pieces in one frame (see the module docstring).

    ``frame``: uint8 (H, W, 3) BGR. ``layout``: a ``pond-layout/1`` ``Layout`` (the Pond
    engine's ``load_layout``). ``pieces``: a ``Pieces`` (``load_pieces``); with heights, each
    piece is judged on its base (``vision.pond.prism``). ``empty``: the empty-board reference
    (``vision.pond.reference``): only what differs from it is looked at.
    """
    model = board_model(layout, pieces)
    polygons = model.polygons
    if min(frame.shape[:2]) < MIN_IMAGE_SIDE:
        h, w = frame.shape[:2]
        return _waits(
            f"the frame is {w}x{h} pixels: too small to hold the board's markers",
            polygons_mm=polygons,
        )
    frame = as_frame(frame, "frame")  # a grey or BGRA frame too
    centres = marker_centres_mm(layout)
    found = detect_markers(frame, wanted=tuple(sorted(centres)), centres_mm=centres)
    missing = [i for i in sorted(centres) if i not in found]
    blurred = out_of_focus(frame, found, marker_size_mm(layout))
    three = None
    if missing and not blurred:  # one marker under glare, or covered: the other three
        size_px = (frame.shape[1], frame.shape[0])
        three = pose_from_three(
            found, centres, marker_size_mm(layout), board_size_mm(layout), size_px
        )
    if missing and three is None:
        seen = ", ".join(map(str, sorted(found))) or "none"
        which = ", ".join(map(str, missing))
        if blurred:
            return _waits(
                f"{blurred} (marker {which} not read)", polygons_mm=polygons, blurred=True
            )
        if not found:
            return _waits(
                "no corner marker seen: is the whole board in view, uncovered and in focus?",
                polygons_mm=polygons,
            )
        return _waits(f"marker {which} hidden or out of view (seen: {seen})", polygons_mm=polygons)
    if blurred:
        return _waits(blurred, polygons_mm=polygons, blurred=True)
    pose = board_homography(found, centres, marker_size_mm(layout)) if three is None else three.pose
    if three is None:  # a marker read out of shape (glare on it), or out of place
        size_px = (frame.shape[1], frame.shape[0])
        misplaced = out_of_place(found, centres, marker_size_mm(layout), pose)
        if misplaced is not None:
            return _waits(misplaced, pose=pose, polygons_mm=polygons)
        three = pose_without_misread(
            found, centres, marker_size_mm(layout), board_size_mm(layout), size_px, pose
        )
        pose = pose if three is None else three.pose
    unfit = misfit(pose)
    if unfit is not None:
        return _waits(unfit, pose=pose, polygons_mm=polygons)
    raster = warp_board(frame, pose, model)
    place = camera_place(pose.mm_to_image, (frame.shape[1], frame.shape[0]), hfov_deg)
    photo = raster  # as taken (the comparison's normalised raster replaces it)
    paper = marker_paper(photo, model)
    warnings: list[str] = [] if three is None else [three.warning]
    glare_boxes: list[tuple[float, float, float, float]] = []
    glare_named: list[str] = []  # the ponds the reference's glare warning names
    flagged: list[str] = []
    if empty is not None:
        cmp = compare(raster, empty, model)
        raster = cmp.normalised
        if cmp.mixed_by is not None:  # the photos compared in the frame's colours
            pieces = mixed_pieces(pieces, cmp.mixed_by)
        lut = colours.build_lut(pieces, board_colours(cmp.reference, model))
        labels = colours.classify(raster, lut)
        labels[~cmp.changed] = colours.BACKGROUND
        warnings += cmp.warnings
        # The markers' paper cut at white over all their zones, and not only under a lamp's
        # glare on one of them (``marker_paper`` leaves a glared marker out; with none
        # glared it is the brightest marker's level, at least the zones' pooled one).
        cut_at_white = brighter_than_usual(cmp.paper) and brighter_than_usual(paper)
        if cut_at_white:
            relabel_clipped(labels, raster, photo, cmp.changed, pieces, model.ppm)
            warnings.append(
                "the photo is brighter than usual (the markers' white paper is cut at white): "
                "colours cut at white were judged; a shorter exposure reads them better"
            )
        if cmp.glare_whitening is not None:
            relabel_under_glare(
                labels, raster, cmp.changed, cmp.glare_whitening, pieces, model.ppm, cmp.tint
            )
        flagged += [pid for pid in model.ids if any(f"pond {pid} " in w for w in cmp.warnings)]
        glare_named = glare_ponds(cmp.glare, model)
        for pid in glare_named:
            warnings.append(f"glare near pond {pid}: move the lamp")
            flagged.append(pid)
        glare_boxes = _boxes(cmp.glare, model)
        lighter = glare_ponds(cmp.brighter, model) if cmp.brighter is not None else []
        if lighter:
            warnings.append(_lighter_warning(lighter))
            flagged += lighter
        white = glare_ponds(cmp.white_thing, model) if cmp.white_thing is not None else []
        for pid in white:
            warnings.append(
                f"something white lies in pond {pid} (a die? a card?): not a piece, not "
                "counted; take it off the map"
            )
            flagged.append(pid)
    else:
        lut = colours.build_lut(pieces, board_colours(raster, model))
        labels = colours.classify(raster, lut)
    occluded = find_occlusions(labels, model)
    if empty is None and occluded:
        occluded, glared = _split_glare(raster, labels, occluded, model)
        for box in glared:
            near = _nearest_pond(model, box[0] + box[2] / 2, box[1] + box[3] / 2)
            warnings.append(f"glare near pond {near}: move the lamp")
            flagged.append(near)
            glare_boxes.append(box)
            x0, y0 = round(box[0] * model.ppm), round(box[1] * model.ppm)
            x1, y1 = x0 + round(box[2] * model.ppm), y0 + round(box[3] * model.ppm)
            sub = labels[y0:y1, x0:x1]
            sub[(sub == colours.FOREIGN) | (sub == colours.NEUTRAL)] = colours.BACKGROUND
    shift_at = None
    h_frog = pieces.height_mm("frog")
    if h_frog > 0:
        top = 1.0 if pieces.top_ratio is None else pieces.top_ratio
        half = pieces.frog_half_mm

        def shift_at(x: float, y: float) -> tuple[float, float]:
            dx, dy = frustum_lean(place.shift_mm(x, y, h_frog), top, half)
            return dx * model.ppm, dy * model.ppm

    mixed = empty is not None and cmp.mixed_by is not None
    found_pieces, too_big, explained = find_pieces(labels, model, pieces, shift_at, mixed)
    occluded += [(x - 20, y - 20, 40, 40) for _, x, y, _ in too_big]
    if occluded:
        x, y, w, h = max(occluded, key=lambda b: b[2] * b[3])
        near = _nearest_pond(model, x + w / 2, y + h / 2)
        # "marker N not read" or "marker N read out of shape"
        unread = "" if three is None else "; " + three.warning.split(" (")[0]
        return _waits(
            f"something covers the map near pond {near} (a hand or an arm?){unread}",
            pose=pose,
            polygons_mm=polygons,
            occluded_mm=occluded,
            paper=paper,
        )
    if empty is not None and glare_named:
        found_pieces, tinted = glare_tinted(found_pieces, cmp.glare, set(glare_named), model)
        warnings += [text for _, text in tinted]
        flagged += [pid for pid, _ in tinted]
    unexplained = []
    counted: Counted | None = None
    judged: set[int] = set()  # the lone frogs a stack check judged
    tall = taller(found_pieces)  # the frogs some check says stand taller than one frog
    feet: list[tuple[Hidden, str]] = []  # another faction's colour at a frog's foot
    pads, pad_notes = find_lilypads(labels, model, found_pieces)
    pad_warnings = [text for _, text in pad_notes]
    flagged += [pid for pid, _ in pad_notes if pid is not None]
    if shift_at is not None and empty is not None:
        changed = changed_mask(labels)
        more, growth = _explain_changed(changed, found_pieces, model, pieces, shift_at)
        explained += more
        glare_near = cv2.dilate(cmp.glare.astype(np.uint8), _K5) > 0
        changed = changed & ~glare_near
        shifts = [shift_at(p.x_mm, p.y_mm) for p in found_pieces]
        counted = Counted(found_pieces, model, pieces, shifts)
        unexplained += reach_doubts(changed, counted, growth, judged, cut_at_white, tall)
        shadow = shadow_mask(raster, cmp.reference, cmp.changed | glare_near, model)
        faint = shadow_mask(raster, cmp.reference, cmp.changed | glare_near, model, FAINT)
        blocked = (cmp.changed & ~changed_mask(labels)) | glare_near
        pads_px = [(q.x_mm * model.ppm, q.y_mm * model.ppm) for q in pads]
        unexplained += shadow_doubts(
            shadow, changed, blocked, counted, pads_px, faint, judged, tall
        )
        unexplained += underfoot_doubts(raster, cmp.reference, lut, cmp.changed, counted, feet)
    unexplained = doubts(explained) + unexplained
    if counted is not None:  # a frog under a taller one where its colour shows too
        under = count_under(counted, tall, hidden_colours(explained) + feet)
        under = count_own_under(under, counted, tall, explained)
        found_pieces = under.found
        pads = hold_lilypads(pads, under, model)
        unexplained = [u for u in unexplained if u[1] not in under.replaced]
        # the lone frogs neither stack check could judge
        named = {pid for pid, _ in unexplained} | set(flagged)
        named |= {str(p.pond) for p in found_pieces if p.doubt is not None}
        unexplained += unchecked_doubts(counted, judged, named)
    warnings += [text for _, text in unexplained]
    flagged += [pid for pid, _ in unexplained]
    count = _assemble(found_pieces, pads, [*warnings, *pad_warnings], model, pose)
    count.flagged = sorted(set(flagged) | set(count.flagged))
    count.glare_mm = glare_boxes
    count.camera = place
    count.explained = explained
    count.paper = paper
    return count


def _lighter_warning(ponds: list[str]) -> str:
    where = f"pond {ponds[0]}" if len(ponds) == 1 else "ponds " + ", ".join(ponds)
    return (
        f"the board near {where} is lit more than in the empty-board photo (a shadow on that "
        "photo?): colours there are read as they are, but photograph the empty board again"
    )


def _explain_changed(
    changed: npt.NDArray[np.bool_],
    found: list[CountedPiece],
    model: BoardModel,
    pieces: Pieces,
    shift_at: Callable[[float, float], tuple[float, float]],
) -> tuple[list[Explained], float]:
    """Every patch of changed pixels against all the pieces counted in it (any faction), and
    how far (px) outlines grow in the changed pixels."""
    seen = changed_patches(changed, model, shift_at)
    counted = [
        (
            "side" if p.doubt == SIDE_DOUBT else p.kind,
            p.faction,
            p.x_mm,
            p.y_mm,
            p.angle_deg,
            p.frogs,
        )
        for p in found
    ]
    g = changed_growth(seen, counted, model, pieces)
    return explain(seen, counted, {"": g}, model, pieces), g


def _boxes(
    mask: npt.NDArray[np.bool_], model: BoardModel
) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (board mm) of the mask's sizeable parts."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    limit = 150.0 * model.ppm**2
    ppm = model.ppm
    return [
        (float(x) / ppm, float(y) / ppm, float(w) / ppm, float(h) / ppm)
        for x, y, w, h, area in stats[1:n]
        if area >= limit
    ]


def _split_glare(
    raster: Frame,
    labels: colours.Labels,
    boxes: list[tuple[float, float, float, float]],
    model: BoardModel,
) -> tuple[list[tuple[float, float, float, float]], list[tuple[float, float, float, float]]]:
    """Tell glare from hands among the areas that cover the map (no reference to compare with).

    Glare is a lamp's reflection: bright, nearly colourless, and it fades out smoothly; a
    hand or a sleeve has colour (skin) or a sharp outline against the board.
    """
    grey = cv2.GaussianBlur(raster, (0, 0), 1.5).astype(np.float32)
    hands: list[tuple[float, float, float, float]] = []
    glare: list[tuple[float, float, float, float]] = []
    for box in boxes:
        x0, y0 = round(box[0] * model.ppm), round(box[1] * model.ppm)
        x1, y1 = x0 + round(box[2] * model.ppm), y0 + round(box[3] * model.ppm)
        sub = grey[y0:y1, x0:x1]
        odd = (labels[y0:y1, x0:x1] == colours.FOREIGN) | (labels[y0:y1, x0:x1] == colours.NEUTRAL)
        if np.count_nonzero(odd) < 50:
            hands.append(box)
            continue
        px = sub[odd]
        hi, lo = brightest(px), darkest(px)
        desaturated = float(np.median((hi - lo) / (hi + 1))) < 0.2
        bright = float(np.median(hi)) > 150
        m = odd.astype(np.uint8)
        rim = (cv2.dilate(m, _K5) - cv2.erode(m, _K5)) > 0
        lum = sub.mean(axis=2)
        gx = cv2.Sobel(lum, cv2.CV_32F, 1, 0, ksize=3) / 8
        gy = cv2.Sobel(lum, cv2.CV_32F, 0, 1, ksize=3) / 8
        sharp = float(np.percentile(np.hypot(gx, gy)[rim], 75)) if rim.any() else 99.0
        (glare if desaturated and bright and sharp < 6.0 else hands).append(box)
    return hands, glare


_K5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def _assemble(
    found: list[CountedPiece],
    pads: list[CountedLilypad],
    warnings: list[str],
    model: BoardModel,
    pose: BoardPose,
) -> BoardCount:
    ponds: dict[str, dict[str, Any]] = {
        pid: {"frogs": {}, "fwooogs": [], "lilypad": None} for pid in model.ids
    }
    warnings = list(warnings)
    flagged: set[str] = set()
    for p in found:
        if p.kind == "fwooog":
            what = f"a {p.faction} Long Fwooog"
        elif p.frogs == 1:
            what = f"a {p.faction} frog"
        else:
            what = f"{p.frogs} {p.faction} frogs"
        if p.pond is None:
            warnings.append(f"{what} at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm is in no pond: not counted")
            continue
        if p.share < MEMBER_SHARE:
            warnings.append(
                f"{what} {'stands' if p.frogs == 1 else 'stand'} mostly on land beside pond "
                f"{p.pond} ({p.share:.0%} inside): not counted"
            )
            flagged.add(p.pond)
            continue
        if p.doubt is not None:
            warnings.append(f"pond {p.pond}: {what} at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm: {p.doubt}")
            flagged.add(p.pond)
        entry = ponds[p.pond]
        if p.kind == "fwooog":
            entry["fwooogs"].append(p.faction)
        else:
            entry["frogs"][p.faction] = entry["frogs"].get(p.faction, 0) + p.frogs
        if p.share < EDGE_SHARE:
            flagged.add(p.pond)
            warnings.append(
                f"{what} {'stands' if p.frogs == 1 else 'stand'} across the edge of pond "
                f"{p.pond}: counted there ({p.share:.0%} inside)"
            )
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
    return BoardCount(
        ok=True,
        ponds=ponds,
        warnings=warnings,
        pieces=found,
        lilypads=pads,
        pose=pose,
        polygons_mm=model.polygons,
        flagged=sorted(flagged),
    )

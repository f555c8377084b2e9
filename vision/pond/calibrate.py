"""Calibration an owner does once: the pieces' colours, and a first map layout, from photos.

- ``calibrate_colours(frame, layout, points, base)``: the colour of each faction's
  pieces and of the lilypads, sampled where the owner says (board millimetres) in a
  photo of the board under the table's own light, as a new ``Pieces``.
- ``propose_layout(frame, base, ...)``: a ``pond-layout/1`` document started from a
  photo: ponds found from the water's colour (or outlines the owner gives), rivers
  where water joins two ponds, ids/Fountain/starting seats taken from the nearest
  pond of a base layout. The touchscreen layout editor then refines it; the Pond
  engine's ``load_layout`` validates it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import BadFileError
from vision.cvarrays import i32, u8
from vision.focus import out_of_focus
from vision.frames import Frame
from vision.markers import BoardPose, board_homography, detect_markers
from vision.pond.colours import DARK_LEVEL, chroma
from vision.pond.count import warp_board
from vision.pond.found import fill_holes
from vision.pond.geometry import (
    board_size_mm,
    fountain_ids,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.model import BoardModel, board_model
from vision.pond.pieces import FACTIONS, RGB, Pieces
from vision.pond.three_markers import out_of_place

#: Two calibrated colours closer than this (chromaticity) will be confused.
TOO_CLOSE = 0.06


def board_raster(
    frame: Frame, layout: Any, pieces: Pieces, where: str
) -> tuple[Frame, BoardModel, BoardPose]:
    """The photo warped to the board raster; ``BadFileError`` naming ``where`` if it cannot be
    (a marker missing, the photo out of focus, or a marker away from its place:
    ``three_markers.out_of_place``)."""
    centres = marker_centres_mm(layout)
    found = detect_markers(frame, wanted=tuple(sorted(centres)), centres_mm=centres)
    missing = [i for i in sorted(centres) if i not in found]
    blurred = out_of_focus(frame, found, marker_size_mm(layout))
    if blurred:
        raise BadFileError(f"{where}: {blurred}")
    if missing:
        raise BadFileError(
            f"{where}: marker {', '.join(map(str, missing))} not found: all four corner "
            "markers must be in view"
        )
    pose = board_homography(found, centres, marker_size_mm(layout))
    misplaced = out_of_place(found, centres, marker_size_mm(layout), pose)
    if misplaced:  # the homography bends to take it in: every pond would lie askew
        raise BadFileError(f"{where}: {misplaced}")
    model = board_model(layout, pieces)
    return warp_board(frame, pose, model), model, pose


def sample_colour(
    raster: Frame, ppm: float, x_mm: float, y_mm: float, radius_mm: float = 4.0
) -> RGB:
    """The typical colour (RGB) in a disc: the median of its mid-brightness pixels.

    Highlights and shadow sides are left out (brightest and darkest fifth), so the
    colour is the body's as the camera sees it.
    """
    h, w = raster.shape[:2]
    cx, cy, r = x_mm * ppm, y_mm * ppm, radius_mm * ppm
    yy, xx = np.ogrid[:h, :w]
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    pixels = raster[disc].astype(np.float64)
    if len(pixels) < 5:
        raise BadFileError(f"({x_mm:g}, {y_mm:g}) mm is outside the board")
    bright = pixels.sum(axis=1)
    lo, hi = np.percentile(bright, [20, 80])
    mid = pixels[(bright >= lo) & (bright <= hi)]
    b, g, r_ = np.median(mid if len(mid) else pixels, axis=0)
    return (round(r_), round(g), round(b))


#: A sample this close (chromaticity) to the board's own land or water is the board, not a piece.
LIKE_BOARD = 0.035
#: A sample this far (chromaticity) from the drawing's colour of that piece is another thing.
FAR_FROM_DRAWING = 0.12


def calibrate_colours(
    frame: Frame,
    layout: Any,
    points: dict[str, tuple[float, float]],
    base: Pieces,
    where: str = "image",
) -> tuple[Pieces, list[str], list[str]]:
    """New pieces colours sampled at ``points`` (name -> board mm); notes for the owner, and
    what looks wrong (a sample that is the board's land or water, or far from the drawing's
    colour of that piece: the point probably missed the piece).

    Names are the factions and "lilypad"; the others keep ``base``'s colours.
    """
    from vision.pond.count import board_colours

    raster, model, _ = board_raster(frame, layout, base, where)
    board = board_colours(raster, model)
    board_names = ["water", "land"][: len(board)]
    drawing: dict[str, RGB] = {**base.factions, "lilypad": base.lilypad_rgb}
    wrong: list[str] = []
    factions = dict(base.factions)
    lily = base.lilypad_rgb
    for name, (x, y) in points.items():
        try:
            rgb = sample_colour(raster, model.ppm, x, y)
        except BadFileError as exc:
            raise BadFileError(f"{where}: --at {name}: {exc}") from None
        c = chroma(rgb[::-1])
        for bname, bgr_ in zip(board_names, board, strict=True):
            d = float(np.linalg.norm(c - chroma(bgr_)))
            if d < LIKE_BOARD:
                wrong.append(
                    f"--at {name}={x:g},{y:g}: the sample {list(rgb)} looks like the board's "
                    f"{bname} (distance {d:.3f}), not a {name} piece"
                )
                break
        else:
            if name in drawing:
                d = float(np.linalg.norm(c - chroma(drawing[name][::-1])))
                if d > FAR_FROM_DRAWING:
                    wrong.append(
                        f"--at {name}={x:g},{y:g}: the sample {list(rgb)} is far from a {name} "
                        f"piece's colour {list(drawing[name])} (distance {d:.3f})"
                    )
        if name == "lilypad":
            lily = rgb
        elif name in FACTIONS:
            factions[name] = rgb
        else:
            raise BadFileError(f"--at {name}: unknown name (one of {', '.join(FACTIONS)}, lilypad)")
    pieces = replace(base, factions=factions, lilypad_rgb=lily, source=where)
    notes = []
    named: dict[str, RGB] = {**factions, "lilypad": lily}
    for name, rgb in named.items():
        if sum(rgb) / 3 < DARK_LEVEL * 2:
            notes.append(f"{name}: the sample is very dark {list(rgb)}: more light on the table?")
    names = list(named)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = float(np.linalg.norm(chroma(named[a][::-1]) - chroma(named[b][::-1])))
            if d < TOO_CLOSE:
                notes.append(f"{a} and {b} look alike to the camera (distance {d:.3f})")
    return pieces, notes, wrong


# ---------------------------------------------------------------- layout


def layout_doubt(layout: Any, base: Any) -> str | None:
    """What looks wrong in a proposed layout against the base drawing, or None.

    The drawing knows the board: a photo that yields fewer ponds or rivers than it (too
    dark, pieces or a hand over the water, the other side of the board) must not silently
    become the layout every count relies on.
    """
    want_ponds, got_ponds = len(base.ponds), len(layout.ponds)
    want_rivers, got_rivers = len(base.rivers), len(layout.rivers)
    base_rivers = {tuple(sorted(r)) for r in base.rivers}
    missing = sorted(base_rivers - {tuple(sorted(r)) for r in layout.rivers})
    if got_ponds != want_ponds or got_rivers < want_rivers or missing:
        what = f"found {got_ponds} of the drawing's {want_ponds} ponds and {got_rivers} of its "
        what += f"{want_rivers} rivers"
        if missing and got_ponds == want_ponds:
            what += f" (missing {'-'.join(missing[0])}"
            what += f" and {len(missing) - 1} more)" if len(missing) > 1 else ")"
        return (
            f"{what}: is the board empty, evenly lit and fully in view, and this the "
            f"{want_ponds}-pond side?"
        )
    return None


def _polygon_mm(contour: npt.NDArray[np.int32], ppm: float) -> list[list[float]]:
    approx = cv2.approxPolyDP(contour, 1.5 * ppm, True).reshape(-1, 2)
    return [[round(float(x) / ppm, 1), round(float(y) / ppm, 1)] for x, y in approx]


def _water_mask(
    raster: Frame, model: BoardModel, at_mm: tuple[float, float]
) -> npt.NDArray[np.uint8]:
    water = np.array(sample_colour(raster, model.ppm, *at_mm, radius_mm=8.0)[::-1], np.float64)
    c = chroma(raster.astype(np.float64))
    near = np.linalg.norm(c - chroma(water), axis=2) < 0.05
    bright = raster.astype(np.float64).mean(axis=2) > DARK_LEVEL
    mask = np.where(near & bright & ~model.marker_zone, np.uint8(255), np.uint8(0))
    return u8(
        cv2.morphologyEx(
            mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        )
    )


def propose_layout(
    frame: Frame,
    base: Any,
    pieces: Pieces,
    *,
    name: str,
    outlines: dict[str, list[tuple[float, float]]] | None = None,
    where: str = "image",
) -> dict[str, Any]:
    """A ``pond-layout/1`` document for the board in ``frame`` (validate with ``load_layout``).

    The markers' places, the board's size and the ids come from ``base`` (the owner lays
    the markers as its drawing shows). Ponds are the large water areas, rivers narrower
    than about 20 mm are cut away from them first; ``outlines`` (id -> board-mm points)
    replace or add ponds by hand.
    """
    raster, model, _ = board_raster(frame, base, pieces, where)
    ppm = model.ppm
    base_polys = pond_polygons(base)
    base_fountain = set(fountain_ids(base))
    w_mm, h_mm = board_size_mm(base)
    centre_at = (
        np.mean(base_polys[next(iter(base_fountain))], axis=0)
        if base_fountain
        else (
            w_mm / 2,
            h_mm / 2,
        )
    )
    water = _water_mask(raster, model, (float(centre_at[0]), float(centre_at[1])))
    k = round(10 * ppm)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
    ponds_mask = u8(cv2.morphologyEx(water, cv2.MORPH_OPEN, disc))  # rivers gone
    ponds_mask = fill_holes(ponds_mask)  # a piece or lilypad left on the board
    # The pond's printed outline is part of the pond: take about a millimetre more.
    ponds_mask = u8(cv2.dilate(ponds_mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))))
    contours, _ = cv2.findContours(ponds_mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[list[list[float]]] = [
        _polygon_mm(i32(c), ppm) for c in contours if cv2.contourArea(c) >= 1500 * ppm * ppm
    ]
    given = {pid: [[float(x), float(y)] for x, y in pts] for pid, pts in (outlines or {}).items()}
    ponds: dict[str, dict[str, Any]] = {}
    used: set[str] = set()
    for poly in found:
        cx, cy = np.mean(poly, axis=0)
        if any(
            cv2.pointPolygonTest(np.array(g, np.float32), (cx, cy), False) >= 0
            for g in given.values()
        ):
            continue  # the owner drew this one
        best = min(base_polys, key=lambda p: math.dist((cx, cy), np.mean(base_polys[p], axis=0)))
        near = math.dist((cx, cy), np.mean(base_polys[best], axis=0)) < 40 and best not in used
        pid = best if near else f"P{len(ponds) + 1}"
        used.add(pid)
        ponds[pid] = {"polygon_mm": poly}
    for pid, poly in given.items():
        ponds[pid] = {"polygon_mm": poly}
    base_ponds = dict(base.ponds) if not isinstance(base, dict) else base["ponds"]
    for pid, entry in ponds.items():
        b = base_ponds.get(pid)
        entry["fountain"] = bool(b is not None and pid in base_fountain)
        entry["start_seat"] = getattr(b, "start_seat", None) if b is not None else None
    if ponds and not any(e["fountain"] for e in ponds.values()):
        mid = min(
            ponds,
            key=lambda p: math.dist((w_mm / 2, h_mm / 2), np.mean(ponds[p]["polygon_mm"], axis=0)),
        )
        ponds[mid]["fountain"] = True
    return {
        "format": "pond-layout/1",
        "name": name,
        "size_mm": [w_mm, h_mm],
        "markers": {
            "dictionary": "DICT_4X4_50",
            "size_mm": marker_size_mm(base),
            "centres_mm": {str(i): list(c) for i, c in marker_centres_mm(base).items()},
        },
        "ponds": ponds,
        "rivers": _rivers(water, ponds, ppm),
    }


def _rivers(
    water: npt.NDArray[np.uint8], ponds: dict[str, dict[str, Any]], ppm: float
) -> list[list[str]]:
    """Pairs of ponds joined by water outside both (a river)."""
    ids = list(ponds)
    pond_map = np.zeros(water.shape, np.uint8)
    for i, pid in enumerate(ids, 1):
        pts = np.round(np.asarray(ponds[pid]["polygon_mm"]) * ppm).astype(np.int32)
        cv2.fillPoly(pond_map, [pts], i)
    grown = cv2.dilate(pond_map, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))
    channels = np.where((water > 0) & (grown == 0), np.uint8(255), np.uint8(0))
    n, lab = cv2.connectedComponents(channels, connectivity=8)
    reach = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(4 * ppm) + 1,) * 2)
    rivers: set[tuple[str, str]] = set()
    for j in range(1, n):
        comp = np.where(lab == j, np.uint8(255), np.uint8(0))
        if np.count_nonzero(comp) < 40 * ppm * ppm:
            continue
        touched = set(np.unique(pond_map[cv2.dilate(comp, reach) > 0])) - {0}
        if len(touched) == 2:
            a, b = sorted(ids[t - 1] for t in touched)
            rivers.add((a, b))
    return [list(r) for r in sorted(rivers)]

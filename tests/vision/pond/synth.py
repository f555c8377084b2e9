"""Synthetic photos of the Pond map board with their known answer (test code, not shipped).

``make_scene(layout, pieces, rng, ...)`` renders the board seen from above: land, rivers,
ponds (with ripples), the four ArUco corner markers, lilypads, and the pieces of the four
factions with their shading, highlights, eyes and shadows; some pieces touch, some stand
across a pond's edge, some sit on lilypads. The board is then photographed by a pinhole
camera tilted 0 to ``max_tilt`` degrees, lit unevenly (one side up to 40% darker), blurred,
given noise and JPEG-compressed. The scene carries the exact answer: the ``ponds`` of the
Pond engine's ``board`` event, computed from the pieces' footprints (a piece across an edge
belongs to the pond holding most of its area, as the counter must decide).
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

if str(Path(__file__).resolve().parent) not in sys.path:  # pond_render sits beside this file
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from pond_render import (
    camera_homography,
    degrade,
    draw_footprint,
    draw_hand,
    render_board,
    table,
)

from vision.pond.geometry import (
    board_size_mm,
    fountain_ids,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.pieces import FACTIONS, Pieces

ANSWER_PPM = 4.0  # px/mm of the raster that decides which pond holds a piece


@dataclass(frozen=True)
class PlacedPiece:
    kind: str  # "frog" or "fwooog"
    faction: str
    x: float
    y: float
    angle: float  # degrees, of the piece's long axis
    pond: str  # the pond holding most of it (the known answer)
    share: float  # fraction of its footprint inside that pond
    on_lilypad: bool = False


@dataclass(frozen=True)
class Pad:
    pond: str
    x: float
    y: float


@dataclass
class Scene:
    image: np.ndarray
    answer: dict[str, Any]
    pieces: list[PlacedPiece]
    pads: list[Pad]
    board_to_image: np.ndarray
    tilt_deg: float
    hand: bool = False
    hidden_marker: int | None = None
    edge_ponds: list[str] = field(default_factory=list)
    fwooog_pads: dict[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------- footprints


def _circles(kind: str, x: float, y: float, angle: float, pieces: Pieces) -> list[tuple]:
    """Circles covering a footprint: the collision test of the placer."""
    if kind == "frog":
        return [(x, y, pieces.frog_mm[0] / 2)]
    length, width = pieces.fwooog_mm
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    half = (length - width) / 2
    n = max(2, math.ceil(2 * half / (width / 3)) + 1)
    return [(x + ux * t, y + uy * t, width / 2) for t in np.linspace(-half, half, n)]


# ---------------------------------------------------------------- placing


class _Placer:
    def __init__(self, layout: Any, pieces: Pieces, rng: random.Random) -> None:
        self.layout = layout
        self.pieces = pieces
        self.rng = rng
        self.polys = {pid: np.asarray(p, np.float32) for pid, p in pond_polygons(layout).items()}
        w, h = board_size_mm(layout)
        self.ids = list(self.polys)
        self.pond_map = np.zeros((round(h * ANSWER_PPM), round(w * ANSWER_PPM)), np.uint8)
        for i, pid in enumerate(self.ids, 1):
            cv2.fillPoly(
                self.pond_map, [np.round(self.polys[pid] * ANSWER_PPM).astype(np.int32)], i
            )
        self.circles: list[tuple[tuple, int]] = []  # (circle, owner index)
        self.placed: list[PlacedPiece] = []
        self.pads: list[Pad] = []

    def inside(self, pid: str, x: float, y: float) -> float:
        """Signed distance (mm) of a point to the pond's edge, positive inside."""
        return float(cv2.pointPolygonTest(self.polys[pid], (x, y), True))

    def free(self, circles: list[tuple], ignore: set[int] = frozenset(), gap: float = 1.5) -> bool:
        for cx, cy, r in circles:
            for (ox, oy, orad), owner in self.circles:
                if owner in ignore:
                    continue
                if math.hypot(cx - ox, cy - oy) < r + orad + gap:
                    return False
        return True

    def share(self, kind: str, x: float, y: float, angle: float) -> tuple[str | None, float]:
        reach = self.pieces.fwooog_mm[0] / 2 + 2
        h, w = self.pond_map.shape
        x0, y0 = max(0, int((x - reach) * ANSWER_PPM)), max(0, int((y - reach) * ANSWER_PPM))
        x1, y1 = min(w, int((x + reach) * ANSWER_PPM)), min(h, int((y + reach) * ANSWER_PPM))
        if x1 <= x0 or y1 <= y0:
            return None, 0.0
        fp = np.zeros((y1 - y0, x1 - x0), np.uint8)
        ox, oy = x0 / ANSWER_PPM, y0 / ANSWER_PPM
        draw_footprint(fp, kind, x - ox, y - oy, angle, self.pieces, ANSWER_PPM)
        sel = fp > 127
        total = int(sel.sum())
        counts = np.bincount(self.pond_map[y0:y1, x0:x1][sel], minlength=len(self.ids) + 1)
        best = int(np.argmax(counts[1:])) + 1
        return (self.ids[best - 1] if counts[best] else None), counts[best] / max(total, 1)

    def add(
        self,
        kind: str,
        faction: str,
        x: float,
        y: float,
        angle: float,
        *,
        on_pad: bool = False,
        min_share: float = 0.999,
        max_share: float = 1.0,
    ) -> bool:
        pond, share = self.share(kind, x, y, angle)
        if pond is None or not (min_share <= share <= max_share):
            return False
        idx = len(self.placed)
        self.circles += [(c, idx) for c in _circles(kind, x, y, angle, self.pieces)]
        self.placed.append(PlacedPiece(kind, faction, x, y, angle, pond, share, on_pad))
        return True

    def random_point(self, pid: str, margin: float) -> tuple[float, float] | None:
        poly = self.polys[pid]
        x0, y0 = poly.min(axis=0)
        x1, y1 = poly.max(axis=0)
        for _ in range(60):
            x, y = self.rng.uniform(x0, x1), self.rng.uniform(y0, y1)
            if self.inside(pid, x, y) >= margin:
                return x, y
        return None


def place_pieces(
    layout: Any,
    pieces: Pieces,
    rng: random.Random,
    n_pieces: int,
    *,
    fwooog_on_pad: bool = False,
    edge_pieces: int = 2,
) -> _Placer:
    """Choose lilypads and pieces (touching groups, edge pieces, frogs on lilypads)."""
    pl = _Placer(layout, pieces, rng)
    frog_l, frog_w = pieces.frog_mm
    fw_l, fw_w = pieces.fwooog_mm
    pad_r = pieces.lilypad_diameter_mm / 2
    fountain = fountain_ids(layout)
    others = [pid for pid in pl.ids if pid not in fountain]
    # Lilypads: the Fountain's, and a few more.
    pad_ponds = fountain + rng.sample(others, rng.randint(2, min(6, len(others))))
    for pid in pad_ponds:
        for _ in range(40):
            pt = pl.random_point(pid, pad_r + 2)
            if pt and pl.free([(pt[0], pt[1], pad_r)], gap=3):
                pl.pads.append(Pad(pid, *pt))
                pl.circles.append(((pt[0], pt[1], pad_r), -1 - len(pl.pads)))
                break
    factions = list(FACTIONS)
    # Long Fwooogs: up to 3 per faction, one per pond, never in the Fountain (legal boards).
    fw_budget = min(n_pieces // 5, 10)
    for _ in range(fw_budget):
        faction = rng.choice(factions)
        taken = {p.pond for p in pl.placed if p.kind == "fwooog" and p.faction == faction}
        options = [pid for pid in others if pid not in taken]
        if not options:
            continue
        pid = rng.choice(options)
        for _ in range(30):
            pt = pl.random_point(pid, fw_l / 2 + 1)
            ang = rng.uniform(0, 180)
            if pt and pl.free(_circles("fwooog", *pt, ang, pieces)):
                pl.add("fwooog", faction, *pt, ang)
                break
    if fwooog_on_pad:
        pads = [p for p in pl.pads if p.pond not in fountain]
        if pads:
            pad = rng.choice(pads)
            pad_owner = -1 - (pl.pads.index(pad) + 1)
            ang = rng.uniform(0, 180)
            circ = _circles("fwooog", pad.x, pad.y, ang, pieces)
            if pl.free(circ, ignore={pad_owner}):
                pl.add("fwooog", rng.choice(factions), pad.x, pad.y, ang, on_pad=True)
    # Frogs on about half of the lilypads.
    for i, pad in enumerate(pl.pads):
        if any(p.on_lilypad and math.hypot(p.x - pad.x, p.y - pad.y) < 1 for p in pl.placed):
            continue
        if rng.random() < 0.5:
            jitter = pad_r - frog_l / 2 - 1.5
            x = pad.x + rng.uniform(-jitter, jitter) * 0.6
            y = pad.y + rng.uniform(-jitter, jitter) * 0.6
            ang = rng.uniform(0, 180)
            if pl.free(_circles("frog", x, y, ang, pieces), ignore={-1 - (i + 1)}):
                pl.add("frog", rng.choice(factions), x, y, ang, on_pad=True)
    # Frogs across a pond's edge: most of the piece inside, listed in the warnings.
    for _ in range(edge_pieces):
        for _ in range(80):
            pid = rng.choice(pl.ids)
            poly = pl.polys[pid]
            k = rng.randrange(len(poly))
            a, b = poly[k], poly[(k + 1) % len(poly)]
            t = rng.uniform(0.25, 0.75)
            ex, ey = a + (b - a) * t
            cx, cy = poly.mean(axis=0)
            d = math.hypot(cx - ex, cy - ey)
            step = rng.uniform(1.5, 4.0)
            x, y = ex + (cx - ex) / d * step, ey + (cy - ey) / d * step
            ang = rng.uniform(0, 180)
            if pl.free(_circles("frog", x, y, ang, pieces)) and pl.add(
                "frog", rng.choice(factions), x, y, ang, min_share=0.62, max_share=0.9
            ):
                break
    # The rest: frogs, many of them touching another piece.
    for _ in range(2000):
        if len(pl.placed) >= n_pieces:
            break
        faction = rng.choice(factions)
        partners = [i for i, p in enumerate(pl.placed) if not p.on_lilypad and p.share > 0.99]
        if partners and rng.random() < 0.4:
            j = rng.choice(partners)
            q = pl.placed[j]
            if rng.random() < 0.6:
                faction = q.faction  # same faction: must be split one by one
            half_w = (fw_w if q.kind == "fwooog" else frog_w) / 2
            sgn = rng.choice((-1, 1))
            nx, ny = -math.sin(math.radians(q.angle)), math.cos(math.radians(q.angle))
            along = (fw_l - fw_w) / 2 * rng.uniform(-1, 1) if q.kind == "fwooog" else 0.0
            ux, uy = math.cos(math.radians(q.angle)), math.sin(math.radians(q.angle))
            dist = half_w + frog_w / 2 - 0.2  # pressed together
            x = q.x + sgn * nx * dist + ux * along
            y = q.y + sgn * ny * dist + uy * along
            ang = q.angle
            if pl.free(_circles("frog", x, y, ang, pieces), ignore={j}, gap=1.0):
                pl.add("frog", faction, x, y, ang)
            continue
        pid = rng.choice(pl.ids)
        pt = pl.random_point(pid, frog_l / 2 + 1)
        ang = rng.uniform(0, 180)
        if pt and pl.free(_circles("frog", *pt, ang, pieces)):
            pl.add("frog", faction, *pt, ang)
    return pl


def place_given(
    layout: Any,
    pieces: Pieces,
    rng: random.Random,
    items: list[tuple[str, str, float, float, float]],
    pads: list[tuple[float, float]],
) -> _Placer:
    """Exactly the pieces and lilypads a test asks for (no collision checks)."""
    pl = _Placer(layout, pieces, rng)
    for x, y in pads:
        pond, _ = pl.share("frog", x, y, 0.0)
        assert pond is not None, f"lilypad at ({x}, {y}) is in no pond"
        pl.pads.append(Pad(pond, x, y))
    r = pieces.lilypad_diameter_mm / 2
    for kind, faction, x, y, angle in items:
        on_pad = any(math.hypot(x - px, y - py) < r for px, py in pads)
        assert pl.add(kind, faction, x, y, angle, on_pad=on_pad, min_share=0.5), (kind, x, y)
    return pl


def answer_of(layout: Any, pl: _Placer) -> tuple[dict[str, Any], dict[str, str]]:
    """The ``ponds`` of the board event for the placed pieces (every pond listed)."""
    ponds: dict[str, Any] = {}
    for pid in pl.ids:
        ponds[pid] = {"frogs": {}, "fwooogs": [], "lilypad": None}
    for pad in pl.pads:
        ponds[pad.pond]["lilypad"] = "free"
    fwooog_pads: dict[str, str] = {}
    for p in pl.placed:
        entry = ponds[p.pond]
        if p.kind == "fwooog":
            entry["fwooogs"].append(p.faction)
            if p.on_lilypad:
                fwooog_pads[p.pond] = p.faction
                entry["lilypad_fwooog"] = p.faction
        else:
            entry["frogs"][p.faction] = entry["frogs"].get(p.faction, 0) + 1
            if p.on_lilypad:
                entry["lilypad"] = p.faction
    for entry in ponds.values():
        entry["fwooogs"].sort()
        entry["frogs"] = dict(sorted(entry["frogs"].items()))
    return ponds, fwooog_pads


NOMINAL = {
    "max_tilt": 12.0,
    "darker": (0.0, 0.1),
    "blur": (0.4, 0.8),
    "noise": (1.0, 2.0),
    "jpeg": (92, 95),
}
DEGRADED = {
    "max_tilt": 30.0,
    "darker": (0.4, 0.4),
    "blur": (0.8, 2.2),
    "noise": (3.0, 7.0),
    "jpeg": (60, 85),
}


def make_scene(
    layout: Any,
    pieces: Pieces,
    seed: int,
    *,
    size: tuple[int, int] = (4608, 2592),
    n_pieces: int = 60,
    quality: dict[str, Any] = NOMINAL,
    hand: bool = False,
    hide_marker: int | None = None,
    fwooog_on_pad: bool = False,
    tilt: float | None = None,
    given: tuple[list[tuple[str, str, float, float, float]], list[tuple[float, float]]]
    | None = None,
) -> Scene:
    """One photo of the board with its known answer. Same seed, same scene.

    ``given`` = (pieces, lilypads) puts exactly these on the board instead of random
    ones: pieces as (kind, faction, x_mm, y_mm, angle_deg), lilypads as (x_mm, y_mm);
    a piece within a lilypad's radius of its centre stands on it.
    """
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    if given is None:
        pl = place_pieces(layout, pieces, rng, n_pieces, fwooog_on_pad=fwooog_on_pad)
    else:
        pl = place_given(layout, pieces, rng, *given)
    answer, fwooog_pads = answer_of(layout, pl)
    tilt_deg = rng.uniform(0, quality["max_tilt"]) if tilt is None else tilt
    hom = camera_homography(layout, size, tilt_deg, rng)
    img_ppm = math.sqrt(abs(np.linalg.det(hom[:2, :2])))  # about px per mm
    ppm = float(np.clip(1.6 * img_ppm, 1.5, 5.0))
    board = render_board(layout, pieces, pl, ppm, nrng)
    if hide_marker is not None:
        mx, my = marker_centres_mm(layout)[hide_marker]
        half = marker_size_mm(layout) * 0.8
        cv2.rectangle(
            board,
            (round((mx - half) * ppm), round((my - half) * ppm)),
            (round((mx + half) * ppm), round((my + half) * ppm)),
            (60, 98, 140),
            -1,
        )
    image = table(size, nrng)
    to_img = hom @ np.diag([1 / ppm, 1 / ppm, 1.0])
    cv2.warpPerspective(
        np.clip(board, 0, 255).astype(np.uint8),
        to_img,
        size,
        dst=image,
        flags=cv2.INTER_AREA if ppm > img_ppm else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_TRANSPARENT,
    )
    if hand:
        pid = rng.choice(list(answer))
        c = np.asarray(pond_polygons(layout)[pid]).mean(axis=0)
        tx, ty = cv2.perspectiveTransform(c.reshape(1, 1, 2).astype(np.float64), hom)[0, 0]
        draw_hand(image, (float(tx), float(ty)), img_ppm, rng)
    k = size[0] / 4608
    image = degrade(
        image,
        rng,
        darker=rng.uniform(*quality["darker"]),
        blur=rng.uniform(*quality["blur"]) * max(k, 0.5),
        noise=rng.uniform(*quality["noise"]),
        jpeg=rng.randint(*quality["jpeg"]),
    )
    edge = sorted({p.pond for p in pl.placed if p.share < 0.99})
    return Scene(
        image, answer, pl.placed, pl.pads, hom, tilt_deg, hand, hide_marker, edge, fwooog_pads
    )


# ---------------------------------------------------------------- scoring


def pair_accuracy(answer: dict[str, Any], got: dict[str, Any]) -> tuple[int, int, int, int]:
    """(exact (pond, faction) counts, all pairs, ponds whose control is right, ponds).

    A (pond, faction) count is exact when both its frogs and its Long Fwooogs are.
    Control: the faction with most pieces (frogs and Long Fwooogs), None on a tie.
    """
    exact = pairs = right = ponds = 0
    for pid, want in answer.items():
        have = got.get(pid, {"frogs": {}, "fwooogs": []})
        for f in FACTIONS:
            pairs += 1
            exact += want["frogs"].get(f, 0) == have["frogs"].get(f, 0) and want["fwooogs"].count(
                f
            ) == have["fwooogs"].count(f)
        ponds += 1
        right += controller(want) == controller(have)
    return exact, pairs, right, ponds


def controller(entry: dict[str, Any]) -> str | None:
    totals: dict[str, int] = {}
    for f, n in entry.get("frogs", {}).items():
        totals[f] = totals.get(f, 0) + n
    for f in entry.get("fwooogs", []):
        totals[f] = totals.get(f, 0) + 1
    if not totals:
        return None
    best = max(totals.values())
    leaders = [f for f, n in totals.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None

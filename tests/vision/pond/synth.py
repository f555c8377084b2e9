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
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.pond.geometry import (
    board_size_mm,
    fountain_ids,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.pieces import FACTIONS, Pieces

LAND_RGB = (150, 168, 96)
WATER_RGB = (66, 136, 182)
SKIN_RGB = ((226, 178, 148), (198, 140, 104), (168, 112, 84))
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


def draw_footprint(
    img: np.ndarray,
    kind: str,
    x: float,
    y: float,
    angle: float,
    pieces: Pieces,
    ppm: float,
    value: Any = 255,
    grow_mm: float = 0.0,
) -> None:
    """Fill a piece's footprint (frog: ellipse, Long Fwooog: rounded bar) into ``img``."""
    sh = 4
    k = ppm * (1 << sh)
    if kind == "frog":
        length, width = pieces.frog_mm
        axes = (round((length / 2 + grow_mm) * k), round((width / 2 + grow_mm) * k))
        cv2.ellipse(
            img, (round(x * k), round(y * k)), axes, angle, 0, 360, value, -1, cv2.LINE_AA, sh
        )
        return
    length, width = pieces.fwooog_mm
    r = width / 2 + grow_mm
    half = (length - width) / 2
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for sgn in (1, -1):
        cx, cy = x + sgn * ux * half, y + sgn * uy * half
        base = angle + (-90 if sgn == 1 else 90)
        for t in np.linspace(0, 180, 13):
            a = math.radians(base + t)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    arr = np.round(np.array(pts) * k).astype(np.int32)
    cv2.fillPoly(img, [arr], value, cv2.LINE_AA, sh)


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


# ---------------------------------------------------------------- rendering


def _smooth_noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _bgr(rgb: tuple[int, int, int]) -> np.ndarray:
    return np.array(rgb[::-1], np.float32)


def render_board(
    layout: Any, pieces: Pieces, pl: _Placer, ppm: float, rng: np.random.Generator
) -> np.ndarray:
    """The board seen straight from above at ``ppm`` px/mm, BGR float32 0-255."""
    w_mm, h_mm = board_size_mm(layout)
    h, w = round(h_mm * ppm), round(w_mm * ppm)
    img = np.empty((h, w, 3), np.float32)
    img[:] = _bgr(LAND_RGB)
    img *= (1 + 0.07 * _smooth_noise((h, w), 8, rng))[..., None]
    polys = {
        pid: np.round(np.asarray(p) * ppm * 16).astype(np.int32)
        for pid, p in pond_polygons(layout).items()
    }
    water = _bgr(WATER_RGB)
    centre = {pid: np.asarray(p).mean(axis=0) for pid, p in pond_polygons(layout).items()}
    for a, b in layout.rivers:
        pa, pb = (
            np.round(centre[a] * ppm * 16).astype(int),
            np.round(centre[b] * ppm * 16).astype(int),
        )
        cv2.line(
            img, tuple(pa), tuple(pb), (water * 0.92).tolist(), round(16 * ppm), cv2.LINE_AA, 4
        )
    wmask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(wmask, list(polys.values()), 255, cv2.LINE_AA, 4)
    shade = (1 + 0.06 * _smooth_noise((h, w), 12, rng))[..., None]
    alpha = (wmask.astype(np.float32) / 255)[..., None]
    img = img * (1 - alpha) + water * shade * alpha
    cv2.polylines(
        img, list(polys.values()), True, (40, 80, 60), max(1, round(1.2 * ppm)), cv2.LINE_AA, 4
    )
    # Ripples: lighter arcs on the water, the board's art the counter must ignore.
    for c in centre.values():
        for _ in range(3):
            r = float(rng.uniform(8, 25))
            cc = c + rng.uniform(-15, 15, 2)
            cv2.ellipse(
                img,
                tuple(int(v) for v in np.round(cc * ppm * 16)),
                (round(r * ppm * 16), round(r * 0.5 * ppm * 16)),
                0,
                float(rng.uniform(0, 180)),
                float(rng.uniform(200, 320)),
                (water * 1.18).tolist(),
                max(1, round(0.8 * ppm)),
                cv2.LINE_AA,
                4,
            )
    # Corner markers on white paper with a quiet zone.
    dic = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    size = marker_size_mm(layout)
    for mid, (mx, my) in marker_centres_mm(layout).items():
        paper = size * 1.5
        x0, y0 = round((mx - paper / 2) * ppm), round((my - paper / 2) * ppm)
        img[y0 : y0 + round(paper * ppm), x0 : x0 + round(paper * ppm)] = 238
        px = round(size * ppm)
        mk = cv2.aruco.generateImageMarker(dic, mid, px).astype(np.float32) * (222 / 255) + 18
        x0, y0 = round((mx - size / 2) * ppm), round((my - size / 2) * ppm)
        img[y0 : y0 + px, x0 : x0 + px] = mk[..., None]
    # Shadows of pads and pieces, light from the top-left.
    shadow = np.zeros((h, w), np.uint8)
    for pad in pl.pads:
        cv2.circle(
            shadow,
            (round((pad.x + 0.6) * ppm * 16), round((pad.y + 0.6) * ppm * 16)),
            round(pieces.lilypad_diameter_mm / 2 * ppm * 16),
            120,
            -1,
            cv2.LINE_AA,
            4,
        )
    for p in pl.placed:
        draw_footprint(shadow, p.kind, p.x + 2.5, p.y + 2.5, p.angle, pieces, ppm, 255, 0.8)
    shadow_f = cv2.GaussianBlur(shadow, (0, 0), 1.6 * ppm).astype(np.float32) / 255
    img *= (1 - 0.5 * shadow_f)[..., None]
    _draw_pads(img, pieces, pl, ppm, rng)
    for p in pl.placed:
        _draw_piece(img, p, pieces, ppm, rng)
    return img


def _draw_pads(
    img: np.ndarray, pieces: Pieces, pl: _Placer, ppm: float, rng: np.random.Generator
) -> None:
    r = pieces.lilypad_diameter_mm / 2
    colour = _bgr(pieces.lilypad_rgb)
    for pad in pl.pads:
        x0, y0 = max(0, int((pad.x - r - 2) * ppm)), max(0, int((pad.y - r - 2) * ppm))
        x1 = min(img.shape[1], int((pad.x + r + 2) * ppm))
        y1 = min(img.shape[0], int((pad.y + r + 2) * ppm))
        patch = img[y0:y1, x0:x1]
        m = np.zeros(patch.shape[:2], np.uint8)
        cx, cy = pad.x - x0 / ppm, pad.y - y0 / ppm
        c16 = (round(cx * ppm * 16), round(cy * ppm * 16))
        start = float(rng.uniform(0, 360))
        cv2.ellipse(m, c16, (round(r * ppm * 16),) * 2, start, 24, 360, 255, -1, cv2.LINE_AA, 4)
        a = (m.astype(np.float32) / 255)[..., None]
        tex = colour * (1 + 0.05 * float(rng.standard_normal()))
        patch[:] = patch * (1 - a) + tex * a
        for k in range(5):  # veins
            ang = math.radians(start + 40 + 64 * k)
            end = (
                round((cx + 0.8 * r * math.cos(ang)) * ppm * 16),
                round((cy + 0.8 * r * math.sin(ang)) * ppm * 16),
            )
            cv2.line(
                patch, c16, end, (colour * 0.8).tolist(), max(1, round(0.5 * ppm)), cv2.LINE_AA, 4
            )


def _draw_piece(
    img: np.ndarray, p: PlacedPiece, pieces: Pieces, ppm: float, rng: np.random.Generator
) -> None:
    length = (pieces.frog_mm if p.kind == "frog" else pieces.fwooog_mm)[0]
    half = length / 2 + 2
    x0, y0 = max(0, int((p.x - half) * ppm)), max(0, int((p.y - half) * ppm))
    x1 = min(img.shape[1], int((p.x + half) * ppm) + 2)
    y1 = min(img.shape[0], int((p.y + half) * ppm) + 2)
    ph, pw = y1 - y0, x1 - x0
    m = np.zeros((ph, pw), np.uint8)
    draw_footprint(m, p.kind, p.x - x0 / ppm, p.y - y0 / ppm, p.angle, pieces, ppm)
    alpha = m.astype(np.float32) / 255
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    dx, dy = (xx / ppm - p.x) / half, (yy / ppm - p.y) / half
    # Lit from the top-left: brighter there, darker at the far rim, one glossy highlight.
    light = 1.0 - 0.22 * (dx + dy)
    inner = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, 3) / ppm
    rim = np.clip(inner / 2.5, 0, 1) * 0.3 + 0.7
    # The glossy highlight sits on the piece's top, a little towards the light.
    width = (pieces.frog_mm if p.kind == "frog" else pieces.fwooog_mm)[1]
    sx, sy = xx / ppm - p.x + 0.18 * width, yy / ppm - p.y + 0.18 * width
    spec = np.exp(-(sx**2 + sy**2) / (2 * (0.12 * width) ** 2)) * 0.45
    base = _bgr(pieces.factions[p.faction]) * float(1 + 0.04 * rng.standard_normal())
    col = base * (light * rim)[..., None]
    col = col * (1 - spec[..., None]) + 255 * spec[..., None]
    # Eyes at the front end: dark dots with a white glint.
    ux, uy = math.cos(math.radians(p.angle)), math.sin(math.radians(p.angle))
    nx, ny = -uy, ux
    front = length / 2 - 3.5
    for s in (-1, 1):
        ex, ey = p.x + ux * front + nx * s * 2.8, p.y + uy * front + ny * s * 2.8
        cv2.circle(
            col,
            (round((ex - x0 / ppm) * ppm * 16), round((ey - y0 / ppm) * ppm * 16)),
            round(1.1 * ppm * 16),
            (25, 25, 25),
            -1,
            cv2.LINE_AA,
            4,
        )
    region = img[y0:y1, x0:x1]
    region[:] = np.clip(region * (1 - alpha[..., None]) + col * alpha[..., None], 0, 255)


# ---------------------------------------------------------------- camera


def camera_homography(
    layout: Any, size: tuple[int, int], tilt_deg: float, rng: random.Random
) -> np.ndarray:
    """Board mm -> image px for a pinhole camera whose axis is ``tilt_deg`` off the normal."""
    w_mm, h_mm = board_size_mm(layout)
    corners = np.array([[0, 0], [w_mm, 0], [w_mm, h_mm], [0, h_mm]], np.float64)
    pts = np.c_[corners - [w_mm / 2, h_mm / 2], np.zeros(4)]
    spin = math.radians(rng.uniform(-12, 12))
    rz = np.array(
        [[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0], [0, 0, 1]]
    )
    az = rng.uniform(0, 2 * math.pi)
    axis = np.array([math.cos(az), math.sin(az), 0.0])
    rot, _ = cv2.Rodrigues(axis * math.radians(tilt_deg))
    cam = (rot @ rz @ pts.T).T
    dist = 1.4 * math.hypot(w_mm, h_mm)
    proj = cam[:, :2] / (cam[:, 2:3] + dist)
    lo, hi = proj.min(axis=0), proj.max(axis=0)
    margin = rng.uniform(0.04, 0.09)
    scale = min(
        size[0] * (1 - 2 * margin) / (hi[0] - lo[0]), size[1] * (1 - 2 * margin) / (hi[1] - lo[1])
    )
    span = (hi - lo) * scale
    off = np.array([rng.uniform(0, size[0] - span[0]), rng.uniform(0, size[1] - span[1])])
    img_pts = (proj - lo) * scale + off
    return cv2.getPerspectiveTransform(corners.astype(np.float32), img_pts.astype(np.float32))


def _table(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    w, h = size
    wood = np.array([60, 98, 140], np.float32)
    grain = (
        1
        + 0.1 * _smooth_noise((h, w), 6, rng)
        + 0.05 * np.sin(np.linspace(0, 60, h, dtype=np.float32))[:, None]
    )
    return np.clip(wood * grain[..., None], 0, 255).astype(np.uint8)


def _draw_hand(
    img: np.ndarray, target: tuple[float, float], mm_px: float, rng: random.Random
) -> None:
    """An arm reaching from the nearest image edge to ``target``, with a hand and fingers."""
    h, w = img.shape[:2]
    tx, ty = target
    edges = [(tx, h + 50), (tx, -50), (-50, ty), (w + 50, ty)]
    ex, ey = min(edges, key=lambda e: math.hypot(e[0] - tx, e[1] - ty))
    ex += rng.uniform(-0.3, 0.3) * w * (ey != ty)
    mask = np.zeros((h, w), np.uint8)
    cv2.line(mask, (int(ex), int(ey)), (int(tx), int(ty)), 255, int(75 * mm_px))
    ang = math.degrees(math.atan2(ty - ey, tx - ex))
    cv2.ellipse(mask, (int(tx), int(ty)), (int(55 * mm_px), int(45 * mm_px)), ang, 0, 360, 255, -1)
    ux, uy = math.cos(math.radians(ang)), math.sin(math.radians(ang))
    for k in range(4):
        off = (k - 1.5) * 19 * mm_px
        fx, fy = tx + ux * 45 * mm_px - uy * off, ty + uy * 45 * mm_px + ux * off
        cv2.line(
            mask,
            (int(fx), int(fy)),
            (int(fx + ux * 60 * mm_px), int(fy + uy * 60 * mm_px)),
            255,
            int(16 * mm_px),
        )
    skin = _bgr(rng.choice(SKIN_RGB)) * rng.uniform(0.9, 1.08)
    shade = 1 + 0.12 * np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    a = cv2.GaussianBlur(mask, (0, 0), 1.5).astype(np.float32)[..., None] / 255
    col = np.clip(skin * shade[..., None], 0, 255)
    img[:] = np.clip(img * (1 - a) + col * a, 0, 255).astype(np.uint8)


def degrade(
    img: np.ndarray, rng: random.Random, *, darker: float, blur: float, noise: float, jpeg: int
) -> np.ndarray:
    """Uneven light (one side ``darker`` darker), blur (sigma px), noise (sigma), JPEG quality."""
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    if darker > 0:
        az = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
        t = (xx - w / 2) * math.cos(az) + (yy - h / 2) * math.sin(az)
        t = (t - t.min()) / (t.max() - t.min())
        gain = cv2.resize(1 - darker * t, (w, h), interpolation=cv2.INTER_LINEAR)
        out *= gain[..., None]
    if blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if noise > 0:
        # OpenCV's generator: fast, and seeded from the scene's rng so the scene repeats.
        cv2.setRNGSeed(rng.randrange(1 << 30))
        grain = np.empty(out.shape, np.float32)
        cv2.randn(grain, 0.0, float(noise))
        out += grain
    u8 = np.clip(out, 0, 255).astype(np.uint8)
    if jpeg < 100:
        _, buf = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        u8 = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return u8


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
    image = _table(size, nrng)
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
        _draw_hand(image, (float(tx), float(ty)), img_ppm, rng)
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

"""Rendering for the Pond synthetic scenes (test code): the board, its pieces, the camera.

``render_board`` draws the board seen from straight above (land, rivers, ponds with
ripples, markers, shadows, lilypads, shaded pieces with highlights and eyes);
``camera_homography`` places a pinhole camera tilted by a given angle; ``table``,
``draw_hand`` and ``degrade`` make the rest of the photo. Used by ``synth.py``.
"""

from __future__ import annotations

import math
import random
from typing import Any

import cv2
import numpy as np

from vision.pond.geometry import board_size_mm, marker_centres_mm, marker_size_mm, pond_polygons
from vision.pond.pieces import Pieces

LAND_RGB = (150, 168, 96)
WATER_RGB = (66, 136, 182)
SKIN_RGB = ((226, 178, 148), (198, 140, 104), (168, 112, 84))


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


# ---------------------------------------------------------------- rendering


def smooth_noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def bgr(rgb: tuple[int, int, int]) -> np.ndarray:
    return np.array(rgb[::-1], np.float32)


def render_board(
    layout: Any, pieces: Pieces, pl: Any, ppm: float, rng: np.random.Generator
) -> np.ndarray:
    """The board seen straight from above at ``ppm`` px/mm, BGR float32 0-255."""
    w_mm, h_mm = board_size_mm(layout)
    h, w = round(h_mm * ppm), round(w_mm * ppm)
    img = np.empty((h, w, 3), np.float32)
    img[:] = bgr(LAND_RGB)
    img *= (1 + 0.07 * smooth_noise((h, w), 8, rng))[..., None]
    polys = {
        pid: np.round(np.asarray(p) * ppm * 16).astype(np.int32)
        for pid, p in pond_polygons(layout).items()
    }
    water = bgr(WATER_RGB)
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
    shade = (1 + 0.06 * smooth_noise((h, w), 12, rng))[..., None]
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
    img: np.ndarray, pieces: Pieces, pl: Any, ppm: float, rng: np.random.Generator
) -> None:
    r = pieces.lilypad_diameter_mm / 2
    colour = bgr(pieces.lilypad_rgb)
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
    img: np.ndarray, p: Any, pieces: Pieces, ppm: float, rng: np.random.Generator
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
    base = bgr(pieces.factions[p.faction]) * float(1 + 0.04 * rng.standard_normal())
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


def table(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    w, h = size
    wood = np.array([60, 98, 140], np.float32)
    grain = (
        1
        + 0.1 * smooth_noise((h, w), 6, rng)
        + 0.05 * np.sin(np.linspace(0, 60, h, dtype=np.float32))[:, None]
    )
    return np.clip(wood * grain[..., None], 0, 255).astype(np.uint8)


def draw_hand(
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
    skin = bgr(rng.choice(SKIN_RGB)) * rng.uniform(0.9, 1.08)
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

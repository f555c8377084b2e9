"""Realistic photos of the Pond map for the tests (test code): a camera, solid pieces, board art.

Where ``synth.py`` draws flat sprites on a flat-coloured board and warps the result, this
generator photographs a world (``tests/vision/camera_model.py``):

- **Camera**: a pinhole camera with the Camera Module 3's ~66 degree horizontal field of view,
  at 4608x2592 or the binned 2304x1296, ``tilt`` 0-35 degrees off vertical, placed at the
  distance where the whole board just fits (about 84 cm straight down, 87-89 cm at 20-30
  degrees), aimed at the board centre with a little jitter. No lens distortion unless
  ``lens_k1`` is given (radial, barrel for ``k1 < 0``; the empty-board photo through the same
  lens).
- **A folded board** (``fold_mm``, off unless given): the map board folded in four does not
  lie flat; its four panels are flat, tilted so that the folds stand off the table
  (``board_lift``), the corners on it. Pieces stand on the panels. Shadows are cast as on a
  flat board.
- **Board art** (``art_texture``): grass with blades and speckle, water with ripples and
  reeds, darker rivers, the Fountain drawn as a decorated ring of grey stones with a basin
  and white spray, and, with ``busy=True``, flowers (yellow, orange, purple, red: the
  factions' colours) and brown/orange logs on the land beside the ponds, some reaching over
  a pond's edge; green leaf art on the grass. Printed on a semi-gloss board (glare only
  lands on the board).
- **Pieces as solids**: every frog and Long Fwooog is a prism of its footprint (an ellipse or
  a rounded bar, ``frog_mm``/``fwooog_mm`` of the pieces file) and its height (``HEIGHTS``:
  frog 11 mm, Long Fwooog 10 mm, lilypad 1.5 mm), drawn in depth order: the sides the camera
  sees (shaded by the lamp), the top (with a highlight and, for frogs, eyes), and a soft
  shadow cast by a lamp 40-55 degrees up, on the board and on the lilypads (a lilypad's own
  shadow falls on the board). ``stacks`` puts frogs on frogs. ``lamps=2`` adds a second
  lamp on the other side of the table (``second_lamp``): each lamp gives half the direct
  light, so every piece casts two shadows, each half as deep (the sides are still shaded by
  the first lamp alone).
- **Light**: up to 30% fall-off across the table, an optional white-balance shift
  (``warm``: 0.15 is about 3000 K against a 4000 K calibration), optional lamp glare on the
  board (a smooth, bright, desaturated blob, ``glare``); a veil of stray light over the
  game's photo (``haze``, off unless given: a smudged lens).
- **Sensor**: lens blur 0.6-0.9 px (times ``defocus``, 1 unless given), RGGB Bayer mosaic,
  shot + read noise (``gain`` times as much in dim light), demosaic, JPEG 90. Off unless
  given: the lens shading the camera's pipeline leaves (``vignette``, ``colour_shading``)
  and a flickering lamp's bands across the rows (``banding``), both fixed to the frame.
- **Tone curve** (``tone``, off unless given): by default the light (shadows, shading, glare,
  the light's colour) scales the art's sRGB-coded values themselves and the sensor passes
  them straight through, which is what a camera with a power-law tone curve gives, up to the
  shadows' depth. With ``tone`` the art and every colour are taken as sRGB-coded
  reflectances, the light is worked in linear light, and the picture is made by a tone
  curve: "pi", the shape of the Pi camera's default curve (``camera_model.TONE_X``), or
  "power", the power law ``vision.picamera_source`` now gives the Pi camera. The colour
  matrix is the identity and the adaptive contrast stretch is left out.
  ``calibration_photo`` is the owner's photo for ``calibrate colours`` through the same curve.
- **Hands**: an arm and hand over the map (``hand=True``).
- **Strays** (``strays=N``): N things that are not pieces, each in a pond, clear of the
  pieces (``STRAY_KINDS`` in turn: a white die, a black die, a gold token; solids with their
  shadows, pips and a numeral); the answer leaves them out.

``empty_board(...)`` photographs the same board art with nothing on it, from another pose
(the owner's calibration photo). The answer is the ``ponds`` of the Pond engine's ``board``
event: a piece counts in the pond holding at least half of its base, else nowhere.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

_HERE = Path(__file__).resolve().parent
for _p in (_HERE, _HERE.parent):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))
import camera_model as cm  # noqa: E402
from pond_render import bgr, draw_hand, smooth_noise  # noqa: E402

from vision.pond.geometry import (  # noqa: E402
    board_size_mm,
    fountain_ids,
    marker_centres_mm,
    marker_size_mm,
    pond_polygons,
)
from vision.pond.pieces import FACTIONS, Pieces  # noqa: E402

#: Piece heights (mm) the scenes assume: a frog 11 mm, a Long Fwooog 10 mm (as measured on
#: the issue's renders), a lilypad 1.5 mm of card.
HEIGHTS = {"frog": 11.0, "fwooog": 10.0, "lilypad": 1.5}
GRASS_RGB = (112, 150, 70)
WATER_RGB = (62, 128, 176)
STONE_RGB = (150, 146, 138)
FLOWER_RGB = [(238, 206, 52), (236, 130, 40), (130, 80, 180), (190, 50, 50), (245, 245, 240)]
LOG_RGB = [(120, 80, 46), (168, 104, 50)]
#: Boards differ in their art only through ``seed % ART_VARIANTS`` (renders are cached).
ART_VARIANTS = 3
#: Things on the map that are not pieces (``strays``): the game's own combat dice (assumed
#: 16 mm cubes, white with black pips or black with white ones) and VP tokens (assumed card
#: discs 20 mm across and 2 mm thick, gold with a darker numeral). Their real size and colour
#: are not known to us: these are guesses, chosen to be near a frog's size.
STRAY_KINDS = [("die", "white"), ("die", "black"), ("token", "gold")]
STRAY_RGB = {"white": (236, 232, 224), "black": (36, 34, 38), "gold": (214, 170, 64)}
STRAY_HEIGHTS = {"die": 16.0, "token": 2.0}
STRAY_MM = {"die": 16.0, "token": 20.0}


@dataclass(frozen=True)
class Piece3D:
    kind: str  # "frog" or "fwooog"; "die" or "token" for a stray (faction: its colour)
    faction: str
    x: float
    y: float
    angle: float
    z0: float = 0.0  # its base's height: > 0 for a frog stacked on another
    pond: str | None = None  # the answer: the pond holding at least half its base
    share: float = 1.0


@dataclass
class Scene3D:
    image: np.ndarray
    answer: dict[str, Any]
    pieces: list[Piece3D]
    pads: list[tuple[str, float, float]]
    camera: cm.Camera
    tilt_deg: float
    conditions: dict[str, Any] = field(default_factory=dict)
    stack_ponds: list[str] = field(default_factory=list)
    edge_ponds: list[str] = field(default_factory=list)
    hand: bool = False
    #: The pond of each stray, in ``STRAY_KINDS`` order (white die, black die, token).
    stray_ponds: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- art


def _poly16(pts: Any, ppm: float) -> np.ndarray:
    return np.round(np.asarray(pts, np.float64) * ppm * 16).astype(np.int32)


_ART: dict[tuple[Any, ...], tuple[np.ndarray, list[tuple[float, float, float]]]] = {}


def art_texture(
    layout: Any, ppm: float, seed: int, *, busy: bool = True
) -> tuple[np.ndarray, list[tuple[float, float, float]]]:
    """Cached ``_art_texture`` (callers must not modify the texture)."""
    key = (id(layout), ppm, seed, busy)
    if key not in _ART:
        if len(_ART) > 6:
            _ART.clear()
        _ART[key] = _art_texture(layout, ppm, seed, busy=busy)
    return _ART[key]


def _art_texture(
    layout: Any, ppm: float, seed: int, *, busy: bool = True
) -> tuple[np.ndarray, list[tuple[float, float, float]]]:
    """The printed board at ``ppm`` px/mm (float32 BGR) and the faction-coloured art's discs.

    Returns also (x, y, r) mm of every flower/log, for the tests that check they are not
    counted.
    """
    rng = np.random.default_rng(seed)
    prng = random.Random(seed)
    w_mm, h_mm = board_size_mm(layout)
    h, w = round(h_mm * ppm), round(w_mm * ppm)
    img = np.empty((h, w, 3), np.float32)
    img[:] = bgr(GRASS_RGB)
    img *= (1 + 0.08 * smooth_noise((h, w), 10, rng) + 0.04 * smooth_noise((h, w), 60, rng))[
        ..., None
    ]
    # Grass blades: short light and dark strokes.
    for _ in range(int(w_mm * h_mm / 60)):
        x, y = prng.uniform(0, w_mm), prng.uniform(0, h_mm)
        a = math.radians(prng.uniform(-120, -60))
        ln = prng.uniform(2, 5)
        col = bgr(GRASS_RGB) * prng.choice((0.75, 0.85, 1.15, 1.25))
        cv2.line(
            img,
            tuple(_poly16([x, y], ppm)),
            tuple(_poly16([x + ln * math.cos(a), y + ln * math.sin(a)], ppm)),
            col.tolist(),
            max(1, round(0.5 * ppm)),
            cv2.LINE_AA,
            4,
        )
    polys = pond_polygons(layout)
    centre = {pid: np.asarray(p).mean(axis=0) for pid, p in polys.items()}
    water = bgr(WATER_RGB)
    for a, b in layout.rivers:
        cv2.line(
            img,
            tuple(_poly16(centre[a], ppm)),
            tuple(_poly16(centre[b], ppm)),
            (water * 0.9).tolist(),
            round(14 * ppm),
            cv2.LINE_AA,
            4,
        )
    wmask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(wmask, [_poly16(p, ppm) for p in polys.values()], 255, cv2.LINE_AA, 4)
    shade = 1 + 0.07 * smooth_noise((h, w), 14, rng) + 0.03 * smooth_noise((h, w), 80, rng)
    alpha = (wmask.astype(np.float32) / 255)[..., None]
    img = img * (1 - alpha) + water * shade[..., None] * alpha
    for c in centre.values():  # ripples and reeds: the water's own art
        for _ in range(5):
            r = prng.uniform(6, 28)
            cc = c + np.array([prng.uniform(-18, 18), prng.uniform(-18, 18)])
            cv2.ellipse(
                img,
                tuple(_poly16(cc, ppm)),
                (round(r * ppm * 16), round(r * 0.45 * ppm * 16)),
                prng.uniform(-10, 10),
                prng.uniform(0, 180),
                prng.uniform(200, 330),
                (water * prng.choice((1.2, 1.3, 0.85))).tolist(),
                max(1, round(0.7 * ppm)),
                cv2.LINE_AA,
                4,
            )
    cv2.polylines(
        img, [_poly16(p, ppm) for p in polys.values()], True, (40, 70, 50), round(1.2 * ppm)
    )
    art: list[tuple[float, float, float]] = []
    for pid in fountain_ids(layout):
        _fountain(img, np.asarray(polys[pid], np.float64), ppm, prng)
    if busy:
        for pid, poly in polys.items():
            if pid in fountain_ids(layout):
                continue
            art += _flowers_and_logs(img, np.asarray(poly, np.float64), ppm, prng)
        # Green leaf art on the grass, the lilypads' colour family.
        for _ in range(int(w_mm * h_mm / 9000)):
            x, y = prng.uniform(20, w_mm - 20), prng.uniform(20, h_mm - 20)
            if wmask[min(h - 1, int(y * ppm)), min(w - 1, int(x * ppm))]:
                continue
            cv2.ellipse(
                img,
                tuple(_poly16([x, y], ppm)),
                (round(6 * ppm * 16), round(3 * ppm * 16)),
                prng.uniform(0, 180),
                0,
                360,
                bgr((84, 168, 72)).tolist(),
                -1,
                cv2.LINE_AA,
                4,
            )
    _markers(img, layout, ppm)
    return np.clip(img, 0, 255).astype(np.float32), art


def _fountain(img: np.ndarray, poly: np.ndarray, ppm: float, prng: random.Random) -> None:
    """A ring of grey stones just inside the Fountain's outline, a basin and a white spray."""
    c = poly.mean(axis=0)
    r_in = float(np.min(np.linalg.norm(poly - c, axis=1)))
    ring = r_in * 0.82
    n = max(12, int(2 * math.pi * ring / 7))
    for k in range(n):
        a = 2 * math.pi * k / n
        p = c + ring * np.array([math.cos(a), math.sin(a)])
        col = bgr(STONE_RGB) * prng.uniform(0.8, 1.15)
        cv2.ellipse(
            img,
            tuple(_poly16(p, ppm)),
            (round(3.8 * ppm * 16), round(2.6 * ppm * 16)),
            math.degrees(a) + 90,
            0,
            360,
            col.tolist(),
            -1,
            cv2.LINE_AA,
            4,
        )
        cv2.ellipse(
            img,
            tuple(_poly16(p, ppm)),
            (round(3.8 * ppm * 16), round(2.6 * ppm * 16)),
            math.degrees(a) + 90,
            0,
            360,
            (60, 62, 66),
            max(1, round(0.4 * ppm)),
            cv2.LINE_AA,
            4,
        )
    basin = 0.22 * r_in
    cv2.circle(
        img,
        tuple(_poly16(c, ppm)),
        round(basin * ppm * 16),
        bgr(STONE_RGB).tolist(),
        -1,
        cv2.LINE_AA,
        4,
    )
    cv2.circle(
        img,
        tuple(_poly16(c, ppm)),
        round(basin * 0.6 * ppm * 16),
        (235, 238, 240),
        -1,
        cv2.LINE_AA,
        4,
    )
    for k in range(8):  # spray lines
        a = 2 * math.pi * k / 8
        e = c + basin * 1.6 * np.array([math.cos(a), math.sin(a)])
        cv2.line(
            img,
            tuple(_poly16(c, ppm)),
            tuple(_poly16(e, ppm)),
            (230, 235, 238),
            max(1, round(0.8 * ppm)),
            cv2.LINE_AA,
            4,
        )


def _flowers_and_logs(
    img: np.ndarray, poly: np.ndarray, ppm: float, prng: random.Random
) -> list[tuple[float, float, float]]:
    """Flowers and logs on the land just outside a pond, a few reaching over its edge."""
    out = []
    c = poly.mean(axis=0)
    for _ in range(prng.randint(2, 4)):
        k = prng.randrange(len(poly))
        a, b = poly[k], poly[(k + 1) % len(poly)]
        e = a + (b - a) * prng.uniform(0.2, 0.8)
        d = e - c
        d /= np.linalg.norm(d)
        p = e + d * prng.uniform(-3, 9)  # most outside, some over the edge
        if prng.random() < 0.6:
            col = bgr(prng.choice(FLOWER_RGB))
            for j in range(5):
                pa = 2 * math.pi * j / 5
                q = p + 2.4 * np.array([math.cos(pa), math.sin(pa)])
                cv2.circle(
                    img,
                    tuple(_poly16(q, ppm)),
                    round(2.0 * ppm * 16),
                    col.tolist(),
                    -1,
                    cv2.LINE_AA,
                    4,
                )
            cv2.circle(
                img,
                tuple(_poly16(p, ppm)),
                round(1.2 * ppm * 16),
                (40, 170, 230),
                -1,
                cv2.LINE_AA,
                4,
            )
            out.append((float(p[0]), float(p[1]), 4.5))
        else:
            ang = prng.uniform(0, 180)
            col = bgr(prng.choice(LOG_RGB))
            u = np.array([math.cos(math.radians(ang)), math.sin(math.radians(ang))])
            ln = prng.uniform(14, 24)
            cv2.line(
                img,
                tuple(_poly16(p - u * ln / 2, ppm)),
                tuple(_poly16(p + u * ln / 2, ppm)),
                col.tolist(),
                round(5 * ppm),
                cv2.LINE_AA,
                4,
            )
            cv2.circle(
                img,
                tuple(_poly16(p + u * ln / 2, ppm)),
                round(2.5 * ppm * 16),
                (col * 1.3).tolist(),
                -1,
                cv2.LINE_AA,
                4,
            )
            out.append((float(p[0]), float(p[1]), ln / 2 + 2.5))
    return out


def _markers(img: np.ndarray, layout: Any, ppm: float) -> None:
    dic = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    size = marker_size_mm(layout)
    for mid, (mx, my) in marker_centres_mm(layout).items():
        paper = size * 1.5
        x0, y0 = round((mx - paper / 2) * ppm), round((my - paper / 2) * ppm)
        img[y0 : y0 + round(paper * ppm), x0 : x0 + round(paper * ppm)] = 236
        px = round(size * ppm)
        mk = cv2.aruco.generateImageMarker(dic, mid, px).astype(np.float32) * (220 / 255) + 18
        x0, y0 = round((mx - size / 2) * ppm), round((my - size / 2) * ppm)
        img[y0 : y0 + px, x0 : x0 + px] = mk[..., None]


# ---------------------------------------------------------------- solids


def outline(kind: str, x: float, y: float, angle: float, pieces: Pieces, n: int = 28) -> np.ndarray:
    """A footprint's outline (n, 2) mm, counter-clockwise in the board's picture."""
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    if kind == "frog":
        length, width = pieces.frog_mm
        t = np.linspace(0, 2 * math.pi, n, endpoint=False)
        a, b = length / 2 * np.cos(t), width / 2 * np.sin(t)
        return np.c_[x + a * ux - b * uy, y + a * uy + b * ux]
    if kind in ("pad", "token"):
        r = (pieces.lilypad_diameter_mm if kind == "pad" else STRAY_MM[kind]) / 2
        t = np.linspace(0, 2 * math.pi, n, endpoint=False)
        return np.c_[x + r * np.cos(t), y + r * np.sin(t)]
    if kind == "die":
        half = STRAY_MM[kind] / 2
        corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * half
        return np.c_[
            x + corners[:, 0] * ux - corners[:, 1] * uy, y + corners[:, 0] * uy + corners[:, 1] * ux
        ]
    length, width = pieces.fwooog_mm
    r, half = width / 2, (length - width) / 2
    pts = []
    m = n // 2
    for sgn in (1, -1):
        cx, cy = x + sgn * ux * half, y + sgn * uy * half
        base = angle + (-90 if sgn == 1 else 90)
        for t in np.linspace(0, 180, m):
            a = math.radians(base + t)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts)


def _top(base: np.ndarray, taper: float) -> np.ndarray:
    """A solid's top outline: its base, or (``taper`` under 1) the base shrunk about its
    centre to ``taper`` of its size."""
    if taper == 1:
        return base
    centre = base.mean(axis=0)
    return centre + (base - centre) * taper


def _shadow(
    mask: np.ndarray,
    base: np.ndarray,
    z0: float,
    h: float,
    lamp: np.ndarray,
    ppm: float,
    taper: float = 1.0,
) -> None:
    """The soft shadow a prism (or, ``taper`` under 1, a frustum whose top is ``taper`` of
    its base) casts on the board (lamp direction ``lamp``: unit x, y, z)."""
    k = (z0 + h) / lamp[2]
    far = _top(base, taper) + lamp[:2] * (-k)
    near = base + lamp[:2] * (-z0 / lamp[2])
    hull = cv2.convexHull(np.vstack([near, far]).astype(np.float32))
    cv2.fillConvexPoly(mask, _poly16(hull.reshape(-1, 2), ppm), 255, cv2.LINE_AA, 4)


def _draw_solid(
    img: np.ndarray,
    cam: cm.Camera,
    base: np.ndarray,
    z0: float,
    h: float,
    colour: np.ndarray,
    lamp: np.ndarray,
    rng: random.Random,
    eyes: tuple[np.ndarray, np.ndarray] | None,
    taper: float = 1.0,
    enc: Callable[[Any], np.ndarray] = np.asarray,
) -> None:
    """A prism seen by the camera: its visible sides, then its top (painter's order). With
    ``taper`` under 1, a frustum: its top ``taper`` of its base's size, its sides sloping
    in (each side drawn when it faces the camera, shaded by its slope). ``colour`` (sRGB-coded
    BGR) and the highlight's and eyes' colours go through ``enc`` into the picture's values
    (``photograph``'s ``tone``: linear light)."""
    n = len(base)
    highlight = enc(colour * 0.4 + 150)
    colour = enc(colour)
    lo = cam.project(np.c_[base, np.full(n, z0)])
    hi = cam.project(np.c_[_top(base, taper), np.full(n, z0 + h)])
    cx, cy, cz = cam.centre_mm
    centre = base.mean(axis=0)
    for i in range(n):
        j = (i + 1) % n
        mid = (base[i] + base[j]) / 2
        edge = base[j] - base[i]
        normal = np.array([edge[1], -edge[0]])
        if normal @ (mid - centre) < 0:
            normal = -normal
        normal /= np.linalg.norm(normal) + 1e-9
        if taper == 1:
            if normal @ (np.array([cx, cy]) - mid) <= 0:
                continue  # faces away from the camera
            lit = 0.55 + 0.35 * max(0.0, float(normal @ lamp[:2]))
        else:
            inset = float(normal @ (mid - centre)) * (1 - taper)  # the top edge sits this far in
            n3 = np.array([normal[0] * h, normal[1] * h, inset]) / math.hypot(h, inset)
            mid3 = np.array([mid[0] - normal[0] * inset / 2, mid[1] - normal[1] * inset / 2])
            if n3 @ np.array([cx - mid3[0], cy - mid3[1], cz - z0 - h / 2]) <= 0:
                continue  # faces away from the camera
            lit = 0.55 + 0.35 * max(0.0, float(n3 @ lamp))
        quad = np.array([lo[i], lo[j], hi[j], hi[i]])
        cv2.fillConvexPoly(
            img, np.round(quad * 16).astype(np.int32), (colour * lit).tolist(), cv2.LINE_8, 4
        )
    top = np.round(hi * 16).astype(np.int32)
    cv2.fillConvexPoly(img, top, (colour * 1.0).tolist(), cv2.LINE_8, 4)
    # The top is rounded: a lighter inner part towards the lamp, and a glossy highlight.
    inner = centre + (base - centre) * 0.6 * taper + lamp[:2] * 0.8
    pin = cam.project(np.c_[inner, np.full(n, z0 + h + 0.5)])
    cv2.fillConvexPoly(
        img, np.round(pin * 16).astype(np.int32), (colour * 1.1).tolist(), cv2.LINE_8, 4
    )
    spot = cam.project([[*(centre + lamp[:2] * 2.5), z0 + h + 1]])[0]
    r_px = 1.2 / cam.mm_per_px_at(*centre)
    cv2.circle(
        img,
        tuple(np.round(spot * 16).astype(int)),
        max(16, round(r_px * 16)),
        highlight.tolist(),
        -1,
        cv2.LINE_AA,
        4,
    )
    if eyes is not None:
        for e in eyes:
            p = cam.project([[*e, z0 + h + 0.8]])[0]
            cv2.circle(
                img,
                tuple(np.round(p * 16).astype(int)),
                max(16, round(1.0 / cam.mm_per_px_at(*e) * 16)),
                enc(np.full(3, 24.0)).tolist(),
                -1,
                cv2.LINE_AA,
                4,
            )


def _stray_marks(
    img: np.ndarray,
    cam: cm.Camera,
    s: Piece3D,
    z_top: float,
    enc: Callable[[Any], np.ndarray] = np.asarray,
) -> None:
    """A die's pips (five: the face up shows 5) or a token's numeral (a ring and a bar);
    ``enc`` as in ``_draw_solid``."""
    ux, uy = math.cos(math.radians(s.angle)), math.sin(math.radians(s.angle))
    ink = (220, 220, 220) if s.faction == "black" else (40, 40, 40)
    if s.kind == "die":
        dots = [(0.0, 0.0), (-4.5, -4.5), (4.5, -4.5), (-4.5, 4.5), (4.5, 4.5)]
        radius = 1.4
    else:
        ink = tuple(int(v * 0.55) for v in bgr(STRAY_RGB[s.faction]))
        dots = [(-3.0, 0.0), (3.0, 0.0)]
        radius = 2.2
    ink = tuple(float(v) for v in enc(np.asarray(ink, np.float32)))
    for a, b in dots:
        x, y = s.x + a * ux - b * uy, s.y + a * uy + b * ux
        p = cam.project([[x, y, z_top + 0.1]])[0]
        r16 = max(16, round(radius / cam.mm_per_px_at(x, y) * 16))
        centre = tuple(np.round(p * 16).astype(int))
        if s.kind == "die":
            cv2.circle(img, centre, r16, ink, -1, cv2.LINE_AA, 4)
        else:
            width = max(1, round(0.8 / cam.mm_per_px_at(x, y)))
            cv2.circle(img, centre, r16, ink, width, cv2.LINE_AA, 4)


# ---------------------------------------------------------------- the photo


def board_camera(layout: Any, size: tuple[int, int], tilt: float, rng: random.Random) -> cm.Camera:
    """The camera at the distance where the whole board fits, aimed near its centre."""
    w_mm, h_mm = board_size_mm(layout)
    az = rng.uniform(-25, 25) + rng.choice((0, 0, 90, 180, 270)) * (tilt > 0)
    d = cm.fit_distance(size, tilt, (0, 0, w_mm, h_mm), margin=0.05, azimuth_deg=az)
    return cm.camera_pose(
        size,
        d * rng.uniform(1.0, 1.05),
        tilt,
        target_mm=(w_mm / 2 + rng.uniform(-8, 8), h_mm / 2 + rng.uniform(-8, 8)),
        azimuth_deg=az,
        roll_deg=rng.uniform(-4, 4),
    )


#: How much a piece's shadow darkens the board where the lamp is hidden (one lamp).
SHADOW_DEPTH = 0.38
#: With ``tone`` (light worked in linear light): the lamp's shadow leaves half the light (the
#: room's). Through the "pi" curve it reads about as deep on mid-toned art (0.40) as
#: ``SHADOW_DEPTH`` did, shallower on bright art and deeper on dark; through the "power" one
#: 0.27 everywhere (0.5 ** (1 / 2.2)).
TONE_SHADOW_DEPTH = 0.5
#: With ``tone``: the light the sensor gathers, as a share of its full scale for a white of
#: sRGB 255. The markers' paper (236) then reads 225-231 through the "pi" curve and 201-210
#: through the "power" one (215-236 without ``tone``; empty boards of seeds 100-105); the
#: board's mean luminance lands at about 0.2 of full scale, where the Pi's auto exposure aims
#: for 0.16-0.17.
TONE_EXPOSURE = 0.78


def lamp_for(seed: int) -> np.ndarray:
    """The unit vector towards the lamp of scene ``seed``'s photo (x, y board mm, z up): a
    piece's shadow falls along ``-lamp[:2]``."""
    return _lamp(random.Random(seed))


def _lamp(rng: random.Random) -> np.ndarray:
    el = math.radians(rng.uniform(40, 55))
    az = rng.uniform(0, 2 * math.pi)
    return np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])


def _soft(shadow: np.ndarray, ppm: float) -> np.ndarray:
    """A shadow mask (uint8) blurred to a soft edge, 0-1."""
    return cv2.GaussianBlur(shadow, (0, 0), 1.2 * ppm).astype(np.float32) / 255


def second_lamp(seed: int, first: np.ndarray) -> np.ndarray:
    """Scene ``seed``'s second lamp (with ``lamps=2``): 40-55 degrees up like the first, its
    direction over the table 90-270 degrees from the first's (a lamp on the other side, or a
    window). Drawn from its own random numbers: the rest of the photo is the same as with one."""
    rng = random.Random(seed * 31 + 17)
    el = math.radians(rng.uniform(40, 55))
    az = math.atan2(first[1], first[0]) + math.radians(rng.uniform(90, 270))
    return np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])


def photograph(
    layout: Any,
    pieces: Pieces,
    texture: np.ndarray,
    tex_ppm: float,
    cam: cm.Camera,
    solids: list[Piece3D],
    pads: list[tuple[str, float, float]],
    seed: int,
    *,
    warm: float = 0.0,
    glare: float = 0.0,
    hand: bool = False,
    heights: dict[str, float] = HEIGHTS,
    lamps: int = 1,
    lens_k1: float = 0.0,
    fold_mm: tuple[float, float] = (0.0, 0.0),
    defocus: float = 1.0,
    mixed: float = 0.0,
    leaning: float = 0.0,
    shake_mm: float = 0.0,
    gain: float = 1.0,
    taper: float = 1.0,
    glare_other_light: bool = False,
    glare_on_marker: bool = False,
    card_on_marker: int | None = None,
    exposure: float = 1.0,
    tone: str = "",
    glare_additive: bool = False,
    glare_on_hand: bool = False,
    glare_tint: tuple[float, float, float] | None = None,
    vignette: float = 0.0,
    colour_shading: float = 0.0,
    banding: float = 0.0,
    haze: float = 0.0,
    haze_across: float = 0.0,
    warm_in_sensor: bool = False,
) -> np.ndarray:
    """Render the board with ``pads`` and ``solids`` through ``cam``; uint8 BGR. ``lamps``:
    1, or 2 (a second lamp, ``second_lamp``, casts a second shadow of each piece).
    ``lens_k1``: the lens's radial distortion (``camera_model.distortion_map``; 0: none).
    ``fold_mm``: how far the board's folds stand off the table (``board_lift``).
    ``defocus``: the lens blur times this (a camera out of focus or shaken).
    ``mixed``: two lights of different colour from either side (``camera_model.mixed_light``:
    ``warm_gains(mixed)`` at one side of the frame, ``warm_gains(-mixed)`` at the other).
    ``leaning``: the soft shadow of someone leaning over the table, this much (0-1) dimmer
    (``camera_model.body_shadow``: its edge somewhere across the middle half of the frame, a
    penumbra 40-120 mm wide). ``shake_mm``: the camera moved this far (measured on the
    board at its centre) during the exposure, in a random direction
    (``camera_model.motion_blur``). These three draw from their own random stream, so a
    seed's other conditions are unchanged. ``gain``: the sensor's gain against the usual
    exposure (dim light: 4 is a quarter of the light at four times the ISO). The picture is
    as bright, but the shot and read noise in the output are ``gain`` times the default
    (no denoising; a real camera's pipeline smooths some of it). ``taper``: every frog and
    Long Fwooog a frustum whose top is ``taper`` of its base's size (1: a prism, as the
    counter models them; a real piece may be rounded or slope in). The glare is the lamp's
    light, so a warmer light (``warm``) tints it as it tints the board; with
    ``glare_other_light`` it comes from another light, white in the camera over the warmer
    board (and outside the ``mixed`` light and the ``leaning`` shadow); ``glare_on_marker``
    puts it on a corner marker; ``card_on_marker``: a card's white back lying over that
    marker (hidden whole). ``exposure``: the
    light the sensor gathers against the usual exposure (0.7 is about -0.5 EV: the picture
    that much darker, its shot noise relatively larger, and glare clipped less). ``tone``: the
    light is worked in linear light (the board's art and every colour, drawn sRGB-coded,
    taken as the reflectance sRGB codes; the shadows, the sides' shading, the lamp's light and
    glare, warmer light and the exposure applied to that), and the camera's tone curve makes
    the picture (``camera_model.sensor(tone=...)``), its exposure ``TONE_EXPOSURE``; without
    it every one of those is applied to the sRGB-coded values, as measured before. "pi": the
    Pi camera's default curve; "power": the power law ``vision.picamera_source`` sets.
    ``glare_additive``: the glare adds to the light and dims what it covers only by what the
    surface reflects (``camera_model.add_glare``'s ``additive``), not a blend towards white.
    ``glare_on_hand``: with ``hand``, the glare centred under the hand (the same draws, so
    the rest of the scene is the same); the hand hides the board's glare where it lies over
    it, as it hides the board. ``glare_tint``: the glare's own colour (BGR, the light's
    terms; None: the lamp's near-white), e.g. a window's daylight over a board lit and
    calibrated under a warmer lamp, with no cast on the rest of the board. ``vignette`` and
    ``colour_shading``: the lens shading the camera leaves (``camera_model.lens_shading``),
    fixed to the frame, so the empty-board photo, from another pose, has it elsewhere on the
    board. ``banding``: a flickering lamp's bands across the frame
    (``camera_model.flicker_bands``), at another phase in each photo. ``haze``: veiling glare
    (a smudged lens, a lamp's flare inside it): this share of white's light added evenly over
    the frame; ``haze_across``: as much again more on one side of the frame than the other
    (a lamp's flare: 0 on one side, twice that on the other, ``haze`` on average).
    ``warm_in_sensor``: with a colour matrix's ``tone`` (``camera_model.PI_CCMS``), the warmer
    light a gain per channel in the sensor's colours (``camera_model.sensor_light``: a lamp
    changed while the camera holds the white balance and the matrix of the owner's photos),
    not in the scene's."""
    rng = random.Random(seed)
    enc: Callable[[Any], np.ndarray] = cm.srgb_to_linear if tone else np.asarray
    nrng = np.random.default_rng(seed)
    heights = {**STRAY_HEIGHTS, **heights}
    out_size, out_hfov = cam.size, cam.hfov_deg
    if lens_k1:
        cam = cm.widened(cam, cm.distortion_margin(cam.size, cam.hfov_deg, lens_k1))
    w, h = cam.size
    tex = enc(texture).copy()
    lamp = _lamp(rng)
    # Shadows first (on the board's plane), then the lilypads (thin card, printed flat), then
    # the pieces' shadows on the lilypads (a lilypad's own shadow falls on the board only).
    # With two lamps, each gives half the direct light, so each one's shadow is half as deep.
    if lamps not in (1, 2):
        raise ValueError(f"lamps must be 1 or 2, not {lamps}")
    lamp_list = [lamp] if lamps == 1 else [lamp, second_lamp(seed, lamp)]
    depth = (TONE_SHADOW_DEPTH if tone else SHADOW_DEPTH) / len(lamp_list)
    sh = np.zeros(tex.shape[:2], np.float32)
    on_pads = np.zeros(tex.shape[:2], np.float32)
    for one in lamp_list:
        shadow = np.zeros(tex.shape[:2], np.uint8)
        for s in solids:
            base = outline(s.kind, s.x, s.y, s.angle, pieces)
            slope = taper if s.kind in ("frog", "fwooog") else 1.0
            _shadow(shadow, base, s.z0, heights[s.kind], one, tex_ppm, slope)
        on_pads += depth * _soft(shadow, tex_ppm)
        for _, x, y in pads:
            _shadow(shadow, outline("pad", x, y, 0, pieces), 0, heights["lilypad"], one, tex_ppm)
        sh += depth * _soft(shadow, tex_ppm)
    tex *= (1 - sh)[..., None]
    pad_col = enc(bgr(pieces.lilypad_rgb))
    pad_vein = enc(bgr(pieces.lilypad_rgb) * 0.8)
    pad_cover = np.zeros(tex.shape[:2], np.uint8)
    for _, x, y in pads:
        o = outline("pad", x, y, 0, pieces, 40)
        start = rng.randrange(40)
        notch = np.r_[o[:start], [[x, y]], o[start + 4 :]] if start < 36 else o
        cv2.fillPoly(
            tex,
            [_poly16(notch, tex_ppm)],
            (pad_col * rng.uniform(0.95, 1.05)).tolist(),
            cv2.LINE_AA,
            4,
        )
        cv2.fillPoly(pad_cover, [_poly16(notch, tex_ppm)], 255, cv2.LINE_AA, 4)
        for k in range(5):
            a = 2 * math.pi * k / 5 + rng.uniform(0, 1)
            cv2.line(
                tex,
                tuple(_poly16([x, y], tex_ppm)),
                tuple(_poly16([x + 12 * math.cos(a), y + 12 * math.sin(a)], tex_ppm)),
                pad_vein.tolist(),
                max(1, round(0.5 * tex_ppm)),
                cv2.LINE_AA,
                4,
            )
    tex *= (1 - on_pads * (pad_cover.astype(np.float32) / 255))[..., None]
    # The table: wood grain, a plane far bigger than the board.
    table = np.empty((h, w, 3), np.float32)
    table[:] = enc(np.array([58, 96, 140], np.float32))
    grain = (
        1
        + 0.1 * smooth_noise((h, w), 6, nrng)
        + 0.06
        * np.sin(
            np.linspace(0, 90, h, dtype=np.float32)[:, None] + 3 * smooth_noise((h, w), 4, nrng)
        )
    )
    table *= grain[..., None]
    if any(fold_mm):
        facets = _fold_facets(layout, tex.shape[:2], tex_ppm, fold_mm)
        img, cover = cm.render_facets(tex, tex_ppm, cam, facets, background=table)
    else:
        img, cover = cm.render_plane(tex, tex_ppm, cam, background=table)
    # Solids, far first.
    order = sorted(
        solids, key=lambda s: -float(cam.depth([[s.x, s.y, s.z0 + heights[s.kind] / 2]])[0])
    )
    for s in order:
        base = outline(s.kind, s.x, s.y, s.angle, pieces)
        if s.kind in STRAY_HEIGHTS:
            z0 = s.z0 + board_lift(layout, fold_mm, s.x, s.y)
            _draw_solid(
                img,
                cam,
                base,
                z0,
                heights[s.kind],
                bgr(STRAY_RGB[s.faction]),
                lamp,
                rng,
                None,
                enc=enc,
            )
            _stray_marks(img, cam, s, z0 + heights[s.kind], enc)
            continue
        colour = bgr(pieces.factions[s.faction]) * rng.uniform(0.95, 1.05)
        eyes = None
        if s.kind == "frog":
            ux, uy = math.cos(math.radians(s.angle)), math.sin(math.radians(s.angle))
            f = (pieces.frog_mm[0] / 2 - 3.5) * taper
            e = 2.8 * taper
            eyes = (
                np.array([s.x + ux * f - uy * e, s.y + uy * f + ux * e]),
                np.array([s.x + ux * f + uy * e, s.y + uy * f - ux * e]),
            )
        z0 = s.z0 + board_lift(layout, fold_mm, s.x, s.y)
        _draw_solid(img, cam, base, z0, heights[s.kind], colour, lamp, rng, eyes, taper, enc)
    if card_on_marker is not None:  # a card's white back lying over that corner marker
        mx, my = marker_centres_mm(layout)[card_on_marker]
        r = marker_size_mm(layout) * 0.65
        quad = cam.project(
            [
                [mx - r, my - r, 0.3],
                [mx + r, my - r, 0.3],
                [mx + r, my + r, 0.3],
                [mx - r, my + r, 0.3],
            ]
        )
        cv2.fillConvexPoly(
            img,
            np.round(quad[:, :2] * 16).astype(np.int32),
            enc(np.array([228.0, 232.0, 234.0])).tolist(),
            cv2.LINE_AA,
            4,
        )
    hand_at = None
    if hand:
        ids = list(pond_polygons(layout))
        c = np.asarray(pond_polygons(layout)[rng.choice(ids)]).mean(axis=0)
        hand_at = (float(c[0]), float(c[1])) if glare_on_hand else None
        t = cam.project([[c[0], c[1], 60.0]])[0]
        u8 = np.clip(cm.linear_to_srgb(img) if tone else img, 0, 255).astype(np.uint8)
        bare = u8.copy()
        draw_hand(u8, (float(t[0]), float(t[1])), 1 / cam.mm_per_px_at(*c), rng)
        img = enc(u8.astype(np.float32)).astype(np.float32)
        # The glare is the lamp's reflection on the board: the hand hides it, not wears it.
        cover = np.where((u8 != bare).any(axis=2), 0, cover).astype(cover.dtype)
    img *= cm.light_falloff((w, h), rng.uniform(0.0, 0.3), rng.uniform(0, 360))[..., None]

    def glared(img: np.ndarray) -> np.ndarray:
        return _glare(
            img,
            layout,
            cam,
            rng,
            glare,
            cover,
            glare_on_marker,
            glare_additive,
            hand_at,
            glare_tint,
        )

    if glare and not glare_other_light:
        img = glared(img)  # its cast below
    if warm and warm_in_sensor and tone in cm.PI_CCMS:
        img = cm.sensor_light(img, cm.warm_gains(warm))
    elif warm:
        img = cm.white_balance(img, cm.warm_gains(warm))
    # The light's and the shake's lengths are given on the board: its centre's scale.
    mm_px = cam.mm_per_px_at(*(np.asarray(board_size_mm(layout), float) / 2))
    if mixed or leaning:
        lrng = random.Random(seed * 7919 + 17)
        if mixed:
            img *= cm.mixed_light((w, h), mixed, lrng.uniform(0, 360))
        if leaning:
            soft = lrng.uniform(40, 120) / mm_px
            img *= cm.body_shadow(
                (w, h), leaning, lrng.uniform(0, 360), lrng.uniform(-0.5, 0.5), soft
            )[..., None]
    if glare and glare_other_light:
        img = glared(img)
    if lens_k1:
        img = cm.distort(img, out_size, out_hfov, lens_k1)
    if shake_mm:
        srng = random.Random(seed * 7919 + 29)
        img = cm.motion_blur(img, shake_mm / mm_px, srng.uniform(0, 180))
    blur = rng.uniform(0.6, 0.9) * out_size[0] / 4608 * 2 * defocus
    if haze:
        across = np.linspace(1 - haze_across, 1 + haze_across, w, dtype=np.float32)
        img += (haze * 255.0 * across)[None, :, None]
    if exposure != 1.0:
        img *= exposure
    if tone:
        img *= TONE_EXPOSURE
    return cm.sensor(
        img,
        nrng,
        blur_sigma=blur,
        gain=gain,
        jpeg_quality=90,
        tone=tone,
        vignette=vignette,
        colour_shading=colour_shading,
        banding=banding,
    )


def _glare(
    img: np.ndarray,
    layout: Any,
    cam: cm.Camera,
    rng: random.Random,
    glare: float,
    cover: Any,
    on_marker: bool = False,
    additive: bool = False,
    at: tuple[float, float] | None = None,
    tint: tuple[float, float, float] | None = None,
) -> np.ndarray:
    """A lamp's reflection on the board (``camera_model.add_glare``), somewhere over its
    middle, 35-60 mm across; ``on_marker``: centred on the corner marker nearest that place
    instead, ``at``: on that place (mm) instead (the same draws, so the rest of the scene is
    the same); ``tint``: its colour (BGR; None: ``add_glare``'s near-white)."""
    w_mm, h_mm = board_size_mm(layout)
    gx, gy = rng.uniform(0.2, 0.8) * w_mm, rng.uniform(0.2, 0.8) * h_mm
    if on_marker:
        gx, gy = min(
            marker_centres_mm(layout).values(), key=lambda c: (c[0] - gx) ** 2 + (c[1] - gy) ** 2
        )
    if at is not None:
        gx, gy = at
    g = cam.project([[gx, gy, 0.0]])[0]
    out: np.ndarray = cm.add_glare(
        img,
        (float(g[0]), float(g[1])),
        rng.uniform(35, 60) / cam.mm_per_px_at(gx, gy),
        glare,
        angle_deg=rng.uniform(0, 180),
        mask=cover,
        additive=additive,
        **({} if tint is None else {"tint_bgr": tint}),
    )
    return out


def board_lift(layout: Any, fold_mm: tuple[float, float], x: float, y: float) -> float:
    """Height (mm) of the board's face above the table at (x, y): a board folded in four
    stands ``fold_mm[0]`` off the table along its upright centre fold and ``fold_mm[1]``
    along its level one, the two adding at the centre, flat panels between, its corners on
    the table."""
    w_mm, h_mm = board_size_mm(layout)
    u = max(0.0, 1 - abs(x - w_mm / 2) / (w_mm / 2))
    v = max(0.0, 1 - abs(y - h_mm / 2) / (h_mm / 2))
    return fold_mm[0] * u + fold_mm[1] * v


def _fold_facets(
    layout: Any, shape: tuple[int, ...], ppm: float, fold_mm: tuple[float, float]
) -> list[tuple[np.ndarray, tuple[float, float, float]]]:
    """The four flat panels of ``board_lift`` as ``camera_model.render_facets`` facets."""
    w_mm, h_mm = board_size_mm(layout)
    rx, ry = fold_mm
    th, tw = shape[:2]
    xm, ym = round(w_mm / 2 * ppm), round(h_mm / 2 * ppm)
    facets = []
    for xs, ax, bx in ((slice(0, xm), 0.0, 1.0), (slice(xm, tw), 2.0, -1.0)):
        for ys, ay, cy in ((slice(0, ym), 0.0, 1.0), (slice(ym, th), 2.0, -1.0)):
            mask = np.zeros((th, tw), np.uint8)
            mask[ys, xs] = 255
            plane = (rx * ax + ry * ay, rx * bx / (w_mm / 2), ry * cy / (h_mm / 2))
            facets.append((mask, plane))
    return facets


def texture_ppm_for(size: tuple[int, int]) -> float:
    """Board art resolution: a little finer than the camera's sampling of it."""
    return 5.0 if size[0] > 3000 else 3.0


def empty_board(
    layout: Any,
    pieces: Pieces,
    seed: int,
    *,
    size: tuple[int, int],
    busy: bool = True,
    art_seed: int | None = None,
    lens_k1: float = 0.0,
    fold_mm: tuple[float, float] = (0.0, 0.0),
    defocus: float = 1.0,
    leaning: float = 0.0,
    exposure: float = 1.0,
    tone: str = "",
    vignette: float = 0.0,
    colour_shading: float = 0.0,
    banding: float = 0.0,
) -> np.ndarray:
    """The owner's photo of the empty board (no pieces, no lilypads), under the calibration
    light, from a camera 0-10 degrees off vertical (through the same lens, ``lens_k1``). A
    folded board (``fold_mm``, as in play) stood 50-100% as far off the table then.
    ``leaning``: the owner's own shadow on it, ``exposure``, ``tone`` and the lens shading
    (``vignette``, ``colour_shading``) and flicker (``banding``), as in ``photograph``."""
    rng = random.Random(seed * 7 + 3)
    ppm = texture_ppm_for(size)
    art = seed % ART_VARIANTS if art_seed is None else art_seed
    tex, _ = art_texture(layout, ppm, art, busy=busy)
    cam = board_camera(layout, size, rng.uniform(0, 10), rng)
    fold = (0.0, 0.0)
    if any(fold_mm):
        relaxed = random.Random(seed * 7 + 11).uniform(0.5, 1.0)
        fold = (fold_mm[0] * relaxed, fold_mm[1] * relaxed)
    return photograph(
        layout,
        pieces,
        tex,
        ppm,
        cam,
        [],
        [],
        seed * 7 + 5,
        lens_k1=lens_k1,
        fold_mm=fold,
        defocus=defocus,
        leaning=leaning,
        exposure=exposure,
        tone=tone,
        vignette=vignette,
        colour_shading=colour_shading,
        banding=banding,
    )


def make_scene3d(
    layout: Any,
    pieces: Pieces,
    seed: int,
    *,
    size: tuple[int, int] = (2304, 1296),
    tilt: float = 0.0,
    n_pieces: int = 40,
    busy: bool = True,
    warm: float = 0.0,
    glare: float = 0.0,
    stacks: int = 0,
    edge: int = 2,
    hand: bool = False,
    lamps: int = 1,
    lens_k1: float = 0.0,
    fold_mm: tuple[float, float] = (0.0, 0.0),
    defocus: float = 1.0,
    mixed: float = 0.0,
    leaning: float = 0.0,
    shake_mm: float = 0.0,
    gain: float = 1.0,
    taper: float = 1.0,
    glare_other_light: bool = False,
    glare_on_marker: bool = False,
    card_on_marker: int | None = None,
    strays: int = 0,
    exposure: float = 1.0,
    tone: str = "",
    glare_additive: bool = False,
    glare_on_hand: bool = False,
    glare_tint: tuple[float, float, float] | None = None,
    vignette: float = 0.0,
    colour_shading: float = 0.0,
    banding: float = 0.0,
    haze: float = 0.0,
    haze_across: float = 0.0,
    warm_in_sensor: bool = False,
    given: list[tuple[str, str, float, float, float]] | None = None,
    given_pads: list[tuple[float, float]] | None = None,
) -> Scene3D:
    """One photo of the board with pieces, its known answer; ``empty_board(seed)`` is the same
    board's empty photo. Same seed, same scene."""
    pond_synth = _flat_synth()
    rng = random.Random(seed)
    ppm = texture_ppm_for(size)
    tex, _art = art_texture(layout, ppm, seed % ART_VARIANTS, busy=busy)
    polys = pond_polygons(layout)
    if given is None:
        pl = pond_synth.place_pieces(layout, pieces, rng, n_pieces, edge_pieces=0)
        placed = [(p.kind, p.faction, p.x, p.y, p.angle) for p in pl.placed]
        pad_list = [(p.x, p.y) for p in pl.pads]
        circles = list(pl.circles)
    else:
        pl = pond_synth._Placer(layout, pieces, rng)
        placed = list(given)
        pad_list = list(given_pads or [])
        circles = []
    # Pieces straddling a pond's edge, 15% to 90% of the base inside.
    edge_placed = []
    for _ in range(edge if given is None else 0):
        for _ in range(80):
            pid = rng.choice(list(polys))
            poly = np.asarray(polys[pid])
            k = rng.randrange(len(poly))
            a, b = poly[k], poly[(k + 1) % len(poly)]
            e = a + (b - a) * rng.uniform(0.25, 0.75)
            c = poly.mean(axis=0)
            d = (c - e) / np.linalg.norm(c - e)
            x, y = e + d * rng.uniform(-6, 5)
            ang = rng.uniform(0, 180)
            circ = pond_synth._circles("frog", x, y, ang, pieces)
            pl.circles = circles
            if pl.free(circ, gap=1.5):
                circles += [(cc, 10_000 + len(edge_placed)) for cc in circ]
                edge_placed.append(("frog", rng.choice(FACTIONS), float(x), float(y), ang))
                break
    solids: list[Piece3D] = []
    for kind, faction, x, y, ang in [*placed, *edge_placed]:
        pond, share = pl.share(kind, x, y, ang)
        solids.append(Piece3D(kind, faction, x, y, ang, 0.0, pond if share >= 0.5 else None, share))
    stack_ponds = []
    frogs = [s for s in solids if s.kind == "frog" and s.pond is not None and s.share > 0.99]
    for s in rng.sample(frogs, min(stacks, len(frogs))):
        top = Piece3D(
            "frog",
            rng.choice(FACTIONS),
            s.x + rng.uniform(-1, 1),
            s.y + rng.uniform(-1, 1),
            s.angle + rng.uniform(-20, 20),
            HEIGHTS["frog"],
            s.pond,
            1.0,
        )
        solids.append(top)
        stack_ponds.append(str(s.pond))
    pads = []
    for x, y in pad_list:
        pond, _ = pl.share("frog", x, y, 0.0)
        pads.append((str(pond), x, y))
    stray_list = _strays(polys, pl, circles, strays, seed)
    answer = _answer(polys, solids, pads, pieces)
    cam = board_camera(layout, size, tilt, rng)
    image = photograph(
        layout,
        pieces,
        tex,
        ppm,
        cam,
        solids + stray_list,
        pads,
        seed,
        warm=warm,
        glare=glare,
        hand=hand,
        lamps=lamps,
        lens_k1=lens_k1,
        fold_mm=fold_mm,
        defocus=defocus,
        mixed=mixed,
        leaning=leaning,
        shake_mm=shake_mm,
        gain=gain,
        taper=taper,
        glare_other_light=glare_other_light,
        glare_on_marker=glare_on_marker,
        card_on_marker=card_on_marker,
        exposure=exposure,
        tone=tone,
        glare_additive=glare_additive,
        glare_on_hand=glare_on_hand,
        glare_tint=glare_tint,
        vignette=vignette,
        colour_shading=colour_shading,
        banding=banding,
        haze=haze,
        haze_across=haze_across,
        warm_in_sensor=warm_in_sensor,
    )
    edge_ponds = sorted({s.pond or "" for s in solids if s.share < 0.99} - {""})
    return Scene3D(
        image,
        answer,
        solids,
        pads,
        cam,
        tilt,
        {
            "size": size,
            "tilt": tilt,
            "busy": busy,
            "warm": warm,
            "warm_in_sensor": warm_in_sensor,
            "glare": glare,
            "glare_on_marker": glare_on_marker,
            "card_on_marker": card_on_marker,
            "stacks": stacks,
            "edge": edge,
            "hand": hand,
            "lamps": lamps,
            "lens_k1": lens_k1,
            "fold_mm": fold_mm,
            "defocus": defocus,
            "mixed": mixed,
            "leaning": leaning,
            "shake_mm": shake_mm,
            "strays": strays,
            "exposure": exposure,
            "tone": tone,
            "glare_additive": glare_additive,
            "glare_on_hand": glare_on_hand,
            "glare_tint": glare_tint,
            "vignette": vignette,
            "colour_shading": colour_shading,
            "banding": banding,
            "haze": haze,
            "haze_across": haze_across,
        },
        stack_ponds,
        edge_ponds,
        hand,
        [str(s.pond) for s in stray_list],
    )


def calibration_photo(
    layout: Any,
    pieces: Pieces,
    *,
    size: tuple[int, int],
    tone: str = "",
    seed: int = 99,
    shading: tuple[float, float] = (0.0, 0.0),
) -> tuple[np.ndarray, dict[str, tuple[float, float]]]:
    """The owner's photo for ``calibrate colours`` (docs/formats/pond-pieces.md): one frog of
    each faction and a free lilypad, each alone in its own pond, at the pond's centre, under
    the usual light, the camera straight down; and where each lies (board mm), as the owner
    would give them with ``--at``. ``shading``: the camera's lens shading (``vignette``,
    ``colour_shading``)."""
    polys = pond_polygons(layout)
    ids = sorted(polys, key=lambda k: -cv2.contourArea(np.asarray(polys[k], np.float32)))[:5]
    centres = [tuple(np.asarray(polys[k], float).mean(axis=0)) for k in ids]
    given = [
        ("frog", f, float(x), float(y), 0.0)
        for f, (x, y) in zip(FACTIONS, centres[:4], strict=True)
    ]
    pad = (float(centres[4][0]), float(centres[4][1]))
    scene = make_scene3d(
        layout,
        pieces,
        seed,
        size=size,
        tilt=0.0,
        tone=tone,
        vignette=shading[0],
        colour_shading=shading[1],
        given=given,
        given_pads=[pad],
    )
    points = {f: (x, y) for _, f, x, y, _ in given}
    return scene.image, {**points, "lilypad": pad}


def _strays(polys: dict[str, Any], pl: Any, circles: list[Any], n: int, seed: int) -> list[Piece3D]:
    """``n`` stray things (``STRAY_KINDS`` in turn), each well inside a pond (12 mm or more
    from its edge), clear of the pieces and the lilypads; their own random stream, so the
    scene's pieces and photo are otherwise the same. ``pond`` names the pond it lies in
    (not a piece: the answer leaves it out)."""
    srng = random.Random(seed * 7919 + 41)
    out: list[Piece3D] = []
    ids = sorted(polys)
    for k in range(n):
        kind, colour = STRAY_KINDS[k % len(STRAY_KINDS)]
        for _ in range(200):
            pid = srng.choice(ids)
            poly = np.asarray(polys[pid], np.float32)
            x0, y0 = poly.min(axis=0)
            x1, y1 = poly.max(axis=0)
            x, y = srng.uniform(x0, x1), srng.uniform(y0, y1)
            if cv2.pointPolygonTest(poly, (x, y), True) < 12:
                continue
            circ = [(x, y, STRAY_MM[kind] * 0.72)]
            pl.circles = circles
            if pl.free(circ, gap=2.0):
                circles += [(c, 20_000 + k) for c in circ]
                out.append(Piece3D(kind, colour, x, y, srng.uniform(0, 90), 0.0, pid, 0.0))
                break
    return out


def _flat_synth() -> Any:
    """The flat generator (``synth.py``), whose piece placer this one reuses."""
    import importlib.util

    name = "pond_synth"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, _HERE / "synth.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _answer(
    polys: dict[str, Any],
    solids: list[Piece3D],
    pads: list[tuple[str, float, float]],
    pieces: Pieces,
) -> dict[str, Any]:
    ponds: dict[str, Any] = {pid: {"frogs": {}, "fwooogs": [], "lilypad": None} for pid in polys}
    r = pieces.lilypad_diameter_mm / 2
    for pid, _, _ in pads:
        ponds[pid]["lilypad"] = "free"
    for s in solids:
        if s.pond is None:
            continue
        entry = ponds[s.pond]
        on_pad = [pid for pid, x, y in pads if math.hypot(s.x - x, s.y - y) < r * 0.75]
        if s.kind == "fwooog":
            entry["fwooogs"].append(s.faction)
            if on_pad:
                entry["lilypad_fwooog"] = s.faction
        else:
            entry["frogs"][s.faction] = entry["frogs"].get(s.faction, 0) + 1
            if on_pad and s.z0 == 0:
                entry["lilypad"] = s.faction
    for entry in ponds.values():
        entry["fwooogs"].sort()
        entry["frogs"] = dict(sorted(entry["frogs"].items()))
    return ponds

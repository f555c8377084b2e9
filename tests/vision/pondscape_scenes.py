"""Honest Pondscape table photos: a camera, textured cards and a wood table (test code).

Built on ``camera_model`` (pinhole camera with pose, the Camera Module 3's
field of view, Bayer sensor noise, glare, white balance). What it models,
each assumption beside it:

- **Cards** 63 x 88 mm (``CARD_W``, ``CARD_H``), laid in the rulebook's 3 x 5
  pond above a food row of 5, with 2-8 mm gaps, each off its spot by up to
  2 mm and 3 degrees. **Busy card art**: a gradient, leaves, hatching, spots,
  rows of small glyphs (like card text) and a dark frame, so the tag detector
  sees many more textured places than on flat art.
- **Tags**: the printed sticker (symbol ``tag_mm`` wide, 4-module quiet zone)
  stuck on every card at the same place, ``tag_from_bottom_mm`` above the
  card's bottom edge, centred (the example of docs/tags.md).
- **Sleeves** (optional): a clear sleeve 1 mm proud of the card with a faint
  sheen, and lamp glare on some cards.
- **Wood table**: grain rings and fibres, seen through the same camera.
- **Upside-down cards**: turned 180 degrees about their centre (the tag ends
  near the top edge).
- **A neighbour's pond**: another player's food row (the same food numbers:
  the sample catalog has one set) and some of their cards (``neighbour_cards``,
  6 unless told, up to their whole pond of 15), beside ours.
- **Hands**: a skin-coloured hand and arm over part of the pond.
- **Lens distortion** (optional, ``lens_k1``): radial, as in ``camera_model``.
- **Camera**: 40-90 cm from the pond's centre (never closer than what shows the
  whole layout), tilt 0-35 degrees from any side, a little roll; the sensor
  model adds lens blur, Bayer mosaic, shot and read noise; white balance may
  be shifted.

``make_pond_scene(seed, ...)`` returns the frame (uint8 BGR) and a
``PondTruth``: every card's cell and side, which cells' tags are in view (not
under a hand, inside the frame) and the known answer of the food row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import camera_model as cm
import cv2
import numpy as np
import numpy.typing as npt

CARD_W, CARD_H = 63.0, 88.0
FOOD_NUMBERS = ("101", "102", "103", "104", "105")
U8 = npt.NDArray[np.uint8]
Cells = dict[tuple[int, int], tuple[str, str]]


@dataclass
class PondTruth:
    """The known answer of one scene."""

    cells: Cells  # (row, column) -> (number, side), ours only
    upside_down: set[tuple[int, int]] = field(default_factory=set)
    visible: set[tuple[int, int]] = field(default_factory=set)  # cells whose tag is in view
    food_numbers: tuple[str, ...] = FOOD_NUMBERS
    conditions: dict[str, Any] = field(default_factory=dict)


def qr_matrix(payload: str) -> U8:
    import segno

    q = segno.make_qr(payload, error="m", version=1, mode="alphanumeric", boost_error=False)
    return np.array(q.matrix, dtype=np.uint8)


def _card_art(rng: np.random.Generator, ppm: float, face_down: bool) -> U8:
    """Busy card art, upright, ``ppm`` px per mm (no tag yet)."""
    w, h = round(CARD_W * ppm), round(CARD_H * ppm)
    if face_down:
        top, bottom = np.array([170, 120, 40]), np.array([110, 70, 20])  # water back: blues
    else:
        top = rng.integers(40, 220, 3)
        bottom = rng.integers(20, 200, 3)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    art = (top * (1 - t) + bottom * t).astype(np.float32) * np.ones((1, w, 1), np.float32)
    art = art.astype(np.uint8)
    s = ppm
    # Leaves: filled ellipses with a dark vein.
    for _ in range(int(rng.integers(10, 22))):
        c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        ax = (int(rng.integers(4, 14) * s), int(rng.integers(2, 6) * s))
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        ang = float(rng.uniform(0, 180))
        cv2.ellipse(art, c, ax, ang, 0, 360, colour, -1, cv2.LINE_AA)
        cv2.ellipse(art, c, (ax[0], 1), ang, 0, 360, (20, 30, 20), max(1, int(s * 0.4)))
    # Hatching: fine parallel strokes (shading in printed art).
    for _ in range(int(rng.integers(2, 5))):
        x0, y0 = int(rng.integers(0, w)), int(rng.integers(0, h))
        size = int(rng.integers(8, 20) * s)
        ang = rng.uniform(0, math.pi)
        dx, dy = math.cos(ang), math.sin(ang)
        for k in range(-size // 2, size // 2, max(2, int(1.1 * s))):
            px, py = x0 - dy * k, y0 + dx * k
            cv2.line(
                art,
                (int(px - dx * size / 2), int(py - dy * size / 2)),
                (int(px + dx * size / 2), int(py + dy * size / 2)),
                (30, 30, 30),
                1,
                cv2.LINE_AA,
            )
    # Spots: a frog's skin pattern.
    for _ in range(int(rng.integers(20, 60))):
        c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        r = max(1, int(rng.uniform(0.5, 2.5) * s))
        colour = (0, 0, 0) if rng.random() < 0.5 else (240, 240, 240)
        cv2.circle(art, c, r, colour, -1, cv2.LINE_AA)
    # Rows of small glyphs, like the card's printed text and symbols.
    for row in range(int(rng.integers(2, 5))):
        y = int((8 + row * 5) * s)
        x = int(6 * s)
        while x < w - 6 * s:
            gw = int(rng.uniform(1.2, 2.6) * s)
            gh = int(rng.uniform(1.8, 3.0) * s)
            if rng.random() < 0.8:
                cv2.rectangle(art, (x, y), (x + gw, y + gh), (15, 15, 15), max(1, int(0.35 * s)))
            x += gw + int(rng.uniform(0.6, 2.0) * s)
    # The frame printed round the art.
    cv2.rectangle(art, (0, 0), (w - 1, h - 1), (25, 25, 25), max(1, int(2.5 * s)))
    cv2.rectangle(
        art,
        (int(3 * s), int(3 * s)),
        (w - 1 - int(3 * s), h - 1 - int(3 * s)),
        (235, 230, 220),
        max(1, int(0.6 * s)),
    )
    return art


def _stick_tag(
    art: U8, ppm: float, payload: str, tag_mm: float, from_bottom_mm: float
) -> npt.NDArray[np.float64]:
    """The printed sticker, centred, ``from_bottom_mm`` above the card's bottom edge.

    Returns the corners of the code's symbol (inside its quiet zone) in the art's pixels,
    (4, 2).
    """
    m = qr_matrix(payload)
    module = tag_mm / m.shape[0]
    sticker_mm = tag_mm + 8 * module
    side = round(sticker_mm * ppm)
    padded = np.pad(m, 4)
    tag = cv2.resize((1 - padded) * 255, (side, side), interpolation=cv2.INTER_AREA)
    tag = (tag.astype(np.float32) * 0.92 + 12).astype(np.uint8)  # paper is not pure white
    h, w = art.shape[:2]
    cx = w // 2
    cy = round(h - (from_bottom_mm + sticker_mm / 2) * ppm)
    y0, x0 = cy - side // 2, cx - side // 2
    art[y0 : y0 + side, x0 : x0 + side] = tag[:, :, None]
    q = 4 * side / padded.shape[0]  # the quiet zone in art pixels
    a, b = x0 + q, x0 + side - q
    c, d = y0 + q, y0 + side - q
    return np.array([[a, c], [b, c], [b, d], [a, d]], np.float64)


def _wood(rng: np.random.Generator, cam: cm.Camera) -> U8:
    """The wood table as the camera sees it (uint8 BGR, the frame's size).

    Computed in the image: each pixel's table point (through the camera), then
    grain rings along x warped by smooth noise, fine fibres and colour.
    """
    w, h = cam.size
    step = 8
    gy, gx = np.mgrid[0 : h + step : step, 0 : w + step : step].astype(np.float64)
    to_table = np.linalg.inv(cam.plane_homography(0.0))
    pts = cv2.perspectiveTransform(np.dstack([gx, gy]).reshape(1, -1, 2), to_table)[0]
    tx = cv2.resize(pts[:, 0].reshape(gx.shape).astype(np.float32), (w + step, h + step))[:h, :w]
    ty = cv2.resize(pts[:, 1].reshape(gx.shape).astype(np.float32), (w + step, h + step))[:h, :w]
    x0, y0 = float(tx.min()), float(ty.min())
    span_x, span_y = float(tx.max()) - x0 + 1, float(ty.max()) - y0 + 1
    # Smooth warp of the rings: one noise value per 200 x 60 mm.
    warp_tex = rng.normal(0, 1, (int(span_y / 60) + 4, int(span_x / 200) + 4)).astype(np.float32)
    warp = cv2.remap(warp_tex, (tx - x0) / 200, (ty - y0) / 60, cv2.INTER_CUBIC)
    period = float(rng.uniform(9, 16))
    rings = np.sin((ty + warp * 25) * (2 * math.pi / period))
    # Fibres: long along the grain (25 mm), thin across it (0.6 mm).
    fib_tex = rng.normal(0, 1, (int(span_y / 0.6) + 4, int(span_x / 25) + 4)).astype(np.float32)
    fibres = cv2.remap(fib_tex, (tx - x0) / 25, (ty - y0) / 0.6, cv2.INTER_LINEAR)
    shade = 1 + 0.18 * rings + 0.08 * fibres
    base = np.array(rng.integers([40, 80, 120], [80, 120, 170]), np.float32)
    return cv2.merge([cv2.convertScaleAbs(shade, alpha=float(v)) for v in base])


def _warp_into(
    frame: U8,
    texture: U8,
    h_img_from_tex: npt.NDArray[np.float64],
    alpha: float = 1.0,
) -> tuple[int, int, int, int] | None:
    """Draw ``texture`` into ``frame`` through the homography, only in its bounding box."""
    th, tw = texture.shape[:2]
    corners = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float64)
    pts = cv2.perspectiveTransform(corners[None], h_img_from_tex)[0]
    fh, fw = frame.shape[:2]
    x0, y0 = max(0, int(pts[:, 0].min()) - 2), max(0, int(pts[:, 1].min()) - 2)
    x1, y1 = min(fw, int(pts[:, 0].max()) + 3), min(fh, int(pts[:, 1].max()) + 3)
    if x1 <= x0 or y1 <= y0:
        return None
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    hm = shift @ h_img_from_tex
    # Shrink a texture much finer than the image so it does not alias.
    scale = math.sqrt(abs(np.linalg.det(hm[:2, :2]))) if hm[2, 2] else 1.0
    tex = texture
    down = np.eye(3)
    while scale < 0.45 and min(tex.shape[:2]) > 16:
        tex = cv2.pyrDown(tex)
        down = down @ np.diag([2.0, 2.0, 1.0])
        scale *= 2
    hm = hm @ down
    warped = cv2.warpPerspective(tex, hm, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(
        np.full(tex.shape[:2], 255, np.uint8), hm, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR
    )
    a = (mask.astype(np.float32) / 255 * alpha)[..., None]
    roi = frame[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + warped * a).astype(np.uint8)
    return x0, y0, x1, y1


def _card_placement(cx: float, cy: float, angle_deg: float, ppm: float) -> npt.NDArray[np.float64]:
    """Card texture px -> table mm: the card's centre at (cx, cy), turned ``angle_deg``."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    to_mm = np.array([[1 / ppm, 0, -CARD_W / 2], [0, 1 / ppm, -CARD_H / 2], [0, 0, 1]], np.float64)
    rot = np.array([[ca, -sa, cx], [sa, ca, cy], [0, 0, 1]], np.float64)
    return rot @ to_mm


def make_pond_scene(
    seed: int,
    *,
    size: tuple[int, int] = cm.SIZES["binned"],
    tag_mm: float = 26.0,
    tag_from_bottom_mm: float = 5.0,
    tilt_deg: float | None = None,
    distance_mm: float | None = None,
    rows_filled: tuple[int, ...] = (0, 1, 2),
    empty: int = 0,
    upside_down: int = 0,
    flip: tuple[tuple[int, int], ...] = (),
    neighbour: bool = False,
    neighbour_cards: int = 6,
    hand: bool = False,
    sleeves: bool = False,
    glare: bool = False,
    warm: float = 0.0,
    numbers: list[str] | None = None,
    art_ppm: float | None = None,
    lens_k1: float = 0.0,
    leaning: float = 0.0,
    gain: float = 1.0,
) -> tuple[U8, PondTruth]:
    """One table photo of a pond and its known answer (deterministic for a seed).
    ``lens_k1``: the lens's radial distortion (``camera_model.distortion_map``; 0: none).
    ``leaning``: the soft shadow of someone leaning over the table, this much (0-1) dimmer
    (``camera_model.body_shadow``, its edge across the middle half of the frame, a penumbra
    40-120 mm wide; drawn from its own random stream, so the seed's scene is otherwise the
    same). ``gain``: dim light, the sensor at this many times its usual gain, so its shot
    and read noise are as many times larger (no denoising)."""
    rng = np.random.default_rng(seed)
    numbers = numbers or [f"{i:03d}" for i in range(1, 41)]
    chosen = [str(n) for n in rng.choice(numbers, size=len(numbers), replace=False)]
    ours, spare = chosen[:15], chosen[15:]
    gap_x, gap_y = rng.uniform(2, 8, 2)
    pitch_x, pitch_y = CARD_W + gap_x, CARD_H + gap_y
    slots = [(r, c) for r in rows_filled for c in range(5)]
    empties = (
        {slots[i] for i in rng.choice(len(slots), size=empty, replace=False)} if empty else set()
    )
    cells: Cells = {}
    for i, (r, c) in enumerate(slots):
        if (r, c) not in empties:
            cells[(r, c)] = (ours[i], "B" if rng.random() < 0.33 else "F")
    flipped: set[tuple[int, int]] = {cell for cell in flip if cell in cells}
    if upside_down:
        keys = sorted(cells)
        for i in rng.choice(len(keys), size=min(upside_down, len(keys)), replace=False):
            flipped.add(keys[int(i)])
    # Table mm: column c's centre at x = (c + 0.5) * pitch_x, row r at y = (r + 0.5) * pitch_y
    # (row 3 is the food row, nearest the player).
    layout = (0.0, 0.0, 5 * pitch_x, 4 * pitch_y)
    tilt = float(rng.uniform(0, 35)) if tilt_deg is None else tilt_deg
    azimuth = float(rng.uniform(-180, 180))
    need = cm.fit_distance(size, tilt, layout, margin=0.04, azimuth_deg=azimuth)
    want = float(rng.uniform(400, 900)) if distance_mm is None else distance_mm
    dist = max(need, want)
    cam = cm.camera_pose(
        size,
        dist,
        tilt,
        target_mm=(layout[2] / 2, layout[3] / 2),
        azimuth_deg=azimuth,
        roll_deg=float(rng.uniform(-8, 8)),
    )
    cam_ppm = 1 / cam.mm_per_px_at(layout[2] / 2, layout[3] / 2)
    ppm = art_ppm or min(10.0, max(3.0, 2.2 * cam_ppm))
    w, h = size
    # With a distorting lens, the scene is drawn through the pinhole camera on a wider canvas
    # (``view``), then resampled to the frame.
    margin = cm.distortion_margin(size, cam.hfov_deg, lens_k1) if lens_k1 else 0
    view = cm.widened(cam, margin) if margin else cam
    frame = _wood(rng, view)
    plane = view.plane_homography(0.35)  # cards lie 0.35 mm proud of the table

    def place(
        payload: str, cx: float, cy: float, face_down: bool, turned: bool
    ) -> npt.NDArray[np.float64]:
        """Draw a card; returns its tag's symbol's corners in the frame (4, 2) px."""
        art = _card_art(rng, ppm, face_down)
        sticker = _stick_tag(art, ppm, payload, tag_mm, tag_from_bottom_mm)
        angle = float(rng.uniform(-3, 3)) + (180.0 if turned else 0.0)
        hm = plane @ _card_placement(cx, cy, angle, ppm)
        _warp_into(frame, art, hm)
        return cv2.perspectiveTransform(sticker[None], hm)[0]

    symbols: dict[tuple[int, int], npt.NDArray[np.float64]] = {}

    jitter = lambda: float(rng.uniform(-2, 2))  # noqa: E731
    for (r, c), (number, side) in cells.items():
        symbols[(r, c)] = place(
            f"PS:{number}:{side}",
            (c + 0.5) * pitch_x + jitter(),
            (r + 0.5) * pitch_y + jitter(),
            side == "B",
            (r, c) in flipped,
        )
    for c, number in enumerate(FOOD_NUMBERS):
        symbols[(3, c)] = place(
            f"PS:{number}:F", (c + 0.5) * pitch_x + jitter(), 3.5 * pitch_y + jitter(), False, False
        )
    if neighbour:
        # Another player beside us: their food row and a few of their cards, 6 columns over.
        side = 1 if rng.random() < 0.5 else -1
        dx = side * (5 * pitch_x + float(rng.uniform(60, 140)))
        dy = float(rng.uniform(-30, 30))
        for c, number in enumerate(FOOD_NUMBERS):
            place(f"PS:{number}:F", (c + 0.5) * pitch_x + dx, 3.5 * pitch_y + dy, False, False)
        for k, number in enumerate(spare[: min(neighbour_cards, 15)]):
            r, c = 2 - k // 5, k % 5
            place(
                f"PS:{number}:F", (c + 0.5) * pitch_x + dx, (r + 0.5) * pitch_y + dy, False, False
            )
    img = frame.astype(np.float32)
    if sleeves:
        img = img * 0.97 + 6  # the sleeve's faint sheen lifts the blacks
    if glare:
        for _ in range(int(rng.integers(1, 3))):
            (gx, gy), *_ = view.project(
                [[float(rng.uniform(0, layout[2])), float(rng.uniform(0, layout[3])), 0]]
            )
            img = cm.add_glare(
                img,
                (float(gx), float(gy)),
                float(rng.uniform(0.03, 0.07)) * w,
                float(rng.uniform(0.35, 0.6)),
                angle_deg=float(rng.uniform(0, 180)),
            )
    hand_mask = _draw_hand(rng, img, view, pitch_x, pitch_y) if hand else None
    if warm:
        img = cm.white_balance(img, cm.warm_gains(warm))
    img *= cm.light_falloff(view.size, float(rng.uniform(0.0, 0.3)), float(rng.uniform(0, 360)))[
        ..., None
    ]
    if leaning:
        lrng = np.random.default_rng(seed * 7919 + 17)
        angle, edge = float(lrng.uniform(0, 360)), float(lrng.uniform(-0.5, 0.5))
        soft = float(lrng.uniform(40, 120)) * cam_ppm
        img *= cm.body_shadow(view.size, leaning, angle, edge, soft)[..., None]
    if margin:
        img = cm.distort(img, size, cam.hfov_deg, lens_k1)
        symbols = {
            k: cm.distort_points(v, size, cam.hfov_deg, lens_k1, margin) for k, v in symbols.items()
        }
        if hand_mask is not None:
            bent = cm.distort(hand_mask.astype(np.float32), size, cam.hfov_deg, lens_k1)
            hand_mask = np.where(bent > 0, 255, 0).astype(np.uint8)
    # Lens blur in pixels: about the same at both sizes (binning also averages 2x2 photosites).
    out = cm.sensor(img, rng, blur_sigma=float(rng.uniform(0.45, 0.8)), gain=gain)
    # Which tags are in view: the code's whole symbol (where the card really lies) inside
    # the frame, and no pixel of it under the hand. The quiet zone may be cut: the decoders
    # read codes whose quiet zone a finger or the frame's edge touches. The symbol itself,
    # not its bounding box: at a roll or an azimuth the box is up to twice the symbol and
    # took tags beside the arm for hidden ones.

    def in_view(r: int, c: int) -> bool:
        corners = symbols[(r, c)]
        if not all(0 <= u < w and 0 <= v < h for u, v in corners):
            return False
        if hand_mask is None:
            return True
        x0, y0 = np.floor(corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
        quad = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(quad, np.round(corners - (x0, y0)).astype(np.int32), 255)
        return not (quad & hand_mask[y0:y1, x0:x1]).any()

    visible = {cell for cell in cells if in_view(*cell)}
    food_in_view = sum(in_view(3, c) for c in range(5))
    truth = PondTruth(
        cells,
        flipped,
        visible,
        FOOD_NUMBERS,
        {
            "tilt_deg": round(tilt, 1),
            "distance_mm": round(dist),
            "azimuth_deg": round(azimuth),
            "px_per_module": round(cam_ppm * tag_mm / 21, 2),
            "tag_mm": tag_mm,
            "food_tags_in_view": food_in_view,
            "lens_k1": lens_k1,
            "leaning": leaning,
        },
    )
    return out, truth


def _draw_hand(
    rng: np.random.Generator,
    img: npt.NDArray[np.float32],
    cam: cm.Camera,
    pitch_x: float,
    pitch_y: float,
) -> U8:
    """A hand and arm reaching in from the player's side over one column, 40 mm above the
    table; returns where it is (uint8 mask)."""
    x = (int(rng.integers(0, 5)) + 0.5) * pitch_x
    tip = float(rng.uniform(0.6, 2.4)) * pitch_y  # the fingertips reach this far up the pond
    poly_mm = [
        (x - 45, 4 * pitch_y + 400),
        (x + 45, 4 * pitch_y + 400),
        (x + 40, tip + 70),
        (x + 20, tip),
        (x - 25, tip + 10),
        (x - 42, tip + 60),
    ]
    pts = cam.project([[px, py, 40.0] for px, py in poly_mm]).astype(np.int32)
    skin = np.array([120, 150, 205], np.float32) * float(rng.uniform(0.7, 1.1))
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [pts], 255, cv2.LINE_AA)
    a = (cv2.GaussianBlur(mask, (5, 5), 0).astype(np.float32) / 255)[..., None]
    img[:] = img * (1 - a) + skin * a
    return mask


def cell_name(cell: tuple[int, int]) -> str:
    return f"cell (row {cell[0]}, column {cell[1]})"


#: The scan can place a pond only from its food row, and it infers at most one
#: food card it cannot read (the one food left): with 2 or more food tags out of
#: view (under a hand, outside the frame) the pond cannot be placed, and the right
#: answer is a refusal naming the food row.
FOOD_TAGS_NEEDED = 4


@dataclass
class Verdict:
    """How a scan did on a scene.

    ``right`` of ``visible``: cells read right among those whose tag was in view,
    counted only when the food row is in view too (``food_row_in_view``), and
    only when the scan gave a pond (a scan refused with ``errors`` gives the
    player nothing, so none of its cells is right). With the food row out of
    view, ``visible`` is 0 and the scene is judged on ``refused`` instead.
    ``confidently_wrong``: cells filled wrongly with no warning naming them
    (the number that must be 0), whether or not the scan was refused.
    """

    right: int
    visible: int
    confidently_wrong: list[str]
    warned_wrong: int
    food_row_in_view: bool = True
    refused: bool = False


def judge(scan: Any, truth: PondTruth) -> Verdict:
    got = {cell: (p.number, p.side) for cell, p in scan.placements.items()}
    text = "\n".join([*scan.warnings, *scan.errors])
    food_in_view = truth.conditions.get("food_tags_in_view", 5) >= FOOD_TAGS_NEEDED
    refused = bool(scan.errors)
    counted = truth.visible if food_in_view else set()
    right = 0 if refused else sum(1 for cell in counted if got.get(cell) == truth.cells[cell])
    wrong: list[str] = []
    warned = 0
    for cell, value in sorted(got.items()):
        if truth.cells.get(cell) == value:
            continue
        if cell_name(cell) in text:
            warned += 1
        else:
            wrong.append(f"{cell_name(cell)}: read {value}, truth {truth.cells.get(cell)}")
    return Verdict(right, len(counted), wrong, warned, food_in_view, refused)


#: The sweep's conditions: name -> make_pond_scene keyword arguments.
CONDITIONS: dict[str, dict[str, Any]] = {
    "nominal": {},
    "tilt 30-35": {"tilt_deg": 32.0},
    "upside-down cards": {"upside_down": 2},
    "only row 0": {"rows_filled": (0,)},
    "rows 1-2 empty, upside down": {"rows_filled": (0,), "upside_down": 1},
    "neighbour's pond": {"neighbour": True},
    "sleeves and glare": {"sleeves": True, "glare": True},
    "warm light": {"warm": 0.15},
    "hand": {"hand": True},
    "empty cells": {"empty": 4},
    "barrel lens": {"lens_k1": -0.05},
    "someone leaning over": {"leaning": 0.5},
    "dim light (gain x4)": {"gain": 4.0},
    # Early in a game: our pond of 5 cards beside a neighbour's whole pond of 15.
    "a neighbour's fuller pond": {"neighbour": True, "neighbour_cards": 15, "empty": 10},
}

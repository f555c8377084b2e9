"""Synthetic Pondscape table photos with a known answer (test code, not shipped).

A scene is rendered on the table plane in millimetres: five food cards in the
food row and up to 15 pond cards above it, each with its QR tag stuck at the
bottom centre of the side facing up; then a camera (tilt 0-35 degrees, any
rotation about the lens axis) projects the plane into a frame, and the frame
is degraded: uneven light, glare spots, blur, noise and JPEG compression.

``make_scene(...)`` returns the frame (uint8 BGR) and a ``SceneAnswer`` with
the exact placement of every card, so tests assert exact results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
import segno

CARD_W, CARD_H = 63.0, 88.0  # mm, portrait
FOOD_NUMBERS = ("101", "102", "103", "104", "105")


@dataclass(frozen=True)
class SceneAnswer:
    """What the scene shows: ``pond[r][c]`` is (number, side) or None; row 0 is farthest."""

    pond: tuple[tuple[tuple[str, str] | None, ...], ...]
    food_numbers: tuple[str, ...]
    tag_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    homography: Any = None  # plane mm -> frame pixels

    def cells(self) -> dict[tuple[int, int], tuple[str, str]]:
        return {
            (r, c): v for r, row in enumerate(self.pond) for c, v in enumerate(row) if v is not None
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "pond": [
                [None if v is None else {"card": v[0], "side": v[1]} for v in row]
                for row in self.pond
            ],
            "food_numbers": list(self.food_numbers),
        }


def qr_matrix(payload: str) -> npt.NDArray[np.uint8]:
    q = segno.make_qr(payload, error="m", version=1, mode="alphanumeric", boost_error=False)
    return np.array(q.matrix, dtype=np.uint8)


def random_pond(
    rng: np.random.Generator, numbers: list[str], *, empty: int = 0
) -> tuple[tuple[tuple[str, str] | None, ...], ...]:
    """A random pond: 15 different cards, a third face down, ``empty`` cells left empty."""
    chosen = rng.choice(numbers, size=15, replace=False)
    empties = set(rng.choice(15, size=empty, replace=False).tolist()) if empty else set()
    cells = []
    for i in range(15):
        if i in empties:
            cells.append(None)
        else:
            cells.append((str(chosen[i]), "B" if rng.random() < 0.33 else "F"))
    return tuple(tuple(cells[r * 5 : r * 5 + 5]) for r in range(3))


def _draw_card(
    rng: np.random.Generator, s: float, payload: str, tag_mm: float, face_down: bool
) -> npt.NDArray[np.uint8]:
    """One card, upright, at ``s`` px/mm, with art and its tag at the bottom centre."""
    w, h = round(CARD_W * s), round(CARD_H * s)
    if face_down:
        base = np.array([150, 110, 40]) + rng.integers(-20, 20, 3)  # blue-ish water back
    else:
        base = np.array([60, 150, 90]) + rng.integers(-40, 40, 3)
    card = np.empty((h, w, 3), np.uint8)
    card[:] = np.clip(base, 0, 255).astype(np.uint8)
    # Card art: shapes and strokes, busy enough to fool a naive detector.
    for _ in range(12):
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cx, cy = int(rng.integers(0, w)), int(rng.integers(0, int(h * 0.6)))
        if rng.random() < 0.5:
            cv2.circle(card, (cx, cy), int(rng.integers(3, 14) * s), colour, -1, cv2.LINE_AA)
        else:
            cv2.line(
                card,
                (cx, cy),
                (int(rng.integers(0, w)), int(rng.integers(0, h))),
                colour,
                max(1, int(s)),
                cv2.LINE_AA,
            )
    cv2.rectangle(card, (0, 0), (w - 1, h - 1), (235, 235, 235), max(1, int(1.5 * s)))
    # The tag: symbol of tag_mm, white sticker with a 4-module quiet zone.
    m = qr_matrix(payload)
    n = m.shape[0]
    module = tag_mm / n
    sticker_mm = tag_mm + 8 * module
    side = round(sticker_mm * s)
    padded = np.pad(m, 4)
    tag = cv2.resize((1 - padded) * 255, (side, side), interpolation=cv2.INTER_AREA)
    cx, cy = w // 2, round(h - (4 + sticker_mm / 2) * s)
    y0, x0 = cy - side // 2, cx - side // 2
    card[y0 : y0 + side, x0 : x0 + side] = tag[:, :, None]
    return card


def camera_homography(
    rng: np.random.Generator,
    size: tuple[int, int],
    tilt_deg: float,
    rotation_deg: float,
    plane_centre: tuple[float, float],
    px_per_mm: float,
) -> npt.NDArray[np.float64]:
    """Plane (mm) -> image homography of a camera tilted ``tilt_deg`` from straight down."""
    w, h = size
    f = w / 2 / math.tan(math.radians(33))  # Camera Module 3: 66 degrees across
    dist = f / px_per_mm
    t = math.radians(tilt_deg)
    axis = rng.uniform(0, 2 * math.pi)
    # Rotate the plane about its own normal, then tilt it about an in-plane axis.
    rz = cv2.Rodrigues(np.array([0, 0, math.radians(rotation_deg)]))[0]
    rt = cv2.Rodrigues(np.array([math.cos(axis) * t, math.sin(axis) * t, 0]))[0]
    r = rt @ rz
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    tvec = np.array([0, 0, dist])
    hm = k @ np.column_stack([r[:, 0], r[:, 1], tvec])
    shift = np.array([[1, 0, -plane_centre[0]], [0, 1, -plane_centre[1]], [0, 0, 1]])
    out = hm @ shift
    return out / out[2, 2]


def make_scene(
    seed: int,
    *,
    size: tuple[int, int] = (4608, 2592),
    tilt_deg: float | None = None,
    rotation_deg: float | None = None,
    tag_mm: float = 16.0,
    degrade: bool = False,
    empty: int = 0,
    numbers: list[str] | None = None,
    pond: Any = None,
    show_food: bool = True,
    fill: float = 0.85,
) -> tuple[npt.NDArray[np.uint8], SceneAnswer]:
    """Render one table photo and its answer. Deterministic for a seed."""
    rng = np.random.default_rng(seed)
    if numbers is None:
        numbers = [f"{i:03d}" for i in range(1, 41)]
    if pond is None:
        pond = random_pond(rng, numbers, empty=empty)
    tilt = float(rng.uniform(0, 35)) if tilt_deg is None else tilt_deg
    rot = float(rng.uniform(-180, 180)) if rotation_deg is None else rotation_deg
    gap_x, gap_y = rng.uniform(2, 8), rng.uniform(2, 8)
    pitch_x, pitch_y = CARD_W + gap_x, CARD_H + gap_y
    margin = 40.0
    plane_w = 5 * pitch_x + 2 * margin
    plane_h = 4 * pitch_y + 2 * margin
    w, h = size
    # Scale so the whole layout fits the frame whatever the rotation.
    diag = math.hypot(plane_w - 2 * margin + 20, plane_h - 2 * margin + 20)
    px_per_mm = fill * min(w, h) / diag / (1 + 0.6 * math.sin(math.radians(tilt)))
    s = min(8.0, px_per_mm * 1.6 * (1 + math.sin(math.radians(tilt))))  # canvas px/mm
    table = np.array([90, 120, 150]) + rng.integers(-25, 25, 3)
    canvas = np.empty((round(plane_h * s), round(plane_w * s), 3), np.uint8)
    canvas[:] = table.astype(np.uint8)
    grain = cv2.resize(
        rng.integers(-18, 18, (40, 8)).astype(np.float32), (canvas.shape[1], canvas.shape[0])
    )
    for i in range(3):
        canvas[:, :, i] = cv2.convertScaleAbs(cv2.add(canvas[:, :, i], grain, dtype=cv2.CV_32F))

    tag_centres: dict[str, tuple[float, float]] = {}

    def place(payload: str, col: int, row: int, face_down: bool) -> None:
        card = _draw_card(rng, s, payload, tag_mm, face_down)
        cx = margin + (col + 0.5) * pitch_x + rng.uniform(-1.5, 1.5)
        cy = margin + (row + 0.5) * pitch_y + rng.uniform(-1.5, 1.5)
        ang = rng.uniform(-3, 3)
        ch, cw = card.shape[:2]
        m = cv2.getRotationMatrix2D((cw / 2, ch / 2), ang, 1.0)
        m[0, 2] += cx * s - cw / 2
        m[1, 2] += cy * s - ch / 2
        # Warp into the card's own region of the canvas only (much faster than the whole).
        half = int(math.hypot(cw, ch) / 2) + 2
        x0, y0 = max(0, int(cx * s) - half), max(0, int(cy * s) - half)
        x1 = min(canvas.shape[1], int(cx * s) + half)
        y1 = min(canvas.shape[0], int(cy * s) + half)
        roi_m = m.copy()
        roi_m[0, 2] -= x0
        roi_m[1, 2] -= y0
        roi = canvas[y0:y1, x0:x1]
        cv2.warpAffine(card, roi_m, (x1 - x0, y1 - y0), dst=roi, borderMode=cv2.BORDER_TRANSPARENT)
        module = tag_mm / 21
        ty = ch / 2 - (4 + (tag_mm + 8 * module) / 2) * s
        tx, tyy = m @ np.array([cw / 2, ch / 2 + ty, 1.0])
        tag_centres[payload] = (tx / s, tyy / s)

    for r in range(3):
        for c in range(5):
            v = pond[r][c]
            if v is not None:
                place(f"PS:{v[0]}:{v[1]}", c, r, v[1] == "B")
    if show_food:
        for c, number in enumerate(FOOD_NUMBERS):
            place(f"PS:{number}:F", c, 3, False)

    centre = (plane_w / 2, plane_h / 2)
    hm = camera_homography(rng, size, tilt, rot, centre, px_per_mm)
    scale_back = np.diag([1 / s, 1 / s, 1.0])
    frame = cv2.warpPerspective(
        canvas,
        hm @ scale_back,
        (w, h),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=tuple(int(v) for v in table),
    )
    if degrade:
        frame = _degrade(rng, frame)
    centres_px = {}
    for payload, (x, y) in tag_centres.items():
        p = hm @ np.array([x, y, 1.0])
        centres_px[payload] = (float(p[0] / p[2]), float(p[1] / p[2]))
    answer = SceneAnswer(pond, FOOD_NUMBERS if show_food else (), centres_px, hm)
    return frame, answer


def _degrade(rng: np.random.Generator, frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    h, w = frame.shape[:2]
    # Uneven light: a smooth gain from about 0.6 to 1.15 across the frame.
    gx, gy = rng.uniform(-1, 1, 2)
    yy, xx = np.mgrid[0:16, 0:16].astype(np.float32) / 15 - 0.5
    gain = 0.88 + 0.5 * (gx * xx + gy * yy) * 0.55
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    # Glare spots: soft bright blobs.
    spots = np.zeros((h // 8, w // 8), np.float32)
    for _ in range(int(rng.integers(1, 4))):
        cx, cy = rng.uniform(0, w // 8), rng.uniform(0, h // 8)
        rad = rng.uniform(0.02, 0.05) * w / 8
        cv2.circle(spots, (int(cx), int(cy)), int(rad), float(rng.uniform(50, 90)), -1)
    spots = cv2.GaussianBlur(spots, (0, 0), max(1.0, w / 8 * 0.02))
    glare = cv2.resize(spots, (w, h))
    sigma = rng.uniform(0.4, 1.0) * w / 4608
    noise_sigma = float(rng.uniform(3, 7))
    # Channel by channel in float32 with OpenCV (numpy clip on 36 M floats is slow).
    channels = []
    noise = np.empty((h, w), np.float32)
    cv2.setRNGSeed(int(rng.integers(2**31)))  # cv2.randn draws from OpenCV's own generator
    for ch in cv2.split(frame):
        f = cv2.multiply(ch, gain, dtype=cv2.CV_32F)
        f = cv2.add(f, glare)
        f = cv2.GaussianBlur(f, (0, 0), sigma)
        cv2.randn(noise, 0.0, noise_sigma)
        f = cv2.add(f, noise)
        channels.append(cv2.convertScaleAbs(f))  # saturates to 0..255
    img8 = cv2.merge(channels)
    q = int(rng.integers(60, 86))
    ok, buf = cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)

"""A drawing of the Pond map from its layout: each pond in its controller's colour.

Shown in the End Phase review when there is no camera picture, so a table that
types its board in still sees who holds what where. Returns a BGR uint8 frame
(the product's one pixel format) for ``FrameView.show_frame``.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.games.pond.control import pond_controller
from companion.games.pond.events import LILYPAD_FREE, Board
from companion.games.pond.layout import Layout
from ui import theme

WATER = (120, 90, 40)  # BGR
RIVER = (200, 160, 90)
TEXT = (245, 245, 245)


def _bgr(rgba: tuple[float, ...]) -> tuple[int, int, int]:
    r, g, b = rgba[:3]
    return int(b * 255), int(g * 255), int(r * 255)


def draw_map(layout: Layout, board: Board, size: int = 360) -> npt.NDArray[np.uint8]:
    """The map seen from above, ``size`` pixels on its longer side."""
    w_mm, h_mm = layout.size_mm
    scale = size / max(w_mm, h_mm)
    w, h = int(w_mm * scale), int(h_mm * scale)
    image = np.full((h, w, 3), (40, 60, 30), dtype=np.uint8)

    def px(p: tuple[float, float]) -> tuple[int, int]:
        return int(p[0] * scale), int(p[1] * scale)

    for a, b in layout.rivers:
        ca, cb = layout.ponds[a].centroid_mm, layout.ponds[b].centroid_mm
        cv2.line(image, px(ca), px(cb), RIVER, max(2, int(6 * scale)), cv2.LINE_AA)
    font = cv2.FONT_HERSHEY_SIMPLEX
    fs = max(0.5, 0.8 * size / 360)
    for pond_id, shape in layout.ponds.items():
        content = board.pond(pond_id)
        owner = pond_controller(content)
        poly = np.array([px(p) for p in shape.polygon_mm], dtype=np.int32)
        fill = _bgr(theme.FACTION[owner]) if owner else WATER
        cv2.fillPoly(image, [poly], fill, cv2.LINE_AA)
        cv2.polylines(image, [poly], True, (230, 230, 230), 1, cv2.LINE_AA)
        cx, cy = px(shape.centroid_mm)
        # Only the pond's id: the review's tiles beside the map give the counts.
        dark = (20, 20, 20) if owner in ("banana", "pumpkin") else TEXT
        (tw, th), _ = cv2.getTextSize(pond_id, font, fs, 2)
        cv2.putText(image, pond_id, (cx - tw // 2, cy + th // 2), font, fs, dark, 2, cv2.LINE_AA)
        if content.lilypad is not None:
            pad_colour = (
                (80, 200, 90)
                if content.lilypad == LILYPAD_FREE
                else _bgr(theme.FACTION.get(content.lilypad, theme.MUTED))
            )
            centre, r = (cx + tw // 2 + th, cy), max(3, th // 2)
            cv2.circle(image, centre, r, pad_colour, -1, cv2.LINE_AA)
            cv2.circle(image, centre, r, (245, 245, 245), 1, cv2.LINE_AA)  # seen on any pond
    return image


def map_for(state: Any, board: Board | None = None) -> npt.NDArray[np.uint8]:
    return draw_map(state.layout, board if board is not None else state.board)

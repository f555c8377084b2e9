"""The Pond layout editor: drag pond outline points and toggle rivers on a photo of the board.

Works in board millimetres (``pond-layout/1``): the photo is shown top-down
with the board filling it as ``ui.demo.board_to_frame`` maps it (a photo with
the four corner markers found is warped to that first, see
``rectify_board``). Drag a corner point of an outline to move it; tap the dot
in the middle of a possible river to switch it on or off. ``document()`` is the
edited layout as JSON; ``companion.games.pond.layout.load_layout`` checks it
before it is saved.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.properties import DictProperty, NumericProperty, ObjectProperty

from ui.widgets.frame_view import FrameView

GRAB_PX = 26  # how near a finger must land to a point (about 4 mm on the 7-inch display)
NEAREST = 3  # river candidates: each pond with its nearest neighbours


class LayoutEditor(FrameView):
    layout_json = DictProperty({})
    dragging = ObjectProperty(None, allownone=True)  # (pond id, point index)
    edits = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, layout_json=self.redraw, texture=self.redraw)

    # --- data
    def load(self, layout_json: dict[str, Any]) -> None:
        self.layout_json = copy.deepcopy(layout_json)
        self.edits = 0

    def document(self) -> dict[str, Any]:
        return copy.deepcopy(dict(self.layout_json))

    @property
    def size_mm(self) -> tuple[float, float]:
        w, h = self.layout_json.get("size_mm", (1, 1))
        return float(w), float(h)

    def centroid(self, pond_id: str) -> tuple[float, float]:
        pts = self.layout_json["ponds"][pond_id]["polygon_mm"]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)

    def river_candidates(self) -> list[tuple[str, str]]:
        """Existing rivers plus each pond's nearest neighbours, each pair once, sorted."""
        ponds = list(self.layout_json.get("ponds", {}))
        pairs = {tuple(sorted(r)) for r in self.layout_json.get("rivers", [])}
        for a in ponds:
            ax, ay = self.centroid(a)
            others = sorted((math.dist((ax, ay), self.centroid(b)), b) for b in ponds if b != a)
            for _d, b in others[:NEAREST]:
                pairs.add(tuple(sorted((a, b))))
        return sorted(pairs)

    def has_river(self, a: str, b: str) -> bool:
        return any(sorted(r) == sorted((a, b)) for r in self.layout_json.get("rivers", []))

    def toggle_river(self, a: str, b: str) -> bool:
        """Switch the river between ponds ``a`` and ``b``; True if it is there now."""
        rivers = [list(r) for r in self.layout_json.get("rivers", [])]
        kept = [r for r in rivers if sorted(r) != sorted((a, b))]
        now_on = len(kept) == len(rivers)
        if now_on:
            kept.append([a, b])
        data = dict(self.layout_json)
        data["rivers"] = kept
        self.layout_json = data
        self.edits += 1
        return now_on

    def move_point(self, pond_id: str, index: int, x_mm: float, y_mm: float) -> None:
        w, h = self.size_mm
        data = copy.deepcopy(dict(self.layout_json))
        data["ponds"][pond_id]["polygon_mm"][index] = [
            round(min(max(x_mm, 0.0), w), 1),
            round(min(max(y_mm, 0.0), h), 1),
        ]
        self.layout_json = data
        self.edits += 1

    # --- geometry: board mm <-> window
    def _frame_mapping(self) -> tuple[float, float, float]:
        fh, fw = self.frame_shape or (720, 1280)
        w, h = self.size_mm
        scale = min(fw / w, fh / h) * 0.96
        return scale, (fw - w * scale) / 2, (fh - h * scale) / 2

    def mm_to_window(self, x: float, y: float) -> tuple[float, float]:
        scale, ox, oy = self._frame_mapping()
        if self.frame_shape is None:
            self.frame_shape = (720, 1280)
        return self.to_widget_xy(ox + x * scale, oy + y * scale)

    def window_to_mm(self, wx: float, wy: float) -> tuple[float, float] | None:
        at = self.to_frame_xy(wx, wy)
        if at is None:
            return None
        scale, ox, oy = self._frame_mapping()
        return (at[0] - ox) / scale, (at[1] - oy) / scale

    # --- touch
    def nearest_point(self, wx: float, wy: float) -> tuple[float, tuple[str, int]] | None:
        """(distance, (pond id, point index)) of the outline point within reach, if any."""
        best: tuple[float, tuple[str, int]] | None = None
        for pond_id, pond in self.layout_json.get("ponds", {}).items():
            for i, (x, y) in enumerate(pond["polygon_mm"]):
                d = math.dist((wx, wy), self.mm_to_window(x, y))
                if d <= GRAB_PX and (best is None or d < best[0]):
                    best = (d, (pond_id, i))
        return best

    def nearest_river(self, wx: float, wy: float) -> tuple[float, tuple[str, str]] | None:
        """(distance, (pond, pond)) of the river dot within reach, if any."""
        best: tuple[float, tuple[str, str]] | None = None
        for a, b in self.river_candidates():
            d = math.dist((wx, wy), self.river_dot(a, b))
            if d <= GRAB_PX and (best is None or d < best[0]):
                best = (d, (a, b))
        return best

    def river_dot(self, a: str, b: str) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.centroid(a), self.centroid(b)
        return self.mm_to_window((ax + bx) / 2, (ay + by) / 2)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or not self.layout_json:
            return bool(super().on_touch_down(touch))
        point = self.nearest_point(*touch.pos)
        river = self.nearest_river(*touch.pos)
        if river is not None and (point is None or river[0] < point[0]):
            self.toggle_river(*river[1])
            return True
        if point is not None:
            self.dragging = point[1]
            touch.grab(self)
            return True
        return bool(super().on_touch_down(touch))

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self and self.dragging is not None:
            at = self.window_to_mm(*touch.pos)
            if at is not None:
                self.move_point(self.dragging[0], self.dragging[1], *at)
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.dragging = None
            return True
        return bool(super().on_touch_up(touch))

    # --- drawing
    def redraw(self, *_: Any) -> None:
        self.canvas.after.clear()
        if not self.layout_json or self.texture is None:
            return
        with self.canvas.after:
            for a, b in self.river_candidates():
                on = self.has_river(a, b)
                (ax, ay), (bx, by) = (self.mm_to_window(*self.centroid(p)) for p in (a, b))
                Color(0.35, 0.75, 1.0, 0.95 if on else 0.3)
                Line(points=[ax, ay, bx, by], width=3 if on else 1, dash_length=0 if on else 6)
                mx, my = self.river_dot(a, b)
                Color(0.35, 0.75, 1.0, 1) if on else Color(0.8, 0.8, 0.8, 0.7)
                Ellipse(pos=(mx - 9, my - 9), size=(18, 18))
            for pond in self.layout_json.get("ponds", {}).values():
                pts = [c for x, y in pond["polygon_mm"] for c in self.mm_to_window(x, y)]
                Color(1.0, 0.82, 0.2, 1) if pond.get("fountain") else Color(1, 1, 1, 0.95)
                Line(points=pts, close=True, width=2)
                for i in range(0, len(pts), 2):
                    Ellipse(pos=(pts[i] - 7, pts[i + 1] - 7), size=(14, 14))


RECTIFIED_SIZE = (1280, 720)


def rectify_board(frame: Any, layout_json: dict[str, Any]) -> Any:
    """The board seen from straight above, filling a 1280x720 picture as the editor maps it.

    Uses the four corner markers (``vision.markers``); raises ``ValueError`` naming the
    markers not seen, so the caller can show the photo as taken and say why.
    """
    import cv2
    import numpy as np

    from vision.markers import board_homography, detect_markers

    markers = layout_json["markers"]
    centres = {int(k): (float(v[0]), float(v[1])) for k, v in markers["centres_mm"].items()}
    pose = board_homography(detect_markers(frame), centres, float(markers["size_mm"]))
    w_mm, h_mm = (float(v) for v in layout_json["size_mm"])
    out_w, out_h = RECTIFIED_SIZE
    scale = min(out_w / w_mm, out_h / h_mm) * 0.96  # the editor's mapping (ui.demo.board_to_frame)
    mm_to_out = np.array(
        [[scale, 0, (out_w - w_mm * scale) / 2], [0, scale, (out_h - h_mm * scale) / 2], [0, 0, 1]]
    )
    return cv2.warpPerspective(frame, mm_to_out @ pose.image_to_mm, RECTIFIED_SIZE)

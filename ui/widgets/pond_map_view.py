"""The Pond map drawn from its layout, each pond in the colour of the faction controlling it.

``PondMapView(layout=..., board=...)`` draws the rivers, every pond's outline filled with its
controller's faction colour (water when no one controls it) and, on a controlled pond, the
faction's shape (``ui.widgets.marks``) so colour is never the only sign. A lilypad is a small
ring: filled in the faction's colour when a frog sits on it. With ``interactive`` it is a
touch target: a tap anywhere on the map picks the nearest pond and fires
``on_pond(pond_id)`` (the End Phase opens that pond's correction). The tracker shows a small,
read-only one. Kivy canvas only: nothing is drawn from the box's art.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Mesh
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.games.pond.control import lilypad_controller, pond_controller
from ui import theme
from ui.widgets.marks import shape_points

WATER = theme.hex_rgba("#2C5C7A")
RIVER = theme.hex_rgba("#5E8FB0")
OUTLINE = theme.MUTED


def _triangulate(points: list[tuple[float, float]]) -> tuple[list[float], list[int]]:
    """A fan from the centroid: pond outlines are star-shaped around it."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    vertices = [cx, cy, 0.0, 0.0]
    for x, y in points:
        vertices += [x, y, 0.0, 0.0]
    n = len(points)
    indices: list[int] = []
    for i in range(n):
        indices += [0, 1 + i, 1 + (i + 1) % n]
    return vertices, indices


class PondMapView(Widget):
    layout = ObjectProperty(None, allownone=True)
    board = ObjectProperty(None, allownone=True)
    selected = StringProperty("")
    interactive = BooleanProperty(False)

    __events__ = ("on_pond",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(
            pos=self.redraw,
            size=self.redraw,
            layout=self.redraw,
            board=self.redraw,
            selected=self.redraw,
        )

    @property
    def touchable(self) -> bool:  # the layout check's touch targets
        return bool(self.interactive)

    # --- geometry: layout mm (y down) to widget pixels (y up), keeping the aspect
    def _transform(self) -> tuple[float, float, float, float]:
        w_mm, h_mm = self.layout.size_mm
        scale = min(self.width / w_mm, self.height / h_mm) if w_mm and h_mm else 1.0
        ox = self.x + (self.width - w_mm * scale) / 2
        oy = self.y + (self.height - h_mm * scale) / 2
        return scale, ox, oy, h_mm

    def to_px(self, p: tuple[float, float]) -> tuple[float, float]:
        scale, ox, oy, h_mm = self._transform()
        return ox + p[0] * scale, oy + (h_mm - p[1]) * scale

    def centre_of(self, pond_id: str) -> tuple[float, float]:
        """Where a pond's middle is drawn, in this widget's parent's coordinates."""
        return self.to_px(self.layout.ponds[pond_id].centroid_mm)

    def pond_at(self, x: float, y: float) -> str | None:
        """The pond under (x, y), else the nearest one: the whole map is the touch target,
        so even a small pond gets more than the 9 mm a finger needs."""
        if self.layout is None or not self.collide_point(x, y):
            return None
        best, best_d = None, math.inf
        for pond_id in self.layout.ponds:
            cx, cy = self.centre_of(pond_id)
            d = math.hypot(cx - x, cy - y)
            if d < best_d:
                best, best_d = pond_id, d
        return best

    # --- drawing
    def redraw(self, *_: Any) -> None:
        self.canvas.clear()
        if self.layout is None or self.width <= 1 or self.height <= 1:
            return
        scale = self._transform()[0]
        with self.canvas:
            Color(*RIVER)
            for a, b in self.layout.rivers:
                pa = self.to_px(self.layout.ponds[a].centroid_mm)
                pb = self.to_px(self.layout.ponds[b].centroid_mm)
                Line(points=[*pa, *pb], width=max(1.5, 4 * scale))
            for pond_id, shape in self.layout.ponds.items():
                content = self.board.pond(pond_id) if self.board is not None else None
                owner = pond_controller(content) if content is not None else None
                points = [self.to_px(p) for p in shape.polygon_mm]
                vertices, indices = _triangulate(points)
                Color(*(theme.FACTION[owner] if owner else WATER))
                Mesh(vertices=vertices, indices=indices, mode="triangles")
                Color(*(theme.FOCUS if pond_id == self.selected else OUTLINE))
                flat = [c for p in points for c in p]
                Line(points=flat, close=True, width=2.5 if pond_id == self.selected else 1.0)
                cx, cy = self.to_px(shape.centroid_mm)
                r = max(4.0, min(self.width, self.height) * 0.035)
                if owner:
                    Color(*theme.INK)
                    mark = shape_points(theme.FACTION_SHAPE[owner], cx, cy, r)
                    v2, i2 = _triangulate(mark)
                    Mesh(vertices=v2, indices=i2, mode="triangles")
                if content is not None and content.lilypad is not None:
                    holder = lilypad_controller(content)
                    px, py = cx + r * 2.2, cy
                    Color(*(theme.FACTION[holder] if holder else theme.DONE))
                    Ellipse(pos=(px - r * 0.8, py - r * 0.8), size=(r * 1.6, r * 1.6))
                    Color(*theme.INK)
                    Line(circle=(px, py, r * 0.8), width=1.2)

    # --- touch
    def on_touch_down(self, touch: Any) -> bool:
        if not self.interactive or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        pond_id = self.pond_at(*touch.pos)
        if pond_id is not None:
            self.dispatch("on_pond", pond_id)
            return True
        return False

    def on_pond(self, pond_id: str) -> None:
        pass

"""Drawn marks of the visual language: a faction's shape and letter, a game's emblem.

Both are Kivy canvas drawings made for this app (no art from the boxes). A faction colour
never appears alone: ``FactionMark`` draws it as its shape (wizard a pointed hat, pumpkin a
circle, banana a diamond, cowboy a square) with the faction's letter on it, so players who
cannot tell orange from red still can tell pumpkin from cowboy. ``GameEmblem`` draws each
game's small sign in its accent colour.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme


def _polygon(points: list[tuple[float, float]]) -> Mesh:
    """A filled convex polygon (a triangle fan)."""
    vertices: list[float] = []
    for x, y in points:
        vertices += [x, y, 0, 0]
    return Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a faction shape of radius ``r`` around (cx, cy)."""
    if shape == "triangle":
        return [(cx - r, cy - r * 0.8), (cx + r, cy - r * 0.8), (cx, cy + r)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    return [
        (cx + r * math.cos(a * math.pi / 12), cy + r * math.sin(a * math.pi / 12))
        for a in range(24)
    ]


class FactionMark(Label):
    """A faction's colour as its shape with its letter (INK on the colour).

    Size it square (``size_hint: None, None``; ``size: app.touch * 0.6, app.touch * 0.6``).
    An empty ``faction`` draws nothing.
    """

    faction = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, faction=self._draw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        self.canvas.before.clear()
        self.text = theme.FACTION_LETTER.get(self.faction, "")
        if not self.faction:
            return
        colour = theme.FACTION.get(self.faction, theme.MUTED)
        r = min(self.width, self.height) / 2
        with self.canvas.before:
            Color(*colour)
            cx, cy = self.center
            _polygon(shape_points(theme.FACTION_SHAPE.get(self.faction, ""), cx, cy, r))


class GameEmblem(Widget):
    """A game's small sign, drawn in its accent colour inside a square.

    pond: a lilypad with its notch; pondscape: a tableau of cards; ponder: three pads in a
    row with a frog on the first; bog: a 3x3 of pads with a fly; croak: a speech bubble.
    """

    game = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, game=self._draw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        s = min(self.width, self.height)
        if s <= 0 or not self.game:
            return
        x0 = self.center_x - s / 2
        y0 = self.center_y - s / 2
        accent = theme.game_accent(self.game)
        dark = theme.over((*accent[:3], 0.45), theme.BG)
        draw = _EMBLEMS.get(self.game, _draw_default)
        with self.canvas:
            draw(x0, y0, s, accent, dark)


def _draw_pond(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    Color(*accent)
    Ellipse(
        pos=(x + s * 0.05, y + s * 0.05), size=(s * 0.9, s * 0.9), angle_start=35, angle_end=325
    )
    Color(*dark)
    Line(points=[x + s * 0.5, y + s * 0.5, x + s * 0.2, y + s * 0.25], width=max(1.0, s * 0.03))
    Line(points=[x + s * 0.5, y + s * 0.5, x + s * 0.5, y + s * 0.1], width=max(1.0, s * 0.03))
    Line(points=[x + s * 0.5, y + s * 0.5, x + s * 0.15, y + s * 0.6], width=max(1.0, s * 0.03))


def _draw_pondscape(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    cell = s / 3
    for row in range(3):
        for col in range(3):
            Color(*(accent if (row + col) % 2 == 0 else dark))
            RoundedRectangle(
                pos=(x + col * cell + cell * 0.08, y + row * cell + cell * 0.08),
                size=(cell * 0.84, cell * 0.84),
                radius=[cell * 0.15],
            )


def _draw_ponder(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    r = s * 0.15
    for i in range(3):
        cx = x + s * (0.18 + 0.32 * i)
        cy = y + s * (0.3 + 0.2 * i)
        Color(*accent)
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
    Color(*theme.INK)
    Ellipse(pos=(x + s * 0.18 - r * 0.45, y + s * 0.3 - r * 0.45), size=(r * 0.9, r * 0.9))


def _draw_bog(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    cell = s / 3
    for row in range(3):
        for col in range(3):
            Color(*dark)
            Ellipse(
                pos=(x + col * cell + cell * 0.1, y + row * cell + cell * 0.1),
                size=(cell * 0.8, cell * 0.8),
            )
    Color(*accent)  # the fly on the middle pad: two wings and a body
    cx, cy = x + s / 2, y + s / 2
    Ellipse(pos=(cx - cell * 0.55, cy - cell * 0.05), size=(cell * 0.5, cell * 0.3))
    Ellipse(pos=(cx + cell * 0.05, cy - cell * 0.05), size=(cell * 0.5, cell * 0.3))
    Ellipse(pos=(cx - cell * 0.12, cy - cell * 0.3), size=(cell * 0.24, cell * 0.5))


def _draw_croak(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    Color(*accent)
    RoundedRectangle(pos=(x, y + s * 0.25), size=(s, s * 0.7), radius=[s * 0.2])
    _polygon([(x + s * 0.2, y + s * 0.3), (x + s * 0.45, y + s * 0.3), (x + s * 0.12, y)])
    Color(*theme.INK)
    for i in range(3):
        Ellipse(pos=(x + s * (0.2 + 0.25 * i), y + s * 0.52), size=(s * 0.12, s * 0.12))


def _draw_default(x: float, y: float, s: float, accent: Any, dark: Any) -> None:
    Color(*accent)
    Rectangle(pos=(x + s * 0.2, y + s * 0.2), size=(s * 0.6, s * 0.6))


_EMBLEMS = {
    "pond": _draw_pond,
    "pondscape": _draw_pondscape,
    "ponder": _draw_ponder,
    "bog": _draw_bog,
    "croak": _draw_croak,
}

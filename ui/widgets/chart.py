"""A simple line or bar chart drawn with Kivy graphics (per-game history, VP over turns).

``series`` is a list of ``(label, [values...], rgba)``; ``kind`` is "line" or
"bar". Bars group one bar per series at each x. No axes library: a baseline,
the max value written at the top, and a legend row.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme


class Chart(Widget):
    series = ListProperty([])
    kind = OptionProperty("line", options=["line", "bar"])
    title = StringProperty("")
    font_size = NumericProperty(18)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._labels: list[Label] = []
        # The title too: bound to everything it shows, it never lags a game behind its data.
        self.bind(
            pos=self.redraw,
            size=self.redraw,
            series=self.redraw,
            kind=self.redraw,
            title=self.redraw,
            font_size=self.redraw,
        )

    def value_range(self) -> tuple[float, float]:
        values = [v for _l, vals, _c in self.series for v in vals]
        if not values:
            return 0.0, 1.0
        lo, hi = min(0.0, min(values)), max(values)
        return lo, hi if hi > lo else lo + 1.0

    def point(self, i: int, n: int, v: float) -> tuple[float, float]:
        """Where value ``v`` at index ``i`` of ``n`` is drawn (plot area inside the margins)."""
        left, bottom, w, h = self._plot_box()
        lo, hi = self.value_range()
        x = left + (w * i / (n - 1) if n > 1 else w / 2)
        y = bottom + (v - lo) / (hi - lo) * h
        return x, y

    def _plot_box(self) -> tuple[float, float, float, float]:
        margin = self.font_size * 1.6
        return (
            self.x + margin * 1.8,
            self.y + margin * 1.4,
            max(1.0, self.width - margin * 2.4),
            max(1.0, self.height - margin * 2.8),
        )

    def redraw(self, *_: Any) -> None:
        for label in self._labels:
            self.remove_widget(label)
        self._labels = []
        self.canvas.clear()
        left, bottom, w, h = self._plot_box()
        lo, hi = self.value_range()
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[left, bottom, left + w, bottom], width=1.2)
            Line(points=[left, bottom, left, bottom + h], width=1.2)
            n = max((len(vals) for _l, vals, _c in self.series), default=0)
            for s, (_label, vals, rgba) in enumerate(self.series):
                Color(*rgba)
                if self.kind == "line" and len(vals) >= 1:
                    pts: list[float] = []
                    for i, v in enumerate(vals):
                        pts.extend(self.point(i, n, v))
                    if len(vals) > 1:
                        Line(points=pts, width=2.2)
                    for i in range(0, len(pts), 2):
                        Rectangle(pos=(pts[i] - 4, pts[i + 1] - 4), size=(8, 8))
                elif self.kind == "bar":
                    groups = max(1, n)
                    group_w = w / groups
                    bar_w = group_w * 0.8 / max(1, len(self.series))
                    for i, v in enumerate(vals):
                        x = left + i * group_w + group_w * 0.1 + s * bar_w
                        y0 = bottom + (0 - lo) / (hi - lo) * h
                        y1 = bottom + (v - lo) / (hi - lo) * h
                        Rectangle(pos=(x, min(y0, y1)), size=(bar_w * 0.9, abs(y1 - y0)))
        self._label(f"{hi:g}", left - self.font_size * 2.6, bottom + h - self.font_size / 2)
        self._label(f"{lo:g}", left - self.font_size * 2.6, bottom - self.font_size / 2)
        if self.title:
            self._label(self.title, left, bottom + h + self.font_size * 0.3, bold=True)
        x = left
        for label_text, _vals, rgba in self.series:
            lab = self._label(label_text, x, self.y + 2, colour=rgba)
            x += max(lab.texture_size[0], 40) + self.font_size
        return None

    def _label(
        self, text: str, x: float, y: float, colour: Any = None, bold: bool = False
    ) -> Label:
        lab = Label(text=text, font_size=self.font_size, bold=bold, color=colour or theme.TEXT)
        lab.texture_update()
        lab.size = lab.texture_size
        lab.pos = (x, y)
        self.add_widget(lab)
        self._labels.append(lab)
        return lab

"""A simple line or bar chart drawn with Kivy graphics (per-game history, VP over turns).

``series`` is a list of ``(label, [values...], rgba)``; ``kind`` is "line" or
"bar". Bars group one bar per series at each x. No axes library: a baseline,
the max value written at the top, and a legend row.

Bars (History): each bar has its value written on top, each group its ``x_labels`` entry
under it (the game and its date). Only as many groups as leave room for every value are
drawn, the latest ones (``shown`` says how many; the title then says "last N of M").
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme

#: A faction's mark in the legend is this many fonts tall (its letter fits in its shape).
MARK_FONTS = 1.8


class Chart(Widget):
    series = ListProperty([])
    kind = OptionProperty("line", options=["line", "bar"])
    title = StringProperty("")
    font_size = NumericProperty(18)
    x_labels = ListProperty([])  # bars: one label per group ("#3\n30 Nov")
    shown = NumericProperty(0)  # bars: how many groups (the latest) are drawn
    factions = ListProperty([])  # per series: its faction ("" for none), marked in the legend

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
            x_labels=self.redraw,
            factions=self.redraw,
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
        if self.kind == "bar":
            self._redraw_bars()
            return
        left, bottom, w, h = self._plot_box()
        lo, hi = self.value_range()
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[left, bottom, left + w, bottom], width=1.2)
            Line(points=[left, bottom, left, bottom + h], width=1.2)
            n = max((len(vals) for _l, vals, _c in self.series), default=0)
            for _label, vals, rgba in self.series:
                Color(*rgba)
                if self.kind == "line" and len(vals) >= 1:
                    pts: list[float] = []
                    for i, v in enumerate(vals):
                        pts.extend(self.point(i, n, v))
                    if len(vals) > 1:
                        Line(points=pts, width=2.2)
                    for i in range(0, len(pts), 2):
                        Rectangle(pos=(pts[i] - 4, pts[i + 1] - 4), size=(8, 8))
        self._label(f"{hi:g}", left - self.font_size * 2.6, bottom + h - self.font_size / 2)
        self._label(f"{lo:g}", left - self.font_size * 2.6, bottom - self.font_size / 2)
        if self.title:
            self._label(self.title, left, bottom + h + self.font_size * 0.3, bold=True)
        self._legend(left)

    def _legend(self, x: float) -> None:
        """The series' names in their colours; a faction's mark before a faction's colour
        (``factions``), so the colour is never alone."""
        from ui.widgets.marks import FactionMark

        line_h = self._text_size("Ag")[1]
        row_h = self._legend_height() - 4
        for i, (label_text, _vals, rgba) in enumerate(self.series):
            faction = self.factions[i] if i < len(self.factions) else ""
            if faction:
                side = self.font_size * MARK_FONTS
                mark = FactionMark(faction=faction, size_hint=(None, None))
                mark.font_size = self.font_size
                mark.size = (side, side)
                mark.pos = (x, self.y + 2 + (row_h - side) / 2)
                self.add_widget(mark)
                self._labels.append(mark)
                x += side + self.font_size * 0.3
            lab = self._label(label_text, x, self.y + 2 + (row_h - line_h) / 2, colour=rgba)
            x += max(lab.texture_size[0], 40) + self.font_size

    def _legend_height(self) -> float:
        line_h = self._text_size("Ag")[1]
        marked = any(self.factions[: len(self.series)])
        return max(line_h, self.font_size * MARK_FONTS if marked else 0.0) + 4

    def _text_size(self, text: str, bold: bool = False) -> tuple[float, float]:
        lab = Label(text=text, font_size=self.font_size, bold=bold)
        lab.texture_update()
        return float(lab.texture_size[0]), float(lab.texture_size[1])

    def bar_groups(self, width: float | None = None) -> int:
        """How many groups fit ``width`` (default: the plot's) with every value and label
        readable: one value's width per bar, a label's width per group."""
        n = max((len(vals) for _l, vals, _c in self.series), default=0)
        if n == 0:
            return 0
        values = [f"{v:g}" for _l, vals, _c in self.series for v in vals]
        value_w = max(self._text_size(v, bold=True)[0] for v in values) + self.font_size * 0.3
        label_w = max((self._text_size(t)[0] for t in self.x_labels), default=0.0)
        group_w = max(value_w * len(self.series) / 0.9, label_w + self.font_size)
        if width is None:
            width = self.width - self.font_size * 1.2
        return max(1, min(n, int(width // group_w)))

    def _redraw_bars(self) -> None:
        """Bars with their values on top and the groups' labels under them."""
        f = self.font_size
        line_h = self._text_size("Ag")[1]
        lines = max((t.count("\n") + 1 for t in self.x_labels), default=0)
        legend_h = self._legend_height()
        labels_h = lines * line_h + (f * 0.3 if lines else 0)
        title_h = line_h + f * 0.3 if self.title else 0
        left = self.x + f * 0.6
        w = max(1.0, self.width - f * 1.2)
        bottom = self.y + legend_h + labels_h
        top = self.top - title_h - line_h  # room for the values over the highest bar
        h = max(1.0, top - bottom)
        n = max((len(vals) for _l, vals, _c in self.series), default=0)
        k = self.bar_groups(w)
        self.shown = k
        first = n - k
        values = [v for _l, vals, _c in self.series for v in vals[first:]]
        hi = max([1, *values])
        group_w = w / max(1, k)
        bar_w = group_w * 0.9 / max(1, len(self.series))
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[left, bottom, left + w, bottom], width=1.2)
        for s, (_label, vals, rgba) in enumerate(self.series):
            for i, v in enumerate(vals[first:]):
                x = left + i * group_w + group_w * 0.05 + s * bar_w
                bar_h = max(0.0, v) / hi * h
                with self.canvas:
                    Color(*rgba)
                    Rectangle(pos=(x, bottom), size=(bar_w * 0.92, bar_h))
                text = f"{v:g}"
                tw = self._text_size(text, bold=True)[0]
                self._label(text, x + bar_w * 0.46 - tw / 2, bottom + bar_h + 1, bold=True)
        for i, text in enumerate(self.x_labels[first : first + k]):
            tw, th = self._text_size(text)
            x = left + i * group_w + (group_w - tw) / 2
            self._label(text, x, bottom - th - f * 0.15, colour=theme.MUTED, halign="center")
        if self.title:
            title = self.title if k == n else f"{self.title}, last {k} of {n} games"
            self._label(title, left, self.top - title_h + f * 0.1, bold=True)
        self._legend(left)

    def _label(
        self,
        text: str,
        x: float,
        y: float,
        colour: Any = None,
        bold: bool = False,
        halign: str = "left",
    ) -> Label:
        lab = Label(
            text=text,
            font_size=self.font_size,
            bold=bold,
            color=colour or theme.TEXT,
            halign=halign,
        )
        lab.texture_update()
        lab.size = lab.texture_size
        lab.pos = (x, y)
        self.add_widget(lab)
        self._labels.append(lab)
        return lab

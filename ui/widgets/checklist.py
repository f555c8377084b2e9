"""The setup checklist: one row per rulebook step, the next step marked and kept in view.

A row shows its tick box (an arrow on the next step to do), the step's text, the numbers the
step depends on shown large beside it, and for some steps a small drawing of the table
(``ui.widgets.setup_drawings``). A value that would wrap in the column beside the text goes
under the text instead, across its width (one the step's text already says in full is not
repeated), so the column of values never breaks a value over lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

#: The widest the column of values beside a step's text may be, as a part of the row.
SIDE_MAX = 0.36


def value_lines(values: Any) -> list[str]:
    """The numbers a step depends on, one line each ("vp supply: 112")."""
    lines = []
    for key, value in dict(values or {}).items():
        label = str(key).replace("_", " ")
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        lines.append(f"{label}: {value}")
    return lines


def format_values(values: Any) -> str:
    """All the values as the big text beside a step, one per line."""
    return "\n".join(value_lines(values))


class CheckRow(ButtonBehavior, BoxLayout):
    """One setup step: a tick box, its text, its count-dependent numbers shown large (beside
    the text when they fit there on one line each, else under it), and an optional drawing."""

    text = StringProperty("")
    values_text = StringProperty("")  # every value, one per line
    side_text = StringProperty("")  # the values shown beside the text
    side_width = NumericProperty(0)
    below_text = StringProperty("")  # values too wide to sit beside the text
    done = BooleanProperty(False)
    current = BooleanProperty(False)
    index = NumericProperty(0)
    min_state_time = NumericProperty(0)
    drawing = ObjectProperty(None, allownone=True)

    def __init__(self, values: Any = None, **kwargs: Any) -> None:
        self._values = value_lines(values)
        kwargs.setdefault("values_text", "\n".join(self._values))
        super().__init__(**kwargs)
        self._fit = Clock.create_trigger(self.fit_values, -1)
        # A new size of the window changes the row's width and the font together (no binding
        # to the app: rows come and go, the app stays).
        self.bind(width=self._fit)
        self.ids.val.bind(font_size=self._fit)
        self.fit_values()

    def on_drawing(self, _inst: Any, drawing: Any) -> None:
        box = self.ids.body
        for child in list(box.children):
            if getattr(child, "is_setup_drawing", False):
                box.remove_widget(child)
        if drawing is not None:
            box.add_widget(drawing)

    def fit_values(self, *_: Any) -> None:
        """Each value beside the text if it fits there on one line, else under the text
        (where the step's text already says it whole, it is not said twice)."""
        label = self.ids.val
        room = max(0.0, self.width * SIDE_MAX)
        said = self.text.lower()
        side: list[str] = []
        below: list[str] = []
        widths: list[float] = []
        for line in self._values:
            width = _line_width(line, label)
            if width <= room:
                side.append(line)
                widths.append(width)
            elif line.split(": ", 1)[-1].lower() not in said:
                below.append(line)
        self.side_text = "\n".join(side)
        self.side_width = max(widths) + 2 if widths else 0
        self.below_text = "\n".join(below)


def _line_width(text: str, label: Any) -> float:
    core = CoreLabel(text=text, font_size=label.font_size, bold=label.bold)
    core.refresh()
    return float(core.texture.width) if core.texture is not None else 0.0


class Checklist(BoxLayout):
    """The rulebook's setup steps for the chosen count, ticked by touch or by `next`.

    ``steps`` is a list of ``companion.games.base.SetupStep``; ``done_count`` is how many are
    ticked. Touching a row toggles it; ``tick_next`` ticks the first open step (the `next`
    button) and ``untick_last`` unticks the last ticked one (the `undo` button). The first
    open step is ``current`` (marked) and is scrolled into view whenever the rows are laid
    out again, so the mark stays in sight. ``drawing_for(step)`` may give a row its drawing.
    """

    steps = ListProperty([])
    done_count = NumericProperty(0)
    complete = BooleanProperty(False)
    rows = ListProperty([])
    scroll = ObjectProperty(None, allownone=True)
    drawing_for: Callable[[Any], Any] | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._follow = Clock.create_trigger(self._scroll_to_current, -1)
        self.bind(height=self._follow)

    def on_scroll(self, _inst: Any, scroll: Any) -> None:
        if scroll is not None:
            scroll.bind(height=self._follow, width=self._follow)

    def on_steps(self, _inst: Any, steps: Sequence[Any]) -> None:
        self.clear_widgets()
        self.rows = []
        if self.scroll is not None:
            self.scroll.scroll_y = 1  # a new list starts at its top, not where the last one was
        for i, step in enumerate(steps):
            row = CheckRow(text=step.text, values=step.values, index=i)
            if self.drawing_for is not None:
                row.drawing = self.drawing_for(step)
            row.bind(on_release=self._toggle, y=self._follow, height=self._follow)
            self.add_widget(row)
            self.rows.append(row)
        self._refresh()

    def _toggle(self, row: CheckRow) -> None:
        row.done = not row.done
        self._refresh()

    def tick_next(self) -> bool:
        for row in self.rows:
            if not row.done:
                row.done = True
                self._refresh()
                return True
        return False

    def untick_last(self) -> bool:
        for row in reversed(self.rows):
            if row.done:
                row.done = False
                self._refresh()
                return True
        return False

    def ticked(self) -> list[bool]:
        return [row.done for row in self.rows]

    @property
    def current_row(self) -> CheckRow | None:
        return next((r for r in self.rows if not r.done), None)

    def _refresh(self) -> None:
        self.done_count = sum(1 for r in self.rows if r.done)
        self.complete = bool(self.rows) and self.done_count == len(self.rows)
        first_open = self.current_row
        for row in self.rows:
            row.current = row is first_open
        self._follow()

    def _scroll_to_current(self, *_: Any) -> None:
        """Bring the marked row wholly into view. Runs after every layout of the rows (their
        y or height changing re-triggers it), so rows placed later cannot leave it out of
        sight. Worked out in the list's own coordinates (a row's place in the list does not
        change as it scrolls), so a scroll not yet applied cannot mislead it; scrolling by
        hand moves the list, not the rows, and is left alone."""
        row = self.current_row
        scroll = self.scroll
        if row is None or scroll is None or row.parent is not self or scroll.height <= 1:
            return
        y = visible_scroll_y(
            (row.y - self.y, row.top - self.y), self.height, scroll.height, scroll.scroll_y
        )
        if y is not None:
            scroll.scroll_y = y


def visible_scroll_y(
    span: tuple[float, float], content: float, view: float, scroll_y: float
) -> float | None:
    """The ``scroll_y`` that shows ``span`` (bottom, top, measured up from the content's
    bottom) whole with the least movement, or None when it is in view already."""
    spare = content - view
    if spare <= 0:
        return None if scroll_y == 1 else 1.0
    low = spare * scroll_y  # the content's lowest visible point
    bottom, top = span
    if bottom >= low - 0.5 and top <= low + view + 0.5:
        return None
    tall = top - bottom > view  # taller than the view: its top (where it starts) shows
    low = bottom if bottom < low and not tall else top - view
    return max(0.0, min(1.0, low / spare))

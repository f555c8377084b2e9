"""The named styles' widgets: buttons, tiles, headings, text, panels, progress, checklist.

Sizes come from the app's ``touch`` and ``font_*`` properties, computed in millimetres
on the configured display (``ui.theme.sizes``); their look lives in ``ui/theme.kv``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.clock import Clock
from kivy.properties import (
    AliasProperty,
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as style


class BigButton(Button):
    """A button at least one touch target tall; ``focused`` draws the `next` focus ring."""

    focused = BooleanProperty(False)
    tone = ListProperty(list(style.BUTTON))
    # Buttons react at once: no minimum time in the pressed state.
    min_state_time = NumericProperty(0)

    def activate(self) -> None:
        """Press it as if touched (the `confirm` button on the focused widget)."""
        self.trigger_action(duration=0)


class PrimaryButton(BigButton):
    """The one main action of a screen (Start game, Confirm): ``PRIMARY`` fill."""

    tone = ListProperty(list(style.PRIMARY))


class Tile(ButtonBehavior, BoxLayout):
    """A large game tile on the home screen: the game's emblem, title and subtitle, with
    its accent along the top. Pressed and focused like a ``BigButton``."""

    title = StringProperty("")
    subtitle = StringProperty("")
    game = StringProperty("")
    focused = BooleanProperty(False)
    tone = ListProperty(list(style.SURFACE))
    min_state_time = NumericProperty(0)

    def activate(self) -> None:
        self.trigger_action(duration=0)


class Heading(Label):
    """A screen title."""


class Body(Label):
    """Body text, wrapped to its width."""


class Caption(Label):
    """Secondary text (explanations, units): the small size, ``MUTED``, wrapped."""


class Value(Label):
    """A number players read from across the table: large and bold."""


class Panel(BoxLayout):
    """A ``SURFACE`` box with rounded corners that groups related things."""

    tone = ListProperty(list(style.SURFACE))


class Badge(Label):
    """A small coloured label (the "Demo mode" badge)."""

    tone = ListProperty(list(style.DEMO))


class BigProgress(Widget):
    """A thick progress bar with its text on it ("3 of 9")."""

    value = NumericProperty(0)
    max = NumericProperty(1)
    text = StringProperty("")

    def _fraction(self) -> float:
        return 0.0 if self.max <= 0 else max(0.0, min(1.0, self.value / self.max))

    fraction = AliasProperty(_fraction, None, bind=("value", "max"))


class CheckRow(ButtonBehavior, BoxLayout):
    """One setup step: a tick box, its text, and its count-dependent numbers shown large."""

    text = StringProperty("")
    values_text = StringProperty("")
    done = BooleanProperty(False)
    current = BooleanProperty(False)
    index = NumericProperty(0)
    min_state_time = NumericProperty(0)


class Checklist(BoxLayout):
    """The rulebook's setup steps for the chosen count, ticked by touch or by `next`.

    ``steps`` is a list of ``companion.games.base.SetupStep``; ``done_count``
    is how many are ticked. Touching a row toggles it; ``tick_next`` ticks the
    first open step (the `next` button) and ``untick_last`` unticks the last
    ticked one (the `undo` button).
    """

    steps = ListProperty([])
    done_count = NumericProperty(0)
    complete = BooleanProperty(False)
    rows = ListProperty([])
    scroll = ObjectProperty(None, allownone=True)

    def on_steps(self, _inst: Any, steps: Sequence[Any]) -> None:
        if self.scroll is not None:
            # New steps start at the top: a list scrolled far down before (11 Pond steps)
            # must not leave a shorter one scrolled out of sight.
            self.scroll.scroll_y = 1
        self.clear_widgets()
        self.rows = []
        if self.scroll is not None:
            self.scroll.scroll_y = 1  # a new list starts at its top, not where the last one was
        for i, step in enumerate(steps):
            row = CheckRow(text=step.text, values_text=format_values(step.values), index=i)
            row.bind(on_release=self._toggle)
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

    def _refresh(self) -> None:
        self.done_count = sum(1 for r in self.rows if r.done)
        self.complete = bool(self.rows) and self.done_count == len(self.rows)
        first_open = next((r for r in self.rows if not r.done), None)
        for row in self.rows:
            row.current = row is first_open
        if first_open is not None and self.scroll is not None:
            # After the next layout: rows just added have no position yet, and scrolling to
            # one then throws the list far out of view.
            Clock.schedule_once(lambda _dt: self._scroll_to(first_open), 0)

    def _scroll_to(self, row: Any) -> None:
        if self.scroll is not None and row.parent is self:
            self.scroll.scroll_to(row, padding=10, animate=False)


def format_values(values: Any) -> str:
    """The numbers a step depends on, for the big text beside it ("VP supply 112")."""
    if not values:
        return ""
    parts = []
    for key, value in dict(values).items():
        label = str(key).replace("_", " ")
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        parts.append(f"{label}: {value}")
    return "\n".join(parts)

"""The named styles' widgets: buttons, tiles, headings, text, panels, progress (the checklist
is ``ui.widgets.checklist``).

Sizes come from the app's ``touch`` and ``font_*`` properties, computed in millimetres
on the configured display (``ui.theme.sizes``); their look lives in ``ui/theme.kv``.
"""

from __future__ import annotations

from kivy.properties import (
    AliasProperty,
    BooleanProperty,
    ListProperty,
    NumericProperty,
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

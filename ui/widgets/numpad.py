"""A number pad for entering points (card VP, round scores) with fingers.

``value`` is the text typed so far; ``number`` its int value (0 when empty);
``on_confirm(number)`` fires on OK. A leading minus is allowed when
``allow_negative`` (Croak rounds can be negative: 2 points lost per POND card).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout

from ui.widgets.common import BigButton

# Three rows of four so the pad fits beside a list at 800x480 with 60 px keys.
KEYS = ("7", "8", "9", "<", "4", "5", "6", "-", "1", "2", "3", "0")


class NumberPad(GridLayout):
    value = StringProperty("")
    allow_negative = BooleanProperty(True)
    max_digits = NumericProperty(4)

    __events__ = ("on_confirm",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cols", 4)
        super().__init__(**kwargs)
        self.keys: dict[str, BigButton] = {}
        for key in KEYS:
            button = BigButton(text="⌫" if key == "<" else ("±" if key == "-" else key))
            button.font_name = "DejaVuSans" if key in "<-" else button.font_name
            button.bind(on_release=lambda _b, k=key: self.press(k))
            self.keys[key] = button
            self.add_widget(button)
        self.bind(allow_negative=self._show_sign_key)
        self._show_sign_key()

    def _show_sign_key(self, *_: Any) -> None:
        """± is greyed out and takes no touch where scores cannot be negative (it looked
        live and did nothing)."""
        self.keys["-"].disabled = not self.allow_negative

    @property
    def number(self) -> int:
        text = self.value
        if text in ("", "-"):
            return 0
        return int(text)

    def press(self, key: str) -> None:
        if key == "<":
            self.value = self.value[:-1]
        elif key == "-":
            if self.allow_negative:
                self.value = self.value[1:] if self.value.startswith("-") else "-" + self.value
        elif key.isdigit():
            digits = self.value.lstrip("-")
            if len(digits) < self.max_digits:
                digits = (digits + key).lstrip("0") or "0"
                self.value = ("-" if self.value.startswith("-") else "") + digits

    def clear(self) -> None:
        self.value = ""

    def confirm(self) -> None:
        self.dispatch("on_confirm", self.number)

    def on_confirm(self, number: int) -> None:
        pass

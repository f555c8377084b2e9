"""``BaseScreen``: what every screen has (``enter``, ``on_command``, ``app``, focus for `next`).

The buttons drive any screen without touch: by default `next` moves the focus
ring to the next focusable button, `confirm` presses the focused one and
`undo` goes back. Screens override ``on_command`` for their own meanings
(the setup checklist ticks with `next`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.screenmanager import Screen

import ui.widgets  # noqa: F401  (registers the shared widgets for the .kv files)
from companion.errors import CompanionError


def load_kv(py_file: str) -> None:
    """Load the .kv next to a screen module once (``Builder.load_file`` would warn twice)."""
    path = str(Path(py_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)


class BaseScreen(Screen):
    focus_index = NumericProperty(-1)

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def play_or_tell(self, event: Any) -> bool:
        """Play ``event``; when the engine refuses it, its reason goes to the screen's
        ``message`` line (a screen that calls this has one). True when it was played."""
        try:
            self.app.play(event)
        except CompanionError as exc:
            self.message = str(exc)
            return False
        self.message = ""
        return True

    def enter(self, **kwargs: Any) -> None:
        """Called by ``app.go`` each time the screen is shown."""
        self.clear_focus()

    # --- buttons
    def on_command(self, cmd: str) -> bool:
        if cmd == "next":
            return self.focus_next()
        if cmd == "confirm":
            return self.activate_focused()
        if cmd == "undo":
            self.app.back()
            return True
        return False

    def focusables(self) -> list[Any]:
        """Buttons the `next` button steps through, in reading order."""
        return []

    def clear_focus(self) -> None:
        for widget in self.focusables():
            widget.focused = False
        self.focus_index = -1

    def focus_next(self) -> bool:
        items = [w for w in self.focusables() if not w.disabled and w.opacity > 0]
        if not items:
            return False
        for widget in items:
            widget.focused = False
        self.focus_index = (self.focus_index + 1) % len(items)
        items[self.focus_index].focused = True
        return True

    def focused_widget(self) -> Any:
        return next((w for w in self.focusables() if getattr(w, "focused", False)), None)

    def activate_focused(self) -> bool:
        widget = self.focused_widget()
        if widget is None:
            return False
        widget.activate()
        return True

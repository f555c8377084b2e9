"""Kivy's docked on-screen keyboard, as on a Pi with no keyboard (typing names).

On a Pi, ``ui.commands.configure_kivy`` sets ``keyboard_mode = systemanddock``: focusing a
text field docks Kivy's ``VKeyboard`` along the bottom of the window. ``KeyboardDock`` (the
app starts one) makes that keyboard part of the table's layout: its keys at least
``theme.TOUCH_MIN_MM`` tall on the configured display, in the palette's colours, and the
screens shortened to the space above it (``app.keyboard_height``), where the screen scrolls
the focused field into view. ``show_docked_keyboard`` docks it anywhere (the screenshots
walker uses it to check that state).
"""

from __future__ import annotations

from typing import Any


def show_docked_keyboard(field: Any) -> Any:
    """Focus ``field`` with the docked on-screen keyboard; returns the keyboard widget."""
    from kivy.core.window import Window

    Window.use_syskeyboard = True
    Window.allow_vkeyboard = True
    Window.single_vkeyboard = True
    Window.docked_vkeyboard = True
    field.focus = True
    return docked_keyboard()


def docked_keyboard() -> Any:
    """The on-screen keyboard on the window, if one is up."""
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard

    return next((w for w in Window.children if isinstance(w, VKeyboard)), None)


def restore_keyboard_mode() -> None:
    """Back to the config's keyboard mode (the walker's next state types with keys)."""
    from kivy.core.window import Window

    Window.configure_keyboards()


#: Rows of keys in Kivy's qwerty layout, and the gap around them (in key heights).
KEY_ROWS = 5
KEY_MARGIN = 0.3


class KeyboardDock:
    """Watches the Window for Kivy's docked keyboard and fits the app around it."""

    def __init__(self, app: Any) -> None:
        from kivy.core.window import Window

        self.app = app
        Window.bind(children=self._children_changed, size=self._children_changed)

    def _children_changed(self, *_: Any) -> None:
        from kivy.clock import Clock

        # After Kivy's own setup_mode (which scales the keyboard to the window's width).
        Clock.schedule_once(self.fit, 0)

    def fit(self, *_: Any) -> None:
        from kivy.core.window import Window

        keyboard = docked_keyboard()
        if keyboard is None or not getattr(keyboard, "docked", False):
            self.app.keyboard_height = 0
            return
        from ui import theme

        key = theme.TOUCH_MIN_MM * 1.15 * self.app.mm  # drawn keys >= 9 mm tall
        height = key * (KEY_ROWS + KEY_MARGIN)
        if abs(keyboard.width - Window.width) > 1 or abs(keyboard.height - height) > 1:
            keyboard.background_color = list(theme.SURFACE)
            keyboard.key_background_color = list(theme.BUTTON)
            keyboard.font_size = self.app.font_body
            keyboard.size = (Window.width, height)
            keyboard.setup_mode_dock()  # scale 1 at the window's width, at the bottom
            keyboard.refresh(True)
        from kivy.uix.label import Label

        for label in keyboard.children:  # the keys' letters, in the palette's text colour
            if isinstance(label, Label):
                label.color = list(theme.TEXT)
        self.app.keyboard_height = keyboard.height * keyboard.scale
        field = getattr(keyboard, "target", None)
        if field is not None:
            from kivy.clock import Clock

            # Once the shortened screen is laid out (two frames on).
            Clock.schedule_once(lambda *_: Clock.schedule_once(lambda *_: scroll_into_view(field)))


def scroll_into_view(field: Any) -> None:
    """Scroll the ScrollView around ``field`` (if any) so the field shows."""
    from kivy.uix.scrollview import ScrollView

    parent = field.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            parent.scroll_to(field, padding=4, animate=False)
            return
        parent = parent.parent

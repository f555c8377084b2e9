"""The rules-warnings banner: cannot be missed, never blocks, covers nothing.

It sits at the top of the window, above the screens (the app root shortens the screen
below it by its height while it shows: ``app.banner_height``), takes touches only inside
itself, and says in the rulebook's words what the checker flagged, with its pond or card
(the rule ids stay in ``rules``, for the log and the tests, not for players). "OK" hides
it; "Undo last" takes back the event that tripped the rule.
``app.show_warnings(violations)`` shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.base import Violation

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

#: How many violations are spelled out; the rest are counted.
MAX_LINES = 3
#: Steps of the blink when the banner appears (then it stays lit).
BLINKS = 8


def violation_line(v: Violation) -> str:
    """One line for the table: the message and the pond or card (no internal rule id)."""
    where = f" ({v.where})" if v.where and v.where not in v.message else ""
    return f"{v.message}{where}"


def banner_text(violations: Sequence[Violation]) -> str:
    lines = [violation_line(v) for v in violations[:MAX_LINES]]
    extra = len(violations) - MAX_LINES
    if extra > 0:
        lines.append(f"... and {extra} more")
    return "\n".join(lines)


def undo_last_event() -> None:
    """Play an undo on the running app's live session (the banner's default action)."""
    from kivy.app import App

    from companion.errors import EventRefusedError
    from companion.session import UndoEvent

    app: Any = App.get_running_app()
    if app is None or getattr(app, "live", None) is None:
        return
    try:
        app.play(UndoEvent())
    except EventRefusedError as exc:
        app.status = str(exc)


class WarningsBanner(BoxLayout):
    """A bright strip over the top of the screen; touches outside it pass through."""

    #: The layout check: touches inside it are the banner's.
    blocks_touch = True

    text = StringProperty("")
    title = StringProperty("")
    shown = BooleanProperty(False)
    count = NumericProperty(0)
    flash = NumericProperty(1.0)  # pulses so the banner catches the eye
    can_undo = BooleanProperty(True)
    rules = ListProperty([])

    def __init__(self, on_undo: Callable[[], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_undo_cb = on_undo
        self.violations: list[Violation] = []
        self._pulse: Any = None
        self._blinks = 0
        # A new or closed session takes the banner away: its warnings were about the old one.
        from kivy.app import App

        app = App.get_running_app()
        if app is not None and "live" in getattr(app, "properties", dict)():
            app.bind(live=lambda *_: self.hide())

    def show(self, violations: Sequence[Violation], *, can_undo: bool = True) -> None:
        """Show ``violations`` (replacing what was shown); an empty list shows nothing."""
        if not violations:
            return
        self.violations = list(violations)
        self.rules = [v.rule for v in violations]
        self.count = len(violations)
        noun = "rule" if len(violations) == 1 else "rules"
        self.title = f"Check the table: {len(violations)} {noun} may be broken"
        self.text = banner_text(violations)
        self.can_undo = can_undo
        parent = self.parent
        if parent is None:
            Window.add_widget(self)
        elif parent.children and parent.children[0] is not self:
            # Keep it above the screens (and anything added after it).
            parent.remove_widget(self)
            parent.add_widget(self)
        self.shown = True
        self._start_pulse()
        self._tell_app()

    def hide(self) -> None:
        """Out of sight and out of the way; it stays in its parent for next time."""
        self.shown = False
        self._tell_app()
        if self._pulse is not None:
            self._pulse.cancel()
            self._pulse = None
        self.flash = 1.0

    def on_height(self, *_: Any) -> None:
        self._tell_app()

    def _tell_app(self) -> None:
        """The app shortens the screens by the banner's height while it shows."""
        from kivy.app import App

        app = App.get_running_app()
        if app is not None and hasattr(app, "banner_height"):
            app.banner_height = self.height if self.shown else 0

    def ok(self) -> None:
        """The table has looked and decided: keep the event."""
        self.hide()

    def undo_last(self) -> None:
        """Take back the event that tripped the rule, then hide."""
        self.hide()
        if self.on_undo_cb is not None:
            self.on_undo_cb()
            return
        undo_last_event()

    def _start_pulse(self) -> None:
        """Blink a few times, then stay lit: a step every 0.6 s, not a 60 fps animation
        (every frame of a smooth pulse redraws the whole window)."""
        if self._pulse is not None:
            self._pulse.cancel()
        self.flash = 1.0
        self._blinks = BLINKS
        self._pulse = Clock.schedule_interval(self._blink, 0.6)

    def _blink(self, _dt: float) -> bool:
        self._blinks -= 1
        self.flash = 0.55 if self._blinks % 2 else 1.0
        if self._blinks <= 0:
            self.flash = 1.0
            self._pulse = None
            return False
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_up(touch))

    def on_touch_down(self, touch: Any) -> bool:
        # Inside: the banner's buttons get it and nothing below does. Outside: pass through.
        if not self.shown or not self.collide_point(*touch.pos):
            return False
        super().on_touch_down(touch)
        return True


def hide_banner(app: Any) -> None:
    """Hide the app's banner (the screenshots walker calls each demo in turn)."""
    banner = getattr(app, "banner", None)
    if banner is not None:
        banner.hide()


def demo(app: Any) -> None:
    """The tracker with the banner over it: a board with a Long Fwooog in the Fountain."""
    from ui import pond_view
    from ui.screens.pond_tracker import demo as tracker_demo

    tracker_demo(app)
    st = app.live.state
    board = pond_view.edit_pond(st.board, st.layout.fountain, faction="pumpkin", toggle_fwooog=True)
    app.play(board)
    app.go("pond_tracker")

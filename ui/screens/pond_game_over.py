"""Pond game over: the full-screen alert the instant the last VP token is taken.

"POND ends IMMEDIATELY when the last VP token is taken." The buzzer sounds
(``app.buzz("supply_empty")``); `next` (or the button) goes to final scoring,
`undo` takes back the event that ended the game.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import NumericProperty, StringProperty

from companion.errors import EventRefusedError
from companion.session import UndoEvent
from ui import pond_view as view
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)


class PondGameOverScreen(BaseScreen):
    detail = StringProperty("")
    standings = StringProperty("")
    flash = NumericProperty(1.0)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._anim: Any = None
        self._blinks = 0

    def enter(self, **_: Any) -> None:
        live = self.app.live
        if live is None or live.info.game != "pond":
            return
        st = live.state
        self.detail = view.ended_text(st)
        self.standings = "   ".join(f"{n} {t} VP" for n, t in zip(st.names, st.tokens, strict=True))
        self.app.buzz("supply_empty")
        self._pulse()

    def _pulse(self) -> None:
        """Flash for a few seconds, then stay red (no endless full-screen redraws)."""
        if self._anim is not None:
            self._anim.cancel()
        self._blinks = 10
        self._anim = Clock.schedule_interval(self._blink, 0.5)

    def _blink(self, _dt: float) -> bool:
        self._blinks -= 1
        self.flash = 0.6 if self._blinks % 2 else 1.0
        if self._blinks <= 0:
            self.flash = 1.0
            self._anim = None
            return False
        return True

    def on_leave(self, *_: Any) -> None:
        if self._anim is not None:
            self._anim.cancel()
            self._anim = None
        self.flash = 1.0

    def final(self) -> None:
        self.app.go("pond_final")

    def undo(self) -> None:
        try:
            self.app.play(UndoEvent())
        except EventRefusedError as exc:
            self.app.status = str(exc)
            return
        if not self.app.live.over:
            st = self.app.live.state
            self.app.go("pond_end_phase" if st.phase == "end" else "pond_tracker")

    def on_command(self, cmd: str) -> bool:
        if cmd in ("next", "confirm"):
            self.final()
        elif cmd == "undo":
            self.undo()
        else:
            return False
        return True


def demo(app: Any) -> None:
    """A game whose supply has just run out."""
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    from companion.games.pond.events import Damage, NextPhase
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)
    app.play(NextPhase())
    app.play(Damage("Ana", "Ben", 30))
    app.play(NextPhase())
    app.play(NextPhase())
    app.play(NextPhase())
    app.play(Damage("Ben", "Cy", 40))
    app.play(Damage("Ben", "Ana", 50))
    app.go("pond_game_over")

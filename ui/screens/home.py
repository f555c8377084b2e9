"""Home: the five games as large tiles, Resume for the unfinished session, Settings, History."""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty

from companion.errors import CompanionError
from companion.games import BOXED_GAMES
from ui.bridge import run_in_background
from ui.screens.base import BaseScreen, load_kv
from ui.widgets import Tile

load_kv(__file__)

SUBTITLES = {
    "pond": "2-4 players · live VP",
    "pondscape": "1-4 · scan & score",
    "ponder": "2-4 · setup & turns",
    "bog": "2 players · actions & score",
    "croak": "2-4 · rounds to 75",
}


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")
    resume_row = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tiles: dict[str, Tile] = {}
        self._reads = 0
        grid = self.ids.tiles
        for name, title in BOXED_GAMES:
            tile = Tile(title=title, subtitle=SUBTITLES.get(name, ""), game=name)
            tile.bind(on_release=lambda _t, n=name: self.choose_game(n))
            self.tiles[name] = tile
            grid.add_widget(tile)

    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        self.refresh_resume()

    def refresh_resume(self) -> None:
        """Read the unfinished session off the main thread; show it when it comes back."""
        store = self.app.store

        def read() -> Any:
            row = store.unfinished()
            if row is None:
                return None
            summary = row.summary
            if not summary:
                from companion.session import replay

                info, events = store.load(row.id)
                live = replay(info, events, where=f"session {row.id}")
                summary = live.game.summary(live.state)
                title = _title(info)
            else:
                info, _ = store.load(row.id)
                title = _title(info)
            return row, title, summary

        # Only the newest read counts: an older one finishing late must not overwrite it.
        self._reads += 1
        token = self._reads
        run_in_background(
            read,
            on_done=lambda found: self._show_resume(found) if token == self._reads else None,
            on_error=lambda exc: self._resume_failed(exc) if token == self._reads else None,
        )

    def _show_resume(self, found: Any) -> None:
        if found is None:
            self.resume_row, self.resume_text = None, ""
            return
        row, title, summary = found
        self.resume_row = row
        self.resume_text = f"Resume {title}: {', '.join(row.players)} · {summary}"

    def _resume_failed(self, exc: BaseException) -> None:
        self.resume_row, self.resume_text = None, ""
        self.app.status = f"Could not read the unfinished session: {exc}"

    def resume(self) -> None:
        if self.resume_row is not None:
            try:
                self.app.resume(self.resume_row.id)
            except CompanionError as exc:
                self.app.status = str(exc)

    def choose_game(self, name: str) -> None:
        self.app.go("setup", game=name)

    def focusables(self) -> list[Any]:
        items: list[Any] = []
        if self.resume_row is not None:
            items.append(self.ids.resume)
        items.extend(self.tiles.values())
        items.extend([self.ids.settings, self.ids.history])
        return items

    def on_command(self, cmd: str) -> bool:
        if cmd == "undo":
            return False  # nothing to go back to from home
        return super().on_command(cmd)


def _title(info: Any) -> str:
    from ui.app import session_title

    return session_title(info)


def demo(app: Any) -> None:
    """Home with a Croak score pad to resume (from the demo store; the read is waited for)."""
    import time

    from kivy.clock import Clock

    screen = app.go("home")
    end = time.monotonic() + 2.0
    while not screen.resume_text and time.monotonic() < end:
        Clock.tick()
        time.sleep(0.01)

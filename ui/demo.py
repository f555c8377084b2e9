"""Demo mode: what the app uses on a machine with no Pi camera and no GPIO.

The bundled sample frames stand in for the camera and keyboard keys for the
buttons (Space = next, S = scan, U or Backspace = undo; hold Space = confirm,
hold U = redo). The app shows a "Demo" badge whenever this is in use.

The keys themselves are the hardware panel's own keyboard fallback
(``hardware.keyboard``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.games.base import Player
from companion.session import SessionInfo

log = logging.getLogger(__name__)


def open_panel(config: Any) -> Any:
    """The button panel; with no GPIO here, hardware falls back to keyboard keys itself."""
    from hardware import PanelSettings
    from hardware import open_panel as hw_open_panel

    where = str(config.path) if getattr(config, "path", None) else "defaults"
    return hw_open_panel(PanelSettings.from_config(config.gpio, where=where))


def camera_is_demo(config: Any) -> bool:
    """True when the camera the config asks for would be the bundled frames."""
    source = config.camera.source
    if source == "demo":
        return True
    if source != "auto":
        return False
    from vision.frames import picamera_available

    return not picamera_available()


def detect_demo(config: Any, panel: Any, forced: bool = False) -> bool:
    """Demo mode when asked, or when there is neither a Pi camera nor GPIO buttons."""
    if forced:
        return True
    return camera_is_demo(config) and bool(getattr(panel, "is_keyboard", False))


def default_camera_factory(app: Any) -> Callable[[str], Any]:
    """``factory(kind)`` opens the frame source the app's config asks for, now.

    ``kind`` ("pond" or "pondscape") picks which bundled frames the demo shows;
    in demo mode "auto" means the demo frames.
    """

    def factory(kind: str) -> Any:
        from vision.frames import open_source

        source = app.config.camera.source
        if source == "demo" or (source == "auto" and app.demo):
            return demo_source(kind)
        return open_source(app.config, demo=kind, source=source)

    return factory


def demo_source(kind: str) -> Any:
    """The bundled demo frames for ``kind`` (``vision/data/demo/<kind>/``)."""
    from vision.frames import open_source

    return open_source(None, demo=kind, source="demo")


def board_to_frame(size_mm: Any, frame_size: tuple[int, int]) -> Callable[..., tuple[int, int]]:
    """Millimetres on the board -> pixels of a top-down photo the board fills (kept in aspect)."""
    fw, fh = frame_size
    scale = min(fw / float(size_mm[0]), fh / float(size_mm[1])) * 0.96
    ox = (fw - size_mm[0] * scale) / 2
    oy = (fh - size_mm[1] * scale) / 2

    def to_px(x: float, y: float) -> tuple[int, int]:
        return round(ox + x * scale), round(oy + y * scale)

    return to_px


# Demo sessions for the history screen, the Resume tile and the screenshots.
DEMO_PLAYERS = ("Ana", "Ben", "Cy")


def demo_scorepad_sessions() -> list[tuple[SessionInfo, list[dict[str, Any]], bool]]:
    """Demo games for History and Resume: (info, events, finished)."""
    import random

    from companion.games.croak.demo import play_match

    players = tuple(Player(n) for n in DEMO_PLAYERS)

    def croak(seed: int, finished: bool) -> tuple[SessionInfo, list[dict[str, Any]], bool]:
        """A Croak match played by the seeded bots (Croak has its own engine)."""
        live = play_match(
            random.Random(seed), DEMO_PLAYERS, stop_before_end=not finished, double_calls=0
        )
        return live.info, live.events_json(), finished

    from companion.games.bog.demo import play_random_game

    # A whole BOG game played by the demo table (Ana and Ben), replayed by its engine.
    bog_options, bog_events, _ = play_random_game(2)
    bog = SessionInfo("bog", players[:2], bog_options)

    def pond(seed: int) -> tuple[SessionInfo, list[dict[str, Any]], bool]:
        """A whole 3-player Pond game played by the bots (factions: History's marks)."""
        from companion.games.pond.demo import demo_game_json
        from companion.session import load_session_json

        info, events = load_session_json(demo_game_json(3, seed=seed, camera="end"), "demo")
        return info, [e.to_json() for e in events], True

    return [
        croak(1, True),
        (bog, [e.to_json() for e in bog_events], True),
        pond(1),
        croak(2, True),
        pond(4),
        croak(3, False),
    ]

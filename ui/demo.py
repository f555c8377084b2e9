"""Demo mode: what the app uses on a machine with no Pi camera and no GPIO.

The bundled sample frames stand in for the camera and keyboard keys for the
buttons (Space = next, S = scan, U or Backspace = undo; hold Space = confirm,
hold U = redo). The app shows a "Demo mode" badge whenever this is in use.

``KeyboardPanel`` is the stand-in panel used only when ``hardware.open_panel``
cannot be imported; when the hardware package is there its own keyboard
fallback is used instead.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import Any

from companion.games.base import Player
from companion.session import SessionInfo

log = logging.getLogger(__name__)

# Key name -> (short press command, long press command)
KEYS: dict[str, tuple[str, str]] = {
    "spacebar": ("next", "confirm"),
    "space": ("next", "confirm"),
    "enter": ("confirm", "confirm"),
    "s": ("scan", "scan"),
    "u": ("undo", "redo"),
    "backspace": ("undo", "redo"),
    "r": ("redo", "redo"),
}


class KeyboardPanel:
    """The button panel as keyboard keys: commands on a queue the app drains.

    A key held for ``hold_s`` or longer sends its long command on release;
    auto-repeat key downs while it is held are ignored.
    """

    is_keyboard = True

    def __init__(self, hold_s: float = 1.5, clock: Callable[[], float] = time.monotonic) -> None:
        self.commands: queue.Queue[str] = queue.Queue()
        self.hold_s = hold_s
        self._clock = clock
        self._down: dict[str, float] = {}
        self.alerts: list[str] = []
        self.state: Any = None
        self.closed = False

    def key_down(self, key: str) -> bool:
        if key not in KEYS:
            return False
        self._down.setdefault(key, self._clock())
        return True

    def key_up(self, key: str) -> bool:
        if key not in KEYS:
            return False
        started = self._down.pop(key, None)
        if started is None:
            return True
        short, long = KEYS[key]
        self.commands.put(long if self._clock() - started >= self.hold_s else short)
        return True

    def show(self, state: Any) -> None:
        self.state = state

    def alert(self, kind: str) -> None:
        self.alerts.append(kind)
        log.info("alert: %s", kind)

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> KeyboardPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_panel(config: Any) -> Any:
    """The hardware panel (which falls back to keys itself), or ``KeyboardPanel``."""
    try:
        from hardware import PanelSettings
        from hardware import open_panel as hw_open_panel
    except ImportError:
        return KeyboardPanel(hold_s=float(getattr(config.gpio, "hold_s", 1.5)))
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


def default_camera_factory(config: Any, demo: bool) -> Callable[[str], Any]:
    """``factory(kind)`` opens a frame source; ``kind`` picks the demo frames.

    ``kind`` is "pond" or "pondscape".
    """

    def factory(kind: str) -> Any:
        from vision.frames import open_source

        return open_source(config, demo=kind, source="demo" if demo else None)

    return factory


# Demo sessions for the history screen, the Resume tile and the screenshots.
DEMO_PLAYERS = ("Ana", "Ben", "Cy")


def demo_scorepad_sessions() -> list[tuple[SessionInfo, list[dict[str, Any]]]]:
    """Two finished Croak score pads and one BOG game, with their events."""
    players = tuple(Player(n) for n in DEMO_PLAYERS)
    out: list[tuple[SessionInfo, list[dict[str, Any]]]] = []
    rounds = [(12, 8, -3), (20, 15, 9), (18, 25, 30), (27, 30, 22)]
    events: list[dict[str, Any]] = []
    for scores in rounds:
        for name, pts in zip(DEMO_PLAYERS, scores, strict=True):
            events.append({"type": "points", "player": name, "amount": pts})
        events.append({"type": "next_turn"})
    out.append((SessionInfo("scorepad", players, {"for": "croak"}), events))
    out.append(
        (
            SessionInfo("scorepad", players[:2], {"for": "bog"}),
            [
                {"type": "points", "player": "Ana", "amount": 11},
                {"type": "points", "player": "Ben", "amount": 13},
            ],
        )
    )
    return out

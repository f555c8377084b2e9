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
    """The bundled demo frames for ``kind``; a drawn board when none are bundled."""
    from companion.errors import HardwareError
    from vision.frames import open_source

    try:
        return open_source(None, demo=kind, source="demo")
    except HardwareError as exc:
        log.info("demo camera: %s; drawing frames instead", exc)
        return DrawnSource(kind)


class DrawnSource:
    """Frames drawn on the fly (a Pond board with pieces, a moving highlight).

    Stands in for the camera when no sample frames are bundled; the board is
    drawn to fill the frame the way ``board_to_frame`` maps millimetres, so the
    layout editor's outlines sit on it.
    """

    def __init__(self, kind: str = "pond", size: tuple[int, int] = (1280, 720)) -> None:
        self.kind = kind
        self.size = size
        self.count = 0
        self.closed = False
        self._base: Any = None

    @property
    def lost(self) -> bool:
        return False

    def _draw_base(self) -> Any:
        import cv2
        import numpy as np

        from companion.games.pond.layout import default_layout

        w, h = self.size
        frame = np.zeros((h, w, 3), np.uint8)
        frame[:] = (60, 92, 70)  # table felt (BGR)
        layout = default_layout(13)
        to_px = board_to_frame(layout.size_mm, (w, h))
        bx0, by0 = to_px(0, 0)
        bx1, by1 = to_px(*layout.size_mm)
        cv2.rectangle(frame, (bx0, by0), (bx1, by1), (120, 170, 200), -1)
        for pond in layout.ponds.values():
            pts = np.array([to_px(x, y) for x, y in pond.polygon_mm], np.int32)
            cv2.fillPoly(frame, [pts], (170, 120, 60))
        colours = {"wizard": (176, 74, 124), "pumpkin": (36, 118, 236), "banana": (52, 206, 238)}
        for i, (pond_id, pond) in enumerate(layout.ponds.items()):
            cx, cy = to_px(*pond.centroid_mm)
            if i % 3 == 0:
                cv2.circle(frame, (cx, cy), 14, (72, 168, 84), -1)  # a lilypad
            faction = list(colours)[i % 3]
            for k in range(1 + i % 3):
                cv2.ellipse(
                    frame, (cx - 18 + 16 * k, cy + 14), (7, 6), 0, 0, 360, colours[faction], -1
                )
            cv2.putText(
                frame, pond_id, (cx - 8, cy - 12), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 2
            )
        return frame

    def read(self) -> Any:
        import cv2

        if self.closed:
            return None
        if self._base is None:
            self._base = self._draw_base()
        frame = self._base.copy()
        self.count += 1
        w, h = self.size
        x = int((self.count * 7) % w)
        cv2.circle(frame, (x, h - 24), 12, (255, 255, 255), -1)  # shows the preview is live
        return frame

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> DrawnSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
    players = tuple(Player(n) for n in DEMO_PLAYERS)
    croak = SessionInfo("scorepad", players, {"for": "croak"})

    def rounds(*scores: tuple[int, ...]) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for round_scores in scores:
            for name, pts in zip(DEMO_PLAYERS, round_scores, strict=True):
                events.append({"type": "points", "player": name, "amount": pts})
            events.append({"type": "next_turn"})
        return events

    bog = [
        {"type": "points", "player": "Ana", "amount": 11},
        {"type": "points", "player": "Ben", "amount": 13},
    ]
    return [
        (croak, rounds((12, 8, -3), (20, 15, 9), (18, 25, 30), (20, 30, 22)), True),
        (SessionInfo("scorepad", players[:2], {"for": "bog"}), bog, True),
        (croak, rounds((15, 10, 4), (22, 18, 16), (25, 21, 30), (16, 12, 27)), True),
        (croak, rounds((14, 9, 11), (10, 21, 6)), False),
    ]

"""Watching the Pond map through the camera for the End Phase review (off the UI thread).

``BoardScanner`` reads frames on a worker (``ui.bridge``), counts the pieces in
each pond with ``vision.pond.count_board``, lets ``vision.pond.BoardWatcher``
decide when several frames agree, and hands each annotated picture and each
agreed board back on the main thread. A frame with a hand over the map is never
a board: the watcher waits and the annotated picture says why.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from ui.bridge import run_in_background

log = logging.getLogger(__name__)

#: Largest side of the picture handed to the screen (it is shown at most ~800 px wide).
PREVIEW_MAX = 960


@dataclass
class BoardRead:
    """What one frame gave: the picture to show, and the ponds when the frames agree."""

    picture: Any  # BGR uint8, annotated and downscaled
    ponds: dict[str, Any] | None  # the board event's ``ponds`` once agreed, else None
    ok: bool
    reason: str
    warnings: list[str]


def vision_available() -> bool:
    try:
        import vision.pond as vp
    except ImportError:
        return False
    return hasattr(vp, "count_board")


def _downscale(frame: Any) -> Any:
    import cv2

    h, w = frame.shape[:2]
    scale = min(1.0, PREVIEW_MAX / max(h, w))
    if scale >= 1.0:
        return frame
    return cv2.resize(frame, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA)


def _ponds_json(count: Any) -> dict[str, Any]:
    ponds = getattr(count, "ponds", {})
    out: dict[str, Any] = {}
    for pid, content in dict(ponds).items():
        out[str(pid)] = content.to_json() if hasattr(content, "to_json") else dict(content)
    return out


class BoardScanner:
    """Reads frames one after another while running; callbacks run on the main thread."""

    def __init__(
        self,
        camera: Any,
        layout: Any,
        on_read: Callable[[BoardRead], Any],
        on_error: Callable[[str], Any],
    ) -> None:
        import vision.pond as vp

        self.vp = vp
        self.camera = camera
        self.layout = layout
        self.on_read = on_read
        self.on_error = on_error
        self.pieces = vp.load_pieces(None) if _takes_none(vp.load_pieces) else _default_pieces(vp)
        self.watcher = vp.BoardWatcher() if hasattr(vp, "BoardWatcher") else None
        self.running = False
        self.reads = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        if not self.running:
            self.running = True
            self._next()

    def stop(self) -> None:
        self.running = False

    def _next(self) -> None:
        if self.running:
            run_in_background(self._work, on_done=self._done, on_error=self._failed)

    def _work(self) -> BoardRead | None:
        with self._lock:  # one camera read at a time
            frame = self.camera.read()
        if frame is None:
            raise CompanionError("the camera gives no picture (camera lost)")
        count = self.vp.count_board(frame, self.layout, self.pieces)
        agreed = self._agree(count)
        picture = _downscale(self.vp.annotate_board(frame, count))
        return BoardRead(
            picture,
            agreed,
            bool(getattr(count, "ok", True)),
            str(getattr(count, "reason", "") or ""),
            [str(w) for w in getattr(count, "warnings", [])],
        )

    def _agree(self, count: Any) -> dict[str, Any] | None:
        if not getattr(count, "ok", True):
            if self.watcher is not None:
                self._feed(count)
            return None
        if self.watcher is None:
            return _ponds_json(count)
        board = self._feed(count)
        return None if board is None else _ponds_json(board)

    def _feed(self, count: Any) -> Any:
        for name in ("feed", "add", "update", "push"):
            fn = getattr(self.watcher, name, None)
            if fn is not None:
                return fn(count)
        return count

    def _done(self, read: BoardRead | None) -> None:
        if not self.running:
            return
        self.reads += 1
        if read is not None:
            self.on_read(read)
        self._next()

    def _failed(self, exc: BaseException) -> None:
        self.running = False
        self.on_error(str(exc))


def _takes_none(fn: Any) -> bool:
    import inspect

    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return bool(params) and params[0].default is not inspect.Parameter.empty


def _default_pieces(vp: Any) -> Any:
    from pathlib import Path

    path = Path(vp.__file__).resolve().parent.parent / "data" / "pieces-default.json"
    return vp.load_pieces(path)

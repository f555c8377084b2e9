"""A live camera preview that keeps its frame rate while a slow scan runs beside it.

Two chains of work on the ``ui.bridge`` worker pool, each handing its result to
the main thread and then starting its next step:

- the *reader* reads a frame, downscales it to the preview size (on the worker,
  so the main thread only uploads a small texture) and shows it;
- the *scanner* takes the newest full-resolution frame the reader has seen and
  runs ``process(frame)`` on it (tag reading, grid fit, voting), which may take
  far longer than a preview frame.

Only one camera read is ever in flight; when the main thread falls behind,
only the newest frame is drawn. ``fps`` is measured over the last
second of frames shown.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from ui.bridge import on_main_thread, run_in_background

#: The preview is never decoded larger than this (the display is 800 or 1280 wide).
PREVIEW_MAX_W = 800
PREVIEW_MAX_H = 480


def downscale(frame: Any, max_w: int = PREVIEW_MAX_W, max_h: int = PREVIEW_MAX_H) -> Any:
    """``frame`` scaled to fit (max_w, max_h), never enlarged (BGR uint8 in and out)."""
    import cv2

    h, w = frame.shape[:2]
    scale = min(max_w / w, max_h / h, 1.0)
    if scale >= 1.0 and w % 4 == 0:
        return frame
    # Rows a multiple of 4 pixels wide, as FrameView uploads them (other widths take a
    # slow upload path, or a second resize on the main thread).
    size = (max(4, int(w * scale) // 4 * 4), max(1, int(h * scale)))
    # INTER_AREA on a 4608x2592 frame costs ~25 ms; taking every n-th pixel first
    # (n = the whole part of the reduction) brings it to a few ms, and at preview
    # size the picture looks the same.
    step = int(1 / scale)
    if step >= 2:
        frame = frame[::step, ::step]
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA)


class CachedFrames:
    """Wraps a files source (the demo camera) so it behaves like a camera on a tripod.

    Each photo is decoded once and then given ``hold`` times in a row (about two
    seconds of preview), the way a real camera gives near-identical frames of a
    still table, so the overlay of a scan lies on the picture it was read from.
    Real cameras are passed through untouched; see ``cached``.
    """

    def __init__(self, source: Any, hold: int = 30, limit: int = 12) -> None:
        self.source = source
        self.hold = max(1, hold)
        self.limit = limit
        self.frames: list[Any] = []
        self.i = 0
        self.count = min(len(getattr(source, "paths", [])), limit)

    @property
    def lost(self) -> bool:
        return bool(getattr(self.source, "lost", False))

    def read(self) -> Any:
        k = self.i // self.hold
        self.i += 1
        if k < self.count and len(self.frames) <= k:
            frame = self.source.read()
            if frame is None:
                return None
            self.frames.append(frame)
        if not self.frames:
            return self.source.read()
        return self.frames[k % len(self.frames)]

    def close(self) -> None:
        self.frames.clear()


def cached(source: Any) -> Any:
    """The demo files source wrapped in ``CachedFrames``; any other source as it is."""
    if hasattr(source, "paths") and getattr(source, "loop", False):
        return CachedFrames(source)
    return source


class PreviewLoop:
    """Preview and scan chains; every callback runs on the main thread."""

    def __init__(
        self,
        camera: Any,
        show: Callable[[Any], Any],
        *,
        process: Callable[[Any], Any] | None = None,
        on_result: Callable[[Any], Any] | None = None,
        on_error: Callable[[str], Any] | None = None,
        size: tuple[int, int] = (PREVIEW_MAX_W, PREVIEW_MAX_H),
        scan_interval: float = 0.25,
    ) -> None:
        self.camera = camera
        self.show = show
        self.process = process
        self.on_result = on_result
        self.on_error = on_error
        self.size = size
        # At most one scan per ``scan_interval`` seconds: voting 5 frames still takes
        # about a second, and the preview keeps a core for itself on a 2- or 4-core Pi.
        self.scan_interval = scan_interval
        self._last_scan = 0.0
        self.running = False
        self.scanning = False
        self.latest: Any = None  # newest full frame, for the scanner
        self._latest_id = 0
        self._scanned_id = 0
        self._lock = threading.Lock()
        self._pending: Any = None
        self._pending_lock = threading.Lock()
        self.shown_times: deque[float] = deque(maxlen=120)
        self.frames_shown = 0
        self.scans_done = 0

    # --- control
    def start(self, scan: bool = True) -> None:
        if not self.running:
            self.running = True
            self._read_next()
        if scan and self.process is not None and not self.scanning:
            self.scanning = True
            self._scan_next()

    def stop_scan(self) -> None:
        self.scanning = False

    def stop(self) -> None:
        self.running = False
        self.scanning = False

    @property
    def fps(self) -> float:
        """Frames shown per second over the last second (0 before two frames)."""
        now = time.monotonic()
        recent = [t for t in self.shown_times if now - t <= 1.0]
        if len(recent) < 2:
            return 0.0
        span = recent[-1] - recent[0]
        return (len(recent) - 1) / span if span > 0 else 0.0

    # --- the reader chain
    # The next read is queued from the worker as soon as one is done, so the camera
    # never waits for the main thread to draw; frames go to the main thread as they come.
    def _read_next(self) -> None:
        if self.running:
            run_in_background(self._read, on_error=self._failed)

    def _read(self) -> None:
        with self._lock:
            frame = self.camera.read()
        if frame is None:
            raise RuntimeError("the camera gives no picture (camera lost)")
        self.latest = frame
        self._latest_id += 1
        small = downscale(frame, *self.size)
        # Only the newest frame is shown: if the main thread is behind, older ones are dropped.
        with self._pending_lock:
            idle = self._pending is None
            self._pending = small
        if idle:
            on_main_thread(self._shown)
        self._read_next()

    def _shown(self) -> None:
        with self._pending_lock:
            small, self._pending = self._pending, None
        if not self.running or small is None:
            return
        self.show(small)
        self.frames_shown += 1
        self.shown_times.append(time.monotonic())

    def _failed(self, exc: BaseException) -> None:
        if not self.running:
            return  # stopped while a read was in flight (the camera was closed): not an error
        self.stop()
        if self.on_error is not None:
            self.on_error(str(exc))

    # --- the scanner chain
    def _scan_next(self) -> None:
        if self.scanning and self.running:
            run_in_background(self._scan, on_done=self._scanned, on_error=self._scan_failed)

    def _scan(self) -> Any:
        wait = self._last_scan + self.scan_interval - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last_scan = time.monotonic()
        # Wait (briefly, on the worker) for a frame the scanner has not seen yet.
        for _ in range(200):
            if not self.scanning:
                return None
            if self._latest_id != self._scanned_id and self.latest is not None:
                break
            time.sleep(0.005)
        frame, self._scanned_id = self.latest, self._latest_id
        if frame is None or self.process is None:
            return None
        return self.process(frame)

    def _scanned(self, result: Any) -> None:
        if not self.scanning:
            return
        self.scans_done += 1
        if result is not None and self.on_result is not None:
            self.on_result(result)
        self._scan_next()

    def _scan_failed(self, exc: BaseException) -> None:
        if not self.scanning:
            return
        self.scanning = False
        if self.on_error is not None:
            self.on_error(str(exc))

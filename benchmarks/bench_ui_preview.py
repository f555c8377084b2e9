"""Preview frame rate of the Pondscape scan screen at 800x480 while a scan runs.

Builds the real app off-screen (as the screenshots walker does), opens the
Pondscape scan screen on a camera that delivers frames at a camera's pace
(30 fps by default, from the bundled demo photo, optionally upscaled to the
Camera Module 3's 4608x2592), keeps the scan voting forever, and counts the
frames the preview shows per second while the scan chain reads and places
tags beside it. Prints the numbers; not a test.

    KIVY_HOME=$(mktemp -d) KIVY_NO_ARGS=1 .venv/bin/python benchmarks/bench_ui_preview.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-bench-"))

from kivy.config import Config as KivyConfig

KivyConfig.set("graphics", "width", "800")
KivyConfig.set("graphics", "height", "480")

SECONDS = float(os.environ.get("BENCH_SECONDS", "8"))
CAMERA_FPS = 30.0


class PacedCamera:
    """A camera giving ``frame`` at ``fps`` (``read`` sleeps until the next frame is due)."""

    def __init__(self, frame: Any, fps: float = CAMERA_FPS) -> None:
        self.frame = frame
        self.period = 1.0 / fps
        self.next_t = time.monotonic()
        self.lost = False
        self.lock = threading.Lock()

    def read(self) -> Any:
        with self.lock:
            now = time.monotonic()
            if now < self.next_t:
                time.sleep(self.next_t - now)
            self.next_t = max(self.next_t + self.period, time.monotonic())
        return self.frame

    def close(self) -> None:
        pass


def run(app: Any, frame: Any, scan: bool, interval: float | None = None) -> dict[str, float]:
    from kivy.base import EventLoop

    scan_times: list[float] = []
    app.close_camera()
    app.camera_factory = lambda kind: PacedCamera(frame)
    screen = app.go("pondscape_scan", player="Ana")
    assert screen.loop is not None and screen.scanner is not None
    if interval is not None:
        screen.loop.scan_interval = interval
    if scan:
        screen.scanner.needed = 10**9  # keep voting for the whole measurement
        step = screen.scanner.step

        def timed(f: Any) -> Any:
            t = time.perf_counter()
            out = step(f)
            scan_times.append(time.perf_counter() - t)
            return out

        screen.scanner.step = timed  # type: ignore[method-assign]
    else:
        screen.loop.stop_scan()
    view = screen.ids.preview
    for _ in range(20):  # warm up: textures created, first frames in
        EventLoop.idle()
    shown0, scans0 = view.frames_shown, screen.loop.scans_done
    t0 = time.monotonic()
    cpu0 = time.thread_time()  # the main (UI) thread's own CPU time
    while time.monotonic() - t0 < SECONDS:
        EventLoop.idle()
    elapsed = time.monotonic() - t0
    ui_cpu = time.thread_time() - cpu0
    shown = view.frames_shown - shown0
    scans = screen.loop.scans_done - scans0
    screen.stop()
    app.go("home")
    return {
        "fps": shown / elapsed,
        "ui_ms_per_frame": ui_cpu / max(1, shown) * 1000,
        "scans_per_s": scans / elapsed,
        "scan_ms_median": statistics.median(scan_times) * 1000 if scan_times else 0.0,
    }


def main() -> int:
    import cv2
    from kivy.core.window import Window

    from ui.screenshots import build_demo_app
    from vision.frames import demo_folder, read_image

    photo = read_image(sorted(demo_folder("pondscape").glob("*.jpg"))[0])
    full = cv2.resize(photo, (4608, 2592), interpolation=cv2.INTER_CUBIC)
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as tmp:
        app = build_demo_app(Path(tmp))
        print(
            f"window {Window.size[0]}x{Window.size[1]}, camera paced at {CAMERA_FPS:.0f} fps, "
            f"{SECONDS:.0f} s per run, {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f} (other work on the machine slows every figure)"
        )
        for label, frame in (("demo photo", photo), ("Camera Module 3 size", full)):
            h, w = frame.shape[:2]
            idle = run(app, frame, scan=False)
            busy = run(app, frame, scan=True)
            flat = run(app, frame, scan=True, interval=0.0)
            print(f"{label} {w}x{h}:")
            print(
                f"  preview alone:          {idle['fps']:5.1f} fps "
                f"(UI thread {idle['ui_ms_per_frame']:.0f} ms CPU per frame shown)"
            )
            for name, r in (("while scanning", busy), ("scan unthrottled", flat)):
                print(
                    f"  preview {name:16s} {r['fps']:5.1f} fps "
                    f"({r['scans_per_s']:.1f} frames scanned/s, "
                    f"median scan {r['scan_ms_median']:.0f} ms, "
                    f"UI thread {r['ui_ms_per_frame']:.0f} ms CPU per frame shown)"
                )
        app.writer.flush()
        app.on_stop()
        app.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

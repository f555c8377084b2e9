"""The scan preview: frames keep coming while a slow scan runs beside them."""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np

from tests.ui.conftest import render
from ui.preview import CachedFrames, PreviewLoop, downscale


class StillCamera:
    def __init__(self) -> None:
        self.frame = np.zeros((1296, 2304, 3), dtype=np.uint8)
        self.lost = False
        self.reads = 0

    def read(self) -> Any:
        self.reads += 1
        time.sleep(0.005)
        return self.frame

    def close(self) -> None:
        pass


def test_pondscape_preview_keeps_showing_frames_while_a_scan_blocks(app: Any) -> None:
    release = threading.Event()
    shown: list[tuple[int, ...]] = []

    def slow_scan(frame: Any) -> str:
        release.wait(5)  # a scan far slower than a preview frame
        return "scanned"

    results: list[str] = []
    loop = PreviewLoop(
        StillCamera(),
        lambda small: shown.append(small.shape),
        process=slow_scan,
        on_result=results.append,
    )
    loop.scan_interval = 0.0
    loop.start()
    try:
        end = time.monotonic() + 5
        while len(shown) < 8 and time.monotonic() < end:
            render(app, 1)
        assert len(shown) >= 8  # the preview ran on while the scan was stuck
        assert results == [] and loop.scans_done == 0
        assert shown[0] == (450, 800, 3)  # downscaled on the worker, aspect kept
        release.set()
        end = time.monotonic() + 5
        while not results and time.monotonic() < end:
            render(app, 1)
        assert results[0] == "scanned"
    finally:
        release.set()
        loop.stop()
        render(app, 2)


def test_pondscape_preview_downscale_and_demo_hold() -> None:
    frame = np.zeros((2592, 4608, 3), dtype=np.uint8)
    assert downscale(frame, 800, 480).shape == (450, 800, 3)
    assert downscale(frame, 1280, 720).shape == (720, 1280, 3)
    small = np.zeros((100, 200, 3), dtype=np.uint8)
    assert downscale(small) is small  # never enlarged

    class Files:
        paths = ("a", "b")
        loop = True

        def __init__(self) -> None:
            self.n = 0

        def read(self) -> Any:
            self.n += 1
            return np.full((2, 2, 3), self.n, dtype=np.uint8)

    source = Files()
    cam = CachedFrames(source, hold=3)
    values = [int(cam.read()[0, 0, 0]) for _ in range(9)]
    # Each photo is held like a still camera's frames, decoded once, then the loop repeats.
    assert values == [1, 1, 1, 2, 2, 2, 1, 1, 1]
    assert source.n == 2

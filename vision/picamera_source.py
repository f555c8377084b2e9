"""The Raspberry Pi camera through picamera2: the only module that imports it.

picamera2 is imported inside the functions below, so importing this module on
a machine without it costs nothing and fails nothing until the camera is chosen.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from companion.errors import HardwareError
from vision.frames import Frame, _SourceBase, as_frame


def camera_count() -> int:
    """How many cameras libcamera sees (0 when picamera2 is missing)."""
    try:
        from picamera2 import Picamera2
    except ImportError:
        return 0
    return len(Picamera2.global_camera_info())


class PiCameraSource(_SourceBase):
    """Still-quality frames from the Pi camera, in the product's BGR format."""

    def __init__(self, resolution: tuple[int, int] = (4608, 2592)) -> None:
        super().__init__()
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise HardwareError(
                "camera picamera2: the picamera2 package is not installed "
                "(sudo apt install python3-picamera2)"
            ) from exc
        try:
            self._cam: Any = Picamera2()
            # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's BGR.
            cfg = self._cam.create_still_configuration(
                main={"size": tuple(resolution), "format": "RGB888"}
            )
            self._cam.configure(cfg)
            self._cam.start()
        except Exception as exc:
            raise HardwareError(f"camera picamera2: cannot start the camera: {exc}") from exc

    def read(self) -> Frame | None:
        if self._closed or self._lost:
            return None
        try:
            image = self._cam.capture_array("main")
        except Exception:
            self._lost = True
            return None
        return as_frame(np.asarray(image)[:, :, :3], "picamera2")

    def close(self) -> None:
        if not self._closed:
            try:
                self._cam.stop()
                self._cam.close()
            except Exception:  # closing a camera that already went away is fine
                pass
        super().close()

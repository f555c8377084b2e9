"""Frame sources: the one place the camera pixel format is fixed.

Pixel format (every stage of ``vision`` expects it): a ``Frame`` is a numpy
``uint8`` array of shape ``(H, W, 3)`` in **BGR** channel order, C-contiguous,
which is what OpenCV reads and writes. Stages that want grey convert themselves.

A ``FrameSource`` gives frames one at a time:

- ``read() -> Frame | None``: the next frame, or ``None`` when the camera is
  lost or a files source has run out (``loop=False``). It never raises for a
  camera that went away: callers check ``source.lost`` and show it.
- ``close()`` is idempotent; every source is a context manager.

Implementations: ``FilesSource`` (a folder or list of image files, loops for
the demo), ``OpenCVSource`` (a ``cv2.VideoCapture`` device) and
``PiCameraSource`` (in ``vision.picamera_source``, the only module that imports
picamera2, and only when that camera is chosen). ``open_source`` picks one from
``config.camera.source``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TypeAlias, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import BadFileError, ConfigError, HardwareError

#: uint8 array (H, W, 3), BGR order. The one pixel format of the product.
Frame: TypeAlias = npt.NDArray[np.uint8]

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})

#: Where the bundled demo frames live, one folder per game.
DEMO_ROOT = Path(__file__).resolve().parent / "data" / "demo"
DEFAULT_DEMO = "pondscape"
DEFAULT_RESOLUTION = (4608, 2592)


def as_frame(image: npt.NDArray[Any], where: str = "image") -> Frame:
    """Return ``image`` in the product's pixel format (uint8, (H, W, 3), BGR).

    Grey (H, W) or (H, W, 1) and BGRA (H, W, 4) are converted; anything else
    is refused naming ``where``.
    """
    if image.dtype != np.uint8:
        raise BadFileError(f"{where}: pixels must be uint8, got {image.dtype}")
    if image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 1):
        image = cv2.cvtColor(image.reshape(image.shape[:2]), cv2.COLOR_GRAY2BGR)
    elif image.ndim == 3 and image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    elif not (image.ndim == 3 and image.shape[2] == 3):
        raise BadFileError(f"{where}: expected an (H, W, 3) image, got shape {image.shape}")
    if image.shape[0] == 0 or image.shape[1] == 0:
        raise BadFileError(f"{where}: the image is empty")
    return np.ascontiguousarray(image)


def read_image(path: str | Path) -> Frame:
    """Read an image file as a ``Frame``; ``BadFileError`` naming the file if unusable."""
    p = Path(path)
    if not p.is_file():
        raise BadFileError(f"{p}: no such image file")
    if p.stat().st_size == 0:
        raise BadFileError(f"{p}: the image file is empty")
    data = np.fromfile(str(p), dtype=np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise BadFileError(f"{p}: not a readable image (PNG, JPEG, ...)")
    return as_frame(image, str(p))


@runtime_checkable
class FrameSource(Protocol):
    """Anything that gives frames; see the module docstring for the contract."""

    @property
    def lost(self) -> bool:
        """True once the camera has gone away (``read`` then returns ``None``)."""
        ...

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class _SourceBase:
    """Shared context-manager and closed/lost bookkeeping."""

    def __init__(self) -> None:
        self._closed = False
        self._lost = False

    @property
    def lost(self) -> bool:
        return self._lost

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        self._closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _image_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)


class FilesSource(_SourceBase):
    """Frames from image files: a folder (its images, sorted by name) or a list.

    Loops forever when ``loop`` is true (the demo camera). A file that cannot
    be read is skipped; ``read`` returns ``None`` only when no file can be read.
    """

    def __init__(self, paths: str | Path | Iterable[str | Path], *, loop: bool = True) -> None:
        super().__init__()
        if isinstance(paths, str | Path):
            folder = Path(paths)
            if not folder.is_dir():
                raise HardwareError(f"{folder}: frames folder does not exist")
            files = _image_files(folder)
            if not files:
                raise HardwareError(f"{folder}: no image files in the frames folder")
        else:
            files = [Path(p) for p in paths]
            if not files:
                raise HardwareError("files source: no image files given")
        self.paths: list[Path] = files
        self.loop = loop
        self._next = 0
        self.last_error: str | None = None

    def read(self) -> Frame | None:
        if self._closed:
            return None
        tried = 0
        while tried < len(self.paths):
            if self._next >= len(self.paths):
                if not self.loop:
                    return None
                self._next = 0
            path = self.paths[self._next]
            self._next += 1
            tried += 1
            try:
                return read_image(path)
            except BadFileError as exc:
                self.last_error = str(exc)
        self._lost = True
        return None


class OpenCVSource(_SourceBase):
    """A ``cv2.VideoCapture`` device (USB webcam). Lost state on failure, no crash."""

    def __init__(self, index: int = 0, resolution: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.index = index
        self._cap = cv2.VideoCapture(index)
        if not self._cap.isOpened():
            self._cap.release()
            raise HardwareError(f"camera opencv:{index}: cannot open the video device")
        if resolution is not None:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, resolution[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, resolution[1])

    def read(self) -> Frame | None:
        if self._closed or self._lost:
            return None
        try:
            ok, image = self._cap.read()
        except cv2.error:
            ok, image = False, None
        if not ok or image is None:
            self._lost = True
            return None
        return as_frame(image, f"opencv:{self.index}")

    def close(self) -> None:
        if not self._closed:
            self._cap.release()
        super().close()


def demo_folder(game: str = DEFAULT_DEMO) -> Path:
    """The folder of bundled demo frames for ``game`` ("pondscape", "pond")."""
    folder = DEMO_ROOT / game
    if not folder.is_dir() or not _image_files(folder):
        raise HardwareError(f"no demo frames for {game!r} (looked in {folder})")
    return folder


def picamera_available() -> bool:
    """True when picamera2 can be imported and reports at least one camera."""
    if importlib.util.find_spec("picamera2") is None:
        return False
    try:
        from vision.picamera_source import camera_count

        return camera_count() > 0
    except Exception:  # a broken libcamera install means "no camera", not a crash
        return False


def _camera_section(config: Any) -> Any:
    return getattr(config, "camera", config)


def open_source(
    camera_config: Any = None,
    *,
    demo: str = DEFAULT_DEMO,
    source: str | None = None,
) -> FrameSource:
    """Open the frame source the config asks for.

    ``camera_config`` is the ``Config`` or its ``camera`` section (anything with
    ``source`` and ``resolution``); ``source`` overrides its ``source``.
    Choices: "auto" (picamera2 when it imports and a camera is present, else
    the demo), "demo" (the bundled frames of ``demo``'s game), "files:FOLDER",
    "opencv:N", "picamera2". Raises ``ConfigError`` for an unknown choice and
    ``HardwareError`` for a camera that cannot be opened.
    """
    cam = _camera_section(camera_config) if camera_config is not None else None
    choice = source or (getattr(cam, "source", None) if cam is not None else None) or "auto"
    resolution = tuple(getattr(cam, "resolution", DEFAULT_RESOLUTION) or DEFAULT_RESOLUTION)
    res = (int(resolution[0]), int(resolution[1]))
    if choice == "auto":
        choice = "picamera2" if picamera_available() else "demo"
    if choice == "demo":
        return FilesSource(demo_folder(demo), loop=True)
    if choice.startswith("files:"):
        folder = choice[len("files:") :]
        if not folder:
            raise ConfigError("camera.source: 'files:' needs a folder, e.g. files:/home/pi/frames")
        return FilesSource(Path(folder).expanduser(), loop=True)
    if choice.startswith("opencv:"):
        try:
            index = int(choice[len("opencv:") :])
        except ValueError:
            raise ConfigError(f"camera.source: {choice!r}: expected opencv:N, N a number") from None
        return OpenCVSource(index, res)
    if choice == "picamera2":
        from vision.picamera_source import PiCameraSource

        return PiCameraSource(res)
    raise ConfigError(
        f"camera.source: unknown source {choice!r} "
        "(auto, demo, picamera2, opencv:N or files:FOLDER)"
    )


def frames_from(source: FrameSource, count: int) -> Sequence[Frame]:
    """Up to ``count`` frames from ``source`` (fewer if it is lost or runs out)."""
    out: list[Frame] = []
    for _ in range(count):
        frame = source.read()
        if frame is None:
            break
        out.append(frame)
    return out

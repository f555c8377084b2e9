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
``config.camera.source``. A source that also has an ``ExposureControl`` (the Pi camera)
lets the Pond scan bias its exposure.
"""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import struct
import sys
import tempfile
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol, Self, TypeAlias, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import BadFileError, ConfigError, HardwareError
from companion.files import atomic_write_bytes

if TYPE_CHECKING:
    from vision.white_balance import WhiteBalance

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


#: Most pixels an image may decode to: twice the 12 MP of Camera Module 3 (4608 x 2592),
#: 72 MB as BGR. A 20000 x 20000 PNG of 48 KB would otherwise decode to 1.2 GB.
MAX_IMAGE_PIXELS = 25_000_000
#: Fewest pixels on the short side: a QR tag (21 modules + quiet zone) or a 4x4 ArUco
#: marker (6 cells + border) needs at least this many to be read at all.
MIN_IMAGE_SIDE = 32
#: Biggest image file read (a 12 MP JPEG is 3-8 MB, a PNG of it up to 40 MB).
MAX_IMAGE_BYTES = 64 * 1024 * 1024

_STDERR_LOCK = threading.Lock()


def read_image(path: str | Path, *, grey: bool = False) -> Frame:
    """Read an image file as a ``Frame``; ``BadFileError`` naming the file if unusable.

    ``grey=True`` returns the grey (H, W) image instead, decoded straight to grey
    (what the tag readers work on: no colour frame to convert, a third of the memory).

    PNG, JPEG, BMP, WebP or TIFF only. The size is read from the file's header and
    checked *before* decoding: more than ``MAX_IMAGE_PIXELS`` pixels, or a side under
    ``MIN_IMAGE_SIDE``, is refused without decoding. Decoding is ``cv2.imread`` with
    file descriptor 2 pointed elsewhere, so libpng's, libjpeg's and OpenCV's own
    warnings never reach the terminal; a ``cv2.error`` is one line naming the file.
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError as exc:
        reason = "no such image file" if isinstance(exc, FileNotFoundError) else exc.strerror
        raise BadFileError(f"{p}: {reason or 'cannot read the image file'}") from None
    if not stat.S_ISREG(st.st_mode):
        raise BadFileError(f"{p}: not a regular file")
    if st.st_size == 0:
        raise BadFileError(f"{p}: the image file is empty")
    if st.st_size > MAX_IMAGE_BYTES:
        raise BadFileError(f"{p}: {st.st_size} bytes, more than the {MAX_IMAGE_BYTES} allowed")
    try:
        with open(p, "rb") as fh:
            size = _image_size(fh)
    except OSError as exc:
        raise BadFileError(f"{p}: cannot read the image file ({exc.strerror or exc})") from None
    if size is None:
        raise BadFileError(f"{p}: not a readable image (PNG, JPEG, BMP, WebP or TIFF)")
    width, height = size
    if width * height > MAX_IMAGE_PIXELS:
        raise BadFileError(
            f"{p}: {width}x{height} is {width * height / 1e6:.0f} MP, more than the "
            f"{MAX_IMAGE_PIXELS / 1e6:.0f} MP allowed (resize the photo)"
        )
    if min(width, height) < MIN_IMAGE_SIDE:
        raise BadFileError(
            f"{p}: {width}x{height} is too small to hold a tag or a marker "
            f"(at least {MIN_IMAGE_SIDE} pixels a side)"
        )
    image, said = _decode_quietly(p, cv2.IMREAD_GRAYSCALE if grey else cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        detail = _OPENCV_LOG_PREFIX.sub("", said[-1])[:160] if said else ""
        raise BadFileError(f"{p}: not a readable image" + (f" ({detail})" if detail else ""))
    if min(image.shape[:2]) < MIN_IMAGE_SIDE:  # pragma: no cover - the header said otherwise
        raise BadFileError(f"{p}: too small to hold a tag or a marker")
    if grey:
        return np.ascontiguousarray(image)
    return as_frame(image, str(p))


#: What decoders write to stderr by themselves (libpng, libjpeg, libtiff, OpenCV's log).
_DECODER_NOISE = re.compile(
    r"^(libpng |\[ ?(WARN|ERROR|INFO)|OpenCV\(|TIFF|Corrupt JPEG|Premature end of JPEG"
    r"|Invalid (SOS|JPEG)|Bogus|Unsupported marker|Not a JPEG|Warning: unknown JFIF"
    r"|JPEG datastream|Huffman|Quantization table|Insufficient memory|Wrong JPEG)"
)


#: OpenCV's log prefix ("[ WARN:0@0.094] global grfmt_tiff.cpp:811 readData "): its clock
#: and source line mean nothing to a player, and the clock made the message differ each run.
_OPENCV_LOG_PREFIX = re.compile(
    r"^\[ ?(WARN|ERROR|INFO)[^\]]*\]\s*(global\s+)?([\w.]+:\d+\s+\w+\s+)?"
)


def _decode_quietly(
    p: Path, flags: int = cv2.IMREAD_COLOR
) -> tuple[npt.NDArray[Any] | None, list[str]]:
    """``cv2.imread`` with fd 2 caught: the decoders' own lines are kept back (returned), any
    other line written meanwhile (another thread's log) is passed on to stderr."""
    with _STDERR_LOCK, tempfile.TemporaryFile() as sink:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        said: list[str] = []
        try:
            image = cv2.imread(str(p), flags)
        except cv2.error as exc:
            image = None
            said = [ln.strip() for ln in str(exc).splitlines() if ln.strip()][-1:]
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        sink.seek(0)
        caught = sink.read(1 << 16).decode("utf-8", "replace").splitlines()
    others = [ln for ln in caught if ln.strip() and not _DECODER_NOISE.match(ln.strip())]
    if others:
        sys.stderr.write("\n".join(others) + "\n")
    noise = [ln.strip() for ln in caught if ln.strip() and _DECODER_NOISE.match(ln.strip())]
    return image, noise + said


def _image_size(fh: BinaryIO) -> tuple[int, int] | None:
    """(width, height) from a PNG, JPEG, BMP, WebP or TIFF header; None for anything else."""
    head = fh.read(32)
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(fh)
    if head.startswith(b"BM") and len(head) >= 26:
        if int.from_bytes(head[14:18], "little") == 12:
            return int.from_bytes(head[18:20], "little"), int.from_bytes(head[20:22], "little")
        w = int.from_bytes(head[18:22], "little", signed=True)
        h = int.from_bytes(head[22:26], "little", signed=True)
        return abs(w), abs(h)
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _webp_size(head + fh.read(8))
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff_size(fh, "<" if head[:2] == b"II" else ">")
    return None


def _jpeg_size(fh: BinaryIO) -> tuple[int, int] | None:
    fh.seek(2)
    for _ in range(1000):  # a JPEG has a few dozen segments before its frame header
        marker = fh.read(2)
        while marker[:1] == b"\xff" and marker[1:] == b"\xff":  # fill bytes
            marker = marker[1:] + fh.read(1)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            continue  # markers without a length
        length = int.from_bytes(fh.read(2), "big")
        if length < 2:
            return None
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            data = fh.read(5)
            if len(data) < 5:
                return None
            return int.from_bytes(data[3:5], "big"), int.from_bytes(data[1:3], "big")
        fh.seek(length - 2, os.SEEK_CUR)
    return None


def _webp_size(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8 " and len(head) >= 30:
        w = int.from_bytes(head[26:28], "little") & 0x3FFF
        return w, int.from_bytes(head[28:30], "little") & 0x3FFF
    if chunk == b"VP8L" and len(head) >= 25:
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(head) >= 30:
        w = int.from_bytes(head[24:27], "little") + 1
        return w, int.from_bytes(head[27:30], "little") + 1
    return None


def _tiff_size(fh: BinaryIO, order: str) -> tuple[int, int] | None:
    fh.seek(4)
    (offset,) = struct.unpack(order + "I", fh.read(4))
    fh.seek(offset)
    raw = fh.read(2)
    if len(raw) < 2:
        return None
    (count,) = struct.unpack(order + "H", raw)
    found: dict[int, int] = {}
    for _ in range(min(count, 512)):
        entry = fh.read(12)
        if len(entry) < 12:
            break
        tag, kind = struct.unpack(order + "HH", entry[:4])
        if tag in (256, 257):
            fmt = "H" if kind == 3 else "I"
            found[tag] = struct.unpack(order + fmt, entry[8 : 8 + struct.calcsize(fmt)])[0]
    if 256 in found and 257 in found:
        return found[256], found[257]
    return None


def write_image(path: str | Path, image: npt.NDArray[Any]) -> None:
    """Write ``image`` as PNG or JPEG (by the name) atomically; ``BadFileError`` naming it."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".png", ".jpg", ".jpeg"):
        raise BadFileError(f"{p}: cannot write the image: name it .png or .jpg")
    try:
        ok, data = cv2.imencode(suffix, image)
    except cv2.error as exc:
        raise BadFileError(f"{p}: cannot encode the image ({str(exc).strip()[-120:]})") from None
    if not ok:
        raise BadFileError(f"{p}: cannot encode the image")
    atomic_write_bytes(p, data.tobytes())


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


@runtime_checkable
class ExposureControl(Protocol):
    """A source whose exposure can be biased (the Pi camera): ``exposure_value`` is the
    auto exposure's bias in stops (EV; 0 its own choice, -1 half the light) that the next
    frames are taken at; ``set_exposure_value`` changes it and returns once frames taken at
    it come through. The Pond scan lowers it when the markers' paper is cut at white
    (``vision.pond.exposure.next_exposure_value``). Files and OpenCV sources have none."""

    @property
    def exposure_value(self) -> float: ...

    def set_exposure_value(self, ev: float) -> None: ...


@runtime_checkable
class FocusControl(Protocol):
    """A source that can focus itself (the Pi Camera Module 3's autofocus): ``focus()`` runs
    one autofocus cycle and says whether it found a sharp picture. The Pond scan asks for it
    when a photo is refused as out of focus."""

    def focus(self) -> bool: ...


@runtime_checkable
class WhiteBalanceControl(Protocol):
    """A source whose white balance can be read and held (the Pi camera):
    ``white_balance()`` is what its auto white balance chose for the frames now coming
    (``vision.white_balance.WhiteBalance``, None when it does not say);
    ``hold_white_balance(wb)`` holds those gains for the next frames (auto off), or gives the
    judgement back to the camera (None), and returns once frames taken so come through;
    False when the camera refused. The Pond camera holds the empty-board photo's for the
    game's photos (``ui.pond_camera.hold_white_balance_for``)."""

    def white_balance(self) -> WhiteBalance | None: ...

    def hold_white_balance(self, wb: WhiteBalance | None) -> bool: ...


class _SourceBase:
    """Shared context-manager and closed/lost bookkeeping."""

    def __init__(self) -> None:
        self._closed = False
        self._lost = False
        #: What the owner should know about this source's pictures, said by the screens that
        #: use them (the Pi camera: its tone curve could not be set); empty for most sources.
        self.notes: list[str] = []

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

        ev = float(getattr(cam, "exposure_value", 0.0) or 0.0) if cam is not None else 0.0
        return PiCameraSource(res, exposure_value=ev)
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

"""Frame sources: one pixel format (uint8 (H, W, 3) BGR), a lost camera is a state, not a crash."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from companion.errors import BadFileError, ConfigError, HardwareError
from vision.frames import (
    DEMO_ROOT,
    FilesSource,
    FrameSource,
    as_frame,
    open_source,
    read_image,
)


def _write(path: Path, value: int, shape: tuple[int, int] = (40, 60)) -> Path:
    img = np.full((*shape, 3), value, np.uint8)
    img[0, 0] = (255, 0, 0)  # blue in BGR
    assert cv2.imwrite(str(path), img)
    return path


def test_read_image_gives_bgr_uint8(tmp_path: Path) -> None:
    frame = read_image(_write(tmp_path / "a.png", 10))
    assert frame.dtype == np.uint8 and frame.shape == (40, 60, 3)
    assert tuple(frame[0, 0]) == (255, 0, 0)  # channel 0 is blue: BGR, OpenCV's order


@pytest.mark.parametrize(
    ("content", "words"),
    [(None, "no such image file"), (b"", "empty"), (b"not an image", "not a readable image")],
)
def test_read_image_bad_file_names_it(tmp_path: Path, content: bytes | None, words: str) -> None:
    path = tmp_path / "bad.jpg"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(BadFileError, match=words) as err:
        read_image(path)
    assert str(path) in str(err.value)


def test_as_frame_converts_grey_and_bgra() -> None:
    assert as_frame(np.zeros((5, 7), np.uint8)).shape == (5, 7, 3)
    assert as_frame(np.zeros((5, 7, 4), np.uint8)).shape == (5, 7, 3)
    with pytest.raises(BadFileError):
        as_frame(np.zeros((5, 7), np.float32))


def test_files_source_loops_over_a_folder(tmp_path: Path) -> None:
    for i in range(2):
        _write(tmp_path / f"{i}.png", 50 * (i + 1))
    with FilesSource(tmp_path) as src:
        assert isinstance(src, FrameSource)
        values = [int(src.read()[5, 5, 1]) for _ in range(5)]  # type: ignore[index]
    assert values == [50, 100, 50, 100, 50]


def test_files_source_without_loop_ends_with_none(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.png", 1)
    src = FilesSource([a], loop=False)
    assert src.read() is not None
    assert src.read() is None
    src.close()
    src.close()  # idempotent
    assert src.read() is None


def test_files_source_skips_unreadable_files_and_reports_lost(tmp_path: Path) -> None:
    good = _write(tmp_path / "good.png", 7)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"")
    src = FilesSource([bad, good])
    assert src.read() is not None
    assert src.last_error is not None and "bad.png" in src.last_error
    only_bad = FilesSource([bad])
    assert only_bad.read() is None and only_bad.lost


def test_open_source_demo_serves_the_pondscape_frames() -> None:
    cfg = SimpleNamespace(camera=SimpleNamespace(source="demo", resolution=(4608, 2592)))
    with open_source(cfg) as src:
        frame = src.read()
    assert frame is not None and frame.dtype == np.uint8 and frame.shape == (1296, 2304, 3)
    assert sorted(p.name for p in (DEMO_ROOT / "pondscape").glob("*.jpg")) == [
        "pond-1.jpg",
        "pond-2.jpg",
        "pond-3.jpg",
    ]


def test_open_source_auto_without_picamera2_is_the_demo() -> None:
    with open_source(SimpleNamespace(source="auto", resolution=(640, 480))) as src:
        assert isinstance(src, FilesSource)
    assert "picamera2" not in sys.modules  # imported only when chosen


def test_open_source_files_folder(tmp_path: Path) -> None:
    _write(tmp_path / "x.png", 3)
    with open_source(None, source=f"files:{tmp_path}") as src:
        assert src.read() is not None


def test_open_source_demo_of_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(HardwareError, match="no demo frames for 'chess'"):
        open_source(None, source="demo", demo="chess")


@pytest.mark.parametrize("bad", ["webcam", "opencv:x", "files:"])
def test_open_source_unknown_choice_is_a_config_error(bad: str) -> None:
    with pytest.raises(ConfigError, match=r"camera\.source"):
        open_source(None, source=bad)


def test_open_source_missing_camera_is_a_hardware_error() -> None:
    with pytest.raises(HardwareError, match="opencv:57"):
        open_source(None, source="opencv:57")
    with pytest.raises(HardwareError, match="picamera2"):
        open_source(None, source="picamera2")

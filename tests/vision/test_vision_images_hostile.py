"""The image reader and the image and sheet writers against hostile files (#12 defects 5, 11)."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.errors import BadFileError
from vision import frames
from vision.frames import read_image, write_image


def _png_claiming(tmp_path: Path, width: int, height: int) -> Path:
    """A small valid PNG whose header claims ``width`` x ``height`` (CRC fixed)."""
    path = tmp_path / "claims.png"
    assert cv2.imwrite(str(path), np.zeros((64, 64, 3), np.uint8))
    data = bytearray(path.read_bytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))
    return path


def test_read_image_caps_pixels_before_decoding(tmp_path: Path) -> None:
    """A 48 KB PNG of 20000x20000 decoded to 1.2 GB (2.4 GB peak) before."""
    path = _png_claiming(tmp_path, 20000, 20000)
    code = textwrap.dedent(
        f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from vision.frames import read_image
        try:
            read_image({str(path)!r})
        except Exception as exc:
            print(type(exc).__name__, exc)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.startswith("BadFileError ")
    assert "20000x20000 is 400 MP, more than the 25 MP allowed" in out.stdout
    assert out.stderr == ""


@pytest.mark.parametrize("shape", [(1, 5000), (5000, 1), (20, 400), (31, 31)])
def test_read_image_refuses_images_too_small_for_a_tag(
    tmp_path: Path, shape: tuple[int, int]
) -> None:
    """5000x1 images tripped OpenCV assertions in the scanners."""
    path = tmp_path / "thin.png"
    assert cv2.imwrite(str(path), np.zeros((*shape, 3), np.uint8))
    with pytest.raises(BadFileError, match="too small to hold a tag or a marker"):
        read_image(path)


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".webp", ".tif"])
def test_read_image_reads_every_documented_format(tmp_path: Path, suffix: str) -> None:
    image = np.zeros((48, 80, 3), np.uint8)
    image[:, :40] = (200, 100, 50)
    path = tmp_path / f"ok{suffix}"
    assert cv2.imwrite(str(path), image)
    assert read_image(path).shape == (48, 80, 3)


def test_read_image_silences_the_decoders_own_lines(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """libjpeg's "Premature end of JPEG file" reached the terminal before."""
    path = tmp_path / "cut.jpg"
    rng = np.random.default_rng(5)
    assert cv2.imwrite(str(path), rng.integers(0, 255, (120, 160, 3)).astype(np.uint8))
    path.write_bytes(path.read_bytes()[:-400])
    read_image(path)
    path.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 200)
    with pytest.raises(BadFileError):
        read_image(path)
    assert capfd.readouterr().err == ""


def test_read_image_cv2_error_is_one_line_and_other_lines_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.png"
    assert cv2.imwrite(str(path), np.zeros((40, 40, 3), np.uint8))

    def failing(name: str, flags: int) -> Any:
        os.write(2, b"libpng warning: iCCP: known incorrect sRGB profile\n")
        os.write(2, b"another thread's log line\n")
        raise cv2.error("OpenCV(5.0.0) loadsave.cpp:1: error: (-215:Assertion failed) x in 'y'")

    monkeypatch.setattr(frames.cv2, "imread", failing)
    with pytest.raises(BadFileError) as info:
        read_image(path)
    message = str(info.value)
    assert str(path) in message and "Assertion failed" in message and "\n" not in message
    assert capfd.readouterr().err == "another thread's log line\n"


@pytest.mark.parametrize(
    "content", [b"GIF89a" + b"\x00" * 100, b"not an image at all", b"\x89PNG\r\n\x1a\n"]
)
def test_read_image_unknown_or_broken_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(content)
    with pytest.raises(BadFileError, match="not a readable image"):
        read_image(path)


def test_read_image_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "photo.jpg"
    os.mkfifo(fifo)
    with pytest.raises(BadFileError, match="not a regular file"):
        read_image(fifo)


def test_write_image_is_atomic_and_refuses_symlinks(tmp_path: Path) -> None:
    victim = tmp_path / "sessions.sqlite"
    victim.write_bytes(b"precious")
    link = tmp_path / "seen.png"
    link.symlink_to(victim)
    with pytest.raises(BadFileError, match="symbolic link"):
        write_image(link, np.zeros((40, 40, 3), np.uint8))
    assert victim.read_bytes() == b"precious"
    out = tmp_path / "ok.jpg"
    write_image(out, np.zeros((40, 40, 3), np.uint8))
    assert read_image(out).shape == (40, 40, 3)


def test_markers_sheet_refuses_a_symlink_planted_on_the_stick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#12 defect 11: a markers-sheet export overwrote a stand-in for the store."""
    victim = tmp_path / "sessions.sqlite"
    victim.write_bytes(b"precious")
    link = tmp_path / "markers.pdf"
    link.symlink_to(victim)
    code = main(["markers", "sheet", "--out", str(link)])
    err = capsys.readouterr().err
    assert code == 2 and "symbolic link" in err and err.count("\n") == 1
    assert victim.read_bytes() == b"precious"
    good = tmp_path / "real.pdf"
    assert main(["markers", "sheet", "--out", str(good)]) == 0
    assert good.read_bytes().startswith(b"%PDF")


def test_read_image_names_the_decoders_reason_without_opencvs_log_prefix(tmp_path: Path) -> None:
    """A 32-bit float TIFF said "[ WARN:0@0.094] global grfmt_tiff.cpp:811 readData OpenCV
    TIFF: ..." before: a clock and a source line, different on every run."""
    path = tmp_path / "float.tif"
    assert cv2.imwrite(str(path), np.full((40, 60, 3), 0.5, np.float32))
    with pytest.raises(BadFileError) as info:
        read_image(path)
    message = str(info.value)
    assert message.startswith(f"{path}: not a readable image (")
    assert "32-bit samples" in message
    assert "WARN" not in message and ".cpp:" not in message and "\n" not in message

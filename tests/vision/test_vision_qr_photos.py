"""Real photographs of QR codes (ZXing's blackbox set, ../shared/testdata/qr-photos).

The issue asks for at least 92% read exactly; this reader (zxing-cpp, zbar as
the second opinion, then a global-threshold retry) reads 170 of the 179 (95.0%);
zxing-cpp alone reads 166 (92.7%).
"""

from __future__ import annotations

from pathlib import Path

from camera_testkit import QR_PHOTOS

from vision.frames import read_image
from vision.tags import read_tags


def _photos() -> list[tuple[Path, str]]:
    assert QR_PHOTOS.is_dir(), f"test data missing: {QR_PHOTOS} (shared/ beside the clone)"
    return [
        (png, png.with_suffix(".txt").read_bytes().decode("utf-8"))
        for png in sorted(QR_PHOTOS.glob("*/*.png"))
    ]


def test_tags_read_real_photos_at_least_92_percent() -> None:
    photos = _photos()
    assert len(photos) == 179
    exact = sum(
        1 for png, text in photos if any(r.payload == text for r in read_tags(read_image(png)))
    )
    assert exact / len(photos) >= 0.92
    assert exact >= 170, f"{exact} of {len(photos)} read exactly"  # the measured figure

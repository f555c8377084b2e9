"""Printed material: the tag sheet decodes tag by tag after rendering; the marker sheet detects."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.errors import BadFileError
from vision.catalog import tag_payloads
from vision.frames import read_image
from vision.sheets import QUIET_MODULES, marker_sheet_pdf, qr_modules, tag_sheet_pdf
from vision.tags import read_tags


def _render(pdf: Path, dpi: int) -> list[np.ndarray]:
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(prefix)], check=True)
    return [read_image(p) for p in sorted(pdf.parent.glob(prefix.name + "-*.png"))]


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", 16.0), ("letter", 12.0)])
def test_tag_sheet_render_decodes_every_tag(
    tmp_path: Path, catalog: Any, paper: str, size_mm: float
) -> None:
    payloads = tag_payloads(catalog)
    assert len(payloads) == 2 * 40 + 5
    pdf = tmp_path / "tags.pdf"
    pages = tag_sheet_pdf(payloads, pdf, size_mm=size_mm, paper=paper)
    images = _render(pdf, 150)
    assert len(images) == pages
    read: list[str] = []
    for img in images:
        reads = read_tags(img)
        read += [r.payload for r in reads]
        for r in reads:
            _assert_quiet_zone(img, r)
    assert sorted(read) == sorted(payloads)


def _assert_quiet_zone(img: np.ndarray, read: Any) -> None:
    """At least 4 modules of white around the symbol."""
    module = read.side_length / 21
    xs = [x for x, _ in read.corners]
    ys = [y for _, y in read.corners]
    grey = img[:, :, 0]
    pad = int(QUIET_MODULES * module * 0.9)
    x0, x1, y0, y1 = int(min(xs)), int(max(xs)), int(min(ys)), int(max(ys))
    ring = [
        grey[y0 - pad : y0 - 2, x0:x1],
        grey[y1 + 2 : y1 + pad, x0:x1],
        grey[y0:y1, x0 - pad : x0 - 2],
        grey[y0:y1, x1 + 2 : x1 + pad],
    ]
    assert all(part.size and part.min() > 200 for part in ring), read.payload


def test_tag_payload_printed_is_alphanumeric_version_1() -> None:
    assert len(qr_modules("PS:042:F")) == 21  # version 1
    with pytest.raises(BadFileError, match="GAME:CARD:SIDE"):
        qr_modules("PS:42:X")


def test_tag_sheet_refuses_absurd_sizes(tmp_path: Path) -> None:
    with pytest.raises(BadFileError, match="--size-mm"):
        tag_sheet_pdf(["PS:1:F"], tmp_path / "t.pdf", size_mm=3)


def test_marker_sheet_render_detects_ids_0_to_3(tmp_path: Path) -> None:
    pdf = tmp_path / "markers.pdf"
    assert marker_sheet_pdf(pdf, size_mm=50, paper="letter") == 1
    (img,) = _render(pdf, 72)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    _, ids, _ = detector.detectMarkers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    assert ids is not None and sorted(ids.flatten().tolist()) == [0, 1, 2, 3]

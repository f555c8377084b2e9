"""QR tag reading: accuracy on real photos and speed on camera frames, on one core.

Run: .venv/bin/python benchmarks/bench_tags.py

- ../shared/testdata/qr-photos (179 real photos, ZXing's blackbox set): share
  read exactly by this reader (zxing-cpp + zbar second opinion), zxing-cpp
  alone and zbar alone.
- read_tags on 4608x2592 and 2304x1296 synthetic frames with 20 tags: median ms.
"""

from __future__ import annotations

import os

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import importlib.util  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402

cv2.setNumThreads(1)

from vision.frames import read_image  # noqa: E402
from vision.tags import read_tags  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT.parent / "shared" / "testdata" / "qr-photos"


def _synth() -> object:
    spec = importlib.util.spec_from_file_location("pondscape_synth", ROOT / "tests/vision/synth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pondscape_synth"] = module
    spec.loader.exec_module(module)
    return module


def photos() -> None:
    items = [
        (read_image(p), p.with_suffix(".txt").read_bytes().decode("utf-8"))
        for p in sorted(PHOTOS.glob("*/*.png"))
    ]
    for label, decoder, second in (
        ("zxing-cpp + zbar second opinion (default)", "zxing", True),
        ("zxing-cpp alone", "zxing", False),
        ("zbar alone", "zbar", False),
    ):
        t = time.process_time()
        exact = sum(
            1
            for img, text in items
            if any(r.payload == text for r in read_tags(img, decoder, second_opinion=second))  # type: ignore[arg-type]
        )
        ms = (time.process_time() - t) * 1000 / len(items)
        print(
            f"qr-photos, {label}: {exact}/{len(items)} exactly ({100 * exact / len(items):.1f}%), "
            f"{ms:.1f} ms CPU a photo"
        )


def frames() -> None:
    synth = _synth()
    for label, kw in (
        ("4608x2592, 16 mm tags", {}),
        ("2304x1296, 26 mm tags", {"size": (2304, 1296), "tag_mm": 26.0}),
    ):
        cpu, wall = [], []
        for seed in range(500, 506):
            frame, answer = synth.make_scene(seed, **kw)  # type: ignore[attr-defined]
            assert len(read_tags(frame)) == len(answer.tag_centres) == 20
            for _ in range(5):
                t, c = time.perf_counter(), time.process_time()
                read_tags(frame)
                cpu.append(time.process_time() - c)
                wall.append(time.perf_counter() - t)
        print(
            f"read_tags {label}, 20 tags: median {statistics.median(cpu) * 1000:.1f} ms CPU "
            f"({statistics.median(wall) * 1000:.1f} ms wall)"
        )


if __name__ == "__main__":
    print(f"one core: cv2 threads = {cv2.getNumThreads()}; load average {os.getloadavg()[0]:.1f}")
    photos()
    frames()

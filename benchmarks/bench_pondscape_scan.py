"""Pondscape pond scan speed and accuracy, on one core.

Run: .venv/bin/python benchmarks/bench_pondscape_scan.py [--quick]

Prints the median time to read and place a 4608x2592 frame with 20 tags
(16 mm tags, camera tilt 0-35 degrees, any rotation), the same frame read by a
plain full-frame pyzbar pass, their ratio, the median for a 2304x1296 frame
(26 mm tags), and the share of cells right on degraded scenes.
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

from pyzbar import pyzbar  # noqa: E402

from vision.catalog import SAMPLE_CATALOG, load_catalog  # noqa: E402
from vision.pondscape_scan import scan_frame, scan_frames  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _synth() -> object:
    spec = importlib.util.spec_from_file_location("pondscape_synth", ROOT / "tests/vision/synth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pondscape_synth"] = module
    spec.loader.exec_module(module)
    return module


def _median_ms(fn: object, repeat: int) -> tuple[float, float]:
    """Median (CPU time, wall time) of one call, in ms. On one thread the CPU time
    is what the call needs whatever else the shared machine is doing."""
    cpu, wall = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def _med(pairs: list[tuple[float, float]]) -> str:
    cpu = statistics.median(p[0] for p in pairs)
    wall = statistics.median(p[1] for p in pairs)
    return f"{cpu:.1f} ms CPU ({wall:.1f} ms wall)"


def _cells_right(scan: object, answer: object) -> int:
    got = {cell: (p.number, p.side) for cell, p in scan.placements.items()}  # type: ignore[attr-defined]
    want = answer.cells()  # type: ignore[attr-defined]
    return sum(1 for r in range(3) for c in range(5) if want.get((r, c)) == got.get((r, c)))


def main() -> None:
    quick = "--quick" in sys.argv
    synth = _synth()
    catalog = load_catalog(SAMPLE_CATALOG)
    n_full = 4 if quick else 8
    print(
        f"one core: cv2 threads = {cv2.getNumThreads()}; load average {os.getloadavg()[0]:.1f}; "
        "times are CPU time (wall time in brackets)"
    )

    full_ms, zbar_qr_ms, zbar_all_ms, zbar_found = [], [], [], []
    for seed in range(200, 200 + n_full):
        frame, answer = synth.make_scene(seed)  # type: ignore[attr-defined]
        assert len(answer.tag_centres) == 20
        scan = scan_frame(frame, catalog)
        assert sum(len(v) for v in scan.placements.values()) == 15
        full_ms.append(_median_ms(lambda f=frame: scan_frame(f, catalog), 5))
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        zbar_found.append(len(pyzbar.decode(grey, symbols=[pyzbar.ZBarSymbol.QRCODE])))
        zbar_qr_ms.append(
            _median_ms(lambda g=grey: pyzbar.decode(g, symbols=[pyzbar.ZBarSymbol.QRCODE]), 3)
        )
        zbar_all_ms.append(_median_ms(lambda g=grey: pyzbar.decode(g), 1))
    full = statistics.median(p[0] for p in full_ms)
    zbar_all = statistics.median(p[0] for p in zbar_all_ms)
    zbar_qr = statistics.median(p[0] for p in zbar_qr_ms)
    print(f"4608x2592, 20 tags, read + placed: median {_med(full_ms)} over {n_full} scenes")
    print(f"4608x2592, plain full-frame pyzbar pass (all symbologies): median {_med(zbar_all_ms)}")
    print(
        f"4608x2592, full-frame pyzbar, QR only: median {_med(zbar_qr_ms)}; "
        f"it read {statistics.median(zbar_found):.0f} of 20 tags"
    )
    print(
        f"speed-up (CPU time): {zbar_all / full:.1f}x over plain pyzbar, "
        f"{zbar_qr / full:.1f}x over QR-only pyzbar"
    )

    half_ms = []
    for seed in range(300, 300 + n_full):
        frame, _ = synth.make_scene(seed, size=(2304, 1296), tag_mm=26.0)  # type: ignore[attr-defined]
        half_ms.append(_median_ms(lambda f=frame: scan_frame(f, catalog), 7))
    print(f"2304x1296, 20 tags, read + placed: median {_med(half_ms)}")

    demo = sorted((ROOT / "vision/data/demo/pondscape").glob("*.jpg"))
    demo_frames = [cv2.imread(str(p)) for p in demo]
    demo_ms = [_median_ms(lambda f=f: scan_frame(f, catalog), 7) for f in demo_frames]
    print(f"2304x1296 demo frames: median {_med(demo_ms)}")

    for label, size, tag, count in (
        ("4608x2592 16 mm", (4608, 2592), 16.0, 10 if quick else 30),
        ("2304x1296 26 mm", (2304, 1296), 26.0, 20 if quick else 60),
    ):
        right = total = 0
        for seed in range(400, 400 + count):
            frame, answer = synth.make_scene(  # type: ignore[attr-defined]
                seed, size=size, tag_mm=tag, degrade=True, empty=seed % 2
            )
            right += _cells_right(scan_frames([frame], catalog), answer)
            total += 15
        print(f"degraded {label}: {right}/{total} cells right ({100 * right / total:.1f}%)")


if __name__ == "__main__":
    main()

"""Pondscape scan speed on busy frames: textured card art and a wood table (issue 11).

Run: .venv/bin/python benchmarks/bench_pondscape_busy.py [--scenes N]

Frames come from the honest scene generator (tests/vision/pondscape_scenes.py: a
pinhole camera 40-90 cm away, tilt 0-35 degrees, busy card art, wood grain, Bayer
sensor noise). Prints, each as CPU time (what one core spends; the machine is
shared) with wall time beside it:

- ``scan_frame`` in-process on one thread, 4608x2592 with 16 mm tags and
  2304x1296 with 26 mm tags (median over scenes of the median of 5 runs);
- the same with OpenCV's default threads (does threading help?);
- the CLI's marginal time per frame (``scan pondscape`` on N BMP files minus on
  one, over N - 1) against a plain full-frame pyzbar pass on the same file
  (``cv2.imread`` + ``pyzbar.decode``, every symbology), and their ratio.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision")]

import cv2  # noqa: E402
import pondscape_scenes as ps  # noqa: E402
from pyzbar import pyzbar  # noqa: E402

from vision.catalog import SAMPLE_CATALOG, load_catalog  # noqa: E402
from vision.pondscape_scan import scan_frame  # noqa: E402


def _times(fn: object, repeat: int) -> tuple[float, float]:
    """Median (CPU, wall) of one call in ms."""
    cpu, wall = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def _fmt(pairs: list[tuple[float, float]]) -> str:
    cpu = statistics.median(p[0] for p in pairs)
    wall = statistics.median(p[1] for p in pairs)
    return f"median {cpu:.1f} ms CPU ({wall:.1f} ms wall)"


def _child(argv: list[str]) -> tuple[float, float]:
    """(CPU s, wall s) of a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenes", type=int, default=6)
    args = ap.parse_args()
    catalog = load_catalog(SAMPLE_CATALOG)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    sizes = {
        "4608x2592, 16 mm tags": ((4608, 2592), 16.0),
        "2304x1296, 26 mm tags": ((2304, 1296), 26.0),
    }
    bmp_dir = Path(tempfile.mkdtemp(prefix="bench-pondscape-"))
    bmps: list[Path] = []
    for label, (size, tag) in sizes.items():
        one, default, right, visible = [], [], 0, 0
        for i in range(args.scenes):
            frame, truth = ps.make_pond_scene(700 + i, size=size, tag_mm=tag)
            cv2.setNumThreads(1)
            scan = scan_frame(frame, catalog)
            got = {c: (p[0].number, p[0].side) for c, p in scan.placements.items() if len(p) == 1}
            right += sum(1 for c in truth.visible if got.get(c) == truth.cells[c])
            visible += len(truth.visible)
            one.append(_times(lambda f=frame: scan_frame(f, catalog), 5))
            cv2.setNumThreads(-1)
            default.append(_times(lambda f=frame: scan_frame(f, catalog), 5))
            if size[0] == 4608:
                path = bmp_dir / f"frame-{i}.bmp"
                cv2.imwrite(str(path), frame)
                bmps.append(path)
        cv2.setNumThreads(1)
        print(f"{label}: scan_frame, one thread: {_fmt(one)}; {right}/{visible} cells right")
        print(f"{label}: scan_frame, OpenCV's default threads: {_fmt(default)}")

    # The CLI: marginal time per frame, against a plain pyzbar pass on the same files.
    exe = str(Path(sys.executable).parent / "pond-companion")
    first = [exe, "scan", "pondscape", str(bmps[0])]
    every = [exe, "scan", "pondscape", *map(str, bmps)]
    _child(first)  # warm the file cache
    runs1 = [_child(first) for _ in range(5)]
    runsn = [_child(every) for _ in range(5)]
    n = len(bmps)
    marginal_cpu = (
        statistics.median(c for c, _ in runsn) - statistics.median(c for c, _ in runs1)
    ) / (n - 1)
    marginal_wall = (
        statistics.median(w for _, w in runsn) - statistics.median(w for _, w in runs1)
    ) / (n - 1)
    zbar = [
        _times(lambda p=p: pyzbar.decode(cv2.imread(str(p), cv2.IMREAD_GRAYSCALE)), 2) for p in bmps
    ]
    zbar_cpu = statistics.median(c for c, _ in zbar)
    zbar_wall = statistics.median(w for _, w in zbar)
    print(
        f"CLI scan pondscape, 4608x2592 BMP: marginal {marginal_cpu * 1000:.1f} ms CPU "
        f"({marginal_wall * 1000:.1f} ms wall) a frame over {n} files"
    )
    print(
        f"plain full-frame pyzbar pass on the same files (imread + decode): {zbar_cpu:.1f} ms CPU "
        f"({zbar_wall:.1f} ms wall)"
    )
    print(
        f"CLI speed-up per frame: {zbar_cpu / (marginal_cpu * 1000):.1f}x (CPU), "
        f"{zbar_wall / (marginal_wall * 1000):.1f}x (wall)"
    )
    for p in bmps:
        p.unlink()
    bmp_dir.rmdir()


if __name__ == "__main__":
    main()

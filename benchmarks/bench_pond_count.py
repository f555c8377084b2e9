"""Pond camera benchmark: speed and accuracy of counting the pieces in each pond.

Run: .venv/bin/python benchmarks/bench_pond_count.py [--degraded N] [--nominal N] [--hands N]

Measures, on synthetic 4608x2592 photos of the 13-pond side (tests/vision/pond/synth.py,
with their known answers):

- speed on one core (cv2.setNumThreads(1), process pinned to one CPU): the median time
  of ``count_board`` on frames with 60 pieces (target: under 250 ms);
- nominal photos (tilt up to 12 degrees, even light, light blur/noise, JPEG 92-95):
  scenes counted exactly (target: all);
- degraded photos (tilt up to 30 degrees, one side 40% darker, blur, noise, JPEG 60-85):
  share of (pond, faction) counts exact and of ponds whose control is right (targets:
  at least 99% each);
- photos with a hand and arm over the map: how many were wrongly reported as a board
  (target: none); photos with a marker hidden likewise.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cv2

ROOT = Path(__file__).resolve().parent.parent
FULL = (4608, 2592)


def _synth() -> Any:
    spec = importlib.util.spec_from_file_location(
        "pond_synth", ROOT / "tests" / "vision" / "pond" / "synth.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pond_synth"] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--degraded", type=int, default=30, help="degraded scenes (default 30)")
    parser.add_argument("--nominal", type=int, default=10, help="nominal scenes (default 10)")
    parser.add_argument("--hands", type=int, default=10, help="hand-occlusion scenes")
    args = parser.parse_args()

    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    synth = _synth()
    from companion.games.pond.layout import default_layout
    from vision.pond import count_board, read_pieces_file

    layout = default_layout(13)
    pieces = read_pieces_file()
    print(f"load average at start: {', '.join(f'{v:.2f}' for v in os.getloadavg())}")

    # Speed: five different frames, each counted five times after a warm-up.
    times: list[float] = []
    for seed in range(5):
        scene = synth.make_scene(layout, pieces, 900 + seed, size=FULL, quality=synth.DEGRADED)
        assert len(scene.pieces) == 60
        count_board(scene.image, layout, pieces)
        for _ in range(5):
            t = time.perf_counter()
            count_board(scene.image, layout, pieces)
            times.append(time.perf_counter() - t)
    times.sort()
    median = statistics.median(times) * 1000
    print(
        f"speed, 4608x2592, 13 ponds, 60 pieces, one core: median {median:.0f} ms"
        f" (min {times[0] * 1000:.0f}, max {times[-1] * 1000:.0f}, {len(times)} runs; target < 250)"
    )

    exact_scenes = 0
    for seed in range(args.nominal):
        scene = synth.make_scene(layout, pieces, 100 + seed, size=FULL, fwooog_on_pad=seed % 3 == 0)
        count = count_board(scene.image, layout, pieces)
        exact_scenes += count.ok and count.ponds == scene.answer
    print(f"nominal scenes counted exactly: {exact_scenes}/{args.nominal} (target: all)")

    exact = pairs = right = ponds = unusable = 0
    for seed in range(args.degraded):
        scene = synth.make_scene(
            layout,
            pieces,
            200 + seed,
            size=FULL,
            quality=synth.DEGRADED,
            fwooog_on_pad=seed % 3 == 0,
        )
        count = count_board(scene.image, layout, pieces)
        if not count.ok:
            unusable += 1
            got: dict[str, Any] = {}
        else:
            got = count.ponds
        e, p, r, n = synth.pair_accuracy(scene.answer, got)
        exact, pairs, right, ponds = exact + e, pairs + p, right + r, ponds + n
    print(
        f"degraded: (pond, faction) counts exact {exact}/{pairs} = {exact / pairs:.2%}; "
        f"pond control right {right}/{ponds} = {right / ponds:.2%}; "
        f"frames refused {unusable}/{args.degraded} (targets >= 99%)"
    )

    reported = 0
    for seed in range(args.hands):
        scene = synth.make_scene(
            layout, pieces, 300 + seed, size=FULL, quality=synth.DEGRADED, hand=True
        )
        reported += count_board(scene.image, layout, pieces).ok
    print(f"hand over the map reported as a board: {reported}/{args.hands} (target: 0)")

    reported = 0
    for marker in range(4):
        scene = synth.make_scene(layout, pieces, 400 + marker, size=FULL, hide_marker=marker)
        reported += count_board(scene.image, layout, pieces).ok
    print(f"marker hidden reported as a board: {reported}/4 (target: 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

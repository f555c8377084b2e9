"""The Pi camera's exposure steered by the Pond map's own white paper, on the realistic
scene generator (tests/vision/pond/pond_scene3d.py).

A camera whose auto exposure puts the map brighter or darker than the usual photo is
simulated: a frame taken at exposure value EV gathers LIGHT * 2**EV of the usual light,
drawn by the generator's ``exposure`` (the light on the sensor, cut at white after it).
Per board:

- **steered**: the empty-board photo is taken as the app takes it
  (``ui.pond_camera.photograph_empty_board``: again, half a stop apart, while its markers'
  paper is cut at white or too dark), then the game's frame at the EV the camera was left at;
  each frame is counted and ``ui.pond_camera.steer_exposure`` moves the EV as the scan does,
  until a frame leaves it where it was (at most 8 frames). That frame's count is scored.
- **as taken**: the same board counted from one frame at EV 0 against an empty-board photo
  at EV 0 (what the counter gave before the steering).

Scenarios (the light of the game's frames, and of the empty-board photo, against the usual
photo; 20 degrees of tilt unless ``--tilt``, the default condition's other settings):

- ``bright16``, ``bright20``, ``bright28``: both 1.6, 2.0, 2.8 (about +0.7, +1, +1.5 EV);
- ``lampup``: the frames 2.0, the empty board 1.0 (the lamp turned up after it);
- ``dark03``: both 0.3 (about -1.7 EV);
- ``glare``, ``brightglare``: the lamp's glare (0.85) on the frames, at the usual light and
  at 1.6 (the generator puts it over the board's middle, never on a marker).

Assumptions: the auto exposure's error is the same for every frame of a scenario, and its
bias is exact (a real camera's EV moves the exposure time and gains; the metadata check that
waits for it is not modelled); one frame a step (the scan's three agreeing frames are
frames at the same EV, with their own noise: not modelled, the counter's frame-to-frame
spread is the other benchmark's). Each board's frames differ only in their light.

    .venv/bin/python benchmarks/bench_pond_exposure_loop.py [--scenes N] [--seed S]
        [--only bright20,lampup,...] [--tilt 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tests" / "vision" / "pond")]
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-bench-"))
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")

import cv2  # noqa: E402
import pond_scene3d as s3  # noqa: E402
from bench_pond_camera3d import pieces_with_heights, wrong_ponds  # noqa: E402

from companion.games.pond.layout import default_layout  # noqa: E402
from ui.pond_camera import photograph_empty_board, steer_exposure  # noqa: E402
from vision.pond import count_board  # noqa: E402
from vision.pond.calibrate import board_raster  # noqa: E402
from vision.pond.reference import EmptyBoard  # noqa: E402

#: name: (the frames' light, the empty-board photo's light, the frames' other conditions).
SCENARIOS: dict[str, tuple[float, float, dict[str, Any]]] = {
    "bright16": (1.6, 1.6, {}),
    "bright20": (2.0, 2.0, {}),
    "bright28": (2.8, 2.8, {}),
    "lampup": (2.0, 1.0, {}),
    "dark03": (0.3, 0.3, {}),
    "glare": (1.0, 1.0, {"glare": 0.85}),
    "brightglare": (1.6, 1.6, {"glare": 0.85}),
}
TILT = 20.0
MAX_FRAMES = 8


class SimCamera:
    """A camera with an exposure control over one board's renders (cached per EV)."""

    def __init__(self, render: Any, light: float, ev: float = 0.0) -> None:
        self.render, self.light, self._ev = render, light, ev
        self.cache: dict[float, Any] = {}
        self.reads = 0

    @property
    def exposure_value(self) -> float:
        return self._ev

    def set_exposure_value(self, ev: float) -> None:
        self._ev = ev

    def read(self) -> Any:
        self.reads += 1
        if self._ev not in self.cache:
            self.cache[self._ev] = self.render(self.light * 2**self._ev)
        return self.cache[self._ev]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=4)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--only", default="", help="comma-separated: " + ",".join(SCENARIOS))
    ap.add_argument("--tilt", type=float, default=TILT, help=f"camera tilt (default {TILT:g})")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    size = (2304, 1296)
    layout = default_layout(13)
    pieces = pieces_with_heights()
    names = args.only.split(",") if args.only else list(SCENARIOS)
    print(
        f"Pond exposure steering: {args.scenes} boards a scenario at {size[0]}x{size[1]}, "
        f"{args.tilt:.0f} deg, seeds {args.seed}-{args.seed + args.scenes - 1}"
    )
    print(
        f"{'scenario':9s} | {'steered: exact':>20s} | refused | wrong (unnamed) | "
        f"{'as taken: exact':>20s} | refused | wrong (unnamed) | final EV | frames"
    )
    t0 = time.time()
    for name in names:
        light, empty_light, kw = SCENARIOS[name]
        tot = {"steered": [0] * 8, "taken": [0] * 8}
        evs: list[float] = []
        frames = 0
        for k in range(args.scenes):
            seed = args.seed + k

            def empty_render(e: float, seed: int = seed) -> Any:
                return s3.empty_board(layout, pieces, seed, size=size, exposure=e)

            def frame_render(e: float, seed: int = seed, kw: dict[str, Any] = kw) -> Any:
                return s3.make_scene3d(
                    layout, pieces, seed, size=size, tilt=args.tilt, exposure=e, **kw
                ).image

            scene = s3.make_scene3d(
                layout, pieces, seed, size=size, tilt=args.tilt, exposure=light, **kw
            )
            answer = scene.answer
            # as taken: both photos at EV 0
            raster, _, _ = board_raster(empty_render(empty_light), layout, pieces, "empty")
            count = count_board(scene.image, layout, pieces, EmptyBoard(raster, "e"))
            _score(tot["taken"], answer, count)
            # steered, as the app does it
            cam = SimCamera(empty_render, empty_light)
            empty, _ = photograph_empty_board(cam, layout, pieces)
            cam = SimCamera(frame_render, light, cam.exposure_value)
            cam.cache[0.0] = scene.image
            for _ in range(MAX_FRAMES):
                count = count_board(cam.read(), layout, pieces, empty)
                if steer_exposure(cam, count.paper) is None:
                    break
            _score(tot["steered"], answer, count)
            evs.append(cam.exposure_value)
            frames += cam.reads
        row = [f"{name:9s}"]
        for mode in ("steered", "taken"):
            e, p, w, s, *_, refused = tot[mode]
            share = 100 * e / max(p, 1)
            row.append(f"{e:5d}/{p:5d} = {share:6.2f}% | {refused:7d} | {w:5d} ({s:3d})")
        lo, hi = min(evs), max(evs)
        row.append(f"{lo:+.1f}..{hi:+.1f} | {frames / args.scenes:.1f}")
        print(" | ".join(row), flush=True)
    print(f"total {time.time() - t0:.0f} s")
    return 0


def _score(total: list[int], answer: dict[str, Any], count: Any) -> None:
    if not count.ok:
        total[7] += 1
        return
    for i, v in enumerate(wrong_ponds(answer, count)):
        total[i] += v


if __name__ == "__main__":
    raise SystemExit(main())

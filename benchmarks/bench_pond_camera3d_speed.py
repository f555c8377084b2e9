"""Pond counting speed on the realistic scene generator, with the empty-board reference.

The path a table uses (pieces with heights, the reference photo): the CPU time of one
``count_board`` call on one core (``cv2.setNumThreads(1)``, the process pinned to one CPU),
median over 4 scenes x 3 runs (busy art, 20 degrees, 40 pieces and lilypads; seeds 100-103)
at 2304x1296 and 4608x2592. ``bench_pond_count.py`` times the flat path (no reference).
Two of its stages are timed on their own as well, median over the same runs: the focus
check (``vision.focus.out_of_focus`` on the markers found) and the broad-shadow level
(``vision.pond.reference._shade``, on the board rasters). ``--taper T``: every frog and
Long Fwooog drawn as a frustum whose top is T of its base, and the counter told so (the
pieces file's ``top_ratio``). ``--exposure E``: E times the usual light reaching the sensor,
the empty-board photo too (1.6 is about +0.7 EV: a brighter photo, whose colours cut at white
are judged, ``vision.pond.clipped``). ``--glare G``: the lamp's glare peaking at G (0.85 in the
accuracy sweep); ``--tone power``: the light worked in linear light and the picture made by
the power law the Pi camera is given, the pieces' colours calibrated through it (with glare:
the pieces it washed out looked for again, ``vision.pond.glare_out``). ``--warm W`` and
``--gain G``: the evening's warmer light (0.15) and the sensor's gain (4), so with glare the
glare undone under a light's cast. ``--haze H``: a veil of stray light, H of white's, over the
game's photo (``vision.pond.tones.cleared`` takes it out). ``--owners-tone T``: the
empty-board photo and the colours' through tone T, the game's through ``--tone`` (``--tone
ccm36 --owners-tone ccm``: the Pi camera's white balance moved, ``vision.pond.mixing``).
``--warm-in-sensor``: with ``--tone ccm``, the ``--warm`` lamp a gain per channel in the
sensor's colours (a lamp changed while the camera holds the owner's photo's white balance,
``camera_model.sensor_light``: a mixing too).

    .venv/bin/python benchmarks/bench_pond_camera3d_speed.py [--seeds N] [--tilt DEG]
        [--taper T] [--exposure E] [--glare G] [--tone power] [--warm W] [--gain G]
        [--haze H] [--owners-tone T] [--warm-in-sensor]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision" / "pond"), str(ROOT / "tests" / "vision")]

import cv2  # noqa: E402
import pond_scene3d as s3  # noqa: E402

from companion.games.pond.layout import default_layout  # noqa: E402
from vision.focus import out_of_focus  # noqa: E402
from vision.markers import detect_markers  # noqa: E402
from vision.pond import count_board, read_pieces_file  # noqa: E402
from vision.pond.calibrate import board_raster, calibrate_colours  # noqa: E402
from vision.pond.geometry import marker_size_mm  # noqa: E402
from vision.pond.model import board_model  # noqa: E402
from vision.pond.reference import EmptyBoard, _shade  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=4, help="scenes per size (default 4)")
    ap.add_argument("--tilt", type=float, default=20.0, help="camera tilt, degrees (default 20)")
    ap.add_argument(
        "--taper", type=float, default=1.0, help="pieces' top against their base (default 1)"
    )
    ap.add_argument(
        "--exposure", type=float, default=1.0, help="light reaching the sensor (default 1)"
    )
    ap.add_argument("--glare", type=float, default=0.0, help="the lamp's glare (default 0)")
    ap.add_argument("--tone", default="", help='"power": through the power law (default: none)')
    ap.add_argument("--warm", type=float, default=0.0, help="a warmer light (default 0)")
    ap.add_argument(
        "--warm-in-sensor",
        action="store_true",
        help="the warmer light a gain in the sensor's colours (a held white balance)",
    )
    ap.add_argument("--gain", type=float, default=1.0, help="the sensor's gain (default 1)")
    ap.add_argument(
        "--haze", type=float, default=0.0, help="a veil of stray light over the frame (default 0)"
    )
    ap.add_argument(
        "--owners-tone",
        default=None,
        help="the empty board's and the colours' photos through this tone (default: --tone)",
    )
    args = ap.parse_args()
    owners = args.tone if args.owners_tone is None else args.owners_tone
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    layout = default_layout(13)
    pieces = dataclasses.replace(
        read_pieces_file(), frog_height_mm=11.0, fwooog_height_mm=10.0, lilypad_height_mm=1.5
    )
    model = board_model(layout, pieces)
    told = pieces if args.taper == 1 else dataclasses.replace(pieces, top_ratio=args.taper)
    if owners:
        shot, points = s3.calibration_photo(layout, pieces, size=(2304, 1296), tone=owners)
        told, _, _ = calibrate_colours(shot, layout, points, told, "calibration photo")
    for size in ((2304, 1296), (4608, 2592)):
        times: list[float] = []
        focus: list[float] = []
        shade: list[float] = []
        for seed in range(100, 100 + args.seeds):
            scene = s3.make_scene3d(
                layout,
                pieces,
                seed,
                size=size,
                tilt=args.tilt,
                taper=args.taper,
                exposure=args.exposure,
                glare=args.glare,
                tone=args.tone,
                warm=args.warm,
                warm_in_sensor=args.warm_in_sensor,
                gain=args.gain,
                haze=args.haze,
            )
            photo = s3.empty_board(
                layout, pieces, seed, size=size, busy=True, exposure=args.exposure, tone=owners
            )
            raster, _, _ = board_raster(photo, layout, pieces, "empty board")
            empty = EmptyBoard(raster, "empty board")
            for _ in range(3):
                t0 = time.process_time()
                count = count_board(scene.image, layout, told, empty)
                times.append(time.process_time() - t0)
                if not count.ok:
                    print(f"seed {seed}: refused ({count.reason})")
            found = detect_markers(scene.image)
            scene_raster, _, _ = board_raster(scene.image, layout, pieces, "frame")
            f32, r32 = scene_raster.astype("float32"), raster.astype("float32")
            for _ in range(3):
                t0 = time.process_time()
                out_of_focus(scene.image, found, marker_size_mm(layout))
                focus.append(time.process_time() - t0)
                t0 = time.process_time()
                _shade(f32, r32, model)
                shade.append(time.process_time() - t0)
        ms = [1000 * t for t in times]
        load = " ".join(f"{v:.1f}" for v in os.getloadavg())
        print(
            f"{size[0]}x{size[1]}, {args.tilt:g} deg, top {args.taper:g}, "
            f"exposure {args.exposure:g}, glare {args.glare:g}, tone {args.tone or 'none'}, "
            f"warm {args.warm:g}{' in the sensor' if args.warm_in_sensor else ''}, "
            f"gain {args.gain:g}, haze {args.haze:g}, "
            f"the owner's photos through {owners or 'none'}: "
            f"median {statistics.median(ms):.0f} ms a frame (min {min(ms):.0f}, "
            f"max {max(ms):.0f}, {len(ms)} runs); load average {load}"
        )
        print(
            f"  of which the focus check {1000 * statistics.median(focus):.1f} ms, "
            f"the broad-shadow level {1000 * statistics.median(shade):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

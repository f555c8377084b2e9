"""Pond counting on the realistic scene generator (tests/vision/pond/pond_scene3d.py).

Prints, per condition, the exact (pond, faction) counts, the boards refused, and the wrong
ponds carrying no warning that names them; with the empty-board reference and without.

    .venv/bin/python benchmarks/bench_pond_camera3d.py [--scenes N] [--size 2304x1296]
        [--only tilt0,tilt30,...] [--no-plain]

Conditions (every scene: 40 pieces of the four factions plus lilypads, frog 11 mm and Long
Fwooog 10 mm tall, lilypad 1.5 mm; camera at the distance where the board fits, 84-106 cm;
Camera Module 3 field of view; Bayer sensor noise; JPEG 90; light 0-30% darker across the
table; the empty-board photo from a camera 0-10 degrees off vertical, calibration light):
see CONDITIONS below. ``make camera-sweep-pond`` runs it with more scenes.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision" / "pond"), str(ROOT / "tests" / "vision")]

import cv2  # noqa: E402
import pond_scene3d as s3  # noqa: E402

from companion.games.pond.layout import default_layout  # noqa: E402
from vision.pond import count_board, read_pieces_file  # noqa: E402
from vision.pond.calibrate import board_raster  # noqa: E402
from vision.pond.reference import EmptyBoard  # noqa: E402

CONDITIONS: dict[str, dict[str, Any]] = {
    "plain art, 0 deg": {"tilt": 0.0, "busy": False},
    "busy art, 0 deg": {"tilt": 0.0},
    "busy art, 10 deg": {"tilt": 10.0},
    "busy art, 20 deg": {"tilt": 20.0},
    "busy art, 30 deg": {"tilt": 30.0},
    "white balance +0.15 (warmer), 15 deg": {"tilt": 15.0, "warm": 0.15},
    "glare 0.85, 15 deg": {"tilt": 15.0, "glare": 0.85},
    "8 edge-straddling frogs, 15 deg": {"tilt": 15.0, "edge": 8},
    "3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3},
    "hand over the map, 15 deg": {"tilt": 15.0, "hand": True},
}
SHORT = {
    "plain": "plain art, 0 deg",
    "tilt0": "busy art, 0 deg",
    "tilt10": "busy art, 10 deg",
    "tilt20": "busy art, 20 deg",
    "tilt30": "busy art, 30 deg",
    "wb": "white balance +0.15 (warmer), 15 deg",
    "glare": "glare 0.85, 15 deg",
    "edge": "8 edge-straddling frogs, 15 deg",
    "stacks": "3 stacks, 25 deg",
    "hands": "hand over the map, 15 deg",
}


def pieces_with_heights() -> Any:
    return dataclasses.replace(
        read_pieces_file(), frog_height_mm=11.0, fwooog_height_mm=10.0, lilypad_height_mm=1.5
    )


def wrong_ponds(answer: dict[str, Any], count: Any) -> tuple[int, int, int, int]:
    """(exact (pond, faction) pairs, pairs, wrong ponds, wrong ponds no warning names)."""
    from vision.pond.pieces import FACTIONS

    exact = pairs = wrong = silent = 0
    named = set(count.flagged)
    for pid, want in answer.items():
        have = count.ponds.get(pid, {"frogs": {}, "fwooogs": []})
        ok = True
        for f in FACTIONS:
            pairs += 1
            same = want["frogs"].get(f, 0) == have["frogs"].get(f, 0) and want["fwooogs"].count(
                f
            ) == have["fwooogs"].count(f)
            exact += same
            ok &= same
        if not ok:
            wrong += 1
            silent += pid not in named and not any(f"pond {pid}" in w for w in count.warnings)
    return exact, pairs, wrong, silent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=4, help="scenes per condition (default 4)")
    ap.add_argument("--size", default="2304x1296", help="camera frame size (default 2304x1296)")
    ap.add_argument("--only", default="", help="comma-separated short names: " + ",".join(SHORT))
    ap.add_argument("--seed", type=int, default=100, help="first scene seed")
    ap.add_argument("--save", metavar="DIR", help="write each scene's photo there")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    size = tuple(int(v) for v in args.size.split("x"))
    layout = default_layout(13)
    pieces = pieces_with_heights()
    flat = read_pieces_file()
    names = [SHORT[n] for n in args.only.split(",")] if args.only else list(CONDITIONS)
    print(f"Pond camera sweep: {args.scenes} scenes per condition at {size[0]}x{size[1]}")
    print(
        f"{'condition':40s} | {'reference':>9s} | {'exact counts':>18s} | refused | wrong ponds "
        "(no warning)"
    )
    t0 = time.time()
    for name in names:
        kw = CONDITIONS[name]
        totals = {"ref": [0, 0, 0, 0, 0], "none": [0, 0, 0, 0, 0]}
        for k in range(args.scenes):
            seed = args.seed + k
            scene = s3.make_scene3d(layout, pieces, seed, size=size, **kw)
            if args.save:
                cv2.imwrite(
                    f"{args.save}/{name.split(',')[0].replace(' ', '_')}-{seed}.jpg", scene.image
                )
            empty_photo = s3.empty_board(layout, pieces, seed, size=size, busy=kw.get("busy", True))
            raster, _, _ = board_raster(empty_photo, layout, pieces, "empty board")
            empty = EmptyBoard(raster, "empty board")
            for mode, ref, pcs in (("ref", empty, pieces), ("none", None, flat)):
                count = count_board(scene.image, layout, pcs, ref)
                t = totals[mode]
                if not count.ok:
                    t[4] += 1
                    continue
                e, p, w, s = wrong_ponds(scene.answer, count)
                t[0] += e
                t[1] += p
                t[2] += w
                t[3] += s
        for mode in ("ref", "none"):
            e, p, w, s, refused = totals[mode]
            pct = f"{e}/{p} = {100 * e / p:.1f}%" if p else "-"
            label = "yes" if mode == "ref" else "no"
            print(
                f"{name:40s} | {label:>9s} | {pct:>18s} | {refused:>3d}/{args.scenes:<3d} | "
                f"{w} ({s})"
            )
        sys.stdout.flush()
    print(f"total {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate the bundled Pondscape demo frames and their known answer.

Run from the repository root: ``.venv/bin/python tests/vision/make_demo_frames.py``.
Three photos of one pond (different camera angle and light), 2304x1296 JPEG,
tags 26 mm so that they read at this resolution; ``answer.json`` beside them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import make_scene

OUT = Path(__file__).resolve().parents[2] / "vision" / "data" / "demo" / "pondscape"
SIZE = (2304, 1296)
TAG_MM = 26.0


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    _, first = make_scene(2026, size=SIZE, tag_mm=TAG_MM)
    pond = first.pond
    views = [(0.0, 8.0), (18.0, -25.0), (30.0, 160.0)]
    for i, (tilt, rot) in enumerate(views, start=1):
        frame, answer = make_scene(
            2026 + i,
            size=SIZE,
            tag_mm=TAG_MM,
            pond=pond,
            tilt_deg=tilt,
            rotation_deg=rot,
            degrade=i > 1,
            fill=0.95,
        )
        cv2.imwrite(str(OUT / f"pond-{i}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 82])
    doc = {
        "note": "known answer of the demo frames: synthetic, cards of the SAMPLE catalog",
        "catalog": "../../sample-catalog.json",
        **answer.to_json(),
        "food_row": ["spider", "dragonfly", "butterfly", "fly", "snail"],
    }
    (OUT / "answer.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

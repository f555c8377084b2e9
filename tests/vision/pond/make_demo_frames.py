"""Regenerate the bundled Pond demo frames and their known answers.

Run from the repository root: ``.venv/bin/python tests/vision/pond/make_demo_frames.py``.
A little story for the demo camera (the files source plays them in name order, looping):
three views of one board, a hand reaching over it (the camera waits), then three views
of the board after an attack took two frogs away. 2304x1296 JPEG, 13-pond side,
``answer.json`` beside them (``null`` for the frame that must wait).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import cv2

HERE = Path(__file__).resolve().parent
OUT = HERE.parents[2] / "vision" / "data" / "demo" / "pond"
SIZE = (2304, 1296)
SEED = 2025


def _synth():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("pond_synth", HERE / "synth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pond_synth"] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    from companion.games.pond.layout import default_layout
    from vision.pond import count_board, read_pieces_file

    synth = _synth()
    layout = default_layout(13)
    pieces = read_pieces_file()
    first = synth.make_scene(layout, pieces, SEED, size=SIZE, n_pieces=45)
    items = [(p.kind, p.faction, p.x, p.y, p.angle) for p in first.pieces]
    pads = [(p.x, p.y) for p in first.pads]
    # The attack: the first two frogs not on a lilypad are removed.
    gone = [i for i, p in enumerate(first.pieces) if p.kind == "frog" and not p.on_lilypad][:2]
    after = [it for i, it in enumerate(items) if i not in gone]
    plan = [
        ("board-1a.jpg", items, 3, {}),
        ("board-1b.jpg", items, 4, {"tilt": 18.0}),
        ("board-1c.jpg", items, 5, {"tilt": 9.0}),
        ("board-2-hand.jpg", items, 6, {"hand": True}),
        ("board-3a.jpg", after, 7, {}),
        ("board-3b.jpg", after, 8, {"tilt": 15.0}),
        ("board-3c.jpg", after, 9, {"tilt": 6.0}),
    ]
    OUT.mkdir(parents=True, exist_ok=True)
    answers: dict[str, object] = {}
    ok = True
    for name, its, seed, kw in plan:
        scene = synth.make_scene(layout, pieces, SEED + seed, size=SIZE, given=(its, pads), **kw)
        path = OUT / name
        cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 88])
        count = count_board(cv2.imread(str(path)), layout, pieces)
        want = None if kw.get("hand") else scene.answer
        got = count.ponds if count.ok else None
        answers[name] = want
        status = "ok" if got == want else "MISMATCH"
        ok &= got == want
        print(f"{name}: {status} ({path.stat().st_size // 1024} KiB) {count.reason or ''}")
    doc = {
        "layout": "default_layout(13)",
        "pieces": "vision/data/pieces-default.json",
        "note": "synthetic photos; null: the frame must wait (a hand over the map)",
        "ponds": answers,
    }
    (OUT / "answer.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

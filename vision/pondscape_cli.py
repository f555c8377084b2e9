"""The ``scan pondscape`` command's work (kept out of the light ``scan_cmd`` module)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.errors import BadFileError
from companion.games.pondscape.tableau import Tableau, load_tableau, tableau_to_json


def _grid_text(scan: object) -> list[str]:
    from vision.pondscape_scan import PondScan

    assert isinstance(scan, PondScan)
    lines = ["        " + "".join(f"col {c:<6}" for c in range(5))]
    for r in range(3):
        cells = []
        for c in range(5):
            p = scan.placements.get((r, c))
            cells.append(f"{p.number}:{'up' if p.side == 'F' else 'dn'}" if p else "  --")
        lines.append(f"row {r}   " + "".join(f"{x:<10}" for x in cells))
    food = [scan.food.get(c, "--") for c in range(5)]
    names = scan.food_row or tuple("?" for _ in range(5))
    lines.append(
        "food    " + "".join(f"{n}:{f}"[:9].ljust(10) for n, f in zip(food, names, strict=True))
    )
    return lines


def run_scan_pondscape(args: argparse.Namespace) -> int:
    import cv2

    from vision.annotate import annotate_pondscape
    from vision.catalog import load_catalog
    from vision.commands.tags_cmd import decoder_settings
    from vision.frames import read_image
    from vision.pondscape_scan import scan_frame, vote

    catalog = load_catalog(args.catalog)
    primary, second = decoder_settings(args)
    frames = []
    scans = []
    for path in args.images:
        try:
            frame = read_image(path)
        except BadFileError as exc:
            print(f"pond-companion scan pondscape: {exc}: skipped", file=sys.stderr)
            continue
        frames.append(frame)
        scans.append(scan_frame(frame, catalog, decoder=primary, second_opinion=second))  # type: ignore[arg-type]
    if not frames:
        raise BadFileError("no readable image: nothing to scan")
    scan = vote(scans, catalog, player=args.player, tucked=args.tucked, hand=args.hand)
    if args.annotate:
        picture = annotate_pondscape(frames[0], scan, frame_index=0)
        if not cv2.imwrite(str(args.annotate), picture):
            raise BadFileError(f"{args.annotate}: cannot write the annotated image")
    for w in scan.warnings:
        print(f"warning: {w}", file=sys.stderr)
    if scan.errors or scan.player is None:
        for e in scan.errors:
            print(f"pond-companion scan pondscape: {e}", file=sys.stderr)
        return 2
    doc = scan.tableau_json()
    # The scan must be a file the scorer accepts: read it back as the scorer would.
    tableau: Tableau = load_tableau(json.loads(json.dumps(doc)), f"scan of {args.images[0]}")
    text = json.dumps(tableau_to_json(tableau), indent=1)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    if args.json:
        print(text)
    else:
        print(f"{args.player}: {len(scan.placements)} of 15 cells read from {len(frames)} image(s)")
        for line in _grid_text(scan):
            print(line)
        if scan.foreign:
            print(f"{scan.foreign} other QR code(s) in view, not ours: ignored")
        if args.out:
            print(
                f"tableau written to {args.out} "
                f"(score it: pond-companion score pondscape {args.out})"
            )
    return 0

"""``pond-companion scan pond``: count the pieces in every pond from photos of the map.

``register_scan(scan_subparsers)`` is called by ``vision.commands.scan_cmd``. This module
imports nothing heavy at module level: cv2 and numpy load inside the handler.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from companion.errors import BadFileError

#: Said once per run when no empty-board reference is given.
NO_REFERENCE = (
    "no empty-board reference: the board's own art is told from pieces by colour alone; "
    "a photo of the empty board (--empty-board, made with `calibrate board`) would make the "
    "count exact"
)


def register_scan(scan_sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = scan_sub.add_parser(
        "pond",
        help="count each pond's frogs, Long Fwooogs and lilypads from photos of the Pond map",
        description=(
            "Counts every pond's pieces in photos of the Pond map board (its four corner "
            "markers in view) and prints the ponds of the Pond engine's board event. With "
            "several photos of the same board, the board most photos agree on."
        ),
    )
    p.add_argument("images", nargs="+", metavar="IMAGE", help="photos of the map board")
    p.add_argument(
        "--layout",
        metavar="FILE",
        help="pond-layout/1 file (default: this product's drawing of the 13-pond side)",
    )
    p.add_argument(
        "--pieces",
        metavar="FILE",
        help="pond-pieces/1 file (default: this product's drawing of the pieces)",
    )
    p.add_argument(
        "--empty-board",
        metavar="PHOTO",
        help="the empty board: a photo of it, or the reference `calibrate board` writes; only "
        "what differs from it is counted",
    )
    p.add_argument("--json", action="store_true", help="print {ponds, warnings} as JSON")
    p.add_argument("--annotate", metavar="OUT.png", help="write the first photo annotated")
    p.set_defaults(func=run_scan_pond)


def load_layout_arg(path: str | None) -> Any:
    """The layout named on the command line, or the shipped 13-pond side."""
    from companion.games.pond.layout import default_layout, read_layout_file

    return default_layout(13) if path is None else read_layout_file(path)


def _describe(pond_id: str, entry: dict[str, Any]) -> str:
    parts = []
    frogs: dict[str, int] = entry.get("frogs", {})
    fwooogs: list[str] = entry.get("fwooogs", [])
    for faction in sorted(set(frogs) | set(fwooogs)):
        bits = []
        n = frogs.get(faction, 0)
        if n:
            bits.append(f"{n} frog{'s' if n != 1 else ''}")
        lf = fwooogs.count(faction)
        if lf:
            bits.append("Long Fwooog" if lf == 1 else f"{lf} Long Fwooogs")
        parts.append(f"{faction} {' + '.join(bits)}")
    text = f"{pond_id}: " + (", ".join(parts) if parts else "empty")
    pad = entry.get("lilypad")
    if pad == "free":
        text += "; lilypad free"
    elif pad is not None:
        text += f"; lilypad held by {pad}"
    if entry.get("lilypad_fwooog"):
        text += f" (a {entry['lilypad_fwooog']} Long Fwooog is on it)"
    return text


def run_scan_pond(args: argparse.Namespace) -> int:

    from vision.frames import read_image, write_image
    from vision.pond.annotate import annotate_board
    from vision.pond.count import BoardCount, count_board
    from vision.pond.pieces import read_pieces_file
    from vision.pond.reference import read_empty_board

    layout = load_layout_arg(args.layout)
    pieces = read_pieces_file(args.pieces)
    empty = None
    if args.empty_board:
        empty = read_empty_board(args.empty_board, layout, pieces)
    counts: list[tuple[str, BoardCount]] = []
    waits: list[str] = []
    first_frame = None
    first_count = None
    for name in args.images:
        frame = read_image(name)
        count = count_board(frame, layout, pieces, empty)
        if first_frame is None:
            first_frame, first_count = frame, count
        if count.ok:
            counts.append((name, count))
        else:
            waits.append(f"{name}: not usable: {count.reason}")
    if args.annotate and first_frame is not None and first_count is not None:
        write_image(args.annotate, annotate_board(first_frame, first_count))
    if not counts:
        raise BadFileError("; ".join(waits))
    votes = Counter(c.key() for _, c in counts)
    best_key, agree = votes.most_common(1)[0]
    best = next(c for _, c in counts if c.key() == best_key)
    warnings = [*waits, *best.warnings]
    if empty is None:
        warnings.append(NO_REFERENCE)
    if len(counts) > 1 and agree < len(counts):
        others = [n for n, c in counts if c.key() != best_key]
        warnings.append(
            f"{agree} of {len(counts)} usable photos agree; these differ: {', '.join(others)}"
        )
    if args.json:
        print(json.dumps({"ponds": best.ponds, "warnings": warnings}, indent=2))
    else:
        for pond_id, entry in best.ponds.items():
            print(_describe(pond_id, entry))
        for w in warnings:
            print(f"warning: {w}", file=sys.stdout)
    return 0

"""The ``scan pondscape`` command's work (kept out of the light ``scan_cmd`` module)."""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import sys

from companion.errors import BadFileError
from companion.games.pondscape.tableau import Tableau, load_tableau, tableau_to_json
from vision.catalog import Catalog, card_name
from vision.pondscape_scan import PondScan

#: glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def batch_settings() -> bool:
    """Settings for scanning frames one after another in this process; True when glibc
    took the memory settings.

    - OpenCV on one thread, as in the live loop: its worker threads spin between
      the scan's small calls and cost CPU time without reading faster.
    - Freed frame buffers are kept for the next frame: by default glibc hands each
      freed 12-36 MB buffer (a decoded photo, its grey copy, the decoder's work)
      back to the kernel, and the next frame pays again to fault it in; that was
      about half of the CLI's time a frame on 12 MP BMP files. Buffers up to
      32 MB come from the heap, which keeps up to 256 MB of freed memory.
    """
    import cv2

    cv2.setNumThreads(1)
    name = ctypes.util.find_library("c")
    if sys.platform != "linux" or name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False
    ok = mallopt(_M_MMAP_THRESHOLD, 32 << 20) == 1
    return bool(mallopt(_M_TRIM_THRESHOLD, 256 << 20) == 1 and ok)


def _grid_text(scan: PondScan, catalog: Catalog) -> list[str]:
    """The pond as players name it: each row's cards with their side, then the food row."""
    lines = []
    for r in range(3):
        where = " (farthest from the food row)" if r == 0 else ""
        lines.append(f"row {r}{where}:")
        for c in range(5):
            p = scan.placements.get((r, c))
            if p is None or p.card is None:
                lines.append(f"  column {c}: --")
                continue
            front = catalog.side(p.number, "F")
            if p.side == "F":
                text = f"{card_name(p.card)}, face up"
            else:
                was = f" (its front: {card_name(front)})" if front is not None else ""
                text = f"{card_name(p.card)}, face down{was}"
            lines.append(f"  column {c}: {text} [card {p.number}]")
    names = scan.food_row or tuple("?" for _ in range(5))
    lines.append("food row: " + ", ".join(names))
    return lines


def run_scan_pondscape(args: argparse.Namespace) -> int:
    from companion.files import atomic_write_text
    from vision.annotate import annotate_pondscape
    from vision.commands.tags_cmd import catalog_for, decoder_settings
    from vision.frames import read_image, write_image
    from vision.pondscape_scan import scan_frame, vote

    catalog, which = catalog_for(args)
    primary, second = decoder_settings(args)
    batch_settings()
    # Frames are read straight to grey and dropped once scanned (memory stays
    # one frame whatever the number of images); only the first is kept in
    # colour, for --annotate.
    first = None
    read = 0
    scans = []
    skipped: list[str] = []
    for path in args.images:
        try:
            frame = read_image(path, grey=not (args.annotate and first is None))
        except BadFileError as exc:
            skipped.append(str(exc))
            continue
        if first is None and args.annotate:
            first = frame
        read += 1
        scans.append(scan_frame(frame, catalog, decoder=primary, second_opinion=second))
        del frame
    if not read:  # one line: why each photo could not be read
        raise BadFileError("; ".join(skipped) + ": no readable image, nothing to scan")
    scan = vote(scans, catalog, player=args.player, tucked=args.tucked, hand=args.hand)
    if args.annotate and first is not None:
        write_image(args.annotate, annotate_pondscape(first, scan, frame_index=0))
    if scan.errors or scan.player is None:  # one line: every reason, and the catalog used
        reasons = "; ".join([*scan.errors, *(f"{r}: skipped" for r in skipped)])
        raise BadFileError(f"scan pondscape: {reasons or 'no pond read'} (using {which})")
    print(f"using {which}", file=sys.stderr)
    for reason in skipped:
        print(f"pond-companion scan pondscape: {reason}: skipped", file=sys.stderr)
    for w in scan.warnings:
        print(f"warning: {w}", file=sys.stderr)
    doc = scan.tableau_json()
    # The scan must be a file the scorer accepts: read it back as the scorer would.
    tableau: Tableau = load_tableau(json.loads(json.dumps(doc)), f"scan of {args.images[0]}")
    text = json.dumps(tableau_to_json(tableau), indent=1)
    if args.out:
        atomic_write_text(args.out, text + "\n")
    if args.json:
        print(text)
    else:
        print(f"{args.player}: {len(scan.placements)} of 15 cells read from {read} image(s)")
        for line in _grid_text(scan, catalog):
            print(line)
        if scan.foreign:
            print(f"{scan.foreign} other QR code(s) in view, not ours: ignored")
        if args.out:
            print(
                f"tableau written to {args.out} "
                f"(score it: pond-companion score pondscape {args.out})"
            )
    return 0

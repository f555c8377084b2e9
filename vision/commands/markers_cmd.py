"""``pond-companion markers sheet``: print the Pond board's ArUco corner markers."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("markers", help="printable board corner markers")
    msub = p.add_subparsers(dest="markers_cmd", metavar="ACTION", required=True)
    s = msub.add_parser("sheet", help="write a PDF of ArUco 4x4 markers ids 0-3")
    s.add_argument(
        "--out",
        metavar="FILE",
        help="PDF to write (default markers.pdf, never replaced unless --force)",
    )
    s.add_argument("--force", action="store_true", help="replace an existing markers.pdf")
    s.add_argument("--size-mm", type=float, default=50.0, metavar="MM", help="marker side")
    s.add_argument("--paper", choices=("a4", "letter"), default="a4")
    s.set_defaults(func=_sheet)


def _sheet(args: argparse.Namespace) -> int:
    from vision.commands.tags_cmd import default_out
    from vision.sheets import MARKER_CORNERS, MARKER_IDS, marker_sheet_pdf

    out = default_out(args, "markers.pdf")
    pages = marker_sheet_pdf(out, size_mm=args.size_mm, paper=args.paper)
    where = ", ".join(f"{i} {MARKER_CORNERS[i]}" for i in MARKER_IDS)
    print(
        f"{out}: markers {where} (corners of the board), {args.size_mm:g} mm, "
        f"{pages} page(s); print at 100%"
    )
    return 0

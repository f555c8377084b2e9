"""``pond-companion markers sheet``: print the Pond board's ArUco corner markers."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("markers", help="printable board corner markers")
    msub = p.add_subparsers(dest="markers_cmd", metavar="ACTION", required=True)
    s = msub.add_parser("sheet", help="write a PDF of ArUco 4x4 markers ids 0-3")
    s.add_argument("--out", default="markers.pdf", metavar="FILE", help="PDF to write")
    s.add_argument("--size-mm", type=float, default=50.0, metavar="MM", help="marker side")
    s.add_argument("--paper", choices=("a4", "letter"), default="a4")
    s.set_defaults(func=_sheet)


def _sheet(args: argparse.Namespace) -> int:
    from vision.sheets import MARKER_IDS, marker_sheet_pdf

    pages = marker_sheet_pdf(args.out, size_mm=args.size_mm, paper=args.paper)
    ids = ", ".join(map(str, MARKER_IDS))
    print(f"{args.out}: markers {ids}, {args.size_mm:g} mm, {pages} page(s); print at 100%")
    return 0

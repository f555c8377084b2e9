"""``pond-companion scan``: read a game from photos.

``scan pondscape`` is Camera I's (this module); ``scan pond`` is added by
``vision.pond.commands.register_scan`` when that module is present. Heavy
imports (cv2, numpy) live inside the handlers.
"""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("scan", help="read a game's table from camera photos")
    scan_sub = p.add_subparsers(dest="scan_game", metavar="GAME")
    p.set_defaults(func=lambda args: _no_game(p))

    ps = scan_sub.add_parser(
        "pondscape",
        help="read one player's Pondscape pond from photos into a pondscape-tableau/1 file",
    )
    ps.add_argument("images", nargs="+", metavar="IMAGE", help="photos of the same pond")
    ps.add_argument(
        "--catalog",
        metavar="FILE",
        help="pondscape-catalog/1 file (default: pondscape-catalog.json in the data folder, "
        "else the bundled sample; the command says which)",
    )
    ps.add_argument("--player", default="Player", metavar="NAME", help="the player's name")
    ps.add_argument(
        "--tucked",
        type=parse_tucked,
        default={},
        metavar="FOOD=N,...",
        help="cards tucked under each food card, e.g. spider=1,dragonfly=4",
    )
    ps.add_argument("--hand", type=_count, default=0, metavar="N", help="cards left in hand")
    ps.add_argument("--json", action="store_true", help="print the tableau file and the report")
    ps.add_argument("--annotate", metavar="OUT.png", help="write the first image annotated")
    ps.add_argument("--out", metavar="FILE", help="also write the tableau file here")
    ps.set_defaults(func=_scan_pondscape)

    try:
        from vision.pond.commands import register_scan
    except ImportError:
        pass
    else:
        register_scan(scan_sub)


def parse_tucked(text: str) -> dict[str, int]:
    """``spider=1,dragonfly=4`` -> {"spider": 1, "dragonfly": 4}."""
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        food, sep, count = part.partition("=")
        food = food.strip()
        if not sep or not food or food != food.lower():
            raise argparse.ArgumentTypeError(f"{part!r}: expected food=count, e.g. spider=1")
        out[food] = _count(count.strip())
    return out


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 or more")
    return n


def _no_game(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _scan_pondscape(args: argparse.Namespace) -> Any:
    from vision.pondscape_cli import run_scan_pondscape

    return run_scan_pondscape(args)

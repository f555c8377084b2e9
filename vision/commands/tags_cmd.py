"""``pond-companion tags sheet|read``: print card tags, and check what the camera reads."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vision.catalog import Catalog
    from vision.tags import Decoder


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tags", help="QR card tags: print a sheet, or read photos")
    tsub = p.add_subparsers(dest="tags_cmd", metavar="ACTION", required=True)
    s = tsub.add_parser("sheet", help="write a PDF of every tag of a catalog")
    s.add_argument(
        "--catalog",
        metavar="FILE",
        help="pondscape-catalog/1 or bog-cards/1 file (default: pondscape-catalog.json in the "
        "data folder, else the bundled sample)",
    )
    s.add_argument(
        "--out",
        metavar="FILE",
        help="PDF to write (default tags.pdf, never replaced unless --force)",
    )
    s.add_argument("--force", action="store_true", help="replace an existing tags.pdf")
    s.add_argument(
        "--size-mm", type=float, default=16.0, metavar="MM", help="QR symbol width (default 16)"
    )
    s.add_argument("--paper", choices=("a4", "letter"), default="a4")
    s.set_defaults(func=_sheet)
    r = tsub.add_parser("read", help="print every QR code read in each image")
    r.add_argument("images", nargs="+", metavar="IMAGE")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.add_argument(
        "--decoder", choices=("zxing", "zbar"), help="primary decoder (default: the config's)"
    )
    r.set_defaults(func=_read)


def default_out(args: argparse.Namespace, name: str) -> str:
    """``--out``, else ``name`` in the current folder, refused if it exists (without --force)."""
    from pathlib import Path

    from companion.errors import BadFileError

    if args.out:
        return str(args.out)
    if Path(name).exists() and not args.force:
        raise BadFileError(
            f"{name} already exists: not replaced (give --out FILE, or --force to replace it)"
        )
    return name


def catalog_for(args: argparse.Namespace) -> tuple[Catalog, str]:
    """The catalog to use (``--catalog``, the data folder's, else the sample) and which it is."""
    from companion.config import load_config
    from vision.catalog import find_catalog, load_catalog

    folder = None
    if args.catalog is None:
        folder = load_config(getattr(args, "config", None)).data.folder
    path, which = find_catalog(args.catalog, folder)
    return load_catalog(path), which


def _bog_sheet(args: argparse.Namespace) -> int:
    """The tags of a BOG card file (``bog-cards/1``): one ``BG:NN:F`` per Frog card."""
    from companion.games.bog.cards import read_cards_file, tag_caption, tag_payloads
    from vision.sheets import tag_sheet_pdf

    cards = read_cards_file(args.catalog)
    out = default_out(args, "tags.pdf")
    payloads = tag_payloads(cards)
    captions = {p: tag_caption(cards, p) for p in payloads}
    pages = tag_sheet_pdf(payloads, out, size_mm=args.size_mm, paper=args.paper, captions=captions)
    print(
        f"{out}: {len(payloads)} tags (BOG Frog cards), {args.size_mm:g} mm, {pages} page(s); "
        "print at 100%"
    )
    return 0


def _sheet(args: argparse.Namespace) -> int:
    import sys

    from companion.games.bog.cards import is_cards_file
    from vision.catalog import tag_caption, tag_payloads
    from vision.sheets import tag_sheet_pdf

    if args.catalog is not None and is_cards_file(args.catalog):
        return _bog_sheet(args)
    catalog, which = catalog_for(args)
    print(f"using {which}", file=sys.stderr)
    out = default_out(args, "tags.pdf")
    payloads = tag_payloads(catalog)
    captions = {p: tag_caption(catalog, p) for p in payloads}
    pages = tag_sheet_pdf(payloads, out, size_mm=args.size_mm, paper=args.paper, captions=captions)
    print(
        f"{out}: {len(payloads)} tags ({len(catalog.cards)} cards front and back, "
        f"{len(catalog.food_cards)} food cards), {args.size_mm:g} mm, {pages} page(s); "
        "print at 100%"
    )
    return 0


def decoder_settings(args: argparse.Namespace) -> tuple[Decoder, bool]:
    """(primary decoder, second opinion) from the command line, else the config."""
    from companion.config import load_config

    cfg = load_config(getattr(args, "config", None))
    primary = getattr(args, "decoder", None) or cfg.decoder.primary
    # --decoder's choices and the config's check let only these two through.
    if primary == "zxing":
        return "zxing", cfg.decoder.second_opinion
    if primary == "zbar":
        return "zbar", cfg.decoder.second_opinion
    raise ValueError(f"unknown decoder {primary!r} (zxing or zbar)")


def _read(args: argparse.Namespace) -> int:
    import json
    import sys

    from companion.errors import BadFileError
    from vision.frames import read_image
    from vision.tags import read_tags

    primary, second = decoder_settings(args)
    out = []
    bad = 0
    for path in args.images:
        try:
            frame = read_image(path)
        except BadFileError as exc:
            bad += 1
            print(f"pond-companion tags read: {exc}", file=sys.stderr)
            out.append({"image": path, "error": str(exc), "codes": []})
            continue
        reads = read_tags(frame, primary, second_opinion=second)
        out.append({"image": path, "codes": [r.to_json() for r in reads]})
    if args.json:
        print(json.dumps({"images": out}, ensure_ascii=False, indent=1))
    else:
        for item in out:
            if "error" in item:
                continue
            codes = item["codes"]
            print(f"{item['image']}: {len(codes)} code(s)")
            for c in codes:
                kind = "ours" if c["ours"] else "foreign"
                corners = " ".join(f"({x:.0f},{y:.0f})" for x, y in c["corners"])
                text = json.dumps(c["payload"], ensure_ascii=False)
                x, y = c["centre"]
                print(f"  {text} [{kind}] centre ({x:.0f},{y:.0f}) corners {corners}")
    # Unusable input only when nothing at all could be read as an image.
    return 2 if bad == len(args.images) else 0

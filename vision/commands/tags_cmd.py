"""``pond-companion tags sheet|read``: print card tags, and check what the camera reads."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tags", help="QR card tags: print a sheet, or read photos")
    tsub = p.add_subparsers(dest="tags_cmd", metavar="ACTION", required=True)
    s = tsub.add_parser("sheet", help="write a PDF of every tag of a catalog")
    s.add_argument("--catalog", required=True, metavar="FILE", help="pondscape-catalog/1 file")
    s.add_argument("--out", default="tags.pdf", metavar="FILE", help="PDF to write")
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


def _sheet(args: argparse.Namespace) -> int:
    from vision.catalog import load_catalog, tag_payloads
    from vision.sheets import tag_sheet_pdf

    catalog = load_catalog(args.catalog)
    payloads = tag_payloads(catalog)
    pages = tag_sheet_pdf(payloads, args.out, size_mm=args.size_mm, paper=args.paper)
    print(
        f"{args.out}: {len(payloads)} tags ({len(catalog.cards)} cards front and back, "
        f"{len(catalog.food_cards)} food cards), {args.size_mm:g} mm, {pages} page(s); "
        "print at 100%"
    )
    return 0


def decoder_settings(args: argparse.Namespace) -> tuple[str, bool]:
    """(primary decoder, second opinion) from the command line, else the config."""
    from companion.config import load_config

    cfg = load_config(getattr(args, "config", None))
    primary = getattr(args, "decoder", None) or cfg.decoder.primary
    return primary, cfg.decoder.second_opinion


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
        reads = read_tags(frame, primary, second_opinion=second)  # type: ignore[arg-type]
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

"""``pond-companion calibrate``: the files an owner makes once for the Pond camera.

- ``calibrate colours IMAGE --layout FILE --at wizard=X,Y --at lilypad=X,Y ... --out
  pieces.json``: samples each named piece's colour at board millimetres (X, Y) in a
  photo of the board with its four markers; factions not named keep the base file's.
- ``calibrate layout IMAGE --out layout.json``: starts a ``pond-layout/1`` file from a
  photo of the board (ponds from the water's colour, or ``--pond ID=X,Y;X,Y;...``
  outlines); the touchscreen layout editor refines it.
- ``calibrate board EMPTY.jpg --layout FILE --out REF.png``: the empty-board reference, the
  photo of the board with nothing on it warped to board millimetres (``scan pond
  --empty-board REF.png`` compares each frame with it).

``colours`` and ``layout`` refuse (exit 2, one line saying what looks wrong) a result that
does not look like the board: a colour sampled from the board's own land or water, far from
the drawing's colour of that piece; a layout with ponds or rivers missing against the base
drawing. ``--force`` writes it anyway.

Formats: docs/formats/pond-pieces.md and docs/formats/pond-layout.md. Heavy imports
(cv2, numpy) live inside the handlers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.errors import BadFileError
from companion.files import atomic_write_text

NAMES = ("wizard", "pumpkin", "banana", "cowboy", "lilypad")


def _point_arg(text: str) -> tuple[str, tuple[float, float]]:
    name, sep, xy = text.partition("=")
    name = name.strip().lower()
    if not sep or name not in NAMES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected NAME=X,Y with NAME one of {', '.join(NAMES)}"
        )
    try:
        x, y = (float(v) for v in xy.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: X,Y must be two numbers (board mm)") from None
    return name, (x, y)


def _outline_arg(text: str) -> tuple[str, list[tuple[float, float]]]:
    pid, sep, rest = text.partition("=")
    try:
        pts = [tuple(float(v) for v in p.split(",")) for p in rest.split(";") if p.strip()]
    except ValueError:
        pts = []
    if not sep or not pid.strip() or len(pts) < 3 or any(len(p) != 2 for p in pts):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected ID=X,Y;X,Y;X,Y... (at least 3 points, board mm)"
        )
    return pid.strip(), [(p[0], p[1]) for p in pts]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("calibrate", help="make the Pond camera's pieces and layout files")
    cal = p.add_subparsers(dest="calibrate_what", metavar="WHAT")
    p.set_defaults(func=lambda args: _help(p))

    c = cal.add_parser(
        "colours",
        help="sample the pieces' and lilypads' colours from a photo of the board",
        description="Sample each named piece's colour at board millimetres X,Y (origin at "
        "the board's top-left corner, x right, y down) in a photo with the four markers.",
    )
    c.add_argument("image", metavar="IMAGE")
    c.add_argument("--layout", metavar="FILE", help="pond-layout/1 file (default: 13-pond side)")
    c.add_argument(
        "--at",
        type=_point_arg,
        action="append",
        required=True,
        metavar="NAME=X,Y",
        help="where a piece of NAME (a faction or lilypad) lies, in board mm; repeat",
    )
    c.add_argument("--base", metavar="FILE", help="pieces file to start from (default: shipped)")
    c.add_argument("--out", required=True, metavar="FILE", help="pond-pieces/1 file to write")
    c.add_argument("--force", action="store_true", help="write even a colour that looks wrong")
    c.set_defaults(func=_colours)

    b = cal.add_parser(
        "board",
        help="write the empty-board reference from a photo of the board with nothing on it",
        description="Warp a photo of the empty board (no pieces, no lilypads, the four "
        "markers in view, no one's shadow on it) to board millimetres and write it as the "
        "reference that `scan pond --empty-board` compares each frame with.",
    )
    b.add_argument("image", metavar="EMPTY.jpg")
    b.add_argument("--layout", metavar="FILE", help="pond-layout/1 file (default: 13-pond side)")
    b.add_argument("--out", required=True, metavar="FILE", help="reference image to write (.png)")
    b.set_defaults(func=_board)

    lay = cal.add_parser(
        "layout",
        help="start a pond-layout/1 file from a photo of the board and its markers",
        description="Propose pond outlines from the water's colour (or take --pond "
        "outlines), rivers where water joins two ponds, and ids, Fountain and starting "
        "ponds from the nearest pond of the base layout.",
    )
    lay.add_argument("image", metavar="IMAGE")
    lay.add_argument("--out", required=True, metavar="FILE", help="layout file to write")
    lay.add_argument(
        "--base",
        metavar="FILE",
        help="layout giving the markers, board size and pond ids (default: --side's drawing)",
    )
    lay.add_argument("--side", type=int, choices=(9, 13), default=13, help="default base side")
    lay.add_argument("--name", default="", help="the layout's name")
    lay.add_argument(
        "--pond",
        type=_outline_arg,
        action="append",
        default=[],
        metavar="ID=X,Y;X,Y;...",
        help="a pond outline given by hand (board mm); repeat",
    )
    lay.add_argument("--pieces", metavar="FILE", help="pond-pieces/1 file (default: shipped)")
    lay.add_argument("--force", action="store_true", help="write even a layout that looks wrong")
    lay.set_defaults(func=_layout)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _write_json(path: str, data: object) -> None:
    atomic_write_text(Path(path), json.dumps(data, indent=2) + "\n")


def _colours(args: argparse.Namespace) -> int:
    from vision.frames import read_image
    from vision.pond.calibrate import calibrate_colours
    from vision.pond.commands import load_layout_arg
    from vision.pond.pieces import load_pieces, pieces_to_json, read_pieces_file

    layout = load_layout_arg(args.layout)
    base = read_pieces_file(args.base)
    frame = read_image(args.image)
    pieces, notes, wrong = calibrate_colours(frame, layout, dict(args.at), base, where=args.image)
    if wrong and not args.force:
        raise BadFileError(f"{args.image}: {wrong[0]}: not written (--force writes it anyway)")
    notes = [*wrong, *notes]
    data = pieces_to_json(pieces)
    load_pieces(data, args.out)  # what we write must read back
    _write_json(args.out, data)
    for name, rgb in {**pieces.factions, "lilypad": pieces.lilypad_rgb}.items():
        print(f"{name}: rgb {list(rgb)}")
    for note in notes:
        print(f"warning: {note}", file=sys.stdout)
    print(f"wrote {args.out}")
    return 0


def _layout(args: argparse.Namespace) -> int:
    from companion.games.pond.layout import default_layout, layout_to_json, load_layout
    from vision.frames import read_image
    from vision.pond.calibrate import layout_doubt, propose_layout
    from vision.pond.commands import load_layout_arg
    from vision.pond.pieces import read_pieces_file

    base = load_layout_arg(args.base) if args.base else default_layout(args.side)
    frame = read_image(args.image)
    name = args.name or f"layout from {Path(args.image).name}"
    data = propose_layout(
        frame,
        base,
        read_pieces_file(args.pieces),
        name=name,
        outlines=dict(args.pond),
        where=args.image,
    )
    layout = load_layout(data, f"{args.out} (proposed from {args.image})")
    doubt = layout_doubt(layout, base)
    if doubt and not args.force:
        raise BadFileError(f"{args.image}: {doubt}: not written (--force writes it anyway)")
    if doubt:
        print(f"warning: {doubt}")
    _write_json(args.out, layout_to_json(layout))
    print(f"{len(layout.ponds)} ponds, {len(layout.rivers)} rivers; Fountain {layout.fountain}")
    print(f"wrote {args.out}: check it against your board in the layout editor")
    return 0


def _board(args: argparse.Namespace) -> int:
    from vision.frames import read_image
    from vision.pond.commands import load_layout_arg
    from vision.pond.pieces import read_pieces_file
    from vision.pond.reference import make_empty_board, write_empty_board

    layout = load_layout_arg(args.layout)
    frame = read_image(args.image)
    empty, notes = make_empty_board(frame, layout, read_pieces_file(), where=args.image)
    write_empty_board(empty, args.out)
    for note in notes:
        print(f"warning: {note}")
    h, w = empty.raster.shape[:2]
    print(f"wrote {args.out}: the empty board at {w}x{h} px (2 px per board mm)")
    return 0

"""The ``pond-pieces/1`` file: the colours and footprints of Pond's pieces.

``{"format": "pond-pieces/1", "factions": {FACTION: {"rgb": [r, g, b]}},
"lilypad": {"rgb": [r, g, b], "diameter_mm": D}, "frog_mm": [L, W],
"fwooog_mm": [L, W]}``: the colour of each faction's pieces and of the
lilypads as the camera sees them under the table's light, and the pieces'
footprints seen from above (a frog is roughly an ellipse L x W, a Long Fwooog
a rounded bar L x W). See docs/formats/pond-pieces.md.

Pure Python: no numpy here, so the command line can validate a file cheaply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.jsonfile import read_json_file

FORMAT = "pond-pieces/1"
#: The four factions of the box, in the order the rulebook lists them.
FACTIONS: tuple[str, ...] = ("wizard", "pumpkin", "banana", "cowboy")
#: The shipped default, this product's drawing of the box's pieces.
DEFAULT_PIECES_PATH = Path(__file__).resolve().parent.parent / "data" / "pieces-default.json"

RGB = tuple[int, int, int]

# The physical world's bounds (a pieces file scaled by 100 hung the camera).
#: A frog's or a Long Fwooog's length and width, in mm (the box's frog is 16 x 14).
FOOTPRINT_MM = (3.0, 120.0)
#: A frog's length, in mm.
FROG_MM = (4.0, 40.0)
#: A lilypad's diameter, in mm (the box's is 30).
LILYPAD_MM = (10.0, 100.0)


@dataclass(frozen=True)
class Pieces:
    """Colours (RGB 0-255, as photographed) and footprints (mm) of the pieces."""

    factions: dict[str, RGB]
    lilypad_rgb: RGB
    lilypad_diameter_mm: float
    frog_mm: tuple[float, float]
    fwooog_mm: tuple[float, float]
    name: str = ""
    source: str = "<pieces>"
    #: Heights (mm) of a frog, a Long Fwooog and a lilypad; None: not given (seen as flat).
    frog_height_mm: float | None = None
    fwooog_height_mm: float | None = None
    lilypad_height_mm: float | None = None
    #: How big a frog's and a Long Fwooog's top is against its base (a frustum's sides slope
    #: in); None: not given (straight sides, a prism).
    top_ratio: float | None = None

    def height_mm(self, kind: str) -> float:
        """A piece's height ("frog", "fwooog" or "lilypad"), 0 when the file gives none."""
        value = {
            "frog": self.frog_height_mm,
            "fwooog": self.fwooog_height_mm,
            "lilypad": self.lilypad_height_mm,
        }[kind]
        return 0.0 if value is None else value

    @property
    def frog_half_mm(self) -> float:
        """Half a frog's mean footprint size (mm): how far its outline reaches from its centre."""
        return sum(self.frog_mm) / 4

    @property
    def fwooog_lean_ratio(self) -> float:
        """How far a Long Fwooog's top leans against a frog's (their heights' ratio)."""
        return self.height_mm("fwooog") / max(self.height_mm("frog"), 1e-6)


#: Accepted heights (mm): a Pond frog or Long Fwooog is about a centimetre tall, a lilypad
#: a card's thickness; anything outside these is a typo (or centimetres).
HEIGHT_RANGES: dict[str, tuple[float, float]] = {
    "frog_height_mm": (2.0, 40.0),
    "fwooog_height_mm": (2.0, 40.0),
    "lilypad_height_mm": (0.0, 10.0),
}
#: Accepted ``top_ratio``: a piece's top from a third of its base to as big as its base.
TOP_RATIO = (0.3, 1.0)


def _rgb(value: Any, where: str) -> RGB:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not all(0 <= v <= 255 for v in value)
    ):
        raise BadFileError(
            f"{where}: expected [r, g, b], three whole numbers 0-255, got {_short(value)}"
        )
    return (value[0], value[1], value[2])


def _positive(value: Any, where: str, bounds: tuple[float, float] = FOOTPRINT_MM) -> float:
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadFileError(f"{where}: expected a number of millimetres, got {_short(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not lo <= number <= hi:  # NaN fails too
        raise BadFileError(f"{where}: expected {lo:g} to {hi:g} mm, got {_short(value)}")
    return number


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _footprint(value: Any, where: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise BadFileError(f"{where}: expected [length, width] in mm, got {_short(value)}")
    length = _positive(value[0], f"{where}[0]")
    width = _positive(value[1], f"{where}[1]")
    if width > length:
        raise BadFileError(f"{where}: length {length:g} is shorter than width {width:g}")
    return (length, width)


def load_pieces(data: Any, source: str = "<pieces>") -> Pieces:
    """Validate parsed JSON as a ``pond-pieces/1`` file; ``BadFileError`` names the field.

    Every one of the four factions must have a colour: a camera that does not
    know a faction's colour would count its pieces as nothing.
    """
    if not isinstance(data, dict):
        raise BadFileError(f"{source}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(f"{source}: format: expected {FORMAT!r}, got {data.get('format')!r}")
    known = {
        "format",
        "name",
        "factions",
        "lilypad",
        "frog_mm",
        "fwooog_mm",
        "top_ratio",
        *HEIGHT_RANGES,
    }
    extra = sorted(set(data) - known)
    if extra:
        raise BadFileError(f"{source}: unknown field {extra[0]!r}")
    factions_in = data.get("factions")
    if not isinstance(factions_in, dict):
        raise BadFileError(f'{source}: factions: expected an object {{FACTION: {{"rgb": ...}}}}')
    for name in factions_in:
        if name not in FACTIONS:
            raise BadFileError(
                f"{source}: factions.{name}: unknown faction (expected {', '.join(FACTIONS)})"
            )
    factions: dict[str, RGB] = {}
    for name in FACTIONS:
        entry = factions_in.get(name)
        if entry is None:
            raise BadFileError(f"{source}: factions.{name}: missing (every faction needs a colour)")
        if not isinstance(entry, dict) or "rgb" not in entry:
            raise BadFileError(f'{source}: factions.{name}: expected {{"rgb": [r, g, b]}}')
        factions[name] = _rgb(entry["rgb"], f"{source}: factions.{name}.rgb")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 500:
        raise BadFileError(f"{source}: name: expected text of at most 500 characters")
    lily = data.get("lilypad")
    if not isinstance(lily, dict):
        raise BadFileError(f'{source}: lilypad: expected {{"rgb": [r, g, b], "diameter_mm": D}}')
    if "rgb" not in lily:
        raise BadFileError(f"{source}: lilypad.rgb: missing")
    if "diameter_mm" not in lily:
        raise BadFileError(f"{source}: lilypad.diameter_mm: missing")
    if "frog_mm" not in data:
        raise BadFileError(f"{source}: frog_mm: missing")
    if "fwooog_mm" not in data:
        raise BadFileError(f"{source}: fwooog_mm: missing")
    frog = _footprint(data["frog_mm"], f"{source}: frog_mm")
    _positive(frog[0], f"{source}: frog_mm[0]", FROG_MM)
    fwooog = _footprint(data["fwooog_mm"], f"{source}: fwooog_mm")
    if fwooog[0] < 1.5 * frog[0]:
        # The camera tells a Long Fwooog by its length alone.
        raise BadFileError(
            f"{source}: fwooog_mm: a Long Fwooog ({fwooog[0]:g} mm) must be at least 1.5 times "
            f"as long as a frog ({frog[0]:g} mm)"
        )
    heights: dict[str, float] = {}
    for key, (lo, hi) in HEIGHT_RANGES.items():
        if key not in data:
            continue
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
            raise BadFileError(
                f"{source}: {key}: expected a height in millimetres from {lo:g} to {hi:g}, "
                f"got {value!r}"
            )
        heights[key] = float(value)
    top = data.get("top_ratio")
    if "top_ratio" in data and (
        isinstance(top, bool)
        or not isinstance(top, int | float)
        or not TOP_RATIO[0] <= top <= TOP_RATIO[1]
    ):
        raise BadFileError(
            f"{source}: top_ratio: expected the top's size against the base, "
            f"{TOP_RATIO[0]:g} to {TOP_RATIO[1]:g}, got {_short(top)}"
        )
    return Pieces(
        factions=factions,
        lilypad_rgb=_rgb(lily["rgb"], f"{source}: lilypad.rgb"),
        lilypad_diameter_mm=_positive(
            lily["diameter_mm"], f"{source}: lilypad.diameter_mm", LILYPAD_MM
        ),
        frog_mm=frog,
        fwooog_mm=fwooog,
        name=name,
        source=source,
        top_ratio=None if top is None else float(top),
        **heights,
    )


def read_pieces_file(path: str | Path | None = None) -> Pieces:
    """Read and validate a ``pond-pieces/1`` file (the shipped default when ``path`` is None)."""
    p = Path(path) if path is not None else DEFAULT_PIECES_PATH
    data = read_json_file(p, "the pieces file")
    return load_pieces(data, str(p))


def pieces_to_json(pieces: Pieces) -> dict[str, Any]:
    """The ``pond-pieces/1`` JSON object of ``pieces`` (``load_pieces`` reads it back)."""
    out: dict[str, Any] = {"format": FORMAT}
    if pieces.name:
        out["name"] = pieces.name
    return (
        out
        | {
            "factions": {name: {"rgb": list(rgb)} for name, rgb in pieces.factions.items()},
            "lilypad": {"rgb": list(pieces.lilypad_rgb), "diameter_mm": pieces.lilypad_diameter_mm},
            "frog_mm": list(pieces.frog_mm),
            "fwooog_mm": list(pieces.fwooog_mm),
        }
        | {key: getattr(pieces, key) for key in HEIGHT_RANGES if getattr(pieces, key) is not None}
        | ({} if pieces.top_ratio is None else {"top_ratio": pieces.top_ratio})
    )
